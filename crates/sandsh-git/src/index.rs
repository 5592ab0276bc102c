//! The index (`.git/index`): decoded by `gix-index` (versions 2, 3 and 4, extensions
//! skipped or kept as it reads them) into a plain sorted list, and written back by it as
//! version 2 (3 when an entry needs the extended flags), with git's trailing SHA-1 over the
//! bytes. Stat data comes from the VFS, so a host git that sees the file after a copy finds
//! the times and inodes changed and re-reads the content, as it does for any racy entry.

use std::path::Path;

use bstr::ByteSlice;
use gix_hash::ObjectId;
use gix_index::entry::{Flags, Mode, Stat, stat::Time};

use crate::error::{Fail, Res};
use crate::odb::SHA1;
use crate::repo::Repo;

/// One entry: a path at a stage, with its blob (or gitlink) id, mode and stat data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    pub path: Vec<u8>,
    pub id: ObjectId,
    pub mode: u32,
    pub stage: u8,
    pub stat: Stat,
    pub intent_to_add: bool,
    pub skip_worktree: bool,
    pub assume_valid: bool,
}

/// The index: entries sorted by path then stage, and the index file's own mtime (to tell a
/// racily clean entry).
#[derive(Clone, Debug, Default)]
pub(crate) struct Index {
    pub entries: Vec<Entry>,
    pub mtime: Option<(u32, u32)>,
}

/// The stat data git keeps for a file, from the VFS's metadata.
pub(crate) fn stat_of(m: &sandsh_vfs::Metadata) -> Stat {
    let t = |st: std::time::SystemTime| {
        st.duration_since(std::time::UNIX_EPOCH)
            .map(|d| Time {
                secs: d.as_secs() as u32,
                nsecs: d.subsec_nanos(),
            })
            .unwrap_or_default()
    };
    Stat {
        mtime: t(m.mtime),
        ctime: t(m.ctime),
        dev: 0,
        ino: m.ino as u32,
        uid: m.uid,
        gid: m.gid,
        size: m.size as u32,
    }
}

/// The mode git records for a file of the working tree.
pub(crate) fn mode_of(m: &sandsh_vfs::Metadata) -> u32 {
    if m.is_symlink() {
        0o120000
    } else if m.mode & 0o100 != 0 {
        0o100755
    } else {
        0o100644
    }
}

/// git's order for index entries (and paths generally): bytewise.
pub(crate) fn cmp_path(a: &[u8], b: &[u8]) -> std::cmp::Ordering {
    a.cmp(b)
}

impl Index {
    pub fn load(repo: &Repo) -> Res<Index> {
        let p = repo.gpath("index");
        let Some(data) = repo.read_opt(&p)? else {
            return Ok(Index::default());
        };
        let mtime = repo.fs.stat(&p).ok().map(|m| {
            let s = stat_of(&m);
            (s.mtime.secs, s.mtime.nsecs)
        });
        let (state, _) = gix_index::State::from_bytes(
            &data,
            filetime::FileTime::from_unix_time(0, 0),
            SHA1,
            Default::default(),
        )
        .map_err(|_| Fail::fatal("index file corrupt"))?;
        if state.link().is_some() {
            return Err(Fail::unsupported("a split index (core.splitIndex)"));
        }
        if state.is_sparse() {
            return Err(Fail::unsupported("a sparse index"));
        }
        let entries = state
            .entries()
            .iter()
            .map(|e| Entry {
                path: e.path(&state).to_vec(),
                id: e.id,
                mode: e.mode.bits(),
                stage: e.stage_raw() as u8,
                stat: e.stat,
                intent_to_add: e.flags.contains(Flags::INTENT_TO_ADD),
                skip_worktree: e.flags.contains(Flags::SKIP_WORKTREE),
                assume_valid: e.flags.contains(Flags::ASSUME_VALID),
            })
            .collect();
        Ok(Index { entries, mtime })
    }

    /// The index file's bytes, as git writes them.
    pub fn encode(&self) -> Res<Vec<u8>> {
        let mut state = gix_index::State::new(SHA1);
        for e in &self.entries {
            let mut flags = Flags::from_bits_retain((e.stage as u32) << 12);
            if e.intent_to_add {
                flags |= Flags::INTENT_TO_ADD | Flags::EXTENDED;
            }
            if e.skip_worktree {
                flags |= Flags::SKIP_WORKTREE | Flags::EXTENDED;
            }
            if e.assume_valid {
                flags |= Flags::ASSUME_VALID;
            }
            state.dangerously_push_entry(
                e.stat,
                e.id,
                flags,
                Mode::from_bits_retain(e.mode),
                e.path.as_bstr(),
            );
        }
        let mut out = Vec::new();
        state
            .write_to(
                &mut out,
                gix_index::write::Options {
                    extensions: gix_index::write::Extensions::None,
                    skip_hash: false,
                },
            )
            .map_err(|e| Fail::fatal(format!("unable to write new index file: {e}")))?;
        let mut h = gix_hash::hasher(SHA1);
        h.update(&out);
        let sum = h
            .try_finalize()
            .map_err(|_| Fail::fatal("unable to write new index file"))?;
        out.extend_from_slice(sum.as_bytes());
        Ok(out)
    }

    pub fn save(&self, repo: &Repo) -> Res<()> {
        let bytes = self.encode()?;
        repo.write_file(&repo.gpath("index"), &bytes)
    }

    /// The position of `path` at stage 0, or where it would go.
    pub fn find(&self, path: &[u8]) -> Result<usize, usize> {
        self.entries
            .binary_search_by(|e| cmp_path(&e.path, path).then(e.stage.cmp(&0)))
    }

    /// Whether any stage of `path` is in the index.
    pub fn has_path(&self, path: &[u8]) -> bool {
        let i = self.entries.partition_point(|e| e.path.as_slice() < path);
        self.entries.get(i).is_some_and(|e| e.path == path)
    }

    pub fn get(&self, path: &[u8]) -> Option<&Entry> {
        self.find(path).ok().map(|i| &self.entries[i])
    }

    /// Add or replace the stage-0 entry for `e.path`, dropping its conflict stages and any
    /// entry it collides with as a file or as a directory.
    pub fn upsert(&mut self, e: Entry) {
        let path = e.path.clone();
        let under = |a: &[u8], dir: &[u8]| {
            a.len() > dir.len() && a.starts_with(dir) && a[dir.len()] == b'/'
        };
        self.entries.retain(|x| {
            let conflict_stage = x.path == path && x.stage != 0;
            !conflict_stage && !under(&x.path, &path) && !under(&path, &x.path)
        });
        match self.find(&path) {
            Ok(i) => self.entries[i] = e,
            Err(i) => self.entries.insert(i, e),
        }
    }

    /// Remove every stage of `path`; whether there was one.
    pub fn remove(&mut self, path: &[u8]) -> bool {
        let n = self.entries.len();
        self.entries.retain(|x| x.path != path);
        n != self.entries.len()
    }

    /// The paths with conflict stages.
    pub fn conflicted(&self) -> Vec<Vec<u8>> {
        let mut out: Vec<Vec<u8>> = Vec::new();
        for e in &self.entries {
            if e.stage != 0 && out.last() != Some(&e.path) {
                out.push(e.path.clone());
            }
        }
        out
    }

    /// How git names the conflict at `path` from the stages it has: the long status label
    /// and the short status code.
    pub fn conflict_kind(&self, path: &[u8]) -> (&'static str, &'static str) {
        let mask = self
            .entries
            .iter()
            .filter(|e| e.path == path && e.stage != 0)
            .fold(0u8, |m, e| m | 1 << (e.stage - 1));
        match mask {
            0b110 => ("both added:", "AA"),
            0b011 => ("deleted by them:", "UD"),
            0b101 => ("deleted by us:", "DU"),
            0b010 => ("added by us:", "AU"),
            0b100 => ("added by them:", "UA"),
            0b001 => ("both deleted:", "DD"),
            _ => ("both modified:", "UU"),
        }
    }

    /// Whether the stat data of `e` says the file at `m` is unchanged (the file's mtime
    /// older than the index's own, or git would look at the content).
    pub fn stat_clean(&self, e: &Entry, m: &sandsh_vfs::Metadata) -> bool {
        let s = stat_of(m);
        let same = s.mtime == e.stat.mtime
            && s.size == e.stat.size
            && s.ino == e.stat.ino
            && mode_of(m) == e.mode;
        let racy = self
            .mtime
            .is_none_or(|(sec, ns)| (s.mtime.secs, s.mtime.nsecs) >= (sec, ns));
        same && !racy
    }
}

/// The working tree file for an index path.
pub(crate) fn wfile(work: &Path, path: &[u8]) -> std::path::PathBuf {
    work.join(String::from_utf8_lossy(path).as_ref())
}
