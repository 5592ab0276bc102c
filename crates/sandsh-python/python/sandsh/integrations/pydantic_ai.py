"""Pydantic AI: a :class:`sandsh.Shell` as a ``pydantic_ai.Tool``.

>>> from pydantic_ai import Agent
>>> from sandsh.integrations.pydantic_ai import shell_tool
>>> agent = Agent("openai:gpt-4o", tools=[shell_tool(sandsh.Shell())])

Needs ``pydantic-ai`` (``pip install 'sandsh[pydantic-ai]'``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from ._common import answer, definition, timeout_of

if TYPE_CHECKING:
    from pydantic_ai import Tool

    from .. import Shell

__all__ = ["shell_tool"]


def shell_tool(
    shell: Shell, *, name: Optional[str] = None, description: Optional[str] = None
) -> Tool[None]:
    """A ``Tool`` taking ``commands`` (and an optional ``timeout_ms``) that runs them in
    ``shell`` on a worker thread and returns the result as JSON text."""
    from pydantic_ai import Tool

    d = definition(shell, name, description)

    async def run_commands(commands: str, timeout_ms: Optional[int] = None) -> str:
        """Run bash commands in the sandboxed shell.

        Args:
            commands: Bash commands to execute (like bash -c "commands").
            timeout_ms: Optional time limit for this call, in milliseconds.
        """
        return answer(await shell.arun(commands, timeout=timeout_of(timeout_ms)))

    return Tool(
        run_commands,
        takes_ctx=False,
        name=d["name"],
        description=d["description"],
    )
