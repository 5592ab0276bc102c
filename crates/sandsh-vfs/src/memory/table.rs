//! The inode table's operations: looking an inode up, allocating and freeing slots, the
//! metadata an inode reports, unlinking (freeing the inode with its last link) and touching
//! times.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::SystemTime;

use super::{Data, Inode, ROOT, State};
use crate::{Metadata, VfsError, VfsResult};

impl State {
    pub(super) fn node(&self, ino: u64) -> VfsResult<&Inode> {
        self.inodes
            .get(ino as usize)
            .and_then(Option::as_deref)
            .ok_or_else(|| VfsError::Other("memoryfs: dangling inode".into()))
    }

    pub(super) fn node_mut(&mut self, ino: u64) -> VfsResult<&mut Inode> {
        self.inodes
            .get_mut(ino as usize)
            .and_then(Option::as_mut)
            .map(Arc::make_mut)
            .ok_or_else(|| VfsError::Other("memoryfs: dangling inode".into()))
    }

    pub(super) fn alloc(&mut self, inode: Inode) -> u64 {
        if let Some(ino) = self.free.pop()
            && let Some(slot) = self.inodes.get_mut(ino as usize)
        {
            *slot = Some(Arc::new(inode));
            return ino;
        }
        self.inodes.push(Some(Arc::new(inode)));
        (self.inodes.len() - 1) as u64
    }

    pub(super) fn parent_of(&self, dir: u64) -> u64 {
        match self.node(dir).map(|n| &n.data) {
            Ok(Data::Dir { parent, .. }) => *parent,
            _ => ROOT,
        }
    }

    pub(super) fn metadata(&self, ino: u64) -> VfsResult<Metadata> {
        let n = self.node(ino)?;
        let size = match &n.data {
            Data::File(d) => d.len() as u64,
            Data::Symlink(t) => t.len() as u64,
            Data::Dir { .. } => 4096,
            Data::Device(_) => 0,
        };
        Ok(Metadata {
            file_type: n.file_type(),
            mode: n.mode,
            size,
            mtime: n.mtime,
            atime: n.atime,
            ctime: n.ctime,
            ino,
            nlink: n.nlink,
            uid: n.uid,
            gid: n.gid,
        })
    }

    /// Drop one link to `ino` (and for a directory, everything under it); free what reaches
    /// zero links.
    pub(super) fn unlink_inode(&mut self, ino: u64) -> VfsResult<()> {
        let node = self.node_mut(ino)?;
        let is_dir = matches!(node.data, Data::Dir { .. });
        if !is_dir {
            node.nlink = node.nlink.saturating_sub(1);
            if node.nlink > 0 {
                return Ok(());
            }
        }
        let mut stack = vec![ino];
        while let Some(i) = stack.pop() {
            if i != ino {
                let n = self.node_mut(i)?;
                if !matches!(n.data, Data::Dir { .. }) {
                    n.nlink = n.nlink.saturating_sub(1);
                    if n.nlink > 0 {
                        continue;
                    }
                }
            }
            let Some(slot) = self.inodes.get_mut(i as usize) else {
                continue;
            };
            let Some(node) = slot.take() else { continue };
            self.free.push(i);
            self.files = self.files.saturating_sub(1);
            match &node.data {
                Data::File(d) => self.total_bytes = self.total_bytes.saturating_sub(d.len() as u64),
                Data::Dir { entries, .. } => stack.extend(entries.values().copied()),
                _ => {}
            }
        }
        Ok(())
    }

    pub(super) fn entries_mut(&mut self, dir: u64) -> VfsResult<&mut BTreeMap<Vec<u8>, u64>> {
        match &mut self.node_mut(dir)?.data {
            Data::Dir { entries, .. } => Ok(entries),
            _ => Err(VfsError::NotADirectory),
        }
    }

    pub(super) fn touch(&mut self, ino: u64, now: SystemTime) {
        if let Ok(n) = self.node_mut(ino) {
            n.mtime = now;
            n.ctime = now;
        }
    }
}
