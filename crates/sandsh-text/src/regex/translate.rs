//! POSIX BRE/ERE (GNU flavour) to `regex`-crate syntax.
//!
//! The rules follow glibc's `regcomp` as GNU grep 3.8 and GNU sed 4.9 use it (errors worded as
//! glibc words them), checked against `/usr/bin/grep` on this machine. The output is one
//! pattern string valid for `regex_automata`/`regex` (and, when the pattern has
//! back-references, for `fancy-regex`: then bytes that are not UTF-8 are spelled as the
//! private-use characters [`super::raw_char`] maps them to).

use super::{Error, Syntax};

/// Result of a translation.
#[derive(Debug, Clone)]
pub struct Translated {
    /// The pattern in `regex` syntax (no flags prefix).
    pub pattern: String,
    /// Number of capturing groups.
    pub groups: usize,
    /// Whether it uses back-references (`\1`…`\9`): needs `fancy-regex`.
    pub backrefs: bool,
    /// GNU's warnings (`* at start of expression`), in order.
    pub warnings: Vec<String>,
}

/// glibc's RE_DUP_MAX.
const DUP_MAX: u32 = 0x7fff;

/// Characters glibc counts as `[:space:]` in a UTF-8 locale (no-break spaces excluded).
const SPACE: &str =
    r"\t\n\x0B\x0C\r \x{1680}\x{2000}-\x{2006}\x{2008}-\x{200A}\x{2028}\x{2029}\x{205F}\x{3000}";

/// The body (inside `[...]`) for a POSIX class name.
fn class_body(name: &[u8]) -> Option<String> {
    Some(match name {
        b"alpha" => r"[\p{Alphabetic}\p{Nd}&&[^0-9]]".into(),
        b"digit" => "0-9".into(),
        b"alnum" => r"\p{Alphabetic}\p{Nd}".into(),
        b"upper" => r"\p{Uppercase}\p{Lt}".into(),
        b"lower" => r"\p{Lowercase}\p{Lt}".into(),
        b"space" => SPACE.into(),
        b"blank" => r"\t \x{1680}\x{2000}-\x{2006}\x{2008}-\x{200A}\x{205F}\x{3000}".into(),
        b"punct" => format!(r"[\P{{Cc}}&&[^{SPACE}\p{{Alphabetic}}\p{{Nd}}]]"),
        b"print" => r"[\P{Cc}&&[^\x{2028}\x{2029}]]".into(),
        b"graph" => format!(r"[\P{{Cc}}&&[^{SPACE}]]"),
        b"cntrl" => r"\p{Cc}".into(),
        b"xdigit" => "0-9A-Fa-f".into(),
        _ => return None,
    })
}

const WORD: &str = r"_\p{Alphabetic}\p{Nd}";

/// One parenthesized level being built.
struct Frame {
    /// Output index where the current alternative's sequence starts.
    seq_start: usize,
    /// Start index in the output of the last atom of the sequence and whether it already
    /// carries a quantifier.
    last: Option<(usize, bool)>,
    /// At the start of an alternative (for `*` and `^` context rules).
    at_start: bool,
    /// Capture group number (0 for the top level).
    group: usize,
    /// A BRE `^` here would be an anchor (at the start, not right after another `^`).
    caret: bool,
}

struct Tr<'a> {
    p: &'a [u8],
    i: usize,
    ere: bool,
    /// An invalid interval is an error even in ERE (`Syntax::ExtendedPosix`).
    strict: bool,
    fancy: bool,
    out: String,
    frames: Vec<Frame>,
    groups: usize,
    closed: Vec<bool>,
    backrefs: bool,
    warnings: Vec<String>,
    class_syntax: bool,
    /// Warnings given before the first `[:space:]`-style bracket (GNU stops there).
    class_warn: usize,
}

/// The warnings GNU grep prints for `pattern` (also when it is then refused with
/// [`Error::ClassSyntax`], which GNU reports after them).
pub fn warnings_of(pattern: &[u8], syntax: Syntax) -> Vec<String> {
    match translate(pattern, syntax, false) {
        Ok(t) => t.warnings,
        Err(_) => {
            let mut t = Tr {
                p: pattern,
                i: 0,
                ere: syntax != Syntax::Basic,
                strict: syntax == Syntax::ExtendedPosix,
                fancy: false,
                out: String::new(),
                frames: vec![Frame {
                    seq_start: 0,
                    last: None,
                    at_start: true,
                    group: 0,
                    caret: true,
                }],
                groups: 0,
                closed: vec![false],
                backrefs: false,
                warnings: Vec::new(),
                class_syntax: false,
                class_warn: 0,
            };
            let _ = t.run();
            if t.class_syntax {
                t.warnings.truncate(t.class_warn);
            }
            t.warnings
        }
    }
}

/// Translate `pattern`. `fancy` spells raw bytes as private-use characters (for the
/// back-reference engine, which matches `str`).
pub fn translate(pattern: &[u8], syntax: Syntax, fancy: bool) -> Result<Translated, Error> {
    let mut t = Tr {
        p: pattern,
        i: 0,
        ere: syntax != Syntax::Basic,
        strict: syntax == Syntax::ExtendedPosix,
        fancy,
        out: String::with_capacity(pattern.len() * 2 + 8),
        frames: vec![Frame {
            seq_start: 0,
            last: None,
            at_start: true,
            group: 0,
            caret: true,
        }],
        groups: 0,
        closed: vec![false],
        backrefs: false,
        warnings: Vec::new(),
        class_syntax: false,
        class_warn: 0,
    };
    t.run()?;
    if t.class_syntax {
        return Err(Error::ClassSyntax);
    }
    Ok(Translated {
        pattern: t.out,
        groups: t.groups,
        backrefs: t.backrefs,
        warnings: t.warnings,
    })
}

impl Tr<'_> {
    fn peek(&self, k: usize) -> Option<u8> {
        self.p.get(self.i + k).copied()
    }

    fn frame(&mut self) -> &mut Frame {
        let n = self.frames.len() - 1;
        &mut self.frames[n]
    }

    /// Begin an atom at the current output position.
    fn atom_start(&mut self) -> usize {
        let s = self.out.len();
        let f = self.frame();
        f.last = Some((s, false));
        f.at_start = false;
        f.caret = false;
        s
    }

    /// An atom that cannot take a quantifier meaningfully (anchors): the next `*` applies to
    /// it in regex syntax only if wrapped, so record it as an atom too.
    fn push_atom(&mut self, s: &str) {
        self.atom_start();
        self.out.push_str(s);
    }

    fn push_literal(&mut self, c: char) {
        self.atom_start();
        push_escaped(&mut self.out, c);
    }

    fn push_raw_byte(&mut self, b: u8) {
        self.atom_start();
        if self.fancy {
            push_escaped(&mut self.out, super::raw_char(b));
        } else {
            self.out.push_str(&format!("(?-u:\\x{b:02X})"));
        }
    }

    /// Decode the (possibly multibyte) character at `i`: Ok(char, len) or Err(raw byte).
    fn char_at(&self, i: usize) -> Result<(char, usize), u8> {
        decode(&self.p[i..])
    }

    /// Push the literal character or raw byte at the cursor and advance.
    fn literal_here(&mut self) {
        match self.char_at(self.i) {
            Ok((c, n)) => {
                self.push_literal(c);
                self.i += n;
            }
            Err(b) => {
                self.push_raw_byte(b);
                self.i += 1;
            }
        }
    }

    /// Apply a quantifier (`*`, `+`, `?`, `{m,n}` text) to the last atom.
    fn quantify(&mut self, q: &str) {
        let f = self.frames.len() - 1;
        let Some((start, quantified)) = self.frames[f].last else {
            return;
        };
        if quantified {
            self.out.insert_str(start, "(?:");
            self.out.push(')');
        }
        self.out.push_str(q);
        self.frames[f].last = Some((start, true));
    }

    fn run(&mut self) -> Result<(), Error> {
        while self.i < self.p.len() {
            let c = self.p[self.i];
            if self.ere {
                self.ere_token(c)?;
            } else {
                self.bre_token(c)?;
            }
        }
        if self.frames.len() > 1 {
            return Err(Error::UnmatchedParen);
        }
        Ok(())
    }

    /// Whether a `$` at the cursor (BRE) is an anchor: at the end, or before `\)` / `\|`.
    fn bre_dollar_anchor(&self) -> bool {
        matches!(
            (self.peek(1), self.peek(2)),
            (None, _) | (Some(b'\\'), Some(b')' | b'|'))
        )
    }

    fn bre_token(&mut self, c: u8) -> Result<(), Error> {
        let at_start = self.frame().at_start;
        match c {
            b'\\' => {
                let Some(n) = self.peek(1) else {
                    return Err(Error::TrailingBackslash);
                };
                match n {
                    b'(' => {
                        self.i += 2;
                        self.open_group();
                    }
                    b')' => {
                        self.i += 2;
                        self.close_group(false)?;
                    }
                    b'|' => {
                        self.i += 2;
                        self.alternate();
                    }
                    b'{' if at_start => {
                        // Literal `{` at the start of an expression, as glibc does.
                        self.i += 2;
                        self.push_literal('{');
                    }
                    b'{' => {
                        self.i += 2;
                        self.interval(true)?;
                    }
                    b'+' | b'?' if at_start => {
                        self.i += 2;
                        self.push_literal(n as char);
                    }
                    b'+' | b'?' => {
                        self.i += 2;
                        self.quantify(if n == b'+' { "+" } else { "?" });
                    }
                    _ => self.escape(n)?,
                }
            }
            b'*' if at_start => {
                self.i += 1;
                self.push_literal('*');
            }
            b'*' => {
                self.i += 1;
                self.quantify("*");
            }
            b'^' if at_start && self.frame().caret => {
                self.i += 1;
                self.out.push('^');
                self.frame().caret = false;
                // Stay "at start": `^*` takes `*` literally.
            }
            b'$' if !self.bre_dollar_anchor() => self.literal_here(),
            _ => self.shared_token(c)?,
        }
        Ok(())
    }

    /// The tokens BRE and ERE read alike: `$` as an anchor, a bracket expression, `.`, and a
    /// literal.
    fn shared_token(&mut self, c: u8) -> Result<(), Error> {
        match c {
            b'$' => {
                self.i += 1;
                self.push_atom(r"(?:$)");
            }
            b'[' => self.bracket()?,
            b'.' => {
                self.i += 1;
                self.push_atom(".");
            }
            _ => self.literal_here(),
        }
        Ok(())
    }

    fn ere_token(&mut self, c: u8) -> Result<(), Error> {
        let at_start = self.frame().at_start;
        match c {
            b'\\' => {
                let Some(n) = self.peek(1) else {
                    return Err(Error::TrailingBackslash);
                };
                self.escape(n)?;
            }
            b'(' => {
                self.i += 1;
                self.open_group();
            }
            b')' if self.frames.len() > 1 => {
                self.i += 1;
                self.close_group(true)?;
            }
            b'|' => {
                self.i += 1;
                self.alternate();
            }
            b'*' | b'+' | b'?' => {
                self.i += 1;
                if (at_start || self.frame().last.is_none()) && self.strict {
                    return Err(Error::InvalidPreceding);
                } else if at_start || self.frame().last.is_none() {
                    self.warnings
                        .push(format!("{} at start of expression", c as char));
                } else {
                    let q = match c {
                        b'*' => "*",
                        b'+' => "+",
                        _ => "?",
                    };
                    self.quantify(q);
                }
            }
            b'{' => {
                let save = self.i;
                self.i += 1;
                if (at_start || self.frame().last.is_none()) && self.strict {
                    return Err(Error::InvalidPreceding);
                } else if at_start || self.frame().last.is_none() {
                    // glibc skips a leading interval (with a warning) when it is valid.
                    let saved_out = self.out.len();
                    let saved_last = self.frame().last;
                    // glibc skips the `{` alone here and never reports an error.
                    match self.parse_interval(false).unwrap_or(None) {
                        Some(_) => {
                            self.out.truncate(saved_out);
                            self.frame().last = saved_last;
                            self.warnings
                                .push("{...} at start of expression".to_string());
                        }
                        None => {
                            self.i = save + 1;
                            self.push_literal('{');
                        }
                    }
                } else if !self.interval(false)? {
                    self.i = save + 1;
                    self.push_literal('{');
                }
            }
            b'^' if at_start || self.frame().last.is_none() => {
                self.i += 1;
                self.out.push('^');
                let f = self.frame();
                f.last = None;
            }
            // Inside an expression `^` is an atom that a repetition may follow (`x^?`).
            b'^' => {
                self.i += 1;
                self.push_atom("(?:^)");
            }
            _ => self.shared_token(c)?,
        }
        Ok(())
    }

    /// A backslash escape common to BRE and ERE (cursor at the backslash, `n` follows).
    fn escape(&mut self, n: u8) -> Result<(), Error> {
        self.i += 2;
        match n {
            b'1'..=b'9' => {
                let k = (n - b'0') as usize;
                if k > self.groups || !self.closed.get(k).copied().unwrap_or(false) {
                    return Err(Error::InvalidBackReference);
                }
                self.backrefs = true;
                self.push_atom(&format!("\\{k}"));
            }
            b'w' => self.push_atom(&format!("[{WORD}]")),
            b'W' => self.push_atom(&format!("[^{WORD}]")),
            b's' => self.push_atom(&format!("[{SPACE}]")),
            b'S' => self.push_atom(&format!("[^{SPACE}]")),
            b'b' => self.push_atom(r"(?:\b)"),
            b'B' => self.push_atom(r"(?:\B)"),
            b'<' => self.push_atom(r"(?:\b{start})"),
            b'>' => self.push_atom(r"(?:\b{end})"),
            b'`' => self.push_atom(r"(?:\A)"),
            b'\'' => self.push_atom(r"(?:\z)"),
            _ => {
                self.i -= 1;
                self.literal_here();
            }
        }
        Ok(())
    }

    fn open_group(&mut self) {
        self.groups += 1;
        self.closed.push(false);
        let g = self.groups;
        self.atom_start();
        self.out.push('(');
        let seq_start = self.out.len();
        self.frames.push(Frame {
            seq_start,
            last: None,
            at_start: true,
            group: g,
            caret: true,
        });
    }

    fn close_group(&mut self, _ere: bool) -> Result<(), Error> {
        if self.frames.len() <= 1 {
            return Err(Error::UnmatchedCloseParen);
        }
        let f = self.frames.pop().ok_or(Error::UnmatchedCloseParen)?;
        self.closed[f.group] = true;
        self.out.push(')');
        // The group is the last atom of the enclosing sequence (recorded at open).
        let _ = f.seq_start;
        Ok(())
    }

    fn alternate(&mut self) {
        self.out.push('|');
        let s = self.out.len();
        let f = self.frame();
        f.seq_start = s;
        f.last = None;
        f.at_start = true;
        f.caret = true;
    }

    /// Parse an interval after `{` (BRE: after `\{`). Ok(Some(text)) when valid; Ok(None)
    /// when invalid and ERE takes `{` literally; errors as glibc reports them.
    fn parse_interval(&mut self, bre: bool) -> Result<Option<String>, Error> {
        // fetch_number: digits up to `,` or the closing brace.
        let close = |s: &Self, i: usize| -> Option<usize> {
            if bre {
                (s.p.get(i) == Some(&b'\\') && s.p.get(i + 1) == Some(&b'}')).then_some(2)
            } else {
                (s.p.get(i) == Some(&b'}')).then_some(1)
            }
        };
        // Returns (number: -1 none, -2 invalid/end, value), and the stopping token.
        enum Stop {
            Close(usize),
            Comma,
            End,
        }
        let fetch = |s: &Self, mut i: usize| -> (i64, Stop, usize) {
            let mut num: i64 = -1;
            loop {
                if i >= s.p.len() {
                    return (-2, Stop::End, i);
                }
                if let Some(n) = close(s, i) {
                    return (num, Stop::Close(n), i);
                }
                let c = s.p[i];
                if c == b',' {
                    return (num, Stop::Comma, i);
                }
                num = if !c.is_ascii_digit() || num == -2 {
                    -2
                } else if num == -1 {
                    i64::from(c - b'0')
                } else {
                    (num * 10 + i64::from(c - b'0')).min(i64::from(DUP_MAX) + 1)
                };
                // A backslash token in BRE is two bytes.
                i += if c == b'\\' && i + 1 < s.p.len() {
                    2
                } else {
                    1
                };
            }
        };
        let (mut start, stop, mut i) = fetch(self, self.i);
        let end: i64;
        let mut at_end = matches!(stop, Stop::End);
        let mut closed = false;
        match stop {
            Stop::Close(n) => {
                if start == -1 {
                    return Err(Error::InvalidInterval);
                }
                end = start;
                i += n;
                closed = true;
            }
            // glibc reads no maximum after an invalid minimum.
            Stop::Comma if start == -2 => end = -2,
            Stop::Comma => {
                if start == -1 {
                    start = 0;
                }
                let (e, stop2, j) = fetch(self, i + 1);
                end = e;
                i = j;
                match stop2 {
                    Stop::Close(n) => {
                        i += n;
                        closed = true;
                    }
                    Stop::End => at_end = true,
                    Stop::Comma => {}
                }
            }
            Stop::End => end = -2,
        }
        if start == -2 || end == -2 {
            if bre || self.strict {
                return Err(if at_end {
                    Error::UnmatchedBrace
                } else {
                    Error::InvalidInterval
                });
            }
            return Ok(None);
        }
        if (end != -1 && start > end) || !closed {
            return Err(Error::InvalidInterval);
        }
        if (if end == -1 { start } else { end }) > i64::from(DUP_MAX) {
            return Err(Error::TooBig);
        }
        self.i = i;
        Ok(Some(if end == -1 {
            format!("{{{start},}}")
        } else if end == start {
            format!("{{{start}}}")
        } else {
            format!("{{{start},{end}}}")
        }))
    }

    /// An interval applied to the last atom; `false` when ERE takes the `{` literally.
    fn interval(&mut self, bre: bool) -> Result<bool, Error> {
        match self.parse_interval(bre)? {
            Some(q) => {
                self.quantify(&q);
                Ok(true)
            }
            None => Ok(false),
        }
    }

    /// A bracket expression; the cursor is at `[`.
    fn bracket(&mut self) -> Result<(), Error> {
        let p = self.p;
        let mut i = self.i + 1;
        if p.get(i) == Some(&b':')
            && let Some(j) = p[i + 1..].iter().position(|&b| b == b']')
            && j > 0
            && p[i + j] == b':'
        {
            // GNU grep's matcher refuses `[:space:]`, but only once the whole pattern has
            // parsed (glibc's errors come first).
            if !self.class_syntax {
                self.class_warn = self.warnings.len();
            }
            self.class_syntax = true;
        }
        let negate = p.get(i) == Some(&b'^');
        if negate {
            i += 1;
        }
        if i >= p.len() {
            return Err(Error::InvalidRegex);
        }
        let mut items = String::new();
        let mut raw: Vec<u8> = Vec::new();
        let mut first = true;
        // The previous single character, when it may start a range.
        let mut prev: Option<u32> = None;
        loop {
            if i >= p.len() {
                return Err(Error::UnmatchedBracket);
            }
            let c = p[i];
            if c == b']' && !first {
                i += 1;
                break;
            }
            first = false;
            if c == b'[' && matches!(p.get(i + 1), Some(b':' | b'=' | b'.')) {
                let kind = p[i + 1];
                let body_start = i + 2;
                let mut j = body_start;
                loop {
                    if j + 1 >= p.len() {
                        return Err(Error::UnmatchedBracket);
                    }
                    if p[j] == kind && p[j + 1] == b']' {
                        break;
                    }
                    j += 1;
                }
                let name = &p[body_start..j];
                i = j + 2;
                match kind {
                    b':' => {
                        let body = class_body(name).ok_or(Error::InvalidClass)?;
                        if p.get(i) == Some(&b'-') && p.get(i + 1) != Some(&b']') {
                            return Err(Error::InvalidRangeEnd);
                        }
                        items.push_str(&body);
                        prev = None;
                    }
                    _ => {
                        // Equivalence class or collating symbol: one character only.
                        let (ch, n) = match decode(name) {
                            Ok(x) => x,
                            Err(_) => return Err(Error::InvalidCollation),
                        };
                        if n != name.len() {
                            return Err(Error::InvalidCollation);
                        }
                        push_class_char(&mut items, ch);
                        prev = if kind == b'.' { Some(ch as u32) } else { None };
                    }
                }
                continue;
            }
            // A range?
            if c == b'-' && prev.is_some() && p.get(i + 1).is_some_and(|&b| b != b']') {
                let lo = prev.take().unwrap_or(0);
                i += 1;
                let hi = if p[i] == b'[' && p.get(i + 1) == Some(&b'.') {
                    let mut j = i + 2;
                    while j + 1 < p.len() && !(p[j] == b'.' && p[j + 1] == b']') {
                        j += 1;
                    }
                    if j + 1 >= p.len() {
                        return Err(Error::UnmatchedBracket);
                    }
                    let name = &p[i + 2..j];
                    i = j + 2;
                    match decode(name) {
                        Ok((ch, n)) if n == name.len() => ch as u32,
                        _ => return Err(Error::InvalidCollation),
                    }
                } else if p[i] == b'[' && matches!(p.get(i + 1), Some(b':' | b'=')) {
                    return Err(Error::InvalidRangeEnd);
                } else {
                    match decode(&p[i..]) {
                        Ok((ch, n)) => {
                            i += n;
                            ch as u32
                        }
                        Err(b) => {
                            i += 1;
                            u32::from(b)
                        }
                    }
                };
                if hi < lo {
                    return Err(Error::InvalidRangeEnd);
                }
                // Remove the low end already pushed, then push the range.
                if let Some(pos) = items.rfind("\\x{") {
                    items.truncate(pos);
                }
                items.push_str(&format!("\\x{{{lo:X}}}-\\x{{{hi:X}}}"));
                continue;
            }
            match decode(&p[i..]) {
                Ok((ch, n)) => {
                    push_class_char(&mut items, ch);
                    prev = Some(ch as u32);
                    i += n;
                }
                Err(b) => {
                    raw.push(b);
                    prev = None;
                    i += 1;
                }
            }
        }
        self.i = i;
        self.atom_start();
        let neg = if negate { "^" } else { "" };
        if raw.is_empty() || negate {
            if items.is_empty() {
                // Only raw bytes under negation: any valid character.
                self.out.push_str("(?s:.)");
            } else {
                self.out.push_str(&format!("[{neg}{items}]"));
            }
        } else {
            let mut bytes = String::new();
            for b in &raw {
                if self.fancy {
                    push_class_char(&mut bytes, super::raw_char(*b));
                } else {
                    bytes.push_str(&format!("\\x{b:02X}"));
                }
            }
            let byteclass = if self.fancy {
                format!("[{bytes}]")
            } else {
                format!("(?-u:[{bytes}])")
            };
            if items.is_empty() {
                self.out.push_str(&byteclass);
            } else {
                self.out.push_str(&format!("(?:[{items}]|{byteclass})"));
            }
        }
        Ok(())
    }
}

/// Decode one UTF-8 character at the start of `b`, or the first byte when invalid.
pub(super) fn decode(b: &[u8]) -> Result<(char, usize), u8> {
    let Some(&first) = b.first() else {
        return Err(0);
    };
    if first < 0x80 {
        return Ok((first as char, 1));
    }
    let n = match first {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return Err(first),
    };
    if b.len() < n {
        return Err(first);
    }
    match std::str::from_utf8(&b[..n]) {
        Ok(s) => s.chars().next().map(|c| (c, n)).ok_or(first),
        Err(_) => Err(first),
    }
}

pub(super) fn push_escaped(out: &mut String, c: char) {
    if c.is_ascii_alphanumeric() || c == '_' || (!c.is_ascii() && !c.is_whitespace()) {
        out.push(c);
    } else {
        out.push_str(&format!("\\x{{{:X}}}", c as u32));
    }
}

fn push_class_char(out: &mut String, c: char) {
    out.push_str(&format!("\\x{{{:X}}}", c as u32));
}
