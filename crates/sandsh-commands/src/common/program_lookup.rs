//! Finding and running a program as a utility that execs one does (`nice`, `nohup`, `stdbuf`,
//! `xargs`, `env`): the `PATH` lookup of `execvp` over the VFS, and GNU's 126/127 statuses.
//!
//! The search itself is [`sandsh_api::search_program`]; this module feeds it the context's
//! `PATH` and the sandbox's files, so every exec-ing command finds the same program.

use sandsh_api::{Arg, ExitStatus, ToolCtx};

use super::diag::{err, lossy};

/// The program `execvp` would run for `name` (see [`sandsh_api::search_program`]), as a path
/// to pass to [`ToolCtx::call`].
pub fn exec_search(
    ctx: &dyn ToolCtx,
    name: &str,
    path: Option<&[u8]>,
) -> Result<String, sandsh_api::ExecError> {
    sandsh_api::search_program(name, path, |p| {
        ctx.backend().stat(&ctx.resolve_path(p)).ok()
    })
}

/// Run the program `argv` as a utility that execs it does (`nice`, `nohup`, `stdbuf`):
/// found by [`exec_search`]; when it cannot be run, `failed(name, reason)` is the message
/// printed after `who: ` and the status is 127 (not found) or 126.
pub fn run_program(
    ctx: &mut dyn ToolCtx,
    who: &str,
    argv: &[Arg],
    failed: impl Fn(&str, &str) -> String,
) -> ExitStatus {
    let name = lossy(&argv[0]);
    match exec_search(ctx, &name, env_path(ctx).as_deref()) {
        Ok(prog) => ctx.call(&prog, &argv[1..]),
        Err(e) => {
            err(ctx, who, &failed(&name, e.reason));
            e.status
        }
    }
}

/// The `PATH` a command run from `ctx` is looked up in (see [`exec_search`]); `None` when unset.
pub fn env_path(ctx: &dyn ToolCtx) -> Option<Vec<u8>> {
    ctx.env_var("PATH")
}
