//! `gzip`/`gunzip`/`zcat`, `bzip2`/`bunzip2`/`bzcat` and `xz`/`unxz`/`xzcat`.
//!
//! One engine drives the three formats (their options and flows are the same: compress or
//! decompress each FILE in place, or standard input to standard output); what differs is the
//! codec and GNU's wording of each message, which [`Fmt`] carries. Data streams through the
//! codecs a chunk at a time (`gzip -c big` never holds `big` in memory); the codecs' own state
//! is charged to the session's memory budget, and what they produce is bounded by the VFS
//! limits (a decompression bomb stops with "No space left on device" / "File too large", and
//! its partial output is removed). Formats are real: gzip (RFC 1952) written by
//! `sandsh-deflate`, whose bytes are GNU gzip 1.12's at every level, and read by `flate2`
//! (members concatenated as GNU reads them), `bzip2` (libbz2-rs) and `lzma-rust2` (the .xz
//! container).
//!
//! This file holds the formats, the parsed options and the command's run; beside it are the
//! nine commands' specs ([`specs`]), the codecs ([`codec`], [`bz_writer`]), standard input and
//! output ([`stream`]), files in place ([`files`]) and `gzip -l` ([`list`]).

use sandsh_api::{Arg, Command, CommandSpec, ExitStatus, ToolCtx};

use super::io::{Shared, check};
use crate::common::{diag, input};

mod bz_writer;
mod codec;
mod files;
mod list;
mod specs;
mod stream;

pub use bz_writer::BzWriter;
use codec::codec_memory;
use files::one_path;
use list::list;
pub use specs::{BUNZIP2, BZCAT, BZIP2, GUNZIP, GZIP, UNXZ, XZ, XZCAT, ZCAT};
use stream::one_stream;

/// The three compressed formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fmt {
    Gzip,
    Bzip2,
    Xz,
}

/// What a command does without `-d`/`-z`/`-c`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Compress,
    Decompress,
    Cat,
}

/// One of the nine commands.
pub struct Codec {
    spec: &'static CommandSpec,
    fmt: Fmt,
    role: Role,
}

impl Codec {
    const fn new(spec: &'static CommandSpec, fmt: Fmt, role: Role) -> Codec {
        Codec { spec, fmt, role }
    }
}

impl Fmt {
    fn prog(self) -> &'static str {
        match self {
            Fmt::Gzip => "gzip",
            Fmt::Bzip2 => "bzip2",
            Fmt::Xz => "xz",
        }
    }

    fn suffix(self) -> &'static str {
        match self {
            Fmt::Gzip => ".gz",
            Fmt::Bzip2 => ".bz2",
            Fmt::Xz => ".xz",
        }
    }

    fn stdin_name(self) -> &'static str {
        match self {
            Fmt::Gzip => "stdin",
            _ => "(stdin)",
        }
    }

    fn magic(self) -> &'static [u8] {
        match self {
            Fmt::Gzip => &[0x1f, 0x8b],
            Fmt::Bzip2 => b"BZh",
            Fmt::Xz => &[0xfd, b'7', b'z', b'X', b'Z', 0],
        }
    }

    /// Suffixes a decompressor strips, with what replaces them.
    fn known_suffixes(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Fmt::Gzip => &[
                (".gz", ""),
                (".z", ""),
                ("-gz", ""),
                ("-z", ""),
                ("_z", ""),
                (".tgz", ".tar"),
                (".taz", ".tar"),
            ],
            Fmt::Bzip2 => &[
                (".bz2", ""),
                (".bz", ""),
                (".tbz2", ".tar"),
                (".tbz", ".tar"),
            ],
            Fmt::Xz => &[(".xz", ""), (".txz", ".tar")],
        }
    }

    fn default_level(self) -> u32 {
        match self {
            Fmt::Bzip2 => 9,
            _ => 6,
        }
    }

    /// Exit statuses combine as each tool does: an error (1) dominates a warning (2) in gzip
    /// and xz; bzip2 keeps the largest.
    fn combine(self, cur: i32, new: i32) -> i32 {
        if self != Fmt::Bzip2 && (cur == 1 || new == 1) {
            1
        } else {
            cur.max(new)
        }
    }
}

/// Parsed options.
struct Opts {
    fmt: Fmt,
    decompress: bool,
    stdout: bool,
    keep: bool,
    force: bool,
    list: bool,
    recursive: bool,
    test: bool,
    quiet: bool,
    no_name: bool,
    level: u32,
    suffix: String,
}

impl Command for Codec {
    fn spec(&self) -> &CommandSpec {
        self.spec
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let spec = self.spec;
        let p = match diag::parse_or_usage(spec, args, ctx, 1) {
            Ok(p) => p,
            Err(s) => return s,
        };
        let mut o = Opts {
            fmt: self.fmt,
            decompress: self.role != Role::Compress,
            stdout: self.role == Role::Cat,
            keep: false,
            force: false,
            list: false,
            recursive: false,
            test: false,
            quiet: false,
            no_name: false,
            level: self.fmt.default_level(),
            suffix: self.fmt.suffix().to_string(),
        };
        for (i, v) in &p.opts {
            let Some(c) = spec.options[*i].short else {
                continue;
            };
            match c {
                'c' => o.stdout = true,
                'd' => o.decompress = true,
                'z' => o.decompress = false,
                'f' => o.force = true,
                'k' => o.keep = true,
                'l' => o.list = true,
                'n' => o.no_name = true,
                'N' => o.no_name = false,
                'q' => o.quiet = true,
                'r' => o.recursive = true,
                't' => o.test = true,
                'S' => o.suffix = diag::lossy(v.as_deref().unwrap_or_default()),
                d @ '0'..='9' => o.level = d as u32 - '0' as u32,
                _ => {}
            }
        }
        if o.fmt == Fmt::Gzip && o.level == 0 {
            o.level = 1;
        }
        if o.suffix.is_empty() || o.suffix.contains('/') {
            diag::err(ctx, o.fmt.prog(), &format!("invalid suffix '{}'", o.suffix));
            return 1;
        }
        if o.test {
            o.decompress = true;
        }
        let mut charge = ctx.memory().charge();
        if let Err(e) = charge.add(codec_memory(o.fmt, o.decompress, o.level)) {
            diag::err(ctx, o.fmt.prog(), &e.to_string());
            return 1;
        }
        let files = input::files_or_stdin(p.operands);
        let sh: Shared<'_> = std::cell::RefCell::new(ctx);
        if o.list {
            return list(&sh, &o, &files);
        }
        let mut status = 0;
        for f in &files {
            if check(&sh).is_err() {
                return 130;
            }
            let s = if f == b"-" {
                one_stream(&sh, &o, None)
            } else {
                one_path(&sh, &o, &diag::lossy(f), 0)
            };
            status = o.fmt.combine(status, s);
        }
        status
    }
}

/// Whether `path` exists (for tests of in-place behaviour).
#[cfg(test)]
fn exists(ctx: &dyn ToolCtx, path: &str) -> bool {
    ctx.backend().lstat(std::path::Path::new(path)).is_ok()
}

#[cfg(test)]
mod tests {
    use super::list::ratio;
    use super::*;
    use crate::common::testing::{TestCtx, run};

    #[test]
    fn gzip_round_trip_in_place() {
        let mut ctx = TestCtx::new().file("f", b"hello\n");
        assert_eq!(run(&GZIP, &["f"], &mut ctx), 0);
        assert!(!ctx.exists("f"));
        let gz = ctx.read("f.gz").unwrap_or_default();
        assert_eq!(&gz[..2], &[0x1f, 0x8b]);
        assert_eq!(run(&GUNZIP, &["f.gz"], &mut ctx), 0);
        assert_eq!(ctx.read("f").unwrap_or_default(), b"hello\n");
        assert!(!exists(&ctx, "/home/user/f.gz"));
    }

    #[test]
    fn all_formats_pipe() {
        for (c, d) in [(&GZIP, &ZCAT), (&BZIP2, &BZCAT), (&XZ, &XZCAT)] {
            let mut ctx = TestCtx::new().with_stdin(b"abc\nabc\n");
            assert_eq!(run(c, &[], &mut ctx), 0);
            let packed = std::mem::take(&mut ctx.out);
            let mut ctx = TestCtx::new().with_stdin(&packed);
            assert_eq!(run(d, &[], &mut ctx), 0, "{}", ctx.err_str());
            assert_eq!(ctx.out_str(), "abc\nabc\n");
        }
    }

    #[test]
    fn messages() {
        let mut ctx = TestCtx::new().file("a.gz", b"x").file("b", b"y");
        assert_eq!(run(&GZIP, &["a.gz"], &mut ctx), 0);
        assert_eq!(
            ctx.err_str(),
            "gzip: a.gz already has .gz suffix -- unchanged\n"
        );
        ctx.err.clear();
        assert_eq!(run(&GUNZIP, &["a.gz"], &mut ctx), 1);
        assert_eq!(ctx.err_str(), "gzip: a.gz: not in gzip format\n");
        ctx.err.clear();
        assert_eq!(run(&GUNZIP, &["b"], &mut ctx), 2);
        assert_eq!(ctx.err_str(), "gzip: b: unknown suffix -- ignored\n");
        ctx.err.clear();
        assert_eq!(run(&XZ, &["nope"], &mut ctx), 1);
        assert_eq!(ctx.err_str(), "xz: nope: No such file or directory\n");
    }

    #[test]
    fn truncated_and_garbage() {
        let mut ctx = TestCtx::new().with_stdin(b"hello\n");
        run(&GZIP, &[], &mut ctx);
        let gz = ctx.out.clone();
        let mut ctx = TestCtx::new().with_stdin(&gz[..gz.len() - 5]);
        assert_eq!(run(&ZCAT, &[], &mut ctx), 1);
        assert!(ctx.err_str().contains("unexpected end of file"));
        let mut g = gz.clone();
        g.extend_from_slice(b"junk");
        let mut ctx = TestCtx::new().with_stdin(&g);
        assert_eq!(run(&ZCAT, &[], &mut ctx), 2);
        assert_eq!(ctx.out_str(), "hello\n");
        let mut two = gz.clone();
        two.extend_from_slice(&gz);
        let mut ctx = TestCtx::new().with_stdin(&two);
        assert_eq!(run(&ZCAT, &[], &mut ctx), 0);
        assert_eq!(ctx.out_str(), "hello\nhello\n");
    }

    #[test]
    fn ratios() {
        assert_eq!(ratio(-2, 6), "-33.3%");
        assert_eq!(ratio(0, 0), "  0.0%");
        assert_eq!(ratio(99866, 100000), " 99.9%");
    }
}
