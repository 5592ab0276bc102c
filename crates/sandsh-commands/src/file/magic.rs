//! Binary formats known by their magic numbers (gzip, zip, tar, PNG, JPEG, PDF, bzip2, xz,
//! GIF), described with the header fields libmagic prints, and the little readers they share.
//! ELF, the largest, has its own file ([`super::elf`]).

use super::Kind;

fn u16le(d: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes([*d.get(at)?, *d.get(at + 1)?]))
}

pub(super) fn u32le(d: &[u8], at: usize) -> Option<u32> {
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

pub(super) fn gzip(d: &[u8], full_len: u64, last4: Option<u32>) -> Option<Kind> {
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

pub(super) fn zip(d: &[u8]) -> Option<Kind> {
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

pub(super) fn tar(d: &[u8]) -> Option<Kind> {
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

pub(super) fn png(d: &[u8]) -> Option<Kind> {
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

pub(super) fn jpeg(d: &[u8], charset: &str) -> Option<Kind> {
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

pub(super) fn pdf(d: &[u8], charset: &str) -> Option<Kind> {
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

pub(super) fn bzip2(d: &[u8], charset: &str) -> Option<Kind> {
    if !d.starts_with(b"BZh") {
        return None;
    }
    let mut s = String::from("bzip2 compressed data");
    if let Some(k @ b'1'..=b'9') = d.get(3) {
        s.push_str(&format!(", block size = {}00k", k - b'0'));
    }
    Some(Kind::new(s, "application/x-bzip2", Some(charset)))
}

pub(super) fn xz(d: &[u8]) -> Option<Kind> {
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

pub(super) fn gif(d: &[u8], charset: &str) -> Option<Kind> {
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
