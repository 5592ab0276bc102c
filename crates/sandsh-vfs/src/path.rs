//! Lexical path handling for VFS paths.
//!
//! Every [`super::KernelBackend`] method takes absolute, normalized paths, so the shell
//! normalizes once, here, before calling the backend. Normalization is purely lexical (as
//! `cd -L` and `$PWD` work in bash): `a/b/..` becomes `a` without asking whether `b` is a
//! symlink. Paths are byte strings (`OsStrExt`), because file names may hold any byte but NUL.

use sandsh_runtime::os_str::{OsStrExt, OsStringExt};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};

/// Join `path` onto `cwd` (when relative) and normalize `.`, `..` and repeated slashes
/// lexically. The result is absolute; `..` at the root stays at the root; a trailing slash is
/// dropped (except for the root itself). A relative `cwd` is treated as if rooted at `/`.
pub fn normalize(cwd: &Path, path: &Path) -> PathBuf {
    let p = path.as_os_str().as_bytes();
    let mut out: Vec<u8> = Vec::with_capacity(cwd.as_os_str().len() + p.len() + 1);
    if p.first() != Some(&b'/') {
        push_components(&mut out, cwd.as_os_str().as_bytes());
    }
    push_components(&mut out, p);
    if out.is_empty() {
        out.push(b'/');
    }
    PathBuf::from(std::ffi::OsString::from_vec(out))
}

/// `normalize(base, rel)` for string input.
pub fn join(base: &Path, rel: &str) -> PathBuf {
    normalize(base, Path::new(rel))
}

/// Append the components of `p` to `out` (which holds a normalized absolute path without a
/// trailing slash, or nothing for the root), resolving `.` and `..`.
fn push_components(out: &mut Vec<u8>, p: &[u8]) {
    for comp in p.split(|&b| b == b'/') {
        match comp {
            b"" | b"." => {}
            b".." => {
                let cut = out.iter().rposition(|&b| b == b'/').unwrap_or(0);
                out.truncate(cut);
            }
            _ => {
                out.push(b'/');
                out.extend_from_slice(comp);
            }
        }
    }
}

/// A path's bytes.
pub(crate) fn bytes(path: &Path) -> &[u8] {
    path.as_os_str().as_bytes()
}

/// A path from bytes.
pub(crate) fn from_bytes(b: &[u8]) -> PathBuf {
    PathBuf::from(OsStr::from_bytes(b))
}

/// Whether a relative symlink `target` placed at `link` (relative to the mount root) would
/// resolve, lexically, above the mount root.
pub(crate) fn target_escapes(link: &Path, target: &[u8]) -> bool {
    if target.first() == Some(&b'/') {
        return true;
    }
    // Depth of the directory holding the link.
    let mut depth: i64 = link
        .as_os_str()
        .as_bytes()
        .split(|&c| c == b'/')
        .filter(|c| !c.is_empty() && *c != b".")
        .count() as i64
        - 1;
    for comp in target.split(|&c| c == b'/') {
        match comp {
            b"" | b"." => {}
            b".." => {
                depth -= 1;
                if depth < 0 {
                    return true;
                }
            }
            _ => depth += 1,
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(cwd: &str, p: &str) -> String {
        normalize(Path::new(cwd), Path::new(p))
            .to_string_lossy()
            .into_owned()
    }

    #[test]
    fn absolute_paths() {
        assert_eq!(n("/x", "/"), "/");
        assert_eq!(n("/x", "//"), "/");
        assert_eq!(n("/x", "/a/b"), "/a/b");
        assert_eq!(n("/x", "/a//b/"), "/a/b");
        assert_eq!(n("/x", "/a/./b/."), "/a/b");
        assert_eq!(n("/x", "/a/../b"), "/b");
        assert_eq!(n("/x", "/.."), "/");
        assert_eq!(n("/x", "/../../a/.."), "/");
        assert_eq!(n("/x", "///a///b///"), "/a/b");
    }

    #[test]
    fn relative_paths() {
        assert_eq!(n("/home/u", "a"), "/home/u/a");
        assert_eq!(n("/home/u", ""), "/home/u");
        assert_eq!(n("/home/u", "."), "/home/u");
        assert_eq!(n("/home/u", ".."), "/home");
        assert_eq!(n("/home/u", "../../../.."), "/");
        assert_eq!(n("/home/u", "../v/./w/"), "/home/v/w");
        assert_eq!(n("/", "a/.."), "/");
        assert_eq!(n("/", ""), "/");
        assert_eq!(n("", "a"), "/a");
        assert_eq!(n("/a/", "b"), "/a/b");
        assert_eq!(n("/a/../c", "b"), "/c/b");
    }

    #[test]
    fn dotted_names_are_names() {
        assert_eq!(n("/", "..."), "/...");
        assert_eq!(n("/", ".a/..b"), "/.a/..b");
    }

    #[test]
    fn arbitrary_bytes() {
        let p = Path::new(OsStr::from_bytes(b"d\xff/\x01e"));
        let r = normalize(Path::new("/"), p);
        assert_eq!(r.as_os_str().as_bytes(), b"/d\xff/\x01e");
    }

    #[test]
    fn join_str() {
        assert_eq!(join(Path::new("/a"), "b/../c"), PathBuf::from("/a/c"));
    }
}
