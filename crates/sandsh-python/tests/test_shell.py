"""Shell: state across calls, bytes, statuses and errors, stdin/env/cwd, streaming, files,
snapshots, jobs, limits, timeouts, mounts, policy and configuration errors."""

from __future__ import annotations

import datetime
import os

import pytest

import sandsh
from conftest import bash


def test_state_persists_across_calls(sh):
    sh.run("x=41; f() { echo \"f:$1\"; }; cd /tmp; echo data > notes.txt; alias ll='ls -l'")
    r = sh.run("echo $((x + 1)); f arg; pwd; cat notes.txt")
    assert (r.stdout, r.exit_code, r.error) == ("42\nf:arg\n/tmp\ndata\n", 0, None)
    assert sh.cwd == "/tmp"


def test_results_match_bash_for_a_script(sh):
    script = 'for i in 3 1 2; do echo "n=$i"; done | sort -r; printf "%05.1f|%s\\n" 3.14159 x; exit 7'
    ours, theirs = sh.run(script), bash(script)
    assert ours.stdout_bytes == theirs.stdout
    assert ours.exit_code == theirs.returncode == 7


def test_bytes_are_kept_and_text_is_decoded_with_replacement(sh):
    script = r"printf 'a\xff\xfeb\n'; printf '\x00z' >&2"
    r, b = sh.run(script), bash(script)
    assert r.stdout_bytes == b.stdout == b"a\xff\xfeb\n"
    assert r.stderr_bytes == b.stderr == b"\x00z"
    assert r.stdout == "a\ufffd\ufffdb\n"
    assert isinstance(r.stdout, str) and isinstance(r.stdout_bytes, bytes)


def test_exit_statuses_and_errors(sh):
    r = sh.run("exit 42")
    assert (r.exit_code, r.error, r.ok) == (42, None, False)
    r = sh.run("no_such_command_xyz")
    assert r.exit_code == 127 and "no_such_command_xyz: command not found" in r.stderr
    r = sh.run("if then fi")
    assert (r.exit_code, r.error) == (2, "parse_error")
    assert sh.run("true").ok
    d = sh.run("echo hi").to_dict()
    assert d["stdout"] == "hi\n" and d["exit_code"] == 0 and d["error"] is None
    assert "exit_code=0" in repr(sh.run("true"))


def test_stdin_env_and_cwd_apply_to_one_call(sh):
    assert sh.run("cat; cat", stdin="abc\n").stdout == "abc\n"
    assert sh.run("od -An -tx1", stdin=b"\x00\xff").stdout.split() == ["00", "ff"]
    r = sh.run("echo $MODE; pwd", env={"MODE": "test"}, cwd="/tmp")
    assert r.stdout == "test\n/tmp\n"
    assert sh.run("echo ${MODE-unset}; pwd").stdout == "unset\n/home/user\n"
    r = sh.run("true", cwd="/no/such/dir")
    assert r.error == "invalid_request" and r.exit_code != 0


def test_streaming_callbacks_receive_the_output_as_text(sh):
    out, err = [], []
    r = sh.run(
        r"for i in 1 2 3; do echo line$i; echo e$i >&2; done; printf '\xc3'; printf '\xa9\n'",
        on_stdout=out.append,
        on_stderr=err.append,
    )
    assert "".join(out) == r.stdout == "line1\nline2\nline3\n\u00e9\n"
    assert "".join(err) == r.stderr == "e1\ne2\ne3\n"
    assert all(isinstance(c, str) for c in out + err)


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_a_failing_callback_does_not_break_the_run(sh):
    def boom(chunk):
        raise RuntimeError("callback failed")

    r = sh.run("echo fine", on_stdout=boom)
    assert (r.stdout, r.exit_code) == ("fine\n", 0)


def test_configuration_keywords():
    sh = sandsh.Shell(
        username="agent",
        hostname="box",
        env={"API_URL": "http://x", "N": 3},
        cwd="/srv",
        files={"/srv/a.txt": "hello\n", "/srv/bin.dat": b"\x00\x01\xff"},
    )
    r = sh.run("whoami; hostname; echo $HOME $API_URL $N; pwd; cat a.txt; od -An -tx1 bin.dat")
    assert r.stdout.split("\n")[:5] == ["agent", "box", "/home/agent http://x 3", "/srv", "hello"]
    assert r.stdout.split("\n")[5].split() == ["00", "01", "ff"]


def test_vfs_helpers(sh):
    sh.write_file("/work/sub/a.txt", "text\n")
    sh.write_file("/work/b.bin", b"\xff\x00")
    assert sh.run("cat /work/sub/a.txt").stdout == "text\n"
    assert sh.read_file("/work/b.bin", binary=True) == b"\xff\x00"
    assert sh.read_file("/work/sub/a.txt") == "text\n"
    assert sh.listdir("/work") == ["b.bin", "sub"]
    sh.run("cd /work")
    assert sh.read_file("sub/a.txt") == "text\n"  # relative to the session's cwd
    assert sh.listdir() == ["b.bin", "sub"]
    with pytest.raises(FileNotFoundError):
        sh.read_file("/nope")
    with pytest.raises(IsADirectoryError):
        sh.read_file("/work")
    with pytest.raises(NotADirectoryError):
        sh.listdir("/work/b.bin")
    with pytest.raises(TypeError):
        sh.write_file("/x", 3)


def test_snapshot_and_restore(sh):
    sh.run("declare -a arr=(a b); v=7; g() { echo g$v; }; mkdir -p /p; echo s > /p/f; cd /p")
    snap = sh.snapshot()
    assert isinstance(snap, bytes)
    other = sandsh.Shell()
    other.restore(snap)
    assert other.run('echo "${arr[1]} $v"; g; cat f; pwd').stdout == "b 7\ng7\ns\n/p\n"
    sh.run("v=8; rm /p/f")
    sh.restore(snap)
    assert sh.run("echo $v; cat /p/f").stdout == "7\ns\n"
    with pytest.raises(sandsh.SnapshotError):
        sh.restore(b"not a snapshot")
    with pytest.raises(sandsh.SnapshotError):
        sh.restore(snap[: len(snap) // 2])
    assert sh.run("echo $v").stdout == "7\n"  # a failed restore changes nothing
    assert issubclass(sandsh.SnapshotError, sandsh.SandshError)


def test_background_jobs_persist_and_can_be_cancelled(sh):
    r = sh.run("(sleep 0.1; echo built; exit 3) & echo started")
    assert r.stdout == "started\n"
    jobs = sh.jobs()
    assert len(jobs) == 1 and jobs[0]["id"] == 1 and jobs[0]["state"] == "running"
    assert sh.run('wait %1; echo "status $?"').stdout == "built\nstatus 3\n"
    sh.run("sleep 60 &")
    assert [j["state"] for j in sh.jobs()] == ["running"]
    sh.cancel_jobs()
    r = sh.run('wait %1; echo "status $?"')
    assert r.stdout == "status 130\n"


def test_python3_is_in_the_package(sh):
    """python3 (CPython on WASI, feature `python`) comes with the package: it reads what the
    shell wrote, the shell reads what it wrote, and a run's timeout stops it."""
    sh.run("printf 'a,b\\n1,2\\n' > /tmp/t.csv")
    script = (
        "python3 -c 'import csv; row = next(csv.DictReader(open(\"/tmp/t.csv\")));"
        " open(\"/tmp/b\", \"w\").write(row[\"b\"])'; cat /tmp/b"
    )
    r = sh.run(script)
    assert (r.stdout, r.exit_code) == ("2", 0)
    r = sh.run("python3 -c 'while True: pass'", timeout="300ms")
    assert (r.exit_code, r.error) == (124, "timeout")
    assert "python3" in sh.run("help python3").stdout


def test_node_is_in_the_package(sh):
    """node (QuickJS with Node's API, feature `js`) comes with the package: it reads what the
    shell wrote, the shell reads what it wrote, and a run's timeout stops it."""
    sh.run("echo '{\"version\": \"1.2.3\"}' > /tmp/package.json")
    script = (
        "node -e 'const fs = require(\"fs\"); const p = JSON.parse(fs.readFileSync(\"/tmp/package.json\"));"
        " fs.writeFileSync(\"/tmp/v\", p.version)'; cat /tmp/v"
    )
    r = sh.run(script)
    assert (r.stdout, r.exit_code) == ("1.2.3", 0)
    r = sh.run("node -e 'while (true) {}'", timeout="300ms")
    assert (r.exit_code, r.error) == (124, "timeout")
    assert "QuickJS" in sh.run("help node").stdout


def test_timeouts(sh):
    r = sandsh.Shell(timeout=0.2).run("sleep 10")
    assert (r.exit_code, r.error) == (124, "timeout")
    assert "timed out after 200ms" in r.stderr
    r = sh.run("while :; do :; done", timeout="150ms")
    assert (r.exit_code, r.error) == (124, "timeout")
    r = sh.run("sleep 10", timeout=datetime.timedelta(milliseconds=100))
    assert r.exit_code == 124
    assert sh.run("echo still usable").stdout == "still usable\n"
    with pytest.raises(sandsh.ConfigError):
        sh.run("true", timeout="soon")


def test_limits_profile_and_dict():
    r = sandsh.Shell(limits="strict").run("i=0; while :; do ((i++)); done")
    assert (r.exit_code, r.error) == (125, "limit_exceeded")
    assert "loop iterations (10000)" in r.stderr and "--max-loop-iterations" in r.stderr
    sh = sandsh.Shell(limits={"profile": "standard", "max_loop_iterations": 5})
    assert sh.run("for i in 1 2 3 4 5; do :; done; echo ok").stdout == "ok\n"
    assert sh.run("for i in 1 2 3 4 5 6; do :; done").exit_code == 125
    sh = sandsh.Shell(limits={"max-output-bytes": "1k"})
    r = sh.run("yes | head -c 5000")
    # Past the limit the head and the tail are kept, and the last line says where the rest is.
    assert r.stdout_truncated and r.stdout_cut["total"] == 5000
    assert r.stdout_cut["head"] + r.stdout_cut["tail"] <= 1024
    assert "over --max-output-bytes (1024)" in r.stdout.splitlines()[-1]
    sh = sandsh.Shell(limits={"max_function_depth": 10})
    r = sh.run("f() { f; }; f")
    assert r.error == "limit_exceeded"


@pytest.mark.parametrize(
    "kwargs",
    [
        {"limits": "lenient"},
        {"limits": {"max_widgets": 3}},
        {"limits": {"max_commands": "lots"}},
        {"limits": 3},
        {"mounts": [("/definitely/not/here", "/data", "ro")]},
        {"mounts": [("/tmp", "/data", "rwx")]},
        {"mounts": ["/tmp"]},
        {"policy": {"deny": ["echo"]}},
        {"policy": {"confirm_at": "spicy"}},
        {"policy": {"frobnicate": True}},
        {"timeout": -1},
    ],
)
def test_configuration_errors_are_raised(kwargs):
    with pytest.raises(sandsh.ConfigError):
        sandsh.Shell(**kwargs)


def test_mount_modes(tmp_path):
    (tmp_path / "in.txt").write_text("from host\n")
    sh = sandsh.Shell(
        mounts=[(str(tmp_path), "/ro"), (tmp_path, "/ov", "overlay"), (str(tmp_path), "/rw", "rw")]
    )
    (tmp_path / "escape").symlink_to("/etc/hostname")
    assert sh.run("cat /ro/in.txt").stdout == "from host\n"
    r = sh.run("echo x > /ro/new.txt")
    assert r.exit_code != 0 and "Read-only file system" in r.stderr
    assert sh.run("echo changed > /ov/in.txt; cat /ov/in.txt").stdout == "changed\n"
    assert (tmp_path / "in.txt").read_text() == "from host\n"  # the overlay kept it in memory
    assert sh.run("echo written > /rw/out.txt").exit_code == 0
    assert (tmp_path / "out.txt").read_text() == "written\n"
    r = sh.run("cat /ro/escape")  # a symlink out of the mount does not reach the host
    assert r.exit_code == 1 and "Permission denied" in r.stderr


def test_network_is_off_by_default(sh):
    r = sh.run("curl -s https://example.com/")
    assert r.exit_code == 7


def test_policy_deny_allow_only_and_confirm():
    r = sandsh.Shell(policy={"deny": ["curl"]}).run("echo http://x/ | xargs curl")
    assert r.exit_code == 126 and "denied by policy" in r.stderr
    r = sandsh.Shell(policy={"allow_only": ["cat"]}).run("echo hi | tr a-z A-Z")
    assert r.exit_code == 126
    questions = []

    def confirm(question):
        questions.append(question)
        return "keep" not in question

    sh = sandsh.Shell(policy={"confirm_at": "high", "confirm": confirm})
    sh.run("mkdir -p /d/keep /d/drop")
    assert sh.run("rm -r /d/drop").exit_code == 0
    r = sh.run("rm -r /d/keep")
    assert r.exit_code == 126 and "not confirmed" in r.stderr
    assert len(questions) == 2 and "rm" in questions[0]
    assert sh.run("ls /d").stdout == "keep\n"


def test_one_shell_reads_nothing_of_the_host(sh):
    os.environ["SANDSH_TEST_SECRET"] = "s3cret"
    try:
        assert "s3cret" not in sh.run("env; cat /etc/passwd 2>&1; ls / 2>&1").stdout
    finally:
        del os.environ["SANDSH_TEST_SECRET"]


def test_output_past_the_limit_keeps_head_and_tail_and_names_the_saved_file():
    sh = sandsh.Shell(limits={"max_output_bytes": 1000}, output={"head": 0.2, "save_quota": "1M"})
    r = sh.run("seq 1 10000")
    cut = r.stdout_cut
    assert cut["total"] == 48894 and cut["saved"] == 48894
    assert cut["file"] == "/tmp/sandsh-output/1.stdout"
    assert r.stdout.startswith("1\n2\n")
    assert r.stdout.endswith("10000\n[sandsh: stdout was 48894 bytes, over --max-output-bytes (1000): "
                             f"shown are its first {cut['head']} and last {cut['tail']} bytes; "
                             "the whole stdout is in /tmp/sandsh-output/1.stdout]\n")
    assert r.to_dict()["stdout_cut"] == cut and r.stderr_cut is None
    assert sh.run("tail -n 1 /tmp/sandsh-output/1.stdout").stdout == "10000\n"
    with pytest.raises(sandsh.ConfigError, match="output.head"):
        sandsh.Shell(output={"head": 3})
