"""Type stubs of the native module (see ``sandsh/__init__.py`` for the public API).

CI checks this file against the built extension with ``mypy.stubtest`` (``scripts/test-python``):
names, signatures, ``@final``/``@disjoint_base`` must match what the module really has. The
stub-only typing helpers below are private (a leading underscore) and, when they are classes,
``@type_check_only``: they do not exist at runtime, so never import them outside annotations.
"""

from collections.abc import Callable, Iterable, Sequence
from datetime import timedelta
from os import PathLike
from typing import Any, Literal, Optional, TypedDict, Union, final, overload, type_check_only

from typing_extensions import Self, disjoint_base

__all__ = [
    "ConfigError",
    "Result",
    "SandshError",
    "Shell",
    "SnapshotError",
    "Ticket",
    "ToolRegistry",
    "__version__",
]

__version__: str

class SandshError(Exception):
    """Base class of the errors sandsh raises."""

class ConfigError(SandshError):
    """A shell's configuration is invalid (an unknown limit, a mount that cannot be opened, a
    bad policy)."""

class SnapshotError(SandshError):
    """A snapshot cannot be taken or restored (not a sandsh snapshot, a newer version,
    truncated)."""

# ----- Stub-only typing helpers (not present at runtime) ---------------------------------------

# Why a run did not end normally (`Result.error`).
_ErrorKind = Literal[
    "parse_error", "timeout", "limit_exceeded", "cancelled", "config", "invalid_request", "internal"
]
# Seconds, a timedelta, or text such as "500ms" or "2m"; None for no limit.
_Timeout = Union[float, int, str, timedelta, None]
_MountMode = Literal["ro", "overlay", "rw"]
# (host_dir, path), (host_dir, path, mode), or the text "HOST:PATH[:MODE]".
_Mount = Union[
    tuple[Union[str, PathLike[str]], str],
    tuple[Union[str, PathLike[str]], str, _MountMode],
    str,
]
# `files`: {path: contents}, text (written as UTF-8) or bytes. A dict (the extension takes no
# other mapping); the union spares a caller's dict[str, str] the invariance of dict's values.
_Files = Union[dict[str, str], dict[str, bytes], dict[str, Union[str, bytes]]]
# `limits`: a profile name, or a dict of the limits table ({"max_commands": 10_000,
# "max_memory": "64M", ...}; a value is an int, a size or duration as text, or None).
_Limits = Union[Literal["strict", "standard", "interactive"], dict[str, Any]]

@type_check_only
class _Policy(TypedDict, total=False):
    """`policy`: commands denied or the only ones allowed, and the risk from which a command
    asks `confirm(question)` (a bool, or text starting with "y" for yes) before it runs."""

    deny: Sequence[str]
    allow_only: Sequence[str]
    confirm_at: Literal["read_only", "low", "medium", "high", "critical"]
    approve_read_only: bool
    # Options whose values traces never show: "--password", "-p", or "mysql -p" for one command.
    redact: Sequence[str]
    confirm: Callable[[str], Union[bool, str, None]]

@type_check_only
# A credential for requests under `url`: the network layer puts `value` on the wire, the
# script never sees it. `name` gives the session a variable of that name holding a
# placeholder, replaced by the value in requests under `url`; `inject` ("bearer", "basic",
# "header:NAME", "query:NAME") sends it by itself. Echoes in responses are redacted.
class _Secret(TypedDict, total=False):
    name: str
    url: str
    inject: str
    value: str

# `output`: how a run's stdout or stderr is kept once it passes `max_output_bytes`: `head`,
# the share kept from its start (0.2; 1 keeps only the start), the rest from its end; the
# whole stream is saved under /tmp/sandsh-output within `save_quota` (64 MiB; 0 saves none).
class _Output(TypedDict, total=False):
    head: float
    save_quota: Union[int, str]

# `hooks`: callables around every command (builtins excepted) and every network request.
# before_command({"name", "args", "cwd", "risk"}) -> None/True (run), False or a message
# (refuse, 126), an argv list (run that instead), {"deny": msg, "status": n} or {"argv": [...]};
# after_command({"name", "args", "cwd", "status", "duration", "stdout_bytes", "stderr_bytes"});
# before_request({"method", "url", "headers"}) -> None/True (send), False or a message
# (refuse), a list of (name, value) (send with these headers). A hook that raises refuses.
class _Hooks(TypedDict, total=False):
    before_command: Callable[[dict[str, Any]], Any]
    after_command: Callable[[dict[str, Any]], Any]
    before_request: Callable[[dict[str, Any]], Any]

class _Job(TypedDict):
    """One background job of `Shell.jobs()`."""

    id: int
    pid: int
    command: str
    state: Literal["running", "done"]
    exit_code: Optional[int]

@type_check_only
class OutputCut(TypedDict):
    """How a stream that passed the output limit was kept."""

    total: int
    head: int
    tail: int
    file: Optional[str]
    saved: int

class _ToolResponse(TypedDict, total=False):
    """The answer of `Shell.execute` (`error` only when the run did not end normally)."""

    stdout: str
    stderr: str
    exit_code: int
    error: str

# ----- The extension's classes ------------------------------------------------------------------

@final
class Result:
    """The outcome of one run: output, exit status, and why the run stopped early, if it did.

    Made by `Shell.run` only (it has no constructor)."""

    @property
    def stdout(self) -> str:
        """Standard output, decoded as UTF-8 (invalid bytes become U+FFFD)."""
    @property
    def stderr(self) -> str:
        """Standard error, decoded as UTF-8 (invalid bytes become U+FFFD)."""
    @property
    def stdout_bytes(self) -> bytes:
        """Standard output as bytes, exactly as the script wrote it."""
    @property
    def stderr_bytes(self) -> bytes:
        """Standard error as bytes."""
    @property
    def exit_code(self) -> int:
        """The exit status, as bash's `$?` (124 on timeout, 125 for a limit, 130 when
        cancelled)."""
    @property
    def error(self) -> Optional[_ErrorKind]:
        """`None`, or why the run did not end normally."""
    @property
    def stdout_truncated(self) -> bool:
        """Whether stdout went past the output limit (the rest was dropped)."""
    @property
    def stderr_truncated(self) -> bool:
        """Whether stderr went past the output limit."""
    @property
    def stdout_cut(self) -> Optional[OutputCut]:
        """How stdout was cut when it passed the output limit: its head and tail are in
        `stdout`, whose last line names `file`, the VFS file holding its first `saved`
        bytes; `None` when it was not cut."""
    @property
    def stderr_cut(self) -> Optional[OutputCut]:
        """How stderr was cut, as `stdout_cut`."""
    @property
    def duration(self) -> float:
        """Wall-clock time of the run, in seconds."""
    @property
    def ok(self) -> bool:
        """True when the script exited 0 and the run ended normally."""
    def to_dict(self) -> dict[str, Any]:
        """`{"stdout", "stderr", "exit_code", "error", "stdout_truncated", "stderr_truncated",
        "stdout_cut", "stderr_cut", "duration"}`: what a tool call returns to a model."""

@final
class Ticket:
    """The cancellation of one run (used by ``Shell.arun``): pass it to
    ``Shell.run(..., _ticket=t)``; ``t.cancel()`` from any thread."""

    def __new__(cls) -> Self: ...
    def cancel(self) -> None:
        """Cancel the run: it does not start if it has not, and otherwise stops with status
        130."""

@disjoint_base
class Shell:
    """A sandboxed bash session: files, variables, functions, cwd and jobs persist across
    calls. Also an LLM tool (name, description, schemas, `execute`)."""

    def __new__(
        cls,
        *,
        username: Optional[str] = None,
        hostname: Optional[str] = None,
        env: Optional[dict[str, Any]] = None,  # values are made text with str()
        cwd: Optional[str] = None,
        files: Optional[_Files] = None,
        mounts: Optional[Iterable[_Mount]] = None,
        allow_net: Optional[Sequence[str]] = None,  # URL-prefix rules
        secrets: Optional[Sequence[_Secret]] = None,
        limits: Optional[_Limits] = None,
        timeout: _Timeout = None,
        policy: Optional[_Policy] = None,
        output: Optional[_Output] = None,
        hooks: Optional[_Hooks] = None,
        trace: Optional[Callable[[dict[str, Any]], object]] = None,  # each trace event
    ) -> Self: ...
    def run(
        self,
        script: str,
        *,
        stdin: Union[str, bytes, None] = None,
        env: Optional[dict[str, Any]] = None,
        cwd: Optional[str] = None,
        timeout: _Timeout = None,
        on_stdout: Optional[Callable[[str], object]] = None,
        on_stderr: Optional[Callable[[str], object]] = None,
        _ticket: Optional[Ticket] = None,
    ) -> Result:
        """Run a script in the session and return its `Result`."""
    def cancel(self) -> None:
        """Cancel the run in progress, from any thread (it stops with status 130)."""
    def cancel_jobs(self) -> None:
        """Cancel the session's background jobs."""
    def jobs(self) -> list[_Job]:
        """The session's background jobs."""
    def snapshot(self, *, key: Optional[Union[str, bytes]] = None) -> bytes:
        """The session as bytes: files, variables, functions, aliases, options, cwd; signed
        with HMAC-SHA256 under `key` when one is given."""
    def restore(self, snapshot: bytes, *, key: Optional[Union[str, bytes]] = None) -> None:
        """Replace the session with a snapshot's; on error nothing changes. With `key`, only
        a snapshot signed with that key is taken."""
    @overload
    def read_file(self, path: str, *, binary: Literal[False] = False) -> str: ...
    @overload
    def read_file(self, path: str, *, binary: Literal[True]) -> bytes: ...
    @overload
    def read_file(self, path: str, *, binary: bool) -> Union[str, bytes]: ...
    def write_file(self, path: str, data: Union[str, bytes]) -> None:
        """Write (create or replace) a file of the session, creating its parent
        directories."""
    def listdir(self, path: str = ".") -> list[str]:
        """The names in a directory of the session, sorted."""
    @property
    def cwd(self) -> str:
        """The session's working directory."""
    def analyze(self, script: str) -> dict[str, Any]:
        """What `script` may do, found without running it: `commands` (name, kind, args, risk
        under the session's policy, denied, confirm, line, column), `highest_risk`, `files`
        (path, access, by), `network` (url, command), `opaque` (kind, reason), `parse_error`
        and the `read_only` verdict."""
    @property
    def config(self) -> dict[str, Any]:
        """The session's configuration as a dict (snake_case keys, only those set)."""
    def _register_command(
        self,
        name: str,
        callback: Callable[[dict[str, Any], Optional[str]], Union[str, bytes]],
        *,
        description: str,
        schema: Optional[dict[str, Any]] = None,
        wants_stdin: bool = True,
    ) -> None: ...
    def remove_command(self, name: str) -> bool:
        """Remove a command added with `command()`; true when there was one."""
    @property
    def name(self) -> str:
        """The tool's name for registries (`"sandsh"`)."""
    @property
    def short_description(self) -> str:
        """One line for tool listings."""
    def description(self) -> str:
        """The full description, listing the commands the session has (yours included)."""
    def help(self) -> str:
        """A man page for a model."""
    def system_prompt(self) -> str:
        """A compact header to put in a system prompt."""
    def input_schema(self) -> dict[str, Any]:
        """The JSON Schema of a call's arguments: `{"commands": str, "timeout_ms"?: int}`."""
    def output_schema(self) -> dict[str, Any]:
        """The JSON Schema of a call's result: `{stdout, stderr, exit_code}`."""
    def execute(self, call: Union[str, dict[str, Any]]) -> _ToolResponse:
        """Run a model's call: a script, or the arguments `{"commands": ..., "timeout_ms":
        ...}`. Invalid arguments raise `ValueError`."""

@disjoint_base
class ToolRegistry:
    """Tools offered to a model: their definitions, and the dispatch of its calls."""

    def __new__(cls) -> Self: ...
    def register(self, tool: Shell) -> None:
        """Add a shell (a `Shell` or `BashTool`); one with the same name is replaced."""
    def on_confirm(self, hook: Callable[[dict[str, Any]], bool]) -> None:
        """Decide whether calls of tools that require confirmation run:
        `hook({"tool", "arguments", "description", "risk"}) -> bool`."""
    def names(self) -> list[str]:
        """The registered tools' names, in registration order."""
    def __len__(self) -> int: ...
    def openai_tools(self) -> list[dict[str, Any]]:
        """The `tools` array of an OpenAI chat request."""
    def anthropic_tools(self) -> list[dict[str, Any]]:
        """The `tools` array of an Anthropic messages request."""
    def mcp_tools(self) -> list[dict[str, Any]]:
        """The `tools` array of an MCP `tools/list` result."""
    def _dispatch_json(self, call: str) -> str: ...
