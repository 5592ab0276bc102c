//! exit, return, break, continue, shift, let.

use super::super::expand::ExpAssign;
use super::super::{Flow, Res, Shell};
use super::text;

type A<'a> = &'a [Vec<u8>];

fn num_arg(sh: &Shell, name: &str, a: Option<&Vec<u8>>) -> Result<Option<i64>, i32> {
    match a {
        None => Ok(None),
        Some(v) => {
            let t = text(v);
            match t.trim().parse::<i64>() {
                Ok(n) => Ok(Some(n)),
                Err(_) => {
                    sh.builtin_error(name, &format!("{t}: numeric argument required"));
                    Err(2)
                }
            }
        }
    }
}

/// `logout`: bash's message for a shell that is not a login shell (no sandsh shell is one).
pub fn logout(sh: &mut Shell, _: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    sh.builtin_error("logout", "not login shell: use `exit'");
    Ok(1)
}

/// `suspend`: there is no job control to continue a stopped sandsh shell, so it refuses as
/// bash does without job control.
pub fn suspend(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    if let Some(bad) = argv[1..]
        .iter()
        .find(|a| a.starts_with(b"-") && a.as_slice() != b"-f" && a.as_slice() != b"--")
    {
        super::usage::invalid_option(sh, "suspend", &String::from_utf8_lossy(bad));
        return Ok(2);
    }
    sh.builtin_error("suspend", "cannot suspend: no job control");
    Ok(1)
}

pub fn exit(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let code = match num_arg(sh, "exit", argv.get(1)) {
        Ok(Some(n)) => (n & 0xff) as i32,
        Ok(None) => sh.last_status,
        Err(s) => s,
    };
    sh.exit_called = true;
    Err(Flow::Exit(code))
}

pub fn return_(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    if sh.frames.is_empty() && sh.source_depth == 0 {
        sh.builtin_error(
            "return",
            "can only `return' from a function or sourced script",
        );
        return Ok(2);
    }
    let code = match num_arg(sh, "return", argv.get(1)) {
        Ok(Some(n)) => (n & 0xff) as i32,
        Ok(None) => sh.last_status,
        Err(s) => s,
    };
    Err(Flow::Return(code))
}

/// The N of `break N`/`continue N`. As in bash: more than one argument abandons the current
/// top-level command (status 1); a non-number ends the shell with status 128.
fn loop_level(sh: &Shell, name: &str, argv: A) -> Res<Result<u32, i32>> {
    if argv.len() > 2 {
        sh.builtin_error(name, "too many arguments");
        return Err(Flow::Discard(1));
    }
    Ok(match num_arg(sh, name, argv.get(1)) {
        Ok(Some(n)) if n < 1 => {
            sh.builtin_error(name, &format!("{n}: loop count out of range"));
            Err(1)
        }
        Ok(Some(n)) => Ok(n as u32),
        Ok(None) => Ok(1),
        Err(_) => return Err(Flow::Exit(128)),
    })
}

pub fn break_(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    if sh.loop_depth == 0 {
        sh.builtin_error(
            "break",
            "only meaningful in a `for', `while', or `until' loop",
        );
        return Ok(0);
    }
    match loop_level(sh, "break", argv)? {
        Ok(n) => Err(Flow::Break(n.min(sh.loop_depth))),
        Err(s) => Ok(s),
    }
}

pub fn continue_(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    if sh.loop_depth == 0 {
        sh.builtin_error(
            "continue",
            "only meaningful in a `for', `while', or `until' loop",
        );
        return Ok(0);
    }
    match loop_level(sh, "continue", argv)? {
        Ok(n) => Err(Flow::Continue(n.min(sh.loop_depth))),
        Err(s) => Ok(s),
    }
}

pub fn shift(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let n = match num_arg(sh, "shift", argv.get(1)) {
        Ok(Some(n)) => n,
        Ok(None) => 1,
        Err(s) => return Ok(s),
    };
    if n < 0 {
        sh.builtin_error("shift", &format!("{n}: shift count out of range"));
        return Ok(1);
    }
    let n = n as usize;
    if n > sh.positional.len() {
        return Ok(1);
    }
    sh.positional.drain(..n);
    Ok(0)
}

pub fn let_(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    if argv.len() < 2 {
        sh.builtin_error("let", "expression expected");
        return Ok(1);
    }
    let mut last = 0;
    for a in &argv[1..] {
        last = match sh.eval_arith_for("let: ", a)? {
            Ok(v) => v,
            Err(s) => return Ok(s),
        };
    }
    Ok((last == 0) as i32)
}
