//! `cp` and `mv`: copy and move files and directory trees.
//!
//! Both share operand handling ([`operand_pairs::copy_pairs`]: into a directory, `-t`,
//! `-T`). `mv` is a rename within the one filesystem. `-i` prompts on stderr before
//! overwriting and reads the answer as a line of standard input, as GNU does.

use sandsh_api::opt;
use sandsh_api::rows;
use std::path::PathBuf;
use std::sync::Arc;

use sandsh_api::fs::{FileType, KernelBackend, Metadata, WriteMode};
use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand,
    RiskLevel, ToolCtx,
};

use crate::common::{diag, input, operand_pairs, output, paths, prompt, quote};

pub struct Cp;
pub struct Mv;

/// The rows `cp` and `mv` share.
const NO_TARGET_DIRECTORY: OptSpec =
    OptSpec::new("-T, --no-target-directory", "treat DEST as a normal file");
const UPDATE: OptSpec = OptSpec::new(
    "-u, --update",
    "only when the SOURCE file is newer than the destination file or when the destination file is missing",
);

static CP: CommandSpec = CommandSpec {
    name: "cp",
    group: "fs",
    summary: "copy files and directories",
    usage: "cp [OPTION]... SOURCE DEST\n  or:  cp [OPTION]... SOURCE... DIRECTORY\n  or:  cp [OPTION]... -t DIRECTORY SOURCE...",
    description: "Copy SOURCE to DEST, or multiple SOURCE(s) to DIRECTORY. Directories need -r. With -r, symbolic links are copied as links.",
    options: &[
        OptSpec::new("-a, --archive", "same as -R -p"),
        OptSpec::new(
            "-f, --force",
            "replace existing destination files (the default here)",
        ),
        OptSpec::new(
            "-i, --interactive",
            "prompt before overwrite (answers are read from standard input)",
        ),
        OptSpec::new("-n, --no-clobber", "do not overwrite an existing file"),
        OptSpec::new("-p", "preserve mode and modification time"),
        OptSpec::new("-r, --recursive", "copy directories recursively"),
        OptSpec::new("-R", "same as -r"),
        OptSpec::new(
            "-t, --target-directory=DIRECTORY",
            "copy all SOURCE arguments into DIRECTORY",
        ),
        NO_TARGET_DIRECTORY,
        UPDATE,
        rows::VERBOSE,
    ],
    operands: &[
        ArgSpec::required("SOURCE", ArgType::Path, "files to copy").repeated(),
        ArgSpec::required("DEST", ArgType::Path, "destination file or directory"),
    ],
    returns: "nothing (with -v, one line per copied file)",
    examples: &[
        Example {
            description: "copy a file",
            script: "echo hi > a && cp a b && cat b",
            stdout: "hi\n",
        },
        Example {
            description: "copy a tree",
            script: "mkdir -p d/e && touch d/e/f && cp -r d d2 && ls d2/e",
            stdout: "f\n",
        },
    ],
    errors: "exit 1 when a source is missing, a directory is given without -r, source and destination are the same, or a copy fails",
    risk: RiskLevel::LowRisk,
};

static MV: CommandSpec = CommandSpec {
    name: "mv",
    group: "fs",
    summary: "move (rename) files",
    usage: "mv [OPTION]... SOURCE DEST\n  or:  mv [OPTION]... SOURCE... DIRECTORY\n  or:  mv [OPTION]... -t DIRECTORY SOURCE...",
    description: "Rename SOURCE to DEST, or move SOURCE(s) to DIRECTORY.",
    options: &[
        OptSpec::new(
            "-f, --force",
            "do not prompt before overwriting (the default here)",
        ),
        OptSpec::new(
            "-i, --interactive",
            "prompt before overwrite (answers are read from standard input)",
        ),
        OptSpec::new("-n, --no-clobber", "do not overwrite an existing file"),
        OptSpec::new(
            "-t, --target-directory=DIRECTORY",
            "move all SOURCE arguments into DIRECTORY",
        ),
        NO_TARGET_DIRECTORY,
        UPDATE,
        rows::VERBOSE,
    ],
    operands: &[
        ArgSpec::required("SOURCE", ArgType::Path, "files to move").repeated(),
        ArgSpec::required("DEST", ArgType::Path, "destination name or directory"),
    ],
    returns: "nothing (with -v, one line per move)",
    examples: &[Example {
        description: "rename",
        script: "touch a && mkdir d && mv a d/b && ls d",
        stdout: "b\n",
    }],
    errors: "exit 1 when a source is missing, a directory would move into itself, or the rename fails",
    risk: RiskLevel::MediumRisk,
};

struct Opts {
    /// `-i`: ask before overwriting (the last of -i and -n wins).
    ask: bool,
    recursive: bool,
    preserve: bool,
    no_clobber: bool,
    update: bool,
    verbose: bool,
}

fn copy_one(ctx: &mut dyn ToolCtx, src: &str, dst: &str, o: &Opts, top: bool) -> bool {
    let Some(pair) = Pair::new(ctx, src, dst, o) else {
        return false;
    };
    if pair.keep_destination(ctx, o) {
        return true;
    }
    match pair.meta.file_type {
        FileType::Dir => pair.copy_dir(ctx, o, top),
        FileType::Symlink => pair.copy_link(ctx, o),
        _ => pair.copy_file(ctx, o),
    }
}

/// One source and its destination, resolved, with what `cp` learned of them.
struct Pair<'a> {
    be: Arc<dyn KernelBackend>,
    src: &'a str,
    dst: &'a str,
    sabs: PathBuf,
    dabs: PathBuf,
    /// The source's metadata (of the link's target when a plain copy follows a symlink).
    meta: Metadata,
    /// Whether the destination existed (as anything, a dangling link included).
    exists: bool,
}

impl<'a> Pair<'a> {
    /// Stats the source and refuses to copy a file onto itself (both reported).
    fn new(ctx: &mut dyn ToolCtx, src: &'a str, dst: &'a str, o: &Opts) -> Option<Self> {
        let be = ctx.backend().clone();
        let sabs = ctx.resolve_path(src);
        let dabs = ctx.resolve_path(dst);
        let lmeta = match be.lstat(&sabs) {
            Ok(m) => m,
            // A descriptor such as a process substitution's `/dev/fd/63`: a pipe, copied as
            // its contents.
            Err(_) if output::is_fd_path(src) && ctx.open_read(src).is_ok() => {
                sandsh_api::fs::Metadata {
                    file_type: sandsh_api::fs::FileType::CharDevice,
                    mode: 0o600,
                    size: 0,
                    mtime: ctx.now(),
                    atime: ctx.now(),
                    ctime: ctx.now(),
                    ino: 0,
                    nlink: 1,
                    uid: 0,
                    gid: 0,
                }
            }
            Err(e) => {
                diag::err(
                    ctx,
                    "cp",
                    &format!("cannot stat {}: {e}", quote::quote(src)),
                );
                return None;
            }
        };
        // Symlinks: followed for plain copies, copied as links under -r (GNU's -P with -R).
        let meta = if lmeta.is_symlink() && !o.recursive {
            match be.stat(&sabs) {
                Ok(m) => m,
                Err(e) => {
                    diag::err(
                        ctx,
                        "cp",
                        &format!("cannot stat {}: {e}", quote::quote(src)),
                    );
                    return None;
                }
            }
        } else {
            lmeta
        };
        if let (Ok(a), Ok(b)) = (be.stat(&sabs), be.stat(&dabs))
            && a.ino == b.ino
            && !meta.is_symlink()
        {
            diag::err(
                ctx,
                "cp",
                &format!(
                    "{} and {} are the same file",
                    quote::quote(src),
                    quote::quote(dst)
                ),
            );
            return None;
        }
        let exists = be.lstat(&dabs).is_ok();
        Some(Pair {
            be,
            src,
            dst,
            sabs,
            dabs,
            meta,
            exists,
        })
    }

    /// Whether an existing destination stays as it is: `-n`, a "no" to `-i`'s question, or
    /// `-u` with a destination not older than the source.
    fn keep_destination(&self, ctx: &mut dyn ToolCtx, o: &Opts) -> bool {
        let (be, meta, dabs) = (&self.be, &self.meta, &self.dabs);
        if self.exists && o.no_clobber {
            return true;
        }
        if self.exists
            && o.ask
            && !(meta.is_dir() && be.stat(dabs).is_ok_and(|m| m.is_dir()))
            && !prompt::ask_stdin(ctx, &format!("cp: overwrite {}? ", quote::quote(self.dst)))
        {
            return true;
        }
        // -u: keep a destination that is not older than the source.
        o.update
            && !meta.is_dir()
            && be
                .lstat(dabs)
                .is_ok_and(|d| !d.is_dir() && d.mtime >= meta.mtime)
    }

    /// `-v`: reports the copy.
    fn say(&self, ctx: &mut dyn ToolCtx, o: &Opts) {
        if o.verbose {
            let _ = output::out(
                ctx,
                format!("{} -> {}\n", quote::quote(self.src), quote::quote(self.dst)).as_bytes(),
            );
        }
    }

    /// The mode a copy gets: the source's with `-p`, else less the umask.
    fn mode(&self, ctx: &dyn ToolCtx, o: &Opts) -> u32 {
        if o.preserve {
            self.meta.mode
        } else {
            self.meta.mode & !ctx.umask()
        }
    }

    /// A directory (`-r`): made if missing, its entries copied, then its mode (and with
    /// `-p` its time) set.
    fn copy_dir(&self, ctx: &mut dyn ToolCtx, o: &Opts, top: bool) -> bool {
        let (be, src, dst) = (&self.be, self.src, self.dst);
        if !o.recursive {
            diag::err(
                ctx,
                "cp",
                &format!("-r not specified; omitting directory {}", quote::quote(src)),
            );
            return false;
        }
        if top && (self.dabs.starts_with(&self.sabs)) {
            diag::err(
                ctx,
                "cp",
                &format!(
                    "cannot copy a directory, {}, into itself, {}",
                    quote::quote(src),
                    quote::quote(dst)
                ),
            );
            return false;
        }
        if !be.stat(&self.dabs).is_ok_and(|m| m.is_dir()) {
            if let Err(e) = be.mkdir(&self.dabs, self.meta.mode | 0o700, false) {
                diag::err(
                    ctx,
                    "cp",
                    &format!("cannot create directory {}: {e}", quote::quote(dst)),
                );
                return false;
            }
            self.say(ctx, o);
        }
        // Depth is bounded by the filesystem's own (--max-path-depth), but a host mount has
        // none of ours: never recurse past the stack's reserve.
        if sandsh_api::stack::exhausted() {
            diag::err(
                ctx,
                "cp",
                &format!("{}: directory nesting too deep", quote::quote(src)),
            );
            return false;
        }
        let mut ok = true;
        let entries = be.list(&self.sabs).unwrap_or_default();
        for e in entries {
            if ctx.is_cancelled() {
                return false;
            }
            let n = diag::lossy(&e.name);
            ok &= copy_one(
                ctx,
                &paths::join_name(src, &n),
                &paths::join_name(dst, &n),
                o,
                false,
            );
        }
        let _ = be.chmod(&self.dabs, self.mode(ctx, o));
        if o.preserve {
            let _ = be.set_mtime(&self.dabs, self.meta.mtime);
        }
        ok
    }

    /// A symbolic link (under `-r`): copied as a link, replacing the destination.
    fn copy_link(&self, ctx: &mut dyn ToolCtx, o: &Opts) -> bool {
        let be = &self.be;
        let target = match be.read_link(&self.sabs) {
            Ok(t) => t,
            Err(e) => {
                diag::err(
                    ctx,
                    "cp",
                    &format!("cannot read symbolic link {}: {e}", quote::quote(self.src)),
                );
                return false;
            }
        };
        if self.exists {
            let _ = be.remove(&self.dabs, false);
        }
        match be.symlink(&target, &self.dabs) {
            Ok(()) => {
                self.say(ctx, o);
                true
            }
            Err(e) => {
                diag::err(
                    ctx,
                    "cp",
                    &format!(
                        "cannot create symbolic link {}: {e}",
                        quote::quote(self.dst)
                    ),
                );
                false
            }
        }
    }

    /// Anything else: the contents copied into a regular file.
    fn copy_file(&self, ctx: &mut dyn ToolCtx, o: &Opts) -> bool {
        let (be, dabs) = (&self.be, &self.dabs);
        // The shell's descriptors named as files (`/dev/stdin`, `/dev/fd/63`, `/dev/stdout`)
        // are read and written as the OS would, not looked up in the filesystem.
        let read = if output::is_fd_path(self.src) {
            input::read_input(ctx, self.src.as_bytes()).map_err(|e| diag::io_msg(&e))
        } else {
            be.read(&self.sabs, None).map_err(|e| e.to_string())
        };
        if output::is_fd_path(self.dst) {
            let r = read.and_then(|data| {
                output::OutFile::create(ctx, self.dst, false).and_then(|mut f| f.write(ctx, &data))
            });
            if let Err(e) = r {
                let what = format!("error writing {}", quote::quote(self.dst));
                diag::err(ctx, "cp", &format!("{what}: {e}"));
                return false;
            }
            self.say(ctx, o);
            return true;
        }
        let data = match read {
            Ok(d) => d,
            Err(e) => {
                diag::err(
                    ctx,
                    "cp",
                    &format!("cannot open {} for reading: {e}", quote::quote(self.src)),
                );
                return false;
            }
        };
        if be.stat(dabs).is_ok_and(|m| m.is_dir()) {
            diag::err(
                ctx,
                "cp",
                &format!(
                    "cannot overwrite directory {} with non-directory",
                    quote::quote(self.dst)
                ),
            );
            return false;
        }
        if let Err(e) = be.write(dabs, &data, WriteMode::Truncate, self.mode(ctx, o)) {
            diag::err(
                ctx,
                "cp",
                &format!("cannot create regular file {}: {e}", quote::quote(self.dst)),
            );
            return false;
        }
        if o.preserve {
            let _ = be.chmod(dabs, self.meta.mode);
            let _ = be.set_mtime(dabs, self.meta.mtime);
        }
        self.say(ctx, o);
        true
    }
}

/// The last of the options in `which` given (GNU: a later -i, -n or -f overrides an earlier).
fn last_of(p: &sandsh_api::ParsedArgs, spec: &CommandSpec, which: &[char]) -> Option<char> {
    p.opts
        .iter()
        .filter_map(|(i, _)| spec.options[*i].short)
        .rfind(|c| which.contains(c))
}

impl ParsedCommand for Cp {
    fn spec(&self) -> &CommandSpec {
        &CP
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let archive = p.has(opt!(CP, "a"));
        let last = last_of(&p, &CP, &['i', 'n']);
        let o = Opts {
            ask: last == Some('i'),
            recursive: archive || p.has(opt!(CP, "r")) || p.has(opt!(CP, "R")),
            preserve: archive || p.has(opt!(CP, "p")),
            no_clobber: last == Some('n'),
            update: p.has(opt!(CP, "u")),
            verbose: p.has(opt!(CP, "v")),
        };
        let pairs = match operand_pairs::copy_pairs(
            ctx,
            &p.operands,
            p.value(opt!(CP, "t")).map(|v| v.as_slice()),
            p.has(opt!(CP, "T")),
        ) {
            Ok(v) => v,
            Err(m) => return diag::usage(ctx, &CP, &format!("cp: {m}"), 1),
        };
        let mut status = 0;
        for (s, d) in pairs {
            if !copy_one(ctx, &s, &d, &o, true) {
                status = 1;
            }
        }
        status
    }
}

impl ParsedCommand for Mv {
    fn spec(&self) -> &CommandSpec {
        &MV
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let last = last_of(&p, &MV, &['i', 'n', 'f']);
        let pairs = match operand_pairs::copy_pairs(
            ctx,
            &p.operands,
            p.value(opt!(MV, "t")).map(|v| v.as_slice()),
            p.has(opt!(MV, "T")),
        ) {
            Ok(v) => v,
            Err(m) => return diag::usage(ctx, &MV, &format!("mv: {m}"), 1),
        };
        let be = ctx.backend().clone();
        let mut status = 0;
        for (s, d) in pairs {
            let (sa, da) = (ctx.resolve_path(&s), ctx.resolve_path(&d));
            if let Err(e) = be.lstat(&sa) {
                diag::err(ctx, "mv", &format!("cannot stat {}: {e}", quote::quote(&s)));
                status = 1;
                continue;
            }
            if last == Some('n') && be.lstat(&da).is_ok() {
                continue;
            }
            if last == Some('i')
                && be.lstat(&da).is_ok()
                && !prompt::ask_stdin(ctx, &format!("mv: overwrite {}? ", quote::quote(&d)))
            {
                continue;
            }
            if p.has(opt!(MV, "u"))
                && let (Ok(sm), Ok(dm)) = (be.lstat(&sa), be.lstat(&da))
                && !sm.is_dir()
                && !dm.is_dir()
                && dm.mtime >= sm.mtime
            {
                continue;
            }
            if da != sa && da.starts_with(&sa) {
                diag::err(
                    ctx,
                    "mv",
                    &format!(
                        "cannot move {} to a subdirectory of itself, {}",
                        quote::quote(&s),
                        quote::quote(&d)
                    ),
                );
                status = 1;
                continue;
            }
            match be.rename(&sa, &da) {
                Ok(()) => {
                    if p.has(opt!(MV, "v"))
                        && !output::out(
                            ctx,
                            format!("renamed {} -> {}\n", quote::quote(&s), quote::quote(&d))
                                .as_bytes(),
                        )
                    {
                        return 1;
                    }
                }
                Err(e) => {
                    diag::err(
                        ctx,
                        "mv",
                        &format!(
                            "cannot move {} to {}: {e}",
                            quote::quote(&s),
                            quote::quote(&d)
                        ),
                    );
                    status = 1;
                }
            }
        }
        status
    }
}

#[cfg(test)]
mod tests {
    use super::{Cp, Mv};
    use crate::common::testing::{TestCtx, run};

    #[test]
    fn update_keeps_newer_destinations() {
        use std::time::{Duration, UNIX_EPOCH};
        let mut ctx = TestCtx::new().file("src", b"new").file("dst", b"old");
        let at = |s: u64| UNIX_EPOCH + Duration::from_secs(s);
        let _ = ctx.backend.set_mtime(&ctx.cwd.join("src"), at(100));
        let _ = ctx.backend.set_mtime(&ctx.cwd.join("dst"), at(200));
        assert_eq!(run(&Cp, &["-u", "src", "dst"], &mut ctx), 0);
        assert_eq!(ctx.read("dst"), Some(b"old".to_vec()));
        assert_eq!(run(&Mv, &["-u", "src", "dst"], &mut ctx), 0);
        assert!(ctx.exists("src"));
        let _ = ctx.backend.set_mtime(&ctx.cwd.join("src"), at(300));
        assert_eq!(run(&Cp, &["-u", "src", "dst"], &mut ctx), 0);
        assert_eq!(ctx.read("dst"), Some(b"new".to_vec()));
    }

    #[test]
    fn copy_and_move() {
        let mut ctx = TestCtx::new().file("a", b"hi");
        let _ = ctx.backend.mkdir(&ctx.cwd.join("d"), 0o755, false);
        assert_eq!(run(&Cp, &["-v", "a", "d"], &mut ctx), 0);
        assert_eq!(ctx.out_str(), "'a' -> 'd/a'\n");
        assert_eq!(ctx.read("d/a").unwrap(), b"hi");
        assert_eq!(run(&Cp, &["d", "e"], &mut ctx), 1);
        assert_eq!(
            ctx.err_str(),
            "cp: -r not specified; omitting directory 'd'\n"
        );
        assert_eq!(run(&Cp, &["-r", "d", "e"], &mut ctx), 0);
        assert_eq!(ctx.read("e/a").unwrap(), b"hi");
        assert_eq!(run(&Cp, &["a", "a"], &mut ctx), 1);
        assert_eq!(run(&Mv, &["a", "b"], &mut ctx), 0);
        assert!(!ctx.exists("a") && ctx.exists("b"));
        assert_eq!(run(&Mv, &["b", "e"], &mut ctx), 0);
        assert!(ctx.exists("e/b"));
        assert_eq!(run(&Mv, &["nope", "x"], &mut ctx), 1);
        assert_eq!(
            run(&Mv, &["-i", "e/b", "x"], &mut ctx),
            0,
            "nothing to overwrite, no question"
        );
        assert!(ctx.exists("x"));
        assert_eq!(run(&Mv, &["e", "e/sub"], &mut ctx), 1);
    }
}
