//! `file`: determine file type, the way file 5.x (libmagic) words it.
//!
//! Not a libmagic port: a fixed set of checks in libmagic's order. Special files first
//! (directory, symlink, device, fifo, empty), then the magic numbers agents meet (gzip, bzip2, xz, zip,
//! tar, PNG, JPEG, GIF, PDF, ELF), then text: scripts by their `#!` line, JSON (libmagic's
//! "JSON text data" / "New Line Delimited JSON text data"), CSV, HTML, XML, and the encoding
//! analysis (ASCII, UTF-8, UTF-16, ISO-8859, non-ISO extended ASCII) with libmagic's line
//! terminator, long-line, escape-sequence and overstriking remarks. Anything else is `data`.
//! ELF is described from its header and program headers only (no section or note parsing,
//! so no BuildID and no stripped/not stripped).

use sandsh_api::OptSpec;
use sandsh_api::opt;
use std::path::Path;

use sandsh_api::fs::FileType;
use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, ParsedArgs, ParsedCommand, RiskLevel,
    ToolCtx,
};

use super::fsutil;
use super::util;

pub struct File;

static SPEC: CommandSpec = CommandSpec {
    name: "file",
    group: "fs",
    summary: "determine file type",
    usage: "file [OPTION]... FILE...",
    description: "Print the type of each FILE as file(1) words it: text encodings and line terminators, empty files, directories, symlinks, devices, scripts, JSON, CSV, HTML, XML, and the magic numbers of gzip, bzip2, xz, zip, tar, PNG, JPEG, GIF, PDF and ELF (a header cut short is described as far as it goes, as libmagic does). Only the first 1 MiB is examined. A FILE that cannot be read is reported on stdout and does not change the exit status (as in file 5).",
    options: &[
        OptSpec::new("-b, --brief", "do not prepend filenames to output lines"),
        OptSpec::new("-i, --mime", "output MIME type strings (type; charset=...)"),
        OptSpec::new("--mime-type", "output the MIME type only"),
        OptSpec::new("--mime-encoding", "output the MIME encoding only"),
        OptSpec::new("-L, --dereference", "follow symlinks"),
        OptSpec::new("-h, --no-dereference", "don't follow symlinks (default)"),
        OptSpec::new("-N, --no-pad", "do not pad output"),
        OptSpec::new(
            "-F, --separator=STRING",
            "use STRING as separator instead of ':'",
        ),
        OptSpec::new("-0, --print0", "terminate filenames with a NUL"),
        OptSpec::new(
            "-E",
            "on a filesystem error, issue an error message and exit 1",
        ),
        OptSpec::new(
            "-s, --special-files",
            "treat special (device) files as ordinary ones",
        ),
        OptSpec::new(
            "-z, --uncompress",
            "look inside compressed files (not supported)",
        ),
    ],
    operands: &[ArgSpec::required(
        "FILE",
        ArgType::Path,
        "files to classify (- is standard input)",
    )
    .repeated()],
    returns: "one line per FILE: NAME: TYPE",
    examples: &[
        Example {
            description: "text and CRLF",
            script: "printf 'a\\r\\nb\\r\\n' > dos.txt && file dos.txt",
            stdout: "dos.txt: ASCII text, with CRLF line terminators\n",
        },
        Example {
            description: "JSON, brief",
            script: "echo '{\"a\": 1}' > x.json && file -b x.json",
            stdout: "JSON text data\n",
        },
        Example {
            description: "MIME type",
            script: "mkdir d && file --mime-type d",
            stdout: "d: inode/directory\n",
        },
    ],
    errors: "exit 0 even for unreadable files (reported in the output), unless -E; 1 for a missing operand",
    risk: RiskLevel::ReadOnly,
};

/// How much of a file is examined.
const EXAMINE: u64 = 1 << 20;
/// libmagic's MAXLINELEN.
const LONG_LINE: usize = 300;

/// A classification: the description and the MIME type and charset.
struct Kind {
    desc: String,
    mime: String,
    charset: Option<String>,
}

impl Kind {
    fn new(desc: impl Into<String>, mime: &str, charset: Option<&str>) -> Kind {
        Kind {
            desc: desc.into(),
            mime: mime.to_string(),
            charset: charset.map(str::to_string),
        }
    }
}

/// libmagic's text characters: BEL..CR, ESC and printable ASCII.
fn text_ascii(b: u8) -> bool {
    matches!(b, 0x07..=0x0d | 0x1b | 0x20..=0x7e)
}

/// The encoding of text: description, MIME charset and the decoded characters.
fn encoding(data: &[u8]) -> Option<(&'static str, &'static str, Vec<u32>)> {
    if data.len() >= 2 && (data[..2] == [0xff, 0xfe] || data[..2] == [0xfe, 0xff]) {
        let le = data[0] == 0xff;
        let units: Vec<u32> = data[2..]
            .chunks(2)
            .map(|c| {
                let (a, b) = (c[0] as u32, *c.get(1).unwrap_or(&0) as u32);
                if le { a | (b << 8) } else { (a << 8) | b }
            })
            .collect();
        return Some(if le {
            (
                "Unicode text, UTF-16, little-endian text",
                "utf-16le",
                units,
            )
        } else {
            ("Unicode text, UTF-16, big-endian text", "utf-16be", units)
        });
    }
    if data.iter().all(|&b| text_ascii(b)) {
        return Some((
            "ASCII text",
            "us-ascii",
            data.iter().map(|&b| b as u32).collect(),
        ));
    }
    if let Ok(s) = std::str::from_utf8(data)
        && s.chars().all(|c| !c.is_ascii() || text_ascii(c as u8))
    {
        let chars: Vec<u32> = s.chars().map(|c| c as u32).collect();
        if s.starts_with('\u{feff}') {
            return Some((
                "Unicode text, UTF-8 (with BOM) text",
                "utf-8",
                chars[1..].to_vec(),
            ));
        }
        return Some(("Unicode text, UTF-8 text", "utf-8", chars));
    }
    if data.iter().all(|&b| text_ascii(b) || b >= 0xa0) {
        return Some((
            "ISO-8859 text",
            "iso-8859-1",
            data.iter().map(|&b| b as u32).collect(),
        ));
    }
    if data.iter().all(|&b| text_ascii(b) || b >= 0x80) {
        return Some((
            "Non-ISO extended-ASCII text",
            "unknown-8bit",
            data.iter().map(|&b| b as u32).collect(),
        ));
    }
    None
}

/// libmagic's remarks on text: long lines, line terminators, escapes, overstriking.
fn remarks(chars: &[u32]) -> String {
    let (mut crlf, mut cr, mut lf) = (0usize, 0usize, 0usize);
    let (mut esc, mut bs) = (false, false);
    let (mut line, mut longest) = (0usize, 0usize);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            0x0d => {
                if chars.get(i + 1) == Some(&0x0a) {
                    crlf += 1;
                    i += 1;
                } else {
                    cr += 1;
                }
                longest = longest.max(line);
                line = 0;
            }
            0x0a => {
                lf += 1;
                longest = longest.max(line);
                line = 0;
            }
            _ => {
                if c == 0x1b {
                    esc = true;
                }
                if c == 0x08 {
                    bs = true;
                }
                line += 1;
            }
        }
        i += 1;
    }
    longest = longest.max(line);
    let mut s = String::new();
    if longest > LONG_LINE {
        s.push_str(&format!(", with very long lines ({longest})"));
    }
    if crlf + cr + lf == 0 {
        s.push_str(", with no line terminators");
    } else if crlf + cr > 0 {
        let mut kinds = Vec::new();
        if crlf > 0 {
            kinds.push("CRLF");
        }
        if cr > 0 {
            kinds.push("CR");
        }
        if lf > 0 {
            kinds.push("LF");
        }
        s.push_str(&format!(", with {} line terminators", kinds.join(", ")));
    }
    if esc {
        s.push_str(", with escape sequences");
    }
    if bs {
        s.push_str(", with overstriking");
    }
    s
}

fn u16le(d: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes([*d.get(at)?, *d.get(at + 1)?]))
}

fn u32le(d: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(d.get(at..at + 4)?.try_into().ok()?))
}

fn u32be(d: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes(d.get(at..at + 4)?.try_into().ok()?))
}

/// `Tue Nov 24 02:57:47 2026` (ctime's layout, UTC).
fn ctime(secs: i64) -> String {
    let t = sandsh_text::strftime::strftime(b"%a %b %e %H:%M:%S %Y", secs);
    String::from_utf8_lossy(&t).into_owned()
}

fn gzip(d: &[u8], full_len: u64, last4: Option<u32>) -> Option<Kind> {
    if d.len() < 10 || d[0] != 0x1f || d[1] != 0x8b || d[2] != 8 {
        return None;
    }
    let flags = d[3];
    let mut s = String::from("gzip compressed data");
    let mut at = 10;
    if flags & 0x04 != 0 {
        at += 2 + u16le(d, at).unwrap_or(0) as usize;
    }
    if flags & 0x08 != 0
        && let Some(rest) = d.get(at..)
    {
        let end = rest.iter().position(|&b| b == 0).unwrap_or(rest.len());
        s.push_str(&format!(
            ", was \"{}\"",
            String::from_utf8_lossy(&rest[..end])
        ));
    }
    let mtime = u32le(d, 4).unwrap_or(0);
    if mtime != 0 {
        s.push_str(&format!(", last modified: {}", ctime(mtime as i64)));
    }
    match d[8] {
        2 => s.push_str(", max compression"),
        4 => s.push_str(", max speed"),
        _ => {}
    }
    let os = match d[9] {
        0 => Some("FAT filesystem (MS-DOS, OS/2, NT)"),
        3 => Some("Unix"),
        7 => Some("Macintosh"),
        11 => Some("NTFS filesystem (NT)"),
        _ => None,
    };
    if let Some(os) = os {
        s.push_str(&format!(", from {os}"));
    }
    // libmagic reads the trailer wherever the file ends, even inside the header.
    if let Some(n) = last4.filter(|_| full_len >= 10) {
        s.push_str(&format!(", original size modulo 2^32 {n}"));
    }
    Some(Kind::new(s, "application/gzip", Some("binary")))
}

fn zip(d: &[u8]) -> Option<Kind> {
    if d.starts_with(b"PK\x05\x06") && d.len() >= 22 {
        return Some(Kind::new(
            "Zip archive data (empty)",
            "application/zip",
            Some("binary"),
        ));
    }
    if !d.starts_with(b"PK\x03\x04") || d.len() < 30 {
        return None;
    }
    let ver = u16le(d, 4)?;
    let method = match u16le(d, 8)? {
        0 => "store".to_string(),
        8 => "deflate".to_string(),
        12 => "bzip2".to_string(),
        14 => "lzma".to_string(),
        m => format!("{m}"),
    };
    Some(Kind::new(
        format!(
            "Zip archive data, at least v{}.{} to extract, compression method={method}",
            ver / 10,
            ver % 10
        ),
        "application/zip",
        Some("binary"),
    ))
}

fn tar(d: &[u8]) -> Option<Kind> {
    let magic = d.get(257..265)?;
    let desc = if magic == b"ustar  \0" {
        "POSIX tar archive (GNU)"
    } else if &magic[..6] == b"ustar\0" {
        "POSIX tar archive"
    } else {
        return None;
    };
    Some(Kind::new(desc, "application/x-tar", Some("binary")))
}

fn png(d: &[u8]) -> Option<Kind> {
    if !d.starts_with(b"\x89PNG\r\n\x1a\n") {
        return None;
    }
    // libmagic wants the IHDR chunk; fields past the end of a cut file read as 0.
    if d.get(12..16) != Some(b"IHDR") {
        return None;
    }
    let mut s = String::from("PNG image data");
    {
        let mut h = [0u8; 29];
        let n = d.len().min(29);
        h[..n].copy_from_slice(&d[..n]);
        let d = &h;
        let (w, h) = (u32be(d, 16)?, u32be(d, 20)?);
        let depth = d[24];
        let color = match d[25] {
            0 => "grayscale".to_string(),
            2 => "/color RGB".to_string(),
            3 => "colormap".to_string(),
            4 => "gray+alpha".to_string(),
            6 => "/color RGBA".to_string(),
            _ => String::new(),
        };
        let sep = if color.starts_with('/') { "" } else { " " };
        let inter = if d[28] == 1 {
            "interlaced"
        } else {
            "non-interlaced"
        };
        s.push_str(&format!(", {w} x {h}, {depth}-bit{sep}{color}, {inter}"));
    }
    Some(Kind::new(s, "image/png", Some("binary")))
}

fn jpeg(d: &[u8], charset: &str) -> Option<Kind> {
    // libmagic's rule reads four bytes.
    if !d.starts_with(&[0xff, 0xd8, 0xff]) || d.len() < 4 {
        return None;
    }
    let mut s = String::from("JPEG image data");
    if d.get(6..11) == Some(b"JFIF\0") && d.len() >= 18 {
        s.push_str(&format!(", JFIF standard {}.{:02}", d[11], d[12]));
        let unit = match d[13] {
            0 => "aspect ratio",
            1 => "resolution (DPI)",
            2 => "resolution (DPCM)",
            _ => "",
        };
        let (x, y) = (
            u16::from_be_bytes([d[14], d[15]]),
            u16::from_be_bytes([d[16], d[17]]),
        );
        s.push_str(&format!(", {unit}, density {x}x{y}"));
        let seg = u16::from_be_bytes([d[4], d[5]]);
        s.push_str(&format!(", segment length {seg}"));
    }
    // Find the start-of-frame marker for the geometry.
    let mut at = 2;
    while at + 4 <= d.len() {
        if d[at] != 0xff {
            break;
        }
        let marker = d[at + 1];
        let len = u16::from_be_bytes([d[at + 2], d[at + 3]]) as usize;
        if matches!(marker, 0xc0..=0xc3 | 0xc5..=0xc7 | 0xc9..=0xcb | 0xcd..=0xcf) {
            if let Some(f) = d.get(at + 4..at + 10) {
                let kind = match marker {
                    0xc0 => "baseline",
                    0xc1 => "extended sequential",
                    0xc2 => "progressive",
                    _ => "lossless",
                };
                let (h, w) = (
                    u16::from_be_bytes([f[1], f[2]]),
                    u16::from_be_bytes([f[3], f[4]]),
                );
                s.push_str(&format!(
                    ", {kind}, precision {}, {w}x{h}, components {}",
                    f[0], f[5]
                ));
            }
            break;
        }
        if marker == 0xda || len < 2 {
            break;
        }
        at += 2 + len;
    }
    Some(Kind::new(s, "image/jpeg", Some(charset)))
}

fn pdf(d: &[u8], charset: &str) -> Option<Kind> {
    let rest = d.strip_prefix(b"%PDF-")?;
    // libmagic prints the bytes at offsets 5 and 7 around a dot of its own.
    let mut s = String::from("PDF document");
    if let Some(&major) = rest.first() {
        s.push_str(", version ");
        s.push_str(&magic_char(major));
        if let Some(&minor) = rest.get(2) {
            s.push('.');
            s.push_str(&magic_char(minor));
        }
    }
    Some(Kind::new(s, "application/pdf", Some(charset)))
}

/// A byte as libmagic's `%c` prints it: itself when printable, else `\ooo`.
fn magic_char(b: u8) -> String {
    if b.is_ascii_graphic() || b == b' ' {
        (b as char).to_string()
    } else {
        format!("\\{b:03o}")
    }
}

fn bzip2(d: &[u8], charset: &str) -> Option<Kind> {
    if !d.starts_with(b"BZh") {
        return None;
    }
    let mut s = String::from("bzip2 compressed data");
    if let Some(k @ b'1'..=b'9') = d.get(3) {
        s.push_str(&format!(", block size = {}00k", k - b'0'));
    }
    Some(Kind::new(s, "application/x-bzip2", Some(charset)))
}

fn xz(d: &[u8]) -> Option<Kind> {
    if !d.starts_with(b"\xfd7zXZ\0") {
        return None;
    }
    let mut s = String::from("XZ compressed data, checksum");
    match d.get(7).map(|b| b & 0x0f) {
        Some(0) => s.push_str(" NONE"),
        Some(1) => s.push_str(" CRC32"),
        Some(4) => s.push_str(" CRC64"),
        Some(10) => s.push_str(" SHA-256"),
        _ => {}
    }
    Some(Kind::new(s, "application/x-xz", Some("binary")))
}

fn gif(d: &[u8], charset: &str) -> Option<Kind> {
    let version = match d.get(..6)? {
        b"GIF87a" => "87a",
        b"GIF89a" => "89a",
        _ => return None,
    };
    let mut s = format!("GIF image data, version {version},");
    if let (Some(w), Some(h)) = (u16le(d, 6), u16le(d, 8)) {
        s.push_str(&format!(" {w} x {h}"));
    }
    Some(Kind::new(s, "image/gif", Some(charset)))
}

fn elf(d: &[u8]) -> Option<Kind> {
    if !d.starts_with(b"\x7fELF") {
        return None;
    }
    if d.len() < 20 {
        return Some(elf_cut(d));
    }
    let bits64 = d[4] == 2;
    let le = d[5] == 1;
    let rd16 = |at: usize| -> Option<u16> {
        let b = [*d.get(at)?, *d.get(at + 1)?];
        Some(if le {
            u16::from_le_bytes(b)
        } else {
            u16::from_be_bytes(b)
        })
    };
    let rd32 = |at: usize| -> Option<u32> {
        let b: [u8; 4] = d.get(at..at + 4)?.try_into().ok()?;
        Some(if le {
            u32::from_le_bytes(b)
        } else {
            u32::from_be_bytes(b)
        })
    };
    let rd64 = |at: usize| -> Option<u64> {
        let b: [u8; 8] = d.get(at..at + 8)?.try_into().ok()?;
        Some(if le {
            u64::from_le_bytes(b)
        } else {
            u64::from_be_bytes(b)
        })
    };
    let etype = rd16(16)?;
    let machine = match rd16(18).unwrap_or(0) {
        3 => "Intel 80386",
        8 => "MIPS",
        20 => "PowerPC",
        21 => "64-bit PowerPC or cisco 7500",
        40 => "ARM",
        62 => "x86-64",
        183 => "ARM aarch64",
        243 => "UCB RISC-V",
        _ => "",
    };
    // Program headers: PT_INTERP, PT_DYNAMIC.
    let (phoff, phentsize, phnum) = if bits64 {
        (rd64(32), rd16(54), rd16(56))
    } else {
        (rd32(28).map(u64::from), rd16(42), rd16(44))
    };
    let mut interp = None;
    let mut dynamic = false;
    if let (Some(off), Some(size), Some(num)) = (phoff, phentsize, phnum) {
        for k in 0..num.min(256) as u64 {
            let at = (off + k * size as u64) as usize;
            let Some(ptype) = rd32(at) else { break };
            match ptype {
                2 => dynamic = true,
                3 => {
                    let (o, sz) = if bits64 {
                        (rd64(at + 8), rd64(at + 32))
                    } else {
                        (rd32(at + 4).map(u64::from), rd32(at + 16).map(u64::from))
                    };
                    if let (Some(o), Some(sz)) = (o, sz)
                        && let Some(b) = d.get(o as usize..(o + sz) as usize)
                    {
                        let end = b.iter().position(|&c| c == 0).unwrap_or(b.len());
                        interp = Some(String::from_utf8_lossy(&b[..end]).into_owned());
                    }
                }
                _ => {}
            }
        }
    }
    let (tname, mime) = match etype {
        1 => ("relocatable", "application/x-object"),
        2 => ("executable", "application/x-executable"),
        3 if interp.is_some() => ("pie executable", "application/x-pie-executable"),
        3 => ("shared object", "application/x-sharedlib"),
        4 => ("core file", "application/x-coredump"),
        _ => ("unknown type", "application/octet-stream"),
    };
    let mut s = format!(
        "ELF {}-bit {} {tname}",
        if bits64 { 64 } else { 32 },
        if le { "LSB" } else { "MSB" }
    );
    s.push_str(&format!(", {machine}"));
    let version = d.get(6).copied().unwrap_or(0);
    if d.len() >= 24 && rd32(20).is_some() {
        s.push_str(&format!(", version {version} (SYSV)"));
    } else {
        s.push_str(", (SYSV)");
    }
    if etype == 2 || etype == 3 {
        if let Some(i) = &interp {
            s.push_str(&format!(", dynamically linked, interpreter {i}"));
        } else if dynamic {
            s.push_str(", dynamically linked");
        } else if phoff.is_some_and(|o| o > 0) {
            s.push_str(", statically linked");
        }
    }
    Some(Kind::new(s, mime, Some("binary")))
}

/// An ELF header cut short: what libmagic says of the fields that are there.
fn elf_cut(d: &[u8]) -> Kind {
    let mut s = String::from("ELF");
    if let Some(&class) = d.get(4) {
        s.push_str(if class == 2 { " 64-bit" } else { " 32-bit" });
    }
    let le = d.get(5) == Some(&1);
    if d.len() > 5 {
        s.push_str(if le { " LSB" } else { " MSB" });
    }
    let etype = d.get(16..18).map(|b| {
        let b = [b[0], b[1]];
        if le {
            u16::from_le_bytes(b)
        } else {
            u16::from_be_bytes(b)
        }
    });
    let (tname, mime) = match etype {
        Some(1) => (" relocatable,", "application/x-object"),
        Some(2) => (" executable,", "application/x-executable"),
        Some(3) => (" shared object,", "application/x-sharedlib"),
        Some(4) => (" core file,", "application/x-coredump"),
        Some(_) => (" unknown type,", "application/octet-stream"),
        None => ("", "application/octet-stream"),
    };
    s.push_str(tname);
    if d.len() >= 8 {
        s.push_str(" (SYSV)");
    }
    Kind::new(s, mime, Some("binary"))
}

/// What a `#!` line names: (description, MIME type).
fn script(first: &str) -> Option<(String, &'static str)> {
    let rest = first.strip_prefix("#!")?.trim();
    let mut words = rest.split_whitespace();
    let mut prog = words.next()?;
    if prog.ends_with("/env") {
        prog = words.find(|w| !w.starts_with('-'))?;
    }
    let base = prog.rsplit('/').next().unwrap_or(prog);
    let known = |b: &str| -> Option<(&'static str, &'static str)> {
        Some(match b {
            "sh" => ("POSIX shell script", "text/x-shellscript"),
            "bash" => ("Bourne-Again shell script", "text/x-shellscript"),
            "zsh" => ("Paul Falstad's zsh script", "text/x-shellscript"),
            "dash" | "ksh" => ("Korn shell script", "text/x-shellscript"),
            "awk" | "gawk" | "mawk" => ("awk script", "text/x-awk"),
            "ruby" => ("Ruby script", "text/x-ruby"),
            "perl" => ("Perl script text", "text/x-perl"),
            "node" | "nodejs" => ("Node.js script", "application/javascript"),
            _ if b.starts_with("python") => ("Python script", "text/x-script.python"),
            _ => return None,
        })
    };
    match known(base) {
        Some((d, m)) => Some((d.to_string(), m)),
        None => Some((format!("a {prog} script"), "text/plain")),
    }
}

/// libmagic's is_csv: more than two lines (ten are enough) with the same number of commas,
/// at least one; a quoted field ("…", with "" inside) hides its commas and newlines.
fn is_csv(text: &[u8]) -> bool {
    const LINES: usize = 10;
    let (mut fields, mut first, mut lines) = (0usize, 0usize, 0usize);
    let mut i = 0;
    while i < text.len() {
        let c = text[i];
        i += 1;
        match c {
            b'"' => {
                // Up to the first character after the closing quote ("" is an escaped quote).
                let mut open = false;
                while i < text.len() {
                    match (text[i], open) {
                        (b'"', false) => open = true,
                        (b'"', true) => open = false,
                        (_, true) => break,
                        _ => {}
                    }
                    i += 1;
                }
            }
            b',' => fields += 1,
            b'\n' => {
                lines += 1;
                if lines == LINES {
                    return first != 0 && first == fields;
                }
                if first == 0 {
                    if fields == 0 {
                        return false;
                    }
                    first = fields;
                } else if first != fields {
                    return false;
                }
                fields = 0;
            }
            _ => {}
        }
    }
    first != 0 && lines > 2
}

/// libmagic's is_json: an object or array (or several, one per line: NDJSON).
fn json_kind(text: &[u8]) -> Option<(&'static str, &'static str)> {
    let t = text.trim_ascii();
    if !(t.starts_with(b"{") || t.starts_with(b"[")) {
        return None;
    }
    if serde_json::from_slice::<serde_json::Value>(t).is_ok() {
        return Some(("JSON text data", "application/json"));
    }
    let mut lines = 0;
    for line in t.split(|&b| b == b'\n') {
        let l = line.trim_ascii();
        if l.is_empty() {
            continue;
        }
        match serde_json::from_slice::<serde_json::Value>(l) {
            Ok(v) if v.is_object() || v.is_array() => lines += 1,
            _ => return None,
        }
    }
    (lines > 1).then_some(("New Line Delimited JSON text data", "application/x-ndjson"))
}

fn classify_data(d: &[u8], full_len: u64, last4: Option<u32>) -> Kind {
    if full_len == 0 {
        return Kind::new("empty", "inode/x-empty", Some("binary"));
    }
    if full_len == 1 {
        return Kind::new(
            "very short file (no magic)",
            "application/octet-stream",
            Some("binary"),
        );
    }
    let enc = encoding(d);
    let charset = enc.as_ref().map_or("binary", |e| e.1);
    if let Some(k) = gzip(d, full_len, last4)
        .or_else(|| zip(d))
        .or_else(|| png(d))
        .or_else(|| jpeg(d, charset))
        .or_else(|| pdf(d, charset))
        .or_else(|| bzip2(d, charset))
        .or_else(|| xz(d))
        .or_else(|| gif(d, charset))
        .or_else(|| elf(d))
        .or_else(|| tar(d))
    {
        return k;
    }
    let Some((desc, charset, chars)) = enc else {
        return Kind::new("data", "application/octet-stream", Some("binary"));
    };
    let rem = remarks(&chars);
    let first_line: String =
        String::from_utf8_lossy(d.split(|&b| b == b'\n').next().unwrap_or(b""))
            .trim_end_matches('\r')
            .to_string();
    if let Some((what, mime)) = script(&first_line) {
        let desc = if what == "Perl script text" {
            format!("{what} executable{rem}")
        } else if what == "Node.js script" {
            format!("{what} executable, {desc}{rem}")
        } else {
            format!("{what}, {desc} executable{rem}")
        };
        return Kind::new(desc, mime, Some(charset));
    }
    if let Some((what, mime)) = json_kind(d) {
        return Kind::new(what, mime, Some(charset));
    }
    if is_csv(d) {
        return Kind::new("CSV text", "text/csv", Some(charset));
    }
    let lower: String = String::from_utf8_lossy(&d[..d.len().min(512)])
        .trim_start()
        .to_ascii_lowercase();
    if lower.starts_with("<!doctype html")
        || lower.starts_with("<html")
        || lower.starts_with("<head")
    {
        return Kind::new(
            format!("HTML document, {desc}{rem}"),
            "text/html",
            Some(charset),
        );
    }
    if let Some(rest) = lower.strip_prefix("<?xml version=\"") {
        let v: String = rest.chars().take_while(|c| *c != '"').collect();
        return Kind::new(
            format!("XML {v} document, {desc}{rem}"),
            "text/xml",
            Some(charset),
        );
    }
    Kind::new(format!("{desc}{rem}"), "text/plain", Some(charset))
}

struct Cfg {
    follow: bool,
    special: bool,
}

fn classify(ctx: &mut dyn ToolCtx, name: &str, c: &Cfg) -> Kind {
    if name == "-" {
        let mut data = Vec::new();
        let mut src = util::Source::Stdin;
        let mut buf = vec![0u8; util::CHUNK];
        while (data.len() as u64) < EXAMINE {
            match util::read_chunk(ctx, &mut src, &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => data.extend_from_slice(&buf[..n]),
            }
        }
        let len = data.len() as u64;
        let last4 = data.len().checked_sub(4).and_then(|i| u32le(&data, i));
        return classify_data(&data, len, last4);
    }
    let abs = ctx.resolve_path(name);
    let be = ctx.backend().clone();
    let meta = match be.lstat(&abs) {
        Ok(m) => m,
        Err(e) => {
            return Kind::new(format!("cannot open `{name}' ({e})"), "", None);
        }
    };
    let meta = if meta.is_symlink() && c.follow {
        match be.stat(&abs) {
            Ok(m) => m,
            Err(_) => meta,
        }
    } else {
        meta
    };
    match meta.file_type {
        FileType::Dir => return Kind::new("directory", "inode/directory", Some("binary")),
        FileType::Symlink => {
            let target = be
                .read_link(&abs)
                .map(|t| t.to_string_lossy().into_owned())
                .unwrap_or_default();
            return if be.stat(&abs).is_ok() {
                Kind::new(
                    format!("symbolic link to {target}"),
                    "inode/symlink",
                    Some("binary"),
                )
            } else {
                Kind::new(
                    format!("broken symbolic link to {target}"),
                    "inode/symlink",
                    None,
                )
            };
        }
        FileType::CharDevice if !c.special => {
            let (maj, min) = fsutil::rdev(&abs, &meta);
            return Kind::new(
                format!("character special ({maj}/{min})"),
                "inode/chardevice",
                Some("binary"),
            );
        }
        FileType::Fifo => return Kind::new("fifo (named pipe)", "inode/fifo", Some("binary")),
        _ => {}
    }
    let data = match be.read(&abs, Some(0..EXAMINE)) {
        Ok(d) => d,
        Err(e) => return Kind::new(format!("cannot open `{name}' ({e})"), "", None),
    };
    let full_len = if meta.file_type == FileType::CharDevice {
        data.len() as u64
    } else {
        meta.size
    };
    let last4 = if full_len >= 4 {
        be.read(&abs, Some(full_len - 4..full_len))
            .ok()
            .and_then(|t| u32le(&t, 0))
    } else {
        None
    };
    classify_data(&data, full_len, last4)
}

fn file_path(ctx: &dyn ToolCtx, name: &str) -> bool {
    name == "-"
        || ctx
            .backend()
            .lstat(Path::new(&*ctx.resolve_path(name)))
            .is_ok()
}

impl ParsedCommand for File {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        if p.has(opt!(SPEC, "z")) {
            util::err(
                ctx,
                "file",
                "-z (looking inside compressed files) is not supported",
            );
            return 1;
        }
        if p.operands.is_empty() {
            let _ = writeln!(
                ctx.stderr(),
                "Usage: file [-bcCdEhikLlNnprsSvzZ0] [--apple] [--extension] [--mime-encoding]\n            [--mime-type] [-e <testname>] [-F <separator>]  [-f <namefile>]\n            [-m <magicfiles>] [-P <parameter=value>] [--exclude-quiet]\n            <file> ...\n       file -C [-m <magicfiles>]\n       file [--help]"
            );
            return 1;
        }
        let mut follow = false;
        for (i, _) in &p.opts {
            match SPEC.options[*i].short {
                Some('L') => follow = true,
                Some('h') => follow = false,
                _ => {}
            }
        }
        let c = Cfg {
            follow,
            special: p.has(opt!(SPEC, "s")),
        };
        let brief = p.has(opt!(SPEC, "b"));
        let mime_full = p.has(opt!(SPEC, "i"));
        let mime_type = p.has(opt!(SPEC, "mime-type"));
        let mime_enc = p.has(opt!(SPEC, "mime-encoding"));
        let pad = !p.has(opt!(SPEC, "N"));
        let print0 = p.has(opt!(SPEC, "0"));
        let strict = p.has(opt!(SPEC, "E"));
        let sep = p
            .value(opt!(SPEC, "F"))
            .map_or_else(|| ":".to_string(), |v| util::lossy(v));
        let names: Vec<String> = p
            .operands
            .iter()
            .map(|o| {
                if o == b"-" {
                    "/dev/stdin".to_string()
                } else {
                    util::lossy(o)
                }
            })
            .collect();
        let width = names.iter().map(|n| n.chars().count()).max().unwrap_or(0);
        let mut out = Vec::new();
        let mut status = 0;
        for (op, shown) in p.operands.iter().zip(&names) {
            if ctx.is_cancelled() {
                return 130;
            }
            let name = util::lossy(op);
            if strict && !file_path(ctx, &name) {
                let _ = util::out(ctx, &out);
                out.clear();
                util::err(
                    ctx,
                    "file",
                    &format!("cannot open `{name}' (No such file or directory)"),
                );
                status = 1;
                continue;
            }
            let k = classify(ctx, &name, &c);
            let text = if k.mime.is_empty() {
                k.desc.clone()
            } else if mime_type && !mime_full {
                k.mime.clone()
            } else if mime_enc && !mime_full {
                k.charset.clone().unwrap_or_else(|| "binary".into())
            } else if mime_full || (mime_type && mime_enc) {
                match &k.charset {
                    Some(cs) => format!("{}; charset={cs}", k.mime),
                    None => k.mime.clone(),
                }
            } else {
                k.desc.clone()
            };
            if !brief {
                out.extend_from_slice(shown.as_bytes());
                if print0 {
                    out.push(0);
                } else {
                    out.extend_from_slice(sep.as_bytes());
                }
                let fill = if pad {
                    width - shown.chars().count()
                } else {
                    0
                };
                out.extend(std::iter::repeat_n(b' ', fill + 1));
            }
            out.extend_from_slice(text.as_bytes());
            out.push(b'\n');
        }
        util::emit(ctx, &out, status)
    }
}

#[cfg(test)]
mod tests {
    use super::{File, classify_data};
    use crate::testing::{TestCtx, run};
    use std::path::Path;

    fn desc(d: &[u8]) -> String {
        let last4 = d.len().checked_sub(4).and_then(|i| super::u32le(d, i));
        classify_data(d, d.len() as u64, last4).desc
    }

    #[test]
    fn text() {
        assert_eq!(desc(b"hello\n"), "ASCII text");
        assert_eq!(desc("h\u{e9}llo\n".as_bytes()), "Unicode text, UTF-8 text");
        assert_eq!(
            desc(b"a\r\nb\r\n"),
            "ASCII text, with CRLF line terminators"
        );
        assert_eq!(
            desc(b"a\r\nb\nc\rd"),
            "ASCII text, with CRLF, CR, LF line terminators"
        );
        assert_eq!(desc(b"no newline"), "ASCII text, with no line terminators");
        assert_eq!(desc(b"\xe9t\xe9\n"), "ISO-8859 text");
        assert_eq!(desc(b"\x80\x81abc\n"), "Non-ISO extended-ASCII text");
        assert_eq!(desc(b"a\x1b[0m\n"), "ASCII text, with escape sequences");
        assert_eq!(desc(b"a\x08b\n"), "ASCII text, with overstriking");
        assert_eq!(desc(b"line\n\x00"), "data");
        assert_eq!(desc(b""), "empty");
        assert_eq!(desc(b"x"), "very short file (no magic)");
        let long = format!("{}\n", "x".repeat(301));
        assert_eq!(
            desc(long.as_bytes()),
            "ASCII text, with very long lines (301)"
        );
        assert_eq!(
            desc(b"\xef\xbb\xbfhi\n"),
            "Unicode text, UTF-8 (with BOM) text"
        );
    }

    #[test]
    fn csv_as_libmagic_finds_it() {
        // file 5.44 on each input.
        for (d, want) in [
            (&b"a,b\n1,2\n3,4\n5,6\n"[..], "CSV text"),
            (b"a,b\r\n1,2\r\n3,4\r\n", "CSV text"),
            ("\u{e9},b\n1,2\n3,4\n".as_bytes(), "CSV text"),
            (b"\"a\nb\",c\n1,2\n3,4\n", "CSV text"),
            (b"a,b\n1,2\n", "ASCII text"),
            (b"a,b\n1,2,3\n4,5\n", "ASCII text"),
            (b"a;b\n1;2\n3;4\n", "ASCII text"),
            (b"a,b\n1,2\n3,4", "ASCII text"),
            (b"a,b\n1,2\n3,4\n\n", "ASCII text"),
        ] {
            assert_eq!(desc(d), want, "{:?}", String::from_utf8_lossy(d));
        }
    }

    #[test]
    fn formats() {
        assert_eq!(desc(b"{\"a\": 1}\n"), "JSON text data");
        assert_eq!(
            desc(b"{\"a\":1}\n{\"b\":2}\n"),
            "New Line Delimited JSON text data"
        );
        assert_eq!(desc(b"\"str\""), "ASCII text, with no line terminators");
        assert_eq!(
            desc(b"#!/bin/sh\necho\n"),
            "POSIX shell script, ASCII text executable"
        );
        assert_eq!(
            desc(b"#!/usr/bin/env python3\nprint(1)\n"),
            "Python script, ASCII text executable"
        );
        assert_eq!(desc(b"%PDF-1.4\n%\xe2\xe3\n"), "PDF document, version 1.4");
        assert_eq!(
            desc(b"\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR\x00\x00\x01\x00\x00\x00\x00\x80\x08\x06\x00\x00\x00"),
            "PNG image data, 256 x 128, 8-bit/color RGBA, non-interlaced"
        );
        assert_eq!(
            desc(b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"),
            "JPEG image data, JFIF standard 1.01, aspect ratio, density 1x1, segment length 16"
        );
        assert_eq!(
            desc(b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\xcb\xc8\xe4\x02\x00\x7a\x7a\x6f\xed\x03\x00\x00\x00"),
            "gzip compressed data, from Unix, original size modulo 2^32 3"
        );
        assert_eq!(
            desc(b"<!DOCTYPE html>\n<html>\n"),
            "HTML document, ASCII text"
        );
    }

    #[test]
    fn names_and_mime() {
        let mut c = TestCtx::new().file("ascii", b"hi\n").file("e", b"");
        let _ = c.backend.mkdir(Path::new("/home/user/dir"), 0o755, false);
        let _ = c
            .backend
            .symlink(Path::new("ascii"), Path::new("/home/user/link"));
        let _ = c
            .backend
            .symlink(Path::new("nothere"), Path::new("/home/user/dang"));
        assert_eq!(
            run(
                &File,
                &["ascii", "dir", "link", "dang", "e", "nope"],
                &mut c
            ),
            0
        );
        assert_eq!(
            c.out_str(),
            "ascii: ASCII text\ndir:   directory\nlink:  symbolic link to ascii\ndang:  broken symbolic link to nothere\ne:     empty\nnope:  cannot open `nope' (No such file or directory)\n"
        );
        c.out.clear();
        run(&File, &["-i", "ascii", "dang", "dir"], &mut c);
        assert_eq!(
            c.out_str(),
            "ascii: text/plain; charset=us-ascii\ndang:  inode/symlink\ndir:   inode/directory; charset=binary\n"
        );
        c.out.clear();
        run(&File, &["-b", "--mime-type", "-L", "link"], &mut c);
        assert_eq!(c.out_str(), "text/plain\n");
        c.out.clear();
        run(&File, &["/dev/null"], &mut c);
        assert_eq!(c.out_str(), "/dev/null: character special (1/3)\n");
    }
}
