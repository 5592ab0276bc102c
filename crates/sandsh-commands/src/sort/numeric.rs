//! The number-like collations: `-n` (GNU's `numcompare`, digit strings compared without
//! converting), `-h` (SI suffix order first), `-g` (strtod values) and `-M` (month names).

use std::cmp::Ordering;

use super::fields::is_blank;

/// Sign and digits of a `-n` number: (negative, integer digits without leading zeros,
/// fraction digits without trailing zeros).
pub(super) fn num_parts(s: &[u8]) -> (bool, &[u8], &[u8], usize) {
    let mut p = 0;
    while p < s.len() && is_blank(s[p]) {
        p += 1;
    }
    let neg = s.get(p) == Some(&b'-');
    if neg {
        p += 1;
    }
    let is = p;
    while p < s.len() && s[p].is_ascii_digit() {
        p += 1;
    }
    let mut int = &s[is..p];
    while int.first() == Some(&b'0') {
        int = &int[1..];
    }
    let mut frac: &[u8] = &[];
    if s.get(p) == Some(&b'.') {
        let fs = p + 1;
        p += 1;
        while p < s.len() && s[p].is_ascii_digit() {
            p += 1;
        }
        frac = &s[fs..p];
        while frac.last() == Some(&b'0') {
            frac = &frac[..frac.len() - 1];
        }
    }
    (neg, int, frac, p)
}

pub(super) fn numcmp(a: &[u8], b: &[u8]) -> Ordering {
    let (an, ai, af, _) = num_parts(a);
    let (bn, bi, bf, _) = num_parts(b);
    let az = ai.is_empty() && af.is_empty();
    let bz = bi.is_empty() && bf.is_empty();
    let an = an && !az;
    let bn = bn && !bz;
    if an != bn {
        return if an {
            Ordering::Less
        } else {
            Ordering::Greater
        };
    }
    let mag = ai
        .len()
        .cmp(&bi.len())
        .then_with(|| ai.cmp(bi))
        .then_with(|| af.cmp(bf));
    if an { mag.reverse() } else { mag }
}

pub(super) fn human_order(s: &[u8]) -> i32 {
    let (neg, int, frac, end) = num_parts(s);
    let order = match s.get(end) {
        Some(b'k') | Some(b'K') => 1,
        Some(b'M') => 2,
        Some(b'G') => 3,
        Some(b'T') => 4,
        Some(b'P') => 5,
        Some(b'E') => 6,
        Some(b'Z') => 7,
        // coreutils 9.1, the version compared with, has no R or Q (9.2 added them).
        Some(b'Y') => 8,
        _ => 0,
    };
    if int.is_empty() && frac.is_empty() {
        0
    } else if neg {
        -order
    } else {
        order
    }
}

/// strtod-style prefix parse: `None` when no number starts the text.
pub fn strtod_prefix(s: &[u8]) -> Option<f64> {
    let mut p = 0;
    while p < s.len() && (s[p] == b' ' || (9..=13).contains(&s[p])) {
        p += 1;
    }
    let start = p;
    if p < s.len() && (s[p] == b'+' || s[p] == b'-') {
        p += 1;
    }
    let neg = s.get(start) == Some(&b'-');
    let rest = &s[p..];
    let lower: Vec<u8> = rest
        .iter()
        .take(8)
        .map(|b| b.to_ascii_lowercase())
        .collect();
    if lower.starts_with(b"inf") {
        return Some(if neg {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        });
    }
    if lower.starts_with(b"nan") {
        return Some(f64::NAN);
    }
    if lower.starts_with(b"0x") {
        let mut v = 0f64;
        let mut q = p + 2;
        let mut any = false;
        while q < s.len() && s[q].is_ascii_hexdigit() {
            v = v * 16.0 + f64::from((s[q] as char).to_digit(16).unwrap_or(0));
            q += 1;
            any = true;
        }
        if any {
            return Some(if neg { -v } else { v });
        }
    }
    let ds = p;
    while p < s.len() && s[p].is_ascii_digit() {
        p += 1;
    }
    let mut digits = p - ds;
    if p < s.len() && s[p] == b'.' {
        p += 1;
        let fs = p;
        while p < s.len() && s[p].is_ascii_digit() {
            p += 1;
        }
        digits += p - fs;
    }
    if digits == 0 {
        return None;
    }
    if p < s.len() && (s[p] == b'e' || s[p] == b'E') {
        let mut q = p + 1;
        if q < s.len() && (s[q] == b'+' || s[q] == b'-') {
            q += 1;
        }
        if q < s.len() && s[q].is_ascii_digit() {
            while q < s.len() && s[q].is_ascii_digit() {
                q += 1;
            }
            p = q;
        }
    }
    std::str::from_utf8(&s[start..p]).ok()?.parse::<f64>().ok()
}

pub(super) fn general_cmp(a: &[u8], b: &[u8]) -> Ordering {
    match (strtod_prefix(a), strtod_prefix(b)) {
        (None, None) => Ordering::Equal,
        (None, Some(_)) => Ordering::Less,
        (Some(_), None) => Ordering::Greater,
        (Some(x), Some(y)) => match x.partial_cmp(&y) {
            Some(o) => o,
            None => x.is_nan().cmp(&y.is_nan()).reverse(),
        },
    }
}

pub(super) fn month(s: &[u8]) -> u32 {
    let mut p = 0;
    while p < s.len() && is_blank(s[p]) {
        p += 1;
    }
    let m: Vec<u8> = s[p..]
        .iter()
        .take(3)
        .map(|b| b.to_ascii_uppercase())
        .collect();
    const MONTHS: [&[u8]; 12] = [
        b"JAN", b"FEB", b"MAR", b"APR", b"MAY", b"JUN", b"JUL", b"AUG", b"SEP", b"OCT", b"NOV",
        b"DEC",
    ];
    MONTHS
        .iter()
        .position(|x| *x == m.as_slice())
        .map_or(0, |i| i as u32 + 1)
}
