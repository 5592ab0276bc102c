//! `tar`: create, list, extract, append to and update tar archives.
//!
//! The on-disk format is GNU tar's (the `gnu` format by default, `ustar` with `--format`):
//! headers are filled with the `tar` crate's [`tar::Header`], names are written as GNU writes
//! them (directories end in `/`, long names go in `././@LongLink` entries, ustar splits them
//! into prefix and name), and archives are padded to GNU's 10240-byte records, so that
//! `/usr/bin/tar` reads them and they read what it writes. Reading goes through
//! `tar::Archive`, which understands GNU long names and pax headers. Compression (-z, -j, -J)
//! layers the codecs of `sandsh-deflate` (GNU gzip's exact bytes; `flate2` reads), `bzip2` and
//! `lzma-rust2`; reading detects it from the data.
//!
//! Extraction treats every member name as hostile (see [`super::safepath`]).

mod create;
mod read;
mod transform;

use transform::{Kind, Transform};

use std::io::{self, BufRead, BufReader, Read, Write};

use crate::common::input::CHUNK;
use crate::common::{diag, paths, quote};
use sandsh_api::{
    Arg, ArgParser, ArgSpec, ArgType, Command, CommandSpec, Example, ExitStatus, OptSpec,
    RiskLevel, ToolCtx,
};

use super::io::{Shared, warn};

pub struct Tar;

const OPTS: &[OptSpec] = &[
    OptSpec::new("-c, --create", "create a new archive"),
    OptSpec::new("-x, --extract", "extract files from an archive"),
    OptSpec::new("--get", "same as --extract"),
    OptSpec::new("-t, --list", "list the contents of an archive"),
    OptSpec::new("-r, --append", "append files to the end of an archive"),
    OptSpec::new(
        "-u, --update",
        "only append files newer than their copy in the archive",
    ),
    OptSpec::new(
        "-f, --file=ARCHIVE",
        "use archive file ARCHIVE (- is stdin/stdout, the default)",
    ),
    OptSpec::new("-C, --directory=DIR", "change to directory DIR"),
    OptSpec::new(
        "-v, --verbose",
        "verbosely list files processed (twice: long listing)",
    ),
    OptSpec::new("-z, --gzip", "filter the archive through gzip"),
    OptSpec::new("-j, --bzip2", "filter the archive through bzip2"),
    OptSpec::new("-J, --xz", "filter the archive through xz"),
    OptSpec::new(
        "-a, --auto-compress",
        "use archive suffix to determine the compression program",
    ),
    OptSpec::new(
        "--exclude=PATTERN",
        "exclude files matching PATTERN (a glob)",
    ),
    OptSpec::new(
        "--strip-components=NUMBER",
        "strip NUMBER leading components from file names on extraction",
    ),
    OptSpec::new("-O, --to-stdout", "extract files to standard output"),
    OptSpec::new(
        "-p, --preserve-permissions",
        "extract permissions exactly (ignore the umask)",
    ),
    OptSpec::new("--same-permissions", "same as -p"),
    OptSpec::new(
        "-o, --no-same-owner",
        "extract files as yourself (always the case here)",
    ),
    OptSpec::new(
        "-h, --dereference",
        "follow symlinks; archive and dump the files they point to",
    ),
    OptSpec::new(
        "-T, --files-from=FILE",
        "get names to extract or create from FILE, one per line (- is standard input)",
    ),
    OptSpec::new(
        "--same-owner",
        "accepted; files always belong to the sandbox user",
    ),
    OptSpec::new("--numeric-owner", "always use numbers for user/group names"),
    OptSpec::new(
        "-k, --keep-old-files",
        "don't replace existing files when extracting",
    ),
    OptSpec::new("-m, --touch", "don't extract file modified time"),
    OptSpec::new(
        "--format=FORMAT",
        "create archive of the given format: gnu (default) or ustar",
    ),
    OptSpec::new(
        "--sort=ORDER",
        "directory sorting order: name (always the case here) or none",
    ),
    OptSpec::new(
        "--overwrite",
        "overwrite existing files when extracting (the default)",
    ),
    OptSpec::new(
        "--wildcards",
        "use wildcards in member names given to -t and -x (* matches /)",
    ),
    OptSpec::new("--no-wildcards", "match member names exactly (the default)"),
    OptSpec::new(
        "-P, --absolute-names",
        "don't strip leading '/'s from file names",
    ),
    OptSpec::new(
        "--transform=EXPRESSION",
        "use sed replace EXPRESSION (s/REGEX/REPL/[gix0-9rRsShH], ;-separated) to transform file names",
    ),
    OptSpec::new("--xform=EXPRESSION", "same as --transform"),
    OptSpec::new(
        "--owner=NAME",
        "force NAME as owner for added files (NAME, UID or NAME:UID)",
    ),
    OptSpec::new(
        "--group=NAME",
        "force NAME as group for added files (NAME, GID or NAME:GID)",
    ),
    OptSpec::new(
        "--mtime=DATE",
        "set mtime for added files from DATE (@EPOCH or YYYY-MM-DD[ HH:MM[:SS]], UTC)",
    ),
    OptSpec::new(
        "--show-transformed-names",
        "show file or archive names after transformation",
    ),
];

static SPEC: CommandSpec = CommandSpec {
    name: "tar",
    group: "archive",
    summary: "an archiving utility (GNU tar format)",
    usage: "tar {-c|-x|-t|-r|-u} [-f ARCHIVE] [OPTION]... [FILE]...",
    description: "Create (-c), list (-t), extract (-x), append to (-r) or update (-u) tar archives. Traditional bundled letters work too (tar czf out.tgz dir). Archives are GNU format (ustar with --format=ustar), with GNU long names, padded to 10240-byte records: they open with GNU tar and the reverse. -z, -j and -J compress with gzip, bzip2 and xz; when reading, compression is detected from the data. Directories are archived recursively in name order. -tv prints GNU's long listing (times in UTC). On extraction, leading '/' is stripped with GNU's warning, members containing '..' are skipped, symbolic links whose target leaves the extraction directory and hard links to outside it are refused, and nothing is written through a symbolic link; all with a message and status 2.",
    options: OPTS,
    operands: &[ArgSpec::optional(
        "FILE",
        ArgType::Path,
        "files to archive (-c, -r, -u) or members to select (-t, -x)",
    )
    .repeated()],
    returns: "the archive (file or standard output), the listing, or extracted files",
    examples: &[
        Example {
            description: "create and list an archive",
            script: "mkdir -p d; echo hi > d/a; tar cf d.tar d; tar tf d.tar",
            stdout: "d/\nd/a\n",
        },
        Example {
            description: "compressed round trip into another directory",
            script: "mkdir -p d out; echo hi > d/a; tar czf d.tgz d; tar xzf d.tgz -C out; cat out/d/a",
            stdout: "hi\n",
        },
    ],
    errors: "exit 2 when a file cannot be read or written, a member is refused (.., escaping links), or the archive is damaged (\"tar: Exiting with failure status due to previous errors\"); exit 2 on usage errors",
    risk: RiskLevel::MediumRisk,
};

/// The operation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    Create,
    Extract,
    List,
    Append,
    Update,
}

/// Compression of the archive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Zip {
    None,
    Gzip,
    Bzip2,
    Xz,
}

/// Parsed options.
pub struct Opts {
    op: Op,
    file: String,
    dir: Option<String>,
    verbose: u32,
    zip: Zip,
    excludes: Vec<sandsh_text::pattern::Pattern>,
    strip: usize,
    to_stdout: bool,
    preserve: bool,
    numeric: bool,
    /// -h: archive what symbolic links point to.
    dereference: bool,
    keep_old: bool,
    touch: bool,
    ustar: bool,
    members: Vec<Arg>,
    /// --wildcards: the members as patterns.
    wildcards: Option<Vec<sandsh_text::pattern::Pattern>>,
    /// -P: keep leading `/` and `..` in member names.
    absolute: bool,
    /// --owner, --group: forced for added files.
    owner: Option<String>,
    group: Option<String>,
    /// --mtime: forced for added files (seconds since the epoch).
    mtime: Option<i64>,
    /// For each member given on the command line, the `-C` directory in effect where it
    /// was given (GNU applies each `-C` to the names after it, each relative to the last).
    member_dirs: Vec<Option<String>>,
    transform: Transform,
    show_transformed: bool,
}

/// Expand traditional bundled letters (`tar czf a.tgz d`) into options.
fn expand_old(args: &[Arg]) -> Result<Vec<Arg>, String> {
    let Some(first) = args.first() else {
        return Ok(Vec::new());
    };
    if first.is_empty() || first[0] == b'-' {
        return Ok(args.to_vec());
    }
    let mut out = Vec::new();
    let mut rest = args[1..].iter();
    for &c in first {
        out.push(vec![b'-', c]);
        if matches!(c, b'f' | b'C' | b'T') {
            match rest.next() {
                Some(v) => out.push(v.clone()),
                None => return Err(format!("Old option '{}' requires an argument.", c as char)),
            }
        }
    }
    out.extend(rest.cloned());
    Ok(out)
}

/// `--mtime`'s DATE-OR-FILE: a name starting with `/` or `.` is a file whose modification time
/// is used; anything else is a date as `date -d` reads it (`@EPOCH`, `2024-01-02 10:00`,
/// `yesterday`). `Err` holds the message for a file that cannot be read.
fn parse_mtime(ctx: &dyn ToolCtx, s: &str) -> Result<Option<i64>, String> {
    let secs = |t: std::time::SystemTime| match t.duration_since(std::time::UNIX_EPOCH) {
        Ok(d) => d.as_secs() as i64,
        Err(e) => -(e.duration().as_secs() as i64),
    };
    if s.starts_with(['/', '.']) {
        return match ctx.backend().stat(&ctx.resolve_path(s)) {
            Ok(m) => Ok(Some(secs(m.mtime))),
            Err(e) => Err(format!(
                "{s}: Cannot stat: {}\ntar: Date sample file not found",
                crate::common::diag::vfs_msg(&e)
            )),
        };
    }
    Ok(crate::common::date_parse::parse_in_ctx(ctx, s).map(secs))
}

/// `-C DIR` after `-C PREV`: DIR relative to PREV, as GNU's cumulative `-C` is.
fn join_dir(prev: Option<&str>, dir: &str) -> String {
    match prev {
        Some(p) if !dir.starts_with('/') => format!("{}/{dir}", p.trim_end_matches('/')),
        _ => dir.to_string(),
    }
}

/// The `-C` directory in effect at each operand of the (expanded) arguments, in order.
fn operand_dirs(args: &[Arg]) -> Vec<Option<String>> {
    let takes_value = |short: Option<char>, long: Option<&str>| {
        OPTS.iter().any(|o| {
            ((short.is_some() && o.short == short) || (long.is_some() && o.long == long))
                && o.value.is_some()
        })
    };
    let mut dir: Option<String> = None;
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = diag::lossy(&args[i]);
        i += 1;
        if a == "--" {
            out.extend(std::iter::repeat_n(dir.clone(), args.len() - i));
            break;
        }
        if let Some(long) = a.strip_prefix("--") {
            let (name, val) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (long, None),
            };
            // Unique prefixes name the option, as the parser takes them.
            let full = OPTS
                .iter()
                .filter_map(|o| o.long)
                .find(|l| *l == name)
                .or_else(|| {
                    let c: Vec<&str> = OPTS
                        .iter()
                        .filter_map(|o| o.long)
                        .filter(|l| l.starts_with(name))
                        .collect();
                    (c.len() == 1).then(|| c[0])
                });
            let Some(full) = full else { continue };
            let val = match val {
                Some(v) => Some(v),
                None if takes_value(None, Some(full)) => {
                    i += 1;
                    args.get(i - 1).map(|v| diag::lossy(v))
                }
                None => None,
            };
            if full == "directory"
                && let Some(v) = val
            {
                dir = Some(join_dir(dir.as_deref(), &v));
            }
            continue;
        }
        if a.len() > 1 && a.starts_with('-') {
            let chars: Vec<char> = a[1..].chars().collect();
            for (k, &c) in chars.iter().enumerate() {
                if takes_value(Some(c), None) {
                    let rest: String = chars[k + 1..].iter().collect();
                    let v = if rest.is_empty() {
                        i += 1;
                        args.get(i - 1).map(|v| diag::lossy(v))
                    } else {
                        Some(rest)
                    };
                    if c == 'C'
                        && let Some(v) = v
                    {
                        dir = Some(join_dir(dir.as_deref(), &v));
                    }
                    break;
                }
            }
            continue;
        }
        out.push(dir.clone());
    }
    out
}

fn usage_error(ctx: &mut dyn ToolCtx, m: &str) -> i32 {
    let _ = writeln!(
        ctx.stderr(),
        "tar: {m}\nTry 'tar --help' or 'tar --usage' for more information."
    );
    2
}

fn parse(args: &[Arg], ctx: &mut dyn ToolCtx) -> Result<Opts, i32> {
    let args = expand_old(args).map_err(|m| usage_error(ctx, &m))?;
    let p = match ArgParser::parse(&SPEC, &args) {
        Ok(p) => p,
        Err(e) => {
            let m = e
                .message
                .strip_prefix("tar: ")
                .unwrap_or(&e.message)
                .to_string();
            return Err(usage_error(ctx, &m));
        }
    };
    let mut op = None;
    let mut o = Opts {
        op: Op::List,
        file: "-".into(),
        dir: None,
        verbose: 0,
        zip: Zip::None,
        excludes: Vec::new(),
        strip: 0,
        to_stdout: false,
        preserve: false,
        numeric: false,
        dereference: false,
        keep_old: false,
        touch: false,
        ustar: false,
        members: p.operands,
        wildcards: None,
        absolute: false,
        owner: None,
        group: None,
        mtime: None,
        member_dirs: Vec::new(),
        transform: Transform::default(),
        show_transformed: false,
    };
    let mut wildcards = false;
    let mut auto = false;
    let pat_opts = sandsh_text::pattern::PatternOptions::default();
    for (i, v) in &p.opts {
        let spec = &OPTS[*i];
        let val = v.as_deref().map(diag::lossy).unwrap_or_default();
        let new_op = match (spec.short, spec.long) {
            (Some('c'), _) => Some(Op::Create),
            (Some('x'), _) | (None, Some("get")) => Some(Op::Extract),
            (Some('t'), _) => Some(Op::List),
            (Some('r'), _) => Some(Op::Append),
            (Some('u'), _) => Some(Op::Update),
            _ => None,
        };
        if let Some(n) = new_op {
            if op.is_some_and(|x| x != n) {
                return Err(usage_error(
                    ctx,
                    "You may not specify more than one '-Acdtrux', '--delete' or  '--test-label' option",
                ));
            }
            op = Some(n);
            continue;
        }
        match (spec.short, spec.long) {
            (Some('f'), _) => o.file = val,
            (Some('C'), _) => o.dir = Some(join_dir(o.dir.as_deref(), &val)),
            (Some('v'), _) => o.verbose += 1,
            (Some('z'), _) => o.zip = Zip::Gzip,
            (Some('j'), _) => o.zip = Zip::Bzip2,
            (Some('J'), _) => o.zip = Zip::Xz,
            (Some('a'), _) => auto = true,
            (Some('O'), _) => o.to_stdout = true,
            (Some('p'), _) | (None, Some("same-permissions")) => o.preserve = true,
            (Some('k'), _) => o.keep_old = true,
            (Some('m'), _) => o.touch = true,
            (None, Some("overwrite")) => o.keep_old = false,
            (None, Some("numeric-owner")) => o.numeric = true,
            (Some('h'), _) => o.dereference = true,
            (Some('T'), _) => {
                let names = match crate::common::input::read_operand(ctx, val.as_bytes()) {
                    Ok(d) => d,
                    Err(e) => {
                        let reason = match e {
                            crate::common::input::Unread::Open(r) => r,
                            crate::common::input::Unread::Read(e) => e.to_string(),
                        };
                        let _ = writeln!(
                            ctx.stderr(),
                            "tar: {val}: Cannot stat: {reason}\ntar: Error is not recoverable: exiting now"
                        );
                        return Err(2);
                    }
                };
                o.members.extend(
                    names
                        .split(|&b| b == b'\n')
                        .filter(|l| !l.is_empty())
                        .map(<[u8]>::to_vec),
                );
            }
            (Some('P'), _) => o.absolute = true,
            (None, Some("owner")) => o.owner = Some(val),
            (None, Some("group")) => o.group = Some(val),
            (None, Some("mtime")) => match parse_mtime(&*ctx, &val) {
                Ok(Some(t)) => o.mtime = Some(t),
                Err(m) => return Err(usage_error(ctx, &m)),
                Ok(None) => {
                    return Err(usage_error(
                        ctx,
                        &format!(
                            "Option --mtime: unknown date format {}",
                            quote::cquote(&val)
                        ),
                    ));
                }
            },
            (None, Some("transform" | "xform")) => {
                o.transform.add(&val).map_err(|m| usage_error(ctx, &m))?;
            }
            (None, Some("show-transformed-names")) => o.show_transformed = true,
            (None, Some("wildcards")) => wildcards = true,
            (None, Some("no-wildcards")) => wildcards = false,
            (None, Some("exclude")) => o.excludes.push(sandsh_text::pattern::Pattern::new(
                v.as_deref().unwrap_or_default(),
                pat_opts,
            )),
            (None, Some("strip-components")) => match val.parse() {
                Ok(n) => o.strip = n,
                Err(_) => {
                    return Err(usage_error(
                        ctx,
                        &format!("{}: Invalid number", quote::quote(&val)),
                    ));
                }
            },
            (None, Some("format")) => match val.as_str() {
                "gnu" | "oldgnu" => o.ustar = false,
                "ustar" | "posix" | "pax" => o.ustar = true,
                _ => {
                    return Err(usage_error(
                        ctx,
                        &format!("{}: Invalid archive format", quote::cquote(&val)),
                    ));
                }
            },
            (None, Some("sort")) if val != "name" && val != "none" => {
                return Err(usage_error(
                    ctx,
                    &format!(
                        "invalid argument {} for '--sort'\nValid arguments are:\n  - 'none'\n  - 'name'",
                        quote::cquote(&val)
                    ),
                ));
            }
            _ => {}
        }
    }
    o.member_dirs = operand_dirs(&args);
    o.member_dirs.resize(o.members.len(), o.dir.clone());
    let Some(op) = op else {
        return Err(usage_error(
            ctx,
            "You must specify one of the '-Acdtrux', '--delete' or '--test-label' options",
        ));
    };
    o.op = op;
    if wildcards {
        o.wildcards = Some(
            o.members
                .iter()
                .map(|m| sandsh_text::pattern::Pattern::new(paths::trim_slashes(m), pat_opts))
                .collect(),
        );
    }
    if auto && o.zip == Zip::None {
        let f = o.file.as_str();
        o.zip = if f.ends_with(".gz") || f.ends_with(".tgz") || f.ends_with(".taz") {
            Zip::Gzip
        } else if f.ends_with(".bz2") || f.ends_with(".tbz") || f.ends_with(".tbz2") {
            Zip::Bzip2
        } else if f.ends_with(".xz") || f.ends_with(".txz") {
            Zip::Xz
        } else {
            Zip::None
        };
    }
    Ok(o)
}

impl Command for Tar {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let o = match parse(args, ctx) {
            Ok(o) => o,
            Err(s) => return s,
        };
        let mut charge = ctx.memory().charge();
        if let Err(e) = charge.add(4 << 20) {
            diag::err(ctx, "tar", &e.to_string());
            return 2;
        }
        let sh: Shared<'_> = std::cell::RefCell::new(ctx);
        let status = match o.op {
            Op::Create | Op::Append | Op::Update => create::run(&sh, &o),
            Op::Extract | Op::List => read::run(&sh, &o),
        };
        match status {
            FATAL => 2,
            2 => {
                warn(
                    &sh,
                    "tar: Exiting with failure status due to previous errors",
                );
                2
            }
            s => s,
        }
    }
}

/// The status of a fatal error, already reported (exit 2 without the "Exiting with failure
/// status" line).
const FATAL: i32 = -2;

/// "tar: MSG" then "tar: Error is not recoverable: exiting now"; [`FATAL`].
fn fatal(sh: &Shared<'_>, m: &str) -> i32 {
    warn(
        sh,
        &format!("tar: {m}\ntar: Error is not recoverable: exiting now"),
    );
    FATAL
}

/// A compressor over the archive output, finished explicitly.
pub enum Encoder<W: Write> {
    Plain(W),
    Gzip(sandsh_deflate::GzEncoder<W>),
    Bzip2(super::compress::BzWriter<W>),
    // Boxed: the .xz writer's state is several times the others'.
    Xz(Box<lzma_rust2::XzWriter<W>>),
}

impl<W: Write> Encoder<W> {
    pub fn new(zip: Zip, w: W) -> io::Result<Encoder<W>> {
        Ok(match zip {
            Zip::None => Encoder::Plain(w),
            // As GNU tar's `gzip` filter writes it: no name, no time, level 6.
            Zip::Gzip => Encoder::Gzip(sandsh_deflate::GzEncoder::new(
                w,
                6,
                &sandsh_deflate::Header::default(),
            )?),
            Zip::Bzip2 => Encoder::Bzip2(super::compress::BzWriter::new(w, 9)),
            Zip::Xz => Encoder::Xz(Box::new(lzma_rust2::XzWriter::new(
                w,
                lzma_rust2::XzOptions::with_preset(6),
            )?)),
        })
    }

    pub fn finish(self) -> io::Result<W> {
        match self {
            Encoder::Plain(w) => Ok(w),
            Encoder::Gzip(e) => e.finish(),
            Encoder::Bzip2(e) => e.finish(),
            Encoder::Xz(e) => (*e).finish(),
        }
    }
}

impl<W: Write> Write for Encoder<W> {
    fn write(&mut self, b: &[u8]) -> io::Result<usize> {
        match self {
            Encoder::Plain(w) => w.write(b),
            Encoder::Gzip(e) => e.write(b),
            Encoder::Bzip2(e) => e.write(b),
            Encoder::Xz(e) => e.write(b),
        }
    }
    fn flush(&mut self) -> io::Result<()> {
        match self {
            Encoder::Plain(w) => w.flush(),
            Encoder::Gzip(e) => e.flush(),
            Encoder::Bzip2(e) => e.flush(),
            Encoder::Xz(e) => e.flush(),
        }
    }
}

/// A decompressor chosen from the data's first bytes.
pub enum Decoder<R: Read> {
    Plain(BufReader<R>),
    Gzip(Box<flate2::bufread::MultiGzDecoder<BufReader<R>>>),
    Bzip2(Box<bzip2::bufread::MultiBzDecoder<BufReader<R>>>),
    Xz(Box<lzma_rust2::XzReader<BufReader<R>>>),
}

impl<R: Read> Decoder<R> {
    /// Detect the compression; returns the decoder, what was found, and whether the input is
    /// empty (GNU: "This does not look like a tar archive").
    pub fn detect(r: R) -> io::Result<(Decoder<R>, Zip, bool)> {
        let mut br = BufReader::with_capacity(CHUNK, r);
        let head = br.fill_buf()?;
        let empty = head.is_empty();
        let (d, z) = if head.starts_with(&[0x1f, 0x8b]) {
            (
                Decoder::Gzip(Box::new(flate2::bufread::MultiGzDecoder::new(br))),
                Zip::Gzip,
            )
        } else if head.starts_with(b"BZh") {
            (
                Decoder::Bzip2(Box::new(bzip2::bufread::MultiBzDecoder::new(br))),
                Zip::Bzip2,
            )
        } else if head.starts_with(&[0xfd, b'7', b'z', b'X', b'Z', 0]) {
            (
                Decoder::Xz(Box::new(lzma_rust2::XzReader::new_mem_limit(
                    br,
                    true,
                    72 << 10,
                ))),
                Zip::Xz,
            )
        } else {
            (Decoder::Plain(br), Zip::None)
        };
        Ok((d, z, empty))
    }
}

impl<R: Read> Read for Decoder<R> {
    fn read(&mut self, b: &mut [u8]) -> io::Result<usize> {
        match self {
            Decoder::Plain(r) => r.read(b),
            Decoder::Gzip(r) => r.read(b),
            Decoder::Bzip2(r) => r.read(b),
            Decoder::Xz(r) => r.read(b),
        }
    }
}

/// GNU tar's "escape" quoting of a member name in listings and messages.
pub fn show_name(name: &[u8]) -> String {
    let mut out = String::with_capacity(name.len());
    for chunk in name.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '\\' => out.push_str("\\\\"),
                '\n' => out.push_str("\\n"),
                '\t' => out.push_str("\\t"),
                '\r' => out.push_str("\\r"),
                '\x07' => out.push_str("\\a"),
                '\x08' => out.push_str("\\b"),
                '\x0b' => out.push_str("\\v"),
                '\x0c' => out.push_str("\\f"),
                c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                    out.push_str(&format!("\\{:03o}", c as u32));
                }
                c => out.push(c),
            }
        }
        for b in chunk.invalid() {
            out.push_str(&format!("\\{b:03o}"));
        }
    }
    out
}

/// The state of GNU's long listing (`-tv`): the user/group/size column grows as needed.
pub struct LongList {
    ugswidth: usize,
}

impl LongList {
    pub fn new() -> LongList {
        LongList { ugswidth: 19 }
    }

    /// One `-tv` line (without the newline).
    #[allow(clippy::too_many_arguments)]
    pub fn line(
        &mut self,
        typ: u8,
        mode: u32,
        user: &str,
        group: &str,
        size: u64,
        mtime: i64,
        name: &str,
        link: Option<&str>,
    ) -> String {
        let modes = mode_string(typ, mode);
        let size = size.to_string();
        let pad = user.len() + 1 + group.len() + 1 + size.len();
        if pad > self.ugswidth {
            self.ugswidth = pad;
        }
        let tm = sandsh_text::strftime::gmtime(mtime);
        let stamp = format!(
            "{:04}-{:02}-{:02} {:02}:{:02}",
            tm.year, tm.month, tm.day, tm.hour, tm.min
        );
        let width = self.ugswidth - pad + size.len();
        let mut s = format!("{modes} {user}/{group} {size:>width$} {stamp} {name}");
        match (typ, link) {
            (b'2', Some(l)) => {
                s.push_str(" -> ");
                s.push_str(l);
            }
            (b'1', Some(l)) => {
                s.push_str(" link to ");
                s.push_str(l);
            }
            _ => {}
        }
        s
    }
}

/// `-rw-r--r--` from a tar type flag and mode bits.
fn mode_string(typ: u8, mode: u32) -> String {
    let t = match typ {
        b'1' => 'h',
        b'2' => 'l',
        b'3' => 'c',
        b'4' => 'b',
        b'5' => 'd',
        b'6' => 'p',
        _ => '-',
    };
    crate::common::mode::render(t, mode)
}

/// Whether `name` (a member name) matches an --exclude pattern: GNU matches the whole name
/// and every tail of it that starts after a `/`.
fn excluded(o: &Opts, name: &[u8]) -> bool {
    if o.excludes.is_empty() {
        return false;
    }
    let name = paths::trim_slashes(name);
    let mut tails = vec![name];
    for (i, b) in name.iter().enumerate() {
        if *b == b'/' {
            tails.push(&name[i + 1..]);
        }
    }
    o.excludes
        .iter()
        .any(|p| tails.iter().any(|t| p.matches(t)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::testing::{TestCtx, run};

    #[test]
    fn old_style_args() {
        let a: Vec<Arg> = ["cfv", "a.tar", "d"]
            .iter()
            .map(|s| s.as_bytes().to_vec())
            .collect();
        let e = expand_old(&a).unwrap_or_default();
        let e: Vec<String> = e.iter().map(|x| diag::lossy(x)).collect();
        assert_eq!(e, ["-c", "-f", "a.tar", "-v", "d"]);
    }

    #[test]
    fn long_listing_widths() {
        let mut l = LongList::new();
        assert_eq!(
            l.line(b'0', 0o644, "0", "0", 2, 0, "ok.txt", None),
            "-rw-r--r-- 0/0               2 1970-01-01 00:00 ok.txt"
        );
        assert_eq!(
            l.line(b'2', 0o777, "root", "root", 0, 0, "l", Some("a")),
            "lrwxrwxrwx root/root         0 1970-01-01 00:00 l -> a"
        );
    }

    #[test]
    fn create_list_extract() {
        let ctx = TestCtx::new();
        let _ = ctx.backend.mkdir(&ctx.cwd.join("d/sub"), 0o755, true);
        let mut ctx = ctx.file("d/a", b"hello\n").file("d/sub/b", b"x");
        assert_eq!(
            run(&Tar, &["cf", "t.tar", "d"], &mut ctx),
            0,
            "{}",
            ctx.err_str()
        );
        let len = ctx.read("t.tar").map_or(0, |v| v.len());
        assert_eq!(len % 10240, 0);
        assert_eq!(run(&Tar, &["tf", "t.tar"], &mut ctx), 0);
        assert_eq!(ctx.out_str(), "d/\nd/a\nd/sub/\nd/sub/b\n");
        let _ = ctx.backend.mkdir(&ctx.cwd.join("out"), 0o755, true);
        assert_eq!(
            run(&Tar, &["-xf", "t.tar", "-C", "out"], &mut ctx),
            0,
            "{}",
            ctx.err_str()
        );
        assert_eq!(ctx.read("out/d/a").unwrap_or_default(), b"hello\n");
        assert_eq!(ctx.read("out/d/sub/b").unwrap_or_default(), b"x");
    }

    #[test]
    fn no_operation() {
        let mut ctx = TestCtx::new();
        assert_eq!(run(&Tar, &["-f", "x"], &mut ctx), 2);
        assert!(ctx.err_str().contains("You must specify one of"));
    }
}
