//! A shell's keyword arguments onto [`SessionConfig`]: each keyword is the config's key of the
//! same name, its value read by the config's one parser (a profile name or a dict of limits,
//! mounts as `(host, path[, mode])` tuples or `"HOST:PATH:MODE"`, timeouts as seconds, a
//! `timedelta` or text such as `"500ms"`). What is not data rides beside it: `files` as bytes,
//! the policy's `confirm` callable as the hook. Anything the config cannot take is a
//! `ConfigError` naming the argument, never a silent default.

use std::sync::Arc;
use std::time::Duration;

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use sandsh::{BashTool, SessionConfig};
use serde_json::Value;

use crate::{ConfigError, text_or_bytes};

/// The keyword arguments of `Shell(...)`.
pub(crate) struct ShellConfig<'py> {
    pub username: Option<String>,
    pub hostname: Option<String>,
    pub env: Option<Bound<'py, PyDict>>,
    pub cwd: Option<String>,
    pub files: Option<Bound<'py, PyDict>>,
    pub mounts: Option<Bound<'py, PyAny>>,
    pub allow_net: Option<Vec<String>>,
    pub secrets: Option<Bound<'py, PyAny>>,
    pub limits: Option<Bound<'py, PyAny>>,
    pub timeout: Option<Bound<'py, PyAny>>,
    pub policy: Option<Bound<'py, PyDict>>,
    pub output: Option<Bound<'py, PyDict>>,
    pub hooks: Option<Bound<'py, PyDict>>,
    pub trace: Option<Bound<'py, PyAny>>,
}

fn config_err(msg: impl std::fmt::Display) -> PyErr {
    ConfigError::new_err(msg.to_string())
}

impl ShellConfig<'_> {
    /// The tool, with its session kernel already made (a mount that cannot be opened fails
    /// here, not at the first run).
    pub(crate) fn build(self) -> PyResult<BashTool> {
        let hooks = match &self.hooks {
            Some(d) => Some(Arc::new(crate::hooks::PyHooks::from_dict(d)?)),
            None => None,
        };
        let trace = match &self.trace {
            Some(f) if !f.is_callable() => {
                return Err(config_err("trace: a callable receiving each trace event"));
            }
            Some(f) => Some(Arc::new(crate::hooks::PyTrace(f.clone().unbind()))),
            None => None,
        };
        let (session, confirm) = self.session_config()?;
        let mut b = BashTool::builder().config(session);
        if let Some(cb) = confirm {
            b = b.confirm_with(confirm_hook(cb));
        }
        if let Some(t) = trace {
            b = b.trace(t);
        }
        if let Some(h) = hooks {
            if let Some(c) = h.commands() {
                b = b.hooks(c);
            }
            if let Some(r) = h.requests() {
                b = b.request_hook(r);
            }
        }
        b.try_build().map_err(config_err)
    }

    /// The session configuration, and the policy's `confirm` callable when there is one.
    pub(crate) fn session_config(self) -> PyResult<(SessionConfig, Option<Py<PyAny>>)> {
        let mut c = SessionConfig::default();
        let mut set = |key: &str, v: Value| c.set(key, &v).map_err(config_err);
        set("username", self.username.into())?;
        set("hostname", self.hostname.into())?;
        if let Some(env) = &self.env {
            set("env", config_value(env.as_any(), "env")?)?;
        }
        set("cwd", self.cwd.into())?;
        if let Some(m) = &self.mounts {
            set("mounts", config_value(m, "mounts")?)?;
        }
        if let Some(rules) = self.allow_net {
            set("allow_net", rules.into())?;
        }
        if let Some(s) = &self.secrets {
            set("secrets", config_value(s, "secrets")?)?;
        }
        if let Some(l) = &self.limits {
            set("limits", config_value(l, "limits")?)?;
        }
        if let Some(t) = &self.timeout {
            set("timeout", config_value(t, "timeout")?)?;
        }
        if let Some(o) = &self.output {
            set("output", config_value(o.as_any(), "output")?)?;
        }
        let mut confirm = None;
        if let Some(p) = &self.policy {
            let data = PyDict::new(p.py());
            for (k, v) in p.iter() {
                if k.extract::<String>().is_ok_and(|k| k == "confirm") {
                    if !v.is_callable() {
                        return Err(config_err(
                            "policy.confirm: a callable taking the question and returning a bool",
                        ));
                    }
                    confirm = Some(v.unbind());
                } else {
                    data.set_item(k, v)?;
                }
            }
            set("policy", config_value(data.as_any(), "policy")?)?;
        }
        // The files go in directly, as bytes.
        if let Some(files) = &self.files {
            for (path, data) in files.iter() {
                let path: String = path.extract()?;
                let data = text_or_bytes(&data, &format!("files[{path:?}]"))?;
                c.files.push((path, data));
            }
        }
        Ok((c, confirm))
    }
}

/// A Python value as the config's JSON: `None`, bools, numbers, text, paths (`os.PathLike`),
/// `timedelta`s (as seconds), lists, tuples and dicts of those.
fn config_value(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Value> {
    if obj.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if obj.is_instance_of::<PyInt>() {
        if let Ok(n) = obj.extract::<i64>() {
            return Ok(n.into());
        }
        if let Ok(n) = obj.extract::<u64>() {
            return Ok(n.into());
        }
        return Err(config_err(format!("{what}: {obj} is out of range")));
    }
    if let Ok(f) = obj.cast::<PyFloat>() {
        return Ok(serde_json::Number::from_f64(f.value())
            .map(Value::Number)
            .unwrap_or(Value::Null));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Value::String(s.to_cow()?.into_owned()));
    }
    if let Ok(d) = obj.cast::<PyDict>() {
        let mut o = serde_json::Map::new();
        for (k, v) in d.iter() {
            let k: String = k
                .extract()
                .map_err(|_| config_err(format!("{what}: keys are strings")))?;
            let v = config_value(&v, &format!("{what}.{k}"))?;
            o.insert(k, v);
        }
        return Ok(Value::Object(o));
    }
    if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        let items = obj.try_iter()?;
        return items
            .map(|v| config_value(&v?, what))
            .collect::<PyResult<Vec<_>>>()
            .map(Value::Array);
    }
    if obj.hasattr("__fspath__")? {
        let p = obj.py().import("os")?.call_method1("fspath", (obj,))?;
        return config_value(&p, what);
    }
    if obj.hasattr("total_seconds")? {
        let secs: f64 = obj.call_method0("total_seconds")?.extract()?;
        return Ok(serde_json::Number::from_f64(secs)
            .map(Value::Number)
            .unwrap_or(Value::Null));
    }
    if let Ok(items) = obj.try_iter() {
        return items
            .map(|v| config_value(&v?, what))
            .collect::<PyResult<Vec<_>>>()
            .map(Value::Array);
    }
    let ty = obj
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_default();
    Err(config_err(format!("{what}: cannot take a {ty}")))
}

/// Seconds (int or float), a `datetime.timedelta`, or text such as `"500ms"`, `"2m"`;
/// `None` for no limit: a run's `timeout`, read as the config reads one.
pub(crate) fn duration(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Option<Duration>> {
    let v = config_value(obj, what)?;
    sandsh::config::duration(&v).map_err(|e| config_err(format!("{what}: {e}")))
}

/// The policy's `confirm` callable as the kernel's hook.
fn confirm_hook(cb: Py<PyAny>) -> sandsh::kernel::AskHook {
    Arc::new(move |question: &str| {
        Python::attach(|py| match cb.call1(py, (question,)) {
            Ok(answer) => confirm_answer(answer.bind(py)),
            Err(e) => {
                e.write_unraisable(py, Some(cb.bind(py)));
                None
            }
        })
    })
}

/// A confirmation callback's answer: a bool, or text whose `y` start means yes.
fn confirm_answer(answer: &Bound<'_, PyAny>) -> Option<String> {
    if answer.is_none() {
        return None;
    }
    if let Ok(s) = answer.extract::<String>() {
        return Some(s);
    }
    answer
        .is_truthy()
        .ok()
        .map(|yes| if yes { "y" } else { "n" }.to_string())
}
