//! `paste`: merge lines of files.
//!
//! Streams: parallel mode reads one line of each input per output line; serial mode (`-s`)
//! joins one input at a time. Every `-` operand shares the one standard input, as in GNU
//! (`paste - -` pairs consecutive lines).

use sandsh_api::opt;
use sandsh_api::{
    CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand, RiskLevel, ToolCtx,
};

use sandsh_api::rows::{FILES, ZERO_TERMINATED};

use crate::common::input::{Lines, Source};
use crate::common::{diag, input, output};

pub struct Paste;

static SPEC: CommandSpec = CommandSpec {
    name: "paste",
    group: "text",
    summary: "merge lines of files",
    usage: "paste [OPTION]... [FILE]...",
    description: "Write lines consisting of the sequentially corresponding lines from each FILE, separated by TABs, to standard output. With no FILE, or when FILE is -, read standard input. The delimiter LIST may use \\n, \\t, \\\\ and \\0 (no delimiter); its characters are used in turn.",
    options: &[
        OptSpec::new(
            "-d, --delimiters=LIST",
            "reuse characters from LIST instead of TABs",
        ),
        OptSpec::new(
            "-s, --serial",
            "paste one file at a time instead of in parallel",
        ),
        ZERO_TERMINATED,
    ],
    operands: &[FILES],
    returns: "the merged lines",
    examples: &[
        Example {
            description: "join lines with commas",
            script: "printf 'a\\nb\\nc\\n' | paste -sd,",
            stdout: "a,b,c\n",
        },
        Example {
            description: "pair consecutive lines",
            script: "printf '1\\n2\\n3\\n4\\n' | paste - -",
            stdout: "1\t2\n3\t4\n",
        },
    ],
    errors: "exit 1 when a file cannot be read or the delimiter list ends in a backslash",
    risk: RiskLevel::ReadOnly,
};

/// Parse the delimiter list; each entry is zero or one byte (`\0` is empty).
fn parse_delims(d: &[u8]) -> Result<Vec<Vec<u8>>, ()> {
    let mut v = Vec::new();
    let mut i = 0;
    while i < d.len() {
        if d[i] == b'\\' {
            i += 1;
            let Some(&c) = d.get(i) else {
                return Err(());
            };
            v.push(match c {
                b'n' => vec![b'\n'],
                b't' => vec![b'\t'],
                b'\\' => vec![b'\\'],
                b'0' => Vec::new(),
                b'b' => vec![8],
                b'f' => vec![12],
                b'r' => vec![b'\r'],
                b'v' => vec![11],
                c => vec![c],
            });
            i += 1;
        } else {
            // One character (a whole UTF-8 sequence) per entry.
            let len = utf8_len(d[i]).min(d.len() - i);
            let ok = std::str::from_utf8(&d[i..i + len]).is_ok();
            let len = if ok { len } else { 1 };
            v.push(d[i..i + len].to_vec());
            i += len;
        }
    }
    if v.is_empty() {
        v.push(Vec::new());
    }
    Ok(v)
}

fn utf8_len(b: u8) -> usize {
    match b {
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        _ => 1,
    }
}

struct Input {
    /// `None` for standard input (shared).
    src: Option<(Source, Lines)>,
    done: bool,
}

impl ParsedCommand for Paste {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let eol = if p.has(opt!(SPEC, "z")) { 0 } else { b'\n' };
        let delims = match p.value(opt!(SPEC, "d")) {
            Some(d) => match parse_delims(d) {
                Ok(v) => v,
                Err(()) => {
                    diag::err(
                        ctx,
                        "paste",
                        &format!(
                            "delimiter list ends with an unescaped backslash: {}",
                            diag::lossy(d)
                        ),
                    );
                    return 1;
                }
            },
            None => vec![b"\t".to_vec()],
        };
        let serial = p.has(opt!(SPEC, "s"));
        let files = input::files_or_stdin(p.operands);
        let mut stdin_lines = Lines::new(eol);
        let mut stdin_src = Source::Stdin;
        let mut inputs = Vec::new();
        for f in &files {
            if f.as_slice() == b"-" {
                inputs.push(Input {
                    src: None,
                    done: false,
                });
                continue;
            }
            match input::open(ctx, f) {
                Ok(s) => inputs.push(Input {
                    src: Some((s, Lines::new(eol))),
                    done: false,
                }),
                Err(m) => {
                    diag::err(ctx, "paste", &format!("{}: {m}", diag::lossy(f)));
                    return 1;
                }
            }
        }
        let mut out = Vec::new();
        let next_line = |ctx: &mut dyn ToolCtx,
                         inp: &mut Input,
                         stdin_src: &mut Source,
                         stdin_lines: &mut Lines|
         -> Result<Option<Vec<u8>>, i32> {
            if inp.done {
                return Ok(None);
            }
            let r = match &mut inp.src {
                Some((s, l)) => l.next(ctx, s),
                None => stdin_lines.next(ctx, stdin_src),
            };
            match r {
                Ok(Some(mut l)) => {
                    if l.last() == Some(&eol) {
                        l.pop();
                    }
                    Ok(Some(l))
                }
                Ok(None) => {
                    inp.done = true;
                    Ok(None)
                }
                Err(e) => {
                    if ctx.is_cancelled() {
                        return Err(130);
                    }
                    diag::err(ctx, "paste", &diag::io_msg(&e));
                    Err(1)
                }
            }
        };
        if serial {
            for inp in inputs.iter_mut() {
                let mut first = true;
                let mut k = 0;
                loop {
                    let line = match next_line(ctx, inp, &mut stdin_src, &mut stdin_lines) {
                        Ok(Some(l)) => l,
                        Ok(None) => break,
                        Err(s) => return s,
                    };
                    if !first {
                        out.extend_from_slice(&delims[k % delims.len()]);
                        k += 1;
                    }
                    first = false;
                    out.extend_from_slice(&line);
                    if out.len() >= input::CHUNK {
                        if !output::out(ctx, &out) {
                            return 1;
                        }
                        out.clear();
                    }
                }
                out.push(eol);
            }
        } else {
            loop {
                if ctx.is_cancelled() {
                    return 130;
                }
                let mut any = false;
                let start = out.len();
                let n = inputs.len();
                for (i, inp) in inputs.iter_mut().enumerate() {
                    match next_line(ctx, inp, &mut stdin_src, &mut stdin_lines) {
                        Ok(Some(l)) => {
                            any = true;
                            out.extend_from_slice(&l);
                        }
                        Ok(None) => {}
                        Err(s) => return s,
                    }
                    if i + 1 < n {
                        out.extend_from_slice(&delims[i % delims.len()]);
                    }
                }
                if !any {
                    out.truncate(start);
                    break;
                }
                out.push(eol);
                if out.len() >= input::CHUNK {
                    if !output::out(ctx, &out) {
                        return 1;
                    }
                    out.clear();
                }
            }
        }
        if !output::out(ctx, &out) {
            return 1;
        }
        0
    }
}

#[cfg(test)]
mod tests {
    use super::Paste;
    use crate::common::testing::{TestCtx, run, run_in};

    #[test]
    fn parallel_and_serial() {
        let mut ctx = TestCtx::new()
            .file("a", b"a\nb\n")
            .file("b", b"1")
            .file("c", b"");
        assert_eq!(run(&Paste, &["a", "b", "c"], &mut ctx), 0);
        assert_eq!(ctx.out_str(), "a\t1\t\nb\t\t\n");
        let mut ctx = TestCtx::new()
            .file("a", b"a\nb\n")
            .file("b", b"1")
            .file("c", b"");
        run(&Paste, &["-s", "a", "b", "c"], &mut ctx);
        assert_eq!(ctx.out_str(), "a\tb\n1\n\n");
        assert_eq!(
            run_in(&Paste, &["-d,", "-", "-"], "a\nb\nc\n").1,
            "a,b\nc,\n"
        );
        assert_eq!(run_in(&Paste, &["-sd", "\\0x"], "a\nb\nc\n").1, "abxc\n");
    }

    #[test]
    fn bad_delims() {
        let (s, _, e) = run_in(&Paste, &["-d", "a\\"], "");
        assert_eq!(s, 1);
        assert_eq!(
            e,
            "paste: delimiter list ends with an unescaped backslash: a\\\n"
        );
    }
}
