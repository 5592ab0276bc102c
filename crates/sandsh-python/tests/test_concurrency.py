"""Cancellation (from another thread, from asyncio, before a run starts), the GIL released while
a script runs, one shell shared by threads (calls take turns) and many shells in parallel.
Order comes from events set by the scripts' own output, never from sleeps; the timeouts are
hang guards."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

import sandsh

GUARD = 20  # seconds: a hang guard, never a measurement


def started_event(loop=None):
    """An event set when the script writes `started`, and the callback to pass as on_stdout."""
    ev = asyncio.Event() if loop else threading.Event()

    def on_stdout(chunk):
        if "started" in chunk:
            if loop:
                loop.call_soon_threadsafe(ev.set)
            else:
                ev.set()

    return ev, on_stdout


def test_cancel_from_another_thread(sh):
    ev, on_stdout = started_event()
    threading.Thread(target=lambda: ev.wait(GUARD) and sh.cancel(), daemon=True).start()
    t0 = time.monotonic()
    r = sh.run("echo started; sleep 60; echo never", on_stdout=on_stdout)
    assert (r.exit_code, r.error) == (130, "cancelled")
    assert "never" not in r.stdout
    assert time.monotonic() - t0 < GUARD
    assert sh.run("echo usable").stdout == "usable\n"


def test_cancel_stops_a_busy_loop_and_a_pipeline(sh):
    ev, on_stdout = started_event()
    threading.Thread(target=lambda: ev.wait(GUARD) and sh.cancel(), daemon=True).start()
    r = sh.run("echo started; yes | while read l; do :; done", on_stdout=on_stdout)
    assert r.exit_code == 130


def test_cancel_with_nothing_running_is_harmless(sh):
    sh.cancel()
    assert sh.run("echo ok").stdout == "ok\n"


def test_the_gil_is_released_while_a_script_runs(sh):
    ev, on_stdout = started_event()
    release = threading.Event()
    sh.command("hold", lambda p: "released\n" if release.wait(GUARD) else "guard\n")
    out = {}
    worker = threading.Thread(
        target=lambda: out.update(r=sh.run("echo started; hold", on_stdout=on_stdout))
    )
    worker.start()
    assert ev.wait(GUARD)
    # This thread runs Python code while the script is still running on the worker.
    assert worker.is_alive() and "r" not in out
    release.set()
    worker.join(GUARD)
    assert out["r"].stdout == "started\nreleased\n"


def test_arun_returns_the_result(sh):
    async def main():
        a, b = await asyncio.gather(sh.arun("echo one"), sandsh.Shell().arun("echo two"))
        return a.stdout, b.stdout

    assert asyncio.run(main()) == ("one\n", "two\n")


def test_asyncio_cancellation_cancels_the_run(sh):
    async def main():
        loop = asyncio.get_running_loop()
        ev, on_stdout = started_event(loop)
        task = asyncio.create_task(sh.arun("echo started; sleep 60; touch /tmp/finished", on_stdout=on_stdout))
        await asyncio.wait_for(ev.wait(), GUARD)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await asyncio.wait_for(task, GUARD)

    t0 = time.monotonic()
    asyncio.run(main())
    assert time.monotonic() - t0 < GUARD
    r = sh.run("test -e /tmp/finished; echo $?")
    assert r.stdout == "1\n"


def test_asyncio_cancellation_of_a_queued_run_means_it_never_runs(sh):
    """A run cancelled while it waits for the session (another call holds it) never starts."""
    release = threading.Event()
    sh.command("hold", lambda p: "" if release.wait(GUARD) else "guard")

    async def main():
        loop = asyncio.get_running_loop()
        ev, on_stdout = started_event(loop)
        first = asyncio.create_task(sh.arun("echo started; hold", on_stdout=on_stdout))
        await asyncio.wait_for(ev.wait(), GUARD)
        queued = asyncio.create_task(sh.arun("touch /tmp/queued-ran"))
        await asyncio.sleep(0)  # let it reach the executor
        queued.cancel()
        # Let the loop deliver the cancellation to the task (event-loop turns, not time):
        # only then has the run been told, and only then is the session released.
        for _ in range(5):
            await asyncio.sleep(0)
        release.set()
        with pytest.raises(asyncio.CancelledError):
            await asyncio.wait_for(queued, GUARD)
        return await asyncio.wait_for(first, GUARD)

    assert asyncio.run(main()).exit_code == 0
    assert sh.run("test -e /tmp/queued-ran; echo $?").stdout == "1\n"


def test_one_shell_from_many_threads_takes_turns(sh):
    sh.run("echo 0 > /tmp/counter")
    step = "n=$(cat /tmp/counter); echo $((n + 1)) > /tmp/counter"
    errors = []

    def worker():
        for _ in range(25):
            r = sh.run(step)
            if r.exit_code != 0:
                errors.append(r.stderr)

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(GUARD * 3)
    assert not errors
    assert sh.run("cat /tmp/counter").stdout == "200\n"  # no update lost: calls took turns


def test_many_shells_in_parallel_are_isolated():
    results = {}

    def worker(i):
        s = sandsh.Shell(env={"ID": str(i)})
        s.command("ident", lambda p: f"py{i}\n")
        for _ in range(10):
            s.run('echo "$ID" >> /tmp/mine')
        r = s.run("sort -u /tmp/mine; wc -l < /tmp/mine; ident | cat")
        results[i] = r.stdout

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(GUARD * 3)
    assert results == {i: f"{i}\n10\npy{i}\n" for i in range(8)}


def test_python_commands_in_parallel_pipeline_stages(sh):
    sh.command("double", lambda p, stdin: "".join(f"{int(x) * 2}\n" for x in (stdin or "").split()))
    r = sh.run("seq 1 200 | double | double | double | paste -sd+ | bc")
    assert r.stdout == f"{8 * sum(range(1, 201))}\n"
