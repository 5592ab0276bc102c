//! The path walk: resolving a path component by component from the root, following symbolic
//! links (at most 40, as Linux), `..` through the parent inode; and the questions asked of
//! the directory tree (is one directory within another, a directory's path).

use std::borrow::Cow;

use super::{Data, ROOT, State};
use crate::{VfsError, VfsResult};

const MAX_SYMLINKS: u32 = 40;

/// The result of a path walk: the directory holding the final component, its name (empty for
/// the root or a final `.`/`..`) and its inode when it exists.
pub(super) struct Walked<'a> {
    pub(super) parent: u64,
    pub(super) name: Cow<'a, [u8]>,
    pub(super) ino: Option<u64>,
}

impl Walked<'_> {
    /// The entry as one that `remove` or `rename` may detach from its directory: (parent,
    /// name, inode if it exists). The root is busy, and a path ending in `.` or `..` names no
    /// entry to detach.
    pub(super) fn detachable(self) -> VfsResult<(u64, Vec<u8>, Option<u64>)> {
        if self.ino == Some(ROOT) {
            return Err(busy());
        }
        if self.name.is_empty() {
            return Err(VfsError::InvalidInput);
        }
        Ok((self.parent, self.name.into_owned(), self.ino))
    }
}

impl State {
    /// Resolve `path` from the root, following symlinks in every component except, unless
    /// `follow_last`, the final one. A missing final component is not an error (the caller
    /// may create it); a missing intermediate one is.
    pub(super) fn walk<'a>(&'a self, path: &'a [u8], follow_last: bool) -> VfsResult<Walked<'a>> {
        let mut buf: Cow<'a, [u8]> = Cow::Borrowed(path);
        let mut pos = 0;
        let mut cur = ROOT;
        let mut links = 0;
        loop {
            while buf.get(pos) == Some(&b'/') {
                pos += 1;
            }
            if pos >= buf.len() {
                return Ok(Walked {
                    parent: self.parent_of(cur),
                    name: Cow::Borrowed(&[]),
                    ino: Some(cur),
                });
            }
            let end = buf[pos..]
                .iter()
                .position(|&b| b == b'/')
                .map_or(buf.len(), |p| p + pos);
            let is_last = buf[end..].iter().all(|&b| b == b'/');
            let comp = &buf[pos..end];
            if comp == b"." {
                pos = end;
                continue;
            }
            if comp == b".." {
                cur = self.parent_of(cur);
                pos = end;
                continue;
            }
            let Data::Dir { entries, .. } = &self.node(cur)?.data else {
                return Err(VfsError::NotADirectory);
            };
            let Some(&child) = entries.get(comp) else {
                if is_last {
                    return Ok(Walked {
                        parent: cur,
                        name: component(&buf, pos..end),
                        ino: None,
                    });
                }
                return Err(VfsError::NotFound);
            };
            match &self.node(child)?.data {
                Data::Symlink(target) if !is_last || follow_last => {
                    links += 1;
                    if links > MAX_SYMLINKS {
                        return Err(VfsError::TooManyLinks);
                    }
                    if target.is_empty() {
                        return Err(VfsError::NotFound);
                    }
                    if target.first() == Some(&b'/') {
                        cur = ROOT;
                    }
                    buf = if is_last {
                        Cow::Borrowed(target.as_slice())
                    } else {
                        let mut joined = Vec::with_capacity(target.len() + buf.len() - end + 1);
                        joined.extend_from_slice(target);
                        joined.push(b'/');
                        joined.extend_from_slice(&buf[end..]);
                        Cow::Owned(joined)
                    };
                    pos = 0;
                }
                Data::Dir { .. } if !is_last => {
                    cur = child;
                    pos = end;
                }
                _ if !is_last => return Err(VfsError::NotADirectory),
                _ => {
                    return Ok(Walked {
                        parent: cur,
                        name: component(&buf, pos..end),
                        ino: Some(child),
                    });
                }
            }
        }
    }

    /// The inode at `path`, following every symlink.
    pub(super) fn resolve(&self, path: &[u8], follow_last: bool) -> VfsResult<u64> {
        self.walk(path, follow_last)?.ino.ok_or(VfsError::NotFound)
    }

    /// Whether directory `dir` is `anc` or lies beneath it.
    pub(super) fn is_within(&self, mut dir: u64, anc: u64) -> bool {
        // Bounded by the tree depth; the guard stops a corrupted parent loop.
        for _ in 0..self.inodes.len() + 1 {
            if dir == anc {
                return true;
            }
            if dir == ROOT {
                return false;
            }
            dir = self.parent_of(dir);
        }
        false
    }

    /// The absolute path of directory `dir`, from parent links.
    pub(super) fn dir_path(&self, mut dir: u64) -> VfsResult<Vec<u8>> {
        let mut names: Vec<&[u8]> = Vec::new();
        for _ in 0..self.inodes.len() + 1 {
            if dir == ROOT {
                let mut out = Vec::new();
                for n in names.iter().rev() {
                    out.push(b'/');
                    out.extend_from_slice(n);
                }
                if out.is_empty() {
                    out.push(b'/');
                }
                return Ok(out);
            }
            let parent = self.parent_of(dir);
            let Data::Dir { entries, .. } = &self.node(parent)?.data else {
                return Err(VfsError::NotADirectory);
            };
            let name = entries
                .iter()
                .find(|&(_, &i)| i == dir)
                .map(|(k, _)| k.as_slice())
                .ok_or(VfsError::NotFound)?;
            names.push(name);
            dir = parent;
        }
        Err(VfsError::TooManyLinks)
    }
}
fn busy() -> VfsError {
    VfsError::Other("Device or resource busy".into())
}

/// The bytes `range` of the path being walked: borrowed from the caller's path while no link
/// has been followed, copied out of a joined path after.
fn component<'a>(buf: &Cow<'a, [u8]>, range: std::ops::Range<usize>) -> Cow<'a, [u8]> {
    match buf {
        Cow::Borrowed(s) => Cow::Borrowed(&s[range]),
        Cow::Owned(v) => Cow::Owned(v[range].to_vec()),
    }
}
