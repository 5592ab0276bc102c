//! Output formatting: jq 1.7's `jv_dump` byte for byte.
//!
//! jaq's own writer prints numbers the Rust way (`3.0`, `1e17`) and colors differently, so the
//! value tree is walked here instead: 2-space (or `--indent n`, `--tab`) pretty printing, `-c`,
//! `-S` (keys sorted by bytes), `-a` (`\uXXXX` escapes with surrogate pairs) and `-C` with jq
//! 1.7.1's default palette and exact escape-sequence placement. Numbers follow jq 1.7: a number
//! literal keeps its decimal form (canonicalized as decNumber prints it: `1.000`, `1E+2`),
//! computed doubles use jq's shortest round-trip format (`1e+17`, `1.5e-07`, `3`), NaN prints
//! `null` and infinities clamp to ±`1.7976931348623157e+308`.

use jaq_json::{Num, Val};

/// How values are printed.
#[derive(Debug, Clone, Default)]
pub struct Format {
    /// `None`: compact; `Some(s)`: pretty, indenting each level with `s`.
    pub indent: Option<String>,
    pub sort_keys: bool,
    pub ascii: bool,
    pub color: bool,
}

const COL_NULL: &str = "\x1b[1;30m";
const COL_FALSE: &str = "\x1b[0;39m";
const COL_TRUE: &str = "\x1b[0;39m";
const COL_NUM: &str = "\x1b[0;39m";
const COL_STR: &str = "\x1b[0;32m";
const COL_ARR: &str = "\x1b[1;39m";
const COL_OBJ: &str = "\x1b[1;39m";
const COL_KEY: &str = "\x1b[34;1m";
const COL_RESET: &str = "\x1b[0m";

/// Why a value was not printed to its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// Nested too deep for the stack that is left (THREAT DOS-STACK-1).
    Stack,
    /// The sink refused more (cancelled, broken pipe).
    Sink,
}

/// Bytes [`dump_spilling`] gathers before handing them on.
const SPILL: usize = 64 << 10;

/// Append `v` formatted with `f` to `out`.
pub fn dump(out: &mut Vec<u8>, v: &Val, f: &Format) -> Result<(), Stop> {
    dump_at(out, v, f, 0, &mut |_| true)
}

/// Format `v` into `out`, handing `out` to `spill` whenever it holds [`SPILL`] bytes or more
/// (`spill` empties it, or returns false to stop). One value can print to gigabytes
/// (pretty-printing a deep array is quadratic), so it goes out in pieces, through a sink that
/// notices cancellation, instead of growing one buffer (THREAT DOS-MEM-1, DOS-CPU-1).
pub fn dump_spilling(
    out: &mut Vec<u8>,
    v: &Val,
    f: &Format,
    spill: &mut dyn FnMut(&mut Vec<u8>) -> bool,
) -> Result<(), Stop> {
    dump_at(out, v, f, 0, spill)
}

/// Compact JSON as `tojson` prints it; `Err` when `v` is nested too deep to walk.
pub fn try_to_json(v: &Val) -> Result<String, Stop> {
    let mut out = Vec::new();
    dump(&mut out, v, &Format::default())?;
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// Compact JSON for a message (cut short where `v` is nested too deep to walk).
pub fn to_json(v: &Val) -> String {
    let mut out = Vec::new();
    let _ = dump(&mut out, v, &Format::default());
    String::from_utf8_lossy(&out).into_owned()
}

fn color_of(v: &Val) -> &'static str {
    match v {
        Val::Null => COL_NULL,
        Val::Bool(false) => COL_FALSE,
        Val::Bool(true) => COL_TRUE,
        Val::Num(_) => COL_NUM,
        Val::TStr(_) | Val::BStr(_) => COL_STR,
        Val::Arr(_) => COL_ARR,
        Val::Obj(_) => COL_OBJ,
    }
}

fn newline_indent(out: &mut Vec<u8>, f: &Format, level: usize) {
    if let Some(ind) = &f.indent {
        out.push(b'\n');
        for _ in 0..level {
            out.extend_from_slice(ind.as_bytes());
        }
    }
}

/// Before member `i` of a container at `level`: from the second member on, a comma and a new
/// line.
fn member_start(out: &mut Vec<u8>, f: &Format, level: usize, i: usize) {
    if i > 0 {
        out.push(b',');
        newline_indent(out, f, level + 1);
    }
}

/// The end of a non-empty container at `level`: a new line, the container's color again (its
/// members changed it) and the closing bracket.
fn container_end(out: &mut Vec<u8>, f: &Format, level: usize, color: Option<&str>, bracket: u8) {
    newline_indent(out, f, level);
    if let Some(c) = color {
        out.extend_from_slice(c.as_bytes());
    }
    out.push(bracket);
}

fn dump_at(
    out: &mut Vec<u8>,
    v: &Val,
    f: &Format,
    level: usize,
    spill: &mut dyn FnMut(&mut Vec<u8>) -> bool,
) -> Result<(), Stop> {
    if out.len() >= SPILL && !spill(out) {
        return Err(Stop::Sink);
    }
    let color = if f.color { Some(color_of(v)) } else { None };
    if let Some(c) = color {
        out.extend_from_slice(c.as_bytes());
    }
    match v {
        Val::Null => out.extend_from_slice(b"null"),
        Val::Bool(b) => out.extend_from_slice(if *b { b"true" } else { b"false" }),
        Val::Num(n) => out.extend_from_slice(format_num(n).as_bytes()),
        Val::TStr(s) | Val::BStr(s) => dump_string(out, s, f.ascii),
        Val::Arr(a) => {
            if a.is_empty() {
                out.extend_from_slice(b"[]");
            } else {
                if sandsh_api::stack::exhausted() {
                    return Err(Stop::Stack);
                }
                out.push(b'[');
                newline_indent(out, f, level + 1);
                for (i, x) in a.iter().enumerate() {
                    member_start(out, f, level, i);
                    dump_at(out, x, f, level + 1, spill)?;
                    if let Some(c) = color {
                        out.extend_from_slice(c.as_bytes());
                    }
                }
                container_end(out, f, level, color, b']');
            }
        }
        Val::Obj(o) => {
            if o.is_empty() {
                out.extend_from_slice(b"{}");
            } else {
                if sandsh_api::stack::exhausted() {
                    return Err(Stop::Stack);
                }
                out.push(b'{');
                newline_indent(out, f, level + 1);
                let mut entries: Vec<(&Val, &Val)> = o.iter().collect();
                if f.sort_keys {
                    entries.sort_by_key(|e| key_bytes(e.0));
                }
                for (i, (k, x)) in entries.into_iter().enumerate() {
                    member_start(out, f, level, i);
                    if color.is_some() {
                        out.extend_from_slice(COL_RESET.as_bytes());
                        out.extend_from_slice(COL_KEY.as_bytes());
                    }
                    dump_string(out, &key_bytes(k), f.ascii);
                    if let Some(c) = color {
                        out.extend_from_slice(COL_RESET.as_bytes());
                        out.extend_from_slice(c.as_bytes());
                    }
                    out.push(b':');
                    if f.indent.is_some() {
                        out.push(b' ');
                    }
                    if color.is_some() {
                        out.extend_from_slice(COL_RESET.as_bytes());
                    }
                    dump_at(out, x, f, level + 1, spill)?;
                    if let Some(c) = color {
                        out.extend_from_slice(c.as_bytes());
                    }
                }
                container_end(out, f, level, color, b'}');
            }
        }
    }
    if color.is_some() {
        out.extend_from_slice(COL_RESET.as_bytes());
    }
    Ok(())
}

/// An object key's bytes (jaq allows non-string keys; jq never produces them).
fn key_bytes(k: &Val) -> Vec<u8> {
    match k {
        Val::TStr(s) | Val::BStr(s) => s.to_vec(),
        other => to_json(other).into_bytes(),
    }
}

/// A JSON string literal with jq's escapes.
pub fn dump_string(out: &mut Vec<u8>, s: &[u8], ascii: bool) {
    out.push(b'"');
    for c in String::from_utf8_lossy(s).chars() {
        match c {
            '"' => out.extend_from_slice(b"\\\""),
            '\\' => out.extend_from_slice(b"\\\\"),
            '\u{8}' => out.extend_from_slice(b"\\b"),
            '\t' => out.extend_from_slice(b"\\t"),
            '\r' => out.extend_from_slice(b"\\r"),
            '\n' => out.extend_from_slice(b"\\n"),
            '\u{c}' => out.extend_from_slice(b"\\f"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.extend_from_slice(format!("\\u{:04x}", c as u32).as_bytes());
            }
            c if ascii && (c as u32) > 0x7e => {
                let mut buf = [0u16; 2];
                for u in c.encode_utf16(&mut buf) {
                    out.extend_from_slice(format!("\\u{:04x}", u).as_bytes());
                }
            }
            c => {
                let mut buf = [0u8; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
        }
    }
    out.push(b'"');
}

/// A number as jq 1.7 prints it.
pub fn format_num(n: &Num) -> String {
    match n {
        Num::Int(i) => i.to_string(),
        Num::BigInt(b) => b.to_string(),
        Num::Float(x) => format_f64(*x),
        Num::Dec(s) => match s.parse::<f64>() {
            Ok(x) if x.is_finite() => canonical_decimal(s).unwrap_or_else(|| format_f64(x)),
            Ok(x) => format_f64(x),
            Err(_) => s.to_string(),
        },
    }
}

/// jq's `jvp_dtoa_fmt`: shortest round-trip digits, exponent form outside [1e-5, 1e17).
pub fn format_f64(x: f64) -> String {
    if x.is_nan() {
        return "null".into();
    }
    let x = x.clamp(-f64::MAX, f64::MAX);
    if x == 0.0 {
        return "0".into();
    }
    let sci = format!("{:e}", x.abs());
    let (mant, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let digits: String = mant.chars().filter(|c| c.is_ascii_digit()).collect();
    let exp: i32 = exp.parse().unwrap_or(0);
    let nd = digits.len() as i32;
    let decpt = exp + 1;
    let mut out = String::new();
    if x < 0.0 {
        out.push('-');
    }
    if decpt <= -4 || decpt > nd + 15 {
        out.push_str(&digits[..1]);
        if nd > 1 {
            out.push('.');
            out.push_str(&digits[1..]);
        }
        let e = decpt - 1;
        out.push('e');
        out.push(if e < 0 { '-' } else { '+' });
        out.push_str(&format!("{:02}", e.abs()));
    } else if decpt <= 0 {
        out.push_str("0.");
        for _ in decpt..0 {
            out.push('0');
        }
        out.push_str(&digits);
    } else if decpt >= nd {
        out.push_str(&digits);
        for _ in nd..decpt {
            out.push('0');
        }
    } else {
        out.push_str(&digits[..decpt as usize]);
        out.push('.');
        out.push_str(&digits[decpt as usize..]);
    }
    out
}

/// decNumber's to-scientific-string of a decimal literal (`100e-2` → `1.00`, `1e2` → `1E+2`).
pub fn canonical_decimal(lit: &str) -> Option<String> {
    let (neg, body) = match lit.as_bytes().first() {
        Some(b'-') => (true, &lit[1..]),
        Some(b'+') => (false, &lit[1..]),
        _ => (false, lit),
    };
    let (mant, exp) = match body.find(['e', 'E']) {
        Some(p) => (&body[..p], body[p + 1..].parse::<i64>().ok()?),
        None => (body, 0),
    };
    let (int, frac) = mant.split_once('.').unwrap_or((mant, ""));
    if !int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit()) || int.len() + frac.len() == 0 {
        return None;
    }
    let all: String = format!("{int}{frac}");
    let trimmed = all.trim_start_matches('0');
    let coeff = if trimmed.is_empty() { "0" } else { trimmed };
    let e = exp - frac.len() as i64;
    let nd = coeff.len() as i64;
    let ae = e + nd - 1;
    let mut out = String::new();
    if neg {
        out.push('-');
    }
    if e <= 0 && ae >= -6 {
        if e == 0 {
            out.push_str(coeff);
        } else {
            let pos = nd + e;
            if pos > 0 {
                out.push_str(&coeff[..pos as usize]);
                out.push('.');
                out.push_str(&coeff[pos as usize..]);
            } else {
                out.push_str("0.");
                for _ in pos..0 {
                    out.push('0');
                }
                out.push_str(coeff);
            }
        }
    } else {
        out.push_str(&coeff[..1]);
        if nd > 1 {
            out.push('.');
            out.push_str(&coeff[1..]);
        }
        out.push('E');
        out.push(if ae < 0 { '-' } else { '+' });
        out.push_str(&ae.abs().to_string());
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doubles_as_jq() {
        let cases = [
            (1e17, "1e+17"),
            (1.5e-7, "1.5e-07"),
            (1e-5, "1e-05"),
            (0.0001, "0.0001"),
            (123456789012345678.0, "123456789012345680"),
            (1e15, "1000000000000000"),
            (3.0, "3"),
            (0.1 + 0.2, "0.30000000000000004"),
            (f64::INFINITY, "1.7976931348623157e+308"),
            (f64::NEG_INFINITY, "-1.7976931348623157e+308"),
            (2e-310, "2e-310"),
            (f64::NAN, "null"),
        ];
        for (x, want) in cases {
            assert_eq!(format_f64(x), want, "{x}");
        }
    }

    #[test]
    fn decimal_literals_as_decnumber() {
        let cases = [
            ("1.000", "1.000"),
            ("1e2", "1E+2"),
            ("1.0e3", "1.0E+3"),
            ("100e-2", "1.00"),
            ("1.5e-7", "1.5E-7"),
            ("0.00001", "0.00001"),
            ("12.50", "12.50"),
            ("-1.5", "-1.5"),
        ];
        for (lit, want) in cases {
            assert_eq!(canonical_decimal(lit).as_deref(), Some(want), "{lit}");
        }
    }

    #[test]
    fn strings_escape_like_jq() {
        let mut out = Vec::new();
        dump_string(&mut out, "a\"\\\n\u{1}\u{7f}é😀".as_bytes(), true);
        assert_eq!(
            String::from_utf8_lossy(&out),
            "\"a\\\"\\\\\\n\\u0001\\u007f\\u00e9\\ud83d\\ude00\""
        );
    }
}
