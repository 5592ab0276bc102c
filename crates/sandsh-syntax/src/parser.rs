//! Recursive-descent parser for bash's grammar.
//!
//! Bash's lexing depends on the grammar (keywords only in command position, `[[ ]]` changes what
//! `<` means, `$( … )` contains a whole program), so there is no separate token stream: the
//! grammar functions here ask the lexer (`lexer.rs`, `word.rs`) for the next token in a given
//! mode, with one token of look-ahead. Nested programs (`$( … )`, `<( … )`) are parsed by
//! recursion over the same buffer, which makes `case` patterns, comments and here-documents inside
//! them work without a separate matching-parenthesis scanner.

use std::borrow::Cow;
use std::cell::Cell;

use super::ast::*;
use super::lexer::{Op, ROp, Tok};
use super::{AliasLookup, ParseError};

/// Lexer mode flags.
pub(super) const KW: u8 = 1; // command position: keywords, `((`
pub(super) const ALIAS: u8 = 2; // alias expansion
pub(super) const ASSIGN: u8 = 4; // assignment words
pub(super) const COND: u8 = 8; // inside `[[ ]]`
pub(super) const CMD: u8 = KW | ALIAS | ASSIGN;

/// Deepest nesting accepted (guards the stack against pathological input).
/// THREAT DOS-PARSE-1: nesting the parser accepts.
const MAX_DEPTH: u32 = 120;

/// The message of the parse error given when the stack runs low (deep nesting, or a parse
/// started from deep recursion): the interpreter turns it into the stack limit.
pub const STACK_EXHAUSTED: &str = "stack exhausted while parsing";

/// Source buffer and position, kept between commands.
#[derive(Default)]
pub(super) struct State<'a> {
    pub src: Cow<'a, [u8]>,
    pub pos: usize,
    /// (byte position, line at that position) for incremental line counting.
    pub line_cache: Cell<(usize, u32)>,
    /// Lines before this buffer (sub-parsers of here-documents and backquotes).
    pub line_base: u32,
    /// Regions of the buffer produced by alias expansion: (start, end, alias name).
    pub alias_regions: Vec<(usize, usize, String)>,
    /// The virtual newline at end of input has been returned.
    pub eof_newline: bool,
    /// A here-document body ran to end of input without its delimiter.
    pub heredoc_at_eof: bool,
    /// `shopt -u extglob`: `@(…)` and the like are not patterns (set by the shell before each
    /// command, as bash's parser consults the option).
    pub no_extglob: bool,
    /// Reading the right side of `[[ x == … ]]`, where bash always reads extglob groups.
    pub cond_pattern: bool,
}

impl State<'_> {
    pub fn line_of(&self, pos: usize) -> u32 {
        let pos = pos.min(self.src.len());
        let (cpos, cline) = self.line_cache.get();
        let count =
            |a: usize, b: usize| self.src[a..b].iter().filter(|&&c| c == b'\n').count() as u32;
        // Queries move mostly forward; count from the last one in either direction.
        let line = if pos >= cpos {
            cline + count(cpos, pos)
        } else {
            cline.saturating_sub(count(pos, cpos))
        };
        self.line_cache.set((pos, line));
        self.line_base + line + 1
    }
}

pub(super) struct Peeked {
    pub tok: Tok,
    pub mode: u8,
    pub start: usize,
    pub end: usize,
}

pub(super) struct PendingHeredoc {
    pub id: usize,
    pub delim: String,
    pub strip_tabs: bool,
    pub quoted: bool,
}

/// The working parser: buffer state plus per-call context.
pub(super) struct P<'a, 'b> {
    pub st: State<'a>,
    pub aliases: Option<&'b dyn AliasLookup>,
    pub peeked: Option<Peeked>,
    pub pending: Vec<PendingHeredoc>,
    pub bodies: Vec<Option<Word>>,
    /// Set after an alias whose text ends in a blank: position from which the next word is also
    /// checked for aliases.
    pub alias_next_at: Option<usize>,
    pub depth: u32,
    /// Set when a `${…}` could not be parsed (see `word::skip_braced`).
    pub bad_subst: bool,
    /// Parsing a `${…}` that sits inside double quotes: the operand of `-`, `=` and `+`
    /// then follows double-quote rules (`\z` keeps its backslash, `'a'` is literal).
    pub dq_param: bool,
}

/// Parses a script one complete command at a time.
pub struct Parser<'a> {
    st: State<'a>,
}

impl<'a> Parser<'a> {
    pub fn new(src: &'a str) -> Self {
        Parser {
            st: State {
                src: Cow::Borrowed(src.as_bytes()),
                ..State::default()
            },
        }
    }

    /// A parser whose first line is line `base + 1` (`eval` counts its lines from its own).
    pub fn with_line_base(src: &'a str, base: u32) -> Self {
        let mut p = Parser::new(src);
        p.st.line_base = base;
        p
    }

    /// Whether `@(…)`, `!(…)` etc. are read as extglob groups (the default) for the commands
    /// parsed from now on.
    pub fn set_extglob(&mut self, on: bool) {
        self.st.no_extglob = !on;
    }

    /// The next complete command (everything up to an unquoted newline that ends a command,
    /// including pending here-document bodies), or `None` at end of input.
    pub fn next_command(
        &mut self,
        aliases: Option<&dyn AliasLookup>,
    ) -> Result<Option<ast::List>, ParseError> {
        let mut st = std::mem::take(&mut self.st);
        st.heredoc_at_eof = false;
        let mut p = P::new(st, aliases);
        let r = p.top_command();
        if r.is_err() {
            // Resynchronise at the next line so that a REPL can go on.
            let src = &p.st.src;
            let mut i = p.st.pos.min(src.len());
            if p.peeked
                .as_ref()
                .is_some_and(|pk| matches!(pk.tok, Tok::Newline))
            {
                i = p.peeked.as_ref().map_or(i, |pk| pk.end);
            } else {
                while i < src.len() && src[i] != b'\n' {
                    i += 1;
                }
                if i < src.len() {
                    i += 1;
                }
            }
            p.st.pos = i;
        }
        self.st = p.st;
        r
    }

    /// The whole input read as an unquoted here-document body: `$`-expansions, command
    /// substitutions and backslash escapes of `$ ` \\`, other characters literal. Used for
    /// strings the shell expands as prompts (`PS4`).
    pub fn expansion_word(&mut self) -> Result<Word, ParseError> {
        let st = std::mem::take(&mut self.st);
        let end = st.src.len();
        let mut p = P::new(st, None);
        let r = p.parse_parts(super::word::Kind::Heredoc);
        self.st = p.st;
        r.map(|parts| Word {
            parts,
            span: Span::new(0, end),
        })
    }

    /// 1-based line number of the next unread input.
    pub fn line(&self) -> u32 {
        self.st.line_of(self.st.pos)
    }

    /// True when the last command read had a here-document whose delimiter never came (bash
    /// warns `here-document at line N delimited by end-of-file` and runs it; a REPL may rather
    /// ask for more lines).
    pub fn heredoc_hit_eof(&self) -> bool {
        self.st.heredoc_at_eof
    }
}

use super::ast;

impl<'a, 'b> P<'a, 'b> {
    pub fn new(st: State<'a>, aliases: Option<&'b dyn AliasLookup>) -> Self {
        P {
            st,
            aliases,
            peeked: None,
            pending: Vec::new(),
            bodies: Vec::new(),
            alias_next_at: None,
            depth: 0,
            bad_subst: false,
            dq_param: false,
        }
    }

    /// A sub-parser over other text (here-document bodies, backquoted commands).
    pub fn sub(&self, text: Vec<u8>, at: usize) -> P<'static, 'b> {
        let line_base = self.st.line_of(at) - 1;
        let mut p = P::new(
            State {
                src: Cow::Owned(text),
                line_base,
                ..State::default()
            },
            self.aliases,
        );
        p.depth = self.depth;
        p
    }

    // ----- token access -------------------------------------------------------------------

    pub fn peek(&mut self, mode: u8) -> Result<&Tok, ParseError> {
        let relex = match &self.peeked {
            None => true,
            Some(pk) => {
                pk.mode != mode
                    && matches!(pk.tok, Tok::Word(_) | Tok::Assign(_) | Tok::ArithCmd(_))
            }
        };
        if relex {
            if let Some(pk) = self.peeked.take() {
                self.st.pos = pk.start;
            }
            let (tok, start) = self.lex(mode)?;
            let end = self.st.pos;
            self.peeked = Some(Peeked {
                tok,
                mode,
                start,
                end,
            });
        }
        match &self.peeked {
            Some(pk) => Ok(&pk.tok),
            None => Err(ParseError::eof(Span::default(), 0)),
        }
    }

    pub fn next(&mut self, mode: u8) -> Result<Tok, ParseError> {
        self.peek(mode)?;
        match self.peeked.take() {
            Some(pk) => Ok(pk.tok),
            None => Ok(Tok::Eof),
        }
    }

    fn peek_start(&self) -> usize {
        self.peeked.as_ref().map_or(self.st.pos, |p| p.start)
    }

    /// The plain keyword text of the peeked token, if it is an unquoted literal word.
    fn peek_word(&mut self, mode: u8) -> Result<Option<&str>, ParseError> {
        Ok(match self.peek(mode)? {
            Tok::Word(w) => w.as_plain_literal(),
            _ => None,
        })
    }

    fn peek_is_word(&mut self, mode: u8, s: &str) -> Result<bool, ParseError> {
        Ok(self.peek_word(mode)? == Some(s))
    }

    fn skip_newlines(&mut self, mode: u8) -> Result<(), ParseError> {
        while matches!(self.peek(mode)?, Tok::Newline) {
            self.next(mode)?;
        }
        Ok(())
    }

    // ----- errors -------------------------------------------------------------------------

    pub fn line_at(&self, pos: usize) -> u32 {
        self.st.line_of(pos)
    }

    pub fn text(&self, a: usize, b: usize) -> String {
        let b = b.min(self.st.src.len());
        let a = a.min(b);
        String::from_utf8_lossy(&self.st.src[a..b]).into_owned()
    }

    /// `syntax error near unexpected token` for the peeked token (or end of file).
    pub fn unexpected(&mut self) -> ParseError {
        let Some(pk) = &self.peeked else {
            return ParseError::eof(
                Span::new(self.st.pos, self.st.pos),
                self.line_at(self.st.pos),
            );
        };
        let span = Span::new(pk.start, pk.end);
        let line = self.line_at(pk.start);
        match &pk.tok {
            Tok::Eof => ParseError::eof(span, line),
            Tok::Newline => ParseError::unexpected("newline", span, line),
            _ => {
                let t = self.text(pk.start, pk.end);
                ParseError::unexpected(&t, span, line)
            }
        }
    }

    /// Input ended inside a construct opened at `at`: bash names the line it opened on.
    pub fn err_matching(&self, c: char, at: usize) -> ParseError {
        let end = self.st.src.len();
        ParseError::new(
            format!("unexpected EOF while looking for matching `{c}'"),
            Span::new(at, end),
            self.line_at(at),
            true,
        )
    }

    /// The same for a `$(…)` whose commands ran to the end: bash names the last line.
    pub fn err_matching_at_eof(&self, c: char, at: usize) -> ParseError {
        let end = self.st.src.len();
        ParseError {
            line: self.line_at(end),
            ..self.err_matching(c, at)
        }
    }

    pub fn err_at(&self, msg: impl Into<String>, at: usize) -> ParseError {
        ParseError::new(
            msg,
            Span::new(at, self.st.pos.max(at)),
            self.line_at(at),
            false,
        )
    }

    pub fn enter(&mut self) -> Result<(), ParseError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.err_at("maximum nesting depth exceeded", self.st.pos));
        }
        if sandsh_runtime::stack::exhausted() {
            return Err(self.err_at(STACK_EXHAUSTED, self.st.pos));
        }
        Ok(())
    }

    pub fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    // ----- lists --------------------------------------------------------------------------

    fn top_command(&mut self) -> Result<Option<List>, ParseError> {
        let cur = self.st.pos;
        self.st.alias_regions.retain(|r| r.1 > cur);
        loop {
            match self.peek(CMD)? {
                Tok::Newline => {
                    self.next(CMD)?;
                }
                Tok::Eof => {
                    self.peeked = None;
                    return Ok(None);
                }
                _ => break,
            }
        }
        let mut list = List::default();
        loop {
            let and_or = self.and_or()?;
            let background = match self.peek(0)? {
                Tok::Op(Op::Semi) => false,
                Tok::Op(Op::Amp) => true,
                Tok::Newline | Tok::Eof => {
                    list.items.push(ListItem {
                        and_or,
                        background: false,
                    });
                    break;
                }
                _ => return Err(self.unexpected()),
            };
            self.next(0)?;
            list.items.push(ListItem { and_or, background });
            if matches!(self.peek(CMD)?, Tok::Newline | Tok::Eof) {
                break;
            }
        }
        // Consume the newline (this reads pending here-documents).
        if matches!(self.peek(0)?, Tok::Newline) {
            self.next(0)?;
        }
        self.peeked = None;
        self.finish_heredocs(&mut list);
        Ok(Some(list))
    }

    /// A whole program until end of input (backquoted commands).
    pub fn program(&mut self) -> Result<List, ParseError> {
        let mut all = List::default();
        while let Some(l) = self.top_command()? {
            all.items.extend(l.items);
        }
        Ok(all)
    }

    fn is_list_end(&mut self) -> Result<bool, ParseError> {
        Ok(match self.peek(CMD)? {
            Tok::Eof
            | Tok::Op(Op::RParen)
            | Tok::Op(Op::DSemi)
            | Tok::Op(Op::SemiAnd)
            | Tok::Op(Op::DSemiAnd) => true,
            Tok::Word(w) => matches!(
                w.as_plain_literal(),
                Some("then" | "elif" | "else" | "fi" | "do" | "done" | "esac" | "}")
            ),
            _ => false,
        })
    }

    /// A compound list: and-or lists separated by `;`, `&` or newlines, up to a closing
    /// keyword or operator (left unconsumed).
    pub fn compound_list(&mut self, allow_empty: bool) -> Result<List, ParseError> {
        self.enter()?;
        let mut list = List::default();
        self.skip_newlines(CMD)?;
        loop {
            if self.is_list_end()? {
                break;
            }
            let and_or = self.and_or()?;
            let background = match self.peek(0)? {
                Tok::Op(Op::Semi) | Tok::Newline => false,
                Tok::Op(Op::Amp) => true,
                _ => {
                    list.items.push(ListItem {
                        and_or,
                        background: false,
                    });
                    break;
                }
            };
            self.next(0)?;
            list.items.push(ListItem { and_or, background });
            self.skip_newlines(CMD)?;
        }
        self.leave();
        if list.items.is_empty() && !allow_empty {
            self.peek(CMD)?;
            return Err(self.unexpected());
        }
        Ok(list)
    }

    fn and_or(&mut self) -> Result<AndOr, ParseError> {
        let first = self.pipeline()?;
        let mut rest = Vec::new();
        loop {
            let op = match self.peek(0)? {
                Tok::Op(Op::AndAnd) => AndOrOp::And,
                Tok::Op(Op::OrOr) => AndOrOp::Or,
                _ => break,
            };
            self.next(0)?;
            self.skip_newlines(CMD)?;
            rest.push((op, self.pipeline()?));
        }
        Ok(AndOr { first, rest })
    }

    fn pipeline(&mut self) -> Result<Pipeline, ParseError> {
        let mut negated = false;
        let mut timed = None;
        loop {
            match self.peek_word(CMD)? {
                Some("!") => {
                    self.next(CMD)?;
                    negated = !negated;
                }
                Some("time") if timed.is_none() && !negated => {
                    self.next(CMD)?;
                    timed = Some(TimeFormat::Default);
                    if self.peek_is_word(CMD, "-p")? {
                        self.next(CMD)?;
                        timed = Some(TimeFormat::Posix);
                    }
                }
                _ => break,
            }
        }
        let mut commands = Vec::new();
        if (negated || timed.is_some())
            && matches!(
                self.peek(CMD)?,
                Tok::Newline | Tok::Eof | Tok::Op(Op::Semi | Op::Amp | Op::RParen)
            )
        {
            return Ok(Pipeline {
                negated,
                timed,
                commands,
            });
        }
        loop {
            let command = self.command()?;
            let pipe_stderr = match self.peek(0)? {
                Tok::Op(Op::Pipe) => false,
                Tok::Op(Op::PipeAmp) => true,
                _ => {
                    commands.push(PipeElem {
                        command,
                        pipe_stderr: false,
                    });
                    break;
                }
            };
            self.next(0)?;
            self.skip_newlines(CMD)?;
            commands.push(PipeElem {
                command,
                pipe_stderr,
            });
        }
        Ok(Pipeline {
            negated,
            timed,
            commands,
        })
    }

    // ----- commands -----------------------------------------------------------------------

    fn command(&mut self) -> Result<Command, ParseError> {
        self.enter()?;
        let r = self.command_inner();
        self.leave();
        r
    }

    fn command_inner(&mut self) -> Result<Command, ParseError> {
        self.peek(CMD)?;
        let line = self.line_at(self.peek_start());
        match self.peek(CMD)? {
            Tok::Word(w) => match w.as_plain_literal() {
                Some(
                    "if" | "while" | "until" | "for" | "select" | "case" | "{" | "[[" | "function",
                ) => self.compound_command(),
                Some(
                    "then" | "elif" | "else" | "fi" | "do" | "done" | "esac" | "}" | "in" | "]]",
                ) => Err(self.unexpected()),
                _ => self.simple_command(line),
            },
            Tok::Op(Op::LParen) | Tok::ArithCmd(_) => self.compound_command(),
            Tok::Assign(_) | Tok::Redir(..) => self.simple_command(line),
            _ => Err(self.unexpected()),
        }
    }

    /// A compound command and the redirections after it.
    fn compound_command(&mut self) -> Result<Command, ParseError> {
        self.peek(CMD)?;
        let line = self.line_at(self.peek_start());
        let tok = self.next(CMD)?;
        let kind = match tok {
            Tok::Op(Op::LParen) => {
                let l = self.compound_list(false)?;
                self.expect_op(Op::RParen)?;
                CommandKind::Subshell(l)
            }
            Tok::ArithCmd(w) => CommandKind::Arith(w),
            Tok::Word(w) => match w.as_plain_literal().unwrap_or("") {
                "{" => {
                    let l = self.compound_list(false)?;
                    self.expect_kw("}")?;
                    CommandKind::Group(l)
                }
                "if" => self.if_rest()?,
                "while" => self.while_rest(false)?,
                "until" => self.while_rest(true)?,
                "for" => self.for_rest(false)?,
                "select" => self.for_rest(true)?,
                "case" => self.case_rest()?,
                "[[" => CommandKind::Cond(self.cond_command()?),
                "function" => return self.function_rest(line),
                _ => return Err(self.unexpected()),
            },
            _ => return Err(self.unexpected()),
        };
        let mut redirects = Vec::new();
        while matches!(self.peek(0)?, Tok::Redir(..)) {
            redirects.push(self.redirect()?);
        }
        Ok(Command {
            kind,
            redirects,
            line,
        })
    }

    pub fn expect_kw(&mut self, kw: &str) -> Result<(), ParseError> {
        if self.peek_is_word(CMD, kw)? {
            self.next(CMD)?;
            Ok(())
        } else {
            Err(self.unexpected())
        }
    }

    pub fn expect_op(&mut self, op: Op) -> Result<(), ParseError> {
        if matches!(self.peek(0)?, Tok::Op(o) if *o == op) {
            self.next(0)?;
            Ok(())
        } else {
            Err(self.unexpected())
        }
    }

    fn if_rest(&mut self) -> Result<CommandKind, ParseError> {
        let mut branches = Vec::new();
        let mut else_branch = None;
        loop {
            let cond = self.compound_list(false)?;
            self.expect_kw("then")?;
            let body = self.compound_list(false)?;
            branches.push((cond, body));
            match self.peek_word(CMD)? {
                Some("elif") => {
                    self.next(CMD)?;
                }
                Some("else") => {
                    self.next(CMD)?;
                    else_branch = Some(self.compound_list(false)?);
                    self.expect_kw("fi")?;
                    break;
                }
                Some("fi") => {
                    self.next(CMD)?;
                    break;
                }
                _ => return Err(self.unexpected()),
            }
        }
        Ok(CommandKind::If {
            branches,
            else_branch,
        })
    }

    fn while_rest(&mut self, until: bool) -> Result<CommandKind, ParseError> {
        let cond = self.compound_list(false)?;
        let body = self.do_group()?;
        Ok(CommandKind::While { cond, body, until })
    }

    /// `do list done`, or `{ list; }` (accepted by bash after `for`/`select`).
    fn do_group(&mut self) -> Result<List, ParseError> {
        match self.peek_word(CMD)? {
            Some("do") => {
                self.next(CMD)?;
                let body = self.compound_list(false)?;
                self.expect_kw("done")?;
                Ok(body)
            }
            _ => Err(self.unexpected()),
        }
    }

    fn for_body(&mut self) -> Result<List, ParseError> {
        if self.peek_is_word(CMD, "{")? {
            self.next(CMD)?;
            let body = self.compound_list(false)?;
            self.expect_kw("}")?;
            return Ok(body);
        }
        self.do_group()
    }

    fn for_rest(&mut self, select: bool) -> Result<CommandKind, ParseError> {
        if !select {
            self.skip_blanks();
            if self.st.src[self.st.pos..].starts_with(b"((") {
                return self.arith_for();
            }
        }
        // Bash checks the name when the loop runs (`for 1 in` is a run-time error).
        let start = self.peek_start();
        if !matches!(self.peek(0)?, Tok::Word(_)) {
            return Err(self.unexpected());
        }
        let Tok::Word(w) = self.next(0)? else {
            return Err(self.unexpected());
        };
        let var = match w.as_plain_literal() {
            Some(n) => n.to_string(),
            None => self.text(start, w.span.end),
        };
        let mut sep = matches!(self.peek(0)?, Tok::Newline);
        self.skip_newlines(0)?;
        let mut words = None;
        if self.peek_is_word(0, "in")? {
            sep = true;
            self.next(0)?;
            let mut ws = Vec::new();
            loop {
                match self.peek(0)? {
                    Tok::Word(_) => {
                        if let Tok::Word(w) = self.next(0)? {
                            ws.push(super::brace::brace_word(w));
                        }
                    }
                    Tok::Op(Op::Semi) | Tok::Newline => {
                        self.next(0)?;
                        break;
                    }
                    _ => return Err(self.unexpected()),
                }
            }
            words = Some(ws);
        } else if matches!(self.peek(0)?, Tok::Op(Op::Semi)) {
            self.next(0)?;
            sep = true;
        }
        // Right after `for NAME` only `do` may follow (not `{`), and it is no command position: an
        // alias there is not expanded (bash reports the word as written).
        if !sep && !self.peek_is_word(0, "do")? {
            return Err(self.unexpected());
        }
        self.skip_newlines(CMD)?;
        let body = self.for_body()?;
        Ok(if select {
            CommandKind::Select { var, words, body }
        } else {
            CommandKind::For { var, words, body }
        })
    }

    fn arith_for(&mut self) -> Result<CommandKind, ParseError> {
        let start = self.st.pos;
        self.st.pos += 2;
        let mut parts: Vec<Option<Word>> = Vec::new();
        loop {
            let Some((w, term)) = self.arith_section(true)? else {
                return Err(self.err_matching(')', start));
            };
            let empty = w
                .parts
                .iter()
                .all(|p| matches!(p, WordPart::Literal(s) if s.trim().is_empty()));
            parts.push(if empty { None } else { Some(w) });
            if term == b')' {
                break;
            }
        }
        if parts.len() != 3 {
            return Err(self.err_at("syntax error: arithmetic expression required", start));
        }
        let step = parts.pop().flatten();
        let cond = parts.pop().flatten();
        let init = parts.pop().flatten();
        if matches!(self.peek(0)?, Tok::Op(Op::Semi)) {
            self.next(0)?;
        }
        self.skip_newlines(CMD)?;
        let body = self.for_body()?;
        Ok(CommandKind::ArithFor {
            init,
            cond,
            step,
            body,
        })
    }

    fn case_rest(&mut self) -> Result<CommandKind, ParseError> {
        let word = match self.peek(0)? {
            Tok::Word(_) => match self.next(0)? {
                Tok::Word(w) => w,
                _ => Word::default(),
            },
            _ => return Err(self.unexpected()),
        };
        self.skip_newlines(0)?;
        if !self.peek_is_word(0, "in")? {
            return Err(self.unexpected());
        }
        self.next(0)?;
        let mut arms = Vec::new();
        loop {
            self.skip_newlines(0)?;
            if self.peek_is_word(0, "esac")? {
                self.next(0)?;
                break;
            }
            if matches!(self.peek(0)?, Tok::Op(Op::LParen)) {
                self.next(0)?;
            }
            let mut patterns = Vec::new();
            loop {
                match self.peek(0)? {
                    Tok::Word(_) => {
                        if let Tok::Word(w) = self.next(0)? {
                            patterns.push(w);
                        }
                    }
                    _ => return Err(self.unexpected()),
                }
                match self.peek(0)? {
                    Tok::Op(Op::Pipe) => {
                        self.next(0)?;
                    }
                    Tok::Op(Op::RParen) => {
                        self.next(0)?;
                        break;
                    }
                    _ => return Err(self.unexpected()),
                }
            }
            let body = self.compound_list(true)?;
            let terminator = match self.peek(CMD)? {
                Tok::Op(Op::DSemi) => CaseTerminator::Break,
                Tok::Op(Op::SemiAnd) => CaseTerminator::FallThrough,
                Tok::Op(Op::DSemiAnd) => CaseTerminator::Continue,
                Tok::Word(w) if w.as_plain_literal() == Some("esac") => {
                    arms.push(CaseArm {
                        patterns,
                        body,
                        terminator: CaseTerminator::Break,
                    });
                    self.next(CMD)?;
                    break;
                }
                _ => return Err(self.unexpected()),
            };
            self.next(CMD)?;
            arms.push(CaseArm {
                patterns,
                body,
                terminator,
            });
        }
        Ok(CommandKind::Case { word, arms })
    }

    fn function_rest(&mut self, line: u32) -> Result<Command, ParseError> {
        if !matches!(self.peek(0)?, Tok::Word(_)) {
            return Err(self.unexpected());
        }
        let s = self.peek_start();
        let Tok::Word(w) = self.next(0)? else {
            return Err(self.unexpected());
        };
        let name = match w.as_plain_literal() {
            Some(n) => n.to_string(),
            None => self.text(s, w.span.end),
        };
        if matches!(self.peek(0)?, Tok::Op(Op::LParen)) {
            self.next(0)?;
            self.expect_op(Op::RParen)?;
        }
        self.function_body(name, line)
    }

    fn function_body(&mut self, name: String, line: u32) -> Result<Command, ParseError> {
        self.skip_newlines(CMD)?;
        let ok = match self.peek(CMD)? {
            Tok::Op(Op::LParen) | Tok::ArithCmd(_) => true,
            Tok::Word(w) => matches!(
                w.as_plain_literal(),
                Some("{" | "if" | "while" | "until" | "for" | "select" | "case" | "[[")
            ),
            _ => false,
        };
        if !ok {
            return Err(self.unexpected());
        }
        let body = self.compound_command()?;
        Ok(Command {
            kind: CommandKind::FunctionDef {
                name,
                body: Box::new(body),
            },
            redirects: Vec::new(),
            line,
        })
    }

    fn simple_command(&mut self, line: u32) -> Result<Command, ParseError> {
        let mut sc = SimpleCommand::default();
        let mut redirects = Vec::new();
        let mut decl = false;
        loop {
            let mode = if sc.words.is_empty() {
                CMD
            } else if decl {
                ASSIGN
            } else {
                0
            };
            match self.peek(mode)? {
                Tok::Redir(..) => redirects.push(self.redirect()?),
                Tok::Assign(_) => {
                    let Tok::Assign(a) = self.next(mode)? else {
                        break;
                    };
                    if sc.words.is_empty() {
                        sc.assigns.push(*a);
                    } else {
                        let span = a.span;
                        sc.words.push(Word {
                            parts: vec![WordPart::Assign(a)],
                            span,
                        });
                    }
                }
                Tok::Word(_) => {
                    let start = self.peek_start();
                    let Tok::Word(w) = self.next(mode)? else {
                        break;
                    };
                    if sc.words.is_empty() {
                        if sc.assigns.is_empty()
                            && redirects.is_empty()
                            && matches!(self.peek(0)?, Tok::Op(Op::LParen))
                        {
                            let name = match w.as_plain_literal() {
                                Some(n) => n.to_string(),
                                None => self.text(start, w.span.end),
                            };
                            self.next(0)?;
                            self.expect_op(Op::RParen)?;
                            return self.function_body(name, line);
                        }
                        // `let` reads `x=( 1 )` as bash does (an assignment-shaped word).
                        decl = matches!(
                            w.as_plain_literal(),
                            Some("declare" | "typeset" | "local" | "export" | "readonly" | "let")
                        );
                    }
                    sc.words.push(super::brace::brace_word(w));
                }
                _ => break,
            }
        }
        if sc.words.is_empty() && sc.assigns.is_empty() && redirects.is_empty() {
            return Err(self.unexpected());
        }
        Ok(Command {
            kind: CommandKind::Simple(sc),
            redirects,
            line,
        })
    }

    fn redirect(&mut self) -> Result<Redirect, ParseError> {
        let start = self.peek_start();
        let Tok::Redir(fd, rop) = self.next(0)? else {
            return Err(self.unexpected());
        };
        if !matches!(self.peek(0)?, Tok::Word(_)) {
            return Err(self.unexpected());
        }
        let wstart = self.peek_start();
        let Tok::Word(target) = self.next(0)? else {
            return Err(self.unexpected());
        };
        let wend = self.st.pos;
        let span = Span::new(start, wend);
        let op = match rop {
            ROp::Less => RedirOp::Read,
            ROp::Great => RedirOp::Write,
            ROp::DGreat => RedirOp::Append,
            ROp::Clobber => RedirOp::Clobber,
            ROp::LessGreat => RedirOp::ReadWrite,
            ROp::AndGreat => RedirOp::WriteBoth,
            ROp::AndDGreat => RedirOp::AppendBoth,
            ROp::LessAnd => RedirOp::DupRead,
            // `>&word`: a descriptor or, when the expanded word is no number, a file for both
            // stdout and stderr; bash decides when the redirection runs.
            ROp::GreatAnd => RedirOp::DupWrite,
            ROp::TLess => RedirOp::HereString,
            ROp::DLess | ROp::DLessDash => {
                let strip_tabs = rop == ROp::DLessDash;
                let raw = self.text(wstart, wend);
                let raw = raw.trim_end_matches(['\n']);
                let quoted = raw.contains(['\'', '"', '\\']);
                let delim = unquote_delim(raw);
                let printed = if quoted {
                    format!("'{delim}'")
                } else {
                    delim.clone()
                };
                let id = self.bodies.len();
                self.bodies.push(None);
                self.pending.push(PendingHeredoc {
                    id,
                    delim,
                    strip_tabs,
                    quoted,
                });
                return Ok(Redirect {
                    fd,
                    op: RedirOp::HereDoc { strip_tabs },
                    target: Word {
                        parts: Vec::new(),
                        span: Span::new(id, usize::MAX),
                    },
                    span,
                    delim: printed,
                });
            }
        };
        // File names are brace-expanded (more than one is an ambiguous redirect).
        let target = match op {
            RedirOp::HereString => target,
            _ => super::brace::brace_word(target),
        };
        Ok(Redirect {
            fd,
            op,
            target,
            span,
            delim: String::new(),
        })
    }
}

/// Quote removal on a here-document delimiter.
fn unquote_delim(raw: &str) -> String {
    let mut out = String::new();
    let mut chars = raw.chars().peekable();
    let mut quote: Option<char> = None;
    while let Some(c) = chars.next() {
        match (quote, c) {
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (Some('\''), c) => out.push(c),
            (None, '$') if matches!(chars.peek(), Some('\'' | '"')) => {}
            (_, '\\') => {
                if quote == Some('"') && !matches!(chars.peek(), Some('$' | '`' | '"' | '\\')) {
                    out.push('\\');
                } else if let Some(n) = chars.next() {
                    out.push(n);
                }
            }
            (_, c) => out.push(c),
        }
    }
    out
}
