//! `install`: copy files and set their mode, or create directories (`-d`), creating leading
//! directories with `-D`.
//!
//! Installed files get mode 0755 unless `-m`; a symbolic `-m` applies to 0 without the umask,
//! as GNU's does. Owner and group changes (`-o`, `-g`) and `-s` (strip) are not supported:
//! the VFS is single-user and has no binaries to strip.

use sandsh_api::OptSpec;
use sandsh_api::fs::WriteMode;
use sandsh_api::opt;
use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, ParsedArgs, ParsedCommand, RiskLevel,
    ToolCtx,
};

use crate::common::mode;
use crate::common::paths;
use crate::common::{diag, operand_pairs, output, quote};

pub struct Install;

static SPEC: CommandSpec = CommandSpec {
    name: "install",
    group: "fs",
    summary: "copy files and set attributes",
    usage: "install [OPTION]... [-T] SOURCE DEST\n  or:  install [OPTION]... SOURCE... DIRECTORY\n  or:  install [OPTION]... -t DIRECTORY SOURCE...\n  or:  install [OPTION]... -d DIRECTORY...",
    description: "Copy SOURCE to DEST or multiple SOURCEs to the existing DIRECTORY, setting the mode (0755 unless -m). With -d, create all components of the given directories.",
    options: &[
        OptSpec::new("--backup", "not supported"),
        OptSpec::new("-c", "(ignored)"),
        OptSpec::new(
            "-C, --compare",
            "do not copy a file whose content is already the same at the destination",
        ),
        OptSpec::new(
            "-d, --directory",
            "treat all arguments as directory names; create all components",
        ),
        OptSpec::new(
            "-D",
            "create all leading components of DEST except the last, or all components of --target-directory",
        ),
        OptSpec::new("-g, --group=GROUP", "set group ownership (not supported)"),
        OptSpec::new(
            "-m, --mode=MODE",
            "set permission mode (as in chmod), instead of rwxr-xr-x",
        ),
        OptSpec::new("-o, --owner=OWNER", "set ownership (not supported)"),
        OptSpec::new(
            "-p, --preserve-timestamps",
            "apply the modification time of SOURCE files to the copies",
        ),
        OptSpec::new("-s, --strip", "strip symbol tables (not supported)"),
        OptSpec::new(
            "-t, --target-directory=DIRECTORY",
            "copy all SOURCE arguments into DIRECTORY",
        ),
        OptSpec::new("-T, --no-target-directory", "treat DEST as a normal file"),
        OptSpec::new(
            "-v, --verbose",
            "print the name of each created file or directory",
        ),
    ],
    operands: &[ArgSpec::required(
        "FILE",
        ArgType::Path,
        "sources and destination, or directories with -d",
    )
    .repeated()],
    returns: "nothing (with -v, one line per file or directory created)",
    examples: &[
        Example {
            description: "install a script with its mode",
            script: "echo hi > s && install -m 750 s /tmp/bin1 && stat -c %a /tmp/bin1",
            stdout: "750\n",
        },
        Example {
            description: "create leading directories",
            script: "echo hi > s && install -Dv s /tmp/x/y/s",
            stdout: "install: creating directory '/tmp/x'\ninstall: creating directory '/tmp/x/y'\n's' -> '/tmp/x/y/s'\n",
        },
    ],
    errors: "exit 1 when a source is missing or a directory, or a destination cannot be written",
    risk: RiskLevel::MediumRisk,
};

/// Create `dir` and its missing parents, reporting each with -v.
fn make_dirs(
    ctx: &mut dyn ToolCtx,
    dir: &str,
    verbose: bool,
    out: &mut Vec<u8>,
) -> Result<(), String> {
    let abs = ctx.resolve_path(dir);
    if ctx.backend().stat(&abs).is_ok_and(|m| m.is_dir()) {
        return Ok(());
    }
    // Walk the operand's own components so that -v names them as given.
    let mut prefix = String::new();
    if dir.starts_with('/') {
        prefix.push('/');
    }
    for comp in dir.split('/').filter(|c| !c.is_empty()) {
        if !prefix.is_empty() && !prefix.ends_with('/') {
            prefix.push('/');
        }
        prefix.push_str(comp);
        if comp == "." || comp == ".." {
            continue;
        }
        let p = ctx.resolve_path(&prefix);
        match ctx.backend().stat(&p) {
            Ok(m) if m.is_dir() => continue,
            Ok(_) => {
                return Err(format!(
                    "cannot create directory {}: File exists",
                    quote::cquote(&prefix)
                ));
            }
            Err(_) => {}
        }
        if let Err(e) = ctx.backend().mkdir(&p, 0o755, false) {
            return Err(format!(
                "cannot create directory {}: {e}",
                quote::cquote(&prefix)
            ));
        }
        if verbose {
            out.extend_from_slice(
                format!("install: creating directory {}\n", quote::quote(&prefix)).as_bytes(),
            );
        }
    }
    Ok(())
}

impl ParsedCommand for Install {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        for unsupported in ["backup", "g", "o", "s"] {
            if p.has(SPEC.find(unsupported)) {
                let name = if unsupported.len() == 1 {
                    format!("-{unsupported}")
                } else {
                    format!("--{unsupported}")
                };
                diag::err(
                    ctx,
                    "install",
                    &format!("{name} is not supported in the sandbox"),
                );
                return 1;
            }
        }
        let verbose = p.has(opt!(SPEC, "v"));
        let mode_arg = p.value(opt!(SPEC, "m")).map(|v| diag::lossy(v));
        let file_mode = match &mode_arg {
            Some(m) => match mode::apply(m, 0, false, 0) {
                Some(v) => v,
                None => {
                    diag::err(
                        ctx,
                        "install",
                        &format!("invalid mode {}", quote::cquote(m)),
                    );
                    return 1;
                }
            },
            None => 0o755,
        };
        let mut out = Vec::new();
        let mut status = 0;
        if p.has(opt!(SPEC, "d")) {
            if p.operands.is_empty() {
                return diag::usage(ctx, &SPEC, "install: missing file operand", 1);
            }
            for d in &p.operands {
                if ctx.is_cancelled() {
                    return 130;
                }
                let d = diag::lossy(d);
                match make_dirs(ctx, &d, verbose, &mut out) {
                    Ok(()) => {
                        if mode_arg.is_some() {
                            let abs = ctx.resolve_path(&d);
                            let m = mode_arg
                                .as_deref()
                                .and_then(|m| mode::apply(m, 0, true, 0))
                                .unwrap_or(0o755);
                            let _ = ctx.backend().chmod(&abs, m);
                        }
                    }
                    Err(msg) => {
                        let _ = output::out(ctx, &out);
                        out.clear();
                        diag::err(ctx, "install", &msg);
                        status = 1;
                    }
                }
            }
            let _ = output::out(ctx, &out);
            return status;
        }
        let target = p.value(opt!(SPEC, "t")).map(|v| diag::lossy(v));
        let make_leading = p.has(opt!(SPEC, "D"));
        if make_leading
            && let Some(t) = &target
            && let Err(msg) = make_dirs(ctx, t, verbose, &mut out)
        {
            let _ = output::out(ctx, &out);
            diag::err(ctx, "install", &msg);
            return 1;
        }
        if make_leading && target.is_none() && p.operands.len() == 2 {
            let dest = diag::lossy(&p.operands[1]);
            let parent = match dest.rfind('/') {
                Some(0) => Some("/".to_string()),
                Some(i) => Some(dest[..i].to_string()),
                None => None,
            };
            if let Some(parent) = parent
                && let Err(msg) = make_dirs(ctx, &parent, verbose, &mut out)
            {
                let _ = output::out(ctx, &out);
                diag::err(ctx, "install", &msg);
                return 1;
            }
        }
        let pairs = match operand_pairs::copy_pairs(
            ctx,
            &p.operands,
            target.as_deref().map(str::as_bytes),
            p.has(opt!(SPEC, "T")),
        ) {
            Ok(v) => v,
            Err(msg) => {
                let _ = output::out(ctx, &out);
                if msg.is_missing() {
                    return diag::usage(ctx, &SPEC, &format!("install: {msg}"), 1);
                }
                diag::err(ctx, "install", &msg.to_string());
                return 1;
            }
        };
        let compare = p.has(opt!(SPEC, "C"));
        let preserve = p.has(opt!(SPEC, "p"));
        for (src, dst) in pairs {
            if ctx.is_cancelled() {
                return 130;
            }
            let sabs = ctx.resolve_path(&src);
            let dabs = ctx.resolve_path(&dst);
            let smeta = match ctx.backend().stat(&sabs) {
                Ok(m) => m,
                Err(e) => {
                    let _ = output::out(ctx, &out);
                    out.clear();
                    diag::err(
                        ctx,
                        "install",
                        &format!("cannot stat {}: {e}", quote::quote(&src)),
                    );
                    status = 1;
                    continue;
                }
            };
            let fail = |ctx: &mut dyn ToolCtx, out: &mut Vec<u8>, msg: String| {
                let _ = output::out(ctx, out);
                out.clear();
                diag::err(ctx, "install", &msg);
            };
            if smeta.is_dir() {
                fail(
                    ctx,
                    &mut out,
                    format!("omitting directory {}", quote::quote(&src)),
                );
                status = 1;
                continue;
            }
            let same = paths::canonicalize(ctx, &src, paths::Can::Existing, true).ok()
                == paths::canonicalize(ctx, &dst, paths::Can::Existing, true).ok()
                && ctx.backend().stat(&dabs).is_ok();
            if same {
                fail(
                    ctx,
                    &mut out,
                    format!(
                        "{} and {} are the same file",
                        quote::quote(&src),
                        quote::quote(&dst)
                    ),
                );
                status = 1;
                continue;
            }
            let data = match ctx.backend().read(&sabs, None) {
                Ok(d) => d,
                Err(e) => {
                    fail(
                        ctx,
                        &mut out,
                        format!("cannot open {} for reading: {e}", quote::quote(&src)),
                    );
                    status = 1;
                    continue;
                }
            };
            let existing = ctx.backend().lstat(&dabs).ok();
            if compare
                && existing
                    .as_ref()
                    .is_some_and(|m| m.is_file() && m.mode & 0o7777 == file_mode)
                && ctx.backend().read(&dabs, None).is_ok_and(|d| d == data)
            {
                continue;
            }
            if let Some(m) = &existing {
                if m.is_dir() {
                    fail(
                        ctx,
                        &mut out,
                        format!(
                            "cannot overwrite directory {} with non-directory",
                            quote::quote(&dst)
                        ),
                    );
                    status = 1;
                    continue;
                }
                // GNU unlinks the old file first, so a symlink is replaced, not followed.
                if ctx.backend().remove(&dabs, false).is_ok() && verbose {
                    out.extend_from_slice(format!("removed {}\n", quote::quote(&dst)).as_bytes());
                }
            }
            if let Err(e) = ctx
                .backend()
                .write(&dabs, &data, WriteMode::Truncate, file_mode)
            {
                fail(
                    ctx,
                    &mut out,
                    format!("cannot create regular file {}: {e}", quote::quote(&dst)),
                );
                status = 1;
                continue;
            }
            let _ = ctx.backend().chmod(&dabs, file_mode);
            if preserve {
                let _ = ctx.backend().set_mtime(&dabs, smeta.mtime);
            }
            if verbose {
                out.extend_from_slice(
                    format!("{} -> {}\n", quote::quote(&src), quote::quote(&dst)).as_bytes(),
                );
            }
        }
        output::emit(ctx, &out, status)
    }
}

#[cfg(test)]
mod tests {
    use super::Install;
    use crate::common::testing::{TestCtx, run};
    use std::path::Path;

    fn mode(c: &TestCtx, p: &str) -> Option<u32> {
        c.backend.stat(&c.cwd.join(p)).ok().map(|m| m.mode)
    }

    #[test]
    fn copies_with_modes() {
        let mut c = TestCtx::new().file("src", b"hi\n");
        assert_eq!(run(&Install, &["src", "dst"], &mut c), 0);
        assert_eq!(c.read("dst"), Some(b"hi\n".to_vec()));
        assert_eq!(mode(&c, "dst"), Some(0o755));
        assert_eq!(run(&Install, &["-m", "640", "src", "d3"], &mut c), 0);
        assert_eq!(mode(&c, "d3"), Some(0o640));
        assert_eq!(run(&Install, &["-m", "u+x", "src", "e"], &mut c), 0);
        assert_eq!(mode(&c, "e"), Some(0o100));
        assert_eq!(run(&Install, &["-v", "src", "dst"], &mut c), 0);
        assert_eq!(c.out_str(), "removed 'dst'\n'src' -> 'dst'\n");
    }

    #[test]
    fn directories() {
        let mut c = TestCtx::new().file("src", b"hi\n");
        assert_eq!(run(&Install, &["-dv", "x/y"], &mut c), 0);
        assert_eq!(
            c.out_str(),
            "install: creating directory 'x'\ninstall: creating directory 'x/y'\n"
        );
        assert!(
            c.backend
                .stat(Path::new("/home/user/x/y"))
                .is_ok_and(|m| m.is_dir())
        );
        c.out.clear();
        assert_eq!(run(&Install, &["-Dv", "src", "deep/f"], &mut c), 0);
        assert_eq!(
            c.out_str(),
            "install: creating directory 'deep'\n'src' -> 'deep/f'\n"
        );
        assert_eq!(run(&Install, &["-D", "-t", "t/sub", "src"], &mut c), 0);
        assert_eq!(c.read("t/sub/src"), Some(b"hi\n".to_vec()));
    }

    #[test]
    fn errors() {
        let mut c = TestCtx::new().file("src", b"hi\n");
        let _ = c.backend.mkdir(Path::new("/home/user/a"), 0o755, false);
        assert_eq!(run(&Install, &["src", "src"], &mut c), 1);
        assert_eq!(run(&Install, &["nope", "x"], &mut c), 1);
        assert_eq!(run(&Install, &["a", "z"], &mut c), 1);
        assert_eq!(run(&Install, &["-m", "bad", "src", "q"], &mut c), 1);
        assert_eq!(run(&Install, &["-d", "src"], &mut c), 1);
        assert_eq!(
            c.err_str(),
            "install: 'src' and 'src' are the same file\n\
             install: cannot stat 'nope': No such file or directory\n\
             install: omitting directory 'a'\n\
             install: invalid mode \u{2018}bad\u{2019}\n\
             install: cannot create directory \u{2018}src\u{2019}: File exists\n"
        );
    }
}
