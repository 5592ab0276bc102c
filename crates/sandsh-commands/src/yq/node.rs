//! yq's documents as an ordered tree, and JSON in and out of it.
//!
//! Maps keep their keys in input order (as yq does); numbers keep their literal text so that
//! `1.50` or `0x1F` print back as they were read when a filter does not touch them. JSON is
//! the bridge to the jq engine: documents go to `jq` as JSON text and its results come back
//! as JSON, parsed here so that key order survives.

use std::fmt::Write as _;

#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    Null,
    Bool(bool),
    /// A number as written (YAML forms such as `0x1F` included).
    Num(String),
    Str(String),
    Seq(Vec<Node>),
    Map(Vec<(String, Node)>),
}

/// A parse error with a message worded for yq's `Error: ...`.
#[derive(Debug)]
pub struct ParseErr(pub String);

impl Node {
    pub fn is_scalar(&self) -> bool {
        !matches!(self, Node::Seq(_) | Node::Map(_))
    }
}

/// A number literal as JSON accepts it (YAML's hex, octal, `.5`, `+1`, `.inf` converted).
pub fn json_number(lit: &str) -> String {
    let is_json = {
        let b = lit.as_bytes();
        let mut i = 0;
        if b.first() == Some(&b'-') {
            i = 1;
        }
        let digits = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        digits > 0
            && !(digits > 1 && b[i] == b'0')
            && lit[i + digits..]
                .chars()
                .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-'))
            && lit.parse::<f64>().is_ok()
    };
    if is_json {
        return lit.to_string();
    }
    let t = lit.trim_start_matches('+');
    let (neg, body) = match t.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, t),
    };
    let int = if let Some(h) = body.strip_prefix("0x") {
        i128::from_str_radix(h, 16).ok()
    } else if let Some(o) = body.strip_prefix("0o") {
        i128::from_str_radix(o, 8).ok()
    } else {
        body.parse::<i128>().ok()
    };
    if let Some(v) = int {
        return format!("{}{v}", if neg { "-" } else { "" });
    }
    match body.to_ascii_lowercase().as_str() {
        ".inf" => {
            return if neg {
                "-1.7976931348623157e308"
            } else {
                "1.7976931348623157e308"
            }
            .into();
        }
        ".nan" => return "null".into(),
        _ => {}
    }
    match t.parse::<f64>() {
        Ok(f) if f.is_finite() => {
            let s = format!("{f:?}");
            s
        }
        _ => "null".into(),
    }
}

pub fn json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// JSON text: compact with `indent == 0`, else pretty with `indent` spaces (yq's `-o json`).
pub fn to_json(n: &Node, indent: usize) -> String {
    let mut out = String::new();
    write_json(&mut out, n, indent, 0);
    out
}

fn newline(out: &mut String, indent: usize, level: usize) {
    if indent > 0 {
        out.push('\n');
        for _ in 0..indent * level {
            out.push(' ');
        }
    }
}

fn write_json(out: &mut String, n: &Node, indent: usize, level: usize) {
    match n {
        Node::Null => out.push_str("null"),
        Node::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Node::Num(s) => out.push_str(&json_number(s)),
        Node::Str(s) => json_string(out, s),
        Node::Seq(v) if v.is_empty() => out.push_str("[]"),
        Node::Map(m) if m.is_empty() => out.push_str("{}"),
        Node::Seq(v) => {
            out.push('[');
            for (i, x) in v.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(out, indent, level + 1);
                write_json(out, x, indent, level + 1);
            }
            newline(out, indent, level);
            out.push(']');
        }
        Node::Map(m) => {
            out.push('{');
            for (i, (k, x)) in m.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(out, indent, level + 1);
                json_string(out, k);
                out.push(':');
                if indent > 0 {
                    out.push(' ');
                }
                write_json(out, x, indent, level + 1);
            }
            newline(out, indent, level);
            out.push('}');
        }
    }
}

/// A stream of JSON texts (what `jq -c` prints, or a `.json` input).
pub fn parse_json_stream(text: &str, max_depth: usize) -> Result<Vec<Node>, ParseErr> {
    let mut p = Json {
        b: text.as_bytes(),
        i: 0,
        max_depth,
    };
    let mut out = Vec::new();
    loop {
        p.ws();
        if p.i >= p.b.len() {
            return Ok(out);
        }
        out.push(p.value(0)?);
    }
}

struct Json<'a> {
    b: &'a [u8],
    i: usize,
    max_depth: usize,
}

impl Json<'_> {
    fn ws(&mut self) {
        while self.i < self.b.len() && self.b[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn err<T>(&self, what: &str) -> Result<T, ParseErr> {
        Err(ParseErr(format!("bad JSON: {what} at offset {}", self.i)))
    }

    fn value(&mut self, depth: usize) -> Result<Node, ParseErr> {
        if depth > self.max_depth {
            return self.err("nesting too deep");
        }
        self.ws();
        let Some(&c) = self.b.get(self.i) else {
            return self.err("unexpected end");
        };
        match c {
            b'{' => {
                self.i += 1;
                let mut m = Vec::new();
                let mut index = super::yaml::KeyIndex::default();
                self.ws();
                if self.b.get(self.i) == Some(&b'}') {
                    self.i += 1;
                    return Ok(Node::Map(m));
                }
                loop {
                    self.ws();
                    let k = self.string()?;
                    self.ws();
                    if self.b.get(self.i) != Some(&b':') {
                        return self.err("expected ':'");
                    }
                    self.i += 1;
                    let v = self.value(depth + 1)?;
                    if let Some(slot) = index.find(&m, &k) {
                        m[slot].1 = v;
                    } else {
                        m.push((k, v));
                        index.pushed(&m);
                    }
                    self.ws();
                    match self.b.get(self.i) {
                        Some(b',') => self.i += 1,
                        Some(b'}') => {
                            self.i += 1;
                            return Ok(Node::Map(m));
                        }
                        _ => return self.err("expected ',' or '}'"),
                    }
                }
            }
            b'[' => {
                self.i += 1;
                let mut v = Vec::new();
                self.ws();
                if self.b.get(self.i) == Some(&b']') {
                    self.i += 1;
                    return Ok(Node::Seq(v));
                }
                loop {
                    v.push(self.value(depth + 1)?);
                    self.ws();
                    match self.b.get(self.i) {
                        Some(b',') => self.i += 1,
                        Some(b']') => {
                            self.i += 1;
                            return Ok(Node::Seq(v));
                        }
                        _ => return self.err("expected ',' or ']'"),
                    }
                }
            }
            b'"' => Ok(Node::Str(self.string()?)),
            b't' if self.b[self.i..].starts_with(b"true") => {
                self.i += 4;
                Ok(Node::Bool(true))
            }
            b'f' if self.b[self.i..].starts_with(b"false") => {
                self.i += 5;
                Ok(Node::Bool(false))
            }
            b'n' if self.b[self.i..].starts_with(b"null") => {
                self.i += 4;
                Ok(Node::Null)
            }
            b'-' | b'0'..=b'9' => {
                let s = self.i;
                while self.i < self.b.len()
                    && matches!(
                        self.b[self.i],
                        b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9'
                    )
                {
                    self.i += 1;
                }
                let lit = String::from_utf8_lossy(&self.b[s..self.i]).into_owned();
                if lit.parse::<f64>().is_err() {
                    return self.err("bad number");
                }
                Ok(Node::Num(lit))
            }
            _ => self.err("unexpected character"),
        }
    }

    fn string(&mut self) -> Result<String, ParseErr> {
        if self.b.get(self.i) != Some(&b'"') {
            return self.err("expected a string");
        }
        self.i += 1;
        let mut out = Vec::new();
        loop {
            let Some(&c) = self.b.get(self.i) else {
                return self.err("unterminated string");
            };
            self.i += 1;
            match c {
                b'"' => break,
                b'\\' => {
                    let Some(&e) = self.b.get(self.i) else {
                        return self.err("unterminated string");
                    };
                    self.i += 1;
                    let ch = match e {
                        b'n' => '\n',
                        b't' => '\t',
                        b'r' => '\r',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'/' => '/',
                        b'\\' => '\\',
                        b'"' => '"',
                        b'u' => {
                            let hi = self.hex4()?;
                            let cp = if (0xD800..0xDC00).contains(&hi)
                                && self.b[self.i..].starts_with(b"\\u")
                            {
                                self.i += 2;
                                let lo = self.hex4()?;
                                0x10000 + ((hi - 0xD800) << 10) + (lo.wrapping_sub(0xDC00) & 0x3FF)
                            } else {
                                hi
                            };
                            char::from_u32(cp).unwrap_or('\u{FFFD}')
                        }
                        _ => return self.err("bad escape"),
                    };
                    let mut buf = [0u8; 4];
                    out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                }
                c => out.push(c),
            }
        }
        Ok(String::from_utf8_lossy(&out).into_owned())
    }

    fn hex4(&mut self) -> Result<u32, ParseErr> {
        let h = self
            .b
            .get(self.i..self.i + 4)
            .and_then(|h| std::str::from_utf8(h).ok());
        match h.and_then(|h| u32::from_str_radix(h, 16).ok()) {
            Some(v) => {
                self.i += 4;
                Ok(v)
            }
            None => self.err("bad \\u escape"),
        }
    }
}
