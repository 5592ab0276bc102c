"""Anthropic's SDK: a tool definition for ``messages.create(tools=[...])`` and the helper that
answers the response's ``tool_use`` blocks with ``tool_result`` blocks.

>>> from sandsh.integrations.anthropic import tool_param, tool_results
>>> sh = sandsh.Shell()
>>> tools = [tool_param(sh)]
>>> # response = client.messages.create(..., tools=tools)
>>> # messages.append({"role": "user", "content": tool_results(sh, response)})

Needs ``anthropic`` only for its types (``pip install 'sandsh[anthropic]'``); the functions
take SDK objects or plain dicts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, List, Optional

from ._common import answer, definition, is_error, timeout_of

if TYPE_CHECKING:
    from anthropic.types import ToolParam, ToolResultBlockParam

    from .. import Result, Shell

__all__ = ["atool_results", "tool_param", "tool_results"]


def tool_param(
    shell: Shell, *, name: Optional[str] = None, description: Optional[str] = None
) -> ToolParam:
    """The tool's definition: ``{"name", "description", "input_schema"}``."""
    return definition(shell, name, description)  # type: ignore[return-value]


def _blocks(content: Any) -> Iterable[Any]:
    if hasattr(content, "content"):  # a Message
        content = content.content
    if isinstance(content, dict):
        content = content.get("content", [content])
    return content


def _field(block: Any, key: str) -> Any:
    return block.get(key) if isinstance(block, dict) else getattr(block, key, None)


def _uses(content: Any, name: str) -> List[Any]:
    return [
        b
        for b in _blocks(content)
        if _field(b, "type") == "tool_use" and _field(b, "name") == name
    ]


def _result_block(block: Any, result: Optional[Result], error: Optional[str]) -> ToolResultBlockParam:
    if result is None:
        return {
            "type": "tool_result",
            "tool_use_id": _field(block, "id"),
            "content": error or "invalid input",
            "is_error": True,
        }
    return {
        "type": "tool_result",
        "tool_use_id": _field(block, "id"),
        "content": answer(result),
        "is_error": is_error(result),
    }


def _commands(block: Any) -> tuple[Optional[str], Optional[float], Optional[str]]:
    args = _field(block, "input") or {}
    commands = args.get("commands") if isinstance(args, dict) else None
    if not isinstance(commands, str):
        return None, None, "the input needs a string 'commands'"
    return commands, timeout_of(args.get("timeout_ms")), None


def tool_results(
    shell: Shell, content: Any, *, name: Optional[str] = None
) -> List[ToolResultBlockParam]:
    """Run every ``tool_use`` block for this tool in ``content`` (a ``Message``, its content
    list, or dicts) and return the ``tool_result`` blocks for the next user message, in order.
    A non-zero exit is a normal result; a timeout or a tripped limit sets ``is_error``."""
    out = []
    for block in _uses(content, name or shell.name):
        commands, timeout, error = _commands(block)
        result = None if commands is None else shell.run(commands, timeout=timeout)
        out.append(_result_block(block, result, error))
    return out


async def atool_results(
    shell: Shell, content: Any, *, name: Optional[str] = None
) -> List[ToolResultBlockParam]:
    """:func:`tool_results` for asyncio (each run on a worker thread)."""
    out = []
    for block in _uses(content, name or shell.name):
        commands, timeout, error = _commands(block)
        result = None if commands is None else await shell.arun(commands, timeout=timeout)
        out.append(_result_block(block, result, error))
    return out
