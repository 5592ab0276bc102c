"""One session configuration through every entry point: tests/fixtures/session_config.json
holds it in each spelling; here Python's keywords make the same session as the CLI's flags,
Rust's JSON and Node's options (tests/it/session_config.rs, test/config.test.mjs)."""

from __future__ import annotations

import json
import pathlib

import pytest

import sandsh

FIXTURE = pathlib.Path(__file__).resolve().parents[3] / "tests" / "fixtures" / "session_config.json"


@pytest.fixture(scope="module")
def fixture():
    return json.loads(FIXTURE.read_text())


def test_keywords_make_the_shared_config(fixture):
    kwargs = dict(fixture["python"])
    kwargs["mounts"] = [tuple(m) for m in kwargs["mounts"]]
    sh = sandsh.Shell(**kwargs)
    assert sh.config == fixture["config"]
    r = sh.run(fixture["probe"]["script"])
    assert (r.stdout, r.exit_code) == (fixture["probe"]["stdout"], fixture["probe"]["exit_code"])


def test_the_default_config_is_empty():
    assert sandsh.Shell().config == {}


def test_errors_name_the_keyword():
    with pytest.raises(sandsh.ConfigError, match=r"^timeout: invalid duration 'soon'"):
        sandsh.Shell(timeout="soon")
    with pytest.raises(sandsh.ConfigError, match=r"^limits\.max_widgets: unknown limit 'max_widgets'"):
        sandsh.Shell(limits={"max_widgets": 3})
    with pytest.raises(sandsh.ConfigError, match=r"^policy\.deny: cd is a shell builtin"):
        sandsh.Shell(policy={"deny": ["cd"]})
