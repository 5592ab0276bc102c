//! The [`KernelBackend`] implementation: each operation takes the lock once, walks the path,
//! checks the limits and changes the inode table, with the POSIX syscall's errors.

use std::ops::Range;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use super::{Data, Device, Inode, MemoryFs};
use crate::path::{bytes, from_bytes};
use crate::{
    DirEntry, FileTimes, FileType, KernelBackend, Metadata, VfsError, VfsResult, WriteMode,
};

/// Give back the storage a large shrink left unused, which keeps memory in line with the
/// accounting.
fn release_slack(content: &mut Vec<u8>) {
    if content.capacity() > 4096 && content.capacity() > content.len() * 4 {
        content.shrink_to_fit();
    }
}

impl KernelBackend for MemoryFs {
    fn fs_stats(&self, _path: &Path) -> Option<crate::FsStats> {
        let u = self.usage();
        Some(crate::FsStats {
            used_bytes: u.total_bytes,
            total_bytes: self.limits.max_total_bytes,
            files: u.files,
            max_files: self.limits.max_files,
        })
    }

    fn read(&self, path: &Path, range: Option<Range<u64>>) -> VfsResult<Vec<u8>> {
        let st = self.read_state();
        let ino = st.resolve(bytes(path), true)?;
        match &st.node(ino)?.data {
            Data::File(d) => {
                let len = d.len() as u64;
                let (start, end) = match range {
                    Some(r) => (r.start.min(len), r.end.min(len).max(r.start.min(len))),
                    None => (0, len),
                };
                Ok(d[start as usize..end as usize].to_vec())
            }
            Data::Dir { .. } => Err(VfsError::IsADirectory),
            Data::Device(dev) => {
                let dev = *dev;
                drop(st);
                self.read_device(dev, range)
            }
            Data::Symlink(_) => Err(VfsError::TooManyLinks),
        }
    }

    fn read_at(&self, path: &Path, offset: u64, buf: &mut [u8]) -> VfsResult<usize> {
        let st = self.read_state();
        let ino = st.resolve(bytes(path), true)?;
        match &st.node(ino)?.data {
            Data::File(d) => {
                let start = (offset.min(d.len() as u64)) as usize;
                let n = buf.len().min(d.len() - start);
                buf[..n].copy_from_slice(&d[start..start + n]);
                Ok(n)
            }
            _ => {
                drop(st);
                crate::read_at_through_read(self, path, offset, buf)
            }
        }
    }

    fn write(&self, path: &Path, data: &[u8], mode: WriteMode, create_mode: u32) -> VfsResult<()> {
        let mut st = self.write_state();
        let now = self.now();
        let w = st.walk(bytes(path), mode != WriteMode::CreateNew)?;
        let ino = match w.ino {
            Some(_) if mode == WriteMode::CreateNew => return Err(VfsError::AlreadyExists),
            Some(ino) => ino,
            None => {
                let (parent, name) = (w.parent, w.name.into_owned());
                let len = match mode {
                    WriteMode::At(off) => off.checked_add(data.len() as u64),
                    _ => Some(data.len() as u64),
                }
                .ok_or(VfsError::FileTooLarge)?;
                self.check_grow(&st, 0, len)?;
                let mut content = Vec::new();
                content
                    .try_reserve_exact(len as usize)
                    .map_err(|_| VfsError::NoSpace)?;
                if let WriteMode::At(off) = mode {
                    content.resize(off as usize, 0);
                }
                content.extend_from_slice(data);
                self.create_locked(
                    &mut st,
                    parent,
                    &name,
                    Data::File(content),
                    create_mode,
                    now,
                )?;
                st.total_bytes += len;
                return Ok(());
            }
        };
        let old_len = match &st.node(ino)?.data {
            Data::File(d) => d.len() as u64,
            Data::Dir { .. } => return Err(VfsError::IsADirectory),
            Data::Device(dev) => {
                return match dev {
                    Device::Null | Device::Zero | Device::Random => Ok(()),
                    _ => Err(VfsError::Unsupported),
                };
            }
            Data::Symlink(_) => return Err(VfsError::TooManyLinks),
        };
        let dlen = data.len() as u64;
        let new_len = match mode {
            WriteMode::Truncate | WriteMode::CreateNew => Some(dlen),
            WriteMode::Append => old_len.checked_add(dlen),
            WriteMode::At(off) => off.checked_add(dlen).map(|e| e.max(old_len)),
        }
        .ok_or(VfsError::FileTooLarge)?;
        self.check_grow(&st, old_len, new_len)?;
        let node = st.node_mut(ino)?;
        if let Data::File(content) = &mut node.data {
            match mode {
                WriteMode::Truncate | WriteMode::CreateNew => {
                    content.clear();
                    content
                        .try_reserve_exact(data.len())
                        .map_err(|_| VfsError::NoSpace)?;
                    content.extend_from_slice(data);
                }
                WriteMode::Append => {
                    content
                        .try_reserve(data.len())
                        .map_err(|_| VfsError::NoSpace)?;
                    content.extend_from_slice(data);
                }
                WriteMode::At(off) => {
                    let off = off as usize;
                    let end = off + data.len();
                    if end > content.len() {
                        content
                            .try_reserve(end - content.len())
                            .map_err(|_| VfsError::NoSpace)?;
                        content.resize(end, 0);
                    }
                    content[off..end].copy_from_slice(data);
                }
            }
            release_slack(content);
        }
        node.mtime = now;
        node.ctime = now;
        st.total_bytes = st.total_bytes - old_len + new_len;
        Ok(())
    }

    fn truncate(&self, path: &Path, len: u64) -> VfsResult<()> {
        let mut st = self.write_state();
        let now = self.now();
        let ino = st.resolve(bytes(path), true)?;
        let old_len = match &st.node(ino)?.data {
            Data::File(d) => d.len() as u64,
            Data::Dir { .. } => return Err(VfsError::IsADirectory),
            Data::Device(_) => return Ok(()),
            Data::Symlink(_) => return Err(VfsError::TooManyLinks),
        };
        self.check_grow(&st, old_len, len)?;
        let node = st.node_mut(ino)?;
        if let Data::File(content) = &mut node.data {
            if len > old_len {
                content
                    .try_reserve_exact((len - old_len) as usize)
                    .map_err(|_| VfsError::NoSpace)?;
            }
            content.resize(len as usize, 0);
            release_slack(content);
        }
        node.mtime = now;
        node.ctime = now;
        st.total_bytes = st.total_bytes - old_len + len;
        Ok(())
    }

    fn list(&self, path: &Path) -> VfsResult<Vec<DirEntry>> {
        let st = self.read_state();
        let ino = st.resolve(bytes(path), true)?;
        let Data::Dir { entries, .. } = &st.node(ino)?.data else {
            return Err(VfsError::NotADirectory);
        };
        entries
            .iter()
            .map(|(name, &child)| {
                Ok(DirEntry {
                    name: name.clone(),
                    file_type: st.node(child)?.file_type(),
                })
            })
            .collect()
    }

    fn stat(&self, path: &Path) -> VfsResult<Metadata> {
        let st = self.read_state();
        let ino = st.resolve(bytes(path), true)?;
        st.metadata(ino)
    }

    fn lstat(&self, path: &Path) -> VfsResult<Metadata> {
        let st = self.read_state();
        let ino = st.resolve(bytes(path), false)?;
        st.metadata(ino)
    }

    fn mkdir(&self, path: &Path, mode: u32, parents: bool) -> VfsResult<()> {
        let mut st = self.write_state();
        let now = self.now();
        self.mkdir_locked(&mut st, bytes(path), mode, parents, now)
    }

    fn remove(&self, path: &Path, recursive: bool) -> VfsResult<()> {
        let mut st = self.write_state();
        let now = self.now();
        let w = st.walk(bytes(path), false)?;
        let ino = w.ino.ok_or(VfsError::NotFound)?;
        let (parent, name, _) = w.detachable()?;
        if let Data::Dir { entries, .. } = &st.node(ino)?.data
            && !entries.is_empty()
            && !recursive
        {
            return Err(VfsError::NotEmpty);
        }
        let is_dir = st.node(ino)?.file_type() == FileType::Dir;
        st.entries_mut(parent)?.remove(name.as_slice());
        if is_dir && let Ok(p) = st.node_mut(parent) {
            p.nlink = p.nlink.saturating_sub(1);
        }
        st.touch(parent, now);
        if !is_dir && let Ok(n) = st.node_mut(ino) {
            n.ctime = now;
        }
        st.unlink_inode(ino)
    }

    fn rename(&self, from: &Path, to: &Path) -> VfsResult<()> {
        let mut st = self.write_state();
        let now = self.now();
        let wf = st.walk(bytes(from), false)?;
        let src = wf.ino.ok_or(VfsError::NotFound)?;
        let (from_parent, from_name, _) = wf.detachable()?;
        let (to_parent, to_name, dst) = st.walk(bytes(to), false)?.detachable()?;
        let src_is_dir = st.node(src)?.file_type() == FileType::Dir;
        if dst == Some(src) {
            // Same inode (the same entry, or hard links to one file): nothing to do.
            return Ok(());
        }
        if src_is_dir && st.is_within(to_parent, src) {
            return Err(VfsError::InvalidInput);
        }
        if let Some(dst) = dst {
            match (&st.node(dst)?.data, src_is_dir) {
                (Data::Dir { entries, .. }, true) => {
                    if !entries.is_empty() {
                        return Err(VfsError::NotEmpty);
                    }
                }
                (Data::Dir { .. }, false) => return Err(VfsError::IsADirectory),
                (_, true) => return Err(VfsError::NotADirectory),
                (_, false) => {}
            }
            let dst_is_dir = src_is_dir;
            st.entries_mut(to_parent)?.remove(to_name.as_slice());
            if dst_is_dir && let Ok(p) = st.node_mut(to_parent) {
                p.nlink = p.nlink.saturating_sub(1);
            }
            st.unlink_inode(dst)?;
        }
        st.entries_mut(from_parent)?.remove(from_name.as_slice());
        st.entries_mut(to_parent)?.insert(to_name, src);
        if src_is_dir {
            if let Data::Dir { parent, .. } = &mut st.node_mut(src)?.data {
                *parent = to_parent;
            }
            if let Ok(p) = st.node_mut(from_parent) {
                p.nlink = p.nlink.saturating_sub(1);
            }
            if let Ok(p) = st.node_mut(to_parent) {
                p.nlink += 1;
            }
        }
        st.touch(from_parent, now);
        st.touch(to_parent, now);
        if let Ok(n) = st.node_mut(src) {
            n.ctime = now;
        }
        Ok(())
    }

    fn symlink(&self, target: &Path, link: &Path) -> VfsResult<()> {
        let target = bytes(target);
        if target.is_empty() {
            return Err(VfsError::NotFound);
        }
        let mut st = self.write_state();
        let now = self.now();
        let w = st.walk(bytes(link), false)?;
        if w.ino.is_some() {
            return Err(VfsError::AlreadyExists);
        }
        let (parent, name) = (w.parent, w.name.into_owned());
        self.create_locked(
            &mut st,
            parent,
            &name,
            Data::Symlink(target.to_vec()),
            0o777,
            now,
        )?;
        Ok(())
    }

    fn hard_link(&self, existing: &Path, link: &Path) -> VfsResult<()> {
        let mut st = self.write_state();
        let now = self.now();
        let src = st.resolve(bytes(existing), false)?;
        if st.node(src)?.file_type() == FileType::Dir {
            return Err(VfsError::Other("Operation not permitted".into()));
        }
        let w = st.walk(bytes(link), false)?;
        if w.ino.is_some() {
            return Err(VfsError::AlreadyExists);
        }
        let (parent, name) = (w.parent, w.name.into_owned());
        st.entries_mut(parent)?.insert(name, src);
        st.touch(parent, now);
        let n = st.node_mut(src)?;
        n.nlink += 1;
        n.ctime = now;
        Ok(())
    }

    fn read_link(&self, path: &Path) -> VfsResult<PathBuf> {
        let st = self.read_state();
        let ino = st.resolve(bytes(path), false)?;
        match &st.node(ino)?.data {
            Data::Symlink(t) => Ok(from_bytes(t)),
            _ => Err(VfsError::InvalidInput),
        }
    }

    fn canonicalize(&self, path: &Path) -> VfsResult<PathBuf> {
        let st = self.read_state();
        let w = st.walk(bytes(path), true)?;
        let ino = w.ino.ok_or(VfsError::NotFound)?;
        if st.node(ino)?.file_type() == FileType::Dir {
            return Ok(from_bytes(&st.dir_path(ino)?));
        }
        let mut out = st.dir_path(w.parent)?;
        if out != b"/" {
            out.push(b'/');
        }
        out.extend_from_slice(&w.name);
        Ok(from_bytes(&out))
    }

    fn chmod(&self, path: &Path, mode: u32) -> VfsResult<()> {
        self.change_inode(path, |n| n.mode = mode & 0o7777)
    }

    fn set_mtime(&self, path: &Path, mtime: SystemTime) -> VfsResult<()> {
        let both = Some(mtime);
        self.set_times(
            path,
            FileTimes {
                atime: both,
                mtime: both,
            },
        )
    }

    fn set_times(&self, path: &Path, times: FileTimes) -> VfsResult<()> {
        self.change_inode(path, |n| {
            n.mtime = times.mtime.unwrap_or(n.mtime);
            n.atime = times.atime.unwrap_or(n.atime);
        })
    }
}

impl MemoryFs {
    /// Changes the inode `path` names (following links), as `chmod` and `utimes` do: its
    /// status-change time becomes now.
    fn change_inode(&self, path: &Path, change: impl FnOnce(&mut Inode)) -> VfsResult<()> {
        let mut st = self.write_state();
        let now = self.now();
        let ino = st.resolve(bytes(path), true)?;
        let n = st.node_mut(ino)?;
        change(n);
        n.ctime = now;
        Ok(())
    }
}
