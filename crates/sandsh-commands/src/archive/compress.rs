//! `gzip`/`gunzip`/`zcat`, `bzip2`/`bunzip2`/`bzcat` and `xz`/`unxz`/`xzcat`.
//!
//! One engine drives the three formats (their options and flows are the same: compress or
//! decompress each FILE in place, or standard input to standard output); what differs is the
//! codec and GNU's wording of each message, which [`Fmt`] carries. Data streams through the
//! codecs a chunk at a time (`gzip -c big` never holds `big` in memory); the codecs' own state
//! is charged to the session's memory budget, and what they produce is bounded by the VFS
//! limits (a decompression bomb stops with "No space left on device" / "File too large", and
//! its partial output is removed). Formats are real: `flate2` (gzip, RFC 1952, members
//! concatenated as GNU reads them), `bzip2` (libbz2-rs) and `lzma-rust2` (the .xz container).

use std::io::{self, BufRead, BufReader, Read, Write};
use std::time::{Duration, UNIX_EPOCH};

use sandsh_api::{
    Arg, ArgSpec, ArgType, Command, CommandSpec, Example, ExitStatus, OptSpec, RiskLevel, ToolCtx,
    is_cancelled,
};

use super::io::{In, Out, Shared, VfsFile, check, msg, warn};
use crate::util::{self, CHUNK};

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

const GZIP_OPTS: &[OptSpec] = &[
    OptSpec::new(
        "-c, --stdout",
        "write on standard output, keep original files",
    ),
    OptSpec::new("-d, --decompress", "decompress"),
    OptSpec::new(
        "-f, --force",
        "force overwrite of output file; with -dc, pass non-gzip data through",
    ),
    OptSpec::new("-k, --keep", "keep (don't delete) input files"),
    OptSpec::new("-l, --list", "list compressed file contents"),
    OptSpec::new(
        "-n, --no-name",
        "do not save the original name and timestamp",
    ),
    OptSpec::new(
        "-N, --name",
        "save the original name and timestamp (the default)",
    ),
    OptSpec::new("-q, --quiet", "suppress all warnings"),
    OptSpec::new("-r, --recursive", "operate recursively on directories"),
    OptSpec::new("-S, --suffix=SUF", "use suffix SUF on compressed files"),
    OptSpec::new("-t, --test", "test compressed file integrity"),
    OptSpec::new("-1, --fast", "compress faster"),
    OptSpec::new("-2", "compression level 2"),
    OptSpec::new("-3", "compression level 3"),
    OptSpec::new("-4", "compression level 4"),
    OptSpec::new("-5", "compression level 5"),
    OptSpec::new("-6", "compression level 6 (default)"),
    OptSpec::new("-7", "compression level 7"),
    OptSpec::new("-8", "compression level 8"),
    OptSpec::new("-9, --best", "compress better"),
];

const BZIP2_OPTS: &[OptSpec] = &[
    OptSpec::new("-c, --stdout", "output to standard out"),
    OptSpec::new("-d, --decompress", "force decompression"),
    OptSpec::new("-z, --compress", "force compression"),
    OptSpec::new("-f, --force", "overwrite existing output files"),
    OptSpec::new("-k, --keep", "keep (don't delete) input files"),
    OptSpec::new("-q, --quiet", "suppress noncritical error messages"),
    OptSpec::new("-t, --test", "test compressed file integrity"),
    OptSpec::new("-1, --fast", "100k block size"),
    OptSpec::new("-2", "200k block size"),
    OptSpec::new("-3", "300k block size"),
    OptSpec::new("-4", "400k block size"),
    OptSpec::new("-5", "500k block size"),
    OptSpec::new("-6", "600k block size"),
    OptSpec::new("-7", "700k block size"),
    OptSpec::new("-8", "800k block size"),
    OptSpec::new("-9, --best", "900k block size (default)"),
];

const XZ_OPTS: &[OptSpec] = &[
    OptSpec::new(
        "-c, --stdout",
        "write to standard output and don't delete input files",
    ),
    OptSpec::new("-d, --decompress", "force decompression"),
    OptSpec::new("-z, --compress", "force compression"),
    OptSpec::new("-f, --force", "force overwrite of output file"),
    OptSpec::new("-k, --keep", "keep (don't delete) input files"),
    OptSpec::new("-q, --quiet", "suppress warnings"),
    OptSpec::new("-t, --test", "test compressed file integrity"),
    OptSpec::new("-T, --threads=NUM", "accepted and ignored (one thread)"),
    OptSpec::new("-0", "compression preset 0"),
    OptSpec::new("-1", "compression preset 1"),
    OptSpec::new("-2", "compression preset 2"),
    OptSpec::new("-3", "compression preset 3"),
    OptSpec::new("-4", "compression preset 4"),
    OptSpec::new("-5", "compression preset 5"),
    OptSpec::new("-6", "compression preset 6 (default)"),
    OptSpec::new("-7", "compression preset 7"),
    OptSpec::new("-8", "compression preset 8"),
    OptSpec::new("-9", "compression preset 9"),
];

const FILES: &[ArgSpec] = &[ArgSpec::optional(
    "FILE",
    ArgType::Path,
    "files to (de)compress in place (standard input to standard output when none)",
)
.repeated()];

const ERRORS: &str = "exit 1 on a missing or unreadable file, bad data or a full filesystem (the partial output is removed); 2 for warnings (gzip/xz: output exists, unknown suffix, trailing garbage) and for corrupt data in bzip2";

const fn spec(
    name: &'static str,
    summary: &'static str,
    usage: &'static str,
    description: &'static str,
    options: &'static [OptSpec],
    examples: &'static [Example],
    risk: RiskLevel,
) -> CommandSpec {
    CommandSpec {
        name,
        group: "archive",
        summary,
        usage,
        description,
        options,
        operands: FILES,
        returns: "compressed or decompressed data in FILE.SUF / FILE, or on standard output",
        examples,
        errors: ERRORS,
        risk,
    }
}

static GZIP_SPEC: CommandSpec = spec(
    "gzip",
    "compress or expand files (gzip format)",
    "gzip [OPTION]... [FILE]...",
    "Compress each FILE into FILE.gz (removing FILE unless -k or -c), or with -d expand FILE.gz back. With no FILE, or when FILE is -, read standard input and write standard output. The gzip format is RFC 1952 and opens with GNU gzip; concatenated members are read as one stream. -l lists sizes and ratios as GNU gzip -l does. The original name and time are stored when compressing; decompression keeps the name without its suffix and the .gz file's time.",
    GZIP_OPTS,
    &[
        Example {
            description: "round trip through a pipe",
            script: "echo hello | gzip | gzip -d",
            stdout: "hello\n",
        },
        Example {
            description: "compress a file in place, then read it back",
            script: "printf 'aaaaaaaaaa\\n' > f; gzip f; ls f*; zcat f.gz",
            stdout: "f.gz\naaaaaaaaaa\n",
        },
    ],
    RiskLevel::MediumRisk,
);

static GUNZIP_SPEC: CommandSpec = spec(
    "gunzip",
    "expand gzip files",
    "gunzip [OPTION]... [FILE]...",
    "Same as gzip -d: expand each FILE.gz (.z, .tgz -> .tar, …) in place, or standard input to standard output.",
    GZIP_OPTS,
    &[Example {
        description: "expand a file",
        script: "echo hi > f; gzip f; gunzip f.gz; cat f",
        stdout: "hi\n",
    }],
    RiskLevel::MediumRisk,
);

static ZCAT_SPEC: CommandSpec = spec(
    "zcat",
    "expand gzip files to standard output",
    "zcat [OPTION]... [FILE]...",
    "Same as gzip -dc: write the expanded contents of each FILE (or standard input) to standard output. With -f, data that is not gzip passes through unchanged.",
    GZIP_OPTS,
    &[Example {
        description: "read a compressed file",
        script: "echo hi | gzip > f.gz; zcat f.gz",
        stdout: "hi\n",
    }],
    RiskLevel::ReadOnly,
);

static BZIP2_SPEC: CommandSpec = spec(
    "bzip2",
    "a block-sorting file compressor",
    "bzip2 [OPTION]... [FILE]...",
    "Compress each FILE into FILE.bz2 (removing FILE unless -k or -c), or with -d expand it back. With no FILE, read standard input and write standard output. The format is bzip2's and opens with the bzip2 tool; -1..-9 choose the block size.",
    BZIP2_OPTS,
    &[Example {
        description: "round trip through a pipe",
        script: "echo hello | bzip2 | bzip2 -d",
        stdout: "hello\n",
    }],
    RiskLevel::MediumRisk,
);

static BUNZIP2_SPEC: CommandSpec = spec(
    "bunzip2",
    "expand bzip2 files",
    "bunzip2 [OPTION]... [FILE]...",
    "Same as bzip2 -d: expand each FILE.bz2 (.bz, .tbz2 -> .tar, …) in place, or standard input to standard output.",
    BZIP2_OPTS,
    &[Example {
        description: "expand a file",
        script: "echo hi > f; bzip2 f; bunzip2 f.bz2; cat f",
        stdout: "hi\n",
    }],
    RiskLevel::MediumRisk,
);

static BZCAT_SPEC: CommandSpec = spec(
    "bzcat",
    "expand bzip2 files to standard output",
    "bzcat [OPTION]... [FILE]...",
    "Same as bzip2 -dc: write the expanded contents of each FILE (or standard input) to standard output.",
    BZIP2_OPTS,
    &[Example {
        description: "read a compressed file",
        script: "echo hi | bzip2 > f.bz2; bzcat f.bz2",
        stdout: "hi\n",
    }],
    RiskLevel::ReadOnly,
);

static XZ_SPEC: CommandSpec = spec(
    "xz",
    "compress or decompress .xz files",
    "xz [OPTION]... [FILE]...",
    "Compress each FILE into FILE.xz (removing FILE unless -k or -c), or with -d expand it back. With no FILE, read standard input and write standard output. The .xz container (LZMA2, CRC64) opens with xz-utils; -0..-9 choose the preset. Concatenated streams are read as one.",
    XZ_OPTS,
    &[Example {
        description: "round trip through a pipe",
        script: "echo hello | xz | xz -d",
        stdout: "hello\n",
    }],
    RiskLevel::MediumRisk,
);

static UNXZ_SPEC: CommandSpec = spec(
    "unxz",
    "expand .xz files",
    "unxz [OPTION]... [FILE]...",
    "Same as xz -d: expand each FILE.xz (.txz -> .tar) in place, or standard input to standard output.",
    XZ_OPTS,
    &[Example {
        description: "expand a file",
        script: "echo hi > f; xz f; unxz f.xz; cat f",
        stdout: "hi\n",
    }],
    RiskLevel::MediumRisk,
);

static XZCAT_SPEC: CommandSpec = spec(
    "xzcat",
    "expand .xz files to standard output",
    "xzcat [OPTION]... [FILE]...",
    "Same as xz -dc: write the expanded contents of each FILE (or standard input) to standard output.",
    XZ_OPTS,
    &[Example {
        description: "read a compressed file",
        script: "echo hi | xz > f.xz; xzcat f.xz",
        stdout: "hi\n",
    }],
    RiskLevel::ReadOnly,
);

pub const GZIP: Codec = Codec::new(&GZIP_SPEC, Fmt::Gzip, Role::Compress);
pub const GUNZIP: Codec = Codec::new(&GUNZIP_SPEC, Fmt::Gzip, Role::Decompress);
pub const ZCAT: Codec = Codec::new(&ZCAT_SPEC, Fmt::Gzip, Role::Cat);
pub const BZIP2: Codec = Codec::new(&BZIP2_SPEC, Fmt::Bzip2, Role::Compress);
pub const BUNZIP2: Codec = Codec::new(&BUNZIP2_SPEC, Fmt::Bzip2, Role::Decompress);
pub const BZCAT: Codec = Codec::new(&BZCAT_SPEC, Fmt::Bzip2, Role::Cat);
pub const XZ: Codec = Codec::new(&XZ_SPEC, Fmt::Xz, Role::Compress);
pub const UNXZ: Codec = Codec::new(&UNXZ_SPEC, Fmt::Xz, Role::Decompress);
pub const XZCAT: Codec = Codec::new(&XZCAT_SPEC, Fmt::Xz, Role::Cat);

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

/// Why decoding stopped.
enum DecodeError {
    /// The input does not start with the format's magic.
    NotFormat,
    /// The input ended inside the compressed data.
    Truncated,
    /// The data is corrupt (GNU's wording of the reason).
    Corrupt(String),
    /// Writing the output failed (full VFS, broken pipe, cancellation).
    Write(io::Error),
    /// Reading the input failed.
    Read(io::Error),
}

/// Memory the codec state takes, charged to the session's budget while it runs (estimates
/// after the tools' own documentation: xz's presets table, bzip2's 400k + 8 x block size).
fn codec_memory(fmt: Fmt, decompress: bool, level: u32) -> usize {
    const MIB: usize = 1 << 20;
    match (fmt, decompress) {
        (Fmt::Gzip, _) => MIB / 2,
        (Fmt::Bzip2, false) => 400 * 1024 + 8 * 100 * 1024 * level as usize,
        (Fmt::Bzip2, true) => 400 * 1024 + 4 * 100 * 1024 * level as usize,
        (Fmt::Xz, false) => [3, 9, 17, 32, 48, 94, 94, 186, 370, 674][level.min(9) as usize] * MIB,
        (Fmt::Xz, true) => XZ_DECODE_MEMORY,
    }
}

/// What an .xz decoder may use (enough for every preset, -9 needs 65 MiB); a stream asking for
/// more is refused by the decoder.
const XZ_DECODE_MEMORY: usize = 72 << 20;

/// Compress `r` into `w`.
fn encode(
    sh: &Shared<'_>,
    o: &Opts,
    name: Option<&str>,
    mtime: u32,
    r: &mut dyn Read,
    w: &mut dyn Write,
) -> io::Result<()> {
    match o.fmt {
        Fmt::Gzip => {
            let mut b = flate2::GzBuilder::new().operating_system(3);
            if !o.no_name {
                if let Some(n) = name {
                    b = b.filename(util::base_name(n.as_bytes()).to_vec());
                }
                b = b.mtime(mtime);
            }
            let mut enc = b.write(w, flate2::Compression::new(o.level));
            super::io::copy(sh, r, &mut enc)?;
            enc.try_finish()
        }
        Fmt::Bzip2 => {
            let mut enc = BzWriter::new(w, o.level);
            super::io::copy(sh, r, &mut enc)?;
            enc.finish().map(|_| ())
        }
        Fmt::Xz => {
            let opts = lzma_rust2::XzOptions::with_preset(o.level);
            let mut enc = lzma_rust2::XzWriter::new(w, opts)?;
            super::io::copy(sh, r, &mut enc)?;
            enc.finish().map(|_| ())
        }
    }
}

/// A bzip2 compressor over a writer. Unlike `bzip2::write::BzEncoder` it does not finish the
/// stream when dropped, so a cancelled or failed run stops at once instead of sorting one more
/// block of up to 900 kB.
pub struct BzWriter<W: Write> {
    c: bzip2::Compress,
    w: W,
    buf: Vec<u8>,
}

impl<W: Write> BzWriter<W> {
    pub fn new(w: W, level: u32) -> BzWriter<W> {
        BzWriter {
            c: bzip2::Compress::new(bzip2::Compression::new(level.clamp(1, 9)), 30),
            w,
            buf: Vec::with_capacity(CHUNK),
        }
    }

    fn drain(&mut self) -> io::Result<()> {
        if !self.buf.is_empty() {
            self.w.write_all(&self.buf)?;
            self.buf.clear();
        }
        Ok(())
    }

    /// Write the end of the stream; returns the writer.
    pub fn finish(mut self) -> io::Result<W> {
        loop {
            let st = self
                .c
                .compress_vec(&[], &mut self.buf, bzip2::Action::Finish)
                .map_err(|e| io::Error::other(format!("bzip2: {e:?}")))?;
            self.drain()?;
            if matches!(st, bzip2::Status::StreamEnd) {
                return Ok(self.w);
            }
        }
    }
}

impl<W: Write> Write for BzWriter<W> {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        if data.is_empty() {
            return Ok(0);
        }
        loop {
            let before = self.c.total_in();
            self.c
                .compress_vec(data, &mut self.buf, bzip2::Action::Run)
                .map_err(|e| io::Error::other(format!("bzip2: {e:?}")))?;
            let used = (self.c.total_in() - before) as usize;
            self.drain()?;
            if used > 0 {
                return Ok(used);
            }
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        self.w.flush()
    }
}

/// Map a decoder's error to GNU's wording.
fn decode_error(fmt: Fmt, e: io::Error) -> DecodeError {
    if is_cancelled(&e) {
        return DecodeError::Read(e);
    }
    if e.kind() == io::ErrorKind::UnexpectedEof {
        return DecodeError::Truncated;
    }
    let text = e.to_string();
    match fmt {
        Fmt::Gzip if text.contains("checksum") => {
            DecodeError::Corrupt("invalid compressed data--crc error".into())
        }
        Fmt::Gzip => DecodeError::Corrupt("invalid compressed data--format violated".into()),
        Fmt::Bzip2 => DecodeError::Corrupt("Data integrity error when decompressing.".into()),
        Fmt::Xz if text.contains("memory") || text.contains("Memory") => {
            DecodeError::Corrupt("Memory usage limit reached".into())
        }
        Fmt::Xz => DecodeError::Corrupt("Compressed data is corrupt".into()),
    }
}

/// Pump a decoder into `w`, telling read errors from write errors.
fn pump(
    sh: &Shared<'_>,
    fmt: Fmt,
    dec: &mut dyn Read,
    w: &mut dyn Write,
    buf: &mut [u8],
) -> Result<(), DecodeError> {
    loop {
        check(sh).map_err(DecodeError::Read)?;
        let n = match dec.read(buf) {
            Ok(0) => return Ok(()),
            Ok(n) => n,
            Err(e) => return Err(decode_error(fmt, e)),
        };
        w.write_all(&buf[..n]).map_err(DecodeError::Write)?;
    }
}

/// Decompress `r` into `w`. Returns whether trailing garbage was ignored (gzip).
fn decode(
    sh: &Shared<'_>,
    o: &Opts,
    r: &mut dyn Read,
    w: &mut dyn Write,
) -> Result<bool, DecodeError> {
    let mut br = BufReader::with_capacity(CHUNK, r);
    let head = br.fill_buf().map_err(DecodeError::Read)?;
    let magic = o.fmt.magic();
    let matches = head.len() >= magic.len() && &head[..magic.len()] == magic;
    if !matches {
        if o.force && o.stdout {
            // zcat -f: what is not compressed passes through.
            super::io::copy(sh, &mut br, w).map_err(DecodeError::Write)?;
            return Ok(false);
        }
        if head.is_empty() && o.fmt != Fmt::Xz {
            return Err(DecodeError::Truncated);
        }
        if o.fmt == Fmt::Xz && magic.starts_with(head) && !head.is_empty() {
            return Err(DecodeError::Truncated);
        }
        return Err(DecodeError::NotFormat);
    }
    let mut buf = vec![0u8; CHUNK];
    match o.fmt {
        Fmt::Gzip => loop {
            {
                let mut dec = flate2::bufread::GzDecoder::new(&mut br);
                pump(sh, o.fmt, &mut dec, w, &mut buf)?;
            }
            let rest = br.fill_buf().map_err(DecodeError::Read)?;
            if rest.is_empty() {
                return Ok(false);
            }
            if rest[0] != 0x1f || rest.get(1).is_some_and(|&b| b != 0x8b) {
                return Ok(true);
            }
        },
        Fmt::Bzip2 => {
            let mut dec = bzip2::bufread::MultiBzDecoder::new(&mut br);
            pump(sh, o.fmt, &mut dec, w, &mut buf)?;
            Ok(false)
        }
        Fmt::Xz => {
            let limit_kb = (XZ_DECODE_MEMORY / 1024) as u32;
            let mut dec = lzma_rust2::XzReader::new_mem_limit(&mut br, true, limit_kb);
            pump(sh, o.fmt, &mut dec, w, &mut buf)?;
            Ok(false)
        }
    }
}

impl Command for Codec {
    fn spec(&self) -> &CommandSpec {
        self.spec
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let spec = self.spec;
        let p = match util::parse_or_usage(spec, args, ctx, 1) {
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
                'S' => o.suffix = util::lossy(v.as_deref().unwrap_or_default()),
                d @ '0'..='9' => o.level = d as u32 - '0' as u32,
                _ => {}
            }
        }
        if o.fmt == Fmt::Gzip && o.level == 0 {
            o.level = 1;
        }
        if o.suffix.is_empty() || o.suffix.contains('/') {
            util::err(ctx, o.fmt.prog(), &format!("invalid suffix '{}'", o.suffix));
            return 1;
        }
        if o.test {
            o.decompress = true;
        }
        let mut charge = ctx.memory().charge();
        if let Err(e) = charge.add(codec_memory(o.fmt, o.decompress, o.level)) {
            util::err(ctx, o.fmt.prog(), &e.to_string());
            return 1;
        }
        let files = util::files_or_stdin(p.operands);
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
                one_path(&sh, &o, &util::lossy(f), 0)
            };
            status = o.fmt.combine(status, s);
        }
        status
    }
}

/// Compress or decompress standard input (or a file when `file` is given) to standard output.
fn one_stream<'s, 'a>(sh: &'s Shared<'a>, o: &Opts, file: Option<(&str, In<'s, 'a>, u32)>) -> i32 {
    let prog = o.fmt.prog();
    let named = file.is_some();
    let (display, mut input, mtime) = match file {
        Some((name, f, mtime)) => (name.to_string(), f, mtime),
        None => (o.fmt.stdin_name().to_string(), In::stdin(sh), 0),
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

/// Print an io failure (`prog: NAME: reason`) unless it is a cancellation; status 1.
fn io_failure(sh: &Shared<'_>, o: &Opts, name: &str, e: &io::Error) -> i32 {
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
fn report_decode(
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

/// The output name for decompressing `name`, or `None` when the suffix is unknown.
fn strip_suffix(o: &Opts, name: &str) -> Option<String> {
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
fn one_path(sh: &Shared<'_>, o: &Opts, name: &str, depth: usize) -> i32 {
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
                let m = super::io::msg(&e);
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
                let child = util::join_name(name, &util::lossy(&e.name));
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

/// `gzip -l`: sizes from the file length and the last member's trailer, as GNU computes them.
fn list(sh: &Shared<'_>, o: &Opts, files: &[Arg]) -> i32 {
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
        let name = util::lossy(f);
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
            super::io::print(
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
        if !super::io::print(sh, line.as_bytes()) {
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
        super::io::print(sh, line.as_bytes());
    }
    status
}

/// GNU gzip's `display_ratio`: `%5.1f%%` of num/den.
fn ratio(num: i64, den: i64) -> String {
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

/// Whether `path` exists (for tests of in-place behaviour).
#[cfg(test)]
fn exists(ctx: &dyn ToolCtx, path: &str) -> bool {
    ctx.backend().lstat(std::path::Path::new(path)).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{TestCtx, run};

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
