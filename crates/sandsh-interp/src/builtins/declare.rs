//! declare / typeset / local / export / readonly / unset.

use super::super::expand::{ExpAssign, ExpValue};
use super::super::vars::{Attrs, Value, Var, declare_line};
use super::super::{Flow, Res, Shell};
use super::text;

type A<'a> = &'a [Vec<u8>];

/// Every function's definition, in name order, as `declare -f` and `set` list them.
pub fn function_listing(sh: &Shell, out: &mut String) {
    let mut funcs: Vec<_> = sh.funcs.iter().collect();
    funcs.sort_by(|a, b| a.0.cmp(b.0));
    for (name, body) in funcs {
        out.push_str(&super::super::pat::function_text(name, body));
        out.push('\n');
    }
}

/// One line of `set` / plain `declare` output: `name=value` (quoted as needed), arrays as
/// `name=([0]="a" …)`; nothing for a variable declared without a value.
pub fn listing_line(name: &str, v: &Var) -> Option<String> {
    match &v.value {
        None => None,
        Some(Value::Str(s)) => Some(format!(
            "{name}={}",
            String::from_utf8_lossy(&super::super::pat::quote_if_needed(s))
        )),
        Some(_) => {
            let line = declare_line(name, v);
            let at = line.find(&format!(" {name}=("))?;
            Some(line[at + 1..].to_string())
        }
    }
}

/// No attribute asked for (`declare` alone, not `declare -r`).
fn wanted_none(o: &Opts) -> bool {
    o.on == Attrs::empty() && o.off == Attrs::empty()
}

struct Opts {
    on: Attrs,
    off: Attrs,
    print: bool,
    global: bool,
    funcs: bool,
    func_names: bool,
    /// `-I`: a new local starts with the value and attributes of the variable it shadows.
    inherit: bool,
}

fn parse_opts(sh: &Shell, name: &str, argv: A, decl_pos: &[usize]) -> Result<(Opts, usize), i32> {
    let mut o = Opts {
        on: Attrs::empty(),
        off: Attrs::empty(),
        print: false,
        global: false,
        funcs: false,
        func_names: false,
        inherit: false,
    };
    let mut i = 1;
    while i < argv.len() && !decl_pos.contains(&i) {
        let a = &argv[i];
        if a == b"--" {
            i += 1;
            break;
        }
        if a.len() < 2 || !(a[0] == b'-' || a[0] == b'+') {
            break;
        }
        let on = a[0] == b'-';
        for &c in &a[1..] {
            let attr = match c {
                b'a' => Attrs::ARRAY,
                b'A' => Attrs::ASSOC,
                b'i' => Attrs::INTEGER,
                b'l' => Attrs::LOWER,
                b'u' => Attrs::UPPER,
                b'n' => Attrs::NAMEREF,
                b'r' => Attrs::READONLY,
                b'x' => Attrs::EXPORT,
                b't' => Attrs::TRACE,
                b'c' => Attrs::CAPITALIZE,
                b'p' => {
                    o.print = true;
                    continue;
                }
                b'g' => {
                    o.global = true;
                    continue;
                }
                b'f' => {
                    o.funcs = true;
                    continue;
                }
                b'F' => {
                    o.func_names = true;
                    continue;
                }
                b'I' => {
                    // bash takes `+I` as `-I`.
                    o.inherit = true;
                    continue;
                }
                _ => {
                    super::usage::invalid_option(sh, name, &format!("-{}", c as char));
                    return Err(2);
                }
            };
            if on {
                o.on.set(attr);
            } else {
                o.off.set(attr);
            }
        }
        i += 1;
    }
    Ok((o, i))
}

pub fn declare(sh: &mut Shell, argv: A, decl: &[ExpAssign], pos: &[usize]) -> Res<i32> {
    let name = text(&argv[0]);
    let local = !sh.frames.is_empty();
    declare_impl(sh, &name, argv, decl, pos, local, Attrs::empty())
}

pub fn local(sh: &mut Shell, argv: A, decl: &[ExpAssign], pos: &[usize]) -> Res<i32> {
    if sh.frames.is_empty() {
        sh.builtin_error("local", "can only be used in a function");
        return Ok(1);
    }
    declare_impl(sh, "local", argv, decl, pos, true, Attrs::empty())
}

/// Under `set -x`, bash's `export` and `readonly` trace each scalar `name=value` they assign
/// (`+ V=1` after `+ export V=1`); `declare` and `local` do not.
fn xtrace_assignments(sh: &Shell, argv: A, decl: &[ExpAssign], pos: &[usize]) {
    if !sh.opts.xtrace {
        return;
    }
    for (i, a) in argv.iter().enumerate().skip(1) {
        match pos.iter().position(|&p| p == i).and_then(|k| decl.get(k)) {
            Some(e) if matches!(e.value, ExpValue::Scalar(_)) => sh.xtrace_assign(e),
            Some(_) => {}
            None => {
                // A word that became `name=value` when expanded (`export $k=2`).
                let Some(eq) = a.iter().position(|&b| b == b'=') else {
                    continue;
                };
                let name = &a[..eq];
                if super::super::param::is_name(&text(name.strip_suffix(b"+").unwrap_or(name))) {
                    let mut line = b"+ ".to_vec();
                    line.extend_from_slice(&a[..=eq]);
                    if eq + 1 < a.len() {
                        line.extend(super::super::pat::xtrace_quote(&a[eq + 1..]));
                    }
                    line.push(b'\n');
                    sh.write_xtrace(&line);
                }
            }
        }
    }
}

pub fn export(sh: &mut Shell, argv: A, decl: &[ExpAssign], pos: &[usize]) -> Res<i32> {
    xtrace_assignments(sh, argv, decl, pos);
    // bash's export takes -a and -A too (its usage line does not say so).
    if super::usage::flags(sh, argv, b"fnpaA").is_none() {
        return Ok(2);
    }
    let unexport = argv.get(1).is_some_and(|a| a == b"-n");
    if unexport {
        return export_n(sh, argv, decl, pos);
    }
    if argv.get(1).is_some_and(|a| a == b"-f") {
        for a in &argv[2..] {
            sh.exported_funcs.insert(text(a));
        }
        return Ok(0);
    }
    declare_impl(sh, "export", argv, decl, pos, false, Attrs::EXPORT)
}

/// `export -n name[=value]...`: assign (bash allows it) and stop exporting; with no names,
/// list the exported variables like `export -p`.
fn export_n(sh: &mut Shell, argv: A, decl: &[ExpAssign], pos: &[usize]) -> Res<i32> {
    if argv.len() == 2 {
        let list = [argv[0].clone(), b"-p".to_vec()];
        return declare_impl(sh, "export", &list, &[], &[], false, Attrs::EXPORT);
    }
    let mut status = 0;
    for (i, a) in argv.iter().enumerate().skip(2) {
        let assign = pos.iter().position(|&p| p == i).and_then(|k| decl.get(k));
        let name = assign.map_or_else(|| text(a), |e| e.name.clone());
        if !super::super::param::is_name(&name) {
            // bash names the whole word, value and all (`1abc=5').
            let word = assign.map_or_else(
                || text(a),
                |e| String::from_utf8_lossy(&e.to_text()).into_owned(),
            );
            sh.builtin_error("export", &format!("`{word}': not a valid identifier"));
            status = 1;
            continue;
        }
        if let Some(e) = assign {
            if sh
                .vars
                .get(&name)
                .is_some_and(|v| v.attrs.has(Attrs::READONLY))
            {
                sh.error(&format!("{name}: readonly variable"));
                status = 1;
                continue;
            }
            sh.do_assign(e.clone())?;
        }
        if let Some(v) = sh.vars.get_mut(&name) {
            v.attrs.clear(Attrs::EXPORT);
        }
    }
    Ok(status)
}

pub fn readonly(sh: &mut Shell, argv: A, decl: &[ExpAssign], pos: &[usize]) -> Res<i32> {
    xtrace_assignments(sh, argv, decl, pos);
    if argv.get(1).is_some_and(|a| a == b"-f") {
        for a in &argv[2..] {
            sh.readonly_funcs.insert(text(a));
        }
        return Ok(0);
    }
    declare_impl(sh, "readonly", argv, decl, pos, false, Attrs::READONLY)
}

fn declare_impl(
    sh: &mut Shell,
    name: &str,
    argv: A,
    decl: &[ExpAssign],
    pos: &[usize],
    local: bool,
    implied: Attrs,
) -> Res<i32> {
    let (mut o, start) = match parse_opts(sh, name, argv, pos) {
        Ok(x) => x,
        Err(s) => return Ok(s),
    };
    o.on.set(implied);
    let d = Decl {
        name,
        local: local && !o.global,
        implied,
        o,
    };
    if d.o.funcs || d.o.func_names {
        return d.list_functions(sh, &argv[start..]);
    }
    if start >= argv.len() {
        return d.list_variables(sh);
    }
    let mut status = 0;
    let mut decl_iter = 0;
    for (i, arg) in argv.iter().enumerate().skip(start) {
        let assign = if pos.contains(&i) {
            let a = decl.get(decl_iter).cloned();
            decl_iter += 1;
            a
        } else {
            None
        };
        let (vname, assign) = operand(arg, assign);
        if let Some(s) = d.declare_one(sh, &vname, assign)? {
            status = s;
        }
    }
    Ok(status)
}

/// An operand's variable name and its assignment, if any: the parser's own for a word it saw
/// as an assignment, else one made from a `name=value` or `name+=value` word.
fn operand(arg: &[u8], assign: Option<ExpAssign>) -> (String, Option<ExpAssign>) {
    if let Some(a) = assign {
        return (a.name.clone(), Some(a));
    }
    let t = text(arg);
    match t.split_once('=') {
        Some((n, v)) => {
            let (n, append) = match n.strip_suffix('+') {
                Some(n) => (n.to_string(), true),
                None => (n.to_string(), false),
            };
            (
                n.clone(),
                Some(ExpAssign {
                    name: n,
                    index: None,
                    append,
                    value: ExpValue::Scalar(v.as_bytes().to_vec()),
                }),
            )
        }
        None => (t, None),
    }
}

/// One run of declare (or local, export, readonly) once its options are parsed.
struct Decl<'a> {
    /// The builtin's name, for messages and its own listing rules.
    name: &'a str,
    o: Opts,
    /// Variables are made in the current function's scope.
    local: bool,
    /// The attribute the builtin itself implies (`export`: -x, `readonly`: -r).
    implied: Attrs,
}

impl Decl<'_> {
    /// `declare -f [name…]` / `declare -F [name…]`: the named functions, or all of them.
    fn list_functions(&self, sh: &mut Shell, args: A) -> Res<i32> {
        let explicit = !args.is_empty();
        let mut names: Vec<String> = if explicit {
            args.iter().map(|a| text(a)).collect()
        } else {
            let mut n: Vec<_> = sh.funcs.keys().cloned().collect();
            n.sort();
            n
        };
        names.dedup();
        let o = &self.o;
        let mut status = 0;
        for n in names {
            match sh.funcs.get(&n).cloned() {
                Some(body) => {
                    let line = if o.func_names && explicit && sh.opts.extdebug {
                        match sh.func_origins.get(&n) {
                            Some((l, f)) => format!("{n} {l} {f}\n"),
                            None => format!("{n}\n"),
                        }
                    } else if o.func_names && explicit {
                        format!("{n}\n")
                    } else if o.func_names {
                        format!("declare -f {n}\n")
                    } else {
                        format!("{}\n", super::super::pat::function_text(&n, &body))
                    };
                    sh.out(line.as_bytes())?;
                }
                None => status = 1,
            }
        }
        Ok(status)
    }

    /// No operands: list the variables (`local`: this function's own), namerefs as
    /// themselves, and for plain `declare`/`typeset` the functions after them.
    fn list_variables(&self, sh: &mut Shell) -> Res<i32> {
        let (name, o) = (self.name, &self.o);
        let names = if name == "local" {
            sh.vars.local_names()
        } else {
            sh.vars.names()
        };
        let mut out = String::new();
        for n in names {
            let Some(v) = sh.vars.lookup_raw(&n) else {
                continue;
            };
            if !o.on.has(Attrs::EXPORT) && self.implied.has(Attrs::EXPORT) {
                continue;
            }
            let wanted = o.on;
            if wanted != Attrs::empty() && (v.attrs.bits() & wanted.bits()) != wanted.bits() {
                continue;
            }
            if name == "export"
                || name == "readonly"
                || name == "local"
                || o.print
                || wanted != Attrs::empty()
            {
                out.push_str(&declare_line(&n, v));
            } else {
                match listing_line(&n, v) {
                    Some(line) => out.push_str(&line),
                    None => continue,
                }
            }
            out.push('\n');
        }
        if !o.print && wanted_none(o) && (name == "declare" || name == "typeset") {
            function_listing(sh, &mut out);
        }
        sh.out(out.as_bytes())?;
        Ok(0)
    }

    /// One operand `vname` (`name`, `name[sub]`), with its assignment if it has one. Returns
    /// the status it sets, if any (`None`: leaves it as it was).
    fn declare_one(
        &self,
        sh: &mut Shell,
        vname: &str,
        assign: Option<ExpAssign>,
    ) -> Res<Option<i32>> {
        let name = self.name;
        let base = match vname.find('[') {
            Some(p) => &vname[..p],
            None => vname,
        };
        if !super::super::param::is_name(base) {
            let word = assign.as_ref().map_or_else(
                || vname.to_string(),
                |e| String::from_utf8_lossy(&e.to_text()).into_owned(),
            );
            sh.builtin_error(name, &format!("`{word}': not a valid identifier"));
            return Ok(Some(1));
        }
        // `readonly -p NAME` and `export -p NAME` set the attribute as without -p (bash);
        // `local -p NAME` shows only this function's own variables.
        if self.o.print && name == "local" && !sh.vars.is_local_here(base) {
            sh.builtin_error(name, &format!("{base}: not found"));
            return Ok(Some(1));
        }
        if self.o.print && name != "readonly" && name != "export" {
            return self.print_one(sh, base);
        }
        if self.o.on.has(Attrs::NAMEREF) && !self.nameref_target_ok(sh, base, assign.as_ref()) {
            return Ok(Some(1));
        }
        if !self.create(sh, base, assign.is_some()) {
            return Ok(Some(1));
        }
        // A nameref (or one being made) is changed itself, never its target.
        let is_ref = self.o.on.has(Attrs::NAMEREF)
            || sh
                .vars
                .lookup_raw(base)
                .is_some_and(|v| v.attrs.has(Attrs::NAMEREF));
        self.set_attrs(sh, base, is_ref);
        if let Some(a) = assign {
            if is_ref && let ExpValue::Scalar(t) = &a.value {
                let var = if self.local {
                    sh.vars.declare_local(base)
                } else {
                    sh.vars.entry_raw(base)
                };
                var.value = Some(Value::Str(t.clone()));
                return Ok(None);
            }
            // An arithmetic error in an integer's value is named after the builtin (bash),
            // except inside a compound array value, and abandons the command like any
            // assignment's.
            let prefix = match (&a.value, name) {
                (ExpValue::Scalar(_), "declare") => "declare: ",
                (ExpValue::Scalar(_), "local") => "local: ",
                (ExpValue::Scalar(_), "typeset") => "typeset: ",
                (ExpValue::Scalar(_), "readonly") => "readonly: ",
                (ExpValue::Scalar(_), "export") => "export: ",
                _ => "",
            };
            let saved = std::mem::replace(&mut sh.arith_prefix, prefix);
            let r = sh.do_assign(a);
            sh.arith_prefix = saved;
            match r {
                Ok(()) => {}
                Err(Flow::Exit(s)) => return Ok(Some(s)),
                Err(e) => return Err(e),
            }
        }
        if self.o.on.has(Attrs::READONLY)
            && let Some(v) = sh.vars.get_mut(base)
        {
            v.attrs.set(Attrs::READONLY);
        }
        Ok(None)
    }

    /// `declare -p NAME`: its `declare` line, or an error if there is no such variable.
    fn print_one(&self, sh: &mut Shell, base: &str) -> Res<Option<i32>> {
        match sh.vars.lookup_raw(base) {
            Some(v) => {
                let line = declare_line(base, v);
                sh.out(format!("{line}\n").as_bytes())?;
                Ok(None)
            }
            None => {
                sh.builtin_error(self.name, &format!("{base}: not found"));
                Ok(Some(1))
            }
        }
    }

    /// A nameref must name a variable (or an array element), never itself. Reports the
    /// error and returns false when the target (assigned, or the present value) is wrong.
    fn nameref_target_ok(&self, sh: &Shell, base: &str, assign: Option<&ExpAssign>) -> bool {
        let target = match assign.map(|a| &a.value) {
            Some(ExpValue::Scalar(t)) => Some(t.clone()),
            Some(_) => None,
            None => sh
                .vars
                .lookup_raw(base)
                .filter(|_| !self.local || sh.vars.is_local_here(base))
                .and_then(|v| v.value.as_ref())
                .and_then(|v| v.scalar())
                .map(<[u8]>::to_vec),
        };
        let Some(t) = target.filter(|t| !t.is_empty()) else {
            return true;
        };
        let t = String::from_utf8_lossy(&t).into_owned();
        if t == base {
            sh.builtin_error(
                self.name,
                &format!("{base}: nameref variable self references not allowed"),
            );
            return false;
        }
        let head = t
            .find('[')
            .filter(|_| t.ends_with(']'))
            .map_or(&t[..], |i| &t[..i]);
        if !super::super::param::is_name(head) {
            sh.builtin_error(
                self.name,
                &format!("`{t}': invalid variable name for name reference"),
            );
            return false;
        }
        true
    }

    /// Create the variable in the right scope, after refusing what cannot be done to it:
    /// changing a readonly one, converting between indexed and associative arrays. Reports
    /// the error and returns false for those.
    fn create(&self, sh: &mut Shell, base: &str, assigned: bool) -> bool {
        let (name, o, local) = (self.name, &self.o, self.local);
        let exists_here = if local {
            sh.vars.is_local_here(base)
        } else {
            sh.vars.get(base).is_some()
        };
        if sh
            .vars
            .get(base)
            .is_some_and(|v| v.attrs.has(Attrs::READONLY))
            && (assigned || o.off.has(Attrs::READONLY))
        {
            sh.builtin_error(name, &format!("{base}: readonly variable"));
            return false;
        }
        if local && !exists_here && o.inherit {
            if let Err(e) = sh.vars.declare_local_inherited(base) {
                // Only the memory budget can refuse it, and that stops the run.
                let _ = sh.var_err(e);
                return false;
            }
        } else if local && !exists_here {
            // A local shadowing an exported variable is exported too (bash 5.2).
            let exported = sh
                .vars
                .lookup_raw(base)
                .is_some_and(|v| v.attrs.has(Attrs::EXPORT));
            let var = sh.vars.declare_local(base);
            var.attrs = if exported {
                Attrs::EXPORT
            } else {
                Attrs::empty()
            };
        } else if o.global && sh.vars.get(base).is_none() {
            sh.vars.declare_global(base);
        } else if !local && sh.vars.get(base).is_none() {
            sh.vars.entry(base);
        }
        if o.on.has(Attrs::ASSOC)
            && sh.vars.get(base).is_some_and(|v| {
                matches!(v.value, Some(Value::Indexed(_)))
                    && (!local || sh.vars.is_local_here(base))
            })
        {
            sh.builtin_error(
                name,
                &format!("{base}: cannot convert indexed to associative array"),
            );
            return false;
        }
        if o.on.has(Attrs::ARRAY)
            && sh.vars.get(base).is_some_and(|v| {
                matches!(v.value, Some(Value::Assoc(_))) && (!local || sh.vars.is_local_here(base))
            })
        {
            sh.builtin_error(
                name,
                &format!("{base}: cannot convert associative to indexed array"),
            );
            return false;
        }
        true
    }

    /// Turn the asked attributes on and off (readonly comes last, after any assignment) and
    /// convert the value to match: a string becomes element 0 of `-a`, an empty `-A`, or
    /// its `-l`/`-u` case.
    fn set_attrs(&self, sh: &mut Shell, base: &str, is_ref: bool) {
        let var = if self.local {
            sh.vars.declare_local(base)
        } else if is_ref {
            sh.vars.entry_raw(base)
        } else {
            sh.vars.entry(base)
        };
        let mut on = self.o.on;
        on.clear(Attrs::READONLY);
        var.attrs.set(on);
        var.attrs.clear(self.o.off);
        if on.has(Attrs::LOWER) {
            var.attrs.clear(Attrs::UPPER);
        }
        if on.has(Attrs::UPPER) {
            var.attrs.clear(Attrs::LOWER);
        }
        // `declare -a x` without a value leaves x unset-but-declared.
        if on.has(Attrs::ARRAY)
            && let Some(Value::Str(s)) = &var.value
        {
            let s = s.clone();
            var.value = Some(Value::Indexed(std::collections::BTreeMap::from([(0, s)])));
        }
        if on.has(Attrs::ASSOC) && matches!(var.value, Some(Value::Str(_))) {
            var.value = Some(Value::Assoc(Default::default()));
        }
        if (on.has(Attrs::LOWER) || on.has(Attrs::UPPER))
            && let Some(Value::Str(s)) = &var.value
        {
            let conv = super::super::vars::apply_case(var.attrs, s.clone());
            var.value = Some(Value::Str(conv));
        }
    }
}

pub fn unset(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let mut funcs = false;
    let mut vars_only = false;
    let mut nameref = false;
    let mut i = 1;
    while i < argv.len() && argv[i].starts_with(b"-") && argv[i].len() > 1 {
        for &c in &argv[i][1..] {
            match c {
                b'f' => funcs = true,
                b'v' => vars_only = true,
                b'n' => nameref = true,
                _ => {
                    super::usage::invalid_option(sh, "unset", &format!("-{}", c as char));
                    return Ok(2);
                }
            }
        }
        i += 1;
    }
    let mut status = 0;
    for a in &argv[i..] {
        let n = text(a);
        if funcs {
            sh.funcs.remove(&n);
            continue;
        }
        if let Some(open) = n.find('[')
            && n.ends_with(']')
        {
            let base = &n[..open];
            let key = &n[open + 1..n.len() - 1];
            let is_assoc = sh.vars.get(base).is_some_and(|v| v.attrs.has(Attrs::ASSOC));
            if sh
                .vars
                .get(base)
                .is_some_and(|v| v.attrs.has(Attrs::READONLY))
            {
                sh.builtin_error("unset", &format!("{base}: cannot unset: readonly variable"));
                status = 1;
                continue;
            }
            if key == "@" || key == "*" {
                let _ = sh.vars.unset(base);
                continue;
            }
            if is_assoc {
                // `unset 'm["k"]'`, `unset 'm[$k]'`: the key is expanded as bash does.
                let key = sh.expand_string(&super::super::param::subscript_word(key))?;
                if let Some(Var {
                    value: Some(Value::Assoc(m)),
                    ..
                }) = sh.vars.get_mut(base)
                {
                    m.remove(&key);
                }
            } else {
                let idx = sh.eval_subscript_text(key)?;
                let Some(v) = sh.vars.get_mut(base) else {
                    continue;
                };
                match &mut v.value {
                    Some(Value::Indexed(m)) => {
                        let last = m.keys().next_back().copied();
                        let i = match last {
                            Some(l) if idx < 0 => l + 1 + idx,
                            _ => idx,
                        };
                        if i < 0 {
                            sh.builtin_error("unset", &format!("[{key}]: bad array subscript"));
                            status = 1;
                            continue;
                        }
                        m.remove(&i);
                    }
                    _ if v.attrs.has(Attrs::ARRAY) => {}
                    // A scalar is element 0: unsetting that unsets the variable (bash).
                    _ if idx == 0 => {
                        let _ = sh.vars.unset(base);
                    }
                    _ => {
                        sh.builtin_error("unset", &format!("{base}: not an array variable"));
                        status = 1;
                    }
                }
            }
            continue;
        }
        if !super::super::param::is_name(&n) {
            sh.builtin_error("unset", &format!("`{n}': not a valid identifier"));
            status = 1;
            continue;
        }
        if nameref {
            sh.vars.unset_raw(&n);
            continue;
        }
        if sh.vars.get(&n).is_some() {
            if let Err(e) = sh.vars.unset(&n) {
                sh.builtin_error(
                    "unset",
                    &format!(
                        "{n}: cannot unset: {}",
                        e.to_string()
                            .rsplit(": ")
                            .next()
                            .unwrap_or("readonly variable")
                    ),
                );
                status = 1;
            }
        } else if !vars_only {
            sh.funcs.remove(&n);
        }
    }
    Ok(status)
}
