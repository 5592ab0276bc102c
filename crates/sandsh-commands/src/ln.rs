//! `ln`: make links between files (hard links by default, symbolic with `-s`).

use std::path::Path;

use sandsh_api::fs::VfsError;
use sandsh_api::opt;
use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand,
    RiskLevel, ToolCtx,
};

use crate::common::{diag, operand_pairs, output, quote};

pub struct Ln;

static SPEC: CommandSpec = CommandSpec {
    name: "ln",
    group: "fs",
    summary: "make links between files",
    usage: "ln [OPTION]... TARGET LINK_NAME\n  or:  ln [OPTION]... TARGET\n  or:  ln [OPTION]... TARGET... DIRECTORY",
    description: "Create a link to TARGET with the name LINK_NAME, or links in DIRECTORY, or (with one operand) in the current directory. Hard links by default; symbolic links with -s (the target text is stored as given).",
    options: &[
        OptSpec::new("-f, --force", "remove existing destination files"),
        OptSpec::new(
            "-n, --no-dereference",
            "treat LINK_NAME as a normal file if it is a symbolic link to a directory",
        ),
        OptSpec::new(
            "-s, --symbolic",
            "make symbolic links instead of hard links",
        ),
        OptSpec::new(
            "-T, --no-target-directory",
            "treat LINK_NAME as a normal file always",
        ),
        OptSpec::new(
            "-r, --relative",
            "with -s, create links relative to link location",
        ),
        OptSpec::new(
            "-t, --target-directory=DIRECTORY",
            "specify the DIRECTORY in which to create the links",
        ),
        OptSpec::new("-v, --verbose", "print name of each linked file"),
    ],
    operands: &[
        ArgSpec::required("TARGET", ArgType::Path, "what the link points to").repeated(),
        ArgSpec::optional("LINK_NAME", ArgType::Path, "the link to create"),
    ],
    returns: "nothing (with -v, one line per link)",
    examples: &[Example {
        description: "symbolic link",
        script: "echo x > f && ln -s f l && cat l",
        stdout: "x\n",
    }],
    errors: "exit 1 when the link exists (without -f), the target is missing (hard links), or the directory is missing",
    risk: RiskLevel::LowRisk,
};

impl ParsedCommand for Ln {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let symbolic = p.has(opt!(SPEC, "s"));
        let relative = p.has(opt!(SPEC, "r"));
        if relative && !symbolic {
            diag::err(ctx, "ln", "cannot do --relative without --symbolic");
            return 1;
        }
        let force = p.has(opt!(SPEC, "f"));
        let no_deref = p.has(opt!(SPEC, "n"));
        let mut ops = p.operands.clone();
        if ops.len() == 1 && p.value(opt!(SPEC, "t")).is_none() {
            ops.push(b".".to_vec());
        }
        // With -n, a symlink to a directory as the last operand is replaced, not entered.
        let no_target = p.has(opt!(SPEC, "T"))
            || (no_deref
                && ops.len() == 2
                && ops.last().is_some_and(|l| {
                    ctx.backend()
                        .lstat(&ctx.resolve_path(&diag::lossy(l)))
                        .is_ok_and(|m| m.is_symlink())
                }));
        let pairs = match operand_pairs::copy_pairs(
            ctx,
            &ops,
            p.value(opt!(SPEC, "t")).map(|v| v.as_slice()),
            no_target,
        ) {
            Ok(v) => v,
            Err(m) => return diag::usage(ctx, &SPEC, &format!("ln: {m}"), 1),
        };
        let be = ctx.backend().clone();
        let mut status = 0;
        for (target, link) in pairs {
            let la = ctx.resolve_path(&link);
            if force && be.lstat(&la).is_ok_and(|m| !m.is_dir()) {
                let _ = be.remove(&la, false);
            }
            // -r: the TARGET operand is read from the current directory and stored relative to
            // the link's directory, both resolved as `realpath -m` would.
            let stored = if relative {
                let canon = |ctx: &dyn ToolCtx, p: &str| {
                    crate::common::paths::canonicalize(
                        ctx,
                        p,
                        crate::common::paths::Can::Missing,
                        true,
                    )
                    .unwrap_or_else(|_| crate::common::paths::lexical(ctx.cwd(), p))
                };
                let t = canon(ctx, &target);
                let parent = la
                    .parent()
                    .map_or_else(|| "/".to_string(), |d| d.to_string_lossy().into_owned());
                let d = canon(ctx, &parent);
                crate::common::paths::relative_to(&t, &d)
            } else {
                target.clone()
            };
            if !symbolic
                && be
                    .stat(&ctx.resolve_path(&target))
                    .is_ok_and(|m| m.is_dir())
            {
                let m = format!("{target}: hard link not allowed for directory");
                diag::err(ctx, "ln", &m);
                status = 1;
                continue;
            }
            let r = if symbolic {
                be.symlink(Path::new(&stored), &la)
            } else {
                be.hard_link(&ctx.resolve_path(&target), &la)
            };
            match r {
                Ok(()) => {
                    if p.has(opt!(SPEC, "v")) {
                        let arrow = if symbolic { "->" } else { "=>" };
                        let _ = output::out(
                            ctx,
                            format!(
                                "{} {arrow} {}\n",
                                quote::quote(&link),
                                quote::quote(&stored)
                            )
                            .as_bytes(),
                        );
                    }
                }
                Err(e) => {
                    let m = if symbolic {
                        format!(
                            "failed to create symbolic link {}: {e}",
                            quote::quote(&link)
                        )
                    } else {
                        // GNU names only the link when it exists already.
                        if matches!(e, VfsError::AlreadyExists) {
                            format!("failed to create hard link {}: {e}", quote::quote(&link))
                        } else {
                            format!(
                                "failed to create hard link {} => {}: {e}",
                                quote::quote(&link),
                                quote::quote(&target)
                            )
                        }
                    };
                    diag::err(ctx, "ln", &m);
                    status = 1;
                }
            }
        }
        status
    }
}

#[cfg(test)]
mod tests {
    use super::Ln;
    use crate::common::testing::{TestCtx, run};

    #[test]
    fn relative_links() {
        let mut ctx = TestCtx::new().file("t", b"x");
        let _ = ctx.backend.mkdir(&ctx.cwd.join("a/b"), 0o755, true);
        assert_eq!(run(&Ln, &["-svr", "t", "a/b/l"], &mut ctx), 0);
        assert_eq!(ctx.out_str(), "'a/b/l' -> '../../t'\n");
        assert_eq!(ctx.read("a/b/l"), Some(b"x".to_vec()));
        assert_eq!(run(&Ln, &["-r", "t", "h"], &mut ctx), 1);
        assert_eq!(
            ctx.err_str(),
            "ln: cannot do --relative without --symbolic\n"
        );
    }

    #[test]
    fn links() {
        let mut ctx = TestCtx::new().file("f", b"x");
        assert_eq!(run(&Ln, &["-s", "f", "l"], &mut ctx), 0);
        assert_eq!(ctx.read("l").unwrap(), b"x");
        assert_eq!(run(&Ln, &["-s", "f", "l"], &mut ctx), 1);
        assert_eq!(
            ctx.err_str(),
            "ln: failed to create symbolic link 'l': File exists\n"
        );
        assert_eq!(run(&Ln, &["-sf", "g", "l"], &mut ctx), 0);
        assert_eq!(run(&Ln, &["f", "h"], &mut ctx), 0);
        assert_eq!(ctx.backend.stat(&ctx.cwd.join("h")).unwrap().nlink, 2);
    }
}
