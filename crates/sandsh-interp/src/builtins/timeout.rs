//! `timeout DURATION COMMAND…`: run a command with its own timer.
//!
//! A builtin rather than a command in `sandsh-commands` because it must bound whatever runs —
//! builtins, scripts, pipelines of registered commands — through the shell's cancellation
//! token. Its timer is independent of the kernel watchdog: a `ToolCtx::patient` hold does not
//! pause it.

use sandsh_runtime::time::Instant;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::super::expand::ExpAssign;
use super::super::signals::{signal_name, signal_number};
use super::super::{Flow, Res, Shell};
use super::text;

type A<'a> = &'a [Vec<u8>];

pub fn timeout(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let mut i = 1;
    let mut signal = 15;
    let mut preserve = false;
    while i < argv.len() {
        let a = text(&argv[i]);
        match a.as_str() {
            "--preserve-status" => preserve = true,
            "--foreground" | "-v" | "--verbose" => {}
            "-s" | "--signal" => {
                i += 1;
                let s = argv.get(i).map(|x| text(x)).unwrap_or_default();
                match signal_name(&s).and_then(|n| signal_number(&n)) {
                    Some(n) => signal = n,
                    None => {
                        usage(sh, &format!("{}: invalid signal", quote(&s)));
                        return Ok(125);
                    }
                }
            }
            "-k" | "--kill-after" => i += 1,
            "--" => {
                i += 1;
                break;
            }
            _ if a.starts_with("--signal=") => {
                let s = &a["--signal=".len()..];
                match signal_name(s).and_then(|n| signal_number(&n)) {
                    Some(n) => signal = n,
                    None => {
                        usage(sh, &format!("{}: invalid signal", quote(s)));
                        return Ok(125);
                    }
                }
            }
            _ if a.starts_with("--kill-after=") => {}
            _ if a.starts_with("--") => {
                usage(sh, &format!("unrecognized option '{a}'"));
                return Ok(125);
            }
            _ if a.starts_with('-')
                && a.len() > 1
                && !a[1..].starts_with(|c: char| c.is_ascii_digit()) =>
            {
                usage(sh, &format!("invalid option -- '{}'", &a[1..]));
                return Ok(125);
            }
            _ => break,
        }
        i += 1;
    }
    let Some(dur_text) = argv.get(i).map(|x| text(x)) else {
        try_help(sh);
        return Ok(125);
    };
    let Some(dur) = sandsh_text::duration::parse_finite(&dur_text) else {
        usage(sh, &format!("invalid time interval {}", quote(&dur_text)));
        return Ok(125);
    };
    let cmd = &argv[i + 1..];
    if cmd.is_empty() {
        try_help(sh);
        return Ok(125);
    }
    // The command is a program found as execvp finds it, not a function or a builtin.
    let name = text(&cmd[0]);
    let path = sh.vars.get_str("PATH").map(<[u8]>::to_vec);
    let prog = sandsh_api::search_program(&name, path.as_deref(), |p| {
        sh.env.backend.stat(&sh.resolve(p)).ok()
    });
    let prog = match prog {
        Ok(p) => p,
        Err(e) => {
            let m = format!(
                "timeout: failed to run command {}: {}\n",
                quote(&name),
                e.reason
            );
            sh.write_fd(2, m.as_bytes());
            return Ok(e.status);
        }
    };
    let mut cmd = cmd.to_vec();
    cmd[0] = prog.into_bytes();
    let cmd = &cmd[..];
    let outer = sh.cancel.clone();
    let mine = outer.child();
    let fired = Arc::new(AtomicBool::new(false));
    let done = Arc::new(AtomicBool::new(false));
    let mut watch = None;
    if !dur.is_zero() {
        let (tok, f2, d2) = (mine.clone(), fired.clone(), done.clone());
        let deadline = Instant::now() + dur;
        if cfg!(target_arch = "wasm32") {
            // No threads in the page: the deadline is checked from the cancellation checks.
            watch = Some(sandsh_runtime::cancel::watch::add(move || {
                if !d2.load(Ordering::SeqCst) && Instant::now() >= deadline {
                    f2.store(true, Ordering::SeqCst);
                    tok.cancel();
                }
            }));
        } else {
            std::thread::spawn(move || {
                while !d2.load(Ordering::SeqCst) {
                    let now = Instant::now();
                    if now >= deadline {
                        f2.store(true, Ordering::SeqCst);
                        tok.cancel();
                        return;
                    }
                    std::thread::sleep((deadline - now).min(Duration::from_millis(10)));
                }
            });
        }
    }
    sh.cancel = mine;
    let r = sh.run_command_argv(cmd);
    done.store(true, Ordering::SeqCst);
    if let Some(id) = watch {
        sandsh_runtime::cancel::watch::remove(id);
    }
    sh.cancel = outer;
    if fired.load(Ordering::SeqCst) && !sh.is_cancelled() {
        // With KILL, GNU timeout is killed along with the command: 137, as with
        // --preserve-status.
        return Ok(if preserve || signal == 9 {
            128 + signal
        } else {
            124
        });
    }
    match r {
        Ok(s) => Ok(s),
        Err(Flow::Exit(s)) => Ok(s),
        Err(e) => Err(e),
    }
}

/// GNU's quoting of a value in a message in a UTF-8 locale: `‘x’`.
fn quote(s: &str) -> String {
    format!("\u{2018}{s}\u{2019}")
}

/// A usage error as GNU timeout reports it (status 125 is the caller's).
fn usage(sh: &Shell, msg: &str) {
    sh.write_fd(2, format!("timeout: {msg}\n").as_bytes());
    try_help(sh);
}

/// What GNU timeout prints for missing operands: only the pointer to `--help`.
fn try_help(sh: &Shell) {
    sh.write_fd(2, b"Try 'timeout --help' for more information.\n");
}
