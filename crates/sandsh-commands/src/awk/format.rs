//! awk's `printf`/`sprintf` formatting, as gawk does it in a UTF-8 locale.
//!
//! Conversions `%c %d %i %o %u %x %X %e %E %f %F %g %G %s %%` with flags `- + space # 0`,
//! widths and precisions (`*` takes them from the arguments). `%c` and `%s` widths and
//! precisions count characters. The digits of `%f %e %g` are [`sandsh_text::printf`]'s
//! (Rust's exact decimal expansion, rounded as glibc rounds), so awk and printf agree.

use super::value::Value;
use sandsh_text::printf;

/// The widest field and the longest precision one conversion makes (64 MiB).
const MAX_FIELD: usize = 64 << 20;

/// Format `fmt` with `args`. Err carries gawk's fatal message when arguments run out.
pub fn sprintf(fmt: &[u8], args: &[Value], convfmt: &[u8]) -> (Vec<u8>, Option<String>) {
    let mut out = Vec::with_capacity(fmt.len() + 16);
    let mut ai = 0usize;
    let mut i = 0usize;
    while i < fmt.len() {
        let c = fmt[i];
        if c != b'%' {
            // copy a run of literal bytes
            let start = i;
            while i < fmt.len() && fmt[i] != b'%' {
                i += 1;
            }
            out.extend_from_slice(&fmt[start..i]);
            continue;
        }
        let spec_start = i;
        i += 1;
        if i >= fmt.len() {
            out.push(b'%');
            break;
        }
        let (mut left, mut plus, mut space, mut alt, mut zero) =
            (false, false, false, false, false);
        while i < fmt.len() {
            match fmt[i] {
                b'-' => left = true,
                b'+' => plus = true,
                b' ' => space = true,
                b'#' => alt = true,
                b'0' => zero = true,
                // Thousands grouping: the C and C.UTF-8 locales have no separator.
                b'\'' => {}
                _ => break,
            }
            i += 1;
        }
        let mut width: Option<usize> = None;
        if i < fmt.len() && fmt[i] == b'*' {
            i += 1;
            let Some(a) = args.get(ai) else {
                return (out, Some(not_enough(fmt, i)));
            };
            ai += 1;
            let w = a.to_num() as i64;
            if w < 0 {
                left = true;
            }
            width = Some(w.unsigned_abs() as usize);
        } else {
            let mut w = 0usize;
            let mut any = false;
            while i < fmt.len() && fmt[i].is_ascii_digit() {
                w = w
                    .saturating_mul(10)
                    .saturating_add((fmt[i] - b'0') as usize);
                any = true;
                i += 1;
            }
            if any {
                width = Some(w);
            }
        }
        let mut prec: Option<usize> = None;
        if i < fmt.len() && fmt[i] == b'.' {
            i += 1;
            if i < fmt.len() && fmt[i] == b'*' {
                i += 1;
                let Some(a) = args.get(ai) else {
                    return (out, Some(not_enough(fmt, i)));
                };
                ai += 1;
                let p = a.to_num() as i64;
                prec = if p < 0 { None } else { Some(p as usize) };
            } else {
                let mut p = 0usize;
                while i < fmt.len() && fmt[i].is_ascii_digit() {
                    p = p
                        .saturating_mul(10)
                        .saturating_add((fmt[i] - b'0') as usize);
                    i += 1;
                }
                prec = Some(p);
            }
        }
        // length modifiers are accepted and ignored
        while i < fmt.len() && matches!(fmt[i], b'h' | b'l' | b'L' | b'q' | b'j' | b'z' | b't') {
            i += 1;
        }
        if i >= fmt.len() {
            out.extend_from_slice(&fmt[spec_start..]);
            break;
        }
        let conv = fmt[i];
        i += 1;
        // gawk has no bound but memory; these keep one field within the shell printf's.
        let width = width.map(|w| w.min(MAX_FIELD));
        let prec = prec.map(|p| p.min(MAX_FIELD));
        let sp = Spec {
            left,
            plus,
            space,
            alt,
            zero,
            width,
            prec,
        };
        if conv == b'%' {
            // gawk ignores width and flags here
            out.push(b'%');
            continue;
        }
        if !matches!(
            conv,
            b'c' | b'd'
                | b'i'
                | b'o'
                | b'u'
                | b'x'
                | b'X'
                | b'e'
                | b'E'
                | b'f'
                | b'F'
                | b'g'
                | b'G'
                | b's'
                | b'a'
                | b'A'
        ) {
            // unknown conversion: copied literally
            out.extend_from_slice(&fmt[spec_start..i]);
            continue;
        }
        let Some(arg) = args.get(ai) else {
            return (out, Some(not_enough(fmt, i)));
        };
        ai += 1;
        match conv {
            b's' => {
                let s = arg.to_str_with(convfmt);
                let (bytes, chars) = match sp.prec {
                    Some(p) => take_chars(&s, p),
                    None => (&s[..], char_count(&s)),
                };
                pad_out(&mut out, bytes, chars, sp.width, sp.left, b' ');
            }
            b'c' => {
                let mut buf = [0u8; 4];
                let bytes: Vec<u8> = match arg {
                    Value::Num(_) => char_of(arg.to_num(), &mut buf).to_vec(),
                    Value::StrNum(s) if super::value::looks_numeric(s) => {
                        char_of(arg.to_num(), &mut buf).to_vec()
                    }
                    _ => {
                        let s = arg.to_str_with(convfmt);
                        if s.is_empty() {
                            vec![0]
                        } else {
                            take_chars(&s, 1).0.to_vec()
                        }
                    }
                };
                pad_out(&mut out, &bytes, 1, sp.width, sp.left, b' ');
            }
            b'd' | b'i' => {
                let v = arg.to_num();
                if !v.is_finite() {
                    float_special(&mut out, v, &sp);
                    continue;
                }
                let t = v.trunc();
                let neg = t < 0.0;
                let digits = if t.abs() < 1e18 {
                    (t.abs() as u64).to_string()
                } else {
                    format!("{:.0}", t.abs())
                };
                put_int(&mut out, neg, &digits, "", &sp, true);
            }
            b'o' | b'u' | b'x' | b'X' => {
                let v = arg.to_num();
                if !v.is_finite() {
                    float_special(&mut out, v, &sp);
                    continue;
                }
                let t = v.trunc();
                let u: u64 = if t < 0.0 {
                    (t as i64) as u64
                } else if t >= 18446744073709551616.0 {
                    // gawk switches to %g-like output for huge values
                    let s = printf::general(v, 6, false);
                    pad_out(&mut out, s.as_bytes(), s.len(), sp.width, sp.left, b' ');
                    continue;
                } else {
                    t as u64
                };
                let (digits, prefix) = match conv {
                    b'o' => {
                        let d = format!("{u:o}");
                        let p = if sp.alt && u != 0 { "0" } else { "" };
                        (d, p)
                    }
                    b'u' => (u.to_string(), ""),
                    b'x' => (format!("{u:x}"), if sp.alt && u != 0 { "0x" } else { "" }),
                    _ => (format!("{u:X}"), if sp.alt && u != 0 { "0X" } else { "" }),
                };
                put_int(&mut out, false, &digits, prefix, &sp, false);
            }
            _ => {
                let v = arg.to_num();
                put_float(&mut out, v, conv, &sp);
            }
        }
    }
    (out, None)
}

fn not_enough(fmt: &[u8], _i: usize) -> String {
    format!(
        "not enough arguments to satisfy format string\n\t`{}'",
        String::from_utf8_lossy(fmt)
    )
}

#[derive(Clone, Copy)]
struct Spec {
    left: bool,
    plus: bool,
    space: bool,
    alt: bool,
    zero: bool,
    width: Option<usize>,
    prec: Option<usize>,
}

fn char_count(s: &[u8]) -> usize {
    match std::str::from_utf8(s) {
        Ok(t) => t.chars().count(),
        Err(_) => bstr::ByteSlice::chars(s).count(),
    }
}

/// The first `n` characters of `s` and how many there were.
pub fn take_chars(s: &[u8], n: usize) -> (&[u8], usize) {
    let mut count = 0;
    for (start, _end, _c) in bstr::ByteSlice::char_indices(s) {
        if count == n {
            return (&s[..start], count);
        }
        count += 1;
    }
    (s, count)
}

fn char_of(v: f64, buf: &mut [u8; 4]) -> &[u8] {
    let n = v as i64;
    if (0..128).contains(&n) {
        buf[0] = n as u8;
        return &buf[..1];
    }
    match u32::try_from(n).ok().and_then(char::from_u32) {
        Some(c) => c.encode_utf8(buf).as_bytes(),
        None => {
            buf[0] = n as u8;
            &buf[..1]
        }
    }
}

fn pad_out(out: &mut Vec<u8>, s: &[u8], chars: usize, width: Option<usize>, left: bool, fill: u8) {
    let w = width.unwrap_or(0);
    let padn = w.saturating_sub(chars);
    if left {
        out.extend_from_slice(s);
        out.resize(out.len() + padn, b' ');
    } else {
        out.resize(out.len() + padn, fill);
        out.extend_from_slice(s);
    }
}

fn put_int(out: &mut Vec<u8>, neg: bool, digits: &str, prefix: &str, sp: &Spec, signed: bool) {
    let mut body = String::new();
    let digits = match sp.prec {
        Some(0) if digits == "0" => "",
        _ => digits,
    };
    if let Some(p) = sp.prec
        && digits.len() < p
    {
        body.push_str(&"0".repeat(p - digits.len()));
    }
    body.push_str(digits);
    let sign = if neg {
        "-"
    } else if signed && sp.plus {
        "+"
    } else if signed && sp.space {
        " "
    } else {
        ""
    };
    let total = sign.len() + prefix.len() + body.len();
    let w = sp.width.unwrap_or(0);
    if sp.left {
        out.extend_from_slice(sign.as_bytes());
        out.extend_from_slice(prefix.as_bytes());
        out.extend_from_slice(body.as_bytes());
        out.resize(out.len() + w.saturating_sub(total), b' ');
    } else if sp.zero && sp.prec.is_none() {
        out.extend_from_slice(sign.as_bytes());
        out.extend_from_slice(prefix.as_bytes());
        out.resize(out.len() + w.saturating_sub(total), b'0');
        out.extend_from_slice(body.as_bytes());
    } else {
        out.resize(out.len() + w.saturating_sub(total), b' ');
        out.extend_from_slice(sign.as_bytes());
        out.extend_from_slice(prefix.as_bytes());
        out.extend_from_slice(body.as_bytes());
    }
}

fn float_special(out: &mut Vec<u8>, v: f64, sp: &Spec) {
    let s = if v.is_nan() {
        if v.is_sign_negative() { "-nan" } else { "+nan" }
    } else if v < 0.0 {
        "-inf"
    } else {
        "+inf"
    };
    pad_out(out, s.as_bytes(), s.len(), sp.width, sp.left, b' ');
}

fn put_float(out: &mut Vec<u8>, v: f64, conv: u8, sp: &Spec) {
    if !v.is_finite() {
        let mut s = String::new();
        if v.is_nan() {
            s.push(if v.is_sign_negative() { '-' } else { '+' });
            s.push_str("nan");
        } else {
            s.push(if v < 0.0 { '-' } else { '+' });
            s.push_str("inf");
        }
        if conv.is_ascii_uppercase() {
            s = s.to_ascii_uppercase();
        }
        pad_out(out, s.as_bytes(), s.len(), sp.width, sp.left, b' ');
        return;
    }
    let prec = sp.prec.unwrap_or(6);
    let neg = v.is_sign_negative();
    let a = v.abs();
    let mut body = match conv {
        b'f' | b'F' => printf::fixed(a, prec, sp.alt),
        b'e' | b'E' => printf::exponent(a, prec, sp.alt),
        b'a' | b'A' => format!("{a:e}"),
        _ => printf::general(a, prec, sp.alt),
    };
    if conv.is_ascii_uppercase() {
        body = body.to_ascii_uppercase();
    }
    let sign = if neg {
        "-"
    } else if sp.plus {
        "+"
    } else if sp.space {
        " "
    } else {
        ""
    };
    let total = sign.len() + body.len();
    let w = sp.width.unwrap_or(0);
    if sp.left {
        out.extend_from_slice(sign.as_bytes());
        out.extend_from_slice(body.as_bytes());
        out.resize(out.len() + w.saturating_sub(total), b' ');
    } else if sp.zero {
        out.extend_from_slice(sign.as_bytes());
        out.resize(out.len() + w.saturating_sub(total), b'0');
        out.extend_from_slice(body.as_bytes());
    } else {
        out.resize(out.len() + w.saturating_sub(total), b' ');
        out.extend_from_slice(sign.as_bytes());
        out.extend_from_slice(body.as_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(fmt: &str, args: &[Value]) -> String {
        String::from_utf8(sprintf(fmt.as_bytes(), args, b"%.6g").0).unwrap_or_default()
    }

    #[test]
    fn conversions() {
        assert_eq!(f("%5.2f|", &[Value::Num(1.23456)]), " 1.23|");
        assert_eq!(f("%e", &[Value::Num(12345.678)]), "1.234568e+04");
        assert_eq!(
            f("%g %g", &[Value::Num(100000.0), Value::Num(1e-5)]),
            "100000 1e-05"
        );
        assert_eq!(f("%x %o", &[Value::Num(255.0), Value::Num(8.0)]), "ff 10");
        assert_eq!(f("%c", &[Value::Num(65.0)]), "A");
        assert_eq!(
            f("%-4d|%04d", &[Value::Num(7.0), Value::Num(-7.0)]),
            "7   |-007"
        );
        assert_eq!(f("%.2s", &[Value::from_bytes("héllo".as_bytes())]), "hé");
    }
}
