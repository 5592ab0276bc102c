//! `mkfifo`: create named pipes. The VFS has no FIFO nodes (a pipe between in-process
//! commands is not a file), so creation fails as GNU's does for ENOTSUP, after the checks
//! that would fail first on a real system (an existing name, a missing parent, a bad mode).
//! Nothing is created: a regular file posing as a FIFO would mislead.

use sandsh_api::OptSpec;
use sandsh_api::fs::VfsError;
use sandsh_api::opt;
use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, ParsedArgs, ParsedCommand, RiskLevel,
    ToolCtx,
};

use crate::common::mode;
use crate::common::{diag, quote};

pub struct Mkfifo;

static SPEC: CommandSpec = CommandSpec {
    name: "mkfifo",
    group: "fs",
    summary: "make FIFOs (named pipes)",
    usage: "mkfifo [OPTION]... NAME...",
    description: "Create named pipes (FIFOs) with the given NAMEs. The sandbox's filesystem cannot hold FIFOs: each NAME fails with 'Operation not supported' (or the error a real system would report first) and nothing is created.",
    options: &[
        OptSpec::new(
            "-m, --mode=MODE",
            "set file permission bits to MODE, not a=rw - umask",
        ),
        OptSpec::new(
            "-Z",
            "set the SELinux security context to default type (ignored)",
        ),
    ],
    operands: &[ArgSpec::required("NAME", ArgType::Path, "the FIFOs to create").repeated()],
    returns: "nothing",
    examples: &[Example {
        description: "FIFOs are not supported by the sandbox",
        script: "mkfifo p 2>&1; echo $?",
        stdout: "mkfifo: cannot create fifo 'p': Operation not supported\n1\n",
    }],
    errors: "exit 1: the filesystem cannot create FIFOs; also for an invalid mode or a missing operand",
    risk: RiskLevel::LowRisk,
};

impl ParsedCommand for Mkfifo {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        if let Some(m) = p.value(opt!(SPEC, "m"))
            && mode::apply(&diag::lossy(m), 0o666, false, 0).is_none()
        {
            diag::err(ctx, "mkfifo", "invalid mode");
            return 1;
        }
        if p.operands.is_empty() {
            return diag::usage(ctx, &SPEC, "mkfifo: missing operand", 1);
        }
        for op in &p.operands {
            let name = diag::lossy(op);
            let path = ctx.resolve_path(&name);
            let parent_ok = path
                .parent()
                .is_none_or(|d| ctx.backend().stat(d).is_ok_and(|m| m.is_dir()));
            let e = if ctx.backend().lstat(&path).is_ok() {
                VfsError::AlreadyExists
            } else if !parent_ok {
                VfsError::NotFound
            } else {
                VfsError::Unsupported
            };
            let msg = format!("cannot create fifo {}: {e}", quote::quote(&name));
            diag::err(ctx, "mkfifo", &msg);
        }
        1
    }
}

#[cfg(test)]
mod tests {
    use super::Mkfifo;
    use crate::common::testing::{TestCtx, run};

    #[test]
    fn never_creates() {
        let mut c = TestCtx::new().file("f", b"");
        assert_eq!(run(&Mkfifo, &["p", "f", "no/q"], &mut c), 1);
        assert_eq!(
            c.err_str(),
            "mkfifo: cannot create fifo 'p': Operation not supported\n\
             mkfifo: cannot create fifo 'f': File exists\n\
             mkfifo: cannot create fifo 'no/q': No such file or directory\n"
        );
        assert!(!c.exists("p"));
        let mut c = TestCtx::new();
        assert_eq!(run(&Mkfifo, &["-m", "foo", "p"], &mut c), 1);
        assert_eq!(c.err_str(), "mkfifo: invalid mode\n");
    }
}
