//! Helpers shared by the file-inspection commands (`stat`, `ls`, `du`, `df`, `tree`, `file`,
//! `install`, `mktemp`): the block accounting the VFS implies, file types as `stat` and `ls`
//! name them, time stamps as `stat` prints them, GNU's shell-escape quoting of file names and
//! the mount holding a path. Path resolution lives in `paths`, owner names in `users`.
//!
//! The VFS keeps no block counts, so disk usage is derived from sizes as ext4 would allocate
//! them: a regular file takes its size rounded up to 4 KiB, a directory one 4 KiB block, a
//! symlink or device none. `ls -l` totals, `stat %b` and `du` all use [`blocks512`], so they
//! agree with each other.

use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use sandsh_api::ToolCtx;
use sandsh_api::fs::{FileType, Metadata};
use sandsh_text::strftime::gmtime;

use super::paths;

/// The allocation unit the VFS is accounted in (ext4's usual block size).
pub const BLOCK: u64 = 4096;

/// 512-byte blocks a file occupies (see the module docs).
pub fn blocks512(m: &Metadata) -> u64 {
    match m.file_type {
        FileType::File => m.size.div_ceil(BLOCK) * (BLOCK / 512),
        FileType::Dir => BLOCK / 512,
        _ => 0,
    }
}

/// Seconds and nanoseconds since the epoch (negative before it).
pub fn split_time(t: SystemTime) -> (i64, u32) {
    match t.duration_since(UNIX_EPOCH) {
        Ok(d) => (d.as_secs() as i64, d.subsec_nanos()),
        Err(e) => {
            let d = e.duration();
            if d.subsec_nanos() == 0 {
                (-(d.as_secs() as i64), 0)
            } else {
                (-(d.as_secs() as i64) - 1, 1_000_000_000 - d.subsec_nanos())
            }
        }
    }
}

/// `2026-11-24 02:46:50.211926965 +0000`, as `stat` prints times (the sandbox runs in UTC).
pub fn stat_time(t: SystemTime) -> String {
    let (s, ns) = split_time(t);
    let tm = gmtime(s);
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02}:{:02}.{ns:09} +0000",
        tm.year, tm.month, tm.day, tm.hour, tm.min, tm.sec
    )
}

/// RFC 3339 in UTC with nanoseconds when there are any: `2026-11-24T02:46:50.211926965Z`.
pub fn rfc3339(t: SystemTime) -> String {
    let (s, ns) = split_time(t);
    let tm = gmtime(s);
    let frac = if ns == 0 {
        String::new()
    } else {
        format!(".{ns:09}")
    };
    format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}{frac}Z",
        tm.year, tm.month, tm.day, tm.hour, tm.min, tm.sec
    )
}

/// What `stat %F` calls a file type.
pub fn type_name(m: &Metadata) -> &'static str {
    match m.file_type {
        FileType::File if m.size == 0 => "regular empty file",
        FileType::File => "regular file",
        FileType::Dir => "directory",
        FileType::Symlink => "symbolic link",
        FileType::CharDevice => "character special file",
        FileType::Fifo => "fifo",
    }
}

/// The `st_mode` type bits.
pub fn type_bits(t: FileType) -> u32 {
    match t {
        FileType::File => 0o100000,
        FileType::Dir => 0o040000,
        FileType::Symlink => 0o120000,
        FileType::CharDevice => 0o020000,
        FileType::Fifo => 0o010000,
    }
}

/// Where the symbolic link `meta` describes (at `abs`) points, as `ls -l` and `stat` print
/// it; `None` for anything else, or a link that cannot be read.
pub fn link_target(ctx: &dyn ToolCtx, abs: &Path, meta: &Metadata) -> Option<String> {
    if !meta.is_symlink() {
        return None;
    }
    let target = ctx.backend().read_link(abs).ok()?;
    Some(target.to_string_lossy().into_owned())
}

/// The file type as the `--json` forms of `ls`, `find` and `stat` name it.
pub fn json_kind(t: FileType) -> &'static str {
    match t {
        FileType::File => "file",
        FileType::Dir => "directory",
        FileType::Symlink => "symlink",
        FileType::CharDevice => "char_device",
        FileType::Fifo => "fifo",
    }
}

/// The `ls -l` type letter.
pub fn type_char(t: FileType) -> char {
    match t {
        FileType::Dir => 'd',
        FileType::Symlink => 'l',
        FileType::CharDevice => 'c',
        FileType::Fifo => 'p',
        FileType::File => '-',
    }
}

/// Major and minor device numbers of the sandbox's character devices, as Linux numbers them
/// (the VFS keeps none; these are recognized by name under `/dev`).
pub fn rdev(path: &Path, m: &Metadata) -> (u32, u32) {
    if m.file_type != FileType::CharDevice {
        return (0, 0);
    }
    match path.to_str() {
        Some("/dev/null") => (1, 3),
        Some("/dev/zero") => (1, 5),
        Some("/dev/random") => (1, 8),
        Some("/dev/urandom") => (1, 9),
        Some("/dev/tty") => (5, 0),
        _ => (0, 0),
    }
}

fn safe_char(c: char) -> bool {
    c.is_alphanumeric() || "%+,-./:=@_^".contains(c) || (!c.is_ascii() && !c.is_control())
}

/// GNU's `shell-escape` quoting of a file name: unchanged when nothing needs quoting (unless
/// `always`), `"it's"` for a lone quote, otherwise `'…'` with `$'\n'` pieces for control
/// characters.
pub fn gnu_quote(s: &str, always: bool) -> String {
    let needs = s.is_empty()
        || s.starts_with(['~', '#'])
        || s.chars().any(|c| !safe_char(c) && c != '~' && c != '#');
    if !needs && !always {
        return s.to_string();
    }
    let ctrl = s.chars().any(char::is_control);
    if s.contains('\'') && !ctrl && !s.contains(['"', '$', '`', '\\', '!']) {
        return format!("\"{s}\"");
    }
    // GNU's shell-escape style: a run of control characters is one `'$'\n\t'` piece, and the
    // quote reopens (`''`) only when ordinary text follows it.
    let mut out = String::from("'");
    let mut in_esc = false;
    for c in s.chars() {
        if c.is_control() {
            if !in_esc {
                out.push_str("'$'");
                in_esc = true;
            }
            match c {
                '\x07' => out.push_str("\\a"),
                '\x08' => out.push_str("\\b"),
                '\t' => out.push_str("\\t"),
                '\n' => out.push_str("\\n"),
                '\x0b' => out.push_str("\\v"),
                '\x0c' => out.push_str("\\f"),
                '\r' => out.push_str("\\r"),
                c => out.push_str(&format!("\\{:03o}", c as u32)),
            }
            continue;
        }
        if in_esc {
            out.push_str("''");
            in_esc = false;
        }
        if c == '\'' {
            out.push_str("'\\''");
        } else {
            out.push(c);
        }
    }
    out.push('\'');
    // `''$'\n''b'` opens with an empty '' piece when the name starts with a control
    // character; GNU keeps it, and so do we.
    out
}

/// GNU's human-readable size (`-h`: powers of 1024, `--si`: powers of 1000), rounding up:
/// `4.0K`, `106K`, `1.5M`; values under one unit print as plain numbers.
pub fn human(n: u64, si: bool) -> String {
    let base: f64 = if si { 1000.0 } else { 1024.0 };
    let units: [&str; 8] = if si {
        ["k", "M", "G", "T", "P", "E", "Z", "Y"]
    } else {
        ["K", "M", "G", "T", "P", "E", "Z", "Y"]
    };
    if (n as f64) < base {
        return n.to_string();
    }
    let mut v = n as f64 / base;
    let mut u = 0;
    while v >= base && u < units.len() - 1 {
        v /= base;
        u += 1;
    }
    if v < 10.0 {
        let r = (v * 10.0).ceil() / 10.0;
        if r < 10.0 {
            return format!("{r:.1}{}", units[u]);
        }
        v = r;
    }
    let r = v.ceil();
    if r >= base && u < units.len() - 1 {
        return format!("1.0{}", units[u + 1]);
    }
    format!("{}{}", r as u64, units[u])
}

/// The mount holding `path` (longest prefix of the backend's mount list) and its index in
/// that list; `None` when the backend reports no mounts.
pub fn mount_of(ctx: &dyn ToolCtx, path: &str) -> Option<(usize, sandsh_api::fs::MountInfo)> {
    let mounts = ctx.backend().mounts();
    let mut best: Option<(usize, sandsh_api::fs::MountInfo)> = None;
    for (i, m) in mounts.into_iter().enumerate() {
        let mp = m.path.to_string_lossy().into_owned();
        if paths::is_under(path, &mp)
            && best
                .as_ref()
                .is_none_or(|(_, b)| b.path.as_os_str().len() <= mp.len())
        {
            best = Some((i, m));
        }
    }
    best
}

/// The device number the sandbox reports for files under `path`: major 0 (virtual, as tmpfs),
/// minor 32 plus the index of the mount holding it.
pub fn device_of(ctx: &dyn ToolCtx, path: &str) -> (u32, u32) {
    (0, 32 + mount_of(ctx, path).map_or(0, |(i, _)| i as u32))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting() {
        assert_eq!(gnu_quote("f", true), "'f'");
        assert_eq!(gnu_quote("f", false), "f");
        assert_eq!(gnu_quote("a b", false), "'a b'");
        assert_eq!(gnu_quote("it's", true), "\"it's\"");
        assert_eq!(gnu_quote("n\nl", true), "'n'$'\\n''l'");
        assert_eq!(gnu_quote("", false), "''");
        // As GNU rm prints them: a run of control characters is one piece, none trails.
        assert_eq!(gnu_quote("a\n", true), "'a'$'\\n'");
        assert_eq!(gnu_quote("\nb", true), "''$'\\n''b'");
        assert_eq!(gnu_quote("a\n\tb", true), "'a'$'\\n\\t''b'");
        assert_eq!(gnu_quote("\x01", true), "''$'\\001'");
    }

    #[test]
    fn times() {
        let t = UNIX_EPOCH + std::time::Duration::new(1_795_488_410, 211_926_965);
        assert_eq!(stat_time(t), "2026-11-24 02:46:50.211926965 +0000");
        assert_eq!(rfc3339(t), "2026-11-24T02:46:50.211926965Z");
        assert_eq!(rfc3339(UNIX_EPOCH), "1970-01-01T00:00:00Z");
    }
}
