//! `link`: call link(2) to make FILE2 a hard link to FILE1. The VFS's `hard_link` does the
//! work; a backend that cannot link reports its error (never a copy passed off as a link).

use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, ParsedArgs, ParsedCommand, RiskLevel,
    ToolCtx,
};

use crate::common::{diag, quote};

pub struct Link;

static SPEC: CommandSpec = CommandSpec {
    name: "link",
    group: "fs",
    summary: "call the link function to create a link named FILE2 to an existing FILE1",
    usage: "link FILE1 FILE2",
    description: "Call the link function to create a hard link named FILE2 to an existing FILE1. Exactly two operands; no options.",
    options: &[],
    operands: &[
        ArgSpec::required("FILE1", ArgType::Path, "the existing file"),
        ArgSpec::required("FILE2", ArgType::Path, "the new link"),
    ],
    returns: "nothing; FILE2 names the same file as FILE1",
    examples: &[Example {
        description: "a second name for a file",
        script: "echo hi > a && link a b && echo more >> b && cat a",
        stdout: "hi\nmore\n",
    }],
    errors: "exit 1 without exactly two operands, or when the link cannot be made (FILE1 missing, FILE2 exists)",
    risk: RiskLevel::LowRisk,
};

impl ParsedCommand for Link {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let (from, to) = match p.operands.as_slice() {
            [] => return diag::usage(ctx, &SPEC, "link: missing operand", 1),
            [one] => {
                let msg = format!(
                    "link: missing operand after {}",
                    quote::cquote(&diag::lossy(one))
                );
                return diag::usage(ctx, &SPEC, &msg, 1);
            }
            [a, b] => (diag::lossy(a), diag::lossy(b)),
            [_, _, extra, ..] => {
                let msg = format!("link: extra operand {}", quote::cquote(&diag::lossy(extra)));
                return diag::usage(ctx, &SPEC, &msg, 1);
            }
        };
        let (src, dst) = (ctx.resolve_path(&from), ctx.resolve_path(&to));
        // link(2) reports an existing FILE2 before anything about FILE1.
        let result = if ctx.backend().lstat(&dst).is_ok() && ctx.backend().lstat(&src).is_ok() {
            Err(sandsh_api::fs::VfsError::AlreadyExists)
        } else {
            ctx.backend().hard_link(&src, &dst)
        };
        match result {
            Ok(()) => 0,
            Err(e) => {
                let msg = format!(
                    "cannot create link {} to {}: {e}",
                    quote::quote(&to),
                    quote::quote(&from)
                );
                diag::err(ctx, "link", &msg);
                1
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Link;
    use crate::common::testing::{TestCtx, run};

    #[test]
    fn links_share_content() {
        let mut c = TestCtx::new().file("a", b"hi");
        assert_eq!(run(&Link, &["a", "b"], &mut c), 0);
        assert_eq!(c.read("b"), Some(b"hi".to_vec()));
        assert_eq!(run(&Link, &["a", "b"], &mut c), 1);
        assert_eq!(
            c.err_str(),
            "link: cannot create link 'b' to 'a': File exists\n"
        );
    }

    #[test]
    fn operand_errors() {
        let mut c = TestCtx::new();
        assert_eq!(run(&Link, &["nope", "x"], &mut c), 1);
        assert_eq!(
            c.err_str(),
            "link: cannot create link 'x' to 'nope': No such file or directory\n"
        );
        let mut c = TestCtx::new();
        assert_eq!(run(&Link, &["a"], &mut c), 1);
        assert!(
            c.err_str()
                .starts_with("link: missing operand after \u{2018}a\u{2019}\n")
        );
        let mut c = TestCtx::new();
        assert_eq!(run(&Link, &["a", "b", "c"], &mut c), 1);
        assert!(
            c.err_str()
                .starts_with("link: extra operand \u{2018}c\u{2019}\n")
        );
    }
}
