//! `rm`: remove files or directories.
//!
//! Recursion is done here rather than by the backend so `-v` can report each removal and a
//! failure deep in a tree names the path, as GNU does. `-i` needs a terminal to ask on, which
//! sandsh never has, so it is refused rather than answered silently.

use crate::api::{
    Arg, ArgSpec, ArgType, Command, CommandSpec, Example, ExitStatus, OptSpec, RiskLevel, ToolCtx,
};
use crate::vfs::VfsError;

use super::util;

pub struct Rm;

static SPEC: CommandSpec = CommandSpec {
    name: "rm",
    group: "fs",
    summary: "remove files or directories",
    usage: "rm [OPTION]... [FILE]...",
    description: "Remove (unlink) the FILE(s). By default, directories are not removed: use -r to remove them and their contents, or -d for empty ones. Refuses to remove '/', '.' and '..' recursively.",
    options: &[
        OptSpec {
            short: Some('f'),
            long: Some("force"),
            value: None,
            help: "ignore nonexistent files and arguments, never prompt",
        },
        OptSpec {
            short: Some('i'),
            long: None,
            value: None,
            help: "prompt before every removal (refused: no terminal)",
        },
        OptSpec {
            short: Some('I'),
            long: None,
            value: None,
            help: "prompt once before removing many (refused: no terminal)",
        },
        OptSpec {
            short: Some('r'),
            long: Some("recursive"),
            value: None,
            help: "remove directories and their contents recursively",
        },
        OptSpec {
            short: Some('R'),
            long: None,
            value: None,
            help: "same as -r",
        },
        OptSpec {
            short: Some('d'),
            long: Some("dir"),
            value: None,
            help: "remove empty directories",
        },
        OptSpec {
            short: Some('v'),
            long: Some("verbose"),
            value: None,
            help: "explain what is being done",
        },
        OptSpec {
            short: None,
            long: Some("preserve-root"),
            value: None,
            help: "do not remove '/' (default)",
        },
    ],
    operands: &[ArgSpec {
        name: "FILE",
        kind: ArgType::Path,
        description: "files to remove",
        required: true,
        repeated: true,
    }],
    returns: "nothing (with -v, one line per removal)",
    examples: &[
        Example {
            description: "remove a file",
            script: "touch f && rm -v f",
            stdout: "removed 'f'\n",
        },
        Example {
            description: "remove a tree",
            script: "mkdir -p d/e && rm -r d && ls",
            stdout: "",
        },
    ],
    errors: "exit 1 when a file is missing (unless -f), is a directory (without -r/-d), or cannot be removed; -i/-I exit 1 (no terminal)",
    risk: RiskLevel::MediumRisk,
};

struct Cfg {
    force: bool,
    recursive: bool,
    dir: bool,
    verbose: bool,
}

fn remove(ctx: &mut dyn ToolCtx, name: &str, c: &Cfg) -> bool {
    let abs = ctx.resolve_path(name);
    let meta = match ctx.backend().lstat(&abs) {
        Ok(m) => m,
        Err(e) => {
            if c.force && e == VfsError::NotFound {
                return true;
            }
            util::err(
                ctx,
                "rm",
                &format!("cannot remove {}: {e}", util::quote(name)),
            );
            return false;
        }
    };
    if meta.is_dir() {
        if !c.recursive {
            if c.dir {
                return match ctx.backend().remove(&abs, false) {
                    Ok(()) => report(ctx, c, &format!("removed directory {}", util::quote(name))),
                    Err(e) => {
                        util::err(
                            ctx,
                            "rm",
                            &format!("cannot remove {}: {e}", util::quote(name)),
                        );
                        false
                    }
                };
            }
            util::err(
                ctx,
                "rm",
                &format!("cannot remove {}: Is a directory", util::quote(name)),
            );
            return false;
        }
        let entries = match ctx.backend().list(&abs) {
            Ok(e) => e,
            Err(e) => {
                util::err(
                    ctx,
                    "rm",
                    &format!("cannot remove {}: {e}", util::quote(name)),
                );
                return false;
            }
        };
        let mut ok = true;
        for e in entries {
            if ctx.is_cancelled() {
                return false;
            }
            let child = util::join_name(name, &util::lossy(&e.name));
            ok &= remove(ctx, &child, c);
        }
        if !ok {
            return false;
        }
        return match ctx.backend().remove(&abs, false) {
            Ok(()) => report(ctx, c, &format!("removed directory {}", util::quote(name))),
            Err(e) => {
                util::err(
                    ctx,
                    "rm",
                    &format!("cannot remove {}: {e}", util::quote(name)),
                );
                false
            }
        };
    }
    match ctx.backend().remove(&abs, false) {
        Ok(()) => report(ctx, c, &format!("removed {}", util::quote(name))),
        Err(e) => {
            util::err(
                ctx,
                "rm",
                &format!("cannot remove {}: {e}", util::quote(name)),
            );
            false
        }
    }
}

fn report(ctx: &mut dyn ToolCtx, c: &Cfg, msg: &str) -> bool {
    if c.verbose {
        let _ = util::out(ctx, format!("{msg}\n").as_bytes());
    }
    true
}

impl Command for Rm {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let p = match util::parse_or_usage(&SPEC, args, ctx, 1) {
            Ok(p) => p,
            Err(s) => return s,
        };
        // Later -f / -i override earlier ones, as in GNU.
        let mut force = false;
        let mut interactive = false;
        for (i, _) in &p.opts {
            match SPEC.options[*i].short {
                Some('f') => {
                    force = true;
                    interactive = false;
                }
                Some('i') | Some('I') => {
                    interactive = true;
                    force = false;
                }
                _ => {}
            }
        }
        if interactive {
            util::err(
                ctx,
                "rm",
                "interactive removal (-i/-I) is not supported: there is no terminal to ask",
            );
            return 1;
        }
        let c = Cfg {
            force,
            recursive: p.has(&SPEC, "r") || p.has(&SPEC, "R"),
            dir: p.has(&SPEC, "d"),
            verbose: p.has(&SPEC, "v"),
        };
        if p.operands.is_empty() {
            if force {
                return 0;
            }
            return util::usage(ctx, &SPEC, "rm: missing operand", 1);
        }
        let mut status = 0;
        for f in &p.operands {
            let name = util::lossy(f);
            let base = util::base_name(f);
            if base == b"." || base == b".." {
                util::err(
                    ctx,
                    "rm",
                    &format!(
                        "refusing to remove '.' or '..' directory: skipping {}",
                        util::quote(&name)
                    ),
                );
                status = 1;
                continue;
            }
            if c.recursive && ctx.resolve_path(&name) == std::path::Path::new("/") {
                util::err(ctx, "rm", "it is dangerous to operate recursively on '/'");
                util::err(
                    ctx,
                    "rm",
                    "use --no-preserve-root to override this failsafe",
                );
                status = 1;
                continue;
            }
            if !remove(ctx, &name, &c) {
                status = 1;
            }
        }
        status
    }
}

#[cfg(test)]
mod tests {
    use super::Rm;
    use crate::commands::testing::{TestCtx, run};

    #[test]
    fn removes_and_reports() {
        let mut ctx = TestCtx::new().file("f", b"x");
        let _ = ctx.backend.mkdir(&ctx.cwd.join("d/e"), 0o755, true);
        let _ = ctx.backend.write(
            &ctx.cwd.join("d/e/g"),
            b"",
            crate::vfs::WriteMode::Truncate,
            0o644,
        );
        assert_eq!(run(&Rm, &["nope"], &mut ctx), 1);
        assert_eq!(
            ctx.err_str(),
            "rm: cannot remove 'nope': No such file or directory\n"
        );
        assert_eq!(run(&Rm, &["-f", "nope"], &mut ctx), 0);
        assert_eq!(run(&Rm, &["d"], &mut ctx), 1);
        assert_eq!(run(&Rm, &["-rv", "d", "f"], &mut ctx), 0);
        assert_eq!(
            ctx.out_str(),
            "removed 'd/e/g'\nremoved directory 'd/e'\nremoved directory 'd'\nremoved 'f'\n"
        );
        assert!(!ctx.exists("d"));
        assert_eq!(run(&Rm, &["-i", "x"], &mut ctx), 1);
        assert_eq!(run(&Rm, &["-rf", "/"], &mut ctx), 1);
        assert!(ctx.exists("/tmp"));
    }
}
