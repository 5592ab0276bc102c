//! The kernel: one shell session, the public embedding API.
//!
//! A [`Kernel`] owns a filesystem, a command registry and a persistent shell (variables,
//! functions, aliases, options, cwd). Each [`Kernel::execute`] runs a script to completion on the
//! caller's thread, switched onto a large stack the process lends it for the run (so deep
//! recursion is bounded by limits rather than the caller's stack), with fresh captured
//! stdout/stderr, and returns an [`ExecResult`].

use sandsh_runtime::time::Instant;
use std::sync::Arc;
use std::time::Duration;

mod analyze;
mod assemble;
mod config;
mod memwatch;
mod output;
mod preload;
mod result;
mod run;
mod run_error;
mod snapshot;
mod ticket;
mod toolsets;
mod watchdog;

pub use config::KernelConfig;
pub(crate) use config::config_setters;
pub use output::{OUTPUT_DIR, OutputCut};
pub use result::{ExecOptions, ExecResult, OutputCallback};
pub use run_error::RunError;
pub use snapshot::{KERNEL_SNAPSHOT_VERSION, SnapshotError};
pub use ticket::RunTicket;

use sandsh_api::{Command, CommandSpec};
use sandsh_commands::Registry;
use sandsh_interp::Shell;
use sandsh_vfs::{KernelBackend, MemoryFs, MountSpec};

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

/// One shell session.
pub struct Kernel {
    shell: Box<Shell>,
    /// The commands: the shell finds them through the API's `CommandRegistry`; the kernel
    /// registers and removes them at run time.
    registry: Arc<Registry>,
    cancel: CancelToken,
    watchdog: Watchdog,
    timeout: Option<Duration>,
    /// How output past the output limit is kept.
    output: crate::config::OutputConfig,
    /// The in-memory root filesystem (what snapshots save), unless a custom backend was given.
    root: Option<Arc<MemoryFs>>,
    mounts: Vec<MountSpec>,
    /// The session's network access under its allowlist (`None`: no network).
    network: Option<Arc<sandsh_net::Net>>,
    /// A configuration error (a mount that failed) reported by every run.
    config_error: Option<String>,
    /// The session's trace, when one is kept.
    tracer: Option<Arc<crate::trace::Tracer>>,
    /// Frontend state: interactive session, and whether the last run called `exit`.
    interactive: bool,
    exited: bool,
}

impl Kernel {
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
