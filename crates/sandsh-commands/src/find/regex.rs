//! Regular expressions for `find -regex`, on the shared POSIX translator (`text::regex`).
//!
//! GNU find matches the whole path against an Emacs-syntax regex by default (`\(` `\)` `\|`
//! groups and alternation, `+` `?` `*` operators, `{` `}` literal, no intervals);
//! `-regextype` selects POSIX basic or extended syntax instead. Emacs syntax is rewritten
//! into the equivalent basic expression, so all three share one matcher (leftmost-longest,
//! POSIX classes, back-references).

use sandsh_text::regex::{Flags, Regex, Syntax as Posix};

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

/// A compiled `-regex`: it matches a path when it matches the whole of it.
#[derive(Debug, Clone)]
pub struct PathRegex(std::sync::Arc<Regex>);

impl PathRegex {
    pub fn is_match(&self, path: &[u8]) -> bool {
        self.0.longest_at(path, 0, path.len()) == Some(path.len())
    }
}

/// Compile `pat` to match a whole path.
pub fn compile(pat: &[u8], syntax: Syntax, nocase: bool) -> Result<PathRegex, String> {
    let flags = Flags {
        icase: nocase,
        multiline: false,
    };
    let r = match syntax {
        Syntax::Basic => Regex::new(pat, Posix::Basic, flags),
        Syntax::Extended => Regex::new(pat, Posix::Extended, flags),
        Syntax::Emacs => Regex::new(&emacs_to_basic(pat), Posix::Basic, flags),
    };
    r.map(|r| PathRegex(std::sync::Arc::new(r)))
        .map_err(|e| e.to_string())
}

/// Rewrite an Emacs-syntax pattern as a POSIX basic one: `+` and `?` become `\+` and `\?`,
/// `\{` and `\}` (no intervals in Emacs syntax) become literal braces; `\+` and `\?` are
/// literal characters. Bracket expressions are copied as they are.
fn emacs_to_basic(pat: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(pat.len() + 8);
    let mut i = 0;
    while i < pat.len() {
        match pat[i] {
            b'[' => {
                // Emacs syntax has no character classes: a `[` inside is itself (written
                // `[.[.]` for the POSIX matcher, where `[:` would open a class).
                let end = bracket_end(pat, i);
                out.push(b'[');
                for (k, &c) in pat[i + 1..end].iter().enumerate() {
                    if c == b'[' && matches!(pat.get(i + 2 + k), Some(b':' | b'.' | b'=')) {
                        out.extend_from_slice(b"[.[.]");
                    } else {
                        out.push(c);
                    }
                }
                i = end;
                continue;
            }
            b'+' | b'?' => {
                out.push(b'\\');
                out.push(pat[i]);
            }
            b'\\' if i + 1 < pat.len() => {
                match pat[i + 1] {
                    b'{' | b'}' | b'+' | b'?' => out.push(pat[i + 1]),
                    c => {
                        out.push(b'\\');
                        out.push(c);
                    }
                }
                i += 1;
            }
            c => out.push(c),
        }
        i += 1;
    }
    out
}

/// The index after the Emacs bracket expression that starts at `pat[i] == '['`: the first
/// `]` after the optional `^` and a leading `]` (the end of the pattern when there is none:
/// the translator then reports it).
fn bracket_end(pat: &[u8], mut i: usize) -> usize {
    i += 1;
    if pat.get(i) == Some(&b'^') {
        i += 1;
    }
    if pat.get(i) == Some(&b']') {
        i += 1;
    }
    match pat[i.min(pat.len())..].iter().position(|&c| c == b']') {
        Some(k) => i + k + 1,
        None => pat.len(),
    }
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
        // No character classes in Emacs syntax: `[[:upper:]` is a set, then `]*`.
        assert!(!m("[[:alpha:]-]*", "ab-c", Syntax::Emacs));
        assert!(m("[[:upper:]]*", "u", Syntax::Emacs));
        assert!(m("[[:upper:]]+", "X", Syntax::Extended));
    }

    #[test]
    fn posix_syntaxes() {
        assert!(m(".*(x|y)", "./a/y", Syntax::Extended));
        assert!(m(r".*x\{2\}", "./xx", Syntax::Basic));
        assert!(m(".*a+", "./a+", Syntax::Basic));
        // Back-references work in every syntax.
        assert!(m(r"\(a\)\1", "aa", Syntax::Emacs));
        assert!(m(r"(a)\1b", "aab", Syntax::Extended));
        // Leftmost-longest alternation still has to cover the whole path.
        assert!(m(r"\(a\|ab\)c", "abc", Syntax::Emacs));
    }
}
