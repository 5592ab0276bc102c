#!/usr/bin/env python3
"""Load test of `sandsh --mcp-http`: N concurrent MCP sessions x M calls each, with the official
MCP Python SDK, against one server on 127.0.0.1. Not run by `cargo test`.

Usage: scripts/mcp_load.py [SANDSH_BINARY] [--sessions 50] [--calls 20]

Every response is checked (each call's stdout must be exactly what its command prints, and each
session must see only its own files); a lost or wrong response fails the run. Prints p50/p99
latency of tools/call and the server's peak RSS (VmHWM from /proc/PID/status).
"""

import argparse
import asyncio
import re
import statistics
import subprocess
import sys
import time

from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client


def vm_hwm_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


async def one_session(url, sid, calls, latencies, errors):
    async with streamable_http_client(url) as (r, w):
        async with ClientSession(r, w) as s:
            await s.initialize()
            for i in range(calls):
                # Each call writes a file of its own and reads the previous call's back: state
                # must persist within the session and stay invisible to the others.
                cmd = (f"echo s{sid}c{i} > /tmp/c{i}; "
                       f"cat /tmp/c{i - 1} 2>/dev/null || echo none; "
                       f"ls /tmp | wc -l; seq 1 3 | tr '\\n' ' '")
                prev = f"s{sid}c{i - 1}" if i > 0 else "none"
                expect = f"{prev}\n{i + 1}\n1 2 3 "
                t0 = time.perf_counter()
                res = await s.call_tool("bash", {"commands": cmd})
                latencies.append(time.perf_counter() - t0)
                st = res.structured_content
                if not st or st.get("stdout") != expect or st.get("exit_code") != 0:
                    errors.append((sid, i, st))


async def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary", nargs="?", default="target/release/sandsh")
    ap.add_argument("--sessions", type=int, default=50)
    ap.add_argument("--calls", type=int, default=20)
    a = ap.parse_args()
    proc = subprocess.Popen(
        [a.binary, "--mcp-http", "127.0.0.1:0", "--max-sessions", str(a.sessions + 10)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stderr.readline()
        url = re.search(r"(http://\S+)", line).group(1)
        base_rss = vm_hwm_kib(proc.pid)
        latencies, errors = [], []
        t0 = time.perf_counter()
        results = await asyncio.gather(
            *(one_session(url, sid, a.calls, latencies, errors) for sid in range(a.sessions)),
            return_exceptions=True)
        wall = time.perf_counter() - t0
        failed = [r for r in results if isinstance(r, BaseException)]
        peak = vm_hwm_kib(proc.pid)
        expected = a.sessions * a.calls
        lat = sorted(latencies)
        p50 = statistics.median(lat) * 1000 if lat else float("nan")
        p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000 if lat else float("nan")
        print(f"sessions={a.sessions} calls/session={a.calls} responses={len(lat)}/{expected} "
              f"wrong={len(errors)} failed_sessions={len(failed)}")
        print(f"wall={wall:.2f}s throughput={len(lat) / wall:.0f} calls/s "
              f"p50={p50:.1f}ms p99={p99:.1f}ms max={lat[-1] * 1000:.1f}ms")
        print(f"server VmHWM: {peak / 1024:.1f} MiB (at start {base_rss / 1024:.1f} MiB)")
        for e in errors[:5]:
            print("wrong:", e, file=sys.stderr)
        for f in failed[:5]:
            print("failed:", repr(f), file=sys.stderr)
        ok = not errors and not failed and len(lat) == expected
        print("PASS" if ok else "FAIL")
        return 0 if ok else 1
    finally:
        proc.terminate()
        proc.wait(5)


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
