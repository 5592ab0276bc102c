//! set and shopt.

use super::super::expand::ExpAssign;
use super::super::{Options, Res, Shell};
use super::text;

type A<'a> = &'a [Vec<u8>];

/// `set -o NAME` options: (name, getter/setter).
const SET_O: &[&str] = &[
    "allexport",
    "braceexpand",
    "emacs",
    "errexit",
    "errtrace",
    "functrace",
    "hashall",
    "histexpand",
    "history",
    "ignoreeof",
    "interactive-comments",
    "keyword",
    "monitor",
    "noclobber",
    "noexec",
    "noglob",
    "nolog",
    "notify",
    "nounset",
    "onecmd",
    "physical",
    "pipefail",
    "posix",
    "privileged",
    "verbose",
    "vi",
    "xtrace",
];

fn opt_ref<'a>(o: &'a mut Options, name: &str) -> Option<&'a mut bool> {
    Some(match name {
        "allexport" => &mut o.allexport,
        "errexit" => &mut o.errexit,
        "hashall" => &mut o.hashall,
        "monitor" => &mut o.monitor,
        "noclobber" => &mut o.noclobber,
        "noexec" => &mut o.noexec,
        "noglob" => &mut o.noglob,
        "nounset" => &mut o.nounset,
        "pipefail" => &mut o.pipefail,
        "posix" => &mut o.posix,
        "verbose" => &mut o.verbose,
        "xtrace" => &mut o.xtrace,
        "braceexpand" => &mut o.braceexpand,
        "errtrace" => &mut o.errtrace,
        "functrace" => &mut o.functrace,
        _ => return None,
    })
}

pub fn set_named_option(o: &mut Options, name: &str, on: bool) -> bool {
    match opt_ref(o, name) {
        Some(r) => {
            *r = on;
            true
        }
        None => SET_O.contains(&name),
    }
}

pub fn set_flag_option(o: &mut Options, c: char, on: bool) -> bool {
    let name = match c {
        'a' => "allexport",
        'e' => "errexit",
        'f' => "noglob",
        'h' => "hashall",
        'm' => "monitor",
        'n' => "noexec",
        'u' => "nounset",
        'v' => "verbose",
        'x' => "xtrace",
        'C' => "noclobber",
        'B' => "braceexpand",
        'E' => "errtrace",
        'T' => "functrace",
        'H' | 'P' | 'b' | 'k' | 't' => return true,
        _ => return false,
    };
    set_named_option(o, name, on)
}

impl Shell {
    /// `[[ -o name ]]`
    pub fn option_enabled(&self, name: &str) -> Option<bool> {
        let mut o = self.opts.clone();
        if let Some(r) = opt_ref(&mut o, name) {
            return Some(*r);
        }
        match name {
            "interactive-comments" => Some(true),
            _ if SET_O.contains(&name) => Some(false),
            _ => None,
        }
    }
}

pub fn set(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    if argv.len() == 1 {
        let mut out = String::new();
        for n in sh.vars.names() {
            if let Some(v) = sh.vars.get(&n)
                && let Some(super::super::vars::Value::Str(s)) = &v.value
            {
                out.push_str(&n);
                out.push('=');
                out.push_str(&String::from_utf8_lossy(
                    &super::super::pat::quote_if_needed(s),
                ));
                out.push('\n');
            }
        }
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
                    let mut out = String::new();
                    for n in SET_O {
                        let v = sh.option_enabled(n).unwrap_or(false);
                        if on {
                            out.push_str(&format!("{n:<15}\t{}\n", if v { "on" } else { "off" }));
                        } else {
                            out.push_str(&format!("set {}o {n}\n", if v { '-' } else { '+' }));
                        }
                    }
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
                    sh.builtin_error("set", &format!("-{c}: invalid option"));
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

const SHOPTS: &[&str] = &[
    "autocd",
    "cdable_vars",
    "cdspell",
    "checkhash",
    "checkjobs",
    "checkwinsize",
    "cmdhist",
    "compat31",
    "dotglob",
    "execfail",
    "expand_aliases",
    "extdebug",
    "extglob",
    "extquote",
    "failglob",
    "force_fignore",
    "globasciiranges",
    "globskipdots",
    "globstar",
    "gnu_errfmt",
    "histappend",
    "histreedit",
    "histverify",
    "hostcomplete",
    "huponexit",
    "inherit_errexit",
    "interactive_comments",
    "lastpipe",
    "lithist",
    "localvar_inherit",
    "localvar_unset",
    "login_shell",
    "mailwarn",
    "no_empty_cmd_completion",
    "nocaseglob",
    "nocasematch",
    "noexpand_translation",
    "nullglob",
    "patsub_replacement",
    "progcomp",
    "progcomp_alias",
    "promptvars",
    "restricted_shell",
    "shift_verbose",
    "sourcepath",
    "varredir_close",
    "xpg_echo",
];

fn shopt_ref<'a>(o: &'a mut Options, name: &str) -> Option<&'a mut bool> {
    Some(match name {
        "nullglob" => &mut o.nullglob,
        "failglob" => &mut o.failglob,
        "dotglob" => &mut o.dotglob,
        "nocaseglob" => &mut o.nocaseglob,
        "globstar" => &mut o.globstar,
        "extglob" => &mut o.extglob,
        "nocasematch" => &mut o.nocasematch,
        "expand_aliases" => &mut o.expand_aliases,
        "lastpipe" => &mut o.lastpipe,
        "inherit_errexit" => &mut o.inherit_errexit,
        "xpg_echo" => &mut o.xpg_echo,
        "globskipdots" => &mut o.globskipdots,
        "sourcepath" => &mut o.sourcepath,
        "extdebug" => &mut o.extdebug,
        _ => return None,
    })
}

fn shopt_get(o: &Options, name: &str) -> Option<bool> {
    let mut c = o.clone();
    if let Some(r) = shopt_ref(&mut c, name) {
        return Some(*r);
    }
    match name {
        "cmdhist"
        | "checkwinsize"
        | "extquote"
        | "force_fignore"
        | "globasciiranges"
        | "hostcomplete"
        | "interactive_comments"
        | "patsub_replacement"
        | "progcomp"
        | "promptvars" => Some(true),
        _ if SHOPTS.contains(&name) => Some(false),
        _ => None,
    }
}

pub fn shopt(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
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
                    sh.builtin_error("shopt", &format!("-{}: invalid option", c as char));
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
            for n in SHOPTS {
                if shopt_get(&sh.opts, n) == Some(on) {
                    out.push_str(&format!("{n:<15}\t{}\n", if on { "on" } else { "off" }));
                }
            }
            sh.out(out.as_bytes())?;
            return Ok(0);
        }
        for n in &names {
            let ok = if o_mode {
                set_named_option(&mut sh.opts, n, on)
            } else {
                match shopt_ref(&mut sh.opts, n) {
                    Some(r) => {
                        *r = on;
                        true
                    }
                    None => SHOPTS.contains(&n.as_str()),
                }
            };
            if !ok {
                sh.builtin_error("shopt", &format!("{n}: invalid shell option name"));
                status = 1;
            }
        }
        return Ok(status);
    }
    let list: Vec<String> = if names.is_empty() {
        if o_mode {
            SET_O.iter().map(|s| s.to_string()).collect()
        } else {
            SHOPTS.iter().map(|s| s.to_string()).collect()
        }
    } else {
        names
    };
    let mut status = 0;
    let mut out = String::new();
    for n in &list {
        let v = if o_mode {
            sh.option_enabled(n)
        } else {
            shopt_get(&sh.opts, n)
        };
        match v {
            Some(v) => {
                if !v {
                    status = 1;
                }
                if !quiet {
                    if print {
                        out.push_str(&format!("shopt {} {n}\n", if v { "-s" } else { "-u" }));
                    } else {
                        out.push_str(&format!("{n:<15}\t{}\n", if v { "on" } else { "off" }));
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
