#!/usr/bin/env python3
"""Drive `sandsh --mcp` / `sandsh --mcp-http` with the official MCP Python SDK.

Usage: client.py SCENARIO SANDSH_BINARY
Each scenario prints `ok: <check>` lines and exits 0, or fails with a traceback / message and
a non-zero status. tests/it/mcp.rs runs every scenario under a watchdog.
"""

import asyncio
import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

try:
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client
    from mcp.client.streamable_http import streamable_http_client
except ImportError:
    print("the MCP Python SDK is missing: install it with `python3 -m pip install mcp`",
          file=sys.stderr)
    sys.exit(3)

try:
    from mcp.shared.exceptions import MCPError
except ImportError:  # older SDKs
    from mcp.shared.exceptions import McpError as MCPError

BIN = None


def ok(what):
    print(f"ok: {what}", flush=True)


def check(cond, what):
    if not cond:
        raise AssertionError(what)
    ok(what)


def text_of(result):
    return "".join(getattr(c, "text", "") for c in result.content)


def structured(result):
    return getattr(result, "structured_content", None) or getattr(result, "structuredContent", None)


async def bash(s, commands, **kw):
    args = {"commands": commands}
    if "timeout_ms" in kw:
        args["timeout_ms"] = kw.pop("timeout_ms")
    return await s.call_tool("bash", args, **kw)


# ---------------------------------------------------------------------------------------------
# Checks shared by both transports


async def check_listing(s, init):
    instructions = init.instructions or ""
    check("Bash Tool" in instructions and "commands" in instructions,
          "initialize carries the system prompt as instructions")
    tools = (await s.list_tools()).tools
    names = [t.name for t in tools]
    check(names[:2] == ["bash", "filesystem"] and "str_replace_based_edit_tool" in names
          and names[-1] == "analyze",
          f"tools/list names {names}")
    b = next(t for t in tools if t.name == "bash")
    schema = b.input_schema if hasattr(b, "input_schema") else b.inputSchema
    check(schema["type"] == "object" and schema["required"] == ["commands"]
          and "timeout_ms" in schema["properties"], "bash inputSchema")
    out = b.output_schema if hasattr(b, "output_schema") else b.outputSchema
    check(out and set(out["required"]) == {"stdout", "stderr", "exit_code"}, "bash outputSchema")
    a = b.annotations
    ro = a.read_only_hint if hasattr(a, "read_only_hint") else a.readOnlyHint
    de = a.destructive_hint if hasattr(a, "destructive_hint") else a.destructiveHint
    ow = a.open_world_hint if hasattr(a, "open_world_hint") else a.openWorldHint
    check(ro is False and de is True and ow is False, "bash annotations follow its risk level")
    fs = next(t for t in tools if t.name == "filesystem")
    fro = fs.annotations.read_only_hint if hasattr(fs.annotations, "read_only_hint") \
        else fs.annotations.readOnlyHint
    check(fro is True, "filesystem is read-only")
    check("web_search" not in names, "no web_search without --allow-net")


async def check_calls(s):
    r = await bash(s, "echo hi")
    check(text_of(r).startswith("hi\n") and not r.is_error if hasattr(r, "is_error")
          else not r.isError, "tools/call echo hi")
    check(structured(r) == {"stdout": "hi\n", "stderr": "", "exit_code": 0},
          "structuredContent of echo hi")

    await bash(s, "mkdir -p /tmp/d && echo persisted > /tmp/d/f; X=42; f() { echo fn$1; }")
    r = await bash(s, "cat /tmp/d/f; echo $X; f 7")
    check(structured(r)["stdout"] == "persisted\n42\nfn7\n", "state persists across calls")
    r = await s.call_tool("filesystem", {"operation": "read", "path": "/tmp/d/f"})
    check("persisted" in text_of(r), "filesystem tool sees the shell's files")
    r = await s.call_tool("str_replace_based_edit_tool",
                          {"command": "create", "path": "/tmp/d/e.txt", "file_text": "edited\n"})
    r = await bash(s, "cat /tmp/d/e.txt")
    check(structured(r)["stdout"] == "edited\n", "the shell sees the text editor's files")

    r = await bash(s, "echo oops >&2; exit 3")
    err = r.is_error if hasattr(r, "is_error") else r.isError
    st = structured(r)
    check(not err and st["exit_code"] == 3 and st["stderr"] == "oops\n",
          "a failing command is a normal result with its exit code")

    t0 = time.monotonic()
    r = await bash(s, "echo before; sleep 10", timeout_ms=300)
    err = r.is_error if hasattr(r, "is_error") else r.isError
    check(err is True and "timeout" in text_of(r) and structured(r)["exit_code"] == 124
          and structured(r)["error"] == "timeout" and time.monotonic() - t0 < 5,
          "a timeout is isError with the reason")

    for bad in [{"command": "echo hi"}, {"commands": 5}, {"commands": "x", "timeout_ms": "soon"}]:
        try:
            await s.call_tool("bash", bad)
        except MCPError as e:
            check(e.error.code == -32602, f"invalid arguments {bad} -> protocol error {e.error.code}")
        else:
            raise AssertionError(f"invalid arguments {bad} were accepted")
    try:
        await s.call_tool("no_such_tool", {})
    except MCPError as e:
        check(e.error.code == -32602, "unknown tool -> protocol error")
    else:
        raise AssertionError("unknown tool accepted")
    r = await bash(s, "echo still alive")
    check(text_of(r).startswith("still alive"), "the server survives bad requests")

    # Progress: chunks arrive while the command runs, before the result.
    seen = []
    start = time.monotonic()

    async def on_progress(progress, total, message):
        seen.append((time.monotonic() - start, message))

    r = await bash(s, "for i in 1 2 3; do echo line$i; sleep 0.4; done",
                   progress_callback=on_progress)
    done = time.monotonic() - start
    msgs = "".join(m or "" for _, m in seen)
    check(msgs == "line1\nline2\nline3\n", f"progress chunks carry the output ({msgs!r})")
    check(seen and seen[0][0] < done - 0.5,
          f"the first chunk arrived {seen[0][0]:.2f}s in, before the end at {done:.2f}s")

    # Cancellation: abandoning the call sends notifications/cancelled; the kernel stops.
    task = asyncio.create_task(bash(s, "sleep 30; echo never"))
    await asyncio.sleep(0.7)
    t0 = time.monotonic()
    task.cancel()
    try:
        await task
    except asyncio.CancelledError:
        pass
    r = await bash(s, "echo after-cancel")
    took = time.monotonic() - t0
    check(text_of(r).startswith("after-cancel") and took < 1.0,
          f"sleep 30 cancelled; the session answered again {took:.2f}s later")


# ---------------------------------------------------------------------------------------------
# Server processes


def free_port():
    with socket.socket() as so:
        so.bind(("127.0.0.1", 0))
        return so.getsockname()[1]


class HttpServer:
    def __init__(self, *args, port=0):
        self.proc = subprocess.Popen(
            [BIN, "--mcp-http", f"127.0.0.1:{port}", *args],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        line = self.proc.stderr.readline()
        m = re.search(r"listening on (http://\S+)", line)
        if not m:
            self.proc.kill()
            raise AssertionError(f"server did not start: {line!r}")
        self.url = m.group(1)
        self.port = int(re.search(r":(\d+)/", self.url).group(1))

    def stop(self, sig=signal.SIGTERM):
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                raise AssertionError("server did not stop on SIGTERM")
        return self.proc.returncode


def stdio_params(*args):
    return StdioServerParameters(command=BIN, args=["--mcp", *args])


# ---------------------------------------------------------------------------------------------
# Scenarios


async def scenario_stdio():
    async with stdio_client(stdio_params("--timeout", "20")) as (r, w):
        async with ClientSession(r, w) as s:
            init = await s.initialize()
            await check_listing(s, init)
            await check_calls(s)


async def scenario_stdio_snapshot():
    d = tempfile.mkdtemp()
    try:
        snap = os.path.join(d, "s.snap")
        for i in range(2):
            async with stdio_client(stdio_params("--snapshot", snap)) as (r, w):
                async with ClientSession(r, w) as s:
                    await s.initialize()
                    if i == 0:
                        await bash(s, "echo kept > /tmp/k")
                    else:
                        res = await bash(s, "cat /tmp/k")
                        check(text_of(res).startswith("kept"), "--snapshot keeps files across runs")
    finally:
        shutil.rmtree(d)


async def scenario_http():
    srv = HttpServer("--timeout", "20")
    try:
        async with streamable_http_client(srv.url) as (r, w):
            async with ClientSession(r, w) as s:
                init = await s.initialize()
                await check_listing(s, init)
                await check_calls(s)
        check(srv.proc.poll() is None, "server still running")
    finally:
        check(srv.stop() == 0, "server exits 0 on SIGTERM")


@contextlib.asynccontextmanager
async def two_sessions(url):
    """Two initialised client sessions on one server."""
    async with streamable_http_client(url) as (r1, w1), \
            streamable_http_client(url) as (r2, w2):
        async with ClientSession(r1, w1) as a, ClientSession(r2, w2) as b:
            await a.initialize()
            await b.initialize()
            yield a, b


async def scenario_http_isolation():
    srv = HttpServer()
    try:
        async with two_sessions(srv.url) as (a, b):
            await bash(a, "echo mine > /tmp/secret; cd /tmp; V=a")
            res = await bash(b, "cat /tmp/secret; echo \"[$V]\"; pwd")
            st = structured(res)
            check("No such file" in st["stderr"]
                  and "[]" in st["stdout"] and "/tmp" not in st["stdout"],
                  "a second session cannot see the first's files, variables or cwd")
            res = await bash(a, "cat secret; echo \"[$V]\"")
            check(structured(res)["stdout"] == "mine\n[a]\n", "the first session still has them")
            # Both sessions run commands at the same time.
            t0 = time.monotonic()
            await asyncio.gather(bash(a, "sleep 1"), bash(b, "sleep 1"))
            check(time.monotonic() - t0 < 1.9, "two sessions run in parallel")
    finally:
        srv.stop()


# The runaway scripts of issue 27's table: each must end in its own session with the timeout
# (124) or the memory limit (125), never taking the server or another session down.
RUNAWAYS = [
    "jq -n 'def f(x): f(x+1); f(0)'",
    "awk 'BEGIN { s = \"x\"; while (1) s = s s }'",
    "echo x | sed ':a; s/x*/&&/; ba'",
    "s='echo'; while :; do s=\"$s $s\"; eval \": ${s:0:10}\"; done",
    "head -c 400000000 /dev/zero | gzip -1 > b.gz; zcat b.gz | sort | wc -c",
    "x=$(printf 'ß%.0s' {1..100000}); for i in {1..30}; do x=\"${x^^}${x,,}\"; done",
    "jq -n '[range(1e9)] | length'",
]
RUNAWAY_TIMEOUT = 4


def peak_rss_mb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) // 1024
    return 0


async def scenario_http_runaway():
    budget_mb, stack_mb = 64, 32
    srv = HttpServer("--timeout", f"{RUNAWAY_TIMEOUT}s", "--max-memory", f"{budget_mb}M",
                     "--max-stack-bytes", f"{stack_mb}M")
    try:
        async with two_sessions(srv.url) as (a, b):
            done = asyncio.Event()
            b_calls = []

            async def steady():
                while not done.is_set():
                    t0 = time.monotonic()
                    res = await bash(b, "sleep 2; echo b-ok")
                    b_calls.append((time.monotonic() - t0, structured(res)))

            async def runaway():
                try:
                    for script in RUNAWAYS:
                        t0 = time.monotonic()
                        res = await bash(a, script)
                        took = time.monotonic() - t0
                        st = structured(res)
                        check(st["exit_code"] in (124, 125)
                              and took < RUNAWAY_TIMEOUT + 2,
                              f"session A: {script!r} stopped with {st['exit_code']} "
                              f"after {took:.1f}s")
                finally:
                    done.set()

            await asyncio.gather(steady(), runaway())
            for took, st in b_calls:
                check(st == {"stdout": "b-ok\n", "stderr": "", "exit_code": 0}
                      and took < 2 + 2,
                      f"session B meanwhile: right answer in {took:.1f}s")
            res = await bash(a, "echo a-alive")
            check(structured(res)["stdout"] == "a-alive\n", "session A is usable again")
            peak = peak_rss_mb(srv.proc.pid)
            # Two sessions, each within its budget (the heap) and its stack (a recursion's
            # pages, which the budget does not count), plus the server's own memory.
            bound = 2 * (budget_mb + stack_mb) + 64
            check(peak <= bound, f"server peak RSS {peak} MB within {bound} MB")
        check(srv.proc.poll() is None, "the server is still running")
    finally:
        srv.stop()


async def scenario_http_expiry_and_cap():
    srv = HttpServer("--session-idle", "1s", "--max-sessions", "2")
    try:
        async with streamable_http_client(srv.url) as (r1, w1), \
                streamable_http_client(srv.url) as (r2, w2):
            async with ClientSession(r1, w1) as a, ClientSession(r2, w2) as b:
                await a.initialize()
                await b.initialize()
                await bash(a, "echo x")
                # A third session is over the cap.
                try:
                    async with streamable_http_client(srv.url) as (r3, w3):
                        async with ClientSession(r3, w3, read_timeout_seconds=5) as c:
                            await c.initialize()
                except BaseException as e:  # the SDK wraps transport errors in groups
                    check("too many sessions" in repr(e) or "503" in repr(e) or
                          "Service Unavailable" in repr(e),
                          f"a client over --max-sessions gets a clear error")
                else:
                    raise AssertionError("a third session was accepted over --max-sessions 2")
                # Idle sessions expire.
                await asyncio.sleep(2.5)
                try:
                    await asyncio.wait_for(bash(a, "echo y"), 5)
                except BaseException as e:
                    ok(f"an idle session expired ({type(e).__name__})")
                else:
                    raise AssertionError("the idle session did not expire")
        # Expired sessions free their slots.
        async with streamable_http_client(srv.url) as (r, w):
            async with ClientSession(r, w) as c:
                await c.initialize()
                res = await bash(c, "echo fresh")
                check(text_of(res).startswith("fresh"), "a new session starts after the expiry")
    finally:
        srv.stop()


async def scenario_http_restart():
    d = tempfile.mkdtemp()
    port = free_port()
    srv = HttpServer("--state-dir", d, port=port)
    try:
        async with streamable_http_client(srv.url, terminate_on_close=False) as (r, w):
            async with ClientSession(r, w) as s:
                await s.initialize()
                await bash(s, "mkdir -p /tmp/w && echo survived > /tmp/w/f; cd /tmp/w")
                snaps = [f for f in os.listdir(d) if os.path.exists(os.path.join(d, f, "manifest"))]
                check(len(snaps) == 1, f"the session's state is saved in --state-dir ({snaps})")
                check(srv.stop() == 0, "server stops on SIGTERM")
                srv = HttpServer("--state-dir", d, port=port)
                res = await bash(s, "cat f; pwd")
                check(structured(res)["stdout"] == "survived\n/tmp/w\n",
                      "after a restart the session comes back with its files and cwd")
    finally:
        srv.stop()
        shutil.rmtree(d)


SCENARIOS = {
    "stdio": scenario_stdio,
    "stdio_snapshot": scenario_stdio_snapshot,
    "http": scenario_http,
    "http_isolation": scenario_http_isolation,
    "http_runaway": scenario_http_runaway,
    "http_expiry_and_cap": scenario_http_expiry_and_cap,
    "http_restart": scenario_http_restart,
}


def main():
    global BIN
    name, BIN = sys.argv[1], sys.argv[2]
    asyncio.run(SCENARIOS[name]())
    print(f"PASS {name}", flush=True)


if __name__ == "__main__":
    main()
