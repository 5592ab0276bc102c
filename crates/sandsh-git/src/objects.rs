//! Commits and trees as the porcelain needs them: a commit's fields (parsed by `gix-object`),
//! a tree flattened to `path -> (mode, id)`, and the tree objects written from the index
//! (git's `write-tree`), entries in git's tree order.

use std::collections::BTreeMap;

use bstr::ByteSlice;
use gix_hash::ObjectId;
use gix_object::Kind;

use crate::error::{Fail, Res};
use crate::ident::Ident;
use crate::index::Index;
use crate::odb::SHA1;
use crate::repo::Repo;

/// A parsed commit.
#[derive(Clone, Debug)]
pub(crate) struct Commit {
    pub id: ObjectId,
    pub tree: ObjectId,
    pub parents: Vec<ObjectId>,
    pub author: Ident,
    pub committer: Ident,
    pub message: Vec<u8>,
}

impl Commit {
    /// The subject: the first paragraph, its lines joined with spaces.
    pub fn subject(&self) -> String {
        subject(&self.message)
    }

    /// The body: what follows the subject's paragraph, without the blank lines before it.
    pub fn body(&self) -> String {
        body(&self.message)
    }
}

pub(crate) fn subject(msg: &[u8]) -> String {
    let text = String::from_utf8_lossy(msg);
    let mut lines = text.lines().skip_while(|l| l.trim().is_empty());
    let mut out: Vec<&str> = Vec::new();
    for l in lines.by_ref() {
        if l.trim().is_empty() {
            break;
        }
        out.push(l.trim_end());
    }
    out.join(" ")
}

pub(crate) fn body(msg: &[u8]) -> String {
    let text = String::from_utf8_lossy(msg);
    let mut lines = text.lines().skip_while(|l| l.trim().is_empty());
    for l in lines.by_ref() {
        if l.trim().is_empty() {
            break;
        }
    }
    let rest: Vec<&str> = lines.skip_while(|l| l.trim().is_empty()).collect();
    if rest.is_empty() {
        return String::new();
    }
    let mut s = rest.join("\n");
    while s.ends_with('\n') {
        s.pop();
    }
    s.push('\n');
    s
}

impl Repo {
    pub fn commit(&self, id: &ObjectId) -> Res<Commit> {
        let data = self.object_of(id, Kind::Commit)?;
        let c = gix_object::CommitRef::from_bytes(&data, SHA1)
            .map_err(|_| Fail::fatal(format!("bad commit object {}", id.to_hex())))?;
        let hex = |b: &bstr::BStr| {
            ObjectId::from_hex(b)
                .map_err(|_| Fail::fatal(format!("bad commit object {}", id.to_hex())))
        };
        Ok(Commit {
            id: *id,
            tree: hex(c.tree)?,
            parents: c.parents.iter().map(|p| hex(p)).collect::<Res<_>>()?,
            author: Ident::parse(c.author),
            committer: Ident::parse(c.committer),
            message: c.message.to_vec(),
        })
    }

    /// The direct entries of a tree: name, mode, id.
    pub fn tree(&self, id: &ObjectId) -> Res<Vec<(Vec<u8>, u32, ObjectId)>> {
        let data = self.object_of(id, Kind::Tree)?;
        let t = gix_object::TreeRef::from_bytes(&data, SHA1)
            .map_err(|_| Fail::fatal(format!("bad tree object {}", id.to_hex())))?;
        Ok(t.entries
            .iter()
            .map(|e| (e.filename.to_vec(), e.mode.value() as u32, e.oid.to_owned()))
            .collect())
    }

    /// Every blob, symlink and gitlink under a tree, by full path.
    pub fn flat_tree(&self, id: &ObjectId) -> Res<BTreeMap<Vec<u8>, (u32, ObjectId)>> {
        let mut out = BTreeMap::new();
        let mut stack = vec![(Vec::new(), *id, 0usize)];
        while let Some((prefix, tid, depth)) = stack.pop() {
            if depth > 4096 {
                return Err(Fail::fatal("tree is too deep"));
            }
            for (name, mode, oid) in self.tree(&tid)? {
                let mut path = prefix.clone();
                if !path.is_empty() {
                    path.push(b'/');
                }
                path.extend_from_slice(&name);
                if mode == 0o40000 {
                    stack.push((path, oid, depth + 1));
                } else {
                    out.insert(path, (mode, oid));
                }
            }
        }
        Ok(out)
    }

    /// The flat tree of a commit, empty for `None` (an unborn branch).
    pub fn commit_files(&self, id: Option<&ObjectId>) -> Res<BTreeMap<Vec<u8>, (u32, ObjectId)>> {
        match id {
            Some(id) => {
                let c = self.commit(id)?;
                self.flat_tree(&c.tree)
            }
            None => Ok(BTreeMap::new()),
        }
    }

    /// An object followed through tags to what it finally names.
    pub fn peel(&self, id: &ObjectId) -> Res<(Kind, ObjectId)> {
        let mut id = *id;
        for _ in 0..64 {
            let (kind, data) = self.object(&id)?;
            if kind != Kind::Tag {
                return Ok((kind, id));
            }
            let t = gix_object::TagRef::from_bytes(&data, SHA1)
                .map_err(|_| Fail::fatal(format!("bad tag object {}", id.to_hex())))?;
            id = ObjectId::from_hex(t.target)
                .map_err(|_| Fail::fatal(format!("bad tag object {}", id.to_hex())))?;
        }
        Err(Fail::fatal("tag chain too long"))
    }

    /// Write the index's stage-0 entries as trees (git's `write-tree`); the root's id.
    pub fn write_tree(&self, index: &Index) -> Res<ObjectId> {
        if let Some(p) = index.conflicted().first() {
            return Err(Fail::Raw(
                format!(
                    "error: '{}' is unmerged\nfatal: git-write-tree: error building trees\n",
                    p.to_str_lossy()
                ),
                128,
            ));
        }
        let files: Vec<(&[u8], u32, ObjectId)> = index
            .entries
            .iter()
            .filter(|e| !e.intent_to_add)
            .map(|e| (e.path.as_slice(), e.mode, e.id))
            .collect();
        self.write_tree_from(&files)
    }

    /// Trees for sorted `(path, mode, id)` files; the root's id.
    pub fn write_tree_from(&self, files: &[(&[u8], u32, ObjectId)]) -> Res<ObjectId> {
        self.build_tree(files)
    }

    fn build_tree(&self, files: &[(&[u8], u32, ObjectId)]) -> Res<ObjectId> {
        let mut entries: Vec<gix_object::tree::Entry> = Vec::new();
        let mut i = 0;
        while i < files.len() {
            let (path, mode, id) = files[i];
            match path.iter().position(|&b| b == b'/') {
                None => {
                    entries.push(gix_object::tree::Entry {
                        mode: gix_object::tree::EntryMode::try_from(mode)
                            .map_err(|_| Fail::fatal("invalid file mode in the index"))?,
                        filename: path.into(),
                        oid: id,
                    });
                    i += 1;
                }
                Some(slash) => {
                    let dir = &path[..slash];
                    let mut j = i;
                    let mut sub = Vec::new();
                    while j < files.len()
                        && files[j].0.len() > slash
                        && &files[j].0[..slash] == dir
                        && files[j].0[slash] == b'/'
                    {
                        sub.push((&files[j].0[slash + 1..], files[j].1, files[j].2));
                        j += 1;
                    }
                    if sub.is_empty() {
                        return Err(Fail::fatal("the index is not sorted"));
                    }
                    let tid = self.build_tree(&sub)?;
                    entries.push(gix_object::tree::Entry {
                        mode: gix_object::tree::EntryKind::Tree.into(),
                        filename: dir.into(),
                        oid: tid,
                    });
                    i = j;
                }
            }
        }
        entries.sort();
        self.write_gix(&gix_object::Tree { entries })
    }
}
