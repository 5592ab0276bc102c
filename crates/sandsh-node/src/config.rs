//! A shell's options turned into a [`BashToolBuilder`]: the JavaScript spelling of
//! `KernelConfig`, received as JSON from `index.js` (profiles or an object of the limits
//! table in camelCase, `{host, path, mode}` mounts, a policy object, timeouts in
//! milliseconds). Anything it cannot take is a `ConfigError` naming the option, never a silent
//! default. Files come apart from the JSON, as bytes.

use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

use sandsh::kernel::{CommandPolicy, ExecutionLimits};
use sandsh::limits::{LIMITS, Limit, parse_size};
use sandsh::tool::BashToolBuilder;
use sandsh::{BashTool, MountMode};
use serde_json::Value;

use crate::js_error;

fn config_err(msg: impl std::fmt::Display) -> napi::Error {
    js_error("ConfigError", msg)
}

/// The confirmation hook of a policy (`policy.confirm`), answering a question with `y`/`n`.
pub(crate) type ConfirmHook = std::sync::Arc<dyn Fn(&str) -> Option<String> + Send + Sync>;

/// The tool, with its session kernel made (a mount that cannot be opened fails here).
pub(crate) fn build(
    options: &Value,
    files: Vec<(String, Vec<u8>)>,
    confirm: Option<ConfirmHook>,
) -> napi::Result<BashTool> {
    let mut b = BashTool::builder();
    let obj = match options {
        Value::Object(o) => o.clone(),
        Value::Null => Default::default(),
        _ => return Err(config_err("options: an object")),
    };
    for (key, v) in &obj {
        if v.is_null() {
            continue;
        }
        b = match key.as_str() {
            "username" => b.username(text(v, key)?),
            "hostname" => b.hostname(text(v, key)?),
            "cwd" => b.cwd(text(v, key)?),
            "env" => {
                let Value::Object(env) = v else {
                    return Err(config_err("env: an object of strings"));
                };
                for (k, v) in env {
                    b = b.env(k.clone(), scalar(v));
                }
                b
            }
            "mounts" => add_mounts(b, v)?,
            "allowNet" => {
                let Value::Array(rules) = v else {
                    return Err(config_err("allowNet: an array of URL prefixes"));
                };
                for r in rules {
                    b = b.allow_net(text(r, "allowNet")?);
                }
                b
            }
            "limits" => b.limits(limits(v)?),
            "timeout" => match millis(v, "timeout")? {
                Some(t) => b.timeout(t),
                None => b,
            },
            "policy" => b.policy(policy(v, confirm.clone())?),
            other => {
                return Err(config_err(format!(
                    "unknown option '{other}' (username, hostname, env, cwd, files, mounts, \
                     allowNet, limits, timeout, policy, customCommands)"
                )));
            }
        };
    }
    for (path, data) in files {
        b = b.file(path, data);
    }
    b.try_build().map_err(config_err)
}

fn text(v: &Value, what: &str) -> napi::Result<String> {
    v.as_str()
        .map(str::to_string)
        .ok_or_else(|| config_err(format!("{what}: a string")))
}

/// A string as it is; a number or boolean as its text.
fn scalar(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Milliseconds (a number) or text such as `"500ms"`, `"2m"`; `null` for no limit.
pub(crate) fn millis(v: &Value, what: &str) -> napi::Result<Option<Duration>> {
    match v {
        Value::Null => Ok(None),
        Value::String(s) => sandsh::kernel::parse_duration(s)
            .map(Some)
            .ok_or_else(|| config_err(format!("{what}: cannot read {s:?} as a duration"))),
        Value::Number(n) => {
            let ms = n.as_f64().unwrap_or(-1.0);
            Duration::try_from_secs_f64(ms / 1000.0)
                .map(Some)
                .map_err(|_| config_err(format!("{what}: {ms} is not a duration in milliseconds")))
        }
        _ => Err(config_err(format!(
            "{what}: milliseconds (a number) or text such as '500ms'"
        ))),
    }
}

/// `[{host, path, mode?}]` (mode `"ro"`, the default, `"overlay"` or `"rw"`).
fn add_mounts(mut b: BashToolBuilder, v: &Value) -> napi::Result<BashToolBuilder> {
    let shape = || config_err("mounts: an array of {host, path, mode?}");
    let Value::Array(mounts) = v else {
        return Err(shape());
    };
    for m in mounts {
        let host = m.get("host").and_then(Value::as_str).ok_or_else(shape)?;
        let path = m.get("path").and_then(Value::as_str).ok_or_else(shape)?;
        let mode = match m.get("mode").and_then(Value::as_str) {
            None => MountMode::ReadOnly,
            Some(s) => MountMode::from_str(s).map_err(|e| config_err(format!("mounts: {e}")))?,
        };
        b = b.mount(PathBuf::from(host), PathBuf::from(path), mode);
    }
    Ok(b)
}

/// `maxLoopIterations` → `max-loop-iterations` (the limits table's flag names); snake_case
/// and kebab-case names are taken as they are.
fn limit_name(key: &str) -> String {
    let mut out = String::with_capacity(key.len() + 4);
    for c in key.chars() {
        if c.is_ascii_uppercase() {
            out.push('-');
            out.push(c.to_ascii_lowercase());
        } else if c == '_' {
            out.push('-');
        } else {
            out.push(c);
        }
    }
    out
}

/// A profile name, or an object of limits (`{profile: "strict", maxLoopIterations: 100}`;
/// values are integers, sizes such as `"64M"`, or `null`/`"unlimited"`/`Infinity`).
fn limits(v: &Value) -> napi::Result<ExecutionLimits> {
    if let Some(name) = v.as_str() {
        return profile(name);
    }
    let Value::Object(o) = v else {
        return Err(config_err(
            "limits: a profile name ('strict', 'standard', 'interactive') or an object",
        ));
    };
    let mut l = match o.get("profile").and_then(Value::as_str) {
        Some(p) => profile(p)?,
        None => ExecutionLimits::default(),
    };
    for (key, v) in o {
        if key == "profile" {
            continue;
        }
        let Some(limit) = Limit::by_name(&limit_name(key)) else {
            let known: Vec<&str> = LIMITS.iter().map(|d| d.field).collect();
            return Err(config_err(format!(
                "limits: unknown limit '{key}' (known, in camelCase or snake_case: {})",
                known.join(", ")
            )));
        };
        let value = match v {
            Value::Null => u64::MAX,
            Value::Number(n) if n.as_u64().is_some() => n.as_u64().unwrap_or(u64::MAX),
            Value::Number(n) if n.as_f64().is_some_and(|f| f >= 0.0) => {
                n.as_f64().unwrap_or(0.0) as u64
            }
            Value::String(s) => parse_size(s).ok_or_else(|| bad_limit(key))?,
            _ => return Err(bad_limit(key)),
        };
        l.set(limit, value);
    }
    Ok(l)
}

fn bad_limit(key: &str) -> napi::Error {
    config_err(format!(
        "limits: {key} takes a non-negative integer, a size such as '64M', or 'unlimited'"
    ))
}

fn profile(name: &str) -> napi::Result<ExecutionLimits> {
    ExecutionLimits::profile(name).ok_or_else(|| {
        config_err(format!(
            "limits: unknown profile '{name}' (use 'strict', 'standard' or 'interactive')"
        ))
    })
}

/// `{deny: [...], allowOnly: [...], confirmAt: "high"}`; `confirm` (a function) arrives as the
/// hook.
fn policy(v: &Value, confirm: Option<ConfirmHook>) -> napi::Result<CommandPolicy> {
    let Value::Object(o) = v else {
        return Err(config_err(
            "policy: an object {deny, allowOnly, confirmAt, confirm}",
        ));
    };
    let names = |v: &Value, what: &str| -> napi::Result<Vec<String>> {
        match v {
            Value::Array(a) => a.iter().map(|n| text(n, what)).collect(),
            _ => Err(config_err(format!("{what}: an array of command names"))),
        }
    };
    let mut p = CommandPolicy::new();
    for (key, v) in o {
        match key.as_str() {
            "deny" => {
                for name in names(v, "policy.deny")? {
                    p = p.deny(name);
                }
            }
            "allowOnly" | "allow_only" => p.allow_only = Some(names(v, "policy.allowOnly")?),
            "confirmAt" | "confirm_at" => {
                let risk = text(v, "policy.confirmAt")?;
                let level = CommandPolicy::parse_risk(&risk).ok_or_else(|| {
                    config_err(format!(
                        "policy: confirmAt {risk:?} is not a risk level \
                         (read_only, low, medium, high, critical)"
                    ))
                })?;
                p = p.confirm_at(level);
            }
            // The function itself is the hook; JSON carries `true` in its place.
            "confirm" => {}
            other => {
                return Err(config_err(format!(
                    "policy: unknown key '{other}' (deny, allowOnly, confirmAt, confirm)"
                )));
            }
        }
    }
    if let Some(hook) = confirm {
        p = p.confirm_with(std::sync::Arc::new(move |q: &str| hook(q)));
    }
    Ok(p)
}
