//! The order of `file`'s checks, as libmagic runs them: what the file system says (directory,
//! link, device, fifo), then the bytes: empty, magic numbers, text formats, the encoding.
//! Reads at most [`EXAMINE`] bytes of a file (and its last four, for gzip's size).

use std::path::Path;

use sandsh_api::ToolCtx;
use sandsh_api::fs::FileType;

use super::Kind;
use super::elf::elf;
use super::encoding::{encoding, remarks};
use super::magic::{bzip2, gif, gzip, jpeg, pdf, png, tar, u32le, xz, zip};
use super::text_formats::{is_csv, json_kind, script};
use crate::common::{devices, input};

/// How much of a file is examined.
const EXAMINE: u64 = 1 << 20;

pub(super) fn classify_data(d: &[u8], full_len: u64, last4: Option<u32>) -> Kind {
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

pub(super) struct Cfg {
    pub(super) follow: bool,
    pub(super) special: bool,
}

pub(super) fn classify(ctx: &mut dyn ToolCtx, name: &str, c: &Cfg) -> Kind {
    if name == "-" {
        let mut data = Vec::new();
        let mut src = input::Source::Stdin;
        let mut buf = vec![0u8; input::CHUNK];
        while (data.len() as u64) < EXAMINE {
            match input::read_chunk(ctx, &mut src, &mut buf) {
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
            let (maj, min) = devices::rdev(&abs, &meta);
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

pub(super) fn file_path(ctx: &dyn ToolCtx, name: &str) -> bool {
    name == "-"
        || ctx
            .backend()
            .lstat(Path::new(&*ctx.resolve_path(name)))
            .is_ok()
}
