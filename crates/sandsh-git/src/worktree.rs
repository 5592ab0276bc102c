//! The working tree as git sees it: the walk that finds untracked and ignored files (not
//! descending into ignored directories or nested repositories, collapsing a wholly untracked
//! directory to `dir/` unless every file is asked for), and the current state of each
//! tracked file, by stat data when the index's says it is clean, by content otherwise.

use std::collections::BTreeMap;

use gix_hash::ObjectId;
use gix_object::Kind;
use sandsh_vfs::FileType;

use crate::diffout::Files;
use crate::error::{Fail, Res};
use crate::ignore::Ignores;
use crate::index::{Entry, Index, mode_of, wfile};
use crate::odb::hash;
use crate::repo::{Git, Repo};

/// How untracked files are listed.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Untracked {
    No,
    /// A directory with no tracked file in it shows as `dir/`.
    Normal,
    All,
}

/// What a walk found: untracked paths (a directory ends in `/`) and ignored ones.
#[derive(Default)]
pub(crate) struct Walk {
    pub untracked: Vec<Vec<u8>>,
    pub ignored: Vec<Vec<u8>>,
}

/// Whether the index tracks anything under `dir` (repository-relative, no trailing `/`).
fn tracks_under(index: &Index, dir: &[u8]) -> bool {
    let mut key = dir.to_vec();
    key.push(b'/');
    let i = match index.find(&key) {
        Ok(i) | Err(i) => i,
    };
    index
        .entries
        .get(i)
        .is_some_and(|e| e.path.starts_with(&key))
}

pub(crate) fn join(dir: &[u8], name: &[u8]) -> Vec<u8> {
    let mut p = dir.to_vec();
    if !p.is_empty() {
        p.push(b'/');
    }
    p.extend_from_slice(name);
    p
}

struct Walker<'w, 'g, 'a> {
    g: &'w Git<'a>,
    repo: &'w Repo,
    index: &'w Index,
    ign: &'w mut Ignores,
    mode: Untracked,
    want_ignored: bool,
    out: Walk,
    _g: std::marker::PhantomData<&'g ()>,
}

impl Walker<'_, '_, '_> {
    /// Walk `dir`; with `collapse`, stop at the first untracked file and report only that
    /// there is one (for a directory that will show as `dir/`).
    fn dir(&mut self, dir: &[u8], depth: usize) -> Res<()> {
        self.g.check()?;
        if depth > 1000 {
            return Err(Fail::fatal("directory nesting too deep"));
        }
        let abs = self.repo.wpath(dir)?;
        let Ok(entries) = self.repo.fs.list(&abs) else {
            return Ok(());
        };
        for e in entries {
            let path = join(dir, &e.name);
            if e.name == b".git" {
                continue;
            }
            let is_dir = e.file_type == FileType::Dir;
            if !is_dir && !matches!(e.file_type, FileType::File | FileType::Symlink) {
                continue;
            }
            if !is_dir && self.index.has_path(&path) {
                continue;
            }
            if is_dir && tracks_under(self.index, &path) {
                if self.ign.is_ignored_in_walk(&path, true) {
                    // Untracked files of an ignored directory are ignored; its tracked
                    // ones are still the index's.
                    if self.want_ignored {
                        self.ignored_under(&path, depth + 1)?;
                    }
                    continue;
                }
                self.dir(&path, depth + 1)?;
                continue;
            }
            if self.ign.is_ignored_in_walk(&path, is_dir) {
                if self.want_ignored {
                    let mut p = path.clone();
                    if is_dir {
                        p.push(b'/');
                    }
                    self.out.ignored.push(p);
                }
                continue;
            }
            if !is_dir {
                self.out.untracked.push(path);
                continue;
            }
            // An untracked directory: a nested repository shows as itself.
            let nested = self
                .repo
                .fs
                .stat(
                    &abs.join(String::from_utf8_lossy(&e.name).as_ref())
                        .join(".git"),
                )
                .is_ok();
            if nested {
                let mut p = path.clone();
                p.push(b'/');
                self.out.untracked.push(p);
                continue;
            }
            match self.mode {
                Untracked::All => self.dir(&path, depth + 1)?,
                _ => {
                    let before = self.out.untracked.len();
                    let before_ign = self.out.ignored.len();
                    self.dir(&path, depth + 1)?;
                    if self.out.untracked.len() > before {
                        self.out.untracked.truncate(before);
                        let mut p = path.clone();
                        p.push(b'/');
                        self.out.untracked.push(p);
                    }
                    let _ = before_ign;
                }
            }
        }
        Ok(())
    }

    fn ignored_under(&mut self, dir: &[u8], depth: usize) -> Res<()> {
        let abs = self.repo.wpath(dir)?;
        let Ok(entries) = self.repo.fs.list(&abs) else {
            return Ok(());
        };
        for e in entries {
            self.g.check()?;
            let path = join(dir, &e.name);
            if e.file_type == FileType::Dir {
                if depth < 1000 {
                    self.ignored_under(&path, depth + 1)?;
                }
            } else if !self.index.has_path(&path) {
                self.out.ignored.push(path);
            }
        }
        Ok(())
    }
}

/// Walk the working tree for untracked (and, with `want_ignored`, ignored) paths.
pub(crate) fn walk(
    g: &Git,
    repo: &Repo,
    index: &Index,
    ign: &mut Ignores,
    mode: Untracked,
    want_ignored: bool,
) -> Res<Walk> {
    if mode == Untracked::No && !want_ignored {
        return Ok(Walk::default());
    }
    let mut w = Walker {
        g,
        repo,
        index,
        ign,
        mode,
        want_ignored,
        out: Walk::default(),
        _g: std::marker::PhantomData,
    };
    w.dir(b"", 0)?;
    let mut out = w.out;
    if mode == Untracked::No {
        out.untracked.clear();
    }
    out.untracked.sort();
    out.ignored.sort();
    Ok(out)
}

/// Content by id, for blobs of the working tree that are not stored.
pub(crate) type Contents = BTreeMap<ObjectId, Vec<u8>>;

/// A tracked file as it is in the working tree now.
#[derive(Clone, Debug)]
pub(crate) enum Now {
    Missing,
    /// Unchanged from the index entry (by stat data or content).
    Same,
    /// Changed: its mode, its blob id and its content.
    Changed {
        mode: u32,
        id: ObjectId,
        data: Vec<u8>,
    },
}

/// Read a working-tree file (a symlink's target for a link) as git would store it.
pub(crate) fn read_work(repo: &Repo, path: &[u8]) -> Res<Option<(u32, Vec<u8>)>> {
    let work = repo.work("")?;
    let p = wfile(work, path);
    let Ok(m) = repo.fs.lstat(&p) else {
        return Ok(None);
    };
    if m.is_dir() {
        return Ok(None);
    }
    let data = if m.is_symlink() {
        repo.fs
            .read_link(&p)
            .map_err(|e| Fail::io("readlink", &p, e))?
            .to_string_lossy()
            .into_owned()
            .into_bytes()
    } else {
        repo.fs
            .read(&p, None)
            .map_err(|e| Fail::io("unable to read", &p, e))?
    };
    Ok(Some((mode_of(&m), data)))
}

/// The state of the tracked entry `e` in the working tree.
pub(crate) fn entry_now(repo: &Repo, index: &Index, e: &Entry) -> Res<Now> {
    let work = repo.work("")?;
    let p = wfile(work, &e.path);
    let Ok(m) = repo.fs.lstat(&p) else {
        return Ok(Now::Missing);
    };
    if m.is_dir() {
        return Ok(Now::Missing);
    }
    if e.mode == 0o160000 {
        return Ok(Now::Same);
    }
    if index.stat_clean(e, &m) {
        return Ok(Now::Same);
    }
    let Some((mode, data)) = read_work(repo, &e.path)? else {
        return Ok(Now::Missing);
    };
    let id = hash(Kind::Blob, &data);
    if id == e.id && mode == e.mode && !e.intent_to_add {
        Ok(Now::Same)
    } else {
        Ok(Now::Changed { mode, id, data })
    }
}

/// The working tree's version of every tracked path (stage 0) that still exists: mode and
/// id, with the content of those that differ from the index (their blobs are not stored).
pub(crate) fn snapshot(g: &Git, repo: &Repo, index: &Index) -> Res<(Files, Contents)> {
    let mut files = BTreeMap::new();
    let mut contents = BTreeMap::new();
    for e in &index.entries {
        g.check()?;
        if e.stage != 0 {
            continue;
        }
        match entry_now(repo, index, e)? {
            Now::Missing => {}
            Now::Same => {
                files.insert(e.path.clone(), (e.mode, e.id));
            }
            Now::Changed { mode, id, data } => {
                files.insert(e.path.clone(), (mode, id));
                contents.insert(id, data);
            }
        }
    }
    Ok((files, contents))
}
