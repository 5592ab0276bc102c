//! The interpreter as the kernel sees it: the methods a session uses to seed, run, reset and
//! query a [`Shell`], so that the kernel never reaches into the interpreter's fields (which
//! are private to `interp/`).

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use sandsh_runtime::budget::MemoryBudget;
use sandsh_syntax::ParseError;
use sandsh_vfs::{Clock, KernelBackend};

use super::io::{self, FdTable};
use super::{AskHook, Attrs, Env, ExecutionLimits, Flow, Shell, Stop};

/// Where a run's standard streams come from and go.
#[derive(Default)]
pub struct RunStreams {
    /// Standard input of the script (empty when `None`).
    pub stdin: Option<Box<dyn std::io::Read + Send>>,
    /// Receives stdout chunks as they are produced.
    pub on_stdout: Option<io::ChunkSink>,
    /// Receives stderr chunks as they are produced.
    pub on_stderr: Option<io::ChunkSink>,
    /// With a sink: chunks are only passed on, not also kept for [`RunCapture::finish`].
    pub stream_only: bool,
    /// Keep the head and the tail of a stream that passes the output limit (and a copy of
    /// the whole) rather than only its head.
    pub shape: Option<io::Shape>,
}

/// A run's standard output and error as [`RunCapture::finish`] hands them over.
pub struct RunOutput {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    /// For a shaped run, the stream that passed the limit (its bytes are in the cut, and
    /// `stdout`/`stderr` is then empty).
    pub stdout_cut: Option<io::Cut>,
    pub stderr_cut: Option<io::Cut>,
}

/// A run's captured standard output and error, from [`Shell::begin_run`] to
/// [`RunCapture::finish`], and the streams the run replaced.
pub struct RunCapture {
    out: Arc<io::Capture>,
    err: Arc<io::Capture>,
    saved: Option<FdTable>,
}

impl RunCapture {
    /// Write a message of the session's (a timeout, a limit, a truncation) to the run's
    /// standard error.
    pub fn note(&self, msg: &str) {
        let _ = io::write_all(&*self.err, msg.as_bytes());
    }

    pub fn stdout_truncated(&self) -> bool {
        self.out.truncated()
    }

    pub fn stderr_truncated(&self) -> bool {
        self.err.truncated()
    }

    /// What the run wrote. From now on session jobs' output waits for the next run (or
    /// `Shell::job_output`).
    pub fn finish(self, sh: &Shell) -> RunOutput {
        let relay = sh.job_output().clone();
        relay.end();
        let (stdout, stdout_cut) = self.out.detach_cut(relay.stream(0));
        let (stderr, stderr_cut) = self.err.detach_cut(relay.stream(1));
        RunOutput {
            stdout,
            stderr,
            stdout_cut,
            stderr_cut,
        }
    }
}

/// How a top-level script ended ([`Shell::run_top`]).
pub struct RunOutcome {
    /// The status of the last command (or the one `exit` gave).
    pub status: i32,
    /// Whether the script called `exit`.
    pub exited: bool,
    /// The syntax error that ended it, if any.
    pub parse_error: Option<ParseError>,
}

/// How a run ended, as far as the interpreter knows beyond its script's outcome.
pub struct RunEnd {
    /// Why the run was stopped from outside its own control flow (a limit, the memory budget).
    pub stop: Option<Stop>,
}

impl Shell {
    /// Set and export the session's starting variables (defaults, then the embedder's), then
    /// the variables every bash starts with. `HOSTNAME` is set but, as in bash, not exported.
    pub fn seed_environment<'a>(&mut self, vars: impl IntoIterator<Item = (&'a str, &'a str)>) {
        for (k, v) in vars {
            self.set_exported(k, v.as_bytes().to_vec());
        }
        self.init_child_vars();
        if let Some(v) = self.vars.get_mut("HOSTNAME") {
            v.attrs.clear(Attrs::EXPORT);
        }
    }

    /// Set `name` and mark it exported (errors, e.g. a read-only name, leave it as it was).
    pub(crate) fn set_exported(&mut self, name: &str, value: Vec<u8>) {
        let _ = self.vars.set_str(name, value);
        if let Some(var) = self.vars.get_mut(name) {
            var.attrs.set(Attrs::EXPORT);
        }
    }

    /// Reset the per-run state (stop reason, parse error, counters, the budget's exceeded
    /// flag) and connect the standard streams to `streams`, capturing output up to the
    /// output limit.
    pub fn begin_run(&mut self, streams: RunStreams) -> RunCapture {
        let max = self.env.limits.max_output_bytes;
        let memory = &self.env.memory;
        let capture = |sink: Option<io::ChunkSink>| match (sink, streams.shape) {
            (Some(s), _) if streams.stream_only => io::Capture::passthrough(max, s),
            (sink, Some(shape)) => io::Capture::shaped(max, sink, shape, memory),
            (sink, None) => io::Capture::new(max, sink),
        };
        let out = capture(streams.on_stdout);
        let err = capture(streams.on_stderr);
        let stdin: io::Fd = match streams.stdin {
            Some(r) => Arc::new(io::HostReader(std::sync::Mutex::new(r))),
            None => Arc::new(io::Null),
        };
        let saved = self.connect_run(stdin, out.clone() as io::Fd, err.clone() as io::Fd);
        RunCapture {
            out,
            err,
            saved: Some(saved),
        }
    }

    fn connect_run(&mut self, stdin: io::Fd, stdout: io::Fd, stderr: io::Fd) -> FdTable {
        if let Ok(mut stop) = self.env.stop.lock() {
            *stop = None;
        }
        self.env.memory.begin_run();
        self.top_parse_error = None;
        self.env.commands_run.store(0, Ordering::Relaxed);
        self.env.loop_iterations.store(0, Ordering::Relaxed);
        let saved = self.fds.clone();
        // Output of session jobs since the last run comes first; from now on it joins this run's.
        self.env.job_output.begin(stdout.clone(), stderr.clone());
        self.fds.set(0, Some(stdin));
        self.fds.set(1, Some(stdout));
        self.fds.set(2, Some(stderr));
        saved
    }

    /// Forget the remembered command locations (`hash -r`): commands were added or removed.
    pub fn forget_hashed(&mut self) {
        self.hashed.entries.clear();
    }

    /// Threads of the foreground run (pipeline stages, its jobs in subshells) right now;
    /// session jobs are not among them.
    pub fn run_threads(&self) -> usize {
        self.env.run_threads.load(Ordering::SeqCst)
    }

    /// Give a replacement environment (a restored snapshot's) what the session keeps across
    /// it: the command policy and whether it is interactive.
    pub fn carry_session_state(&self, new: &Env) {
        if let Some(p) = self.env.policy.get() {
            let _ = new.policy.set(p.clone());
        }
        let relaxed = Ordering::Relaxed;
        new.interactive
            .store(self.env.interactive.load(relaxed), relaxed);
    }

    /// `$BASH_EXECUTION_STRING`: the commands of `bash -c`, as bash sets it.
    pub(crate) fn set_execution_string(&mut self, src: &str) {
        let _ = self
            .vars
            .set_str("BASH_EXECUTION_STRING", src.as_bytes().to_vec());
    }

    /// Run a top-level script and, unless the session is interactive, the EXIT trap.
    pub fn run_top(&mut self, script: &str, interactive: bool) -> RunOutcome {
        self.exit_called = false;
        self.trace_pipe_gone.set(false);
        if self.dash_c {
            self.set_execution_string(script);
        }
        let r = self.run_script(script);
        // Only the `exit` builtin ends an interactive session: not a cancel, a limit or a fatal
        // expansion error, which also unwind as `Flow::Exit`.
        let exited = matches!(r, Err(Flow::Exit(_))) && self.exit_called && !self.is_cancelled();
        let status = match r {
            Ok(s) => s,
            Err(f) => f.status(self.last_status),
        };
        self.last_status = status;
        // An interactive session runs the EXIT trap when it ends, not after every line.
        if !interactive || exited {
            self.run_exit_trap();
        }
        RunOutcome {
            status: self.last_status,
            exited,
            parse_error: self.top_parse_error.take(),
        }
    }

    /// Restore the standard streams the run replaced and report how the run ended.
    pub fn end_run(&mut self, capture: &mut RunCapture) -> RunEnd {
        if let Some(fds) = capture.saved.take() {
            self.fds = fds;
        }
        RunEnd {
            stop: self.env.stop.lock().ok().and_then(|s| s.clone()),
        }
    }

    /// Threads running shell code (pipeline stages, jobs, process substitutions) right now.
    pub fn live_threads(&self) -> usize {
        self.env.live_threads.load(Ordering::SeqCst)
    }

    pub fn limits(&self) -> &ExecutionLimits {
        &self.env.limits
    }

    pub fn memory(&self) -> &Arc<MemoryBudget> {
        &self.env.memory
    }

    pub fn backend(&self) -> &Arc<dyn KernelBackend> {
        &self.env.backend
    }

    pub fn clock(&self) -> Clock {
        self.env.clock.clone()
    }

    /// Swap the shared environment (a restored snapshot's filesystem).
    pub fn replace_env(&mut self, env: Arc<Env>) {
        self.env = env;
    }

    /// Set who answers `ToolCtx::ask`.
    pub fn set_ask(&self, hook: Option<AskHook>) {
        if let Ok(mut slot) = self.env.ask.lock() {
            *slot = hook;
        }
    }

    /// Set `$0` and the positional parameters.
    pub fn set_args(&mut self, arg0: &str, args: Vec<Vec<u8>>) {
        self.arg0 = arg0.as_bytes().to_vec();
        self.positional = args;
    }

    /// Scripts come from `-c` (`$-` shows `c`) or from standard input (`s`).
    pub fn set_dash_c(&mut self, on: bool) {
        self.dash_c = on;
        self.input_flag = Some(if on { 'c' } else { 's' });
    }

    /// The script is the file `name` (for `caller` and error messages).
    pub fn set_source_name(&mut self, name: &str) {
        self.source_file = Some(name.to_string());
        self.input_flag = None;
    }

    /// The name errors start with (`sandsh: line 1: …`).
    pub fn set_error_name(&mut self, name: &str) {
        self.err_name = name.to_string();
    }

    pub fn cwd(&self) -> &Path {
        &self.cwd
    }

    pub fn last_status(&self) -> i32 {
        self.last_status
    }

    /// Function names, sorted.
    pub fn function_names(&self) -> Vec<String> {
        let mut v: Vec<String> = self.funcs.keys().cloned().collect();
        v.sort();
        v
    }

    /// (alias, value) pairs, sorted.
    pub fn alias_list(&self) -> Vec<(String, String)> {
        let mut v: Vec<(String, String)> = self
            .aliases
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        v.sort();
        v
    }

    /// A scalar variable's value (`None` when unset).
    pub fn var_str(&self, name: &str) -> Option<&[u8]> {
        self.vars.get_str(name)
    }

    /// Variable names, sorted.
    pub fn variable_names(&self) -> Vec<String> {
        self.vars.names()
    }

    // ----- What `analyze` asks of the session (read-only views) -----------------------------

    /// The session's command policy, when it has one.
    pub fn policy(&self) -> Option<&super::PolicyState> {
        self.env.policy.get()
    }

    /// Whether aliases are expanded (`shopt expand_aliases`).
    pub fn expands_aliases(&self) -> bool {
        self.opts.expand_aliases
    }

    /// The signals with a trap that runs code (not ignored, not reset), sorted.
    pub fn active_traps(&self) -> Vec<String> {
        let mut v: Vec<String> = self
            .traps
            .iter()
            .filter(|(_, action)| !action.is_empty())
            .map(|(sig, _)| sig.clone())
            .collect();
        v.sort();
        v
    }

    /// Where `hash` remembers `name` to be, if it does (without counting a use).
    pub fn remembered(&self, name: &str) -> Option<super::path::Found> {
        self.hashed.entries.get(name).cloned()
    }
}

impl Env {
    /// The filesystem this environment was made with.
    pub fn backend(&self) -> &Arc<dyn KernelBackend> {
        &self.backend
    }

    /// Set the command policy (once, when the kernel has one).
    pub fn set_policy(&self, p: super::PolicyState) {
        let _ = self.policy.set(p);
    }

    /// Set the hooks around every registered command (once, when the embedder gave some).
    pub fn set_hooks(&self, hooks: Arc<dyn sandsh_api::hooks::CommandHooks>) {
        let _ = self.hooks.set(hooks);
    }
}

impl Shell {
    /// Where session jobs' output goes between runs.
    pub fn job_output(&self) -> &Arc<super::jobs::OutputRelay> {
        &self.env.job_output
    }

    /// The root of the session jobs' cancellation tokens.
    pub fn jobs_root(&self) -> &Arc<super::jobs::JobsRoot> {
        &self.env.jobs_root
    }

    /// Mark the session interactive (`&` prints `[N] PID`).
    pub fn set_interactive(&self, on: bool) {
        self.env.interactive.store(on, Ordering::Relaxed);
    }

    /// Forget the session's jobs (after they were cancelled and joined).
    pub fn forget_jobs(&mut self) {
        self.jobs.jobs.clear();
    }
}
