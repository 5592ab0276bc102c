//! `hash`: the table of remembered command paths (`-r`, `-d`, `-p`, `-t`, `-l`), kept as bash
//! keeps it.

use super::super::expand::ExpAssign;
use super::super::{Res, Shell};
use super::text;

type A<'a> = &'a [Vec<u8>];

/// `hash [-r] [-d] [-t] [-l] [-p PATH] [NAME…]`: the shell's table of command locations.
pub fn hash(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let (mut reset, mut delete, mut show, mut list) = (false, false, false, false);
    let mut given: Option<String> = None;
    let mut i = 1;
    while i < argv.len() && argv[i].starts_with(b"-") && argv[i].len() > 1 {
        if argv[i] == b"--" {
            i += 1;
            break;
        }
        let flags = argv[i][1..].to_vec();
        for (k, c) in flags.iter().enumerate() {
            match c {
                b'r' => reset = true,
                b'd' => delete = true,
                b't' => show = true,
                b'l' => list = true,
                b'p' => {
                    let rest = &flags[k + 1..];
                    if !rest.is_empty() {
                        given = Some(text(rest));
                    } else if let Some(p) = argv.get(i + 1) {
                        given = Some(text(p));
                        i += 1;
                    } else {
                        sh.builtin_error("hash", "-p: option requires an argument");
                        return Ok(2);
                    }
                    break;
                }
                _ => {
                    super::usage::invalid_option(sh, "hash", &format!("-{}", *c as char));
                    return Ok(2);
                }
            }
        }
        i += 1;
    }
    sh.sync_hash_table();
    if reset {
        sh.hashed.entries.clear();
    }
    let names: Vec<String> = argv[i..].iter().map(|a| text(a)).collect();
    if names.is_empty() {
        if reset {
            return Ok(0);
        }
        let mut rows: Vec<(&String, &super::super::path::Found)> =
            sh.hashed.entries.iter().collect();
        rows.sort_by(|a, b| a.0.cmp(b.0));
        if rows.is_empty() {
            sh.out(b"hash: hash table empty\n")?;
            return Ok(0);
        }
        let mut out = String::new();
        if list {
            for (n, f) in rows {
                out.push_str(&format!("builtin hash -p {} {n}\n", f.shown));
            }
        } else {
            out.push_str("hits\tcommand\n");
            for (_, f) in rows {
                out.push_str(&format!("{:4}\t{}\n", f.hits, f.shown));
            }
        }
        sh.out(out.as_bytes())?;
        return Ok(0);
    }
    let mut status = 0;
    let several = names.len() > 1;
    for n in names {
        if delete {
            // An empty table has nothing to complain about (bash).
            if sh.hashed.entries.remove(&n).is_none() && !sh.hashed.entries.is_empty() {
                sh.builtin_error("hash", &format!("{n}: not found"));
                status = 1;
            }
        } else if show {
            let shown = sh.hashed.entries.get_mut(&n).map(|f| {
                f.hits += 1;
                f.shown.clone()
            });
            match shown {
                Some(f) if several => sh.out(format!("{n}\t{f}\n").as_bytes())?,
                Some(f) => sh.out(format!("{f}\n").as_bytes())?,
                None => {
                    sh.builtin_error("hash", &format!("{n}: not found"));
                    status = 1;
                }
            }
        } else if let Some(p) = &given {
            let path = sh.resolve(p);
            sh.remember(&n, p.clone(), path);
        } else if n.contains('/') || sh.funcs.contains_key(&n) || super::bash_lookup(&n).is_some() {
            // Nothing to remember, and not an error (bash).
        } else if sh.find_command(&n).is_some() {
            if let Some(f) = sh.hashed.entries.get_mut(&n) {
                f.hits = 0;
            }
        } else {
            sh.builtin_error("hash", &format!("{n}: not found"));
            status = 1;
        }
    }
    Ok(status)
}
