//! `unlink`: call unlink(2) on exactly one FILE. Unlike `rm` it takes no options, never
//! recurses and refuses directories (`Is a directory`, as Linux's unlink does).

use sandsh_api::fs::VfsError;
use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, ParsedArgs, ParsedCommand, RiskLevel,
    ToolCtx,
};

use crate::common::{diag, quote};

pub struct Unlink;

static SPEC: CommandSpec = CommandSpec {
    name: "unlink",
    group: "fs",
    summary: "call the unlink function to remove the specified file",
    usage: "unlink FILE",
    description: "Call the unlink function to remove the specified FILE: one file, symlink or other non-directory; no options, no recursion.",
    options: &[],
    operands: &[ArgSpec::required(
        "FILE",
        ArgType::Path,
        "the file to remove",
    )],
    returns: "nothing; the file is removed",
    examples: &[Example {
        description: "remove one file",
        script: "touch f && unlink f && ls f 2>/dev/null || echo gone",
        stdout: "gone\n",
    }],
    errors: "exit 1 without exactly one operand, for a directory, or a file that cannot be removed",
    risk: RiskLevel::MediumRisk,
};

impl ParsedCommand for Unlink {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let name = match p.operands.as_slice() {
            [] => return diag::usage(ctx, &SPEC, "unlink: missing operand", 1),
            [one] => diag::lossy(one),
            [_, extra, ..] => {
                let msg = format!(
                    "unlink: extra operand {}",
                    quote::cquote(&diag::lossy(extra))
                );
                return diag::usage(ctx, &SPEC, &msg, 1);
            }
        };
        let path = ctx.resolve_path(&name);
        let result = match ctx.backend().lstat(&path) {
            Ok(m) if m.is_dir() => Err(VfsError::IsADirectory),
            Ok(_) => ctx.backend().remove(&path, false),
            Err(e) => Err(e),
        };
        match result {
            Ok(()) => 0,
            Err(e) => {
                let msg = format!("cannot unlink {}: {e}", quote::quote(&name));
                diag::err(ctx, "unlink", &msg);
                1
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Unlink;
    use crate::common::testing::{TestCtx, run};

    #[test]
    fn removes_one_file() {
        let mut c = TestCtx::new().file("f", b"x");
        assert_eq!(run(&Unlink, &["f"], &mut c), 0);
        assert!(!c.exists("f"));
        assert_eq!(run(&Unlink, &["f"], &mut c), 1);
        assert_eq!(
            c.err_str(),
            "unlink: cannot unlink 'f': No such file or directory\n"
        );
    }

    #[test]
    fn refuses_directories_and_extra_operands() {
        let mut c = TestCtx::new().file("a", b"");
        assert_eq!(run(&Unlink, &["/tmp"], &mut c), 1);
        assert_eq!(
            c.err_str(),
            "unlink: cannot unlink '/tmp': Is a directory\n"
        );
        let mut c = TestCtx::new();
        assert_eq!(run(&Unlink, &["a", "b"], &mut c), 1);
        assert!(
            c.err_str()
                .starts_with("unlink: extra operand \u{2018}b\u{2019}\n")
        );
        let mut c = TestCtx::new();
        assert_eq!(run(&Unlink, &[], &mut c), 1);
        assert!(c.err_str().starts_with("unlink: missing operand\n"));
    }
}
