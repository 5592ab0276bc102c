//! `-printf` formats and the `-ls` line, as GNU find 4.9 renders them.
//!
//! A format is compiled once into pieces (literal bytes, directives with their flags, width
//! and precision) and rendered per file into a reused buffer. Times are UTC (the sandbox has
//! no zone database for find); fractional seconds print with ten digits, as GNU's do.

use std::time::{SystemTime, UNIX_EPOCH};

use sandsh_api::fs::FileType;
use sandsh_text::strftime::strftime;

use super::eval::Entry;

#[derive(Debug, Clone)]
enum Piece {
    Lit(Vec<u8>),
    /// `\c`: stop this format here.
    Stop,
    Dir {
        minus: bool,
        plus: bool,
        space: bool,
        width: Option<usize>,
        prec: Option<usize>,
        conv: u8,
        /// The time format letter of `%A`, `%C`, `%T`.
        time: u8,
    },
}

/// A compiled `-printf` format.
#[derive(Debug, Clone)]
pub struct Format {
    pieces: Vec<Piece>,
    pub warnings: Vec<String>,
}

impl Format {
    /// Compile; errors are GNU's (without the `find: ` prefix).
    pub fn parse(f: &[u8]) -> Result<Format, String> {
        let mut pieces = Vec::new();
        let mut warnings = Vec::new();
        let mut lit = Vec::new();
        let mut i = 0;
        while i < f.len() {
            let c = f[i];
            if c == b'\\' {
                let Some(&n) = f.get(i + 1) else {
                    warnings.push("warning: escape `\\' followed by nothing at all".into());
                    lit.push(b'\\');
                    i += 1;
                    continue;
                };
                i += 2;
                match n {
                    b'a' => lit.push(7),
                    b'b' => lit.push(8),
                    b'f' => lit.push(12),
                    b'n' => lit.push(b'\n'),
                    b'r' => lit.push(b'\r'),
                    b't' => lit.push(b'\t'),
                    b'v' => lit.push(11),
                    b'\\' => lit.push(b'\\'),
                    b'c' => {
                        if !lit.is_empty() {
                            pieces.push(Piece::Lit(std::mem::take(&mut lit)));
                        }
                        pieces.push(Piece::Stop);
                    }
                    b'0'..=b'7' => {
                        let mut v: u32 = u32::from(n - b'0');
                        let mut k = 0;
                        while k < 2 && i < f.len() && (b'0'..=b'7').contains(&f[i]) {
                            v = v * 8 + u32::from(f[i] - b'0');
                            i += 1;
                            k += 1;
                        }
                        lit.push(v as u8);
                    }
                    other => {
                        warnings.push(format!(
                            "warning: unrecognized escape `\\{}'",
                            other as char
                        ));
                        lit.push(b'\\');
                        lit.push(other);
                    }
                }
                continue;
            }
            if c != b'%' {
                lit.push(c);
                i += 1;
                continue;
            }
            i += 1;
            if i >= f.len() {
                return Err("error: % at end of format string".into());
            }
            if f[i] == b'%' {
                lit.push(b'%');
                i += 1;
                continue;
            }
            let (mut minus, mut plus, mut space) = (false, false, false);
            while i < f.len() && b"-+ #0".contains(&f[i]) {
                match f[i] {
                    b'-' => minus = true,
                    b'+' => plus = true,
                    b' ' => space = true,
                    _ => {}
                }
                i += 1;
            }
            let mut width = None;
            while i < f.len() && f[i].is_ascii_digit() {
                width = Some(width.unwrap_or(0usize).saturating_mul(10) + usize::from(f[i] - b'0'));
                i += 1;
            }
            let mut prec = None;
            if i < f.len() && f[i] == b'.' {
                i += 1;
                let mut p = 0usize;
                while i < f.len() && f[i].is_ascii_digit() {
                    p = p.saturating_mul(10) + usize::from(f[i] - b'0');
                    i += 1;
                }
                prec = Some(p);
            }
            let Some(&conv) = f.get(i) else {
                return Err("error: % at end of format string".into());
            };
            i += 1;
            let mut time = 0;
            if matches!(conv, b'A' | b'C' | b'T') {
                let Some(&t) = f.get(i) else {
                    return Err(format!(
                        "error: missing time format after %{}",
                        conv as char
                    ));
                };
                time = t;
                i += 1;
            }
            if !b"aAbcCdDfFgGhHiklmMnpPsStTuUyYZ".contains(&conv) {
                // GNU prints an unknown directive as written.
                lit.push(b'%');
                lit.push(conv);
                continue;
            }
            if !lit.is_empty() {
                pieces.push(Piece::Lit(std::mem::take(&mut lit)));
            }
            pieces.push(Piece::Dir {
                minus,
                plus,
                space,
                width,
                prec,
                conv,
                time,
            });
        }
        if !lit.is_empty() {
            pieces.push(Piece::Lit(lit));
        }
        Ok(Format { pieces, warnings })
    }

    /// Render for one file into `out`.
    pub fn render(
        &self,
        e: &Entry,
        names: &dyn Fn(u32, bool) -> Option<String>,
        out: &mut Vec<u8>,
    ) {
        for p in &self.pieces {
            match p {
                Piece::Lit(b) => out.extend_from_slice(b),
                Piece::Stop => return,
                Piece::Dir {
                    minus,
                    plus,
                    space,
                    width,
                    prec,
                    conv,
                    time,
                } => {
                    let (val, numeric) = directive(*conv, *time, e, names);
                    let mut v = val;
                    if numeric {
                        if *plus && v.first() != Some(&b'-') {
                            v.insert(0, b'+');
                        } else if *space && v.first() != Some(&b'-') {
                            v.insert(0, b' ');
                        }
                    } else if let Some(pr) = prec
                        && v.len() > *pr
                    {
                        v.truncate(*pr);
                    }
                    let w = width.unwrap_or(0);
                    let pad = w.saturating_sub(v.len());
                    if *minus {
                        out.extend_from_slice(&v);
                        out.resize(out.len() + pad, b' ');
                    } else {
                        out.resize(out.len() + pad, b' ');
                        out.extend_from_slice(&v);
                    }
                }
            }
        }
    }
}

fn secs_nanos(t: SystemTime) -> (i64, u32) {
    match t.duration_since(UNIX_EPOCH) {
        Ok(d) => (d.as_secs() as i64, d.subsec_nanos()),
        Err(e) => {
            let d = e.duration();
            let s = -(d.as_secs() as i64);
            if d.subsec_nanos() == 0 {
                (s, 0)
            } else {
                (s - 1, 1_000_000_000 - d.subsec_nanos())
            }
        }
    }
}

/// A time directive's text (`%Tk` with letter `k`, `%t` as `k == 0`).
pub fn time_text(t: SystemTime, k: u8) -> Vec<u8> {
    let (s, ns) = secs_nanos(t);
    let frac = format!("{ns:09}0");
    match k {
        0 => {
            let mut v = strftime(b"%a %b %e %H:%M:%S", s);
            v.extend_from_slice(format!(".{frac}").as_bytes());
            v.extend_from_slice(&strftime(b" %Y", s));
            v
        }
        b'@' => format!("{s}.{frac}").into_bytes(),
        b'S' => {
            let mut v = strftime(b"%S", s);
            v.extend_from_slice(format!(".{frac}").as_bytes());
            v
        }
        b'T' => {
            let mut v = strftime(b"%H:%M:%S", s);
            v.extend_from_slice(format!(".{frac}").as_bytes());
            v
        }
        b'+' => {
            let mut v = strftime(b"%Y-%m-%d+%H:%M:%S", s);
            v.extend_from_slice(format!(".{frac}").as_bytes());
            v
        }
        k => strftime(&[b'%', k], s),
    }
}

/// The type letter of `%y`.
pub fn type_char(t: FileType) -> u8 {
    match t {
        FileType::File => b'f',
        FileType::Dir => b'd',
        FileType::Symlink => b'l',
        FileType::CharDevice => b'c',
        FileType::Fifo => b'p',
    }
}

/// The type letter of `ls -l` / `%M`.
fn ls_kind(t: FileType) -> char {
    match t {
        FileType::File => '-',
        other => type_char(other) as char,
    }
}

/// gnulib `base_name`: the last component, trailing slashes kept; `/` for all slashes.
pub fn base_keep(p: &[u8]) -> &[u8] {
    let mut end = p.len();
    while end > 0 && p[end - 1] == b'/' {
        end -= 1;
    }
    if end == 0 {
        return if p.is_empty() { p } else { b"/" };
    }
    let start = p[..end]
        .iter()
        .rposition(|&b| b == b'/')
        .map_or(0, |i| i + 1);
    &p[start..]
}

/// 1 KiB blocks a file of `size` bytes occupies (4 KiB allocation units, as on ext4/tmpfs).
pub fn kblocks(e: &Entry) -> u64 {
    if e.meta.file_type == FileType::Symlink {
        return 0;
    }
    e.meta.size.div_ceil(4096) * 4
}

fn directive(
    conv: u8,
    time: u8,
    e: &Entry,
    names: &dyn Fn(u32, bool) -> Option<String>,
) -> (Vec<u8>, bool) {
    let m = &e.meta;
    let num = |n: u64| (n.to_string().into_bytes(), true);
    match conv {
        b'p' => (e.path.clone(), false),
        b'f' => (base_keep(&e.path).to_vec(), false),
        b'h' => match e.path.iter().rposition(|&b| b == b'/') {
            Some(i) => (e.path[..i].to_vec(), false),
            None => (b".".to_vec(), false),
        },
        b'H' => (e.start.clone(), false),
        b'P' => {
            let rest = e.path.get(e.start.len()..).unwrap_or(b"");
            let rest = rest.strip_prefix(b"/").unwrap_or(rest);
            (rest.to_vec(), false)
        }
        b's' => num(m.size),
        b'd' => num(e.depth as u64),
        b'm' => (format!("{:o}", m.mode & 0o7777).into_bytes(), true),
        b'M' => (
            crate::common::mode::render(ls_kind(m.file_type), m.mode).into_bytes(),
            false,
        ),
        b'u' => (
            names(m.uid, false)
                .unwrap_or_else(|| m.uid.to_string())
                .into_bytes(),
            false,
        ),
        b'U' => num(u64::from(m.uid)),
        b'g' => (
            names(m.gid, true)
                .unwrap_or_else(|| m.gid.to_string())
                .into_bytes(),
            false,
        ),
        b'G' => num(u64::from(m.gid)),
        b'n' => num(m.nlink),
        b'i' => num(m.ino),
        b'k' => num(kblocks(e)),
        b'b' => num(kblocks(e) * 2),
        b'D' => num(1),
        b'F' => (b"vfs".to_vec(), false),
        b'S' => (b"1".to_vec(), false),
        b'Z' => (Vec::new(), false),
        b'l' => (e.link.clone().unwrap_or_default(), false),
        b'y' => (vec![type_char(m.file_type)], false),
        b'Y' => (vec![e.target_type.map_or(b'N', type_char)], false),
        b't' => (time_text(m.mtime, 0), false),
        b'a' => (time_text(m.atime, 0), false),
        b'c' => (time_text(m.ctime, 0), false),
        b'T' => (time_text(m.mtime, time), false),
        b'A' => (time_text(m.atime, time), false),
        b'C' => (time_text(m.ctime, time), false),
        _ => (Vec::new(), false),
    }
}

/// One `-ls` line (without the newline).
pub fn ls_line(
    e: &Entry,
    names: &dyn Fn(u32, bool) -> Option<String>,
    now: SystemTime,
    out: &mut Vec<u8>,
) {
    let m = &e.meta;
    let mode = crate::common::mode::render(ls_kind(m.file_type), m.mode);
    let user = names(m.uid, false).unwrap_or_else(|| m.uid.to_string());
    let group = names(m.gid, true).unwrap_or_else(|| m.gid.to_string());
    let (t, _) = secs_nanos(m.mtime);
    let (n, _) = secs_nanos(now);
    let six_months = 31_556_952 / 2;
    let when = if t > n - six_months && t <= n + 3600 {
        strftime(b"%b %e %H:%M", t)
    } else {
        strftime(b"%b %e  %Y", t)
    };
    out.extend_from_slice(
        format!(
            "{:>9} {:>6} {} {:>3} {:<8} {:<8} {:>8} ",
            m.ino,
            kblocks(e),
            mode,
            m.nlink,
            user,
            group,
            m.size
        )
        .as_bytes(),
    );
    out.extend_from_slice(&when);
    out.push(b' ');
    out.extend_from_slice(&e.path);
    if let Some(l) = &e.link {
        out.extend_from_slice(b" -> ");
        out.extend_from_slice(l);
    }
}
