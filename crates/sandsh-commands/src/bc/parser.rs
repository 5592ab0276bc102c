//! bc's grammar (GNU bc 1.07 bc.y) as a recursive-descent parser that emits GNU's byte code.
//!
//! The byte code is GNU's own layout (one byte per operation, variable numbers in one or two
//! bytes, labels in two), because GNU's runtime messages quote the address at which they
//! stopped (`Runtime error (func=(main), adr=3): Divide by zero`) and scripts' stderr should
//! read the same. Precedence and the yacc quirks it implies are kept: an assignment binds
//! wherever a name is followed by an assignment operator (`2*x=3` is `2*(x=3)`), `!` is weaker
//! than comparisons, unary minus is stronger than `^`, and `quit` ends bc as soon as it is read.
//!
//! A parse attempt works on the tokens of one input item; when the tokens run out before the
//! item ends, it reports `NeedMore` and the driver reads another line and parses the item
//! again. Nesting is bounded by a depth counter and the stack guard.

use super::lexer::{Kw, Tok, Token};
use super::program::Program;

/// Expression flags, as bc.y encodes them.
const EX_REG: u32 = 1;
const EX_COMP: u32 = 2;
const EX_PAREN: u32 = 4;
const EX_VOID: u32 = 8;
const EX_EMPTY: u32 = 16;

/// Deepest expression/statement nesting the parser accepts.
const MAX_DEPTH: usize = 9995;

/// Code being generated for one function body.
#[derive(Default)]
struct Gen {
    code: Vec<u8>,
    labels: Vec<usize>,
}

impl Gen {
    fn b(&mut self, b: u8) {
        self.code.push(b);
    }
    fn s(&mut self, s: &[u8]) {
        self.code.extend_from_slice(s);
    }
    /// An operation with a variable/array/function number.
    fn op_n(&mut self, op: u8, n: usize) {
        self.code.push(op);
        if n < 128 {
            self.code.push(n as u8);
        } else {
            self.code.push((((n >> 8) & 0xff) | 0x80) as u8);
            self.code.push((n & 0xff) as u8);
        }
    }
    fn jump(&mut self, op: u8, label: usize) {
        self.code.push(op);
        self.code.push((label & 0xff) as u8);
        self.code.push(((label >> 8) & 0xff) as u8);
    }
    fn label(&mut self, l: usize) {
        if self.labels.len() <= l {
            self.labels.resize(l + 1, usize::MAX);
        }
        self.labels[l] = self.code.len();
    }
}

/// Why a parse attempt stopped early.
pub enum Stop {
    NeedMore,
    /// The parse cannot go on (an error at the end of input).
    Abort,
    Syntax,
    Quit,
    TooDeep,
    /// A label past 65535 ("Program too big.").
    TooBig,
}

/// The outcome of parsing one input item.
pub enum Item {
    /// Main-program code to run (possibly empty).
    Run {
        code: Vec<u8>,
        labels: Vec<usize>,
    },
    /// Nothing to run (an error, or a definition).
    Nothing,
    Quit,
    Eof,
    /// bison gave up ("memory exhausted"); bc ends.
    Abort,
    /// "Program too big." (exit 1).
    TooBig,
}

pub struct Options {
    pub warn: bool,
    pub std_only: bool,
}

/// A message for stderr, in order.
pub enum Msg {
    /// `yyerror`/`ct_warn`: printed as `NAME LINE: text`.
    At {
        src: usize,
        line: usize,
        text: String,
    },
    /// Printed as is.
    Plain(String),
    /// `limits` output (stdout).
    Out(String),
}

pub struct Parser<'a> {
    toks: &'a [Token],
    pos: usize,
    prog: &'a mut Program,
    opts: &'a Options,
    pub msgs: Vec<Msg>,
    had_error: bool,
    code_gen: Gen,
    next_label: usize,
    break_label: usize,
    continue_label: usize,
    if_label: usize,
    /// The function being defined (its number), if any.
    cur_func: Option<usize>,
    depth: usize,
    /// No syntax error is reported before this token position.
    quiet_until: usize,
}

const LIMITS: &str = "BC_BASE_MAX     = 2147483647\nBC_DIM_MAX      = 16777215\nBC_SCALE_MAX    = 2147483647\nBC_STRING_MAX   = 2147483647\nMAX Exponent    = 9223372036854775807\nNumber of vars  = 32767\n";

impl<'a> Parser<'a> {
    pub fn new(
        toks: &'a [Token],
        prog: &'a mut Program,
        opts: &'a Options,
        quiet: usize,
    ) -> Parser<'a> {
        Parser {
            toks,
            pos: 0,
            prog,
            opts,
            msgs: Vec::new(),
            had_error: false,
            code_gen: Gen::default(),
            next_label: 1,
            break_label: 0,
            continue_label: 0,
            if_label: 0,
            cur_func: None,
            depth: 0,
            quiet_until: quiet,
        }
    }

    /// Tokens used by the item just parsed.
    pub fn used(&self) -> usize {
        self.pos
    }

    fn peek(&self) -> Result<&Tok, Stop> {
        match self.toks.get(self.pos) {
            Some(t) => Ok(&t.tok),
            None => Err(Stop::NeedMore),
        }
    }

    fn peek2(&self) -> Result<&Tok, Stop> {
        match self.toks.get(self.pos + 1) {
            Some(t) => Ok(&t.tok),
            None => Err(Stop::NeedMore),
        }
    }

    /// Line and input of the current lookahead (or the last token read).
    fn where_(&self) -> (usize, usize) {
        let t = self
            .toks
            .get(self.pos)
            .or_else(|| self.toks.get(self.pos.wrapping_sub(1)));
        t.map_or((0, 1), |t| (t.src, t.line))
    }

    fn where_prev(&self) -> (usize, usize) {
        let t = self
            .toks
            .get(self.pos.wrapping_sub(1))
            .or_else(|| self.toks.get(self.pos));
        t.map_or((0, 1), |t| (t.src, t.line))
    }

    fn yyerror(&mut self, text: &str) {
        self.error_at(self.where_(), text);
    }

    /// yyerror from an action yacc runs without a lookahead.
    fn yyerror_prev(&mut self, text: &str) {
        self.error_at(self.where_prev(), text);
    }

    fn error_at(&mut self, (src, line): (usize, usize), text: &str) {
        self.msgs.push(Msg::At {
            src,
            line,
            text: text.to_string(),
        });
        self.had_error = true;
    }

    fn ct_warn(&mut self, text: &str) {
        self.ct_warn_at(false, text)
    }

    /// ct_warn; `lookahead` when yacc has read the next token by then.
    fn ct_warn_at(&mut self, lookahead: bool, text: &str) {
        let (src, line) = if lookahead {
            self.where_()
        } else {
            self.where_prev()
        };
        if self.opts.std_only {
            self.msgs.push(Msg::At {
                src,
                line,
                text: format!("Error: {text}"),
            });
            self.had_error = true;
        } else if self.opts.warn {
            self.msgs.push(Msg::At {
                src,
                line,
                text: format!("(Warning) {text}"),
            });
        }
    }

    fn lookup_warn(&mut self, name: &str) {
        if name.len() != 1 {
            self.ct_warn_at(true, &format!("multiple letter name - {name}"));
        }
    }

    fn var(&mut self, name: &str) -> usize {
        self.lookup_warn(name);
        self.prog.var(name)
    }
    fn array(&mut self, name: &str) -> usize {
        self.lookup_warn(name);
        self.prog.array(name)
    }
    fn func(&mut self, name: &str, def: bool) -> usize {
        // Reduced without a lookahead, unlike variable names.
        if name.len() != 1 {
            self.ct_warn_at(false, &format!("multiple letter name - {name}"));
        }
        self.prog.func(name, def)
    }

    fn new_label(&mut self) -> Result<usize, Stop> {
        let l = self.next_label;
        self.next_label += 1;
        if l > 65535 {
            return Err(Stop::TooBig);
        }
        Ok(l)
    }

    /// Consume the next token, reporting illegal characters and notices on the way.
    fn advance(&mut self) {
        self.pos += 1;
    }

    /// Skip scanner-level messages (illegal characters) at the lookahead.
    fn skip_noise(&mut self) -> Result<(), Stop> {
        loop {
            match self.peek()? {
                Tok::Illegal(m) => {
                    let m = m.clone();
                    self.yyerror(&m);
                }
                Tok::Notice(m) => {
                    self.msgs.push(Msg::Plain(m.to_string()));
                }
                _ => return Ok(()),
            }
            // Scanner messages are not tokens the parser shifts: they do not shorten the
            // quiet period after a syntax error.
            if self.quiet_until > self.pos {
                self.quiet_until += 1;
            }
            self.pos += 1;
        }
    }

    fn tok(&mut self) -> Result<Tok, Stop> {
        self.skip_noise()?;
        Ok(self.peek()?.clone())
    }

    fn expect(&mut self, t: Tok) -> Result<(), Stop> {
        if self.tok()? == t {
            self.advance();
            Ok(())
        } else {
            Err(Stop::Syntax)
        }
    }

    /// Count `w` entries of (bison's) parser stack; refuse past its 10000.
    fn enter(&mut self, w: usize) -> Result<(), Stop> {
        self.depth += w;
        if self.depth > MAX_DEPTH || sandsh_api::stack::exhausted() {
            return Err(Stop::TooDeep);
        }
        Ok(())
    }

    /// Parse one input item.
    pub fn item(&mut self) -> Result<Item, Stop> {
        match self.item_inner() {
            Ok(i) => Ok(i),
            Err(Stop::Syntax) => {
                // An error outside any statement list (a definition's header): yacc resumes
                // at the top level.
                self.syntax_error()?;
                Err(Stop::Syntax)
            }
            Err(e) => Err(e),
        }
        .or_else(|e| match e {
            Stop::Syntax => match self.recover(true) {
                Ok(true) => Ok(Item::Nothing),
                Ok(false) => self.top_list(),
                Err(e) => Err(e),
            },
            other => Err(other),
        })
        .or_else(|e| self.stopped(e))
    }

    fn stopped(&mut self, e: Stop) -> Result<Item, Stop> {
        match e {
            Stop::Quit => Ok(Item::Quit),
            Stop::Abort => Ok(Item::Abort),
            Stop::TooDeep => {
                let (src, line) = self.where_();
                self.msgs.push(Msg::At {
                    src,
                    line,
                    text: "memory exhausted".into(),
                });
                Ok(Item::Abort)
            }
            Stop::TooBig => Ok(Item::TooBig),
            Stop::NeedMore => Err(Stop::NeedMore),
            Stop::Syntax => Ok(Item::Nothing),
        }
    }

    /// Tokens of quiet left after this item (bison reports a new syntax error only after
    /// three tokens were shifted since the last one).
    pub fn quiet_left(&self) -> usize {
        self.quiet_until.saturating_sub(self.pos)
    }

    /// Report a syntax error at the lookahead (unless inside bison's quiet period). At the
    /// end of input the parse is over.
    fn syntax_error(&mut self) -> Result<(), Stop> {
        if self.pos >= self.quiet_until {
            self.yyerror("syntax error");
        } else {
            self.had_error = true;
        }
        if self.tok()? == Tok::Eof {
            return Err(Stop::Abort);
        }
        Ok(())
    }

    /// yacc's recovery through `error statement` (and, at the top level, `error ENDOFLINE`):
    /// drop tokens until one that can begin a statement. Returns true when a newline ended
    /// the item instead.
    fn recover(&mut self, top: bool) -> Result<bool, Stop> {
        loop {
            let t = self.tok()?;
            match t {
                Tok::Eof => return Err(Stop::Abort),
                Tok::Eol if top => {
                    // `error ENDOFLINE` ends with yyerrok: no quiet period after it.
                    self.advance();
                    self.quiet_until = self.pos;
                    return Ok(true);
                }
                _ if starts_stmt(&t) => {
                    self.quiet_until = self.pos + 3;
                    return Ok(false);
                }
                _ => self.advance(),
            }
        }
    }

    fn item_inner(&mut self) -> Result<Item, Stop> {
        if self.tok()? == Tok::Eof {
            return Ok(Item::Eof);
        }
        if self.tok()? == Tok::Kw(Kw::Define) {
            self.function()?;
            return Ok(Item::Nothing);
        }
        self.top_list()
    }

    /// semicolon_list ENDOFLINE, with recovery from syntax errors.
    fn top_list(&mut self) -> Result<Item, Stop> {
        loop {
            match self.tok()? {
                Tok::Eol => {
                    self.advance();
                    break;
                }
                Tok::P(b';') => self.advance(),
                Tok::Eof => {
                    self.syntax_error()?;
                }
                _ => {
                    let r = self.statement().and_then(|_| match self.tok()? {
                        Tok::Eol | Tok::P(b';') => Ok(()),
                        _ => Err(Stop::Syntax),
                    });
                    match r {
                        Ok(()) => {}
                        Err(Stop::Syntax) => {
                            self.syntax_error()?;
                            if self.recover(true)? {
                                break;
                            }
                        }
                        Err(e) => return Err(e),
                    }
                }
            }
        }
        if self.had_error {
            return Ok(Item::Nothing);
        }
        let g = std::mem::take(&mut self.code_gen);
        Ok(Item::Run {
            code: g.code,
            labels: g.labels,
        })
    }

    fn opt_newline(&mut self) -> Result<(), Stop> {
        if self.tok()? == Tok::Eol {
            self.advance();
            self.ct_warn("newline not allowed");
        }
        Ok(())
    }

    fn statement(&mut self) -> Result<(), Stop> {
        // What a statement holds on bison's stack before its inner statement.
        let w = match self.tok()? {
            Tok::Kw(Kw::If) => 6,
            Tok::Kw(Kw::While) => 7,
            Tok::Kw(Kw::For) => 12,
            _ => 2,
        };
        self.enter(w)?;
        let r = self.statement_inner();
        self.depth -= w;
        r
    }

    fn statement_inner(&mut self) -> Result<(), Stop> {
        let t = self.tok()?;
        match t {
            Tok::Kw(Kw::Warranty) => {
                self.advance();
                self.msgs.push(Msg::Plain(
                    "bc: warranty: not supported in sandsh (see the GNU General Public License)"
                        .into(),
                ));
            }
            Tok::Kw(Kw::Limits) => {
                self.advance();
                self.msgs.push(Msg::Out(LIMITS.into()));
            }
            Tok::Str(s) => {
                self.advance();
                self.code_gen.b(b'w');
                self.code_gen.s(&s);
                self.code_gen.b(b'"');
            }
            Tok::Kw(Kw::Break) => {
                self.advance();
                if self.break_label == 0 {
                    self.yyerror_prev("Break outside a for/while");
                } else {
                    let l = self.break_label;
                    self.code_gen.jump(b'J', l);
                }
            }
            Tok::Kw(Kw::Continue) => {
                self.advance();
                self.ct_warn("Continue statement");
                if self.continue_label == 0 {
                    self.yyerror_prev("Continue outside a for");
                } else {
                    let l = self.continue_label;
                    self.code_gen.jump(b'J', l);
                }
            }
            Tok::Kw(Kw::Quit) => return Err(Stop::Quit),
            Tok::Kw(Kw::Halt) => {
                self.advance();
                self.code_gen.b(b'h');
            }
            Tok::Kw(Kw::Return) => {
                self.advance();
                self.return_expr()?;
                self.code_gen.b(b'R');
            }
            Tok::Kw(Kw::For) => self.for_stmt()?,
            Tok::Kw(Kw::If) => self.if_stmt()?,
            Tok::Kw(Kw::While) => self.while_stmt()?,
            Tok::P(b'{') => {
                self.advance();
                self.statement_list()?;
                self.expect(Tok::P(b'}'))?;
            }
            Tok::Kw(Kw::Print) => {
                self.advance();
                self.ct_warn("print statement");
                loop {
                    if let Tok::Str(s) = self.tok()? {
                        self.advance();
                        self.code_gen.b(b'O');
                        self.code_gen.s(&s);
                        self.code_gen.b(b'"');
                    } else {
                        let f = self.expr(0)?;
                        if f & EX_VOID != 0 {
                            self.yyerror("void expression in print");
                        }
                        self.code_gen.b(b'P');
                    }
                    if self.tok()? == Tok::P(b',') {
                        self.advance();
                    } else {
                        break;
                    }
                }
            }
            _ => {
                if !starts_expr(&t) {
                    return Err(Stop::Syntax);
                }
                let f = self.expr(0)?;
                if f & EX_COMP != 0 {
                    self.ct_warn_at(true, "comparison in expression");
                }
                if f & EX_REG != 0 {
                    self.code_gen.b(b'W');
                } else {
                    self.code_gen.b(b'p');
                }
            }
        }
        Ok(())
    }

    /// statement_list inside braces, up to (not including) the `}`. A syntax error inside
    /// recovers here, as yacc's `error statement` does (a `}` is dropped while recovering).
    fn statement_list(&mut self) -> Result<(), Stop> {
        loop {
            match self.tok()? {
                Tok::P(b'}') => return Ok(()),
                Tok::Eol | Tok::P(b';') => self.advance(),
                Tok::Eof => {
                    self.syntax_error()?;
                }
                _ => {
                    let r = self.statement().and_then(|_| match self.tok()? {
                        Tok::Eol | Tok::P(b';') | Tok::P(b'}') => Ok(()),
                        _ => Err(Stop::Syntax),
                    });
                    match r {
                        Ok(()) => {}
                        Err(Stop::Syntax) => {
                            self.syntax_error()?;
                            self.recover(false)?;
                        }
                        Err(e) => return Err(e),
                    }
                }
            }
        }
    }

    fn return_expr(&mut self) -> Result<(), Stop> {
        let t = self.tok()?;
        if !starts_expr(&t) {
            self.code_gen.b(b'0');
            if self.cur_func.is_none() {
                self.yyerror("Return outside of a function.");
            }
            return Ok(());
        }
        let f = self.expr(0)?;
        if f & EX_COMP != 0 {
            self.ct_warn("comparison in return expresion");
        }
        if f & EX_PAREN == 0 {
            self.ct_warn("return expression requires parenthesis");
        }
        if f & EX_VOID != 0 {
            self.yyerror("return requires non-void expression");
        }
        match self.cur_func {
            None => self.yyerror("Return outside of a function."),
            Some(cf) => {
                if self.prog.funcs_v[cf].void {
                    self.yyerror("Return expression in a void function.");
                }
            }
        }
        Ok(())
    }

    fn opt_expr(&mut self) -> Result<u32, Stop> {
        let t = self.tok()?;
        if starts_expr(&t) {
            self.expr(0)
        } else {
            self.ct_warn("Missing expression in for statement");
            Ok(EX_EMPTY)
        }
    }

    /// The actions after the first or third expression of a `for` (`which`): a comparison
    /// warns, a void one is an error, and a value is popped.
    fn for_clause_end(&mut self, flags: u32, which: &str) {
        if flags & EX_COMP != 0 {
            self.ct_warn(&format!("Comparison in {which} for expression"));
        }
        if flags & EX_VOID != 0 {
            self.yyerror(&format!("{which} expression is void"));
        }
        if flags & EX_EMPTY == 0 {
            self.code_gen.b(b'p');
        }
    }

    fn for_stmt(&mut self) -> Result<(), Stop> {
        self.advance();
        let saved_break = self.break_label;
        self.break_label = self.new_label()?;
        self.expect(Tok::P(b'('))?;
        let f1 = self.opt_expr()?;
        self.expect(Tok::P(b';'))?;
        self.for_clause_end(f1, "first");
        let l_top = self.new_label()?;
        self.code_gen.label(l_top);
        let f2 = self.opt_expr()?;
        self.expect(Tok::P(b';'))?;
        if f2 & EX_VOID != 0 {
            self.yyerror("second expression is void");
        }
        if f2 & EX_EMPTY != 0 {
            self.code_gen.b(b'1');
        }
        let l_body = self.new_label()?;
        self.code_gen.jump(b'B', l_body);
        let bl = self.break_label;
        self.code_gen.jump(b'J', bl);
        let saved_cont = self.continue_label;
        self.continue_label = self.new_label()?;
        let cl = self.continue_label;
        self.code_gen.label(cl);
        let f3 = self.opt_expr()?;
        self.expect(Tok::P(b')'))?;
        self.for_clause_end(f3, "third");
        self.code_gen.jump(b'J', l_top);
        self.code_gen.label(l_body);
        self.opt_newline()?;
        self.statement()?;
        let cl = self.continue_label;
        self.code_gen.jump(b'J', cl);
        let bl = self.break_label;
        self.code_gen.label(bl);
        self.break_label = saved_break;
        self.continue_label = saved_cont;
        Ok(())
    }

    fn if_stmt(&mut self) -> Result<(), Stop> {
        self.advance();
        self.expect(Tok::P(b'('))?;
        let f = self.expr(0)?;
        self.expect(Tok::P(b')'))?;
        if f & EX_VOID != 0 {
            self.yyerror("void expression");
        }
        let saved_if = self.if_label;
        self.if_label = self.new_label()?;
        let il = self.if_label;
        self.code_gen.jump(b'Z', il);
        self.opt_newline()?;
        self.statement()?;
        if self.tok()? == Tok::Kw(Kw::Else) {
            self.advance();
            self.ct_warn("else clause in if statement");
            let l = self.new_label()?;
            self.code_gen.jump(b'J', l);
            let il = self.if_label;
            self.code_gen.label(il);
            self.if_label = l;
            self.opt_newline()?;
            self.statement()?;
        }
        let il = self.if_label;
        self.code_gen.label(il);
        self.if_label = saved_if;
        Ok(())
    }

    fn while_stmt(&mut self) -> Result<(), Stop> {
        self.advance();
        let saved_cont = self.continue_label;
        self.continue_label = self.new_label()?;
        let cl = self.continue_label;
        self.code_gen.label(cl);
        self.expect(Tok::P(b'('))?;
        let f = self.expr(0)?;
        if f & EX_VOID != 0 {
            self.yyerror("void expression");
        }
        let saved_break = self.break_label;
        self.break_label = self.new_label()?;
        let bl = self.break_label;
        self.code_gen.jump(b'Z', bl);
        self.expect(Tok::P(b')'))?;
        self.opt_newline()?;
        self.statement()?;
        let cl = self.continue_label;
        self.code_gen.jump(b'J', cl);
        let bl = self.break_label;
        self.code_gen.label(bl);
        self.break_label = saved_break;
        self.continue_label = saved_cont;
        Ok(())
    }

    /// define_list: NAME, NAME[], *NAME[], &NAME[] separated by commas. Entries are (number,
    /// by-reference), in source order.
    fn define_list(&mut self) -> Result<Vec<(i64, bool)>, Stop> {
        let mut out = Vec::new();
        loop {
            let mut by_ref = false;
            if matches!(self.tok()?, Tok::P(b'*') | Tok::P(b'&')) {
                self.advance();
                by_ref = true;
            }
            let Tok::Name(name) = self.tok()? else {
                return Err(Stop::Syntax);
            };
            self.advance();
            if self.tok()? == Tok::P(b'[') {
                self.advance();
                self.expect(Tok::P(b']'))?;
                let a = self.array(&name) as i64;
                if by_ref {
                    self.ct_warn("Call by variable arrays");
                }
                out.push((-a, by_ref));
            } else {
                if by_ref {
                    return Err(Stop::Syntax);
                }
                let v = self.var(&name) as i64;
                out.push((v, false));
            }
            if self.tok()? == Tok::P(b',') {
                self.advance();
            } else {
                return Ok(out);
            }
        }
    }

    fn function(&mut self) -> Result<(), Stop> {
        self.advance();
        let mut void = false;
        if self.tok()? == Tok::Kw(Kw::Void) {
            self.advance();
            void = true;
            self.ct_warn("void functions");
        }
        let Tok::Name(name) = self.tok()? else {
            return Err(Stop::Syntax);
        };
        self.advance();
        self.expect(Tok::P(b'('))?;
        let params = if self.tok()? == Tok::P(b')') {
            Vec::new()
        } else {
            self.define_list()?
        };
        self.expect(Tok::P(b')'))?;
        self.opt_newline()?;
        self.expect(Tok::P(b'{'))?;
        // required_eol
        let mut eols = 0;
        while self.tok()? == Tok::Eol {
            self.advance();
            eols += 1;
            if eols > 1 {
                self.ct_warn("Too many end of lines");
            }
        }
        if eols == 0 {
            self.ct_warn("End of line required");
        }
        let mut autos = Vec::new();
        if self.tok()? == Tok::Kw(Kw::Auto) {
            self.advance();
            autos = self.define_list()?;
            match self.tok()? {
                Tok::Eol | Tok::P(b';') => self.advance(),
                _ => return Err(Stop::Syntax),
            }
        }
        // check_params
        for (i, p) in params.iter().enumerate() {
            if params[i + 1..].iter().any(|q| q.0 == p.0) {
                self.yyerror("duplicate parameter names");
            }
            if p.1 {
                self.ct_warn("Variable array parameter");
            }
        }
        for (i, a) in autos.iter().enumerate() {
            if autos[i + 1..].iter().any(|q| q.0 == a.0) {
                self.yyerror("duplicate auto variable names");
            }
            if a.1 {
                self.yyerror("* not allowed here");
            }
        }
        for p in &params {
            if autos.iter().any(|a| a.0 == p.0) {
                self.yyerror("variable in both parameter and auto lists");
            }
        }
        let fnum = self.func(&name, true);
        {
            let f = &mut self.prog.funcs_v[fnum];
            f.defined = false;
            f.void = void;
            f.params = params.into_iter().rev().collect();
            f.autos = autos.into_iter().rev().map(|a| a.0).collect();
        }
        let saved_gen = std::mem::take(&mut self.code_gen);
        let saved_label = self.next_label;
        self.next_label = 1;
        let saved_cur = self.cur_func.replace(fnum);
        let r = self
            .statement_list()
            .and_then(|_| self.expect(Tok::P(b'}')));
        let body = std::mem::replace(&mut self.code_gen, saved_gen);
        self.next_label = saved_label;
        self.cur_func = saved_cur;
        r?;
        let mut body = body;
        body.s(b"0R");
        let had_error = self.had_error;
        let f = &mut self.prog.funcs_v[fnum];
        if !had_error {
            f.body = body.code;
            f.labels = body.labels;
            f.defined = true;
        } else {
            f.body.clear();
            f.labels.clear();
        }
        Ok(())
    }

    /// An expression with operators of at least `min` precedence.
    fn expr(&mut self, min: u8) -> Result<u32, Stop> {
        self.enter(1)?;
        let r = self.expr_inner(min);
        self.depth -= 1;
        r
    }

    fn expr_inner(&mut self, min: u8) -> Result<u32, Stop> {
        let mut flags = self.prefix()?;
        loop {
            let t = self.tok()?;
            let Some((prec, right)) = binop_prec(&t) else {
                return Ok(flags);
            };
            if prec < min {
                return Ok(flags);
            }
            self.advance();
            let next_min = if right { prec } else { prec + 1 };
            match t {
                Tok::And => {
                    self.ct_warn("&& operator");
                    let l = self.new_label()?;
                    self.code_gen.b(b'D');
                    self.code_gen.jump(b'Z', l);
                    self.code_gen.b(b'p');
                    let r = self.expr(next_min)?;
                    if (flags | r) & EX_VOID != 0 {
                        self.yyerror("void expression with &&");
                    }
                    self.code_gen.b(b'D');
                    self.code_gen.jump(b'Z', l);
                    self.code_gen.b(b'p');
                    self.code_gen.b(b'1');
                    self.code_gen.label(l);
                    flags = (flags | r) & !EX_PAREN;
                }
                Tok::Or => {
                    self.ct_warn("|| operator");
                    let l = self.new_label()?;
                    self.code_gen.jump(b'B', l);
                    let r = self.expr(next_min)?;
                    if (flags | r) & EX_VOID != 0 {
                        self.yyerror("void expression with ||");
                    }
                    let tmp = self.new_label()?;
                    self.code_gen.jump(b'B', l);
                    self.code_gen.b(b'0');
                    self.code_gen.jump(b'J', tmp);
                    self.code_gen.label(l);
                    self.code_gen.b(b'1');
                    self.code_gen.label(tmp);
                    flags = (flags | r) & !EX_PAREN;
                }
                Tok::Rel(op) => {
                    let r = self.expr(next_min)?;
                    if (flags | r) & EX_VOID != 0 {
                        self.yyerror("void expression with comparison");
                    }
                    self.code_gen.b(match op {
                        "==" => b'=',
                        "!=" => b'#',
                        "<=" => b'{',
                        "<" => b'<',
                        ">=" => b'}',
                        _ => b'>',
                    });
                    flags = EX_REG | EX_COMP;
                }
                Tok::P(c) => {
                    let r = self.expr(next_min)?;
                    if (flags | r) & EX_VOID != 0 {
                        self.yyerror(&format!("void expression with {}", c as char));
                    }
                    self.code_gen.b(c);
                    flags = (flags | r) & !EX_PAREN;
                }
                _ => return Err(Stop::Syntax),
            }
        }
    }

    /// A primary or prefix expression (and an assignment, which binds at the name).
    fn prefix(&mut self) -> Result<u32, Stop> {
        let t = self.tok()?;
        match t {
            Tok::Not => {
                self.advance();
                let f = self.expr(PREC_REL)?;
                if f & EX_VOID != 0 {
                    self.yyerror("void expression with !");
                }
                self.ct_warn("! operator");
                self.code_gen.b(b'!');
                Ok(f & !EX_PAREN)
            }
            Tok::P(b'-') => {
                self.advance();
                let f = self.expr(PREC_UNARY + 1)?;
                if f & EX_VOID != 0 {
                    self.yyerror("void expression with unary -");
                }
                self.code_gen.b(b'n');
                Ok(f & !EX_PAREN)
            }
            Tok::P(b'(') => {
                self.advance();
                let f = self.expr(0)?;
                self.expect(Tok::P(b')'))?;
                if f & EX_VOID != 0 {
                    self.yyerror("void expression in parenthesis");
                }
                Ok(f | EX_REG | EX_PAREN)
            }
            Tok::Num(s) => {
                self.advance();
                if s == "0" {
                    self.code_gen.b(b'0');
                } else if s == "1" {
                    self.code_gen.b(b'1');
                } else {
                    self.code_gen.b(b'K');
                    let std = self.opts.std_only;
                    let warn = self.opts.warn;
                    let mut bad = false;
                    for c in s.bytes() {
                        if c == b'.' {
                            self.code_gen.b(b'.');
                        } else if c >= b'A' {
                            if c > b'F' && (warn || std) {
                                bad = true;
                            }
                            self.code_gen.b(c + 10 - b'A');
                        } else {
                            self.code_gen.b(c - b'0');
                        }
                    }
                    self.code_gen.b(b':');
                    if bad {
                        if std {
                            self.yyerror("Error in numeric constant");
                        } else {
                            self.ct_warn("Non-standard base in numeric constant");
                        }
                    }
                }
                Ok(EX_REG)
            }
            Tok::IncDec(c) => {
                self.advance();
                let n = self.named()?;
                match n {
                    Named::Array(a) => {
                        self.code_gen.b(b'D');
                        self.code_gen.op_n(if c == b'+' { b'A' } else { b'M' }, a);
                        self.code_gen.op_n(b'L', a);
                    }
                    Named::Var(v) => {
                        self.code_gen.op_n(if c == b'+' { b'i' } else { b'd' }, v);
                        self.code_gen.op_n(b'l', v);
                    }
                }
                Ok(EX_REG)
            }
            Tok::Kw(Kw::Length) | Tok::Kw(Kw::Sqrt) => {
                self.advance();
                self.expect(Tok::P(b'('))?;
                let f = self.expr(0)?;
                self.expect(Tok::P(b')'))?;
                let (what, code) = if t == Tok::Kw(Kw::Length) {
                    ("length", b'L')
                } else {
                    ("sqrt", b'R')
                };
                if f & EX_VOID != 0 {
                    self.yyerror(&format!("void expression in {what}()"));
                }
                self.code_gen.b(b'c');
                self.code_gen.b(code);
                Ok(EX_REG)
            }
            Tok::Kw(Kw::Scale) if self.peek2_is(&Tok::P(b'(')) => {
                self.advance();
                self.advance();
                let f = self.expr(0)?;
                self.expect(Tok::P(b')'))?;
                if f & EX_VOID != 0 {
                    self.yyerror("void expression in scale()");
                }
                self.code_gen.s(b"cS");
                Ok(EX_REG)
            }
            Tok::Kw(Kw::Read) | Tok::Kw(Kw::Random) => {
                self.advance();
                self.expect(Tok::P(b'('))?;
                self.expect(Tok::P(b')'))?;
                if t == Tok::Kw(Kw::Read) {
                    self.ct_warn("read function");
                    self.code_gen.s(b"cI");
                } else {
                    self.ct_warn("random function");
                    self.code_gen.s(b"cX");
                }
                Ok(EX_REG)
            }
            Tok::Name(name) if self.peek2_is(&Tok::P(b'(')) => {
                self.advance();
                self.advance();
                self.call(&name)
            }
            Tok::Name(_)
            | Tok::Kw(Kw::Ibase)
            | Tok::Kw(Kw::Obase)
            | Tok::Kw(Kw::Scale)
            | Tok::Kw(Kw::History)
            | Tok::Kw(Kw::Last) => {
                let n = self.named()?;
                match self.tok()? {
                    Tok::Assign(op) => {
                        self.advance();
                        self.enter(2)?;
                        if op != b'=' {
                            match n {
                                Named::Array(a) => {
                                    self.code_gen.b(b'D');
                                    self.code_gen.op_n(b'L', a);
                                }
                                Named::Var(v) => self.code_gen.op_n(b'l', v),
                            }
                        }
                        let f = self.expr(PREC_ASSIGN);
                        self.depth -= 2;
                        let f = f?;
                        if f & EX_VOID != 0 {
                            self.yyerror("Assignment of a void expression");
                        }
                        if op != b'=' {
                            self.code_gen.b(op);
                        }
                        match n {
                            Named::Array(a) => self.code_gen.op_n(b'S', a),
                            Named::Var(v) => self.code_gen.op_n(b's', v),
                        }
                        Ok(0)
                    }
                    Tok::IncDec(c) => {
                        self.advance();
                        match n {
                            Named::Array(a) => {
                                self.code_gen.b(b'D');
                                self.code_gen.op_n(b'L', a);
                                self.code_gen.b(b'x');
                                self.code_gen.op_n(if c == b'+' { b'A' } else { b'M' }, a);
                            }
                            Named::Var(v) => {
                                self.code_gen.op_n(b'l', v);
                                self.code_gen.op_n(if c == b'+' { b'i' } else { b'd' }, v);
                            }
                        }
                        Ok(EX_REG)
                    }
                    _ => {
                        match n {
                            Named::Array(a) => self.code_gen.op_n(b'L', a),
                            Named::Var(v) => self.code_gen.op_n(b'l', v),
                        }
                        Ok(EX_REG)
                    }
                }
            }
            _ => Err(Stop::Syntax),
        }
    }

    fn peek2_is(&self, t: &Tok) -> bool {
        matches!(self.peek2(), Ok(x) if x == t)
    }

    /// named_expression: a variable, an array element (its subscript code emitted), or one of
    /// the special variables.
    fn named(&mut self) -> Result<Named, Stop> {
        let t = self.tok()?;
        if !matches!(
            t,
            Tok::Name(_) | Tok::Kw(Kw::Ibase | Kw::Obase | Kw::Scale | Kw::History | Kw::Last)
        ) {
            return Err(Stop::Syntax);
        }
        self.advance();
        Ok(match t {
            Tok::Kw(Kw::Ibase) => Named::Var(0),
            Tok::Kw(Kw::Obase) => Named::Var(1),
            Tok::Kw(Kw::Scale) => Named::Var(2),
            Tok::Kw(Kw::History) => {
                self.ct_warn("History variable");
                Named::Var(3)
            }
            Tok::Kw(Kw::Last) => {
                self.ct_warn("Last variable");
                Named::Var(4)
            }
            Tok::Name(name) => {
                if self.tok()? == Tok::P(b'[') {
                    self.advance();
                    let f = self.expr(0)?;
                    self.expect(Tok::P(b']'))?;
                    if f & EX_VOID != 0 {
                        self.yyerror("void expression as subscript");
                    }
                    if f & EX_COMP != 0 {
                        self.ct_warn("comparison in subscript");
                    }
                    Named::Array(self.array(&name))
                } else {
                    Named::Var(self.var(&name))
                }
            }
            _ => return Err(Stop::Syntax),
        })
    }

    /// A call `NAME(args)`, the `(` already read.
    fn call(&mut self, name: &str) -> Result<u32, Stop> {
        let mut kinds: Vec<u8> = Vec::new();
        if self.tok()? != Tok::P(b')') {
            loop {
                let t = self.tok()?;
                let is_array_arg = matches!(t, Tok::Name(_))
                    && self.peek2_is(&Tok::P(b'['))
                    && matches!(
                        self.toks.get(self.pos + 2).map(|t| &t.tok),
                        Some(Tok::P(b']'))
                    );
                if matches!(t, Tok::Name(_))
                    && self.peek2_is(&Tok::P(b'['))
                    && self.toks.get(self.pos + 2).is_none()
                {
                    return Err(Stop::NeedMore);
                }
                if is_array_arg {
                    let Tok::Name(an) = t else {
                        return Err(Stop::Syntax);
                    };
                    self.pos += 3;
                    let a = self.array(&an);
                    self.code_gen.b(b'K');
                    for c in a.to_string().bytes() {
                        self.code_gen.b(c - b'0');
                    }
                    self.code_gen.b(b':');
                    kinds.push(b'1');
                } else {
                    let f = self.expr(0)?;
                    if f & EX_COMP != 0 {
                        self.ct_warn("comparison in argument");
                    }
                    if f & EX_VOID != 0 {
                        self.yyerror("void argument");
                    }
                    kinds.push(b'0');
                }
                if self.tok()? == Tok::P(b',') {
                    self.advance();
                } else {
                    break;
                }
            }
        }
        self.expect(Tok::P(b')'))?;
        let f = self.func(name, false);
        let void = self.prog.funcs_v[f].void;
        self.code_gen.op_n(b'C', f);
        kinds.reverse();
        self.code_gen.s(&kinds);
        self.code_gen.b(b':');
        Ok(if void { EX_VOID } else { EX_REG })
    }
}

enum Named {
    Var(usize),
    Array(usize),
}

const PREC_OR: u8 = 1;
const PREC_AND: u8 = 2;
const PREC_REL: u8 = 4;
const PREC_ASSIGN: u8 = 5;
const PREC_ADD: u8 = 6;
const PREC_MUL: u8 = 7;
const PREC_POW: u8 = 8;
const PREC_UNARY: u8 = 9;

/// Binary operators: (precedence, right-associative).
fn binop_prec(t: &Tok) -> Option<(u8, bool)> {
    Some(match t {
        Tok::Or => (PREC_OR, false),
        Tok::And => (PREC_AND, false),
        Tok::Rel(_) => (PREC_REL, false),
        Tok::P(b'+') | Tok::P(b'-') => (PREC_ADD, false),
        Tok::P(b'*') | Tok::P(b'/') | Tok::P(b'%') => (PREC_MUL, false),
        Tok::P(b'^') => (PREC_POW, true),
        _ => return None,
    })
}

/// Tokens that can begin a statement.
fn starts_stmt(t: &Tok) -> bool {
    starts_expr(t)
        || matches!(
            t,
            Tok::Str(_)
                | Tok::P(b'{')
                | Tok::Kw(
                    Kw::Warranty
                        | Kw::Limits
                        | Kw::Break
                        | Kw::Continue
                        | Kw::Quit
                        | Kw::Halt
                        | Kw::Return
                        | Kw::For
                        | Kw::If
                        | Kw::While
                        | Kw::Print
                )
        )
}

/// Tokens that can begin an expression.
fn starts_expr(t: &Tok) -> bool {
    matches!(
        t,
        Tok::Not
            | Tok::P(b'-')
            | Tok::P(b'(')
            | Tok::Num(_)
            | Tok::IncDec(_)
            | Tok::Name(_)
            | Tok::Kw(
                Kw::Length
                    | Kw::Sqrt
                    | Kw::Scale
                    | Kw::Read
                    | Kw::Random
                    | Kw::Ibase
                    | Kw::Obase
                    | Kw::History
                    | Kw::Last
            )
    )
}
