"""BashTool (seed 000's outputs) and ToolRegistry (definitions for OpenAI, Anthropic and MCP,
dispatch of a model's calls in each shape)."""

from __future__ import annotations

import json

import pytest

import sandsh


def test_bash_tool_outputs():
    tool = sandsh.BashTool(username="agent", limits="strict")
    assert isinstance(tool, sandsh.Shell)
    assert tool.name == "sandsh"
    assert tool.short_description == "Sandboxed bash interpreter with virtual filesystem"
    assert "grep" in tool.description().split()
    assert "Home: /home/agent" in tool.system_prompt()
    assert tool.help().startswith("SANDSH(1)") or "NAME" in tool.help()
    schema = tool.input_schema()
    assert schema["required"] == ["commands"] and schema["properties"]["commands"]["type"] == "string"
    assert tool.output_schema()["properties"]["exit_code"]["type"] == "integer"


def test_bash_tool_execute_keeps_the_session():
    tool = sandsh.BashTool()
    assert tool.execute("echo hi > /tmp/f; x=5") == {"stdout": "", "stderr": "", "exit_code": 0}
    assert tool.execute({"commands": "cat /tmp/f; echo $x"})["stdout"] == "hi\n5\n"
    r = tool.execute({"commands": "sleep 5", "timeout_ms": 100})
    assert r["exit_code"] == 124 and r["error"] == "timeout"
    assert tool.run("cat /tmp/f").stdout == "hi\n"  # the same session as run()
    with pytest.raises(ValueError):
        tool.execute({"script": "echo"})


def test_registry_definitions():
    reg = sandsh.ToolRegistry()
    sh = sandsh.BashTool()
    sh.command("get_user", lambda p: "u\n", description="Fetch a user")
    reg.register(sh)
    assert reg.names() == ["sandsh"] and len(reg) == 1
    (o,) = reg.openai_tools()
    assert o["type"] == "function" and o["function"]["name"] == "sandsh"
    assert o["function"]["parameters"]["required"] == ["commands"]
    assert "get_user" in o["function"]["description"]
    (a,) = reg.anthropic_tools()
    assert a["name"] == "sandsh" and a["input_schema"]["required"] == ["commands"]
    (m,) = reg.mcp_tools()
    assert m["name"] == "sandsh" and m["inputSchema"]["type"] == "object"
    reg.register(sandsh.Shell())  # same name: replaced, not added
    assert len(reg) == 1


def test_dispatch_in_each_shape():
    reg = sandsh.ToolRegistry()
    sh = sandsh.Shell()
    reg.register(sh)
    openai_call = {
        "id": "call_1",
        "type": "function",
        "function": {"name": "sandsh", "arguments": json.dumps({"commands": "echo $((6 * 7))"})},
    }
    msg = reg.dispatch(openai_call)
    assert msg["role"] == "tool" and msg["tool_call_id"] == "call_1"
    assert json.loads(msg["content"]) == {
        "content": {"stdout": "42\n", "stderr": "", "exit_code": 0},
        "success": True,
    }
    block = reg.dispatch(
        {"type": "tool_use", "id": "tu_1", "name": "sandsh", "input": {"commands": "echo a > /tmp/a"}}
    )
    assert block["type"] == "tool_result" and block["tool_use_id"] == "tu_1"
    assert block["is_error"] is False
    assert sh.read_file("/tmp/a") == "a\n"  # the registry ran in the same session
    plain = reg.dispatch({"name": "sandsh", "arguments": {"commands": "exit 3"}})
    # The registry reports a non-zero exit as a failed call (seed 002's ToolOutput).
    assert plain["is_error"] is True
    assert json.loads(plain["content"])["content"]["exit_code"] == 3
    assert json.loads(plain["content"])["error"] == "execution_failed: exit status 3"


def test_dispatch_errors_come_back_structured():
    reg = sandsh.ToolRegistry()
    reg.register(sandsh.Shell())
    bad = reg.dispatch({"name": "sandsh", "arguments": "{oops"})
    assert bad["is_error"] and json.loads(bad["content"])["error"]["kind"] == "invalid_arguments"
    unknown = reg.dispatch({"name": "nope", "arguments": "{}"})
    assert json.loads(unknown["content"])["error"]["kind"] == "not_found"
    schema = reg.dispatch({"name": "sandsh", "arguments": {"commands": 3}})
    assert json.loads(schema["content"])["error"]["kind"] == "schema_violation"
    timeout = reg.dispatch({"name": "sandsh", "arguments": {"commands": "sleep 5", "timeout_ms": 50}})
    assert timeout["is_error"]
    with pytest.raises(ValueError):
        reg.dispatch({"no": "name"})


def test_adispatch():
    import asyncio

    reg = sandsh.ToolRegistry()
    reg.register(sandsh.Shell())
    r = asyncio.run(reg.adispatch({"name": "sandsh", "arguments": {"commands": "echo async"}}))
    assert json.loads(r["content"])["content"]["stdout"] == "async\n"


def test_import_needs_no_framework():
    import subprocess
    import sys

    code = (
        "import sys, sandsh, sandsh.integrations; "
        "bad = [m for m in ('langchain_core', 'agents', 'anthropic', 'pydantic_ai', 'asyncio') "
        "if m in sys.modules]; print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "[]", out.stderr


def test_version():
    assert sandsh.__version__.count(".") == 2
