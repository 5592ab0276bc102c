//! One run: arming the cancellation token and the watchdog, switching onto the kernel's
//! stack, running the script in the interpreter, and turning how it ended (a timeout, a
//! tripped limit, a cancel, a parse error) into the [`ExecResult`].

use sandsh_runtime::time::Instant;
use std::sync::Arc;
use std::time::Duration;

use sandsh_interp::{RunEnd, RunOutcome, RunStreams, Stop};
use sandsh_runtime::stack::BigStack;

use super::{
    CANCELLED_STATUS, ExecOptions, ExecResult, Kernel, LIMIT_EXCEEDED_STATUS, Limit,
    OutputCallback, OutputCut, RunError, TIMEOUT_STATUS, format_duration, memwatch, output,
};

impl Kernel {
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
        if let Some(t) = &self.tracer {
            t.begin_run();
        }
        let (result, note) = self.execute_armed(script, opts);
        if let Some(t) = &self.tracer {
            t.end_run(&result, note.as_deref());
        }
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

    /// The run's result, and the message the sandsh added when it ended it (a limit, a
    /// timeout, a run that could not start).
    fn execute_armed(&mut self, script: &str, opts: ExecOptions) -> (ExecResult, Option<String>) {
        let start = Instant::now();
        // A run that cannot start: the message goes to stderr (and its callback) alone.
        let refuse = |msg: String, exit_code: i32, error: RunError| {
            if let Some(cb) = &opts.on_stderr {
                cb(msg.as_bytes());
            }
            let note = msg.trim_end().to_string();
            let r = ExecResult {
                stderr: msg.into_bytes(),
                exit_code,
                error: Some(error),
                duration: start.elapsed(),
                ..ExecResult::default()
            };
            (r, Some(note))
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
        // The stack is the process's, lent for this run (an idle session holds none).
        let Some(mut stack) = BigStack::take(limits.max_stack_bytes) else {
            let msg = "sandsh: cannot map the interpreter stack\n".to_string();
            return refuse(msg, 70, RunError::Internal);
        };
        let _memory_watch = memwatch::watch(self.shell.memory());
        let _metered = self.shell.memory().meter();
        let timeout = opts.timeout.or(self.timeout);
        if let Err(e) = self.watchdog.arm(timeout, &self.cancel) {
            return refuse(format!("sandsh: {e}\n"), 70, RunError::Internal);
        }
        let mut capture = self.shell.begin_run(RunStreams {
            stdin: opts.stdin,
            on_stdout: opts.on_stdout,
            on_stderr: opts.on_stderr,
            stream_only: opts.stream_only,
            shape: super::output::shape(&self.output, limits.max_output_bytes),
        });
        self.begin_approval(script);
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
        stack.give_back();
        self.end_approval();
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
        // THREAT DOS-OUT-2: output past the limit is dropped, flagged and said so (in the
        // stream itself when its head and tail are kept, below).
        let stdout_truncated = capture.stdout_truncated();
        if stdout_truncated && self.output.head() >= 1.0 {
            capture.note(&format!(
                "sandsh: stdout truncated at {} bytes; raise with {}\n",
                limits.max_output_bytes,
                Limit::OutputBytes.long()
            ));
        }
        let stderr_truncated = capture.stderr_truncated();
        self.end_threads();
        let out = capture.finish(&self.shell);
        let (stdout, stdout_cut, stderr, stderr_cut) =
            self.settle_output(out, limits.max_output_bytes);
        let r = ExecResult {
            stdout,
            stderr,
            exit_code,
            error,
            stdout_truncated,
            stderr_truncated,
            stdout_cut,
            stderr_cut,
            duration: start.elapsed(),
            parse_error,
        };
        (r, note.map(|n| n.trim_end().to_string()))
    }

    /// The run's output, with a stream that passed the limit turned into its head, its tail
    /// and the line naming where it was saved.
    fn settle_output(
        &self,
        out: sandsh_interp::RunOutput,
        limit: usize,
    ) -> (Vec<u8>, Option<OutputCut>, Vec<u8>, Option<OutputCut>) {
        let sandsh_interp::RunOutput {
            stdout,
            stderr,
            stdout_cut,
            stderr_cut,
        } = out;
        if stdout_cut.is_none() && stderr_cut.is_none() {
            return (stdout, None, stderr, None);
        }
        let backend = self.shell.backend().clone();
        let number = output::next_number(&*backend);
        let quota = self.output.save_quota();
        let settle = |kept: Vec<u8>, cut: Option<sandsh_interp::io::Cut>, name: &str| match cut {
            Some(cut) => {
                let (text, info) = output::settle(&*backend, cut, (number, name), limit, quota);
                (text, Some(info))
            }
            None => (kept, None),
        };
        let (stdout, stdout_cut) = settle(stdout, stdout_cut, "stdout");
        let (stderr, stderr_cut) = settle(stderr, stderr_cut, "stderr");
        (stdout, stdout_cut, stderr, stderr_cut)
    }
}
