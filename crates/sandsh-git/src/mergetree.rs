//! Merging trees as git's `ort` strategy does for the cases agents meet: each path compared
//! across the merge base and the two sides; a change on one side taken, the same change on
//! both taken once, a change on both merged line by line ([`crate::merge3`]), and what
//! cannot be merged left as a conflict: the index gets stages 1, 2 and 3, the working tree
//! gets the file with conflict markers (or the surviving side of a modify/delete), and the
//! messages are ort's (`Auto-merging`, `CONFLICT (content)`, `CONFLICT (modify/delete)`,
//! `CONFLICT (add/add)`), printed in path order. What ort would do with renames (following
//! a file renamed on one side and changed on the other) is not done here: such a merge
//! says so rather than produce a different result.

use std::collections::{BTreeMap, HashSet};

use gix_hash::ObjectId;
use gix_object::Kind;

use crate::diffout::{Files, Source, compare, find_renames};
use crate::error::{Fail, Res};
use crate::merge3;
use crate::repo::{Git, Repo};
use crate::textdiff::is_binary;

/// The best common ancestors of `a` and `b` (git's `merge-base --all`).
pub(crate) fn merge_bases(g: &Git, repo: &Repo, a: &ObjectId, b: &ObjectId) -> Res<Vec<ObjectId>> {
    let of_a = ancestors(g, repo, a, None)?;
    // The commits reachable from b that a reaches too, without walking past them.
    let mut found = Vec::new();
    let mut seen = HashSet::new();
    let mut stack = vec![*b];
    while let Some(c) = stack.pop() {
        g.check()?;
        if !seen.insert(c) {
            continue;
        }
        if of_a.contains(&c) {
            found.push(c);
            continue;
        }
        stack.extend(repo.commit(&c)?.parents);
    }
    // Drop the candidates that are ancestors of other candidates.
    let mut best = Vec::new();
    for c in &found {
        let mut redundant = false;
        for d in &found {
            if d != c && ancestors(g, repo, d, Some(c))?.contains(c) {
                redundant = true;
                break;
            }
        }
        if !redundant && !best.contains(c) {
            best.push(*c);
        }
    }
    Ok(best)
}

/// Every commit reachable from `start` (itself included); the walk stops early once
/// `until` is found.
fn ancestors(
    g: &Git,
    repo: &Repo,
    start: &ObjectId,
    until: Option<&ObjectId>,
) -> Res<HashSet<ObjectId>> {
    let mut seen = HashSet::new();
    let mut stack = vec![*start];
    while let Some(c) = stack.pop() {
        g.check()?;
        if !seen.insert(c) {
            continue;
        }
        if until == Some(&c) {
            break;
        }
        stack.extend(repo.commit(&c)?.parents);
    }
    Ok(seen)
}

/// A set of repository paths.
type PathSet = HashSet<Vec<u8>>;

/// A conflicted path's stages: base (1), ours (2), theirs (3).
pub(crate) type Stages = [Option<(u32, ObjectId)>; 3];

/// What merging two trees gave.
pub(crate) struct TreeMerge {
    /// The merged files, conflicted ones as they go to the working tree (with markers).
    pub files: Files,
    /// The conflicted paths and their stages.
    pub conflicts: BTreeMap<Vec<u8>, Stages>,
    /// ort's messages, one per line, in path order.
    pub messages: String,
    /// Warnings git prints on stderr (binary files).
    pub warnings: String,
}

/// The names the two sides go by in conflict markers and messages (`HEAD`, `feature`).
pub(crate) struct Labels<'a> {
    pub ours: &'a str,
    pub theirs: &'a str,
}

fn is_file(mode: u32) -> bool {
    mode & 0o170000 == 0o100000
}

/// Merge `ours` and `theirs`, both descended from `base`.
pub(crate) fn merge_trees(
    g: &Git,
    repo: &Repo,
    base: &Files,
    ours: &Files,
    theirs: &Files,
    labels: &Labels,
) -> Res<TreeMerge> {
    let mut paths: Vec<&Vec<u8>> = base
        .keys()
        .chain(ours.keys())
        .chain(theirs.keys())
        .collect();
    paths.sort();
    paths.dedup();
    let mut out = TreeMerge {
        files: Files::new(),
        conflicts: BTreeMap::new(),
        messages: String::new(),
        warnings: String::new(),
    };
    let mut renames_checked: Option<(PathSet, PathSet)> = None;
    for p in paths {
        g.check()?;
        let (b, o, t) = (base.get(p), ours.get(p), theirs.get(p));
        let name = String::from_utf8_lossy(p).into_owned();
        let take = if o == t {
            o
        } else if b == o {
            t
        } else if b == t {
            o
        } else {
            None
        };
        if o == t || b == o || b == t {
            if let Some(v) = take {
                out.files.insert(p.clone(), *v);
            }
            continue;
        }
        match (o, t) {
            (Some(&(om, oid)), Some(&(tm, tid))) if is_file(om) && is_file(tm) => {
                let mode = if om == tm {
                    om
                } else if b.is_some_and(|x| x.0 == om) {
                    tm
                } else {
                    om
                };
                if oid == tid {
                    out.files.insert(p.clone(), (mode, oid));
                    continue;
                }
                out.messages.push_str(&format!("Auto-merging {name}\n"));
                let base_data = match b {
                    Some((bm, bid)) if is_file(*bm) => repo.object_of(bid, Kind::Blob)?,
                    _ => Vec::new(),
                };
                let od = repo.object_of(&oid, Kind::Blob)?;
                let td = repo.object_of(&tid, Kind::Blob)?;
                let kind = if b.is_some() { "content" } else { "add/add" };
                if is_binary(&base_data) || is_binary(&od) || is_binary(&td) {
                    out.warnings.push_str(&format!(
                        "warning: Cannot merge binary files: {name} ({} vs. {})\n",
                        labels.ours, labels.theirs
                    ));
                    out.messages
                        .push_str(&format!("CONFLICT ({kind}): Merge conflict in {name}\n"));
                    out.files.insert(p.clone(), (om, oid));
                    out.conflicts
                        .insert(p.clone(), [b.copied(), o.copied(), t.copied()]);
                    continue;
                }
                let m = merge3::merge(&base_data, &od, &td, labels.ours, labels.theirs);
                let id = repo.write_object(Kind::Blob, &m.data)?;
                out.files.insert(p.clone(), (mode, id));
                if m.conflicted {
                    out.messages
                        .push_str(&format!("CONFLICT ({kind}): Merge conflict in {name}\n"));
                    out.conflicts
                        .insert(p.clone(), [b.copied(), o.copied(), t.copied()]);
                }
            }
            (Some(&kept), None) | (None, Some(&kept)) => {
                // Changed on one side, deleted on the other.
                if renames_checked.is_none() {
                    renames_checked = Some((
                        renamed_away(repo, base, ours)?,
                        renamed_away(repo, base, theirs)?,
                    ));
                }
                if let Some((r_ours, r_theirs)) = &renames_checked
                    && (r_ours.contains(p) || r_theirs.contains(p))
                {
                    return Err(Fail::unsupported(&format!(
                        "a merge where '{name}' was renamed on one side and changed on the other"
                    )));
                }
                let (deleted_in, modified_in) = if o.is_some() {
                    (labels.theirs, labels.ours)
                } else {
                    (labels.ours, labels.theirs)
                };
                out.messages.push_str(&format!(
                    "CONFLICT (modify/delete): {name} deleted in {deleted_in} and modified in {modified_in}.  Version {modified_in} of {name} left in tree.\n"
                ));
                out.files.insert(p.clone(), kept);
                out.conflicts
                    .insert(p.clone(), [b.copied(), o.copied(), t.copied()]);
            }
            (Some(&(om, oid)), Some(_)) => {
                // Symlinks or submodules changed on both sides: ours stays, in conflict.
                out.messages.push_str(&format!(
                    "Auto-merging {name}\nCONFLICT (content): Merge conflict in {name}\n"
                ));
                out.files.insert(p.clone(), (om, oid));
                out.conflicts
                    .insert(p.clone(), [b.copied(), o.copied(), t.copied()]);
            }
            (None, None) => {}
        }
    }
    // A file on one side where the other has a directory is a conflict ort resolves by
    // renaming; not done here.
    let keys: Vec<&Vec<u8>> = out.files.keys().collect();
    for w in keys.windows(2) {
        let (a, b) = (w[0], w[1]);
        if b.len() > a.len() && b.starts_with(a) && b[a.len()] == b'/' {
            return Err(Fail::unsupported(&format!(
                "a merge with a file/directory conflict at '{}'",
                String::from_utf8_lossy(a)
            )));
        }
    }
    Ok(out)
}

/// The paths of `base` that `side` renamed (git's rename detection between the two).
fn renamed_away(repo: &Repo, base: &Files, side: &Files) -> Res<PathSet> {
    let src = Source {
        repo,
        work: Default::default(),
    };
    Ok(find_renames(compare(base, side), &src)?
        .into_iter()
        .filter(|c| c.rename.is_some())
        .map(|c| c.old_path)
        .collect())
}
