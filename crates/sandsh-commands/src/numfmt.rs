//! `numfmt`: convert numbers from/to human-readable strings, a port of GNU numfmt's core:
//! `--from`/`--to` (si, iec, iec-i, auto), unit scaling, the rounding modes, GNU's precision
//! rules (one decimal below 10 when scaled, the input's own decimals when not), `--format`
//! (`%[0]['][-][N][.N]f`), `--padding` and GNU's automatic padding to the original field
//! width, fields and delimiters, `--header`, `--invalid`. Values are f64 (GNU uses long
//! double; digits beyond f64 precision may differ). Lines stream one at a time.

use std::borrow::Cow;

use sandsh_api::opt;
use sandsh_api::{
    Arg, ArgSpec, ArgType, CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand,
    RiskLevel, ToolCtx,
};

use crate::common::diag;
use sandsh_api::rows::ZERO_TERMINATED;

use crate::common::input::{self, Halt, Source};
use crate::common::output;
use crate::common::quote;

pub struct Numfmt;

static SPEC: CommandSpec = CommandSpec {
    name: "numfmt",
    group: "text",
    summary: "convert numbers from/to human-readable strings",
    usage: "numfmt [OPTION]... [NUMBER]...",
    description: "Reformat NUMBER(s), or the numbers from standard input if none are specified. UNIT is one of: none, auto (1K = 1000, 1Ki = 1024; --from only), si (1K = 1000), iec (1K = 1024), iec-i (1Ki = 1024). ROUND is up, down, from-zero (default), towards-zero or nearest. FORMAT is printf-like: %[0]['][-][N][.N]f with optional text around it.",
    options: &[
        OptSpec::new(
            "-d, --delimiter=X",
            "use X instead of whitespace for field delimiter",
        ),
        OptSpec::new(
            "--field=FIELDS",
            "replace the numbers in these input fields (default=1)",
        ),
        OptSpec::new("--format=FORMAT", "use printf style floating-point FORMAT"),
        OptSpec::new(
            "--from=UNIT",
            "auto-scale input numbers to UNITs; default is 'none'",
        ),
        OptSpec::new(
            "--from-unit=N",
            "specify the input unit size (instead of the default 1)",
        ),
        OptSpec::new(
            "--grouping",
            "use locale-defined grouping of digits (none in C.UTF-8)",
        ),
        OptSpec::new(
            "--header=N",
            "print (without converting) the first N header lines",
        ),
        OptSpec::new(
            "--invalid=MODE",
            "failure mode for invalid numbers: abort (default), fail, warn, ignore",
        ),
        OptSpec::new(
            "--padding=N",
            "pad the output to N characters; positive N right-aligns, negative left-aligns",
        ),
        OptSpec::new("--round=METHOD", "use METHOD for rounding when scaling"),
        OptSpec::new(
            "--suffix=SUFFIX",
            "add SUFFIX to output numbers, and accept optional SUFFIX in input numbers",
        ),
        OptSpec::new("--to=UNIT", "auto-scale output numbers to UNITs"),
        OptSpec::new(
            "--to-unit=N",
            "the output unit size (instead of the default 1)",
        ),
        ZERO_TERMINATED,
    ],
    operands: &[ArgSpec::optional(
        "NUMBER",
        ArgType::Number,
        "numbers to convert (stdin lines when none)",
    )
    .repeated()],
    returns: "the converted numbers, one per line (or the input lines with fields converted)",
    examples: &[
        Example {
            description: "to SI",
            script: "numfmt --to=si 1500000",
            stdout: "1.5M\n",
        },
        Example {
            description: "from IEC",
            script: "numfmt --from=iec 2K",
            stdout: "2048\n",
        },
        Example {
            description: "a column of sizes",
            script: "printf 'a 2048\\nb 4096\\n' | numfmt --field=2 --to=iec-i",
            stdout: "a 2.0Ki\nb 4.0Ki\n",
        },
    ],
    errors: "exit 2 on an invalid number (with --invalid=abort or fail), 1 on bad options",
    risk: RiskLevel::ReadOnly,
};

#[derive(Clone, Copy, PartialEq)]
enum Scale {
    None,
    Auto,
    Si,
    Iec,
    IecI,
}

/// The value of `--OPT` among `choices` (exact names), or GNU's "invalid argument" message
/// with the list of them.
fn choose<T: Copy>(opt: &str, value: &str, choices: &[(&str, T)]) -> Result<T, String> {
    choices
        .iter()
        .find(|(name, _)| *name == value)
        .map(|&(_, v)| v)
        .ok_or_else(|| {
            let words: Vec<&[&str]> = choices
                .iter()
                .map(|(n, _)| std::slice::from_ref(n))
                .collect();
            diag::invalid_argument("numfmt", value, &format!("--{opt}"), &words)
        })
}

/// The scales `--from` (with `auto`) and `--to` take.
const SCALES: &[(&str, Scale)] = &[
    ("none", Scale::None),
    ("auto", Scale::Auto),
    ("si", Scale::Si),
    ("iec", Scale::Iec),
    ("iec-i", Scale::IecI),
];

#[derive(Clone, Copy, PartialEq)]
enum Round {
    Up,
    Down,
    FromZero,
    TowardsZero,
    Nearest,
}

#[derive(Clone, Copy, PartialEq)]
enum Invalid {
    Abort,
    Fail,
    Warn,
    Ignore,
}

struct Cfg {
    from: Scale,
    to: Scale,
    from_unit: f64,
    to_unit: f64,
    round: Round,
    suffix: Vec<u8>,
    padding: i64,
    auto_padding: bool,
    zero_width: usize,
    user_precision: Option<usize>,
    prefix_text: String,
    suffix_text: String,
    delim: Option<u8>,
    fields: Vec<(usize, usize)>,
    invalid: Invalid,
}

const POWERS: &[u8] = b"KMGTPEZYRQ";

fn round(v: f64, r: Round) -> f64 {
    match r {
        Round::Up => v.ceil(),
        Round::Down => v.floor(),
        Round::FromZero => {
            if v < 0.0 {
                v.floor()
            } else {
                v.ceil()
            }
        }
        Round::TowardsZero => v.trunc(),
        Round::Nearest => v.round(),
    }
}

/// Parse a number with an optional unit suffix; returns (value, decimal digits).
fn parse(cfg: &Cfg, text: &str) -> Result<(f64, usize), String> {
    let q = quote::cquote(text);
    let t = text.trim_start_matches([' ', '\t']);
    let b = t.as_bytes();
    let mut i = 0;
    if b.first() == Some(&b'-') {
        i = 1;
    }
    let ds = i;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    let mut decimals = 0;
    let mut had_digits = i > ds;
    if i < b.len() && b[i] == b'.' {
        i += 1;
        let fs = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        decimals = i - fs;
        had_digits |= decimals > 0;
    }
    if !had_digits {
        return Err(format!("invalid number: {q}"));
    }
    let mut val: f64 = t[..i].parse().map_err(|_| format!("invalid number: {q}"))?;
    let rest = &t[i..];
    if rest.is_empty() {
        return Ok((val * cfg.from_unit, decimals));
    }
    let c = rest.as_bytes()[0];
    let Some(pw) = POWERS.iter().position(|&p| p == c) else {
        return Err(format!("invalid suffix in input: {q}"));
    };
    if cfg.from == Scale::None {
        return Err(format!(
            "rejecting suffix in input: {q} (consider using --from)"
        ));
    }
    let mut rest = &rest[1..];
    let base: f64 = match cfg.from {
        Scale::Si => 1000.0,
        Scale::Iec => 1024.0,
        Scale::IecI => {
            if !rest.starts_with('i') {
                return Err(format!("missing 'i' suffix in input: {q} (e.g Ki/Mi/Gi)"));
            }
            rest = &rest[1..];
            1024.0
        }
        _ => {
            if let Some(r) = rest.strip_prefix('i') {
                rest = r;
                1024.0
            } else {
                1000.0
            }
        }
    };
    if !rest.is_empty() {
        return Err(format!("invalid suffix in input: {q}"));
    }
    val *= base.powi(pw as i32 + 1);
    Ok((val * cfg.from_unit, 0))
}

/// GNU's `double_to_human` (plus the user's format around it).
fn human(cfg: &Cfg, val: f64, precision: usize) -> String {
    let zw = cfg.zero_width;
    let num = |v: f64, prec: usize| {
        if zw > 0 {
            format!("{v:0zw$.prec$}")
        } else {
            format!("{v:.prec$}")
        }
    };
    if cfg.to == Scale::None {
        let p = 10f64.powi(precision as i32);
        let v = round(val * p, cfg.round) / p;
        return num(v, precision);
    }
    let base = if cfg.to == Scale::Si { 1000.0 } else { 1024.0 };
    let mut v = val;
    let mut power = 0usize;
    while v.abs() >= base && power < POWERS.len() {
        v /= base;
        power += 1;
    }
    let adjust = match cfg.user_precision {
        Some(up) => (power * 3).min(up),
        None => usize::from(v.abs() < 10.0),
    };
    let p = 10f64.powi(adjust as i32);
    v = round(v * p, cfg.round) / p;
    if v.abs() >= base {
        v /= base;
        power += 1;
    }
    let show_point = v != 0.0 && v.abs() < 10.0 && power > 0;
    let prec = match cfg.user_precision {
        Some(_) => adjust,
        None => usize::from(show_point),
    };
    let mut s = num(v, prec);
    if power > 0 {
        s.push(POWERS[power - 1] as char);
        if cfg.to == Scale::IecI {
            s.push('i');
        }
    }
    s
}

/// Convert one field's text; Err is the message.
fn convert(cfg: &Cfg, text: &str) -> Result<String, String> {
    let mut t = text;
    if !cfg.suffix.is_empty() {
        let suf = String::from_utf8_lossy(&cfg.suffix).into_owned();
        if let Some(s) = t.strip_suffix(suf.as_str()) {
            t = s;
        }
    }
    let (val, decimals) = parse(cfg, t)?;
    let val = val / cfg.to_unit;
    let precision = cfg.user_precision.unwrap_or(decimals);
    let mut s = human(cfg, val, precision);
    s.push_str(&String::from_utf8_lossy(&cfg.suffix));
    let width = if cfg.padding != 0 {
        cfg.padding
    } else if cfg.auto_padding && text.starts_with([' ', '\t']) {
        // GNU pads to the field's width only when the field kept leading blanks.
        text.chars().count() as i64
    } else {
        0
    };
    let n = s.chars().count() as i64;
    if width > n {
        s = format!("{}{s}", " ".repeat((width - n) as usize));
    } else if width < 0 && -width > n {
        s = format!("{s}{}", " ".repeat((-width - n) as usize));
    }
    Ok(format!("{}{s}{}", cfg.prefix_text, cfg.suffix_text))
}

fn parse_fields(s: &str) -> Option<Vec<(usize, usize)>> {
    let mut v = Vec::new();
    for part in s.split([',', ' ']) {
        if part.is_empty() {
            continue;
        }
        let r = match part.split_once('-') {
            None => {
                let n: usize = part.parse().ok().filter(|n| *n > 0)?;
                (n, n)
            }
            Some(("", hi)) => (1, hi.parse().ok().filter(|n: &usize| *n > 0)?),
            Some((lo, "")) => (lo.parse().ok().filter(|n: &usize| *n > 0)?, usize::MAX),
            Some((lo, hi)) => (lo.parse().ok()?, hi.parse().ok()?),
        };
        v.push(r);
    }
    if v.is_empty() { None } else { Some(v) }
}

/// Parse `--format`: (prefix, suffix, zero width, padding, precision).
fn parse_format(f: &str) -> Result<(String, String, usize, i64, Option<usize>), String> {
    let bad = || {
        format!(
            "invalid format {}, directive must be %[0]['][-][N][.][N]f",
            quote::cquote(f)
        )
    };
    let b = f.as_bytes();
    let mut i = 0;
    let mut prefix = String::new();
    while i < b.len() {
        if b[i] == b'%' {
            if b.get(i + 1) == Some(&b'%') {
                prefix.push('%');
                i += 2;
                continue;
            }
            break;
        }
        prefix.push(b[i] as char);
        i += 1;
    }
    if i >= b.len() {
        return Err(format!("format {} has no % directive", quote::cquote(f)));
    }
    i += 1;
    let (mut zero, mut left) = (false, false);
    while i < b.len() && b"0'-".contains(&b[i]) {
        match b[i] {
            b'0' => zero = true,
            b'-' => left = true,
            _ => {}
        }
        i += 1;
    }
    let ws = i;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    let width: usize = f[ws..i].parse().unwrap_or(0);
    if width > 1 << 16 {
        return Err(bad());
    }
    let mut precision = None;
    if i < b.len() && b[i] == b'.' {
        i += 1;
        let ps = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        precision = Some(f[ps..i].parse().unwrap_or(0));
    }
    if b.get(i) != Some(&b'f') {
        return Err(bad());
    }
    let suffix = f[i + 1..].replace("%%", "%");
    if suffix.contains('%') {
        return Err(format!(
            "format {} has too many % directives",
            quote::cquote(f)
        ));
    }
    let (zw, pad) = if zero && !left {
        (width, 0)
    } else if left {
        (0, -(width as i64))
    } else {
        (0, width as i64)
    };
    Ok((prefix, suffix, zw, pad, precision))
}

/// Outcome of one line: whether every selected field converted; `Err` aborts.
fn process_line(
    ctx: &mut dyn ToolCtx,
    cfg: &Cfg,
    line: &[u8],
    out: &mut Vec<u8>,
) -> Result<bool, ()> {
    let blank = |b: u8| b == b' ' || b == b'\t' || b == b'\n';
    let mut ok = true;
    let mut pos = 0;
    let mut field = 0usize;
    loop {
        field += 1;
        let start = pos;
        let mut end = pos;
        match cfg.delim {
            Some(d) => {
                while end < line.len() && line[end] != d {
                    end += 1;
                }
            }
            None => {
                while end < line.len() && blank(line[end]) {
                    end += 1;
                }
                while end < line.len() && !blank(line[end]) {
                    end += 1;
                }
            }
        }
        let text = &line[start..end];
        let selected = cfg.fields.iter().any(|&(a, b)| a <= field && field <= b);
        if selected {
            let t = String::from_utf8_lossy(text);
            match convert(cfg, &t) {
                Ok(s) => out.extend_from_slice(s.as_bytes()),
                Err(m) => {
                    ok = false;
                    match cfg.invalid {
                        Invalid::Abort => {
                            let _ = output::out(ctx, out);
                            out.clear();
                            diag::err(ctx, "numfmt", &m);
                            return Err(());
                        }
                        Invalid::Fail | Invalid::Warn => {
                            let _ = output::out(ctx, out);
                            out.clear();
                            diag::err(ctx, "numfmt", &m);
                        }
                        Invalid::Ignore => {}
                    }
                    out.extend_from_slice(text);
                }
            }
        } else {
            out.extend_from_slice(text);
        }
        if end < line.len() {
            out.push(cfg.delim.unwrap_or(b' '));
            pos = end + 1;
        } else {
            break;
        }
    }
    Ok(ok)
}

impl ParsedCommand for Numfmt {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn prepare<'a>(&self, args: &'a [Arg]) -> Cow<'a, [Arg]> {
        // `--header` takes an optional value (GNU's `--header[=N]`).
        let args: Vec<Arg> = args
            .iter()
            .map(|a| {
                if a == b"--header" {
                    b"--header=1".to_vec()
                } else {
                    a.clone()
                }
            })
            .collect();
        Cow::Owned(args)
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let fail = |ctx: &mut dyn ToolCtx, m: &str| diag::fail(ctx, "numfmt", m);
        let val = |o: &str| p.value(SPEC.find(o)).map(|v| diag::lossy(v));
        let mut cfg = Cfg {
            from: Scale::None,
            to: Scale::None,
            from_unit: 1.0,
            to_unit: 1.0,
            round: Round::FromZero,
            suffix: p.value(opt!(SPEC, "suffix")).cloned().unwrap_or_default(),
            padding: 0,
            auto_padding: false,
            zero_width: 0,
            user_precision: None,
            prefix_text: String::new(),
            suffix_text: String::new(),
            delim: None,
            fields: vec![(1, 1)],
            invalid: Invalid::Abort,
        };
        if let Some(s) = val("from") {
            match choose("from", &s, SCALES) {
                Ok(x) => cfg.from = x,
                Err(m) => return diag::usage(ctx, &SPEC, &m, 1),
            }
        }
        if let Some(s) = val("to") {
            let to: Vec<(&str, Scale)> = SCALES
                .iter()
                .copied()
                .filter(|(n, _)| *n != "auto")
                .collect();
            match choose("to", &s, &to) {
                Ok(x) => cfg.to = x,
                Err(m) => return diag::usage(ctx, &SPEC, &m, 1),
            }
        }
        for (o, slot) in [("from-unit", 0), ("to-unit", 1)] {
            if let Some(s) = val(o) {
                let tmp = Cfg {
                    from: Scale::Auto,
                    from_unit: 1.0,
                    ..cfg_clone(&cfg)
                };
                match parse(&tmp, &s) {
                    Ok((v, _)) if v >= 1.0 => {
                        if slot == 0 {
                            cfg.from_unit = v;
                        } else {
                            cfg.to_unit = v;
                        }
                    }
                    _ => return fail(ctx, &format!("invalid unit size: {}", quote::cquote(&s))),
                }
            }
        }
        if let Some(s) = val("round") {
            let rounds = [
                ("up", Round::Up),
                ("down", Round::Down),
                ("from-zero", Round::FromZero),
                ("towards-zero", Round::TowardsZero),
                ("nearest", Round::Nearest),
            ];
            cfg.round = match choose("round", &s, &rounds) {
                Ok(r) => r,
                Err(m) => return diag::usage(ctx, &SPEC, &m, 1),
            };
        }
        if let Some(s) = val("invalid") {
            let modes = [
                ("abort", Invalid::Abort),
                ("fail", Invalid::Fail),
                ("warn", Invalid::Warn),
                ("ignore", Invalid::Ignore),
            ];
            cfg.invalid = match choose("invalid", &s, &modes) {
                Ok(m) => m,
                Err(m) => return diag::usage(ctx, &SPEC, &m, 1),
            };
        }
        if let Some(s) = val("padding") {
            match s.parse::<i64>() {
                Ok(n) if n != 0 && n.abs() <= 1 << 16 => cfg.padding = n,
                _ => return fail(ctx, &format!("invalid padding value {}", quote::cquote(&s))),
            }
        }
        if let Some(s) = val("field") {
            match parse_fields(&s) {
                Some(f) => cfg.fields = f,
                None => return fail(ctx, &format!("invalid field value {}", quote::cquote(&s))),
            }
        }
        if let Some(d) = p.value(opt!(SPEC, "d")) {
            if d.len() != 1 {
                return fail(ctx, "the delimiter must be a single character");
            }
            cfg.delim = Some(d[0]);
        }
        if let Some(f) = val("format") {
            match parse_format(&f) {
                Ok((pre, suf, zw, pad, prec)) => {
                    cfg.prefix_text = pre;
                    cfg.suffix_text = suf;
                    cfg.zero_width = zw;
                    if pad != 0 && cfg.padding == 0 {
                        cfg.padding = pad;
                    }
                    cfg.user_precision = prec;
                }
                Err(m) => return fail(ctx, &m),
            }
        }
        cfg.auto_padding = cfg.padding == 0 && cfg.delim.is_none();
        let eol = if p.has(opt!(SPEC, "z")) { 0 } else { b'\n' };
        let mut out = Vec::new();
        let mut all_ok = true;
        if !p.operands.is_empty() {
            // Numbers given as arguments are not padded to their own width.
            cfg.auto_padding = false;
            for a in &p.operands {
                match process_line(ctx, &cfg, a, &mut out) {
                    Ok(ok) => all_ok &= ok,
                    Err(()) => return 2,
                }
                out.push(eol);
            }
        } else {
            let mut header: u64 = match p.value(opt!(SPEC, "header")) {
                Some(v) => match diag::lossy(v).parse::<u64>() {
                    Ok(n) if n > 0 => n,
                    _ => {
                        return fail(
                            ctx,
                            &format!("invalid header value {}", quote::cquote(&diag::lossy(v))),
                        );
                    }
                },
                None => 0,
            };
            let read = input::for_each_record(ctx, &mut Source::Stdin, eol, |ctx, line| {
                let (body, nl) = match line.strip_suffix(&[eol]) {
                    Some(b) => (b, true),
                    None => (line, false),
                };
                if header > 0 {
                    header -= 1;
                    out.extend_from_slice(body);
                } else {
                    match process_line(ctx, &cfg, body, &mut out) {
                        Ok(ok) => all_ok &= ok,
                        Err(()) => return Err(Halt::Exit(2)),
                    }
                }
                if nl || !body.is_empty() {
                    out.push(eol);
                }
                output::flush_when_full(ctx, &mut out).map_err(Halt::Exit)
            });
            match read {
                Ok(()) | Err(Halt::Skip) => {}
                Err(Halt::Read(_)) if ctx.is_cancelled() => return 130,
                Err(Halt::Read(e)) => return fail(ctx, &diag::io_msg(&e)),
                Err(Halt::Exit(s)) => return s,
            }
        }
        if !output::out(ctx, &out) {
            return 1;
        }
        if !all_ok && cfg.invalid == Invalid::Fail {
            return 2;
        }
        0
    }
}

fn cfg_clone(c: &Cfg) -> Cfg {
    Cfg {
        from: c.from,
        to: c.to,
        from_unit: c.from_unit,
        to_unit: c.to_unit,
        round: c.round,
        suffix: Vec::new(),
        padding: 0,
        auto_padding: false,
        zero_width: 0,
        user_precision: None,
        prefix_text: String::new(),
        suffix_text: String::new(),
        delim: None,
        fields: vec![(1, 1)],
        invalid: Invalid::Abort,
    }
}

#[cfg(test)]
mod tests {
    use super::Numfmt;
    use crate::common::testing::run_in;

    fn go(args: &[&str]) -> String {
        run_in(&Numfmt, args, "").1
    }

    #[test]
    fn to_human() {
        assert_eq!(
            go(&[
                "--to=si",
                "1000",
                "999",
                "1500",
                "123456789",
                "9999",
                "999999"
            ]),
            "1.0K\n999\n1.5K\n124M\n10K\n1.0M\n"
        );
        assert_eq!(go(&["--to=iec-i", "1536"]), "1.5Ki\n");
        assert_eq!(go(&["--to=iec", "0.5", "1.25"]), "0\n1\n");
        assert_eq!(go(&["--from=si", "--to=iec", "1M"]), "977K\n");
        assert_eq!(go(&["--to=si", "--format=%.3f", "1234567"]), "1.235M\n");
        assert_eq!(go(&["--format=%08.2f", "3.14159"]), "00003.15\n");
        assert_eq!(go(&["1.50", "100"]), "1.50\n100\n");
    }

    #[test]
    fn fields_and_errors() {
        assert_eq!(
            run_in(
                &Numfmt,
                &["--field=2", "--to=si"],
                "x 2000 3000\n 7000  8000\n"
            )
            .1,
            "x 2.0K 3000\n 7000  8.0K\n"
        );
        // Regression: a field without leading blanks is not padded to its input width.
        assert_eq!(
            run_in(&Numfmt, &["--to=iec"], "512\n1048576\n 1048576\n").1,
            "512\n1.0M\n    1.0M\n"
        );
        let (s, _, e) = run_in(&Numfmt, &["1K"], "");
        assert_eq!(s, 2);
        assert_eq!(
            e,
            "numfmt: rejecting suffix in input: ‘1K’ (consider using --from)\n"
        );
        let (s, _, e) = run_in(&Numfmt, &["--from=iec-i", "1K"], "");
        assert_eq!(s, 2);
        assert_eq!(
            e,
            "numfmt: missing 'i' suffix in input: ‘1K’ (e.g Ki/Mi/Gi)\n"
        );
    }
}
