//! Standard input to standard output (`zcat`, `gzip -c`, `-t`), and how a run's end is reported
//! in each tool's words; [`super::files`] reuses both for files in place.

use std::io::{self, Write};

use sandsh_api::is_cancelled;

use super::codec::{DecodeError, decode, encode};
use super::{Fmt, Opts};
use crate::archive::io::{In, Out, Shared, msg, warn};

/// Compress or decompress standard input (or a file when `file` is given) to standard output.
pub(super) fn one_stream<'s, 'a>(
    sh: &'s Shared<'a>,
    o: &Opts,
    file: Option<(&str, In<'s, 'a>, u32)>,
) -> i32 {
    let prog = o.fmt.prog();
    let named = file.is_some();
    let (display, mut input, mtime) = match file {
        Some((name, f, mtime)) => (name.to_string(), f, mtime),
        None => (
            o.fmt.stdin_name().to_string(),
            In::stdin(sh),
            stdin_mtime(sh),
        ),
    };
    let mut out = Out::stdout(sh);
    if !o.decompress {
        let name = named.then_some(display.as_str());
        return match encode(sh, o, name, mtime, &mut input, &mut out) {
            Ok(()) => 0,
            Err(e) => io_failure(sh, o, &display, &e),
        };
    }
    let mut sink = io::sink();
    let w: &mut dyn Write = if o.test { &mut sink } else { &mut out };
    let r = decode(sh, o, &mut input, w);
    report_decode(sh, o, &display, r, prog)
}

/// The time gzip stores for standard input: the file's when input is redirected from one (GNU
/// gzip takes it from `fstat`), 0 from a pipe.
fn stdin_mtime(sh: &Shared<'_>) -> u32 {
    let Ok(c) = sh.try_borrow() else { return 0 };
    c.stdin_path()
        .and_then(|p| c.backend().stat(&p).ok())
        .and_then(|m| m.mtime.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_secs().min(u64::from(u32::MAX)) as u32)
}

/// Print an io failure (`prog: NAME: reason`) unless it is a cancellation; status 1.
pub(super) fn io_failure(sh: &Shared<'_>, o: &Opts, name: &str, e: &io::Error) -> i32 {
    if is_cancelled(e) {
        return 130;
    }
    if e.kind() == io::ErrorKind::BrokenPipe {
        return 141;
    }
    warn(sh, &format!("{}: {}: {}", o.fmt.prog(), name, msg(e)));
    1
}

/// Report how a decode ended; the status.
pub(super) fn report_decode(
    sh: &Shared<'_>,
    o: &Opts,
    name: &str,
    r: Result<bool, DecodeError>,
    prog: &str,
) -> i32 {
    match r {
        Ok(false) => 0,
        Ok(true) => {
            if !o.quiet {
                warn(
                    sh,
                    &format!("{prog}: {name}: decompression OK, trailing garbage ignored"),
                );
            }
            2
        }
        Err(DecodeError::NotFormat) => match o.fmt {
            Fmt::Gzip => {
                warn(sh, &format!("gzip: {name}: not in gzip format"));
                1
            }
            Fmt::Bzip2 => {
                warn(sh, &format!("bzip2: {name} is not a bzip2 file."));
                2
            }
            Fmt::Xz => {
                warn(sh, &format!("xz: {name}: File format not recognized"));
                1
            }
        },
        Err(DecodeError::Truncated) => match o.fmt {
            Fmt::Gzip => {
                warn(sh, &format!("\ngzip: {name}: unexpected end of file"));
                1
            }
            Fmt::Bzip2 => {
                warn(
                    sh,
                    &format!(
                        "\nbzip2: Compressed file ends unexpectedly;\n\tperhaps it is corrupted?\n\tInput file = {name}\n\nIt is possible that the compressed file(s) have become corrupted."
                    ),
                );
                2
            }
            Fmt::Xz => {
                warn(sh, &format!("xz: {name}: Unexpected end of input"));
                1
            }
        },
        Err(DecodeError::Corrupt(m)) => match o.fmt {
            Fmt::Gzip => {
                warn(sh, &format!("\ngzip: {name}: {m}"));
                1
            }
            Fmt::Bzip2 => {
                warn(sh, &format!("\nbzip2: {m}\n\tInput file = {name}"));
                2
            }
            Fmt::Xz => {
                warn(sh, &format!("xz: {name}: {m}"));
                1
            }
        },
        Err(DecodeError::Read(e)) | Err(DecodeError::Write(e)) => io_failure(sh, o, name, &e),
    }
}
