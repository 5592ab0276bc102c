//! Shell quoting as bash produces it: `printf %q` ([`shell_quote`]) and `${x@Q}`
//! ([`single_quote`]).
//!
//! Both must round-trip through the shell, and agents compare them with bash's output, so
//! they follow bash's exact choices: backslashes for `%q`, single quotes for `@Q`, and
//! `$'…'` for both as soon as the text holds a control character or invalid UTF-8.

use super::pattern::decode;

/// Control characters (C0, DEL, C1) and bytes of invalid UTF-8.
fn unprintable(c: u32) -> bool {
    matches!(c, 0..=0x1f | 0x7f..=0x9f | 0x11_0000..)
}

/// Whether `s` needs `$'…'` quoting: a control character, DEL, or bytes that are not UTF-8.
pub fn needs_ansi_c(s: &[u8]) -> bool {
    let mut i = 0;
    while i < s.len() {
        let (c, n) = decode(s, i);
        if unprintable(c) {
            return true;
        }
        i += n;
    }
    false
}

/// `$'…'` quoting (bash's `ansic_quote`).
pub fn ansi_c_quote(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len() + 3);
    out.extend_from_slice(b"$'");
    let mut i = 0;
    while i < s.len() {
        let (c, n) = decode(s, i);
        let esc: Option<&[u8]> = match c {
            7 => Some(b"\\a"),
            8 => Some(b"\\b"),
            9 => Some(b"\\t"),
            10 => Some(b"\\n"),
            11 => Some(b"\\v"),
            12 => Some(b"\\f"),
            13 => Some(b"\\r"),
            0x1b => Some(b"\\E"),
            0x27 => Some(b"\\'"),
            0x5c => Some(b"\\\\"),
            _ => None,
        };
        if let Some(e) = esc {
            out.extend_from_slice(e);
        } else if unprintable(c) {
            for &b in &s[i..i + n] {
                out.extend_from_slice(format!("\\{b:03o}").as_bytes());
            }
        } else {
            out.extend_from_slice(&s[i..i + n]);
        }
        i += n;
    }
    out.push(b'\'');
    out
}

/// Quote as `printf %q` does: `''` for the empty string, `$'…'` when there are control
/// characters, otherwise a backslash before each character the shell would treat specially.
pub fn shell_quote(s: &[u8]) -> Vec<u8> {
    if s.is_empty() {
        return b"''".to_vec();
    }
    if needs_ansi_c(s) {
        return ansi_c_quote(s);
    }
    let mut out = Vec::with_capacity(s.len() + 4);
    for (i, &c) in s.iter().enumerate() {
        let esc = match c {
            b' ' | b'\t' | b'\n' | b'\'' | b'"' | b'\\' | b'|' | b'&' | b';' | b'(' | b')'
            | b'<' | b'>' | b'!' | b'{' | b'}' | b'*' | b'[' | b'?' | b']' | b'^' | b'$' | b'`'
            | b',' => true,
            b'~' => i == 0 || s[i - 1] == b'=' || s[i - 1] == b':',
            b'#' => i == 0,
            _ => false,
        };
        if esc {
            out.push(b'\\');
        }
        out.push(c);
    }
    out
}

/// Quote as `${x@Q}` does: `'…'` with `'\''` for embedded quotes, or `$'…'` when there are
/// control characters.
pub fn single_quote(s: &[u8]) -> Vec<u8> {
    if needs_ansi_c(s) {
        return ansi_c_quote(s);
    }
    plain_single_quote(s)
}

/// `'…'` with `'\''` for embedded quotes, whatever the bytes (bash's `sh_single_quote`, as
/// `trap` prints actions: a newline stays a newline).
pub fn plain_single_quote(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len() + 2);
    out.push(b'\'');
    for &c in s {
        if c == b'\'' {
            out.extend_from_slice(b"'\\''");
        } else {
            out.push(c);
        }
    }
    out.push(b'\'');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The printer (`sandsh-syntax`, which stands alone) keeps a copy of [`ansi_c_quote`]: the
    /// two agree on every byte pattern that matters (controls, C1, DEL, quotes, backslashes,
    /// valid and broken UTF-8 of every length).
    #[test]
    fn the_printers_copy_agrees() {
        let atoms: &[&[u8]] = &[
            b"a",
            b" ",
            b"'",
            b"\\",
            b"\0",
            b"\x07",
            b"\t",
            b"\n",
            b"\x1b",
            b"\x7f",
            b"\x1f",
            "é".as_bytes(),
            "\u{85}".as_bytes(),
            "\u{9f}".as_bytes(),
            "\u{a0}".as_bytes(),
            "€".as_bytes(),
            "😀".as_bytes(),
            b"\xe2\x82",
            b"\xf0\x9f\x98",
            b"\xed\xa0\x80",
            b"\xc0\xaf",
            b"\xff",
            b"\x80",
        ];
        let mut n = 0;
        for a in atoms {
            for b in atoms {
                for c in atoms {
                    let s = [*a, *b, *c].concat();
                    let ours = String::from_utf8(ansi_c_quote(&s)).unwrap_or_default();
                    assert_eq!(sandsh_syntax::print::ansi_c_quote(&s), ours, "{s:?}");
                    n += 1;
                }
            }
        }
        assert!(n > 10_000);
    }

    // Expectations observed from bash 5.2.15 (`printf '%q\n' …` and `echo "${x@Q}"`).
    #[test]
    fn percent_q() {
        let cases: &[(&[u8], &[u8])] = &[
            (b"a b", b"a\\ b"),
            (b"", b"''"),
            (b"x'y", b"x\\'y"),
            (b"a\tb", b"$'a\\tb'"),
            ("é".as_bytes(), "é".as_bytes()),
            ("é b".as_bytes(), "é\\ b".as_bytes()),
            (b"~x", b"\\~x"),
            (b"a~", b"a~"),
            (b"a=~", b"a=\\~"),
            (b"a:~b", b"a:\\~b"),
            (b"=~", b"=\\~"),
            (b"#a", b"\\#a"),
            (b"a#", b"a#"),
            (b"a=b", b"a=b"),
            (b"a\\b", b"a\\\\b"),
            (b"*", b"\\*"),
            (b"a;b", b"a\\;b"),
            (b"$x", b"\\$x"),
            (b"a\nb", b"$'a\\nb'"),
            (b"\x01", b"$'\\001'"),
            (b"\xff", b"$'\\377'"),
            (b"a!b", b"a\\!b"),
            (b"{a,b}", b"\\{a\\,b\\}"),
            (b"a]", b"a\\]"),
            (b"[a", b"\\[a"),
            (b"--", b"--"),
            (b"a\x7f", b"$'a\\177'"),
            (b"a\x01'b", b"$'a\\001\\'b'"),
            (b"\x1b", b"$'\\E'"),
            (b"\r\x0b\x0c\x07\x08", b"$'\\r\\v\\f\\a\\b'"),
            (b"a'b\\", b"a\\'b\\\\"),
        ];
        for (input, want) in cases {
            assert_eq!(
                String::from_utf8_lossy(&shell_quote(input)),
                String::from_utf8_lossy(want),
                "input {input:?}"
            );
        }
    }

    #[test]
    fn at_q() {
        assert_eq!(single_quote(b"a\nb"), b"$'a\\nb'");
        assert_eq!(single_quote(b"a'b"), b"'a'\\''b'");
        assert_eq!(single_quote(b""), b"''");
        assert_eq!(single_quote("é".as_bytes()), "'é'".as_bytes());
        assert_eq!(single_quote(b"\xff"), b"$'\\377'");
        assert_eq!(single_quote(b"\t"), b"$'\\t'");
    }
}
