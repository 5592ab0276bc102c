//! `Shell(hooks={...})`: Python callables as the session's hooks (`sandsh::api::hooks`,
//! `sandsh::net::RequestHook`).
//!
//! - `before_command(call)`, `call` = `{"name", "args", "cwd", "risk"}`: `None` or `True` runs
//!   the command; `False` refuses it (status 126); a string refuses it with that message; a
//!   list of strings runs that argv instead; a dict `{"deny": message, "status": n}` or
//!   `{"argv": [...]}` says the same.
//! - `after_command(end)`, `end` = `{"name", "args", "cwd", "status", "duration",
//!   "stdin_bytes", "stdout_bytes", "stderr_bytes"}`: its return value is ignored.
//! - `before_request(request)`, `request` = `{"method", "url", "headers"}` (a list of
//!   `(name, value)`): `None` or `True` sends it; `False` or a string refuses it; a list of
//!   `(name, value)` pairs is sent as its headers instead.
//!
//! A hook that raises is reported as an unraisable exception and fails closed: the command or
//! request is refused.

use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};
use sandsh::api::hooks::{CommandCall, CommandEnd, CommandHooks, Verdict};
use sandsh::net::{RequestCall, RequestHook};

use crate::ConfigError;

/// What a `before_request` callable decided: send (with new headers, or as it was), or
/// refuse with a message.
type RequestAnswer = Result<Option<Vec<(String, String)>>, String>;

/// The callables of `hooks=`.
pub(crate) struct PyHooks {
    before_command: Option<Py<PyAny>>,
    after_command: Option<Py<PyAny>>,
    before_request: Option<Py<PyAny>>,
}

impl PyHooks {
    /// Read `hooks=`: a dict of callables under the three names.
    pub(crate) fn from_dict(d: &Bound<'_, PyDict>) -> PyResult<PyHooks> {
        let mut hooks = PyHooks {
            before_command: None,
            after_command: None,
            before_request: None,
        };
        for (k, v) in d.iter() {
            let name: String = k.extract()?;
            let slot = match name.as_str() {
                "before_command" => &mut hooks.before_command,
                "after_command" => &mut hooks.after_command,
                "before_request" => &mut hooks.before_request,
                _ => {
                    return Err(ConfigError::new_err(format!(
                        "hooks.{name}: unknown hook (before_command, after_command, before_request)"
                    )));
                }
            };
            if v.is_none() {
                continue;
            }
            if !v.is_callable() {
                return Err(ConfigError::new_err(format!("hooks.{name}: a callable")));
            }
            *slot = Some(v.unbind());
        }
        Ok(hooks)
    }

    /// The command hooks, when `before_command` or `after_command` is set.
    pub(crate) fn commands(self: &Arc<Self>) -> Option<Arc<dyn CommandHooks>> {
        (self.before_command.is_some() || self.after_command.is_some())
            .then(|| self.clone() as Arc<dyn CommandHooks>)
    }

    /// The request hook, when `before_request` is set.
    pub(crate) fn requests(self: &Arc<Self>) -> Option<Arc<dyn RequestHook>> {
        self.before_request
            .is_some()
            .then(|| self.clone() as Arc<dyn RequestHook>)
    }
}

fn lossy(args: &[Vec<u8>]) -> Vec<String> {
    args.iter()
        .map(|a| String::from_utf8_lossy(a).into_owned())
        .collect()
}

/// A refusal of `name` by the hook (`why` says how).
fn refused(name: &str, why: &str) -> Verdict {
    Verdict::Deny {
        message: format!("sandsh: {name}: {why}"),
        status: 126,
    }
}

/// What a `before_command` callable's answer means.
fn verdict(name: &str, answer: &Bound<'_, PyAny>) -> PyResult<Verdict> {
    if answer.is_none() {
        return Ok(Verdict::Run);
    }
    if let Ok(yes) = answer.extract::<bool>() {
        return Ok(if yes {
            Verdict::Run
        } else {
            refused(name, "refused by the before_command hook")
        });
    }
    if let Ok(s) = answer.cast::<PyString>() {
        return Ok(Verdict::Deny {
            message: s.to_cow()?.into_owned(),
            status: 126,
        });
    }
    if let Ok(d) = answer.cast::<PyDict>() {
        if let Some(argv) = d.get_item("argv")? {
            return argv_of(&argv);
        }
        let message = match d.get_item("deny")? {
            Some(m) => m.extract::<String>()?,
            None => format!("sandsh: {name}: refused by the before_command hook"),
        };
        let status = match d.get_item("status")? {
            Some(s) => s.extract::<i32>()?,
            None => 126,
        };
        return Ok(Verdict::Deny { message, status });
    }
    if answer.is_instance_of::<PyList>() || answer.is_instance_of::<PyTuple>() {
        return argv_of(answer);
    }
    Err(pyo3::exceptions::PyTypeError::new_err(
        "before_command returns None, a bool, a message, an argv list or a dict",
    ))
}

fn argv_of(v: &Bound<'_, PyAny>) -> PyResult<Verdict> {
    let argv: Vec<String> = v.extract()?;
    Ok(Verdict::Argv(
        argv.into_iter().map(String::into_bytes).collect(),
    ))
}

impl CommandHooks for PyHooks {
    fn before_command(&self, call: &CommandCall<'_>) -> Verdict {
        let Some(f) = &self.before_command else {
            return Verdict::Run;
        };
        Python::attach(|py| {
            let asked = (|| -> PyResult<Verdict> {
                let d = PyDict::new(py);
                d.set_item("name", call.name)?;
                d.set_item("args", lossy(call.args))?;
                d.set_item("cwd", call.cwd.to_string_lossy())?;
                d.set_item("risk", call.risk.as_str())?;
                let answer = f.call1(py, (d,))?;
                verdict(call.name, answer.bind(py))
            })();
            asked.unwrap_or_else(|e| {
                e.write_unraisable(py, Some(f.bind(py)));
                refused(call.name, "refused: the before_command hook raised")
            })
        })
    }

    fn after_command(&self, end: &CommandEnd<'_>) {
        let Some(f) = &self.after_command else {
            return;
        };
        Python::attach(|py| {
            let told = (|| -> PyResult<()> {
                let d = PyDict::new(py);
                d.set_item("name", end.name)?;
                d.set_item("args", lossy(end.args))?;
                d.set_item("cwd", end.cwd.to_string_lossy())?;
                d.set_item("status", end.status)?;
                d.set_item("duration", end.duration.as_secs_f64())?;
                d.set_item("stdin_bytes", end.stdin_bytes)?;
                d.set_item("stdout_bytes", end.stdout_bytes)?;
                d.set_item("stderr_bytes", end.stderr_bytes)?;
                f.call1(py, (d,))?;
                Ok(())
            })();
            if let Err(e) = told {
                e.write_unraisable(py, Some(f.bind(py)));
            }
        })
    }
}

impl RequestHook for PyHooks {
    fn before_request(&self, call: &mut RequestCall<'_>) -> Result<(), String> {
        let Some(f) = &self.before_request else {
            return Ok(());
        };
        Python::attach(|py| {
            let asked = (|| -> PyResult<RequestAnswer> {
                let d = PyDict::new(py);
                d.set_item("method", call.method)?;
                d.set_item("url", call.url)?;
                let headers: Vec<(String, String)> = call
                    .headers
                    .iter()
                    .map(|(k, v)| (k.clone(), String::from_utf8_lossy(v).into_owned()))
                    .collect();
                d.set_item("headers", headers)?;
                let answer = f.call1(py, (d,))?;
                let answer = answer.bind(py);
                if answer.is_none() {
                    return Ok(Ok(None));
                }
                if let Ok(yes) = answer.extract::<bool>() {
                    return Ok(if yes {
                        Ok(None)
                    } else {
                        Err(format!("{} refused by the before_request hook", call.url))
                    });
                }
                if let Ok(s) = answer.extract::<String>() {
                    return Ok(Err(s));
                }
                Ok(Ok(Some(answer.extract()?)))
            })();
            match asked {
                Ok(Ok(None)) => Ok(()),
                Ok(Ok(Some(headers))) => {
                    *call.headers = headers
                        .into_iter()
                        .map(|(k, v)| (k, v.into_bytes()))
                        .collect();
                    Ok(())
                }
                Ok(Err(msg)) => Err(msg),
                Err(e) => {
                    e.write_unraisable(py, Some(f.bind(py)));
                    Err(format!(
                        "{} refused: the before_request hook raised",
                        call.url
                    ))
                }
            }
        })
    }
}

/// `Shell(trace=callable)`: each trace event, as a dict, to a Python callable. One that raises
/// is reported as unraisable; tracing never changes a run.
pub(crate) struct PyTrace(pub(crate) Py<PyAny>);

impl sandsh::trace::TraceSink for PyTrace {
    fn record(&self, event: &sandsh::trace::TraceEvent) {
        Python::attach(|py| {
            let told = crate::json_to_py(py, &event.to_json())
                .and_then(|d| self.0.call1(py, (d,)).map(|_| ()));
            if let Err(e) = told {
                e.write_unraisable(py, Some(self.0.bind(py)));
            }
        })
    }
}
