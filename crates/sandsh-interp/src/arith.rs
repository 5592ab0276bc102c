//! Arithmetic evaluation: 64-bit wrapping integers, variables evaluated recursively as
//! expressions, array elements, assignment operators. Parsed expressions are cached by text, so a
//! loop's `$((i+1))` is parsed once.

use std::sync::Arc;

use sandsh_syntax::arith::{ArithExpr, BinOp, LValue, UnOp, parse_arith};
use sandsh_syntax::ast::{Word, WordPart};

use super::vars::{Attrs, Value};
use super::{Flow, Res, Shell};

const MAX_RECURSION: u32 = 1024;

/// A parsed arithmetic expression with its text (trimmed, as error messages quote it).
pub struct Parsed {
    text: Arc<str>,
    expr: Option<ArithExpr>,
}

/// A variable's value as arithmetic reads it without parsing: `0` or a decimal integer with an
/// optional `-` and no leading zero (`010` is octal, `+5` and ` 5` go through the parser).
fn plain_int(b: &[u8]) -> Option<i64> {
    let (neg, digits) = match b {
        [b'-', rest @ ..] => (true, rest),
        _ => (false, b),
    };
    match digits {
        [b'0'] if !neg => return Some(0),
        [b'1'..=b'9', ..] if digits.len() <= 18 => {}
        _ => return None,
    }
    let mut v: i64 = 0;
    for &c in digits {
        if !c.is_ascii_digit() {
            return None;
        }
        v = v * 10 + i64::from(c - b'0');
    }
    Some(if neg { -v } else { v })
}

/// An associative subscript's text without its paired single and double quotes, as bash
/// reads `(( A['k'] ))`.
fn unquote_key(sub: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(sub.len());
    let mut quote: Option<u8> = None;
    for &b in sub.as_bytes() {
        match (quote, b) {
            (None, b'\'' | b'"') => quote = Some(b),
            (Some(q), _) if q == b => quote = None,
            _ => out.push(b),
        }
    }
    if quote.is_some() {
        // An unmatched quote (what `A["a'b"]` leaves) is part of the key.
        return sub.as_bytes().to_vec();
    }
    out
}

/// Decimal text of `v` into `out` (cleared first), without an intermediate `String`.
pub(super) fn write_int(out: &mut Vec<u8>, v: i64) {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    let mut n = v.unsigned_abs();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.clear();
    if v < 0 {
        out.push(b'-');
    }
    out.extend_from_slice(&buf[i..]);
}

impl Shell {
    /// Parse (cached) and evaluate arithmetic text. Errors print bash's message and abandon
    /// the current top-level command (`Flow::Discard(1)`, as bash does); `((`, `let` and `[[`
    /// turn that into status 1. An unset variable under `set -u` is fatal instead.
    pub fn eval_arith_text(&mut self, text: &[u8]) -> Res<i64> {
        let s = String::from_utf8_lossy(text);
        self.eval_arith_str(&s)
    }

    /// [`Shell::eval_arith_text`] for text already known to be UTF-8 (script literals).
    pub(super) fn eval_arith_str(&mut self, s: &str) -> Res<i64> {
        let parsed = self.parse_arith_cached(s)?;
        self.eval_parsed(&parsed)
    }

    fn eval_parsed(&mut self, parsed: &Parsed) -> Res<i64> {
        match &parsed.expr {
            None => Ok(0),
            Some(e) => {
                let outer = self.arith_text.replace(parsed.text.clone());
                let r = self.eval_arith(e, 0);
                self.arith_text = outer;
                r
            }
        }
    }

    /// Evaluate the inside of `$(( ))` / `(( ))`: a literal is evaluated as it stands (no copy),
    /// anything else is expanded first.
    pub fn eval_arith_word(&mut self, w: &Word) -> Res<i64> {
        if let [WordPart::Literal(s)] = w.parts.as_slice() {
            return self.eval_arith_str(s);
        }
        // Expanded text (`$(($1 + $2))`) is different nearly every time: parse it without
        // filling the cache with one-off entries.
        let text = self.expand_string(w)?;
        let s = String::from_utf8_lossy(&text);
        let parsed = self.parse_arith(&s)?;
        self.eval_parsed(&parsed)
    }

    /// Evaluate an array subscript given as text (`unset 'a[${#a[@]}-1]'`): expansions in it
    /// are performed first, as bash does, by parsing it as the inside of `$(( ))`.
    pub fn eval_subscript_text(&mut self, key: &str) -> Res<i64> {
        if !key.contains(['$', '`', '"']) {
            return self.eval_arith_text(key.as_bytes());
        }
        use sandsh_syntax::ast::CommandKind;
        let src = format!(": $(( {key} ))");
        let word = sandsh_syntax::parse(&src).ok().and_then(|l| {
            let item = l.items.into_iter().next()?;
            let cmd = item.and_or.first.commands.into_iter().next()?.command;
            match cmd.kind {
                CommandKind::Simple(sc) => {
                    match sc.words.into_iter().nth(1)?.parts.into_iter().next()? {
                        WordPart::Arith(w) => Some(*w),
                        _ => None,
                    }
                }
                _ => None,
            }
        });
        match word {
            Some(w) => {
                let text = self.expand_string(&w)?;
                self.eval_arith_text(&text)
            }
            None => self.eval_arith_text(key.as_bytes()),
        }
    }

    fn parse_arith_cached(&mut self, s: &str) -> Res<Arc<Parsed>> {
        if let Ok(cache) = self.env.arith_cache.lock()
            && let Some(e) = cache.get(s)
        {
            return Ok(e.clone());
        }
        let e = Arc::new(self.parse_arith(s)?);
        if let Ok(mut cache) = self.env.arith_cache.lock() {
            if cache.len() > 4096 {
                cache.clear();
            }
            cache.insert(s.into(), e.clone());
        }
        Ok(e)
    }

    fn parse_arith(&self, s: &str) -> Res<Parsed> {
        match parse_arith(s) {
            Ok(expr) => Ok(Parsed {
                text: Arc::from(s.trim_start()),
                expr,
            }),
            Err(err) => {
                self.error(&format!(
                    "{}{}: {}",
                    self.arith_prefix,
                    s.trim_start(),
                    err.message
                ));
                Err(Flow::Discard(1))
            }
        }
    }

    /// A run-time arithmetic error, prefixed with the expression as bash prints it.
    fn arith_error(&self, msg: &str) -> Flow {
        if msg.contains("unbound variable") {
            self.error(msg);
            return self.unset_fatal();
        }
        match &self.arith_text {
            Some(t) => self.error(&format!("{}{t}: {msg}", self.arith_prefix)),
            None => self.error(msg),
        }
        Flow::Discard(1)
    }

    /// Evaluate arithmetic for `((`, `let` or `[[` (`what`): an error is bash's message with
    /// that prefix and status 1, not an abandoned command.
    pub fn eval_arith_for(&mut self, what: &'static str, text: &[u8]) -> Res<Result<i64, i32>> {
        let saved = std::mem::replace(&mut self.arith_prefix, what);
        let r = self.eval_arith_text(text);
        self.arith_prefix = saved;
        match r {
            Ok(v) => Ok(Ok(v)),
            Err(Flow::Discard(s)) => Ok(Err(s)),
            Err(e) => Err(e),
        }
    }

    /// Value of a variable used in arithmetic: its text evaluated as an expression.
    fn arith_var(&mut self, lv: &LValue, depth: u32) -> Res<i64> {
        if let LValue::Var(n) = lv
            && !super::param::is_dynamic(n)
            && let Some(v) = self.vars.get_str(n).and_then(plain_int)
        {
            return Ok(v);
        }
        let text: Option<Vec<u8>> = match lv {
            LValue::Var(n) => {
                match self.param_value(&sandsh_syntax::ast::Param::Name(n.clone()))? {
                    super::param::PV::Scalar(s) => Some(s),
                    _ => None,
                }
            }
            LValue::Index(n, sub) => self.arith_index_get(n, sub, depth)?,
        };
        let Some(text) = text else {
            // `set -u` checks the variable, not the element: a missing element of a set
            // array is 0, an unset array is named without its subscript (bash's expr.c).
            let name = match lv {
                LValue::Var(n) => n,
                LValue::Index(n, _) => n,
            };
            let set = matches!(lv, LValue::Index(..))
                && self.vars.get(name).is_some_and(|v| v.value.is_some());
            if self.opts.nounset && !set {
                return Err(self.arith_error(&format!("{name}: unbound variable")));
            }
            return Ok(0);
        };
        let t = String::from_utf8_lossy(&text);
        let t = t.trim();
        if t.is_empty() {
            return Ok(0);
        }
        if let Ok(v) = t.parse::<i64>()
            && !(t.len() > 1 && (t.starts_with('0') || t.starts_with("-0") || t.starts_with('+')))
        {
            return Ok(v);
        }
        if depth > MAX_RECURSION {
            return Err(self.arith_error(&format!(
                "{t}: expression recursion level exceeded (error token is \"{t}\")"
            )));
        }
        let parsed = self.parse_arith_cached(t)?;
        match &parsed.expr {
            None => Ok(0),
            Some(e) => self.eval_arith(e, depth + 1),
        }
    }

    fn arith_index_get(&mut self, n: &str, sub: &str, depth: u32) -> Res<Option<Vec<u8>>> {
        let is_assoc = self.vars.get(n).is_some_and(|v| v.attrs.has(Attrs::ASSOC));
        if is_assoc {
            let key = self.arith_assoc_key(sub)?;
            return Ok(match self.vars.get(n).and_then(|v| v.value.as_ref()) {
                Some(Value::Assoc(m)) => m.get(&key).cloned(),
                _ => None,
            });
        }
        let idx = self.arith_subscript(sub, depth)?;
        Ok(match self.vars.get(n).and_then(|v| v.value.as_ref()) {
            Some(Value::Indexed(m)) => {
                let i = if idx < 0 {
                    m.keys().next_back().map_or(-1, |l| l + 1 + idx)
                } else {
                    idx
                };
                m.get(&i).cloned()
            }
            Some(Value::Str(s)) if idx == 0 => Some(s.clone()),
            _ => None,
        })
    }

    fn arith_assoc_key(&mut self, sub: &str) -> Res<Vec<u8>> {
        // The subscript text may itself hold expansions (`a[$k]`); they were expanded
        // before parsing, so it is literal here but for its quotes (`A['k']` is key `k`).
        Ok(unquote_key(sub))
    }

    fn arith_subscript(&mut self, sub: &str, depth: u32) -> Res<i64> {
        let parsed = self.parse_arith_cached(sub)?;
        match &parsed.expr {
            None => Ok(0),
            Some(e) => self.eval_arith(e, depth + 1),
        }
    }

    fn arith_assign(&mut self, lv: &LValue, v: i64, depth: u32) -> Res<()> {
        // An existing plain scalar takes the digits in place (no allocation in a counting loop).
        if let LValue::Var(n) = lv
            && !self.opts.allexport
            && let Some(var) = self.vars.get_mut(n)
            && !var.attrs.has(
                Attrs::READONLY | Attrs::LOWER | Attrs::UPPER | Attrs::CAPITALIZE | Attrs::ASSOC,
            )
            && let Some(Value::Str(buf)) = &mut var.value
        {
            write_int(buf, v);
            return Ok(());
        }
        let text = v.to_string().into_bytes();
        let r = match lv {
            LValue::Var(n) => self.vars.set_str(n, text),
            LValue::Index(n, sub) => {
                let is_assoc = self.vars.get(n).is_some_and(|x| x.attrs.has(Attrs::ASSOC));
                if is_assoc {
                    let key = self.arith_assoc_key(sub)?;
                    self.vars.set_key(n, key, text)
                } else {
                    let idx = self.arith_subscript(sub, depth)?;
                    match self.vars.resolve_index(n, idx) {
                        Some(idx) => self.vars.set_index(n, idx, text),
                        None => {
                            // bash reports it and goes on: the expression keeps its value.
                            self.error(&format!("{n}[{sub}]: bad array subscript"));
                            Ok(())
                        }
                    }
                }
            }
        };
        match r {
            Ok(()) => {
                if self.opts.allexport
                    && let LValue::Var(n) = lv
                    && let Some(var) = self.vars.get_mut(n)
                {
                    var.attrs.set(Attrs::EXPORT);
                }
                Ok(())
            }
            Err(e) => Err(self.arith_error(&e.to_string())),
        }
    }

    pub fn eval_arith(&mut self, e: &ArithExpr, depth: u32) -> Res<i64> {
        self.check_stack()?;
        Ok(match e {
            ArithExpr::Num(n) => *n,
            ArithExpr::Var(lv) => self.arith_var(lv, depth)?,
            ArithExpr::Unary(op, a) => {
                let v = self.eval_arith(a, depth)?;
                match op {
                    UnOp::Neg => v.wrapping_neg(),
                    UnOp::Plus => v,
                    UnOp::Not => (v == 0) as i64,
                    UnOp::BitNot => !v,
                }
            }
            ArithExpr::Binary(op, a, b) => match op {
                BinOp::LogAnd => {
                    let l = self.eval_arith(a, depth)?;
                    if l == 0 {
                        0
                    } else {
                        (self.eval_arith(b, depth)? != 0) as i64
                    }
                }
                BinOp::LogOr => {
                    let l = self.eval_arith(a, depth)?;
                    if l != 0 {
                        1
                    } else {
                        (self.eval_arith(b, depth)? != 0) as i64
                    }
                }
                _ => {
                    let l = self.eval_arith(a, depth)?;
                    let r = self.eval_arith(b, depth)?;
                    self.binop(*op, l, r, b)?
                }
            },
            ArithExpr::At(_, e) => self.eval_arith(e, depth)?,
            ArithExpr::Assign(lv, op, rhs) => {
                let r = self.eval_arith(rhs, depth)?;
                let v = match op {
                    None => r,
                    Some(op) => {
                        let l = self.arith_var(lv, depth)?;
                        self.binop(*op, l, r, rhs)?
                    }
                };
                self.arith_assign(lv, v, depth)?;
                v
            }
            ArithExpr::PreInc(lv) => {
                let v = self.arith_var(lv, depth)?.wrapping_add(1);
                self.arith_assign(lv, v, depth)?;
                v
            }
            ArithExpr::PreDec(lv) => {
                let v = self.arith_var(lv, depth)?.wrapping_sub(1);
                self.arith_assign(lv, v, depth)?;
                v
            }
            ArithExpr::PostInc(lv) => {
                let v = self.arith_var(lv, depth)?;
                self.arith_assign(lv, v.wrapping_add(1), depth)?;
                v
            }
            ArithExpr::PostDec(lv) => {
                let v = self.arith_var(lv, depth)?;
                self.arith_assign(lv, v.wrapping_sub(1), depth)?;
                v
            }
            ArithExpr::Ternary(c, a, b) => {
                if self.eval_arith(c, depth)? != 0 {
                    self.eval_arith(a, depth)?
                } else {
                    self.eval_arith(b, depth)?
                }
            }
            ArithExpr::Comma(a, b) => {
                self.eval_arith(a, depth)?;
                self.eval_arith(b, depth)?
            }
        })
    }

    /// `l op r`; `right` is the expression `r` came from (a divisor names bash's error token).
    fn binop(&mut self, op: BinOp, l: i64, r: i64, right: &ArithExpr) -> Res<i64> {
        Ok(match op {
            BinOp::Mul => l.wrapping_mul(r),
            BinOp::Div | BinOp::Rem => {
                if r == 0 {
                    // bash's token: the expression text from the divisor on.
                    let token = match (right, &self.arith_text) {
                        (ArithExpr::At(at, _), Some(t)) => {
                            t.get(*at as usize..).map(str::to_string)
                        }
                        _ => None,
                    };
                    let token = token.unwrap_or_else(|| "0".into());
                    let m = format!("division by 0 (error token is \"{token}\")");
                    return Err(self.arith_error(&m));
                }
                if op == BinOp::Div {
                    l.wrapping_div(r)
                } else {
                    l.wrapping_rem(r)
                }
            }
            BinOp::Pow => {
                if r < 0 {
                    let m = match (right, &self.arith_text) {
                        (ArithExpr::At(at, _), Some(t)) => match t.get(*at as usize..) {
                            Some(token) => {
                                format!("exponent less than 0 (error token is \"{token}\")")
                            }
                            None => "exponent less than 0".into(),
                        },
                        _ => "exponent less than 0".into(),
                    };
                    return Err(self.arith_error(&m));
                }
                let mut acc: i64 = 1;
                let mut base = l;
                let mut e = r as u64;
                while e > 0 {
                    if e & 1 == 1 {
                        acc = acc.wrapping_mul(base);
                    }
                    base = base.wrapping_mul(base);
                    e >>= 1;
                }
                acc
            }
            BinOp::Add => l.wrapping_add(r),
            BinOp::Sub => l.wrapping_sub(r),
            BinOp::Shl => l.wrapping_shl((r & 63) as u32),
            BinOp::Shr => l.wrapping_shr((r & 63) as u32),
            BinOp::Lt => (l < r) as i64,
            BinOp::Le => (l <= r) as i64,
            BinOp::Gt => (l > r) as i64,
            BinOp::Ge => (l >= r) as i64,
            BinOp::Eq => (l == r) as i64,
            BinOp::Ne => (l != r) as i64,
            BinOp::BitAnd => l & r,
            BinOp::BitXor => l ^ r,
            BinOp::BitOr => l | r,
            BinOp::LogAnd => (l != 0 && r != 0) as i64,
            BinOp::LogOr => (l != 0 || r != 0) as i64,
        })
    }
}
