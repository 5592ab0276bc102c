//! The kernel: one shell session, the public embedding API.
//!
//! A [`Kernel`] owns a filesystem, a command registry and a persistent shell (variables,
//! functions, aliases, options, cwd). Each [`Kernel::execute`] runs a script to completion on the
//! caller's thread, switched onto a large kernel-owned stack (so deep recursion is bounded by
//! limits rather than the caller's stack), with fresh captured stdout/stderr, and returns an
//! [`ExecResult`].

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

mod memwatch;
mod preload;
mod run_error;
mod snapshot;
mod toolsets;
mod watchdog;

pub use run_error::RunError;
pub use snapshot::{KERNEL_SNAPSHOT_VERSION, SnapshotError};

use sandsh_api::{Command, CommandSpec};
use sandsh_commands::{Registry, Toolset};
use sandsh_interp::{Env, EnvParts, RunEnd, RunOutcome, RunStreams, Shell, Stop};
use sandsh_runtime::budget::MemoryBudget;
use sandsh_runtime::stack::BigStack;
use sandsh_vfs::{KernelBackend, MemoryFs, MemoryFsLimits, MountMode, MountSpec, MountTable};

/// Receives output chunks as a run produces them ([`ExecOptions::on_stdout`]).
pub use sandsh_interp::io::ChunkSink;
pub use sandsh_interp::jobs::{JobInfo, JobState};
pub use sandsh_interp::{
    AskHook, CancelToken, CommandPolicy, ExecutionLimits, LIMIT_EXCEEDED_STATUS, Limit,
    LimitExceeded,
};
pub use watchdog::Watchdog;

/// Exit status of a run stopped by the script timeout.
pub const TIMEOUT_STATUS: i32 = 124;
/// Exit status of a cancelled run.
pub const CANCELLED_STATUS: i32 = 130;

/// Configuration of a kernel (builder style).
#[derive(Clone)]
pub struct KernelConfig {
    pub username: String,
    pub hostname: String,
    pub env: Vec<(String, String)>,
    /// Starting directory (default: the user's home).
    pub cwd: Option<String>,
    pub limits: ExecutionLimits,
    /// Script timeout for every `execute` (none by default).
    pub timeout: Option<Duration>,
    /// Extra commands registered on top of the standard ones.
    pub commands: Vec<Arc<dyn Command>>,
    /// The filesystem (default: a fresh [`MemoryFs`] with the standard tree).
    pub backend: Option<Arc<dyn KernelBackend>>,
    /// Host directories mounted into the VFS.
    pub mounts: Vec<MountSpec>,
    /// Network allowlist: `[METHODS ]URL-PREFIX` rules (see [`sandsh_net::policy`]); empty
    /// means no network at all.
    pub allow_net: Vec<String>,
    /// Cap on the time of one network request (default [`sandsh_net::DEFAULT_MAX_TIME`]).
    pub net_max_time: Duration,
    /// Toolsets registered at start (more can come with [`Kernel::register_toolset`]).
    pub toolsets: Vec<Toolset>,
    /// Files written into the VFS at start: (path, contents).
    pub files: Vec<(String, Vec<u8>)>,
    /// Host directories copied into the VFS at start: (host directory, VFS path).
    pub copies: Vec<(PathBuf, String)>,
    /// Which commands may run and which invocations are confirmed first
    /// ([`CommandPolicy`]; nothing is restricted by default).
    pub policy: CommandPolicy,
    /// The session's commands as a registry shared with whoever built it (the tool layer
    /// keeps one for all the sessions of a tool); `commands` and `toolsets` are then taken
    /// to be in it already. `None`: a registry of its own ([`KernelConfig::command_registry`]).
    pub shared_registry: Option<Arc<Registry>>,
}

impl Default for KernelConfig {
    fn default() -> Self {
        KernelConfig {
            username: "user".to_string(),
            hostname: "sandbox".to_string(),
            env: Vec::new(),
            cwd: None,
            limits: ExecutionLimits::default(),
            timeout: None,
            commands: Vec::new(),
            backend: None,
            mounts: Vec::new(),
            allow_net: Vec::new(),
            net_max_time: sandsh_net::DEFAULT_MAX_TIME,
            toolsets: Vec::new(),
            files: Vec::new(),
            copies: Vec::new(),
            policy: CommandPolicy::default(),
            shared_registry: None,
        }
    }
}

impl std::fmt::Debug for KernelConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KernelConfig")
            .field("username", &self.username)
            .field("hostname", &self.hostname)
            .field("cwd", &self.cwd)
            .finish_non_exhaustive()
    }
}

impl KernelConfig {
    pub fn new() -> Self {
        Self::default()
    }

    /// Run the sessions of this configuration on `registry`, shared with whoever built it
    /// (see [`KernelConfig::shared_registry`]).
    pub fn with_shared_registry(mut self, registry: Arc<Registry>) -> Self {
        self.shared_registry = Some(registry);
        self
    }

    /// The commands a session of this configuration starts with: the standard ones, then
    /// the configuration's commands and toolsets.
    pub fn command_registry(&self) -> Registry {
        let registry = Registry::standard();
        for c in &self.commands {
            registry.register(c.clone());
        }
        for set in &self.toolsets {
            registry.register_toolset(set);
        }
        registry
    }
    pub fn username(mut self, u: impl Into<String>) -> Self {
        self.username = u.into();
        self
    }
    pub fn hostname(mut self, h: impl Into<String>) -> Self {
        self.hostname = h.into();
        self
    }
    pub fn env(mut self, k: impl Into<String>, v: impl Into<String>) -> Self {
        self.env.push((k.into(), v.into()));
        self
    }
    pub fn cwd(mut self, c: impl Into<String>) -> Self {
        self.cwd = Some(c.into());
        self
    }
    pub fn limits(mut self, l: ExecutionLimits) -> Self {
        self.limits = l;
        self
    }
    pub fn timeout(mut self, t: Duration) -> Self {
        self.timeout = Some(t);
        self
    }
    pub fn command(mut self, c: Arc<dyn Command>) -> Self {
        self.commands.push(c);
        self
    }
    pub fn backend(mut self, b: Arc<dyn KernelBackend>) -> Self {
        self.backend = Some(b);
        self
    }
    /// Allow network requests matching `rule`: a URL prefix, optionally preceded by the
    /// methods allowed (`https://api.example.com/v1/`, `POST,GET https://api.example.com/v1/`,
    /// `* http://127.0.0.1:8080/`). GET and HEAD when no method is listed.
    pub fn allow_net(mut self, rule: impl Into<String>) -> Self {
        self.allow_net.push(rule.into());
        self
    }
    /// Register a toolset at start.
    pub fn toolset(mut self, set: Toolset) -> Self {
        self.toolsets.push(set);
        self
    }
    /// Write a file into the VFS at start (parent directories are created).
    pub fn file(mut self, path: impl Into<String>, contents: impl Into<Vec<u8>>) -> Self {
        self.files.push((path.into(), contents.into()));
        self
    }
    /// Copy the host directory `host` (recursively: files, directories, symlinks) to
    /// `vfs_path` at start. Unlike a mount, the session works on its own copy; the copy
    /// counts against the VFS limits.
    pub fn copy_dir(mut self, host: impl Into<PathBuf>, vfs_path: impl Into<String>) -> Self {
        self.copies.push((host.into(), vfs_path.into()));
        self
    }
    /// Cap the time of one network request.
    pub fn net_max_time(mut self, t: Duration) -> Self {
        self.net_max_time = t;
        self
    }
    /// Set the command policy (deny- and allow-lists, confirmation above a risk level).
    pub fn policy(mut self, p: CommandPolicy) -> Self {
        self.policy = p;
        self
    }
    /// Mount the host directory `host` at `vfs_path` (`ro`, `overlay` or `rw`).
    pub fn mount(
        mut self,
        host: impl Into<PathBuf>,
        vfs_path: impl Into<PathBuf>,
        mode: MountMode,
    ) -> Self {
        self.mounts.push(MountSpec {
            host: host.into(),
            path: sandsh_vfs::normalize(std::path::Path::new("/"), &vfs_path.into()),
            mode,
        });
        self
    }
}

/// The result of one `execute`.
#[derive(Debug, Clone, Default)]
pub struct ExecResult {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub exit_code: i32,
    /// Why the run did not end normally, if it did not.
    pub error: Option<RunError>,
    pub stdout_truncated: bool,
    pub stderr_truncated: bool,
    pub duration: Duration,
    /// The syntax error that stopped the script, if any.
    pub parse_error: Option<sandsh_syntax::ParseError>,
}

impl ExecResult {
    pub fn stdout_str(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }
    pub fn stderr_str(&self) -> String {
        String::from_utf8_lossy(&self.stderr).into_owned()
    }

    /// The result as one JSON object: seed 000's `ToolResponse` fields plus truncation flags,
    /// the duration and, for a syntax error, miette's JSON diagnostic against `script`.
    pub fn to_json(&self, script: &str) -> String {
        let diagnostic = self.parse_error.as_ref().and_then(|e| {
            let report = miette::Report::new(e.clone()).with_source_code(script.to_string());
            let mut s = String::new();
            miette::JSONReportHandler::new()
                .render_report(&mut s, report.as_ref())
                .ok()?;
            serde_json::from_str::<serde_json::Value>(&s).ok()
        });
        let v = serde_json::json!({
            "stdout": self.stdout_str(),
            "stderr": self.stderr_str(),
            "exit_code": self.exit_code,
            "error": self.error,
            "stdout_truncated": self.stdout_truncated,
            "stderr_truncated": self.stderr_truncated,
            "duration_ms": self.duration.as_millis() as u64,
            "diagnostic": diagnostic,
        });
        v.to_string()
    }
}

/// Receives `(stdout_chunk, stderr_chunk)` as output is produced; one of them is empty.
pub type OutputCallback = Arc<dyn Fn(&[u8], &[u8]) + Send + Sync>;

/// Options for one run.
#[derive(Default)]
pub struct ExecOptions {
    /// Standard input of the script (empty when `None`).
    pub stdin: Option<Box<dyn std::io::Read + Send>>,
    /// Receives stdout chunks as they are produced.
    pub on_stdout: Option<ChunkSink>,
    /// Receives stderr chunks as they are produced.
    pub on_stderr: Option<ChunkSink>,
    /// Overrides the kernel's script timeout for this run.
    pub timeout: Option<Duration>,
    /// Variables exported for this run only (restored afterwards).
    pub env: Vec<(String, String)>,
    /// The directory this run starts in (the session's directory is restored afterwards).
    pub cwd: Option<String>,
    /// With `on_stdout`/`on_stderr`: the chunks are only passed on, not also kept for the
    /// result (whose `stdout`/`stderr` then stay empty), so a run that writes a lot holds no
    /// copy of it. What a CLI printing as the run goes wants.
    pub stream_only: bool,
}

/// One shell session.
pub struct Kernel {
    shell: Box<Shell>,
    /// The commands: the shell finds them through the API's `CommandRegistry`; the kernel
    /// registers and removes them at run time.
    registry: Arc<Registry>,
    /// The stack scripts run on (on the caller's thread), mapped at the first run and kept
    /// for the kernel's life.
    stack: Option<BigStack>,
    cancel: CancelToken,
    watchdog: Watchdog,
    timeout: Option<Duration>,
    /// The in-memory root filesystem (what snapshots save), unless a custom backend was given.
    root: Option<Arc<MemoryFs>>,
    mounts: Vec<MountSpec>,
    /// The session's network access under its allowlist (`None`: no network).
    network: Option<Arc<sandsh_net::Net>>,
    /// A configuration error (a mount that failed) reported by every run.
    config_error: Option<String>,
    /// Frontend state: interactive session, and whether the last run called `exit`.
    interactive: bool,
    exited: bool,
}

impl Kernel {
    /// Create a session. A mount that cannot be opened does not panic: every `execute` of
    /// the kernel then fails with the mount error (use [`Kernel::try_new`] to get it up front).
    ///
    /// THREAT INFO-KERN-1, INFO-ENV-1: a kernel owns its filesystem, shell state, budget,
    /// watchdog and cancellation token, and starts from its own variables, never the host's.
    pub fn new(config: KernelConfig) -> Self {
        Self::build(config)
    }

    /// The configuration error every run of this session reports (a mount that failed, a
    /// bad network allowlist or policy), if any.
    pub fn config_error(&self) -> Option<&str> {
        self.config_error.as_deref()
    }

    /// Create a session, failing when a mount cannot be opened.
    pub fn try_new(config: KernelConfig) -> Result<Self, String> {
        let k = Self::build(config);
        match &k.config_error {
            Some(e) => Err(e.clone()),
            None => Ok(k),
        }
    }

    fn mount_all(
        root: Arc<MemoryFs>,
        mounts: &[MountSpec],
    ) -> (Arc<dyn KernelBackend>, Option<String>) {
        if mounts.is_empty() {
            return (root, None);
        }
        let table = MountTable::new(root);
        let mut err = None;
        for m in mounts {
            if let Err(e) = table.mount_spec(m) {
                err.get_or_insert_with(|| format!("mount {}: {e}", m.host.display()));
            }
        }
        (Arc::new(table), err)
    }

    /// The session's environment; `root` is the in-memory root when nothing is mounted.
    /// The interpreter's environment for a session: `parts` as the kernel assembled them,
    /// with every command's `/usr/bin` entry installed and the memory budget's hook set.
    fn make_env(
        mut parts: EnvParts,
        root: Option<&MemoryFs>,
        registry: &Registry,
        watchdog: &Watchdog,
    ) -> Arc<Env> {
        parts.command_entries =
            sandsh_interp::path::install_entries(&*parts.backend, root, &registry.command_names());
        let wd = watchdog.clone();
        parts.patience = Some(Arc::new(move |budget| wd.hold(budget)));
        let memory = parts.memory.clone();
        let env = Env::new(parts);
        // Crossing the budget stops the run like any limit (weak: the budget lives in the env).
        let weak = Arc::downgrade(&env);
        memory.set_hook(Box::new(move || {
            if let Some(e) = weak.upgrade() {
                e.stop_for_memory();
            }
        }));
        env
    }

    fn memfs_limits(l: &ExecutionLimits) -> MemoryFsLimits {
        MemoryFsLimits {
            max_total_bytes: Some(l.max_vfs_bytes),
            max_files: Some(l.max_files),
            max_file_size: Some(l.max_file_size),
        }
    }

    fn build(config: KernelConfig) -> Self {
        let memory = MemoryBudget::new(config.limits.max_memory);
        let (backend, root, config_error) = match &config.backend {
            Some(b) => (b.clone(), None, None),
            None => {
                let root = Arc::new(
                    MemoryFs::with_default_tree(&config.username)
                        .with_limits(Self::memfs_limits(&config.limits))
                        .with_budget(memory.clone()),
                );
                let (b, err) = Self::mount_all(root.clone(), &config.mounts);
                (b, Some(root), err)
            }
        };
        let (network, config_error) = if config.allow_net.is_empty() {
            (None, config_error)
        } else {
            match sandsh_net::NetPolicy::parse(&config.allow_net) {
                Ok(policy) => {
                    let net = sandsh_net::Net::with_max_time(
                        policy,
                        config.limits.max_net_bytes,
                        config.net_max_time,
                    );
                    (Some(net), config_error)
                }
                Err(e) => (
                    None,
                    config_error.or(Some(format!("network allowlist: {e}"))),
                ),
            }
        };
        let config_error = config_error.or_else(|| config.policy.check().err());
        let registry = match &config.shared_registry {
            Some(r) => r.clone(),
            None => Arc::new(config.command_registry()),
        };
        let cancel = CancelToken::new();
        // Idle until the first run: a cancel between runs is dropped.
        cancel.disarm();
        let watchdog = Watchdog::new();
        let bare_root = root.as_deref().filter(|_| config.mounts.is_empty());
        let parts = EnvParts {
            backend,
            registry: registry.clone(),
            limits: config.limits.clone(),
            root_cancel: cancel.clone(),
            memory,
            patience: None,
            command_entries: false,
            network: network.clone(),
        };
        let env = Self::make_env(parts, bare_root, &registry, &watchdog);
        let config_error = config_error
            .or_else(|| preload::preload(&**env.backend(), &config.files, &config.copies).err());
        let config_error = config_error.or_else(|| {
            let dir = config.cwd.as_deref()?;
            let p = sandsh_vfs::normalize(std::path::Path::new("/"), std::path::Path::new(dir));
            match env.backend().stat(&p) {
                Ok(m) if m.is_dir() => None,
                Ok(_) => Some(format!("cwd {dir}: Not a directory")),
                Err(_) => Some(format!("cwd {dir}: No such file or directory")),
            }
        });
        if !config.policy.is_empty() {
            let rw = config
                .mounts
                .iter()
                .filter(|m| m.mode == MountMode::ReadWrite)
                .map(|m| m.path.clone())
                .collect();
            env.set_policy(sandsh_interp::PolicyState::new(config.policy.clone(), rw));
        }
        let home = format!("/home/{}", config.username);
        let cwd = match &config.cwd {
            Some(dir) => {
                sandsh_vfs::normalize(std::path::Path::new("/"), std::path::Path::new(dir))
            }
            None => PathBuf::from(&home),
        };
        let mut shell = Box::new(Shell::new(env, cwd, cancel.clone()));
        let defaults = [
            ("HOME", home.as_str()),
            ("USER", config.username.as_str()),
            ("LOGNAME", config.username.as_str()),
            ("HOSTNAME", config.hostname.as_str()),
            ("PATH", "/usr/local/bin:/usr/bin:/bin"),
            ("LANG", "C.UTF-8"),
            ("TERM", "dumb"),
            ("SHELL", "/bin/bash"),
        ];
        shell.seed_environment(
            defaults
                .into_iter()
                .chain(config.env.iter().map(|(k, v)| (k.as_str(), v.as_str()))),
        );
        Kernel {
            shell,
            registry,
            stack: None,
            cancel,
            watchdog,
            timeout: config.timeout,
            root,
            mounts: config.mounts,
            network,
            config_error,
            interactive: false,
            exited: false,
        }
    }

    /// Run a script; files, variables and functions persist to the next call.
    pub fn execute(&mut self, script: &str) -> ExecResult {
        self.execute_with(script, ExecOptions::default())
    }

    /// Run a script, delivering output chunks to `callback(stdout, stderr)` as they reach the
    /// final output. The returned result still holds the whole output.
    pub fn execute_streaming(&mut self, script: &str, callback: OutputCallback) -> ExecResult {
        let out_cb = callback.clone();
        let err_cb = callback;
        self.execute_with(
            script,
            ExecOptions {
                stdin: None,
                on_stdout: Some(Arc::new(move |b: &[u8]| out_cb(b, b""))),
                on_stderr: Some(Arc::new(move |b: &[u8]| err_cb(b"", b))),
                ..ExecOptions::default()
            },
        )
    }

    /// Run a script with explicit options.
    pub fn execute_with(&mut self, script: &str, opts: ExecOptions) -> ExecResult {
        // First of all: from here on a cancel from another thread lands, even one that arrives
        // before the run has got going (THREAT DOS-CANCEL-3).
        self.cancel.reset();
        let mut opts = opts;
        let (env, cwd) = (std::mem::take(&mut opts.env), opts.cwd.take());
        let saved = match self.shell.apply_overrides(&env, cwd.as_deref()) {
            Ok(saved) => saved,
            Err(e) => {
                self.cancel.disarm();
                let msg = format!("sandsh: {e}\n");
                if let Some(cb) = &opts.on_stderr {
                    cb(msg.as_bytes());
                }
                return ExecResult {
                    stderr: msg.into_bytes(),
                    exit_code: 1,
                    error: Some(RunError::InvalidRequest),
                    ..ExecResult::default()
                };
            }
        };
        let result = self.execute_armed(script, opts);
        self.shell.restore_overrides(saved);
        self.end_threads();
        self.cancel.disarm();
        result
    }

    /// No thread outlives its run (THREAT DOS-PROC-2) but the session's jobs: jobs started in
    /// subshells, `$(…)` and pipeline stages belong to the run, so the run is cancelled and
    /// every one of its threads running shell code is waited for (bounded: a command that
    /// ignores cancellation cannot hang the caller). Session jobs (a top-level `cmd &`) have
    /// tokens of their own and keep running.
    fn end_threads(&self) {
        if self.shell.run_threads() == 0 {
            return;
        }
        self.shell
            .drain_procsubs(Instant::now() + Duration::from_secs(2));
        self.cancel.cancel();
        let deadline = Instant::now() + Duration::from_secs(5);
        while self.shell.live_threads() > 0 && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    fn execute_armed(&mut self, script: &str, opts: ExecOptions) -> ExecResult {
        let start = Instant::now();
        // A run that cannot start: the message goes to stderr (and its callback) alone.
        let refuse = |msg: String, exit_code: i32, error: RunError| {
            if let Some(cb) = &opts.on_stderr {
                cb(msg.as_bytes());
            }
            ExecResult {
                stderr: msg.into_bytes(),
                exit_code,
                error: Some(error),
                duration: start.elapsed(),
                ..ExecResult::default()
            }
        };
        if let Some(e) = &self.config_error {
            return refuse(format!("sandsh: {e}\n"), 1, RunError::Config);
        }
        let limits = self.shell.limits().clone();
        if script.len() > limits.max_script_bytes {
            let limit = limits.exceeded(Limit::ScriptBytes);
            return refuse(
                format!("sandsh: {limit}\n"),
                LIMIT_EXCEEDED_STATUS,
                RunError::LimitExceeded,
            );
        }
        if self
            .stack
            .as_ref()
            .is_none_or(|s| s.size() != limits.max_stack_bytes)
        {
            self.stack = None;
            self.stack = BigStack::new(limits.max_stack_bytes);
        }
        let Some(stack) = self.stack.as_mut() else {
            let msg = "sandsh: cannot map the interpreter stack\n".to_string();
            return refuse(msg, 70, RunError::Internal);
        };
        let _memory_watch = memwatch::watch(self.shell.memory());
        let timeout = opts.timeout.or(self.timeout);
        if let Err(e) = self.watchdog.arm(timeout, &self.cancel) {
            return refuse(format!("sandsh: {e}\n"), 70, RunError::Internal);
        }
        let mut capture = self.shell.begin_run(RunStreams {
            stdin: opts.stdin,
            on_stdout: opts.on_stdout,
            on_stderr: opts.on_stderr,
            stream_only: opts.stream_only,
        });
        let interactive = self.interactive;
        let shell = &mut self.shell;
        let outcome = stack.run(|| {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                shell.run_top(script, interactive)
            }))
            .unwrap_or(RunOutcome {
                status: 70,
                exited: false,
                parse_error: None,
            })
        });
        let RunOutcome {
            status,
            exited,
            parse_error,
        } = outcome;
        self.exited = exited;
        let timed_out = self.watchdog.disarm();
        // Session jobs outlive the run (`interp::jobs`); the run's other threads do not.
        let RunEnd { stop } = self.shell.end_run(&mut capture);
        let cancelled = self.cancel.is_cancelled();
        let (exit_code, error, note) = if timed_out {
            let t = timeout.unwrap_or_default();
            (
                TIMEOUT_STATUS,
                Some(RunError::Timeout),
                Some(format!("sandsh: timed out after {}\n", format_duration(t))),
            )
        } else {
            match stop {
                Some(Stop::Limit(l)) => (
                    LIMIT_EXCEEDED_STATUS,
                    Some(RunError::LimitExceeded),
                    Some(format!("sandsh: {l}\n")),
                ),
                None if cancelled => (CANCELLED_STATUS, Some(RunError::Cancelled), None),
                None if parse_error.is_some() => (status, Some(RunError::ParseError), None),
                None => (status, None, None),
            }
        };
        if let Some(n) = &note {
            capture.note(n);
        }
        // THREAT DOS-OUT-2: output past the limit is dropped, flagged and said so.
        let stdout_truncated = capture.stdout_truncated();
        if stdout_truncated {
            capture.note(&format!(
                "sandsh: stdout truncated at {} bytes; raise with {}\n",
                limits.max_output_bytes,
                Limit::OutputBytes.long()
            ));
        }
        let stderr_truncated = capture.stderr_truncated();
        self.end_threads();
        let (stdout, stderr) = capture.finish(&self.shell);
        ExecResult {
            stdout,
            stderr,
            exit_code,
            error,
            stdout_truncated,
            stderr_truncated,
            duration: start.elapsed(),
            parse_error,
        }
    }

    /// The names of the shell builtins (`cd`, `export`, `echo`, …), sorted. Together with
    /// [`Kernel::commands`] this is everything a script can run besides its own functions.
    pub fn builtin_names() -> &'static [&'static str] {
        sandsh_interp::builtin_names()
    }

    /// The builtins' specs (synopsis, summary, examples), sorted by name.
    pub fn builtin_specs() -> Vec<&'static CommandSpec> {
        sandsh_interp::builtin_specs().collect()
    }

    /// The commands registered in this session (standard and custom), sorted by name.
    pub fn commands(&self) -> Vec<Arc<dyn Command>> {
        self.registry.commands()
    }

    /// The configured script timeout.
    pub fn timeout(&self) -> Option<Duration> {
        self.timeout
    }

    /// Change the script timeout for later runs.
    pub fn set_timeout(&mut self, t: Option<Duration>) {
        self.timeout = t;
    }

    /// A handle that cancels the running script from another thread.
    pub fn cancel_handle(&self) -> CancelToken {
        self.cancel.clone()
    }

    /// Cancel the running script (the foreground run only: session jobs keep running; see
    /// [`Kernel::cancel_jobs`]).
    pub fn cancel(&self) {
        self.cancel.cancel();
    }

    /// Cancel every background job of the session (they end as if killed, status 130).
    pub fn cancel_jobs(&self) {
        self.shell.jobs_root().cancel_all();
    }

    /// A handle that cancels the session's background jobs from another thread (with
    /// [`JobsCancelHandle::cancel_with_foreground`], the running script too).
    pub fn jobs_cancel_handle(&self) -> JobsCancelHandle {
        JobsCancelHandle {
            jobs: self.shell.jobs_root().clone(),
            run: self.cancel.clone(),
        }
    }

    /// The session's background jobs (`cmd &` run at the top level, in this or an earlier
    /// run) that have not been waited for or reported, oldest first.
    pub fn jobs(&self) -> Vec<JobInfo> {
        self.shell.job_infos()
    }

    /// bash's notices for the jobs that have ended since the last call
    /// (`[1]+  Done                    sleep 1`, one a line), forgetting them as an
    /// interactive shell does after printing them before its prompt.
    pub fn job_notices(&mut self) -> String {
        self.shell.job_notices()
    }

    /// What background jobs wrote (stdout, stderr) since the last run ended; otherwise it is
    /// delivered at the start of the next run's output.
    pub fn take_job_output(&self) -> (Vec<u8>, Vec<u8>) {
        self.shell.job_output().take()
    }

    /// Cancel the session's jobs and wait for their threads (bounded, as at the end of a run),
    /// forgetting them: before the kernel goes or its environment is replaced.
    fn end_session_jobs(&mut self) {
        self.shell.jobs_root().cancel_all();
        let deadline = Instant::now() + Duration::from_secs(5);
        while self.shell.live_threads() > 0 && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(1));
        }
        self.shell.forget_jobs();
    }

    /// The filesystem.
    pub fn backend(&self) -> Arc<dyn KernelBackend> {
        self.shell.backend().clone()
    }

    /// Set shell options before running (`-e`, `-u`, `-x`, `-o name`).
    pub fn set_option(&mut self, name: &str, on: bool) -> bool {
        self.shell.set_option(name, on)
    }

    /// Set `$0` and the positional parameters.
    pub fn set_args(&mut self, arg0: &str, args: Vec<Vec<u8>>) {
        self.shell.set_args(arg0, args);
    }

    /// Behave as `bash -c` (used by `sandsh -c`): an unset-parameter error exits 127.
    pub fn set_command_mode(&mut self, on: bool) {
        self.shell.set_dash_c(on);
    }

    /// Mark the session as running a script file (`FUNCNAME` then ends with `main`).
    pub fn set_script_file(&mut self, name: &str) {
        self.shell.set_source_name(name);
    }

    /// Set the name used as the prefix of error messages.
    pub fn set_error_name(&mut self, name: &str) {
        self.shell.set_error_name(name);
    }

    // ----- Frontend queries (the REPL; read-only views of the session) -------------------------

    /// Mark the session as interactive: the EXIT trap then runs only when `exit` is called.
    pub fn set_interactive(&mut self, on: bool) {
        self.interactive = on;
        self.shell.set_interactive(on);
    }

    /// Whether the last run ended by calling `exit` (its status is the run's exit code).
    pub fn exit_requested(&self) -> bool {
        self.exited
    }

    /// Run the EXIT trap, if set (an interactive session ending at end of input).
    pub fn run_exit_trap(&mut self) {
        self.shell.run_exit_trap();
    }

    /// The working directory.
    pub fn cwd(&self) -> String {
        self.shell.cwd().to_string_lossy().into_owned()
    }

    /// `$?`: the status of the last command run.
    pub fn last_status(&self) -> i32 {
        self.shell.last_status()
    }

    /// The value of a scalar variable (`None` when unset).
    pub fn var(&self, name: &str) -> Option<String> {
        self.shell
            .var_str(name)
            .map(|v| String::from_utf8_lossy(v).into_owned())
    }

    /// Expand the backslash escapes of a prompt string (`\u \h \w \W \$ \t \d \n \e`…),
    /// as bash does for `PS1`.
    pub fn expand_prompt(&self, ps: &str) -> String {
        String::from_utf8_lossy(&self.shell.prompt_expand(ps.as_bytes())).into_owned()
    }

    /// The names a frontend completes and highlights, each list sorted.
    pub fn completion_names(&self) -> CompletionNames {
        let functions = self.shell.function_names();
        let aliases = self.shell.alias_list();
        let mut commands: Vec<String> = self
            .registry
            .commands()
            .iter()
            .map(|c| c.spec().name.to_string())
            .collect();
        commands.sort();
        commands.dedup();
        CompletionNames {
            builtins: sandsh_interp::builtin_names()
                .iter()
                .map(|s| s.to_string())
                .collect(),
            commands,
            functions,
            aliases,
            variables: self.shell.variable_names(),
        }
    }

    /// The registered command called `name` (for its `CommandSpec`).
    pub fn command(&self, name: &str) -> Option<Arc<dyn Command>> {
        self.registry.get(name)
    }

    /// Set who answers `ToolCtx::ask` (`None`: every question is answered no).
    pub fn set_ask(&self, hook: Option<sandsh_interp::AskHook>) {
        self.shell.set_ask(hook);
    }
}

/// Names known to a session (see [`Kernel::completion_names`]).
#[derive(Debug, Clone, Default)]
pub struct CompletionNames {
    pub builtins: Vec<String>,
    pub commands: Vec<String>,
    pub functions: Vec<String>,
    /// (name, replacement text)
    pub aliases: Vec<(String, String)>,
    pub variables: Vec<String>,
}

/// Cancels a session's background jobs from any thread ([`Kernel::jobs_cancel_handle`]).
#[derive(Clone)]
pub struct JobsCancelHandle {
    jobs: Arc<sandsh_interp::jobs::JobsRoot>,
    run: CancelToken,
}

impl JobsCancelHandle {
    /// Cancel the background jobs (the running script, if any, goes on).
    pub fn cancel(&self) {
        self.jobs.cancel_all();
    }

    /// Cancel the running script and the background jobs.
    pub fn cancel_with_foreground(&self) {
        self.run.cancel();
        self.jobs.cancel_all();
    }
}

impl Drop for Kernel {
    /// No thread outlives its kernel (THREAT DOS-PROC-2): the session's jobs are cancelled and
    /// waited for (bounded, as at the end of a run).
    fn drop(&mut self) {
        self.end_session_jobs();
        self.watchdog.shutdown();
    }
}

/// `2s`, `1.5s`, `500ms`, `2m` as people write them.
pub fn format_duration(d: Duration) -> String {
    let ms = d.as_millis();
    if ms.is_multiple_of(60_000) && ms >= 60_000 {
        format!("{}m", ms / 60_000)
    } else if ms.is_multiple_of(1000) {
        format!("{}s", ms / 1000)
    } else if ms < 1000 {
        format!("{ms}ms")
    } else {
        format!("{}s", d.as_secs_f64())
    }
}

/// Parse `30`, `1.5`, `500ms`, `2s`, `2m`, `1h` (a bare number is seconds).
pub fn parse_duration(s: &str) -> Option<Duration> {
    sandsh_text::duration::parse_duration(s)
}
