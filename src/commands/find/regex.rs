//! Regular expressions for `find -regex`: GNU regex syntaxes translated to the `regex` crate.
//!
//! GNU find matches the whole path against an Emacs-syntax regex by default (`\(` `\)` `\|`
//! groups and alternation, `+` `?` `*` operators, `{` `}` literal); `-regextype` selects POSIX
//! basic or extended syntax instead. This is a local translation until the shared POSIX
//! translator (`src/text/regex`) lands; back-references are refused as not supported.

use regex::bytes::{Regex, RegexBuilder};

/// The regex dialects `-regextype` accepts, folded into the three that differ here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Syntax {
    Emacs,
    Basic,
    Extended,
}

/// The `-regextype` names GNU find lists, in its order.
pub const TYPES: &[&str] = &[
    "findutils-default",
    "ed",
    "emacs",
    "gnu-awk",
    "grep",
    "posix-awk",
    "awk",
    "posix-basic",
    "posix-egrep",
    "egrep",
    "posix-extended",
    "posix-minimal-basic",
    "sed",
];

/// The syntax of a `-regextype` name.
pub fn syntax_of(name: &str) -> Option<Syntax> {
    Some(match name {
        "findutils-default" | "emacs" => Syntax::Emacs,
        "ed" | "grep" | "posix-basic" | "posix-minimal-basic" | "sed" => Syntax::Basic,
        "gnu-awk" | "posix-awk" | "awk" | "posix-egrep" | "egrep" | "posix-extended" => {
            Syntax::Extended
        }
        _ => return None,
    })
}

/// Compile `pat` to match a whole path.
pub fn compile(pat: &[u8], syntax: Syntax, nocase: bool) -> Result<Regex, String> {
    let body = translate(pat, syntax)?;
    RegexBuilder::new(&format!("^(?:{body})$"))
        .case_insensitive(nocase)
        .dot_matches_new_line(true)
        .build()
        .map_err(|e| {
            let first = e.to_string();
            let line = first.lines().last().unwrap_or("invalid regular expression");
            line.trim_start_matches("error: ").to_string()
        })
}

fn push_lit(out: &mut String, c: char) {
    if regex_syntax_meta(c) {
        out.push('\\');
    }
    out.push(c);
}

fn regex_syntax_meta(c: char) -> bool {
    matches!(
        c,
        '\\' | '.'
            | '+'
            | '*'
            | '?'
            | '('
            | ')'
            | '|'
            | '['
            | ']'
            | '{'
            | '}'
            | '^'
            | '$'
            | '#'
            | '&'
            | '-'
            | '~'
            | ' '
    )
}

/// Translate to `regex` crate syntax.
fn translate(pat: &[u8], syntax: Syntax) -> Result<String, String> {
    let text = String::from_utf8_lossy(pat);
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(chars.len() * 2);
    // Whether a repetition operator here would have nothing to repeat (it is then literal).
    let mut at_start = true;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let was_start = at_start;
        at_start = false;
        match c {
            '\\' => {
                let Some(&n) = chars.get(i + 1) else {
                    return Err("Trailing backslash".into());
                };
                i += 2;
                match (n, syntax) {
                    ('(', Syntax::Emacs | Syntax::Basic) => {
                        out.push('(');
                        at_start = true;
                    }
                    (')', Syntax::Emacs | Syntax::Basic) => out.push(')'),
                    ('|', Syntax::Emacs | Syntax::Basic) => {
                        out.push('|');
                        at_start = true;
                    }
                    ('{', Syntax::Basic) => out.push('{'),
                    ('}', Syntax::Basic) => out.push('}'),
                    ('+' | '?', Syntax::Basic) => out.push(n),
                    ('1'..='9', _) => {
                        return Err("back-references are not supported".into());
                    }
                    ('w', _) => out.push_str(r"\w"),
                    ('W', _) => out.push_str(r"\W"),
                    ('s', _) => out.push_str(r"\s"),
                    ('S', _) => out.push_str(r"\S"),
                    ('b', _) => out.push_str(r"\b"),
                    ('B', _) => out.push_str(r"\B"),
                    ('<', _) => out.push_str(r"\b{start}"),
                    ('>', _) => out.push_str(r"\b{end}"),
                    ('`', _) => out.push_str(r"\A"),
                    ('\'', _) => out.push_str(r"\z"),
                    (other, _) => push_lit(&mut out, other),
                }
                continue;
            }
            '[' => {
                i = bracket(&chars, i, &mut out)?;
                continue;
            }
            '(' | ')' | '|' if syntax == Syntax::Extended => {
                out.push(c);
                at_start = c != ')';
            }
            '{' | '}' if syntax == Syntax::Extended => out.push(c),
            '+' | '?' if syntax != Syntax::Basic => {
                if was_start {
                    push_lit(&mut out, c);
                } else {
                    out.push(c);
                }
            }
            '*' => {
                if was_start {
                    out.push_str(r"\*");
                } else {
                    out.push('*');
                }
            }
            '.' => out.push('.'),
            '^' => {
                if was_start {
                    out.push('^');
                    at_start = true;
                } else {
                    out.push_str(r"\^");
                }
            }
            '$' => {
                let next = chars.get(i + 1);
                let ends = match syntax {
                    Syntax::Extended => next.is_none_or(|n| *n == ')' || *n == '|'),
                    _ => {
                        next.is_none()
                            || (next == Some(&'\\')
                                && matches!(chars.get(i + 2), Some(')') | Some('|')))
                    }
                };
                if ends || syntax == Syntax::Extended {
                    out.push('$');
                } else {
                    out.push_str(r"\$");
                }
            }
            other => push_lit(&mut out, other),
        }
        i += 1;
    }
    Ok(out)
}

/// Copy a POSIX bracket expression starting at `chars[i] == '['`; returns the index after it.
fn bracket(chars: &[char], mut i: usize, out: &mut String) -> Result<usize, String> {
    i += 1;
    out.push('[');
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
            return Ok(i + 1);
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
                    const CLASSES: &[&str] = &[
                        "alnum", "alpha", "blank", "cntrl", "digit", "graph", "lower", "print",
                        "punct", "space", "upper", "xdigit",
                    ];
                    if !CLASSES.contains(&name.as_str()) {
                        return Err("Invalid character class name".into());
                    }
                    out.push_str(&format!("[:{name}:]"));
                }
                _ => {
                    for ch in name.chars() {
                        push_class_lit(out, ch);
                    }
                }
            }
            i = j + 2;
            continue;
        }
        if c == '-'
            && i + 1 < chars.len()
            && chars[i + 1] != ']'
            && !out.ends_with('[')
            && !out.ends_with("[^")
        {
            out.push('-');
            i += 1;
            continue;
        }
        push_class_lit(out, c);
        i += 1;
    }
}

fn push_class_lit(out: &mut String, c: char) {
    if matches!(c, '\\' | '[' | ']' | '&' | '~' | '-' | '^') {
        out.push('\\');
    }
    out.push(c);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(p: &str, s: &str, syn: Syntax) -> bool {
        compile(p.as_bytes(), syn, false)
            .map(|r| r.is_match(s.as_bytes()))
            .unwrap_or(false)
    }

    #[test]
    fn emacs_syntax() {
        assert!(m(r".*\(x\|y\)", "./a/x", Syntax::Emacs));
        assert!(!m(".*(x|y)", "./a/x", Syntax::Emacs));
        assert!(m(".*(x|y)", "./a(x|y)", Syntax::Emacs));
        assert!(m(".*[xy]+", "./a/xy", Syntax::Emacs));
        assert!(!m(r".*x\{1\}", "./a/x", Syntax::Emacs));
        assert!(m(r".*/\w", "./a/b", Syntax::Emacs));
        assert!(!m("*x", "./x", Syntax::Emacs));
        assert!(m("[[:alpha:]-]*", "ab-c", Syntax::Emacs));
    }

    #[test]
    fn posix_syntaxes() {
        assert!(m(".*(x|y)", "./a/y", Syntax::Extended));
        assert!(m(r".*x\{2\}", "./xx", Syntax::Basic));
        assert!(m(".*a+", "./a+", Syntax::Basic));
        assert!(compile(br"\(a\)\1", Syntax::Emacs, false).is_err());
    }
}
