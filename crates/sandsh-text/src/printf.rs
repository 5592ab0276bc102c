//! Bash's `printf` builtin as a pure function: format string + arguments → bytes.
//!
//! Kept free of I/O and of the clock (the caller passes the times `%(…)T` needs) so the
//! builtin and the `printf` command share it and tests compare it with bash directly.
//! Conversions follow C's printf as bash calls it (integers are `intmax_t`/`uintmax_t`,
//! floats are parsed like `strtold` and formatted from an `f64`), and bash's own additions:
//! `%b`, `%q`, `%Q`, `%(fmt)T`, argument reuse, and its diagnostics (`abc: invalid number`,
//! `` `z': invalid format character``, overflow warnings).

use super::escape::{Flavor, process};
use super::pattern::decode;
use super::quote::shell_quote;
use super::strftime::strftime;

/// The times `%(fmt)T` may need, in seconds since the epoch, and the zone it shows them in.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PrintfTimes {
    /// The current time (argument `-1`, or no argument).
    pub now: i64,
    /// When the shell started (argument `-2`).
    pub shell_start: i64,
    /// The zone of an exported `TZ` (see [`zone_named`]); UTC when `None`.
    pub zone: Option<jiff::tz::TimeZone>,
}

/// The zone a `TZ` value names (an IANA name, `:name`, or a POSIX TZ string); `None` for an
/// empty or unknown one (shown as UTC).
pub fn zone_named(tz: &str) -> Option<jiff::tz::TimeZone> {
    let name = tz.strip_prefix(':').unwrap_or(tz);
    if name.is_empty() {
        return None;
    }
    jiff::tz::TimeZone::get(name)
        .or_else(|_| jiff::tz::TimeZone::posix(name))
        .ok()
}

/// `%(fmt)T` of epoch seconds `t`: in `zone`, and empty when longer than the 127 bytes bash's
/// buffer holds.
fn time_text(fmt: &[u8], t: i64, zone: Option<&jiff::tz::TimeZone>) -> Vec<u8> {
    let text = match zone.and_then(|z| {
        let ts = jiff::Timestamp::from_second(t).ok()?;
        Some(z.to_offset_info(ts))
    }) {
        Some(info) => super::strftime::format_moment(
            fmt,
            &super::strftime::Moment {
                secs: t,
                nanos: 0,
                offset: info.offset().seconds(),
                zone: info.abbreviation(),
            },
        ),
        None => strftime(fmt, t),
    };
    if text.len() > 127 { Vec::new() } else { text }
}

/// What happened besides the output.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PrintfOutcome {
    /// Messages for stderr, without the `printf: ` prefix, e.g. `abc: invalid number`.
    pub diagnostics: Vec<String>,
    /// 0, or 1 when an argument or the format was invalid.
    pub status: i32,
}

/// The widest field (and the largest precision) printf makes: 64 MiB.
pub const MAX_FIELD: usize = 64 << 20;

#[derive(Debug, Clone, Copy, Default)]
struct Spec {
    left: bool,
    plus: bool,
    space: bool,
    alt: bool,
    zero: bool,
    width: Option<usize>,
    prec: Option<usize>,
}

struct State<'a> {
    args: &'a [Vec<u8>],
    next: usize,
    times: PrintfTimes,
    outcome: PrintfOutcome,
}

impl State<'_> {
    fn arg(&mut self) -> Option<&[u8]> {
        let a = self.args.get(self.next)?;
        self.next += 1;
        Some(a)
    }

    fn bad(&mut self, msg: String) {
        self.outcome.diagnostics.push(msg);
        self.outcome.status = 1;
    }
}

enum Flow {
    Continue,
    Stop,
}

/// Format `fmt` with `args` as bash's `printf` would, appending to `out`. The format is
/// reused while arguments remain; missing arguments count as empty strings or zero.
pub fn format(
    fmt: &[u8],
    args: &[Vec<u8>],
    times: PrintfTimes,
    out: &mut Vec<u8>,
) -> PrintfOutcome {
    let mut st = State {
        args,
        next: 0,
        times,
        outcome: PrintfOutcome::default(),
    };
    loop {
        let before = st.next;
        if let Flow::Stop = once(fmt, &mut st, out) {
            break;
        }
        if st.next >= args.len() || st.next == before {
            break;
        }
    }
    st.outcome
}

fn once(fmt: &[u8], st: &mut State<'_>, out: &mut Vec<u8>) -> Flow {
    let mut i = 0;
    while i < fmt.len() {
        let b = fmt[i];
        if b == b'\\' {
            let len = escape_len(&fmt[i..]);
            let mut warnings = Vec::new();
            process(&fmt[i..i + len], Flavor::PrintfFormat, out, &mut warnings);
            st.outcome.diagnostics.extend(warnings);
            i += len;
            continue;
        }
        if b != b'%' {
            let end = fmt[i..]
                .iter()
                .position(|&c| c == b'%' || c == b'\\')
                .map_or(fmt.len(), |p| i + p);
            out.extend_from_slice(&fmt[i..end]);
            i = end;
            continue;
        }
        if fmt.get(i + 1) == Some(&b'%') {
            out.push(b'%');
            i += 2;
            continue;
        }
        match conversion(fmt, i + 1, st, out) {
            Ok(next) => i = next,
            Err(flow) => return flow,
        }
    }
    Flow::Continue
}

/// The byte length of the escape sequence at the start of `s` (which begins with `\`).
fn escape_len(s: &[u8]) -> usize {
    let Some(&c) = s.get(1) else { return 1 };
    let (max, pred): (usize, fn(&u8) -> bool) = match c {
        b'0'..=b'7' => (3, |d| (b'0'..=b'7').contains(d)),
        b'x' => (2, u8::is_ascii_hexdigit),
        b'u' => (4, u8::is_ascii_hexdigit),
        b'U' => (8, u8::is_ascii_hexdigit),
        _ => return 2,
    };
    let start = if c.is_ascii_digit() { 1 } else { 2 };
    start + s[start..].iter().take(max).take_while(|d| pred(d)).count()
}

/// Parse and run one conversion whose text starts at `i` (after the `%`).
fn conversion(fmt: &[u8], i: usize, st: &mut State<'_>, out: &mut Vec<u8>) -> Result<usize, Flow> {
    let (spec, mut i) = parse_spec(fmt, i, st)?;
    let Some(&conv) = fmt.get(i) else {
        st.bad("`%': missing format character".into());
        return Err(Flow::Stop);
    };
    i += 1;
    match conv {
        b's' | b'b' | b'q' | b'Q' | b'c' => text_conversion(conv, spec, st, out)?,
        b'd' | b'i' | b'o' | b'u' | b'x' | b'X' => int_conversion(conv, spec, st, out),
        b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => {
            let v = match st.arg().map(<[u8]>::to_vec) {
                Some(a) => parse_float(&a, st),
                None => 0.0,
            };
            put_float(out, v, conv, spec);
        }
        b'(' => i = time_conversion(fmt, i, spec, st, out)?,
        _ => {
            let mut msg = b"`".to_vec();
            let end = (i - 1 + decode(fmt, i - 1).1).min(fmt.len());
            msg.extend_from_slice(&fmt[i - 1..end]);
            msg.extend_from_slice(b"': invalid format character");
            st.bad(String::from_utf8_lossy(&msg).into_owned());
            return Err(Flow::Stop);
        }
    }
    Ok(i)
}

/// The flags, width, precision and length modifiers of a conversion starting at `i`; returns
/// them and the position of the conversion character.
fn parse_spec(fmt: &[u8], mut i: usize, st: &mut State<'_>) -> Result<(Spec, usize), Flow> {
    let mut spec = Spec::default();
    while let Some(&c) = fmt.get(i) {
        match c {
            b'-' => spec.left = true,
            b'+' => spec.plus = true,
            b' ' => spec.space = true,
            b'#' => spec.alt = true,
            b'0' => spec.zero = true,
            // Thousands grouping: the C and C.UTF-8 locales have no separator.
            b'\'' => {}
            _ => break,
        }
        i += 1;
    }
    if fmt.get(i) == Some(&b'*') {
        i += 1;
        let w = star_arg(st);
        if w < 0 {
            spec.left = true;
        }
        spec.width = Some(usize::try_from(w.unsigned_abs()).unwrap_or(usize::MAX));
    } else {
        let (n, next) = digits(fmt, i);
        spec.width = n;
        i = next;
    }
    if fmt.get(i) == Some(&b'.') {
        i += 1;
        if fmt.get(i) == Some(&b'*') {
            i += 1;
            let p = star_arg(st);
            spec.prec = if p < 0 {
                None
            } else {
                Some(usize::try_from(p).unwrap_or(usize::MAX))
            };
        } else {
            let (n, next) = digits(fmt, i);
            spec.prec = Some(n.unwrap_or(0));
            i = next;
        }
    }
    // THREAT DOS-MEM-3: a field this wide cannot be made; say so rather than cut it short.
    for (what, v) in [("width", spec.width), ("precision", spec.prec)] {
        if let Some(v) = v
            && v > MAX_FIELD
        {
            st.bad(format!(
                "field {what} {v} is too large (the limit is {MAX_FIELD} bytes)"
            ));
            return Err(Flow::Stop);
        }
    }
    while matches!(fmt.get(i), Some(b'h' | b'l' | b'L' | b'j' | b'z' | b't')) {
        i += 1;
    }
    Ok((spec, i))
}

/// `%s %b %q %Q %c`.
fn text_conversion(
    conv: u8,
    spec: Spec,
    st: &mut State<'_>,
    out: &mut Vec<u8>,
) -> Result<(), Flow> {
    let a = st.arg().unwrap_or_default().to_vec();
    match conv {
        b's' => put_str(out, &a, spec),
        b'b' => {
            let mut buf = Vec::new();
            let mut warnings = Vec::new();
            let stop = process(&a, Flavor::PrintfB, &mut buf, &mut warnings);
            st.outcome.diagnostics.extend(warnings);
            put_str(out, &buf, spec);
            if stop {
                return Err(Flow::Stop);
            }
        }
        b'q' => put_str(out, &shell_quote(&a), spec),
        b'Q' => {
            let cut = spec.prec.map_or(a.len(), |p| p.min(a.len()));
            put_str(out, &shell_quote(&a[..cut]), Spec { prec: None, ..spec });
        }
        _ => {
            let c = [a.first().copied().unwrap_or(0)];
            put_str(out, &c, Spec { prec: None, ..spec });
        }
    }
    Ok(())
}

/// `%d %i %o %u %x %X`.
fn int_conversion(conv: u8, spec: Spec, st: &mut State<'_>, out: &mut Vec<u8>) {
    if matches!(conv, b'd' | b'i') {
        let v = match st.arg().map(<[u8]>::to_vec) {
            Some(a) => parse_int(&a, st),
            None => 0,
        };
        put_int(out, v < 0, &v.unsigned_abs().to_string(), "", spec, true);
        return;
    }
    let v = match st.arg().map(<[u8]>::to_vec) {
        Some(a) => parse_uint(&a, st),
        None => 0,
    };
    let (digits, prefix) = match conv {
        b'o' => (format!("{v:o}"), if spec.alt { "0" } else { "" }),
        b'u' => (v.to_string(), ""),
        b'x' => (format!("{v:x}"), if spec.alt && v != 0 { "0x" } else { "" }),
        _ => (format!("{v:X}"), if spec.alt && v != 0 { "0X" } else { "" }),
    };
    let spec = Spec {
        plus: false,
        space: false,
        ..spec
    };
    let prefix = if conv == b'o' && digits.starts_with('0') {
        ""
    } else {
        prefix
    };
    put_int(out, false, &digits, prefix, spec, false);
}

/// `%(FORMAT)T`, `i` just after the `(`; returns the position after the `T`.
fn time_conversion(
    fmt: &[u8],
    mut i: usize,
    spec: Spec,
    st: &mut State<'_>,
    out: &mut Vec<u8>,
) -> Result<usize, Flow> {
    let Some(close) = fmt[i..].iter().position(|&c| c == b')') else {
        st.bad("`(': invalid format character".into());
        return Err(Flow::Stop);
    };
    let tfmt = &fmt[i..i + close];
    i += close + 1;
    if fmt.get(i) != Some(&b'T') {
        let c = fmt.get(i).copied().unwrap_or(b'(');
        st.bad(format!("`{}': invalid format character", c as char));
        return Err(Flow::Stop);
    }
    i += 1;
    let t = match st.arg().map(<[u8]>::to_vec) {
        Some(a) if !a.is_empty() => parse_int(&a, st),
        _ => -1,
    };
    let t = match t {
        -1 => st.times.now,
        -2 => st.times.shell_start,
        t => t,
    };
    let tfmt: &[u8] = if tfmt.is_empty() { b"%X" } else { tfmt };
    let text = time_text(tfmt, t, st.times.zone.as_ref());
    put_str(out, &text, spec);
    Ok(i)
}

fn digits(fmt: &[u8], i: usize) -> (Option<usize>, usize) {
    let n = fmt[i..].iter().take_while(|c| c.is_ascii_digit()).count();
    if n == 0 {
        return (None, i);
    }
    let v = fmt[i..i + n].iter().fold(0usize, |a, d| {
        a.saturating_mul(10).saturating_add((d - b'0') as usize)
    });
    (Some(v), i + n)
}

fn star_arg(st: &mut State<'_>) -> i64 {
    match st.arg().map(<[u8]>::to_vec) {
        Some(a) => parse_int(&a, st),
        None => 0,
    }
}

fn pad(out: &mut Vec<u8>, n: usize, c: u8) {
    out.extend(std::iter::repeat_n(c, n));
}

/// A string conversion: precision cuts bytes, width pads with spaces.
fn put_str(out: &mut Vec<u8>, s: &[u8], spec: Spec) {
    let s = &s[..spec.prec.map_or(s.len(), |p| p.min(s.len()))];
    let fill = spec.width.unwrap_or(0).saturating_sub(s.len());
    if !spec.left {
        pad(out, fill, b' ');
    }
    out.extend_from_slice(s);
    if spec.left {
        pad(out, fill, b' ');
    }
}

/// An integer conversion from its magnitude `digits`, with C's precision and flag rules.
fn put_int(out: &mut Vec<u8>, neg: bool, digits: &str, prefix: &str, spec: Spec, signed: bool) {
    let mut body = String::new();
    match spec.prec {
        Some(0) if digits == "0" => {
            if prefix == "0" {
                body.push('0');
            }
        }
        Some(p) => {
            body.push_str(prefix);
            for _ in digits.len()..p {
                body.push('0');
            }
            body.push_str(digits);
        }
        None => {
            body.push_str(prefix);
            body.push_str(digits);
        }
    }
    let sign = if neg {
        "-"
    } else if signed && spec.plus {
        "+"
    } else if signed && spec.space {
        " "
    } else {
        ""
    };
    let zero = spec.zero && !spec.left && spec.prec.is_none();
    emit_number(out, sign, &body, spec, zero, prefix.len());
}

fn emit_number(
    out: &mut Vec<u8>,
    sign: &str,
    body: &str,
    spec: Spec,
    zero: bool,
    prefix_len: usize,
) {
    let len = sign.len() + body.len();
    let fill = spec.width.unwrap_or(0).saturating_sub(len);
    if spec.left {
        out.extend_from_slice(sign.as_bytes());
        out.extend_from_slice(body.as_bytes());
        pad(out, fill, b' ');
    } else if zero {
        out.extend_from_slice(sign.as_bytes());
        let prefix_len = prefix_len.min(body.len());
        out.extend_from_slice(&body.as_bytes()[..prefix_len]);
        pad(out, fill, b'0');
        out.extend_from_slice(&body.as_bytes()[prefix_len..]);
    } else {
        pad(out, fill, b' ');
        out.extend_from_slice(sign.as_bytes());
        out.extend_from_slice(body.as_bytes());
    }
}

fn put_float(out: &mut Vec<u8>, v: f64, conv: u8, spec: Spec) {
    let upper = conv.is_ascii_uppercase();
    let neg = v.is_sign_negative() && !v.is_nan();
    let a = v.abs();
    let sign = if neg {
        "-"
    } else if spec.plus {
        "+"
    } else if spec.space {
        " "
    } else {
        ""
    };
    if !a.is_finite() {
        let t = if a.is_nan() { "nan" } else { "inf" };
        let t = if upper {
            t.to_uppercase()
        } else {
            t.to_string()
        };
        emit_number(out, sign, &t, spec, false, 0);
        return;
    }
    let prec = spec.prec.unwrap_or(6);
    let body = match conv.to_ascii_lowercase() {
        b'f' => fixed(a, prec, spec.alt),
        b'e' => exponent(a, prec, spec.alt),
        b'g' => general(a, prec, spec.alt),
        _ => hex_float(a, spec.prec, spec.alt),
    };
    let body = if upper { body.to_uppercase() } else { body };
    let prefix = if conv.eq_ignore_ascii_case(&b'a') {
        2
    } else {
        0
    };
    emit_number(out, sign, &body, spec, spec.zero && !spec.left, prefix);
}

/// The largest precision Rust's formatter takes (a larger one panics). A double's exact
/// decimal expansion has at most 1,074 digits after the point and 767 significant ones, so the
/// digits past this one are zeros, appended by hand.
const MAX_PRECISION: usize = u16::MAX as usize;

/// The same for `%e`, whose digits Rust's formatter makes in a fixed buffer: past a double's
/// 767 significant digits the rest are zeros.
const MAX_EXP_PRECISION: usize = 800;

/// C's `%f` for a non-negative finite value with precision `prec` (`%#f` with `alt`).
pub fn fixed(a: f64, prec: usize, alt: bool) -> String {
    let shown = prec.min(MAX_PRECISION);
    let mut s = format!("{a:.shown$}");
    s.extend(std::iter::repeat_n('0', prec - shown));
    if alt && prec == 0 {
        s.push('.');
    }
    s
}

/// C's `%e` for a non-negative finite value with precision `prec` (`%#e` with `alt`).
pub fn exponent(a: f64, prec: usize, alt: bool) -> String {
    let shown = prec.min(MAX_EXP_PRECISION);
    let s = format!("{a:.shown$e}");
    let (mant, e) = s.split_once('e').unwrap_or((&s, "0"));
    let e: i32 = e.parse().unwrap_or(0);
    let mut m = mant.to_string();
    m.extend(std::iter::repeat_n('0', prec - shown));
    if alt && prec == 0 {
        m.push('.');
    }
    format!(
        "{m}e{}{:02}",
        if e < 0 { '-' } else { '+' },
        e.unsigned_abs()
    )
}

/// C's `%g` for a non-negative finite value with precision `prec` (`%#g` with `alt`), as
/// printf formats it.
pub fn general(a: f64, prec: usize, alt: bool) -> String {
    let p = if prec == 0 { 1 } else { prec };
    let x = if a == 0.0 {
        0
    } else {
        let s = format!("{a:.*e}", (p - 1).min(MAX_EXP_PRECISION));
        s.split_once('e')
            .and_then(|(_, e)| e.parse::<i64>().ok())
            .unwrap_or(0)
    };
    let mut s = if (p as i64) > x && x >= -4 {
        fixed(a, (p as i64 - 1 - x) as usize, alt)
    } else {
        exponent(a, p - 1, alt)
    };
    if !alt {
        let (mant, tail) = match s.find('e') {
            Some(k) => (s[..k].to_string(), s[k..].to_string()),
            None => (s.clone(), String::new()),
        };
        let mant = if mant.contains('.') {
            mant.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            mant
        };
        s = mant + &tail;
    }
    s
}

/// `%a` as glibc prints a `long double`: the leading hex digit holds the top four bits of a
/// 64-bit mantissa, so 1 is `0x8p-3`.
fn hex_float(a: f64, prec: Option<usize>, alt: bool) -> String {
    if a == 0.0 {
        let frac = prec.map_or(String::new(), |p| format!(".{}", "0".repeat(p)));
        return format!("0x0{frac}p+0");
    }
    let bits = a.to_bits();
    let raw_exp = ((bits >> 52) & 0x7ff) as i64;
    let frac = bits & ((1u64 << 52) - 1);
    let (mut m, mut e) = if raw_exp == 0 {
        (frac, -1074i64)
    } else {
        (frac | (1u64 << 52), raw_exp - 1075)
    };
    // Normalize so the top bit of the 64-bit mantissa is set.
    let shift = m.leading_zeros() as i64;
    m <<= shift;
    e -= shift;
    // value = m * 2^e = (m >> 60 . rest) * 2^(e + 60)
    let mut lead = m >> 60;
    let rest = m << 4;
    let mut exp2 = e + 60;
    let mut digits: Vec<u8> = (0..15)
        .map(|k| ((rest >> (60 - 4 * k)) & 0xf) as u8)
        .collect();
    if let Some(p) = prec
        && p < 15
    {
        // Round half to even on the dropped hex digits.
        let round_up = match digits[p] {
            d if d > 8 => true,
            8 => {
                digits[p + 1..].iter().any(|&d| d != 0)
                    || (p > 0 && digits[p - 1] % 2 == 1)
                    || (p == 0 && lead % 2 == 1)
            }
            _ => false,
        };
        digits.truncate(p);
        if round_up {
            let mut k = p;
            loop {
                if k == 0 {
                    lead += 1;
                    if lead == 16 {
                        lead = 1;
                        exp2 += 4;
                    }
                    break;
                }
                k -= 1;
                if digits[k] == 15 {
                    digits[k] = 0;
                } else {
                    digits[k] += 1;
                    break;
                }
            }
        }
    } else if let Some(p) = prec {
        digits.resize(p, 0);
    } else {
        while digits.last() == Some(&0) {
            digits.pop();
        }
    }
    let mut s = format!("0x{lead:x}");
    if !digits.is_empty() || alt {
        s.push('.');
    }
    for d in digits {
        s.push(char::from_digit(d as u32, 16).unwrap_or('0'));
    }
    s.push_str(&format!(
        "p{}{}",
        if exp2 < 0 { '-' } else { '+' },
        exp2.unsigned_abs()
    ));
    s
}

/// A numeric argument's text after optional leading blanks, or its character code for the
/// `'c` / `"c` forms.
enum NumText<'a> {
    Code(i64),
    Text(&'a [u8]),
}

fn num_text(a: &[u8]) -> NumText<'_> {
    if let Some(&q) = a.first()
        && (q == b'\'' || q == b'"')
    {
        if a.len() < 2 {
            return NumText::Code(0);
        }
        let (c, _) = decode(a, 1);
        let c = if c >= 0x11_0000 {
            (c - 0x11_0000) as i64
        } else {
            c as i64
        };
        return NumText::Code(c);
    }
    let start = a
        .iter()
        .position(|c| !matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c))
        .unwrap_or(a.len());
    NumText::Text(&a[start..])
}

/// strtoimax/strtoumax: (negative, magnitude, overflowed, bytes used).
fn strto(t: &[u8]) -> (bool, u64, bool, usize) {
    let mut i = 0;
    let mut neg = false;
    if let Some(&s) = t.first()
        && (s == b'+' || s == b'-')
    {
        neg = s == b'-';
        i = 1;
    }
    let (base, start) = if t.get(i) == Some(&b'0')
        && matches!(t.get(i + 1), Some(b'x' | b'X'))
        && t.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
    {
        (16, i + 2)
    } else if t.get(i) == Some(&b'0') {
        (8, i)
    } else {
        (10, i)
    };
    let mut v: u64 = 0;
    let mut over = false;
    let mut k = start;
    while let Some(&c) = t.get(k) {
        let Some(d) = (c as char).to_digit(base) else {
            break;
        };
        match v
            .checked_mul(base as u64)
            .and_then(|x| x.checked_add(d as u64))
        {
            Some(n) => v = n,
            None => over = true,
        }
        k += 1;
    }
    if k == start {
        return (false, 0, false, 0);
    }
    (neg, v, over, k)
}

fn parse_int(a: &[u8], st: &mut State<'_>) -> i64 {
    let t = match num_text(a) {
        NumText::Code(c) => return c,
        NumText::Text(t) => t,
    };
    if a.is_empty() {
        return 0;
    }
    let (neg, mag, over, used) = strto(t);
    let (v, clamped) = if neg {
        if over || mag > i64::MAX as u64 + 1 {
            (i64::MIN, true)
        } else {
            ((mag as i64).wrapping_neg(), false)
        }
    } else if over || mag > i64::MAX as u64 {
        (i64::MAX, true)
    } else {
        (mag as i64, false)
    };
    check_rest(a, t, used, clamped, st);
    v
}

fn parse_uint(a: &[u8], st: &mut State<'_>) -> u64 {
    let t = match num_text(a) {
        NumText::Code(c) => return c as u64,
        NumText::Text(t) => t,
    };
    if a.is_empty() {
        return 0;
    }
    let (neg, mag, over, used) = strto(t);
    let v = if over {
        u64::MAX
    } else if neg {
        mag.wrapping_neg()
    } else {
        mag
    };
    check_rest(a, t, used, over, st);
    v
}

fn check_rest(a: &[u8], t: &[u8], used: usize, clamped: bool, st: &mut State<'_>) {
    let shown = String::from_utf8_lossy(a);
    if used < t.len() || used == 0 {
        st.bad(invalid_number(a));
    } else if clamped {
        st.outcome
            .diagnostics
            .push(format!("warning: {shown}: Numerical result out of range"));
    }
}

/// bash's `sh_invalidnum` wording.
fn invalid_number(a: &[u8]) -> String {
    let shown = String::from_utf8_lossy(a);
    match a {
        [b'0', d, ..] if d.is_ascii_digit() => format!("{shown}: invalid octal number"),
        [b'0', b'x', ..] => format!("{shown}: invalid hex number"),
        _ => format!("{shown}: invalid number"),
    }
}

fn parse_float(a: &[u8], st: &mut State<'_>) -> f64 {
    let t = match num_text(a) {
        NumText::Code(c) => return c as f64,
        NumText::Text(t) => t,
    };
    if a.is_empty() {
        return 0.0;
    }
    let unsigned = t
        .strip_prefix(b"-")
        .or_else(|| t.strip_prefix(b"+"))
        .unwrap_or(t);
    if unsigned.len() > 2 && (unsigned.starts_with(b"0x") || unsigned.starts_with(b"0X")) {
        // strtold reads hexadecimal (integers here; hex fractions are rare in scripts).
        let (neg, mag, _, used) = strto(t);
        if used < t.len() {
            st.bad(invalid_number(a));
        }
        let v = mag as f64;
        return if neg { -v } else { v };
    }
    let text = String::from_utf8_lossy(t);
    // The longest prefix Rust's parser accepts stands in for strtold.
    let mut end = text.len();
    while end > 0 {
        if text.is_char_boundary(end)
            && let Ok(v) = text[..end].parse::<f64>()
        {
            // Rust accepts "infinity"/"nan" spellings as strtold does; reject a bare sign.
            if end < text.len() {
                st.bad(format!("{}: invalid number", String::from_utf8_lossy(a)));
            }
            return v;
        }
        end -= 1;
    }
    // Hexadecimal integers (strtold accepts them).
    let (neg, mag, _, used) = strto(t);
    if used > 0 {
        if used < t.len() {
            st.bad(format!("{}: invalid number", String::from_utf8_lossy(a)));
        }
        let v = mag as f64;
        return if neg { -v } else { v };
    }
    st.bad(format!("{}: invalid number", String::from_utf8_lossy(a)));
    0.0
}

#[cfg(test)]
mod tests;
