//! Finding what a name runs: `command` (past functions, `-p`, `-v`/`-V`), `builtin`, and
//! `type` (aliases, keywords, functions, builtins, files on `PATH`).

use super::super::expand::ExpAssign;
use super::super::{Res, Shell};
use super::text;

type A<'a> = &'a [Vec<u8>];

pub fn command(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let mut i = 1;
    let mut describe = None;
    let mut standard_path = false;
    while i < argv.len() && argv[i].starts_with(b"-") && argv[i].len() > 1 {
        match argv[i].as_slice() {
            b"-v" => describe = Some(false),
            b"-V" => describe = Some(true),
            b"-p" => standard_path = true,
            b"--" => {
                i += 1;
                break;
            }
            _ => {
                super::usage::invalid_option(sh, "command", &text(&argv[i]));
                return Ok(2);
            }
        }
        i += 1;
    }
    if i >= argv.len() {
        return Ok(0);
    }
    if let Some(verbose) = describe {
        let mut status = 0;
        for a in &argv[i..] {
            let n = text(a);
            if !describe_name(
                sh,
                &n,
                if verbose { Mode::Verbose } else { Mode::Short },
                false,
            )? {
                if verbose {
                    sh.builtin_error("command", &format!("{n}: not found"));
                }
                status = 1;
            }
        }
        return Ok(status);
    }
    if standard_path {
        // `command -p`: search the standard PATH, whatever the script set (bash's
        // `getconf PATH`); the table remembers nothing from it.
        let saved = sh.vars.get_str("PATH").map(<[u8]>::to_vec);
        let _ = sh.vars.set_str("PATH", b"/usr/bin:/bin".to_vec());
        let r = sh.run_command_argv(&argv[i..]);
        match saved {
            Some(p) => {
                let _ = sh.vars.set_str("PATH", p);
            }
            None => {
                let _ = sh.vars.unset("PATH");
            }
        }
        sh.sync_hash_table();
        return r;
    }
    sh.run_command_argv(&argv[i..])
}

pub fn builtin(sh: &mut Shell, argv: A, decl: &[ExpAssign], pos: &[usize]) -> Res<i32> {
    let Some(name) = argv.get(1) else {
        return Ok(0);
    };
    let n = text(name);
    match super::bash_lookup(&n) {
        Some(b) => {
            let pos: Vec<usize> = pos.iter().map(|p| p.saturating_sub(1)).collect();
            b(sh, &argv[1..], decl, &pos)
        }
        None => {
            sh.builtin_error("builtin", &format!("{n}: not a shell builtin"));
            Ok(1)
        }
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Short,
    Verbose,
    TypeT,
    /// `type -p`
    Path,
    /// `type -P`
    ForcePath,
}

pub(super) use sandsh_syntax::RESERVED_WORDS as KEYWORDS;

/// Where `$PATH` finds `n`: the remembered location first (counted as a use, as bash counts
/// it, and flagged), else every match when `all`, else the first.
fn paths_of(sh: &mut Shell, n: &str, all: bool) -> Vec<(String, bool)> {
    if !sh.env.command_entries {
        return if sh.env.registry.get(n).is_some() || super::PROGRAMS.contains(&n) {
            vec![(format!("/usr/bin/{n}"), false)]
        } else {
            Vec::new()
        };
    }
    if !all && let Some(f) = sh.hashed_entry(n) {
        return vec![(f.shown, true)];
    }
    if all {
        return sh
            .search_path_all(n)
            .into_iter()
            .map(|f| (f.shown, false))
            .collect();
    }
    sh.search_path(n)
        .map(|f| (f.shown, false))
        .into_iter()
        .collect()
}

/// Print how `name` would be resolved (every way with `all`); false when not found.
fn describe_name(sh: &mut Shell, n: &str, mode: Mode, all: bool) -> Res<bool> {
    let mut lines = Vec::new();
    // -p prints a path only when the name would run a file (with -a: every file);
    // -P searches PATH regardless.
    if mode != Mode::ForcePath {
        if let Some(a) = sh.aliases.get(n) {
            lines.push(match mode {
                Mode::Short => format!("alias {n}='{a}'"),
                Mode::Verbose => format!("{n} is aliased to `{a}'"),
                _ => "alias".to_string(),
            });
        }
        if KEYWORDS.contains(&n) && (all || lines.is_empty()) {
            lines.push(match mode {
                Mode::Short => n.to_string(),
                Mode::Verbose => format!("{n} is a shell keyword"),
                _ => "keyword".to_string(),
            });
        }
        if sh.funcs.contains_key(n) && (all || lines.is_empty()) {
            lines.push(match mode {
                Mode::Short => n.to_string(),
                Mode::Verbose => {
                    let body = sh
                        .funcs
                        .get(n)
                        .map(|b| super::super::pat::function_text(n, b));
                    format!("{n} is a function\n{}", body.unwrap_or_default())
                        .trim_end()
                        .to_string()
                }
                _ => "function".to_string(),
            });
        }
        if super::bash_lookup(n).is_some() && (all || lines.is_empty()) {
            lines.push(match mode {
                Mode::Short => n.to_string(),
                Mode::Verbose => format!("{n} is a shell builtin"),
                _ => "builtin".to_string(),
            });
        }
        if mode == Mode::Path && !lines.is_empty() {
            if !all {
                // `type -p echo`: not a file; nothing to print, and found.
                return Ok(true);
            }
            lines.clear();
        }
    }
    if all || lines.is_empty() {
        if n.contains('/') {
            if sh
                .env
                .backend
                .stat(&sh.resolve(n))
                .is_ok_and(|m| m.is_file() && m.mode & 0o111 != 0)
            {
                lines.push(match mode {
                    Mode::Verbose => format!("{n} is {n}"),
                    Mode::TypeT => "file".to_string(),
                    _ => n.to_string(),
                });
            }
        } else {
            for (shown, hashed) in paths_of(sh, n, all) {
                lines.push(match mode {
                    Mode::Short | Mode::Path | Mode::ForcePath => shown,
                    Mode::Verbose if hashed => format!("{n} is hashed ({shown})"),
                    Mode::Verbose => format!("{n} is {shown}"),
                    Mode::TypeT => "file".to_string(),
                });
            }
        }
    }
    if lines.is_empty() {
        return Ok(false);
    }
    let mut out = lines.join("\n");
    out.push('\n');
    sh.out(out.as_bytes())?;
    Ok(true)
}

pub fn type_(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let mut mode = Mode::Verbose;
    let mut all = false;
    let mut i = 1;
    while i < argv.len() && argv[i].starts_with(b"-") && argv[i].len() > 1 {
        for c in &argv[i][1..] {
            match c {
                b't' => mode = Mode::TypeT,
                b'p' => mode = Mode::Path,
                b'P' => mode = Mode::ForcePath,
                b'a' => all = true,
                b'f' => {}
                _ => {
                    super::usage::invalid_option(sh, "type", &format!("-{}", *c as char));
                    return Ok(2);
                }
            }
        }
        i += 1;
    }
    let mut status = 0;
    for a in &argv[i..] {
        let n = text(a);
        if !describe_name(sh, &n, mode, all)? {
            if mode == Mode::Verbose {
                sh.builtin_error("type", &format!("{n}: not found"));
            }
            status = 1;
        }
    }
    Ok(status)
}
