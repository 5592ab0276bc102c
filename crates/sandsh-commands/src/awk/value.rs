//! awk values: numbers, strings, "strnums" (input that may look numeric) and the
//! uninitialized value, with gawk's conversions between them.
//!
//! Strings are byte strings (`Rc<[u8]>`) so that input bytes, valid UTF-8 or not, pass
//! through unchanged; character-based functions decode where they need characters.
//! Number parsing has a fast path for the plain decimal numbers that fill typical input
//! (exact whenever the mantissa fits in 53 bits and the scale in 22 decimal digits) and
//! falls back to the standard library's correctly rounded parser otherwise.

use std::rc::Rc;

pub type Str = Rc<[u8]>;

#[derive(Clone, Debug, Default)]
pub enum Value {
    #[default]
    Uninit,
    Num(f64),
    Str(Str),
    /// A string that came from input: numeric when it looks like a number.
    StrNum(Str),
}

thread_local! {
    static EMPTY: Str = Rc::from(&b""[..]);
}

pub fn empty_str() -> Str {
    EMPTY.with(|e| e.clone())
}

pub fn str_from(b: &[u8]) -> Str {
    if b.is_empty() {
        return empty_str();
    }
    Rc::from(b)
}

impl Value {
    pub fn from_bytes(b: &[u8]) -> Value {
        Value::Str(str_from(b))
    }
    pub fn strnum(b: &[u8]) -> Value {
        Value::StrNum(str_from(b))
    }

    pub fn to_num(&self) -> f64 {
        match self {
            Value::Uninit => 0.0,
            Value::Num(n) => *n,
            Value::Str(s) | Value::StrNum(s) => str_to_num(s),
        }
    }

    /// True for values compared numerically: numbers, the uninitialized value and strnums
    /// that look numeric.
    pub fn is_numeric(&self) -> bool {
        match self {
            Value::Uninit | Value::Num(_) => true,
            Value::Str(_) => false,
            Value::StrNum(s) => looks_numeric(s),
        }
    }

    pub fn truthy(&self) -> bool {
        match self {
            Value::Uninit => false,
            Value::Num(n) => *n != 0.0,
            Value::Str(s) => !s.is_empty(),
            Value::StrNum(s) => {
                if looks_numeric(s) {
                    str_to_num(s) != 0.0
                } else {
                    !s.is_empty()
                }
            }
        }
    }

    /// The string value, numbers converted with `convfmt` (integers as integers).
    pub fn to_str_with(&self, convfmt: &[u8]) -> Str {
        match self {
            Value::Uninit => empty_str(),
            Value::Num(n) => Rc::from(num_to_bytes(*n, convfmt)),
            Value::Str(s) | Value::StrNum(s) => s.clone(),
        }
    }

    /// Append the string value to `out`.
    pub fn write_to(&self, out: &mut Vec<u8>, fmt: &[u8]) {
        match self {
            Value::Uninit => {}
            Value::Num(n) => write_num(out, *n, fmt),
            Value::Str(s) | Value::StrNum(s) => out.extend_from_slice(s),
        }
    }
}

/// Number → string: integral values print as integers, others through `fmt` (CONVFMT/OFMT).
pub fn num_to_bytes(n: f64, fmt: &[u8]) -> Vec<u8> {
    let mut v = Vec::new();
    write_num(&mut v, n, fmt);
    v
}

pub fn write_num(out: &mut Vec<u8>, n: f64, fmt: &[u8]) {
    if n.is_nan() {
        out.extend_from_slice(if n.is_sign_negative() {
            b"-nan"
        } else {
            b"+nan"
        });
        return;
    }
    if n.is_infinite() {
        out.extend_from_slice(if n < 0.0 { b"-inf" } else { b"+inf" });
        return;
    }
    if n == n.trunc() {
        if n.abs() < 1e18 {
            let mut b = itoa::Buffer::new();
            out.extend_from_slice(b.format(n as i64).as_bytes());
        } else {
            out.extend_from_slice(format!("{n:.0}").as_bytes());
        }
        return;
    }
    if fmt == b"%.6g" {
        if n < 0.0 {
            out.push(b'-');
        }
        out.extend_from_slice(sandsh_text::printf::general(n.abs(), 6, false).as_bytes());
        return;
    }
    let (s, _) = super::format::sprintf(fmt, &[Value::Num(n)], b"%.6g");
    out.extend_from_slice(&s);
}

fn skip_ws(s: &[u8], mut i: usize) -> usize {
    while i < s.len() && matches!(s[i], b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c) {
        i += 1;
    }
    i
}

/// Parse the longest numeric prefix of `s` (after blanks) as C's strtod does, decimal only.
/// Returns the value and the index just past the number (0 when there is none).
pub fn parse_prefix(s: &[u8]) -> (f64, usize) {
    let start = skip_ws(s, 0);
    let mut i = start;
    let mut neg = false;
    if i < s.len() && (s[i] == b'+' || s[i] == b'-') {
        neg = s[i] == b'-';
        i += 1;
        // gawk accepts signed inf/nan
        let rest = &s[i..];
        if rest.len() >= 3 {
            let w = [
                rest[0].to_ascii_lowercase(),
                rest[1].to_ascii_lowercase(),
                rest[2].to_ascii_lowercase(),
            ];
            if &w == b"inf" {
                let v = if neg {
                    f64::NEG_INFINITY
                } else {
                    f64::INFINITY
                };
                let mut e = i + 3;
                if rest.len() >= 8 && rest[..8].eq_ignore_ascii_case(b"infinity") {
                    e = i + 8;
                }
                return (v, e);
            }
            if &w == b"nan" {
                let v = if neg { -f64::NAN } else { f64::NAN };
                return (v, i + 3);
            }
        }
    }
    let mut mant: u64 = 0;
    let mut ndig = 0usize;
    let mut scale: i32 = 0;
    let mut any = false;
    let ds = i;
    while i < s.len() && s[i].is_ascii_digit() {
        if ndig < 19 {
            mant = mant * 10 + (s[i] - b'0') as u64;
            if mant != 0 {
                ndig += 1;
            }
        } else {
            scale += 1;
            ndig += 1;
        }
        i += 1;
        any = true;
    }
    if i < s.len() && s[i] == b'.' {
        i += 1;
        while i < s.len() && s[i].is_ascii_digit() {
            if ndig < 19 {
                mant = mant * 10 + (s[i] - b'0') as u64;
                if mant != 0 {
                    ndig += 1;
                }
                scale -= 1;
            }
            i += 1;
            any = true;
        }
    }
    if !any {
        return (0.0, 0);
    }
    let mut exp_part = false;
    if i < s.len() && (s[i] == b'e' || s[i] == b'E') {
        let mut j = i + 1;
        if j < s.len() && (s[j] == b'+' || s[j] == b'-') {
            j += 1;
        }
        if j < s.len() && s[j].is_ascii_digit() {
            while j < s.len() && s[j].is_ascii_digit() {
                j += 1;
            }
            i = j;
            exp_part = true;
        }
    }
    let end = i;
    if !exp_part && ndig <= 15 && (-22..=0).contains(&scale) {
        let mut v = mant as f64;
        if scale < 0 {
            v /= POW10[(-scale) as usize];
        }
        return (if neg { -v } else { v }, end);
    }
    // slow path: exact parse of the digits text
    let text = std::str::from_utf8(&s[ds..end]).unwrap_or("0");
    let v: f64 = text.parse().unwrap_or(0.0);
    (if neg { -v } else { v }, end)
}

const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

pub fn str_to_num(s: &[u8]) -> f64 {
    // fast path for short plain integers
    if !s.is_empty() && s.len() <= 15 && s.iter().all(|b| b.is_ascii_digit()) {
        let mut v: u64 = 0;
        for &b in s {
            v = v * 10 + (b - b'0') as u64;
        }
        return v as f64;
    }
    parse_prefix(s).0
}

/// Whether the whole string (blanks allowed around) is a decimal number.
pub fn looks_numeric(s: &[u8]) -> bool {
    let (_, end) = parse_prefix(s);
    if end == 0 {
        return false;
    }
    skip_ws(s, end) == s.len()
}

/// Compare two values as gawk does: numerically when both are numeric, else as strings.
pub fn compare(a: &Value, b: &Value, convfmt: &[u8]) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    if a.is_numeric() && b.is_numeric() {
        let x = a.to_num();
        let y = b.to_num();
        return x.partial_cmp(&y).unwrap_or_else(|| {
            // gawk orders NaN as neither less nor greater; treat as equal only if both NaN
            if x.is_nan() && y.is_nan() {
                Ordering::Equal
            } else if x.is_nan() {
                Ordering::Greater
            } else {
                Ordering::Less
            }
        });
    }
    let sa = a.to_str_with(convfmt);
    let sb = b.to_str_with(convfmt);
    sa[..].cmp(&sb[..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_numbers() {
        assert_eq!(str_to_num(b"12"), 12.0);
        assert_eq!(str_to_num(b" 1.5x"), 1.5);
        assert_eq!(str_to_num(b"1e3"), 1000.0);
        assert_eq!(str_to_num(b"0x1A"), 0.0);
        assert_eq!(str_to_num(b".5"), 0.5);
        assert_eq!(str_to_num(b"-"), 0.0);
        assert_eq!(str_to_num(b"0.1"), 0.1);
        assert_eq!(str_to_num(b"123456789.125"), 123_456_789.125);
        assert!(looks_numeric(b" 12 "));
        assert!(!looks_numeric(b"12a"));
        assert!(!looks_numeric(b""));
    }

    #[test]
    fn number_strings() {
        assert_eq!(num_to_bytes(3.0, b"%.6g"), b"3");
        assert_eq!(num_to_bytes(0.1, b"%.6g"), b"0.1");
        assert_eq!(
            num_to_bytes(1e30, b"%.6g"),
            b"1000000000000000019884624838656"
        );
        assert_eq!(num_to_bytes(1.0 / 3.0, b"%.6g"), b"0.333333");
    }
}
