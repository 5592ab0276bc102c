//! Refusing operands a command does not take, in GNU's words: `CMD: extra operand 'X'`
//! followed by the usage hint, with the command's own exit status for bad usage.
//!
//! `id`'s `whoami`/`logname`, `uname`/`arch`, `nproc`, `tty` and `seq` all spelled this message
//! out by hand; the wording and the quoting (`util::cquote`) live here once.

use sandsh_api::{Arg, CommandSpec, ExitStatus, ParsedArgs, ToolCtx};

use super::util;

/// Report `op` as an operand too many and return `status` (after the usage hint).
pub fn extra_operand(
    ctx: &mut dyn ToolCtx,
    spec: &CommandSpec,
    op: &[u8],
    status: ExitStatus,
) -> ExitStatus {
    util::usage(
        ctx,
        spec,
        &format!(
            "{}: extra operand {}",
            spec.name,
            util::cquote(&util::lossy(op))
        ),
        status,
    )
}

/// Parse `args` for a command that takes no operands; `Err` is the exit status (`status` for
/// bad usage) after the message has been written.
pub fn parse_without_operands(
    spec: &CommandSpec,
    args: &[Arg],
    ctx: &mut dyn ToolCtx,
    status: ExitStatus,
) -> Result<ParsedArgs, ExitStatus> {
    let p = util::parse_or_usage(spec, args, ctx, status)?;
    match p.operands.first() {
        Some(op) => Err(extra_operand(ctx, spec, op, status)),
        None => Ok(p),
    }
}
