//! Files named on the command line, compressed or decompressed in place as GNU does: output
//! names from suffixes, refusing links and existing outputs without `-f`, keeping the time
//! and mode, removing the input on success and the partial output on failure, `-r` into
//! directories.

use std::io::{Read, Write};
use std::time::{Duration, UNIX_EPOCH};

use super::codec::{DecodeError, decode, encode};
use super::stream::{io_failure, one_stream, report_decode};
use super::{Fmt, Opts};
use crate::archive::io::{In, Out, Shared, VfsFile, check, warn};
use crate::common::{diag, paths};

/// The output name for decompressing `name`, or `None` when the suffix is unknown.
pub(super) fn strip_suffix(o: &Opts, name: &str) -> Option<String> {
    let base_start = name.rfind('/').map_or(0, |i| i + 1);
    let base = &name[base_start..];
    if o.suffix != o.fmt.suffix() && base.len() > o.suffix.len() && base.ends_with(&o.suffix) {
        return Some(name[..name.len() - o.suffix.len()].to_string());
    }
    for (suf, repl) in o.fmt.known_suffixes() {
        if base.len() > suf.len() && base.to_ascii_lowercase().ends_with(suf) {
            return Some(format!("{}{}", &name[..name.len() - suf.len()], repl));
        }
    }
    None
}

/// Process one named file (recursing into directories with -r).
pub(super) fn one_path(sh: &Shared<'_>, o: &Opts, name: &str, depth: usize) -> i32 {
    let prog = o.fmt.prog();
    let (backend, path) = {
        let Ok(c) = sh.try_borrow() else { return 1 };
        (c.backend().clone(), c.resolve_path(name))
    };
    // In place, GNU gzip opens with O_NOFOLLOW: a symbolic link is not compressed.
    let in_place = !o.stdout && !o.test;
    // A descriptor named as a file (`gzip -dc <(...)`) is a stream.
    if !in_place && let Some(r) = In::descriptor(sh, name) {
        return match r {
            Ok(input) => one_stream(sh, o, Some((name, input, 0))),
            Err(e) => {
                let m = crate::archive::io::msg(&e);
                match o.fmt {
                    Fmt::Bzip2 => warn(sh, &format!("bzip2: Can't open input file {name}: {m}.")),
                    _ => warn(sh, &format!("{prog}: {name}: {m}")),
                }
                1
            }
        };
    }
    if in_place && !o.force && backend.lstat(&path).is_ok_and(|m| m.is_symlink()) {
        warn(
            sh,
            &format!("{prog}: {name}: Too many levels of symbolic links"),
        );
        return 1;
    }
    let meta = match backend.stat(&path) {
        Ok(m) => m,
        Err(e) => {
            let m = e.to_string();
            match o.fmt {
                Fmt::Bzip2 => warn(sh, &format!("bzip2: Can't open input file {name}: {m}.")),
                _ => warn(sh, &format!("{prog}: {name}: {m}")),
            }
            return 1;
        }
    };
    if meta.is_dir() {
        if o.recursive && depth < 256 {
            let mut entries = match backend.list(&path) {
                Ok(v) => v,
                Err(e) => {
                    warn(sh, &format!("{prog}: {name}: {e}"));
                    return 1;
                }
            };
            entries.sort_by(|a, b| a.name.cmp(&b.name));
            let mut st = 0;
            for e in entries {
                if check(sh).is_err() {
                    return 130;
                }
                let child = paths::join_name(name, &diag::lossy(&e.name));
                st = o.fmt.combine(st, one_path(sh, o, &child, depth + 1));
            }
            return st;
        }
        return match o.fmt {
            Fmt::Gzip => {
                if !o.quiet {
                    warn(sh, &format!("gzip: {name} is a directory -- ignored"));
                }
                2
            }
            Fmt::Bzip2 => {
                warn(sh, &format!("bzip2: Input file {name} is a directory."));
                1
            }
            Fmt::Xz => {
                warn(sh, &format!("xz: {name}: Is a directory, skipping"));
                2
            }
        };
    }
    let mtime = meta
        .mtime
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs().min(u32::MAX as u64) as u32);
    let input = match VfsFile::open(&backend, &path) {
        Ok(f) => f,
        Err(e) => return io_failure(sh, o, name, &e),
    };
    if o.stdout || o.test {
        return one_stream(sh, o, Some((name, In::file(sh, input), mtime)));
    }
    // In place: work out the output name.
    let out_name = if o.decompress {
        match strip_suffix(o, name) {
            Some(n) => n,
            None => match o.fmt {
                Fmt::Gzip => {
                    if !o.quiet {
                        warn(sh, &format!("gzip: {name}: unknown suffix -- ignored"));
                    }
                    return 2;
                }
                Fmt::Bzip2 => {
                    if !o.quiet {
                        warn(
                            sh,
                            &format!(
                                "bzip2: Can't guess original name for {name} -- using {name}.out"
                            ),
                        );
                    }
                    format!("{name}.out")
                }
                Fmt::Xz => {
                    // xz looks at the data first: a file that is not .xz says so.
                    let mut probe = In::file(sh, input);
                    let mut head = [0u8; 6];
                    let n = probe.read(&mut head).unwrap_or(0);
                    if n < 6 || head != *o.fmt.magic() {
                        warn(sh, &format!("xz: {name}: File format not recognized"));
                        return 1;
                    }
                    warn(
                        sh,
                        &format!("xz: {name}: Filename has an unknown suffix, skipping"),
                    );
                    return 2;
                }
            },
        }
    } else {
        if strip_suffix(o, name).is_some() {
            return match o.fmt {
                Fmt::Gzip => {
                    if !o.quiet {
                        warn(
                            sh,
                            &format!("gzip: {name} already has {} suffix -- unchanged", o.suffix),
                        );
                    }
                    0
                }
                Fmt::Bzip2 => {
                    warn(
                        sh,
                        &format!("bzip2: Input file {name} already has {} suffix.", o.suffix),
                    );
                    1
                }
                Fmt::Xz => {
                    warn(
                        sh,
                        &format!(
                            "xz: {name}: File already has `{}' suffix, skipping",
                            o.suffix
                        ),
                    );
                    2
                }
            };
        }
        format!("{name}{}", o.suffix)
    };
    let out_path = {
        let Ok(c) = sh.try_borrow() else { return 1 };
        c.resolve_path(&out_name)
    };
    if backend.lstat(&out_path).is_ok() {
        if !o.force {
            return match o.fmt {
                Fmt::Gzip => {
                    warn(
                        sh,
                        &format!("gzip: {out_name} already exists;\tnot overwritten"),
                    );
                    2
                }
                Fmt::Bzip2 => {
                    warn(
                        sh,
                        &format!("bzip2: Output file {out_name} already exists."),
                    );
                    1
                }
                Fmt::Xz => {
                    warn(sh, &format!("xz: {out_name}: File exists"));
                    1
                }
            };
        }
        let _ = backend.remove(&out_path, false);
    }
    let mode = meta.mode & 0o7777;
    let out_file = match VfsFile::create(&backend, &out_path, mode) {
        Ok(f) => f,
        Err(e) => return io_failure(sh, o, &out_name, &e),
    };
    let mut input = In::file(sh, input);
    let mut out = Out::file(sh, out_file);
    let status = if o.decompress {
        let r = decode(sh, o, &mut input, &mut out).and_then(|g| {
            out.flush().map_err(DecodeError::Write)?;
            Ok(g)
        });
        let failed = r.is_err();
        let st = report_decode(sh, o, name, r, prog);
        if failed {
            let _ = backend.remove(&out_path, false);
            return st;
        }
        st
    } else {
        match encode(sh, o, Some(name), mtime, &mut input, &mut out).and_then(|()| out.flush()) {
            Ok(()) => 0,
            Err(e) => {
                let _ = backend.remove(&out_path, false);
                return io_failure(sh, o, &out_name, &e);
            }
        }
    };
    let _ = backend.chmod(&out_path, mode);
    let _ = backend.set_mtime(&out_path, UNIX_EPOCH + Duration::from_secs(mtime as u64));
    if !o.keep
        && let Err(e) = backend.remove(&path, false)
    {
        warn(sh, &format!("{prog}: {name}: {e}"));
        return 1;
    }
    status
}
