//! Word lexing: quoting, expansions (`$x`, `${…}`, `$( )`, backquotes, `$(( ))`), assignments.
//!
//! One loop (`parse_parts`) serves every place a word can appear; `Kind` says what ends the
//! word and which quoting rules apply (unquoted text, inside double quotes, a here-document body,
//! a `${…}` operand, arithmetic text, an array subscript, a `[[ =~ ]]` regex).

use super::ParseError;
use super::ast::*;
use super::lexer::{Op, Tok, is_meta};
use super::parser::P;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Normal,
    Dq,
    Heredoc,
    /// Inside `${…}`: ends at either byte (at brace depth 0).
    Operand(u8, u8),
    /// The operand of `${x-…}` (and `=`, `+`) inside double quotes: ends at `}`;
    /// backslash quotes only `$ \` " \ }`, and single quotes are literal.
    DqOperand,
    /// Arithmetic text: ends at `)` at depth 0 (or `;` when the flag is set).
    Arith(bool),
    Subscript,
    Regex,
}

impl Kind {
    fn quotes(self) -> bool {
        !matches!(
            self,
            Kind::Dq | Kind::Heredoc | Kind::Arith(_) | Kind::DqOperand
        )
    }
}

struct Lit {
    buf: String,
    start: usize,
}

impl P<'_, '_> {
    fn flush(&self, lit: &mut Lit, upto: usize, parts: &mut Vec<WordPart>) {
        if upto > lit.start {
            lit.buf
                .push_str(&String::from_utf8_lossy(&self.st.src[lit.start..upto]));
        }
        if !lit.buf.is_empty() {
            let s = std::mem::take(&mut lit.buf);
            if let Some(WordPart::Literal(prev)) = parts.last_mut() {
                prev.push_str(&s);
            } else {
                parts.push(WordPart::Literal(s));
            }
        }
    }

    /// The length of the UTF-8 character starting at `i`.
    fn char_len(&self, i: usize) -> usize {
        match self.byte(i) {
            Some(b) if b >= 0xF0 => 4,
            Some(b) if b >= 0xE0 => 3,
            Some(b) if b >= 0xC0 => 2,
            _ => 1,
        }
        .min(self.st.src.len().saturating_sub(i).max(1))
    }

    pub fn parse_parts(&mut self, kind: Kind) -> Result<Vec<WordPart>, ParseError> {
        self.enter()?;
        let r = self.parse_parts_inner(kind);
        self.leave();
        r
    }

    fn parse_parts_inner(&mut self, kind: Kind) -> Result<Vec<WordPart>, ParseError> {
        let mut parts = Vec::new();
        let mut lit = Lit {
            buf: String::new(),
            start: self.st.pos,
        };
        let mut depth: u32 = 0;
        let begin = self.st.pos;
        loop {
            let i = self.st.pos;
            let Some(c) = self.cur() else {
                match kind {
                    Kind::Dq => return Err(self.err_matching('"', begin)),
                    Kind::Operand(..) | Kind::DqOperand => {
                        return Err(self.err_matching('}', begin));
                    }
                    Kind::Subscript => return Err(self.err_matching(']', begin)),
                    _ => break,
                }
            };
            // Terminators.
            match kind {
                Kind::Normal => {
                    if matches!(c, b'?' | b'*' | b'+' | b'@' | b'!')
                        && self.byte(i + 1) == Some(b'(')
                        && (!self.st.no_extglob || self.st.cond_pattern || depth > 0)
                    {
                        depth += 1;
                        self.st.pos += 2;
                        continue;
                    }
                    if depth > 0 {
                        match c {
                            b'(' => depth += 1,
                            b')' => depth -= 1,
                            _ => {}
                        }
                        if matches!(c, b'(' | b')' | b' ' | b'\t' | b'\n' | b'|' | b';' | b'&') {
                            self.st.pos += 1;
                            continue;
                        }
                    } else if matches!(c, b'<' | b'>') && self.byte(i + 1) == Some(b'(') {
                        self.flush(&mut lit, i, &mut parts);
                        self.st.pos += 2;
                        let list = self.sub_list(i)?;
                        parts.push(WordPart::ProcessSubst {
                            output: c == b'>',
                            list: Box::new(list),
                        });
                        lit.start = self.st.pos;
                        continue;
                    } else if is_meta(c) {
                        break;
                    }
                }
                Kind::Dq if c == b'"' => break,
                // A slice offset is arithmetic: the `:` of a `?:` ternary does not end it.
                Kind::Operand(b':', _) if c == b'?' => depth += 1,
                Kind::Operand(b':', _) if c == b':' && depth > 0 => depth -= 1,
                // Bare braces do not nest inside `${…}` (`${x:-{a}b}` is `{a` then `b}`).
                Kind::Operand(a, b) if c == a || c == b => break,
                // A `}` between single quotes does not end it (the quotes stay literal).
                Kind::DqOperand if c == b'\'' => depth ^= 1,
                Kind::DqOperand if c == b'}' && depth == 0 => break,
                Kind::Arith(semi) => match c {
                    b'(' => depth += 1,
                    b')' if depth == 0 => break,
                    b')' => depth -= 1,
                    b';' if semi && depth == 0 => break,
                    _ => {}
                },
                Kind::Subscript => match c {
                    b'[' => depth += 1,
                    b']' if depth == 0 => break,
                    b']' => depth -= 1,
                    _ => {}
                },
                Kind::Regex => {
                    if depth == 0
                        && (matches!(c, b' ' | b'\t' | b'\n' | b';' | b'&' | b'<' | b'>')
                            || (c == b'|' && self.byte(i + 1) == Some(b'|'))
                            || c == b')')
                    {
                        break;
                    }
                    match c {
                        b'(' => depth += 1,
                        b')' => depth -= 1,
                        _ => {}
                    }
                }
                _ => {}
            }
            match c {
                b'\\' => {
                    let n = self.byte(i + 1);
                    if n == Some(b'\n') {
                        self.flush(&mut lit, i, &mut parts);
                        self.st.pos += 2;
                        lit.start = self.st.pos;
                        continue;
                    }
                    let Some(n) = n else {
                        self.st.pos += 1;
                        continue;
                    };
                    let escapes = match kind {
                        Kind::Dq => matches!(n, b'$' | b'`' | b'"' | b'\\'),
                        Kind::DqOperand => matches!(n, b'$' | b'`' | b'"' | b'\\' | b'}'),
                        Kind::Heredoc => matches!(n, b'$' | b'`' | b'\\'),
                        Kind::Arith(_) => false,
                        _ => true,
                    };
                    if escapes {
                        self.flush(&mut lit, i, &mut parts);
                        let l = self.char_len(i + 1);
                        let s = self.text(i + 1, i + 1 + l);
                        push_sq(&mut parts, s);
                        self.st.pos = i + 1 + l;
                        lit.start = self.st.pos;
                    } else {
                        self.st.pos += 1;
                    }
                }
                b'\'' if kind.quotes() => {
                    self.flush(&mut lit, i, &mut parts);
                    let mut j = i + 1;
                    while self.byte(j).is_some_and(|b| b != b'\'') {
                        j += 1;
                    }
                    if self.byte(j).is_none() {
                        self.st.pos = j;
                        return Err(self.err_matching('\'', i));
                    }
                    let s = self.text(i + 1, j);
                    push_sq(&mut parts, s);
                    self.st.pos = j + 1;
                    lit.start = self.st.pos;
                }
                b'"' if kind != Kind::Heredoc => {
                    self.flush(&mut lit, i, &mut parts);
                    self.st.pos += 1;
                    let inner = self.parse_parts(Kind::Dq)?;
                    self.st.pos += 1; // closing quote
                    parts.push(WordPart::DoubleQuoted(inner));
                    lit.start = self.st.pos;
                }
                b'$' => {
                    self.flush(&mut lit, i, &mut parts);
                    match self.dollar(kind)? {
                        Some(p) => {
                            parts.push(p);
                            lit.start = self.st.pos;
                        }
                        None => {
                            self.st.pos = i + 1;
                            lit.start = i;
                        }
                    }
                }
                b'`' => {
                    self.flush(&mut lit, i, &mut parts);
                    let part = self.backquote(matches!(kind, Kind::Dq | Kind::DqOperand))?;
                    parts.push(part);
                    lit.start = self.st.pos;
                }
                _ => self.st.pos += 1,
            }
        }
        let end = self.st.pos;
        self.flush(&mut lit, end, &mut parts);
        Ok(parts)
    }

    /// A word of the given kind with its span.
    pub fn word_of(&mut self, kind: Kind) -> Result<Word, ParseError> {
        let start = self.st.pos;
        let parts = self.parse_parts(kind)?;
        Ok(Word {
            parts,
            span: Span::new(start, self.st.pos),
        })
    }

    /// `$…` at the current position. `None` when the `$` is literal.
    fn dollar(&mut self, kind: Kind) -> Result<Option<WordPart>, ParseError> {
        let i = self.st.pos;
        let Some(c) = self.byte(i + 1) else {
            return Ok(None);
        };
        let special = |p: &mut Self, ch: char| {
            p.st.pos = i + 2;
            Ok(Some(param_part(Param::Special(ch), ParamOp::None)))
        };
        if c == b'\\' && self.byte(i + 2) == Some(b'\n') {
            // `$\<newline>?`: a line continuation inside the token is removed first.
            let mut k = i + 1;
            while self.byte(k) == Some(b'\\') && self.byte(k + 1) == Some(b'\n') {
                k += 2;
            }
            let simple = self
                .byte(k)
                .is_some_and(|b| b.is_ascii_alphanumeric() || b"_@*#?-$!".contains(&b));
            if !simple {
                return Ok(None);
            }
            // Read it as if the `$` stood just before (only the bytes after `$` are looked at).
            self.st.pos = k - 1;
            return self.dollar(kind);
        }
        match c {
            b'{' => {
                self.st.pos = i + 2;
                let saved = self.dq_param;
                self.dq_param = matches!(kind, Kind::Dq | Kind::DqOperand);
                let r = self.braced_param(i);
                self.dq_param = saved;
                match r {
                    Ok(pe) => Ok(Some(WordPart::Param(Box::new(pe)))),
                    Err(_) if self.bad_subst => {
                        self.bad_subst = false;
                        let end = self.skip_braced(i)?;
                        Ok(Some(WordPart::BadSubst(self.text(i, end))))
                    }
                    Err(e) => Err(e),
                }
            }
            b'(' => {
                if self.byte(i + 2) == Some(b'(') {
                    self.st.pos = i + 3;
                    if let Some((w, _)) = self.arith_section(false)? {
                        return Ok(Some(WordPart::Arith(Box::new(w))));
                    }
                }
                self.st.pos = i + 2;
                let list = self.sub_list(i)?;
                Ok(Some(WordPart::CommandSubst(Box::new(list))))
            }
            // `$[ … ]`: the obsolete form of `$(( … ))`.
            b'[' => {
                self.st.pos = i + 2;
                let w = self.word_of(Kind::Subscript)?;
                if self.cur() != Some(b']') {
                    return Err(self.err_matching(']', i));
                }
                self.st.pos += 1;
                Ok(Some(WordPart::Arith(Box::new(w))))
            }
            b'\'' if kind.quotes() => {
                self.st.pos = i + 2;
                Ok(Some(WordPart::AnsiC(self.ansi_c(i)?)))
            }
            // `$"…"` is a double-quoted string (no translation), in arithmetic too.
            b'"' if kind.quotes() || matches!(kind, Kind::Arith(_)) => {
                self.st.pos = i + 2;
                let inner = self.parse_parts(Kind::Dq)?;
                self.st.pos += 1;
                Ok(Some(WordPart::DoubleQuoted(inner)))
            }
            b'0' => special(self, '0'),
            b'1'..=b'9' => {
                self.st.pos = i + 2;
                Ok(Some(param_part(
                    Param::Positional((c - b'0') as u32),
                    ParamOp::None,
                )))
            }
            b'@' | b'*' | b'#' | b'?' | b'-' | b'$' | b'!' => special(self, c as char),
            c if c.is_ascii_alphabetic() || c == b'_' => {
                let mut j = i + 1;
                let mut name = String::new();
                loop {
                    match self.byte(j) {
                        Some(b) if b.is_ascii_alphanumeric() || b == b'_' => {
                            name.push(b as char);
                            j += 1;
                        }
                        // `$ab\<newline>c` is `$abc`.
                        Some(b'\\')
                            if self.byte(j + 1) == Some(b'\n')
                                && self
                                    .byte(j + 2)
                                    .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_') =>
                        {
                            j += 2;
                        }
                        _ => break,
                    }
                }
                self.st.pos = j;
                if name == "_" {
                    return Ok(Some(param_part(Param::Special('_'), ParamOp::None)));
                }
                Ok(Some(param_part(Param::Name(name), ParamOp::None)))
            }
            _ => Ok(None),
        }
    }

    /// After `$(` or `<(`: a nested program up to the matching `)`.
    pub fn sub_list(&mut self, open: usize) -> Result<List, ParseError> {
        let saved = self.peeked.take();
        let r = (|| {
            let list = self.compound_list(true)?;
            match self.peek(0)? {
                Tok::Op(Op::RParen) => {
                    self.next(0)?;
                    Ok(list)
                }
                Tok::Eof => Err(self.err_matching_at_eof(')', open)),
                _ => Err(self.unexpected()),
            }
        })();
        self.peeked = saved;
        r
    }

    /// After `((` / `$((` or inside `for ((`: arithmetic text up to `))` (or `;` when `semi`).
    /// `None` (position unspecified) when there is no matching `))`.
    pub fn arith_section(&mut self, semi: bool) -> Result<Option<(Word, u8)>, ParseError> {
        let start = self.st.pos;
        let parts = self.parse_parts(Kind::Arith(semi))?;
        let end = self.st.pos;
        let w = Word {
            parts,
            span: Span::new(start, end),
        };
        match (self.cur(), self.byte(end + 1)) {
            (Some(b')'), Some(b')')) => {
                self.st.pos += 2;
                Ok(Some((w, b')')))
            }
            (Some(b';'), _) if semi => {
                self.st.pos += 1;
                Ok(Some((w, b';')))
            }
            _ => Ok(None),
        }
    }

    /// After the opening backquote: the command up to the closing one.
    fn backquote(&mut self, in_dq: bool) -> Result<WordPart, ParseError> {
        let open = self.st.pos;
        let mut j = open + 1;
        let mut text = Vec::new();
        loop {
            match self.byte(j) {
                None => {
                    self.st.pos = j;
                    return Err(self.err_matching('`', open));
                }
                Some(b'`') => break,
                Some(b'\\') => {
                    let n = self.byte(j + 1);
                    match n {
                        Some(b'\\' | b'`' | b'$') => {
                            text.push(n.unwrap_or(b'\\'));
                            j += 2;
                        }
                        Some(b'"') if in_dq => {
                            text.push(b'"');
                            j += 2;
                        }
                        Some(b) => {
                            text.push(b'\\');
                            text.push(b);
                            j += 2;
                        }
                        None => {
                            text.push(b'\\');
                            j += 1;
                        }
                    }
                }
                Some(b) => {
                    text.push(b);
                    j += 1;
                }
            }
        }
        self.st.pos = j + 1;
        let src = String::from_utf8_lossy(&text).into_owned();
        let mut sub = self.sub(text, open);
        match sub.program() {
            Ok(list) => Ok(WordPart::CommandSubst(Box::new(list))),
            Err(e) if e.message == super::parser::STACK_EXHAUSTED => Err(e),
            // bash reports it when the substitution runs (see [`WordPart::BadBackquote`]).
            Err(e) => Ok(WordPart::BadBackquote {
                source: (!e.incomplete).then(|| {
                    let first = sub.line_at(0);
                    let k = e.line.saturating_sub(first) as usize;
                    src.lines().nth(k).unwrap_or("").trim().to_string()
                }),
                message: e.message,
                line: e.line,
                text: src,
            }),
        }
    }

    /// After `$'`: the decoded bytes up to the closing quote.
    fn ansi_c(&mut self, open: usize) -> Result<Vec<u8>, ParseError> {
        let mut out = Vec::new();
        let mut nul = false;
        let mut j = self.st.pos;
        let hex = |b: u8| (b as char).to_digit(16);
        loop {
            let Some(c) = self.byte(j) else {
                self.st.pos = j;
                return Err(self.err_matching('\'', open));
            };
            j += 1;
            if c == b'\'' {
                break;
            }
            let mut bytes: [u8; 4] = [0; 4];
            let piece: &[u8] = if c != b'\\' {
                bytes[0] = c;
                &bytes[..1]
            } else {
                let Some(e) = self.byte(j) else {
                    continue;
                };
                j += 1;
                let v: Option<u8> = match e {
                    b'a' => Some(7),
                    b'b' => Some(8),
                    b'e' | b'E' => Some(27),
                    b'f' => Some(12),
                    b'n' => Some(b'\n'),
                    b'r' => Some(b'\r'),
                    b't' => Some(b'\t'),
                    b'v' => Some(11),
                    b'\\' | b'\'' | b'"' | b'?' => Some(e),
                    b'0'..=b'7' => {
                        let mut v = (e - b'0') as u32;
                        for _ in 0..2 {
                            match self.byte(j) {
                                Some(d @ b'0'..=b'7') => {
                                    v = v * 8 + (d - b'0') as u32;
                                    j += 1;
                                }
                                _ => break,
                            }
                        }
                        Some(v as u8)
                    }
                    b'x' => {
                        let mut v = 0u32;
                        let mut n = 0;
                        while n < 2
                            && let Some(d) = self.byte(j).and_then(hex)
                        {
                            v = v * 16 + d;
                            j += 1;
                            n += 1;
                        }
                        if n == 0 {
                            out.extend_from_slice(b"\\x");
                            continue;
                        }
                        Some(v as u8)
                    }
                    b'u' | b'U' => {
                        let max = if e == b'u' { 4 } else { 8 };
                        let mut v = 0u32;
                        let mut n = 0;
                        while n < max
                            && let Some(d) = self.byte(j).and_then(hex)
                        {
                            v = v.wrapping_mul(16).wrapping_add(d);
                            j += 1;
                            n += 1;
                        }
                        if n == 0 {
                            out.push(b'\\');
                            out.push(e);
                            continue;
                        }
                        let ch = char::from_u32(v).unwrap_or('\u{FFFD}');
                        if !nul {
                            let mut b = [0u8; 4];
                            out.extend_from_slice(ch.encode_utf8(&mut b).as_bytes());
                        }
                        continue;
                    }
                    // `\c'`: the quote still ends the string (bash finds the end first).
                    b'c' => match self.byte(j).filter(|&x| x != b'\'') {
                        // `\c\'`: the `\'` pair is read first, so its quote is literal.
                        Some(b'\\') if self.byte(j + 1) == Some(b'\'') => {
                            j += 2;
                            bytes[0] = 0x1c;
                            bytes[1] = b'\'';
                            if !nul {
                                out.extend_from_slice(&bytes[..2]);
                            }
                            continue;
                        }
                        Some(x) => {
                            j += 1;
                            Some(if x == b'?' {
                                127
                            } else {
                                x.to_ascii_uppercase() & 0x1f
                            })
                        }
                        None => {
                            out.extend_from_slice(b"\\c");
                            continue;
                        }
                    },
                    _ => {
                        bytes[0] = b'\\';
                        bytes[1] = e;
                        None
                    }
                };
                match v {
                    Some(v) => {
                        bytes[0] = v;
                        &bytes[..1]
                    }
                    None => &bytes[..2],
                }
            };
            if piece == [0] {
                nul = true;
            }
            if !nul {
                out.extend_from_slice(piece);
            }
        }
        self.st.pos = j;
        Ok(out)
    }

    // ----- ${…} ---------------------------------------------------------------------------

    /// A parameter name with optional subscript at the current position.
    fn param_name(&mut self) -> Result<Option<Param>, ParseError> {
        let i = self.st.pos;
        let Some(c) = self.cur() else {
            return Ok(None);
        };
        if c.is_ascii_digit() {
            let mut j = i;
            while self.byte(j).is_some_and(|b| b.is_ascii_digit()) {
                j += 1;
            }
            self.st.pos = j;
            let t = self.text(i, j);
            if t == "0" {
                return Ok(Some(Param::Special('0')));
            }
            return Ok(Some(Param::Positional(t.parse().unwrap_or(u32::MAX))));
        }
        if matches!(c, b'@' | b'*' | b'#' | b'?' | b'-' | b'$' | b'!') {
            self.st.pos += 1;
            return Ok(Some(Param::Special(c as char)));
        }
        if !(c.is_ascii_alphabetic() || c == b'_') {
            return Ok(None);
        }
        let mut j = i;
        while self
            .byte(j)
            .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
        {
            j += 1;
        }
        let name = self.text(i, j);
        self.st.pos = j;
        if self.cur() == Some(b'[') {
            let open = j;
            let sub = match (self.byte(j + 1), self.byte(j + 2)) {
                (Some(b'@'), Some(b']')) => {
                    self.st.pos = j + 3;
                    Subscript::At
                }
                (Some(b'*'), Some(b']')) => {
                    self.st.pos = j + 3;
                    Subscript::Star
                }
                _ => {
                    self.st.pos = j + 1;
                    let w = self.word_of(Kind::Subscript)?;
                    if self.cur() != Some(b']') {
                        return Err(self.err_matching(']', open));
                    }
                    if w.parts.is_empty() {
                        // `${a[]}`: bash's run-time `bad substitution`.
                        return Err(self.bad_subst(open));
                    }
                    self.st.pos += 1;
                    Subscript::Expr(w)
                }
            };
            return Ok(Some(Param::Index(name, sub)));
        }
        if name == "_" {
            return Ok(Some(Param::Special('_')));
        }
        Ok(Some(Param::Name(name)))
    }

    /// Flags a bad substitution; `dollar` turns it into [`WordPart::BadSubst`].
    fn bad_subst(&mut self, open: usize) -> ParseError {
        self.bad_subst = true;
        self.err_at("bad substitution", open)
    }

    /// The end (exclusive) of the `${…}` starting at `open`, matching nested braces and
    /// skipping quotes, as bash does when it cannot parse the expansion.
    fn skip_braced(&mut self, open: usize) -> Result<usize, ParseError> {
        let mut depth = 0u32;
        let mut j = open;
        loop {
            let Some(c) = self.byte(j) else {
                self.st.pos = j;
                return Err(self.err_matching('}', open));
            };
            match c {
                b'\\' => j += 1,
                b'$' if self.byte(j + 1) == Some(b'{') => {
                    depth += 1;
                    j += 1;
                }
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        self.st.pos = j + 1;
                        return Ok(j + 1);
                    }
                }
                b'\'' | b'"' => {
                    j += 1;
                    while self.byte(j).is_some_and(|b| b != c) {
                        if c == b'"' && self.byte(j) == Some(b'\\') {
                            j += 1;
                        }
                        j += 1;
                    }
                }
                _ => {}
            }
            j += 1;
        }
    }

    /// After `${`: the expansion up to and including the closing `}`.
    fn braced_param(&mut self, open: usize) -> Result<ParamExp, ParseError> {
        let i = self.st.pos;
        if self.cur().is_none() {
            return Err(self.err_matching('}', open));
        }
        // ${#…}
        if self.cur() == Some(b'#') {
            if self.byte(i + 1) == Some(b'}') {
                self.st.pos = i + 2;
                return Ok(pexp(Param::Special('#'), false, ParamOp::None));
            }
            self.st.pos = i + 1;
            if let Some(p) = self.param_name()?
                && self.cur() == Some(b'}')
            {
                self.st.pos += 1;
                return Ok(pexp(p, false, ParamOp::Length));
            }
            self.st.pos = i;
        }
        let mut indirect = false;
        // `${!-word}`, `${!:-word}`…: `$!` with an operator, not an indirection.
        let bang_op = matches!(self.byte(i + 1), Some(b'-' | b'=' | b'?' | b'+' | b':'))
            && self.byte(i + 2) != Some(b'}');
        if self.cur() == Some(b'!') && self.byte(i + 1) != Some(b'}') && !bang_op {
            self.st.pos = i + 1;
            match self.param_name()? {
                Some(Param::Name(n))
                    if matches!(self.cur(), Some(b'*' | b'@'))
                        && self.byte(self.st.pos + 1) == Some(b'}') =>
                {
                    let star = self.cur() == Some(b'*');
                    self.st.pos += 2;
                    return Ok(pexp(Param::Name(n), false, ParamOp::PrefixNames { star }));
                }
                Some(p @ Param::Index(_, Subscript::At | Subscript::Star))
                    if self.cur() == Some(b'}') =>
                {
                    self.st.pos += 1;
                    return Ok(pexp(p, false, ParamOp::Keys));
                }
                Some(p) => {
                    indirect = true;
                    return self.param_op(open, p, indirect);
                }
                None => self.st.pos = i,
            }
        }
        let Some(p) = self.param_name()? else {
            if self.cur().is_none() {
                return Err(self.err_matching('}', open));
            }
            return Err(self.bad_subst(open));
        };
        self.param_op(open, p, indirect)
    }

    /// The word of `${x-…}`, `${x=…}`, `${x+…}`: inside double quotes it follows double-quote
    /// rules, as bash's does. `${x?…}`'s message is read as if unquoted.
    fn default_operand(&mut self, op: u8, open: usize) -> Result<Word, ParseError> {
        if !self.dq_param || op == b'?' {
            let mut w = self.operand(b'}', b'}', open)?;
            if !self.dq_param && op != b'?' {
                super::brace::operand_tilde(&mut w.parts);
            }
            return Ok(w);
        }
        let w = self.word_of(Kind::DqOperand)?;
        if self.cur().is_none() {
            return Err(self.err_matching('}', open));
        }
        Ok(w)
    }

    fn operand(&mut self, a: u8, b: u8, open: usize) -> Result<Word, ParseError> {
        let w = self.word_of(Kind::Operand(a, b))?;
        if self.cur().is_none() {
            return Err(self.err_matching('}', open));
        }
        Ok(w)
    }

    fn param_op(&mut self, open: usize, p: Param, indirect: bool) -> Result<ParamExp, ParseError> {
        let Some(c) = self.cur() else {
            return Err(self.err_matching('}', open));
        };
        let i = self.st.pos;
        let n = self.byte(i + 1);
        let default = |kind| ParamOp::Default {
            colon: false,
            kind,
            word: Word::default(),
        };
        let op = match c {
            b'}' => ParamOp::None,
            b':' => match n {
                Some(k @ (b'-' | b'=' | b'?' | b'+')) => {
                    self.st.pos = i + 2;
                    ParamOp::Default {
                        colon: true,
                        kind: dkind(k),
                        word: self.default_operand(k, open)?,
                    }
                }
                _ => {
                    self.st.pos = i + 1;
                    let offset = self.operand(b':', b'}', open)?;
                    let length = if self.cur() == Some(b':') {
                        self.st.pos += 1;
                        Some(self.operand(b'}', b'}', open)?)
                    } else {
                        None
                    };
                    ParamOp::Substring { offset, length }
                }
            },
            b'-' | b'=' | b'?' | b'+' => {
                self.st.pos = i + 1;
                let word = self.default_operand(c, open)?;
                match default(dkind(c)) {
                    ParamOp::Default { colon, kind, .. } => ParamOp::Default { colon, kind, word },
                    o => o,
                }
            }
            b'#' | b'%' => {
                let longest = n == Some(c);
                self.st.pos = i + if longest { 2 } else { 1 };
                let mut pattern = self.operand(b'}', b'}', open)?;
                // bash expands a leading `~` in the pattern, quoted or not (`${p#~}`).
                super::brace::tilde_prefix(&mut pattern.parts);
                if c == b'#' {
                    ParamOp::RemovePrefix { longest, pattern }
                } else {
                    ParamOp::RemoveSuffix { longest, pattern }
                }
            }
            b'/' => {
                let (mode, len) = match n {
                    Some(b'/') => (ReplaceMode::All, 2),
                    Some(b'#') => (ReplaceMode::Prefix, 2),
                    Some(b'%') => (ReplaceMode::Suffix, 2),
                    _ => (ReplaceMode::First, 1),
                };
                self.st.pos = i + len;
                // `${x////c}`: a slash right after `//` is the pattern's first character
                // (bash); after `/#` and `/%` it ends an empty pattern.
                let lead_slash = mode == ReplaceMode::All && self.cur() == Some(b'/');
                if lead_slash {
                    self.st.pos += 1;
                }
                let mut pattern = self.operand(b'/', b'}', open)?;
                if lead_slash {
                    pattern.parts.insert(0, WordPart::Literal("/".to_string()));
                } else {
                    super::brace::tilde_prefix(&mut pattern.parts);
                }
                let replacement = if self.cur() == Some(b'/') {
                    self.st.pos += 1;
                    let mut r = self.operand(b'}', b'}', open)?;
                    if !self.dq_param {
                        super::brace::operand_tilde(&mut r.parts);
                    }
                    Some(r)
                } else {
                    None
                };
                ParamOp::Replace {
                    mode,
                    pattern,
                    replacement,
                }
            }
            b'^' | b',' | b'~' => {
                let all = n == Some(c);
                self.st.pos = i + if all { 2 } else { 1 };
                let w = self.operand(b'}', b'}', open)?;
                let mode = match c {
                    b'^' => CaseMode::Upper,
                    b',' => CaseMode::Lower,
                    _ => CaseMode::Toggle,
                };
                ParamOp::Case {
                    mode,
                    all,
                    pattern: if w.parts.is_empty() { None } else { Some(w) },
                }
            }
            b'@' if n.is_some_and(|b| b.is_ascii_alphabetic())
                && self.byte(i + 2) == Some(b'}') =>
            {
                self.st.pos = i + 2;
                ParamOp::Transform(n.unwrap_or(b'Q') as char)
            }
            _ => return Err(self.bad_subst(open)),
        };
        if self.cur() != Some(b'}') {
            if self.cur().is_none() {
                return Err(self.err_matching('}', open));
            }
            return Err(self.bad_subst(open));
        }
        self.st.pos += 1;
        Ok(pexp(p, indirect, op))
    }

    // ----- assignments --------------------------------------------------------------------

    /// `name=…`, `name+=…`, `name[sub]=…` at the current position, if the text has that shape.
    pub fn try_assign(&mut self) -> Result<Option<Assign>, ParseError> {
        let s = self.st.pos;
        let mut j = s;
        while self
            .byte(j)
            .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
        {
            j += 1;
        }
        if j == s || self.st.src[s].is_ascii_digit() {
            return Ok(None);
        }
        let name_end = j;
        let mut has_index = false;
        if self.byte(j) == Some(b'[') {
            let Some(k) = self.match_bracket(j) else {
                return Ok(None);
            };
            has_index = true;
            j = k + 1;
        }
        let append = match (self.byte(j), self.byte(j + 1)) {
            (Some(b'+'), Some(b'=')) => {
                j += 2;
                true
            }
            (Some(b'='), _) => {
                j += 1;
                false
            }
            _ => return Ok(None),
        };
        let name = self.text(s, name_end);
        let index = if has_index {
            self.st.pos = name_end + 1;
            let w = self.word_of(Kind::Subscript)?;
            Some(w)
        } else {
            None
        };
        self.st.pos = j;
        let value = if self.cur() == Some(b'(') {
            self.st.pos += 1;
            AssignValue::Array(self.array_elems(j)?)
        } else {
            let mut w = self.word_of(Kind::Normal)?;
            super::brace::assign_tilde(&mut w.parts);
            AssignValue::Scalar(w)
        };
        Ok(Some(Assign {
            name,
            index,
            append,
            value,
            span: Span::new(s, self.st.pos),
        }))
    }

    /// Index of the `]` matching the `[` at `open`, skipping quoted text.
    fn match_bracket(&self, open: usize) -> Option<usize> {
        let mut depth = 0u32;
        let mut j = open;
        loop {
            let c = self.byte(j)?;
            match c {
                b'[' => depth += 1,
                b']' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(j);
                    }
                }
                b'\\' => j += 1,
                b'\'' => {
                    j += 1;
                    while self.byte(j)? != b'\'' {
                        j += 1;
                    }
                }
                b'"' => {
                    j += 1;
                    while self.byte(j)? != b'"' {
                        if self.byte(j)? == b'\\' {
                            j += 1;
                        }
                        j += 1;
                    }
                }
                b'\n' => return None,
                _ => {}
            }
            j += 1;
        }
    }

    fn array_elems(&mut self, open: usize) -> Result<Vec<ArrayElem>, ParseError> {
        let mut elems = Vec::new();
        loop {
            loop {
                self.skip_blanks();
                if self.cur() == Some(b'\n') {
                    self.st.pos += 1;
                } else {
                    break;
                }
            }
            match self.cur() {
                None => return Err(self.err_matching(')', open)),
                Some(b')') => {
                    self.st.pos += 1;
                    return Ok(elems);
                }
                Some(c) if is_meta(c) => {
                    let at = self.st.pos;
                    let (t, _) = self.lex(0)?;
                    let text = match t {
                        Tok::Newline => "newline".to_string(),
                        _ => self.text(at, self.st.pos),
                    };
                    return Err(ParseError::unexpected(
                        &text,
                        Span::new(at, self.st.pos),
                        self.line_at(at),
                    ));
                }
                _ => {}
            }
            let mut key = None;
            let mut append = false;
            if self.cur() == Some(b'[')
                && let Some(k) = self.match_bracket(self.st.pos)
            {
                let after = match (self.byte(k + 1), self.byte(k + 2)) {
                    (Some(b'='), _) => Some((k + 2, false)),
                    (Some(b'+'), Some(b'=')) => Some((k + 3, true)),
                    _ => None,
                };
                if let Some((after, app)) = after {
                    self.st.pos += 1;
                    key = Some(self.word_of(Kind::Subscript)?);
                    self.st.pos = after;
                    append = app;
                }
            }
            let mut value = self.word_of(Kind::Normal)?;
            if key.is_none() {
                super::brace::tilde_prefix(&mut value.parts);
                value = super::brace::brace_word(value);
            } else {
                super::brace::assign_tilde(&mut value.parts);
            }
            elems.push(ArrayElem { key, append, value });
        }
    }

    // ----- here-documents -----------------------------------------------------------------

    /// Reads the bodies of pending here-documents, starting at the current position (just
    /// after a newline).
    pub fn read_heredocs(&mut self) -> Result<(), ParseError> {
        let pending = std::mem::take(&mut self.pending);
        for h in pending {
            let body_start = self.st.pos;
            let mut body = Vec::new();
            loop {
                let ls = self.st.pos;
                if ls >= self.st.src.len() {
                    self.st.heredoc_at_eof = true;
                    break;
                }
                let mut le = ls;
                while self.byte(le).is_some_and(|b| b != b'\n') {
                    le += 1;
                }
                let mut cs = ls;
                if h.strip_tabs {
                    while self.byte(cs) == Some(b'\t') {
                        cs += 1;
                    }
                }
                self.st.pos = (le + 1).min(self.st.src.len());
                if self.st.src[cs..le] == *h.delim.as_bytes() {
                    break;
                }
                body.extend_from_slice(&self.st.src[cs..le]);
                if le < self.st.src.len() {
                    body.push(b'\n');
                }
            }
            let span = Span::new(body_start, self.st.pos);
            let parts = if h.quoted {
                if body.is_empty() {
                    Vec::new()
                } else {
                    vec![WordPart::SingleQuoted(
                        String::from_utf8_lossy(&body).into_owned(),
                    )]
                }
            } else {
                let mut sub = self.sub(body.clone(), body_start);
                match sub.parse_parts(Kind::Heredoc) {
                    Ok(mut parts) => {
                        // Here-documents inside command substitutions of the body.
                        sub.finish_heredocs_parts(&mut parts);
                        parts
                    }
                    // Bash parses the body only when it expands it, so a broken `$(` there is
                    // not a syntax error of the script; keep the text as it is.
                    Err(_) => vec![WordPart::Literal(
                        String::from_utf8_lossy(&body).into_owned(),
                    )],
                }
            };
            if let Some(slot) = self.bodies.get_mut(h.id) {
                *slot = Some(Word { parts, span });
            }
        }
        Ok(())
    }
}

fn push_sq(parts: &mut Vec<WordPart>, s: String) {
    if let Some(WordPart::SingleQuoted(prev)) = parts.last_mut() {
        prev.push_str(&s);
    } else {
        parts.push(WordPart::SingleQuoted(s));
    }
}

fn dkind(b: u8) -> DefaultKind {
    match b {
        b'-' => DefaultKind::Use,
        b'=' => DefaultKind::Assign,
        b'?' => DefaultKind::Error,
        _ => DefaultKind::Alternative,
    }
}

fn pexp(param: Param, indirect: bool, op: ParamOp) -> ParamExp {
    ParamExp {
        param,
        indirect,
        op,
        bare: false,
    }
}

/// An unbraced `$x`, `$1`, `$?`.
fn param_part(param: Param, op: ParamOp) -> WordPart {
    let mut pe = pexp(param, false, op);
    pe.bare = true;
    WordPart::Param(Box::new(pe))
}
