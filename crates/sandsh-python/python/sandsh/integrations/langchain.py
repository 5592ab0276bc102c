"""LangChain: a :class:`sandsh.Shell` as a ``langchain_core`` ``StructuredTool``.

>>> from sandsh.integrations.langchain import shell_tool
>>> tool = shell_tool(sandsh.Shell())
>>> tool.invoke({"commands": "echo hi"})
'{"stdout": "hi\\n", "stderr": "", "exit_code": 0}'

Needs ``langchain-core`` (``pip install 'sandsh[langchain]'``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from ._common import answer, definition, timeout_of

if TYPE_CHECKING:
    from langchain_core.tools import StructuredTool

    from .. import Shell

__all__ = ["shell_tool"]


def shell_tool(
    shell: Shell, *, name: Optional[str] = None, description: Optional[str] = None
) -> StructuredTool:
    """A ``StructuredTool`` that runs its ``commands`` in ``shell`` (sync and async), with an
    optional ``timeout_ms``; it returns the result as JSON text."""
    from langchain_core.tools import StructuredTool
    from pydantic import BaseModel, Field

    d = definition(shell, name, description)
    props = d["input_schema"]["properties"]

    class ShellInput(BaseModel):
        commands: str = Field(description=props["commands"]["description"])
        timeout_ms: Optional[int] = Field(
            default=None, ge=1, description=props["timeout_ms"]["description"]
        )

    def run(commands: str, timeout_ms: Optional[int] = None) -> str:
        return answer(shell.run(commands, timeout=timeout_of(timeout_ms)))

    async def arun(commands: str, timeout_ms: Optional[int] = None) -> str:
        return answer(await shell.arun(commands, timeout=timeout_of(timeout_ms)))

    return StructuredTool.from_function(
        func=run,
        coroutine=arun,
        name=d["name"],
        description=d["description"],
        args_schema=ShellInput,
    )
