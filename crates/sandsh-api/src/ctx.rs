//! [`ToolCtx`]: everything a command may touch.
//!
//! Seed 003's methods, plus stdio, cancellation, composition (`call`), introspection
//! (`registry`), `ask` and the clock, so that no command ever needs to downcast its context.

use std::any::Any;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use super::{Arg, Command, ExitStatus, Value};
use sandsh_vfs::KernelBackend;

/// The output format a command was asked for (`--json`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OutputFormat {
    #[default]
    Text,
    Json,
}

/// RAII guard returned by [`ToolCtx::patient`]: while held, the script-timeout watchdog's clock
/// is frozen and the hold is bounded by its own budget. Dropping it resumes the script clock.
/// An inert guard (no watchdog running) does nothing.
pub struct PatientGuard {
    hold: Option<Box<dyn Any + Send>>,
}

impl PatientGuard {
    /// A guard that does nothing, for contexts without a watchdog.
    pub fn inert() -> Self {
        PatientGuard { hold: None }
    }

    /// Wrap a kernel hold object whose `Drop` restores the watchdog.
    pub fn held(hold: Box<dyn Any + Send>) -> Self {
        PatientGuard { hold: Some(hold) }
    }

    /// Whether this guard actually suspended a watchdog.
    pub fn is_active(&self) -> bool {
        self.hold.is_some()
    }
}

/// A process of the sandbox as `ps` lists it: the shell, its running background jobs, and
/// the command asking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProcessInfo {
    pub pid: u32,
    pub ppid: u32,
    /// The command line (`args`); its first word is the command name (`comm`).
    pub args: String,
}

/// What [`ToolCtx::call_captured`] collected from the command it ran.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CallOutput {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub status: ExitStatus,
}

/// Read-only view of the registered commands, for introspection (`help`, `tools`, `type`).
pub trait CommandRegistry: Send + Sync {
    fn get(&self, name: &str) -> Option<Arc<dyn Command>>;
    /// All command names, sorted.
    fn names(&self) -> Vec<String>;
    /// All commands, sorted by name.
    fn commands(&self) -> Vec<Arc<dyn Command>> {
        self.names().iter().filter_map(|n| self.get(n)).collect()
    }
    /// Commands this build leaves out (an engine that cannot be built for the target, a
    /// feature turned off), with why, sorted by name: `help` lists them and running one says
    /// so. A command registered under the same name is not left out.
    fn left_out(&self) -> Vec<(&'static str, &'static str)> {
        Vec::new()
    }
}

/// A directory held open while a command reads the files in it, as a walk does (`grep -r`):
/// see [`ToolCtx::open_input_dir`].
pub trait InputDir: Send {
    /// The regular file `name` (one path component) of this directory, opened for reading on
    /// the directory's handle. `None` when it cannot be opened that way, for whatever reason:
    /// the caller then opens its path with [`ToolCtx::open_input`], which also words any error.
    fn open(&self, name: &[u8]) -> Option<Box<dyn Read + Send>>;
}

/// The execution context a command sees.
pub trait ToolCtx: Send + Sync {
    /// The filesystem (and backend-provided tools).
    fn backend(&self) -> &Arc<dyn KernelBackend>;

    /// The current working directory, as a VFS path.
    fn cwd(&self) -> &Path;

    /// Resolve a possibly relative path against the cwd, normalizing `.` and `..` lexically.
    fn resolve_path(&self, path: &str) -> PathBuf;

    /// Read a shell variable; `None` when unset.
    fn var(&self, name: &str) -> Option<Value>;

    /// Set a shell variable in the current scope.
    fn set_var(&mut self, name: &str, value: Value);

    /// Ask for structured output (set by a command's `--json`).
    fn set_output_format(&mut self, format: OutputFormat);

    /// The output format in force for this call.
    fn output_format(&self) -> OutputFormat {
        OutputFormat::Text
    }

    /// Suspend the script-timeout watchdog while the guard is held, bounded by `budget`.
    fn patient(&self, budget: Duration) -> PatientGuard {
        let _ = budget;
        PatientGuard::inert()
    }

    /// Standard input.
    fn stdin(&mut self) -> &mut dyn Read;

    /// The sandbox's processes, for `ps`: the shell (`$$`), each background job still
    /// running, and last the calling command itself. Empty where there is no session.
    fn processes(&self) -> Vec<ProcessInfo> {
        Vec::new()
    }

    /// The file standard input is redirected from (`cmd < file`), when it is one: what GNU
    /// tools learn from `fstat` (as `wc` sizes its columns by). `None` for pipes, terminals and
    /// here-documents.
    fn stdin_path(&self) -> Option<PathBuf> {
        None
    }

    /// The file standard output goes to (`cmd > file`, `cmd >> file`), when it is one: what
    /// `cat` compares its inputs with (`cat f >> f`). `None` for pipes and terminals.
    fn stdout_path(&self) -> Option<PathBuf> {
        None
    }

    /// Standard output (buffered; flushed when the command returns and before stderr writes).
    fn stdout(&mut self) -> &mut dyn Write;

    /// Standard error.
    fn stderr(&mut self) -> &mut dyn Write;

    /// True once the run has been cancelled (timeout, `Kernel::cancel`, broken pipe). Long
    /// loops check it and return promptly.
    fn is_cancelled(&self) -> bool;

    /// Run another command by name with this context's stdio (composition, as `xargs` and
    /// `timeout` need). Status 127 when it does not exist.
    fn call(&mut self, name: &str, args: &[Arg]) -> ExitStatus;

    /// Run another command by name and capture what it writes instead of streaming it:
    /// its stdout, stderr and status. `stdin` is its input (this context's stdin when
    /// `None`). The captures count against the memory budget and the output limit; a callee
    /// that writes past them stops the run as `$(…)` would. Contexts that cannot capture
    /// answer status 125 with the reason in `stderr`.
    fn call_captured(&mut self, name: &str, args: &[Arg], stdin: Option<&[u8]>) -> CallOutput {
        let _ = (args, stdin);
        CallOutput {
            stdout: Vec::new(),
            stderr: format!("{name}: capturing a command's output is not supported here\n")
                .into_bytes(),
            status: 125,
        }
    }

    /// Like [`ToolCtx::call`], but the command sees exactly `env` as its exported environment
    /// (as `env -i A=1 cmd` needs). Contexts that cannot change the environment refuse with
    /// status 125 rather than run the command with the wrong one.
    fn call_with_env(&mut self, name: &str, args: &[Arg], env: &[(String, Vec<u8>)]) -> ExitStatus {
        let _ = (args, env);
        let _ = writeln!(
            self.stderr(),
            "{name}: running with a changed environment is not supported here"
        );
        125
    }

    /// The session's memory budget. A command that buffers input (sort, tac, jq, a line being
    /// assembled) charges what it holds, through [`sandsh_runtime::budget::Charge`] or the
    /// commands' input readers; a refused charge has already stopped the run, so the command
    /// just ends (status 125).
    fn memory(&self) -> Arc<sandsh_runtime::budget::MemoryBudget> {
        sandsh_runtime::budget::MemoryBudget::unlimited()
    }

    /// The session's network access (`curl`, `wget`), under its allowlist; `None` (the
    /// default) means no network at all.
    fn network(&self) -> Option<Arc<sandsh_net::Net>> {
        None
    }

    /// The file-creation mask (`umask`), e.g. 0o022.
    fn umask(&self) -> u32 {
        0o022
    }

    /// The registered commands.
    fn registry(&self) -> &dyn CommandRegistry;

    /// Ask the user `prompt` and return the answer (one line, without its newline), seed
    /// 004's `Ask`. `None` means no answer: nobody can answer here (no frontend, a model
    /// calling the tool), or the user gave none (end of input); the command decides what
    /// that means.
    fn ask(&mut self, prompt: &str) -> Option<String> {
        let _ = prompt;
        None
    }

    /// Ask a yes/no question on top of [`ToolCtx::ask`]: true only for an answer starting
    /// with `y` or `Y` (as GNU's `rpmatch` in the C locale), false for anything else and for
    /// no answer.
    fn confirm(&mut self, question: &str) -> bool {
        self.ask(question)
            .is_some_and(|a| a.trim_start().starts_with(['y', 'Y']))
    }

    /// The exported environment, as (name, value) pairs in the order a program run by bash
    /// sees them.
    fn env(&self) -> Vec<(String, Vec<u8>)>;

    /// One variable of the exported environment (what `getenv(name)` gives a program); the
    /// shell answers it without building the whole environment.
    fn env_var(&self, name: &str) -> Option<Vec<u8>> {
        self.env()
            .into_iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v)
    }

    /// Open a file (or device such as `/dev/stdin`) for reading, resolved against the cwd.
    fn open_read(&mut self, path: &str) -> std::io::Result<Box<dyn Read + Send>> {
        let p = self.resolve_path(path);
        let data = self
            .backend()
            .read(&p, None)
            .map_err(|e| std::io::Error::other(e.to_string()))?;
        Ok(Box::new(std::io::Cursor::new(data)))
    }

    /// [`ToolCtx::open_read`] for a command's input operand: a directory is an error of kind
    /// [`std::io::ErrorKind::IsADirectory`], as `read(2)` on one would give, rather than a
    /// reader whose every read fails. The shell opens a regular file of a host mount once
    /// here (see `KernelBackend::open_reader`) and stats only what does not open as one.
    fn open_input(&mut self, path: &str) -> std::io::Result<Box<dyn Read + Send>> {
        let p = self.resolve_path(path);
        if self.backend().stat(&p).is_ok_and(|m| m.is_dir()) {
            return Err(std::io::ErrorKind::IsADirectory.into());
        }
        self.open_read(path)
    }

    /// A directory (resolved against the cwd) held open for opening its regular files by name
    /// ([`InputDir`]), for a command that reads every file of a tree. `None` when the backend
    /// keeps no handle for it (memory: opening by path costs nothing there); the default.
    fn open_input_dir(&mut self, path: &str) -> Option<Box<dyn InputDir>> {
        let _ = path;
        None
    }

    /// Open a file for writing, resolved against the cwd: truncated (created with the
    /// umask's mode), or appended to with `append`. A device such as `/dev/stdout`,
    /// `/dev/stderr` or `/dev/fd/N` is the shell's descriptor, as the OS would give it; text
    /// written there lands after what the command has already written to
    /// [`ToolCtx::stdout`] only if that was flushed first.
    fn open_write(&mut self, path: &str, append: bool) -> std::io::Result<Box<dyn Write + Send>> {
        use sandsh_vfs::WriteMode;
        let p = self.resolve_path(path);
        let be = self.backend().clone();
        let mode = if append {
            WriteMode::Append
        } else {
            WriteMode::Truncate
        };
        be.write(&p, b"", mode, 0o666 & !self.umask())
            .map_err(|e| std::io::Error::other(e.to_string()))?;
        Ok(Box::new(BackendAppender { be, path: p }))
    }

    /// The current time (injected, so a kernel can fix the clock).
    fn now(&self) -> SystemTime;

    /// The context itself, for downcasting to its concrete type (seed 003's escape hatch;
    /// commands in this crate never downcast). Implementations return `self`.
    fn as_any(&self) -> &dyn Any;

    /// Mutable counterpart to [`ToolCtx::as_any`].
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

/// [`ToolCtx::open_write`]'s default writer: each write appends to the file through the
/// backend.
struct BackendAppender {
    be: Arc<dyn KernelBackend>,
    path: PathBuf,
}

impl Write for BackendAppender {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.be
            .append(&self.path, buf)
            .map_err(|e| std::io::Error::other(e.to_string()))?;
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
