//! `zip`: package files into a .zip archive (Info-ZIP's command line, the `zip` crate's
//! format).
//!
//! Each file is deflated, or stored when deflating would not make it smaller (as Info-ZIP
//! does); to decide without holding the file, it is first deflated into a counter, then
//! written for real, so memory stays at one chunk whatever the file size. Adding to an
//! existing archive rebuilds it: the kept entries are copied raw (not recompressed) into a new
//! file that then replaces the old one, so a failure leaves the old archive intact.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, DateTime, ZipArchive, ZipWriter};

use crate::common::{diag, input, paths};
use sandsh_api::fs::KernelBackend;
use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand,
    RiskLevel, ToolCtx, is_cancelled,
};
use sandsh_text::pattern::{Pattern, PatternOptions};

use super::io::{In, Shared, VfsFile, check, msg, print, warn};

pub struct Zip;

const OPTS: &[OptSpec] = &[
    OptSpec::new(
        "-r, --recurse-paths",
        "travel the directory structure recursively",
    ),
    OptSpec::new("-q, --quiet", "quiet operation"),
    OptSpec::new(
        "-j, --junk-paths",
        "store just the name of each file (no directories)",
    ),
    OptSpec::new(
        "-x, --exclude=PATTERN",
        "exclude files matching PATTERN (repeatable)",
    ),
    OptSpec::new(
        "-y, --symlinks",
        "store symbolic links as links instead of the files they point to",
    ),
    OptSpec::new("-0", "store only"),
    OptSpec::new("-1", "compress faster"),
    OptSpec::new("-2", "compression level 2"),
    OptSpec::new("-3", "compression level 3"),
    OptSpec::new("-4", "compression level 4"),
    OptSpec::new("-5", "compression level 5"),
    OptSpec::new("-6", "compression level 6 (default)"),
    OptSpec::new("-7", "compression level 7"),
    OptSpec::new("-8", "compression level 8"),
    OptSpec::new("-9", "compress better"),
];

static SPEC: CommandSpec = CommandSpec {
    name: "zip",
    group: "archive",
    summary: "package and compress (archive) files",
    usage: "zip [-rqjy09] [-x PATTERN] ZIPFILE FILE...",
    description: "Add the FILEs to the archive ZIPFILE (\".zip\" is appended when the name has no suffix), creating it or updating the entries it already has. Directories are added with their contents under -r. Files are deflated, or stored when that is not smaller. The archive is a standard .zip (the zip crate's writer) and opens with Info-ZIP unzip. Symbolic links are followed unless -y. Member order is name order within each directory.",
    options: OPTS,
    operands: &[
        ArgSpec::required("ZIPFILE", ArgType::Path, "the archive to create or update"),
        ArgSpec::required("FILE", ArgType::Path, "files and directories to add").repeated(),
    ],
    returns: "the archive; one \"adding:\"/\"updating:\" line per entry unless -q",
    examples: &[Example {
        description: "zip a directory and list it",
        script: "mkdir d; echo hi > d/a; zip -r d.zip d; unzip -p d.zip d/a",
        stdout: "  adding: d/ (stored 0%)\n  adding: d/a (stored 0%)\nhi\n",
    }],
    errors: "12 when there is nothing to do (\"zip error: Nothing to do!\"), 15 when the archive cannot be written, 18 when some files could not be read; a name that matches nothing is a warning",
    risk: RiskLevel::MediumRisk,
};

struct Opts {
    recurse: bool,
    quiet: bool,
    junk: bool,
    symlinks: bool,
    level: u32,
    excludes: Vec<Pattern>,
}

/// One file to add.
struct Item {
    path: PathBuf,
    name: String,
    dir: bool,
    link: Option<String>,
    mode: u32,
    mtime: std::time::SystemTime,
}

impl ParsedCommand for Zip {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn usage_status(&self) -> ExitStatus {
        16
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let mut o = Opts {
            recurse: false,
            quiet: false,
            junk: false,
            symlinks: false,
            level: 6,
            excludes: Vec::new(),
        };
        for (i, v) in &p.opts {
            match OPTS[*i].short {
                Some('r') => o.recurse = true,
                Some('q') => o.quiet = true,
                Some('j') => o.junk = true,
                Some('y') => o.symlinks = true,
                Some('x') => o.excludes.push(Pattern::new(
                    v.as_deref().unwrap_or_default(),
                    PatternOptions::default(),
                )),
                Some(d @ '0'..='9') => o.level = d as u32 - '0' as u32,
                _ => {}
            }
        }
        let mut ops = p.operands.iter();
        let Some(archive) = ops.next() else {
            let _ = writeln!(
                ctx.stdout(),
                "\nzip error: Invalid command arguments (nothing to select from)"
            );
            return 16;
        };
        let mut archive = diag::lossy(archive);
        if !diag::lossy(paths::base_name(archive.as_bytes())).contains('.') {
            archive.push_str(".zip");
        }
        let files: Vec<String> = ops.map(|f| diag::lossy(f)).collect();
        if files.is_empty() {
            let _ = writeln!(ctx.stdout(), "\nzip error: Nothing to do! ({archive})");
            return 12;
        }
        let mut charge = ctx.memory().charge();
        if let Err(e) = charge.add(1 << 20) {
            diag::err(ctx, "zip", &e.to_string());
            return 15;
        }
        let sh: Shared<'_> = std::cell::RefCell::new(ctx);
        run(&sh, &o, &archive, &files)
    }
}

fn collect(
    sh: &Shared<'_>,
    o: &Opts,
    backend: &std::sync::Arc<dyn KernelBackend>,
    files: &[String],
    archive_path: &Path,
    missing: &mut bool,
) -> io::Result<Vec<Item>> {
    let mut items: Vec<Item> = Vec::new();
    for f in files {
        check(sh)?;
        let path = match sh.try_borrow() {
            Ok(c) => c.resolve_path(f),
            Err(_) => return Err(io::Error::other("context busy")),
        };
        let start = diag::lossy(paths::trim_slashes(f.as_bytes()));
        let start = start
            .trim_start_matches("./")
            .trim_start_matches('/')
            .to_string();
        let mut stack = vec![(path, start, true)];
        while let Some((p, name, top)) = stack.pop() {
            check(sh)?;
            let lmeta = backend.lstat(&p);
            let meta = match &lmeta {
                Ok(m) if m.is_symlink() && !o.symlinks => backend.stat(&p),
                other => other.clone(),
            };
            let Ok(meta) = meta else {
                if top {
                    // Info-ZIP writes its warnings and errors on standard output.
                    print(
                        sh,
                        format!("\tzip warning: name not matched: {f}\n").as_bytes(),
                    );
                    *missing = true;
                }
                continue;
            };
            if p == archive_path {
                continue;
            }
            let shown = if o.junk {
                diag::lossy(paths::base_name(name.as_bytes()))
            } else {
                name.clone()
            };
            if o.excludes
                .iter()
                .any(|x| x.matches(name.as_bytes()) || x.matches(format!("{name}/").as_bytes()))
            {
                continue;
            }
            let is_link = meta.is_symlink();
            if meta.is_dir() {
                if !o.junk {
                    items.push(Item {
                        path: p.clone(),
                        name: format!("{shown}/"),
                        dir: true,
                        link: None,
                        mode: meta.mode,
                        mtime: meta.mtime,
                    });
                }
                if o.recurse {
                    let mut kids = backend.list(&p).map_err(super::io::vfs_io)?;
                    kids.sort_by(|a, b| b.name.cmp(&a.name));
                    for k in kids {
                        let kn = diag::lossy(&k.name);
                        let child = if name.is_empty() || name == "." {
                            kn.clone()
                        } else {
                            format!("{name}/{kn}")
                        };
                        stack.push((p.join(&kn), child, false));
                    }
                }
                continue;
            }
            let link = if is_link {
                backend
                    .read_link(&p)
                    .ok()
                    .map(|t| t.to_string_lossy().into_owned())
            } else {
                None
            };
            items.push(Item {
                path: p,
                name: shown,
                dir: false,
                link,
                mode: meta.mode,
                mtime: meta.mtime,
            });
        }
    }
    Ok(items)
}

fn dos_time(t: std::time::SystemTime) -> DateTime {
    let (secs, _) = crate::common::time_format::split_time(t);
    let tm = sandsh_text::strftime::gmtime(secs);
    DateTime::from_date_and_time(
        tm.year.clamp(1980, 2107) as u16,
        tm.month as u8,
        tm.day as u8,
        tm.hour as u8,
        tm.min as u8,
        tm.sec as u8,
    )
    .unwrap_or_default()
}

/// Info-ZIP's `percent()`: the saving, rounded.
fn percent(n: u64, m: u64) -> u64 {
    if n <= m || n == 0 {
        return 0;
    }
    (200 * (n - m) / n).div_ceil(2)
}

/// Bytes counted, nothing kept.
struct Counter(u64);

impl Write for Counter {
    fn write(&mut self, b: &[u8]) -> io::Result<usize> {
        self.0 += b.len() as u64;
        Ok(b.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

fn run(sh: &Shared<'_>, o: &Opts, archive: &str, files: &[String]) -> i32 {
    let (backend, apath, umask) = match sh.try_borrow() {
        Ok(c) => (c.backend().clone(), c.resolve_path(archive), c.umask()),
        Err(_) => return 15,
    };
    let mut missing = false;
    let items = match collect(sh, o, &backend, files, &apath, &mut missing) {
        Ok(i) => i,
        Err(e) if is_cancelled(&e) => return 130,
        Err(e) => {
            warn(sh, &format!("zip error: {}", msg(&e)));
            return 18;
        }
    };
    if items.is_empty() {
        print(
            sh,
            format!("\nzip error: Nothing to do! ({archive})\n").as_bytes(),
        );
        return 12;
    }
    // The entries the archive already has (kept unless replaced).
    let old = match VfsFile::open(&backend, &apath) {
        Ok(f) => match ZipArchive::new(In::file(sh, f)) {
            Ok(a) => Some(a),
            Err(e) => {
                warn(
                    sh,
                    &format!("\nzip error: Zip file structure invalid ({archive}): {e}"),
                );
                return 3;
            }
        },
        Err(_) => None,
    };
    let tmp = apath.with_file_name(format!(
        ".{}.sandsh-zip-tmp",
        apath
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    ));
    let out = match VfsFile::create(&backend, &tmp, 0o666 & !umask) {
        Ok(f) => f,
        Err(e) => {
            warn(
                sh,
                &format!(
                    "zip I/O error: {}\n\nzip error: Could not create output file ({archive})",
                    msg(&e)
                ),
            );
            return 15;
        }
    };
    let res = write(sh, o, &backend, old, out, &items);
    match res {
        Ok(()) => {
            if let Err(e) = backend.rename(&tmp, &apath) {
                let _ = backend.remove(&tmp, false);
                warn(sh, &format!("\nzip error: {e} ({archive})"));
                return 15;
            }
            0
        }
        Err(e) => {
            let _ = backend.remove(&tmp, false);
            if is_cancelled(&e) {
                return 130;
            }
            if e.kind() == io::ErrorKind::BrokenPipe {
                return 141;
            }
            warn(
                sh,
                &format!(
                    "zip I/O error: {}\n\nzip error: Output file write failure ({archive})",
                    msg(&e)
                ),
            );
            15
        }
    }
}

fn zerr(e: zip::result::ZipError) -> io::Error {
    match e {
        zip::result::ZipError::Io(e) => e,
        e => io::Error::other(e.to_string()),
    }
}

fn write(
    sh: &Shared<'_>,
    o: &Opts,
    backend: &std::sync::Arc<dyn KernelBackend>,
    old: Option<ZipArchive<In<'_, '_>>>,
    out: VfsFile,
    items: &[Item],
) -> io::Result<()> {
    let mut zw = ZipWriter::new(out);
    let new_names: std::collections::HashSet<&str> =
        items.iter().map(|i| i.name.as_str()).collect();
    let mut had: std::collections::HashSet<String> = std::collections::HashSet::new();
    if let Some(mut a) = old {
        for i in 0..a.len() {
            check(sh)?;
            let f = a.by_index_raw(i).map_err(zerr)?;
            let name = f.name().to_string();
            if new_names.contains(name.as_str()) {
                had.insert(name);
                continue;
            }
            zw.raw_copy_file(f).map_err(zerr)?;
        }
    }
    let mut buf = vec![0u8; input::CHUNK];
    for it in items {
        check(sh)?;
        let verb = if had.contains(&it.name) {
            "updating"
        } else {
            "  adding"
        };
        let base = SimpleFileOptions::default()
            .last_modified_time(dos_time(it.mtime))
            .unix_permissions(it.mode & 0o7777);
        let note;
        if it.dir {
            zw.add_directory(
                it.name.trim_end_matches('/'),
                base.compression_method(CompressionMethod::Stored),
            )
            .map_err(zerr)?;
            note = "stored 0%".to_string();
        } else if let Some(target) = &it.link {
            zw.add_symlink(&it.name, target, base).map_err(zerr)?;
            note = "stored 0%".to_string();
        } else {
            let size = backend.stat(&it.path).map(|m| m.size).unwrap_or(0);
            // Deflate into a counter first: store when that is not smaller.
            let deflated = if o.level == 0 || size == 0 {
                u64::MAX
            } else {
                let mut enc = flate2::write::DeflateEncoder::new(
                    Counter(0),
                    flate2::Compression::new(o.level),
                );
                let mut r = In::file(sh, VfsFile::open(backend, &it.path)?);
                super::io::copy(sh, &mut r, &mut enc)?;
                enc.finish()?.0
            };
            let stored = deflated >= size;
            let opts = if stored {
                base.compression_method(CompressionMethod::Stored)
            } else {
                base.compression_method(CompressionMethod::Deflated)
                    .compression_level(Some(o.level as i64))
            };
            let opts = if size >= 0xffff_ffff {
                opts.large_file(true)
            } else {
                opts
            };
            zw.start_file(&it.name, opts).map_err(zerr)?;
            let mut r = In::file(sh, VfsFile::open(backend, &it.path)?);
            loop {
                check(sh)?;
                let n = std::io::Read::read(&mut r, &mut buf)?;
                if n == 0 {
                    break;
                }
                zw.write_all(&buf[..n])?;
            }
            note = if stored {
                "stored 0%".to_string()
            } else {
                format!("deflated {}%", percent(size, deflated))
            };
        }
        if !o.quiet {
            print(sh, format!("{verb}: {} ({note})\n", it.name).as_bytes());
        }
    }
    let mut f = zw.finish().map_err(zerr)?;
    f.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::testing::{TestCtx, run};

    #[test]
    fn zip_and_update() {
        let ctx = TestCtx::new();
        let _ = ctx.backend.mkdir(&ctx.cwd.join("d"), 0o755, true);
        let mut ctx = ctx
            .file("d/a", b"hi\n")
            .file("big", &b"abcdefgh".repeat(200));
        assert_eq!(
            run(&Zip, &["-r", "t", "d", "big"], &mut ctx),
            0,
            "{}",
            ctx.err_str()
        );
        assert_eq!(
            ctx.out_str(),
            "  adding: d/ (stored 0%)\n  adding: d/a (stored 0%)\n  adding: big (deflated 98%)\n"
        );
        ctx.out.clear();
        assert_eq!(run(&Zip, &["t.zip", "d/a"], &mut ctx), 0);
        assert_eq!(ctx.out_str(), "updating: d/a (stored 0%)\n");
        let data = ctx.read("t.zip").unwrap_or_default();
        let a = ZipArchive::new(std::io::Cursor::new(data)).map(|a| a.len());
        assert_eq!(a.ok(), Some(3));
    }

    #[test]
    fn nothing_to_do() {
        let mut ctx = TestCtx::new();
        assert_eq!(run(&Zip, &["q.zip", "nothere"], &mut ctx), 12);
        assert_eq!(
            ctx.out_str(),
            "\tzip warning: name not matched: nothere\n\nzip error: Nothing to do! (q.zip)\n"
        );
    }

    #[test]
    fn percents() {
        assert_eq!(percent(3893, 1830), 53);
        assert_eq!(percent(3, 5), 0);
    }
}
