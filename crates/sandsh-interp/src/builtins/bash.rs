//! `bash` and `sh`: a nested shell over the same VFS, with its own options (`-o`, `-O`,
//! `--posix`) and `-c` commands or a script file.

use super::super::expand::ExpAssign;
use super::super::nesting::ChildStart;
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
        match a.as_str() {
            // No startup files are read, and no line editor runs.
            "--norc" | "--noprofile" | "--login" | "--noediting" => {
                i += 1;
                continue;
            }
            "--rcfile" | "--init-file" => {
                // The file name is skipped.
                i += 2;
                continue;
            }
            "--verbose" => {
                super::set::set_flag_option(&mut opts, 'v', true);
                i += 1;
                continue;
            }
            "--version" => {
                let text = sandsh_api::version::text("bash").unwrap_or_default();
                return Ok(if sh.out(text.as_bytes()).is_ok() {
                    0
                } else {
                    141
                });
            }
            "--help" => {
                let first = sandsh_api::version::first_line("bash").unwrap_or_default();
                let text = format!("{first}\n{}", usage(&me));
                return Ok(if sh.out(text.as_bytes()).is_ok() {
                    0
                } else {
                    141
                });
            }
            _ if a.starts_with("--") && a.len() > 2 => {
                sh.builtin_error(&me, &format!("{a}: invalid option"));
                sh.write_fd(2, usage(&me).as_bytes());
                return Ok(2);
            }
            _ => {}
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
                    // The new shell reports it under its own name, without a line number.
                    sh.write_fd(2, format!("{me}: {f}: {e}\n").as_bytes());
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

/// bash's usage message for an invalid option (`bash --bogus`), on standard error.
fn usage(me: &str) -> String {
    format!(
        "Usage:\t{me} [GNU long option] [option] ...\n\t{me} [GNU long option] [option] script-file ...\n\
         GNU long options:\n\t--help\n\t--init-file\n\t--login\n\t--noediting\n\t--noprofile\n\
         \t--norc\n\t--posix\n\t--rcfile\n\t--verbose\n\t--version\n\
         Shell options:\n\t-ilrsD or -c command or -O shopt_option\t\t(invocation only)\n\
         \t-abefhkmnptuvxBCEHPT or -o option\n"
    )
}
