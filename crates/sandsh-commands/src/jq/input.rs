//! Input: a streaming parser of concatenated JSON texts, and the input queue behind `input`,
//! `inputs`, `input_filename` and the main loop.
//!
//! jaq's reader accepts a JSON superset (comments, byte strings, non-string keys) and words its
//! errors its own way, while agents read jq's messages (`Unfinished JSON term at EOF at line 2,
//! column 0`). So this small recursive-descent parser reads bytes as they arrive (stdin may be
//! an endless pipe), tracks jq's line/column counting, keeps number literals as jaq decimals
//! (so `1.000` prints back as `1.000`, as jq 1.7 does), and reports errors in jq's words.

use std::io::Read;

use jaq_core::ValT as _;

mod stream;
use jaq_json::{Num, Rc, Val};
pub use stream::StreamState;

/// A parse error, positioned as jq positions it.
#[derive(Debug, Clone, PartialEq)]
pub struct ParseError {
    pub msg: String,
}

/// Pull parser over a byte stream.
pub struct Parser<R> {
    reader: R,
    buf: Vec<u8>,
    pos: usize,
    eof: bool,
    line: usize,
    col: usize,
    /// Newlines consumed so far (for `(at <stdin>:N)`).
    pub lines: usize,
    depth: usize,
    /// Scratch for the bytes of a string or literal being read (one buffer for all: a 20 MB
    /// array has millions of them, and the allocator's churn was a third of the time).
    scratch: Vec<u8>,
    /// The elements and members of the arrays and objects being read, innermost last: each
    /// is built once at its final size from its slice of these, rather than grown by
    /// reallocation (millions of small frees sent glibc's allocator into consolidation runs
    /// that took a quarter of `jq '.[] | select(…)'` over 20 MB).
    items: Vec<Val>,
    members: Vec<(Val, Val)>,
}

const WS: &[u8] = b" \t\n\r";
const MAX_DEPTH: usize = 10_000;

impl<R: Read> Parser<R> {
    pub fn new(reader: R) -> Self {
        Parser {
            reader,
            buf: Vec::new(),
            pos: 0,
            eof: false,
            line: 1,
            col: 0,
            lines: 0,
            depth: 0,
            scratch: Vec::new(),
            items: Vec::new(),
            members: Vec::new(),
        }
    }

    fn fill(&mut self) -> Result<(), ParseError> {
        if self.pos < self.buf.len() || self.eof {
            return Ok(());
        }
        self.buf.resize(64 * 1024, 0);
        self.pos = 0;
        match self.reader.read(&mut self.buf) {
            Ok(0) => {
                self.eof = true;
                self.buf.clear();
                Ok(())
            }
            Ok(n) => {
                self.buf.truncate(n);
                Ok(())
            }
            Err(e) => {
                self.eof = true;
                self.buf.clear();
                Err(ParseError { msg: e.to_string() })
            }
        }
    }

    fn peek(&mut self) -> Result<Option<u8>, ParseError> {
        self.fill()?;
        Ok(self.buf.get(self.pos).copied())
    }

    fn bump(&mut self) -> Option<u8> {
        let c = self.buf.get(self.pos).copied()?;
        self.pos += 1;
        self.col += 1;
        if c == b'\n' {
            self.line += 1;
            self.col = 0;
            self.lines += 1;
        }
        Some(c)
    }

    fn err(&self, msg: &str) -> ParseError {
        ParseError {
            msg: format!("{msg} at line {}, column {}", self.line, self.col),
        }
    }

    fn err_eof(&self, msg: &str) -> ParseError {
        self.err(&format!("{msg} at EOF"))
    }

    /// An error triggered by the (not yet consumed) byte `c`, counted as jq counts it.
    fn err_at(&self, msg: &str, c: u8) -> ParseError {
        let (line, col) = if c == b'\n' {
            (self.line + 1, 0)
        } else {
            (self.line, self.col + 1)
        };
        ParseError {
            msg: format!("{msg} at line {line}, column {col}"),
        }
    }

    fn skip_ws(&mut self) -> Result<Option<u8>, ParseError> {
        loop {
            match self.peek()? {
                Some(c) if WS.contains(&c) => {
                    self.bump();
                }
                other => return Ok(other),
            }
        }
    }

    /// Skip whitespace through the end of the current line (so positions count as jq's do).
    pub fn skip_line_ws(&mut self) -> Result<(), ParseError> {
        while let Some(c) = self.peek()? {
            if !WS.contains(&c) {
                break;
            }
            self.bump();
            if c == b'\n' {
                break;
            }
        }
        Ok(())
    }

    /// The next JSON text, `None` at the end of input.
    pub fn next_value(&mut self) -> Result<Option<Val>, ParseError> {
        match self.skip_ws()? {
            None => Ok(None),
            Some(_) => self.value().map(Some),
        }
    }

    fn value(&mut self) -> Result<Val, ParseError> {
        let Some(c) = self.skip_ws()? else {
            return Err(self.err_eof("Unfinished JSON term"));
        };
        match c {
            b'[' => {
                self.bump();
                self.array()
            }
            b'{' => {
                self.bump();
                self.object()
            }
            b'"' => {
                self.bump();
                self.string()
            }
            b']' | b'}' => {
                self.bump();
                Err(self.err(&format!("Unmatched '{}'", c as char)))
            }
            b',' => {
                self.bump();
                Err(self.err("Expected value before ','"))
            }
            b':' => {
                self.bump();
                Err(self.err("':' not as part of an object"))
            }
            _ => self.literal(),
        }
    }

    /// The rest of an array, after its `[`.
    fn array(&mut self) -> Result<Val, ParseError> {
        self.enter()?;
        let start = self.items.len();
        let r = self.array_items();
        let v = r.map(|()| Val::from_iter(self.items.drain(start..)));
        self.items.truncate(start);
        self.depth -= 1;
        v
    }

    /// An array's elements, pushed onto `items`, through its `]`.
    fn array_items(&mut self) -> Result<(), ParseError> {
        if self.skip_ws()? == Some(b']') {
            self.bump();
            return Ok(());
        }
        loop {
            let v = self.value()?;
            self.items.push(v);
            match self.skip_ws()? {
                None => return Err(self.err_eof("Unfinished JSON term")),
                Some(b',') => {
                    self.bump();
                    if self.skip_ws()? == Some(b']') {
                        self.bump();
                        return Err(self.err("Expected another array element"));
                    }
                }
                Some(b']') => {
                    self.bump();
                    return Ok(());
                }
                Some(b'}') => {
                    self.bump();
                    return Err(self.err("Unmatched '}'"));
                }
                Some(c) => return Err(self.sep_error(c)),
            }
        }
    }

    /// The rest of an object, after its `{`.
    fn object(&mut self) -> Result<Val, ParseError> {
        self.enter()?;
        let start = self.members.len();
        let r = self.object_members();
        let v = r.map(|()| {
            let members = self.members.drain(start..);
            let mut map =
                jaq_json::Map::with_capacity_and_hasher(members.len(), Default::default());
            // In order: a repeated key keeps its first place and takes its last value, as jq.
            map.extend(members);
            Val::obj(map)
        });
        self.members.truncate(start);
        self.depth -= 1;
        v
    }

    /// An object's members, pushed onto `members`, through its `}`.
    fn object_members(&mut self) -> Result<(), ParseError> {
        if self.skip_ws()? == Some(b'}') {
            self.bump();
            return Ok(());
        }
        loop {
            let kv = self.member()?;
            self.members.push(kv);
            match self.skip_ws()? {
                None => return Err(self.err_eof("Unfinished JSON term")),
                Some(b',') => {
                    self.bump();
                }
                Some(b'}') => {
                    self.bump();
                    return Ok(());
                }
                Some(b']') => {
                    self.bump();
                    return Err(self.err("Unmatched ']'"));
                }
                Some(c) => return Err(self.sep_error(c)),
            }
        }
    }

    /// One `"key": value` pair of an object.
    fn member(&mut self) -> Result<(Val, Val), ParseError> {
        let key = match self.skip_ws()? {
            None => return Err(self.err_eof("Unfinished JSON term")),
            Some(b'"') => self.value()?,
            Some(b'}') => {
                self.bump();
                return Err(self.err("Expected another key-value pair"));
            }
            Some(_) => {
                self.value()?;
                return Err(self.err("Object keys must be strings"));
            }
        };
        match self.skip_ws()? {
            None => return Err(self.err_eof("Unfinished JSON term")),
            Some(b':') => {
                self.bump();
            }
            Some(c) => return Err(self.sep_error(c)),
        }
        if self.skip_ws()? == Some(b'}') {
            self.bump();
            return Err(self.err("Unmatched '}'"));
        }
        let v = self.value()?;
        Ok((key, v))
    }

    fn enter(&mut self) -> Result<(), ParseError> {
        self.depth += 1;
        // jq's limit; the stack check covers a thread with less room than the kernel's.
        if self.depth > MAX_DEPTH || sandsh_api::stack::exhausted() {
            return Err(self.err("Exceeds depth limit for parsing"));
        }
        Ok(())
    }

    fn sep_error(&mut self, c: u8) -> ParseError {
        if c == b'"' || c == b'[' || c == b'{' {
            self.bump();
            return self.err("Expected separator between values");
        }
        // a literal: jq notices at the delimiter that follows it
        match self.literal() {
            Err(e) => e,
            Ok(_) => match self.peek() {
                Ok(Some(d)) => self.err_at("Expected separator between values", d),
                _ => self.err_eof("Unfinished JSON term"),
            },
        }
    }

    fn literal(&mut self) -> Result<Val, ParseError> {
        let mut tok = std::mem::take(&mut self.scratch);
        tok.clear();
        let r = self.literal_in(&mut tok);
        self.scratch = tok;
        r
    }

    fn literal_in(&mut self, tok: &mut Vec<u8>) -> Result<Val, ParseError> {
        while let Some(c) = self.peek()? {
            if WS.contains(&c) || b"[]{},:\"".contains(&c) {
                break;
            }
            tok.push(c);
            self.bump();
        }
        let tok = &tok[..];
        let next = self.peek()?;
        let fail = |p: &Self, msg: &str| match next {
            Some(d) => p.err_at(msg, d),
            None => p.err_eof(msg),
        };
        let check = |pat: &[u8], v: Val| if tok == pat { Ok(v) } else { Err(()) };
        let lit = match tok.first() {
            Some(b't') => Some(check(b"true", Val::Bool(true))),
            Some(b'f') => Some(check(b"false", Val::Bool(false))),
            Some(b'n') if tok.len() == 3 => Some(check(b"nan", Val::from(f64::NAN))),
            Some(b'n') => Some(check(b"null", Val::Null)),
            Some(b'\'') => {
                return Err(fail(self, "Invalid string literal; expected \", but got '"));
            }
            _ => None,
        };
        match lit {
            Some(Ok(v)) => Ok(v),
            Some(Err(())) => Err(fail(self, "Invalid literal")),
            None => parse_number(tok).ok_or_else(|| fail(self, "Invalid numeric literal")),
        }
    }

    fn string(&mut self) -> Result<Val, ParseError> {
        let mut out = std::mem::take(&mut self.scratch);
        out.clear();
        let r = self.string_in(&mut out);
        self.scratch = out;
        r
    }

    fn string_in(&mut self, out: &mut Vec<u8>) -> Result<Val, ParseError> {
        loop {
            let Some(c) = self.peek()? else {
                return Err(self.err_eof("Unfinished string"));
            };
            self.bump();
            match c {
                b'"' => break,
                b'\\' => {
                    let ch = self.escape(out)?;
                    push_char(out, ch);
                }
                c => out.push(c),
            }
        }
        Ok(Val::utf8_str(String::from_utf8_lossy(out).into_owned()))
    }

    /// The character of the escape after a backslash in a string.
    fn escape(&mut self, out: &mut Vec<u8>) -> Result<char, ParseError> {
        let Some(e) = self.peek()? else {
            return Err(self.err_eof("Unfinished string"));
        };
        self.bump();
        Ok(match e {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => self.unicode_escape(out)?,
            _ => return Err(self.err("Invalid escape")),
        })
    }

    /// The character of a `\uXXXX` escape (after the `u`), joining a surrogate pair. An
    /// unpaired high surrogate gives U+FFFD; one followed by another escape than a low
    /// surrogate puts U+FFFD into `out` and gives that escape's character.
    fn unicode_escape(&mut self, out: &mut Vec<u8>) -> Result<char, ParseError> {
        let hi = self.hex4()?;
        if !(0xD800..0xDC00).contains(&hi) {
            return Ok(char::from_u32(hi).unwrap_or('\u{fffd}'));
        }
        // a high surrogate wants a low one right after it
        if self.peek()? != Some(b'\\') {
            return Ok('\u{fffd}');
        }
        self.bump();
        if self.peek()? != Some(b'u') {
            return Err(self.err("Invalid escape"));
        }
        self.bump();
        let lo = self.hex4()?;
        if (0xDC00..0xE000).contains(&lo) {
            let c = 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
            Ok(char::from_u32(c).unwrap_or('\u{fffd}'))
        } else {
            push_char(out, '\u{fffd}');
            Ok(char::from_u32(lo).unwrap_or('\u{fffd}'))
        }
    }

    fn hex4(&mut self) -> Result<u32, ParseError> {
        let mut v = 0u32;
        for _ in 0..4 {
            let d = match self.peek()? {
                Some(c) if c.is_ascii_hexdigit() => (c as char).to_digit(16).unwrap_or(0),
                _ => return Err(self.err("Invalid \\uXXXX escape")),
            };
            self.bump();
            v = v * 16 + d;
        }
        Ok(v)
    }
}

fn push_char(out: &mut Vec<u8>, c: char) {
    let mut b = [0u8; 4];
    out.extend_from_slice(c.encode_utf8(&mut b).as_bytes());
}

/// A JSON number token as a jaq value: integers exact, other literals kept as decimals.
pub fn parse_number(tok: &[u8]) -> Option<Val> {
    let s = std::str::from_utf8(tok).ok()?;
    let body = s.strip_prefix(['-', '+']).unwrap_or(s);
    match body.to_ascii_lowercase().as_str() {
        "nan" => return Some(Val::from(f64::NAN)),
        "infinity" | "inf" => {
            let inf = if s.starts_with('-') {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            };
            return Some(Val::from(inf));
        }
        _ => {}
    }
    let bytes = body.as_bytes();
    let mut i = 0;
    let digits = |i: &mut usize| {
        let st = *i;
        while *i < bytes.len() && bytes[*i].is_ascii_digit() {
            *i += 1;
        }
        *i - st
    };
    let int_digits = digits(&mut i);
    let mut frac_digits = 0;
    let mut is_int = true;
    if i < bytes.len() && bytes[i] == b'.' {
        i += 1;
        is_int = false;
        frac_digits = digits(&mut i);
    }
    if int_digits + frac_digits == 0 {
        return None;
    }
    if i < bytes.len() && (bytes[i] == b'e' || bytes[i] == b'E') {
        i += 1;
        is_int = false;
        if i < bytes.len() && (bytes[i] == b'+' || bytes[i] == b'-') {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return None;
        }
    }
    if i != bytes.len() {
        return None;
    }
    let s = s.strip_prefix('+').unwrap_or(s);
    if is_int {
        return Val::from_num(s).ok();
    }
    s.parse::<f64>().ok()?;
    Some(Val::Num(Num::Dec(Rc::new(s.to_string()))))
}

impl<R: Read> Parser<R> {
    /// Bytes consumed so far (for parsing a prefix of an in-memory string).
    pub fn consumed(&self) -> usize {
        self.pos
    }
}

impl<R: Read> Parser<R> {
    /// The next line for `-R` (without its newline), `None` at the end of input.
    pub fn raw_line(&mut self) -> Result<Option<Vec<u8>>, ParseError> {
        let mut line = Vec::new();
        let mut any = false;
        while let Some(c) = self.peek()? {
            any = true;
            self.bump();
            if c == b'\n' {
                return Ok(Some(line));
            }
            line.push(c);
        }
        Ok(any.then_some(line))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(s: &str) -> Result<Vec<String>, String> {
        let mut p = Parser::new(s.as_bytes());
        let mut out = Vec::new();
        loop {
            match p.next_value() {
                Ok(Some(v)) => out.push(crate::jq::output::to_json(&v)),
                Ok(None) => return Ok(out),
                Err(e) => return Err(e.msg),
            }
        }
    }

    #[test]
    fn concatenated_texts() {
        assert_eq!(
            all("1 2\n[3,{\"a\":\"x\\u00e9\"}]\"s\"{}").unwrap(),
            ["1", "2", "[3,{\"a\":\"xé\"}]", "\"s\"", "{}"]
        );
        assert_eq!(all("1.000 1e2 nan").unwrap(), ["1.000", "1E+2", "null"]);
    }

    #[test]
    fn errors_worded_like_jq() {
        let cases = [
            ("abc", "Invalid numeric literal at EOF at line 1, column 3"),
            ("{", "Unfinished JSON term at EOF at line 1, column 1"),
            ("{\"a\":}", "Unmatched '}' at line 1, column 6"),
            ("[1,]", "Expected another array element at line 1, column 4"),
            ("{\"a\":nul}", "Invalid literal at line 1, column 9"),
            ("\"abc", "Unfinished string at EOF at line 1, column 4"),
            (
                "[1 2]",
                "Expected separator between values at line 1, column 5",
            ),
            ("tru", "Invalid literal at EOF at line 1, column 3"),
            ("[1,2", "Unfinished JSON term at EOF at line 1, column 4"),
            ("]", "Unmatched ']' at line 1, column 1"),
            ("{\n", "Unfinished JSON term at EOF at line 2, column 0"),
            ("abc\n", "Invalid numeric literal at line 2, column 0"),
        ];
        for (input, want) in cases {
            assert_eq!(all(input).unwrap_err(), want, "{input:?}");
        }
    }
}
