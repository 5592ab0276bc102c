//! awk's regular expressions behind one small wrapper.
//!
//! TEMPORARY: a minimal POSIX ERE → `regex` crate conversion (brackets, intervals, gawk's
//! `\y \< \> \` \'` operators, awk escapes). It is to be replaced by the shared translator in
//! `src/text/regex/` (ERE mode) once that lands; nothing outside this file depends on how a
//! pattern is translated. Known gap until then: matches are leftmost-first, not POSIX
//! leftmost-longest, where an alternation's earlier branch is a prefix of a later one.

use regex::bytes::Regex;

#[derive(Debug)]
pub struct Re {
    pub re: Regex,
}

impl Re {
    pub fn is_match(&self, s: &[u8]) -> bool {
        self.re.is_match(s)
    }

    /// The first match at or after `start`.
    pub fn find_at(&self, s: &[u8], start: usize) -> Option<(usize, usize)> {
        self.re.find_at(s, start).map(|m| (m.start(), m.end()))
    }
}

/// Compile an ERE (awk dialect) into a matcher.
pub fn compile(ere: &[u8], icase: bool) -> Result<Re, String> {
    let pat = translate(ere)?;
    let mut b = regex::bytes::RegexBuilder::new(&pat);
    b.case_insensitive(icase)
        .dot_matches_new_line(true)
        .size_limit(64 << 20);
    match b.build() {
        Ok(re) => Ok(Re { re }),
        Err(e) => Err(format!(
            "invalid regexp /{}/: {}",
            String::from_utf8_lossy(ere),
            e.to_string().lines().last().unwrap_or("error")
        )),
    }
}

fn push_lit(out: &mut String, c: char) {
    if c.is_ascii_punctuation() || c == ' ' {
        if c == ' ' {
            out.push(' ');
        } else {
            out.push('\\');
            out.push(c);
        }
    } else {
        out.push(c);
    }
}

fn push_class_lit(out: &mut String, c: char) {
    if matches!(c, '[' | ']' | '\\' | '^' | '-' | '&' | '~') {
        out.push('\\');
    }
    out.push(c);
}

fn translate(ere: &[u8]) -> Result<String, String> {
    let text = String::from_utf8_lossy(ere);
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(chars.len() + 8);
    let mut i = 0;
    // whether a quantifier here would have nothing to apply to
    let mut at_start = true;
    while i < chars.len() {
        let c = chars[i];
        i += 1;
        match c {
            '\\' => {
                let Some(&e) = chars.get(i) else {
                    out.push_str("\\\\");
                    break;
                };
                i += 1;
                match e {
                    'y' => out.push_str("\\b"),
                    'B' => out.push_str("\\B"),
                    '<' => out.push_str("\\b{start}"),
                    '>' => out.push_str("\\b{end}"),
                    '`' => out.push_str("\\A"),
                    '\'' => out.push_str("\\z"),
                    's' | 'S' | 'w' | 'W' => {
                        out.push('\\');
                        out.push(e);
                    }
                    'n' => out.push_str("\\n"),
                    't' => out.push_str("\\t"),
                    'r' => out.push_str("\\r"),
                    'f' => out.push_str("\\x0C"),
                    'v' => out.push_str("\\x0B"),
                    'a' => out.push_str("\\x07"),
                    'b' => out.push_str("\\x08"),
                    '0'..='7' => {
                        let mut v = e.to_digit(8).unwrap_or(0);
                        let mut k = 0;
                        while k < 2 && i < chars.len() && chars[i].is_digit(8) {
                            v = v * 8 + chars[i].to_digit(8).unwrap_or(0);
                            i += 1;
                            k += 1;
                        }
                        out.push_str(&format!("\\x{{{v:x}}}"));
                    }
                    _ => push_lit(&mut out, e),
                }
                at_start = false;
            }
            '[' => {
                i = bracket(&chars, i, &mut out)?;
                at_start = false;
            }
            '{' => {
                // an interval when well formed and something precedes it
                let mut j = i;
                while j < chars.len() && (chars[j].is_ascii_digit() || chars[j] == ',') {
                    j += 1;
                }
                let body: String = chars[i..j].iter().collect();
                let valid = j < chars.len()
                    && chars[j] == '}'
                    && !body.is_empty()
                    && !body.starts_with(',')
                    && body.matches(',').count() <= 1;
                if valid && !at_start {
                    out.push('{');
                    out.push_str(&body);
                    out.push('}');
                    i = j + 1;
                } else {
                    out.push_str("\\{");
                    at_start = false;
                }
            }
            '}' => {
                out.push_str("\\}");
                at_start = false;
            }
            '*' | '+' | '?' if at_start => {
                out.push('\\');
                out.push(c);
                at_start = false;
            }
            '(' | '|' => {
                out.push(c);
                at_start = true;
                if c == '(' && chars.get(i) == Some(&')') {
                    // `()` matches the empty string
                }
            }
            '^' => {
                out.push('^');
                at_start = true;
            }
            '$' | '.' | ')' | '*' | '+' | '?' => {
                out.push(c);
                at_start = false;
            }
            _ => {
                push_lit(&mut out, c);
                at_start = false;
            }
        }
    }
    Ok(out)
}

/// Translate a bracket expression whose `[` was just consumed; returns the index after `]`.
fn bracket(chars: &[char], mut i: usize, out: &mut String) -> Result<usize, String> {
    out.push('[');
    if chars.get(i) == Some(&'^') {
        out.push('^');
        i += 1;
    }
    let mut first = true;
    loop {
        let Some(&c) = chars.get(i) else {
            return Err("unterminated [".into());
        };
        i += 1;
        match c {
            ']' if !first => {
                out.push(']');
                return Ok(i);
            }
            '[' if matches!(chars.get(i), Some(':' | '.' | '=')) => {
                let kind = chars[i];
                // find the closing kind + ']'
                let mut j = i + 1;
                while j + 1 < chars.len() && !(chars[j] == kind && chars[j + 1] == ']') {
                    j += 1;
                }
                if j + 1 >= chars.len() {
                    push_class_lit(out, '[');
                } else {
                    let name: String = chars[i + 1..j].iter().collect();
                    if kind == ':' {
                        out.push_str(class_body(&name)?);
                    } else {
                        for ch in name.chars() {
                            push_class_lit(out, ch);
                        }
                    }
                    i = j + 2;
                }
            }
            '\\' => {
                let e = chars.get(i).copied().unwrap_or('\\');
                i += 1;
                let lit = match e {
                    'n' => '\n',
                    't' => '\t',
                    'r' => '\r',
                    'f' => '\x0c',
                    'v' => '\x0b',
                    'a' => '\x07',
                    'b' => '\x08',
                    _ => e,
                };
                if lit == '\n' {
                    out.push_str("\\n");
                } else if lit == '\t' {
                    out.push_str("\\t");
                } else {
                    push_class_lit(out, lit);
                }
            }
            '-' => {
                // a range operator between two members, literal at the edges
                let at_end = chars.get(i) == Some(&']');
                if first || at_end {
                    out.push_str("\\-");
                } else {
                    out.push('-');
                }
            }
            _ => push_class_lit(out, c),
        }
        first = false;
    }
}

/// A POSIX character class as members of a `regex` class, with the UTF-8 locale's (glibc's)
/// wide-character meaning for letters.
fn class_body(name: &str) -> Result<&'static str, String> {
    Ok(match name {
        "alpha" => "\\p{Alphabetic}",
        "alnum" => "\\p{Alphabetic}0-9",
        "upper" => "\\p{Uppercase}",
        "lower" => "\\p{Lowercase}",
        "digit" => "0-9",
        "xdigit" => "0-9A-Fa-f",
        "space" => "\\s",
        "blank" => " \\t\\p{Zs}",
        "punct" => "[:punct:]",
        "cntrl" => "\\p{Cc}",
        "graph" => "\\p{L}\\p{M}\\p{N}\\p{P}\\p{S}",
        "print" => "\\p{L}\\p{M}\\p{N}\\p{P}\\p{S}\\p{Zs}",
        _ => return Err(format!("invalid character class `{name}'")),
    })
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
        assert!(m("^+", "+"));
        assert!(m("\\.", "."));
        assert!(!m("\\.", "a"));
        assert!(m("a.b", "a\nb"));
        assert!(m("[^a-c]", "d"));
        assert!(m("\\<foo\\>", "a foo b"));
    }
}
