//! Recursive-descent parser for awk, producing the slot-resolved tree of [`super::ast`].
//!
//! Precedence follows POSIX (lowest first): `?:` and assignment, `||`, `&&`, `in`, `~ !~`,
//! comparisons and `| getline`, concatenation, `+ -`, `* / %`, unary `! - +`, `^`, `++ --`,
//! `$`, grouping. Inside `print` arguments a bare `>` is a redirection, not a comparison.
//! Nesting is bounded so that hostile programs get a syntax error instead of a stack overflow.

use rustc_hash::FxHashMap as HashMap;
use std::collections::VecDeque;

use super::ast::*;
use super::lexer::{Lexer, Tok};
use super::value::str_from;

const MAX_DEPTH: usize = 200;

pub struct ParseError {
    pub msg: String,
    pub line: u32,
    /// Where a syntax error was found (the offending token's offset in the program text),
    /// for gawk's caret display; [`NO_POS`] for errors about the program as a whole. (Kept
    /// to 32 bits with the line, so that results stay small in the deep recursion of parsing.)
    pub pos: u32,
}

/// [`ParseError::pos`] of an error that has no place in the text.
pub const NO_POS: u32 = u32::MAX;

type PResult<T> = Result<T, ParseError>;

struct FuncInfo {
    index: usize,
    defined: bool,
}

pub struct Parser<'a> {
    lx: Lexer<'a>,
    buf: VecDeque<(Tok, usize, usize)>,
    globals: HashMap<String, usize>,
    global_names: Vec<String>,
    locals: Option<HashMap<String, usize>>,
    local_arrays: Vec<bool>,
    funcs: HashMap<String, FuncInfo>,
    func_defs: Vec<Option<Func>>,
    func_names: Vec<String>,
    /// (caller function, caller param, callee, argument position) for array-ness propagation
    param_passes: Vec<(usize, usize, usize, usize)>,
    current_func: Option<usize>,
    /// The special rule whose action is being parsed (`BEGIN`, `END`, `BEGINFILE`,
    /// `ENDFILE`), where gawk refuses `next` (and `nextfile`, but in BEGINFILE).
    special_rule: Option<&'static str>,
    regexes: Vec<Vec<u8>>,
    nranges: usize,
    depth: usize,
    no_gt: bool,
    no_in: bool,
    in_loop: usize,
    /// The offset and line of the token [`Parser::advance`] returned last, for errors about it.
    last: (usize, usize),
    /// The program spans several lines: statements carry their line ([`Stmt::At`]) for
    /// run-time errors. A one-line program needs none, so its statements run unwrapped.
    lines: bool,
    /// gawk's "error:" findings that do not stop the parse (division by a constant zero):
    /// reported together at the end, before any syntax error.
    soft: Vec<ParseError>,
    /// Whether the program names `ENVIRON` (otherwise the interpreter leaves it empty).
    uses_environ: bool,
}

impl<'a> Parser<'a> {
    pub fn new(src: &'a [u8]) -> Parser<'a> {
        let mut p = Parser {
            lx: Lexer::new(src),
            buf: VecDeque::new(),
            globals: HashMap::default(),
            global_names: Vec::new(),
            locals: None,
            local_arrays: Vec::new(),
            funcs: HashMap::default(),
            func_defs: Vec::new(),
            func_names: Vec::new(),
            param_passes: Vec::new(),
            current_func: None,
            regexes: Vec::new(),
            nranges: 0,
            depth: 0,
            no_gt: false,
            no_in: false,
            in_loop: 0,
            special_rule: None,
            last: (0, 1),
            lines: src
                .iter()
                .rposition(|&b| b != b'\n')
                .is_some_and(|end| src[..end].contains(&b'\n')),
            soft: Vec::new(),
            uses_environ: false,
        };
        for n in special::NAMES {
            p.global(n);
        }
        p.uses_environ = false;
        p
    }

    fn global(&mut self, name: &str) -> usize {
        self.uses_environ |= name == "ENVIRON";
        if let Some(&i) = self.globals.get(name) {
            return i;
        }
        let i = self.global_names.len();
        self.global_names.push(name.to_string());
        self.globals.insert(name.to_string(), i);
        i
    }

    /// An error gawk reports without pointing into the source line.
    fn err_plain<T>(&self, msg: String) -> PResult<T> {
        Err(ParseError {
            msg,
            line: self.lx.line as u32,
            pos: NO_POS,
        })
    }

    fn err<T>(&self, msg: impl Into<String>) -> PResult<T> {
        let (pos, line) = self
            .buf
            .front()
            .map_or((self.lx.pos, self.lx.line), |t| (t.1, t.2));
        Err(ParseError {
            msg: msg.into(),
            line: line as u32,
            pos: pos as u32,
        })
    }

    fn fill(&mut self, n: usize) -> PResult<()> {
        while self.buf.len() <= n {
            let line = self.lx.line;
            match self.lx.next() {
                Ok((t, pos)) => self.buf.push_back((t, pos, line)),
                Err(msg) => {
                    return Err(ParseError {
                        msg,
                        line: line as u32,
                        pos: self.lx.start as u32,
                    });
                }
            }
        }
        Ok(())
    }

    fn peek(&mut self) -> PResult<&Tok> {
        self.fill(0)?;
        Ok(&self.buf[0].0)
    }

    fn peek_at(&mut self, n: usize) -> PResult<&Tok> {
        self.fill(n)?;
        Ok(&self.buf[n].0)
    }

    fn advance(&mut self) -> PResult<Tok> {
        self.fill(0)?;
        match self.buf.pop_front() {
            Some((t, pos, line)) => {
                self.last = (pos, line);
                Ok(t)
            }
            None => self.err("syntax error"),
        }
    }

    fn is(&mut self, t: &Tok) -> PResult<bool> {
        Ok(self.peek()? == t)
    }

    fn eat(&mut self, t: &Tok) -> PResult<bool> {
        if self.is(t)? {
            self.advance()?;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    fn expect(&mut self, t: &Tok) -> PResult<()> {
        if self.eat(t)? {
            Ok(())
        } else {
            let got = self.peek()?.clone();
            self.unexpected(&got)
        }
    }

    /// [`Parser::unexpected`] for the token just taken with [`Parser::advance`]: the caret goes
    /// under its start, as gawk puts it.
    fn unexpected_taken<T>(&self, t: &Tok) -> PResult<T> {
        self.at_taken(self.unexpected(t))
    }

    /// [`Parser::err`] about the token just taken with [`Parser::advance`].
    fn err_taken<T>(&self, msg: impl Into<String>) -> PResult<T> {
        self.at_taken(self.err(msg))
    }

    fn at_taken<T>(&self, r: PResult<T>) -> PResult<T> {
        r.map_err(|mut e| {
            e.pos = self.last.0 as u32;
            e.line = self.last.1 as u32;
            e
        })
    }

    fn unexpected<T>(&self, t: &Tok) -> PResult<T> {
        let what = match t {
            Tok::Newline => "unexpected newline or end of string".to_string(),
            Tok::Eof => "unexpected newline or end of string".to_string(),
            _ => "syntax error".to_string(),
        };
        self.err(what)
    }

    fn skip_newlines(&mut self) -> PResult<()> {
        while self.is(&Tok::Newline)? {
            self.advance()?;
        }
        Ok(())
    }

    fn skip_terms(&mut self) -> PResult<()> {
        while matches!(self.peek()?, Tok::Newline | Tok::Semi) {
            self.advance()?;
        }
        Ok(())
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.err("program nesting too deep");
        }
        // A small --max-stack-bytes (or a pipeline stage's stack) can run out before the
        // fixed bound.
        if sandsh_api::stack::exhausted() {
            return self.err(
                "program nesting too deep: limit exceeded: stack bytes; raise with --max-stack-bytes",
            );
        }
        Ok(())
    }

    fn parse_program_inner(&mut self) -> PResult<Program> {
        let mut items = Vec::new();
        loop {
            self.skip_terms()?;
            if self.is(&Tok::Eof)? {
                break;
            }
            match self.peek()?.clone() {
                Tok::Function => self.function()?,
                Tok::Begin => {
                    self.advance()?;
                    self.skip_newlines()?;
                    if !self.is(&Tok::LBrace)? {
                        return self.err("each rule must have a pattern or an action part");
                    }
                    self.special_rule = Some("BEGIN");
                    let body = self.block();
                    self.special_rule = None;
                    let body = body?;
                    items.push(Item {
                        pattern: Pattern::Begin,
                        action: Some(body),
                    });
                }
                t @ (Tok::End | Tok::BeginFile | Tok::EndFile) => {
                    self.advance()?;
                    self.skip_newlines()?;
                    if !self.is(&Tok::LBrace)? {
                        return self.err("each rule must have a pattern or an action part");
                    }
                    let (pattern, name) = match t {
                        Tok::BeginFile => (Pattern::BeginFile, "BEGINFILE"),
                        Tok::EndFile => (Pattern::EndFile, "ENDFILE"),
                        _ => (Pattern::End, "END"),
                    };
                    self.special_rule = Some(name);
                    let body = self.block();
                    self.special_rule = None;
                    let body = body?;
                    items.push(Item {
                        pattern,
                        action: Some(body),
                    });
                }
                Tok::LBrace => {
                    let body = self.block()?;
                    items.push(Item {
                        pattern: Pattern::All,
                        action: Some(body),
                    });
                }
                _ => {
                    let e = self.expr()?;
                    let pattern = if self.eat(&Tok::Comma)? {
                        self.skip_newlines()?;
                        let e2 = self.expr()?;
                        self.nranges += 1;
                        Pattern::Range(e, e2, self.nranges - 1)
                    } else {
                        Pattern::Expr(e)
                    };
                    let action = if self.is(&Tok::LBrace)? {
                        Some(self.block()?)
                    } else {
                        match self.peek()? {
                            Tok::Newline | Tok::Semi | Tok::Eof => None,
                            t => {
                                let t = t.clone();
                                return self.unexpected(&t);
                            }
                        }
                    };
                    items.push(Item { pattern, action });
                }
            }
        }
        // gawk features this awk does not have fail loudly rather than be ignored
        for n in ["FIELDWIDTHS"] {
            if self.globals.contains_key(n) {
                return Err(ParseError {
                    msg: format!("fatal: gawk's {n} is not supported by this awk"),
                    line: self.lx.line as u32,
                    pos: NO_POS,
                });
            }
        }
        // resolve functions
        let mut funcs = Vec::new();
        for (name, info) in &self.funcs {
            if !info.defined && name == "switch" {
                return Err(ParseError {
                    msg: "fatal: gawk's switch statement is not supported by this awk".into(),
                    line: self.lx.line as u32,
                    pos: NO_POS,
                });
            }
            if !info.defined {
                return Err(ParseError {
                    msg: format!("fatal: function `{name}' not defined"),
                    line: self.lx.line as u32,
                    pos: NO_POS,
                });
            }
        }
        // propagate array-ness of parameters passed on to array parameters
        loop {
            let mut changed = false;
            for &(caller, p, callee, pos) in &self.param_passes {
                let callee_arr = self.func_defs[callee]
                    .as_ref()
                    .and_then(|f| f.array_params.get(pos).copied())
                    .unwrap_or(false);
                if callee_arr
                    && let Some(f) = self.func_defs[caller].as_mut()
                    && p < f.array_params.len()
                    && !f.array_params[p]
                {
                    f.array_params[p] = true;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        for f in std::mem::take(&mut self.func_defs) {
            match f {
                Some(f) => funcs.push(f),
                None => {
                    return Err(ParseError {
                        msg: "function called but never defined".into(),
                        line: self.lx.line as u32,
                        pos: NO_POS,
                    });
                }
            }
        }
        let needs_input = items.iter().any(|i| !matches!(i.pattern, Pattern::Begin));
        let has_file_rules = items
            .iter()
            .any(|i| matches!(i.pattern, Pattern::BeginFile | Pattern::EndFile));
        Ok(Program {
            items,
            funcs,
            globals: std::mem::take(&mut self.global_names),
            regexes: std::mem::take(&mut self.regexes),
            nranges: self.nranges,
            needs_input,
            has_file_rules,
            uses_environ: self.uses_environ,
        })
    }

    fn func_index(&mut self, name: &str) -> usize {
        if let Some(f) = self.funcs.get(name) {
            return f.index;
        }
        let index = self.func_defs.len();
        self.func_defs.push(None);
        self.func_names.push(name.to_string());
        self.funcs.insert(
            name.to_string(),
            FuncInfo {
                index,
                defined: false,
            },
        );
        index
    }

    fn function(&mut self) -> PResult<()> {
        self.advance()?;
        let line = self.lx.line;
        let name = match self.advance()? {
            Tok::Name(n) | Tok::FuncName(n) => n,
            Tok::Builtin(n) => {
                return self.err_taken(format!(
                    "`{n}' is a built-in function, it cannot be redefined"
                ));
            }
            t => return self.unexpected_taken(&t),
        };
        // gawk's "error:" messages name no token: no source line, no caret.
        let error = |msg: String| {
            Err(ParseError {
                msg: format!("error: {msg}"),
                line: line as u32,
                pos: NO_POS,
            })
        };
        if (self.globals.contains_key(&name) && special::NAMES.contains(&name.as_str()))
            || self.funcs.get(&name).is_some_and(|f| f.defined)
        {
            return error(format!("function name `{name}' previously defined"));
        }
        let idx = self.func_index(&name);
        self.expect(&Tok::LParen)?;
        let mut params: HashMap<String, usize> = HashMap::default();
        let mut n = 0;
        if !self.eat(&Tok::RParen)? {
            loop {
                self.skip_newlines()?;
                match self.advance()? {
                    Tok::Name(p) | Tok::FuncName(p) => {
                        if p == name {
                            return error(format!(
                                "function `{name}': cannot use function name as parameter name"
                            ));
                        }
                        if special::NAMES.contains(&p.as_str()) {
                            return error(format!(
                                "function `{name}': cannot use special variable `{p}' as a \
                                 function parameter"
                            ));
                        }
                        if let Some(&first) = params.get(&p) {
                            return error(format!(
                                "function `{name}': parameter #{}, `{p}', duplicates parameter \
                                 #{}",
                                n + 1,
                                first + 1
                            ));
                        }
                        params.insert(p, n);
                        n += 1;
                    }
                    t => return self.unexpected_taken(&t),
                }
                self.skip_newlines()?;
                if self.eat(&Tok::RParen)? {
                    break;
                }
                self.expect(&Tok::Comma)?;
            }
        }
        self.skip_newlines()?;
        let mut names = vec![String::new(); n];
        for (p, &i) in &params {
            names[i] = p.clone();
        }
        self.locals = Some(params);
        self.local_arrays = vec![false; n];
        self.current_func = Some(idx);
        if let Some(f) = self.funcs.get_mut(&name) {
            f.defined = true;
        }
        // placeholder so recursive calls see the arity
        self.func_defs[idx] = Some(Func {
            name: name.clone(),
            nparams: n,
            params: names,
            array_params: vec![false; n],
            body: Vec::new(),
        });
        let body = self.block()?;
        let arrays = std::mem::take(&mut self.local_arrays);
        self.locals = None;
        self.current_func = None;
        if let Some(f) = self.func_defs[idx].as_mut() {
            f.body = body;
            for (i, a) in arrays.into_iter().enumerate() {
                f.array_params[i] |= a;
            }
        }
        Ok(())
    }

    fn var(&mut self, name: &str) -> Var {
        if let Some(l) = &self.locals
            && let Some(&i) = l.get(name)
        {
            return Var::Local(i);
        }
        Var::Global(self.global(name))
    }

    fn array_var(&mut self, name: &str) -> Var {
        let v = self.var(name);
        if let Var::Local(i) = v
            && i < self.local_arrays.len()
        {
            self.local_arrays[i] = true;
        }
        v
    }

    fn block(&mut self) -> PResult<Vec<Stmt>> {
        self.enter()?;
        self.expect(&Tok::LBrace)?;
        let mut out = Vec::new();
        loop {
            self.skip_terms()?;
            if self.eat(&Tok::RBrace)? {
                break;
            }
            if self.is(&Tok::Eof)? {
                return self.err("unexpected newline or end of string");
            }
            out.push(self.stmt()?);
        }
        self.depth -= 1;
        Ok(out)
    }

    /// A statement terminator: `;`, newline, or before `}` / end.
    fn end_simple(&mut self) -> PResult<()> {
        match self.peek()? {
            Tok::Semi | Tok::Newline => {
                self.advance()?;
                Ok(())
            }
            Tok::RBrace | Tok::Eof => Ok(()),
            t => {
                let t = t.clone();
                self.unexpected(&t)
            }
        }
    }

    fn stmt(&mut self) -> PResult<Stmt> {
        self.enter()?;
        self.fill(0)?;
        let line = self.buf[0].2 as u32;
        let s = self.stmt_inner()?;
        self.depth -= 1;
        Ok(match s {
            Stmt::Block(_) => s,
            s if self.lines => Stmt::At(line, Box::new(s)),
            s => s,
        })
    }

    fn body(&mut self) -> PResult<Stmt> {
        self.skip_newlines()?;
        if self.eat(&Tok::Semi)? {
            return Ok(Stmt::Block(Vec::new()));
        }
        self.stmt()
    }

    fn stmt_inner(&mut self) -> PResult<Stmt> {
        match self.peek()?.clone() {
            Tok::FuncName(n) if n == "switch" => {
                self.err("fatal: gawk's switch statement is not supported by this awk")
            }
            Tok::LBrace => Ok(Stmt::Block(self.block()?)),
            Tok::Semi => {
                self.advance()?;
                Ok(Stmt::Block(Vec::new()))
            }
            Tok::If => {
                self.advance()?;
                self.expect(&Tok::LParen)?;
                let c = self.expr()?;
                self.expect(&Tok::RParen)?;
                let then = self.body()?;
                // look past newlines and one `;` for else
                let mut k = 0;
                while matches!(self.peek_at(k)?, Tok::Newline | Tok::Semi) {
                    k += 1;
                }
                if self.peek_at(k)? == &Tok::Else {
                    for _ in 0..=k {
                        self.advance()?;
                    }
                    let els = self.body()?;
                    return Ok(Stmt::If(c, Box::new(then), Some(Box::new(els))));
                }
                Ok(Stmt::If(c, Box::new(then), None))
            }
            Tok::While => {
                self.advance()?;
                self.expect(&Tok::LParen)?;
                let c = self.expr()?;
                self.expect(&Tok::RParen)?;
                if self.is(&Tok::Semi)? {
                    self.advance()?;
                    return Ok(Stmt::While(c, Box::new(Stmt::Block(Vec::new()))));
                }
                self.in_loop += 1;
                let b = self.body()?;
                self.in_loop -= 1;
                Ok(Stmt::While(c, Box::new(b)))
            }
            Tok::Do => {
                self.advance()?;
                self.in_loop += 1;
                let b = self.body()?;
                self.in_loop -= 1;
                self.skip_terms()?;
                self.expect(&Tok::While)?;
                self.expect(&Tok::LParen)?;
                let c = self.expr()?;
                self.expect(&Tok::RParen)?;
                self.end_simple()?;
                Ok(Stmt::Do(Box::new(b), c))
            }
            Tok::For => {
                self.advance()?;
                self.expect(&Tok::LParen)?;
                // for (k in a), for (k in a[i]…)
                if let Tok::Name(k) = self.peek()?.clone()
                    && self.peek_at(1)? == &Tok::In
                    && let Tok::Name(a) = self.peek_at(2)?.clone()
                    && matches!(self.peek_at(3)?, Tok::RParen | Tok::LBracket)
                {
                    for _ in 0..3 {
                        self.advance()?;
                    }
                    let kv = if k == "NF" {
                        LValue::Nf
                    } else {
                        LValue::Var(self.var(&k))
                    };
                    let av = self.arr_operand(&a)?;
                    self.expect(&Tok::RParen)?;
                    self.in_loop += 1;
                    let b = self.body()?;
                    self.in_loop -= 1;
                    return Ok(Stmt::ForIn(kv, av, Box::new(b)));
                }
                let init = if self.is(&Tok::Semi)? {
                    None
                } else {
                    Some(Box::new(self.simple_stmt()?))
                };
                self.expect(&Tok::Semi)?;
                self.skip_newlines()?;
                let cond = if self.is(&Tok::Semi)? {
                    None
                } else {
                    Some(self.expr()?)
                };
                self.expect(&Tok::Semi)?;
                self.skip_newlines()?;
                let step = if self.is(&Tok::RParen)? {
                    None
                } else {
                    Some(Box::new(self.simple_stmt()?))
                };
                self.expect(&Tok::RParen)?;
                if self.is(&Tok::Semi)? {
                    self.advance()?;
                    return Ok(Stmt::For(
                        init,
                        cond,
                        step,
                        Box::new(Stmt::Block(Vec::new())),
                    ));
                }
                self.in_loop += 1;
                let b = self.body()?;
                self.in_loop -= 1;
                Ok(Stmt::For(init, cond, step, Box::new(b)))
            }
            _ => {
                let s = self.simple_stmt()?;
                self.end_simple()?;
                Ok(s)
            }
        }
    }

    fn simple_stmt(&mut self) -> PResult<Stmt> {
        match self.peek()?.clone() {
            Tok::Print | Tok::Printf => {
                let is_printf = self.advance()? == Tok::Printf;
                let mut args = Vec::new();
                let saved = self.no_gt;
                self.no_gt = true;
                if !matches!(
                    self.peek()?,
                    Tok::Semi
                        | Tok::Newline
                        | Tok::RBrace
                        | Tok::Gt
                        | Tok::Append
                        | Tok::Pipe
                        | Tok::Eof
                ) {
                    args.push(self.expr()?);
                    while self.eat(&Tok::Comma)? {
                        self.skip_newlines()?;
                        args.push(self.expr()?);
                    }
                }
                self.no_gt = saved;
                if args.len() == 1
                    && let Expr::Grouping(_) = &args[0]
                    && let Some(Expr::Grouping(list)) = args.pop()
                {
                    args = list;
                }
                if self.is(&Tok::PipeAmp)? {
                    return self
                        .err("fatal: gawk's coprocesses (|&) are not supported by this awk");
                }
                let redir = match self.peek()? {
                    Tok::Gt | Tok::Append | Tok::Pipe => {
                        let kind = match self.advance()? {
                            Tok::Gt => RedirKind::File,
                            Tok::Append => RedirKind::Append,
                            _ => RedirKind::Pipe,
                        };
                        let saved = self.no_gt;
                        self.no_gt = true;
                        let target = self.concat()?;
                        self.no_gt = saved;
                        Some((kind, target))
                    }
                    _ => None,
                };
                if is_printf {
                    if args.is_empty() {
                        return self.err("printf: no format");
                    }
                    Ok(Stmt::Printf(args, redir))
                } else {
                    Ok(Stmt::Print(args, redir))
                }
            }
            Tok::Next => {
                if let Some(rule) = self.special_rule {
                    return self.err_plain(format!("error: `next' used in {rule} action"));
                }
                self.advance()?;
                Ok(Stmt::Next)
            }
            Tok::NextFile => {
                if let Some(rule) = self.special_rule.filter(|r| *r != "BEGINFILE") {
                    return self.err_plain(format!("error: `nextfile' used in {rule} action"));
                }
                self.advance()?;
                Ok(Stmt::NextFile)
            }
            Tok::Break => {
                self.advance()?;
                if self.in_loop == 0 {
                    return self.err("`break' is not allowed outside a loop or switch");
                }
                Ok(Stmt::Break)
            }
            Tok::Continue => {
                self.advance()?;
                if self.in_loop == 0 {
                    return self.err("`continue' is not allowed outside a loop");
                }
                Ok(Stmt::Continue)
            }
            Tok::Exit => {
                self.advance()?;
                if matches!(
                    self.peek()?,
                    Tok::Semi | Tok::Newline | Tok::RBrace | Tok::Eof
                ) {
                    Ok(Stmt::Exit(None))
                } else {
                    Ok(Stmt::Exit(Some(self.expr()?)))
                }
            }
            Tok::Return => {
                self.advance()?;
                if self.locals.is_none() {
                    return self.err("`return' used outside function context");
                }
                if matches!(
                    self.peek()?,
                    Tok::Semi | Tok::Newline | Tok::RBrace | Tok::Eof
                ) {
                    Ok(Stmt::Return(None))
                } else {
                    Ok(Stmt::Return(Some(self.expr()?)))
                }
            }
            Tok::Delete => {
                self.advance()?;
                let paren = self.eat(&Tok::LParen)?;
                let name = match self.advance()? {
                    Tok::Name(n) => n,
                    t => return self.unexpected_taken(&t),
                };
                let mut v = self.arr_operand(&name)?;
                let subs = v.path.pop();
                if paren {
                    self.expect(&Tok::RParen)?;
                }
                Ok(Stmt::Delete(v, subs))
            }
            _ => Ok(Stmt::Expr(self.expr()?)),
        }
    }

    /// An array named `name`, with the `[…]` that follow it (a subarray, gawk's arrays of
    /// arrays): `a`, `a[i]`, `a[i][j]`… as the array operand of `in`, `for`, `delete`.
    fn arr_operand(&mut self, name: &str) -> PResult<ArrRef> {
        let var = self.array_var(name);
        let mut path = Vec::new();
        while self.eat(&Tok::LBracket)? {
            path.push(self.subscripts()?);
        }
        Ok(ArrRef { var, path })
    }

    /// After `name` when a `[` follows: the element `name[…]…[…]`.
    fn element(&mut self, name: &str) -> PResult<(ArrRef, Vec<Expr>)> {
        let mut r = self.arr_operand(name)?;
        let subs = r.path.pop().unwrap_or_default();
        Ok((r, subs))
    }

    fn subscripts(&mut self) -> PResult<Vec<Expr>> {
        let saved = (self.no_gt, self.no_in);
        self.no_gt = false;
        self.no_in = false;
        let mut v = vec![self.expr()?];
        while self.eat(&Tok::Comma)? {
            self.skip_newlines()?;
            v.push(self.expr()?);
        }
        self.expect(&Tok::RBracket)?;
        (self.no_gt, self.no_in) = saved;
        Ok(v)
    }

    // ---- expressions ----

    pub fn expr(&mut self) -> PResult<Expr> {
        self.enter()?;
        let e = self.ternary()?;
        let r = self.maybe_assign(e);
        self.depth -= 1;
        r
    }

    fn maybe_assign(&mut self, e: Expr) -> PResult<Expr> {
        let op = match self.peek()? {
            Tok::Assign => None,
            Tok::AddAssign => Some(BinOp::Add),
            Tok::SubAssign => Some(BinOp::Sub),
            Tok::MulAssign => Some(BinOp::Mul),
            Tok::DivAssign => Some(BinOp::Div),
            Tok::ModAssign => Some(BinOp::Mod),
            Tok::PowAssign => Some(BinOp::Pow),
            _ => return Ok(e),
        };
        let Some(lv) = to_lvalue(&e) else {
            return Ok(e);
        };
        self.advance()?;
        self.skip_newlines()?;
        let rhs = self.expr()?;
        Ok(match op {
            None => Expr::Assign(Box::new(lv), Box::new(rhs)),
            Some(op) => Expr::AugAssign(op, Box::new(lv), Box::new(rhs)),
        })
    }

    fn ternary(&mut self) -> PResult<Expr> {
        let c = self.or()?;
        if self.eat(&Tok::Question)? {
            self.skip_newlines()?;
            let a = self.expr()?;
            self.skip_newlines()?;
            self.expect(&Tok::Colon)?;
            self.skip_newlines()?;
            let b = self.expr()?;
            return Ok(Expr::Cond(Box::new(c), Box::new(a), Box::new(b)));
        }
        Ok(c)
    }

    fn or(&mut self) -> PResult<Expr> {
        let mut l = self.and()?;
        while self.eat(&Tok::Or)? {
            self.skip_newlines()?;
            let r = self.and()?;
            let r = self.maybe_assign(r)?;
            l = Expr::Or(Box::new(l), Box::new(r));
        }
        Ok(l)
    }

    fn and(&mut self) -> PResult<Expr> {
        let mut l = self.in_expr()?;
        while self.eat(&Tok::And)? {
            self.skip_newlines()?;
            let r = self.in_expr()?;
            let r = self.maybe_assign(r)?;
            l = Expr::And(Box::new(l), Box::new(r));
        }
        Ok(l)
    }

    fn in_expr(&mut self) -> PResult<Expr> {
        let mut l = self.matching()?;
        while !self.no_in && self.is(&Tok::In)? {
            self.advance()?;
            let name = match self.advance()? {
                Tok::Name(n) => n,
                t => return self.unexpected_taken(&t),
            };
            let v = self.arr_operand(&name)?;
            let subs = match l {
                Expr::Grouping(list) => list,
                e => vec![e],
            };
            l = Expr::In(subs, Box::new(v));
        }
        Ok(l)
    }

    fn matching(&mut self) -> PResult<Expr> {
        let mut l = self.comparison()?;
        loop {
            let neg = match self.peek()? {
                Tok::Tilde => false,
                Tok::NoMatch => true,
                _ => break,
            };
            self.advance()?;
            let r = self.comparison()?;
            l = Expr::Match(neg, Box::new(l), Box::new(r));
        }
        Ok(l)
    }

    fn comparison(&mut self) -> PResult<Expr> {
        let mut l = self.concat()?;
        loop {
            let t = self.peek()?.clone();
            let op = match t {
                Tok::Lt => CmpOp::Lt,
                Tok::Le => CmpOp::Le,
                Tok::Ne => CmpOp::Ne,
                Tok::Eq => CmpOp::Eq,
                Tok::Ge => CmpOp::Ge,
                Tok::Gt if !self.no_gt => CmpOp::Gt,
                Tok::PipeAmp => {
                    return self
                        .err("fatal: gawk's coprocesses (|&) are not supported by this awk");
                }
                Tok::Pipe if *self.peek_at(1)? == Tok::Getline => {
                    self.advance()?;
                    self.advance()?;
                    let var = self.getline_var()?;
                    l = Expr::Getline(GetlineSrc::Cmd, Some(Box::new(l)), var.map(Box::new));
                    continue;
                }
                _ => break,
            };
            self.advance()?;
            let r = self.concat()?;
            l = Expr::Cmp(op, Box::new(l), Box::new(r));
        }
        Ok(l)
    }

    fn starts_operand(&mut self) -> PResult<bool> {
        Ok(match self.peek()? {
            Tok::Number(_)
            | Tok::Str(_)
            | Tok::Name(_)
            | Tok::FuncName(_)
            | Tok::Builtin(_)
            | Tok::Dollar
            | Tok::Not
            | Tok::LParen
            | Tok::Incr
            | Tok::Decr
            | Tok::Minus
            | Tok::Plus => true,
            Tok::In => false,
            _ => false,
        })
    }

    fn concat(&mut self) -> PResult<Expr> {
        let mut l = self.additive()?;
        loop {
            // a concatenation operand cannot start with + or - (that is arithmetic)
            if matches!(self.peek()?, Tok::Minus | Tok::Plus) || !self.starts_operand()? {
                break;
            }
            if self.is(&Tok::Getline)? {
                break;
            }
            let r = self.additive()?;
            l = Expr::Concat(Box::new(l), Box::new(r));
        }
        Ok(l)
    }

    fn additive(&mut self) -> PResult<Expr> {
        let mut l = self.multiplicative()?;
        loop {
            let op = match self.peek()? {
                Tok::Plus => BinOp::Add,
                Tok::Minus => BinOp::Sub,
                _ => break,
            };
            self.advance()?;
            let r = self.multiplicative()?;
            l = Expr::Bin(op, Box::new(l), Box::new(r));
        }
        Ok(l)
    }

    fn multiplicative(&mut self) -> PResult<Expr> {
        let mut l = self.unary()?;
        loop {
            let op = match self.peek()? {
                Tok::Star => BinOp::Mul,
                Tok::Slash => BinOp::Div,
                Tok::Percent => BinOp::Mod,
                _ => break,
            };
            self.advance()?;
            // gawk reports division by a constant zero while parsing, and runs nothing.
            let line = self.last.1 as u32;
            let zero = matches!(self.peek()?, Tok::Number(n) if *n == 0.0);
            let r = self.unary()?;
            if zero && matches!(r, Expr::Num(_)) && op != BinOp::Mul {
                let what = if op == BinOp::Mod { " in `%'" } else { "" };
                self.soft.push(ParseError {
                    msg: format!("error: division by zero attempted{what}"),
                    line,
                    pos: NO_POS,
                });
            }
            l = Expr::Bin(op, Box::new(l), Box::new(r));
        }
        Ok(l)
    }

    fn unary(&mut self) -> PResult<Expr> {
        self.enter()?;
        let r = match prefix_op(self.peek()?) {
            Some(op) => {
                self.advance()?;
                self.unary().map(|e| op(Box::new(e)))
            }
            None => self.power(),
        };
        self.depth -= 1;
        r
    }

    fn power(&mut self) -> PResult<Expr> {
        let base = self.postfix()?;
        if self.eat(&Tok::Caret)? {
            // right associative; the exponent may carry a unary sign
            self.enter()?;
            let e = match self.peek()? {
                Tok::Minus | Tok::Plus | Tok::Not => self.unary()?,
                _ => self.power()?,
            };
            self.depth -= 1;
            return Ok(Expr::Bin(BinOp::Pow, Box::new(base), Box::new(e)));
        }
        Ok(base)
    }

    fn postfix(&mut self) -> PResult<Expr> {
        let e = self.primary()?;
        if let Some(lv) = to_lvalue(&e) {
            if self.is(&Tok::Incr)? {
                self.advance()?;
                return Ok(Expr::PostIncr(1.0, Box::new(lv)));
            }
            if self.is(&Tok::Decr)? {
                self.advance()?;
                return Ok(Expr::PostIncr(-1.0, Box::new(lv)));
            }
        }
        Ok(e)
    }

    fn getline_var(&mut self) -> PResult<Option<LValue>> {
        match self.peek()?.clone() {
            Tok::Dollar => {
                self.advance()?;
                let e = self.field_operand()?;
                Ok(Some(LValue::Field(Box::new(e))))
            }
            Tok::Name(n) => {
                self.advance()?;
                if n == "NF" {
                    return Ok(Some(LValue::Nf));
                }
                if self.is(&Tok::LBracket)? {
                    let (v, s) = self.element(&n)?;
                    return Ok(Some(LValue::Index(Box::new(v), s)));
                }
                Ok(Some(LValue::Var(self.var(&n))))
            }
            _ => Ok(None),
        }
    }

    /// The operand of `$`: a primary, or `++x`/`--x`/`-x`.
    fn field_operand(&mut self) -> PResult<Expr> {
        self.enter()?;
        let r = match self.peek()? {
            Tok::Incr | Tok::Decr => {
                let d = if self.advance()? == Tok::Incr {
                    1.0
                } else {
                    -1.0
                };
                let e = self.field_operand()?;
                match to_lvalue(&e) {
                    Some(lv) => Ok(Expr::PreIncr(d, Box::new(lv))),
                    None => self.err("syntax error"),
                }
            }
            t => match prefix_op(t) {
                Some(op) => {
                    self.advance()?;
                    self.field_operand().map(|e| op(Box::new(e)))
                }
                None => self.primary(),
            },
        };
        self.depth -= 1;
        r
    }

    fn regex_literal(&mut self) -> PResult<Expr> {
        let pos = match self.buf.front() {
            Some((_, pos, _)) => *pos,
            None => return self.err("syntax error"),
        };
        self.buf.clear();
        let line = self.lx.line;
        let re = match self.lx.regex(pos) {
            Ok(r) => r,
            // gawk points just after the opening slash.
            Err(msg) => {
                return Err(ParseError {
                    msg,
                    line: line as u32,
                    pos: (pos + 1) as u32,
                });
            }
        };
        self.regexes.push(re);
        Ok(Expr::Regex(self.regexes.len() - 1))
    }

    fn primary(&mut self) -> PResult<Expr> {
        self.enter()?;
        let r = self.primary_inner();
        self.depth -= 1;
        r
    }

    fn primary_inner(&mut self) -> PResult<Expr> {
        let t = self.peek()?.clone();
        match t {
            Tok::Slash | Tok::DivAssign => self.regex_literal(),
            Tok::Number(n) => {
                self.advance()?;
                Ok(Expr::Num(n))
            }
            Tok::Str(s) => {
                self.advance()?;
                Ok(Expr::Str(str_from(&s)))
            }
            Tok::Dollar => {
                self.advance()?;
                let e = self.field_operand()?;
                Ok(Expr::Field(Box::new(e)))
            }
            Tok::Incr | Tok::Decr => {
                let d = if self.advance()? == Tok::Incr {
                    1.0
                } else {
                    -1.0
                };
                let e = self.primary()?;
                match to_lvalue(&e) {
                    Some(lv) => Ok(Expr::PreIncr(d, Box::new(lv))),
                    None => self.err("syntax error"),
                }
            }
            Tok::Not | Tok::Minus | Tok::Plus => self.unary(),
            Tok::LParen => {
                self.advance()?;
                let saved = (self.no_gt, self.no_in);
                self.no_gt = false;
                self.no_in = false;
                self.skip_newlines()?;
                let first = self.expr()?;
                let mut list = vec![first];
                while self.eat(&Tok::Comma)? {
                    self.skip_newlines()?;
                    list.push(self.expr()?);
                }
                self.skip_newlines()?;
                self.expect(&Tok::RParen)?;
                (self.no_gt, self.no_in) = saved;
                if list.len() == 1 {
                    let e = list.pop().unwrap_or(Expr::Num(0.0));
                    // keep `(x)` from being an lvalue target of `(x) = 1`? awk allows it.
                    return Ok(e);
                }
                if !self.is(&Tok::In)? && !self.no_gt {
                    // only print accepts a bare grouping
                }
                Ok(Expr::Grouping(list))
            }
            Tok::Getline => {
                self.advance()?;
                let var = self.getline_var()?;
                if self.eat(&Tok::Lt)? {
                    let f = self.getline_file()?;
                    return Ok(Expr::Getline(
                        GetlineSrc::File,
                        Some(Box::new(f)),
                        var.map(Box::new),
                    ));
                }
                Ok(Expr::Getline(GetlineSrc::Main, None, var.map(Box::new)))
            }
            Tok::FuncName(name) => {
                self.advance()?;
                self.expect(&Tok::LParen)?;
                let args = self.call_args()?;
                let idx = self.func_index(&name);
                if let Some(cur) = self.current_func {
                    for (pos, a) in args.iter().enumerate() {
                        if let Expr::Var(Var::Local(p)) = a {
                            self.param_passes.push((cur, *p, idx, pos));
                        }
                    }
                }
                Ok(Expr::Call(idx, args))
            }
            Tok::Builtin(name) => {
                self.advance()?;
                let b = Builtin::from_name(&name).unwrap_or(Builtin::Length);
                if !self.is(&Tok::LParen)? {
                    if b == Builtin::Length {
                        return Ok(Expr::Builtin(b, Vec::new()));
                    }
                    return self.err(format!("syntax error: `{name}' needs arguments"));
                }
                self.advance()?;
                let args = self.call_args()?;
                // arguments used as arrays
                let array_pos: &[usize] = match b {
                    Builtin::Split | Builtin::Patsplit => &[1, 3],
                    Builtin::Match => &[2],
                    Builtin::Asort | Builtin::Asorti => &[0, 1],
                    _ => &[],
                };
                for &p in array_pos {
                    if let Some(Expr::Var(Var::Local(i))) = args.get(p)
                        && *i < self.local_arrays.len()
                    {
                        self.local_arrays[*i] = true;
                    }
                }
                check_arity(b, args.len()).map_err(|m| ParseError {
                    msg: m,
                    line: self.lx.line as u32,
                    pos: NO_POS,
                })?;
                Ok(Expr::Builtin(b, args))
            }
            Tok::Name(name) => {
                self.advance()?;
                if self.is(&Tok::LBracket)? {
                    let (v, subs) = self.element(&name)?;
                    return Ok(Expr::Index(Box::new(v), subs));
                }
                if name == "NF" && self.locals.as_ref().is_none_or(|l| !l.contains_key("NF")) {
                    return Ok(Expr::Nf);
                }
                Ok(Expr::Var(self.var(&name)))
            }
            t => self.unexpected(&t),
        }
    }

    /// The file operand of `getline < file`: a primary with `$` (no concatenation).
    fn getline_file(&mut self) -> PResult<Expr> {
        self.primary()
    }

    fn call_args(&mut self) -> PResult<Vec<Expr>> {
        let saved = (self.no_gt, self.no_in);
        self.no_gt = false;
        self.no_in = false;
        let mut args = Vec::new();
        self.skip_newlines()?;
        if !self.eat(&Tok::RParen)? {
            loop {
                self.skip_newlines()?;
                args.push(self.expr()?);
                self.skip_newlines()?;
                if self.eat(&Tok::RParen)? {
                    break;
                }
                self.expect(&Tok::Comma)?;
            }
        }
        (self.no_gt, self.no_in) = saved;
        Ok(args)
    }
}

fn check_arity(b: Builtin, n: usize) -> Result<(), String> {
    use Builtin::*;
    let (lo, hi) = match b {
        Length => (0, 1),
        Substr => (2, 3),
        Index => (2, 2),
        Split => (2, 4),
        Sub | Gsub => (2, 3),
        Match => (2, 3),
        Sprintf => (1, usize::MAX),
        Sin | Cos | Exp | Log | Sqrt | Int => (1, 1),
        Atan2 => (2, 2),
        Rand | Systime => (0, 0),
        Srand => (0, 1),
        Tolower | Toupper | System => (1, 1),
        Close => (1, 2),
        Fflush => (0, 1),
        Gensub => (3, 4),
        Strftime => (0, 3),
        Mktime => (1, 2),
        Asort | Asorti => (1, 3),
        Patsplit => (2, 4),
        And | Or | Xor => (2, usize::MAX),
        Lshift | Rshift => (2, 2),
        Compl | Strtonum | Isarray | Typeof => (1, 1),
    };
    if n < lo || n > hi {
        return Err(format!("{b:?}: called with {n} arguments").to_lowercase());
    }
    Ok(())
}

/// The expression a prefix `!`, `-` or `+` makes of its operand.
fn prefix_op(t: &Tok) -> Option<fn(Box<Expr>) -> Expr> {
    match t {
        Tok::Not => Some(Expr::Not),
        Tok::Minus => Some(Expr::Neg),
        Tok::Plus => Some(Expr::UPlus),
        _ => None,
    }
}

pub fn to_lvalue(e: &Expr) -> Option<LValue> {
    Some(match e {
        Expr::Var(v) => LValue::Var(*v),
        Expr::Field(x) => LValue::Field(x.clone()),
        Expr::Index(v, s) => LValue::Index(v.clone(), s.clone()),
        Expr::Nf => LValue::Nf,
        _ => return None,
    })
}

/// The program, or every error found: gawk's non-fatal "error:" findings, then the syntax
/// error that stopped the parse, if any. Global variables `names` get slots whether the
/// program mentions them or not (a library's variables that `-v` may set: `-i inplace`'s
/// `INPLACE_SUFFIX`).
pub fn parse(src: &[u8], names: &[&str]) -> Result<Program, Vec<ParseError>> {
    let mut p = Parser::new(src);
    for n in names {
        p.global(n);
    }
    let r = p.parse_program_inner();
    let mut errors = std::mem::take(&mut p.soft);
    match r {
        Ok(prog) if errors.is_empty() => Ok(prog),
        Ok(_) => Err(errors),
        Err(e) => {
            errors.push(e);
            Err(errors)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn programs_parse() {
        for p in [
            "BEGIN { print 1 }",
            "{ print $1 > \"f\" }",
            "/a/,/b/",
            "function f(a, b) { return a + b }\nBEGIN { print f(1, 2) }",
            "BEGIN { while ((\"cmd\" | getline x) > 0) n++ }",
            "{ a[$1] = a[$1] ? a[$1] \",\" $2 : $2 }",
            "BEGIN { if (x) print 1; else print 2 }",
        ] {
            assert!(parse(p.as_bytes(), &[]).is_ok(), "{p}");
        }
    }

    #[test]
    fn errors_and_limits() {
        assert!(parse(b"BEGIN {", &[]).is_err());
        assert!(parse(b"{ print $1", &[]).is_err());
        assert!(parse(b"BEGIN { f() }", &[]).is_err());
        // On a thread with room to spare, so the fixed bound is met before the stack guard
        // (a test harness thread's 2 MiB runs out first in a debug build).
        let deep = format!("BEGIN {{ x = {}1{} }}", "(".repeat(5000), ")".repeat(5000));
        let e = std::thread::Builder::new()
            .stack_size(256 << 20)
            .spawn(move || parse(deep.as_bytes(), &[]).err().map(|e| e[0].msg.clone()))
            .unwrap()
            .join()
            .unwrap();
        assert_eq!(e.as_deref(), Some("program nesting too deep"));
    }
}
