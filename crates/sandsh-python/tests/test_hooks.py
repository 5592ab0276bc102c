"""Shell(hooks=...): Python callables see every command before and after it runs, and every
network request after the allowlist."""

from __future__ import annotations

import http.server
import threading

import pytest

import sandsh


def test_before_command_sees_refuses_and_replaces():
    seen = []

    def before(call):
        seen.append((call["name"], call["args"], call["cwd"], call["risk"]))
        if call["name"] == "rm":
            return "rm: refused by the platform"
        if call["name"] == "curl":
            return ["echo", "no network here"]
        if call["name"] == "touch" and call["args"] == ["/tmp/locked"]:
            return {"deny": "touch: locked", "status": 3}
        return None

    sh = sandsh.Shell(hooks={"before_command": before})
    r = sh.run("cd /tmp; touch x; rm x; echo rm=$?; curl -s https://example.com/; touch /tmp/locked; echo $?")
    assert r.stdout == "rm=126\nno network here\n3\n"
    assert r.stderr == "rm: refused by the platform\ntouch: locked\n"
    assert seen[:2] == [("touch", ["x"], "/tmp", "low_risk"), ("rm", ["x"], "/tmp", "medium_risk")]
    # Reached through xargs: the same hook.
    assert sh.run("echo /tmp/x | xargs rm; echo $?").stdout == "126\n"


def test_after_command_hears_status_and_bytes():
    ended = []
    sh = sandsh.Shell(hooks={"after_command": ended.append})
    sh.run("printf 'a\\nb\\n' > /tmp/f; cat /tmp/f; ls /nope")
    assert [(e["name"], e["status"], e["stdout_bytes"]) for e in ended] == [("cat", 0, 4), ("ls", 2, 0)]
    assert ended[1]["stderr_bytes"] > 0 and ended[0]["duration"] >= 0


def test_a_hook_that_raises_fails_closed():
    def before(call):
        raise RuntimeError("boom")

    sh = sandsh.Shell(hooks={"before_command": before})
    r = sh.run("cat /etc/hostname; echo $?")
    assert r.stdout == "126\n"
    assert "the before_command hook raised" in r.stderr


def test_unknown_hooks_and_values_are_config_errors():
    with pytest.raises(sandsh.ConfigError, match="hooks.after: unknown hook"):
        sandsh.Shell(hooks={"after": print})
    with pytest.raises(sandsh.ConfigError, match="hooks.before_command: a callable"):
        sandsh.Shell(hooks={"before_command": 3})


def test_before_request_adds_a_header_the_script_never_sees_or_refuses():
    class Echo(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = f"{self.path} auth={self.headers.get('Authorization')}\n".encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Echo)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    try:
        def before_request(req):
            if req["url"].endswith("/private"):
                return False
            return req["headers"] + [("Authorization", "Bearer s3cret")]

        sh = sandsh.Shell(allow_net=[base + "/"], hooks={"before_request": before_request})
        r = sh.run(f"curl -s {base}/data; curl -sS {base}/private; echo $?; env | grep -c s3cret")
        assert r.stdout == "/data auth=Bearer s3cret\n7\n0\n"
        assert "/private refused by the before_request hook" in r.stderr
    finally:
        server.shutdown()


def test_trace_receives_an_event_per_command_and_per_run():
    events = []
    sh = sandsh.Shell(trace=events.append)
    sh.run("printf 'b\\na\\n' | sort; cat /nope")
    assert [(e["event"], e.get("name"), e["status"], e["run"]) for e in events] == [
        ("command", "sort", 0, 1),
        ("command", "cat", 1, 1),
        ("run", None, 1, 1),
    ]
    assert events[0]["stdout_bytes"] == 4 and events[0]["duration_ms"] >= 0
    with pytest.raises(sandsh.ConfigError, match="trace: a callable"):
        sandsh.Shell(trace=3)
