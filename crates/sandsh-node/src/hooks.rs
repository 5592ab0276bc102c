//! `new Shell({hooks: {beforeCommand, afterCommand, beforeRequest}, trace})`: JavaScript
//! functions as the session's hooks (`sandsh::api::hooks`, `sandsh::net::RequestHook`) and its
//! trace sink (`sandsh::trace`).
//!
//! Each call goes to the JavaScript thread through the shell's dispatcher, as a command's
//! does: `dispatch(id, "hook", hookName, [json])`. `index.js` calls the function, awaits what
//! it returns, turns the answer into one JSON shape and replies; the thread of the command
//! (or request) waits for that, giving up when its run is cancelled or times out. A hook that
//! throws, or a run stopped while it waits, fails closed: the command or request is refused.
//!
//! Answers, as `index.js` gives them: `{"run": true}`, `{"deny": message | null, "status":
//! n | null}`, `{"argv": [...]}` for `beforeCommand`; `{"send": true}`, `{"deny": message |
//! null}`, `{"headers": [[name, value], ...]}` for `beforeRequest`.

use std::sync::Arc;

use sandsh::api::hooks::{CommandCall, CommandEnd, CommandHooks, Verdict};
use sandsh::net::{RequestCall, RequestHook};
use serde_json::{Value, json};

use crate::command::{Call, Dispatcher, send};

/// Which hooks the options set.
#[derive(Clone, Copy, Default)]
pub(crate) struct HookNames {
    pub before_command: bool,
    pub after_command: bool,
    pub before_request: bool,
    /// The `trace` option: a function receiving each trace event.
    pub trace: bool,
}

impl HookNames {
    /// Read `hooks` from the constructor's list of names.
    pub(crate) fn from_list(names: &[String]) -> napi::Result<HookNames> {
        let mut set = HookNames::default();
        for n in names {
            match n.as_str() {
                "beforeCommand" => set.before_command = true,
                "afterCommand" => set.after_command = true,
                "beforeRequest" => set.before_request = true,
                "trace" => set.trace = true,
                _ => {
                    return Err(crate::js_error(
                        "ConfigError",
                        format!(
                            "hooks.{n}: unknown hook (beforeCommand, afterCommand, beforeRequest)"
                        ),
                    ));
                }
            }
        }
        Ok(set)
    }
}

/// The hooks of one shell, calling into its JavaScript functions.
pub(crate) struct NodeHooks {
    dispatcher: Arc<Dispatcher>,
    names: HookNames,
}

impl NodeHooks {
    pub(crate) fn new(dispatcher: Arc<Dispatcher>, names: HookNames) -> Arc<NodeHooks> {
        Arc::new(NodeHooks { dispatcher, names })
    }

    /// The command hooks, when `beforeCommand` or `afterCommand` is set.
    pub(crate) fn commands(self: &Arc<Self>) -> Option<Arc<dyn CommandHooks>> {
        (self.names.before_command || self.names.after_command)
            .then(|| self.clone() as Arc<dyn CommandHooks>)
    }

    /// The trace sink, when `trace` is set.
    pub(crate) fn trace(self: &Arc<Self>) -> Option<Arc<dyn sandsh::trace::TraceSink>> {
        self.names
            .trace
            .then(|| self.clone() as Arc<dyn sandsh::trace::TraceSink>)
    }

    /// The request hook, when `beforeRequest` is set.
    pub(crate) fn requests(self: &Arc<Self>) -> Option<Arc<dyn RequestHook>> {
        self.names
            .before_request
            .then(|| self.clone() as Arc<dyn RequestHook>)
    }

    /// Call the hook `name` with `payload` and wait for its answer: `Err` says why there is
    /// none (it threw, the run was stopped, Node is shutting down).
    fn ask(&self, name: &str, payload: Value, stopped: &dyn Fn() -> bool) -> Result<Value, String> {
        let call = Call {
            id: 0,
            kind: "hook",
            name: name.to_string(),
            args: vec![payload.to_string()],
            stdin: None,
            cwd: String::new(),
            env: Vec::new(),
        };
        let flight = send(&self.dispatcher, call).ok_or("Node is shutting down")?;
        let reply = flight
            .wait(stopped)
            .ok_or("the run was stopped while it waited")?;
        if reply.exit_code != 0 {
            return Err(format!(
                "it threw: {}",
                String::from_utf8_lossy(&reply.stderr).trim_end()
            ));
        }
        serde_json::from_slice(&reply.stdout).map_err(|e| format!("its answer: {e}"))
    }
}

fn lossy(args: &[Vec<u8>]) -> Vec<String> {
    args.iter()
        .map(|a| String::from_utf8_lossy(a).into_owned())
        .collect()
}

impl CommandHooks for NodeHooks {
    fn before_command(&self, call: &CommandCall<'_>) -> Verdict {
        if !self.names.before_command {
            return Verdict::Run;
        }
        let payload = json!({
            "name": call.name,
            "args": lossy(call.args),
            "cwd": call.cwd.to_string_lossy(),
            "risk": call.risk.as_str(),
        });
        let answer = match self.ask("beforeCommand", payload, &|| call.cancel.is_cancelled()) {
            Ok(a) => a,
            Err(why) => {
                return Verdict::Deny {
                    message: format!(
                        "sandsh: {}: refused: the beforeCommand hook: {why}",
                        call.name
                    ),
                    status: 126,
                };
            }
        };
        if let Some(argv) = answer.get("argv").and_then(Value::as_array) {
            return Verdict::Argv(
                argv.iter()
                    .map(|a| a.as_str().unwrap_or_default().as_bytes().to_vec())
                    .collect(),
            );
        }
        if answer.get("deny").is_some() {
            let message = match answer["deny"].as_str() {
                Some(m) => m.to_string(),
                None => format!("sandsh: {}: refused by the beforeCommand hook", call.name),
            };
            let status = answer
                .get("status")
                .and_then(Value::as_i64)
                .map_or(126, |s| s as i32);
            return Verdict::Deny { message, status };
        }
        Verdict::Run
    }

    fn after_command(&self, end: &CommandEnd<'_>) {
        if !self.names.after_command {
            return;
        }
        let payload = json!({
            "name": end.name,
            "args": lossy(end.args),
            "cwd": end.cwd.to_string_lossy(),
            "status": end.status,
            "durationMs": end.duration.as_secs_f64() * 1000.0,
            "stdinBytes": end.stdin_bytes,
            "stdoutBytes": end.stdout_bytes,
            "stderrBytes": end.stderr_bytes,
        });
        // Its answer is ignored; waiting for it keeps the calls in the order of the commands.
        let _ = self.ask("afterCommand", payload, &|| end.cancel.is_cancelled());
    }
}

impl RequestHook for NodeHooks {
    fn before_request(&self, call: &mut RequestCall<'_>) -> Result<(), String> {
        let headers: Vec<(String, String)> = call
            .headers
            .iter()
            .map(|(k, v)| (k.clone(), String::from_utf8_lossy(v).into_owned()))
            .collect();
        let payload = json!({ "method": call.method, "url": call.url, "headers": headers });
        let answer = self
            .ask("beforeRequest", payload, call.stop)
            .map_err(|why| format!("{} refused: the beforeRequest hook: {why}", call.url))?;
        if let Some(list) = answer.get("headers").and_then(Value::as_array) {
            *call.headers = list
                .iter()
                .filter_map(|pair| {
                    let name = pair.get(0)?.as_str()?;
                    let value = pair.get(1)?.as_str()?;
                    Some((name.to_string(), value.as_bytes().to_vec()))
                })
                .collect();
            return Ok(());
        }
        if answer.get("deny").is_some() {
            return Err(match answer["deny"].as_str() {
                Some(m) => m.to_string(),
                None => format!("{} refused by the beforeRequest hook", call.url),
            });
        }
        Ok(())
    }
}

impl sandsh::trace::TraceSink for NodeHooks {
    fn record(&self, event: &sandsh::trace::TraceEvent) {
        // `index.js` calls the function and answers at once (a promise it returns is not
        // awaited), so waiting keeps the events in order and before the run's result.
        let _ = self.ask("trace", event.to_json(), &|| false);
    }
}
