//! `pathchk`: check whether file names are valid or portable, as GNU's `pathchk` does.
//!
//! Without options a name is checked against the sandbox's filesystem: each existing
//! directory prefix must be a directory, components fit NAME_MAX (255) and the whole name
//! PATH_MAX (4096), the limits and errno wording Linux's lstat would give. `-p` checks POSIX
//! portability instead (the portable character set, _POSIX_PATH_MAX 256 and _POSIX_NAME_MAX
//! 14), `-P` empty names and leading hyphens, `--portability` both.

use sandsh_api::OptSpec;
use sandsh_api::fs::VfsError;
use sandsh_api::opt;
use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, ParsedArgs, ParsedCommand, RiskLevel,
    ToolCtx,
};

use crate::common::quote::quotef;
use crate::common::{diag, quote};

pub struct Pathchk;

static SPEC: CommandSpec = CommandSpec {
    name: "pathchk",
    group: "fs",
    summary: "check whether file names are valid or portable",
    usage: "pathchk [OPTION]... NAME...",
    description: "Diagnose invalid or non-portable file names. Without options, check each NAME against the filesystem (a prefix that is not a directory, a component longer than 255 bytes, a name of 4096 bytes or more).",
    options: &[
        OptSpec::new("-p", "check for most POSIX systems"),
        OptSpec::new("-P", "check for empty names and leading \"-\""),
        OptSpec::new(
            "--portability",
            "check for all POSIX systems (equivalent to -p -P)",
        ),
    ],
    operands: &[ArgSpec::required("NAME", ArgType::Path, "file names to check").repeated()],
    returns: "nothing; a diagnostic per invalid NAME on stderr",
    examples: &[
        Example {
            description: "a portable name",
            script: "pathchk -p some/file.txt && echo ok",
            stdout: "ok\n",
        },
        Example {
            description: "a space is not portable",
            script: "pathchk -p 'a b' 2>&1; echo $?",
            stdout: "pathchk: nonportable character \u{2018} \u{2019} in file name 'a b'\n1\n",
        },
    ],
    errors: "exit 1 when any NAME fails a check",
    risk: RiskLevel::ReadOnly,
};

const POSIX_PATH_MAX: usize = 256;
const POSIX_NAME_MAX: usize = 14;
const PATH_MAX: usize = 4096;
const NAME_MAX: usize = 255;

fn components(name: &str) -> impl Iterator<Item = &str> {
    name.split('/').filter(|c| !c.is_empty())
}

/// The first problem with `name`, as GNU's `validate_file_name` reports it.
fn problem(ctx: &dyn ToolCtx, name: &str, basic: bool, extra: bool) -> Option<String> {
    if extra && components(name).any(|c| c.starts_with('-')) {
        return Some(format!(
            "leading '-' in a component of file name {}",
            quote::quote(name)
        ));
    }
    if (basic || extra) && name.is_empty() {
        return Some("empty file name".into());
    }
    let mut exists = false;
    if basic {
        let bad = name
            .chars()
            .find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-' | '/')));
        if let Some(c) = bad {
            return Some(format!(
                "nonportable character {} in file name {}",
                quote::cquote(&c.to_string()),
                quote::quote(name)
            ));
        }
    } else {
        // What lstat(2) would say.
        let too_long = name.len() >= PATH_MAX || components(name).any(|c| c.len() > NAME_MAX);
        let result = if name.is_empty() {
            Err(VfsError::NotFound)
        } else if too_long {
            Err(VfsError::Other("File name too long".into()))
        } else {
            ctx.backend().lstat(&ctx.resolve_path(name))
        };
        match result {
            Ok(_) => exists = true,
            Err(VfsError::NotFound) if !name.is_empty() => {}
            Err(e) => return Some(format!("{}: {e}", quotef(name))),
        }
    }
    if basic && name.len() >= POSIX_PATH_MAX {
        return Some(format!(
            "limit {} exceeded by length {} of file name {}",
            POSIX_PATH_MAX - 1,
            name.len(),
            quote::quote(name)
        ));
    }
    if basic || !exists {
        let max = if basic { POSIX_NAME_MAX } else { NAME_MAX };
        if let Some(c) = components(name).find(|c| c.len() > max) {
            return Some(format!(
                "limit {max} exceeded by length {} of file name component {}",
                c.len(),
                quote::cquote(c)
            ));
        }
    }
    None
}

impl ParsedCommand for Pathchk {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let all = p.has(opt!(SPEC, "portability"));
        let basic = all || p.has(opt!(SPEC, "p"));
        let extra = all || p.has(opt!(SPEC, "P"));
        if p.operands.is_empty() {
            return diag::usage(ctx, &SPEC, "pathchk: missing operand", 1);
        }
        let mut status = 0;
        for op in &p.operands {
            let name = diag::lossy(op);
            if let Some(msg) = problem(ctx, &name, basic, extra) {
                diag::err(ctx, "pathchk", &msg);
                status = 1;
            }
        }
        status
    }
}

#[cfg(test)]
mod tests {
    use super::Pathchk;
    use crate::common::testing::{TestCtx, run};

    fn check(args: &[&str]) -> (i32, String) {
        let mut c = TestCtx::new().file("f", b"");
        let s = run(&Pathchk, args, &mut c);
        (s, c.err_str())
    }

    #[test]
    fn gnu_messages() {
        assert_eq!(check(&["a b", "/tmp/x", "nodir/x"]), (0, String::new()));
        assert_eq!(
            check(&["-p", "a b"]).1,
            "pathchk: nonportable character \u{2018} \u{2019} in file name 'a b'\n"
        );
        assert_eq!(
            check(&["-P", "--", "-x"]).1,
            "pathchk: leading '-' in a component of file name '-x'\n"
        );
        assert_eq!(check(&["-P", ""]).1, "pathchk: empty file name\n");
        assert_eq!(check(&[""]).1, "pathchk: '': No such file or directory\n");
        assert_eq!(check(&["f/x"]).1, "pathchk: f/x: Not a directory\n");
        let long = "x".repeat(20);
        assert_eq!(
            check(&["--portability", &long]).1,
            format!(
                "pathchk: limit 14 exceeded by length 20 of file name component \u{2018}{long}\u{2019}\n"
            )
        );
        let long = "x".repeat(300);
        assert_eq!(
            check(&[&long]).1,
            format!("pathchk: {long}: File name too long\n")
        );
        assert_eq!(check(&[]).0, 1);
    }
}
