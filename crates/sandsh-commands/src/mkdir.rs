//! `mkdir` and `rmdir`.

use sandsh_api::fs::VfsError;
use sandsh_api::opt;
use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand,
    RiskLevel, ToolCtx,
};

use crate::common::mode;
use crate::common::paths::dir_name;
use crate::common::{diag, output, paths, quote};

pub struct Mkdir;
pub struct Rmdir;

static MKDIR: CommandSpec = CommandSpec {
    name: "mkdir",
    group: "fs",
    summary: "make directories",
    usage: "mkdir [OPTION]... DIRECTORY...",
    description: "Create the DIRECTORY(ies), if they do not already exist.",
    options: &[
        OptSpec::new(
            "-m, --mode=MODE",
            "set file mode (as in chmod), not a=rwx - umask",
        ),
        OptSpec::new(
            "-p, --parents",
            "no error if existing, make parent directories as needed",
        ),
        OptSpec::new(
            "-v, --verbose",
            "print a message for each created directory",
        ),
    ],
    operands: &[ArgSpec::required("DIRECTORY", ArgType::Path, "directories to create").repeated()],
    returns: "nothing (with -v, one line per created directory)",
    examples: &[Example {
        description: "nested directories",
        script: "mkdir -p a/b/c && cd a/b/c && pwd",
        stdout: "/home/user/a/b/c\n",
    }],
    errors: "exit 1 when a directory exists (without -p), a parent is missing (without -p), or the mode is invalid",
    risk: RiskLevel::LowRisk,
};

static RMDIR: CommandSpec = CommandSpec {
    name: "rmdir",
    group: "fs",
    summary: "remove empty directories",
    usage: "rmdir [OPTION]... DIRECTORY...",
    description: "Remove the DIRECTORY(ies), if they are empty.",
    options: &[
        OptSpec::new(
            "--ignore-fail-on-non-empty",
            "ignore each failure to remove a non-empty directory",
        ),
        OptSpec::new(
            "-p, --parents",
            "remove DIRECTORY and its ancestors; e.g., 'rmdir -p a/b' is similar to 'rmdir a/b a'",
        ),
        OptSpec::new(
            "-v, --verbose",
            "output a diagnostic for every directory processed",
        ),
    ],
    operands: &[
        ArgSpec::required("DIRECTORY", ArgType::Path, "empty directories to remove").repeated(),
    ],
    returns: "nothing (with -v, one line per directory)",
    examples: &[Example {
        description: "remove a chain",
        script: "mkdir -p a/b && rmdir -p a/b && ls",
        stdout: "",
    }],
    errors: "exit 1 when a directory is missing, not empty, or not a directory",
    risk: RiskLevel::MediumRisk,
};

impl ParsedCommand for Mkdir {
    fn spec(&self) -> &CommandSpec {
        &MKDIR
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        if p.operands.is_empty() {
            return diag::usage(ctx, &MKDIR, "mkdir: missing operand", 1);
        }
        let parents = p.has(opt!(MKDIR, "p"));
        let verbose = p.has(opt!(MKDIR, "v"));
        let default = 0o777 & !ctx.umask();
        let final_mode = match p.value(opt!(MKDIR, "m")) {
            Some(m) => match mode::apply(&diag::lossy(m), 0o777, true, 0) {
                Some(v) => v,
                None => {
                    diag::err(
                        ctx,
                        "mkdir",
                        &format!("invalid mode {}", quote::cquote(&diag::lossy(m))),
                    );
                    return 1;
                }
            },
            None => default,
        };
        let mut status = 0;
        for d in &p.operands {
            let name = diag::lossy(d);
            let mut todo = vec![name.clone()];
            if parents {
                let mut cur = d.clone();
                loop {
                    let parent = dir_name(&cur);
                    if parent == cur || parent == b"." || parent == b"/" {
                        break;
                    }
                    todo.push(diag::lossy(&parent));
                    cur = parent;
                }
                todo.reverse();
            }
            let last = todo.len() - 1;
            for (i, dir) in todo.iter().enumerate() {
                let abs = ctx.resolve_path(dir);
                let existing = if parents {
                    ctx.backend().stat(&abs).ok()
                } else {
                    None
                };
                if existing.as_ref().is_some_and(|m| m.is_dir()) {
                    continue;
                }
                // GNU names an ancestor that is not a directory as such (the last one, when it
                // exists, is "File exists").
                if existing.is_some() && i != last {
                    let m = format!(
                        "cannot create directory {}: Not a directory",
                        quote::cquote(dir)
                    );
                    diag::err(ctx, "mkdir", &m);
                    status = 1;
                    break;
                }
                let m = if i == last {
                    final_mode
                } else {
                    default | 0o300
                };
                match ctx.backend().mkdir(&abs, m, false) {
                    Ok(()) => {
                        if i == last && p.has(opt!(MKDIR, "m")) {
                            let _ = ctx.backend().chmod(&abs, m);
                        }
                        if verbose {
                            let line = format!("mkdir: created directory {}\n", quote::quote(dir));
                            if !output::out(ctx, line.as_bytes()) {
                                return 1;
                            }
                        }
                    }
                    Err(e) => {
                        diag::err(
                            ctx,
                            "mkdir",
                            &format!("cannot create directory {}: {e}", quote::cquote(dir)),
                        );
                        status = 1;
                        break;
                    }
                }
            }
        }
        status
    }
}

impl ParsedCommand for Rmdir {
    fn spec(&self) -> &CommandSpec {
        &RMDIR
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        if p.operands.is_empty() {
            return diag::usage(ctx, &RMDIR, "rmdir: missing operand", 1);
        }
        let parents = p.has(opt!(RMDIR, "p"));
        let verbose = p.has(opt!(RMDIR, "v"));
        let ignore = p.has(opt!(RMDIR, "ignore-fail-on-non-empty"));
        let mut status = 0;
        for d in &p.operands {
            let mut cur = paths::trim_slashes(d).to_vec();
            if cur.is_empty() {
                cur = d.clone();
            }
            loop {
                let name = diag::lossy(&cur);
                if verbose
                    && !output::out(
                        ctx,
                        format!("rmdir: removing directory, {}\n", quote::quote(&name)).as_bytes(),
                    )
                {
                    return 1;
                }
                let abs = ctx.resolve_path(&name);
                let r = match ctx.backend().lstat(&abs) {
                    Ok(m) if !m.is_dir() => Err(VfsError::NotADirectory),
                    Ok(_) => ctx.backend().remove(&abs, false),
                    Err(e) => Err(e),
                };
                if let Err(e) = r {
                    if !(ignore && e == VfsError::NotEmpty) {
                        diag::err(
                            ctx,
                            "rmdir",
                            &format!("failed to remove {}: {e}", quote::quote(&name)),
                        );
                        status = 1;
                    }
                    break;
                }
                if !parents {
                    break;
                }
                let parent = dir_name(&cur);
                if parent == b"." || parent == b"/" || parent == cur {
                    break;
                }
                cur = parent;
            }
        }
        status
    }
}

#[cfg(test)]
mod tests {
    use super::{Mkdir, Rmdir};
    use crate::common::testing::{TestCtx, run};

    #[test]
    fn mkdir_and_rmdir() {
        let mut ctx = TestCtx::new();
        assert_eq!(run(&Mkdir, &["-pv", "a/b"], &mut ctx), 0);
        assert_eq!(
            ctx.out_str(),
            "mkdir: created directory 'a'\nmkdir: created directory 'a/b'\n"
        );
        assert_eq!(run(&Mkdir, &["a"], &mut ctx), 1);
        assert_eq!(
            ctx.err_str(),
            "mkdir: cannot create directory \u{2018}a\u{2019}: File exists\n"
        );
        assert_eq!(run(&Mkdir, &["-m", "700", "c"], &mut ctx), 0);
        assert_eq!(ctx.backend.stat(&ctx.cwd.join("c")).unwrap().mode, 0o700);
        assert_eq!(run(&Rmdir, &["a"], &mut ctx), 1);
        assert_eq!(run(&Rmdir, &["-p", "a/b"], &mut ctx), 0);
        assert!(!ctx.exists("a"));
    }
}
