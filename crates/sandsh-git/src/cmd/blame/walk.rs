//! blame's walk: the lines of the blamed file travel back through history. A commit keeps
//! the lines its diff against every parent shows as changed; a line unchanged against a
//! parent moves on to that parent, in the parent's line numbers (a merge offers its lines to
//! each parent in order, and hands them all to a parent whose file is the same). A root
//! commit keeps what reaches it. Lines travel as runs (`Piece`), split only where a diff
//! hunk cuts them, so a commit costs its diff plus a pass over its runs.
//!
//! Commits are taken newest committer date first, as git's walk does; a commit reached
//! again after it was taken is taken again with the new lines (the result per line does
//! not depend on the order).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use gix_hash::ObjectId;
use gix_object::Kind;

use crate::error::{Fail, Res};
use crate::odb::hash;
use crate::repo::{Git, Repo};
use crate::textdiff::hunks;

/// A run of lines: `len` lines from line `orig` (0-based) of a commit's version of the file,
/// which are lines from `fin` of the blamed file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Piece {
    pub orig: u32,
    pub fin: u32,
    pub len: u32,
}

/// A commit that lines are blamed on. `id` is the null id for the working tree's version.
#[derive(Clone, Debug)]
pub(crate) struct Suspect {
    pub id: ObjectId,
    pub boundary: bool,
    /// The first parent holding the file (porcelain's `previous`).
    pub previous: Option<ObjectId>,
}

/// The walk's answer: the suspects, and runs of the blamed file in its order, each with the
/// index of its suspect.
pub(crate) struct Blame {
    pub suspects: Vec<Suspect>,
    pub runs: Vec<(usize, Piece)>,
}

/// Where the walk starts.
pub(crate) enum Start {
    /// A commit and its version of the file.
    Commit { id: ObjectId, blob: ObjectId },
    /// The working tree's file, whose parent is HEAD (when HEAD has the file).
    Work {
        data: Vec<u8>,
        head: Option<ObjectId>,
    },
}

pub(crate) struct Walk<'a, 'b> {
    pub g: &'a Git<'b>,
    pub repo: &'a Repo,
    /// The file, repository-relative.
    pub path: &'a str,
    pub first_parent: bool,
    /// `--root`: root commits are not boundaries.
    pub show_root: bool,
}

/// A commit waiting in the walk: its version of the file and the runs it holds.
struct Pending {
    blob: ObjectId,
    pieces: Vec<Piece>,
    queued: bool,
}

/// The file's blob at `path` in a tree (a tree or a submodule there is no file).
pub(crate) fn blob_at(repo: &Repo, tree: &ObjectId, path: &str) -> Res<Option<ObjectId>> {
    let mut id = *tree;
    let comps: Vec<&str> = path.split('/').filter(|c| !c.is_empty()).collect();
    for (i, comp) in comps.iter().enumerate() {
        let last = i + 1 == comps.len();
        let Some((_, mode, oid)) = repo
            .tree(&id)?
            .into_iter()
            .find(|(n, _, _)| n == comp.as_bytes())
        else {
            return Ok(None);
        };
        let is_tree = mode == 0o40000;
        if last {
            return Ok((!is_tree && mode != 0o160000).then_some(oid));
        }
        if !is_tree {
            return Ok(None);
        }
        id = oid;
    }
    Ok(None)
}

/// Split runs of a child's lines by its diff from a parent (`hunks` of parent against
/// child): the unchanged parts, in the parent's line numbers, and the parts the child changed.
pub(crate) fn split(pieces: &[Piece], hunks: &[(u32, u32, u32, u32)]) -> (Vec<Piece>, Vec<Piece>) {
    let mut passed = Vec::new();
    let mut kept = Vec::new();
    // Lines after hunk `i - 1` and before hunk `i` sit this far below their parent line.
    let delta = |i: usize| -> i64 {
        if i == 0 {
            0
        } else {
            hunks[i - 1].3 as i64 - hunks[i - 1].1 as i64
        }
    };
    for p in pieces {
        let end = p.orig + p.len;
        let mut s = p.orig;
        let mut fin = p.fin;
        let mut hi = hunks.partition_point(|h| h.3 <= s);
        while s < end {
            while hi < hunks.len() && hunks[hi].3 <= s {
                hi += 1;
            }
            if hi < hunks.len() && hunks[hi].2 <= s {
                let e = end.min(hunks[hi].3);
                kept.push(Piece {
                    orig: s,
                    fin,
                    len: e - s,
                });
                fin += e - s;
                s = e;
            } else {
                let e = if hi < hunks.len() {
                    end.min(hunks[hi].2)
                } else {
                    end
                };
                passed.push(Piece {
                    orig: (s as i64 - delta(hi)) as u32,
                    fin,
                    len: e - s,
                });
                fin += e - s;
                s = e;
            }
        }
    }
    (passed, kept)
}

/// Sort runs by their line in the commit and join the ones that continue each other.
fn tidy(pieces: &mut Vec<Piece>) {
    pieces.sort_by_key(|p| (p.orig, p.fin));
    let mut out: Vec<Piece> = Vec::with_capacity(pieces.len());
    for p in pieces.drain(..) {
        match out.last_mut() {
            Some(l) if l.orig + l.len == p.orig && l.fin + l.len == p.fin => l.len += p.len,
            _ => out.push(p),
        }
    }
    *pieces = out;
}

impl Walk<'_, '_> {
    /// Blame `lines` (0-based, half-open ranges of the blamed file, sorted, disjoint).
    pub fn run(&self, start: Start, ranges: &[(u32, u32)]) -> Res<Blame> {
        let initial: Vec<Piece> = ranges
            .iter()
            .map(|&(a, b)| Piece {
                orig: a,
                fin: a,
                len: b - a,
            })
            .collect();
        let mut out = Blame {
            suspects: Vec::new(),
            runs: Vec::new(),
        };
        let mut pending: HashMap<ObjectId, Pending> = HashMap::new();
        let mut times: HashMap<ObjectId, (i64, Vec<ObjectId>)> = HashMap::new();
        let mut heap: BinaryHeap<(i64, Reverse<u64>, ObjectId)> = BinaryHeap::new();
        let mut seq = 0u64;
        let mut blobs = BlobCache::default();
        match start {
            Start::Commit { id, blob } => {
                self.offer(
                    &mut pending,
                    &mut times,
                    &mut heap,
                    &mut seq,
                    id,
                    blob,
                    initial,
                )?;
            }
            Start::Work { data, head } => {
                let blob = hash(Kind::Blob, &data);
                let parents: Vec<ObjectId> = head.into_iter().collect();
                let (passed, kept, previous) =
                    self.pass(&parents, blob, &data, initial, &mut blobs)?;
                for (pid, pblob, pieces) in passed {
                    self.offer(
                        &mut pending,
                        &mut times,
                        &mut heap,
                        &mut seq,
                        pid,
                        pblob,
                        pieces,
                    )?;
                }
                if !kept.is_empty() {
                    out.suspects.push(Suspect {
                        id: ObjectId::null(crate::odb::SHA1),
                        boundary: false,
                        previous,
                    });
                    let n = out.suspects.len() - 1;
                    out.runs.extend(kept.into_iter().map(|p| (n, p)));
                }
            }
        }
        let mut index_of: HashMap<ObjectId, usize> = HashMap::new();
        while let Some((_, _, id)) = heap.pop() {
            self.g.check()?;
            let Some(pend) = pending.get_mut(&id) else {
                continue;
            };
            pend.queued = false;
            let mut pieces = std::mem::take(&mut pend.pieces);
            if pieces.is_empty() {
                continue;
            }
            let blob = pend.blob;
            tidy(&mut pieces);
            let parents = times.get(&id).map(|t| t.1.clone()).unwrap_or_default();
            let (passed, kept, previous) = if parents.is_empty() {
                (Vec::new(), pieces, None)
            } else {
                let data = blobs.get(self.repo, &blob)?;
                self.pass(&parents, blob, &data, pieces, &mut blobs)?
            };
            if !kept.is_empty() && !parents.is_empty() && previous.is_none() {
                self.refuse_rename(&id, &parents, &blob, &mut blobs)?;
            }
            for (pid, pblob, pieces) in passed {
                self.offer(
                    &mut pending,
                    &mut times,
                    &mut heap,
                    &mut seq,
                    pid,
                    pblob,
                    pieces,
                )?;
            }
            if !kept.is_empty() {
                let n = *index_of.entry(id).or_insert_with(|| {
                    out.suspects.push(Suspect {
                        id,
                        boundary: parents.is_empty() && !self.show_root,
                        previous,
                    });
                    out.suspects.len() - 1
                });
                out.runs.extend(kept.into_iter().map(|p| (n, p)));
            }
        }
        // The blamed file's order; runs that continue each other in one commit are one.
        out.runs.sort_by_key(|(_, p)| p.fin);
        let mut joined: Vec<(usize, Piece)> = Vec::with_capacity(out.runs.len());
        for (s, p) in out.runs.drain(..) {
            match joined.last_mut() {
                Some((ls, l)) if *ls == s && l.fin + l.len == p.fin && l.orig + l.len == p.orig => {
                    l.len += p.len
                }
                _ => joined.push((s, p)),
            }
        }
        out.runs = joined;
        Ok(out)
    }

    /// Hand `pieces` to commit `id` (whose file is `blob`), queueing it.
    #[allow(clippy::too_many_arguments)]
    fn offer(
        &self,
        pending: &mut HashMap<ObjectId, Pending>,
        times: &mut HashMap<ObjectId, (i64, Vec<ObjectId>)>,
        heap: &mut BinaryHeap<(i64, Reverse<u64>, ObjectId)>,
        seq: &mut u64,
        id: ObjectId,
        blob: ObjectId,
        pieces: Vec<Piece>,
    ) -> Res<()> {
        if pieces.is_empty() {
            return Ok(());
        }
        if let std::collections::hash_map::Entry::Vacant(v) = times.entry(id) {
            let c = self.repo.commit(&id)?;
            let mut parents = c.parents;
            if self.first_parent {
                parents.truncate(1);
            }
            v.insert((c.committer.time, parents));
        }
        let p = pending.entry(id).or_insert(Pending {
            blob,
            pieces: Vec::new(),
            queued: false,
        });
        p.pieces.extend(pieces);
        if !p.queued {
            p.queued = true;
            *seq += 1;
            heap.push((times[&id].0, Reverse(*seq), id));
        }
        Ok(())
    }

    /// Offer a commit's runs to its parents: what goes to which parent (with the parent's
    /// file), what stays, and the first parent holding the file.
    #[allow(clippy::type_complexity)]
    fn pass(
        &self,
        parents: &[ObjectId],
        blob: ObjectId,
        data: &[u8],
        pieces: Vec<Piece>,
        blobs: &mut BlobCache,
    ) -> Res<(
        Vec<(ObjectId, ObjectId, Vec<Piece>)>,
        Vec<Piece>,
        Option<ObjectId>,
    )> {
        let mut with_file = Vec::new();
        for p in parents {
            let tree = self.repo.commit(p)?.tree;
            if let Some(b) = blob_at(self.repo, &tree, self.path)? {
                with_file.push((*p, b));
            }
        }
        let previous = with_file.first().map(|(p, _)| *p);
        if let Some(&(p, b)) = with_file.iter().find(|(_, b)| *b == blob) {
            return Ok((vec![(p, b, pieces)], Vec::new(), previous));
        }
        let mut passed = Vec::new();
        let mut left = pieces;
        for (p, b) in with_file {
            if left.is_empty() {
                break;
            }
            self.g.check()?;
            let pdata = blobs.get(self.repo, &b)?;
            let h = hunks(&pdata, data);
            let (to_parent, kept) = split(&left, &h);
            if !to_parent.is_empty() {
                passed.push((p, b, to_parent));
            }
            left = kept;
        }
        Ok((passed, left, previous))
    }

    /// A commit added the file while a parent had it under another name: git follows the
    /// rename, this git does not, so it says so rather than blame the wrong commit.
    fn refuse_rename(
        &self,
        id: &ObjectId,
        parents: &[ObjectId],
        blob: &ObjectId,
        blobs: &mut BlobCache,
    ) -> Res<()> {
        let ours = self.repo.flat_tree(&self.repo.commit(id)?.tree)?;
        let data = blobs.get(self.repo, blob)?;
        for p in parents {
            let theirs = self.repo.flat_tree(&self.repo.commit(p)?.tree)?;
            for (path, (mode, b)) in &theirs {
                self.g.check()?;
                if ours.contains_key(path) || mode & 0o170000 == 0o160000 {
                    continue;
                }
                let similar = *b == *blob || {
                    let old = blobs.get(self.repo, b)?;
                    similar(&old, &data)
                };
                if similar {
                    return Err(Fail::unsupported(&format!(
                        "following the rename of '{}' to '{}' in 'git blame'",
                        String::from_utf8_lossy(path),
                        self.path
                    )));
                }
            }
        }
        Ok(())
    }
}

/// Whether git's rename detection could pair these contents: the bytes of the lines they
/// share against the larger of the two, at least half.
fn similar(old: &[u8], new: &[u8]) -> bool {
    let big = old.len().max(new.len());
    if big == 0 {
        return true;
    }
    let lines = crate::textdiff::lines(new);
    let mut changed = 0usize;
    for h in hunks(old, new) {
        for l in &lines[h.2 as usize..h.3 as usize] {
            changed += l.len();
        }
    }
    let shared = new.len() - changed.min(new.len());
    shared * 2 >= big
}

/// Blobs read during the walk; a commit's file is read again when its parent's turn comes,
/// so the recent ones are kept.
#[derive(Default)]
struct BlobCache {
    map: HashMap<ObjectId, std::rc::Rc<Vec<u8>>>,
}

impl BlobCache {
    fn get(&mut self, repo: &Repo, id: &ObjectId) -> Res<std::rc::Rc<Vec<u8>>> {
        if let Some(d) = self.map.get(id) {
            return Ok(d.clone());
        }
        let d = std::rc::Rc::new(repo.object_of(id, Kind::Blob)?);
        if self.map.len() >= 16 {
            self.map.clear();
        }
        self.map.insert(*id, d.clone());
        Ok(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(orig: u32, fin: u32, len: u32) -> Piece {
        Piece { orig, fin, len }
    }

    #[test]
    fn runs_split_at_hunks() {
        // child lines 0..6; parent lost line 1 (a change) and gained one before line 4.
        let h = [(1, 2, 1, 2), (4, 5, 4, 4)];
        let (passed, kept) = split(&[p(0, 10, 6)], &h);
        assert_eq!(kept, [p(1, 11, 1)]);
        assert_eq!(passed, [p(0, 10, 1), p(2, 12, 2), p(5, 14, 2)]);
        // an insertion of two lines in the child at 2
        let h = [(2, 2, 2, 4)];
        let (passed, kept) = split(&[p(0, 0, 5)], &h);
        assert_eq!(kept, [p(2, 2, 2)]);
        assert_eq!(passed, [p(0, 0, 2), p(2, 4, 1)]);
    }

    #[test]
    fn rename_similarity_is_by_shared_bytes() {
        assert!(similar(b"a\nb\nc\n", b"a\nb\nc\nd\n"));
        assert!(!similar(b"a\nb\nc\n", b"x\ny\nz\n"));
    }
}
