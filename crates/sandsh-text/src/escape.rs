//! Backslash escapes as `echo -e`, `printf`'s format string and `printf %b` process them.
//!
//! The three differ in small ways bash users rely on (`\c` stops output in `echo -e` and `%b`
//! but is literal in a format; `\101` is octal in `%b` and a format but not in `echo -e`), so
//! one routine takes the flavor and the differences sit in one table-like `match`.

/// Which escape dialect to apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flavor {
    /// `echo -e` (and `xpg_echo`).
    Echo,
    /// The argument of `printf %b`.
    PrintfB,
    /// A `printf` format string.
    PrintfFormat,
}

/// Process the escapes of `echo -e` in `s`, appending to `out`. Returns `true` when `\c` was
/// met: the caller must then print nothing more (not even the newline).
pub fn echo_escapes(s: &[u8], out: &mut Vec<u8>) -> bool {
    process(s, Flavor::Echo, out, &mut Vec::new())
}

/// What `echo` prints for `args` (its arguments, without the name): leading words made only
/// of `-n`, `-e` and `-E` are options (`-n` drops the newline, `-e` turns escapes on and `-E`
/// off, from `escapes`, which is `xpg_echo`); the rest are joined by spaces and end with a
/// newline, unless `\c` stopped the output.
pub fn echo(args: &[Vec<u8>], mut escapes: bool) -> Vec<u8> {
    let mut newline = true;
    let mut i = 0;
    while let Some(a) = args.get(i) {
        if a.len() >= 2 && a[0] == b'-' && a[1..].iter().all(|c| matches!(c, b'n' | b'e' | b'E')) {
            for c in &a[1..] {
                match c {
                    b'n' => newline = false,
                    b'e' => escapes = true,
                    _ => escapes = false,
                }
            }
            i += 1;
        } else {
            break;
        }
    }
    let mut out = Vec::new();
    for (k, a) in args[i..].iter().enumerate() {
        if k > 0 {
            out.push(b' ');
        }
        if escapes {
            if echo_escapes(a, &mut out) {
                return out;
            }
        } else {
            out.extend_from_slice(a);
        }
    }
    if newline {
        out.push(b'\n');
    }
    out
}

/// The byte of the one-letter C escapes every flavour shares, `\a \b \e \f \n \r \t \v \\ \"`
/// (the letter after the backslash).
pub fn control_escape(c: u8) -> Option<u8> {
    Some(match c {
        b'a' => 7,
        b'b' => 8,
        b'e' => 0x1b,
        b'f' => 12,
        b'n' => b'\n',
        b'r' => b'\r',
        b't' => b'\t',
        b'v' => 11,
        b'\\' | b'"' => c,
        _ => return None,
    })
}

/// Process escapes in `s` for `flavor`, appending to `out`; warnings such as
/// `missing hex digit for \x` go to `warnings`. Returns `true` when `\c` stopped the output.
pub fn process(s: &[u8], flavor: Flavor, out: &mut Vec<u8>, warnings: &mut Vec<String>) -> bool {
    let mut i = 0;
    while i < s.len() {
        let b = s[i];
        if b != b'\\' || i + 1 >= s.len() {
            out.push(b);
            i += 1;
            continue;
        }
        let c = s[i + 1];
        i += 2;
        let simple = control_escape(c).or(match c {
            b'E' => Some(0x1b),
            b'\'' | b'?' if flavor == Flavor::PrintfFormat => Some(c),
            _ => None,
        });
        if let Some(v) = simple {
            out.push(v);
            continue;
        }
        match c {
            b'c' if flavor != Flavor::PrintfFormat => return true,
            b'0'..=b'7' => {
                // `\0nnn` everywhere but a format; `\nnn` in printf only.
                let (start, max) = if c == b'0' && flavor != Flavor::PrintfFormat {
                    (i, 3)
                } else if flavor == Flavor::Echo {
                    out.extend_from_slice(&[b'\\', c]);
                    continue;
                } else {
                    (i - 1, 3)
                };
                let n = s[start..]
                    .iter()
                    .take(max)
                    .take_while(|d| (b'0'..=b'7').contains(d))
                    .count();
                let v = s[start..start + n]
                    .iter()
                    .fold(0u32, |a, d| a * 8 + (d - b'0') as u32);
                out.push(v as u8);
                i = start + n;
            }
            b'x' | b'u' | b'U' => {
                let max = match c {
                    b'x' => 2,
                    b'u' => 4,
                    _ => 8,
                };
                let n = s[i..]
                    .iter()
                    .take(max)
                    .take_while(|d| d.is_ascii_hexdigit())
                    .count();
                if n == 0 {
                    if flavor != Flavor::Echo {
                        warnings.push(if c == b'x' {
                            "missing hex digit for \\x".to_string()
                        } else {
                            format!("missing unicode digit for \\{}", c as char)
                        });
                    }
                    out.extend_from_slice(&[b'\\', c]);
                    continue;
                }
                let v = s[i..i + n].iter().fold(0u32, |a, d| {
                    a.wrapping_mul(16)
                        .wrapping_add((*d as char).to_digit(16).unwrap_or(0))
                });
                i += n;
                if c == b'x' {
                    out.push(v as u8);
                } else {
                    push_code_point(v, out);
                }
            }
            _ => out.extend_from_slice(&[b'\\', c]),
        }
    }
    false
}

/// UTF-8 encode `v` the way bash does, including surrogates (as 3-byte sequences) and values
/// past U+10FFFF (as the old 4-to-6-byte forms).
pub(crate) fn push_code_point(v: u32, out: &mut Vec<u8>) {
    match v {
        0..=0x7F => out.push(v as u8),
        0x80..=0x7FF => out.extend_from_slice(&[0xC0 | (v >> 6) as u8, 0x80 | (v & 0x3F) as u8]),
        0x800..=0xFFFF => out.extend_from_slice(&[
            0xE0 | (v >> 12) as u8,
            0x80 | ((v >> 6) & 0x3F) as u8,
            0x80 | (v & 0x3F) as u8,
        ]),
        0x1_0000..=0x1F_FFFF => out.extend_from_slice(&[
            0xF0 | (v >> 18) as u8,
            0x80 | ((v >> 12) & 0x3F) as u8,
            0x80 | ((v >> 6) & 0x3F) as u8,
            0x80 | (v & 0x3F) as u8,
        ]),
        0x20_0000..=0x3FF_FFFF => out.extend_from_slice(&[
            0xF8 | (v >> 24) as u8,
            0x80 | ((v >> 18) & 0x3F) as u8,
            0x80 | ((v >> 12) & 0x3F) as u8,
            0x80 | ((v >> 6) & 0x3F) as u8,
            0x80 | (v & 0x3F) as u8,
        ]),
        _ => out.extend_from_slice(&[
            0xFC | ((v >> 30) & 1) as u8,
            0x80 | ((v >> 24) & 0x3F) as u8,
            0x80 | ((v >> 18) & 0x3F) as u8,
            0x80 | ((v >> 12) & 0x3F) as u8,
            0x80 | ((v >> 6) & 0x3F) as u8,
            0x80 | (v & 0x3F) as u8,
        ]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(s: &[u8], f: Flavor) -> (Vec<u8>, bool, usize) {
        let mut out = Vec::new();
        let mut w = Vec::new();
        let stop = process(s, f, &mut out, &mut w);
        (out, stop, w.len())
    }

    // Expectations observed from bash 5.2.15.
    #[test]
    fn echo_flavor() {
        let mut out = Vec::new();
        let stop = echo_escapes(b"\\101|\\0101|\\x41|\\u00e9|\\e|\\c|rest", &mut out);
        assert!(stop);
        assert_eq!(out, b"\\101|A|A|\xc3\xa9|\x1b|");
        assert_eq!(run(b"[\\\"\\?\\']", Flavor::Echo).0, b"[\"\\?\\']");
        assert_eq!(run(b"\\x", Flavor::Echo), (b"\\x".to_vec(), false, 0));
        assert_eq!(run(b"a\\", Flavor::Echo).0, b"a\\");
    }

    #[test]
    fn printf_b_flavor() {
        assert_eq!(run(b"a\\tb", Flavor::PrintfB).0, b"a\tb");
        assert_eq!(run(b"x\\cy", Flavor::PrintfB), (b"x".to_vec(), true, 0));
        assert_eq!(run(b"\\0101", Flavor::PrintfB).0, b"A");
        assert_eq!(run(b"\\101", Flavor::PrintfB).0, b"A");
        assert_eq!(run(b"\\01234", Flavor::PrintfB).0, b"S4");
        assert_eq!(run(b"\\0", Flavor::PrintfB).0, b"\0");
        assert_eq!(run(b"\\9\\q\\s", Flavor::PrintfB).0, b"\\9\\q\\s");
        assert_eq!(run(b"\\'\\\"\\?", Flavor::PrintfB).0, b"\\'\"\\?");
        assert_eq!(run(b"\\x", Flavor::PrintfB), (b"\\x".to_vec(), false, 1));
        assert_eq!(run(b"\\u110000", Flavor::PrintfB).0, b"\xe1\x84\x8000");
        assert_eq!(run(b"\\ud800", Flavor::PrintfB).0, b"\xed\xa0\x80");
        assert_eq!(run(b"\\U0001F600", Flavor::PrintfB).0, "😀".as_bytes());
        assert_eq!(run(b"\\377", Flavor::PrintfB).0, b"\xff");
    }

    #[test]
    fn format_flavor() {
        assert_eq!(
            run(b"a\\cb", Flavor::PrintfFormat),
            (b"a\\cb".to_vec(), false, 0)
        );
        assert_eq!(run(b"[\\?\\\"\\']", Flavor::PrintfFormat).0, b"[?\"']");
        assert_eq!(
            run(b"\\x41\\101\\e\\a", Flavor::PrintfFormat).0,
            b"AA\x1b\x07"
        );
        assert_eq!(run(b"\\0101", Flavor::PrintfFormat).0, b"\x081");
        assert_eq!(run(b"\\z", Flavor::PrintfFormat).0, b"\\z");
        assert_eq!(
            run(b"\\x\\u|", Flavor::PrintfFormat),
            (b"\\x\\u|".to_vec(), false, 2)
        );
    }
}
