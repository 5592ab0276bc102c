//! `sync`: flush file system buffers. The VFS writes through, so there is nothing to flush;
//! the command checks that named files exist (as GNU's opens them) and succeeds.

use sandsh_api::OptSpec;
use sandsh_api::opt;
use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, ParsedArgs, ParsedCommand, RiskLevel,
    ToolCtx,
};

use crate::common::{diag, quote};

pub struct Sync;

static SPEC: CommandSpec = CommandSpec {
    name: "sync",
    group: "fs",
    summary: "synchronize cached writes to persistent storage",
    usage: "sync [OPTION] [FILE]...",
    description: "Synchronize cached writes. The sandbox's filesystem writes through, so this only checks that any FILEs named exist.",
    options: &[
        OptSpec::new("-d, --data", "sync only file data, no unneeded metadata"),
        OptSpec::new(
            "-f, --file-system",
            "sync the file systems that contain the files",
        ),
    ],
    operands: &[ArgSpec::optional("FILE", ArgType::Path, "files whose data to flush").repeated()],
    returns: "nothing",
    examples: &[Example {
        description: "flush everything",
        script: "sync && echo done",
        stdout: "done\n",
    }],
    errors: "exit 1 when a named FILE does not exist",
    risk: RiskLevel::ReadOnly,
};

impl ParsedCommand for Sync {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        if p.has(opt!(SPEC, "d")) && p.has(opt!(SPEC, "f")) {
            return diag::usage(
                ctx,
                &SPEC,
                "sync: cannot specify both --data and --file-system",
                1,
            );
        }
        if p.has(opt!(SPEC, "d")) && p.operands.is_empty() {
            return diag::usage(ctx, &SPEC, "sync: --data needs at least one argument", 1);
        }
        let mut status = 0;
        for f in &p.operands {
            let name = diag::lossy(f);
            if let Err(e) = ctx.backend().stat(&ctx.resolve_path(&name)) {
                diag::err(
                    ctx,
                    "sync",
                    &format!("error opening {}: {e}", quote::quote(&name)),
                );
                status = 1;
            }
        }
        status
    }
}

#[cfg(test)]
mod tests {
    use super::Sync;
    use crate::common::testing::{TestCtx, run};

    #[test]
    fn succeeds() {
        let mut c = TestCtx::new().file("f", b"");
        assert_eq!(run(&Sync, &[], &mut c), 0);
        assert_eq!(run(&Sync, &["f"], &mut c), 0);
        assert_eq!(run(&Sync, &["nope"], &mut c), 1);
        assert_eq!(
            c.err_str(),
            "sync: error opening 'nope': No such file or directory\n"
        );
    }
}
