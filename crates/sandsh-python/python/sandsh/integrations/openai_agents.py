"""The OpenAI Agents SDK: a :class:`sandsh.Shell` as an ``agents.FunctionTool``.

>>> from agents import Agent
>>> from sandsh.integrations.openai_agents import shell_tool
>>> agent = Agent(name="dev", tools=[shell_tool(sandsh.Shell())])

Needs ``openai-agents`` (``pip install 'sandsh[openai-agents]'``).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Optional

from ._common import answer, definition, timeout_of

if TYPE_CHECKING:
    from agents import FunctionTool

    from .. import Shell

__all__ = ["shell_tool"]


def shell_tool(
    shell: Shell, *, name: Optional[str] = None, description: Optional[str] = None
) -> FunctionTool:
    """A ``FunctionTool`` with a strict JSON schema (``commands``, ``timeout_ms`` or null)
    whose invocation runs in ``shell`` on a worker thread; it returns the result as JSON
    text. Cancelling the agent's task cancels the run."""
    from agents import FunctionTool

    d = definition(shell, name, description)
    props = d["input_schema"]["properties"]
    schema = {
        "type": "object",
        "properties": {
            "commands": props["commands"],
            "timeout_ms": {
                "type": ["integer", "null"],
                "description": props["timeout_ms"]["description"],
            },
        },
        "required": ["commands", "timeout_ms"],
        "additionalProperties": False,
    }

    async def on_invoke_tool(ctx: Any, arguments: str) -> str:
        args = json.loads(arguments or "{}")
        commands = args.get("commands")
        if not isinstance(commands, str):
            raise ValueError("the sandsh tool needs a string 'commands' argument")
        result = await shell.arun(commands, timeout=timeout_of(args.get("timeout_ms")))
        return answer(result)

    return FunctionTool(
        name=d["name"],
        description=d["description"],
        params_json_schema=schema,
        on_invoke_tool=on_invoke_tool,
        strict_json_schema=True,
    )
