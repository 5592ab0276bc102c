//! `alias` and `unalias`, with bash's option parsing: `-p` / `-a`, grouped (`-pp`), `--` ends the
//! options, and any other option is a usage error (status 2).

use super::super::expand::ExpAssign;
use super::super::{Res, Shell};
use super::text;

type A<'a> = &'a [Vec<u8>];

/// The option letters and the operands (see [`super::usage::flags`]).
fn parse_flags(sh: &Shell, argv: A, allowed: &[u8]) -> Option<(Vec<u8>, Vec<String>)> {
    let (flags, i) = super::usage::flags(sh, argv, allowed)?;
    Some((flags, argv[i..].iter().map(|a| text(a)).collect()))
}

/// bash's `legal_alias_name`: no metacharacter, quote, expansion character or slash.
fn legal_alias_name(n: &str) -> bool {
    !n.chars().any(|c| {
        matches!(
            c,
            ' ' | '\t'
                | '\n'
                | '('
                | ')'
                | '<'
                | '>'
                | ';'
                | '&'
                | '|'
                | '"'
                | '\''
                | '\\'
                | '`'
                | '$'
                | '/'
        )
    })
}

fn print_alias(sh: &mut Shell, n: &str, v: &str) -> Res<()> {
    let q = String::from_utf8_lossy(&sandsh_text::quote::single_quote(v.as_bytes())).into_owned();
    sh.out(format!("alias {n}={q}\n").as_bytes())
}

pub fn alias(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let Some((flags, args)) = parse_flags(sh, argv, b"p") else {
        return Ok(2);
    };
    if args.is_empty() || !flags.is_empty() {
        let mut names: Vec<_> = sh.aliases.keys().cloned().collect();
        names.sort();
        for n in names {
            let v = sh.aliases.get(&n).cloned().unwrap_or_default();
            print_alias(sh, &n, &v)?;
        }
    }
    let mut status = 0;
    for a in args {
        match a.split_once('=') {
            Some((n, v)) if !n.is_empty() => {
                if legal_alias_name(n) {
                    sh.aliases.insert(n.to_string(), v.to_string());
                } else {
                    sh.builtin_error("alias", &format!("`{n}': invalid alias name"));
                    status = 1;
                }
            }
            _ => match sh.aliases.get(&a).cloned() {
                Some(v) => print_alias(sh, &a, &v)?,
                None => {
                    sh.builtin_error("alias", &format!("{a}: not found"));
                    status = 1;
                }
            },
        }
    }
    Ok(status)
}

pub fn unalias(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let Some((flags, args)) = parse_flags(sh, argv, b"a") else {
        return Ok(2);
    };
    if !flags.is_empty() {
        sh.aliases.clear();
        return Ok(0);
    }
    if args.is_empty() {
        super::usage::print(sh, "unalias");
        return Ok(2);
    }
    let mut status = 0;
    for n in args {
        if sh.aliases.remove(&n).is_none() {
            sh.builtin_error("unalias", &format!("{n}: not found"));
            status = 1;
        }
    }
    Ok(status)
}
