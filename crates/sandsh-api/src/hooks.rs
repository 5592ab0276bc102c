//! Hooks an embedder sets on a session (issue 45): see every command before it runs (allow it,
//! refuse it with a message and a status, or change what runs) and hear how it ended.
//!
//! They apply where the command policy applies: to every registered command however it is
//! reached (by name, `/usr/bin/NAME`, `env`, `xargs`, `find -exec`, `ToolCtx::call`), after
//! the policy has allowed it; shell builtins (`echo`, `cd`, `eval`) are the language and are
//! not hooked. A session without hooks pays nothing for them. Requests to the network have
//! their own hook, [`crate::net::RequestHook`], called for every request and redirect hop after
//! the allowlist has passed it.

use std::path::Path;
use std::time::Duration;

use sandsh_runtime::cancel::CancelToken;

use crate::RiskLevel;

/// A command about to run.
pub struct CommandCall<'a> {
    /// The command's name as registered (`grep`), whatever path or alias reached it.
    pub name: &'a str,
    /// Its arguments (without the name).
    pub args: &'a [Vec<u8>],
    /// The working directory it runs in.
    pub cwd: &'a Path,
    /// Its risk under the session's rules: the command's own, raised by its arguments (a
    /// recursive `rm`, a path on a read-write mount).
    pub risk: RiskLevel,
    /// The run's cancellation (its timeout, `cancel()`): a hook that waits for something
    /// outside (a person, another thread) gives up when it is cancelled.
    pub cancel: &'a CancelToken,
}

impl std::fmt::Debug for CommandCall<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CommandCall")
            .field("name", &self.name)
            .field("args", &self.args)
            .field("cwd", &self.cwd)
            .field("risk", &self.risk)
            .finish_non_exhaustive()
    }
}

/// What a `before_command` hook decides.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Run the command as it is.
    Run,
    /// Do not run it: `message` goes to its stderr (a newline is added when missing) and it
    /// ends with `status` (126, "cannot execute", is the policy's).
    Deny { message: String, status: i32 },
    /// Run this instead: a command name and its arguments. The name is looked up among the
    /// session's commands and the policy applies to it; the hooks are not asked again.
    Argv(Vec<Vec<u8>>),
}

/// A command that ended.
pub struct CommandEnd<'a> {
    pub name: &'a str,
    pub args: &'a [Vec<u8>],
    pub cwd: &'a Path,
    /// Its exit status (as `$?` will read it).
    pub status: i32,
    /// Wall time from its start to its end.
    pub duration: Duration,
    /// Bytes it read from its standard input.
    pub stdin_bytes: u64,
    /// Bytes it wrote to its standard output and error.
    pub stdout_bytes: u64,
    pub stderr_bytes: u64,
    /// The run's cancellation, as in [`CommandCall::cancel`].
    pub cancel: &'a CancelToken,
}

impl std::fmt::Debug for CommandEnd<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CommandEnd")
            .field("name", &self.name)
            .field("args", &self.args)
            .field("cwd", &self.cwd)
            .field("status", &self.status)
            .field("duration", &self.duration)
            .field("stdin_bytes", &self.stdin_bytes)
            .field("stdout_bytes", &self.stdout_bytes)
            .field("stderr_bytes", &self.stderr_bytes)
            .finish_non_exhaustive()
    }
}

/// Who refused a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refuser {
    /// The session's command policy (a denied command, or one not confirmed).
    Policy,
    /// A `before_command` hook (a [`Verdict::Deny`], or a replacement argv naming no command).
    Hook,
}

impl Refuser {
    /// `policy` or `hook`.
    pub fn as_str(self) -> &'static str {
        match self {
            Refuser::Policy => "policy",
            Refuser::Hook => "hook",
        }
    }
}

/// A command that was refused and did not run.
#[derive(Debug)]
pub struct CommandRefused<'a> {
    pub name: &'a str,
    pub args: &'a [Vec<u8>],
    pub cwd: &'a Path,
    pub by: Refuser,
    /// The status the refusal ends with (126 for the policy's).
    pub status: i32,
    /// What the command's stderr was told, newline included.
    pub message: &'a str,
}

/// The hooks of a session. Every method has a default: implement what you need.
pub trait CommandHooks: Send + Sync {
    /// Called before each command runs.
    fn before_command(&self, call: &CommandCall<'_>) -> Verdict {
        let _ = call;
        Verdict::Run
    }

    /// Called after each command has ended (not for one a hook or the policy refused).
    fn after_command(&self, end: &CommandEnd<'_>) {
        let _ = end;
    }

    /// Called when the policy or a `before_command` hook refused a command (which then did
    /// not run, so `after_command` is not called for it).
    fn refused(&self, refused: &CommandRefused<'_>) {
        let _ = refused;
    }
}
