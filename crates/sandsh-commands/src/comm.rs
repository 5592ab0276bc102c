//! `comm`: compare two sorted files line by line.
//!
//! Streams both inputs. Lines compare as bytes (the C.UTF-8 collation order). The order check
//! follows GNU: by default a file found out of order is reported once, only after an unpairable
//! line has been seen, and the run ends with status 1; `--check-order` makes the first disorder
//! fatal; `--nocheck-order` turns the check off.

use sandsh_api::opt;
use sandsh_api::{
    Arg, ArgSpec, ArgType, CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand,
    RiskLevel, ToolCtx,
};

use sandsh_api::rows::ZERO_TERMINATED;

use crate::common::diag;
use crate::common::input::{CHECK_ORDER, NOCHECK_ORDER, OrderCheck};
use crate::common::input::{Lines, Source};
use crate::common::{input, output};

pub struct Comm;

static SPEC: CommandSpec = CommandSpec {
    name: "comm",
    group: "text",
    summary: "compare two sorted files line by line",
    usage: "comm [OPTION]... FILE1 FILE2",
    description: "Compare sorted files FILE1 and FILE2 line by line. When FILE1 or FILE2 (not both) is -, read standard input. With no options, produce three-column output: lines unique to FILE1, lines unique to FILE2, and lines common to both.",
    options: &[
        OptSpec::new("-1", "suppress column 1 (lines unique to FILE1)"),
        OptSpec::new("-2", "suppress column 2 (lines unique to FILE2)"),
        OptSpec::new("-3", "suppress column 3 (lines that appear in both files)"),
        CHECK_ORDER,
        NOCHECK_ORDER,
        OptSpec::new("--output-delimiter=STR", "separate columns with STR"),
        OptSpec::new("--total", "output a summary"),
        ZERO_TERMINATED,
    ],
    operands: &[
        ArgSpec::required("FILE1", ArgType::Path, "first sorted file"),
        ArgSpec::required("FILE2", ArgType::Path, "second sorted file"),
    ],
    returns: "up to three tab-indented columns",
    examples: &[Example {
        description: "lines common to both",
        script: "printf 'a\\nb\\n' > x; printf 'b\\nc\\n' > y; comm -12 x y",
        stdout: "b\n",
    }],
    errors: "exit 1 on an unreadable file or unsorted input",
    risk: RiskLevel::ReadOnly,
};

struct In {
    src: Source,
    lines: Lines,
    cur: Option<Vec<u8>>,
    prev: Option<Vec<u8>>,
    warned: bool,
}

impl ParsedCommand for Comm {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        if let Err(s) = diag::operand_count(ctx, &SPEC, &p.operands, 2, Some(2)) {
            return s;
        }
        let delims: Vec<&Arg> = p.values(opt!(SPEC, "output-delimiter"));
        if delims.windows(2).any(|w| w[0] != w[1]) {
            diag::err(ctx, "comm", "multiple output delimiters specified");
            return 1;
        }
        let delim: Vec<u8> = match delims.last() {
            Some(d) if d.is_empty() => vec![0],
            Some(d) => d.to_vec(),
            None => b"\t".to_vec(),
        };
        let total_delim: Vec<u8> = delims.last().map(|d| d.to_vec()).unwrap_or(b"\t".to_vec());
        let mut check = OrderCheck::Default;
        for (i, _) in &p.opts {
            match SPEC.options[*i].long {
                Some("check-order") => check = OrderCheck::On,
                Some("nocheck-order") => check = OrderCheck::Off,
                _ => {}
            }
        }
        let show = [
            !p.has(opt!(SPEC, "1")),
            !p.has(opt!(SPEC, "2")),
            !p.has(opt!(SPEC, "3")),
        ];
        let eol = if p.has(opt!(SPEC, "z")) { 0 } else { b'\n' };
        let mut ins = Vec::new();
        for f in &p.operands {
            match input::open(ctx, f) {
                Ok(src) => ins.push(In {
                    src,
                    lines: Lines::new(eol),
                    cur: None,
                    prev: None,
                    warned: false,
                }),
                Err(m) => {
                    diag::err(ctx, "comm", &format!("{}: {m}", diag::lossy(f)));
                    return 1;
                }
            }
        }
        let mut out = Vec::new();
        let mut totals = [0u64; 3];
        let mut seen_unpairable = false;
        let mut disorder = false;
        // Read the first line of each.
        for inp in ins.iter_mut() {
            if let Err(s) = advance(ctx, inp, eol) {
                return s;
            }
        }
        loop {
            if ctx.is_cancelled() {
                return 130;
            }
            let order = match (&ins[0].cur, &ins[1].cur) {
                (None, None) => break,
                (Some(_), None) => std::cmp::Ordering::Less,
                (None, Some(_)) => std::cmp::Ordering::Greater,
                (Some(a), Some(b)) => a.cmp(b),
            };
            if order != std::cmp::Ordering::Equal {
                seen_unpairable = true;
            }
            let (col, adv): (usize, &[usize]) = match order {
                std::cmp::Ordering::Less => (0, &[0]),
                std::cmp::Ordering::Greater => (1, &[1]),
                std::cmp::Ordering::Equal => (2, &[0, 1]),
            };
            totals[col] += 1;
            if show[col] {
                for _ in show[..col].iter().filter(|s| **s) {
                    out.extend_from_slice(&delim);
                }
                let line = if col == 1 { &ins[1].cur } else { &ins[0].cur };
                out.extend_from_slice(line.as_deref().unwrap_or_default());
                out.push(eol);
            }
            for &k in adv {
                if let Err(s) = advance(ctx, &mut ins[k], eol) {
                    return s;
                }
                // Check the order of what was just read.
                let inp = &mut ins[k];
                if check.applies(seen_unpairable)
                    && !inp.warned
                    && let (Some(prev), Some(cur)) = (&inp.prev, &inp.cur)
                    && prev > cur
                {
                    if !output::out(ctx, &out) {
                        return 1;
                    }
                    out.clear();
                    diag::err(
                        ctx,
                        "comm",
                        &format!("file {} is not in sorted order", k + 1),
                    );
                    if check.is_fatal() {
                        return 1;
                    }
                    inp.warned = true;
                    disorder = true;
                }
            }
            if out.len() >= input::CHUNK {
                if !output::out(ctx, &out) {
                    return 1;
                }
                out.clear();
            }
        }
        if p.has(opt!(SPEC, "total")) {
            let d = &total_delim;
            out.extend_from_slice(totals[0].to_string().as_bytes());
            out.extend_from_slice(d);
            out.extend_from_slice(totals[1].to_string().as_bytes());
            out.extend_from_slice(d);
            out.extend_from_slice(totals[2].to_string().as_bytes());
            out.extend_from_slice(d);
            out.extend_from_slice(b"total");
            out.push(eol);
        }
        if !output::out(ctx, &out) {
            return 1;
        }
        if disorder {
            diag::err(ctx, "comm", "input is not in sorted order");
            return 1;
        }
        0
    }
}

/// Move one input to its next line (keeping the previous one for the order check).
fn advance(ctx: &mut dyn ToolCtx, inp: &mut In, eol: u8) -> Result<(), i32> {
    let next = match inp.lines.next(ctx, &mut inp.src) {
        Ok(l) => l.map(|mut l| {
            if l.last() == Some(&eol) {
                l.pop();
            }
            l
        }),
        Err(e) => {
            if ctx.is_cancelled() {
                return Err(130);
            }
            diag::err(ctx, "comm", &diag::io_msg(&e));
            return Err(1);
        }
    };
    inp.prev = std::mem::replace(&mut inp.cur, next);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::Comm;
    use crate::common::testing::{check_pairs, run_on_pair};

    #[test]
    fn columns() {
        let (a, b) = ("a\nb\n", "b\nc\n");
        check_pairs(
            &Comm,
            &[
                (&[], a, b, "a\n\t\tb\n\tc\n"),
                (&["-3"], a, b, "a\n\tc\n"),
                (&["-12"], "a\nb", b, "b\n"),
                (&["--output-delimiter=::"], a, b, "a\n::::b\n::c\n"),
                (&["--total", "-3"], a, b, "a\n\tc\n1\t1\t1\ttotal\n"),
            ],
        );
    }

    #[test]
    fn order() {
        let (s, o, e) = run_on_pair(&Comm, &[], "b\na\nc\n", "a\nb\nc\n");
        assert_eq!(s, 1);
        assert_eq!(o, "\ta\n\t\tb\na\n\t\tc\n");
        assert_eq!(
            e,
            "comm: file 1 is not in sorted order\ncomm: input is not in sorted order\n"
        );
        let (s, o, _) = run_on_pair(&Comm, &["--check-order"], "b\na\nc\n", "a\nb\nc\n");
        assert_eq!((s, o.as_str()), (1, "\ta\n\t\tb\n"));
        let (s, _, e) = run_on_pair(&Comm, &["--nocheck-order"], "b\na\nc\n", "a\nb\nc\n");
        assert_eq!((s, e.as_str()), (0, ""));
    }
}
