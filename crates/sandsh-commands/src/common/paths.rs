//! Path arithmetic over the VFS, as GNU and gnulib do it: `base_name` and `dir_name`, joining
//! a directory and a name, lexical normalization,
//! `canonicalize_filename_mode` (symlink-resolving, with `readlink`'s and `realpath`'s
//! `-e`/`-f`/`-m` modes), and relative paths for `realpath --relative-to`.
//!
//! Shared by `basename`/`dirname`, `mkdir -p`, `readlink`, `realpath`, `ln -r`, `install` and
//! `df`; it resolves through `ToolCtx`'s backend so a path means what the sandbox says it means.

use std::collections::{HashSet, VecDeque};
use std::path::{Path, PathBuf};

use sandsh_api::ToolCtx;
use sandsh_api::fs::{KernelBackend, VfsError};

/// Resolve an operand to an absolute VFS path.
pub fn abs(ctx: &dyn ToolCtx, path: &str) -> PathBuf {
    ctx.resolve_path(path)
}

/// The final component of a path as GNU `basename` computes it.
pub fn base_name(p: &[u8]) -> &[u8] {
    let trimmed = trim_slashes(p);
    if trimmed.is_empty() {
        return if p.is_empty() { b"" } else { b"/" };
    }
    match trimmed.iter().rposition(|&b| b == b'/') {
        Some(i) => &trimmed[i + 1..],
        None => trimmed,
    }
}

/// `p` without trailing slashes (but `/` stays empty-trimmed to "").
pub fn trim_slashes(p: &[u8]) -> &[u8] {
    let mut end = p.len();
    while end > 0 && p[end - 1] == b'/' {
        end -= 1;
    }
    &p[..end]
}

/// Join a directory operand and a name with one slash.
pub fn join_name(dir: &str, name: &str) -> String {
    if dir.ends_with('/') {
        format!("{dir}{name}")
    } else {
        format!("{dir}/{name}")
    }
}

/// GNU `dir_name`: everything before the last component, trailing slashes removed.
pub fn dir_name(p: &[u8]) -> Vec<u8> {
    let t = trim_slashes(p);
    if t.is_empty() {
        return if p.is_empty() {
            b".".to_vec()
        } else {
            b"/".to_vec()
        };
    }
    match t.iter().rposition(|&b| b == b'/') {
        None => b".".to_vec(),
        Some(i) => {
            let d = trim_slashes(&t[..i]);
            if d.is_empty() {
                b"/".to_vec()
            } else {
                d.to_vec()
            }
        }
    }
}

/// How much of a path must exist for [`canonicalize`] (GNU's `CAN_*` modes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Can {
    /// Every component must exist (`readlink -e`, `realpath -e`).
    Existing,
    /// All but the last must exist (`readlink -f`, `realpath`).
    AllButLast,
    /// Nothing need exist (`-m`).
    Missing,
}

/// Most symlinks followed in one resolution before giving up with ELOOP.
const MAX_LINKS: usize = 256;

fn components(p: &str, out: &mut VecDeque<String>, front: bool) {
    let mut parts: Vec<String> = p
        .split('/')
        .filter(|c| !c.is_empty())
        .map(str::to_string)
        .collect();
    // A trailing slash is remembered as an empty component: it requires a directory.
    if p.ends_with('/') && !parts.is_empty() {
        parts.push(String::new());
    }
    if front {
        for c in parts.into_iter().rev() {
            out.push_front(c);
        }
    } else {
        out.extend(parts);
    }
}

fn joined(parts: &[String]) -> String {
    if parts.is_empty() {
        return "/".to_string();
    }
    let mut s = String::new();
    for p in parts {
        s.push('/');
        s.push_str(p);
    }
    s
}

/// Lexically normalize `path` against `cwd` (`.`/`..` removed, no symlinks looked at).
pub fn lexical(cwd: &Path, path: &str) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut q = VecDeque::new();
    if !path.starts_with('/') {
        components(&cwd.to_string_lossy(), &mut q, false);
    }
    components(path, &mut q, false);
    for c in q {
        match c.as_str() {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            _ => parts.push(c),
        }
    }
    joined(&parts)
}

/// Resolve `path` (relative to `cwd`) to an absolute path as gnulib's
/// `canonicalize_filename_mode` does; with `follow` false, symlinks are left alone (`-s`).
pub fn canonicalize(
    ctx: &dyn ToolCtx,
    path: &str,
    mode: Can,
    follow: bool,
) -> Result<String, VfsError> {
    if path.is_empty() {
        return Err(VfsError::NotFound);
    }
    let be: &dyn KernelBackend = &**ctx.backend();
    let mut pending = VecDeque::new();
    let mut resolved: Vec<String> = Vec::new();
    if !path.starts_with('/') {
        resolved = ctx
            .cwd()
            .to_string_lossy()
            .split('/')
            .filter(|c| !c.is_empty())
            .map(str::to_string)
            .collect();
    }
    components(path, &mut pending, false);
    let mut seen: HashSet<String> = HashSet::new();
    let mut links = 0usize;
    while let Some(c) = pending.pop_front() {
        if ctx.is_cancelled() {
            return Err(VfsError::Other("cancelled".into()));
        }
        match c.as_str() {
            "" | "." => continue,
            ".." => {
                resolved.pop();
                continue;
            }
            _ => {}
        }
        resolved.push(c);
        let here = joined(&resolved);
        let looked = if follow {
            be.lstat(Path::new(&here))
        } else {
            be.stat(Path::new(&here))
        };
        let meta = match looked {
            Ok(m) => m,
            Err(e) => {
                match mode {
                    Can::Existing => return Err(e),
                    Can::AllButLast => {
                        if pending.iter().any(|p| !p.is_empty()) || e != VfsError::NotFound {
                            return Err(e);
                        }
                    }
                    Can::Missing => {}
                }
                continue;
            }
        };
        if meta.is_symlink() && follow {
            // The same link met again with the same rest of the path is a loop (gnulib keys
            // on the pair); the same link with a different rest is legitimate.
            let key = format!("{here}\0{}", Vec::from(pending.clone()).join("/"));
            if !seen.insert(key) || links >= MAX_LINKS {
                if mode == Can::Missing {
                    continue;
                }
                return Err(VfsError::TooManyLinks);
            }
            links += 1;
            let target = be.read_link(Path::new(&here))?;
            let target = target.to_string_lossy().into_owned();
            resolved.pop();
            if target.starts_with('/') {
                resolved.clear();
            }
            components(&target, &mut pending, true);
            continue;
        }
        if !meta.is_dir() && !pending.is_empty() && mode != Can::Missing {
            return Err(VfsError::NotADirectory);
        }
    }
    Ok(joined(&resolved))
}

/// `path` relative to the directory `base` (both absolute and canonical), as `realpath
/// --relative-to` prints it.
pub fn relative_to(path: &str, base: &str) -> String {
    let p: Vec<&str> = path.split('/').filter(|c| !c.is_empty()).collect();
    let b: Vec<&str> = base.split('/').filter(|c| !c.is_empty()).collect();
    let common = p.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let mut out: Vec<&str> = vec![".."; b.len() - common];
    out.extend(&p[common..]);
    if out.is_empty() {
        ".".to_string()
    } else {
        out.join("/")
    }
}

/// Whether `path` is `base` or below it (both canonical).
pub fn is_under(path: &str, base: &str) -> bool {
    base == "/"
        || path == base
        || (path.starts_with(base) && path.as_bytes().get(base.len()) == Some(&b'/'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative() {
        assert_eq!(relative_to("/tmp/st/f", "/tmp/st/d"), "../f");
        assert_eq!(relative_to("/tmp", "/tmp/st/d"), "../..");
        assert_eq!(relative_to("/tmp", "/tmp"), ".");
        assert_eq!(relative_to("/", "/a"), "..");
        assert!(is_under("/a/b", "/a"));
        assert!(!is_under("/ab", "/a"));
        assert!(is_under("/ab", "/"));
    }
}
