//! Safe placement of archive members under an extraction directory.
//!
//! A member name is untrusted input. GNU tar strips leading `/` (and any prefix up to a `..`
//! component, with a warning) and skips members whose names contain `..`; sandsh does the same,
//! and also refuses symbolic links whose target leaves the extraction directory and hard links
//! to anything outside it, and never writes through a symbolic link found on the way down.

use std::path::{Path, PathBuf};

use sandsh_api::fs::KernelBackend;

/// A member name split into its normal components, or why it cannot be used.
#[derive(Debug, PartialEq, Eq)]
pub enum Member {
    /// Components to place under the root; `stripped` is the prefix GNU tar would announce
    /// ("/" or "../", empty when nothing was removed).
    Ok {
        parts: Vec<String>,
        stripped: String,
    },
    /// The name holds a `..` component: GNU tar skips such members (but strips the prefix
    /// from hard link targets and names being archived). `stripped` is the prefix GNU
    /// announces as removed (up to the last `..`); `parts` what remains.
    DotDot {
        parts: Vec<String>,
        stripped: String,
    },
}

/// Split a member name as GNU tar's `safer_name_suffix` does.
pub fn member(name: &str) -> Member {
    // GNU announces the prefix up to and including the last `../` (or the leading `/`s).
    let bytes = name.as_bytes();
    let mut prefix_len = 0;
    while prefix_len < bytes.len() && bytes[prefix_len] == b'/' {
        prefix_len += 1;
    }
    let mut has_dotdot = false;
    let mut p = prefix_len;
    // Walk components; remember the end of the last `..` component (with its slash).
    let mut i = prefix_len;
    while i <= bytes.len() {
        let end = bytes[i..]
            .iter()
            .position(|&b| b == b'/')
            .map_or(bytes.len(), |k| i + k);
        if &bytes[i..end] == b".." {
            has_dotdot = true;
            p = (end + 1).min(bytes.len());
            while p < bytes.len() && bytes[p] == b'/' {
                p += 1;
            }
        }
        i = end + 1;
    }
    let stripped = name[..p.max(prefix_len)].to_string();
    let stripped = if stripped.chars().all(|c| c == '/') && !stripped.is_empty() {
        "/".to_string()
    } else {
        stripped
    };
    let rest = if has_dotdot {
        &name[p..]
    } else {
        &name[prefix_len..]
    };
    let parts = rest
        .split('/')
        .filter(|c| !c.is_empty() && *c != ".")
        .map(str::to_string)
        .collect();
    if has_dotdot {
        return Member::DotDot { parts, stripped };
    }
    Member::Ok { parts, stripped }
}

/// Whether the symlink target `target`, placed at `parts` (the link's own components under the
/// root), stays inside the root.
pub fn link_stays_inside(parts: &[String], target: &str) -> bool {
    if target.starts_with('/') || target.is_empty() {
        return false;
    }
    // The link lives in the directory of its last component.
    let mut depth: Vec<&str> = parts[..parts.len().saturating_sub(1)]
        .iter()
        .map(String::as_str)
        .collect();
    for c in target.split('/') {
        match c {
            "" | "." => {}
            ".." => {
                if depth.pop().is_none() {
                    return false;
                }
            }
            c => depth.push(c),
        }
    }
    true
}

/// Why a path under the root cannot be written.
#[derive(Debug)]
pub enum PlaceError {
    /// A directory on the way is a symbolic link (never followed during extraction).
    ThroughSymlink(String),
    /// A directory on the way could not be created.
    Mkdir(String, String),
}

/// The absolute path of `parts` under `root`, creating the missing directories on the way
/// (mode `dir_mode`). A symbolic link on the way is refused rather than followed.
pub fn place(
    backend: &dyn KernelBackend,
    root: &Path,
    parts: &[String],
    dir_mode: u32,
) -> Result<PathBuf, PlaceError> {
    let mut p = root.to_path_buf();
    let last = parts.len().saturating_sub(1);
    for (i, c) in parts.iter().enumerate() {
        p.push(c);
        if i == last {
            break;
        }
        match backend.lstat(&p) {
            Ok(m) if m.is_dir() => {}
            Ok(m) if m.is_symlink() => {
                return Err(PlaceError::ThroughSymlink(parts[..=i].join("/")));
            }
            Ok(_) => {
                return Err(PlaceError::Mkdir(
                    parts[..=i].join("/"),
                    "Not a directory".into(),
                ));
            }
            Err(_) => {
                if let Err(e) = backend.mkdir(&p, dir_mode, false) {
                    return Err(PlaceError::Mkdir(parts[..=i].join("/"), e.to_string()));
                }
            }
        }
    }
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(parts: &[&str], stripped: &str) -> Member {
        Member::Ok {
            parts: parts.iter().map(|s| s.to_string()).collect(),
            stripped: stripped.into(),
        }
    }

    #[test]
    fn names() {
        assert_eq!(member("a/b"), ok(&["a", "b"], ""));
        assert_eq!(member("/abs.txt"), ok(&["abs.txt"], "/"));
        assert_eq!(member("//x/./y/"), ok(&["x", "y"], "/"));
        let dd = |parts: &[&str], stripped: &str| Member::DotDot {
            parts: parts.iter().map(|s| s.to_string()).collect(),
            stripped: stripped.into(),
        };
        assert_eq!(member("../evil"), dd(&["evil"], "../"));
        assert_eq!(member("a/../../e2"), dd(&["e2"], "a/../../"));
        assert_eq!(member("x/.."), dd(&[], "x/.."));
    }

    #[test]
    fn links() {
        let at = |s: &str| s.split('/').map(str::to_string).collect::<Vec<_>>();
        assert!(link_stays_inside(&at("a/l"), "b"));
        assert!(link_stays_inside(&at("a/l"), "../b"));
        assert!(!link_stays_inside(&at("a/l"), "../../b"));
        assert!(!link_stays_inside(&at("l"), "/etc/passwd"));
        assert!(!link_stays_inside(&at("l"), ".."));
    }
}
