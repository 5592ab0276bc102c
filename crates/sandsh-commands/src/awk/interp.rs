//! The tree-walking evaluator: statements, expressions, patterns, the main record loop.
//!
//! Variables live in slot vectors (globals, and one frame of locals per call), so evaluation
//! never looks a name up. Control flow (`next`, `exit`, `return`, `break`, fatal errors,
//! cancellation) travels as the `Err` side of results. Every loop checks cancellation, and
//! user-function recursion is bounded by a depth limit and by the stack actually used.

use std::cell::RefCell;
use std::rc::Rc;

use rustc_hash::FxHashMap;

use sandsh_api::ToolCtx;

use super::ast::special as sv;
use super::ast::*;
use super::io::{Output, Reader, RsMode};
use super::re::{self, Re};
use super::record::{Record, Splitter};
use super::value::{Str, Value, compare, empty_str, str_from};

pub use super::array::{Array, Cell};
use super::subarray::{array_as_scalar, scalar_as_array, scalar_param_as_array};

pub enum Flow {
    Next,
    NextFile,
    Exit,
    Return(Value),
    Break,
    Continue,
    Fatal(String),
    Cancelled,
    /// The memory budget is exhausted (its hook has stopped the run).
    Memory,
    /// The stack is nearly used up (THREAT DOS-STACK-1): a recursion stopped short of it.
    Stack,
}

pub type R<T> = Result<T, Flow>;

/// Strings from this size on are checked against the memory budget when pieced together.
const BIG_STRING: usize = 64 << 10;

/// Maximum user-function call depth.
const MAX_CALL_DEPTH: usize = 10_000;
/// Maximum stack the evaluator may use below its entry point.
/// (Commands run on the kernel's large interpreter stack or a 64 MiB pipeline-stage stack.)
const MAX_STACK_USE: usize = 16 << 20;
const OUT_FLUSH: usize = 64 * 1024;
/// Fields a record may be given by assignment (reading further fields costs nothing).
const MAX_FIELDS: usize = 1_000_000;

pub struct MainInput {
    pub argi: usize,
    pub reader: Option<Reader>,
    pub used_file: bool,
    pub finished: bool,
    /// A file's BEGINFILE rules ran and its ENDFILE rules have not.
    pub in_file: bool,
}

pub struct Interp<'c> {
    pub ctx: &'c mut dyn ToolCtx,
    /// The name the command was invoked by (`awk`, `gawk`), which its messages start with.
    pub me: &'c str,
    pub prog: &'c Program,
    pub globals: Vec<Cell>,
    pub locals: Vec<Cell>,
    pub frame: usize,
    /// The user function running (its parameters' names are in messages).
    cur_func: Option<usize>,
    /// The line of the statement running last, for the line that fatal errors name (1 in a
    /// one-line program).
    pub line: u32,
    /// Globals read as scalars while still untyped: gawk 5.2 makes such a variable a scalar,
    /// so a later `f[k]` is fatal (`f[length(f)+1] = x`).
    scalar_seen: Vec<bool>,
    pub call_depth: usize,
    pub stack_base: usize,
    pub regexes: Vec<Rc<Re>>,
    pub dyn_re: FxHashMap<Vec<u8>, Rc<Re>>,
    pub record: Record,
    pub splitter: Splitter,
    pub rs: RsMode,
    pub paragraph: bool,
    pub convfmt: Vec<u8>,
    pub ofmt: Vec<u8>,
    pub ofs: Vec<u8>,
    pub ors: Vec<u8>,
    pub subsep: Vec<u8>,
    pub icase: bool,
    pub nr: f64,
    pub fnr: f64,
    pub out: Vec<u8>,
    pub outputs: FxHashMap<Vec<u8>, Output>,
    pub inputs: FxHashMap<Vec<u8>, Reader>,
    pub cmd_status: FxHashMap<Vec<u8>, i32>,
    pub main: MainInput,
    pub ranges: Vec<bool>,
    pub exit_code: i32,
    /// The seed `srand` returns next; gawk starts from 1.
    pub rand_seed: i64,
    /// `None` until the first `rand()` or `srand()`: seeding costs 700 draws, and most
    /// programs never ask (gawk's initial seed is 0, `srandom(1)`'s state).
    pub rng_state: Option<super::builtins::RandState>,
    pub tmp_counter: u64,
    pub in_end: bool,
    pub rec_buf: Vec<u8>,
    pub rt_buf: Vec<u8>,
    pub filename_shown: Vec<u8>,
    pub fs_pending: Option<Value>,
    /// Fields come from FPAT (assigned after FS) rather than FS.
    pub fpat_mode: bool,
    pub pending_line: Vec<u8>,
    /// stdout's reader went away (status 141, as for SIGPIPE)
    pub broken_pipe: bool,
    /// slot of PROCINFO when the program mentions it
    pub procinfo: Option<usize>,
    /// gawk's `-i inplace`: where the main loop's standard output goes instead.
    pub inplace: Option<super::inplace::Inplace>,
    /// Where a fatal error points when not at a line of the program (`inplace:59`: gawk's
    /// library was running).
    pub fatal_place: Option<&'static str>,
}

pub fn fatal<T>(msg: impl Into<String>) -> R<T> {
    Err(Flow::Fatal(msg.into()))
}

impl<'c> Interp<'c> {
    pub fn new(
        ctx: &'c mut dyn ToolCtx,
        prog: &'c Program,
        me: &'c str,
    ) -> Result<Interp<'c>, String> {
        let mut regexes = Vec::with_capacity(prog.regexes.len());
        for r in &prog.regexes {
            regexes.push(Rc::new(re::compile(r, false)?));
        }
        let mut globals = vec![Cell::default(); prog.globals.len()];
        let s = |b: &[u8]| Cell::Val(Value::from_bytes(b));
        globals[sv::NR] = Cell::Val(Value::Num(0.0));
        globals[sv::FNR] = Cell::Val(Value::Num(0.0));
        globals[sv::FS] = s(b" ");
        globals[sv::OFS] = s(b" ");
        globals[sv::ORS] = s(b"\n");
        globals[sv::RS] = s(b"\n");
        globals[sv::FILENAME] = Cell::Val(Value::Uninit);
        globals[sv::SUBSEP] = s(b"\x1c");
        globals[sv::RSTART] = Cell::Val(Value::Num(0.0));
        globals[sv::RLENGTH] = Cell::Val(Value::Num(-1.0));
        globals[sv::CONVFMT] = s(b"%.6g");
        globals[sv::OFMT] = s(b"%.6g");
        globals[sv::IGNORECASE] = Cell::Val(Value::Num(0.0));
        globals[sv::FPAT] = s(b"[^[:space:]]+");
        globals[sv::RT] = Cell::Val(Value::Uninit);
        let mut env = Array::named(b"ENVIRON");
        if prog.uses_environ {
            for (k, v) in ctx.env() {
                env.insert(str_from(k.as_bytes()), Value::strnum(&v));
            }
        }
        globals[sv::ENVIRON] = Cell::Arr(Rc::new(RefCell::new(env)));
        globals[sv::ARGV] = Cell::Arr(Rc::new(RefCell::new(Array::named(b"ARGV"))));
        let stack_base = psm::stack_pointer() as usize;
        Ok(Interp {
            ctx,
            me,
            prog,
            // No statement has run yet: a fatal error then names no source line, as gawk's.
            line: 0,
            scalar_seen: vec![false; prog.globals.len()],
            globals,
            locals: Vec::new(),
            frame: 0,
            cur_func: None,
            call_depth: 0,
            stack_base,
            regexes,
            dyn_re: FxHashMap::default(),
            record: Record::default(),
            splitter: Splitter::Space,
            rs: RsMode::Byte(b'\n'),
            paragraph: false,
            convfmt: b"%.6g".to_vec(),
            ofmt: b"%.6g".to_vec(),
            ofs: b" ".to_vec(),
            ors: b"\n".to_vec(),
            subsep: b"\x1c".to_vec(),
            icase: false,
            nr: 0.0,
            fnr: 0.0,
            out: Vec::with_capacity(OUT_FLUSH + 1024),
            outputs: FxHashMap::default(),
            inputs: FxHashMap::default(),
            cmd_status: FxHashMap::default(),
            main: MainInput {
                argi: 1,
                reader: None,
                used_file: false,
                finished: false,
                in_file: false,
            },
            ranges: vec![false; prog.nranges],
            exit_code: 0,
            rand_seed: 1,
            rng_state: None,
            tmp_counter: 0,
            in_end: false,
            rec_buf: Vec::new(),
            rt_buf: Vec::new(),
            filename_shown: Vec::new(),
            fs_pending: None,
            fpat_mode: false,
            pending_line: Vec::new(),
            broken_pipe: false,
            procinfo: prog.globals.iter().position(|g| g == "PROCINFO"),
            inplace: None,
            fatal_place: None,
        })
    }

    // ---- output ----

    pub fn flush_out(&mut self) -> R<()> {
        if let Some(edit) = self.inplace.as_mut().and_then(|i| i.editing()) {
            edit.extend_from_slice(&self.out);
            self.out.clear();
            return Ok(());
        }
        if !self.out.is_empty() {
            let r = self.ctx.stdout().write_all(&self.out);
            self.out.clear();
            if r.is_err() {
                self.broken_pipe = true;
                return Err(Flow::Cancelled);
            }
        }
        Ok(())
    }

    #[inline]
    fn maybe_flush(&mut self) -> R<()> {
        if self.out.len() >= OUT_FLUSH {
            self.flush_out()?;
        }
        Ok(())
    }

    pub fn check_cancel(&self) -> R<()> {
        if self.ctx.is_cancelled() {
            return Err(Flow::Cancelled);
        }
        Ok(())
    }

    // ---- variables ----

    fn cell(&mut self, v: Var) -> &mut Cell {
        match v {
            Var::Global(i) => &mut self.globals[i],
            Var::Local(i) => &mut self.locals[self.frame + i],
        }
    }

    fn var_name(&self, v: Var) -> String {
        match v {
            Var::Global(i) => self.prog.globals.get(i).cloned().unwrap_or_default(),
            Var::Local(i) => self
                .cur_func
                .and_then(|f| self.prog.funcs[f].params.get(i).cloned())
                .unwrap_or_default(),
        }
    }

    /// gawk's "attempt to use array `…' in a scalar context" for the variable `v`: a
    /// parameter holding the caller's array is named `x (from a)`.
    fn array_in_scalar_context<T>(&mut self, v: Var) -> R<T> {
        let n = self.var_name(v);
        if let Var::Local(_) = v
            && let Cell::Arr(a) = self.cell(v)
        {
            let from = a.borrow().name();
            if from != n {
                return array_as_scalar(&format!("{n} (from {from})"));
            }
        }
        array_as_scalar(&n)
    }

    pub fn get_var(&mut self, v: Var) -> R<Value> {
        if let Var::Global(i) = v
            && matches!(self.globals.get(i), Some(Cell::Val(Value::Uninit)))
            && let Some(seen) = self.scalar_seen.get_mut(i)
        {
            *seen = true;
        }
        match self.cell(v) {
            Cell::Val(x) => Ok(x.clone()),
            Cell::Arr(_) => self.array_in_scalar_context(v),
        }
    }

    pub fn set_var(&mut self, v: Var, val: Value) -> R<()> {
        match self.cell(v) {
            Cell::Val(x) => *x = val,
            Cell::Arr(_) => return self.array_in_scalar_context(v),
        }
        if let Var::Global(i) = v
            && i < sv::NAMES.len()
        {
            self.special_assigned(i)?;
        }
        Ok(())
    }

    pub fn array(&mut self, v: Var) -> R<Rc<RefCell<Array>>> {
        let read_as_scalar = matches!(v, Var::Global(i) if self.scalar_seen.get(i) == Some(&true));
        match self.cell(v) {
            Cell::Arr(a) => Ok(a.clone()),
            Cell::Val(Value::Uninit) if !read_as_scalar => {
                let n = self.var_name(v);
                let a = Rc::new(RefCell::new(Array::named(n.as_bytes())));
                *self.cell(v) = Cell::Arr(a.clone());
                Ok(a)
            }
            Cell::Val(_) => {
                let n = self.var_name(v);
                match v {
                    Var::Local(_) => scalar_param_as_array(&n),
                    Var::Global(_) => scalar_as_array(&n),
                }
            }
        }
    }

    fn special_assigned(&mut self, i: usize) -> R<()> {
        let val = match &self.globals[i] {
            Cell::Val(v) => v.clone(),
            Cell::Arr(_) => return Ok(()),
        };
        match i {
            sv::NR => self.nr = val.to_num(),
            sv::FNR => self.fnr = val.to_num(),
            sv::FS => {
                // the current record keeps the fields FS gave it when it was read
                self.record.ensure_split(&self.splitter, self.paragraph);
                self.fs_pending = Some(val);
                self.fpat_mode = false;
                self.apply_fs()?;
            }
            sv::FPAT => {
                self.record.ensure_split(&self.splitter, self.paragraph);
                self.fpat_mode = true;
                self.apply_fs()?;
            }
            sv::OFS => self.ofs = val.to_str_with(&self.convfmt).to_vec(),
            sv::ORS => self.ors = val.to_str_with(&self.convfmt).to_vec(),
            sv::SUBSEP => self.subsep = val.to_str_with(&self.convfmt).to_vec(),
            sv::CONVFMT => self.convfmt = val.to_str_with(b"%.6g").to_vec(),
            sv::OFMT => self.ofmt = val.to_str_with(&self.convfmt).to_vec(),
            sv::RS => {
                let s = val.to_str_with(&self.convfmt);
                self.set_rs(&s)?;
            }
            sv::IGNORECASE => {
                let on = val.truthy();
                if on != self.icase {
                    self.icase = on;
                    self.dyn_re.clear();
                    let mut v = Vec::new();
                    for r in &self.prog.regexes {
                        match re::compile(r, on) {
                            Ok(x) => v.push(Rc::new(x)),
                            Err(e) => return fatal(e),
                        }
                    }
                    self.regexes = v;
                    self.apply_fs()?;
                }
            }
            _ => {}
        }
        Ok(())
    }

    pub fn set_rs(&mut self, s: &[u8]) -> R<()> {
        self.paragraph = false;
        self.rs = if s.is_empty() {
            self.paragraph = true;
            RsMode::Paragraph
        } else if s.len() == 1 {
            RsMode::Byte(s[0])
        } else {
            RsMode::Regex(self.regex_for(s)?)
        };
        Ok(())
    }

    /// Install a pending FS assignment (at the start of a record, as awk specifies).
    pub fn apply_fs(&mut self) -> R<()> {
        if self.fpat_mode {
            let Cell::Val(v) = &self.globals[sv::FPAT] else {
                return Ok(());
            };
            let s = v.to_str_with(&self.convfmt);
            self.splitter = Splitter::Pattern(self.regex_for(&s)?);
            return Ok(());
        }
        let fs = match self.fs_pending.take() {
            Some(v) => v,
            None => match &self.globals[sv::FS] {
                Cell::Val(v) => v.clone(),
                Cell::Arr(_) => return Ok(()),
            },
        };
        let s = fs.to_str_with(&self.convfmt);
        self.splitter = self.make_splitter(&s)?;
        Ok(())
    }

    pub fn make_splitter(&mut self, s: &[u8]) -> R<Splitter> {
        Ok(if s == b" " {
            Splitter::Space
        } else if s.is_empty() {
            Splitter::Chars
        } else if s.len() == 1 && !(self.icase && s[0].is_ascii_alphabetic()) {
            Splitter::Byte(s[0])
        } else if s == b"\\t" {
            Splitter::Byte(b'\t')
        } else {
            Splitter::Regex(self.regex_for(s)?)
        })
    }

    pub fn regex_for(&mut self, s: &[u8]) -> R<Rc<Re>> {
        if let Some(r) = self.dyn_re.get(s) {
            return Ok(r.clone());
        }
        match re::compile(s, self.icase) {
            Ok(r) => {
                let r = Rc::new(r);
                if self.dyn_re.len() > 500 {
                    self.dyn_re.clear();
                }
                self.dyn_re.insert(s.to_vec(), r.clone());
                Ok(r)
            }
            Err(e) => fatal(e),
        }
    }

    /// The regex an operand denotes: a literal, or the string value of an expression.
    pub fn regex_of(&mut self, e: &Expr) -> R<Rc<Re>> {
        if let Expr::Regex(i) = e {
            return Ok(self.regexes[*i].clone());
        }
        let v = self.eval(e)?;
        let s = v.to_str_with(&self.convfmt);
        self.regex_for(&s)
    }

    // ---- records and fields ----

    pub fn get_field(&mut self, i: usize) -> Value {
        self.record.field(i, &self.splitter, self.paragraph)
    }

    fn field_index(&mut self, e: &Expr) -> R<usize> {
        let n = self.eval_num(e)?;
        if n < 0.0 {
            return fatal(format!("attempt to access field {}", n as i64));
        }
        if n > 1e8 {
            return fatal("field index too large");
        }
        Ok(n as usize)
    }

    pub fn set_field(&mut self, i: usize, v: Value) {
        self.record.set_field(
            i,
            v,
            &self.splitter,
            self.paragraph,
            &self.ofs,
            &self.convfmt,
        );
    }

    pub fn nf(&mut self) -> usize {
        self.record.nf(&self.splitter, self.paragraph)
    }

    pub fn set_nf(&mut self, n: f64) -> R<()> {
        if n < 0.0 {
            return fatal(format!("NF set to negative value {}", n as i64));
        }
        if n > MAX_FIELDS as f64 {
            return fatal(format!("NF set beyond the limit of {MAX_FIELDS} fields"));
        }
        self.record.set_nf(
            n as usize,
            &self.splitter,
            self.paragraph,
            &self.ofs,
            &self.convfmt,
        );
        Ok(())
    }

    // ---- arrays ----

    pub fn subscript(&mut self, subs: &[Expr]) -> R<Str> {
        if subs.len() == 1 {
            let v = self.eval(&subs[0])?;
            return Ok(self.key_of(&v));
        }
        let mut k = Vec::new();
        for (n, e) in subs.iter().enumerate() {
            if n > 0 {
                k.extend_from_slice(&self.subsep);
            }
            let v = self.eval(e)?;
            let s = self.key_of(&v);
            k.extend_from_slice(&s);
        }
        Ok(str_from(&k))
    }

    pub fn key_of(&self, v: &Value) -> Str {
        match v {
            Value::Num(n) => {
                let n = *n;
                if n == n.trunc() && n.abs() < 1e15 {
                    let mut b = itoa::Buffer::new();
                    return str_from(b.format(n as i64).as_bytes());
                }
                v.to_str_with(&self.convfmt)
            }
            _ => v.to_str_with(&self.convfmt),
        }
    }

    // ---- statements ----

    pub fn exec_block(&mut self, b: &[Stmt]) -> R<()> {
        for s in b {
            self.exec(s)?;
        }
        Ok(())
    }

    pub fn exec(&mut self, s: &Stmt) -> R<()> {
        match s {
            Stmt::Expr(e) => {
                self.eval_discard(e)?;
            }
            Stmt::Print(args, redir) => self.print(args, redir.as_ref())?,
            Stmt::Printf(args, redir) => {
                let bytes = self.sprintf(args)?;
                self.emit(&bytes, redir.as_ref())?;
            }
            Stmt::If(c, t, e) => {
                if self.cond(c)? {
                    self.exec(t)?;
                } else if let Some(e) = e {
                    self.exec(e)?;
                }
            }
            Stmt::While(c, b) => {
                while self.cond(c)? {
                    self.check_cancel()?;
                    match self.exec(b) {
                        Ok(()) | Err(Flow::Continue) => {}
                        Err(Flow::Break) => break,
                        Err(f) => return Err(f),
                    }
                }
            }
            Stmt::Do(b, c) => loop {
                self.check_cancel()?;
                match self.exec(b) {
                    Ok(()) | Err(Flow::Continue) => {}
                    Err(Flow::Break) => break,
                    Err(f) => return Err(f),
                }
                if !self.cond(c)? {
                    break;
                }
            },
            Stmt::For(init, c, step, b) => {
                if let Some(i) = init {
                    self.exec(i)?;
                }
                loop {
                    if let Some(c) = c
                        && !self.cond(c)?
                    {
                        break;
                    }
                    self.check_cancel()?;
                    match self.exec(b) {
                        Ok(()) | Err(Flow::Continue) => {}
                        Err(Flow::Break) => break,
                        Err(f) => return Err(f),
                    }
                    if let Some(s) = step {
                        self.exec(s)?;
                    }
                }
            }
            Stmt::ForIn(k, a, b) => {
                let arr = self.loop_operand(a)?;
                // gawk walks a snapshot of the keys: a key deleted by the body is still visited.
                let keys: Vec<Value> = match self.sorted_in() {
                    Some(order) => {
                        let mut keys = arr.borrow().keys();
                        self.sort_keys(&mut keys, &arr.borrow(), &order);
                        keys.into_iter().map(Value::StrNum).collect()
                    }
                    None => arr.borrow().loop_values(),
                };
                for key in keys {
                    self.check_cancel()?;
                    self.assign(k, key)?;
                    match self.exec(b) {
                        Ok(()) | Err(Flow::Continue) => {}
                        Err(Flow::Break) => break,
                        Err(f) => return Err(f),
                    }
                }
            }
            Stmt::Block(b) => self.exec_block(b)?,
            Stmt::At(line, s) => {
                self.line = *line;
                self.exec(s)?;
            }
            Stmt::Next => {
                if self.in_end {
                    return fatal("`next' cannot be called from a `END' rule");
                }
                return Err(Flow::Next);
            }
            Stmt::NextFile => {
                if self.in_end {
                    return fatal("`nextfile' cannot be called from a `END' rule");
                }
                return Err(Flow::NextFile);
            }
            Stmt::Exit(e) => {
                if let Some(e) = e {
                    self.exit_code = self.eval_num(e)? as i32;
                }
                return Err(Flow::Exit);
            }
            Stmt::Return(e) => {
                let v = match e {
                    Some(e) => self.eval(e)?,
                    None => Value::Uninit,
                };
                return Err(Flow::Return(v));
            }
            Stmt::Break => return Err(Flow::Break),
            Stmt::Continue => return Err(Flow::Continue),
            Stmt::Delete(r, subs) => {
                let Some(arr) = self.arr_if_exists(r)? else {
                    return Ok(());
                };
                match subs {
                    None => arr.borrow_mut().clear(),
                    Some(s) => {
                        let k = self.subscript(s)?;
                        drop(arr.borrow_mut().remove(&k));
                    }
                }
            }
        }
        Ok(())
    }

    /// gawk's `PROCINFO["sorted_in"]`, when the program sets it.
    fn sorted_in(&self) -> Option<Vec<u8>> {
        let i = self.procinfo?;
        let Cell::Arr(a) = &self.globals[i] else {
            return None;
        };
        let v = a.borrow().get_value(&b"sorted_in"[..]).cloned()?;
        Some(v.to_str_with(&self.convfmt).to_vec())
    }

    fn sort_keys(&self, keys: &mut [Str], arr: &Array, order: &[u8]) {
        use std::cmp::Ordering;
        let conv = self.convfmt.clone();
        let num = |k: &Str| super::value::str_to_num(k);
        // A subarray sorts after every scalar (before them, descending), as in gawk.
        let val = |k: &Str| arr.get_value(k).cloned();
        let by_val = |a: &Str, b: &Str, f: &dyn Fn(&Value, &Value) -> Ordering| {
            match (val(a), val(b)) {
                (Some(x), Some(y)) => f(&x, &y),
                (Some(_), None) => Ordering::Less,
                (None, Some(_)) => Ordering::Greater,
                (None, None) => Ordering::Equal,
            }
            .then(a.cmp(b))
        };
        let cmp_num = |x: f64, y: f64| x.partial_cmp(&y).unwrap_or(Ordering::Equal);
        let val_num = |x: &Value, y: &Value| cmp_num(x.to_num(), y.to_num());
        let val_str =
            |x: &Value, y: &Value| x.to_str_with(&conv)[..].cmp(&y.to_str_with(&conv)[..]);
        match order {
            b"@ind_str_asc" => keys.sort(),
            b"@ind_str_desc" => keys.sort_by(|a, b| b.cmp(a)),
            b"@ind_num_asc" => keys.sort_by(|a, b| cmp_num(num(a), num(b)).then(a.cmp(b))),
            b"@ind_num_desc" => keys.sort_by(|a, b| cmp_num(num(b), num(a)).then(b.cmp(a))),
            b"@val_num_asc" => keys.sort_by(|a, b| by_val(a, b, &val_num)),
            b"@val_num_desc" => keys.sort_by(|a, b| by_val(b, a, &val_num)),
            b"@val_str_asc" => keys.sort_by(|a, b| by_val(a, b, &val_str)),
            b"@val_str_desc" => keys.sort_by(|a, b| by_val(b, a, &val_str)),
            b"@val_type_asc" | b"@val_type_desc" | b"@unsorted" | b"" => {}
            _ => {}
        }
    }

    fn print(&mut self, args: &[Expr], redir: Option<&(RedirKind, Expr)>) -> R<()> {
        if redir.is_none() {
            // fast path: straight into the stdout buffer
            if args.is_empty() {
                self.out.extend_from_slice(&self.record.text);
            } else {
                for (n, a) in args.iter().enumerate() {
                    if n > 0 {
                        self.out.extend_from_slice(&self.ofs);
                    }
                    self.write_value_of(a)?;
                }
            }
            self.out.extend_from_slice(&self.ors);
            return self.maybe_flush();
        }
        let mut line = Vec::new();
        if args.is_empty() {
            line.extend_from_slice(&self.record.text);
        } else {
            for (n, a) in args.iter().enumerate() {
                if n > 0 {
                    line.extend_from_slice(&self.ofs);
                }
                let v = self.eval(a)?;
                v.write_to(&mut line, &self.ofmt);
            }
        }
        line.extend_from_slice(&self.ors);
        self.emit(&line, redir)
    }

    /// Append the output form of `e` (numbers through OFMT) to the stdout buffer.
    fn write_value_of(&mut self, e: &Expr) -> R<()> {
        if let Expr::Field(ix) = e
            && let Expr::Num(n) = **ix
            && n >= 0.0
            && let Some(s) = self
                .record
                .field_slice(n as usize, &self.splitter, self.paragraph)
        {
            self.out.extend_from_slice(s);
            return Ok(());
        }
        let v = self.eval(e)?;
        v.write_to(&mut self.out, &self.ofmt);
        Ok(())
    }

    /// `printf`'s and `sprintf`'s text: `args` evaluated in order, the first as the format.
    pub(super) fn sprintf(&mut self, args: &[Expr]) -> R<Vec<u8>> {
        let mut vals = Vec::with_capacity(args.len());
        for a in args {
            vals.push(self.eval(a)?);
        }
        let fmt = vals[0].to_str_with(&self.convfmt);
        let (bytes, err) = super::format::sprintf(&fmt, &vals[1..], &self.convfmt);
        match err {
            Some(e) => fatal(e),
            None => Ok(bytes),
        }
    }

    fn emit(&mut self, bytes: &[u8], redir: Option<&(RedirKind, Expr)>) -> R<()> {
        let Some((kind, target)) = redir else {
            self.out.extend_from_slice(bytes);
            return self.maybe_flush();
        };
        let name = self.eval(target)?.to_str_with(&self.convfmt).to_vec();
        self.write_redirect(*kind, &name, bytes)
    }

    // ---- expressions ----

    pub fn cond(&mut self, e: &Expr) -> R<bool> {
        match e {
            Expr::Regex(i) => {
                let r = self.regexes[*i].clone();
                Ok(r.is_match(&self.record.text))
            }
            Expr::Cmp(op, a, b) => {
                let x = self.eval(a)?;
                let y = self.eval(b)?;
                Ok(self.cmp(*op, &x, &y))
            }
            Expr::Match(neg, a, r) => self.matches(*neg, a, r),
            Expr::And(a, b) => Ok(self.cond(a)? && self.cond(b)?),
            Expr::Or(a, b) => Ok(self.cond(a)? || self.cond(b)?),
            Expr::Not(a) => Ok(!self.cond(a)?),
            _ => Ok(self.eval(e)?.truthy()),
        }
    }

    fn cmp(&self, op: CmpOp, x: &Value, y: &Value) -> bool {
        use std::cmp::Ordering::*;
        let o = compare(x, y, &self.convfmt);
        if x.is_numeric() && y.is_numeric() {
            let (a, b) = (x.to_num(), y.to_num());
            if a.is_nan() || b.is_nan() {
                return matches!(op, CmpOp::Ne);
            }
        }
        match op {
            CmpOp::Lt => o == Less,
            CmpOp::Le => o != Greater,
            CmpOp::Gt => o == Greater,
            CmpOp::Ge => o != Less,
            CmpOp::Eq => o == Equal,
            CmpOp::Ne => o != Equal,
        }
    }

    fn matches(&mut self, neg: bool, a: &Expr, r: &Expr) -> R<bool> {
        let s = self.eval(a)?.to_str_with(&self.convfmt);
        let re = self.regex_of(r)?;
        Ok(re.is_match(&s) != neg)
    }

    pub fn eval_num(&mut self, e: &Expr) -> R<f64> {
        match e {
            Expr::Num(n) => Ok(*n),
            Expr::Field(ix) => {
                if let Expr::Num(n) = **ix
                    && n >= 0.0
                    && let Some(s) =
                        self.record
                            .field_slice(n as usize, &self.splitter, self.paragraph)
                {
                    return Ok(super::value::str_to_num(s));
                }
                Ok(self.eval(e)?.to_num())
            }
            Expr::Var(v) => match self.cell(*v) {
                Cell::Val(x) if !matches!(x, Value::Uninit) => Ok(x.to_num()),
                _ => Ok(self.get_var(*v)?.to_num()),
            },
            Expr::Bin(op, a, b) => {
                let x = self.eval_num(a)?;
                let y = self.eval_num(b)?;
                arith(*op, x, y)
            }
            _ => Ok(self.eval(e)?.to_num()),
        }
    }

    /// Evaluate for side effects only (statement context).
    fn eval_discard(&mut self, e: &Expr) -> R<()> {
        match e {
            Expr::PostIncr(d, lv) | Expr::PreIncr(d, lv) => {
                self.incr(lv, *d)?;
                Ok(())
            }
            _ => {
                self.eval(e)?;
                Ok(())
            }
        }
    }

    fn incr(&mut self, lv: &LValue, d: f64) -> R<f64> {
        match lv {
            LValue::Var(v) => {
                let v = *v;
                if let Cell::Val(x) = self.cell(v) {
                    let old = x.to_num();
                    *x = Value::Num(old + d);
                    if let Var::Global(i) = v
                        && i < sv::NAMES.len()
                    {
                        self.special_assigned(i)?;
                    }
                    return Ok(old);
                }
                self.get_var(v)?;
                Ok(0.0)
            }
            LValue::Index(r, subs) => self.with_elem(r, subs, |slot| {
                let old = slot.to_num();
                *slot = Value::Num(old + d);
                old
            }),
            _ => {
                let old = self.lvalue_get(lv)?.to_num();
                self.assign(lv, Value::Num(old + d))?;
                Ok(old)
            }
        }
    }

    fn lvalue_get(&mut self, lv: &LValue) -> R<Value> {
        match lv {
            LValue::Var(v) => self.get_var(*v),
            LValue::Field(e) => {
                let i = self.field_index(e)?;
                Ok(self.get_field(i))
            }
            LValue::Index(r, subs) => self.elem_get(r, subs),
            LValue::Nf => Ok(Value::Num(self.nf() as f64)),
        }
    }

    pub fn assign(&mut self, lv: &LValue, v: Value) -> R<()> {
        match lv {
            LValue::Var(var) => self.set_var(*var, v),
            LValue::Field(e) => {
                let i = self.field_index(e)?;
                if i > MAX_FIELDS {
                    return fatal(format!(
                        "field ${i} is beyond the limit of {MAX_FIELDS} fields"
                    ));
                }
                self.set_field(i, v);
                Ok(())
            }
            LValue::Index(r, subs) => self.elem_set(r, subs, v),
            LValue::Nf => self.set_nf(v.to_num()),
        }
    }

    pub fn eval(&mut self, e: &Expr) -> R<Value> {
        Ok(match e {
            Expr::Num(n) => Value::Num(*n),
            Expr::Str(s) => Value::Str(s.clone()),
            Expr::Regex(i) => {
                let r = self.regexes[*i].clone();
                Value::Num(if r.is_match(&self.record.text) {
                    1.0
                } else {
                    0.0
                })
            }
            Expr::Var(v) => self.get_var(*v)?,
            Expr::Field(ix) => {
                let i = self.field_index(ix)?;
                self.get_field(i)
            }
            Expr::Index(r, subs) => self.elem_get(r, subs)?,
            Expr::Nf => Value::Num(self.nf() as f64),
            Expr::Grouping(list) => {
                // a bare (a, b) outside print: concatenate with SUBSEP like gawk's error case
                let mut out = Vec::new();
                for (n, x) in list.iter().enumerate() {
                    if n > 0 {
                        out.extend_from_slice(&self.subsep);
                    }
                    let v = self.eval(x)?;
                    v.write_to(&mut out, &self.convfmt);
                }
                Value::Str(str_from(&out))
            }
            Expr::Assign(lv, rhs) => {
                let v = self.eval(rhs)?;
                self.assign(lv, v.clone())?;
                v
            }
            Expr::AugAssign(op, lv, rhs) => {
                if let LValue::Var(var) = **lv {
                    let y = self.eval_num(rhs)?;
                    let x = match self.cell(var) {
                        Cell::Val(x) => x.to_num(),
                        Cell::Arr(_) => self.get_var(var)?.to_num(),
                    };
                    let r = arith_assign(*op, x, y)?;
                    self.set_var(var, Value::Num(r))?;
                    return Ok(Value::Num(r));
                }
                if let LValue::Index(r, subs) = &**lv {
                    // The array and key, then the right side, then the element's value.
                    let arr = if r.path.is_empty() {
                        self.array(r.var)?
                    } else {
                        self.arr_of(r)?
                    };
                    let k = self.subscript(subs)?;
                    let y = self.eval_num(rhs)?;
                    let mut a = arr.borrow_mut();
                    let slot = match a.slot(k) {
                        Cell::Val(v) => v,
                        Cell::Arr(sub) => {
                            return array_as_scalar(&sub.borrow().name());
                        }
                    };
                    let r = arith_assign(*op, slot.to_num(), y)?;
                    *slot = Value::Num(r);
                    return Ok(Value::Num(r));
                }
                let x = self.lvalue_get(lv)?.to_num();
                let y = self.eval_num(rhs)?;
                let r = arith_assign(*op, x, y)?;
                self.assign(lv, Value::Num(r))?;
                Value::Num(r)
            }
            Expr::Cond(c, a, b) => {
                if self.cond(c)? {
                    self.eval(a)?
                } else {
                    self.eval(b)?
                }
            }
            Expr::And(_, _) | Expr::Or(_, _) | Expr::Not(_) | Expr::Cmp(..) | Expr::Match(..) => {
                bool_val(self.cond(e)?)
            }
            Expr::Neg(a) => Value::Num(-self.eval_num(a)?),
            Expr::UPlus(a) => Value::Num(self.eval_num(a)?),
            Expr::Bin(..) => Value::Num(self.eval_num(e)?),
            Expr::Concat(a, b) => {
                let mut out = Vec::new();
                self.concat_into(a, &mut out)?;
                self.concat_into(b, &mut out)?;
                Value::Str(str_from(&out))
            }
            Expr::In(subs, r) => bool_val(self.elem_in(subs, r)?),
            Expr::PreIncr(d, lv) => Value::Num(self.incr(lv, *d)? + *d),
            Expr::PostIncr(d, lv) => Value::Num(self.incr(lv, *d)?),
            Expr::Call(f, args) => self.call(*f, args)?,
            Expr::Builtin(b, args) => self.builtin(*b, args)?,
            Expr::Getline(src, target, var) => {
                self.getline(*src, target.as_deref(), var.as_deref())?
            }
        })
    }

    fn concat_into(&mut self, e: &Expr, out: &mut Vec<u8>) -> R<()> {
        if let Expr::Concat(a, b) = e {
            self.concat_into(a, out)?;
            return self.concat_into(b, out);
        }
        let v = self.eval(e)?;
        if let Value::Str(s) | Value::StrNum(s) = &v
            && s.len() >= BIG_STRING
        {
            // The piece (which a variable may hold), the result growing (a reallocation holds
            // the old and the new block) and the final copy into a string value.
            self.check_memory((out.len() + s.len()) * 2 + s.len())?;
        }
        v.write_to(out, &self.convfmt);
        Ok(())
    }

    /// THREAT DOS-MEM-1: whether `bytes` more would fit in the session's memory budget; awk's
    /// strings are not charged one by one, so a string about to be built from big pieces is
    /// checked (with what it briefly needs) before it is made: `s = s s` in a loop stops at
    /// the budget.
    pub fn check_memory(&mut self, bytes: usize) -> R<()> {
        match self.ctx.memory().check(bytes as u64) {
            Ok(()) => Ok(()),
            Err(_) => Err(Flow::Memory),
        }
    }

    // ---- user functions ----

    fn call(&mut self, f: usize, args: &[Expr]) -> R<Value> {
        let prog = self.prog;
        let func = &prog.funcs[f];
        if args.len() > func.nparams {
            return fatal(format!(
                "function `{}' called with more arguments than declared",
                func.name
            ));
        }
        if sandsh_api::stack::exhausted() {
            // Below the interpreter's own checks: the stack of a pipeline stage or a small
            // --max-stack-bytes can be smaller than the fixed bound below.
            return Err(Flow::Stack);
        }
        self.call_depth += 1;
        let used = self
            .stack_base
            .saturating_sub(psm::stack_pointer() as usize);
        if self.call_depth > MAX_CALL_DEPTH || used > MAX_STACK_USE {
            self.call_depth -= 1;
            return fatal(format!(
                "function `{}': recursion too deep (limit {MAX_CALL_DEPTH} calls)",
                func.name
            ));
        }
        let mut cells: Vec<Cell> = Vec::with_capacity(func.nparams);
        for (i, a) in args.iter().enumerate() {
            let is_arr = func.array_params.get(i).copied().unwrap_or(false);
            let cell = match a {
                Expr::Var(v) => {
                    let v = *v;
                    match self.cell(v) {
                        Cell::Arr(arr) => Cell::Arr(arr.clone()),
                        Cell::Val(Value::Uninit) if is_arr => Cell::Arr(self.array(v)?),
                        Cell::Val(x) => Cell::Val(x.clone()),
                    }
                }
                Expr::Index(r, subs) => self.element_arg(r, subs, is_arr)?,
                _ => {
                    if is_arr {
                        self.call_depth -= 1;
                        return fatal(format!(
                            "function `{}': argument #{} is a scalar, used as an array",
                            func.name,
                            i + 1
                        ));
                    }
                    Cell::Val(self.eval(a)?)
                }
            };
            cells.push(cell);
        }
        cells.resize(func.nparams, Cell::default());
        let saved = (self.frame, self.cur_func);
        let base = self.locals.len();
        self.locals.extend(cells);
        self.frame = base;
        self.cur_func = Some(f);
        let r = self.exec_block(&func.body);
        self.locals.truncate(base);
        (self.frame, self.cur_func) = saved;
        self.call_depth -= 1;
        match r {
            Ok(()) => Ok(Value::Uninit),
            Err(Flow::Return(v)) => Ok(v),
            Err(f) => Err(f),
        }
    }
}

pub fn bool_val(b: bool) -> Value {
    Value::Num(if b { 1.0 } else { 0.0 })
}

/// [`arith`] for `/=` and `%=`, whose division by zero gawk names after the operator.
fn arith_assign(op: BinOp, x: f64, y: f64) -> R<f64> {
    match op {
        BinOp::Div if y == 0.0 => fatal("division by zero attempted in `/='"),
        BinOp::Mod if y == 0.0 => fatal("division by zero attempted in `%='"),
        _ => arith(op, x, y),
    }
}

pub fn arith(op: BinOp, x: f64, y: f64) -> R<f64> {
    Ok(match op {
        BinOp::Add => x + y,
        BinOp::Sub => x - y,
        BinOp::Mul => x * y,
        BinOp::Div => {
            if y == 0.0 {
                return fatal("division by zero attempted");
            }
            x / y
        }
        BinOp::Mod => {
            if y == 0.0 {
                return fatal("division by zero attempted in `%'");
            }
            x % y
        }
        BinOp::Pow => pow(x, y),
    })
}

fn pow(x: f64, y: f64) -> f64 {
    if y == y.trunc() && y.abs() < 1024.0 {
        let mut n = y.abs() as i64;
        let mut base = x;
        let mut acc = 1.0;
        while n > 0 {
            if n & 1 == 1 {
                acc *= base;
            }
            base *= base;
            n >>= 1;
        }
        if y < 0.0 { 1.0 / acc } else { acc }
    } else {
        x.powf(y)
    }
}

pub fn empty() -> Value {
    Value::Str(empty_str())
}

/// Whether `name` is a valid awk identifier (for `var=value` operands).
pub fn is_ident(name: &[u8]) -> bool {
    !name.is_empty()
        && (name[0].is_ascii_alphabetic() || name[0] == b'_')
        && name.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'_')
}
