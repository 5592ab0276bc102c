//! The bc machine: runs GNU's byte code (see parser.rs) as GNU's execute.c does.
//!
//! Variables and arrays are stacks (auto variables and parameters push, returns pop: bc's
//! dynamic scoping), the special variables ibase/obase/scale/history are checked on store with
//! GNU's warnings, and a runtime error stops the current input item with GNU's message and
//! address. The machine is a loop over bytes, not a recursion, so deep bc recursion costs heap
//! (bounded by `MAX_FRAMES` and the memory budget), never the Rust stack. Every 256
//! instructions, and inside long arithmetic, the run checks for cancellation.

use std::cell::RefCell;
use std::rc::Rc;

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};
use rustc_hash::FxHashMap as HashMap;

use super::num::{Heavy, Num, dec_digits, pow10};
use super::program::Program;
use sandsh_api::{Charge, MemoryExceeded, ToolCtx};

/// Deepest bc function nesting (GNU has no limit but memory).
const MAX_FRAMES: usize = 100_000;
const BC_DIM_MAX: i64 = 16_777_215;
const INT_MAX: i64 = 2_147_483_647;
/// No single number may need more than this many bytes (about 10 million digits): past it,
/// single multiplications could run for long stretches without a chance to cancel.
const MAX_NUM_BYTES: usize = 4 << 20;

type Array = Rc<RefCell<HashMap<u32, Num>>>;

/// Why a run stopped before its end.
pub enum Fault {
    Cancelled,
    Memory(MemoryExceeded),
    /// `halt`.
    Halt,
    /// The reader of stdout is gone.
    Write,
    /// A number past the hard size cap (bytes it would need).
    TooBig(u128),
    /// A division by a divisor too long to be done in cancellable steps.
    TooBigDivision,
}

impl From<Heavy> for Fault {
    fn from(h: Heavy) -> Fault {
        match h {
            Heavy::Cancelled => Fault::Cancelled,
            Heavy::TooBig => Fault::TooBigDivision,
        }
    }
}

impl From<Heavy> for Stop {
    fn from(h: Heavy) -> Stop {
        Stop::Fault(h.into())
    }
}

pub struct Machine {
    pub prog: Program,
    vars: Vec<Vec<Num>>,
    arrays: Vec<Vec<Array>>,
    pub ibase: i64,
    pub obase: i64,
    pub scale: i64,
    history: i64,
    out_col: usize,
    pub line_size: usize,
    pub std_only: bool,
    pub warn: bool,
    out: Vec<u8>,
    held: usize,
    charged: usize,
    charge: Charge,
    steps: u64,
    /// glibc random() state (bc's random()).
    rand: Option<Random>,
}

/// A frame of the function stack: where to return and the caller's ibase.
struct Frame {
    func: usize,
    addr: usize,
    ibase: i64,
}

/// A runtime error: stops the current item.
struct RtError;

enum Stop {
    Rt(RtError),
    Fault(Fault),
}

impl From<Fault> for Stop {
    fn from(f: Fault) -> Stop {
        Stop::Fault(f)
    }
}

impl Machine {
    pub fn new(prog: Program, charge: Charge) -> Machine {
        Machine {
            prog,
            vars: Vec::new(),
            arrays: Vec::new(),
            ibase: 10,
            obase: 10,
            scale: 0,
            history: -1,
            out_col: 0,
            line_size: 70,
            std_only: false,
            warn: false,
            out: Vec::new(),
            held: 0,
            charged: 0,
            charge,
            steps: 0,
            rand: None,
        }
    }

    /// Write buffered output.
    pub fn flush(&mut self, ctx: &mut dyn ToolCtx) -> Result<(), Fault> {
        if !self.out.is_empty() {
            let r = ctx.stdout().write_all(&self.out);
            self.out.clear();
            if r.is_err() {
                return Err(Fault::Write);
            }
        }
        Ok(())
    }

    /// Text written by the parser (`limits`).
    pub fn write_raw(&mut self, s: &[u8]) {
        self.out.extend_from_slice(s);
    }

    fn out_char(&mut self, ch: u8) {
        if ch == b'\n' {
            self.out_col = 0;
            self.out.push(b'\n');
        } else {
            self.out_col += 1;
            if self.line_size != 0 && self.out_col == self.line_size - 1 {
                self.out.extend_from_slice(b"\\\n");
                self.out_col = 1;
            }
            self.out.push(ch);
        }
    }

    fn out_schar(&mut self, ch: u8) {
        if ch == b'\n' {
            self.out_col = 0;
            self.out.push(b'\n');
        } else {
            if !self.std_only {
                self.out_col += 1;
                if self.line_size != 0 && self.out_col == self.line_size - 1 {
                    self.out.extend_from_slice(b"\\\n");
                    self.out_col = 1;
                }
            }
            self.out.push(ch);
        }
    }

    fn room(&mut self, bytes: usize) -> Result<(), Fault> {
        if bytes > MAX_NUM_BYTES {
            return Err(Fault::TooBig(bytes as u128));
        }
        if bytes > 1 << 16 {
            self.charge.set(self.held + bytes).map_err(Fault::Memory)?;
            self.charged = self.held + bytes;
        }
        Ok(())
    }

    fn account(&mut self, add: usize, sub: usize) -> Result<(), Fault> {
        self.held = (self.held + add).saturating_sub(sub);
        if self.held.abs_diff(self.charged) > 1 << 16 {
            self.charge.set(self.held).map_err(Fault::Memory)?;
            self.charged = self.held;
        }
        Ok(())
    }

    fn rt_error(&mut self, ctx: &mut dyn ToolCtx, func: usize, adr: usize, msg: &str) -> Stop {
        self.message(ctx, "error", func, adr, msg);
        Stop::Rt(RtError)
    }

    fn rt_warn(&mut self, ctx: &mut dyn ToolCtx, func: usize, adr: usize, msg: &str) {
        self.message(ctx, "warning", func, adr, msg);
    }

    fn message(&mut self, ctx: &mut dyn ToolCtx, kind: &str, func: usize, adr: usize, msg: &str) {
        let _ = self.flush(ctx);
        let name = self
            .prog
            .funcs_v
            .get(func)
            .map_or("(main)", |f| f.name.as_str());
        let _ = writeln!(
            ctx.stderr(),
            "Runtime {kind} (func={name}, adr={adr}): {msg}"
        );
    }

    fn var_stack(&mut self, v: usize) -> &mut Vec<Num> {
        if self.vars.len() <= v {
            self.vars.resize_with(v + 1, Vec::new);
        }
        &mut self.vars[v]
    }

    fn array_stack(&mut self, a: usize) -> &mut Vec<Array> {
        if self.arrays.len() <= a {
            self.arrays.resize_with(a + 1, Vec::new);
        }
        &mut self.arrays[a]
    }

    /// The current instance of array `a` (created when it has none).
    fn array(&mut self, a: usize) -> Array {
        let st = self.array_stack(a);
        if st.is_empty() {
            st.push(Rc::new(RefCell::new(HashMap::default())));
        }
        st.last().cloned().unwrap_or_default()
    }

    fn load_var(&mut self, v: usize) -> Num {
        match v {
            0 => Num::from_i64(self.ibase),
            1 => Num::from_i64(self.obase),
            2 => Num::from_i64(self.scale),
            3 => Num::from_i64(self.history),
            _ => self
                .vars
                .get(v)
                .and_then(|s| s.last())
                .cloned()
                .unwrap_or_default(),
        }
    }

    fn set_var(&mut self, v: usize, val: Num) -> Result<(), Fault> {
        let add = val.bytes();
        let st = self.var_stack(v);
        let sub = match st.last_mut() {
            Some(top) => std::mem::replace(top, val).bytes(),
            None => {
                st.push(val);
                0
            }
        };
        self.account(add, sub)
    }

    /// store_var: the special variables are range-checked with GNU's warnings.
    fn store_var(
        &mut self,
        ctx: &mut dyn ToolCtx,
        v: usize,
        val: &Num,
        func: usize,
        adr: usize,
    ) -> Result<(), Fault> {
        if v > 3 {
            return self.set_var(v, val.clone());
        }
        let mut toobig = false;
        let temp: i64 = if val.is_neg() {
            match v {
                0 => {
                    self.rt_warn(ctx, func, adr, "negative ibase, set to 2");
                    2
                }
                1 => {
                    self.rt_warn(ctx, func, adr, "negative obase, set to 2");
                    2
                }
                2 => {
                    self.rt_warn(ctx, func, adr, "negative scale, set to 0");
                    0
                }
                _ => -1,
            }
        } else {
            let t = val.to_long();
            if !val.is_zero() && t == 0 {
                toobig = true;
            }
            t
        };
        match v {
            0 => {
                if temp < 2 && !toobig {
                    self.ibase = 2;
                    self.rt_warn(ctx, func, adr, "ibase too small, set to 2");
                } else if temp > 16 || toobig {
                    if self.std_only {
                        self.ibase = 16;
                        self.rt_warn(ctx, func, adr, "ibase too large, set to 16");
                    } else if temp > 36 || toobig {
                        self.ibase = 36;
                        self.rt_warn(ctx, func, adr, "ibase too large, set to 36");
                    } else {
                        if temp >= 16 && self.warn {
                            self.rt_warn(ctx, func, adr, "ibase larger than 16 is non-standard");
                        }
                        self.ibase = temp;
                    }
                } else {
                    self.ibase = temp;
                }
            }
            1 => {
                if temp < 2 && !toobig {
                    self.obase = 2;
                    self.rt_warn(ctx, func, adr, "obase too small, set to 2");
                } else if temp > INT_MAX || toobig {
                    self.obase = INT_MAX;
                    self.rt_warn(ctx, func, adr, "obase too large, set to 2147483647");
                } else {
                    self.obase = temp;
                }
            }
            2 => {
                if temp > INT_MAX || toobig {
                    self.scale = INT_MAX;
                    self.rt_warn(ctx, func, adr, "scale too large, set to 2147483647");
                } else {
                    self.scale = temp;
                }
            }
            _ => {
                if toobig {
                    self.history = -1;
                    self.rt_warn(ctx, func, adr, "history too large, set to unlimited");
                } else {
                    self.history = if temp < 0 { -1 } else { temp };
                }
            }
        }
        Ok(())
    }

    /// Run the main program `code` of one input item.
    pub fn run(
        &mut self,
        ctx: &mut dyn ToolCtx,
        code: Vec<u8>,
        labels: Vec<usize>,
    ) -> Result<(), Fault> {
        self.prog.funcs_v[0].body = code;
        self.prog.funcs_v[0].labels = labels;
        let mut frames: Vec<Frame> = Vec::new();
        let mut stack: Vec<Num> = Vec::new();
        let mut func = 0usize;
        let mut pc = 0usize;
        let r = self.exec(ctx, &mut frames, &mut stack, &mut func, &mut pc);
        // Unwind the function stack: pop autos and parameters.
        while let Some(f) = frames.pop() {
            self.pop_vars(func)?;
            func = f.func;
        }
        let f = self.flush(ctx);
        match r {
            Ok(()) | Err(Stop::Rt(_)) => f,
            Err(Stop::Fault(x)) => Err(x),
        }
    }

    fn pop_vars(&mut self, func: usize) -> Result<(), Fault> {
        let f = &self.prog.funcs_v[func];
        let names: Vec<i64> = f
            .autos
            .iter()
            .copied()
            .chain(f.params.iter().map(|p| p.0))
            .collect();
        let mut freed = 0;
        for n in names {
            if n > 0 {
                if let Some(v) = self.vars.get_mut(n as usize).and_then(|s| s.pop()) {
                    freed += v.bytes();
                }
            } else if let Some(st) = self.arrays.get_mut((-n) as usize) {
                st.pop();
            }
        }
        self.account(0, freed)
    }

    fn byte(&self, func: usize, pc: &mut usize) -> u8 {
        let b = self.prog.funcs_v[func]
            .body
            .get(*pc)
            .copied()
            .unwrap_or(b':');
        *pc += 1;
        b
    }

    fn num_operand(&self, func: usize, pc: &mut usize) -> usize {
        let b = self.byte(func, pc) as usize;
        if b & 0x80 != 0 {
            ((b & 0x7f) << 8) + self.byte(func, pc) as usize
        } else {
            b
        }
    }

    fn tick(&mut self, ctx: &dyn ToolCtx) -> Result<(), Fault> {
        self.steps += 1;
        if self.steps & 255 == 0 && ctx.is_cancelled() {
            return Err(Fault::Cancelled);
        }
        Ok(())
    }

    fn index(
        &mut self,
        ctx: &mut dyn ToolCtx,
        sub: &Num,
        a: usize,
        func: usize,
        pc: usize,
    ) -> Result<u32, Stop> {
        let idx = sub.to_long();
        if !(0..=BC_DIM_MAX).contains(&idx) || (idx == 0 && !sub.is_zero()) {
            let name = self.prog.array_names.get(a).cloned().unwrap_or_default();
            return Err(self.rt_error(
                ctx,
                func,
                pc,
                &format!("Array {name} subscript out of bounds."),
            ));
        }
        Ok(idx as u32)
    }

    #[allow(clippy::too_many_lines)]
    fn exec(
        &mut self,
        ctx: &mut dyn ToolCtx,
        frames: &mut Vec<Frame>,
        stack: &mut Vec<Num>,
        func: &mut usize,
        pc: &mut usize,
    ) -> Result<(), Stop> {
        while *pc < self.prog.funcs_v[*func].body.len() {
            self.tick(ctx)?;
            if self.out.len() > 1 << 16 {
                self.flush(ctx)?;
            }
            let f = *func;
            let inst = self.byte(f, pc);
            match inst {
                b'A' | b'M' => {
                    let a = self.num_operand(f, pc);
                    let sub = stack.pop().unwrap_or_default();
                    let i = self.index(ctx, &sub, a, f, *pc)?;
                    let arr = self.array(a);
                    let mut m = arr.borrow_mut();
                    let e = m.entry(i).or_default();
                    *e = if inst == b'A' {
                        Num::add(e, &Num::one(), 0)
                    } else {
                        Num::sub(e, &Num::one(), 0)
                    };
                }
                b'B' | b'Z' | b'J' => {
                    let c_code = if inst != b'J' {
                        !stack.pop().unwrap_or_default().is_zero()
                    } else {
                        false
                    };
                    let lo = self.byte(f, pc) as usize;
                    let hi = self.byte(f, pc) as usize;
                    let label = lo + (hi << 8);
                    if inst == b'J' || (inst == b'B' && c_code) || (inst == b'Z' && !c_code) {
                        match self.prog.funcs_v[f].labels.get(label) {
                            Some(&a) if a != usize::MAX => *pc = a,
                            _ => return Err(self.rt_error(ctx, f, *pc, "Internal error.")),
                        }
                    }
                }
                b'C' => {
                    let nf = self.num_operand(f, pc);
                    if !self.prog.funcs_v.get(nf).is_some_and(|x| x.defined) {
                        let name = self
                            .prog
                            .funcs_v
                            .get(nf)
                            .map(|x| x.name.clone())
                            .unwrap_or_default();
                        return Err(self.rt_error(
                            ctx,
                            f,
                            *pc,
                            &format!("Function {name} not defined."),
                        ));
                    }
                    if frames.len() >= MAX_FRAMES {
                        return Err(self.rt_error(
                            ctx,
                            f,
                            *pc,
                            "Function call nesting too deep (sandsh limit: 100000 calls)",
                        ));
                    }
                    let err = self.process_params(ctx, stack, f, pc, nf)?;
                    let autos = self.prog.funcs_v[nf].autos.clone();
                    for a in autos {
                        if a > 0 {
                            self.var_stack(a as usize).push(Num::zero());
                        } else {
                            let st = self.array_stack((-a) as usize);
                            st.push(Rc::new(RefCell::new(HashMap::default())));
                        }
                    }
                    frames.push(Frame {
                        func: f,
                        addr: *pc,
                        ibase: self.ibase,
                    });
                    *func = nf;
                    *pc = 0;
                    if err {
                        return Err(Stop::Rt(RtError));
                    }
                }
                b'D' => {
                    let t = stack.last().cloned().unwrap_or_default();
                    stack.push(t);
                }
                b'K' => {
                    let base = if f == 0 {
                        self.ibase
                    } else {
                        frames.last().map_or(self.ibase, |fr| fr.ibase)
                    };
                    let n = if base == 10 {
                        self.b10_const(f, pc)
                    } else {
                        self.const_in_base(f, pc, base)
                    };
                    stack.push(n);
                }
                b'L' => {
                    let a = self.num_operand(f, pc);
                    let sub = stack.last().cloned().unwrap_or_default();
                    let i = self.index(ctx, &sub, a, f, *pc)?;
                    let arr = self.array(a);
                    let v = arr.borrow().get(&i).cloned().unwrap_or_default();
                    stack.pop();
                    stack.push(v);
                }
                b'O' => loop {
                    let ch = self.byte(f, pc);
                    if ch == b'"' {
                        break;
                    }
                    if ch != b'\\' {
                        self.out_schar(ch);
                        continue;
                    }
                    let e = self.byte(f, pc);
                    if e == b'"' {
                        break;
                    }
                    match e {
                        b'a' => self.out_schar(7),
                        b'b' => self.out_schar(8),
                        b'f' => self.out_schar(12),
                        b'n' => self.out_schar(b'\n'),
                        b'q' => self.out_schar(b'"'),
                        b'r' => self.out_schar(b'\r'),
                        b't' => self.out_schar(b'\t'),
                        b'\\' => self.out_schar(b'\\'),
                        _ => {}
                    }
                },
                b'R' => {
                    if f != 0 {
                        self.pop_vars(f)?;
                        match frames.pop() {
                            Some(fr) => {
                                *func = fr.func;
                                *pc = fr.addr;
                            }
                            None => {
                                return Err(self.rt_error(
                                    ctx,
                                    f,
                                    *pc,
                                    "function stack underflow, contact maintainer.",
                                ));
                            }
                        }
                    } else {
                        return Err(self.rt_error(ctx, f, *pc, "Return from main program."));
                    }
                }
                b'S' => {
                    let a = self.num_operand(f, pc);
                    let val = stack.pop().unwrap_or_default();
                    let sub = stack.pop().unwrap_or_default();
                    let i = match self.index(ctx, &sub, a, f, *pc) {
                        Ok(i) => i,
                        Err(e) => {
                            stack.push(sub);
                            stack.push(val);
                            return Err(e);
                        }
                    };
                    let arr = self.array(a);
                    let add = val.bytes();
                    let old = arr.borrow_mut().insert(i, val.clone());
                    self.account(add + 16, old.map_or(0, |o| o.bytes() + 16))?;
                    stack.push(val);
                }
                b'W' | b'P' => {
                    let v = stack.pop().unwrap_or_default();
                    self.out_num(ctx, &v)?;
                    if inst == b'W' {
                        self.out_char(b'\n');
                    }
                    self.set_var(4, v)?;
                }
                b'c' => {
                    let which = self.byte(f, pc);
                    match which {
                        b'L' => {
                            let v = stack.pop().unwrap_or_default();
                            stack.push(Num::from_i64(v.length() as i64));
                        }
                        b'S' => {
                            let v = stack.pop().unwrap_or_default();
                            stack.push(Num::from_i64(v.scale as i64));
                        }
                        b'R' => {
                            let v = stack.pop().unwrap_or_default();
                            let rscale = (self.scale as usize).max(v.scale);
                            self.room((rscale + v.int_len()) / 2 + 64)?;
                            let r = {
                                let cx: &dyn ToolCtx = ctx;
                                v.sqrt(self.scale as usize, &|| cx.is_cancelled())?
                            };
                            match r {
                                Some(r) => stack.push(r),
                                None => {
                                    stack.push(v);
                                    return Err(self.rt_error(
                                        ctx,
                                        f,
                                        *pc,
                                        "Square root of a negative number",
                                    ));
                                }
                            }
                        }
                        b'I' => {
                            return Err(self.rt_error(
                                ctx,
                                f,
                                *pc,
                                "read() is not supported in sandsh (the program is the input)",
                            ));
                        }
                        b'X' => {
                            let r = self.rand.get_or_insert_with(Random::new).next();
                            stack.push(Num::from_i64(r as i64));
                        }
                        _ => {}
                    }
                }
                b'd' | b'i' => {
                    let v = self.num_operand(f, pc);
                    self.incr_decr(ctx, v, inst == b'i', f, *pc)?;
                }
                b'h' => return Err(Fault::Halt.into()),
                b'l' => {
                    let v = self.num_operand(f, pc);
                    stack.push(self.load_var(v));
                }
                b'n' => {
                    let v = stack.pop().unwrap_or_default();
                    stack.push(Num::sub(&Num::zero(), &v, 0));
                }
                b'p' => {
                    stack.pop();
                }
                b's' => {
                    let v = self.num_operand(f, pc);
                    let val = stack.last().cloned().unwrap_or_default();
                    self.store_var(ctx, v, &val, f, *pc)?;
                }
                b'w' => loop {
                    let ch = self.byte(f, pc);
                    if ch == b'"' {
                        break;
                    }
                    self.out_schar(ch);
                },
                b'x' => {
                    let n = stack.len();
                    if n >= 2 {
                        stack.swap(n - 1, n - 2);
                    }
                }
                b'0' => stack.push(Num::zero()),
                b'1' => stack.push(Num::one()),
                b'!' => {
                    let v = stack.pop().unwrap_or_default();
                    stack.push(Num::from_i64(v.is_zero() as i64));
                }
                b'+' | b'-' | b'*' | b'/' | b'%' | b'^' => {
                    let b = stack.pop().unwrap_or_default();
                    let a = stack.pop().unwrap_or_default();
                    let scale = self.scale as usize;
                    let r = match inst {
                        b'+' | b'-' => {
                            self.room((a.bytes().max(b.bytes())) + a.scale.abs_diff(b.scale) / 2)?;
                            if inst == b'+' {
                                Num::add(&a, &b, 0)
                            } else {
                                Num::sub(&a, &b, 0)
                            }
                        }
                        b'*' => {
                            self.room(a.bytes() + b.bytes())?;
                            let cx: &dyn ToolCtx = ctx;
                            Num::mul_c(&a, &b, scale, &|| cx.is_cancelled())?
                        }
                        b'/' | b'%' => {
                            self.room(a.bytes() + b.bytes() + (scale + b.scale) / 2)?;
                            let r = {
                                let cx: &dyn ToolCtx = ctx;
                                let c = || cx.is_cancelled();
                                if inst == b'/' {
                                    Num::div_c(&a, &b, scale, &c)?
                                } else {
                                    Num::modulo_c(&a, &b, scale, &c)?
                                }
                            };
                            match r {
                                Some(r) => r,
                                None => {
                                    stack.push(a);
                                    stack.push(b);
                                    let m = if inst == b'/' {
                                        "Divide by zero"
                                    } else {
                                        "Modulo by zero"
                                    };
                                    return Err(self.rt_error(ctx, f, *pc, m));
                                }
                            }
                        }
                        _ => {
                            let (r, err) = self.raise(ctx, &a, &b, f, *pc)?;
                            if err || (a.is_zero() && b.is_neg()) {
                                stack.push(r);
                                let m = if err {
                                    "exponent too large in raise"
                                } else {
                                    "divide by zero"
                                };
                                return Err(self.rt_error(ctx, f, *pc, m));
                            }
                            r
                        }
                    };
                    stack.push(r);
                }
                b'=' | b'#' | b'<' | b'{' | b'>' | b'}' => {
                    let b = stack.pop().unwrap_or_default();
                    let a = stack.pop().unwrap_or_default();
                    let o = Num::cmp(&a, &b);
                    use std::cmp::Ordering::*;
                    let c = match inst {
                        b'=' => o == Equal,
                        b'#' => o != Equal,
                        b'<' => o == Less,
                        b'{' => o != Greater,
                        b'>' => o == Greater,
                        _ => o != Less,
                    };
                    stack.push(Num::from_i64(c as i64));
                }
                _ => {
                    return Err(self.rt_error(
                        ctx,
                        f,
                        *pc,
                        &format!("bad instruction: inst={}", inst as char),
                    ));
                }
            }
        }
        Ok(())
    }

    /// Bind a call's arguments to the parameters (GNU's process_params). Returns whether a
    /// runtime error was reported (the call still proceeds, as in GNU, and then stops).
    fn process_params(
        &mut self,
        ctx: &mut dyn ToolCtx,
        stack: &mut Vec<Num>,
        caller: usize,
        pc: &mut usize,
        nf: usize,
    ) -> Result<bool, Stop> {
        let params = self.prog.funcs_v[nf].params.clone();
        let mut i = 0;
        loop {
            let ch = self.byte(caller, pc);
            if ch == b':' {
                break;
            }
            let Some(&(p, by_ref)) = params.get(i) else {
                self.rt_error(ctx, caller, *pc, "Parameter number mismatch");
                return Ok(true);
            };
            if ch == b'0' && p > 0 {
                let v = stack.pop().unwrap_or_default();
                let add = v.bytes();
                self.var_stack(p as usize).push(v);
                self.account(add, 0)?;
            } else if ch == b'1' && p < 0 {
                let ix = stack.last().map_or(0, |n| n.to_long()).max(0) as usize;
                let _ = self.array(ix);
                let dest = (-p) as usize;
                // The source is looked up before the parameter's instance is pushed, so a
                // parameter named like its argument sees the caller's array.
                let src = self.array(ix);
                let inst = if by_ref {
                    src
                } else {
                    let copy = src.borrow().clone();
                    let add: usize = copy.values().map(|n| n.bytes() + 16).sum();
                    self.account(add, 0)?;
                    Rc::new(RefCell::new(copy))
                };
                self.array_stack(dest).push(inst);
                stack.pop();
            } else {
                let msg = if p < 0 {
                    let n = self
                        .prog
                        .array_names
                        .get((-p) as usize)
                        .cloned()
                        .unwrap_or_default();
                    format!("Parameter type mismatch parameter {n}.")
                } else {
                    // GNU indexes its name table one off here.
                    let n = self
                        .prog
                        .var_names
                        .get(p as usize + 1)
                        .cloned()
                        .unwrap_or_else(|| "(null)".to_string());
                    format!("Parameter type mismatch, parameter {n}.")
                };
                self.rt_error(ctx, caller, *pc, &msg);
                stack.pop();
                // GNU steps its parameter list past the end here; what it then finds makes
                // it report a count mismatch after the arguments.
                while self.byte(caller, pc) != b':' {}
                self.rt_error(ctx, caller, *pc, "Parameter number mismatch");
                return Ok(true);
            }
            i += 1;
        }
        if i < params.len() {
            self.rt_error(ctx, caller, *pc, "Parameter number mismatch");
            return Ok(true);
        }
        Ok(false)
    }

    fn incr_decr(
        &mut self,
        ctx: &mut dyn ToolCtx,
        v: usize,
        up: bool,
        f: usize,
        pc: usize,
    ) -> Result<(), Fault> {
        match (v, up) {
            (0, true) => {
                if self.ibase < 16 {
                    self.ibase += 1;
                } else {
                    self.rt_warn(ctx, f, pc, "ibase too big in ++");
                }
            }
            (0, false) => {
                if self.ibase > 2 {
                    self.ibase -= 1;
                } else {
                    self.rt_warn(ctx, f, pc, "ibase too small in --");
                }
            }
            (1, true) => {
                if self.obase < INT_MAX {
                    self.obase += 1;
                } else {
                    self.rt_warn(ctx, f, pc, "obase too big in ++");
                }
            }
            (1, false) => {
                if self.obase > 2 {
                    self.obase -= 1;
                } else {
                    self.rt_warn(ctx, f, pc, "obase too small in --");
                }
            }
            (2, true) => {
                if self.scale < INT_MAX {
                    self.scale += 1;
                } else {
                    self.rt_warn(ctx, f, pc, "Scale too big in ++");
                }
            }
            (2, false) => {
                if self.scale > 0 {
                    self.scale -= 1;
                } else {
                    self.rt_warn(ctx, f, pc, "scale can not be negative in -- ");
                }
            }
            (3, true) => {
                self.history += 1;
                if self.history <= 0 {
                    self.history = -1;
                    self.rt_warn(ctx, f, pc, "history set to unlimited");
                }
            }
            (3, false) => {
                self.history -= 1;
                if self.history < 0 {
                    self.history = -1;
                    self.rt_warn(ctx, f, pc, "history is negative, set to unlimited");
                }
            }
            _ => {
                let cur = self.load_var(v);
                let n = if up {
                    Num::add(&cur, &Num::one(), 0)
                } else {
                    Num::sub(&cur, &Num::one(), 0)
                };
                self.set_var(v, n)?;
            }
        }
        Ok(())
    }

    /// bc_raise, with GNU's warning and scale rules. Returns (result, exponent-too-large).
    fn raise(
        &mut self,
        ctx: &mut dyn ToolCtx,
        a: &Num,
        b: &Num,
        f: usize,
        pc: usize,
    ) -> Result<(Num, bool), Fault> {
        if b.scale != 0 {
            self.rt_warn(ctx, f, pc, "non-zero scale in exponent");
        }
        let e = b.to_long();
        // GNU's build here refuses exponents past 32 bits, as well as those past a long.
        let too_large = (e == 0 && !b.int_mag().is_zero()) || e.unsigned_abs() > u32::MAX as u64;
        if e == 0 || too_large {
            return Ok((Num::one(), too_large));
        }
        let ue = e.unsigned_abs();
        let scale = self.scale as usize;
        let est_bits = (a.mag.bits().max(1) as u128) * ue as u128;
        let est = (est_bits / 8) as usize;
        if est_bits / 8 > MAX_NUM_BYTES as u128 {
            return Err(Fault::TooBig(est_bits / 8));
        }
        self.room(est)?;
        let exact_scale = (a.scale as u128) * ue as u128;
        if exact_scale > (MAX_NUM_BYTES as u128) * 2 {
            return Err(Fault::TooBig(exact_scale / 2));
        }
        // Exact power by squaring (GNU's intermediate scales keep every digit too).
        let mut result = BigUint::one();
        let mut base = a.mag.clone();
        let mut k = ue;
        while k > 0 {
            if ctx.is_cancelled() {
                return Err(Fault::Cancelled);
            }
            if k & 1 == 1 {
                result *= &base;
            }
            k >>= 1;
            if k > 0 {
                base = &base * &base;
            }
        }
        let exact = Num {
            neg: a.neg && ue & 1 == 1 && !result.is_zero(),
            mag: result,
            scale: exact_scale as usize,
        };
        if e < 0 {
            self.room(exact.bytes() + scale / 2)?;
            let cx: &dyn ToolCtx = ctx;
            let q = Num::div_c(&Num::one(), &exact, scale, &|| cx.is_cancelled())?;
            return Ok((q.unwrap_or_default(), false));
        }
        let rscale = (exact_scale as usize).min(scale.max(a.scale));
        Ok((exact.truncate_keep_sign(rscale), false))
    }

    /// A decimal constant in the code (GNU's push_b10_const).
    fn b10_const(&self, f: usize, pc: &mut usize) -> Num {
        let mut int_digits = Vec::new();
        let mut frac = Vec::new();
        let mut in_frac = false;
        loop {
            let b = self.byte(f, pc);
            match b {
                b':' => break,
                b'.' => in_frac = true,
                d => {
                    if in_frac {
                        frac.push(d)
                    } else {
                        int_digits.push(d)
                    }
                }
            }
        }
        if int_digits.len() == 1 && frac.is_empty() {
            return Num::from_i64(int_digits[0] as i64);
        }
        let mut mag = BigUint::zero();
        let all: Vec<u8> = int_digits
            .iter()
            .chain(frac.iter())
            .map(|&d| b'0' + d.min(9))
            .collect();
        if !all.is_empty() {
            mag = BigUint::parse_bytes(&all, 10).unwrap_or_default();
        }
        Num {
            neg: false,
            mag,
            scale: frac.len(),
        }
    }

    /// A constant in another input base (GNU's push_constant over the code bytes).
    fn const_in_base(&self, f: usize, pc: &mut usize, base: i64) -> Num {
        let mut next = || self.byte(f, pc) as i64;
        let mult = Num::from_i64(base);
        let mut build = Num::zero();
        let mut in_ch = next();
        if in_ch < 36 {
            let mut first = in_ch;
            in_ch = next();
            if in_ch < 36 && first >= base {
                first = base - 1;
            }
            build = Num::from_i64(first);
        }
        while in_ch < 36 {
            if in_ch >= base {
                in_ch = base - 1;
            }
            build = Num::add(&Num::mul(&build, &mult, 0), &Num::from_i64(in_ch), 0);
            in_ch = next();
        }
        if in_ch == b'.' as i64 {
            in_ch = next();
            if in_ch >= base {
                in_ch = base - 1;
            }
            let mut result = Num::zero();
            let mut divisor = Num::one();
            let mut digits = 0usize;
            while in_ch < 36 {
                result = Num::add(&Num::mul(&result, &mult, 0), &Num::from_i64(in_ch), 0);
                divisor = Num::mul(&divisor, &mult, 0);
                digits += 1;
                in_ch = next();
                if in_ch < 36 && in_ch >= base {
                    in_ch = base - 1;
                }
            }
            let r = Num::div(&result, &divisor, digits).unwrap_or_default();
            build = Num::add(&build, &r, 0);
        }
        build
    }

    /// Print a number in obase (GNU's bc_out_num), through the line-wrapping writer.
    fn out_num(&mut self, ctx: &mut dyn ToolCtx, n: &Num) -> Result<(), Fault> {
        let cx: &dyn ToolCtx = ctx;
        let cancel = || cx.is_cancelled();
        let mut s: Vec<u8> = Vec::new();
        if n.neg {
            s.push(b'-');
        }
        if n.is_zero() {
            s.push(b'0');
        } else if self.obase == 10 {
            let (ip, fp) = n.decimal_parts(&cancel)?;
            s.extend_from_slice(ip.as_bytes());
            if n.scale > 0 {
                s.push(b'.');
                s.extend_from_slice(fp.as_bytes());
            }
        } else {
            let base = self.obase as u64;
            let width = dec_digits(&BigUint::from(base - 1));
            let ten_s = pow10(n.scale);
            let (mut ip, mut fp) = n.mag.div_rem(&ten_s);
            let bbase = BigUint::from(base);
            let mut digits: Vec<u64> = Vec::new();
            while !ip.is_zero() {
                if cancel() {
                    return Err(Fault::Cancelled);
                }
                let (q, r) = ip.div_rem(&bbase);
                digits.push(r.to_u64().unwrap_or(0));
                ip = q;
            }
            let push_digit = |s: &mut Vec<u8>, d: u64, space: bool| {
                if base <= 16 {
                    s.push(b"0123456789ABCDEF"[d as usize]);
                } else {
                    if space {
                        s.push(b' ');
                    }
                    let t = d.to_string();
                    for _ in t.len()..width {
                        s.push(b'0');
                    }
                    s.extend_from_slice(t.as_bytes());
                }
            };
            for &d in digits.iter().rev() {
                push_digit(&mut s, d, true);
            }
            if n.scale > 0 {
                s.push(b'.');
                let mut t = BigUint::one();
                let mut first = true;
                while dec_digits(&t) <= n.scale {
                    if cancel() {
                        return Err(Fault::Cancelled);
                    }
                    fp *= &bbase;
                    let (d, r) = fp.div_rem(&ten_s);
                    fp = r;
                    push_digit(&mut s, d.to_u64().unwrap_or(0), !first);
                    first = false;
                    t *= &bbase;
                }
            }
        }
        self.room(s.len())?;
        for &c in &s {
            self.out_char(c);
        }
        Ok(())
    }
}

/// glibc's random() (TYPE_3, seed 1): what GNU bc's random() returns.
struct Random {
    r: Vec<u32>,
    i: usize,
}

impl Random {
    fn new() -> Random {
        let mut r = vec![0i64; 34];
        r[0] = 1;
        for i in 1..31 {
            let hi = r[i - 1] / 127_773;
            let lo = r[i - 1] % 127_773;
            let mut w = 16_807 * lo - 2_836 * hi;
            if w < 0 {
                w += 2_147_483_647;
            }
            r[i] = w;
        }
        for i in 31..34 {
            r[i] = r[i - 31];
        }
        let mut r: Vec<u32> = r.into_iter().map(|x| x as u32).collect();
        for i in 34..344 {
            let v = r[i - 31].wrapping_add(r[i - 3]);
            r.push(v);
        }
        let len = r.len();
        Random { r, i: len }
    }

    fn next(&mut self) -> u32 {
        let i = self.i;
        let v = self.r[i - 31].wrapping_add(self.r[i - 3]);
        self.r.push(v);
        self.i += 1;
        if self.r.len() > 4096 {
            self.r.drain(..self.r.len() - 64);
            self.i = self.r.len();
        }
        v >> 1
    }
}
