//! A shell's options, received as JSON from `index.js`, onto [`SessionConfig`]: the keys are
//! the config's own in camelCase (`allowNet`, `limits: {maxLoopIterations}`, `policy:
//! {allowOnly, confirmAt}`), read by its one parser; only the units differ (timeouts in
//! milliseconds). Files come apart from the JSON, as bytes; the policy's `confirm` function
//! arrives as the hook. Anything the config cannot take is a `ConfigError` naming the option.

use std::time::Duration;

use sandsh::BashTool;
use sandsh::SessionConfig;
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
    hooks: &std::sync::Arc<crate::hooks::NodeHooks>,
) -> napi::Result<BashTool> {
    let mut b = BashTool::builder().config(session_config(options, files)?);
    if let Some(hook) = confirm {
        b = b.confirm_with(std::sync::Arc::new(move |q: &str| hook(q)));
    }
    if let Some(h) = hooks.commands() {
        b = b.hooks(h);
    }
    if let Some(h) = hooks.requests() {
        b = b.request_hook(h);
    }
    if let Some(t) = hooks.trace() {
        b = b.trace(t);
    }
    b.try_build().map_err(config_err)
}

/// The session configuration of a `Shell`'s options.
pub(crate) fn session_config(
    options: &Value,
    files: Vec<(String, Vec<u8>)>,
) -> napi::Result<SessionConfig> {
    let mut c = SessionConfig::default();
    let obj = match options {
        Value::Object(o) => o.clone(),
        Value::Null => Default::default(),
        _ => return Err(config_err("options: an object")),
    };
    for (key, v) in &obj {
        if v.is_null() {
            continue;
        }
        let v = match key.as_str() {
            "timeout" | "netMaxTime" => seconds(v),
            _ => v.clone(),
        };
        c.set(key, &v).map_err(config_err)?;
    }
    c.files = files;
    Ok(c)
}

/// Milliseconds (a number) as the config's seconds; text (`"500ms"`) as it is.
fn seconds(v: &Value) -> Value {
    match v.as_f64() {
        Some(ms) => Value::from(ms / 1000.0),
        None => v.clone(),
    }
}

/// A run's `timeoutMs`: milliseconds, or text such as `"500ms"`; `null` for no limit.
pub(crate) fn millis(v: &Value, what: &str) -> napi::Result<Option<Duration>> {
    sandsh::config::duration(&seconds(v)).map_err(|e| config_err(format!("{what}: {e}")))
}
