//! Tokens: operators, redirection operators, newlines, and the dispatch to word lexing.
//!
//! The lexer works on bytes with an index and allocates only for the words it returns. Which
//! tokens exist depends on the mode the parser asks for (command position, `[[ ]]`, …); alias
//! expansion happens here by splicing the alias text into the buffer and lexing it again.

use std::borrow::Cow;

use super::ParseError;
use super::ast::{RedirFd, Word, WordPart};
use super::parser::{ALIAS, ASSIGN, COND, KW, P};
use super::word::Kind;
use crate::is_name;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Op {
    Semi,
    DSemi,
    SemiAnd,
    DSemiAnd,
    Amp,
    AndAnd,
    Pipe,
    PipeAmp,
    OrOr,
    LParen,
    RParen,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ROp {
    Less,
    Great,
    DGreat,
    Clobber,
    LessGreat,
    AndGreat,
    AndDGreat,
    LessAnd,
    GreatAnd,
    DLess,
    DLessDash,
    TLess,
}

#[derive(Debug, Clone, PartialEq)]
pub(super) enum Tok {
    Word(Word),
    Assign(Box<super::ast::Assign>),
    Op(Op),
    Redir(RedirFd, ROp),
    /// `(( … ))` in command position.
    ArithCmd(Word),
    Newline,
    Eof,
}

pub(super) fn is_meta(b: u8) -> bool {
    matches!(
        b,
        b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'<' | b'>' | b'(' | b')'
    )
}

impl P<'_, '_> {
    #[inline]
    pub fn byte(&self, i: usize) -> Option<u8> {
        self.st.src.get(i).copied()
    }

    #[inline]
    pub fn cur(&self) -> Option<u8> {
        self.byte(self.st.pos)
    }

    /// Skips blanks, line continuations and comments (not newlines).
    pub fn skip_blanks(&mut self) {
        loop {
            match self.cur() {
                Some(b' ' | b'\t') => self.st.pos += 1,
                Some(b'\\') if self.byte(self.st.pos + 1) == Some(b'\n') => self.st.pos += 2,
                Some(b'#') => {
                    while let Some(c) = self.cur() {
                        if c == b'\n' {
                            break;
                        }
                        self.st.pos += 1;
                    }
                }
                _ => return,
            }
        }
    }

    /// Lexes one token; returns it with its start position.
    pub fn lex(&mut self, mode: u8) -> Result<(Tok, usize), ParseError> {
        self.skip_blanks();
        let start = self.st.pos;
        let Some(c) = self.cur() else {
            return self.end_of_input(start);
        };
        if let Some(tok) = self.operator(c, start, mode)? {
            return Ok(tok);
        }
        self.word(start, mode)
    }

    /// The token at the end of the input.
    fn end_of_input(&mut self, start: usize) -> Result<(Tok, usize), ParseError> {
        // Like bash, input that does not end in a newline gets one at end of file, so
        // `echo >` reports `newline' while `echo &&` reports end of file.
        if !self.st.eof_newline && self.st.src.last().is_some_and(|&b| b != b'\n') {
            self.st.eof_newline = true;
            if !self.pending.is_empty() {
                self.read_heredocs()?;
            }
            return Ok((Tok::Newline, start));
        }
        Ok((Tok::Eof, start))
    }

    /// A newline, an operator or a redirection starting with `c` at `start`; `None` when a
    /// word starts there.
    fn operator(
        &mut self,
        c: u8,
        start: usize,
        mode: u8,
    ) -> Result<Option<(Tok, usize)>, ParseError> {
        let n1 = self.byte(start + 1);
        let n2 = self.byte(start + 2);
        let op = |p: &mut Self, len: usize, o: Op| {
            p.st.pos += len;
            Ok(Some((Tok::Op(o), start)))
        };
        let redir = |p: &mut Self, len: usize, o: ROp| {
            p.st.pos += len;
            Ok(Some((Tok::Redir(RedirFd::Default, o), start)))
        };
        match c {
            b'\n' => {
                self.st.pos += 1;
                if !self.pending.is_empty() {
                    self.read_heredocs()?;
                }
                Ok(Some((Tok::Newline, start)))
            }
            b';' => match (n1, n2) {
                (Some(b';'), Some(b'&')) => op(self, 3, Op::DSemiAnd),
                (Some(b';'), _) => op(self, 2, Op::DSemi),
                (Some(b'&'), _) => op(self, 2, Op::SemiAnd),
                _ => op(self, 1, Op::Semi),
            },
            b'&' => match (n1, n2) {
                (Some(b'&'), _) => op(self, 2, Op::AndAnd),
                (Some(b'>'), Some(b'>')) if mode & COND == 0 => redir(self, 3, ROp::AndDGreat),
                (Some(b'>'), _) if mode & COND == 0 => redir(self, 2, ROp::AndGreat),
                _ => op(self, 1, Op::Amp),
            },
            b'|' => match n1 {
                Some(b'|') => op(self, 2, Op::OrOr),
                Some(b'&') => op(self, 2, Op::PipeAmp),
                _ => op(self, 1, Op::Pipe),
            },
            b'(' => {
                if mode & KW != 0 && n1 == Some(b'(') {
                    self.st.pos += 2;
                    if let Some((w, _)) = self.arith_section(false)? {
                        return Ok(Some((Tok::ArithCmd(w), start)));
                    }
                    self.st.pos = start;
                }
                op(self, 1, Op::LParen)
            }
            b')' => op(self, 1, Op::RParen),
            b'<' | b'>' if n1 == Some(b'(') => Ok(None),
            b'<' | b'>' if mode & COND != 0 => {
                self.st.pos += 1;
                let s = if c == b'<' { "<" } else { ">" };
                Ok(Some((Tok::Word(word_lit(s, start, start + 1)), start)))
            }
            b'<' => match (n1, n2) {
                (Some(b'<'), Some(b'<')) => redir(self, 3, ROp::TLess),
                (Some(b'<'), Some(b'-')) => redir(self, 3, ROp::DLessDash),
                (Some(b'<'), _) => redir(self, 2, ROp::DLess),
                (Some(b'&'), _) => redir(self, 2, ROp::LessAnd),
                (Some(b'>'), _) => redir(self, 2, ROp::LessGreat),
                _ => redir(self, 1, ROp::Less),
            },
            b'>' => match n1 {
                Some(b'>') => redir(self, 2, ROp::DGreat),
                Some(b'&') => redir(self, 2, ROp::GreatAnd),
                Some(b'|') => redir(self, 2, ROp::Clobber),
                _ => redir(self, 1, ROp::Great),
            },
            b'0'..=b'9' if mode & COND == 0 => self.number_fd_redirect(start),
            b'{' if mode & COND == 0 => self.var_fd_redirect(start),
            _ => Ok(None),
        }
    }

    /// `N>`, `N<…`: a redirection of file descriptor N; `None` when the digits are a word.
    fn number_fd_redirect(&mut self, start: usize) -> Result<Option<(Tok, usize)>, ParseError> {
        let mut i = start;
        while self.byte(i).is_some_and(|b| b.is_ascii_digit()) {
            i += 1;
        }
        if matches!(self.byte(i), Some(b'<' | b'>')) && self.byte(i + 1) != Some(b'(') {
            if let Ok(n) = std::str::from_utf8(&self.st.src[start..i])
                .unwrap_or("")
                .parse::<u32>()
            {
                self.st.pos = i;
                if let (Tok::Redir(_, o), _) = self.lex(0)? {
                    return Ok(Some((Tok::Redir(RedirFd::Number(n), o), start)));
                }
            }
            self.st.pos = start;
        }
        Ok(None)
    }

    /// `{name}>…`: a redirection that allocates a descriptor into `$name`; `None` when the
    /// brace starts a word.
    fn var_fd_redirect(&mut self, start: usize) -> Result<Option<(Tok, usize)>, ParseError> {
        let mut i = start + 1;
        while self
            .byte(i)
            .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
        {
            i += 1;
        }
        if i > start + 1
            && self.byte(i) == Some(b'}')
            && matches!(self.byte(i + 1), Some(b'<' | b'>'))
            && self.byte(i + 2) != Some(b'(')
        {
            let name = self.text(start + 1, i);
            if is_name(&name) {
                self.st.pos = i + 1;
                if let (Tok::Redir(_, o), _) = self.lex(0)? {
                    return Ok(Some((Tok::Redir(RedirFd::Var(name), o), start)));
                }
                self.st.pos = start;
            }
        }
        Ok(None)
    }

    /// A word (or an assignment) at `start`, alias-expanded where the mode or a previous
    /// alias ending in a blank asks for it.
    fn word(&mut self, start: usize, mode: u8) -> Result<(Tok, usize), ParseError> {
        if mode & ASSIGN != 0
            && let Some(a) = self.try_assign()?
        {
            self.alias_next_at = None;
            return Ok((Tok::Assign(Box::new(a)), start));
        }
        let mut parts = self.parse_parts(Kind::Normal)?;
        if self.st.pos == start {
            // Cannot happen for a non-meta byte, but never loop forever.
            self.st.pos += 1;
            parts.push(WordPart::Literal(self.text(start, start + 1)));
        }
        super::brace::tilde_prefix(&mut parts);
        super::brace::assign_word_tilde(&mut parts);
        let end = self.st.pos;
        let word = Word {
            parts,
            span: super::ast::Span::new(start, end),
        };
        // Alias expansion.
        let check_alias = mode & ALIAS != 0 || self.alias_next_at.is_some_and(|p| start >= p);
        if self.alias_next_at.is_some_and(|p| start >= p) {
            self.alias_next_at = None;
        }
        if check_alias
            && mode & COND == 0
            && let Some(al) = self.aliases
            && let Some(name) = word.as_plain_literal()
            && self.st.src[start..end] == *name.as_bytes()
            && !self
                .st
                .alias_regions
                .iter()
                .any(|(s, e, n)| n == name && start >= *s && start < *e)
            && let Some(text) = al.alias(name)
        {
            let name = name.to_string();
            self.splice(start, end, text.as_bytes(), name);
            if text.ends_with([' ', '\t']) {
                self.alias_next_at = Some(start + text.len());
            }
            self.st.pos = start;
            // The first word of the replacement is checked for aliases too (`alias FOR1='for '
            // eye2='eye1 ' eye1='i '`: `FOR1 eye2 in …` reads `for i in …`).
            return self.lex(mode | ALIAS);
        }
        Ok((Tok::Word(word), start))
    }

    fn splice(&mut self, start: usize, end: usize, text: &[u8], name: String) {
        let src = std::mem::take(&mut self.st.src);
        let mut v = match src {
            Cow::Borrowed(b) => b.to_vec(),
            Cow::Owned(v) => v,
        };
        v.splice(start..end, text.iter().copied());
        self.st.src = Cow::Owned(v);
        let delta = text.len() as isize - (end - start) as isize;
        for r in &mut self.st.alias_regions {
            if r.1 >= end {
                r.1 = (r.1 as isize + delta).max(start as isize) as usize;
            }
            if r.0 >= end {
                r.0 = (r.0 as isize + delta).max(start as isize) as usize;
            }
        }
        self.st
            .alias_regions
            .push((start, start + text.len(), name));
        if let Some(p) = self.alias_next_at
            && p >= end
        {
            self.alias_next_at = Some((p as isize + delta) as usize);
        }
        let (cpos, _) = self.st.line_cache.get();
        if cpos > start {
            self.st.line_cache.set((0, 0));
        }
    }
}

pub(super) fn word_lit(s: &str, start: usize, end: usize) -> Word {
    Word {
        parts: vec![WordPart::Literal(s.to_string())],
        span: super::ast::Span::new(start, end),
    }
}
