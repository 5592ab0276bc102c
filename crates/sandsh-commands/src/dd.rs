//! `dd`: copy a file block by block, converting as it goes, as GNU coreutils 9 does.
//!
//! Operands are `KEY=VALUE` words (if, of, bs, ibs, obs, count, skip/iseek, seek/oseek,
//! conv, iflag, oflag, status), sizes take GNU's multiplier suffixes (`c w b kB K MB M xM`,
//! `NxM` products, `B` for byte counts). The copy holds one input block (and with distinct
//! ibs/obs one output block) at a time, never the whole input, and checks cancellation per
//! block: `dd if=/dev/zero of=f` runs until the VFS refuses the write or the run is cancelled.
//! The closing `N+M records in/out` and `X bytes (SI, IEC) copied, T s, R/s` summary follows
//! GNU's formats (gnulib `human_readable` rounding). Conversions the sandbox does not implement
//! (ascii, ebcdic, ibm, block, unblock, swab) are refused rather than ignored.

use std::io::Read;
use std::path::PathBuf;
use std::time::Duration;

use sandsh_api::fs::{VfsError, WriteMode};
use sandsh_api::{
    Arg, ArgSpec, ArgType, CommandSpec, Example, ExitStatus, ParsedArgs, ParsedCommand, RiskLevel,
    ToolCtx,
};

use crate::common::{diag, input, quote};

pub struct Dd;

static SPEC: CommandSpec = CommandSpec {
    name: "dd",
    group: "fs",
    summary: "convert and copy a file",
    usage: "dd [OPERAND]...",
    description: "Copy a file, converting and formatting according to the operands: if=FILE (default stdin), of=FILE (default stdout), bs=BYTES (sets ibs and obs), ibs=BYTES, obs=BYTES (default 512), count=N input blocks, skip=N (iseek) input blocks, seek=N (oseek) output blocks, conv=lcase,ucase,sync,notrunc,noerror,excl,nocreat,fsync,fdatasync,sparse, iflag=count_bytes,skip_bytes,fullblock, oflag=seek_bytes,append, status=none|noxfer|progress. N and BYTES may take the suffixes c=1, w=2, b=512, kB=1000, K=1024, MB, M, xM=M, GB, G, ... KiB=K, MiB=M; N ending in 'B' counts bytes. A summary of records and bytes goes to stderr.",
    options: &[],
    operands: &[ArgSpec::optional("OPERAND", ArgType::String, "KEY=VALUE settings").repeated()],
    returns: "the copied data (on stdout without of=); the record summary on stderr",
    examples: &[
        Example {
            description: "upper-case a stream, quietly",
            script: "echo hello | dd conv=ucase status=none",
            stdout: "HELLO\n",
        },
        Example {
            description: "the first two 3-byte blocks",
            script: "printf abcdefgh | dd bs=3 count=2 status=none; echo",
            stdout: "abcdef\n",
        },
        Example {
            description: "the summary on stderr",
            script: "dd if=/dev/zero of=/dev/null bs=1K count=3 2>&1 | head -2",
            stdout: "3+0 records in\n3+0 records out\n",
        },
    ],
    errors: "exit 1 for an unknown or invalid operand, a file that cannot be opened, or a read or write error (the summary is still printed)",
    risk: RiskLevel::MediumRisk,
};

/// The most a block may be: blocks are buffers, and a sandbox has a memory budget.
const MAX_BLOCK: u64 = 1 << 30;

#[derive(Default)]
struct Opts {
    input: Option<String>,
    output: Option<String>,
    ibs: Option<u64>,
    obs: Option<u64>,
    bs: Option<u64>,
    count: Option<(u64, bool)>,
    skip: (u64, bool),
    seek: (u64, bool),
    lcase: bool,
    ucase: bool,
    sync: bool,
    notrunc: bool,
    noerror: bool,
    excl: bool,
    nocreat: bool,
    count_bytes: bool,
    skip_bytes: bool,
    seek_bytes: bool,
    fullblock: bool,
    append: bool,
    status: Status,
}

#[derive(Default, Clone, Copy, PartialEq)]
enum Status {
    #[default]
    Default,
    Noxfer,
    None,
}

/// One number with GNU's multiplier suffixes; `bool` is true when it ends in `B` (a byte count).
fn parse_one(s: &str) -> Option<u64> {
    let t = s.trim_start_matches([' ', '\t', '\n', '\x0b', '\x0c', '\r']);
    let end = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    if end == 0 {
        return None;
    }
    let n: u64 = t[..end].parse().ok()?;
    let suf = &t[end..];
    let mult: u64 = match suf {
        "" | "c" | "B" => 1,
        "w" => 2,
        "b" => 512,
        _ => {
            let mut cs = suf.chars();
            let unit = cs.next()?;
            let power: u32 = match unit {
                'k' | 'K' => 1,
                'M' => 2,
                'G' => 3,
                'T' => 4,
                'P' => 5,
                'E' => 6,
                _ => return None,
            };
            let base: u64 = match cs.as_str() {
                "" | "iB" => 1024,
                "B" => 1000,
                _ => return None,
            };
            base.checked_pow(power)?
        }
    };
    n.checked_mul(mult)
}

/// `N`, `NxM` or `NxSUFFIX` (as `1xM`), and whether it counts bytes (ends in `B`).
fn parse_num(s: &str) -> Option<(u64, bool)> {
    let bytes = s.ends_with('B');
    let v = match s.split_once('x') {
        Some((a, b)) => {
            if a.trim_start() == "0" || b.contains('x') {
                return None;
            }
            let left = parse_one(a)?;
            let right = if b.starts_with(|c: char| c.is_ascii_alphabetic()) {
                parse_one(&format!("1{b}"))?
            } else {
                parse_one(b)?
            };
            left.checked_mul(right)?
        }
        None => parse_one(s)?,
    };
    Some((v, bytes))
}

fn usage_err(ctx: &mut dyn ToolCtx, msg: String) -> ExitStatus {
    diag::usage(ctx, &SPEC, &format!("dd: {msg}"), 1)
}

/// Parse the operands; `Err` is the status after the message was printed.
fn parse_operands(ctx: &mut dyn ToolCtx, args: &[Arg]) -> Result<Opts, ExitStatus> {
    let mut o = Opts::default();
    for a in args {
        let a = diag::lossy(a);
        let Some((key, val)) = a.split_once('=') else {
            return Err(usage_err(
                ctx,
                format!("unrecognized operand {}", quote::cquote(&a)),
            ));
        };
        let num = |ctx: &mut dyn ToolCtx, positive: bool| -> Result<(u64, bool), ExitStatus> {
            match parse_num(val) {
                Some((n, b)) if !positive || (n > 0 && n <= MAX_BLOCK) => Ok((n, b)),
                _ => {
                    diag::err(
                        ctx,
                        "dd",
                        &format!("invalid number: {}", quote::cquote(val)),
                    );
                    Err(1)
                }
            }
        };
        match key {
            "if" => o.input = Some(val.to_string()),
            "of" => o.output = Some(val.to_string()),
            "bs" => o.bs = Some(num(ctx, true)?.0),
            "ibs" => o.ibs = Some(num(ctx, true)?.0),
            "obs" => o.obs = Some(num(ctx, true)?.0),
            "cbs" => {
                num(ctx, true)?;
            }
            "count" => o.count = Some(num(ctx, false)?),
            "skip" | "iseek" => o.skip = num(ctx, false)?,
            "seek" | "oseek" => o.seek = num(ctx, false)?,
            "status" => {
                o.status = match val {
                    "none" => Status::None,
                    "noxfer" => Status::Noxfer,
                    "progress" => Status::Default,
                    _ => {
                        let m = format!("invalid status level: {}", quote::cquote(val));
                        return Err(usage_err(ctx, m));
                    }
                }
            }
            "conv" => {
                for c in val.split(',') {
                    match c {
                        "lcase" => o.lcase = true,
                        "ucase" => o.ucase = true,
                        "sync" => o.sync = true,
                        "notrunc" => o.notrunc = true,
                        "noerror" => o.noerror = true,
                        "excl" => o.excl = true,
                        "nocreat" => o.nocreat = true,
                        "fsync" | "fdatasync" | "sparse" => {}
                        "ascii" | "ebcdic" | "ibm" | "block" | "unblock" | "swab" => {
                            let m = format!("conv={c} is not supported in the sandbox");
                            diag::err(ctx, "dd", &m);
                            return Err(1);
                        }
                        _ => {
                            let m = format!("invalid conversion: {}", quote::cquote(c));
                            return Err(usage_err(ctx, m));
                        }
                    }
                }
            }
            "iflag" | "oflag" => {
                let input = key == "iflag";
                for f in val.split(',') {
                    match f {
                        "count_bytes" if input => o.count_bytes = true,
                        "skip_bytes" if input => o.skip_bytes = true,
                        "fullblock" if input => o.fullblock = true,
                        "seek_bytes" if !input => o.seek_bytes = true,
                        "append" if !input => o.append = true,
                        "direct" | "dsync" | "sync" | "nonblock" | "noatime" | "nocache"
                        | "noctty" | "nofollow" | "binary" | "text" | "directory" => {}
                        _ => {
                            let which = if input { "input" } else { "output" };
                            let m = format!("invalid {which} flag: {}", quote::cquote(f));
                            return Err(usage_err(ctx, m));
                        }
                    }
                }
            }
            _ => {
                return Err(usage_err(
                    ctx,
                    format!("unrecognized operand {}", quote::cquote(&a)),
                ));
            }
        }
    }
    if o.lcase && o.ucase {
        diag::err(ctx, "dd", "cannot combine lcase and ucase");
        return Err(1);
    }
    if o.excl && o.nocreat {
        diag::err(ctx, "dd", "cannot combine excl and nocreat");
        return Err(1);
    }
    Ok(o)
}

/// gnulib `human_readable` with autoscale, round-to-nearest and a space before the unit:
/// `1.5 kB`, `10 MiB`.
fn human(n: u64, si: bool) -> String {
    let base: u64 = if si { 1000 } else { 1024 };
    let units: &[&str] = if si {
        &["B", "kB", "MB", "GB", "TB", "PB", "EB"]
    } else {
        &["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]
    };
    let (mut amt, mut tenths, mut rounding, mut exp) = (n, 0u64, 0u64, 0usize);
    let mut text = None;
    if base <= amt {
        while base <= amt && exp < units.len() - 1 {
            let r10 = (amt % base) * 10 + tenths;
            let r2 = (r10 % base) * 2 + (rounding >> 1);
            amt /= base;
            tenths = r10 / base;
            rounding = if r2 < base {
                u64::from(r2 + rounding != 0)
            } else {
                2 + u64::from(base < r2 + rounding)
            };
            exp += 1;
        }
        if amt < 10 {
            if 2 < rounding + (tenths & 1) {
                tenths += 1;
                rounding = 0;
                if tenths == 10 {
                    amt += 1;
                    tenths = 0;
                }
            }
            if amt < 10 {
                text = Some(format!("{amt}.{tenths}"));
                tenths = 0;
                rounding = 0;
            }
        }
    }
    if text.is_none() && 5 < tenths + u64::from(0 < rounding + (amt & 1)) {
        amt += 1;
        if amt == base && exp < units.len() - 1 {
            exp += 1;
            text = Some("1.0".to_string());
        }
    }
    let num = text.unwrap_or_else(|| amt.to_string());
    format!("{num} {}", units[exp])
}

#[derive(Default)]
struct Counts {
    full_in: u64,
    part_in: u64,
    full_out: u64,
    part_out: u64,
    bytes: u64,
}

fn summary(ctx: &mut dyn ToolCtx, o: &Opts, c: &Counts, elapsed: Duration) {
    if o.status == Status::None {
        return;
    }
    let mut s = format!(
        "{}+{} records in\n{}+{} records out\n",
        c.full_in, c.part_in, c.full_out, c.part_out
    );
    if o.status == Status::Default {
        let b = c.bytes;
        let what = if b == 1 {
            "1 byte".to_string()
        } else if b < 1000 {
            format!("{b} bytes")
        } else if b < 1024 {
            format!("{b} bytes ({})", human(b, true))
        } else {
            format!("{b} bytes ({}, {})", human(b, true), human(b, false))
        };
        let secs = elapsed.as_secs_f64();
        let rate = if b == 0 {
            "0.0 kB/s".to_string()
        } else if secs > 0.0 {
            format!("{}/s", human((b as f64 / secs) as u64, true))
        } else {
            "Infinity B/s".to_string()
        };
        s.push_str(&format!(
            "{what} copied, {} s, {rate}\n",
            sandsh_text::printf::general(secs, 6, false)
        ));
    }
    let _ = ctx.stderr().write_all(s.as_bytes());
}

/// Where output goes.
enum Sink {
    Stdout,
    Stderr,
    File { path: PathBuf, pos: u64 },
}

enum Src {
    Stdin,
    Reader(Box<dyn Read + Send>),
}

/// The output file opened as GNU's dd opens it (create, excl, nocreat, truncation at seek).
fn open_output(ctx: &mut dyn ToolCtx, o: &Opts, name: &str, obs: u64) -> Result<Sink, String> {
    let path = ctx.resolve_path(name);
    let p = path.to_string_lossy();
    if p == "/dev/stdout" || p == "/dev/fd/1" {
        return Ok(Sink::Stdout);
    }
    if p == "/dev/stderr" || p == "/dev/fd/2" {
        return Ok(Sink::Stderr);
    }
    let fail = |e: VfsError| format!("failed to open {}: {e}", quote::quote(name));
    let seek = if o.seek.1 || o.seek_bytes {
        o.seek.0
    } else {
        o.seek.0.saturating_mul(obs)
    };
    let be = ctx.backend().clone();
    match be.stat(&path) {
        Ok(m) if m.is_dir() => Err(fail(VfsError::IsADirectory)),
        Ok(_) if o.excl => Err(fail(VfsError::AlreadyExists)),
        Ok(m) => {
            if m.is_file() && !o.notrunc && !o.append {
                be.truncate(&path, seek).map_err(fail)?;
            }
            let pos = if o.append { m.size } else { seek };
            Ok(Sink::File { path, pos })
        }
        Err(VfsError::NotFound) if o.nocreat => Err(fail(VfsError::NotFound)),
        Err(VfsError::NotFound) => {
            be.write(&path, b"", WriteMode::CreateNew, 0o666 & !ctx.umask())
                .map_err(fail)?;
            if seek > 0 {
                be.truncate(&path, seek).map_err(fail)?;
            }
            Ok(Sink::File { path, pos: seek })
        }
        Err(e) => Err(fail(e)),
    }
}

fn write_block(ctx: &mut dyn ToolCtx, sink: &mut Sink, data: &[u8]) -> Result<(), String> {
    match sink {
        Sink::Stdout => ctx
            .stdout()
            .write_all(data)
            .map_err(|e| format!("error writing 'standard output': {}", diag::io_msg(&e))),
        Sink::Stderr => ctx
            .stderr()
            .write_all(data)
            .map_err(|e| format!("error writing 'standard error': {}", diag::io_msg(&e))),
        Sink::File { path, pos } => {
            let be = ctx.backend().clone();
            be.write(path, data, WriteMode::At(*pos), 0o666 & !ctx.umask())
                .map_err(|e| {
                    format!(
                        "error writing {}: {e}",
                        quote::quote(&path.to_string_lossy())
                    )
                })?;
            *pos += data.len() as u64;
            Ok(())
        }
    }
}

/// Read up to `buf.len()` bytes: once (a pipe's read) or until full / end of input.
fn read_block(
    ctx: &mut dyn ToolCtx,
    src: &mut Src,
    buf: &mut [u8],
    fill: bool,
) -> std::io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        if ctx.is_cancelled() {
            return Err(sandsh_api::Cancelled::io());
        }
        let n = match src {
            Src::Stdin => ctx.stdin().read(&mut buf[got..])?,
            Src::Reader(r) => r.read(&mut buf[got..])?,
        };
        got += n;
        if n == 0 || !fill {
            break;
        }
    }
    Ok(got)
}

impl ParsedCommand for Dd {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let o = match parse_operands(ctx, &p.operands) {
            Ok(o) => o,
            Err(s) => return s,
        };
        let start = ctx.now();
        let ibs = o.bs.or(o.ibs).unwrap_or(512);
        let obs = o.bs.or(o.obs).unwrap_or(512);
        // Without bs=, partial reads are gathered into obs-sized writes (GNU's C_TWOBUFS).
        let two_bufs = o.bs.is_none();
        let in_name = o.input.clone().unwrap_or_default();
        let display_in = if o.input.is_some() {
            quote::quotef(&in_name)
        } else {
            quote::quote("standard input")
        };
        // A pipe gives what it has per read; files and devices fill the block.
        let mut fill = o.fullblock;
        let input_is_dir = o.input.as_ref().is_some_and(|n| input::is_dir(ctx, n));
        let mut src = match &o.input {
            None => {
                fill |= ctx.stdin_path().is_some();
                Src::Stdin
            }
            Some(name) => {
                fill = true;
                if input_is_dir {
                    // Opened, as GNU's open succeeds; the first read fails below.
                    Src::Stdin
                } else {
                    match ctx.open_read(name) {
                        Ok(r) => Src::Reader(r),
                        Err(e) => {
                            let m = format!(
                                "failed to open {}: {}",
                                quote::quote(name),
                                diag::io_msg(&e)
                            );
                            diag::err(ctx, "dd", &m);
                            return 1;
                        }
                    }
                }
            }
        };
        let mut sink = match &o.output {
            None => Sink::Stdout,
            Some(name) => match open_output(ctx, &o, name, obs) {
                Ok(s) => s,
                Err(m) => {
                    diag::err(ctx, "dd", &m);
                    return 1;
                }
            },
        };
        let mut c = Counts::default();
        let mut status = 0;
        let finish = |ctx: &mut dyn ToolCtx, c: &Counts, status: ExitStatus| {
            let elapsed = ctx.now().duration_since(start).unwrap_or_default();
            summary(ctx, &o, c, elapsed);
            status
        };
        if input_is_dir {
            let m = format!("error reading {}: Is a directory", quote::quote(&in_name));
            diag::err(ctx, "dd", &m);
            return finish(ctx, &c, 1);
        }
        // Skip input: read and discard.
        let skip = if o.skip.1 || o.skip_bytes {
            o.skip.0
        } else {
            o.skip.0.saturating_mul(ibs)
        };
        if skip > 0 {
            let mut left = skip;
            let mut scratch = vec![0u8; input::CHUNK.min(skip as usize)];
            while left > 0 {
                let want = (left as usize).min(scratch.len());
                match read_block(ctx, &mut src, &mut scratch[..want], true) {
                    Ok(0) => {
                        if o.status != Status::None {
                            let m = format!("{display_in}: cannot skip to specified offset");
                            diag::err(ctx, "dd", &m);
                        }
                        break;
                    }
                    Ok(n) => left -= n as u64,
                    Err(_) if ctx.is_cancelled() => return 130,
                    Err(e) => {
                        let m = format!("{display_in}: cannot skip: {}", diag::io_msg(&e));
                        diag::err(ctx, "dd", &m);
                        return finish(ctx, &c, 1);
                    }
                }
            }
        }
        // count=: in blocks, or bytes with iflag=count_bytes / a B suffix.
        let byte_limit = o.count.filter(|(_, b)| *b || o.count_bytes).map(|(n, _)| n);
        let block_limit = o
            .count
            .filter(|(_, b)| !*b && !o.count_bytes)
            .map(|(n, _)| n);
        let mut ibuf = vec![0u8; ibs as usize];
        let mut obuf: Vec<u8> = Vec::new();
        let mut read_total = 0u64;
        loop {
            if ctx.is_cancelled() {
                return 130;
            }
            if block_limit.is_some_and(|n| c.full_in + c.part_in >= n) {
                break;
            }
            let want = match byte_limit {
                Some(n) if n <= read_total => break,
                Some(n) => (n - read_total).min(ibs) as usize,
                None => ibs as usize,
            };
            let mut n = match read_block(ctx, &mut src, &mut ibuf[..want], fill) {
                Ok(n) => n,
                Err(_) if ctx.is_cancelled() => return 130,
                Err(e) => {
                    let m = format!("error reading {display_in}: {}", diag::io_msg(&e));
                    diag::err(ctx, "dd", &m);
                    if o.noerror {
                        status = 1;
                        continue;
                    }
                    return finish(ctx, &c, 1);
                }
            };
            if n == 0 {
                break;
            }
            read_total += n as u64;
            if n as u64 == ibs {
                c.full_in += 1;
            } else {
                c.part_in += 1;
                if o.sync {
                    ibuf[n..].fill(0);
                    n = ibs as usize;
                }
            }
            let block = &mut ibuf[..n];
            if o.ucase {
                block.make_ascii_uppercase();
            } else if o.lcase {
                block.make_ascii_lowercase();
            }
            if two_bufs {
                obuf.extend_from_slice(block);
                while obuf.len() as u64 >= obs {
                    let rest = obuf.split_off(obs as usize);
                    if let Err(m) = write_block(ctx, &mut sink, &obuf) {
                        diag::err(ctx, "dd", &m);
                        return finish(ctx, &c, 1);
                    }
                    c.full_out += 1;
                    c.bytes += obs;
                    obuf = rest;
                }
            } else {
                if let Err(m) = write_block(ctx, &mut sink, block) {
                    diag::err(ctx, "dd", &m);
                    return finish(ctx, &c, 1);
                }
                if n as u64 == obs {
                    c.full_out += 1;
                } else {
                    c.part_out += 1;
                }
                c.bytes += n as u64;
            }
        }
        if !obuf.is_empty() {
            if let Err(m) = write_block(ctx, &mut sink, &obuf) {
                diag::err(ctx, "dd", &m);
                return finish(ctx, &c, 1);
            }
            c.part_out += 1;
            c.bytes += obuf.len() as u64;
        }
        finish(ctx, &c, status)
    }
}

#[cfg(test)]
mod tests {
    use super::{Dd, human, parse_num};
    use crate::common::testing::{TestCtx, run, run_in};

    #[test]
    fn sizes() {
        for (s, want) in [
            ("1c", 1),
            ("1w", 2),
            ("1b", 512),
            ("1kB", 1000),
            ("1K", 1024),
            ("1k", 1024),
            ("1KiB", 1024),
            ("1MB", 1_000_000),
            ("1M", 1 << 20),
            ("2x3", 6),
            ("1xM", 1 << 20),
            ("1Kx2", 2048),
            (" 3", 3),
            ("01", 1),
        ] {
            assert_eq!(parse_num(s).map(|v| v.0), Some(want), "{s}");
        }
        for s in ["2x3x2", "0x5", "-1", "1e", "", "x"] {
            assert_eq!(parse_num(s), None, "{s}");
        }
        assert_eq!(parse_num("2B"), Some((2, true)));
    }

    #[test]
    fn human_sizes() {
        for (n, si, iec) in [
            (1000, "1.0 kB", "1000 B"),
            (1024, "1.0 kB", "1.0 KiB"),
            (1050, "1.0 kB", "1.0 KiB"),
            (1150, "1.2 kB", "1.1 KiB"),
            (1500, "1.5 kB", "1.5 KiB"),
            (10239, "10 kB", "10 KiB"),
            (99999, "100 kB", "98 KiB"),
            (999_999, "1.0 MB", "977 KiB"),
            (1_000_000, "1.0 MB", "977 KiB"),
            (10_485_760, "10 MB", "10 MiB"),
        ] {
            assert_eq!(human(n, true), si, "{n}");
            assert_eq!(human(n, false), iec, "{n}");
        }
        assert_eq!(
            sandsh_text::printf::general(4.3014e-05, 6, false),
            "4.3014e-05"
        );
        assert_eq!(
            sandsh_text::printf::general(0.000815571, 6, false),
            "0.000815571"
        );
        assert_eq!(sandsh_text::printf::general(1.5, 6, false), "1.5");
    }

    #[test]
    fn copies_blocks() {
        let (s, o, e) = run_in(&Dd, &["bs=5"], "hello world\n");
        assert_eq!((s, o.as_str()), (0, "hello world\n"));
        assert!(
            e.starts_with("2+1 records in\n2+1 records out\n12 bytes copied, "),
            "{e}"
        );
        let (_, o, e) = run_in(&Dd, &["ibs=3", "obs=2", "conv=sync"], "abcdefg");
        assert_eq!(o, "abcdefg\0\0");
        assert!(
            e.starts_with("2+1 records in\n4+1 records out\n9 bytes copied"),
            "{e}"
        );
        let (_, o, _) = run_in(
            &Dd,
            &["iflag=skip_bytes,count_bytes", "skip=3", "count=4"],
            "hello world",
        );
        assert_eq!(o, "lo w");
    }

    #[test]
    fn output_file_seek_and_notrunc() {
        let mut c = TestCtx::new()
            .file("in", b"hello world\n")
            .file("o2", b"XXXXXXXXXXXXXXXXXXXX");
        let args = [
            "if=in",
            "of=o2",
            "seek=1",
            "bs=4",
            "conv=notrunc",
            "status=none",
        ];
        assert_eq!(run(&Dd, &args, &mut c), 0);
        assert_eq!(c.read("o2"), Some(b"XXXXhello world\nXXXX".to_vec()));
        let args = [
            "if=in",
            "of=out",
            "seek=2",
            "bs=3",
            "conv=ucase",
            "status=none",
        ];
        assert_eq!(run(&Dd, &args, &mut c), 0);
        assert_eq!(c.read("out"), Some(b"\0\0\0\0\0\0HELLO WORLD\n".to_vec()));
        assert_eq!(c.err_str(), "");
    }

    #[test]
    fn errors() {
        let (s, _, e) = run_in(&Dd, &["foo=1"], "");
        assert_eq!(s, 1);
        assert!(e.starts_with("dd: unrecognized operand \u{2018}foo=1\u{2019}\n"));
        let (s, _, e) = run_in(&Dd, &["bs=0"], "");
        assert_eq!(
            (s, e.as_str()),
            (1, "dd: invalid number: \u{2018}0\u{2019}\n")
        );
        let (s, _, e) = run_in(&Dd, &["conv=lcase,ucase"], "");
        assert_eq!((s, e.as_str()), (1, "dd: cannot combine lcase and ucase\n"));
        let (s, _, e) = run_in(&Dd, &["if=nope"], "");
        assert_eq!(
            (s, e.as_str()),
            (1, "dd: failed to open 'nope': No such file or directory\n")
        );
        let (s, _, e) = run_in(&Dd, &["if=/tmp"], "");
        assert_eq!(s, 1);
        assert!(e.starts_with("dd: error reading '/tmp': Is a directory\n0+0 records in\n"));
    }
}
