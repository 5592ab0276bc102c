//! jq 1.7 compatibility on top of jaq: definitions that replace jaq's where the two disagree,
//! native filters that need the sandbox (`now`, `input`, `input_filename`, cancellation), and
//! the translation of jaq's error wording into jq's.
//!
//! Each replacement is pinned by a test in `tests/it/jq.rs`. jaq's own definitions call its natives
//! by name, so natives are never renamed: replacements are definitions in [`DEFS`] (which
//! shadow jaq's), backed by natives named `_sx_*` where the sandbox is needed; a jaq native a
//! shim still wants is aliased (`_jaq_NAME`) before it is shadowed.

use std::cell::RefCell;

use jaq_core::box_iter::box_once;
use jaq_core::native::{Fun, bome, run, v};
use jaq_core::{DataT, Error, Exn};
use jaq_json::Val;
use jaq_std::ValT as _;
use jaq_std::input::{HasInputs, Inputs};

use super::output;

/// Exit code carried by the halt exception that stops a cancelled run.
pub const CANCEL_HALT: i32 = i32::MIN + 7;

/// Exit code carried by the halt exception that stops a recursion about to run out of stack.
pub const STACK_HALT: i32 = i32::MIN + 8;

/// jq 1.7 definitions that differ from jaq's (or that jaq lacks).
pub const DEFS: &str = r#"
def _jaq_ltrimstr($x): ltrimstr($x);
def _jaq_rtrimstr($x): rtrimstr($x);
def _jaq_limit($n; f): limit($n; f);
def _jaq_has($k): has($k);
def _jaq_test(re; fl): test(re; fl);
def _jaq_match(re; fl): match(re; fl);
def _jaq_capture(re; fl): capture(re; fl);
def _jaq_scan(re; fl): scan(re; fl);
def _jaq_splits(re; fl): splits(re; fl);
def _jaq_sub(re; f; fl): sub(re; f; fl);
def _jaq_explode: explode;
def _jaq_implode: implode;
def _jaq_ascii_downcase: ascii_downcase;
def _jaq_ascii_upcase: ascii_upcase;
def range($from; $upto; $by): _sx_range($from; $upto; $by);
def range($from; $upto): _sx_range($from; $upto; 1);
def range($upto): _sx_range(0; $upto; 1);
def inputs: _sx_inputs;
def input: _sx_input;
def now: _sx_now;
def tojson: _tojson;
def tostring: if type == "string" then . else _tojson end;
def @text: tostring;
def @json: _tojson;
def env: $ENV;
def has($k): if type == "null" then false
  elif (type == "object" and ($k | type) == "string") or (type == "array" and ($k | type) == "number")
  then _jaq_has($k)
  else error("Cannot check whether \(type) has a \($k | type) key") end;
def in(xs): . as $x | xs | has($x);
def _sx_rx($re; $fl):
  if type != "string" then error("\(_sx_typed) cannot be matched, as it is not a string")
  elif ($re | type) != "string" then error("\($re | _sx_typed) is not a string")
  elif $fl != null and ($fl | type) != "string" then error("\($fl | _sx_typed) is not a string")
  else . end;
def _sx_rx1($v): ($v | type) as $vt
  | if $vt == "string" then [$v, null]
    elif $vt == "array" and ($v | length) > 1 then [$v[0], $v[1]]
    elif $vt == "array" and ($v | length) > 0 then [$v[0], null]
    else error("\($vt) not a string or array") end;
def test($re; $fl): _sx_rx($re; $fl) | _jaq_test($re; $fl // "");
def test($v): _sx_rx1($v) as [$re, $fl] | test($re; $fl);
def match($re; $fl): _sx_rx($re; $fl) | _jaq_match($re; $fl // "");
def match($v): _sx_rx1($v) as [$re, $fl] | match($re; $fl);
def capture($re; $fl): _sx_rx($re; $fl) | _jaq_capture($re; $fl // "");
def capture($v): _sx_rx1($v) as [$re, $fl] | capture($re; $fl);
def scan($re; $fl): _sx_rx($re; $fl) | _jaq_scan($re; $fl // "");
def scan($re): scan($re; null);
def splits($re; $fl): _sx_rx($re; $fl) | _jaq_splits($re; $fl // "");
def splits($re): splits($re; null);
def split($re; $fl): [splits($re; $fl)];
def sub($re; f; $fl): _sx_rx($re; $fl) | _jaq_sub($re; f; $fl // "");
def sub($re; f): sub($re; f; "");
def gsub($re; f; $fl): sub($re; f; "g" + ($fl // ""));
def gsub($re; f): sub($re; f; "g");
def explode: if type == "string" then _jaq_explode else error("explode input must be a string") end;
def implode: if type == "array" then _jaq_implode else error("implode input must be an array") end;
def ascii_downcase: if type == "string" then _jaq_ascii_downcase else error("explode input must be a string") end;
def ascii_upcase: if type == "string" then _jaq_ascii_upcase else error("explode input must be a string") end;
def ltrimstr($x): if type == "string" and ($x | type) == "string" then _jaq_ltrimstr($x) else . end;
def rtrimstr($x): if type == "string" and ($x | type) == "string" then _jaq_rtrimstr($x) else . end;
def limit($n; f): if $n > 0 then _jaq_limit($n; f) elif $n == 0 then empty else f end;
def repeat(f): def rec: _chk | f, rec; rec;
def recurse(f): def rec: _chk | ., (f | rec); rec;
def recurse: recurse(.[]?);
def recurse(f; cond): def rec: _chk | ., (f | select(cond) | rec); rec;
def while(cond; update): def rec: _chk | if cond then ., (update | rec) else empty end; rec;
def until(cond; update): def rec: _chk | if cond then . else update | rec end; rec;
def leaf_paths: paths(scalars);
def IN(s): any(s == .; .);
def IN(src; s): any(src == s; .);
def INDEX(stream; idx_expr): reduce stream as $row ({}; .[$row | idx_expr | tostring] |= $row);
def INDEX(idx_expr): INDEX(.[]; idx_expr);
def join($x): reduce .[] as $i (null;
    (if . == null then "" else . + $x end) +
    ($i | if type == "boolean" or type == "number" then _tojson elif . == null then "" else . end)) // "";
def from_entries: reduce .[] as $x ({};
    . + { ($x | if .key == null then .k // .name // .Name // .K // .Key else .key end
              | if type == "string" then . else _tojson end):
          ($x | if has("value") then .value else .v end) });
def walk(f): def w: if type == "object" then map_values(w) elif type == "array" then map(w) else . end | f; w;
def transpose: if . == [] then [] else . as $in | (map(length) | max) as $max
    | [range(0; $max) as $j | [range(0; $in | length) as $i | $in[$i][$j]]] end;
def flatten($x): if $x < 0 then error("flatten depth must not be negative")
    else reduce .[] as $i ([]; if $i | type == "array" and $x != 0 then . + ($i | flatten($x - 1)) else . + [$i] end) end;
def flatten: flatten(1e9);
def del(f): _delpaths([path(f)]);
def delpaths($ps): _delpaths($ps);
def setpath($p; $x): _setpath($p; $x);
def to_entries: [keys_unsorted[] as $k | {key: $k, value: .[$k]}];
def tostream: path(def r: (.[]? | r), .; r) as $p | getpath($p) | reduce path(.[]?) as $q ([$p, .]; [$p + $q]);
def fromstream(f): { x: null, e: false } as $init
  | foreach f as $i ($init;
      if .e then $init else . end
      | if $i | length == 2
        then setpath(["e"]; $i[0] | length == 0) | setpath(["x"] + $i[0]; $i[1])
        else setpath(["e"]; $i[0] | length == 1) end;
      if .e then .x else empty end);
def truncate_stream(stream): . as $n | null | stream | . as $input
  | if (.[0] | length) > $n then setpath([0]; .[0][$n:]) else empty end;
def _sh1: if type == "string" then "'" + (split("'") | join("'\\''")) + "'"
    elif type == "array" or type == "object" then error("\(type) (\(_tojson)) can not be escaped for shell")
    else _tojson end;
def @sh: if type == "array" then map(_sh1) | join(" ") else _sh1 end;
def _csvtsv(f; $sep; $what): if type != "array" then error("\(type) (\(_tojson)) cannot be \($what)-formatted, only an array can be")
    else map(if type == "number" or type == "boolean" then _tojson elif . == null then "" elif type == "string" then f
      else error("\(type) (\(_tojson)) is not valid in a csv row") end) | join($sep) end;
def @csv: _sx_csvtsv(false) // _csvtsv("\"" + (split("\"") | join("\"\"")) + "\""; ","; "csv");
def @tsv: _sx_csvtsv(true) // _csvtsv(split("\\") | join("\\\\") | split("\t") | join("\\t") | split("\n") | join("\\n") | split("\r") | join("\\r"); "\t"; "tsv");
def @base32: tostring | _base32;
def @html: tostring | split("&") | join("&amp;") | split("<") | join("&lt;") | split(">") | join("&gt;")
    | split("'") | join("&#39;") | split("\"") | join("&quot;");
def @base32d: tostring | _base32d;
def tonumber: if type == "number" then . elif type == "string" then _tonumber
    else error("\(type) (\(_tojson)) cannot be parsed as a number") end;
def halt_error($code): _halt_error($code);
def halt_error: _halt_error(5);
def input_line_number: _input_line_number;
"#;

/// Shared state the natives reach through the filter's global data.
pub struct Env<'a> {
    pub lut: &'a jaq_core::Lut<JqData>,
    pub inputs: Inputs<'a, Val>,
    pub cancelled: &'a dyn Fn() -> bool,
    pub now: f64,
    /// Current input file (`None`: stdin) and line count.
    pub position: &'a RefCell<(Option<String>, usize)>,
    /// The message given to `halt_error`.
    pub halt_msg: RefCell<Option<Val>>,
    /// Calls since cancellation was last asked ([`jaq_core::data::HasLut::interrupt`]).
    pub calls: std::cell::Cell<u32>,
}

/// Calls between two cancellation checks in [`jaq_core::data::HasLut::interrupt`] (the stack is checked at
/// every call).
const CALLS_PER_CANCEL_CHECK: u32 = 64;

impl Env<'_> {
    fn is_cancelled(&self) -> bool {
        // Every call: one step of a runaway program can double a value, so a check every few
        // hundred steps could come after the memory is gone.
        (self.cancelled)()
    }
}

/// The data kind of sandsh's jq: jaq values plus [`Env`].
pub struct JqData;

impl DataT for JqData {
    type V<'a> = Val;
    type Data<'a> = &'a Env<'a>;
}

impl<'a> jaq_core::data::HasLut<'a, JqData> for &'a Env<'a> {
    fn lut(&self) -> &'a jaq_core::Lut<JqData> {
        self.lut
    }

    /// THREAT DOS-STACK-1 and DOS-CPU-1: the vendored jaq asks this at every call of a
    /// definition or a filter argument and at every step of `..`, so no recursion (a user's,
    /// the standard library's, or one through closures) runs off the stack, and no long
    /// evaluation outlives a cancellation.
    fn interrupt(&self) -> Option<i32> {
        if sandsh_api::stack::exhausted() {
            return Some(STACK_HALT);
        }
        let n = self.calls.get().wrapping_add(1);
        self.calls.set(n);
        if n.is_multiple_of(CALLS_PER_CANCEL_CHECK) && self.is_cancelled() {
            return Some(CANCEL_HALT);
        }
        None
    }
}

impl<'a> HasInputs<'a, Val> for &'a Env<'a> {
    fn inputs(&self) -> Inputs<'a, Val> {
        self.inputs
    }
}

/// Deepest bracket nesting accepted in a program: jaq lexes, parses and compiles recursively.
const MAX_PROGRAM_NESTING: usize = 1000;

/// Refuse programs nested deeper than the lexer, parser and compiler can take.
pub fn check_nesting(code: &str) -> Result<(), String> {
    let (mut depth, mut max) = (0usize, 0usize);
    for b in code.bytes() {
        match b {
            b'(' | b'[' | b'{' => {
                depth += 1;
                max = max.max(depth);
            }
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    if max > MAX_PROGRAM_NESTING {
        return Err(format!(
            "program nested too deeply (more than {MAX_PROGRAM_NESTING} levels)"
        ));
    }
    Ok(())
}

fn cancel_exn<'a>() -> Exn<'a, Val> {
    Exn::halt(CANCEL_HALT)
}

fn err_str<'a>(s: impl ToString) -> Exn<'a, Val> {
    Exn::from(Error::str(s))
}

/// All natives: jaq's plus sandsh's (`_sx_*`, `_tojson`, ...), which [`DEFS`] puts in front.
pub fn funs() -> Vec<Fun<JqData>> {
    let mut all: Vec<Fun<JqData>> = jaq_core::funs::<JqData>()
        .chain(jaq_std::funs::<JqData>())
        .chain(
            jaq_std::input::funs::<JqData>()
                .into_vec()
                .into_iter()
                .map(run::<JqData>),
        )
        .chain(jaq_json::funs::<JqData>())
        .collect();
    all.extend(natives().into_vec().into_iter().map(run::<JqData>));
    all
}

type Natives = Box<[jaq_core::native::Filter<jaq_core::RunPtr<JqData>>]>;

fn natives() -> Natives {
    Box::new([
        ("_chk", v(0), |cv| {
            // THREAT DOS-STACK-1: the loops of DEFS (`repeat`, `recurse`, `while`, `until`)
            // check here at every step; every other call is checked by `interrupt`.
            if sandsh_api::stack::exhausted() {
                box_once(Err(Exn::halt(STACK_HALT)))
            } else if cv.0.data().is_cancelled() {
                box_once(Err(cancel_exn()))
            } else {
                box_once(Ok(cv.1))
            }
        }),
        ("_sx_range", v(3), |mut cv| {
            let by = cv.0.pop_var();
            let to = cv.0.pop_var();
            let from = cv.0.pop_var();
            let env = *cv.0.data();
            range(env, from, to, by)
        }),
        ("_sx_inputs", v(0), |cv| {
            let env = *cv.0.data();
            Box::new(std::iter::from_fn(move || {
                if (env.cancelled)() {
                    return Some(Err(cancel_exn()));
                }
                let mut it = env.inputs;
                it.next().map(|r| r.map_err(err_str))
            }))
        }),
        ("_sx_input", v(0), |cv| {
            let mut it = cv.0.data().inputs;
            match it.next() {
                Some(r) => box_once(r.map_err(err_str)),
                None => box_once(Err(err_str("No more inputs"))),
            }
        }),
        ("input_filename", v(0), |cv| {
            let name = cv.0.data().position.borrow().0.clone();
            box_once(Ok(name.map_or(Val::Null, Val::from)))
        }),
        ("_input_line_number", v(0), |cv| {
            let n = cv.0.data().position.borrow().1;
            box_once(Ok(Val::from(n)))
        }),
        // jq's type_error prefix: `number (1)`, the value cut as jv_dump_string_trunc cuts it.
        ("_sx_typed", v(0), |cv| {
            box_once(Ok(Val::from(typed(&cv.1))))
        }),
        ("_sx_now", v(0), |cv| {
            box_once(Ok(Val::from(cv.0.data().now)))
        }),
        ("_tojson", v(0), |cv| match output::try_to_json(&cv.1) {
            Ok(s) => box_once(Ok(Val::from(s))),
            Err(_) => box_once(Err(Exn::halt(STACK_HALT))),
        }),
        ("_halt_error", v(1), |mut cv| {
            let code = cv.0.pop_var();
            let Some(code) = code.as_isize() else {
                return box_once(Err(err_str("halt_error/1: number required")));
            };
            *cv.0.data().halt_msg.borrow_mut() = Some(cv.1);
            box_once(Err(Exn::halt(code as i32)))
        }),
        ("_tonumber", v(0), |cv| {
            let s = match &cv.1 {
                Val::TStr(b) | Val::BStr(b) => String::from_utf8_lossy(b).into_owned(),
                _ => String::new(),
            };
            match super::input::parse_number(s.trim().as_bytes()) {
                Some(n) => box_once(Ok(n)),
                None => box_once(Err(err_str(format!("Cannot parse '{s}' as JSON")))),
            }
        }),
        ("_base32", v(0), |cv| {
            let b = match &cv.1 {
                Val::TStr(b) | Val::BStr(b) => b.to_vec(),
                _ => Vec::new(),
            };
            box_once(Ok(Val::from(base32_encode(&b))))
        }),
        ("_base32d", v(0), |cv| {
            let b = match &cv.1 {
                Val::TStr(b) | Val::BStr(b) => b.to_vec(),
                _ => Vec::new(),
            };
            let d = base32_decode(&b);
            box_once(Ok(Val::from(String::from_utf8_lossy(&d).into_owned())))
        }),
        ("_sx_csvtsv", v(1), |mut cv| {
            // The common case of @csv and @tsv in one pass (the definitions' split/join chain
            // costs about a millisecond a row); null for what the definition must report.
            let tsv = matches!(cv.0.pop_var(), Val::Bool(true));
            box_once(Ok(csv_tsv_row(&cv.1, tsv).map_or(Val::Null, Val::from)))
        }),
        ("_setpath", v(2), |mut cv| {
            let x = cv.0.pop_var();
            let p = cv.0.pop_var();
            let r = match p {
                Val::Arr(p) => set_path(cv.1, &p, x),
                _ => Err("Path must be specified as an array".to_string()),
            };
            bome(r.map_err(Error::str))
        }),
        ("_delpaths", v(1), |mut cv| {
            let paths = cv.0.pop_var();
            bome(delpaths(cv.1, paths).map_err(Error::str))
        }),
    ])
}

/// One `@csv` (`tsv` false) or `@tsv` row of an array of scalars, as jq 1.7 formats it;
/// `None` when `row` is not such an array (the jq definition then gives the error).
fn csv_tsv_row(row: &Val, tsv: bool) -> Option<String> {
    let Val::Arr(items) = row else {
        return None;
    };
    let mut out = String::new();
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push(if tsv { '\t' } else { ',' });
        }
        match item {
            Val::Null => {}
            Val::TStr(b) | Val::BStr(b) => {
                let s = String::from_utf8_lossy(b);
                if tsv {
                    for c in s.chars() {
                        match c {
                            '\\' => out.push_str("\\\\"),
                            '\t' => out.push_str("\\t"),
                            '\n' => out.push_str("\\n"),
                            '\r' => out.push_str("\\r"),
                            c => out.push(c),
                        }
                    }
                } else {
                    out.push('"');
                    out.push_str(&s.replace('"', "\"\""));
                    out.push('"');
                }
            }
            Val::Arr(_) | Val::Obj(_) => return None,
            scalar => out.push_str(&output::try_to_json(scalar).ok()?),
        }
    }
    Some(out)
}

fn range<'a>(env: &'a Env<'a>, from: Val, to: Val, by: Val) -> jaq_core::ValXs<'a, Val> {
    use jaq_std::ValT as _;
    let ints = (from.as_isize(), to.as_isize(), by.as_isize());
    if let (Some(f), Some(t), Some(b)) = ints {
        if b == 0 {
            return Box::new(std::iter::empty());
        }
        let mut x = f;
        return Box::new(std::iter::from_fn(move || {
            if (b > 0 && x >= t) || (b < 0 && x <= t) {
                return None;
            }
            if env.is_cancelled() {
                x = t;
                return Some(Err(cancel_exn()));
            }
            let cur = x;
            x = x.saturating_add(b);
            Some(Ok(Val::from(cur)))
        }));
    }
    let (Some(f), Some(t), Some(b)) = (from.as_f64(), to.as_f64(), by.as_f64()) else {
        return box_once(Err(err_str("Range bounds must be numeric")));
    };
    if b == 0.0 {
        return Box::new(std::iter::empty());
    }
    let mut x = f;
    let mut done = false;
    Box::new(std::iter::from_fn(move || {
        if done || (b > 0.0 && x >= t) || (b < 0.0 && x <= t) {
            return None;
        }
        if env.is_cancelled() {
            done = true;
            return Some(Err(cancel_exn()));
        }
        let cur = x;
        x += b;
        Some(Ok(Val::from(cur)))
    }))
}

/// `delpaths`, removing object keys in place so the remaining keys keep their order (jaq's
/// `|= empty` swaps the last key into the hole).
fn delpaths(v: Val, paths: Val) -> Result<Val, String> {
    let Val::Arr(ps) = paths else {
        return Err("Paths must be specified as an array".into());
    };
    let mut ps: Vec<Val> = ps.iter().cloned().collect();
    ps.sort();
    let mut v = v;
    for p in ps.into_iter().rev() {
        let Val::Arr(p) = p else {
            return Err("Path must be specified as an array".into());
        };
        v = del_path(v, &p)?;
    }
    Ok(v)
}

fn del_path(v: Val, path: &[Val]) -> Result<Val, String> {
    let Some((k, rest)) = path.split_first() else {
        return Ok(Val::Null);
    };
    match (v, k) {
        (Val::Null, _) => Ok(Val::Null),
        (Val::Obj(o), Val::TStr(_)) => {
            let mut m = (*o).clone();
            if rest.is_empty() {
                m.shift_remove(k);
            } else if let Some(child) = m.get(k).cloned() {
                m.insert(k.clone(), del_path(child, rest)?);
            }
            Ok(Val::obj(m))
        }
        (Val::Arr(a), Val::Num(_)) => {
            let mut a: Vec<Val> = (*a).clone();
            let Some(i) = jaq_std::ValT::as_isize(k) else {
                return Ok(Val::Arr(a.into()));
            };
            let len = a.len() as isize;
            let i = if i < 0 { i + len } else { i };
            if i < 0 || i >= len {
                return Ok(Val::Arr(a.into()));
            }
            let i = i as usize;
            if rest.is_empty() {
                a.remove(i);
            } else {
                a[i] = del_path(std::mem::take(&mut a[i]), rest)?;
            }
            Ok(Val::Arr(a.into()))
        }
        (Val::Arr(a), Val::Obj(_)) if rest.is_empty() => {
            // a slice: `del(.[1:3])`
            let get = |name: &str| match k {
                Val::Obj(o) => o.get(&Val::from(name.to_string())).cloned(),
                _ => None,
            };
            let len = a.len() as isize;
            let norm = |x: Option<Val>, dflt: isize| {
                let i = x
                    .and_then(|x| jaq_std::ValT::as_f64(&x))
                    .map_or(dflt, |f| f.floor() as isize);
                let i = if i < 0 { i + len } else { i };
                i.clamp(0, len) as usize
            };
            let s = norm(get("start"), 0);
            let e = norm(get("end"), len).max(s);
            let mut a: Vec<Val> = (*a).clone();
            a.drain(s..e);
            Ok(Val::Arr(a.into()))
        }
        (v, k) => Err(format!(
            "Cannot delete field at {} index of {}",
            type_name(k),
            type_name(&v)
        )),
    }
}

fn set_path(v: Val, path: &[Val], x: Val) -> Result<Val, String> {
    let Some((k, rest)) = path.split_first() else {
        return Ok(x);
    };
    match (v, k) {
        (v @ (Val::Null | Val::Obj(_)), Val::TStr(_)) => {
            let mut m = match v {
                Val::Obj(o) => (*o).clone(),
                _ => jaq_json::Map::default(),
            };
            let child = m.get(k).cloned().unwrap_or(Val::Null);
            m.insert(k.clone(), set_path(child, rest, x)?);
            Ok(Val::obj(m))
        }
        (v @ (Val::Null | Val::Arr(_)), Val::Num(_)) => {
            let mut a: Vec<Val> = match v {
                Val::Arr(a) => (*a).clone(),
                _ => Vec::new(),
            };
            let Some(i) = jaq_std::ValT::as_f64(k).map(|f| f as isize) else {
                return Err("Cannot index array with number".into());
            };
            let i = if i < 0 { i + a.len() as isize } else { i };
            if i < 0 {
                return Err("Out of bounds negative array index".into());
            }
            let i = i as usize;
            if i >= a.len() {
                a.resize(i + 1, Val::Null);
            }
            a[i] = set_path(std::mem::take(&mut a[i]), rest, x)?;
            Ok(Val::Arr(a.into()))
        }
        (v, Val::TStr(s)) => Err(format!(
            "Cannot index {} with \"{}\"",
            type_name(&v),
            String::from_utf8_lossy(s)
        )),
        (v, k) => Err(format!(
            "Cannot index {} with {}",
            type_name(&v),
            type_name(k)
        )),
    }
}

/// jq's name of a value's type.
pub fn type_name(v: &Val) -> &'static str {
    match v {
        Val::Null => "null",
        Val::Bool(_) => "boolean",
        Val::Num(_) => "number",
        Val::TStr(_) | Val::BStr(_) => "string",
        Val::Arr(_) => "array",
        Val::Obj(_) => "object",
    }
}

const B32: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

fn base32_encode(data: &[u8]) -> String {
    let mut out = String::new();
    for chunk in data.chunks(5) {
        let mut buf = [0u8; 5];
        buf[..chunk.len()].copy_from_slice(chunk);
        let n = u64::from_be_bytes([0, 0, 0, buf[0], buf[1], buf[2], buf[3], buf[4]]);
        let chars = match chunk.len() {
            1 => 2,
            2 => 4,
            3 => 5,
            4 => 7,
            _ => 8,
        };
        for i in 0..8 {
            if i < chars {
                out.push(B32[((n >> (35 - i * 5)) & 31) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn base32_decode(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut acc: u64 = 0;
    let mut bits = 0;
    for &c in data {
        let Some(v) = B32.iter().position(|&b| b == c.to_ascii_uppercase()) else {
            continue;
        };
        acc = (acc << 5) | v as u64;
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    out
}

/// jq's `jv_dump_string_trunc` with its 15-byte buffer.
fn trunc(s: &str) -> String {
    if s.len() <= 14 {
        return s.to_string();
    }
    let mut end = 11;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}...", &s[..end])
}

/// Parse a displayed jaq value at the start of `s`: (value, rest).
fn value_prefix(s: &str) -> Option<(Val, &str)> {
    let mut p = super::input::Parser::new(s.as_bytes());
    let v = p.next_value().ok()??;
    let consumed = p.consumed();
    Some((v, s.get(consumed..)?))
}

fn typed(v: &Val) -> String {
    format!("{} ({})", type_name(v), trunc(&output::to_json(v)))
}

/// Reword a jaq error message as jq 1.7 words it (messages jaq and jq agree on pass through).
pub fn jq_message(msg: &str) -> String {
    if let Some(rest) = msg.strip_prefix("cannot index ")
        && let Some((t, rest)) = value_prefix(rest)
        && let Some(k) = rest.strip_prefix(" with ")
        && let Some((k, _)) = value_prefix(k)
    {
        return match &k {
            Val::TStr(s) if s.len() < 30 => format!(
                "Cannot index {} with \"{}\"",
                type_name(&t),
                String::from_utf8_lossy(s)
            ),
            _ => format!("Cannot index {} with {}", type_name(&t), type_name(&k)),
        };
    }
    if let Some(rest) = msg.strip_prefix("cannot use ")
        && let Some((v, rest)) = value_prefix(rest)
    {
        if rest.starts_with(" as iterable") {
            return format!("Cannot iterate over {}", typed(&v));
        }
        if let Some(t) = rest.strip_prefix(" as ") {
            return format!("{} cannot be used as {t}", typed(&v));
        }
    }
    if let Some(rest) = msg.strip_prefix("cannot calculate ")
        && let Some((l, rest)) = value_prefix(rest)
    {
        let rest = rest.trim_start();
        let (op, r) = rest.split_at(rest.find(' ').unwrap_or(0));
        if let Some((r, _)) = value_prefix(r.trim_start()) {
            let verb = match op {
                "+" => "added",
                "-" => "subtracted",
                "*" => "multiplied",
                "/" => "divided",
                _ => "divided",
            };
            // Numbers fail `/` and `%` only for a zero divisor (vendor/jaq-json), which jq 1.7.1
            // names.
            let zero = matches!((&l, &r), (Val::Num(_), Val::Num(_))) && matches!(op, "/" | "%");
            let why = if zero {
                " because the divisor is zero"
            } else {
                ""
            };
            return format!("{} and {} cannot be {verb}{why}", typed(&l), typed(&r));
        }
    }
    if let Some(v) = msg.strip_suffix(" has no length")
        && let Some((v, _)) = value_prefix(v)
    {
        return format!("{} has no length", typed(&v));
    }
    msg.to_string()
}

/// The error message of an uncaught jq error value: jq prints strings bare, other values as
/// JSON with a `(not a string)` marker.
pub fn describe_error(e: Error<Val>) -> (bool, String) {
    match e.into_val() {
        Val::TStr(s) => (true, jq_message(&String::from_utf8_lossy(&s))),
        other => (false, output::to_json(&other)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_reworded() {
        assert_eq!(
            jq_message("cannot index 1 with \"a\""),
            "Cannot index number with \"a\""
        );
        assert_eq!(
            jq_message("cannot index {} with 0"),
            "Cannot index object with number"
        );
        assert_eq!(
            jq_message("cannot use 1 as iterable (array or object)"),
            "Cannot iterate over number (1)"
        );
        assert_eq!(
            jq_message("cannot calculate {\"aaaaaaaaaa\":1} + 1"),
            "object ({\"aaaaaaaaa...) and number (1) cannot be added"
        );
    }

    #[test]
    fn base32_round_trip() {
        assert_eq!(base32_encode(b"abc"), "MFRGG===");
        assert_eq!(base32_decode(b"MFRGG==="), b"abc");
        assert_eq!(base32_encode(b"hello!"), "NBSWY3DPEE======");
    }
}
