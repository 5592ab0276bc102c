//! `realpath`: print the resolved absolute file name, optionally relative to a directory.
//!
//! Resolution is [`paths::canonicalize`] (gnulib's algorithm over the VFS); `-L` first
//! removes `..` lexically, `-s` leaves symlinks alone. `--relative-to`/`--relative-base`
//! follow coreutils: the base alone also serves as the directory to print relative to, and a
//! `--relative-to` outside `--relative-base` is dropped.

use sandsh_api::OptSpec;
use sandsh_api::opt;
use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, ParsedArgs, ParsedCommand, RiskLevel,
    ToolCtx,
};

use crate::common::paths::{self, Can};
use crate::common::{diag, input, output, quote};

pub struct Realpath;

static SPEC: CommandSpec = CommandSpec {
    name: "realpath",
    group: "fs",
    summary: "print the resolved path",
    usage: "realpath [OPTION]... FILE...",
    description: "Print the resolved absolute file name; all but the last component must exist (by default).",
    options: &[
        OptSpec::new(
            "-e, --canonicalize-existing",
            "all components of the path must exist",
        ),
        OptSpec::new(
            "-m, --canonicalize-missing",
            "no path components need exist or be a directory",
        ),
        OptSpec::new("-L, --logical", "resolve '..' components before symlinks"),
        OptSpec::new(
            "-P, --physical",
            "resolve symlinks as encountered (default)",
        ),
        OptSpec::new("-q, --quiet", "suppress most error messages"),
        OptSpec::new(
            "--relative-to=DIR",
            "print the resolved path relative to DIR",
        ),
        OptSpec::new(
            "--relative-base=DIR",
            "print absolute paths unless paths below DIR",
        ),
        OptSpec::new("-s, --strip", "don't expand symlinks"),
        OptSpec::new("--no-symlinks", "don't expand symlinks"),
        OptSpec::new("-z, --zero", "end each output line with NUL, not newline"),
    ],
    operands: &[ArgSpec::required("FILE", ArgType::Path, "paths to resolve").repeated()],
    returns: "one resolved path per FILE",
    examples: &[
        Example {
            description: "resolve a relative path",
            script: "cd /tmp && realpath -m ./a/../b",
            stdout: "/tmp/b\n",
        },
        Example {
            description: "relative to a directory",
            script: "mkdir -p /tmp/x/y && realpath --relative-to=/tmp/x/y /tmp/x/f",
            stdout: "../f\n",
        },
    ],
    errors: "exit 1 when a FILE cannot be resolved (the others are still printed)",
    risk: RiskLevel::ReadOnly,
};

struct Cfg {
    mode: Can,
    logical: bool,
    follow: bool,
}

fn canon(ctx: &dyn ToolCtx, c: &Cfg, name: &str) -> Result<String, sandsh_api::fs::VfsError> {
    if c.logical && c.follow {
        let lex = paths::lexical(ctx.cwd(), name);
        if name.is_empty() {
            return Err(sandsh_api::fs::VfsError::NotFound);
        }
        paths::canonicalize(ctx, &lex, c.mode, true)
    } else {
        paths::canonicalize(ctx, name, c.mode, c.follow)
    }
}

impl ParsedCommand for Realpath {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let mut c = Cfg {
            mode: Can::AllButLast,
            logical: false,
            follow: true,
        };
        let mut quiet = false;
        for (i, _) in &p.opts {
            let o = &SPEC.options[*i];
            match (o.short, o.long) {
                (Some('e'), _) => c.mode = Can::Existing,
                (Some('m'), _) => c.mode = Can::Missing,
                (Some('L'), _) => c.logical = true,
                (Some('P'), _) => c.logical = false,
                (Some('q'), _) => quiet = true,
                (Some('s'), _) | (_, Some("no-symlinks")) => c.follow = false,
                _ => {}
            }
        }
        if p.operands.is_empty() {
            return diag::usage(ctx, &SPEC, "realpath: missing operand", 1);
        }
        let need_dir = c.mode == Can::Existing;
        let rel_to_arg = p.value(opt!(SPEC, "relative-to")).map(|v| diag::lossy(v));
        let rel_base_arg = p.value(opt!(SPEC, "relative-base")).map(|v| diag::lossy(v));
        let resolve_dir = |ctx: &mut dyn ToolCtx, d: &str| -> Result<String, i32> {
            match canon(ctx, &c, d) {
                Ok(r) => {
                    if need_dir && !input::is_dir(ctx, &r) {
                        diag::err(
                            ctx,
                            "realpath",
                            &format!("{}: Not a directory", quote::gnu_quote(d, false)),
                        );
                        return Err(1);
                    }
                    Ok(r)
                }
                Err(e) => {
                    diag::err(
                        ctx,
                        "realpath",
                        &format!("{}: {e}", quote::gnu_quote(d, false)),
                    );
                    Err(1)
                }
            }
        };
        let (mut rel_to, mut rel_base) = (None, None);
        let to_arg = rel_to_arg.clone().or(rel_base_arg.clone());
        if let Some(d) = &to_arg {
            match resolve_dir(ctx, d) {
                Ok(r) => rel_to = Some(r),
                Err(s) => return s,
            }
        }
        if let Some(b) = &rel_base_arg {
            if rel_to_arg.is_none() {
                rel_base = rel_to.clone();
            } else {
                let base = match resolve_dir(ctx, b) {
                    Ok(r) => r,
                    Err(s) => return s,
                };
                // --relative-to is a no-op unless it lies below --relative-base.
                if rel_to.as_deref().is_some_and(|t| paths::is_under(t, &base)) {
                    rel_base = Some(base);
                } else {
                    rel_base = rel_to.take();
                }
            }
        }
        let delim = if p.has(opt!(SPEC, "z")) { b'\0' } else { b'\n' };
        let mut status = 0;
        let mut out = Vec::new();
        for op in &p.operands {
            if ctx.is_cancelled() {
                return 130;
            }
            let name = diag::lossy(op);
            match canon(ctx, &c, &name) {
                Ok(r) => {
                    let shown = match &rel_to {
                        Some(t) if rel_base.as_deref().is_none_or(|b| paths::is_under(&r, b)) => {
                            paths::relative_to(&r, t)
                        }
                        _ => r,
                    };
                    out.extend_from_slice(shown.as_bytes());
                    out.push(delim);
                }
                Err(e) => {
                    if !quiet {
                        if !output::out(ctx, &out) {
                            return 141;
                        }
                        out.clear();
                        diag::err(
                            ctx,
                            "realpath",
                            &format!("{}: {e}", quote::gnu_quote(&name, false)),
                        );
                    }
                    status = 1;
                }
            }
        }
        output::emit(ctx, &out, status)
    }
}

#[cfg(test)]
mod tests {
    use super::Realpath;
    use crate::common::testing::{link_tree, run};

    fn check(args: &[&str], status: i32, out: &str, err: &str) {
        let mut c = link_tree();
        assert_eq!(run(&Realpath, args, &mut c), status, "{args:?}");
        assert_eq!(c.out_str(), out, "{args:?}");
        assert_eq!(c.err_str(), err, "{args:?}");
    }

    #[test]
    fn resolving() {
        check(&["dang"], 0, "/home/user/nothere\n", "");
        check(
            &["-e", "dang"],
            1,
            "",
            "realpath: dang: No such file or directory\n",
        );
        check(&["f/.."], 1, "", "realpath: f/..: Not a directory\n");
        check(&["-m", "f/.."], 0, "/home/user\n", "");
        check(&["-s", "dl/.."], 0, "/home/user\n", "");
        check(&["dl"], 0, "/home/user/d\n", "");
        check(&["-s", "dl"], 0, "/home/user/dl\n", "");
        check(&[""], 1, "", "realpath: '': No such file or directory\n");
        check(&["-m", "a/../../b"], 0, "/home/b\n", "");
        check(&["-z", "f"], 0, "/home/user/f\0", "");
    }

    #[test]
    fn relative() {
        check(&["--relative-to=d", "f"], 0, "../f\n", "");
        check(
            &["--relative-base=/home/user", "f", "/usr"],
            0,
            "f\n/usr\n",
            "",
        );
        check(
            &[
                "--relative-base=/home/user",
                "--relative-to=/home/user/d",
                "f",
                "/usr",
            ],
            0,
            "../f\n/usr\n",
            "",
        );
        check(
            &["--relative-to=/usr", "--relative-base=/home", "f"],
            0,
            "/home/user/f\n",
            "",
        );
    }
}
