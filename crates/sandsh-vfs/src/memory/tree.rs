//! Building the tree: creating a file, directory or link under the held lock (as `write`,
//! `mkdir` and `symlink` do), the default tree a session starts with, and installing files
//! given by an embedder.

use std::collections::BTreeMap;
use std::time::SystemTime;

use super::{Data, Device, Inode, MemoryFs, ROOT, State};
use crate::{FileType, VfsError, VfsResult};

const DEFAULT_UID: u32 = 1000;

impl MemoryFs {
    /// Create the default tree of [`MemoryFs::with_default_tree`] in this filesystem.
    pub fn install_default_tree(&self, user: &str) -> VfsResult<()> {
        let mut st = self.write_state();
        let now = (self.clock)();
        let dir = |st: &mut State, path: &[u8], mode: u32, uid: u32| -> VfsResult<u64> {
            self.mkdir_locked(st, path, mode, true, now)?;
            let ino = st.walk(path, true)?.ino.ok_or(VfsError::NotFound)?;
            let node = st.node_mut(ino)?;
            node.mode = mode;
            node.uid = uid;
            node.gid = uid;
            Ok(ino)
        };
        let mut home = b"/home/".to_vec();
        home.extend_from_slice(user.as_bytes());
        for (path, mode) in [
            (&b"/usr"[..], 0o755),
            (b"/usr/bin", 0o755),
            (b"/etc", 0o755),
            (b"/home", 0o755),
            (b"/dev", 0o755),
            (b"/dev/fd", 0o755),
        ] {
            dir(&mut st, path, mode, 0)?;
        }
        dir(&mut st, b"/tmp", 0o1777, 0)?;
        dir(&mut st, &home, 0o755, DEFAULT_UID)?;
        // `/bin` → `usr/bin`, as on Debian since the /usr merge.
        let bin = self.create_locked(
            &mut st,
            ROOT,
            b"bin",
            Data::Symlink(b"usr/bin".to_vec()),
            0o777,
            now,
        )?;
        let node = st.node_mut(bin)?;
        node.uid = 0;
        node.gid = 0;
        let dev = st.walk(b"/dev", true)?.ino.ok_or(VfsError::NotFound)?;
        for (name, device) in [
            (&b"null"[..], Device::Null),
            (b"zero", Device::Zero),
            (b"urandom", Device::Random),
            (b"random", Device::Random),
            (b"stdin", Device::Stdin),
            (b"stdout", Device::Stdout),
            (b"stderr", Device::Stderr),
            (b"tty", Device::Tty),
        ] {
            let ino = self.create_locked(&mut st, dev, name, Data::Device(device), 0o666, now)?;
            let node = st.node_mut(ino)?;
            node.uid = 0;
            node.gid = 0;
        }
        let etc = st.walk(b"/etc", true)?.ino.ok_or(VfsError::NotFound)?;
        let passwd = format!(
            "root:x:0:0:root:/root:/bin/bash\n{user}:x:{DEFAULT_UID}:{DEFAULT_UID}:{user}:/home/{user}:/bin/bash\n"
        );
        let group = format!("root:x:0:\n{user}:x:{DEFAULT_UID}:\n");
        for (name, text) in [
            (&b"passwd"[..], passwd),
            (b"group", group),
            (b"hostname", "sandsh\n".to_string()),
        ] {
            let len = text.len() as u64;
            self.check_grow(&st, 0, len)?;
            let ino = self.create_locked(
                &mut st,
                etc,
                name,
                Data::File(text.into_bytes()),
                0o644,
                now,
            )?;
            st.total_bytes += len;
            let node = st.node_mut(ino)?;
            node.uid = 0;
            node.gid = 0;
        }
        Ok(())
    }

    /// Create root-owned files in the existing directory `dir` under one lock, keeping any
    /// file already there (the kernel's `/usr/bin` entries: cheap enough for every start-up).
    pub fn install_files(
        &self,
        dir: &[u8],
        files: impl Iterator<Item = (Vec<u8>, Vec<u8>)>,
        mode: u32,
    ) -> VfsResult<()> {
        let mut st = self.write_state();
        let now = (self.clock)();
        let dir = st.walk(dir, true)?.ino.ok_or(VfsError::NotFound)?;
        for (name, data) in files {
            // A shared directory is read, not copied, when every entry is there already.
            let exists = match &st.node(dir)?.data {
                Data::Dir { entries, .. } => entries.contains_key(&name),
                _ => return Err(VfsError::NotADirectory),
            };
            if exists {
                continue;
            }
            let len = data.len() as u64;
            self.check_grow(&st, 0, len)?;
            let ino = self.create_locked(&mut st, dir, &name, Data::File(data), mode, now)?;
            st.total_bytes += len;
            let node = st.node_mut(ino)?;
            node.uid = 0;
            node.gid = 0;
        }
        Ok(())
    }

    /// Add a new inode named `name` in directory `dir`.
    pub(super) fn create_locked(
        &self,
        st: &mut State,
        dir: u64,
        name: &[u8],
        data: Data,
        mode: u32,
        now: SystemTime,
    ) -> VfsResult<u64> {
        if let Some(max) = self.limits.max_files
            && st.files >= max
        {
            return Err(VfsError::NoSpace);
        }
        let is_dir = matches!(data, Data::Dir { .. });
        let inode = Inode {
            data,
            mode: mode & 0o7777,
            uid: DEFAULT_UID,
            gid: DEFAULT_UID,
            nlink: if is_dir { 2 } else { 1 },
            atime: now,
            mtime: now,
            ctime: now,
        };
        let ino = st.alloc(inode);
        st.files += 1;
        let parent = st.node_mut(dir)?;
        if let Data::Dir { entries, .. } = &mut parent.data {
            entries.insert(name.to_vec(), ino);
        } else {
            return Err(VfsError::NotADirectory);
        }
        if is_dir {
            parent.nlink += 1;
        }
        parent.mtime = now;
        parent.ctime = now;
        Ok(ino)
    }

    pub(super) fn mkdir_locked(
        &self,
        st: &mut State,
        path: &[u8],
        mode: u32,
        parents: bool,
        now: SystemTime,
    ) -> VfsResult<()> {
        if !parents {
            let w = st.walk(path, false)?;
            if w.ino.is_some() {
                return Err(VfsError::AlreadyExists);
            }
            let (parent, name) = (w.parent, w.name.into_owned());
            let data = Data::Dir {
                parent,
                entries: BTreeMap::new(),
            };
            self.create_locked(st, parent, &name, data, mode, now)?;
            return Ok(());
        }
        // Walk prefix by prefix, creating what is missing. Intermediate directories get
        // u+wx as mkdir -p gives them; the last gets `mode`.
        let mut end = 0;
        while end < path.len() {
            let next = path[end + 1..]
                .iter()
                .position(|&b| b == b'/')
                .map_or(path.len(), |p| p + end + 1);
            let prefix = &path[..next];
            let is_last = path[next..].iter().all(|&b| b == b'/');
            end = next;
            if prefix.iter().all(|&b| b == b'/') {
                continue;
            }
            let w = st.walk(prefix, true)?;
            match w.ino {
                Some(ino) => {
                    if st.node(ino)?.file_type() != FileType::Dir {
                        return Err(if is_last {
                            VfsError::AlreadyExists
                        } else {
                            VfsError::NotADirectory
                        });
                    }
                }
                None => {
                    let (parent, name) = (w.parent, w.name.into_owned());
                    let data = Data::Dir {
                        parent,
                        entries: BTreeMap::new(),
                    };
                    let m = if is_last { mode } else { mode | 0o300 };
                    self.create_locked(st, parent, &name, data, m, now)?;
                }
            }
            if is_last {
                break;
            }
        }
        Ok(())
    }
}
