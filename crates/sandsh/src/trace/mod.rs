//! Traces of a session (issue 45): one event per registered command that ran, and one per
//! run (a call of [`crate::Kernel::execute`]), the parent of the commands it ran.
//!
//! A [`TraceSink`] set with [`crate::KernelConfig::trace`] receives them as they happen:
//! [`JsonLines`] writes each as one line of JSON (what `--trace FILE` does), and an embedder
//! may forward them anywhere (the Python and Node packages hand them to a function).
//!
//! A command's event holds its name as registered, its arguments, the directory it ran in, its
//! status, its duration, when it started within its run, the bytes it read from stdin and
//! wrote to stdout and stderr; a run's holds its status, its duration and the error that ended it (`timeout`,
//! `limit_exceeded` with the limit's message, …) and how its output was cut where it passed
//! the output limit. A command the policy or a hook refused has an event of its own (who
//! refused it, its status and message); shell builtins are the language and have none.
//!
//! Arguments carry no credential: the session's secrets are replaced as in responses
//! ([`sandsh_net::secrets`]), although a script only ever holds their placeholders, and the
//! values of the options the policy names (`policy.redact`: `--password`, `-p`, `mysql -p`)
//! are replaced by `[REDACTED]`.

use sandsh_runtime::time::Instant;
use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use sandsh_api::hooks::{CommandCall, CommandEnd, CommandHooks, CommandRefused, Verdict};
use serde_json::{Value, json};

/// One event of a trace.
#[derive(Debug, Clone, PartialEq)]
pub enum TraceEvent {
    /// A registered command ended.
    Command {
        /// The run it belongs to (1 for the session's first).
        run: u64,
        name: String,
        args: Vec<String>,
        cwd: String,
        status: i32,
        /// When it started, from the start of its run.
        start: Duration,
        duration: Duration,
        stdin_bytes: u64,
        stdout_bytes: u64,
        stderr_bytes: u64,
    },
    /// A registered command was refused by the policy or a hook, and did not run.
    Refused {
        run: u64,
        name: String,
        args: Vec<String>,
        cwd: String,
        /// `policy` or `hook`.
        by: &'static str,
        status: i32,
        /// What its stderr was told.
        message: String,
        /// When, from the start of its run.
        start: Duration,
    },
    /// A run ended.
    Run {
        run: u64,
        status: i32,
        duration: Duration,
        /// What ended it early, by [`crate::RunError`]'s name.
        error: Option<&'static str>,
        /// The message of a limit or timeout that ended it.
        message: Option<String>,
        /// How stdout and stderr were cut where they passed the output limit.
        stdout_cut: Option<crate::kernel::OutputCut>,
        stderr_cut: Option<crate::kernel::OutputCut>,
    },
}

impl TraceEvent {
    /// The event as JSON: `{"event": "command" | "run", …}`, durations in milliseconds.
    pub fn to_json(&self) -> Value {
        let ms = |d: &Duration| d.as_secs_f64() * 1000.0;
        match self {
            TraceEvent::Command {
                run,
                name,
                args,
                cwd,
                status,
                start,
                duration,
                stdin_bytes,
                stdout_bytes,
                stderr_bytes,
            } => json!({
                "event": "command",
                "run": run,
                "name": name,
                "args": args,
                "cwd": cwd,
                "status": status,
                "start_ms": ms(start),
                "duration_ms": ms(duration),
                "stdin_bytes": stdin_bytes,
                "stdout_bytes": stdout_bytes,
                "stderr_bytes": stderr_bytes,
            }),
            TraceEvent::Refused {
                run,
                name,
                args,
                cwd,
                by,
                status,
                message,
                start,
            } => json!({
                "event": "refused",
                "run": run,
                "name": name,
                "args": args,
                "cwd": cwd,
                "by": by,
                "status": status,
                "message": message,
                "start_ms": ms(start),
            }),
            TraceEvent::Run {
                run,
                status,
                duration,
                error,
                message,
                stdout_cut,
                stderr_cut,
            } => json!({
                "event": "run",
                "run": run,
                "status": status,
                "duration_ms": ms(duration),
                "error": error,
                "message": message,
                "stdout_cut": stdout_cut,
                "stderr_cut": stderr_cut,
            }),
        }
    }
}

/// Where a session's trace goes. Called from the threads of the run (a pipeline's stages
/// among them), so it is `Sync`; it should not block for long.
pub trait TraceSink: Send + Sync {
    fn record(&self, event: &TraceEvent);
}

/// A sink writing each event as one line of JSON.
pub struct JsonLines {
    out: Mutex<Box<dyn Write + Send>>,
}

impl JsonLines {
    pub fn new(out: Box<dyn Write + Send>) -> JsonLines {
        JsonLines {
            out: Mutex::new(out),
        }
    }
}

impl TraceSink for JsonLines {
    fn record(&self, event: &TraceEvent) {
        let mut line = event.to_json().to_string();
        line.push('\n');
        let mut out = self.out.lock().unwrap_or_else(|e| e.into_inner());
        // A trace that cannot be written does not stop the session.
        let _ = out.write_all(line.as_bytes()).and_then(|()| out.flush());
    }
}

/// Several sinks, each given every event (`--trace FILE` with `--otlp URL`).
pub struct Fanout(Vec<Arc<dyn TraceSink>>);

impl Fanout {
    pub fn new(sinks: Vec<Arc<dyn TraceSink>>) -> Fanout {
        Fanout(sinks)
    }
}

impl TraceSink for Fanout {
    fn record(&self, event: &TraceEvent) {
        for s in &self.0 {
            s.record(event);
        }
    }
}

/// The session's tracer: the command hooks that report each command (around the embedder's
/// own hooks, which it calls first), and the run counter.
pub(crate) struct Tracer {
    sink: Arc<dyn TraceSink>,
    inner: Option<Arc<dyn CommandHooks>>,
    secrets: sandsh_net::Secrets,
    /// `policy.redact`: options whose values are not shown.
    redact: Vec<String>,
    run: AtomicU64,
    started: Mutex<Instant>,
}

impl Tracer {
    pub(crate) fn new(
        sink: Arc<dyn TraceSink>,
        inner: Option<Arc<dyn CommandHooks>>,
        secrets: sandsh_net::Secrets,
        redact: Vec<String>,
    ) -> Arc<Tracer> {
        Arc::new(Tracer {
            sink,
            inner,
            secrets,
            redact,
            run: AtomicU64::new(0),
            started: Mutex::new(Instant::now()),
        })
    }

    fn started(&self) -> std::sync::MutexGuard<'_, Instant> {
        self.started.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A run starts: its commands are its children.
    pub(crate) fn begin_run(&self) {
        self.run.fetch_add(1, Ordering::Relaxed);
        *self.started() = Instant::now();
    }

    /// A run ended; `note` is the message sandsh ended it with, if it did.
    pub(crate) fn end_run(&self, r: &crate::ExecResult, note: Option<&str>) {
        self.sink.record(&TraceEvent::Run {
            run: self.run.load(Ordering::Relaxed),
            status: r.exit_code,
            duration: r.duration,
            error: r.error.map(crate::RunError::as_str),
            message: note.map(|n| self.clean(n.as_bytes())),
            stdout_cut: r.stdout_cut.clone(),
            stderr_cut: r.stderr_cut.clone(),
        });
    }

    fn clean(&self, s: &[u8]) -> String {
        String::from_utf8_lossy(&self.secrets.redact(s)).into_owned()
    }

    /// A command's arguments as a trace shows them: no credential, no value of an option
    /// the policy names.
    fn shown_args(&self, name: &str, args: &[Vec<u8>]) -> Vec<String> {
        let mut shown: Vec<String> = args.iter().map(|a| self.clean(a)).collect();
        if !self.redact.is_empty() {
            redact_options(name, &mut shown, &self.redact);
        }
        shown
    }

    fn since_run(&self) -> Duration {
        self.started().elapsed()
    }
}

/// What replaces a hidden value.
const REDACTED: &str = "[REDACTED]";

/// Whether `entry` names an option as `policy.redact` takes it: `--long`, `-s`, or a command
/// name, a space and one of those.
pub(crate) fn redaction_entry_is_valid(entry: &str) -> bool {
    let option = match entry.split_once(' ') {
        Some((cmd, opt)) => {
            if cmd.is_empty() || cmd.starts_with('-') {
                return false;
            }
            opt
        }
        None => entry,
    };
    let long = option.len() > 2 && option.starts_with("--");
    let short = option.len() == 2 && option.starts_with('-') && option != "--";
    (long || short) && !option.contains([' ', '='])
}

/// Replace the values of the options `entries` names in a command's arguments: the word after
/// `--opt` or `-o`, what follows `--opt=`, and what follows `-o` in the same word. Options end
/// at `--`.
fn redact_options(name: &str, args: &mut [String], entries: &[String]) {
    let options: Vec<&str> = entries
        .iter()
        .filter_map(|e| match e.split_once(' ') {
            Some((cmd, opt)) => (cmd == name).then_some(opt),
            None => Some(e.as_str()),
        })
        .collect();
    if options.is_empty() {
        return;
    }
    let mut i = 0;
    while i < args.len() {
        let arg = args[i].clone();
        if arg == "--" {
            break;
        }
        let mut next = false;
        for opt in &options {
            if arg == *opt {
                next = true;
            } else if let Some(rest) = arg.strip_prefix(opt) {
                let attached = if opt.starts_with("--") {
                    rest.starts_with('=')
                } else {
                    !arg.starts_with("--")
                };
                if attached {
                    let keep = opt.len() + usize::from(opt.starts_with("--"));
                    args[i] = format!("{}{REDACTED}", &arg[..keep]);
                    break;
                }
            }
        }
        if next && i + 1 < args.len() {
            args[i + 1] = REDACTED.to_string();
            i += 1;
        }
        i += 1;
    }
}

impl CommandHooks for Tracer {
    fn before_command(&self, call: &CommandCall<'_>) -> Verdict {
        match &self.inner {
            Some(h) => h.before_command(call),
            None => Verdict::Run,
        }
    }

    fn after_command(&self, end: &CommandEnd<'_>) {
        if let Some(h) = &self.inner {
            h.after_command(end);
        }
        let since_run = self.since_run();
        self.sink.record(&TraceEvent::Command {
            run: self.run.load(Ordering::Relaxed),
            name: end.name.to_string(),
            args: self.shown_args(end.name, end.args),
            cwd: self.clean(end.cwd.as_os_str().as_encoded_bytes()),
            status: end.status,
            start: since_run.saturating_sub(end.duration),
            duration: end.duration,
            stdin_bytes: end.stdin_bytes,
            stdout_bytes: end.stdout_bytes,
            stderr_bytes: end.stderr_bytes,
        });
    }

    fn refused(&self, r: &CommandRefused<'_>) {
        if let Some(h) = &self.inner {
            h.refused(r);
        }
        self.sink.record(&TraceEvent::Refused {
            run: self.run.load(Ordering::Relaxed),
            name: r.name.to_string(),
            args: self.shown_args(r.name, r.args),
            cwd: self.clean(r.cwd.as_os_str().as_encoded_bytes()),
            by: r.by.as_str(),
            status: r.status,
            message: self.clean(r.message.as_bytes()),
            start: self.since_run(),
        });
    }
}

#[cfg(feature = "otel")]
pub mod otlp;
