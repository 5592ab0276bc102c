//! `head`: the first part of files.
//!
//! Streams: with a positive count it stops reading (and drops its input) as soon as the count is
//! reached, which is what lets `yes | head -n 1` end. Negative counts ("all but the last N")
//! buffer the input.

use std::borrow::Cow;

use sandsh_api::{
    Arg, CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand, RiskLevel, ToolCtx,
};

use sandsh_api::rows::{FILES, ZERO_TERMINATED};

use crate::common::input::{Lines, Source};
use crate::common::obsolete;
use crate::common::output;
use crate::common::{diag, input, quote, sizes};

pub struct Head;

static SPEC: CommandSpec = CommandSpec {
    name: "head",
    group: "text",
    summary: "output the first part of files",
    usage: "head [OPTION]... [FILE]...",
    description: "Print the first 10 lines of each FILE to standard output. With more than one FILE, precede each with a header giving the file name. With no FILE, or when FILE is -, read standard input. `-NUM` is accepted as `-n NUM`.",
    options: &[
        OptSpec::new(
            "-c, --bytes=[-]NUM",
            "print the first NUM bytes; with a leading '-', all but the last NUM bytes",
        ),
        OptSpec::new(
            "-n, --lines=[-]NUM",
            "print the first NUM lines instead of 10; with a leading '-', all but the last NUM lines",
        ),
        OptSpec::new("-q, --quiet", "never print headers giving file names"),
        OptSpec::new("--silent", "same as --quiet"),
        OptSpec::new("-v, --verbose", "always print headers giving file names"),
        ZERO_TERMINATED,
    ],
    operands: &[FILES],
    returns: "the first lines or bytes",
    examples: &[
        Example {
            description: "first two lines",
            script: "printf '1\\n2\\n3\\n' | head -n 2",
            stdout: "1\n2\n",
        },
        Example {
            description: "all but the last line",
            script: "printf '1\\n2\\n3\\n' | head -n -1",
            stdout: "1\n2\n",
        },
        Example {
            description: "first bytes",
            script: "echo hello | head -c 3",
            stdout: "hel",
        },
    ],
    errors: "exit 1 when a file cannot be read (the others are still printed); invalid counts are usage errors (exit 1)",
    risk: RiskLevel::ReadOnly,
};

#[derive(Clone, Copy)]
enum Count {
    Lines(u64, bool),
    Bytes(u64, bool),
}

fn parse_count(s: &[u8], what: &str) -> Result<(u64, bool), String> {
    let t = diag::lossy(s);
    let (neg, body) = match t.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, t.strip_prefix('+').unwrap_or(&t)),
    };
    match sizes::parse_size(body) {
        Some(n) => Ok((n, neg)),
        // GNU names the count without its leading `-` (`-c -x` is "‘x’"), `+` kept.
        None => Err(format!(
            "invalid number of {what}: {}",
            quote::cquote(t.strip_prefix('-').unwrap_or(&t))
        )),
    }
}

impl ParsedCommand for Head {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn prepare<'a>(&self, args: &'a [Arg]) -> Cow<'a, [Arg]> {
        let args = obsolete::legacy_count(args, b"cbklmnqvz");
        Cow::Owned(args)
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let mut count = Count::Lines(10, false);
        let mut headers: Option<bool> = None;
        let mut delim = b'\n';
        for (i, v) in &p.opts {
            let o = &SPEC.options[*i];
            match (o.short, o.long) {
                (Some('n'), _) | (Some('c'), _) => {
                    let lines = o.short == Some('n');
                    let v = v.as_deref().unwrap_or_default();
                    match parse_count(v, if lines { "lines" } else { "bytes" }) {
                        Ok((n, neg)) => {
                            count = if lines {
                                Count::Lines(n, neg)
                            } else {
                                Count::Bytes(n, neg)
                            }
                        }
                        Err(m) => {
                            diag::err(ctx, "head", &m);
                            return 1;
                        }
                    }
                }
                (Some('q'), _) | (None, Some("silent")) => headers = Some(false),
                (Some('v'), _) => headers = Some(true),
                (Some('z'), _) => delim = 0,
                _ => {}
            }
        }
        output::each_file_with_header(ctx, "head", p.operands, headers, |ctx, src| {
            copy_head(ctx, src, count, delim).map_err(|e| diag::io_msg(&e))
        })
    }
}

/// Copy the selected part; `Ok(false)` when stdout is gone.
fn copy_head(
    ctx: &mut dyn ToolCtx,
    src: &mut Source,
    count: Count,
    delim: u8,
) -> std::io::Result<bool> {
    match count {
        Count::Bytes(n, false) => {
            let mut left = n;
            // Only as much as is asked for: `head -c 10` zeroes no chunk.
            let mut buf = vec![0u8; (n as usize).min(input::CHUNK)];
            while left > 0 {
                let want = (left as usize).min(buf.len());
                let got = input::read_chunk(ctx, src, &mut buf[..want])?;
                if got == 0 {
                    break;
                }
                if !output::out(ctx, &buf[..got]) {
                    return Ok(false);
                }
                left -= got as u64;
            }
            Ok(true)
        }
        Count::Lines(n, false) => {
            let mut lines = Lines::new(delim);
            let mut left = n;
            while left > 0 {
                let Some(line) = lines.next(ctx, src)? else {
                    break;
                };
                if !output::out(ctx, &line) {
                    return Ok(false);
                }
                left -= 1;
            }
            Ok(true)
        }
        Count::Bytes(n, true) => {
            let data = input::read_all(ctx, src)?;
            let keep = data.len().saturating_sub(n.min(usize::MAX as u64) as usize);
            Ok(output::out(ctx, &data[..keep]))
        }
        Count::Lines(n, true) => {
            let data = input::read_all(ctx, src)?;
            let recs = input::split_records(&data, delim);
            let keep = recs.len().saturating_sub(n.min(usize::MAX as u64) as usize);
            let end: usize = recs[..keep]
                .iter()
                .map(|r| r.len() + 1)
                .sum::<usize>()
                .min(data.len());
            Ok(output::out(ctx, &data[..end]))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Head;
    use crate::common::testing::{TestCtx, run, run_in};

    #[test]
    fn lines_and_bytes() {
        assert_eq!(run_in(&Head, &["-n", "2"], "1\n2\n3\n").1, "1\n2\n");
        assert_eq!(run_in(&Head, &["-2"], "1\n2\n3\n").1, "1\n2\n");
        assert_eq!(run_in(&Head, &["-n", "-1"], "1\n2\n3").1, "1\n2\n");
        assert_eq!(run_in(&Head, &["-c", "-2"], "abcd").1, "ab");
        assert_eq!(run_in(&Head, &["-c2"], "abcd").1, "ab");
        assert_eq!(
            run_in(&Head, &[], "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n")
                .1
                .lines()
                .count(),
            10
        );
    }

    #[test]
    fn headers_and_errors() {
        let mut ctx = TestCtx::new().file("a", b"x\ny\n").file("b", b"z\n");
        assert_eq!(run(&Head, &["-n1", "a", "nope", "b"], &mut ctx), 1);
        assert_eq!(ctx.out_str(), "==> a <==\nx\n\n==> b <==\nz\n");
        assert_eq!(
            ctx.err_str(),
            "head: cannot open 'nope' for reading: No such file or directory\n"
        );
        let (s, _, e) = run_in(&Head, &["-n", "x"], "");
        assert_eq!(
            (s, e.as_str()),
            (1, "head: invalid number of lines: \u{2018}x\u{2019}\n")
        );
    }
}
