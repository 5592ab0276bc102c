//! `seq`: print a sequence of numbers.
//!
//! Integers (the common case) are exact `i128` arithmetic; decimals are computed as
//! `first + i * step` (not accumulated) in `f64` and printed with as many decimals as the
//! operands have, as GNU does, including its rule that a final value which prints equal to LAST
//! is still printed. Output goes out in chunks and stops at the first failed write, so
//! `seq 1 100000000 | head -n 2` returns at once.

use sandsh_api::opt;
use sandsh_api::{
    Arg, ArgParser, ArgSpec, ArgType, Command, CommandSpec, Example, ExitStatus, OptSpec,
    RiskLevel, ToolCtx,
};
use sandsh_text::printf::{PrintfTimes, format as printf};

use crate::common::{diag, input, output, quote};

pub struct Seq;

static SPEC: CommandSpec = CommandSpec {
    name: "seq",
    group: "text",
    summary: "print a sequence of numbers",
    usage: "seq [OPTION]... LAST\n  or:  seq [OPTION]... FIRST LAST\n  or:  seq [OPTION]... FIRST INCREMENT LAST",
    description: "Print numbers from FIRST to LAST, in steps of INCREMENT (both default to 1). FIRST, INCREMENT and LAST are integers or decimals; negative values are accepted as operands. The output has as many decimals as FIRST and INCREMENT have.",
    options: &[
        OptSpec::new(
            "-f, --format=FORMAT",
            "use printf style floating-point FORMAT",
        ),
        OptSpec::new(
            "-s, --separator=STRING",
            "use STRING to separate numbers (default: \\n)",
        ),
        OptSpec::new(
            "-w, --equal-width",
            "equalize width by padding with leading zeroes",
        ),
    ],
    operands: &[
        ArgSpec::optional("FIRST", ArgType::Number, "start (default 1)"),
        ArgSpec::optional("INCREMENT", ArgType::Number, "step (default 1)"),
        ArgSpec::required("LAST", ArgType::Number, "end (inclusive)"),
    ],
    returns: "the numbers, one per line (or separated by -s)",
    examples: &[
        Example {
            description: "count to three",
            script: "seq 3",
            stdout: "1\n2\n3\n",
        },
        Example {
            description: "step and separator",
            script: "seq -s, 1 2 7",
            stdout: "1,3,5,7\n",
        },
        Example {
            description: "equal width, counting down",
            script: "seq -w 10 -5 0",
            stdout: "10\n05\n00\n",
        },
        Example {
            description: "decimals",
            script: "seq 0 0.5 1",
            stdout: "0.0\n0.5\n1.0\n",
        },
    ],
    errors: "exit 1 on missing or invalid operands, a zero increment, or a bad format",
    risk: RiskLevel::ReadOnly,
};

struct Num {
    text: String,
    value: f64,
    int: Option<i128>,
    /// Digits after the decimal point, `None` when not determinable (exponents, inf).
    frac: Option<usize>,
}

fn parse_num(s: &str) -> Option<Num> {
    let t = s.trim_start();
    let body = t.strip_prefix('+').unwrap_or(t);
    let value: f64 = body.parse().ok()?;
    if body.eq_ignore_ascii_case("nan") || body.to_ascii_lowercase().contains("nan") {
        return None;
    }
    let plain = body
        .trim_start_matches('-')
        .chars()
        .all(|c| c.is_ascii_digit() || c == '.');
    let frac = if plain {
        Some(body.split_once('.').map_or(0, |(_, f)| f.len()))
    } else {
        None
    };
    let int = if plain && !body.contains('.') {
        body.parse::<i128>().ok()
    } else {
        None
    };
    Some(Num {
        text: s.to_string(),
        value,
        int,
        frac,
    })
}

fn is_negative_number(a: &[u8]) -> bool {
    a.len() >= 2 && a[0] == b'-' && (a[1].is_ascii_digit() || a[1] == b'.')
}

impl Command for Seq {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let opts = match parse_args(args, ctx) {
            Ok(o) => o,
            Err(s) => return s,
        };
        let (first, step, last) = match bounds(ctx, &opts.operands) {
            Ok(b) => b,
            Err(s) => return s,
        };
        if let Some(f) = &opts.fmt
            && let Err(s) = check_format(ctx, f)
        {
            return s;
        }
        let mut em = Emitter {
            sep: &opts.sep,
            out: Vec::with_capacity(input::CHUNK + 64),
            first_item: true,
        };
        let ok =
            if let (Some(a), Some(d), Some(z), None) = (first.int, step.int, last.int, &opts.fmt) {
                count_integers(ctx, &mut em, (a, d, z), opts.equal)
            } else {
                count_floats(ctx, &mut em, (&first, &step, &last), &opts)
            };
        if !ok {
            return 1;
        }
        em.finish(ctx)
    }
}

/// The command line: `-s`, `-f`, `-w` and the one to three number operands.
struct Options {
    sep: Vec<u8>,
    fmt: Option<Vec<u8>>,
    equal: bool,
    operands: Vec<Arg>,
}

fn parse_args(args: &[Arg], ctx: &mut dyn ToolCtx) -> Result<Options, ExitStatus> {
    // As GNU: option parsing stops at the first negative number.
    let cut = args
        .iter()
        .position(|a| is_negative_number(a))
        .unwrap_or(args.len());
    let mut p = match ArgParser::parse(&SPEC, &args[..cut]) {
        Ok(p) => p,
        Err(e) => return Err(diag::usage(ctx, &SPEC, &e.message, 1)),
    };
    p.operands.extend(args[cut..].iter().cloned());
    let sep = p
        .value(opt!(SPEC, "s"))
        .cloned()
        .unwrap_or_else(|| b"\n".to_vec());
    let fmt = p.value(opt!(SPEC, "f")).cloned();
    let equal = p.has(opt!(SPEC, "w"));
    if fmt.is_some() && equal {
        return Err(diag::usage(
            ctx,
            &SPEC,
            "seq: format string may not be specified when printing equal width strings",
            1,
        ));
    }
    if p.operands.is_empty() {
        return Err(diag::usage(ctx, &SPEC, "seq: missing operand", 1));
    }
    if let Some(op) = p.operands.get(3) {
        sandsh_api::extra_operand(op, &SPEC).report(ctx, &SPEC);
        return Err(1);
    }
    Ok(Options {
        sep,
        fmt,
        equal,
        operands: p.operands,
    })
}

/// FIRST, INCREMENT and LAST from the operands (FIRST and INCREMENT default to 1).
fn bounds(ctx: &mut dyn ToolCtx, operands: &[Arg]) -> Result<(Num, Num, Num), ExitStatus> {
    let mut nums = Vec::new();
    for o in operands {
        let s = diag::lossy(o);
        match parse_num(&s) {
            Some(n) => nums.push(n),
            None => {
                let m = format!(
                    "seq: invalid floating point argument: {}",
                    quote::cquote(&s)
                );
                return Err(diag::usage(ctx, &SPEC, &m, 1));
            }
        }
    }
    let one = || parse_num("1").ok_or(1);
    let default = one()?;
    let (first, step, last) = match nums.len() {
        1 => (one()?, default, nums.remove(0)),
        2 => {
            let l = nums.remove(1);
            (nums.remove(0), default, l)
        }
        _ => {
            let l = nums.remove(2);
            let s = nums.remove(1);
            (nums.remove(0), s, l)
        }
    };
    if step.value == 0.0 {
        let m = format!(
            "seq: invalid Zero increment value: {}",
            quote::cquote(&step.text)
        );
        return Err(diag::usage(ctx, &SPEC, &m, 1));
    }
    Ok((first, step, last))
}

/// `-f FORMAT` must have exactly one `%` directive.
fn check_format(ctx: &mut dyn ToolCtx, f: &[u8]) -> Result<(), ExitStatus> {
    let n = count_directives(f);
    if n == 1 {
        return Ok(());
    }
    let m = if n == 0 {
        format!(
            "format {} has no % directive",
            quote::cquote(&diag::lossy(f))
        )
    } else {
        format!(
            "format {} has too many % directives",
            quote::cquote(&diag::lossy(f))
        )
    };
    diag::err(ctx, "seq", &m);
    Err(1)
}

/// The output: numbers joined by the separator, written out a chunk at a time.
struct Emitter<'s> {
    sep: &'s [u8],
    out: Vec<u8>,
    /// No number written yet.
    first_item: bool,
}

impl Emitter<'_> {
    /// Adds one number; false when cancelled or the write failed.
    fn emit(&mut self, ctx: &mut dyn ToolCtx, text: &[u8]) -> bool {
        if !self.first_item {
            self.out.extend_from_slice(self.sep);
        }
        self.first_item = false;
        self.out.extend_from_slice(text);
        if self.out.len() >= input::CHUNK {
            if ctx.is_cancelled() || !output::out(ctx, &self.out) {
                return false;
            }
            self.out.clear();
        }
        true
    }

    /// Ends the output with a newline (if a number was written) and writes it out.
    fn finish(mut self, ctx: &mut dyn ToolCtx) -> ExitStatus {
        if !self.first_item {
            self.out.push(b'\n');
        }
        if !output::out(ctx, &self.out) {
            return 1;
        }
        0
    }
}

/// The exact integer path: FIRST, INCREMENT and LAST are integers and there is no format.
fn count_integers(
    ctx: &mut dyn ToolCtx,
    em: &mut Emitter<'_>,
    (a, d, z): (i128, i128, i128),
    equal: bool,
) -> bool {
    let width = if equal {
        a.to_string().len().max(z.to_string().len())
    } else {
        0
    };
    let mut x = a;
    while (d > 0 && x <= z) || (d < 0 && x >= z) {
        let s = if equal {
            pad(&x.to_string(), width)
        } else {
            x.to_string()
        };
        if !em.emit(ctx, s.as_bytes()) {
            return false;
        }
        match x.checked_add(d) {
            Some(n) => x = n,
            None => break,
        }
    }
    true
}

/// The floating-point path: `first + i * step`, printed with the format, with as many
/// decimals as the operands have, or as `%g`.
fn count_floats(
    ctx: &mut dyn ToolCtx,
    em: &mut Emitter<'_>,
    (first, step, last): (&Num, &Num, &Num),
    opts: &Options,
) -> bool {
    let fmt = opts.fmt.as_deref();
    let prec = match (first.frac, step.frac) {
        (Some(a), Some(b)) if last.frac.is_some() => Some(a.max(b)),
        _ => None,
    };
    let width = if opts.equal && fmt.is_none() {
        render(first.value, fmt, prec)
            .len()
            .max(render(last.value, fmt, prec).len())
    } else {
        0
    };
    let last_text = render(last.value, fmt, prec);
    let mut prev: Vec<u8> = Vec::new();
    let mut i: u64 = 0;
    loop {
        let x = first.value + (i as f64) * step.value;
        let beyond = if step.value > 0.0 {
            x > last.value
        } else {
            x < last.value
        };
        let mut t = render(x, fmt, prec);
        if beyond && (t != last_text || t == prev) {
            break;
        }
        if width > 0 {
            t = pad(&diag::lossy(&t), width).into_bytes();
        }
        if !em.emit(ctx, &t) {
            return false;
        }
        if beyond || !x.is_finite() {
            break;
        }
        prev = render(x, fmt, prec);
        i += 1;
    }
    true
}

/// One number as text: through the format, with `prec` decimals, or as `%g`.
fn render(v: f64, fmt: Option<&[u8]>, prec: Option<usize>) -> Vec<u8> {
    match (fmt, prec) {
        (Some(f), _) => {
            let mut o = Vec::new();
            printf(
                f,
                &[format!("{v:e}").into_bytes()],
                PrintfTimes::default(),
                &mut o,
            );
            o
        }
        (None, Some(pr)) => format!("{v:.pr$}").into_bytes(),
        (None, None) => {
            let mut o = Vec::new();
            printf(
                b"%g",
                &[format!("{v:e}").into_bytes()],
                PrintfTimes::default(),
                &mut o,
            );
            o
        }
    }
}

fn pad(s: &str, width: usize) -> String {
    if s.len() >= width {
        return s.to_string();
    }
    match s.strip_prefix('-') {
        Some(rest) => format!("-{}{rest}", "0".repeat(width - s.len())),
        None => format!("{}{s}", "0".repeat(width - s.len())),
    }
}

fn count_directives(f: &[u8]) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < f.len() {
        if f[i] == b'%' {
            if f.get(i + 1) == Some(&b'%') {
                i += 2;
                continue;
            }
            n += 1;
        }
        i += 1;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::Seq;
    use crate::common::testing::run_in;

    fn seq(args: &[&str]) -> String {
        run_in(&Seq, args, "").1
    }

    #[test]
    fn sequences() {
        assert_eq!(seq(&["3"]), "1\n2\n3\n");
        assert_eq!(seq(&["-1"]), "");
        assert_eq!(seq(&["10", "-3", "1"]), "10\n7\n4\n1\n");
        assert_eq!(seq(&["-w", "-1", "1"]), "-1\n00\n01\n");
        assert_eq!(seq(&["0.1", "0.1", "0.3"]), "0.1\n0.2\n0.3\n");
        assert_eq!(seq(&["-f", "%.2f", "1", "0.5", "2"]), "1.00\n1.50\n2.00\n");
        assert_eq!(seq(&["-s", ",", "3"]), "1,2,3\n");
        assert_eq!(seq(&["5", "1"]), "");
        assert_eq!(seq(&["1e2", "1e2"]), "100\n");
    }

    #[test]
    fn errors() {
        let (s, _, e) = run_in(&Seq, &["0", "0", "1"], "");
        assert_eq!(s, 1);
        assert!(e.starts_with("seq: invalid Zero increment value: \u{2018}0\u{2019}"));
        assert_eq!(run_in(&Seq, &["x"], "").0, 1);
        assert_eq!(run_in(&Seq, &[], "").0, 1);
    }
}
