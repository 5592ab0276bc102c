//! A shell's keyword arguments turned into a [`BashToolBuilder`]: the Python spelling of
//! `KernelConfig` (profiles or a dict of the limits table, `(host, path, mode)` mounts, a
//! policy dict with a Python confirmation callback, timeouts as seconds or `"500ms"`).
//! Anything it cannot take is a `ConfigError` naming the argument, never a silent default.

use std::path::PathBuf;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use sandsh::kernel::{CommandPolicy, ExecutionLimits};
use sandsh::limits::{LIMITS, Limit, parse_size};
use sandsh::tool::BashToolBuilder;
use sandsh::{BashTool, MountMode};

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
    pub limits: Option<Bound<'py, PyAny>>,
    pub timeout: Option<Bound<'py, PyAny>>,
    pub policy: Option<Bound<'py, PyDict>>,
}

fn config_err(msg: impl Into<String>) -> PyErr {
    ConfigError::new_err(msg.into())
}

impl ShellConfig<'_> {
    /// The tool, with its session kernel already made (a mount that cannot be opened fails
    /// here, not at the first run).
    pub(crate) fn build(self) -> PyResult<BashTool> {
        let mut b = BashTool::builder();
        if let Some(u) = self.username {
            b = b.username(u);
        }
        if let Some(h) = self.hostname {
            b = b.hostname(h);
        }
        if let Some(env) = &self.env {
            for (k, v) in env.iter() {
                b = b.env(k.extract::<String>()?, v.str()?.to_string());
            }
        }
        if let Some(c) = self.cwd {
            b = b.cwd(c);
        }
        if let Some(files) = &self.files {
            for (path, data) in files.iter() {
                let path: String = path.extract()?;
                let data = text_or_bytes(&data, &format!("files[{path:?}]"))?;
                b = b.file(path, data);
            }
        }
        if let Some(mounts) = &self.mounts {
            b = add_mounts(b, mounts)?;
        }
        for rule in self.allow_net.unwrap_or_default() {
            b = b.allow_net(rule);
        }
        if let Some(l) = &self.limits {
            b = b.limits(limits(l)?);
        }
        if let Some(t) = &self.timeout
            && let Some(t) = duration(t, "timeout")?
        {
            b = b.timeout(t);
        }
        if let Some(p) = &self.policy {
            b = b.policy(policy(p)?);
        }
        b.try_build().map_err(config_err)
    }
}

/// `[(host, path), (host, path, "ro" | "overlay" | "rw"), …]`.
fn add_mounts(mut b: BashToolBuilder, mounts: &Bound<'_, PyAny>) -> PyResult<BashToolBuilder> {
    for m in mounts.try_iter()? {
        let m = m?;
        let parts: Vec<Bound<'_, PyAny>> = m
            .try_iter()
            .and_then(|it| it.collect::<PyResult<_>>())
            .map_err(|_| config_err("mounts: each mount is a tuple (host, path[, mode])"))?;
        let (host, path, mode) = match parts.as_slice() {
            [h, p] => (h, p, None),
            [h, p, m] => (h, p, Some(m.extract::<String>()?)),
            _ => {
                return Err(config_err(
                    "mounts: each mount is a tuple (host, path[, mode])",
                ));
            }
        };
        let host: PathBuf = host.extract()?;
        let path: PathBuf = path.extract()?;
        let mode = match mode {
            None => MountMode::ReadOnly,
            Some(m) => MountMode::from_str(&m).map_err(|e| config_err(format!("mounts: {e}")))?,
        };
        b = b.mount(host, path, mode);
    }
    Ok(b)
}

/// A profile name, or a dict of limits (`{"profile": "strict", "max_loop_iterations": 100}`;
/// keys are field or flag names, values integers or sizes such as `"64M"`, `"unlimited"`).
fn limits(obj: &Bound<'_, PyAny>) -> PyResult<ExecutionLimits> {
    if let Ok(name) = obj.extract::<String>() {
        return profile(&name);
    }
    let Ok(d) = obj.cast::<PyDict>() else {
        return Err(config_err(
            "limits: a profile name ('strict', 'standard', 'interactive') or a dict",
        ));
    };
    let mut l = match d.get_item("profile")? {
        Some(p) => profile(&p.extract::<String>()?)?,
        None => ExecutionLimits::default(),
    };
    for (k, v) in d.iter() {
        let key: String = k.extract()?;
        if key == "profile" {
            continue;
        }
        let Some(limit) = Limit::by_name(&key.replace('_', "-")) else {
            let known: Vec<&str> = LIMITS.iter().map(|d| d.field).collect();
            return Err(config_err(format!(
                "limits: unknown limit '{key}' (known: {})",
                known.join(", ")
            )));
        };
        let value = if v.is_none() {
            u64::MAX
        } else if let Ok(n) = v.extract::<u64>() {
            n
        } else if let Some(n) = v
            .cast::<PyString>()
            .ok()
            .and_then(|s| parse_size(&s.to_string_lossy()))
        {
            n
        } else {
            return Err(config_err(format!(
                "limits: {key} takes a non-negative integer, a size such as '64M', or 'unlimited'"
            )));
        };
        l.set(limit, value);
    }
    Ok(l)
}

fn profile(name: &str) -> PyResult<ExecutionLimits> {
    ExecutionLimits::profile(name).ok_or_else(|| {
        config_err(format!(
            "limits: unknown profile '{name}' (use 'strict', 'standard' or 'interactive')"
        ))
    })
}

/// Seconds (int or float), a `datetime.timedelta`, or text such as `"500ms"`, `"2m"`;
/// `None` for no limit.
pub(crate) fn duration(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Option<Duration>> {
    if obj.is_none() {
        return Ok(None);
    }
    let secs = if let Ok(s) = obj.extract::<String>() {
        return sandsh::kernel::parse_duration(&s)
            .map(Some)
            .ok_or_else(|| config_err(format!("{what}: cannot read {s:?} as a duration")));
    } else if let Ok(f) = obj.extract::<f64>() {
        f
    } else if obj.hasattr("total_seconds")? {
        obj.call_method0("total_seconds")?.extract::<f64>()?
    } else {
        return Err(config_err(format!(
            "{what}: seconds (a number), a timedelta, or text such as '500ms'"
        )));
    };
    Duration::try_from_secs_f64(secs)
        .map(Some)
        .map_err(|_| config_err(format!("{what}: {secs} is not a duration")))
}

/// `{"deny": [...], "allow_only": [...], "confirm_at": "high", "confirm": callable}`.
fn policy(d: &Bound<'_, PyDict>) -> PyResult<CommandPolicy> {
    let mut p = CommandPolicy::new();
    for (k, v) in d.iter() {
        let key: String = k.extract()?;
        match key.as_str() {
            "deny" => {
                for name in v.extract::<Vec<String>>()? {
                    p = p.deny(name);
                }
            }
            "allow_only" => {
                let names = v.extract::<Vec<String>>()?;
                p.allow_only = Some(names);
            }
            "confirm_at" => {
                let risk: String = v.extract()?;
                let level = CommandPolicy::parse_risk(&risk).ok_or_else(|| {
                    config_err(format!(
                        "policy: confirm_at {risk:?} is not a risk level \
                         (read_only, low, medium, high, critical)"
                    ))
                })?;
                p = p.confirm_at(level);
            }
            "confirm" => {
                if !v.is_callable() {
                    return Err(config_err(
                        "policy: confirm is a callable taking the question and returning a bool",
                    ));
                }
                let cb: Py<PyAny> = v.unbind();
                p = p.confirm_with(Arc::new(move |question: &str| {
                    Python::attach(|py| match cb.call1(py, (question,)) {
                        Ok(answer) => confirm_answer(answer.bind(py)),
                        Err(e) => {
                            e.write_unraisable(py, Some(cb.bind(py)));
                            None
                        }
                    })
                }));
            }
            other => {
                return Err(config_err(format!(
                    "policy: unknown key '{other}' (deny, allow_only, confirm_at, confirm)"
                )));
            }
        }
    }
    Ok(p)
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
