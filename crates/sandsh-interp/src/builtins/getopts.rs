//! getopts.

use super::super::expand::ExpAssign;
use super::super::{Res, Shell};
use super::text;

type A<'a> = &'a [Vec<u8>];

pub fn getopts(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    if argv.len() < 3 {
        // bash's builtin_usage: the usage line alone, with no `NAME: line N:` before it.
        super::usage::print(sh, "getopts");
        return Ok(2);
    }
    let spec = argv[1].clone();
    let var = text(&argv[2]);
    // An invalid NAME: everything else still happens, then the error (bash).
    let valid = super::super::param::is_name(&var);
    let set_name = |sh: &mut Shell, v: Vec<u8>| -> Res<()> {
        if valid { sh.set_var(&var, v) } else { Ok(()) }
    };
    let finish = |sh: &mut Shell, status: i32| -> i32 {
        if valid {
            status
        } else {
            sh.builtin_error("getopts", &format!("`{var}': not a valid identifier"));
            1
        }
    };
    // The argument at an index: from the command line when given, else the positional
    // parameters (only the one or two arguments looked at are copied).
    let arg_at = |sh: &Shell, i: usize| -> Option<Vec<u8>> {
        if argv.len() > 3 {
            argv.get(3 + i).cloned()
        } else {
            sh.positional.get(i).cloned()
        }
    };
    let silent = spec.first() == Some(&b':');
    let spec = if silent { &spec[1..] } else { &spec[..] };
    let optind: usize = sh
        .vars
        .get_str("OPTIND")
        .and_then(|v| text(v).parse().ok())
        .unwrap_or(1)
        .max(1);
    // Sub-position inside a clustered argument (-abc), reset when OPTIND changed externally.
    let (last_ind, mut sub) = sh.optind_state;
    if last_ind != optind {
        sub = 0;
    }
    let idx = optind - 1;
    // The end of the options: NAME is `?` and OPTARG is unset.
    let done = |sh: &mut Shell, ind: usize| -> Res<i32> {
        set_name(sh, b"?".to_vec())?;
        let _ = sh.vars.unset("OPTARG");
        sh.set_var("OPTIND", ind.to_string().into_bytes())?;
        sh.optind_state = (ind, 0);
        Ok(finish(sh, 1))
    };
    let Some(arg) = arg_at(sh, idx) else {
        // Past the last argument: bash leaves OPTIND just after it.
        let nargs = if argv.len() > 3 {
            argv.len() - 3
        } else {
            sh.positional.len()
        };
        return done(sh, nargs + 1);
    };
    if sub == 0 {
        if arg == b"--" {
            return done(sh, optind + 1);
        }
        if arg.len() < 2 || arg[0] != b'-' {
            return done(sh, optind);
        }
        sub = 1;
    }
    let c = arg[sub];
    sub += 1;
    let (mut next_ind, mut next_sub) = if sub >= arg.len() {
        (optind + 1, 0)
    } else {
        (optind, sub)
    };
    let pos = spec.iter().position(|&s| s == c && s != b':');
    let status = match pos {
        None => {
            if silent {
                sh.set_var("OPTARG", vec![c])?;
            } else {
                getopt_error(sh, &format!("illegal option -- {}", c as char));
                let _ = sh.vars.unset("OPTARG");
            }
            set_name(sh, b"?".to_vec())?;
            0
        }
        Some(p) => {
            let needs = spec.get(p + 1) == Some(&b':');
            if needs {
                if next_sub != 0 {
                    sh.set_var("OPTARG", arg[next_sub..].to_vec())?;
                    next_ind = optind + 1;
                    next_sub = 0;
                    set_name(sh, vec![c])?;
                } else if let Some(v) = arg_at(sh, next_ind - 1) {
                    sh.set_var("OPTARG", v.clone())?;
                    next_ind += 1;
                    set_name(sh, vec![c])?;
                } else if silent {
                    sh.set_var("OPTARG", vec![c])?;
                    set_name(sh, b":".to_vec())?;
                } else {
                    getopt_error(sh, &format!("option requires an argument -- {}", c as char));
                    let _ = sh.vars.unset("OPTARG");
                    set_name(sh, b"?".to_vec())?;
                }
            } else {
                let _ = sh.vars.unset("OPTARG");
                set_name(sh, vec![c])?;
            }
            0
        }
    };
    sh.set_var("OPTIND", next_ind.to_string().into_bytes())?;
    sh.optind_state = (next_ind, next_sub);
    Ok(finish(sh, status))
}

/// getopts reports as `$0: MESSAGE` (C getopt's wording), without a line number.
fn getopt_error(sh: &Shell, msg: &str) {
    let line = format!("{}: {msg}\n", String::from_utf8_lossy(&sh.arg0));
    sh.write_fd(2, line.as_bytes());
}
