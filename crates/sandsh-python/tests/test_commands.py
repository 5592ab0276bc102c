"""Python callables as shell commands: flags coerced by the schema, output, errors, and use in
pipes, loops, `$(...)` and `while read` loops."""

from __future__ import annotations

import json

import pytest

import sandsh

USER_SCHEMA = {"type": "object", "properties": {"id": {"type": "integer"}, "vip": {"type": "boolean"}}}


@pytest.fixture
def shop() -> sandsh.Shell:
    sh = sandsh.Shell()
    calls = []

    def get_user(params, stdin=None):
        """Fetch a user by id."""
        calls.append(params)
        if params["id"] == 404:
            raise LookupError("user 404 not found")
        return {"id": params["id"], "name": f"user{params['id']}", "vip": params.get("vip", False)}

    sh.command("get_user", get_user, schema=USER_SCHEMA)

    @sh.command
    def upper(params, stdin):
        return (stdin or "").upper()

    @sh.command("echo_params")
    def _echo(params):
        return json.dumps(params, sort_keys=True) + "\n"

    sh.calls = calls
    return sh


def test_flags_are_coerced_by_the_schema(shop):
    r = shop.run("get_user --id 3 --vip")
    assert r.exit_code == 0
    assert json.loads(r.stdout) == {"id": 3, "name": "user3", "vip": True}
    assert shop.calls == [{"id": 3, "vip": True}]
    assert shop.run("get_user --id=4").exit_code == 0
    assert shop.calls[-1] == {"id": 4}
    r = shop.run("echo_params --name Alice --n 7 --dry")
    assert json.loads(r.stdout) == {"dry": "true", "n": "7", "name": "Alice"}


def test_bad_flags_exit_2_with_usage(shop):
    r = shop.run("get_user --id three")
    assert r.exit_code == 2
    assert "get_user: --id expects an integer, got 'three'" in r.stderr
    assert "usage: get_user --id <integer> --vip" in r.stderr
    assert shop.run("get_user positional").exit_code == 2


def test_an_exception_is_status_1_with_its_message(shop):
    r = shop.run("get_user --id 404; echo \"status $?\"")
    assert r.stdout == "status 1\n"
    assert r.stderr == "get_user: user 404 not found\n"


def test_commands_in_pipes_loops_and_substitutions(shop):
    r = shop.run("for i in 1 2 3; do get_user --id $i | jq -r .name; done | tr a-z A-Z")
    assert r.stdout == "USER1\nUSER2\nUSER3\n"
    r = shop.run('name=$(get_user --id 7 | jq -r .name); echo "got $name"')
    assert r.stdout == "got user7\n"
    r = shop.run("printf 'ab\\ncd\\n' | upper | sort -r")
    assert r.stdout == "CD\nAB\n"
    r = shop.run("get_user --id 1 && echo yes; get_user --id 404 || echo no")
    assert r.stdout.splitlines()[-2:] == ["yes", "no"]


def test_a_command_without_stdin_leaves_the_loop_input_alone(shop):
    r = shop.run("printf 'a\\nb\\n' | while read x; do echo_params --x $x | jq -r .x; done")
    assert r.stdout == "a\nb\n"


def test_return_types():
    sh = sandsh.Shell()
    sh.command("raw", lambda p: b"\x00\xffbin")
    sh.command("nothing", lambda p: None)
    sh.command("listing", lambda p: [1, "two"])
    sh.command("bad", lambda p: 3.5)
    assert sh.run("raw").stdout_bytes == b"\x00\xffbin"
    assert sh.run("nothing").stdout == "" and sh.run("nothing").exit_code == 0
    assert sh.run("listing | jq -c .").stdout == '[1,"two"]\n'
    r = sh.run("bad")
    assert r.exit_code == 1
    assert r.stderr == "bad: a command returns str, bytes, or a dict or list (as JSON), not float\n"


def test_commands_are_described_listed_and_removable(shop):
    assert "get_user" in shop.description()
    assert shop.run("type get_user").exit_code == 0
    assert "get_user" in shop.run("tools").stdout
    assert shop.remove_command("get_user") is True
    assert shop.remove_command("get_user") is False
    assert shop.run("get_user --id 1").exit_code == 127
    assert "get_user" not in shop.description()


def test_pydantic_model_as_schema():
    pydantic = pytest.importorskip("pydantic")

    class Args(pydantic.BaseModel):
        n: int
        label: str = "x"

    sh = sandsh.Shell()
    sh.command("twice", lambda p: f"{p.get('label', 'x')}{p['n'] * 2}\n", schema=Args)
    assert sh.run("twice --n 21").stdout == "x42\n"


def test_a_command_cannot_reenter_its_own_shell():
    sh = sandsh.Shell()
    seen = []

    def reenter(params):
        try:
            sh.run("echo inner")
        except RuntimeError as e:
            seen.append(str(e))
            raise
        return "unreachable"

    sh.command("reenter", reenter)
    r = sh.run("reenter")
    assert r.exit_code == 1 and "cannot use the shell while its script runs" in r.stderr
    assert len(seen) == 1


def test_a_command_can_use_another_shell():
    outer, inner = sandsh.Shell(), sandsh.Shell()
    outer.command("ask_inner", lambda p: inner.run(f"echo inner:{p['q']}").stdout)
    assert outer.run("ask_inner --q 1 | tr a-z A-Z").stdout == "INNER:1\n"


def test_invalid_command_names():
    sh = sandsh.Shell()
    with pytest.raises(ValueError):
        sh.command("two words", lambda p: "")
