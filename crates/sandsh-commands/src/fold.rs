//! `fold`: wrap each input line to fit in a specified width.
//!
//! A port of GNU fold's loop: columns count bytes (GNU fold is not multibyte-aware), a tab
//! advances to the next multiple of 8, backspace steps back and carriage return resets, unless
//! `-b` counts every byte as one column. Lines stream one at a time.

use std::borrow::Cow;

use sandsh_api::opt;
use sandsh_api::{
    Arg, CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand, RiskLevel, ToolCtx,
};

use crate::common::obsolete;
use sandsh_api::rows::FILES;

use crate::common::input::{self, Halt};
use crate::common::output;
use crate::common::{diag, quote};

pub struct Fold;

static SPEC: CommandSpec = CommandSpec {
    name: "fold",
    group: "text",
    summary: "wrap each input line to fit in specified width",
    usage: "fold [OPTION]... [FILE]...",
    description: "Wrap input lines in each FILE, writing to standard output. With no FILE, or when FILE is -, read standard input. `-NUM` is accepted as `-w NUM`.",
    options: &[
        OptSpec::new("-b, --bytes", "count bytes rather than columns"),
        OptSpec::new("-s, --spaces", "break at spaces"),
        OptSpec::new("-w, --width=WIDTH", "use WIDTH columns instead of 80"),
    ],
    operands: &[FILES],
    returns: "the wrapped lines",
    examples: &[
        Example {
            description: "wrap at 3 columns",
            script: "echo abcdefg | fold -w 3",
            stdout: "abc\ndef\ng\n",
        },
        Example {
            description: "break at spaces",
            script: "echo 'hello big world' | fold -sw 10",
            stdout: "hello big \nworld\n",
        },
    ],
    errors: "exit 1 on a bad width or an unreadable file",
    risk: RiskLevel::ReadOnly,
};

fn adjust(column: usize, c: u8, bytes: bool) -> usize {
    if bytes {
        return column + 1;
    }
    match c {
        8 => column.saturating_sub(1),
        b'\r' => 0,
        b'\t' => column + 8 - column % 8,
        _ => column + 1,
    }
}

/// Fold one line (without its newline) into `out`.
fn fold_line(line: &[u8], width: usize, bytes: bool, spaces: bool, out: &mut Vec<u8>) {
    let mut buf: Vec<u8> = Vec::new();
    let mut column = 0usize;
    for &c in line {
        loop {
            column = adjust(column, c, bytes);
            if column > width {
                if spaces && let Some(p) = buf.iter().rposition(|b| *b == b' ' || *b == b'\t') {
                    let end = p + 1;
                    out.extend_from_slice(&buf[..end]);
                    out.push(b'\n');
                    buf.drain(..end);
                    column = 0;
                    for &b in &buf {
                        column = adjust(column, b, bytes);
                    }
                    continue;
                }
                if buf.is_empty() {
                    buf.push(c);
                    break;
                }
                out.extend_from_slice(&buf);
                out.push(b'\n');
                buf.clear();
                column = 0;
                continue;
            }
            buf.push(c);
            break;
        }
    }
    out.extend_from_slice(&buf);
}

impl ParsedCommand for Fold {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn prepare<'a>(&self, args: &'a [Arg]) -> Cow<'a, [Arg]> {
        let args = obsolete::number_option(args, b"-w");
        Cow::Owned(args)
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let width = match p.value(opt!(SPEC, "w")) {
            None => 80,
            Some(w) => {
                let s = diag::lossy(w);
                match s.trim_start().parse::<u64>() {
                    Ok(0) => {
                        diag::err(
                            ctx,
                            "fold",
                            &format!(
                                "invalid number of columns: {}: Numerical result out of range",
                                quote::cquote(&s)
                            ),
                        );
                        return 1;
                    }
                    Ok(n) => n.min(usize::MAX as u64 / 2) as usize,
                    Err(_) => {
                        diag::err(
                            ctx,
                            "fold",
                            &format!("invalid number of columns: {}", quote::cquote(&s)),
                        );
                        return 1;
                    }
                }
            }
        };
        let bytes = p.has(opt!(SPEC, "b"));
        let spaces = p.has(opt!(SPEC, "s"));
        let mut out = Vec::new();
        let read = input::for_each_record_of(ctx, "fold", p.operands, b'\n', |ctx, line| {
            let (body, nl) = match line.strip_suffix(b"\n") {
                Some(b) => (b, true),
                None => (line, false),
            };
            fold_line(body, width, bytes, spaces, &mut out);
            if nl {
                out.push(b'\n');
            }
            output::flush_when_full(ctx, &mut out).map_err(Halt::Exit)
        });
        output::finish(ctx, &out, read)
    }
}

#[cfg(test)]
mod tests {
    use super::Fold;
    use crate::common::testing::run_in;

    #[test]
    fn folds() {
        assert_eq!(run_in(&Fold, &["-w3"], "abcdefg\n").1, "abc\ndef\ng\n");
        assert_eq!(run_in(&Fold, &["-3"], "abcdef").1, "abc\ndef");
        assert_eq!(
            run_in(&Fold, &["-s", "-w", "10"], "hello big world\n").1,
            "hello big \nworld\n"
        );
        assert_eq!(run_in(&Fold, &["-w", "4"], "a\tb\n").1, "a\n\t\nb\n");
        assert_eq!(
            run_in(&Fold, &["-b", "-w", "4"], "a\tbcde\n").1,
            "a\tbc\nde\n"
        );
    }

    #[test]
    fn bad_width() {
        let (s, _, e) = run_in(&Fold, &["-w", "x"], "");
        assert_eq!(
            (s, e.as_str()),
            (1, "fold: invalid number of columns: ‘x’\n")
        );
    }
}
