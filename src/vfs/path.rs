//! Lexical path handling for VFS paths (placeholder: the VFS work fills this in).

use std::path::{Path, PathBuf};

/// Join `path` onto `cwd` (when relative) and normalize `.`, `..` and repeated slashes
/// lexically. The result is absolute; `..` at the root stays at the root.
pub fn normalize(cwd: &Path, path: &Path) -> PathBuf {
    let _ = (cwd, path);
    todo!()
}

/// `normalize(base, rel)` for string input.
pub fn join(base: &Path, rel: &str) -> PathBuf {
    normalize(base, Path::new(rel))
}
