//! Python callables as shell commands (seed 001's `ScriptedTool`, in a persistent session).
//!
//! The flags (`--id 3`, `--id=3`, bare `--verbose`) are parsed and coerced by the command's
//! JSON schema with the library's own `parse_flags`, so a Python command reads its arguments
//! exactly as a `ScriptedTool` callback does. The callable runs with the GIL taken for the
//! duration of the call only; what it returns (the Python layer has already turned a dict or
//! list into JSON) is the command's stdout, and an exception is status 1 with its message on
//! stderr. A command that does not take `stdin` leaves its standard input unread, so it can
//! sit inside a `while read` loop.

use std::cell::Cell;

use pyo3::prelude::*;
use pyo3::types::PyBytes;
use sandsh::api::{Arg, Command, CommandSpec, ExitStatus, RiskLevel, ToolCtx};
use sandsh::tool::docs::intern;
use sandsh::tool::{ToolDef, read_tool_args, usage_line, write_tool_output};
use serde_json::Value;

use crate::json_to_py;

/// The toolset group Python commands are listed under (`tools`, `help`).
pub(crate) const GROUP: &str = "python";

thread_local! {
    /// The session whose Python command this thread is running (0: none). A command that
    /// called back into its own session would wait for itself forever; the shell refuses.
    static RUNNING_FOR: Cell<usize> = const { Cell::new(0) };
}

/// Whether this thread is inside a Python command of the session `owner`.
pub(crate) fn inside_command_of(owner: usize) -> bool {
    RUNNING_FOR.with(|r| r.get() == owner)
}

/// Marks the thread as running a command of `owner` until dropped.
struct Running(usize);

impl Running {
    fn enter(owner: usize) -> Running {
        Running(RUNNING_FOR.with(|r| r.replace(owner)))
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        RUNNING_FOR.with(|r| r.set(self.0));
    }
}

pub(crate) struct PyCommand {
    spec: CommandSpec,
    schema: Value,
    callback: Py<PyAny>,
    wants_stdin: bool,
    /// The session it belongs to (see [`inside_command_of`]).
    owner: usize,
}

impl PyCommand {
    pub(crate) fn new(def: &ToolDef, callback: Py<PyAny>, wants_stdin: bool, owner: usize) -> Self {
        let spec = CommandSpec {
            name: intern(&def.name),
            group: GROUP,
            summary: intern(&def.description),
            usage: intern(&usage_line(def)),
            description: intern(&def.description),
            options: &[],
            operands: &[],
            returns: "what the Python function returns, on stdout",
            examples: &[],
            errors: "1 when the function raises (its message on stderr); 2 for a bad flag",
            risk: RiskLevel::MediumRisk,
        };
        PyCommand {
            spec,
            schema: def.input_schema.clone(),
            callback,
            wants_stdin,
            owner,
        }
    }

    /// Call the function: its output bytes, or the message of what it raised.
    fn call(&self, params: &Value, stdin: Option<String>) -> Result<Vec<u8>, String> {
        let _running = Running::enter(self.owner);
        Python::attach(|py| {
            let run = || -> PyResult<Vec<u8>> {
                let params = json_to_py(py, params)?;
                let out = self.callback.bind(py).call1((params, stdin))?;
                if let Ok(b) = out.cast::<PyBytes>() {
                    return Ok(b.as_bytes().to_vec());
                }
                Ok(out.extract::<String>()?.into_bytes())
            };
            run().map_err(|e| {
                let msg = e.value(py).str().map(|s| s.to_string()).unwrap_or_default();
                if msg.is_empty() {
                    e.get_type(py)
                        .name()
                        .map(|n| n.to_string())
                        .unwrap_or_else(|_| "error".to_string())
                } else {
                    msg
                }
            })
        })
    }
}

impl Command for PyCommand {
    fn spec(&self) -> &CommandSpec {
        &self.spec
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let args = match read_tool_args(&self.spec, &self.schema, args, ctx, self.wants_stdin) {
            Ok(a) => a,
            Err(status) => return status,
        };
        let result = self.call(&args.params, args.stdin);
        let result = match &result {
            Ok(out) => Ok(&out[..]),
            Err(msg) => Err(msg.as_str()),
        };
        write_tool_output(self.spec.name, result, ctx)
    }
}
