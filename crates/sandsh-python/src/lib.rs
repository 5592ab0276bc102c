//! `sandsh._sandsh`: the native half of the Python package `sandsh`.
//!
//! The Python package (`python/sandsh/`) is a thin layer over these classes: [`Shell`] (one
//! session: a [`sandsh::BashTool`] kept for the shell's life, so it is both the session a
//! program drives and the tool a model calls), [`RunResult`], [`Ticket`] (one run's
//! cancellation) and [`ToolRegistry`]. Every run releases the GIL (`Python::detach`), so other
//! Python threads and the asyncio loop go on while a script runs; Python callables registered
//! as commands take it back only while they run. JSON crosses the boundary as text through
//! Python's own `json` module: it is off the hot path, and it keeps one conversion for every
//! shape (schemas, tool definitions, a command's flags).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

/// Each shell's heap counts against its memory budget, as in the `sandsh` binary
/// (`sandsh::meter`): one runaway shell stops alone, and no process-wide backstop samples RSS.
#[global_allocator]
static ALLOC: sandsh::meter::MeteredAlloc = sandsh::meter::MeteredAlloc;

mod command;
mod config;
mod hooks;
mod registry;
mod result;
mod shell;
mod ticket;

pyo3::create_exception!(
    _sandsh,
    SandshError,
    pyo3::exceptions::PyException,
    "Base class of the errors sandsh raises."
);
pyo3::create_exception!(
    _sandsh,
    ConfigError,
    SandshError,
    "A shell's configuration is invalid (an unknown limit, a mount that cannot be opened, a bad policy)."
);
pyo3::create_exception!(
    _sandsh,
    SnapshotError,
    SandshError,
    "A snapshot cannot be taken or restored (not a sandsh snapshot, a newer version, truncated)."
);

/// A JSON value as the Python object `json.loads` makes of it.
pub(crate) fn json_to_py<'py>(
    py: Python<'py>,
    v: &serde_json::Value,
) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (v.to_string(),))
}

/// A Python object as JSON, through `json.dumps` (a `TypeError` for what JSON cannot hold).
pub(crate) fn py_to_json(obj: &Bound<'_, PyAny>) -> PyResult<serde_json::Value> {
    let text: String = obj
        .py()
        .import("json")?
        .call_method1("dumps", (obj,))?
        .extract()?;
    serde_json::from_str(&text).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// `str` as its UTF-8 bytes, `bytes` (or `bytearray`, `memoryview`) as they are.
pub(crate) fn text_or_bytes(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<u8>> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(s.to_cow()?.as_bytes().to_vec());
    }
    if let Ok(b) = obj.cast::<PyBytes>() {
        return Ok(b.as_bytes().to_vec());
    }
    obj.extract::<Vec<u8>>().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(format!(
            "{what} must be str or bytes, not {}",
            obj.get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        ))
    })
}

#[pymodule]
mod _sandsh {
    #[pymodule_export]
    use super::registry::ToolRegistry;
    #[pymodule_export]
    use super::result::RunResult;
    #[pymodule_export]
    use super::shell::Shell;
    #[pymodule_export]
    use super::ticket::Ticket;
    #[pymodule_export]
    use super::{ConfigError, SandshError, SnapshotError};

    use pyo3::prelude::*;

    #[pymodule_init]
    fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
        m.add("__version__", env!("CARGO_PKG_VERSION"))?;
        Ok(())
    }
}
