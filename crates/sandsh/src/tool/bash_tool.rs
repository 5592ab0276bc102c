//! [`BashTool`]: a sandsh kernel behind seed 000's [`Tool`] trait.
//!
//! By default one kernel lives as long as the tool, so a model's turns form a session: files,
//! variables and functions written in one call are there in the next (what an agent expects
//! from a shell). `fresh_per_call(true)` restores seed 000's stateless behaviour. The kernel is
//! synchronous; `execute` runs it to completion inside the `async fn`, so the crate needs no
//! async runtime.

use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use serde_json::{Value, json};

use super::docs::{self, ShellDoc, intern};
use super::shell_tool::{ShellTool, exec_options};
use super::traits::{
    RiskLevel, StatusCallback, ToolRequest, ToolResponse, ToolStatus, error_category,
};
use crate::config::{ConfigError, ConfigErrorKind, SessionConfig};
use crate::kernel::{AskHook, CommandPolicy, Kernel, KernelConfig};
use sandsh_api::{Arg, Command, CommandSpec, ExitStatus, ToolCtx};
use sandsh_commands::{Registry, Toolset};
use sandsh_runtime::limits::Profile;

/// Receives output bytes as they are produced: `(chunk, is_stderr)`.
pub(crate) type ByteSink = Arc<dyn Fn(&[u8], bool) + Send + Sync>;

/// The tool's registry name.
pub const BASH_TOOL_NAME: &str = "sandsh";
/// The tool's one-line description.
pub const BASH_TOOL_SHORT: &str = "Sandboxed bash interpreter with virtual filesystem";

/// Builder of a [`BashTool`]: a [`KernelConfig`] (its [`SessionConfig`] data and the
/// commands, toolsets and hooks beside it) and the tool's own choice of a session or a fresh
/// kernel per call.
#[derive(Default)]
pub struct BashToolBuilder {
    config: KernelConfig,
    fresh_per_call: bool,
    /// A setting that could not be taken (an unknown profile name), reported by every call.
    config_error: Option<String>,
}

impl BashToolBuilder {
    /// The session's whole configuration at once (replacing what was set before; commands,
    /// toolsets and the confirmation hook stay).
    pub fn config(mut self, session: SessionConfig) -> Self {
        self.config.session = session;
        self
    }

    /// The command policy: deny- and allow-listed commands, and the risk at or above which a
    /// command runs only when confirmed (by [`CommandPolicy::confirm_with`]'s hook).
    pub fn policy(mut self, p: CommandPolicy) -> Self {
        self.config = self.config.policy(p);
        self
    }

    /// Who confirms a command the policy asks about (see [`CommandPolicy::confirm_with`]).
    pub fn confirm_with(mut self, hook: AskHook) -> Self {
        self.config.confirm = Some(hook);
        self
    }

    /// Hooks around every registered command (see [`crate::KernelConfig::hooks`]).
    pub fn hooks(mut self, hooks: std::sync::Arc<dyn crate::api::hooks::CommandHooks>) -> Self {
        self.config.hooks = Some(hooks);
        self
    }

    /// Send the session's trace to `sink` (see [`crate::KernelConfig::trace`]).
    pub fn trace(mut self, sink: std::sync::Arc<dyn crate::trace::TraceSink>) -> Self {
        self.config.trace = Some(sink);
        self
    }

    /// A hook on every network request (see [`crate::KernelConfig::request_hook`]).
    pub fn request_hook(mut self, hook: std::sync::Arc<dyn crate::net::RequestHook>) -> Self {
        self.config.request_hook = Some(hook);
        self
    }

    /// Never run the command `name` (it fails with status 126).
    pub fn deny(mut self, name: impl Into<String>) -> Self {
        self.config.session.policy.deny.push(name.into());
        self
    }

    /// Named limits: `strict`, `standard` or `interactive`. An unknown name keeps the
    /// current limits and is reported by every run.
    pub fn profile(mut self, name: &str) -> Self {
        match Profile::by_name(name) {
            Some(p) => {
                self.config.session.profile = Some(p);
                self.config.session.limits.clear();
            }
            None => {
                let e = ConfigError::new("profile", ConfigErrorKind::UnknownProfile(name.into()));
                self.config_error = Some(e.to_string());
            }
        }
        self
    }

    crate::kernel::config_setters!(config);

    /// A fresh kernel for every call (seed 000's stateless behaviour) instead of a session.
    pub fn fresh_per_call(mut self, fresh: bool) -> Self {
        self.fresh_per_call = fresh;
        self
    }

    /// Build the tool. A mount that cannot be opened does not fail here: every call then
    /// reports it (use [`BashToolBuilder::try_build`] to fail early).
    pub fn build(self) -> BashTool {
        let mut config = self.config;
        let registry = Arc::new(config.command_registry());
        config = config.with_shared_registry(registry.clone());
        let supported = supported_names(&registry, &config.command_policy());
        let s = &config.session;
        let limits_set = s.profile.is_some() || !s.limits.is_empty();
        let doc = ShellDoc {
            name: BASH_TOOL_NAME.to_string(),
            short: BASH_TOOL_SHORT.to_string(),
            supported,
            username: s.username.clone(),
            hostname: s.hostname.clone(),
            limits: limits_set.then(|| s.execution_limits()),
            profile: s
                .profile
                .filter(|_| s.limits.is_empty())
                .map(|p| p.name().to_string()),
            env_names: s.env.iter().map(|(k, _)| k.clone()).collect(),
            timeout: s.timeout,
            allow_net: s.allow_net.clone(),
            secrets: s
                .secrets
                .iter()
                .filter_map(|c| Some((c.name.clone()?, c.url.clone())))
                .collect(),
            mounts: s
                .mounts
                .iter()
                .map(|m| (m.path.display().to_string(), m.mode.as_str()))
                .collect(),
        };
        let writes_host = !s.rw_mount_points().is_empty();
        BashTool {
            config: Mutex::new(config),
            kernel: Mutex::new(None),
            registry,
            doc: RwLock::new(doc),
            fresh_per_call: self.fresh_per_call,
            writes_host,
            config_error: self.config_error,
        }
    }

    /// Build the tool, failing when a mount cannot be opened or the profile is unknown.
    pub fn try_build(self) -> Result<BashTool, String> {
        let mut t = self.build();
        if let Some(e) = &t.config_error {
            return Err(e.clone());
        }
        let k = Kernel::try_new(t.config().clone())?;
        if !t.fresh_per_call {
            t.kernel = Mutex::new(Some(k));
        }
        Ok(t)
    }
}

/// Shell builtins first, then every registered command the policy does not refuse, each once.
/// An equal list made before is returned instead of the new one: the tools of a server's
/// sessions share one list rather than keep two hundred names each.
fn supported_names(registry: &Registry, policy: &CommandPolicy) -> Arc<[String]> {
    /// Lists kept for sharing, the oldest dropped past this many.
    const KEPT: usize = 8;
    static LISTS: Mutex<Vec<Arc<[String]>>> = Mutex::new(Vec::new());
    let mut supported: Vec<String> = Kernel::builtin_names()
        .iter()
        .map(|s| s.to_string())
        .collect();
    for c in registry.commands() {
        let n = c.spec().name.to_string();
        if !supported.contains(&n) && policy.refusal(&n).is_none() {
            supported.push(n);
        }
    }
    let mut lists = LISTS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(l) = lists.iter().find(|l| ***l == *supported) {
        return l.clone();
    }
    let list: Arc<[String]> = supported.into();
    if lists.len() >= KEPT {
        lists.remove(0);
    }
    lists.push(list.clone());
    list
}

/// `command` as a command called `name` (its own when the names match).
pub(crate) fn named(name: &str, command: Box<dyn Command>) -> Arc<dyn Command> {
    let command: Arc<dyn Command> = Arc::from(command);
    if command.spec().name == name {
        command
    } else {
        Arc::new(Renamed::new(name, command))
    }
}

/// A command registered under another name than its spec's (`builtin(name, cmd)`).
struct Renamed {
    spec: CommandSpec,
    inner: Arc<dyn Command>,
}

impl Renamed {
    fn new(name: &str, inner: Arc<dyn Command>) -> Self {
        let mut spec = *inner.spec();
        spec.name = intern(name);
        Renamed { spec, inner }
    }
}

impl Command for Renamed {
    fn spec(&self) -> &CommandSpec {
        &self.spec
    }
    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        self.inner.run(args, ctx)
    }
    fn structured(&self) -> bool {
        self.inner.structured()
    }
}

/// A sandboxed bash session exposed as an LLM tool.
pub struct BashTool {
    /// What each new kernel starts from (toolsets registered at run time included).
    config: Mutex<KernelConfig>,
    /// The session kernel, created on first use. Calls to this tool take turns on it; calls
    /// to other tools run in parallel.
    kernel: Mutex<Option<Kernel>>,
    /// The commands of every session this tool creates (shared with its kernels): what
    /// `description()` and `help()` list.
    registry: Arc<Registry>,
    doc: RwLock<ShellDoc>,
    fresh_per_call: bool,
    writes_host: bool,
    config_error: Option<String>,
}

impl Default for BashTool {
    fn default() -> Self {
        BashTool::builder().build()
    }
}

impl BashTool {
    pub fn builder() -> BashToolBuilder {
        BashToolBuilder::default()
    }

    /// A tool with the default configuration.
    pub fn new() -> Self {
        Self::default()
    }

    /// The session kernel (created on first use), e.g. to seed files before the first call
    /// or to read what the model wrote. With `fresh_per_call`, changes made here do not reach
    /// later calls.
    pub fn kernel_mut(&mut self) -> &mut Kernel {
        let config = self.config.get_mut().unwrap_or_else(|e| e.into_inner());
        self.kernel
            .get_mut()
            .unwrap_or_else(|e| e.into_inner())
            .get_or_insert_with(|| Kernel::new(config.clone()))
    }

    /// Run `f` on the session kernel (created on first use) from a shared reference, waiting
    /// for a call in progress to finish.
    pub fn with_kernel<R>(&self, f: impl FnOnce(&mut Kernel) -> R) -> R {
        let mut k = self.kernel.lock().unwrap_or_else(|e| e.into_inner());
        f(k.get_or_insert_with(|| Kernel::new(self.config().clone())))
    }

    fn config(&self) -> std::sync::MutexGuard<'_, KernelConfig> {
        self.config.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Register a toolset for this tool's sessions, now and after a reset: its commands appear
    /// in the running session, in `description()`, `help()` and the MCP tool listing at once.
    /// A toolset of the same name is replaced. Returns the names added.
    pub fn register_toolset(&self, set: Toolset) -> Vec<String> {
        let mut k = self.kernel.lock().unwrap_or_else(|e| e.into_inner());
        // The session kernel shares the registry: it updates it and its `/usr/bin` entries.
        let names = match k.as_mut() {
            Some(k) => k.register_toolset(&set),
            None => self.registry.register_toolset(&set),
        };
        let mut config = self.config();
        config.toolsets.retain(|t| t.name != set.name);
        config.toolsets.push(set);
        drop(config);
        self.refresh_doc();
        names
    }

    /// Remove a toolset registered with [`BashTool::register_toolset`] (or the builder's
    /// `toolset`). Returns the names removed, `None` when there is no such toolset.
    pub fn unregister_toolset(&self, name: &str) -> Option<Vec<String>> {
        let mut k = self.kernel.lock().unwrap_or_else(|e| e.into_inner());
        let names = match k.as_mut() {
            Some(k) => k.unregister_toolset(name)?,
            None => self.registry.unregister_toolset(name)?,
        };
        self.config().toolsets.retain(|t| t.name != name);
        self.refresh_doc();
        Some(names)
    }

    fn refresh_doc(&self) {
        let policy = self.config().command_policy();
        let supported = supported_names(&self.registry, &policy);
        self.doc
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .supported = supported;
    }

    fn doc(&self) -> std::sync::RwLockReadGuard<'_, ShellDoc> {
        self.doc.read().unwrap_or_else(|e| e.into_inner())
    }

    /// Forget the session: the next call starts with a fresh kernel.
    pub fn reset(&self) {
        *self.kernel.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }

    /// The network allowlist's rules (URL prefixes, with their methods).
    pub fn allowed_net(&self) -> Vec<String> {
        self.config().session.allow_net.clone()
    }

    /// The configuration every session of this tool starts from.
    pub fn session_config(&self) -> SessionConfig {
        self.config().session.clone()
    }

    /// Every name a script can run (shell builtins and commands), as `description()` lists.
    pub fn supported_commands(&self) -> Vec<String> {
        self.doc().supported.to_vec()
    }

    /// Run a request with a time limit of its own (the tool's when `None`), reporting phases
    /// and output chunks to `status_callback` when one is given: what an MCP server or a
    /// framework with a per-call timeout needs.
    pub fn execute_timed(
        &self,
        req: &ToolRequest,
        timeout: Option<Duration>,
        status_callback: Option<StatusCallback>,
    ) -> ToolResponse {
        match status_callback {
            Some(cb) => {
                execute_with_phases(req, cb, |sink| self.run_script(req, timeout, Some(sink)))
            }
            None => self.run_script(req, timeout, None),
        }
    }
}

/// Turns byte chunks into text chunks whose concatenation equals
/// `String::from_utf8_lossy(all bytes)`: a multi-byte character split across two writes is
/// held back until it is complete.
#[derive(Default)]
pub struct Utf8Chunker {
    pending: Vec<u8>,
}

impl Utf8Chunker {
    /// Feed bytes; returns the text that is complete so far.
    pub fn push(&mut self, bytes: &[u8]) -> String {
        self.pending.extend_from_slice(bytes);
        let mut out = String::new();
        let mut rest: &[u8] = &self.pending;
        loop {
            match std::str::from_utf8(rest) {
                Ok(s) => {
                    out.push_str(s);
                    rest = &[];
                    break;
                }
                Err(e) => {
                    let (good, bad) = rest.split_at(e.valid_up_to());
                    out.push_str(&String::from_utf8_lossy(good));
                    match e.error_len() {
                        Some(n) => {
                            out.push('\u{FFFD}');
                            rest = &bad[n..];
                        }
                        None => {
                            rest = bad;
                            break;
                        }
                    }
                }
            }
        }
        self.pending = rest.to_vec();
        out
    }

    /// The text of whatever is left at the end.
    pub fn finish(&mut self) -> String {
        let s = String::from_utf8_lossy(&self.pending).into_owned();
        self.pending.clear();
        s
    }
}

/// Shared state of one streaming call: the caller's callback and a decoder per stream.
struct Streamer {
    cb: Box<dyn FnMut(ToolStatus) + Send>,
    out: Utf8Chunker,
    err: Utf8Chunker,
}

impl Streamer {
    fn chunk(&mut self, bytes: &[u8], is_err: bool) {
        let text = if is_err {
            self.err.push(bytes)
        } else {
            self.out.push(bytes)
        };
        self.emit(text, is_err);
    }

    fn emit(&mut self, text: String, is_err: bool) {
        if text.is_empty() {
            return;
        }
        (self.cb)(if is_err {
            ToolStatus::stderr(text)
        } else {
            ToolStatus::stdout(text)
        });
    }

    fn flush(&mut self) {
        let o = self.out.finish();
        self.emit(o, false);
        let e = self.err.finish();
        self.emit(e, true);
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    match m.lock() {
        Ok(g) => g,
        Err(p) => p.into_inner(),
    }
}

/// Run `run` with phases `validate → parse → execute → output… → complete` reported to `cb`.
/// Shared by [`BashTool`] and the scripted tool.
pub(crate) fn execute_with_phases(
    req: &ToolRequest,
    cb: Box<dyn FnMut(ToolStatus) + Send>,
    run: impl FnOnce(ByteSink) -> ToolResponse,
) -> ToolResponse {
    let streamer = Arc::new(Mutex::new(Streamer {
        cb,
        out: Utf8Chunker::default(),
        err: Utf8Chunker::default(),
    }));
    let phase = |p: ToolStatus| (lock(&streamer).cb)(p);
    phase(
        ToolStatus::new("validate")
            .with_message(format!("{} bytes of commands", req.commands.len()))
            .with_percent(0.0),
    );
    let parse_msg = match sandsh_syntax::parse(&req.commands) {
        Ok(_) => "syntax ok".to_string(),
        Err(e) => format!("syntax error: {e}"),
    };
    phase(
        ToolStatus::new("parse")
            .with_message(parse_msg)
            .with_percent(10.0),
    );
    phase(ToolStatus::new("execute").with_percent(20.0));
    let s2 = streamer.clone();
    let resp = run(Arc::new(move |b: &[u8], is_err: bool| {
        lock(&s2).chunk(b, is_err)
    }));
    let mut s = lock(&streamer);
    s.flush();
    let msg = match &resp.error {
        Some(e) => format!("exit code {} ({e})", resp.exit_code),
        None => format!("exit code {}", resp.exit_code),
    };
    (s.cb)(
        ToolStatus::new("complete")
            .with_message(msg)
            .with_percent(100.0),
    );
    resp
}

/// Seed 000's input schema (plus the optional `timeout_ms`).
pub(crate) fn shell_input_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "commands": {
                "type": "string",
                "description": "Bash commands to execute (like bash -c \"commands\")"
            },
            "timeout_ms": {
                "type": "integer",
                "minimum": 1,
                "description": "Optional time limit for this call, in milliseconds"
            }
        },
        "required": ["commands"],
        "additionalProperties": false
    })
}

/// How a stream that passed the output limit was kept (`OutputCut`).
fn cut_schema(stream: &str) -> Value {
    json!({
        "type": "object",
        "description": format!("Present when {stream} passed the output limit: its head and tail are in {stream}, the whole in `file`"),
        "properties": {
            "total": {"type": "integer", "description": "Bytes the stream had"},
            "head": {"type": "integer", "description": "Bytes kept from its start"},
            "tail": {"type": "integer", "description": "Bytes kept from its end"},
            "file": {"type": "string", "description": "The file in the sandbox holding its first `saved` bytes"},
            "saved": {"type": "integer"}
        }
    })
}

/// Seed 000's output schema, with the cut streams' fields.
pub(crate) fn shell_output_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "stdout": {"type": "string", "description": "Standard output from the commands"},
            "stderr": {"type": "string", "description": "Standard error from the commands"},
            "exit_code": {"type": "integer", "description": "Exit status (0 = success)"},
            "error": {
                "type": "string",
                "description": "Error category when the run did not end normally",
                "enum": crate::kernel::RunError::ALL.map(crate::kernel::RunError::as_str)
            },
            "stdout_cut": cut_schema("stdout"),
            "stderr_cut": cut_schema("stderr")
        },
        "required": ["stdout", "stderr", "exit_code"]
    })
}

impl ShellTool for BashTool {
    fn shell_name(&self) -> &str {
        BASH_TOOL_NAME
    }

    fn shell_short_description(&self) -> &str {
        BASH_TOOL_SHORT
    }

    fn shell_description(&self) -> String {
        docs::shell_description(&self.doc())
    }

    fn shell_help(&self) -> String {
        docs::shell_help(&self.doc())
    }

    fn shell_system_prompt(&self) -> String {
        docs::shell_system_prompt(&self.doc())
    }

    /// Sandboxed writes are medium risk; writable host mounts or network access make it high.
    fn shell_risk_level(&self) -> RiskLevel {
        if self.writes_host || !self.doc().allow_net.is_empty() {
            RiskLevel::HighRisk
        } else {
            RiskLevel::MediumRisk
        }
    }

    fn shell_describe_call(&self, args: &Value) -> String {
        match args.get("commands").and_then(Value::as_str) {
            Some(c) => format!("run in the sandbox: {c}"),
            None => format!("{} {args}", self.shell_name()),
        }
    }

    fn run_script(
        &self,
        req: &ToolRequest,
        timeout: Option<Duration>,
        sink: Option<ByteSink>,
    ) -> ToolResponse {
        if let Some(e) = &self.config_error {
            return ToolResponse::failure(error_category::CONFIG, format!("sandsh: {e}"), 2);
        }
        let opts = exec_options(timeout, sink);
        let result = if self.fresh_per_call {
            let config = self.config().clone();
            Kernel::new(config).execute_with(&req.commands, opts)
        } else {
            self.with_kernel(|k| k.execute_with(&req.commands, opts))
        };
        result.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tool::{Tool, block_on};

    #[test]
    fn utf8_chunker_matches_lossy_decoding_of_the_whole() {
        let data = "héllo wörld ✓ done".as_bytes();
        let mut bad = data.to_vec();
        bad.insert(3, 0xff);
        bad.push(0xe2);
        for input in [data.to_vec(), bad] {
            for split in 0..input.len() {
                let mut c = Utf8Chunker::default();
                let mut s = c.push(&input[..split]);
                s.push_str(&c.push(&input[split..]));
                s.push_str(&c.finish());
                assert_eq!(s, String::from_utf8_lossy(&input), "split at {split}");
            }
        }
    }

    #[test]
    fn session_persists_between_calls() {
        let t = BashTool::new();
        block_on(t.execute(ToolRequest::new(
            "x=41; f() { echo $((x+1)); }; echo hi > /tmp/a",
        )));
        let r = block_on(t.execute(ToolRequest::new("f; cat /tmp/a")));
        assert_eq!(r.stdout, "42\nhi\n");
    }

    #[test]
    fn fresh_per_call_forgets() {
        let t = BashTool::builder().fresh_per_call(true).build();
        block_on(t.execute(ToolRequest::new("x=1; echo hi > /tmp/a")));
        let r = block_on(t.execute(ToolRequest::new("echo \"[$x]\"; cat /tmp/a")));
        assert_eq!(r.stdout, "[]\n");
        assert_eq!(r.exit_code, 1);
    }

    #[test]
    fn renamed_builtin_runs_under_new_name() {
        let cmd = Registry::standard().get("true").unwrap();
        let r = Renamed::new("yep", cmd);
        assert_eq!(r.spec().name, "yep");
    }
}
