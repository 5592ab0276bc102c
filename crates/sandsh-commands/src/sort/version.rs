//! `-V`: gnulib's `filevercmp` and its `verrevcmp`, a collation of its own with its own rules
//! for suffixes and digit runs, kept apart from the simpler ones.

use std::cmp::Ordering;

fn ver_order(s: &[u8], pos: usize) -> i32 {
    if pos >= s.len() {
        return 0;
    }
    let c = s[pos];
    if c.is_ascii_digit() {
        0
    } else if c.is_ascii_alphabetic() {
        i32::from(c)
    } else if c == b'~' {
        -1
    } else {
        i32::from(c) + 256
    }
}

fn verrevcmp(a: &[u8], b: &[u8]) -> i32 {
    let (mut i, mut j) = (0, 0);
    let dig = |s: &[u8], p: usize| p < s.len() && s[p].is_ascii_digit();
    while i < a.len() || j < b.len() {
        let mut first_diff = 0;
        while (i < a.len() && !a[i].is_ascii_digit()) || (j < b.len() && !b[j].is_ascii_digit()) {
            let ac = ver_order(a, i);
            let bc = ver_order(b, j);
            if ac != bc {
                return ac - bc;
            }
            i += 1;
            j += 1;
        }
        while i < a.len() && a[i] == b'0' {
            i += 1;
        }
        while j < b.len() && b[j] == b'0' {
            j += 1;
        }
        while dig(a, i) && dig(b, j) {
            if first_diff == 0 {
                first_diff = i32::from(a[i]) - i32::from(b[j]);
            }
            i += 1;
            j += 1;
        }
        if dig(a, i) {
            return 1;
        }
        if dig(b, j) {
            return -1;
        }
        if first_diff != 0 {
            return first_diff;
        }
    }
    0
}

fn file_prefixlen(s: &[u8]) -> usize {
    let n = s.len();
    let mut prefix = 0;
    let mut i = 0;
    loop {
        if i == n {
            return prefix;
        }
        i += 1;
        prefix = i;
        while i + 1 < n && s[i] == b'.' && (s[i + 1].is_ascii_alphabetic() || s[i + 1] == b'~') {
            i += 2;
            while i < n && (s[i].is_ascii_alphanumeric() || s[i] == b'~') {
                i += 1;
            }
        }
    }
}

/// gnulib's `filevercmp` (coreutils 9.x), used by `sort -V` and `ls -v`.
pub fn filevercmp(a: &[u8], b: &[u8]) -> Ordering {
    if a == b {
        return Ordering::Equal;
    }
    if a.is_empty() {
        return Ordering::Less;
    }
    if b.is_empty() {
        return Ordering::Greater;
    }
    if a[0] == b'.' {
        if b[0] != b'.' {
            return Ordering::Less;
        }
        let (ad, bd) = (a == b".", b == b".");
        if ad {
            return if bd { Ordering::Equal } else { Ordering::Less };
        }
        if bd {
            return Ordering::Greater;
        }
        let (add, bdd) = (a == b"..", b == b"..");
        if add {
            return if bdd { Ordering::Equal } else { Ordering::Less };
        }
        if bdd {
            return Ordering::Greater;
        }
    } else if b[0] == b'.' {
        return Ordering::Greater;
    }
    let ap = file_prefixlen(a);
    let bp = file_prefixlen(b);
    let one_pass = ap == a.len() && bp == b.len();
    let r = verrevcmp(&a[..ap], &b[..bp]);
    let r = if r != 0 || one_pass {
        r
    } else {
        verrevcmp(a, b)
    };
    r.cmp(&0)
}
