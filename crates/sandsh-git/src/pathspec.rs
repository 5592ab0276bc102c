//! Pathspecs as git reads them: paths relative to the working directory, a directory
//! meaning everything under it, `.` the working directory, and glob characters matching
//! across `/` (git's default pathspec globbing, by `gix-glob`'s wildmatch).

use std::cell::Cell;

use bstr::ByteSlice;

use crate::error::{Fail, Res};
use crate::repo::Repo;

struct Item {
    /// Repository-relative, without a trailing `/` (empty: everything).
    path: Vec<u8>,
    glob: bool,
    user: String,
    matched: Cell<bool>,
}

pub(crate) struct Pathspec {
    items: Vec<Item>,
}

impl Pathspec {
    /// The pathspecs `args` as typed in the working directory `cwd`.
    pub fn new(repo: &Repo, cwd: &std::path::Path, args: &[String]) -> Res<Pathspec> {
        let mut items = Vec::new();
        for a in args {
            if a.starts_with(":(")
                || a.starts_with(":!")
                || a.starts_with(":^")
                || a.starts_with(":/")
            {
                return Err(Fail::unsupported(&format!("the pathspec magic in '{a}'")));
            }
            let glob = a.contains(['*', '?', '[']);
            let rel = repo.relpath(cwd, a)?;
            items.push(Item {
                path: rel.trim_end_matches('/').as_bytes().to_vec(),
                glob,
                user: a.clone(),
                matched: Cell::new(false),
            });
        }
        Ok(Pathspec { items })
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Whether `path` (repository-relative) is selected; marks the item that selects it.
    pub fn matches(&self, path: &[u8]) -> bool {
        if self.items.is_empty() {
            return true;
        }
        let mut any = false;
        for it in &self.items {
            let hit = if it.path.is_empty()
                || path == it.path.as_slice()
                || (path.len() > it.path.len()
                    && path.starts_with(&it.path)
                    && path[it.path.len()] == b'/')
            {
                true
            } else {
                it.glob
                    && gix_glob::wildmatch(
                        it.path.as_bstr(),
                        path.as_bstr(),
                        gix_glob::wildmatch::Mode::empty(),
                    )
            };
            if hit {
                it.matched.set(true);
                any = true;
            }
        }
        any
    }

    /// The first pathspec that matched nothing, as the user typed it.
    pub fn unmatched(&self) -> Option<&str> {
        self.items
            .iter()
            .find(|it| !it.matched.get())
            .map(|it| it.user.as_str())
    }

    /// Mark `path` as matched by the items naming it exactly (an ignored file named on the
    /// command line still counts as matched).
    pub fn exact(&self, path: &[u8]) -> bool {
        self.items.iter().any(|it| it.path == path && !it.glob)
    }
}
