//! The working directory and the directory stack: `cd` (logical and physical, `CDPATH`,
//! `cd -`), `pwd`, `pushd`, `popd`, `dirs`, keeping `PWD`/`OLDPWD` as bash does.

use super::super::expand::ExpAssign;
use super::super::{Res, Shell};
use super::text;

type A<'a> = &'a [Vec<u8>];

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
    // `-e` only changes the status when the new directory cannot be named, which the VFS
    // always can; the last of -L and -P wins.
    let Some((flags, i)) = super::usage::flags(sh, argv, b"LPe") else {
        return Ok(2);
    };
    let physical = flags.iter().rev().find(|&&c| c != b'e') == Some(&b'P');
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
    let Some((flags, _)) = super::usage::flags(sh, argv, b"LP") else {
        return Ok(2);
    };
    let physical = flags.last() == Some(&b'P');
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
    if argv.len() > 2 {
        sh.builtin_error("pushd", "too many arguments");
        return Ok(1);
    }
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
