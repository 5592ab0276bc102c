//! The [`Command`] trait.

use super::{CommandSpec, ToolCtx};

/// One argument: a byte string (bash arguments can hold any byte but NUL).
pub type Arg = Vec<u8>;

/// A command's exit status (0 success, 1–125 failure, 126/127 not runnable, 128+n signals).
pub type ExitStatus = i32;

/// A utility runnable from the shell. Implementations are stateless between calls (configuration
/// lives in the spec or in the struct, never in per-call globals) and synchronous: long work
/// checks [`ToolCtx::is_cancelled`] as it goes.
pub trait Command: Send + Sync {
    /// The static description: name, options, help, examples, risk.
    fn spec(&self) -> &CommandSpec;

    /// Run with `args` (not including the command name itself).
    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus;

    /// Whether the command has a structured (JSON) form. For such commands the shell takes a
    /// `--json` argument itself and sets [`ToolCtx::output_format`] to JSON before `run`.
    fn structured(&self) -> bool {
        false
    }
}
