//! `[[ … ]]` conditional expressions.
//!
//! Inside `[[ ]]` the lexer runs in `COND` mode: `<` and `>` are comparison words rather than
//! redirections, and the right side of `=~` is read with its own rules (unquoted `( ) |` and
//! blanks inside parentheses belong to the regex).

use super::ParseError;
use super::ast::*;
use super::lexer::{Op, Tok};
use super::parser::{COND, P};
use super::word::Kind;

const UNARY: &[&str] = &[
    "-a", "-b", "-c", "-d", "-e", "-f", "-g", "-h", "-k", "-p", "-r", "-s", "-t", "-u", "-w", "-x",
    "-G", "-L", "-N", "-O", "-S", "-z", "-n", "-o", "-v", "-R",
];

const BINARY: &[&str] = &[
    "==", "=", "!=", "=~", "<", ">", "-eq", "-ne", "-lt", "-le", "-gt", "-ge", "-nt", "-ot", "-ef",
];

impl P<'_, '_> {
    /// After `[[`: the expression and the closing `]]`. An error that is not the input
    /// ending is a conditional-expression error (see [`ParseError::in_conditional`]).
    pub fn cond_command(&mut self) -> Result<CondExpr, ParseError> {
        self.cond_body().map_err(|mut e| {
            if !e.incomplete {
                e.in_conditional = true;
                // bash says nothing of an expression missing altogether (`[[ ]]`, `[[ ! ]]`).
                if e.message == "syntax error near unexpected token `]]'" {
                    e.message.clear();
                }
            }
            e
        })
    }

    fn cond_body(&mut self) -> Result<CondExpr, ParseError> {
        let e = self.cond_or()?;
        match self.cpeek()? {
            Tok::Word(w) if w.as_plain_literal() == Some("]]") => {
                self.next(COND)?;
                Ok(e)
            }
            Tok::Word(_) => Err(self.cond_err("syntax error in conditional expression")),
            Tok::Eof => Err(self.unexpected()),
            _ => Err(self.cond_token_err()),
        }
    }

    /// `syntax error in conditional expression: unexpected token `T'` for the operator
    /// token ahead.
    fn cond_token_err(&mut self) -> ParseError {
        let t = match &self.peeked {
            Some(pk) => self.text(pk.start, pk.end),
            None => String::new(),
        };
        self.cond_err(&format!(
            "syntax error in conditional expression: unexpected token `{t}'"
        ))
    }

    fn cpeek(&mut self) -> Result<&Tok, ParseError> {
        self.peek(COND)
    }

    /// Newlines are allowed after `&&`, `||`, `(` and `!` inside `[[ ]]`, and after a term.
    fn cskip_newlines(&mut self) -> Result<(), ParseError> {
        while matches!(self.peek(COND)?, Tok::Newline) {
            self.next(COND)?;
        }
        Ok(())
    }

    fn cond_err(&mut self, msg: &str) -> ParseError {
        let at = self.peeked.as_ref().map_or(self.st.pos, |p| p.start);
        self.err_at(msg, at)
    }

    fn cond_or(&mut self) -> Result<CondExpr, ParseError> {
        let mut l = self.cond_and()?;
        while matches!(self.cpeek()?, Tok::Op(Op::OrOr)) {
            self.next(COND)?;
            self.cskip_newlines()?;
            let r = self.cond_and()?;
            l = CondExpr::Or(Box::new(l), Box::new(r));
        }
        Ok(l)
    }

    fn cond_and(&mut self) -> Result<CondExpr, ParseError> {
        let mut l = self.cond_not()?;
        // A complete term may be followed by newlines (before `&&`, `||`, `)` or `]]`).
        self.cskip_newlines()?;
        while matches!(self.cpeek()?, Tok::Op(Op::AndAnd)) {
            self.next(COND)?;
            self.cskip_newlines()?;
            let r = self.cond_not()?;
            self.cskip_newlines()?;
            l = CondExpr::And(Box::new(l), Box::new(r));
        }
        Ok(l)
    }

    fn cond_not(&mut self) -> Result<CondExpr, ParseError> {
        self.cskip_newlines()?;
        self.enter()?;
        let r = if matches!(self.cpeek()?, Tok::Word(w) if w.as_plain_literal() == Some("!")) {
            self.next(COND)?;
            self.cond_not().map(|e| CondExpr::Not(Box::new(e)))
        } else {
            self.cond_primary()
        };
        self.leave();
        r
    }

    fn cond_word(&mut self) -> Result<Option<Word>, ParseError> {
        match self.cpeek()? {
            Tok::Word(w) if w.as_plain_literal() != Some("]]") => match self.next(COND)? {
                Tok::Word(w) => Ok(Some(w)),
                _ => Ok(None),
            },
            _ => Ok(None),
        }
    }

    fn cond_primary(&mut self) -> Result<CondExpr, ParseError> {
        match self.cpeek()? {
            Tok::Op(Op::LParen) => {
                self.next(COND)?;
                let e = self.cond_or()?;
                if matches!(self.cpeek()?, Tok::Op(Op::RParen)) {
                    self.next(COND)?;
                    return Ok(e);
                }
                let t = match &self.peeked {
                    Some(pk) => self.text(pk.start, pk.end),
                    None => String::new(),
                };
                Err(self.cond_err(&format!("unexpected token `{t}', expected `)'")))
            }
            Tok::Word(w) if w.as_plain_literal() == Some("]]") => Err(self.unexpected()),
            Tok::Word(_) => {
                let Some(w) = self.cond_word()? else {
                    return Err(self.unexpected());
                };
                if let Some(op) = w.as_plain_literal().filter(|o| UNARY.contains(o)) {
                    let op = op.to_string();
                    // `-n == x`: the operator word is an operand of a binary test.
                    let next_is_binop = matches!(self.cpeek()?, Tok::Word(n)
                        if n.as_plain_literal().is_some_and(|s| BINARY.contains(&s)));
                    if !next_is_binop {
                        return match self.cond_word()? {
                            Some(arg) => Ok(CondExpr::Unary(op, arg)),
                            None => Err(self.cond_arg_err("unary")),
                        };
                    }
                }
                let binop = match self.cpeek()? {
                    Tok::Word(n) => n
                        .as_plain_literal()
                        .filter(|s| BINARY.contains(s))
                        .map(str::to_string),
                    _ => None,
                };
                let Some(op) = binop else {
                    return match self.cpeek()? {
                        Tok::Newline => Err(self.cond_err(
                            "unexpected token `newline', conditional binary operator expected",
                        )),
                        Tok::Op(Op::Semi | Op::Amp) => {
                            let t = match &self.peeked {
                                Some(pk) => self.text(pk.start, pk.end),
                                None => String::new(),
                            };
                            Err(self.cond_err(&format!(
                                "unexpected token `{t}', conditional binary operator expected"
                            )))
                        }
                        Tok::Word(n) if n.as_plain_literal() != Some("]]") => {
                            Err(self.cond_err("conditional binary operator expected"))
                        }
                        _ => Ok(CondExpr::Word(w)),
                    };
                };
                self.next(COND)?;
                if op == "=~" {
                    self.skip_blanks();
                    let start = self.st.pos;
                    let mut rhs = self.word_of(Kind::Regex)?;
                    // A leading `~` is expanded (and then matched literally, as quoted).
                    super::brace::tilde_prefix(&mut rhs.parts);
                    if rhs.parts.is_empty() || self.st.src[start..self.st.pos] == *b"]]" {
                        self.st.pos = start;
                        // A redirection operator there (`<`, `<>`, `>>` …) is a token of
                        // its own to bash.
                        let rest = &self.st.src[start..];
                        if matches!(rest.first(), Some(b'<' | b'>')) {
                            let n = if matches!(rest.get(1), Some(b'<' | b'>' | b'&' | b'|')) {
                                2
                            } else {
                                1
                            };
                            let t = String::from_utf8_lossy(&rest[..n]).into_owned();
                            return Err(self.err_at(
                                format!(
                                    "syntax error in conditional expression: unexpected token `{t}'"
                                ),
                                start,
                            ));
                        }
                        if !matches!(self.cpeek()?, Tok::Word(_) | Tok::Eof) {
                            return Err(self.cond_token_err());
                        }
                        return Err(self.cond_arg_err("binary"));
                    }
                    return Ok(CondExpr::Regex(w, rhs));
                }
                // bash reads the pattern of `==` / `!=` with extglob groups whatever the option.
                let pattern = matches!(op.as_str(), "==" | "=" | "!=");
                let saved = std::mem::replace(&mut self.st.cond_pattern, pattern);
                let rhs = self.cond_word();
                self.st.cond_pattern = saved;
                let Some(rhs) = rhs? else {
                    return Err(self.cond_arg_err("binary"));
                };
                Ok(match op.as_str() {
                    "==" | "=" => CondExpr::Pattern {
                        lhs: w,
                        rhs,
                        negated: false,
                    },
                    "!=" => CondExpr::Pattern {
                        lhs: w,
                        rhs,
                        negated: true,
                    },
                    _ => CondExpr::Binary(w, op, rhs),
                })
            }
            _ => Err(self.unexpected()),
        }
    }

    fn cond_arg_err(&mut self, which: &str) -> ParseError {
        let t = match &self.peeked {
            Some(pk) if matches!(pk.tok, Tok::Eof) => {
                return self.unexpected();
            }
            Some(pk) => self.text(pk.start, pk.end),
            None => String::new(),
        };
        self.cond_err(&format!(
            "unexpected argument `{t}' to conditional {which} operator"
        ))
    }
}
