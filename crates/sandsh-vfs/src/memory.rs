//! In-memory filesystem: the default [`KernelBackend`](crate::KernelBackend).
//!
//! An inode table (a slab indexed by inode number) behind one `std::sync::RwLock`: reads take
//! the shared lock, everything that changes the tree takes the exclusive one, so each operation
//! is atomic as its syscall would be. Inodes are reference-counted and copied on write, so a
//! filesystem made by [`MemoryFs::fork`] shares every inode with its original until one of the
//! two changes it: the sessions of a server share one default tree (with its hundred-odd
//! `/usr/bin` entries) and each holds only the inodes it changed. Directories keep their entries in a `BTreeMap` keyed by
//! name bytes, which gives sorted listings for free and lets the path walk look components up by
//! `&[u8]` without allocating; directories also keep their parent inode, so `..` in symlink
//! targets resolves physically, as the kernel does. Errors follow the POSIX syscalls
//! (rename(2), unlink(2), mkdir(2)…) because scripts and tools print and test them.
//!
//! Times come from an injected clock so a kernel can fix time for reproducible runs. Access
//! times are not updated by reads (as with `noatime`), which keeps reads on the shared lock.
//! Permission bits are stored and reported but not enforced: the sandbox has a single user.
//!
//! This file holds the inode and the filesystem's state and constructors; beside it are the
//! inode table's operations ([`table`]), the path walk ([`walk`]), building the tree
//! ([`tree`]), the size limits ([`limits`]), the devices under `/dev` ([`device`]), the
//! `KernelBackend` implementation ([`backend`]) and snapshots ([`snapshot`]).

use std::collections::BTreeMap;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::time::{SystemTime, UNIX_EPOCH};

use super::FileType;

mod backend;
mod device;
mod limits;
mod table;
mod tree;
mod walk;

pub use device::Device;
pub use limits::{MemoryFsLimits, MemoryFsUsage};

/// A source of the current time.
pub type Clock = Arc<dyn Fn() -> SystemTime + Send + Sync>;

const ROOT: u64 = 1;

#[derive(Debug, Clone)]
enum Data {
    File(Vec<u8>),
    Dir {
        parent: u64,
        entries: BTreeMap<Vec<u8>, u64>,
    },
    Symlink(Vec<u8>),
    Device(Device),
}

#[derive(Debug, Clone)]
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

#[derive(Debug)]
struct State {
    /// Slab indexed by inode number; index 0 is never used. An inode shared with a fork is
    /// copied by the first change ([`Arc::make_mut`]).
    inodes: Vec<Option<Arc<Inode>>>,
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

/// The host's clock, as a [`Clock`]: what a session's injected clock is by default.
pub fn system_clock() -> Clock {
    Arc::new(sandsh_runtime::time::system_now)
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
                inodes: vec![None, Some(Arc::new(root))],
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

    /// A filesystem with the same tree, sharing every inode with this one until either
    /// changes it (copy on write), with the system clock and no limits or budget (set them
    /// with the builder methods).
    pub fn fork(&self) -> Self {
        let fs = Self::new();
        {
            let from = self.read_state();
            let mut to = fs.write_state();
            to.inodes.clone_from(&from.inodes);
            to.free.clone_from(&from.free);
            to.total_bytes = from.total_bytes;
            to.files = from.files;
        }
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
}
mod snapshot;
pub use snapshot::{SNAPSHOT_VERSION, SnapshotError};

#[cfg(test)]
mod tests;
