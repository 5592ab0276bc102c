//! `readlink`: print a symlink's target, or with `-f`/`-e`/`-m` the canonical path.
//!
//! Canonicalization is gnulib's algorithm run over the VFS ([`paths::canonicalize`]).
//! Failures are silent unless `-v`, as in GNU, and make the exit status 1.

use sandsh_api::OptSpec;
use sandsh_api::opt;
use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, ParsedArgs, ParsedCommand, RiskLevel,
    ToolCtx,
};

use crate::common::paths::{self, Can};
use crate::common::{diag, output, quote};

pub struct Readlink;

static SPEC: CommandSpec = CommandSpec {
    name: "readlink",
    group: "fs",
    summary: "print resolved symbolic links or canonical file names",
    usage: "readlink [OPTION]... FILE...",
    description: "Print the value of a symbolic link, or with -f/-e/-m the canonical file name (every symlink, `.` and `..` resolved).",
    options: &[
        OptSpec::new(
            "-f, --canonicalize",
            "canonicalize by following every symlink; all but the last component must exist",
        ),
        OptSpec::new(
            "-e, --canonicalize-existing",
            "canonicalize; every component must exist",
        ),
        OptSpec::new(
            "-m, --canonicalize-missing",
            "canonicalize without requirements on existence",
        ),
        OptSpec::new("-n, --no-newline", "do not output the trailing delimiter"),
        OptSpec::new("-q, --quiet", "suppress most error messages (the default)"),
        OptSpec::new("-s, --silent", "suppress most error messages (the default)"),
        OptSpec::new("-v, --verbose", "report error messages"),
        OptSpec::new("-z, --zero", "end each output line with NUL, not newline"),
    ],
    operands: &[
        ArgSpec::required("FILE", ArgType::Path, "symlinks (or paths to canonicalize)").repeated(),
    ],
    returns: "one target or canonical path per FILE",
    examples: &[
        Example {
            description: "a link's target",
            script: "ln -s /etc/passwd l && readlink l",
            stdout: "/etc/passwd\n",
        },
        Example {
            description: "canonical path",
            script: "mkdir -p /tmp/a && ln -s /tmp/a /tmp/b && readlink -f /tmp/b/../b/x",
            stdout: "/tmp/a/x\n",
        },
    ],
    errors: "exit 1 when a FILE is not a symlink (without -f/-e/-m) or cannot be resolved",
    risk: RiskLevel::ReadOnly,
};

impl ParsedCommand for Readlink {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let mut mode = None;
        let mut verbose = false;
        for (i, _) in &p.opts {
            match SPEC.options[*i].short {
                Some('f') => mode = Some(Can::AllButLast),
                Some('e') => mode = Some(Can::Existing),
                Some('m') => mode = Some(Can::Missing),
                Some('v') => verbose = true,
                Some('q') | Some('s') => verbose = false,
                _ => {}
            }
        }
        if p.operands.is_empty() {
            return diag::usage(ctx, &SPEC, "readlink: missing operand", 1);
        }
        let mut newline = !p.has(opt!(SPEC, "n"));
        if !newline && p.operands.len() > 1 {
            diag::err(
                ctx,
                "readlink",
                "ignoring --no-newline with multiple arguments",
            );
            newline = true;
        }
        let delim: &[u8] = if p.has(opt!(SPEC, "z")) { b"\0" } else { b"\n" };
        let mut status = 0;
        for op in &p.operands {
            if ctx.is_cancelled() {
                return 130;
            }
            let name = diag::lossy(op);
            let r = match mode {
                Some(m) => paths::canonicalize(ctx, &name, m, true),
                None => {
                    let abs = ctx.resolve_path(&name);
                    match ctx.backend().lstat(&abs) {
                        Ok(m) if m.is_symlink() => ctx
                            .backend()
                            .read_link(&abs)
                            .map(|t| t.to_string_lossy().into_owned()),
                        Ok(_) => Err(sandsh_api::fs::VfsError::InvalidInput),
                        Err(e) => Err(e),
                    }
                }
            };
            match r {
                Ok(s) => {
                    let mut o = s.into_bytes();
                    if newline {
                        o.extend_from_slice(delim);
                    }
                    if !output::out(ctx, &o) {
                        return 141;
                    }
                }
                Err(e) => {
                    if verbose {
                        diag::err(
                            ctx,
                            "readlink",
                            &format!("{}: {e}", quote::gnu_quote(&name, false)),
                        );
                    }
                    status = 1;
                }
            }
        }
        status
    }
}

#[cfg(test)]
mod tests {
    use super::Readlink;
    use crate::common::testing::{link_tree, run};

    fn check(args: &[&str], status: i32, out: &str) {
        let mut c = link_tree();
        assert_eq!(
            run(&Readlink, args, &mut c),
            status,
            "{args:?}: {}",
            c.err_str()
        );
        assert_eq!(c.out_str(), out, "{args:?}");
    }

    #[test]
    fn plain_and_canonical() {
        check(&["l"], 0, "f\n");
        check(&["f"], 1, "");
        check(&["-f", "f/"], 1, "");
        check(&["-f", "f/x"], 1, "");
        check(&["-m", "f/x"], 0, "/home/user/f/x\n");
        check(&["-e", "dang"], 1, "");
        check(&["-f", "dang"], 0, "/home/user/nothere\n");
        check(&["-f", "dang/x"], 1, "");
        check(&["-m", "dang/x/../y"], 0, "/home/user/nothere/y\n");
        check(&["-f", "loop1"], 1, "");
        check(&["-m", "loop1"], 0, "/home/user/loop1\n");
        check(&["-e", "l", "dl/"], 0, "/home/user/f\n/home/user/d\n");
        check(&["-n", "l"], 0, "f");
        check(&["-z", "l"], 0, "f\0");
        check(&["-f", ""], 1, "");
    }

    #[test]
    fn verbose_errors() {
        let mut c = link_tree();
        assert_eq!(run(&Readlink, &["-v", "f"], &mut c), 1);
        assert_eq!(c.err_str(), "readlink: f: Invalid argument\n");
        let mut c = link_tree();
        assert_eq!(run(&Readlink, &[], &mut c), 1);
        assert!(c.err_str().starts_with("readlink: missing operand\n"));
    }
}
