"""Shared fixtures. Every test has a timeout (pyproject's `timeout = 60`, pytest-timeout); tests
that wait on another thread also bound their own waits."""

from __future__ import annotations

import shutil
import subprocess

import pytest

import sandsh


@pytest.fixture
def sh() -> sandsh.Shell:
    return sandsh.Shell()


def bash(script: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    """The oracle: the host's bash running the same script (fails loudly when absent)."""
    path = shutil.which("bash")
    assert path, "bash is the oracle of these tests; install it"
    return subprocess.run(
        [path, "--norc", "--noprofile", "-c", script],
        input=stdin,
        capture_output=True,
        timeout=30,
        env={"PATH": "/usr/bin:/bin", "LC_ALL": "C"},
    )
