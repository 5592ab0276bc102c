//! `tail`: the last part of files.
//!
//! Reads each input whole (the last N lines are only known at the end); `+N` counts from the
//! start. Following a growing file (`-f`) has no meaning over a snapshot-style filesystem
//! without a writer running alongside, so it is refused rather than faked.

use std::borrow::Cow;

use sandsh_api::{
    Arg, CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand, RiskLevel, ToolCtx,
};

use sandsh_api::rows::{FILES, ZERO_TERMINATED};

use crate::common::obsolete;
use crate::common::output;
use crate::common::{diag, input, quote, sizes};

pub struct Tail;

static SPEC: CommandSpec = CommandSpec {
    name: "tail",
    group: "text",
    summary: "output the last part of files",
    usage: "tail [OPTION]... [FILE]...",
    description: "Print the last 10 lines of each FILE to standard output. With more than one FILE, precede each with a header giving the file name. With no FILE, or when FILE is -, read standard input. `-NUM` and `+NUM` are accepted as `-n NUM` and `-n +NUM`. Following files (-f, -F) is not supported.",
    options: &[
        OptSpec::new(
            "-c, --bytes=[+]NUM",
            "output the last NUM bytes; or use -c +NUM to output starting with byte NUM",
        ),
        OptSpec::new("-f, --follow", "not supported (exits 1)"),
        OptSpec::new("-F", "not supported (exits 1)"),
        OptSpec::new(
            "-n, --lines=[+]NUM",
            "output the last NUM lines, instead of the last 10; or use -n +NUM to skip NUM-1 lines at the start",
        ),
        OptSpec::new("-q, --quiet", "never output headers giving file names"),
        OptSpec::new("--silent", "same as --quiet"),
        OptSpec::new("-v, --verbose", "always output headers giving file names"),
        ZERO_TERMINATED,
    ],
    operands: &[FILES],
    returns: "the last lines or bytes (or all from line or byte NUM with +NUM)",
    examples: &[
        Example {
            description: "last two lines",
            script: "printf '1\\n2\\n3\\n' | tail -n 2",
            stdout: "2\n3\n",
        },
        Example {
            description: "from the second line on",
            script: "printf '1\\n2\\n3\\n' | tail -n +2",
            stdout: "2\n3\n",
        },
        Example {
            description: "last bytes",
            script: "printf 'hello' | tail -c 3",
            stdout: "llo",
        },
    ],
    errors: "exit 1 when a file cannot be read (the others are still printed), on an invalid count, and for -f/-F (not supported)",
    risk: RiskLevel::ReadOnly,
};

#[derive(Clone, Copy)]
struct Count {
    n: u64,
    from_start: bool,
    bytes: bool,
}

fn parse_count(s: &[u8], bytes: bool) -> Result<Count, String> {
    let t = diag::lossy(s);
    let (from_start, body) = match t.strip_prefix('+') {
        Some(r) => (true, r),
        None => (false, t.strip_prefix('-').unwrap_or(&t)),
    };
    match sizes::parse_size(body) {
        Some(n) => Ok(Count {
            n,
            from_start,
            bytes,
        }),
        None => Err(format!(
            "invalid number of {}: {}",
            if bytes { "bytes" } else { "lines" },
            // GNU names the count without its leading `-` (`-c -x` is "‘x’"), `+` kept.
            quote::cquote(t.strip_prefix('-').unwrap_or(&t))
        )),
    }
}

/// Turn the obsolete `+N` / `-N` first argument into `-n`.
fn legacy(args: &[Arg]) -> Vec<Arg> {
    if let Some(first) = args.first()
        && first.len() >= 2
        && first[0] == b'+'
        && first[1..].iter().all(u8::is_ascii_digit)
    {
        let mut out = vec![b"-n".to_vec(), first.clone()];
        out.extend(args[1..].iter().cloned());
        return out;
    }
    obsolete::legacy_count(args, b"cbln")
}

/// `tail -n +N` / `-c +N` in bounded memory: `Ok(false)` when the output fails.
fn stream_from(
    ctx: &mut dyn ToolCtx,
    src: &mut input::Source,
    c: Count,
    delim: u8,
) -> Result<bool, String> {
    let mut skip = c.n.saturating_sub(1);
    let mut buf = input::ChunkBuf::new(256 * 1024);
    loop {
        let read = buf.read(ctx, src).map_err(|e| diag::io_msg(&e))?;
        if read.is_empty() {
            if ctx.is_cancelled() {
                return Err(diag::io_msg(&sandsh_api::Cancelled::io()));
            }
            return Ok(true);
        }
        let mut chunk = &*read;
        while skip > 0 && !chunk.is_empty() {
            if c.bytes {
                let k = (skip.min(chunk.len() as u64)) as usize;
                chunk = &chunk[k..];
                skip -= k as u64;
            } else {
                match memchr::memchr(delim, chunk) {
                    Some(p) => {
                        chunk = &chunk[p + 1..];
                        skip -= 1;
                    }
                    None => chunk = &[],
                }
            }
        }
        if !chunk.is_empty() && !output::out(ctx, chunk) {
            return Ok(false);
        }
    }
}

fn select(data: &[u8], c: Count, delim: u8) -> &[u8] {
    let n = c.n.min(usize::MAX as u64) as usize;
    if c.bytes {
        return if c.from_start {
            &data[n.saturating_sub(1).min(data.len())..]
        } else {
            &data[data.len() - n.min(data.len())..]
        };
    }
    if c.from_start {
        let mut skip = n.saturating_sub(1);
        let mut pos = 0;
        while skip > 0 && pos < data.len() {
            match data[pos..].iter().position(|&b| b == delim) {
                Some(p) => pos += p + 1,
                None => pos = data.len(),
            }
            skip -= 1;
        }
        return &data[pos..];
    }
    if n == 0 {
        return &data[data.len()..];
    }
    // Walk back over n delimiters, ignoring a final one.
    let mut end = data.len();
    if end > 0 && data[end - 1] == delim {
        end -= 1;
    }
    let mut left = n;
    let mut start = end;
    while start > 0 {
        if data[start - 1] == delim {
            left -= 1;
            if left == 0 {
                break;
            }
        }
        start -= 1;
    }
    &data[start..]
}

impl ParsedCommand for Tail {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn prepare<'a>(&self, args: &'a [Arg]) -> Cow<'a, [Arg]> {
        let args = legacy(args);
        Cow::Owned(args)
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let mut count = Count {
            n: 10,
            from_start: false,
            bytes: false,
        };
        let mut headers: Option<bool> = None;
        let mut delim = b'\n';
        for (i, v) in &p.opts {
            let o = &SPEC.options[*i];
            match (o.short, o.long) {
                (Some('n'), _) | (Some('c'), _) => {
                    match parse_count(v.as_deref().unwrap_or_default(), o.short == Some('c')) {
                        Ok(c) => count = c,
                        Err(m) => {
                            diag::err(ctx, "tail", &m);
                            return 1;
                        }
                    }
                }
                (Some('f'), _) | (Some('F'), _) => {
                    diag::err(
                        ctx,
                        "tail",
                        "following files (-f, -F) is not supported in sandsh",
                    );
                    return 1;
                }
                (Some('q'), _) | (None, Some("silent")) => headers = Some(false),
                (Some('v'), _) => headers = Some(true),
                (Some('z'), _) => delim = 0,
                _ => {}
            }
        }
        output::each_file_with_header(ctx, "tail", p.operands, headers, |ctx, src| {
            if count.from_start {
                // +N streams: skip N-1 records (or bytes), then copy chunk by chunk.
                stream_from(ctx, src, count, delim)
            } else {
                let data = input::read_all(ctx, src).map_err(|e| diag::io_msg(&e))?;
                Ok(output::out(ctx, select(&data, count, delim)))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Tail;
    use crate::common::testing::{TestCtx, run, run_in};

    #[test]
    fn counts() {
        assert_eq!(run_in(&Tail, &["-n", "2"], "1\n2\n3\n").1, "2\n3\n");
        assert_eq!(run_in(&Tail, &["-n", "1"], "a\nb").1, "b");
        assert_eq!(run_in(&Tail, &["-2"], "1\n2\n3\n").1, "2\n3\n");
        assert_eq!(run_in(&Tail, &["+2"], "1\n2\n3\n").1, "2\n3\n");
        assert_eq!(run_in(&Tail, &["-n", "+0"], "1\n2\n").1, "1\n2\n");
        assert_eq!(run_in(&Tail, &["-c", "+2"], "abc").1, "bc");
        assert_eq!(run_in(&Tail, &["-c", "2"], "abc").1, "bc");
        assert_eq!(run_in(&Tail, &["-n", "0"], "abc\n").1, "");
        assert_eq!(run_in(&Tail, &["-n", "5"], "a\nb\n").1, "a\nb\n");
        assert_eq!(run_in(&Tail, &["-n", "+3"], "1\n2\n3\n4").1, "3\n4");
        assert_eq!(run_in(&Tail, &["-n", "+9"], "1\n2\n").1, "");
        assert_eq!(run_in(&Tail, &["-c", "+9"], "abc").1, "");
        assert_eq!(run_in(&Tail, &["-zn", "+2"], "a\0b\0").1, "b\0");
    }

    #[test]
    fn from_start_streams_across_chunks() {
        // Records that straddle the 256 KiB reads.
        let line = "x".repeat(100_000) + "\n";
        let input = line.repeat(6);
        let (s, out, _) = run_in(&Tail, &["-n", "+4"], &input);
        assert_eq!(s, 0);
        assert_eq!(out, line.repeat(3));
        let (_, out, _) = run_in(&Tail, &["-c", "+300000"], &input);
        assert_eq!(out.len(), input.len() - 299_999);
    }

    #[test]
    fn follow_refused_and_headers() {
        let (s, _, e) = run_in(&Tail, &["-f"], "");
        assert_eq!(s, 1);
        assert!(e.contains("not supported"));
        let mut ctx = TestCtx::new().file("a", b"x\n");
        assert_eq!(run(&Tail, &["-n1", "a", "a"], &mut ctx), 0);
        assert_eq!(ctx.out_str(), "==> a <==\nx\n\n==> a <==\nx\n");
    }
}
