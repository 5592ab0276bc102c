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
//!
//! This file holds the command and the [`Kind`] every check answers with; the checks live
//! beside it: the order they run in ([`classify`]), binary formats by their magic numbers
//! ([`magic`], [`elf`]), text formats ([`text_formats`]) and the encoding analysis
//! ([`encoding`]).

use sandsh_api::OptSpec;
use sandsh_api::opt;

use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, ParsedArgs, ParsedCommand, RiskLevel,
    ToolCtx,
};

use crate::common::{diag, output};

mod classify;
mod elf;
mod encoding;
mod magic;
mod text_formats;

use classify::{Cfg, classify, file_path};

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

impl ParsedCommand for File {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        if p.has(opt!(SPEC, "z")) {
            diag::err(
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
            .map_or_else(|| ":".to_string(), |v| diag::lossy(v));
        let names: Vec<String> = p
            .operands
            .iter()
            .map(|o| {
                if o == b"-" {
                    "/dev/stdin".to_string()
                } else {
                    diag::lossy(o)
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
            let name = diag::lossy(op);
            if strict && !file_path(ctx, &name) {
                let _ = output::out(ctx, &out);
                out.clear();
                diag::err(
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
        output::emit(ctx, &out, status)
    }
}

#[cfg(test)]
mod tests {
    use super::File;
    use super::classify::classify_data;
    use super::magic::u32le;
    use crate::common::testing::{TestCtx, run};
    use std::path::Path;

    fn desc(d: &[u8]) -> String {
        let last4 = d.len().checked_sub(4).and_then(|i| u32le(d, i));
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
