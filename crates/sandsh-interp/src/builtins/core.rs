//! Core builtins: echo, printf, cd/pwd/dirs, eval, source, exec, command, type,
//! and nested shells (`bash`, `sh`).

use super::super::expand::ExpAssign;
use super::super::simple::ChildStart;
use super::super::{Flow, Limit, Res, Shell};
use super::text;

type A<'a> = &'a [Vec<u8>];

pub fn true_(_: &mut Shell, _: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    Ok(0)
}

pub fn false_(_: &mut Shell, _: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    Ok(1)
}

pub fn echo(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let out = sandsh_text::escape::echo(argv.get(1..).unwrap_or_default(), sh.opts.xpg_echo);
    sh.out(&out)?;
    Ok(0)
}

/// The zone of `TZ` when it is set and exported (bash's `%(…)T` ignores an unexported one).
fn exported_tz(sh: &Shell) -> Option<jiff::tz::TimeZone> {
    let v = sh.vars.get("TZ")?;
    if !v.attrs.has(crate::vars::Attrs::EXPORT) {
        return None;
    }
    let tz = sh.vars.get_str("TZ")?;
    sandsh_text::printf::zone_named(&String::from_utf8_lossy(tz))
}

pub fn printf(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let mut i = 1;
    let mut var: Option<String> = None;
    while i < argv.len() {
        match argv[i].as_slice() {
            b"-v" => {
                let Some(n) = argv.get(i + 1) else {
                    sh.builtin_error("printf", "-v: option requires an argument");
                    return Ok(2);
                };
                var = Some(text(n));
                i += 2;
            }
            b"--" => {
                i += 1;
                break;
            }
            _ => break,
        }
    }
    let Some(fmt) = argv.get(i) else {
        sh.builtin_error("printf", "usage: printf [-v var] format [arguments]");
        return Ok(2);
    };
    let args = &argv[i + 1..];
    let now = (sh.env.clock)()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0);
    let times = sandsh_text::printf::PrintfTimes {
        now,
        shell_start: now - sh.env.start.elapsed().as_secs() as i64,
        zone: exported_tz(sh),
    };
    let mut out = Vec::new();
    let r = sandsh_text::printf::format(fmt, args, times, &mut out);
    for msg in &r.diagnostics {
        sh.builtin_error("printf", msg);
    }
    let status = r.status;
    match var {
        Some(v) => {
            let head = v
                .find('[')
                .filter(|_| v.ends_with(']'))
                .map_or(&v[..], |i| &v[..i]);
            if !super::super::param::is_name(head)
                || (head.len() < v.len() && v.len() < head.len() + 2)
            {
                sh.builtin_error("printf", &format!("`{v}': not a valid identifier"));
                return Ok(2);
            }
            if v.contains('[') {
                let open = v.find('[').unwrap_or(0);
                let name = v[..open].to_string();
                let key =
                    super::super::param::subscript_word(&v[open + 1..v.len().saturating_sub(1)]);
                sh.assign_index(&name, &key, out, false)?;
            } else {
                sh.set_var(&v, out)?;
            }
        }
        None => sh.out(&out)?,
    }
    Ok(status)
}

fn set_pwd(sh: &mut Shell, new: std::path::PathBuf) -> Res<()> {
    let old = sh.cwd.clone();
    sh.cwd = new;
    let _ = sh
        .vars
        .set_str("OLDPWD", old.as_os_str().as_encoded_bytes().to_vec());
    let _ = sh
        .vars
        .set_str("PWD", sh.cwd.as_os_str().as_encoded_bytes().to_vec());
    Ok(())
}

/// Change directory; returns an error message on failure.
fn change_dir(sh: &mut Shell, target: &str, physical: bool) -> Result<(), String> {
    if !dot_dots_exist(sh, target) {
        return Err(format!("{target}: No such file or directory"));
    }
    let path = sh.resolve(target);
    match sh.env.backend.stat(&path) {
        Ok(m) if m.is_dir() => {
            let path = if physical {
                sh.env.backend.canonicalize(&path).unwrap_or(path)
            } else {
                path
            };
            let _ = set_pwd(sh, path);
            Ok(())
        }
        Ok(_) => Err(format!("{target}: Not a directory")),
        Err(e) => Err(format!("{target}: {e}")),
    }
}

/// Whether every directory a `..` in `target` steps out of exists, as bash checks before it
/// shortens the path (`cd nonexistent/..` fails).
fn dot_dots_exist(sh: &Shell, target: &str) -> bool {
    if !target.split('/').any(|c| c == "..") {
        return true;
    }
    let joined = if target.starts_with('/') {
        target.to_string()
    } else {
        format!("{}/{target}", sh.cwd.display())
    };
    let mut prefix: Vec<&str> = Vec::new();
    for comp in joined.split('/') {
        match comp {
            "" | "." => {}
            ".." => {
                let dir = format!("/{}", prefix.join("/"));
                if !sh
                    .env
                    .backend
                    .stat(std::path::Path::new(&dir))
                    .is_ok_and(|m| m.is_dir())
                {
                    return false;
                }
                prefix.pop();
            }
            c => prefix.push(c),
        }
    }
    true
}

pub fn cd(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let mut physical = false;
    let mut i = 1;
    while i < argv.len() && argv[i].starts_with(b"-") && argv[i].len() > 1 {
        match argv[i].as_slice() {
            b"-P" => physical = true,
            b"-L" => physical = false,
            b"--" => {
                i += 1;
                break;
            }
            _ => break,
        }
        i += 1;
    }
    let rest = &argv[i..];
    if rest.len() > 1 {
        sh.builtin_error("cd", "too many arguments");
        return Ok(1);
    }
    let (target, print) = match rest.first().map(|a| text(a)) {
        None => match sh.vars.get_str("HOME") {
            Some(h) => (text(h), false),
            None => {
                sh.builtin_error("cd", "HOME not set");
                return Ok(1);
            }
        },
        Some(t) if t == "-" => match sh.vars.get_str("OLDPWD") {
            Some(o) => (text(o), true),
            None => {
                sh.builtin_error("cd", "OLDPWD not set");
                return Ok(1);
            }
        },
        Some(t) => (t, false),
    };
    if target.is_empty() {
        return Ok(0);
    }
    // CDPATH
    if !target.starts_with('/')
        && !target.starts_with('.')
        && let Some(cdpath) = sh.vars.get_str("CDPATH").map(text)
    {
        for dir in cdpath.split(':').filter(|d| !d.is_empty()) {
            let cand = format!("{dir}/{target}");
            if sh
                .env
                .backend
                .stat(&sh.resolve(&cand))
                .is_ok_and(|m| m.is_dir())
                && change_dir(sh, &cand, physical).is_ok()
            {
                let line = format!("{}\n", sh.cwd.display());
                sh.out(line.as_bytes())?;
                return Ok(0);
            }
        }
    }
    match change_dir(sh, &target, physical) {
        Ok(()) => {
            if print {
                let line = format!("{}\n", sh.cwd.display());
                sh.out(line.as_bytes())?;
            }
            Ok(0)
        }
        Err(m) => {
            sh.builtin_error("cd", &m);
            Ok(1)
        }
    }
}

pub fn pwd(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let physical = argv.iter().skip(1).any(|a| a == b"-P");
    let p = if physical {
        sh.env
            .backend
            .canonicalize(&sh.cwd)
            .unwrap_or_else(|_| sh.cwd.clone())
    } else {
        sh.cwd.clone()
    };
    let mut line = p.as_os_str().as_encoded_bytes().to_vec();
    line.push(b'\n');
    sh.out(&line)?;
    Ok(0)
}

fn print_dirs(sh: &mut Shell) -> Res<()> {
    let home = sh.vars.get_str("HOME").map(text).unwrap_or_default();
    let mut parts = vec![sh.cwd.display().to_string()];
    parts.extend(sh.dir_stack.iter().rev().map(|p| p.display().to_string()));
    let parts: Vec<String> = parts
        .into_iter()
        .map(|p| {
            if !home.is_empty() && (p == home || p.starts_with(&format!("{home}/"))) {
                format!("~{}", &p[home.len()..])
            } else {
                p
            }
        })
        .collect();
    sh.out(format!("{}\n", parts.join(" ")).as_bytes())
}

pub fn pushd(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let Some(dir) = argv.get(1).map(|a| text(a)) else {
        let Some(top) = sh.dir_stack.pop() else {
            sh.builtin_error("pushd", "no other directory");
            return Ok(1);
        };
        let cur = sh.cwd.clone();
        if let Err(m) = change_dir(sh, &top.display().to_string(), false) {
            sh.builtin_error("pushd", &m);
            return Ok(1);
        }
        sh.dir_stack.push(cur);
        print_dirs(sh)?;
        return Ok(0);
    };
    let cur = sh.cwd.clone();
    if let Err(m) = change_dir(sh, &dir, false) {
        sh.builtin_error("pushd", &m);
        return Ok(1);
    }
    sh.dir_stack.push(cur);
    print_dirs(sh)?;
    Ok(0)
}

pub fn popd(sh: &mut Shell, _argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let Some(top) = sh.dir_stack.pop() else {
        sh.builtin_error("popd", "directory stack empty");
        return Ok(1);
    };
    if let Err(m) = change_dir(sh, &top.display().to_string(), false) {
        sh.builtin_error("popd", &m);
        return Ok(1);
    }
    print_dirs(sh)?;
    Ok(0)
}

pub fn dirs(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    if argv.iter().skip(1).any(|a| a == b"-c") {
        sh.dir_stack.clear();
        return Ok(0);
    }
    print_dirs(sh)?;
    Ok(0)
}

/// The operands after an optional `--`; an option (`-x`) is an invalid option with bash's
/// message and usage line (status 2). `-` alone is an operand.
fn no_options<'a>(
    sh: &Shell,
    name: &str,
    usage: &str,
    argv: &'a [Vec<u8>],
) -> Option<&'a [Vec<u8>]> {
    match argv.first().map(Vec::as_slice) {
        Some(b"--") => Some(&argv[1..]),
        Some(a) if a.len() > 1 && a[0] == b'-' => {
            sh.builtin_error(name, &format!("{}: invalid option", text(&a[..2])));
            sh.write_fd(2, format!("{name}: usage: {usage}\n").as_bytes());
            None
        }
        _ => Some(argv),
    }
}

pub fn eval(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let Some(rest) = no_options(sh, "eval", "eval [arg ...]", &argv[1..]) else {
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
    let usage = format!("{name} filename [arguments]");
    let Some(argv) = no_options(sh, &name, &usage, &argv[1..]) else {
        return Ok(2);
    };
    let Some(file) = argv.first().map(|a| text(a)) else {
        sh.builtin_error(&name, "filename argument required");
        sh.write_fd(2, format!("{name}: usage: {usage}\n").as_bytes());
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
    let r = sh.run_script(&src);
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
    let mut i = 1;
    while i < argv.len() && argv[i].starts_with(b"-") {
        if argv[i] == b"--" {
            i += 1;
            break;
        }
        i += 1;
    }
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
                sh.builtin_error("command", &format!("{}: invalid option", text(&argv[i])));
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
    match super::lookup(&n) {
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

const KEYWORDS: &[&str] = &[
    "if", "then", "else", "elif", "fi", "case", "esac", "for", "select", "while", "until", "do",
    "done", "in", "function", "time", "{", "}", "!", "[[", "]]", "coproc",
];

/// Where `$PATH` finds `n`: the remembered location first (counted as a use, as bash counts
/// it, and flagged), else every match when `all`, else the first.
fn paths_of(sh: &mut Shell, n: &str, all: bool) -> Vec<(String, bool)> {
    if !sh.env.command_entries {
        return match sh.env.registry.get(n) {
            Some(_) => vec![(format!("/usr/bin/{n}"), false)],
            None => Vec::new(),
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
        if super::lookup(n).is_some() && (all || lines.is_empty()) {
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
                    sh.builtin_error("type", &format!("-{}: invalid option", *c as char));
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
                    sh.builtin_error("hash", &format!("-{}: invalid option", *c as char));
                    sh.write_fd(
                        2,
                        b"hash: usage: hash [-lr] [-p pathname] [-dt] [name ...]\n",
                    );
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
        } else if n.contains('/') || sh.funcs.contains_key(&n) || super::lookup(&n).is_some() {
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

pub fn times(sh: &mut Shell, _: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    sh.out(b"0m0.000s 0m0.000s\n0m0.000s 0m0.000s\n")?;
    Ok(0)
}

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
