//! Bash semantics: expansion, variables, control flow, pipelines, jobs and shell builtins.
//!
//! A [`Shell`] is the complete state of one bash process. Subshells, `$(…)` and pipeline
//! stages run on a clone of it (bash forks; cloning is the in-process equivalent), so changes
//! made there never leak back. State shared by all clones — the filesystem, the command
//! registry, cancellation, limits and caches — lives behind one `Arc<Env>`.

mod arith;
mod array_literal;
mod assign;
mod builtins;
mod cond;
mod cond_regex;
mod ctx;
mod exec;
mod expand;
mod glob;
pub mod io;
pub mod jobs;
mod loops;
mod nesting;
mod options;
mod overrides;
mod param;
mod pat;
pub mod path;
pub mod policy;
use sandsh_syntax::print;
mod redirect;
mod session;
mod signals;
mod simple;
pub mod state;
mod time_report;
mod vars;

use rustc_hash::FxHashMap as HashMap;
use sandsh_runtime::time::Instant;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use sandsh_api::CommandRegistry;
use sandsh_syntax::ast;
use sandsh_vfs::KernelBackend;

pub use sandsh_runtime::cancel::CancelToken;
pub use sandsh_runtime::limits::{ExecutionLimits, LIMIT_EXCEEDED_STATUS, Limit, LimitExceeded};
// `super::cancel::…` keeps working in the interpreter's modules.
pub use options::Options;
pub use param::is_name;
pub use policy::{CommandPolicy, PolicyState};
use sandsh_runtime::cancel;
pub use session::{RunCapture, RunEnd, RunOutcome, RunOutput, RunStreams};
pub use vars::{Attrs, Var};

/// Every builtin name, sorted (frontends complete and highlight them).
pub fn builtin_names() -> &'static [&'static str] {
    builtins::names()
}

/// Every builtin's spec (synopsis, summary, examples), sorted by name.
pub fn builtin_specs() -> impl Iterator<Item = &'static sandsh_api::CommandSpec> {
    builtins::table::BUILTINS.iter().map(|b| &b.spec)
}

use jobs::JobTable;

/// Non-local control flow and fatal conditions, carried up through `Result::Err`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Flow {
    /// `break N` (levels remaining)
    Break(u32),
    /// `continue N`
    Continue(u32),
    /// `return N` from a function or sourced file
    Return(i32),
    /// `exit N`, or a fatal error that ends the (sub)shell with this status
    Exit(i32),
    /// An assignment error: bash abandons the whole current top-level command (the rest of the
    /// line, the function and its callers) and goes on with the next one, status 1.
    Discard(i32),
}

pub type Res<T> = Result<T, Flow>;

impl Flow {
    /// The exit status a (sub)shell ends with when this unwinds to its top: the status an
    /// `exit`, `return` or abandoned command carries, else (a stray `break`/`continue`)
    /// `last_status`.
    pub fn status(self, last_status: i32) -> i32 {
        match self {
            Flow::Exit(s) | Flow::Return(s) | Flow::Discard(s) => s,
            Flow::Break(_) | Flow::Continue(_) => last_status,
        }
    }
}

/// A reserved thread slot; released on drop. `run`: the thread belongs to the foreground run
/// (counted in `run_threads` too), not to a session job.
pub struct ThreadSlot(Arc<Env>, bool);

impl Drop for ThreadSlot {
    fn drop(&mut self) {
        self.0
            .live_threads
            .fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
        if self.1 {
            self.0
                .run_threads
                .fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
        }
    }
}

/// Why a run was stopped from outside the script's own control flow.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stop {
    Limit(LimitExceeded),
}

pub type Patience = Arc<dyn Fn(std::time::Duration) -> sandsh_api::PatientGuard + Send + Sync>;

/// Hook answering `ToolCtx::ask` (a REPL asks the person): the answer, or `None` for none.
/// Without a hook nothing is answered.
pub type AskHook = Arc<dyn Fn(&str) -> Option<String> + Send + Sync>;

/// State shared by a shell and all its subshells.
pub struct Env {
    pub(crate) backend: Arc<dyn KernelBackend>,
    /// The session's network access (`ToolCtx::network`).
    pub(crate) network: Option<Arc<sandsh_api::net::Net>>,
    pub(crate) registry: Arc<dyn CommandRegistry>,
    pub(crate) limits: ExecutionLimits,
    pub(crate) commands_run: AtomicU64,
    pub(crate) loop_iterations: AtomicU64,
    next_pid: AtomicU32,
    pub(crate) start: Instant,
    pub(crate) clock: sandsh_vfs::Clock,
    /// Hook that suspends the kernel's watchdog (`ToolCtx::patient`); `None` without one.
    pub(crate) patience: Option<Patience>,
    /// Who answers `ToolCtx::ask` (set by a frontend through `Kernel::set_ask`).
    pub(crate) ask: Mutex<Option<AskHook>>,
    /// The run's root cancellation token (the kernel's).
    pub(crate) root_cancel: CancelToken,
    /// Why the run was stopped, when a limit or the watchdog stopped it.
    pub(crate) stop: Mutex<Option<Stop>>,
    /// Background jobs and pipeline stages running now (the foreground run's and the
    /// session jobs'): what `--max-background-jobs` caps.
    pub(crate) live_threads: std::sync::atomic::AtomicUsize,
    /// Those of `live_threads` that belong to the foreground run (ended with it).
    pub(crate) run_threads: std::sync::atomic::AtomicUsize,
    /// The root of the session jobs' cancellation tokens (not the run's: `Kernel::cancel`
    /// leaves them running).
    pub(crate) jobs_root: Arc<jobs::JobsRoot>,
    /// Output of session jobs written after their run ended.
    pub(crate) job_output: Arc<jobs::OutputRelay>,
    /// Whether the session is interactive (the REPL): `&` prints `[N] PID`.
    pub(crate) interactive: std::sync::atomic::AtomicBool,
    arith_cache: Mutex<HashMap<Box<str>, Arc<arith::Parsed>>>,
    /// Compiled `[[ =~ ]]` patterns, case-sensitive ones in `[0]`, `nocasematch` ones in `[1]`.
    regex_cache: Mutex<[HashMap<Vec<u8>, Arc<sandsh_text::regex::Regex>>; 2]>,
    /// The session's memory budget (shared with its filesystem).
    pub(crate) memory: Arc<sandsh_runtime::budget::MemoryBudget>,
    /// The kernel put an entry in `/usr/bin` for every command (`path::command_entry`), so
    /// commands are found through `$PATH`; without them (a backend that could not take them),
    /// a registered command is found by name alone.
    pub(crate) command_entries: bool,
    /// The command policy (`interp::policy`), set once by the kernel when it has one.
    pub(crate) policy: std::sync::OnceLock<PolicyState>,
    /// The embedder's hooks around every registered command, set once by the kernel.
    pub(crate) hooks: std::sync::OnceLock<Arc<dyn sandsh_api::hooks::CommandHooks>>,
}

/// What a session's [`Env`] is built from (the kernel assembles it).
pub struct EnvParts {
    pub backend: Arc<dyn KernelBackend>,
    pub registry: Arc<dyn CommandRegistry>,
    pub limits: ExecutionLimits,
    /// The run's root cancellation token (the kernel's).
    pub root_cancel: CancelToken,
    pub memory: Arc<sandsh_runtime::budget::MemoryBudget>,
    /// Hook that suspends the kernel's watchdog (`ToolCtx::patient`).
    pub patience: Option<Patience>,
    /// Whether every command has an entry `/usr/bin/NAME` (see [`path`]).
    pub command_entries: bool,
    /// The session's network access under its allowlist (`ToolCtx::network`); `None`: none.
    pub network: Option<Arc<sandsh_api::net::Net>>,
}

impl Env {
    pub fn new(parts: EnvParts) -> Arc<Env> {
        let EnvParts {
            backend,
            registry,
            limits,
            root_cancel,
            memory,
            patience,
            command_entries,
            network,
        } = parts;
        let job_output = Arc::new(jobs::OutputRelay::new(limits.max_output_bytes, &memory));
        Arc::new(Env {
            backend,
            registry,
            limits,
            commands_run: AtomicU64::new(0),
            loop_iterations: AtomicU64::new(0),
            next_pid: AtomicU32::new(SHELL_PID + 1),
            start: Instant::now(),
            clock: sandsh_vfs::system_clock(),
            patience,
            ask: Mutex::new(None),
            root_cancel,
            stop: Mutex::new(None),
            live_threads: std::sync::atomic::AtomicUsize::new(0),
            run_threads: std::sync::atomic::AtomicUsize::new(0),
            jobs_root: Arc::new(jobs::JobsRoot::default()),
            job_output,
            interactive: std::sync::atomic::AtomicBool::new(false),
            arith_cache: Mutex::new(HashMap::default()),
            regex_cache: Mutex::new(Default::default()),
            memory,
            command_entries,
            network,
            policy: std::sync::OnceLock::new(),
            hooks: std::sync::OnceLock::new(),
        })
    }

    /// The memory budget was exceeded: stop the run as any limit does.
    pub fn stop_for_memory(&self) {
        self.trip(self.limits.exceeded(Limit::Memory));
    }

    /// Stop the whole run because a limit tripped: record why (the first reason wins) and
    /// cancel everything.
    pub fn trip(&self, limit: LimitExceeded) {
        // `try_lock`: the memory budget trips from inside the allocator, which may run while
        // this very thread holds the lock (recording another reason); whoever holds it is
        // recording the first reason, and the cancel below lands either way.
        if let Ok(mut stop) = self.stop.try_lock()
            && stop.is_none()
        {
            *stop = Some(Stop::Limit(limit));
        }
        self.root_cancel.cancel();
    }

    /// A compiled POSIX ERE for `[[ =~ ]]` (the shared translator of `text::regex`:
    /// leftmost-longest, POSIX classes, back-references), cached; `None` when the pattern is
    /// invalid. Shared, not cloned: a clone starts a new pool of match caches.
    pub fn regex(&self, pattern: &[u8], nocase: bool) -> Option<Arc<sandsh_text::regex::Regex>> {
        use sandsh_text::regex::{Flags, Regex, Syntax};
        let slot = usize::from(nocase);
        if let Ok(c) = self.regex_cache.lock()
            && let Some(r) = c[slot].get(pattern)
        {
            return Some(r.clone());
        }
        let flags = Flags {
            icase: nocase,
            multiline: false,
        };
        let r = Arc::new(Regex::new(pattern, Syntax::ExtendedPosix, flags).ok()?);
        if let Ok(mut c) = self.regex_cache.lock() {
            if c[slot].len() >= 256 {
                c[slot].clear();
            }
            c[slot].insert(pattern.to_vec(), r.clone());
        }
        Some(r)
    }

    /// A fresh process id for a subshell or job.
    pub fn alloc_pid(&self) -> u32 {
        self.next_pid.fetch_add(1, Ordering::Relaxed)
    }
}

/// The pid the sandbox reports for the top-level shell (`$$`).
pub const SHELL_PID: u32 = 4200;

/// A function call frame (for FUNCNAME, `return`, `local`).
#[derive(Debug, Clone)]
pub struct Frame {
    pub name: String,
    pub call_line: u32,
}

/// One level of bash's call trace, a function call or a `source`: what `FUNCNAME`,
/// `BASH_SOURCE` and `BASH_LINENO` show, innermost first.
#[derive(Debug, Clone)]
pub(crate) struct TraceLevel {
    /// The function's name, or `source`.
    pub name: String,
    /// The file the function was defined in, or the file sourced.
    pub file: Arc<str>,
    /// The line it was called from.
    pub call_line: u32,
}

/// A flag a `&self` method can raise; a clone (a subshell) starts with its parent's value and
/// then has its own.
#[derive(Default)]
pub(crate) struct Flag(std::sync::atomic::AtomicBool);

impl Clone for Flag {
    fn clone(&self) -> Self {
        Flag(std::sync::atomic::AtomicBool::new(self.get()))
    }
}

impl Flag {
    pub(crate) fn get(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
    pub(crate) fn set(&self, on: bool) {
        self.0.store(on, Ordering::Relaxed);
    }
}

/// One bash process's state.
#[derive(Clone)]
pub struct Shell {
    pub(crate) env: Arc<Env>,
    pub(crate) vars: vars::Vars,
    pub(crate) funcs: HashMap<String, Arc<ast::Command>>,
    pub(crate) aliases: HashMap<String, String>,
    pub(crate) opts: Options,
    /// `$1…`
    pub(crate) positional: Vec<Vec<u8>>,
    /// `$0`
    pub(crate) arg0: Vec<u8>,
    /// Prefix for error messages (`sandsh`, or the script name).
    pub(crate) err_name: String,
    pub(crate) cwd: PathBuf,
    pub(crate) fds: io::FdTable,
    pub(crate) traps: HashMap<String, String>,
    /// In a subshell, the parent's traps as `trap` lists them until the subshell changes one
    /// (bash keeps showing them, though they no longer fire).
    pub(crate) inherited_traps: Option<HashMap<String, String>>,
    // Still public: the kernel's end of run cancels the jobs; that code is being reworked
    // with background jobs, and gets a method then.
    pub jobs: JobTable,
    pub(crate) last_status: i32,
    pub(crate) last_bg_pid: Option<u32>,
    pub(crate) pipestatus: Vec<i32>,
    pub(crate) frames: Vec<Frame>,
    /// Depth of `source`/`.` nesting.
    pub(crate) source_depth: usize,
    pub(crate) subst_depth: usize,
    pub(crate) lineno: u32,
    /// `PS4` as expanded for the command being traced (`set -x`), when it holds expansions.
    pub(crate) ps4_expanded: Option<Vec<u8>>,
    pub(crate) in_ps4: bool,
    /// >0 while running a condition (if/while test, `&&`/`||` left side, `!`): errexit off.
    pub(crate) errexit_suppressed: u32,
    /// The last command was a compound command whose redirection failed: bash returns its
    /// status 1 before `!` would invert it (`! { true; } >/dir/x` is 1).
    pub(crate) compound_redirect_failed: bool,
    /// `time ( … ) REDIRS`: the report is written inside the subshell's redirections, as bash
    /// times such a subshell in the forked child (`time ( … ) 2>/dev/null` prints nothing).
    pub(crate) time_in_redirects: Option<(
        sandsh_syntax::ast::TimeFormat,
        sandsh_runtime::time::Instant,
    )>,
    pub(crate) pid: u32,
    pub(crate) is_subshell: bool,
    /// Runs inside a session job (a top-level `cmd &`), which outlives the run that started
    /// it: its threads are not the run's.
    pub(crate) session_job: bool,
    pub(crate) random_state: u32,
    pub(crate) last_arg: Vec<u8>,
    pub(crate) umask: u32,
    pub(crate) dir_stack: Vec<PathBuf>,
    pub(crate) pending_signals: Vec<String>,
    /// `$$` and the enclosing shells of a nested shell.
    pub(crate) nesting: nesting::Nesting,
    /// In a trap handler (no recursion into the same trap).
    pub(crate) in_trap: bool,
    /// Positional args of functions, saved while a function runs.
    pub(crate) loop_depth: u32,
    pub(crate) optind_state: (usize, usize),
    pub(crate) cancel: CancelToken,
    /// Status of the last command substitution in the current simple command.
    pub(crate) subst_status: Option<i32>,
    /// Descriptors opened for process substitutions, closed after the command.
    pub(crate) procsubst_fds: Vec<u32>,
    pub(crate) subshell_level: u32,
    pub(crate) seconds_offset: i64,
    /// Prefix-assignment scopes pushed around the running builtin or command.
    pub(crate) temp_scopes: u32,
    pub(crate) readonly_funcs: std::collections::HashSet<String>,
    /// Where each function was defined: line and file (`declare -F name` under extdebug).
    pub(crate) func_origins: HashMap<String, (u32, Arc<str>)>,
    /// A nested shell started with `-i` (`bash -i -c …`): `$-` has `i`, and an unset
    /// variable under `set -u` abandons the line instead of ending the shell.
    pub(crate) interactive_shell: bool,
    pub(crate) exported_funcs: std::collections::HashSet<String>,
    /// Statuses of jobs already waited for, by pid.
    pub(crate) reaped: HashMap<u32, i32>,
    /// Set by `exec` with only redirections: keep the redirected descriptors.
    pub(crate) keep_redirects: bool,
    /// Files being sourced or run, innermost last (`BASH_SOURCE`).
    pub(crate) source_stack: Vec<String>,
    /// Function calls and `source`s in the order they began (see [`TraceLevel`]).
    pub(crate) trace: Vec<TraceLevel>,
    /// Set when running a script file (FUNCNAME ends with `main`).
    pub(crate) source_file: Option<String>,
    /// Nesting of `"…"` during expansion (tilde in `${x:-~}` only outside quotes).
    pub(crate) dquote_depth: u32,
    /// Running as `bash -c` (an unset-parameter error then exits 127, as bash's does).
    pub(crate) dash_c: bool,
    /// A `set -x` trace hit a broken pipe: bash dies of the SIGPIPE at that write, so the
    /// command it traced does not run and the shell ends with 141.
    pub(crate) trace_pipe_gone: Flag,
    /// The arithmetic expression being evaluated (for error messages).
    pub(crate) arith_text: Option<Arc<str>>,
    /// What arithmetic errors are reported for (`((: `, `let: `, `[[: `), empty for `$((…))`.
    pub(crate) arith_prefix: &'static str,
    /// `ulimit` values set in this shell (None = unlimited).
    pub(crate) ulimits: HashMap<char, Option<u64>>,
    /// Incremented whenever `trap … RETURN` is set (a function's RETURN trap fires only when
    /// set during its own run, unless `set -T`).
    pub(crate) return_trap_sets: u64,
    /// `$-` letter for how the shell reads commands: `s` (stdin) or `c` (-c).
    pub(crate) input_flag: Option<char>,
    /// Set by the `exit` builtin (a frontend tells `exit` from a fatal error or a cancel).
    pub(crate) exit_called: bool,
    /// The first syntax error of the current run's top-level script (taken by
    /// [`Shell::run_top`]'s outcome).
    pub(crate) top_parse_error: Option<sandsh_syntax::ParseError>,
    /// The path the command about to run was found at (`/usr/bin/env`), which bash puts in
    /// its environment as `_`; taken by the command's context.
    pub(crate) command_path: Option<String>,
    /// The next program run gets the environment a command gave it (`env -i FOO=1 prog`),
    /// `_` included or not, rather than `_` set to its path.
    pub(crate) explicit_env: bool,
    /// Commands found on `$PATH` (`hash`).
    pub(crate) hashed: path::HashTable,
    /// Compspecs stored by `complete`.
    pub(crate) completions: builtins::CompSpecs,
}

/// A shell over an empty in-memory filesystem with no commands, for unit tests that need the
/// interpreter's own state (a whole session is the `sandsh` crate's, tested there).
#[cfg(test)]
pub(crate) fn test_shell() -> Shell {
    struct NoCommands;
    impl CommandRegistry for NoCommands {
        fn get(&self, _: &str) -> Option<Arc<dyn sandsh_api::Command>> {
            None
        }
        fn names(&self) -> Vec<String> {
            Vec::new()
        }
        fn commands(&self) -> Vec<Arc<dyn sandsh_api::Command>> {
            Vec::new()
        }
    }
    let env = Env::new(EnvParts {
        backend: Arc::new(sandsh_vfs::MemoryFs::new()),
        registry: Arc::new(NoCommands),
        limits: Default::default(),
        root_cancel: CancelToken::new(),
        memory: sandsh_runtime::budget::MemoryBudget::unlimited(),
        patience: None,
        command_entries: false,
        network: None,
    });
    Shell::new(env, "/".into(), CancelToken::new())
}

impl Shell {
    pub fn new(env: Arc<Env>, cwd: PathBuf, cancel: CancelToken) -> Shell {
        let seed = (env.start.elapsed().as_nanos() as u32) ^ 0x9e37_79b9;
        let mut vars = vars::Vars::default();
        vars.set_budget(&env.memory);
        Shell {
            env,
            vars,
            funcs: HashMap::default(),
            aliases: HashMap::default(),
            opts: Options::default(),
            positional: Vec::new(),
            arg0: b"sandsh".to_vec(),
            err_name: "sandsh".to_string(),
            cwd,
            fds: io::FdTable::default(),
            traps: HashMap::default(),
            inherited_traps: None,
            jobs: JobTable::default(),
            last_status: 0,
            last_bg_pid: None,
            pipestatus: Vec::new(),
            frames: Vec::new(),
            source_depth: 0,
            subst_depth: 0,
            lineno: 0,
            ps4_expanded: None,
            in_ps4: false,
            errexit_suppressed: 0,
            compound_redirect_failed: false,
            time_in_redirects: None,
            pid: SHELL_PID,
            is_subshell: false,
            session_job: false,
            random_state: seed | 1,
            last_arg: Vec::new(),
            umask: 0o022,
            dir_stack: Vec::new(),
            pending_signals: Vec::new(),
            nesting: Default::default(),
            in_trap: false,
            loop_depth: 0,
            optind_state: (1, 0),
            cancel,
            subst_status: None,
            procsubst_fds: Vec::new(),
            subshell_level: 0,
            seconds_offset: 0,
            temp_scopes: 0,
            readonly_funcs: Default::default(),
            func_origins: Default::default(),
            interactive_shell: false,
            exported_funcs: Default::default(),
            reaped: HashMap::default(),
            keep_redirects: false,
            source_stack: Vec::new(),
            trace: Vec::new(),
            source_file: None,
            dquote_depth: 0,
            dash_c: false,
            trace_pipe_gone: Flag::default(),
            arith_text: None,
            arith_prefix: "",
            ulimits: HashMap::default(),
            return_trap_sets: 0,
            input_flag: Some('s'),
            exit_called: false,
            top_parse_error: None,
            command_path: None,
            explicit_env: false,
            hashed: path::HashTable::default(),
            completions: builtins::CompSpecs::default(),
        }
    }

    /// A copy for a subshell / pipeline stage / command substitution.
    pub fn subshell(&self) -> Shell {
        let mut s = self.clone();
        s.is_subshell = true;
        s.pid = self.env.alloc_pid();
        s.jobs = JobTable {
            jobs: Vec::new(),
            inherited: if self.jobs.jobs.is_empty() {
                self.jobs.inherited.clone()
            } else {
                self.jobs.jobs.clone()
            },
        };
        if s.inherited_traps.is_none() {
            s.inherited_traps = Some(self.traps.clone());
        }
        s.traps
            .retain(|k, _| k != "EXIT" && k != "ERR" && k != "RETURN" && k != "DEBUG");
        s
    }

    /// The name error messages start with, as bash's `BASH_SOURCE[0]` or else `$0`: the file
    /// being sourced, or the one the running function was defined in (`environment` under
    /// `-c`, `main` on standard input).
    pub(crate) fn error_name(&self) -> &str {
        match self.trace.last() {
            Some(t) if !t.file.is_empty() => &t.file,
            _ => &self.err_name,
        }
    }

    /// Write an error message `NAME: line N: msg` to fd 2.
    pub fn error(&self, msg: &str) {
        let name = self.error_name();
        let line = if self.lineno > 0 {
            format!("{name}: line {}: {msg}\n", self.lineno)
        } else {
            format!("{name}: {msg}\n")
        };
        self.write_fd(2, line.as_bytes());
    }

    /// Write bytes to a descriptor, ignoring errors (used for diagnostics).
    pub fn write_fd(&self, fd: u32, data: &[u8]) {
        if let Some(f) = self.fds.get(fd) {
            let _ = io::write_all(&**f, data);
        }
    }

    /// Reserve a slot for a thread running shell code (pipeline stage, job, process
    /// substitution); trips `max_background_jobs` when none is left (THREAT DOS-PROC-1).
    pub fn thread_slot(&self) -> Res<ThreadSlot> {
        self.thread_slot_in(!self.session_job)
    }

    /// A slot for the foreground run (`run`) or for a session job and what it starts.
    pub fn thread_slot_in(&self, run: bool) -> Res<ThreadSlot> {
        let n = self
            .env
            .live_threads
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        if run {
            self.env
                .run_threads
                .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        }
        let slot = ThreadSlot(self.env.clone(), run);
        if n >= self.env.limits.max_background_jobs {
            drop(slot);
            return Err(self.trip_limit(Limit::BackgroundJobs));
        }
        Ok(slot)
    }

    /// Stop the whole run because a limit tripped: record why, cancel everything, and unwind
    /// this shell with the limit status.
    pub fn trip_limit(&self, limit: Limit) -> Flow {
        self.env.trip(self.env.limits.exceeded(limit));
        Flow::Exit(LIMIT_EXCEEDED_STATUS)
    }

    /// Status of the fatal error for `${x?}` and `set -u`: bash's `-c` shell exits 127 at its
    /// top level, every other shell 1.
    pub fn unset_fatal_status(&self) -> i32 {
        if self.dash_c && !self.is_subshell {
            127
        } else {
            1
        }
    }

    /// The flow of that error: an interactive shell abandons the line, others exit.
    pub fn unset_fatal(&self) -> Flow {
        if self.interactive_shell {
            Flow::Discard(1)
        } else {
            Flow::Exit(self.unset_fatal_status())
        }
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancel.is_cancelled()
    }
}

impl Shell {
    /// Variables every shell starts with (bash's defaults that scripts rely on).
    pub fn init_child_vars(&mut self) {
        let defaults: &[(&str, &str)] = &[
            ("IFS", " \t\n"),
            ("OPTIND", "1"),
            ("PS1", "\\s-\\v\\$ "),
            ("PS2", "> "),
            ("PS4", "+ "),
            ("BASH_VERSION", "5.2.15(1)-release"),
            ("BASH", "/bin/bash"),
            ("HOSTTYPE", "x86_64"),
            ("OSTYPE", "linux-gnu"),
            ("MACHTYPE", "x86_64-pc-linux-gnu"),
            ("SHELL", "/bin/bash"),
            ("UID", "1000"),
            ("EUID", "1000"),
            ("PPID", "4199"),
        ];
        for (k, v) in defaults {
            if !self.vars.is_set(k) {
                let _ = self.vars.set_str(k, v.as_bytes().to_vec());
            }
        }
        // bash makes these read-only integers (`UID=0 cmd` fails).
        for k in ["UID", "EUID", "PPID"] {
            if let Some(v) = self.vars.get_mut(k) {
                v.attrs.set(Attrs::INTEGER | Attrs::READONLY);
            }
        }
        let versinfo: std::collections::BTreeMap<i64, Vec<u8>> =
            ["5", "2", "15", "1", "release", "x86_64-pc-linux-gnu"]
                .iter()
                .enumerate()
                .map(|(i, v)| (i as i64, v.as_bytes().to_vec()))
                .collect();
        let _ = self
            .vars
            .set_value("BASH_VERSINFO", vars::Value::Indexed(versinfo));
        if let Some(v) = self.vars.get_mut("BASH_VERSINFO") {
            v.attrs.set(Attrs::READONLY);
        }
        let pwd = self.cwd.as_os_str().as_encoded_bytes().to_vec();
        self.set_exported("PWD", pwd);
        self.sync_option_vars();
        // bash starts with OLDPWD exported but without a value (`declare -x OLDPWD`), so the
        // first `cd` exports it.
        if !self.vars.is_set("OLDPWD") {
            self.vars.entry("OLDPWD").attrs.set(Attrs::EXPORT);
        }
        // Started without PATH (`env -i bash`), bash sets its compiled-in default, unexported.
        if !self.vars.is_set("PATH") {
            let _ = self.vars.set_value(
                "PATH",
                vars::Value::Str(
                    b"/usr/local/bin:/usr/local/sbin:/usr/bin:/usr/sbin:/bin:/sbin:.".to_vec(),
                ),
            );
        }
        let lvl = self
            .vars
            .get_str("SHLVL")
            .and_then(|s| std::str::from_utf8(s).ok()?.parse::<i64>().ok())
            .unwrap_or(0)
            + 1;
        self.set_exported("SHLVL", lvl.to_string().into_bytes());
    }

    /// Expand prompt escapes (`\u \h \w \W \$ \t \d \n \e \[ \]`), as `${x@P}` and PS1 do.
    pub fn prompt_expand(&self, s: &[u8]) -> Vec<u8> {
        self.prompt_decode(s, false)
    }

    /// The prompt escapes (`\u`, `\w`, `\v`…) decoded. `for_expansion`: the result is expanded
    /// next (PS4), so `\$` stays escaped and prints a `$`, as bash's decoding leaves it.
    pub fn prompt_decode(&self, s: &[u8], for_expansion: bool) -> Vec<u8> {
        let mut out = Vec::new();
        let mut i = 0;
        let var = |n: &str| self.vars.get_str(n).map(|v| v.to_vec()).unwrap_or_default();
        while i < s.len() {
            if s[i] != b'\\' || i + 1 >= s.len() {
                out.push(s[i]);
                i += 1;
                continue;
            }
            let c = s[i + 1];
            i += 2;
            match c {
                b'u' => out.extend(var("USER")),
                b'h' => {
                    let h = var("HOSTNAME");
                    out.extend(h.split(|b| *b == b'.').next().unwrap_or(&[]));
                }
                b'H' => out.extend(var("HOSTNAME")),
                b'w' | b'W' => {
                    let cwd = self.cwd.as_os_str().as_encoded_bytes().to_vec();
                    let home = var("HOME");
                    let shown = if !home.is_empty()
                        && cwd.starts_with(&home)
                        && (cwd.len() == home.len() || cwd[home.len()] == b'/')
                    {
                        let mut t = b"~".to_vec();
                        t.extend_from_slice(&cwd[home.len()..]);
                        t
                    } else {
                        cwd
                    };
                    if c == b'W' && shown != b"~" && shown != b"/" {
                        out.extend(shown.rsplit(|b| *b == b'/').next().unwrap_or(&[]));
                    } else {
                        out.extend(shown);
                    }
                }
                b'$' if for_expansion => out.extend_from_slice(b"\\$"),
                b'$' => out.push(b'$'),
                b't' | b'T' | b'@' | b'A' | b'd' => {
                    let now = (self.env.clock)()
                        .duration_since(std::time::UNIX_EPOCH)
                        .map_or(0, |d| d.as_secs() as i64);
                    let fmt: &[u8] = match c {
                        b't' => b"%H:%M:%S",
                        b'T' => b"%I:%M:%S",
                        b'@' => b"%I:%M %p",
                        b'A' => b"%H:%M",
                        _ => b"%a %b %d",
                    };
                    out.extend(sandsh_text::strftime::strftime(fmt, now));
                }
                b'n' => out.push(b'\n'),
                b'r' => out.push(b'\r'),
                b'a' => out.push(7),
                b'e' => out.push(0x1b),
                b's' => out.extend_from_slice(b"sandsh"),
                b'v' => out.extend_from_slice(b"5.2"),
                b'V' => out.extend_from_slice(b"5.2.15"),
                b'j' => out.extend(self.jobs.jobs.len().to_string().into_bytes()),
                b'!' | b'#' => out.push(b'1'),
                b'[' | b']' => {}
                b'\\' => out.push(b'\\'),
                other => {
                    out.push(b'\\');
                    out.push(other);
                }
            }
        }
        out
    }
}
