"""What the adapters share: the tool's definition as the registry renders it, and one call of
the shell with its answer for the model as text."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .. import Result, Shell

# Errors that mean the sandbox, not the script, ended the call (MCP's isError).
SANDBOX_FAILURES = frozenset({"timeout", "limit_exceeded", "config", "internal", "invalid_request"})


def definition(shell: Shell, name: str | None, description: str | None) -> dict[str, Any]:
    """``{"name", "description", "input_schema"}``: the registry's rendering of the shell."""
    from .. import ToolRegistry

    registry = ToolRegistry()
    registry.register(shell)
    d = dict(registry.anthropic_tools()[0])
    if name:
        d["name"] = name
    if description:
        d["description"] = description
    return d


def timeout_of(timeout_ms: Any) -> float | None:
    return None if timeout_ms is None else float(timeout_ms) / 1000.0


def answer(result: Result) -> str:
    """The result as the model sees it: ``{"stdout", "stderr", "exit_code"}`` as JSON, with
    ``"error"`` when the run did not end normally."""
    d: dict[str, Any] = {
        "stdout": result.stdout,
        "stderr": result.stderr,
        "exit_code": result.exit_code,
    }
    if result.error:
        d["error"] = result.error
    return json.dumps(d)


def is_error(result: Result) -> bool:
    return result.error in SANDBOX_FAILURES
