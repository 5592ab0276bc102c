//! bc's scanner (GNU bc 1.07 scan.l), over a growing buffer of input lines.
//!
//! Input arrives a line at a time, so a token that may continue past the end of the buffer (a
//! string, a `/* */` comment, a number continued with backslash-newline) is not emitted until
//! more input or the end of input decides it: `lex` then stops and reports how much it used.
//! Line numbers count as flex counts them (a newline token has already advanced the count),
//! because error messages quote them.

#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    Eol,
    Eof,
    /// A number, with leading zeros, a trailing point and backslash-newlines removed.
    Num(String),
    /// A string's bytes without the quotes.
    Str(Vec<u8>),
    Name(String),
    Kw(Kw),
    /// One of `+ - ; ( ) { } [ ] , ^ * / % &`.
    P(u8),
    And,
    Or,
    Not,
    /// `=` or the operator of `+=`, `-=`, ...
    Assign(u8),
    Rel(&'static str),
    /// `+` for `++`, `-` for `--`.
    IncDec(u8),
    /// An illegal character: the message to report.
    Illegal(String),
    /// A scanner message printed as is on stderr (an unterminated comment).
    Notice(&'static str),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kw {
    Define,
    Break,
    Quit,
    Length,
    Return,
    For,
    If,
    While,
    Sqrt,
    Scale,
    Ibase,
    Obase,
    Auto,
    Else,
    Read,
    Random,
    Halt,
    Last,
    Void,
    History,
    Warranty,
    Continue,
    Print,
    Limits,
}

#[derive(Clone, Debug)]
pub struct Token {
    pub tok: Tok,
    /// The scanner's line count after reading this token.
    pub line: usize,
    /// Which input (file index) it came from.
    pub src: usize,
}

fn keyword(s: &str) -> Option<Kw> {
    Some(match s {
        "define" => Kw::Define,
        "break" => Kw::Break,
        "quit" => Kw::Quit,
        "length" => Kw::Length,
        "return" => Kw::Return,
        "for" => Kw::For,
        "if" => Kw::If,
        "while" => Kw::While,
        "sqrt" => Kw::Sqrt,
        "scale" => Kw::Scale,
        "ibase" => Kw::Ibase,
        "obase" => Kw::Obase,
        "auto" => Kw::Auto,
        "else" => Kw::Else,
        "read" => Kw::Read,
        "random" => Kw::Random,
        "halt" => Kw::Halt,
        "last" => Kw::Last,
        "void" => Kw::Void,
        "history" => Kw::History,
        "warranty" => Kw::Warranty,
        "continue" => Kw::Continue,
        "print" => Kw::Print,
        "limits" => Kw::Limits,
        _ => return None,
    })
}

fn is_digit(b: u8) -> bool {
    b.is_ascii_digit() || b.is_ascii_uppercase()
}

/// The scanner's state between calls.
pub struct Lexer {
    pub line: usize,
    pub src: usize,
    /// `-s`: `#` comments are errors.
    pub std_only: bool,
}

/// What `lex` decided.
pub enum Lexed {
    /// Used this many bytes; the rest needs more input.
    Used(usize),
}

impl Lexer {
    pub fn new(std_only: bool) -> Lexer {
        Lexer {
            line: 1,
            src: 0,
            std_only,
        }
    }

    fn push(&self, out: &mut Vec<Token>, tok: Tok) {
        out.push(Token {
            tok,
            line: self.line,
            src: self.src,
        });
    }

    /// Scan `buf` into `out`. With `eof`, everything is scanned; otherwise scanning stops
    /// before a token that could continue past the buffer.
    pub fn lex(&mut self, buf: &[u8], eof: bool, out: &mut Vec<Token>) -> Lexed {
        let mut i = 0;
        let n = buf.len();
        while i < n {
            let c = buf[i];
            match c {
                b' ' | b'\t' => i += 1,
                b'\n' => {
                    self.line += 1;
                    self.push(out, Tok::Eol);
                    i += 1;
                }
                b'\\' if i + 1 < n && buf[i + 1] == b'\n' => {
                    self.line += 1;
                    i += 2;
                }
                b'\\' if i + 1 >= n && !eof => return Lexed::Used(i),
                b'#' if !self.std_only => {
                    while i < n && buf[i] != b'\n' {
                        i += 1;
                    }
                }
                b'/' if i + 1 < n && buf[i + 1] == b'*' => {
                    let mut j = i + 2;
                    let mut lines = 0;
                    let mut closed = false;
                    while j < n {
                        if buf[j] == b'*' && j + 1 < n && buf[j + 1] == b'/' {
                            closed = true;
                            j += 2;
                            break;
                        }
                        if buf[j] == b'\n' {
                            lines += 1;
                        }
                        j += 1;
                    }
                    if !closed {
                        if !eof {
                            return Lexed::Used(i);
                        }
                        self.line += lines;
                        self.push(out, Tok::Notice("EOF encountered in a comment."));
                        i = n;
                        continue;
                    }
                    self.line += lines;
                    i = j;
                }
                b'"' => match buf[i + 1..].iter().position(|&b| b == b'"') {
                    Some(p) => {
                        let body = &buf[i + 1..i + 1 + p];
                        self.line += body.iter().filter(|&&b| b == b'\n').count();
                        if body.contains(&0) {
                            self.push(out, Tok::Illegal("NUL character in string.".into()));
                        }
                        self.push(out, Tok::Str(body.to_vec()));
                        i += p + 2;
                    }
                    None => {
                        if !eof {
                            return Lexed::Used(i);
                        }
                        self.push(out, Tok::Illegal("illegal character: \"".into()));
                        i += 1;
                    }
                },
                b'a'..=b'z' => {
                    let mut j = i + 1;
                    while j < n
                        && (buf[j].is_ascii_lowercase()
                            || buf[j].is_ascii_digit()
                            || buf[j] == b'_')
                    {
                        j += 1;
                    }
                    let s = String::from_utf8_lossy(&buf[i..j]).into_owned();
                    let tok = match keyword(&s) {
                        Some(k) => Tok::Kw(k),
                        None => Tok::Name(s),
                    };
                    self.push(out, tok);
                    i = j;
                }
                _ if is_digit(c) || c == b'.' => match self.number(buf, i, eof) {
                    Some(None) => return Lexed::Used(i),
                    Some(Some((text, j, lines))) => {
                        self.line += lines;
                        self.push(out, Tok::Num(text));
                        i = j;
                    }
                    None => {
                        // A lone point is `last`.
                        self.push(out, Tok::Kw(Kw::Last));
                        i += 1;
                    }
                },
                _ => {
                    let next = buf.get(i + 1).copied();
                    let (tok, len) = match (c, next) {
                        (b'&', Some(b'&')) => (Tok::And, 2),
                        (b'|', Some(b'|')) => (Tok::Or, 2),
                        (b'!', Some(b'=')) => (Tok::Rel("!="), 2),
                        (b'!', _) => (Tok::Not, 1),
                        (b'=', Some(b'=')) => (Tok::Rel("=="), 2),
                        (b'<', Some(b'=')) => (Tok::Rel("<="), 2),
                        (b'>', Some(b'=')) => (Tok::Rel(">="), 2),
                        (b'<', _) => (Tok::Rel("<"), 1),
                        (b'>', _) => (Tok::Rel(">"), 1),
                        (b'+', Some(b'+')) => (Tok::IncDec(b'+'), 2),
                        (b'-', Some(b'-')) => (Tok::IncDec(b'-'), 2),
                        (b'+' | b'-' | b'*' | b'/' | b'%' | b'^', Some(b'=')) => {
                            (Tok::Assign(c), 2)
                        }
                        (b'=', _) => (Tok::Assign(b'='), 1),
                        (
                            b'+' | b'-' | b';' | b'(' | b')' | b'{' | b'}' | b'[' | b']' | b','
                            | b'^' | b'*' | b'/' | b'%' | b'&',
                            _,
                        ) => (Tok::P(c), 1),
                        _ => (Tok::Illegal(illegal(c)), 1),
                    };
                    // `a+` at the end of a line cannot become `a++` later: lines end in '\n'.
                    self.push(out, tok);
                    i += len;
                }
            }
        }
        Lexed::Used(n)
    }

    /// Scan a number at `i`: `None` when it is not one (a lone point), `Some(None)` when more
    /// input is needed, else the text, the end and the newlines it swallowed.
    #[allow(clippy::type_complexity)]
    fn number(&self, buf: &[u8], i: usize, eof: bool) -> Option<Option<(String, usize, usize)>> {
        let n = buf.len();
        let mut j = i;
        let mut raw = Vec::new();
        let mut lines = 0;
        let mut seen_point = false;
        let mut seen_digit = false;
        loop {
            if j >= n {
                if !eof {
                    return Some(None);
                }
                break;
            }
            let b = buf[j];
            if is_digit(b) {
                raw.push(b);
                seen_digit = true;
                j += 1;
            } else if b == b'\\' && j + 1 < n && buf[j + 1] == b'\n' {
                // Only part of the number if a digit or point follows eventually; flex's
                // longest match keeps it either way (a newline is ignored anyway).
                if j + 2 >= n && !eof {
                    return Some(None);
                }
                lines += 1;
                j += 2;
            } else if b == b'\\' && j + 1 >= n && !eof {
                return Some(None);
            } else if b == b'.' && !seen_point {
                if !seen_digit {
                    // `.` must be followed (after continuations) by a digit.
                    let mut k = j + 1;
                    while k + 1 < n && buf[k] == b'\\' && buf[k + 1] == b'\n' {
                        k += 2;
                    }
                    if k >= n || (buf[k] == b'\\' && k + 1 >= n) {
                        if !eof {
                            return Some(None);
                        }
                        return None;
                    }
                    if !is_digit(buf[k]) {
                        return None;
                    }
                }
                seen_point = true;
                raw.push(b'.');
                j += 1;
            } else {
                break;
            }
        }
        // A trailing backslash-newline not followed by a digit is still inside the match, as
        // flex takes it; the count of lines is the same either way.
        if raw.last() == Some(&b'.') {
            raw.pop();
        }
        let mut start = 0;
        while start < raw.len() && raw[start] == b'0' {
            start += 1;
        }
        if start == raw.len() {
            start = start.saturating_sub(1);
        }
        let text = String::from_utf8_lossy(&raw[start..]).into_owned();
        Some(Some((text, j, lines)))
    }
}

/// flex's message for a character no rule takes.
fn illegal(c: u8) -> String {
    if c < 32 {
        let mut s = String::from("illegal character: ^");
        s.push((c + 64) as char);
        s
    } else if c > 126 {
        format!("illegal character: \\{c:03o}")
    } else {
        format!("illegal character: {}", c as char)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<Tok> {
        let mut l = Lexer::new(false);
        let mut out = Vec::new();
        l.lex(s.as_bytes(), true, &mut out);
        out.into_iter().map(|t| t.tok).collect()
    }

    #[test]
    fn numbers_and_names() {
        assert_eq!(
            toks("007.50 .5 1. x1_ A\n"),
            vec![
                Tok::Num("7.50".into()),
                Tok::Num(".5".into()),
                Tok::Num("1".into()),
                Tok::Name("x1_".into()),
                Tok::Num("A".into()),
                Tok::Eol
            ]
        );
        assert_eq!(toks("12\\\n34"), vec![Tok::Num("1234".into())]);
        assert_eq!(toks(". 0"), vec![Tok::Kw(Kw::Last), Tok::Num("0".into())]);
    }

    #[test]
    fn operators() {
        assert_eq!(
            toks("a+=1;b=-2;c==d&&!e||f++"),
            vec![
                Tok::Name("a".into()),
                Tok::Assign(b'+'),
                Tok::Num("1".into()),
                Tok::P(b';'),
                Tok::Name("b".into()),
                Tok::Assign(b'='),
                Tok::P(b'-'),
                Tok::Num("2".into()),
                Tok::P(b';'),
                Tok::Name("c".into()),
                Tok::Rel("=="),
                Tok::Name("d".into()),
                Tok::And,
                Tok::Not,
                Tok::Name("e".into()),
                Tok::Or,
                Tok::Name("f".into()),
                Tok::IncDec(b'+'),
            ]
        );
    }

    #[test]
    fn incomplete_tokens_wait() {
        let mut l = Lexer::new(false);
        let mut out = Vec::new();
        let Lexed::Used(n) = l.lex(b"1 \"ab\n", false, &mut out);
        assert_eq!(n, 2);
        assert_eq!(toks("\"a\nb\""), vec![Tok::Str(b"a\nb".to_vec())]);
        assert_eq!(
            toks("\r"),
            vec![Tok::Illegal("illegal character: ^M".into())]
        );
    }
}
