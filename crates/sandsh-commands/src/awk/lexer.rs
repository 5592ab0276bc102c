//! Tokens of the awk language.
//!
//! The lexer is pulled by the parser one token at a time. `/` is ambiguous (division or the
//! start of a regex literal); the parser knows which it expects and asks [`Lexer::regex`] to
//! rescan from the slash when an operand is expected, as the grammar in POSIX suggests.

#[derive(Debug, Clone, PartialEq)]
pub enum Tok {
    Newline,
    Eof,
    LBrace,
    RBrace,
    LParen,
    RParen,
    LBracket,
    RBracket,
    Semi,
    Comma,
    Plus,
    Minus,
    Star,
    Slash,
    Percent,
    Caret,
    Not,
    Gt,
    Lt,
    Pipe,
    PipeAmp,
    Question,
    Colon,
    Tilde,
    NoMatch,
    Dollar,
    Assign,
    AddAssign,
    SubAssign,
    MulAssign,
    DivAssign,
    ModAssign,
    PowAssign,
    Eq,
    Le,
    Ge,
    Ne,
    Incr,
    Decr,
    And,
    Or,
    Append,
    Number(f64),
    Str(Vec<u8>),
    /// A name directly followed by `(` (a user function call).
    FuncName(String),
    Name(String),
    Builtin(String),
    // keywords
    Begin,
    End,
    BeginFile,
    EndFile,
    Function,
    If,
    Else,
    While,
    For,
    Do,
    Break,
    Continue,
    Next,
    NextFile,
    Exit,
    Return,
    Delete,
    In,
    Getline,
    Print,
    Printf,
}

pub const BUILTINS: &[&str] = &[
    "length", "substr", "index", "split", "sub", "gsub", "match", "sprintf", "sin", "cos", "atan2",
    "exp", "log", "sqrt", "int", "rand", "srand", "tolower", "toupper", "system", "close",
    "fflush", "gensub", "strftime", "systime", "mktime", "asort", "asorti", "patsplit", "and",
    "or", "xor", "lshift", "rshift", "compl", "strtonum", "isarray", "typeof",
];

pub struct Lexer<'a> {
    src: &'a [u8],
    pub pos: usize,
    pub line: usize,
    /// Where the token being scanned starts (for errors inside it).
    pub start: usize,
}

pub type LexResult<T> = Result<T, String>;

impl<'a> Lexer<'a> {
    pub fn new(src: &'a [u8]) -> Lexer<'a> {
        Lexer {
            src,
            pos: 0,
            line: 1,
            start: 0,
        }
    }

    fn peek_byte(&self, off: usize) -> u8 {
        self.src.get(self.pos + off).copied().unwrap_or(0)
    }

    /// Scan the next token; returns it with its start offset.
    pub fn next(&mut self) -> LexResult<(Tok, usize)> {
        // skip blanks, comments and line continuations
        loop {
            let c = self.peek_byte(0);
            if c == b' ' || c == b'\t' || c == b'\r' {
                self.pos += 1;
            } else if c == b'\\' && self.peek_byte(1) == b'\n' {
                self.pos += 2;
                self.line += 1;
            } else if c == b'\\' && self.peek_byte(1) == b'\r' && self.peek_byte(2) == b'\n' {
                self.pos += 3;
                self.line += 1;
            } else if c == b'#' {
                while self.pos < self.src.len() && self.src[self.pos] != b'\n' {
                    self.pos += 1;
                }
            } else {
                break;
            }
        }
        let start = self.pos;
        self.start = start;
        if self.pos >= self.src.len() {
            return Ok((Tok::Eof, start));
        }
        let c = self.src[self.pos];
        self.pos += 1;
        let n = self.peek_byte(0);
        let two = |s: &mut Self, t: Tok| {
            s.pos += 1;
            t
        };
        let t = match c {
            b'\n' => {
                self.line += 1;
                Tok::Newline
            }
            b'{' => Tok::LBrace,
            b'}' => Tok::RBrace,
            b'(' => Tok::LParen,
            b')' => Tok::RParen,
            b'[' => Tok::LBracket,
            b']' => Tok::RBracket,
            b';' => Tok::Semi,
            b',' => Tok::Comma,
            b'+' if n == b'+' => two(self, Tok::Incr),
            b'+' if n == b'=' => two(self, Tok::AddAssign),
            b'+' => Tok::Plus,
            b'-' if n == b'-' => two(self, Tok::Decr),
            b'-' if n == b'=' => two(self, Tok::SubAssign),
            b'-' => Tok::Minus,
            b'*' if n == b'*' => {
                self.pos += 1;
                if self.peek_byte(0) == b'=' {
                    self.pos += 1;
                    Tok::PowAssign
                } else {
                    Tok::Caret
                }
            }
            b'*' if n == b'=' => two(self, Tok::MulAssign),
            b'*' => Tok::Star,
            b'/' if n == b'=' => two(self, Tok::DivAssign),
            b'/' => Tok::Slash,
            b'%' if n == b'=' => two(self, Tok::ModAssign),
            b'%' => Tok::Percent,
            b'^' if n == b'=' => two(self, Tok::PowAssign),
            b'^' => Tok::Caret,
            b'!' if n == b'=' => two(self, Tok::Ne),
            b'!' if n == b'~' => two(self, Tok::NoMatch),
            b'!' => Tok::Not,
            b'>' if n == b'=' => two(self, Tok::Ge),
            b'>' if n == b'>' => two(self, Tok::Append),
            b'>' => Tok::Gt,
            b'<' if n == b'=' => two(self, Tok::Le),
            b'<' => Tok::Lt,
            b'|' if n == b'|' => two(self, Tok::Or),
            b'|' if n == b'&' => two(self, Tok::PipeAmp),
            b'|' => Tok::Pipe,
            b'&' if n == b'&' => two(self, Tok::And),
            b'?' => Tok::Question,
            b':' => Tok::Colon,
            b'~' => Tok::Tilde,
            b'$' => Tok::Dollar,
            b'=' if n == b'=' => two(self, Tok::Eq),
            b'=' => Tok::Assign,
            b'"' => Tok::Str(self.string()?),
            b'0'..=b'9' | b'.' => {
                if c == b'.' && !n.is_ascii_digit() {
                    return Err("syntax error: unexpected `.'".to_string());
                }
                self.pos = start;
                Tok::Number(self.number())
            }
            c if c.is_ascii_alphabetic() || c == b'_' => {
                while self.pos < self.src.len()
                    && (self.src[self.pos].is_ascii_alphanumeric() || self.src[self.pos] == b'_')
                {
                    self.pos += 1;
                }
                let word = String::from_utf8_lossy(&self.src[start..self.pos]).into_owned();
                keyword(&word).unwrap_or_else(|| {
                    if BUILTINS.contains(&word.as_str()) {
                        Tok::Builtin(word)
                    } else if self.peek_byte(0) == b'(' {
                        Tok::FuncName(word)
                    } else {
                        Tok::Name(word)
                    }
                })
            }
            _ => {
                return Err(format!(
                    "syntax error: invalid character '{}'",
                    String::from_utf8_lossy(&self.src[start..self.pos])
                ));
            }
        };
        Ok((t, start))
    }

    fn number(&mut self) -> f64 {
        let s = &self.src[self.pos..];
        // hex constants in program text (gawk extension)
        if s.len() > 2 && s[0] == b'0' && (s[1] == b'x' || s[1] == b'X') && s[2].is_ascii_hexdigit()
        {
            let mut i = 2;
            let mut v = 0f64;
            while i < s.len() && s[i].is_ascii_hexdigit() {
                v = v * 16.0 + (s[i] as char).to_digit(16).unwrap_or(0) as f64;
                i += 1;
            }
            self.pos += i;
            return v;
        }
        // a leading 0 makes an octal constant when the digits allow it (gawk)
        if s.len() > 1 && s[0] == b'0' && s[1].is_ascii_digit() {
            let n = s.iter().take_while(|b| b.is_ascii_digit()).count();
            let next = s.get(n).copied().unwrap_or(0);
            if next != b'.' && next != b'e' && next != b'E' && s[..n].iter().all(|b| *b < b'8') {
                let mut v = 0f64;
                for &d in &s[..n] {
                    v = v * 8.0 + (d - b'0') as f64;
                }
                self.pos += n;
                return v;
            }
        }
        let (v, end) = super::value::parse_prefix(s);
        let end = if end == 0 { 1 } else { end };
        self.pos += end;
        v
    }

    fn string(&mut self) -> LexResult<Vec<u8>> {
        let mut out = Vec::new();
        loop {
            let Some(&c) = self.src.get(self.pos) else {
                return Err("unterminated string".into());
            };
            self.pos += 1;
            match c {
                b'"' => return Ok(out),
                b'\n' => return Err("unterminated string".into()),
                b'\\' => {
                    let Some(&e) = self.src.get(self.pos) else {
                        return Err("unterminated string".into());
                    };
                    self.pos += 1;
                    match e {
                        b'\n' => self.line += 1,
                        b'0'..=b'7' => {
                            let mut v = (e - b'0') as u32;
                            for _ in 0..2 {
                                match self.src.get(self.pos) {
                                    Some(&d @ b'0'..=b'7') => {
                                        v = v * 8 + (d - b'0') as u32;
                                        self.pos += 1;
                                    }
                                    _ => break,
                                }
                            }
                            out.push(v as u8);
                        }
                        _ => {
                            if let Some(b) = simple_escape(e) {
                                out.push(b);
                            } else if e == b'x' {
                                let mut v = 0u32;
                                let mut k = 0;
                                while k < 2 {
                                    match self.src.get(self.pos) {
                                        Some(d) if d.is_ascii_hexdigit() => {
                                            v = v * 16 + (*d as char).to_digit(16).unwrap_or(0);
                                            self.pos += 1;
                                            k += 1;
                                        }
                                        _ => break,
                                    }
                                }
                                if k == 0 {
                                    out.extend_from_slice(b"\\x");
                                } else {
                                    out.push(v as u8);
                                }
                            } else if e == b'"' || e == b'\\' || e == b'/' {
                                out.push(e);
                            } else {
                                // gawk warns and keeps the character
                                out.push(e);
                            }
                        }
                    }
                }
                _ => out.push(c),
            }
        }
    }

    /// Rescan a regex literal whose opening `/` is at `start`.
    pub fn regex(&mut self, start: usize) -> LexResult<Vec<u8>> {
        self.pos = start + 1;
        let mut out = Vec::new();
        let mut in_bracket = false;
        loop {
            let Some(&c) = self.src.get(self.pos) else {
                return Err("unterminated regexp".into());
            };
            self.pos += 1;
            match c {
                b'\n' => return Err("unterminated regexp".into()),
                b'\\' => {
                    let Some(&e) = self.src.get(self.pos) else {
                        return Err("unterminated regexp".into());
                    };
                    self.pos += 1;
                    if e == b'/' {
                        out.push(b'/');
                    } else if e == b'\n' {
                        self.line += 1;
                    } else {
                        out.push(b'\\');
                        out.push(e);
                    }
                }
                b'[' if !in_bracket => {
                    in_bracket = true;
                    out.push(c);
                    // a leading ^ and ] are literal members
                    if self.src.get(self.pos) == Some(&b'^') {
                        out.push(b'^');
                        self.pos += 1;
                    }
                    if self.src.get(self.pos) == Some(&b']') {
                        out.push(b']');
                        self.pos += 1;
                    }
                }
                b'[' if in_bracket && self.src.get(self.pos) == Some(&b':') => {
                    // character class [:name:]
                    out.push(c);
                    let rest = &self.src[self.pos..];
                    if let Some(e) = rest.windows(2).position(|w| w == b":]") {
                        out.extend_from_slice(&rest[..e + 2]);
                        self.pos += e + 2;
                    }
                }
                b']' if in_bracket => {
                    in_bracket = false;
                    out.push(c);
                }
                b'/' if !in_bracket => return Ok(out),
                _ => out.push(c),
            }
        }
    }
}

/// The byte for a one-letter escape (`\n`, `\t`…), shared with `-v` assignments.
pub fn simple_escape(e: u8) -> Option<u8> {
    Some(match e {
        b'n' => b'\n',
        b't' => b'\t',
        b'r' => b'\r',
        b'a' => 7,
        b'b' => 8,
        b'f' => 12,
        b'v' => 11,
        _ => return None,
    })
}

/// Process escapes in a command-line assignment value (`-v x='a\tb'`), as in strings.
pub fn unescape(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if s[i] != b'\\' || i + 1 >= s.len() {
            out.push(s[i]);
            i += 1;
            continue;
        }
        let e = s[i + 1];
        i += 2;
        match e {
            b'\n' => {}
            b'0'..=b'7' => {
                let mut v = (e - b'0') as u32;
                let mut k = 0;
                while k < 2 && i < s.len() && (b'0'..=b'7').contains(&s[i]) {
                    v = v * 8 + (s[i] - b'0') as u32;
                    i += 1;
                    k += 1;
                }
                out.push(v as u8);
            }
            b'x' => {
                let mut v = 0u32;
                let mut k = 0;
                while k < 2 && i < s.len() && s[i].is_ascii_hexdigit() {
                    v = v * 16 + (s[i] as char).to_digit(16).unwrap_or(0);
                    i += 1;
                    k += 1;
                }
                if k == 0 {
                    out.extend_from_slice(b"\\x");
                } else {
                    out.push(v as u8);
                }
            }
            _ => out.push(simple_escape(e).unwrap_or(e)),
        }
    }
    out
}

fn keyword(w: &str) -> Option<Tok> {
    Some(match w {
        "BEGIN" => Tok::Begin,
        "END" => Tok::End,
        "BEGINFILE" => Tok::BeginFile,
        "ENDFILE" => Tok::EndFile,
        "function" | "func" => Tok::Function,
        "if" => Tok::If,
        "else" => Tok::Else,
        "while" => Tok::While,
        "for" => Tok::For,
        "do" => Tok::Do,
        "break" => Tok::Break,
        "continue" => Tok::Continue,
        "next" => Tok::Next,
        "nextfile" => Tok::NextFile,
        "exit" => Tok::Exit,
        "return" => Tok::Return,
        "delete" => Tok::Delete,
        "in" => Tok::In,
        "getline" => Tok::Getline,
        "print" => Tok::Print,
        "printf" => Tok::Printf,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes() {
        assert_eq!(unescape(b"a\\tb\\n"), b"a\tb\n");
        assert_eq!(unescape(b"\\101\\x41\\\\"), b"AA\\");
    }

    #[test]
    fn tokens() {
        let mut l = Lexer::new(b"x += 1 # c\n");
        assert_eq!(l.next().map(|t| t.0), Ok(Tok::Name("x".into())));
        assert_eq!(l.next().map(|t| t.0), Ok(Tok::AddAssign));
        assert_eq!(l.next().map(|t| t.0), Ok(Tok::Number(1.0)));
        assert_eq!(l.next().map(|t| t.0), Ok(Tok::Newline));
    }
}
