//! `gzip -l`: the sizes and ratios GNU prints, read from the member header and the last
//! trailer without decompressing.

use sandsh_api::Arg;

use super::files::strip_suffix;
use super::{Fmt, Opts};
use crate::archive::io::{Shared, check, warn};
use crate::common::diag;

/// `gzip -l`: sizes from the file length and the last member's trailer, as GNU computes them.
pub(super) fn list(sh: &Shared<'_>, o: &Opts, files: &[Arg]) -> i32 {
    if o.fmt != Fmt::Gzip {
        warn(sh, &format!("{}: --list is not supported", o.fmt.prog()));
        return 1;
    }
    let backend = match sh.try_borrow() {
        Ok(c) => c.backend().clone(),
        Err(_) => return 1,
    };
    let mut status = 0;
    let mut header_done = false;
    let (mut total_in, mut total_out, mut last_header) = (0i64, 0i64, 0i64);
    let mut count = 0;
    for f in files {
        if check(sh).is_err() {
            return 130;
        }
        let name = diag::lossy(f);
        if f == b"-" {
            warn(sh, "gzip: stdin: listing standard input is not supported");
            status = 1;
            continue;
        }
        let path = match sh.try_borrow() {
            Ok(c) => c.resolve_path(&name),
            Err(_) => return 1,
        };
        let read = |range: std::ops::Range<u64>| backend.read(&path, Some(range)).ok();
        let size = match backend.stat(&path) {
            Ok(m) if m.is_dir() => {
                warn(sh, &format!("gzip: {name} is a directory -- ignored"));
                status = o.fmt.combine(status, 2);
                continue;
            }
            Ok(m) => m.size,
            Err(e) => {
                warn(sh, &format!("gzip: {name}: {e}"));
                status = 1;
                continue;
            }
        };
        let head = read(0..size.min(64 * 1024)).unwrap_or_default();
        let Some(hlen) = gzip_header_len(&head) else {
            warn(sh, &format!("gzip: {name}: not in gzip format"));
            status = 1;
            continue;
        };
        let trailer = if size >= 8 {
            read(size - 8..size).unwrap_or_default()
        } else {
            Vec::new()
        };
        if trailer.len() < 8 || (size as usize) < hlen + 8 {
            warn(sh, &format!("\ngzip: {name}: unexpected end of file"));
            status = 1;
            continue;
        }
        let isize = u32::from_le_bytes([trailer[4], trailer[5], trailer[6], trailer[7]]) as i64;
        let header_bytes = hlen as i64 + 8;
        if !header_done {
            crate::archive::io::print(
                sh,
                b"         compressed        uncompressed  ratio uncompressed_name\n",
            );
            header_done = true;
        }
        let shown = strip_suffix(o, &name).unwrap_or_else(|| name.clone());
        let line = format!(
            "{:>19} {:>19} {} {}\n",
            size,
            isize,
            ratio(isize - (size as i64 - header_bytes), isize),
            shown
        );
        if !crate::archive::io::print(sh, line.as_bytes()) {
            return 141;
        }
        total_in += size as i64;
        total_out += isize;
        last_header = header_bytes;
        count += 1;
    }
    if count > 1 {
        let line = format!(
            "{:>19} {:>19} {} (totals)\n",
            total_in,
            total_out,
            ratio(total_out - (total_in - last_header), total_out)
        );
        crate::archive::io::print(sh, line.as_bytes());
    }
    status
}

/// GNU gzip's `display_ratio`: `%5.1f%%` of num/den.
pub(super) fn ratio(num: i64, den: i64) -> String {
    let r = if den == 0 {
        0.0
    } else {
        100.0 * num as f64 / den as f64
    };
    format!("{r:5.1}%")
}

/// The length of a gzip member header, or `None` when `h` is not one.
fn gzip_header_len(h: &[u8]) -> Option<usize> {
    if h.len() < 10 || h[0] != 0x1f || h[1] != 0x8b || h[2] != 8 {
        return None;
    }
    let flg = h[3];
    let mut i = 10;
    if flg & 4 != 0 {
        let xlen = u16::from_le_bytes([*h.get(i)?, *h.get(i + 1)?]) as usize;
        i += 2 + xlen;
    }
    for bit in [8u8, 16] {
        if flg & bit != 0 {
            let end = h.get(i..)?.iter().position(|&b| b == 0)?;
            i += end + 1;
        }
    }
    if flg & 2 != 0 {
        i += 2;
    }
    (i <= h.len()).then_some(i)
}
