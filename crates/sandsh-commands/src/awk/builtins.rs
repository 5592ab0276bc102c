//! The built-in functions: strings (character-based, UTF-8), regex functions (`sub gsub
//! gensub match split patsplit`), math, time, and gawk's array sorting.

use std::cell::RefCell;
use std::rc::Rc;

use bstr::ByteSlice;

use super::ast::{Builtin, Expr, LValue, Var};
use super::interp::{Array, Cell, Flow, Interp, R, bool_val, fatal};
use super::parser::to_lvalue;
use super::re::Re;
use super::record::{Splitter, split_values};
use super::value::{Str, Value, compare, str_from};

/// Character count of a byte string (invalid bytes count one each).
pub fn char_len(s: &[u8]) -> usize {
    if s.is_ascii() {
        return s.len();
    }
    s.chars().count()
}

/// Byte offset of character `n` (clamped to the end).
fn char_offset(s: &[u8], n: usize) -> usize {
    if s.is_ascii() {
        return n.min(s.len());
    }
    s.char_indices()
        .nth(n)
        .map(|(a, _, _)| a)
        .unwrap_or(s.len())
}

fn byte_to_char(s: &[u8], b: usize) -> usize {
    if s.is_ascii() {
        return b;
    }
    char_len(&s[..b])
}

/// Per-character case mapping as towupper/towlower do it: one character for one (`ß` stays);
/// bytes that are not UTF-8 become U+FFFD, as gawk's wide-character conversion leaves them.
fn change_case(s: &[u8], upper: bool) -> Vec<u8> {
    if s.is_ascii() {
        return if upper {
            s.to_ascii_uppercase()
        } else {
            s.to_ascii_lowercase()
        };
    }
    let mut out = Vec::with_capacity(s.len());
    let mut buf = [0u8; 4];
    for c in s.chars() {
        let m = if upper {
            sandsh_text::case::upper(c)
        } else {
            sandsh_text::case::lower(c)
        };
        out.extend_from_slice(m.encode_utf8(&mut buf).as_bytes());
    }
    out
}

/// Expand a sub/gsub replacement for one match (POSIX backslash rules).
fn expand_sub(repl: &[u8], matched: &[u8], out: &mut Vec<u8>) {
    let mut i = 0;
    while i < repl.len() {
        let c = repl[i];
        if c == b'\\' {
            let mut k = 0;
            while i + k < repl.len() && repl[i + k] == b'\\' {
                k += 1;
            }
            if i + k < repl.len() && repl[i + k] == b'&' {
                out.extend(std::iter::repeat_n(b'\\', k / 2));
                if k % 2 == 1 {
                    out.push(b'&');
                } else {
                    out.extend_from_slice(matched);
                }
                i += k + 1;
            } else {
                out.extend(std::iter::repeat_n(b'\\', k));
                i += k;
            }
        } else if c == b'&' {
            out.extend_from_slice(matched);
            i += 1;
        } else {
            out.push(c);
            i += 1;
        }
    }
}

fn expand_gensub(repl: &[u8], s: &[u8], caps: &[Option<(usize, usize)>], out: &mut Vec<u8>) {
    let group = |n: usize| caps.get(n).copied().flatten().map(|(a, b)| &s[a..b]);
    let mut i = 0;
    while i < repl.len() {
        let c = repl[i];
        if c == b'\\' && i + 1 < repl.len() {
            let e = repl[i + 1];
            if e.is_ascii_digit() {
                if let Some(g) = group((e - b'0') as usize) {
                    out.extend_from_slice(g);
                }
            } else if e == b'&' {
                out.push(b'&');
            } else if e == b'\\' {
                out.push(b'\\');
            } else {
                out.push(b'\\');
                out.push(e);
            }
            i += 2;
        } else if c == b'&' {
            if let Some(g) = group(0) {
                out.extend_from_slice(g);
            }
            i += 1;
        } else {
            out.push(c);
            i += 1;
        }
    }
}

/// Replace matches of `re` in `s`: all when `which` is 0, else only the `which`-th.
/// Returns the new string and the number of replacements.
fn substitute(
    re: &Re,
    s: &[u8],
    which: usize,
    mut repl: impl FnMut((usize, usize), &mut Vec<u8>),
    cancelled: &dyn Fn() -> bool,
) -> R<(Vec<u8>, usize)> {
    let mut out = Vec::with_capacity(s.len());
    let mut pos = 0;
    let mut copied = 0;
    let mut count = 0;
    let mut nth = 0;
    let mut last_end: Option<usize> = None;
    while pos <= s.len() {
        if cancelled() {
            return Err(Flow::Cancelled);
        }
        let found = re
            .find_at_until(s, pos, cancelled)
            .map_err(|_| Flow::Cancelled)?;
        let Some((a, b)) = found else {
            break;
        };
        if a == b && last_end == Some(a) {
            // an empty match right after a match does not count
            if a >= s.len() {
                break;
            }
            let step = s[a..]
                .chars()
                .next()
                .map(|c| c.len_utf8())
                .unwrap_or(1)
                .max(1);
            pos = a + step;
            continue;
        }
        nth += 1;
        if which == 0 || nth == which {
            out.extend_from_slice(&s[copied..a]);
            repl((a, b), &mut out);
            copied = b;
            count += 1;
            if which != 0 {
                break;
            }
        }
        last_end = Some(b);
        if a == b {
            if a >= s.len() {
                break;
            }
            let step = s[a..]
                .char_indices()
                .next()
                .map(|(x, y, _)| y - x)
                .unwrap_or(1)
                .max(1);
            // the skipped character is copied unchanged
            pos = a + step;
        } else {
            pos = b;
        }
    }
    out.extend_from_slice(&s[copied.min(s.len())..]);
    Ok((out, count))
}

impl Interp<'_> {
    fn arg_str(&mut self, e: &Expr) -> R<Str> {
        let v = self.eval(e)?;
        Ok(v.to_str_with(&self.convfmt))
    }

    /// The array argument `nth` of `fname` (a variable or a subarray), else gawk's fatal
    /// "split: second argument is not an array".
    fn array_arg(&mut self, e: &Expr, fname: &str, nth: &str) -> R<Rc<RefCell<Array>>> {
        let scalar = match e {
            Expr::Var(v) => {
                matches!(self.cell_ref(*v), Cell::Val(x) if !matches!(x, Value::Uninit))
            }
            _ => false,
        };
        match if scalar { None } else { self.array_operand(e)? } {
            Some(a) => Ok(a),
            None => fatal(format!("{fname}: {nth} argument is not an array")),
        }
    }

    fn splitter_arg(&mut self, e: Option<&Expr>) -> R<Splitter> {
        match e {
            None => {
                let fs = match &self.globals[super::ast::special::FS] {
                    Cell::Val(v) => v.to_str_with(&self.convfmt),
                    Cell::Arr(_) => str_from(b" "),
                };
                self.make_splitter(&fs)
            }
            Some(Expr::Regex(i)) => Ok(Splitter::Regex(self.regexes[*i].clone())),
            Some(e) => {
                let s = self.arg_str(e)?;
                self.make_splitter(&s)
            }
        }
    }

    pub fn builtin(&mut self, b: Builtin, args: &[Expr]) -> R<Value> {
        use Builtin::*;
        let num = |v: f64| Ok(Value::Num(v));
        match b {
            Length => {
                let Some(a) = args.first() else {
                    return num(char_len(&self.record.text) as f64);
                };
                match self.operand(a)? {
                    Cell::Arr(arr) => num(arr.borrow().len() as f64),
                    Cell::Val(v) => num(char_len(&v.to_str_with(&self.convfmt)) as f64),
                }
            }
            Substr => {
                let s = self.arg_str(&args[0])?;
                let mut start = self.eval_num(&args[1])?;
                let len = match args.get(2) {
                    Some(e) => Some(self.eval_num(e)?),
                    None => None,
                };
                if let Some(l) = len
                    && l.partial_cmp(&1.0).is_none_or(|o| o.is_lt())
                {
                    return Ok(super::interp::empty());
                }
                // NaN counts as before the start, as in gawk
                if start.partial_cmp(&1.0).is_none_or(|o| o.is_lt()) {
                    start = 1.0;
                }
                let nchars = char_len(&s) as f64;
                if start > nchars {
                    return Ok(super::interp::empty());
                }
                let idx = start.trunc() as usize - 1;
                let count = match len {
                    None => nchars as usize - idx,
                    Some(l) => {
                        if start - 1.0 + l > nchars {
                            nchars as usize - idx
                        } else {
                            l.trunc() as usize
                        }
                    }
                };
                let a = char_offset(&s, idx);
                let rest = &s[a..];
                let e = char_offset(rest, count);
                Ok(Value::Str(str_from(&rest[..e])))
            }
            Index => {
                let s = self.arg_str(&args[0])?;
                let t = self.arg_str(&args[1])?;
                if t.is_empty() {
                    return num(1.0);
                }
                match s.find(&*t) {
                    Some(p) => num((byte_to_char(&s, p) + 1) as f64),
                    None => num(0.0),
                }
            }
            Split | Patsplit => {
                let s = self.arg_str(&args[0])?;
                let name = if b == Split { "split" } else { "patsplit" };
                let arr = self.array_arg(&args[1], name, "second")?;
                let seps = match args.get(3) {
                    Some(e) => Some(self.array_arg(e, name, "fourth")?),
                    None => None,
                };
                let mut a = Array::default();
                let mut sp_out = Array::default();
                let n;
                if b == Split {
                    let sp = self.splitter_arg(args.get(2))?;
                    let vals = split_values(&s, &sp);
                    n = vals.len();
                    if seps.is_some() {
                        let mut ranges = Vec::new();
                        super::record::split_into(&s, &sp, false, &mut ranges);
                        if let (Splitter::Space, Some(&(a0, _))) = (&sp, ranges.first())
                            && a0 > 0
                        {
                            sp_out.insert(str_from(b"0"), Value::strnum(&s[..a0]));
                        }
                        for k in 0..ranges.len() {
                            let end = ranges[k].1;
                            let next = ranges.get(k + 1).map(|r| r.0);
                            let sep = match next {
                                Some(nx) => &s[end..nx],
                                None if matches!(sp, Splitter::Space) && end < s.len() => &s[end..],
                                None => continue,
                            };
                            sp_out.insert(
                                self.key_of(&Value::Num((k + 1) as f64)),
                                Value::strnum(sep),
                            );
                        }
                    }
                    for (i, v) in vals.into_iter().enumerate() {
                        a.insert(self.key_of(&Value::Num((i + 1) as f64)), v);
                    }
                } else {
                    let re = match args.get(2) {
                        Some(e) => self.regex_of(e)?,
                        None => {
                            let fpat = match &self.globals[super::ast::special::FPAT] {
                                Cell::Val(v) => v.to_str_with(&self.convfmt),
                                Cell::Arr(_) => {
                                    return fatal("patsplit: FPAT is an array");
                                }
                            };
                            self.regex_for(&fpat)?
                        }
                    };
                    let mut pos = 0;
                    let mut k = 0;
                    let mut prev_end = 0;
                    while pos <= s.len() {
                        self.check_cancel()?;
                        let Some((x, y)) = re.find_at(&s, pos) else {
                            break;
                        };
                        if x == y {
                            pos = x + 1;
                            continue;
                        }
                        k += 1;
                        sp_out.insert(
                            self.key_of(&Value::Num((k - 1) as f64)),
                            Value::strnum(&s[prev_end..x]),
                        );
                        a.insert(self.key_of(&Value::Num(k as f64)), Value::strnum(&s[x..y]));
                        prev_end = y;
                        pos = y;
                    }
                    if prev_end < s.len() || k > 0 {
                        sp_out.insert(
                            self.key_of(&Value::Num(k as f64)),
                            Value::strnum(&s[prev_end..]),
                        );
                    }
                    n = k;
                }
                arr.borrow_mut().set_elements(a);
                if let Some(sa) = seps {
                    sa.borrow_mut().set_elements(sp_out);
                }
                num(n as f64)
            }
            Sub | Gsub => {
                let re = self.regex_of(&args[0])?;
                let repl = self.arg_str(&args[1])?;
                // The target is `$0` by default; one that is not an lvalue is computed and
                // its result discarded (gawk warns).
                let target = match args.get(2) {
                    None => Ok(LValue::Field(Box::new(Expr::Num(0.0)))),
                    Some(e) => to_lvalue(e).ok_or(e),
                };
                let s = match &target {
                    Ok(lv) => self.lvalue_value(lv)?.to_str_with(&self.convfmt),
                    Err(e) => self.arg_str(e)?,
                };
                let ctx = &*self.ctx;
                let (out, n) = substitute(
                    &re,
                    &s,
                    if b == Sub { 1 } else { 0 },
                    |(x, y), o| expand_sub(&repl, &s[x..y], o),
                    &|| ctx.is_cancelled(),
                )?;
                if n > 0
                    && let Ok(target) = &target
                {
                    self.assign(target, Value::Str(str_from(&out)))?;
                }
                num(n as f64)
            }
            Gensub => {
                let re = self.regex_of(&args[0])?;
                let repl = self.arg_str(&args[1])?;
                let how = self.eval(&args[2])?;
                let hs = how.to_str_with(&self.convfmt);
                let which = if hs.first().is_some_and(|c| *c == b'g' || *c == b'G') {
                    0
                } else {
                    let n = how.to_num();
                    if n < 1.0 { 1 } else { n as usize }
                };
                let s = match args.get(3) {
                    Some(e) => self.arg_str(e)?,
                    None => str_from(&self.record.text),
                };
                let ctx = &*self.ctx;
                let (out, _) = substitute(
                    &re,
                    &s,
                    which,
                    |(x, _), o| {
                        let caps = re.captures_at(&s, x).unwrap_or_default();
                        expand_gensub(&repl, &s, &caps, o)
                    },
                    &|| ctx.is_cancelled(),
                )?;
                Ok(Value::Str(str_from(&out)))
            }
            Match => {
                let s = self.arg_str(&args[0])?;
                let re = self.regex_of(&args[1])?;
                let arr = match args.get(2) {
                    Some(e) => Some(self.array_arg(e, "match", "third")?),
                    None => None,
                };
                let caps = if arr.is_some() {
                    re.captures_at(&s, 0)
                } else {
                    re.find_at(&s, 0).map(|m| vec![Some(m)])
                };
                let (rstart, rlength) = match &caps {
                    Some(c) => {
                        let m = c.first().copied().flatten().unwrap_or((0, 0));
                        (byte_to_char(&s, m.0) + 1, char_len(&s[m.0..m.1]) as f64)
                    }
                    None => (0, -1.0),
                };
                if let Some(arr) = arr {
                    let mut a = Array::default();
                    if let Some(c) = &caps {
                        for (i, g) in c.iter().enumerate() {
                            if let Some((gs, ge)) = *g {
                                let k = self.key_of(&Value::Num(i as f64));
                                a.insert(k, Value::strnum(&s[gs..ge]));
                                let mut ks = self.key_of(&Value::Num(i as f64)).to_vec();
                                ks.extend_from_slice(&self.subsep);
                                let mut kl = ks.clone();
                                ks.extend_from_slice(b"start");
                                kl.extend_from_slice(b"length");
                                a.insert(
                                    str_from(&ks),
                                    Value::Num((byte_to_char(&s, gs) + 1) as f64),
                                );
                                a.insert(str_from(&kl), Value::Num(char_len(&s[gs..ge]) as f64));
                            }
                        }
                    }
                    arr.borrow_mut().set_elements(a);
                }
                self.set_var(
                    Var::Global(super::ast::special::RSTART),
                    Value::Num(rstart as f64),
                )?;
                self.set_var(
                    Var::Global(super::ast::special::RLENGTH),
                    Value::Num(rlength),
                )?;
                num(rstart as f64)
            }
            Sprintf => Ok(Value::Str(str_from(&self.sprintf(args)?))),
            Sin => num(self.eval_num(&args[0])?.sin()),
            Cos => num(self.eval_num(&args[0])?.cos()),
            Atan2 => {
                let y = self.eval_num(&args[0])?;
                let x = self.eval_num(&args[1])?;
                num(y.atan2(x))
            }
            Exp => num(self.eval_num(&args[0])?.exp()),
            Log => {
                let x = self.eval_num(&args[0])?;
                if x < 0.0 {
                    self.warn(&format!("log: received negative argument {}", fmt_num(x)))?;
                    return num(-f64::NAN);
                }
                num(x.ln())
            }
            Sqrt => {
                let x = self.eval_num(&args[0])?;
                if x < 0.0 {
                    self.warn(&format!(
                        "sqrt: called with negative argument {}",
                        fmt_num(x)
                    ))?;
                    return num(-f64::NAN);
                }
                num(x.sqrt())
            }
            Int => num(self.eval_num(&args[0])?.trunc()),
            Rand => num(self.next_rand()),
            Srand => {
                let prev = self.rand_seed;
                let seed = match args.first() {
                    Some(e) => self.eval_num(e)?,
                    None => self.now_secs() as f64,
                };
                self.seed_rand(seed);
                num(prev as f64)
            }
            Tolower | Toupper => {
                let s = self.arg_str(&args[0])?;
                Ok(Value::Str(str_from(&change_case(&s, b == Toupper))))
            }
            System => {
                let cmd = self.arg_str(&args[0])?;
                self.flush_all()?;
                let st = self.ctx.call("sh", &[b"-c".to_vec(), cmd.to_vec()]);
                if self.ctx.is_cancelled() {
                    return Err(Flow::Cancelled);
                }
                num(st as f64)
            }
            Close => {
                let name = self.arg_str(&args[0])?;
                let st = self.close_stream(&name)?;
                num(st as f64)
            }
            Fflush => {
                match args.first() {
                    None => self.flush_all()?,
                    Some(e) => {
                        let name = self.arg_str(e)?;
                        if !self.flush_one(&name)? {
                            return num(-1.0);
                        }
                    }
                }
                num(0.0)
            }
            Systime => num(self.now_secs() as f64),
            Strftime => {
                let fmt = match args.first() {
                    Some(e) => self.arg_str(e)?.to_vec(),
                    None => b"%a %b %e %H:%M:%S %Z %Y".to_vec(),
                };
                let t = match args.get(1) {
                    Some(e) => self.eval_num(e)? as i64,
                    None => self.now_secs(),
                };
                Ok(Value::Str(str_from(&sandsh_text::strftime::strftime(
                    &fmt, t,
                ))))
            }
            Mktime => {
                let s = self.arg_str(&args[0])?;
                num(mktime(&s) as f64)
            }
            Asort | Asorti => {
                let name = if b == Asort { "asort" } else { "asorti" };
                let src = self.array_arg(&args[0], name, "first")?;
                let dest = match args.get(1) {
                    Some(e) => self.array_arg(e, name, "second")?,
                    None => src.clone(),
                };
                let how = match args.get(2) {
                    Some(e) => self.arg_str(e)?.to_vec(),
                    None => Vec::new(),
                };
                // Subarrays sort after every scalar, in their order; a copy goes to another
                // array, as gawk copies them.
                let (mut vals, subs): (Vec<Value>, Vec<Cell>) = if b == Asort {
                    let (v, a): (Vec<Cell>, Vec<Cell>) = src
                        .borrow()
                        .values()
                        .into_iter()
                        .partition(|c| matches!(c, Cell::Val(_)));
                    let v = v.into_iter().map(|c| match c {
                        Cell::Val(v) => v,
                        Cell::Arr(_) => Value::Uninit,
                    });
                    (v.collect(), a)
                } else {
                    let keys = src.borrow().keys();
                    (keys.into_iter().map(Value::StrNum).collect(), Vec::new())
                };
                let conv = self.convfmt.clone();
                let desc = how.ends_with(b"desc");
                if b == Asorti && !how.starts_with(b"@ind_num") && !how.starts_with(b"@val_num") {
                    vals.sort_by(|x, y| x.to_str_with(&conv)[..].cmp(&y.to_str_with(&conv)[..]));
                } else if how.starts_with(b"@val_str") || how.starts_with(b"@ind_str") {
                    vals.sort_by(|x, y| x.to_str_with(&conv)[..].cmp(&y.to_str_with(&conv)[..]));
                } else {
                    vals.sort_by(|x, y| sort_cmp(x, y, &conv));
                }
                if desc {
                    vals.reverse();
                }
                let copy = !Rc::ptr_eq(&src, &dest);
                let mut a = Array::default();
                let cells = vals.into_iter().map(Cell::Val).chain(subs);
                for (i, c) in cells.enumerate() {
                    let k = self.key_of(&Value::Num((i + 1) as f64));
                    let c = match c {
                        Cell::Arr(sub) if copy => {
                            let Some(d) = sub.borrow().deep_copy(&dest.borrow(), &k) else {
                                return Err(Flow::Stack);
                            };
                            Cell::Arr(Rc::new(RefCell::new(d)))
                        }
                        c => c,
                    };
                    a.insert_cell(k, c);
                }
                let n = a.len();
                dest.borrow_mut().set_elements(a);
                num(n as f64)
            }
            And | Or | Xor => {
                let mut acc = self.eval_num(&args[0])? as u64;
                for a in &args[1..] {
                    let v = self.eval_num(a)? as u64;
                    acc = match b {
                        And => acc & v,
                        Or => acc | v,
                        _ => acc ^ v,
                    };
                }
                num(acc as f64)
            }
            Lshift => {
                let v = self.eval_num(&args[0])? as u64;
                let s = self.eval_num(&args[1])? as u32;
                num(v.checked_shl(s).unwrap_or(0) as f64)
            }
            Rshift => {
                let v = self.eval_num(&args[0])? as u64;
                let s = self.eval_num(&args[1])? as u32;
                num(v.checked_shr(s).unwrap_or(0) as f64)
            }
            Compl => {
                let v = self.eval_num(&args[0])? as u64;
                num((!v & ((1u64 << 53) - 1)) as f64)
            }
            Strtonum => {
                let v = self.eval(&args[0])?;
                if let Value::Num(n) = v {
                    return num(n);
                }
                let s = v.to_str_with(&self.convfmt);
                let t = s.trim_start();
                let r = if t.len() > 2 && t[0] == b'0' && (t[1] == b'x' || t[1] == b'X') {
                    let mut x = 0f64;
                    for &c in &t[2..] {
                        match (c as char).to_digit(16) {
                            Some(d) => x = x * 16.0 + d as f64,
                            None => break,
                        }
                    }
                    x
                } else if t.len() > 1 && t[0] == b'0' && t[1].is_ascii_digit() {
                    let mut x = 0f64;
                    for &c in &t[1..] {
                        match (c as char).to_digit(8) {
                            Some(d) => x = x * 8.0 + d as f64,
                            None => break,
                        }
                    }
                    x
                } else {
                    super::value::str_to_num(t)
                };
                num(r)
            }
            Isarray => match &args[0] {
                // An untyped variable stays untyped.
                Expr::Var(v) => Ok(bool_val(matches!(self.cell_ref(*v), Cell::Arr(_)))),
                e => Ok(bool_val(matches!(self.operand(e)?, Cell::Arr(_)))),
            },
            Typeof => {
                let v = match &args[0] {
                    Expr::Var(v) => match self.cell_ref(*v) {
                        Cell::Arr(_) => return Ok(Value::from_bytes(b"array")),
                        Cell::Val(_) => self.eval(&args[0])?,
                    },
                    e => match self.operand(e)? {
                        Cell::Arr(_) => return Ok(Value::from_bytes(b"array")),
                        Cell::Val(v) => v,
                    },
                };
                let t: &[u8] = match v {
                    Value::Uninit => b"untyped",
                    Value::Num(_) => b"number",
                    Value::Str(_) => b"string",
                    Value::StrNum(s) => {
                        if super::value::looks_numeric(&s) {
                            b"strnum"
                        } else {
                            b"string"
                        }
                    }
                };
                Ok(Value::from_bytes(t))
            }
        }
    }

    pub fn cell_ref(&self, v: Var) -> &Cell {
        match v {
            Var::Global(i) => &self.globals[i],
            Var::Local(i) => &self.locals[self.frame + i],
        }
    }

    fn lvalue_value(&mut self, lv: &LValue) -> R<Value> {
        match lv {
            LValue::Var(v) => self.get_var(*v),
            LValue::Field(e) => {
                let i = self.eval_num(e)?;
                if i < 0.0 {
                    return fatal(format!("attempt to access field {}", i as i64));
                }
                Ok(self.get_field(i as usize))
            }
            LValue::Index(r, subs) => self.elem_get(r, subs),
            LValue::Nf => Ok(Value::Num(self.nf() as f64)),
        }
    }

    pub fn warn(&mut self, msg: &str) -> R<()> {
        self.flush_out()?;
        let _ = writeln!(
            self.ctx.stderr(),
            "{}: cmd. line:1: warning: {msg}",
            self.me
        );
        Ok(())
    }

    pub fn now_secs(&self) -> i64 {
        self.ctx
            .now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs() as i64)
            .unwrap_or(0)
    }

    /// `srand(seed)`: gawk keeps the seed as a C long, so `srand(2.7)` later reports 2.
    pub fn seed_rand(&mut self, seed: f64) {
        self.rand_seed = seed as i64;
        self.rng_state = Some(RandState::seeded(self.rand_seed as u32));
    }

    /// gawk's `rand()`: two draws of its `random()` per value, in [0, 1).
    pub fn next_rand(&mut self) -> f64 {
        const DIV: f64 = 2147483648.0;
        let rng = self.rng_state.get_or_insert_with(|| RandState::seeded(1));
        loop {
            let a = rng.next() as f64;
            let b = rng.next() as f64;
            let mut t = 0.5 + ((a / DIV + b) / DIV);
            t -= 0.5;
            if t != 1.0 {
                return t;
            }
        }
    }
}

/// gawk's bundled BSD `random()` (`support/random.c`): an additive feedback generator over 63
/// 32-bit words (TYPE_4, separation 1) whose output goes through a 512-entry shuffle table.
/// Reproducing it exactly makes `srand(n); rand()` print what gawk prints.
#[derive(Clone)]
pub struct RandState {
    r: [u32; DEG],
    f: usize,
    b: usize,
    shuffle: Option<Box<([u32; SHUFFLE], u32)>>,
}

const DEG: usize = 63;
const SEP: usize = 1;
const SHUFFLE: usize = 512;

/// Park-Miller "minimal standard" step, as `good_rand` computes it in 32-bit ints.
fn good_rand(x: i32) -> i32 {
    let x = if x == 0 { 123459876 } else { x };
    let (hi, lo) = (x / 127773, x % 127773);
    let x = 16807 * lo - 2836 * hi;
    if x < 0 { x + 0x7fffffff } else { x }
}

impl RandState {
    /// `srandom(seed)`: fill the table from the seed, then discard 630 values.
    pub fn seeded(seed: u32) -> RandState {
        let mut r = [0u32; DEG];
        r[0] = seed;
        for i in 1..DEG {
            r[i] = good_rand(r[i - 1] as i32) as u32;
        }
        let mut st = RandState {
            r,
            f: SEP,
            b: 0,
            shuffle: None,
        };
        for _ in 0..10 * DEG {
            st.next();
        }
        st
    }

    fn next_raw(&mut self) -> u32 {
        let v = self.r[self.f].wrapping_add(self.r[self.b]);
        self.r[self.f] = v;
        self.f += 1;
        if self.f >= DEG {
            self.f = 0;
            self.b += 1;
        } else {
            self.b += 1;
            if self.b >= DEG {
                self.b = 0;
            }
        }
        (v >> 1) & 0x7fffffff
    }

    /// `random()`: the next raw value swapped through the shuffle table.
    pub fn next(&mut self) -> u32 {
        if self.shuffle.is_none() {
            let mut table = [0u32; SHUFFLE];
            for t in &mut table {
                *t = self.next_raw();
            }
            let s = self.next_raw();
            self.shuffle = Some(Box::new((table, s)));
        }
        let r = self.next_raw();
        let Some(sh) = self.shuffle.as_deref_mut() else {
            unreachable!("filled above")
        };
        let k = (sh.1 as usize) & (SHUFFLE - 1);
        sh.1 = sh.0[k];
        sh.0[k] = r;
        sh.1
    }
}

fn fmt_num(x: f64) -> String {
    String::from_utf8_lossy(&super::value::num_to_bytes(x, b"%.6g")).into_owned()
}

/// gawk's default asort order: numbers (numerically) before strings.
fn sort_cmp(x: &Value, y: &Value, conv: &[u8]) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    match (x.is_numeric(), y.is_numeric()) {
        (true, false) => Ordering::Less,
        (false, true) => Ordering::Greater,
        _ => compare(x, y, conv),
    }
}

fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = if y >= 0 { y } else { y - 399 } / 400;
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146097 + doe - 719468
}

/// `mktime("YYYY MM DD HH MM SS [DST]")` in UTC (the sandbox's time zone); -1 when malformed.
fn mktime(s: &[u8]) -> i64 {
    let parts: Vec<i64> = s
        .fields()
        .map(|f| {
            std::str::from_utf8(f)
                .ok()
                .and_then(|t| t.parse::<i64>().ok())
        })
        .collect::<Option<Vec<i64>>>()
        .unwrap_or_default();
    if parts.len() < 6 {
        return -1;
    }
    let (y, mo, d, h, mi, se) = (parts[0], parts[1], parts[2], parts[3], parts[4], parts[5]);
    // normalise the month like mktime does
    let mo0 = mo - 1;
    let y = y + mo0.div_euclid(12);
    let mo = mo0.rem_euclid(12) + 1;
    days_from_civil(y, mo, 1) * 86400 + (d - 1) * 86400 + h * 3600 + mi * 60 + se
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sub_replacement_rules() {
        let mut o = Vec::new();
        expand_sub(b"[&]\\&\\\\&", b"x", &mut o);
        assert_eq!(o, b"[x]&\\x");
    }

    #[test]
    fn rand_matches_gawk() {
        // gawk 5.2.1: BEGIN { printf "%.17g\n", rand() } after srand(SEED); 1 is the default.
        let draw = |seed: u32| {
            let mut st = RandState::seeded(seed);
            let (a, b) = (st.next() as f64, st.next() as f64);
            0.5 + ((a / 2147483648.0 + b) / 2147483648.0) - 0.5
        };
        assert_eq!(draw(1), 0.924_045_815_399_124_7);
        assert_eq!(draw(0), 0.855_565_923_655_723_4);
        assert_eq!(draw(3000000000), 0.458_713_209_416_337_1);
        assert_eq!(draw(-7i32 as u32), 0.853_854_576_658_683_6);
    }

    #[test]
    fn mktime_utc() {
        assert_eq!(mktime(b"1970 01 02 00 00 00"), 86400);
        assert_eq!(mktime(b"2000 1 1 0 0 0"), 946684800);
    }
}
