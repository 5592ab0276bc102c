//! awk's regular expressions: gawk's dialect rewritten into POSIX ERE (GNU flavour) for the
//! shared translator in [`sandsh_text::regex`] (leftmost-longest, as POSIX awk requires).
//!
//! The rewrite handles what awk adds to ERE: string-style escapes (`\n \t \/ \" \NNN`, `\b`
//! as backspace), backslash escapes inside bracket expressions (`[\]\t]`), gawk's `\y` word
//! boundary, and braces that do not form an interval (`a{` is literal in gawk).

use sandsh_text::regex::{Flags, Regex, Syntax};

#[derive(Debug)]
pub struct Re {
    re: Regex,
}

impl Re {
    pub fn is_match(&self, s: &[u8]) -> bool {
        self.re.is_match(s)
    }

    /// The leftmost-longest match at or after `start`.
    pub fn find_at(&self, s: &[u8], start: usize) -> Option<(usize, usize)> {
        self.re.find_at(s, start)
    }

    /// [`Re::find_at`] over a string that may be huge: the search asks `cancelled` along the
    /// way and gives up when it says so.
    pub fn find_at_until(
        &self,
        s: &[u8],
        start: usize,
        cancelled: &dyn Fn() -> bool,
    ) -> Result<Option<(usize, usize)>, sandsh_text::regex::Interrupted> {
        self.re.find_at_until(s, start, cancelled)
    }

    /// Group spans of the match at or after `start` (`[0]` is the whole match).
    pub fn captures_at(&self, s: &[u8], start: usize) -> Option<Vec<Option<(usize, usize)>>> {
        self.re.captures_at(s, start)
    }
}

/// Compile an awk regex.
pub fn compile(awk_re: &[u8], icase: bool) -> Result<Re, String> {
    let ere = to_ere(awk_re);
    let flags = Flags {
        icase,
        multiline: false,
    };
    Regex::new(&ere, Syntax::Extended, flags)
        .map(|re| Re { re })
        .map_err(|e| format!("{}: /{}/", e, String::from_utf8_lossy(awk_re)))
}

fn is_special(c: u8) -> bool {
    matches!(
        c,
        b'.' | b'['
            | b']'
            | b'('
            | b')'
            | b'*'
            | b'+'
            | b'?'
            | b'{'
            | b'}'
            | b'|'
            | b'^'
            | b'$'
            | b'\\'
    )
}

fn push_literal(out: &mut Vec<u8>, c: u8) {
    if is_special(c) {
        out.push(b'\\');
    }
    out.push(c);
}

/// The byte an awk escape letter stands for (`\n`, `\t`…), if it is one.
fn escape_byte(e: u8) -> Option<u8> {
    Some(match e {
        b'n' => b'\n',
        b't' => b'\t',
        b'r' => b'\r',
        b'f' => 12,
        b'v' => 11,
        b'a' => 7,
        b'b' => 8,
        b'/' => b'/',
        b'"' => b'"',
        _ => return None,
    })
}

/// Parse an octal escape at `s[i..]` (digits after the backslash): value and length.
fn octal(s: &[u8], i: usize) -> (u8, usize) {
    let mut v: u32 = 0;
    let mut n = 0;
    while n < 3 && i + n < s.len() && (b'0'..=b'7').contains(&s[i + n]) {
        v = v * 8 + (s[i + n] - b'0') as u32;
        n += 1;
    }
    (v as u8, n)
}

/// Rewrite gawk's regex dialect as GNU ERE.
pub fn to_ere(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len() + 8);
    let mut i = 0;
    // whether a `{` here would follow something it could repeat
    let mut can_repeat = false;
    while i < s.len() {
        let c = s[i];
        match c {
            b'\\' if i + 1 < s.len() => {
                let e = s[i + 1];
                i += 2;
                match e {
                    b'y' => out.extend_from_slice(b"\\b"),
                    b'B' | b'<' | b'>' | b'`' | b'\'' | b's' | b'S' | b'w' | b'W' => {
                        out.push(b'\\');
                        out.push(e);
                    }
                    b'0'..=b'7' => {
                        let (v, n) = octal(s, i - 1);
                        i = i - 1 + n;
                        push_literal(&mut out, v);
                    }
                    _ => match escape_byte(e) {
                        Some(b) => push_literal(&mut out, b),
                        None => push_literal(&mut out, e),
                    },
                }
                can_repeat = true;
            }
            b'[' => {
                i = bracket(s, i + 1, &mut out);
                can_repeat = true;
            }
            b'{' => {
                let mut j = i + 1;
                while j < s.len() && (s[j].is_ascii_digit() || s[j] == b',') {
                    j += 1;
                }
                let body = &s[i + 1..j];
                let valid = j < s.len()
                    && s[j] == b'}'
                    && !body.is_empty()
                    && body[0].is_ascii_digit()
                    && body.iter().filter(|&&b| b == b',').count() <= 1;
                if valid && can_repeat {
                    out.extend_from_slice(&s[i..=j]);
                    i = j + 1;
                } else {
                    out.extend_from_slice(b"\\{");
                    i += 1;
                    can_repeat = true;
                }
            }
            b'}' => {
                out.extend_from_slice(b"\\}");
                i += 1;
                can_repeat = true;
            }
            b'(' | b'|' | b'^' => {
                out.push(c);
                i += 1;
                can_repeat = false;
            }
            _ => {
                out.push(c);
                i += 1;
                can_repeat = true;
            }
        }
    }
    out
}

/// Rewrite a bracket expression starting after its `[`; returns the index after its `]`.
fn bracket(s: &[u8], mut i: usize, out: &mut Vec<u8>) -> usize {
    let start = i;
    let mut negate = false;
    if i < s.len() && s[i] == b'^' {
        negate = true;
        i += 1;
    }
    let mut body = Vec::new();
    let mut close_bracket = false;
    let mut dash = false;
    let mut first = true;
    loop {
        if i >= s.len() {
            // unterminated: let the translator report it
            out.push(b'[');
            out.extend_from_slice(&s[start..]);
            return s.len();
        }
        let c = s[i];
        if c == b']' && !first {
            i += 1;
            break;
        }
        if c == b']' && first {
            close_bracket = true;
            i += 1;
        } else if c == b'[' && i + 1 < s.len() && matches!(s[i + 1], b':' | b'.' | b'=') {
            let kind = s[i + 1];
            let mut j = i + 2;
            while j + 1 < s.len() && !(s[j] == kind && s[j + 1] == b']') {
                j += 1;
            }
            let end = (j + 2).min(s.len());
            body.extend_from_slice(&s[i..end]);
            i = end;
        } else if c == b'\\' && i + 1 < s.len() {
            let e = s[i + 1];
            i += 2;
            let lit = if (b'0'..=b'7').contains(&e) {
                let (v, n) = octal(s, i - 1);
                i = i - 1 + n;
                v
            } else {
                escape_byte(e).unwrap_or(e)
            };
            match lit {
                b']' => close_bracket = true,
                b'-' => dash = true,
                b'^' if body.is_empty() => body.extend_from_slice(b"\\^"),
                _ => body.push(lit),
            }
        } else {
            body.push(c);
            i += 1;
        }
        first = false;
    }
    out.push(b'[');
    if negate {
        out.push(b'^');
    }
    if close_bracket {
        out.push(b']');
    }
    // a `^` escaped at the front cannot stay first; move it after the other members
    if body.starts_with(b"\\^") {
        body.drain(..2);
        if body.is_empty() && !close_bracket && !dash {
            out.pop();
            if negate {
                out.pop();
                out.extend_from_slice(b"[^^]");
            } else {
                out.extend_from_slice(b"\\^");
            }
            return i;
        }
        body.push(b'^');
    }
    out.extend_from_slice(&body);
    if dash {
        out.push(b'-');
    }
    out.push(b']');
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(re: &str, s: &str) -> bool {
        compile(re.as_bytes(), false)
            .map(|r| r.is_match(s.as_bytes()))
            .unwrap_or(false)
    }

    #[test]
    fn ere_basics() {
        assert!(m("^a+b$", "aab"));
        assert!(m("[[:digit:]]{2}", "x12"));
        assert!(m("[]a]", "]"));
        assert!(m("a{", "a{"));
        assert!(m("\\.", "."));
        assert!(!m("\\.", "a"));
        assert!(m("a.b", "a\nb"));
        assert!(m("[^a-c]", "d"));
        assert!(m("\\<foo\\>", "a foo b"));
        assert!(m("[\\]x]", "]"));
        assert!(m("a\\/b", "a/b"));
        assert!(m("\\yfoo\\y", "a foo"));
        assert!(m("[\\t]", "\t"));
    }

    #[test]
    fn leftmost_longest() {
        let r = compile(b"ab|abcd", false).map(|r| r.find_at(b"xabcd", 0));
        assert_eq!(r, Ok(Some((1, 5))));
    }
}
