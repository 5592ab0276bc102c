"""Shell(secrets=[...]): credentials the network layer puts on the wire for their URL prefix;
the script sees a placeholder at most, and an echo of the value comes back redacted."""

from __future__ import annotations

import http.server
import threading

import pytest

import sandsh

VALUE = "tok-Py7731secret"


@pytest.fixture()
def server():
    seen = []

    class Echo(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            seen.append((self.path, self.headers.get("Authorization")))
            body = f"{self.path} auth={self.headers.get('Authorization')}\n".encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    srv = http.server.HTTPServer(("127.0.0.1", 0), Echo)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{srv.server_port}", seen
    finally:
        srv.shutdown()


def test_the_value_goes_on_the_wire_and_nowhere_else(server):
    base, seen = server
    sh = sandsh.Shell(
        allow_net=[base + "/"],
        secrets=[{"name": "API_TOKEN", "url": base + "/api/", "inject": "bearer", "value": VALUE}],
    )
    r = sh.run(f'echo "$API_TOKEN"; curl -s {base}/api/x; curl -s -H "Authorization: Bearer $API_TOKEN" {base}/else; env > /tmp/env')
    assert r.stdout == (
        "sandsh-secret-API_TOKEN\n"
        "/api/x auth=Bearer sandsh-secret-API_TOKEN\n"
        "/else auth=Bearer sandsh-secret-API_TOKEN\n"
    )
    assert seen == [("/api/x", f"Bearer {VALUE}"), ("/else", "Bearer sandsh-secret-API_TOKEN")]
    assert VALUE not in sh.read_file("/tmp/env")
    assert VALUE.encode() not in sh.snapshot()
    assert VALUE not in str(sh.config)


def test_bad_credentials_are_config_errors():
    with pytest.raises(sandsh.ConfigError, match=r"secrets\[0\]"):
        sandsh.Shell(secrets=[{"url": "https://a.test/", "value": "abcdef"}])
    with pytest.raises(sandsh.ConfigError, match=r"secrets\[0\]\.colour"):
        sandsh.Shell(secrets=[{"url": "https://a.test/", "value": "abcdef", "colour": "red"}])
