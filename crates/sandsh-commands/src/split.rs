//! `split`: split a file into pieces.
//!
//! Ports GNU split's file naming (suffix alphabets, `-a`, automatic widening `xyz` → `xzaaa`
//! when `-a` is not given, `--additional-suffix`) and its modes: `-l` lines, `-b` bytes and
//! `-C` line-bytes stream the input; `-n` chunks need the input size, so the input is read
//! whole through [`input::read_all`], and a pipe is refused as GNU refuses it ("cannot
//! determine file size"; `< file` works). Round-robin `-n r/N` streams. Output files
//! are written through the VFS as data arrives (first write truncates, later ones append).

use sandsh_api::fs::WriteMode;
use sandsh_api::opt;
use sandsh_api::{
    ArgSpec, ArgType, Cancelled, CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs,
    ParsedCommand, RiskLevel, ToolCtx,
};

use crate::common::diag;
use crate::common::input::{Lines, Source};
use crate::common::output;
use crate::common::{input, quote, sizes};

pub struct Split;

static SPEC: CommandSpec = CommandSpec {
    name: "split",
    group: "fs",
    summary: "split a file into pieces",
    usage: "split [OPTION]... [FILE [PREFIX]]",
    description: "Output pieces of FILE to PREFIXaa, PREFIXab, ...; default size is 1000 lines, and default PREFIX is 'x'. With no FILE, or when FILE is -, read standard input. SIZE may have a multiplier suffix (K, M, G, KB, MB, ...). CHUNKS may be N (split into N files based on size of input), K/N (output Kth of N to stdout), l/N, l/K/N (without splitting lines), r/N, r/K/N (round robin distribution).",
    options: &[
        OptSpec::new(
            "-a, --suffix-length=N",
            "generate suffixes of length N (default 2)",
        ),
        OptSpec::new(
            "--additional-suffix=SUFFIX",
            "append an additional SUFFIX to file names",
        ),
        OptSpec::new("-b, --bytes=SIZE", "put SIZE bytes per output file"),
        OptSpec::new(
            "-C, --line-bytes=SIZE",
            "put at most SIZE bytes of records per output file",
        ),
        OptSpec::new("-d", "use numeric suffixes starting at 0, not alphabetic"),
        OptSpec::new("--numeric-suffixes=FROM", "same as -d, but start at FROM"),
        OptSpec::new("-x", "use hex suffixes starting at 0, not alphabetic"),
        OptSpec::new("--hex-suffixes=FROM", "same as -x, but start at FROM"),
        OptSpec::new(
            "-e, --elide-empty-files",
            "do not generate empty output files with '-n'",
        ),
        OptSpec::new(
            "-l, --lines=NUMBER",
            "put NUMBER lines/records per output file",
        ),
        OptSpec::new("-n, --number=CHUNKS", "generate CHUNKS output files"),
        OptSpec::new(
            "-t, --separator=SEP",
            "use SEP instead of newline as the record separator; '\\0' (zero) specifies the NUL character",
        ),
        OptSpec::new(
            "-u, --unbuffered",
            "immediately copy input to output with '-n r/...' (no effect here)",
        ),
        OptSpec::new(
            "--verbose",
            "print a diagnostic just before each output file is opened",
        ),
    ],
    operands: &[
        ArgSpec::optional("FILE", ArgType::Path, "input file (- for stdin)"),
        ArgSpec::optional(
            "PREFIX",
            ArgType::String,
            "output file name prefix (default x)",
        ),
    ],
    returns: "nothing on stdout (files are written); with K/N the chunk itself",
    examples: &[
        Example {
            description: "two lines per file",
            script: "seq 5 | split -l 2; cat xab",
            stdout: "3\n4\n",
        },
        Example {
            description: "numeric suffixes",
            script: "seq 4 | split -d -l 2 - part_; ls part_*",
            stdout: "part_00\npart_01\n",
        },
    ],
    errors: "exit 1 on a bad size or count, unreadable input, unwritable output, or exhausted suffixes",
    risk: RiskLevel::LowRisk,
};

/// GNU's output file namer.
struct Namer {
    base: Vec<u8>,
    alphabet: &'static [u8],
    suffix_length: usize,
    auto: bool,
    additional: Vec<u8>,
    index: Vec<usize>,
    started: bool,
    start: Option<Vec<u8>>,
}

impl Namer {
    fn next(&mut self) -> Result<Vec<u8>, String> {
        if !self.started {
            self.started = true;
            self.index = vec![0; self.suffix_length];
            if let Some(s) = &self.start {
                let n = s.len().min(self.suffix_length);
                let off = self.suffix_length - n;
                for (k, b) in s[s.len() - n..].iter().enumerate() {
                    self.index[off + k] = self.alphabet.iter().position(|c| c == b).unwrap_or(0);
                }
            }
        } else {
            let mut i = self.suffix_length;
            let mut done = false;
            while i > 0 {
                i -= 1;
                self.index[i] += 1;
                if self.auto && i == 0 && self.index[0] + 1 >= self.alphabet.len() {
                    // Widen: the last letter joins the prefix, the suffix grows by one.
                    self.base.push(self.alphabet[self.index[0]]);
                    self.suffix_length += 1;
                    self.index = vec![0; self.suffix_length];
                    done = true;
                    break;
                }
                if self.index[i] < self.alphabet.len() {
                    done = true;
                    break;
                }
                self.index[i] = 0;
            }
            if !done {
                return Err("output file suffixes exhausted".into());
            }
        }
        let mut name = self.base.clone();
        name.extend(self.index.iter().map(|&k| self.alphabet[k]));
        name.extend_from_slice(&self.additional);
        Ok(name)
    }
}

/// The output side: the current file and how to open the next.
struct Out {
    namer: Namer,
    verbose: bool,
    current: Option<std::path::PathBuf>,
}

impl Out {
    /// Start a new output file (created empty).
    fn open_next(&mut self, ctx: &mut dyn ToolCtx) -> Result<(), String> {
        let name = self.namer.next()?;
        let name = diag::lossy(&name);
        if self.verbose {
            let _ = output::out(
                ctx,
                format!("creating file {}\n", quote::quote(&name)).as_bytes(),
            );
        }
        output::write_file(ctx, &name, b"").map_err(|e| format!("{}: {e}", quote::quote(&name)))?;
        self.current = Some(ctx.resolve_path(&name));
        Ok(())
    }

    fn write(&mut self, ctx: &mut dyn ToolCtx, data: &[u8]) -> Result<(), String> {
        if data.is_empty() {
            return Ok(());
        }
        let Some(p) = &self.current else {
            return Ok(());
        };
        ctx.backend()
            .write(p, data, WriteMode::Append, 0o666)
            .map_err(|e| format!("{}: {e}", p.display()))
    }
}

enum Mode {
    Lines(u64),
    Bytes(u64),
    LineBytes(u64),
    /// (kind b/l/r, K (0 = all), N)
    Chunks(u8, u64, u64),
}

fn parse_count(s: &str, what: &str, allow_suffix: bool) -> Result<u64, String> {
    let v = if allow_suffix {
        sizes::parse_size(s)
    } else {
        s.parse::<u64>().ok()
    };
    match v {
        Some(0) => Err(format!(
            "invalid number of {what}: {}: Numerical result out of range",
            quote::cquote(s)
        )),
        Some(n) => Ok(n),
        None => Err(format!("invalid number of {what}: {}", quote::cquote(s))),
    }
}

fn parse_chunks(s: &str) -> Result<(u8, u64, u64), String> {
    let (kind, rest) = match s.split_once('/') {
        Some(("l", r)) => (b'l', r),
        Some(("r", r)) => (b'r', r),
        _ => (b'b', s),
    };
    let (k, n) = match rest.split_once('/') {
        Some((k, n)) => {
            let n = parse_count(n, "chunks", false)?;
            let kk: u64 = k
                .parse()
                .map_err(|_| format!("invalid chunk number: {}", quote::cquote(k)))?;
            if kk == 0 || kk > n {
                return Err(format!(
                    "invalid chunk number: {}: Numerical result out of range",
                    quote::cquote(k)
                ));
            }
            (kk, n)
        }
        None => (0, parse_count(rest, "chunks", false)?),
    };
    Ok((kind, k, n))
}

impl ParsedCommand for Split {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let fail = |ctx: &mut dyn ToolCtx, m: &str| diag::fail(ctx, "split", m);
        let mut mode: Option<Mode> = None;
        let mut alphabet: &'static [u8] = b"abcdefghijklmnopqrstuvwxyz";
        let mut start: Option<Vec<u8>> = None;
        let mut sep = b'\n';
        for (i, v) in &p.opts {
            let o = &SPEC.options[*i];
            let val = v.as_deref().map(diag::lossy).unwrap_or_default();
            let m = match (o.short, o.long) {
                (Some('l'), _) => Some(parse_count(&val, "lines", false).map(Mode::Lines)),
                (Some('b'), _) => Some(parse_count(&val, "bytes", true).map(Mode::Bytes)),
                (Some('C'), _) => Some(parse_count(&val, "bytes", true).map(Mode::LineBytes)),
                (Some('n'), _) => Some(parse_chunks(&val).map(|(k, a, b)| Mode::Chunks(k, a, b))),
                (Some('d'), _) => {
                    alphabet = b"0123456789";
                    None
                }
                (Some('x'), _) => {
                    alphabet = b"0123456789abcdef";
                    None
                }
                (None, Some(l @ ("numeric-suffixes" | "hex-suffixes"))) => {
                    alphabet = if l == "hex-suffixes" {
                        b"0123456789abcdef"
                    } else {
                        b"0123456789"
                    };
                    if val.is_empty() || !val.bytes().all(|b| alphabet.contains(&b)) {
                        let m = format!(
                            "{}: invalid start value for numerical suffix",
                            quote::quote(&val)
                        );
                        return fail(ctx, &m);
                    }
                    start = Some(val.clone().into_bytes());
                    None
                }
                (Some('t'), _) => {
                    let b = v.as_deref().unwrap_or_default();
                    sep = match b {
                        [c] => *c,
                        b"\\0" => 0,
                        [] => return fail(ctx, "empty record separator"),
                        _ => {
                            let m = format!("multi-character separator {}", quote::cquote(&val));
                            return fail(ctx, &m);
                        }
                    };
                    None
                }
                _ => None,
            };
            if let Some(m) = m {
                match m {
                    Ok(m) => {
                        if mode.is_some() {
                            return diag::usage(
                                ctx,
                                &SPEC,
                                "split: cannot split in more than one way",
                                1,
                            );
                        }
                        mode = Some(m);
                    }
                    Err(e) => return fail(ctx, &e),
                }
            }
        }
        let mode = mode.unwrap_or(Mode::Lines(1000));
        let mut ops = p.operands.clone();
        if ops.len() > 2 {
            let m = format!(
                "split: extra operand {}",
                quote::cquote(&diag::lossy(&ops[2]))
            );
            return diag::usage(ctx, &SPEC, &m, 1);
        }
        let prefix = if ops.len() == 2 {
            ops.pop().unwrap_or_default()
        } else {
            b"x".to_vec()
        };
        let input = ops.pop().unwrap_or_else(|| b"-".to_vec());
        let suffix_given = p.value(opt!(SPEC, "a")).map(|v| diag::lossy(v));
        let mut suffix_length = 0usize;
        if let Some(a) = &suffix_given {
            match a.parse::<usize>() {
                Ok(n) => suffix_length = n,
                Err(_) => {
                    return fail(ctx, &format!("invalid suffix length: {}", quote::cquote(a)));
                }
            }
        }
        let mut auto = suffix_given.is_none() && start.is_none();
        let mut needed = 0usize;
        if let Mode::Chunks(_, _, n) = mode {
            let base = alphabet.len() as u64;
            let mut end = n - 1;
            if let Some(s) = &start {
                end += s.iter().fold(0u64, |acc, b| {
                    acc.saturating_mul(base)
                        .saturating_add(alphabet.iter().position(|c| c == b).unwrap_or(0) as u64)
                });
            }
            let slop = end % base != 0;
            loop {
                end /= base;
                if end == 0 {
                    break;
                }
                needed += 1;
            }
            needed += usize::from(slop);
            auto = false;
        }
        if suffix_given.is_some() {
            if suffix_length < needed {
                return fail(
                    ctx,
                    &format!("the suffix length needs to be at least {needed}"),
                );
            }
        } else {
            suffix_length = needed.max(2);
        }
        let additional = p
            .value(opt!(SPEC, "additional-suffix"))
            .cloned()
            .unwrap_or_default();
        if additional.contains(&b'/') {
            let m = format!(
                "split: invalid suffix {}, contains directory separator",
                quote::cquote(&diag::lossy(&additional))
            );
            return diag::usage(ctx, &SPEC, &m, 1);
        }
        let mut out = Out {
            namer: Namer {
                base: prefix,
                alphabet,
                suffix_length,
                auto,
                additional,
                index: Vec::new(),
                started: false,
                start,
            },
            verbose: p.has(opt!(SPEC, "verbose")),
            current: None,
        };
        // `-n N` and `-n l/N` need the size up front, which a pipe does not have.
        if matches!(mode, Mode::Chunks(kind, _, _) if kind != b'r')
            && input == b"-"
            && ctx.stdin_path().is_none()
        {
            return fail(ctx, "-: cannot determine file size");
        }
        let mut src = match input::open(ctx, &input) {
            Ok(s) => s,
            Err(m) => {
                let m = format!(
                    "cannot open {} for reading: {m}",
                    quote::quote(&diag::lossy(&input))
                );
                return fail(ctx, &m);
            }
        };
        let elide = p.has(opt!(SPEC, "e"));
        let r = match mode {
            Mode::Lines(n) => split_records(ctx, &mut src, &mut out, sep, n, None),
            Mode::LineBytes(n) => split_records(ctx, &mut src, &mut out, sep, u64::MAX, Some(n)),
            Mode::Bytes(n) => split_bytes(ctx, &mut src, &mut out, n),
            Mode::Chunks(b'r', k, n) => round_robin(ctx, &mut src, &mut out, sep, k, n, elide),
            Mode::Chunks(kind, k, n) => match input::read_all(ctx, &mut src) {
                Ok(data) if kind == b'l' => lines_chunks(ctx, &data, &mut out, sep, (k, n), elide),
                Ok(data) => byte_chunks(ctx, &data, &mut out, k, n, elide),
                Err(e) => Err(io(ctx, e)),
            },
        };
        match r {
            Ok(()) => 0,
            Err(_) if ctx.is_cancelled() => 130,
            Err(m) => fail(ctx, &m),
        }
    }
}

fn io(ctx: &dyn ToolCtx, e: std::io::Error) -> String {
    if ctx.is_cancelled() {
        Cancelled.to_string()
    } else {
        diag::io_msg(&e)
    }
}

/// `-l N` (records per file) and `-C SIZE` (whole records up to SIZE bytes per file; longer
/// records are split).
fn split_records(
    ctx: &mut dyn ToolCtx,
    src: &mut Source,
    out: &mut Out,
    sep: u8,
    per_file: u64,
    max_bytes: Option<u64>,
) -> Result<(), String> {
    let mut lines = Lines::new(sep);
    let mut count = 0u64;
    let mut bytes = 0u64;
    let mut open = false;
    let mut pending: Vec<u8> = Vec::new();
    while let Some(line) = lines.next(ctx, src).map_err(|e| io(ctx, e))? {
        if let Some(max) = max_bytes {
            let mut rest: &[u8] = &line;
            while !rest.is_empty() {
                let len = rest.len() as u64;
                if open && bytes + len > max && bytes > 0 {
                    out.write(ctx, &pending)?;
                    pending.clear();
                    open = false;
                }
                if !open {
                    out.open_next(ctx)?;
                    open = true;
                    bytes = 0;
                }
                let take = len.min(max - bytes) as usize;
                pending.extend_from_slice(&rest[..take]);
                bytes += take as u64;
                rest = &rest[take..];
                if bytes == max {
                    out.write(ctx, &pending)?;
                    pending.clear();
                    open = false;
                }
            }
        } else {
            if !open || count == per_file {
                out.write(ctx, &pending)?;
                pending.clear();
                out.open_next(ctx)?;
                open = true;
                count = 0;
            }
            pending.extend_from_slice(&line);
            count += 1;
        }
        if pending.len() >= input::CHUNK {
            out.write(ctx, &pending)?;
            pending.clear();
        }
    }
    out.write(ctx, &pending)
}

fn split_bytes(
    ctx: &mut dyn ToolCtx,
    src: &mut Source,
    out: &mut Out,
    n: u64,
) -> Result<(), String> {
    let mut buf = vec![0u8; input::CHUNK];
    let mut left = 0u64;
    loop {
        if ctx.is_cancelled() {
            return Err(Cancelled.to_string());
        }
        let got = input::read_chunk(ctx, src, &mut buf).map_err(|e| io(ctx, e))?;
        if got == 0 {
            return Ok(());
        }
        let mut data = &buf[..got];
        while !data.is_empty() {
            if left == 0 {
                out.open_next(ctx)?;
                left = n;
            }
            let take = (data.len() as u64).min(left) as usize;
            out.write(ctx, &data[..take])?;
            left -= take as u64;
            data = &data[take..];
        }
    }
}

fn byte_chunks(
    ctx: &mut dyn ToolCtx,
    data: &[u8],
    out: &mut Out,
    k: u64,
    n: u64,
    elide: bool,
) -> Result<(), String> {
    let size = data.len() as u64;
    let chunk = size / n;
    for i in 1..=n {
        let start = (i - 1) * chunk;
        let end = if i == n { size } else { i * chunk };
        let part = &data[start as usize..end as usize];
        if k != 0 {
            if i == k {
                let _ = output::out(ctx, part);
                return Ok(());
            }
            continue;
        }
        if elide && part.is_empty() {
            continue;
        }
        out.open_next(ctx)?;
        out.write(ctx, part)?;
    }
    Ok(())
}

/// GNU's `lines_chunk_split` over a buffered input.
fn lines_chunks(
    ctx: &mut dyn ToolCtx,
    data: &[u8],
    out: &mut Out,
    sep: u8,
    (k, n): (u64, u64),
    elide: bool,
) -> Result<(), String> {
    let size = data.len() as i64;
    let chunk = size / n as i64;
    let mut chunk_no = 1u64;
    let mut chunk_end = chunk - 1;
    let mut written = 0i64;
    let mut new_file = true;
    let mut bp = 0usize;
    let cwrite =
        |ctx: &mut dyn ToolCtx, out: &mut Out, new: bool, part: &[u8]| -> Result<(), String> {
            if new {
                if elide && part.is_empty() {
                    return Ok(());
                }
                out.open_next(ctx)?;
            }
            out.write(ctx, part)
        };
    while bp < data.len() {
        if ctx.is_cancelled() {
            return Err(Cancelled.to_string());
        }
        let n_read = (data.len() - bp) as i64;
        let skip = n_read.min((chunk_end - written).max(0)) as usize;
        let (bp_out, mut next) = match data[bp + skip..].iter().position(|&b| b == sep) {
            Some(p) => (bp + skip + p + 1, true),
            None => (data.len(), false),
        };
        let part = &data[bp..bp_out];
        if k == chunk_no {
            let _ = output::out(ctx, part);
        } else if k == 0 {
            cwrite(ctx, out, new_file, part)?;
        }
        written += part.len() as i64;
        bp = bp_out;
        new_file = next;
        while next || chunk_end < written {
            if !next && bp == data.len() {
                chunk_no += 1;
                break;
            }
            chunk_no += 1;
            if k != 0 && chunk_no > k {
                return Ok(());
            }
            if chunk_no == n {
                chunk_end = size - 1;
            } else {
                chunk_end += chunk;
            }
            if chunk_end < written {
                if k == 0 {
                    cwrite(ctx, out, true, &[])?;
                }
            } else {
                next = false;
            }
        }
    }
    while k == 0 && chunk_no <= n {
        cwrite(ctx, out, true, &[])?;
        chunk_no += 1;
    }
    Ok(())
}

fn round_robin(
    ctx: &mut dyn ToolCtx,
    src: &mut Source,
    out: &mut Out,
    sep: u8,
    k: u64,
    n: u64,
    elide: bool,
) -> Result<(), String> {
    let mut lines = Lines::new(sep);
    let mut files: Vec<Option<std::path::PathBuf>> = Vec::new();
    if k == 0 {
        for _ in 0..n {
            if elide {
                files.push(None);
            } else {
                out.open_next(ctx)?;
                files.push(out.current.clone());
            }
        }
    }
    let mut i = 0u64;
    while let Some(line) = lines.next(ctx, src).map_err(|e| io(ctx, e))? {
        let slot = (i % n) as usize;
        if k != 0 {
            if slot as u64 + 1 == k {
                let _ = output::out(ctx, &line);
            }
        } else {
            if files[slot].is_none() {
                out.open_next(ctx)?;
                files[slot] = out.current.clone();
            }
            out.current = files[slot].clone();
            out.write(ctx, &line)?;
        }
        i += 1;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::Split;
    use crate::common::testing::{TestCtx, run, seq};

    #[test]
    fn lines_and_names() {
        let mut ctx = TestCtx::new().with_stdin(&seq(10));
        let args = ["-l", "3", "-d", "-", "p", "--additional-suffix=.t"];
        assert_eq!(run(&Split, &args, &mut ctx), 0);
        assert_eq!(ctx.read("p00.t").unwrap(), b"1\n2\n3\n");
        assert_eq!(ctx.read("p03.t").unwrap(), b"10\n");
        assert!(!ctx.exists("p04.t"));
        let mut ctx = TestCtx::new().with_stdin(&seq(700));
        assert_eq!(run(&Split, &["-l", "1"], &mut ctx), 0);
        assert_eq!(ctx.read("xyz").unwrap(), b"650\n");
        assert_eq!(ctx.read("xzaaa").unwrap(), b"651\n");
    }

    #[test]
    fn bytes_and_chunks() {
        let mut ctx = TestCtx::new().with_stdin(b"abcdefg");
        assert_eq!(run(&Split, &["-b", "3"], &mut ctx), 0);
        assert_eq!(ctx.read("xac").unwrap(), b"g");
        let mut ctx = TestCtx::new().file("in", &seq(10));
        assert_eq!(run(&Split, &["-n", "l/3", "in"], &mut ctx), 0);
        assert_eq!(ctx.read("xaa").unwrap(), b"1\n2\n3\n4\n");
        let mut ctx = TestCtx::new().with_stdin(&seq(10));
        assert_eq!(run(&Split, &["-n", "r/2/3"], &mut ctx), 0);
        assert_eq!(ctx.out_str(), "2\n5\n8\n");
    }

    #[test]
    fn errors() {
        let mut ctx = TestCtx::new().with_stdin(&seq(30));
        assert_eq!(run(&Split, &["-a", "1", "-l", "1"], &mut ctx), 1);
        assert_eq!(ctx.err_str(), "split: output file suffixes exhausted\n");
        let mut ctx = TestCtx::new();
        assert_eq!(run(&Split, &["-l", "0"], &mut ctx), 1);
        assert_eq!(
            ctx.err_str(),
            "split: invalid number of lines: ‘0’: Numerical result out of range\n"
        );
    }
}
