//! In-memory filesystem: the default [`KernelBackend`].
//!
//! An inode table (a slab indexed by inode number) behind one `std::sync::RwLock`: reads take
//! the shared lock, everything that changes the tree takes the exclusive one, so each operation
//! is atomic as its syscall would be. Directories keep their entries in a `BTreeMap` keyed by
//! name bytes, which gives sorted listings for free and lets the path walk look components up by
//! `&[u8]` without allocating; directories also keep their parent inode, so `..` in symlink
//! targets resolves physically, as the kernel does. Errors follow the POSIX syscalls
//! (rename(2), unlink(2), mkdir(2)…) because scripts and tools print and test them.
//!
//! Times come from an injected clock so a kernel can fix time for reproducible runs. Access
//! times are not updated by reads (as with `noatime`), which keeps reads on the shared lock.
//! Permission bits are stored and reported but not enforced: the sandbox has a single user.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::time::{SystemTime, UNIX_EPOCH};

use super::path::{bytes, from_bytes};
use super::{
    DirEntry, FileTimes, FileType, KernelBackend, Metadata, VfsError, VfsResult, WriteMode,
};

/// A source of the current time.
pub type Clock = Arc<dyn Fn() -> SystemTime + Send + Sync>;

/// Size limits of a [`MemoryFs`]; `None` means unlimited.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MemoryFsLimits {
    /// Total bytes of file contents (exceeding it gives `NoSpace`).
    pub max_total_bytes: Option<u64>,
    /// Number of inodes besides the root: files, directories, symlinks (`NoSpace`).
    pub max_files: Option<u64>,
    /// Size of any one file (`FileTooLarge`).
    pub max_file_size: Option<u64>,
}

/// What the filesystem currently holds (for `df` and limit messages).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MemoryFsUsage {
    pub total_bytes: u64,
    pub files: u64,
}

const ROOT: u64 = 1;
const MAX_SYMLINKS: u32 = 40;
/// How much a whole-file read of `/dev/zero` or `/dev/urandom` returns.
const DEVICE_CHUNK: u64 = 64 * 1024;
/// The most a ranged read of an endless device returns at once.
const DEVICE_MAX_READ: u64 = 16 * 1024 * 1024;
const DEFAULT_UID: u32 = 1000;

/// Character devices under `/dev`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Device {
    /// Reads nothing, discards writes.
    Null,
    /// Reads zeros, discards writes.
    Zero,
    /// Reads pseudo-random bytes (`/dev/urandom`, `/dev/random`), discards writes.
    Random,
    /// The shell's own streams: the interpreter maps these to file descriptors; reading or
    /// writing them through the backend gives `Unsupported`.
    Stdin,
    Stdout,
    Stderr,
    Tty,
}

#[derive(Debug)]
enum Data {
    File(Vec<u8>),
    Dir {
        parent: u64,
        entries: BTreeMap<Vec<u8>, u64>,
    },
    Symlink(Vec<u8>),
    Device(Device),
}

#[derive(Debug)]
struct Inode {
    data: Data,
    mode: u32,
    uid: u32,
    gid: u32,
    nlink: u64,
    atime: SystemTime,
    mtime: SystemTime,
    ctime: SystemTime,
}

impl Inode {
    fn file_type(&self) -> FileType {
        match self.data {
            Data::File(_) => FileType::File,
            Data::Dir { .. } => FileType::Dir,
            Data::Symlink(_) => FileType::Symlink,
            Data::Device(_) => FileType::CharDevice,
        }
    }
}

/// The result of a path walk: the directory holding the final component, its name (empty for
/// the root or a final `.`/`..`) and its inode when it exists.
struct Walked<'a> {
    parent: u64,
    name: Cow<'a, [u8]>,
    ino: Option<u64>,
}

impl Walked<'_> {
    /// The entry as one that `remove` or `rename` may detach from its directory: (parent,
    /// name, inode if it exists). The root is busy, and a path ending in `.` or `..` names no
    /// entry to detach.
    fn detachable(self) -> VfsResult<(u64, Vec<u8>, Option<u64>)> {
        if self.ino == Some(ROOT) {
            return Err(busy());
        }
        if self.name.is_empty() {
            return Err(VfsError::InvalidInput);
        }
        Ok((self.parent, self.name.into_owned(), self.ino))
    }
}

#[derive(Debug)]
struct State {
    /// Slab indexed by inode number; index 0 is never used.
    inodes: Vec<Option<Inode>>,
    free: Vec<u64>,
    total_bytes: u64,
    files: u64,
}

/// The default backend: an inode tree in memory.
pub struct MemoryFs {
    state: RwLock<State>,
    clock: Clock,
    limits: MemoryFsLimits,
    rng: AtomicU64,
    /// The session's memory budget, when a kernel gave one.
    budget: Option<Arc<sandsh_runtime::budget::MemoryBudget>>,
}

impl std::fmt::Debug for MemoryFs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MemoryFs")
            .field("limits", &self.limits)
            .field("usage", &self.usage())
            .finish_non_exhaustive()
    }
}

impl Default for MemoryFs {
    fn default() -> Self {
        Self::new()
    }
}

#[allow(
    clippy::disallowed_methods,
    reason = "the one reading of the host's clock: the default of every injected clock"
)]
/// The host's clock, as a [`Clock`]: what a session's injected clock is by default.
pub fn system_clock() -> Clock {
    Arc::new(SystemTime::now)
}

impl MemoryFs {
    /// An empty filesystem (just `/`), with the system clock and no limits.
    pub fn new() -> Self {
        Self::with_config(system_clock(), MemoryFsLimits::default())
    }

    /// An empty filesystem with the given clock and limits.
    pub fn with_config(clock: Clock, limits: MemoryFsLimits) -> Self {
        let now = clock();
        let root = Inode {
            data: Data::Dir {
                parent: ROOT,
                entries: BTreeMap::new(),
            },
            mode: 0o755,
            uid: 0,
            gid: 0,
            nlink: 2,
            atime: now,
            mtime: now,
            ctime: now,
        };
        let seed = now
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0)
            ^ 0x9E37_79B9_7F4A_7C15;
        MemoryFs {
            state: RwLock::new(State {
                inodes: vec![None, Some(root)],
                free: Vec::new(),
                total_bytes: 0,
                files: 0,
            }),
            clock,
            limits,
            rng: AtomicU64::new(seed | 1),
            budget: None,
        }
    }

    /// The usual layout of a Unix system for `user`: `/home/<user>`, `/tmp` (1777), `/dev` with
    /// its character devices and `/dev/fd`, empty `/bin` and `/usr/bin`, and a minimal `/etc`.
    pub fn with_default_tree(user: &str) -> Self {
        let fs = Self::new();
        // Cannot fail on an empty, unlimited filesystem; ignore rather than panic.
        let _ = fs.install_default_tree(user);
        fs
    }

    /// Replace the clock (builder style).
    pub fn with_clock(mut self, clock: Clock) -> Self {
        self.clock = clock;
        self
    }

    /// Count file contents against `budget` (builder style).
    pub fn with_budget(mut self, budget: Arc<sandsh_runtime::budget::MemoryBudget>) -> Self {
        self.budget = Some(budget);
        self
    }

    /// Replace the limits (builder style).
    pub fn with_limits(mut self, limits: MemoryFsLimits) -> Self {
        self.limits = limits;
        self
    }

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
            let exists = match &st.node_mut(dir)?.data {
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

    /// Bytes and inodes in use.
    pub fn usage(&self) -> MemoryFsUsage {
        let st = self.read_state();
        MemoryFsUsage {
            total_bytes: st.total_bytes,
            files: st.files,
        }
    }

    /// The limits in force.
    pub fn limits(&self) -> MemoryFsLimits {
        self.limits
    }

    fn read_state(&self) -> RwLockReadGuard<'_, State> {
        // A panic while holding the lock cannot leave the tree half-updated in a way that
        // breaks memory safety; keep serving rather than propagating the poison.
        self.state.read().unwrap_or_else(|e| e.into_inner())
    }

    fn write_state(&self) -> RwLockWriteGuard<'_, State> {
        self.state.write().unwrap_or_else(|e| e.into_inner())
    }

    fn now(&self) -> SystemTime {
        (self.clock)()
    }

    fn random_bytes(&self, n: usize) -> Vec<u8> {
        // xorshift64*: not cryptographic, which a sandboxed /dev/urandom need not be.
        let mut x = self.rng.fetch_add(0x9E37_79B9_7F4A_7C15, Ordering::Relaxed) | 1;
        let mut out = Vec::with_capacity(n);
        while out.len() < n {
            x ^= x >> 12;
            x ^= x << 25;
            x ^= x >> 27;
            let v = x.wrapping_mul(0x2545_F491_4F6C_DD1D).to_le_bytes();
            let take = (n - out.len()).min(8);
            out.extend_from_slice(&v[..take]);
        }
        self.rng.fetch_xor(x, Ordering::Relaxed);
        out
    }

    /// Fail with `FileTooLarge` / `NoSpace` if a file growing from `old` to `new` bytes would
    /// exceed the limits.
    fn check_grow(&self, st: &State, old: u64, new: u64) -> VfsResult<()> {
        if let Some(max) = self.limits.max_file_size
            && new > max
        {
            return Err(VfsError::FileTooLarge);
        }
        if new > isize::MAX as u64 {
            return Err(VfsError::FileTooLarge);
        }
        if new > old
            && let Some(max) = self.limits.max_total_bytes
            && st.total_bytes.saturating_add(new - old) > max
        {
            return Err(VfsError::NoSpace);
        }
        // THREAT DOS-MEM-1: file contents count against the session's memory budget.
        if let Some(b) = &self.budget {
            b.set_vfs(st.total_bytes);
            if new > old
                && b.vfs_fits(st.total_bytes.saturating_add(new - old))
                    .is_err()
            {
                return Err(VfsError::NoSpace);
            }
        }
        Ok(())
    }

    /// Add a new inode named `name` in directory `dir`.
    fn create_locked(
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

    fn mkdir_locked(
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

    fn read_device(&self, dev: Device, range: Option<Range<u64>>) -> VfsResult<Vec<u8>> {
        let len = match &range {
            Some(r) => r.end.saturating_sub(r.start).min(DEVICE_MAX_READ),
            None => DEVICE_CHUNK,
        } as usize;
        match dev {
            Device::Null => Ok(Vec::new()),
            Device::Zero => Ok(vec![0; len]),
            Device::Random => Ok(self.random_bytes(len)),
            Device::Stdin | Device::Stdout | Device::Stderr | Device::Tty => {
                Err(VfsError::Unsupported)
            }
        }
    }
}

impl State {
    fn node(&self, ino: u64) -> VfsResult<&Inode> {
        self.inodes
            .get(ino as usize)
            .and_then(Option::as_ref)
            .ok_or_else(|| VfsError::Other("memoryfs: dangling inode".into()))
    }

    fn node_mut(&mut self, ino: u64) -> VfsResult<&mut Inode> {
        self.inodes
            .get_mut(ino as usize)
            .and_then(Option::as_mut)
            .ok_or_else(|| VfsError::Other("memoryfs: dangling inode".into()))
    }

    fn alloc(&mut self, inode: Inode) -> u64 {
        if let Some(ino) = self.free.pop()
            && let Some(slot) = self.inodes.get_mut(ino as usize)
        {
            *slot = Some(inode);
            return ino;
        }
        self.inodes.push(Some(inode));
        (self.inodes.len() - 1) as u64
    }

    fn parent_of(&self, dir: u64) -> u64 {
        match self.node(dir).map(|n| &n.data) {
            Ok(Data::Dir { parent, .. }) => *parent,
            _ => ROOT,
        }
    }

    /// Resolve `path` from the root, following symlinks in every component except, unless
    /// `follow_last`, the final one. A missing final component is not an error (the caller
    /// may create it); a missing intermediate one is.
    fn walk<'a>(&'a self, path: &'a [u8], follow_last: bool) -> VfsResult<Walked<'a>> {
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
    fn resolve(&self, path: &[u8], follow_last: bool) -> VfsResult<u64> {
        self.walk(path, follow_last)?.ino.ok_or(VfsError::NotFound)
    }

    fn metadata(&self, ino: u64) -> VfsResult<Metadata> {
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
    fn unlink_inode(&mut self, ino: u64) -> VfsResult<()> {
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
            match node.data {
                Data::File(d) => self.total_bytes = self.total_bytes.saturating_sub(d.len() as u64),
                Data::Dir { entries, .. } => stack.extend(entries.into_values()),
                _ => {}
            }
        }
        Ok(())
    }

    /// Whether directory `dir` is `anc` or lies beneath it.
    fn is_within(&self, mut dir: u64, anc: u64) -> bool {
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
    fn dir_path(&self, mut dir: u64) -> VfsResult<Vec<u8>> {
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

    fn entries_mut(&mut self, dir: u64) -> VfsResult<&mut BTreeMap<Vec<u8>, u64>> {
        match &mut self.node_mut(dir)?.data {
            Data::Dir { entries, .. } => Ok(entries),
            _ => Err(VfsError::NotADirectory),
        }
    }

    fn touch(&mut self, ino: u64, now: SystemTime) {
        if let Ok(n) = self.node_mut(ino) {
            n.mtime = now;
            n.ctime = now;
        }
    }
}

/// Give back the storage a large shrink left unused, which keeps memory in line with the
/// accounting.
fn release_slack(content: &mut Vec<u8>) {
    if content.capacity() > 4096 && content.capacity() > content.len() * 4 {
        content.shrink_to_fit();
    }
}

fn busy() -> VfsError {
    VfsError::Other("Device or resource busy".into())
}

impl KernelBackend for MemoryFs {
    fn fs_stats(&self, _path: &Path) -> Option<super::FsStats> {
        let u = self.usage();
        Some(super::FsStats {
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
                super::read_at_through_read(self, path, offset, buf)
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

/// The bytes `range` of the path being walked: borrowed from the caller's path while no link
/// has been followed, copied out of a joined path after.
fn component<'a>(buf: &Cow<'a, [u8]>, range: std::ops::Range<usize>) -> Cow<'a, [u8]> {
    match buf {
        Cow::Borrowed(s) => Cow::Borrowed(&s[range]),
        Cow::Owned(v) => Cow::Owned(v[range].to_vec()),
    }
}

mod snapshot;
pub use snapshot::{SNAPSHOT_VERSION, SnapshotError};

#[cfg(test)]
mod tests;
