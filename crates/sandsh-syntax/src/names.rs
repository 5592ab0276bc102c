//! Names as bash's grammar has them, stated once for the parser, the interpreter (`type`,
//! `compgen -k`, variable names), the highlighter and the session configuration.

/// bash's reserved words, in the order `compgen -k` lists them.
pub const RESERVED_WORDS: &[&str] = &[
    "if", "then", "else", "elif", "fi", "case", "esac", "for", "select", "while", "until", "do",
    "done", "in", "function", "time", "{", "}", "!", "[[", "]]", "coproc",
];

/// A shell name (a variable or function name bash takes in an assignment): a letter or `_`,
/// then letters, digits and `_`.
pub fn is_name(s: &str) -> bool {
    let mut b = s.bytes();
    matches!(b.next(), Some(c) if c == b'_' || c.is_ascii_alphabetic())
        && b.all(|c| c == b'_' || c.is_ascii_alphanumeric())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        for ok in ["a", "_", "_x1", "HOME", "a_b_9"] {
            assert!(is_name(ok), "{ok}");
        }
        for bad in ["", "1a", "a-b", "a b", "é", "$x"] {
            assert!(!is_name(bad), "{bad}");
        }
    }
}
