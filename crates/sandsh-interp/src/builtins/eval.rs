//! Running code in this shell: `eval`, `source`/`.` (with `PATH` lookup and positional
//! parameters), and `exec` (replacing the shell, or only its redirections).

use super::super::expand::ExpAssign;
use super::super::{Flow, Limit, Res, Shell};
use super::text;

type A<'a> = &'a [Vec<u8>];

/// The operands after an optional `--`; an option (`-x`) is an invalid option with bash's
/// message and usage line (status 2). `-` alone is an operand.
fn no_options<'a>(sh: &Shell, name: &str, argv: &'a [Vec<u8>]) -> Option<&'a [Vec<u8>]> {
    match argv.first().map(Vec::as_slice) {
        Some(b"--") => Some(&argv[1..]),
        Some(a) if a.len() > 1 && a[0] == b'-' => {
            super::usage::invalid_option(sh, name, &text(&a[..2]));
            None
        }
        _ => Some(argv),
    }
}

pub fn eval(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let Some(rest) = no_options(sh, "eval", &argv[1..]) else {
        return Ok(2);
    };
    let args: Vec<&[u8]> = rest.iter().map(|a| a.as_slice()).collect();
    let src = text(&args.join(&b' '));
    if src.trim().is_empty() {
        return Ok(0);
    }
    sh.eval_string(&src, "eval")
}

pub fn source(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let name = text(&argv[0]);
    let Some(argv) = no_options(sh, &name, &argv[1..]) else {
        return Ok(2);
    };
    let Some(file) = argv.first().map(|a| text(a)) else {
        sh.builtin_error(&name, "filename argument required");
        super::usage::print(sh, &name);
        return Ok(2);
    };
    // `sourcepath` (on by default): a name without a slash is looked for in PATH first, then
    // in the current directory.
    let mut path = sh.resolve(&file);
    if !file.contains('/')
        && sh.opts.sourcepath
        && let Some(p) = sh.vars.get_str("PATH").map(text)
    {
        for dir in p.split(':') {
            let dir = if dir.is_empty() { "." } else { dir };
            let cand = sh.resolve(&format!("{dir}/{file}"));
            if sh.env.backend.stat(&cand).is_ok_and(|m| m.is_file()) {
                path = cand;
                break;
            }
        }
    }
    let data = match sh.env.backend.read(&path, None) {
        Ok(d) => d,
        // bash names the builtin for a directory, not for a missing file.
        Err(e @ sandsh_vfs::VfsError::NotFound) => {
            sh.error(&format!("{file}: {e}"));
            return Ok(1);
        }
        Err(sandsh_vfs::VfsError::IsADirectory) => {
            sh.builtin_error(&name, &format!("{file}: is a directory"));
            return Ok(1);
        }
        Err(e) => {
            sh.builtin_error(&name, &format!("{file}: {e}"));
            return Ok(1);
        }
    };
    if sh.source_depth >= sh.env.limits.max_source_depth {
        return Err(sh.trip_limit(Limit::SourceDepth));
    }
    let src = String::from_utf8_lossy(&data).into_owned();
    let saved_pos = if argv.len() > 1 {
        Some(std::mem::replace(&mut sh.positional, argv[1..].to_vec()))
    } else {
        None
    };
    sh.source_depth += 1;
    sh.source_stack.push(file.clone());
    let saved_line = sh.lineno;
    sh.trace.push(crate::TraceLevel {
        name: "source".into(),
        file: file.as_str().into(),
        call_line: saved_line,
    });
    let r = sh.run_script(&src);
    sh.trace.pop();
    sh.lineno = saved_line;
    sh.source_stack.pop();
    sh.source_depth -= 1;
    if let Some(p) = saved_pos {
        sh.positional = p;
    }
    match r {
        Ok(s) => Ok(s),
        Err(Flow::Return(s)) => Ok(s),
        Err(e) => Err(e),
    }
}

pub fn exec(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    // `-a NAME` (the command's argv[0]), `-c` (an empty environment) and `-l` (a login
    // shell's dash) change what a separate program would see; a command runs inside sandsh,
    // by its own name, so they are accepted and have no effect.
    let Some((_, i)) = super::usage::flags_valued(sh, argv, b"cla", b"a") else {
        return Ok(2);
    };
    if i >= argv.len() {
        // Redirections only: they were applied to the table; keep them.
        sh.keep_redirects = true;
        return Ok(0);
    }
    let status = match sh.run_command_argv(&argv[i..]) {
        Ok(s) => s,
        Err(Flow::Exit(s)) => s,
        Err(e) => return Err(e),
    };
    Err(Flow::Exit(status))
}
