//! The virtual filesystem: the [`KernelBackend`] trait and its implementations.
//!
//! Everything a script does to files goes through `KernelBackend`, a synchronous, path-based
//! trait (seed 003). Paths are absolute and already normalized by the caller
//! ([`normalize`]); they may hold any byte but NUL. The default backend is [`MemoryFs`];
//! [`HostFs`] exposes a host directory (read-only or read-write) through cap-std,
//! [`OverlayFs`] layers in-memory changes over one, and [`MountTable`] combines backends into
//! one namespace by longest-prefix routing.

#[cfg(not(target_arch = "wasm32"))]
mod host;
// No host filesystem in a page: the type, never a value (host_none.rs).
#[cfg(target_arch = "wasm32")]
#[path = "host_none.rs"]
mod host;
mod memory;
mod mount;
mod overlay;
mod path;
mod walk;

pub use host::HostFs;
pub use memory::{
    Clock, Device, MemoryFs, MemoryFsLimits, MemoryFsUsage, SNAPSHOT_VERSION, SnapshotError,
    system_clock,
};
pub use mount::{MountMode, MountSpec, MountSpecError, MountTable};
pub use overlay::{Change, ChangeKind, OverlayFs};
pub use path::{join, normalize};

use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// Filesystem errors, mapped to the errno-style messages the shell prints.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VfsError {
    #[error("No such file or directory")]
    NotFound,
    #[error("File exists")]
    AlreadyExists,
    #[error("Not a directory")]
    NotADirectory,
    #[error("Is a directory")]
    IsADirectory,
    #[error("Directory not empty")]
    NotEmpty,
    #[error("Permission denied")]
    PermissionDenied,
    #[error("Read-only file system")]
    ReadOnly,
    #[error("Too many levels of symbolic links")]
    TooManyLinks,
    #[error("Invalid argument")]
    InvalidInput,
    #[error("No space left on device")]
    NoSpace,
    #[error("File too large")]
    FileTooLarge,
    #[error("Invalid cross-device link")]
    CrossDevice,
    #[error("Operation not supported")]
    Unsupported,
    #[error("{0}")]
    Other(String),
}

pub type VfsResult<T> = Result<T, VfsError>;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileType {
    File,
    Dir,
    Symlink,
    /// Character devices such as /dev/null.
    CharDevice,
    Fifo,
}

/// What `stat` returns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Metadata {
    pub file_type: FileType,
    /// Permission bits (`0o7777` mask), e.g. 0o644.
    pub mode: u32,
    pub size: u64,
    pub mtime: SystemTime,
    pub atime: SystemTime,
    pub ctime: SystemTime,
    /// Inode number (unique per backend).
    pub ino: u64,
    pub nlink: u64,
    pub uid: u32,
    pub gid: u32,
}

impl Metadata {
    pub fn is_dir(&self) -> bool {
        self.file_type == FileType::Dir
    }
    pub fn is_file(&self) -> bool {
        self.file_type == FileType::File
    }
    pub fn is_symlink(&self) -> bool {
        self.file_type == FileType::Symlink
    }
}

/// One entry of a directory listing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DirEntry {
    /// The entry's name (no slashes).
    pub name: Vec<u8>,
    pub file_type: FileType,
}

/// How `write` treats an existing file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteMode {
    /// Create or truncate, then write.
    Truncate,
    /// Create if missing, write at the end.
    Append,
    /// Fail with `AlreadyExists` if the file exists (noclobber, `mkdir`-like exclusivity).
    CreateNew,
    /// Write `data` at `offset` without truncating, extending (zero-filled) as needed.
    At(u64),
}

/// The times `set_times` sets: `None` leaves that one as it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FileTimes {
    pub atime: Option<SystemTime>,
    pub mtime: Option<SystemTime>,
}

/// A mount of some backend at a VFS path (listed by `mount`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MountInfo {
    pub path: PathBuf,
    /// e.g. "memory", "host:/srv/data (ro)"
    pub source: String,
    pub read_only: bool,
}

/// Space accounting of a filesystem (for `df`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FsStats {
    /// Bytes of file contents stored.
    pub used_bytes: u64,
    /// Capacity in bytes; `None` when unlimited or unknown.
    pub total_bytes: Option<u64>,
    /// Inodes in use.
    pub files: u64,
    /// Inode limit; `None` when unlimited or unknown.
    pub max_files: Option<u64>,
}

/// A tool provided by a backend (seed 003's `list_tools`/`call_tool`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackendTool {
    pub name: String,
    pub description: String,
}

/// [`KernelBackend::read_at`] done with [`KernelBackend::read`] and a copy.
pub fn read_at_through_read<B: KernelBackend + ?Sized>(
    b: &B,
    path: &Path,
    offset: u64,
    buf: &mut [u8],
) -> VfsResult<usize> {
    let data = b.read(path, Some(offset..offset + buf.len() as u64))?;
    buf[..data.len()].copy_from_slice(&data);
    Ok(data.len())
}

/// A file opened once for reading (what [`KernelBackend::open_reader`] gives): its reads go to
/// the file that was opened, as through an OS descriptor, without finding it again by path.
pub trait FileReader: Send + Sync {
    /// Read into `buf` from `offset`, as `pread(2)`: the number of bytes read, which may be
    /// fewer than `buf.len()` before the end of the file (0 only at the end). One call is one
    /// read: a reader that got less than it asked reads again, and learns of the end then.
    fn read_at(&self, offset: u64, buf: &mut [u8]) -> VfsResult<usize>;
    /// Whether reads through this handle still see what a read by path would see. A backend
    /// whose handle can go stale (an overlay whose file was copied up or removed since the
    /// open) says so here, and the reader goes back to reading by path.
    fn is_current(&self) -> bool {
        true
    }
}

/// A directory opened once, whose regular files open relative to it (what
/// [`KernelBackend::open_dir`] gives): a walk that reads every file of a tree (`grep -r`)
/// opens each name on the directory's descriptor, as GNU grep and find do with `openat`,
/// instead of finding the file again from the mount's root by its whole path.
pub trait DirReader: Send + Sync {
    /// Open the regular file `name` (one path component) of this directory for reading.
    /// `Ok(None)` when there is no handle to give for it (a mount point, out of handles):
    /// the caller opens its path instead, as it does after an error, which it reports by path.
    fn open_reader(&self, name: &[u8]) -> VfsResult<Option<Box<dyn FileReader>>>;
}

/// The filesystem a kernel runs over. All methods take absolute, normalized paths.
pub trait KernelBackend: Send + Sync {
    /// Read a whole file (following symlinks), or `range` of it (clamped to the file size).
    fn read(&self, path: &Path, range: Option<std::ops::Range<u64>>) -> VfsResult<Vec<u8>>;
    /// Read into `buf` from `offset` (following symlinks): the number of bytes read, fewer
    /// than `buf.len()` only at the end of the file. Open descriptors read through this, so
    /// backends override it to fill `buf` directly, without [`KernelBackend::read`]'s buffer.
    fn read_at(&self, path: &Path, offset: u64, buf: &mut [u8]) -> VfsResult<usize> {
        read_at_through_read(self, path, offset, buf)
    }
    /// Open a regular file (following symlinks) once, for a reader that reads it many times
    /// (an open descriptor, a command's input). `Ok(None)` when the backend has no handle to
    /// give: the reader then reads by path with [`KernelBackend::read_at`], as before. That is
    /// the default, and the answer of backends whose reads by path cost nothing worth saving
    /// (memory) or that are out of handles. An error says the file could not be opened this
    /// way (missing, a directory, a device); the caller decides by path what that means.
    fn open_reader(&self, path: &Path) -> VfsResult<Option<Box<dyn FileReader>>> {
        let _ = path;
        Ok(None)
    }
    /// Open a directory (following symlinks) for opening the files in it by name (see
    /// [`DirReader`]). `Ok(None)` is the default: the caller opens each file by its path.
    fn open_dir(&self, path: &Path) -> VfsResult<Option<Box<dyn DirReader>>> {
        let _ = path;
        Ok(None)
    }
    /// Write according to `mode`, creating the file with mode `0o666 & !umask` (the caller
    /// passes the final mode in `create_mode`).
    fn write(&self, path: &Path, data: &[u8], mode: WriteMode, create_mode: u32) -> VfsResult<()>;
    /// Append to a file, creating it if missing.
    fn append(&self, path: &Path, data: &[u8]) -> VfsResult<()> {
        self.write(path, data, WriteMode::Append, 0o644)
    }
    /// Truncate or extend a file to `len` bytes.
    fn truncate(&self, path: &Path, len: u64) -> VfsResult<()>;
    /// Entries of a directory (not including `.` and `..`), sorted by name bytes.
    fn list(&self, path: &Path) -> VfsResult<Vec<DirEntry>>;
    /// [`KernelBackend::list`] with each entry's metadata (as [`KernelBackend::lstat`] gives
    /// it) where the backend has it at hand, `None` where the caller must `lstat` the entry's
    /// path itself. A host directory stats its entries relative to the open directory (as
    /// GNU find and grep do with `fstatat`), instead of finding each one again from the mount's
    /// root. The default gives no metadata.
    fn list_with_metadata(&self, path: &Path) -> VfsResult<Vec<(DirEntry, Option<Metadata>)>> {
        Ok(self.list(path)?.into_iter().map(|e| (e, None)).collect())
    }
    /// Metadata, following symlinks.
    fn stat(&self, path: &Path) -> VfsResult<Metadata>;
    /// Metadata of the path itself (a symlink is not followed).
    fn lstat(&self, path: &Path) -> VfsResult<Metadata>;
    /// Create a directory with `mode`; with `parents`, create missing parents and accept an
    /// existing directory.
    fn mkdir(&self, path: &Path, mode: u32, parents: bool) -> VfsResult<()>;
    /// Remove a file, symlink or empty directory; with `recursive`, a whole tree.
    fn remove(&self, path: &Path, recursive: bool) -> VfsResult<()>;
    /// Rename (replacing a file or empty directory at `to`, as rename(2)).
    fn rename(&self, from: &Path, to: &Path) -> VfsResult<()>;
    /// Create a symlink at `link` pointing to `target` (stored as given).
    fn symlink(&self, target: &Path, link: &Path) -> VfsResult<()>;
    /// Create a hard link `link` to the existing file `existing`.
    fn hard_link(&self, existing: &Path, link: &Path) -> VfsResult<()>;
    /// The target of a symlink.
    fn read_link(&self, path: &Path) -> VfsResult<PathBuf>;
    /// Resolve every symlink in `path`, returning the canonical absolute path (it must exist).
    fn canonicalize(&self, path: &Path) -> VfsResult<PathBuf>;
    /// Set permission bits.
    fn chmod(&self, path: &Path, mode: u32) -> VfsResult<()>;
    /// Set the modification (and access) time.
    fn set_mtime(&self, path: &Path, mtime: SystemTime) -> VfsResult<()>;
    /// Set the access and/or the modification time (`None` leaves that one as it is), as
    /// `touch -a`/`-m` need. A backend that can only set both together says so.
    fn set_times(&self, path: &Path, times: FileTimes) -> VfsResult<()> {
        match (times.atime, times.mtime) {
            (None, None) => self.stat(path).map(|_| ()),
            (Some(a), Some(m)) if a == m => self.set_mtime(path, m),
            _ => Err(VfsError::Unsupported),
        }
    }
    /// Whether anything exists at `path` (following symlinks).
    fn exists(&self, path: &Path) -> bool {
        self.stat(path).is_ok()
    }
    /// Tools this backend provides.
    fn list_tools(&self) -> Vec<BackendTool> {
        Vec::new()
    }
    /// Call a backend tool.
    fn call_tool(&self, name: &str, args: &[Vec<u8>]) -> VfsResult<Vec<u8>> {
        let _ = args;
        Err(VfsError::Other(format!("{name}: no such backend tool")))
    }
    /// Whether the whole backend is read-only.
    fn read_only(&self) -> bool {
        false
    }
    /// Mounts, for `mount` with no arguments.
    fn mounts(&self) -> Vec<MountInfo> {
        Vec::new()
    }
    /// Space used and available on the filesystem holding `path` (for `df`); `None` when the
    /// backend does not account for it.
    fn fs_stats(&self, path: &Path) -> Option<FsStats> {
        let _ = path;
        None
    }
}
