//! `chmod`: change file mode bits (octal or symbolic, see [`super::mode`]).

use sandsh_api::opt;
use sandsh_api::{
    Arg, ArgParser, ArgSpec, ArgType, Command, CommandSpec, Example, ExitStatus, OptSpec,
    RiskLevel, ToolCtx,
};

use crate::common::mode;
use crate::common::{diag, output, paths, quote};

pub struct Chmod;

static SPEC: CommandSpec = CommandSpec {
    name: "chmod",
    group: "fs",
    summary: "change file mode bits",
    usage: "chmod [OPTION]... MODE[,MODE]... FILE...\n  or:  chmod [OPTION]... OCTAL-MODE FILE...",
    description: "Change the mode of each FILE to MODE. MODE is octal (755) or symbolic: [ugoa]*([-+=]([rwxXst]*|[ugo]))+ separated by commas (u+x,go-w,a=r). A MODE starting with '-' (chmod -w f) is accepted.",
    options: &[
        OptSpec::new(
            "-c, --changes",
            "like verbose but report only when a change is made",
        ),
        OptSpec::new("-f, --silent", "suppress most error messages"),
        OptSpec::new(
            "-v, --verbose",
            "output a diagnostic for every file processed",
        ),
        OptSpec::new(
            "-R, --recursive",
            "change files and directories recursively",
        ),
    ],
    operands: &[
        ArgSpec::required("MODE", ArgType::String, "the new mode"),
        ArgSpec::required("FILE", ArgType::Path, "files to change").repeated(),
    ],
    returns: "nothing (with -v/-c, one line per file)",
    examples: &[Example {
        description: "make executable",
        script: "touch s && chmod u+x s && ls -l s | cut -c1-10",
        stdout: "-rwxr--r--\n",
    }],
    errors: "exit 1 on an invalid mode or a missing file",
    risk: RiskLevel::MediumRisk,
};

fn looks_like_mode(a: &[u8]) -> bool {
    a.len() > 1 && a[0] == b'-' && a[1..].iter().all(|c| b"rwxXstugoa+-=,01234567".contains(c))
}

struct Cfg {
    verbose: bool,
    changes: bool,
    silent: bool,
    recursive: bool,
}

fn apply(ctx: &mut dyn ToolCtx, spec: &str, name: &str, c: &Cfg) -> bool {
    let be = ctx.backend().clone();
    let abs = ctx.resolve_path(name);
    let meta = match be.stat(&abs) {
        Ok(m) => m,
        Err(e) => {
            if !c.silent {
                diag::err(
                    ctx,
                    "chmod",
                    &format!("cannot access {}: {e}", quote::quote(name)),
                );
            }
            return false;
        }
    };
    let Some(new) = mode::apply(spec, meta.mode, meta.is_dir(), ctx.umask()) else {
        return false;
    };
    let mut ok = true;
    if let Err(e) = be.chmod(&abs, new) {
        if !c.silent {
            diag::err(
                ctx,
                "chmod",
                &format!("changing permissions of {}: {e}", quote::quote(name)),
            );
        }
        ok = false;
    } else if c.verbose || (c.changes && new != meta.mode) {
        let r = |m: u32| mode::render('-', m)[1..].to_string();
        let line = if new != meta.mode {
            format!(
                "mode of {} changed from {:04o} ({}) to {:04o} ({})\n",
                quote::quote(name),
                meta.mode,
                r(meta.mode),
                new,
                r(new)
            )
        } else {
            format!(
                "mode of {} retained as {:04o} ({})\n",
                quote::quote(name),
                new,
                r(new)
            )
        };
        let _ = output::out(ctx, line.as_bytes());
    }
    if c.recursive && meta.is_dir() && !be.lstat(&abs).is_ok_and(|m| m.is_symlink()) {
        for e in be.list(&abs).unwrap_or_default() {
            if ctx.is_cancelled() {
                return false;
            }
            let child = paths::join_name(name, &diag::lossy(&e.name));
            if e.file_type == sandsh_api::fs::FileType::Symlink {
                continue;
            }
            ok &= apply(ctx, spec, &child, c);
        }
    }
    ok
}

impl Command for Chmod {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        // `chmod -w f`: the first mode-looking dash argument is the MODE operand.
        let mut rest: Vec<Arg> = Vec::new();
        let mut dash_mode: Option<Arg> = None;
        for a in args {
            if dash_mode.is_none()
                && looks_like_mode(a)
                && !a[1..].iter().all(|c| b"Rvcf".contains(c))
            {
                dash_mode = Some(a.clone());
            } else {
                rest.push(a.clone());
            }
        }
        let p = match ArgParser::parse(&SPEC, &rest) {
            Ok(p) => p,
            Err(e) => return diag::usage(ctx, &SPEC, &e.message, 1),
        };
        let mut ops = p.operands.clone();
        if let Some(m) = dash_mode {
            ops.insert(0, m);
        }
        if ops.is_empty() {
            return diag::usage(ctx, &SPEC, "chmod: missing operand", 1);
        }
        let spec = diag::lossy(&ops[0]);
        if ops.len() == 1 {
            return diag::usage(
                ctx,
                &SPEC,
                &format!("chmod: missing operand after {}", quote::cquote(&spec)),
                1,
            );
        }
        if mode::apply(&spec, 0o644, false, ctx.umask()).is_none() {
            return diag::usage(
                ctx,
                &SPEC,
                &format!("chmod: invalid mode: {}", quote::cquote(&spec)),
                1,
            );
        }
        let c = Cfg {
            verbose: p.has(opt!(SPEC, "v")),
            changes: p.has(opt!(SPEC, "c")),
            silent: p.has(opt!(SPEC, "f")),
            recursive: p.has(opt!(SPEC, "R")),
        };
        let mut status = 0;
        for f in &ops[1..] {
            if !apply(ctx, &spec, &diag::lossy(f), &c) {
                status = 1;
            }
        }
        status
    }
}

#[cfg(test)]
mod tests {
    use super::Chmod;
    use crate::common::testing::{TestCtx, run};

    #[test]
    fn modes() {
        let mut ctx = TestCtx::new().file("f", b"");
        let m = |ctx: &TestCtx| ctx.backend.stat(&ctx.cwd.join("f")).unwrap().mode;
        assert_eq!(run(&Chmod, &["755", "f"], &mut ctx), 0);
        assert_eq!(m(&ctx), 0o755);
        assert_eq!(run(&Chmod, &["-w", "f"], &mut ctx), 0);
        assert_eq!(m(&ctx), 0o555);
        assert_eq!(run(&Chmod, &["-v", "u+w,go-x", "f"], &mut ctx), 0);
        assert_eq!(
            ctx.out_str(),
            "mode of 'f' changed from 0555 (r-xr-xr-x) to 0744 (rwxr--r--)\n"
        );
        assert_eq!(run(&Chmod, &["x", "f"], &mut ctx), 1);
        assert_eq!(run(&Chmod, &["644", "nope"], &mut ctx), 1);
        assert_eq!(
            ctx.err_str().lines().last(),
            Some("chmod: cannot access 'nope': No such file or directory")
        );
    }
}
