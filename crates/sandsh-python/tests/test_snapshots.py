"""Signed snapshots: `snapshot(key=...)` signs with HMAC-SHA256, `restore(data, key=...)` takes
only a snapshot whose tag verifies under that key and changes nothing otherwise."""

from __future__ import annotations

import pytest

import sandsh


def test_signed_snapshot_round_trip_and_refusals():
    src = sandsh.Shell()
    src.run("x=42; echo data > /tmp/f")
    signed = src.snapshot(key="k1")
    dst = sandsh.Shell()
    dst.run("mine=kept")
    dst.restore(signed, key=b"k1")
    assert dst.run("echo $x; cat /tmp/f").stdout == "42\ndata\n"

    other = sandsh.Shell()
    other.run("mine=kept")
    tampered = bytearray(signed)
    tampered[len(tampered) // 2] ^= 1
    with pytest.raises(sandsh.SnapshotError, match="does not verify"):
        other.restore(bytes(tampered), key="k1")
    with pytest.raises(sandsh.SnapshotError, match="does not verify"):
        other.restore(signed, key="k2")
    with pytest.raises(sandsh.SnapshotError, match="not signed"):
        other.restore(src.snapshot(), key="k1")
    assert other.run("echo $mine $x").stdout == "kept\n"
