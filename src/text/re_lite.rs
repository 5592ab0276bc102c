//! A small POSIX basic regular expression (BRE) to Rust `regex` translation, for the few text
//! utilities outside grep/sed that take a regex (`nl -bpRE`, `csplit /RE/`, `tac -r`).
//!
//! It covers what those tools see in practice: `\( \)`, `\{m,n\}`, `*`, `.`, anchors, bracket
//! expressions with classes, back-references refused, and the GNU extensions `\+ \? \|`
//! `\w \W \s \S \b \B \< \>`. Characters that are special in Rust's syntax but literal in a BRE
//! are escaped. Compiled once per invocation.

use regex::bytes::Regex;

/// Translate a BRE to Rust regex syntax. Errors are worded as GNU's regcomp messages.
pub fn bre_to_rust(pat: &[u8]) -> Result<String, String> {
    let s = String::from_utf8_lossy(pat);
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(chars.len() * 2);
    let mut i = 0;
    // Whether the next `*` is at the start of an expression (and so literal).
    let mut at_start = true;
    let mut depth = 0usize;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\\' => {
                i += 1;
                let Some(&n) = chars.get(i) else {
                    return Err("Trailing backslash".into());
                };
                match n {
                    '(' => {
                        out.push('(');
                        depth += 1;
                        at_start = true;
                        i += 1;
                        continue;
                    }
                    ')' => {
                        if depth == 0 {
                            return Err("Unmatched ) or \\)".into());
                        }
                        depth -= 1;
                        out.push(')');
                    }
                    '{' => {
                        if at_start {
                            out.push_str("\\{");
                        } else {
                            let mut j = i + 1;
                            let mut body = String::new();
                            while j < chars.len()
                                && !(chars[j] == '\\' && chars.get(j + 1) == Some(&'}'))
                            {
                                body.push(chars[j]);
                                j += 1;
                            }
                            if j >= chars.len() {
                                return Err("Unmatched \\{".into());
                            }
                            if body.is_empty()
                                || !body.chars().all(|c| c.is_ascii_digit() || c == ',')
                            {
                                return Err("Invalid content of \\{\\}".into());
                            }
                            out.push('{');
                            out.push_str(&body);
                            out.push('}');
                            i = j + 2;
                            continue;
                        }
                    }
                    '}' => out.push_str("\\}"),
                    '+' | '?' => {
                        if at_start {
                            out.push('\\');
                        }
                        out.push(n);
                    }
                    '|' => {
                        out.push('|');
                        at_start = true;
                        i += 1;
                        continue;
                    }
                    '1'..='9' => return Err("back-references are not supported".into()),
                    'w' | 'W' | 's' | 'S' | 'b' | 'B' => {
                        out.push('\\');
                        out.push(n);
                    }
                    '<' => out.push_str("\\b"),
                    '>' => out.push_str("\\b"),
                    'n' => out.push_str("\\n"),
                    't' => out.push('t'),
                    _ => push_lit(&mut out, n),
                }
                i += 1;
            }
            '[' => {
                let (cls, next) = bracket(&chars, i)?;
                out.push_str(&cls);
                i = next;
            }
            '*' => {
                if at_start {
                    out.push_str("\\*");
                } else {
                    out.push('*');
                }
                i += 1;
            }
            '^' => {
                if at_start {
                    out.push('^');
                } else {
                    out.push_str("\\^");
                }
                i += 1;
                continue;
            }
            '$' => {
                let at_end = i + 1 == chars.len()
                    || (chars[i + 1] == '\\' && matches!(chars.get(i + 2), Some(')') | Some('|')));
                if at_end {
                    out.push('$');
                } else {
                    out.push_str("\\$");
                }
                i += 1;
            }
            '.' => {
                out.push('.');
                i += 1;
            }
            _ => {
                push_lit(&mut out, c);
                i += 1;
            }
        }
        at_start = false;
    }
    if depth > 0 {
        return Err("Unmatched ( or \\(".into());
    }
    Ok(out)
}

fn push_lit(out: &mut String, c: char) {
    if "\\.+*?()|[]{}^$#&-~".contains(c) {
        out.push('\\');
    }
    out.push(c);
}

/// Copy a bracket expression starting at `chars[i] == '['`; returns the Rust class and the index
/// after it.
fn bracket(chars: &[char], start: usize) -> Result<(String, usize), String> {
    let mut i = start + 1;
    let mut out = String::from("[");
    if chars.get(i) == Some(&'^') {
        out.push('^');
        i += 1;
    }
    let mut first = true;
    loop {
        let Some(&c) = chars.get(i) else {
            return Err("Unmatched [, [^, [:, [., or [=".into());
        };
        if c == ']' && !first {
            out.push(']');
            return Ok((out, i + 1));
        }
        first = false;
        if c == '[' && matches!(chars.get(i + 1), Some(':') | Some('.') | Some('=')) {
            let kind = chars[i + 1];
            let mut j = i + 2;
            while j + 1 < chars.len() && !(chars[j] == kind && chars[j + 1] == ']') {
                j += 1;
            }
            if j + 1 >= chars.len() {
                return Err("Unmatched [, [^, [:, [., or [=".into());
            }
            let name: String = chars[i + 2..j].iter().collect();
            match kind {
                ':' => {
                    const OK: &[&str] = &[
                        "alpha", "digit", "alnum", "upper", "lower", "space", "blank", "punct",
                        "print", "graph", "cntrl", "xdigit",
                    ];
                    if !OK.contains(&name.as_str()) {
                        return Err("Invalid character class name".into());
                    }
                    out.push_str(&format!("[:{name}:]"));
                }
                _ => {
                    for ch in name.chars() {
                        push_lit(&mut out, ch);
                    }
                }
            }
            i = j + 2;
            continue;
        }
        match c {
            '\\' | '[' | '&' | '~' | '^' => {
                out.push('\\');
                out.push(c);
            }
            '-' => {
                // A range dash stays a dash; a leading or trailing one is literal.
                let trailing = chars.get(i + 1) == Some(&']');
                if trailing || out.ends_with('[') || out.ends_with("[^") {
                    out.push_str("\\-");
                } else {
                    out.push('-');
                }
            }
            _ => out.push(c),
        }
        i += 1;
    }
}

/// Compile a BRE.
pub fn compile_bre(pat: &[u8]) -> Result<Regex, String> {
    let t = bre_to_rust(pat)?;
    Regex::new(&t).map_err(|e| format!("invalid regular expression: {e}"))
}

#[cfg(test)]
mod tests {
    use super::compile_bre;

    #[test]
    fn basics() {
        let r = compile_bre(b"^a\\(b\\)*c$").unwrap();
        assert!(r.is_match(b"abbc"));
        assert!(!r.is_match(b"abbd"));
        let r = compile_bre(b"a+b").unwrap();
        assert!(r.is_match(b"a+b"));
        assert!(!r.is_match(b"aab"));
        let r = compile_bre(b"x\\{2\\}").unwrap();
        assert!(r.is_match(b"xx"));
        assert!(!r.is_match(b"x"));
        let r = compile_bre(b"[]a-c]").unwrap();
        assert!(r.is_match(b"]"));
        assert!(r.is_match(b"b"));
        let r = compile_bre(b"*a").unwrap();
        assert!(r.is_match(b"*a"));
        let r = compile_bre(b"[[:digit:]]\\+").unwrap();
        assert!(r.is_match(b"12"));
        assert!(compile_bre(b"\\(").is_err());
    }
}
