//! `bash` and `sh`: a nested shell over the same VFS, with its own options (`-o`, `-O`,
//! `--posix`) and `-c` commands or a script file.

use super::super::expand::ExpAssign;
use super::super::simple::ChildStart;
use super::super::{Res, Shell};
use super::text;

type A<'a> = &'a [Vec<u8>];

/// `bash [-euxo opt] [-c cmds [name [args]] | file [args]]`: a nested shell over the same VFS.
pub fn bash(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let me = text(&argv[0]);
    let mut opts = super::super::Options::default();
    let mut i = 1;
    let mut command: Option<bool> = None;
    let mut interactive = false;
    while i < argv.len() {
        let a = text(&argv[i]);
        if a == "--" {
            i += 1;
            break;
        }
        if a == "-o" || a == "+o" {
            let Some(o) = argv.get(i + 1).map(|x| text(x)) else {
                sh.builtin_error(&me, "-o: option requires an argument");
                return Ok(2);
            };
            if !super::set::set_named_option(&mut opts, &o, a == "-o") {
                sh.builtin_error(&me, &format!("{o}: invalid option name"));
                return Ok(2);
            }
            i += 2;
            continue;
        }
        if a == "-O" || a == "+O" {
            // `bash -O nullglob`: a shopt option.
            let Some(o) = argv.get(i + 1).map(|x| text(x)) else {
                sh.builtin_error(&me, "-O: option requires an argument");
                return Ok(2);
            };
            if !opts.set(super::super::options::OptKind::Shopt, &o, a == "-O") {
                sh.builtin_error(&me, &format!("{o}: invalid shell option name"));
                return Ok(2);
            }
            i += 2;
            continue;
        }
        if a == "--posix" {
            super::set::set_named_option(&mut opts, "posix", true);
            i += 1;
            continue;
        }
        if a == "--norc" || a == "--noprofile" {
            i += 1;
            continue;
        }
        if a == "--rcfile" || a == "--init-file" {
            // No startup files are read; the file name is skipped.
            i += 2;
            continue;
        }
        if (a.starts_with('-') || a.starts_with('+')) && a.len() > 1 {
            let on = a.starts_with('-');
            for c in a[1..].chars() {
                match c {
                    'c' => command = Some(true),
                    'i' => interactive = on,
                    's' | 'l' => {}
                    _ => {
                        if !super::set::set_flag_option(&mut opts, c, on) {
                            sh.builtin_error(&me, &format!("-{c}: invalid option"));
                            return Ok(2);
                        }
                    }
                }
            }
            i += 1;
            continue;
        }
        break;
    }
    let rest = &argv[i..];
    if command == Some(true) {
        let Some(cmds) = rest.first() else {
            sh.builtin_error(&me, "-c: option requires an argument");
            return Ok(2);
        };
        let arg0 = rest.get(1).cloned().unwrap_or_else(|| argv[0].clone());
        let args = if rest.len() > 2 {
            rest[2..].to_vec()
        } else {
            Vec::new()
        };
        let src = text(cmds);
        return Ok(sh.run_child_shell(
            &src,
            arg0,
            args,
            &me,
            ChildStart {
                opts: Some(opts),
                dash_c: true,
                interactive,
            },
        ));
    }
    match rest.first() {
        Some(file) => {
            let f = text(file);
            let path = sh.resolve(&f);
            let data = match sh.env.backend.read(&path, None) {
                Ok(d) => d,
                Err(e) => {
                    sh.error(&format!("{f}: {e}"));
                    return Ok(127);
                }
            };
            let src = String::from_utf8_lossy(&data).into_owned();
            Ok(sh.run_child_shell(
                &src,
                file.clone(),
                rest[1..].to_vec(),
                &f,
                ChildStart {
                    opts: Some(opts),
                    dash_c: false,
                    interactive,
                },
            ))
        }
        None => {
            // Script from stdin.
            let data = match sh.fds.get(0).cloned() {
                Some(fd) => super::super::io::read_to_end(&*fd, &sh.cancel).unwrap_or_default(),
                None => Vec::new(),
            };
            let src = String::from_utf8_lossy(&data).into_owned();
            Ok(sh.run_child_shell(
                &src,
                argv[0].clone(),
                Vec::new(),
                &me,
                ChildStart {
                    opts: Some(opts),
                    dash_c: false,
                    interactive,
                },
            ))
        }
    }
}
