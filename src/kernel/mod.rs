//! The kernel: one shell session, the public embedding API.
//!
//! A [`Kernel`] owns a filesystem, a command registry and a persistent shell (variables,
//! functions, aliases, options, cwd). Each [`Kernel::execute`] runs a script to completion on a
//! large-stack thread with fresh captured stdout/stderr, so deep recursion is bounded by limits
//! rather than the caller's stack, and returns an [`ExecResult`].

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::api::Command;
use crate::commands::Registry;
use crate::interp::io::{self, Capture, ChunkSink};
use crate::interp::{CancelToken, Env, Flow, InterpLimits, Shell};
use crate::vfs::{KernelBackend, MemoryFs};

pub use crate::interp::InterpLimits as ExecutionLimits;

/// Stack size of the thread each script runs on.
const INTERP_STACK: usize = 512 * 1024 * 1024;

/// Configuration of a kernel (builder style).
#[derive(Clone)]
pub struct KernelConfig {
    pub username: String,
    pub hostname: String,
    pub env: Vec<(String, String)>,
    /// Starting directory (default: the user's home).
    pub cwd: Option<String>,
    pub limits: InterpLimits,
    /// Extra commands registered on top of the standard ones.
    pub commands: Vec<Arc<dyn Command>>,
    /// The filesystem (default: a fresh [`MemoryFs`] with the standard tree).
    pub backend: Option<Arc<dyn KernelBackend>>,
}

impl Default for KernelConfig {
    fn default() -> Self {
        KernelConfig {
            username: "user".to_string(),
            hostname: "sandbox".to_string(),
            env: Vec::new(),
            cwd: None,
            limits: InterpLimits::default(),
            commands: Vec::new(),
            backend: None,
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
    pub fn limits(mut self, l: InterpLimits) -> Self {
        self.limits = l;
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
}

/// The result of one `execute`.
#[derive(Debug, Clone, Default)]
pub struct ExecResult {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub exit_code: i32,
    /// An error category when the run did not end normally (`parse_error`, `cancelled`, …).
    pub error: Option<String>,
    pub stdout_truncated: bool,
    pub stderr_truncated: bool,
    pub duration: Duration,
}

impl ExecResult {
    pub fn stdout_str(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }
    pub fn stderr_str(&self) -> String {
        String::from_utf8_lossy(&self.stderr).into_owned()
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
}

/// One shell session.
pub struct Kernel {
    shell: Shell,
    cancel: CancelToken,
}

impl Kernel {
    pub fn new(config: KernelConfig) -> Self {
        let backend: Arc<dyn KernelBackend> = match &config.backend {
            Some(b) => b.clone(),
            None => Arc::new(MemoryFs::with_default_tree(&config.username)),
        };
        let mut registry = Registry::standard();
        for c in &config.commands {
            registry.register(c.clone());
        }
        let env = Env::new(backend, Arc::new(registry), config.limits.clone());
        let home = format!("/home/{}", config.username);
        let cwd = PathBuf::from(config.cwd.clone().unwrap_or_else(|| home.clone()));
        let cancel = CancelToken::new();
        let mut shell = Shell::new(env, cwd, cancel.clone());
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
        for (k, v) in defaults {
            let _ = shell.vars.set_str(k, v.as_bytes().to_vec());
            if let Some(var) = shell.vars.get_mut(k) {
                var.attrs.set(crate::interp::Attrs::EXPORT);
            }
        }
        for (k, v) in &config.env {
            let _ = shell.vars.set_str(k, v.as_bytes().to_vec());
            if let Some(var) = shell.vars.get_mut(k) {
                var.attrs.set(crate::interp::Attrs::EXPORT);
            }
        }
        shell.init_child_vars();
        if let Some(v) = shell.vars.get_mut("HOSTNAME") {
            v.attrs.clear(crate::interp::Attrs::EXPORT);
        }
        Kernel { shell, cancel }
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
            },
        )
    }

    /// Run a script with explicit options.
    pub fn execute_with(&mut self, script: &str, opts: ExecOptions) -> ExecResult {
        let start = Instant::now();
        self.cancel.reset();
        let limit = self.shell.env.limits.max_output_bytes;
        let out = Capture::new(limit, opts.on_stdout);
        let err = Capture::new(limit, opts.on_stderr);
        let stdin: io::Fd = match opts.stdin {
            Some(r) => Arc::new(io::HostReader(std::sync::Mutex::new(r))),
            None => Arc::new(io::Null),
        };
        let saved_fds = self.shell.fds.clone();
        self.shell.fds.set(0, Some(stdin));
        self.shell.fds.set(1, Some(out.clone() as io::Fd));
        self.shell.fds.set(2, Some(err.clone() as io::Fd));
        let shell = &mut self.shell;
        let status = std::thread::scope(|scope| {
            let h = std::thread::Builder::new()
                .stack_size(INTERP_STACK)
                .spawn_scoped(scope, || run_top(shell, script));
            match h {
                Ok(h) => h.join().unwrap_or(70),
                Err(_) => 70,
            }
        });
        // Background jobs do not outlive the run.
        for j in &self.shell.jobs.jobs {
            j.cancel.cancel();
        }
        self.shell.jobs.jobs.clear();
        self.shell.fds = saved_fds;
        let cancelled = self.cancel.is_cancelled();
        ExecResult {
            stdout: out.take(),
            stderr: err.take(),
            exit_code: status,
            error: if cancelled {
                Some("cancelled".to_string())
            } else {
                None
            },
            stdout_truncated: out.truncated(),
            stderr_truncated: err.truncated(),
            duration: start.elapsed(),
        }
    }

    /// A handle that cancels the running script from another thread.
    pub fn cancel_handle(&self) -> CancelToken {
        self.cancel.clone()
    }

    /// Cancel the running script.
    pub fn cancel(&self) {
        self.cancel.cancel();
    }

    /// The filesystem.
    pub fn backend(&self) -> Arc<dyn KernelBackend> {
        self.shell.env.backend.clone()
    }

    /// Set shell options before running (`-e`, `-u`, `-x`, `-o name`).
    pub fn set_option(&mut self, name: &str, on: bool) -> bool {
        crate::interp::set_named_option(&mut self.shell.opts, name, on)
    }

    /// Set `$0` and the positional parameters.
    pub fn set_args(&mut self, arg0: &str, args: Vec<Vec<u8>>) {
        self.shell.arg0 = arg0.as_bytes().to_vec();
        self.shell.positional = args;
    }

    /// Behave as `bash -c` (used by `sandsh -c`): an unset-parameter error exits 127.
    pub fn set_command_mode(&mut self, on: bool) {
        self.shell.dash_c = on;
        self.shell.input_flag = Some(if on { 'c' } else { 's' });
    }

    /// Mark the session as running a script file (`FUNCNAME` then ends with `main`).
    pub fn set_script_file(&mut self, name: &str) {
        self.shell.source_file = Some(name.to_string());
        self.shell.input_flag = None;
    }

    /// Set the name used as the prefix of error messages.
    pub fn set_error_name(&mut self, name: &str) {
        self.shell.err_name = name.to_string();
    }
}

fn run_top(shell: &mut Shell, script: &str) -> i32 {
    let r = shell.run_script(script);
    let status = match r {
        Ok(s) => s,
        Err(Flow::Exit(s)) | Err(Flow::Return(s)) | Err(Flow::Discard(s)) => s,
        Err(_) => shell.last_status,
    };
    shell.last_status = status;
    shell.run_exit_trap();
    shell.last_status
}
