"""Every framework adapter, with the framework's real package, invoked locally (no network, no
model): the tool object the framework takes, called the way the framework calls it."""

from __future__ import annotations

import asyncio
import json

import pytest

import sandsh


@pytest.fixture
def sh() -> sandsh.Shell:
    s = sandsh.Shell(username="agent")
    s.command("get_user", lambda p: {"id": p["id"]}, schema={"properties": {"id": {"type": "integer"}}})
    return s


def out(text: str) -> dict:
    return json.loads(text)


# ----- LangChain -------------------------------------------------------------------------------


def test_langchain_structured_tool(sh):
    from langchain_core.messages import ToolMessage
    from langchain_core.tools import BaseTool, StructuredTool

    from sandsh.integrations.langchain import shell_tool

    tool = shell_tool(sh)
    assert isinstance(tool, StructuredTool) and isinstance(tool, BaseTool)
    assert tool.name == "sandsh" and "get_user" in tool.description
    assert tool.args["commands"]["type"] == "string"
    assert out(tool.invoke({"commands": "echo hi > /tmp/x; get_user --id 2 | jq .id"})) == {
        "stdout": "2\n",
        "stderr": "",
        "exit_code": 0,
    }
    assert sh.read_file("/tmp/x") == "hi\n"
    msg = tool.invoke({"type": "tool_call", "id": "c1", "name": "sandsh", "args": {"commands": "cat /tmp/x"}})
    assert isinstance(msg, ToolMessage) and msg.tool_call_id == "c1"
    assert out(msg.content)["stdout"] == "hi\n"
    r = asyncio.run(tool.ainvoke({"commands": "sleep 5", "timeout_ms": 50}))
    assert out(r)["exit_code"] == 124 and out(r)["error"] == "timeout"
    with pytest.raises(Exception):
        tool.invoke({"script": "echo"})


# ----- OpenAI Agents SDK -----------------------------------------------------------------------


def test_openai_agents_function_tool(sh):
    from agents import FunctionTool
    from agents.tool_context import ToolContext

    from sandsh.integrations.openai_agents import shell_tool

    tool = shell_tool(sh)
    assert isinstance(tool, FunctionTool)
    assert tool.name == "sandsh" and tool.strict_json_schema
    assert tool.params_json_schema["required"] == ["commands", "timeout_ms"]

    async def call(args: dict) -> str:
        text = json.dumps(args)
        ctx = ToolContext(context=None, tool_name=tool.name, tool_call_id="call_1", tool_arguments=text)
        return await tool.on_invoke_tool(ctx, text)

    r = out(asyncio.run(call({"commands": "get_user --id 7 | jq .id; whoami", "timeout_ms": None})))
    assert r == {"stdout": "7\nagent\n", "stderr": "", "exit_code": 0}
    r = out(asyncio.run(call({"commands": "while :; do :; done", "timeout_ms": 100})))
    assert r["exit_code"] == 124


# ----- Anthropic -------------------------------------------------------------------------------


def test_anthropic_tool_param_and_results(sh):
    from anthropic.types import Message, MessageParam, ToolParam
    from pydantic import TypeAdapter

    from sandsh.integrations.anthropic import atool_results, tool_param, tool_results

    param = tool_param(sh)
    TypeAdapter(ToolParam).validate_python(param)
    assert param["name"] == "sandsh" and param["input_schema"]["required"] == ["commands"]

    response = Message.model_validate(
        {
            "id": "msg_1",
            "type": "message",
            "role": "assistant",
            "model": "claude-test",
            "stop_reason": "tool_use",
            "stop_sequence": None,
            "usage": {"input_tokens": 1, "output_tokens": 1},
            "content": [
                {"type": "text", "text": "Let me look."},
                {"type": "tool_use", "id": "tu_1", "name": "sandsh", "input": {"commands": "echo 1 > /tmp/n; cat /tmp/n"}},
                {"type": "tool_use", "id": "tu_2", "name": "other_tool", "input": {}},
                {"type": "tool_use", "id": "tu_3", "name": "sandsh", "input": {"commands": "sleep 5", "timeout_ms": 50}},
                {"type": "tool_use", "id": "tu_4", "name": "sandsh", "input": {"cmd": "ls"}},
            ],
        }
    )
    results = tool_results(sh, response)
    assert [b["tool_use_id"] for b in results] == ["tu_1", "tu_3", "tu_4"]
    assert out(results[0]["content"])["stdout"] == "1\n" and results[0]["is_error"] is False
    assert results[1]["is_error"] is True and out(results[1]["content"])["error"] == "timeout"
    assert results[2]["is_error"] is True
    # The next request's user message is valid for the SDK.
    TypeAdapter(MessageParam).validate_python({"role": "user", "content": results})

    blocks = [{"type": "tool_use", "id": "tu_9", "name": "sandsh", "input": {"commands": "cat /tmp/n"}}]
    (r,) = asyncio.run(atool_results(sh, blocks))
    assert out(r["content"])["stdout"] == "1\n"


# ----- Pydantic AI -----------------------------------------------------------------------------


def test_pydantic_ai_tool_in_an_agent_run(sh):
    from pydantic_ai import Agent, Tool
    from pydantic_ai.messages import ModelResponse, TextPart, ToolCallPart, ToolReturnPart
    from pydantic_ai.models.function import FunctionModel

    from sandsh.integrations.pydantic_ai import shell_tool

    tool = shell_tool(sh)
    assert isinstance(tool, Tool) and tool.name == "sandsh"

    def model(messages, info):
        assert [t.name for t in info.function_tools] == ["sandsh"]
        returns = [p for m in messages for p in getattr(m, "parts", []) if isinstance(p, ToolReturnPart)]
        if not returns:
            return ModelResponse(parts=[ToolCallPart("sandsh", {"commands": "get_user --id 5 | jq .id"})])
        return ModelResponse(parts=[TextPart("tool said: " + out(returns[-1].content)["stdout"])])

    agent = Agent(FunctionModel(model), tools=[tool])
    result = agent.run_sync("go")
    assert result.output == "tool said: 5\n"
