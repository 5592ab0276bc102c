//! set and shopt.

use super::super::expand::ExpAssign;
use super::super::options::{OptDef, OptKind, of_kind};
use super::super::vars::Attrs;
use super::super::{Options, Res, Shell};
use super::text;

type A<'a> = &'a [Vec<u8>];

/// `set -o NAME` / `set +o NAME`; false when there is no such `set -o` option.
pub fn set_named_option(o: &mut Options, name: &str, on: bool) -> bool {
    o.set(OptKind::SetO, name, on)
}

/// `set -X` / `set +X`; false when no option has that letter.
pub fn set_flag_option(o: &mut Options, c: char, on: bool) -> bool {
    o.set_flag(c, on)
}

impl Shell {
    /// `[[ -o name ]]`
    pub fn option_enabled(&self, name: &str) -> Option<bool> {
        self.opts.get(OptKind::SetO, name)
    }

    /// Set a `set -o` option by name (the kernel's `-e`, `-u`, `-x`, `-o NAME`); false when
    /// the name is unknown.
    pub fn set_option(&mut self, name: &str, on: bool) -> bool {
        let ok = self.opts.set(OptKind::SetO, name, on);
        self.sync_option_vars();
        ok
    }

    /// Keep the read-only `SHELLOPTS` and `BASHOPTS` in step with the options.
    pub fn sync_option_vars(&mut self) {
        for (name, kind) in [("SHELLOPTS", OptKind::SetO), ("BASHOPTS", OptKind::Shopt)] {
            let value = self.opts.names_on(kind).into_bytes();
            if self.vars.get_str(name) == Some(value.as_slice()) {
                continue;
            }
            let var = self.vars.entry_raw(name);
            var.attrs.clear(Attrs::READONLY);
            let _ = self.vars.set_str(name, value);
            self.vars.entry_raw(name).attrs.set(Attrs::READONLY);
        }
    }
}

fn on_off(v: bool) -> &'static str {
    if v { "on" } else { "off" }
}

/// `set -o` (`NAME on|off` lines) or `set +o` (`set -o NAME` commands) over `defs`.
fn print_options<'a>(
    o: &Options,
    defs: impl Iterator<Item = &'a OptDef>,
    as_commands: bool,
) -> String {
    let mut out = String::new();
    for d in defs {
        let v = o.value(d);
        if as_commands {
            out.push_str(&format!("set {}o {}\n", if v { '-' } else { '+' }, d.name));
        } else {
            out.push_str(&format!("{:<15}\t{}\n", d.name, on_off(v)));
        }
    }
    out
}

pub fn set(sh: &mut Shell, argv: A, e: &[ExpAssign], p: &[usize]) -> Res<i32> {
    let r = set_args(sh, argv, e, p);
    if argv[1..]
        .iter()
        .any(|a| a.len() > 1 && matches!(a[0], b'-' | b'+') && a != b"--")
    {
        sh.sync_option_vars();
    }
    r
}

fn set_args(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    if argv.len() == 1 {
        // Every variable (arrays too), then the functions, as bash lists them.
        let mut out = String::new();
        for n in sh.vars.names() {
            if let Some(line) = sh
                .vars
                .lookup_raw(&n)
                .and_then(|v| super::declare::listing_line(&n, v))
            {
                out.push_str(&line);
                out.push('\n');
            }
        }
        super::declare::function_listing(sh, &mut out);
        sh.out(out.as_bytes())?;
        return Ok(0);
    }
    let mut i = 1;
    while i < argv.len() {
        let a = text(&argv[i]);
        if a == "--" {
            sh.positional = argv[i + 1..].to_vec();
            return Ok(0);
        }
        if a == "+" {
            // A lone `+` is an empty flag group (bash ignores it).
            i += 1;
            continue;
        }
        if a == "-" {
            sh.opts.xtrace = false;
            sh.opts.verbose = false;
            i += 1;
            break;
        }
        if a == "-o" || a == "+o" {
            let on = a == "-o";
            match argv.get(i + 1).map(|x| text(x)) {
                None => {
                    let out = print_options(&sh.opts, of_kind(OptKind::SetO), !on);
                    sh.out(out.as_bytes())?;
                    i += 1;
                }
                Some(name) => {
                    if !set_named_option(&mut sh.opts, &name, on) {
                        sh.builtin_error("set", &format!("{name}: invalid option name"));
                        return Ok(2);
                    }
                    i += 2;
                }
            }
            continue;
        }
        if (a.starts_with('-') || a.starts_with('+')) && a.len() > 1 {
            let on = a.starts_with('-');
            let mut consumed = 1;
            for c in a[1..].chars() {
                if c == 'o' {
                    let Some(name) = argv.get(i + consumed).map(|x| text(x)) else {
                        sh.builtin_error("set", "-o: option requires an argument");
                        return Ok(2);
                    };
                    if !set_named_option(&mut sh.opts, &name, on) {
                        sh.builtin_error("set", &format!("{name}: invalid option name"));
                        return Ok(2);
                    }
                    consumed += 1;
                    continue;
                }
                if !set_flag_option(&mut sh.opts, c, on) {
                    super::usage::invalid_option(sh, "set", &format!("-{c}"));
                    return Ok(2);
                }
            }
            i += consumed;
            continue;
        }
        break;
    }
    if i < argv.len() {
        sh.positional = argv[i..].to_vec();
    }
    Ok(0)
}

pub fn shopt(sh: &mut Shell, argv: A, e: &[ExpAssign], p: &[usize]) -> Res<i32> {
    let r = shopt_args(sh, argv, e, p);
    sh.sync_option_vars();
    r
}

fn shopt_args(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let mut set: Option<bool> = None;
    let mut quiet = false;
    let mut o_mode = false;
    let mut print = false;
    let mut i = 1;
    while i < argv.len() && argv[i].starts_with(b"-") {
        for &c in &argv[i][1..] {
            match c {
                b's' => set = Some(true),
                b'u' => set = Some(false),
                b'q' => quiet = true,
                b'o' => o_mode = true,
                b'p' => print = true,
                _ => {
                    super::usage::invalid_option(sh, "shopt", &format!("-{}", c as char));
                    return Ok(2);
                }
            }
        }
        i += 1;
    }
    let names: Vec<String> = argv[i..].iter().map(|a| text(a)).collect();
    if let Some(on) = set {
        let mut status = 0;
        if names.is_empty() {
            let mut out = String::new();
            let kind = if o_mode {
                OptKind::SetO
            } else {
                OptKind::Shopt
            };
            for d in of_kind(kind).filter(|d| sh.opts.value(d) == on) {
                out.push_str(&format!("{:<15}\t{}\n", d.name, on_off(on)));
            }
            sh.out(out.as_bytes())?;
            return Ok(0);
        }
        for n in &names {
            let kind = if o_mode {
                OptKind::SetO
            } else {
                OptKind::Shopt
            };
            let ok = sh.opts.set(kind, n, on);
            if !ok {
                sh.builtin_error("shopt", &format!("{n}: invalid shell option name"));
                status = 1;
            }
        }
        return Ok(status);
    }
    let kind = if o_mode {
        OptKind::SetO
    } else {
        OptKind::Shopt
    };
    // Listing every option succeeds; naming options reports whether they are all on.
    let all = names.is_empty();
    let list: Vec<String> = if all {
        of_kind(kind).map(|d| d.name.to_string()).collect()
    } else {
        names
    };
    let mut status = 0;
    let mut out = String::new();
    for n in &list {
        let v = sh.opts.get(kind, n);
        match v {
            Some(v) => {
                if !v && !all {
                    status = 1;
                }
                if !quiet {
                    if print && o_mode {
                        out.push_str(&format!("set {}o {n}\n", if v { '-' } else { '+' }));
                    } else if print {
                        out.push_str(&format!("shopt {} {n}\n", if v { "-s" } else { "-u" }));
                    } else {
                        out.push_str(&format!("{n:<15}\t{}\n", on_off(v)));
                    }
                }
            }
            None => {
                sh.builtin_error("shopt", &format!("{n}: invalid shell option name"));
                status = 1;
            }
        }
    }
    sh.out(out.as_bytes())?;
    Ok(status)
}
