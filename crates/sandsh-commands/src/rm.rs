//! `rm`: remove files or directories.
//!
//! Recursion is done here rather than by the backend so `-v` can report each removal and a
//! failure deep in a tree names the path, as GNU does. `-i` and `-I` prompt on stderr and read
//! each answer as a line of standard input, as GNU does (the terminal in the REPL; the pipe in
//! `yes | rm -i *`); end of input answers no.

use sandsh_api::fs::VfsError;
use sandsh_api::opt;
use sandsh_api::rows;
use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand,
    RiskLevel, ToolCtx,
};

use crate::common::{diag, output, paths, prompt, quote};

pub struct Rm;

static SPEC: CommandSpec = CommandSpec {
    name: "rm",
    group: "fs",
    summary: "remove files or directories",
    usage: "rm [OPTION]... [FILE]...",
    description: "Remove (unlink) the FILE(s). By default, directories are not removed: use -r to remove them and their contents, or -d for empty ones. Refuses to remove '/', '.' and '..' recursively.",
    options: &[
        OptSpec::new(
            "-f, --force",
            "ignore nonexistent files and arguments, never prompt",
        ),
        OptSpec::new(
            "-i",
            "prompt before every removal (answers are read from standard input)",
        ),
        OptSpec::new(
            "-I",
            "prompt once before removing more than three files, or when removing recursively",
        ),
        OptSpec::new(
            "-r, --recursive",
            "remove directories and their contents recursively",
        ),
        OptSpec::new("-R", "same as -r"),
        OptSpec::new("-d, --dir", "remove empty directories"),
        rows::VERBOSE,
        OptSpec::new("--preserve-root", "do not remove '/' (default)"),
    ],
    operands: &[ArgSpec::required("FILE", ArgType::Path, "files to remove").repeated()],
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
    errors: "exit 1 when a file is missing (unless -f), is a directory (without -r/-d), or cannot be removed; a removal declined at a -i/-I prompt is not an error",
    risk: RiskLevel::MediumRisk,
};

struct Cfg {
    force: bool,
    recursive: bool,
    dir: bool,
    verbose: bool,
    /// `-i`: ask before every removal (answers are lines of stdin, as GNU reads them).
    ask: bool,
}

/// What happened to one operand or tree entry.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Done {
    Removed,
    /// Kept because the user said no. `Skip` also keeps every directory above it from being
    /// asked about (GNU: declining a directory before descending into it).
    Kept,
    Skip,
    Failed,
}

fn kind(meta: &sandsh_api::fs::Metadata) -> &'static str {
    use sandsh_api::fs::FileType;
    match meta.file_type {
        FileType::File if meta.size == 0 => "regular empty file",
        FileType::File => "regular file",
        FileType::Dir => "directory",
        FileType::Symlink => "symbolic link",
        FileType::CharDevice => "character special file",
        FileType::Fifo => "fifo",
    }
}

fn fail(ctx: &mut dyn ToolCtx, name: &str, e: impl std::fmt::Display) -> Done {
    diag::err(
        ctx,
        "rm",
        &format!("cannot remove {}: {e}", quote::quote(name)),
    );
    Done::Failed
}

fn remove(ctx: &mut dyn ToolCtx, name: &str, c: &Cfg) -> Done {
    let abs = ctx.resolve_path(name);
    let meta = match ctx.backend().lstat(&abs) {
        Ok(m) => m,
        Err(e) => {
            if c.force && e == VfsError::NotFound {
                return Done::Removed;
            }
            return fail(ctx, name, e);
        }
    };
    if !meta.is_dir() {
        if c.ask
            && !prompt::ask_stdin(
                ctx,
                &format!("rm: remove {} {}? ", kind(&meta), quote::quote(name)),
            )
        {
            return Done::Kept;
        }
        return match ctx.backend().remove(&abs, false) {
            Ok(()) => report(ctx, c, &format!("removed {}", quote::quote(name))),
            Err(e) => fail(ctx, name, e),
        };
    }
    if !c.recursive && !c.dir {
        return fail(ctx, name, "Is a directory");
    }
    let entries = match ctx.backend().list(&abs) {
        Ok(e) => e,
        Err(e) => return fail(ctx, name, e),
    };
    if !c.recursive && !entries.is_empty() {
        return fail(ctx, name, "Directory not empty");
    }
    if c.ask {
        let q = if entries.is_empty() {
            format!("rm: remove directory {}? ", quote::quote(name))
        } else {
            format!("rm: descend into directory {}? ", quote::quote(name))
        };
        if !prompt::ask_stdin(ctx, &q) {
            return Done::Skip;
        }
    }
    let mut failed = false;
    let mut skipped = false;
    for e in &entries {
        if ctx.is_cancelled() {
            return Done::Failed;
        }
        let child = paths::join_name(name, &diag::lossy(&e.name));
        match remove(ctx, &child, c) {
            Done::Removed | Done::Kept => {}
            Done::Skip => skipped = true,
            Done::Failed => failed = true,
        }
    }
    if failed {
        return Done::Failed;
    }
    if skipped {
        return Done::Skip;
    }
    if c.ask
        && !entries.is_empty()
        && !prompt::ask_stdin(
            ctx,
            &format!("rm: remove directory {}? ", quote::quote(name)),
        )
    {
        return Done::Kept;
    }
    match ctx.backend().remove(&abs, false) {
        Ok(()) => report(ctx, c, &format!("removed directory {}", quote::quote(name))),
        Err(e) => fail(ctx, name, e),
    }
}

fn report(ctx: &mut dyn ToolCtx, c: &Cfg, msg: &str) -> Done {
    if c.verbose {
        let _ = output::out(ctx, format!("{msg}\n").as_bytes());
    }
    Done::Removed
}

impl ParsedCommand for Rm {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        // The last of -f, -i and -I wins, as in GNU.
        let mut force = false;
        let mut mode = None;
        for (i, _) in &p.opts {
            match SPEC.options[*i].short {
                Some('f') => {
                    force = true;
                    mode = None;
                }
                Some(m @ ('i' | 'I')) => {
                    force = false;
                    mode = Some(m);
                }
                _ => {}
            }
        }
        let c = Cfg {
            force,
            recursive: p.has(opt!(SPEC, "r")) || p.has(opt!(SPEC, "R")),
            dir: p.has(opt!(SPEC, "d")),
            verbose: p.has(opt!(SPEC, "v")),
            ask: mode == Some('i'),
        };
        let n = p.operands.len();
        if mode == Some('I') && (c.recursive || n > 3) {
            let q = format!(
                "rm: remove {n} argument{}{}? ",
                if n == 1 { "" } else { "s" },
                if c.recursive { " recursively" } else { "" }
            );
            if !prompt::ask_stdin(ctx, &q) {
                return 0;
            }
        }
        if p.operands.is_empty() {
            if force {
                return 0;
            }
            return diag::usage(ctx, &SPEC, "rm: missing operand", 1);
        }
        let mut status = 0;
        for f in &p.operands {
            let name = diag::lossy(f);
            let base = paths::base_name(f);
            if base == b"." || base == b".." {
                diag::err(
                    ctx,
                    "rm",
                    &format!(
                        "refusing to remove '.' or '..' directory: skipping {}",
                        quote::quote(&name)
                    ),
                );
                status = 1;
                continue;
            }
            if c.recursive && ctx.resolve_path(&name) == std::path::Path::new("/") {
                diag::err(ctx, "rm", "it is dangerous to operate recursively on '/'");
                diag::err(
                    ctx,
                    "rm",
                    "use --no-preserve-root to override this failsafe",
                );
                status = 1;
                continue;
            }
            if remove(ctx, &name, &c) == Done::Failed {
                status = 1;
            }
        }
        status
    }
}

#[cfg(test)]
mod tests {
    use super::Rm;
    use crate::common::testing::{TestCtx, run};

    #[test]
    fn removes_and_reports() {
        let mut ctx = TestCtx::new().file("f", b"x");
        let _ = ctx.backend.mkdir(&ctx.cwd.join("d/e"), 0o755, true);
        let _ = ctx.backend.write(
            &ctx.cwd.join("d/e/g"),
            b"",
            sandsh_api::fs::WriteMode::Truncate,
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
        assert!(
            ctx.err_str()
                .ends_with("rm: cannot remove 'x': No such file or directory\n")
        );
        assert_eq!(run(&Rm, &["-rf", "/"], &mut ctx), 1);
        assert!(ctx.exists("/tmp"));
    }
}
