//! Physical path resolution over layered backends.
//!
//! `MemoryFs` and `HostFs` follow symlinks themselves, but a backend made of several others
//! (the mount table, the overlay) must follow them across its parts: a symlink in the root
//! filesystem may point into a mount, and a symlink in an overlay's lower layer may point at a
//! directory that exists only in the upper one. [`walk`] resolves a path component by
//! component, asking the caller what each prefix is, and returns a path whose intermediate
//! components are real directories (and whose last is not a symlink when `follow_last`), so the
//! parts can then be called with symlink-free paths. `..` is resolved physically (against the
//! resolved prefix), as the kernel does.

use super::{VfsError, VfsResult};

/// Symlinks followed before giving up with `TooManyLinks` (Linux's limit).
const MAX_LINKS: u32 = 40;

/// What a resolved prefix is, as far as the walk cares.
pub(crate) enum Probe {
    /// A symlink with this target.
    Symlink(Vec<u8>),
    /// A directory: the walk continues into it.
    Dir,
    /// Something that is not a directory (only valid as the last component).
    Other,
    /// Nothing there (only valid as the last component).
    Missing,
    /// Handled elsewhere (e.g. a mount point): continue lexically beneath it.
    Opaque,
}

/// How symlinks leaving the resolution root are treated.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Escape {
    /// Absolute targets restart at the root; `..` at the root stays there (the whole VFS).
    Allow,
    /// Absolute targets and `..` above the root fail with `PermissionDenied` (a host mount,
    /// matching cap-std).
    Deny,
}

/// Resolve `path` (absolute) to a path with no symlinks in its intermediate components, and
/// none in its last when `follow_last`. `probe` is asked about each prefix.
pub(crate) fn walk(
    path: &[u8],
    follow_last: bool,
    escape: Escape,
    mut probe: impl FnMut(&[u8]) -> VfsResult<Probe>,
) -> VfsResult<Vec<u8>> {
    // Components still to resolve, the next one last.
    let mut pending: Vec<Vec<u8>> = split_rev(path);
    let mut cur: Vec<u8> = Vec::new();
    let mut links = 0;
    while let Some(comp) = pending.pop() {
        match comp.as_slice() {
            b"" | b"." => continue,
            b".." => {
                if cur.is_empty() {
                    if escape == Escape::Deny {
                        return Err(VfsError::PermissionDenied);
                    }
                } else {
                    let cut = cur.iter().rposition(|&b| b == b'/').unwrap_or(0);
                    cur.truncate(cut);
                }
                continue;
            }
            _ => {}
        }
        let is_last = pending.iter().all(|c| c.is_empty() || c == b".");
        let mut next = Vec::with_capacity(cur.len() + comp.len() + 1);
        next.extend_from_slice(&cur);
        next.push(b'/');
        next.extend_from_slice(&comp);
        if is_last && !follow_last {
            cur = next;
            continue;
        }
        match probe(&next)? {
            Probe::Symlink(target) => {
                links += 1;
                if links > MAX_LINKS {
                    return Err(VfsError::TooManyLinks);
                }
                if target.is_empty() {
                    return Err(VfsError::NotFound);
                }
                if target.first() == Some(&b'/') {
                    if escape == Escape::Deny {
                        return Err(VfsError::PermissionDenied);
                    }
                    cur.clear();
                }
                pending.extend(split_rev(&target));
            }
            Probe::Dir | Probe::Opaque => cur = next,
            Probe::Other if is_last => cur = next,
            Probe::Missing if is_last => cur = next,
            Probe::Other => return Err(VfsError::NotADirectory),
            Probe::Missing => return Err(VfsError::NotFound),
        }
    }
    if cur.is_empty() {
        cur.push(b'/');
    }
    Ok(cur)
}

fn split_rev(path: &[u8]) -> Vec<Vec<u8>> {
    path.split(|&b| b == b'/')
        .filter(|c| !c.is_empty())
        .rev()
        .map(<[u8]>::to_vec)
        .collect()
}

/// The parent of a resolved path (`/` for top-level names and the root).
pub(crate) fn parent(path: &[u8]) -> &[u8] {
    match path.iter().rposition(|&b| b == b'/') {
        Some(0) | None => b"/",
        Some(i) => &path[..i],
    }
}

/// Whether `path` is `base` or lies beneath it (both resolved, `/` is the root).
pub(crate) fn is_within(path: &[u8], base: &[u8]) -> bool {
    if base == b"/" {
        return true;
    }
    path.starts_with(base) && (path.len() == base.len() || path[base.len()] == b'/')
}

/// `base/name` for a resolved directory path.
pub(crate) fn child(base: &[u8], name: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(base.len() + name.len() + 1);
    if base != b"/" {
        out.extend_from_slice(base);
    }
    out.push(b'/');
    out.extend_from_slice(name);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn tree() -> BTreeMap<&'static [u8], Probe> {
        let mut t: BTreeMap<&'static [u8], Probe> = BTreeMap::new();
        t.insert(b"/a", Probe::Dir);
        t.insert(b"/a/f", Probe::Other);
        t.insert(b"/a/up", Probe::Symlink(b"../b".to_vec()));
        t.insert(b"/b", Probe::Dir);
        t.insert(b"/abs", Probe::Symlink(b"/a/f".to_vec()));
        t.insert(b"/out", Probe::Symlink(b"../../x".to_vec()));
        t.insert(b"/loop", Probe::Symlink(b"loop".to_vec()));
        t
    }

    fn run(path: &str, follow: bool, escape: Escape) -> VfsResult<String> {
        let t = tree();
        walk(path.as_bytes(), follow, escape, |p| {
            Ok(match t.get(p) {
                Some(Probe::Symlink(s)) => Probe::Symlink(s.clone()),
                Some(Probe::Dir) => Probe::Dir,
                Some(_) => Probe::Other,
                None => Probe::Missing,
            })
        })
        .map(|v| String::from_utf8_lossy(&v).into_owned())
    }

    #[test]
    fn follows_relative_and_absolute() {
        assert_eq!(run("/a/up/x", true, Escape::Allow).as_deref(), Ok("/b/x"));
        assert_eq!(run("/abs", true, Escape::Allow).as_deref(), Ok("/a/f"));
        assert_eq!(run("/abs", false, Escape::Allow).as_deref(), Ok("/abs"));
        assert_eq!(run("/out", true, Escape::Allow).as_deref(), Ok("/x"));
        assert_eq!(run("/", true, Escape::Allow).as_deref(), Ok("/"));
    }

    #[test]
    fn deny_refuses_escapes() {
        assert_eq!(
            run("/abs", true, Escape::Deny),
            Err(VfsError::PermissionDenied)
        );
        assert_eq!(
            run("/out", true, Escape::Deny),
            Err(VfsError::PermissionDenied)
        );
        assert_eq!(run("/a/up", true, Escape::Deny).as_deref(), Ok("/b"));
    }

    #[test]
    fn errors() {
        assert_eq!(
            run("/loop", true, Escape::Allow),
            Err(VfsError::TooManyLinks)
        );
        assert_eq!(
            run("/a/f/x", true, Escape::Allow),
            Err(VfsError::NotADirectory)
        );
        assert_eq!(run("/zz/x", true, Escape::Allow), Err(VfsError::NotFound));
    }

    #[test]
    fn helpers() {
        assert_eq!(parent(b"/a/b"), b"/a");
        assert_eq!(parent(b"/a"), b"/");
        assert!(is_within(b"/a/b", b"/a"));
        assert!(!is_within(b"/ab", b"/a"));
        assert!(is_within(b"/a", b"/"));
        assert_eq!(child(b"/", b"x"), b"/x");
        assert_eq!(child(b"/a", b"x"), b"/a/x");
    }
}
