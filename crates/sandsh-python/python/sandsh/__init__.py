"""sandsh: a sandboxed, bash-compatible shell for AI agents.

One :class:`Shell` is one persistent session over a virtual filesystem: files, variables,
functions, the working directory and background jobs persist across calls; the host is
unreachable unless a directory is mounted. Scripts behave as in bash 5.2.

>>> import sandsh
>>> sh = sandsh.Shell()
>>> sh.run("x=41; echo $((x + 1))").stdout
'42\\n'

The framework adapters live in :mod:`sandsh.integrations` and import their framework only when
used.
"""

from __future__ import annotations

from ._sandsh import (
    ConfigError,
    Result,
    SandshError,
    SnapshotError,
    __version__,
)
from ._sandsh import Shell as _Shell
from ._sandsh import Ticket as _Ticket
from ._sandsh import ToolRegistry as _ToolRegistry

# `typing` costs a few milliseconds to import, and annotations here are never evaluated.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any

__all__ = [
    "BashTool",
    "ConfigError",
    "Result",
    "SandshError",
    "Shell",
    "SnapshotError",
    "ToolRegistry",
    "__version__",
]


def _takes_stdin(fn: Callable[..., Any]) -> bool:
    """Whether ``fn`` accepts a second argument (the command's standard input)."""
    import inspect

    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return False
    positional = 0
    for p in sig.parameters.values():
        if p.kind == p.VAR_POSITIONAL or p.name == "stdin":
            return True
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
            positional += 1
    return positional >= 2


def _as_output(value: Any) -> str | bytes:
    """A command function's return value as what the command writes."""
    if value is None:
        return ""
    if isinstance(value, (str, bytes)):
        return value
    if isinstance(value, (bytearray, memoryview)):
        return bytes(value)
    if isinstance(value, (dict, list, tuple)):
        import json

        return json.dumps(value) + "\n"
    raise TypeError(
        f"a command returns str, bytes, or a dict or list (as JSON), not {type(value).__name__}"
    )


def _schema_of(schema: Any) -> Any:
    if schema is not None and hasattr(schema, "model_json_schema"):
        return schema.model_json_schema()  # a pydantic model class
    return schema


class Shell(_Shell):
    """A sandboxed bash session.

    Keyword arguments (all optional) configure it: ``username``, ``hostname``, ``env``
    (dict), ``cwd``, ``files`` ({path: str | bytes}), ``mounts`` ([(host_dir, path, "ro" |
    "overlay" | "rw")]), ``allow_net`` (URL-prefix rules), ``limits`` (a profile name or a dict
    of the limits table), ``timeout`` (seconds, a timedelta or "500ms") and ``policy``
    ({"deny": [...], "allow_only": [...], "confirm_at": "high", "confirm": callback}).
    """

    def command(
        self,
        name: str | Callable[..., Any] | None = None,
        fn: Callable[..., Any] | None = None,
        *,
        schema: Mapping[str, Any] | type | None = None,
        description: str | None = None,
    ) -> Any:
        """Make a Python callable a shell command.

        ``fn(params: dict, stdin: str | None = None)`` gets the flags (``--id 3``) as a dict,
        coerced by the JSON ``schema``; what it returns (str, bytes, or a dict/list as JSON)
        is the command's stdout, and an exception makes it fail with status 1 and the message
        on stderr. Usable directly (``sh.command("get_user", fn)``) or as a decorator
        (``@sh.command`` or ``@sh.command("name", schema=...)``). Returns ``fn``.
        """
        if callable(name):  # @sh.command
            return self.command(None, name, schema=schema, description=description)
        if fn is None:

            def decorate(f: Callable[..., Any]) -> Callable[..., Any]:
                return self.command(name, f, schema=schema, description=description)

            return decorate
        cmd_name = name or getattr(fn, "__name__", None)
        if not cmd_name:
            raise ValueError("a command needs a name")
        doc = (getattr(fn, "__doc__", None) or "").strip()
        desc = description or (doc.splitlines()[0] if doc else f"Python function {cmd_name}")
        wants_stdin = _takes_stdin(fn)

        if wants_stdin:

            def call(params: dict[str, Any], stdin: str | None) -> str | bytes:
                return _as_output(fn(params, stdin))

        else:

            def call(params: dict[str, Any], stdin: str | None) -> str | bytes:
                return _as_output(fn(params))

        self._register_command(
            cmd_name,
            call,
            description=desc,
            schema=_schema_of(schema),
            wants_stdin=wants_stdin,
        )
        return fn

    async def arun(
        self,
        script: str,
        *,
        stdin: str | bytes | None = None,
        env: dict[str, Any] | None = None,
        cwd: str | None = None,
        timeout: Any = None,
        on_stdout: Callable[[str], Any] | None = None,
        on_stderr: Callable[[str], Any] | None = None,
    ) -> Result:
        """:meth:`run` for asyncio: the script runs on a worker thread with the GIL released;
        cancelling the awaiting task cancels the run (it stops with status 130) and waits for
        it to stop before the ``CancelledError`` propagates."""
        import asyncio
        import functools

        ticket = _Ticket()
        call = functools.partial(
            self.run,
            script,
            stdin=stdin,
            env=env,
            cwd=cwd,
            timeout=timeout,
            on_stdout=on_stdout,
            on_stderr=on_stderr,
            _ticket=ticket,
        )
        fut = asyncio.get_running_loop().run_in_executor(None, call)
        try:
            return await asyncio.shield(fut)
        except asyncio.CancelledError:
            ticket.cancel()
            try:
                await fut
            except BaseException:
                pass
            raise

    def __repr__(self) -> str:
        return f"<sandsh.{type(self).__name__} cwd={self.cwd!r}>"


class BashTool(Shell):
    """A :class:`Shell` used as an LLM tool (seed 000's BashTool): ``name``,
    ``description()``, ``help()``, ``system_prompt()``, ``input_schema()`` and
    ``execute(call)``, over one persistent session. Takes the same keyword arguments."""


class ToolRegistry(_ToolRegistry):
    """Tools offered to a model: ``register(tool)``, their definitions for OpenAI
    (``openai_tools()``), Anthropic (``anthropic_tools()``) and MCP (``mcp_tools()``), and
    ``dispatch(call)`` for a model's tool call."""

    def dispatch(self, call: Any) -> dict[str, Any]:
        """Run a model's tool call and return the answer in the call's shape.

        An OpenAI tool call (``{"id", "type": "function", "function": {"name",
        "arguments"}}``) gets a ``{"role": "tool", "tool_call_id", "content"}`` message; an
        Anthropic ``tool_use`` block (``{"id", "name", "input"}``) gets a ``tool_result``
        block; ``{"name", "arguments", "id"?}`` gets ``{"id", "name", "content",
        "is_error"}``. SDK objects (pydantic models) are accepted too. Unknown tools, bad
        arguments and refusals come back as ``{"error": {"kind", "message"}}`` content with
        the error flag set; they do not raise.
        """
        import json

        if hasattr(call, "model_dump"):
            call = call.model_dump(mode="json", exclude_none=True)
        text = call if isinstance(call, str) else json.dumps(call)
        return json.loads(self._dispatch_json(text))

    async def adispatch(self, call: Any) -> dict[str, Any]:
        """:meth:`dispatch` on a worker thread, for asyncio."""
        import asyncio

        return await asyncio.get_running_loop().run_in_executor(None, self.dispatch, call)
