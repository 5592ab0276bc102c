//! The command API: the only part of the crate a command in `sandsh-commands` may use (besides
//! `sandsh-text`).
//!
//! Seeds 003 and 004 define it: a command is a [`Command`] with a static [`CommandSpec`] and a
//! synchronous `run` that reaches the world only through [`ToolCtx`]. Keeping this surface small
//! and free of interpreter types is what lets embedders write commands, and what keeps commands
//! from growing back doors into the shell.

mod args;
mod buffer;
mod command;
mod ctx;
pub mod doc;
mod exec;
pub mod hooks;
mod spec;
mod value;
pub mod version;

pub use args::{ArgParser, ParsedArgs, UsageError, extra_operand, usage_lines};
pub use buffer::{BufferCtx, NoCommands};
pub use command::{Arg, Command, ExitStatus, ParsedCommand};
pub use ctx::{
    CallOutput, CommandRegistry, InputDir, OutputFormat, PatientGuard, ProcessInfo, ToolCtx,
};
pub use exec::{ExecError, search_program};
pub use sandsh_runtime::budget::{Charge, MemoryBudget, MemoryExceeded};
pub use sandsh_runtime::cancelled::{Cancelled, is_cancelled};
pub use spec::{ArgSpec, ArgType, CommandSpec, Example, OptId, OptSpec, RiskLevel, rows};
pub use value::Value;

/// The filesystem as commands see it through [`ToolCtx::backend`]: the backend trait and the
/// values it takes and returns.
pub mod fs {
    pub use sandsh_vfs::{
        FileTimes, FileType, FsStats, KernelBackend, Metadata, MountInfo, VfsError, WriteMode,
        normalize,
    };
}

/// The network layer commands use (`curl`, `wget`), reached through [`ToolCtx::network`].
pub use sandsh_net as net;

/// Two halves of one command's work at once, on the session's budget (`sort`).
pub use sandsh_runtime::parallel;
/// A few values kept by key, least recently used out first (per-thread caches of compiled
/// programs).
pub use sandsh_runtime::recent;

/// A command about to wait on something other than its descriptors (`sleep`) calls
/// [`before_blocking`](stages::before_blocking) first, so pipeline stages deferred on its
/// thread start as they would have with processes: see [`sandsh_runtime::stages`].
pub mod stages {
    pub use sandsh_runtime::stages::before_blocking;
}

/// Paths as bytes on every target: see [`sandsh_runtime::os_str`].
pub use sandsh_runtime::os_str;

/// The monotonic clock (std's natively, the page's in the browser build): see
/// [`sandsh_runtime::time`].
pub use sandsh_runtime::time;

/// The remaining-stack guard for commands that recurse (jq, awk, sed): see [`sandsh_runtime::stack`].
pub mod stack {
    pub use sandsh_runtime::stack::{RESERVE, exhausted, remaining, run_with_spare};
}
