//! A host directory as a [`KernelBackend`], read-only or read-write.
//!
//! This is the only place where sandsh touches the host filesystem on a script's behalf, so it
//! is built on cap-std: the host directory is opened once, with ambient authority, when the
//! backend is constructed, and every later access is made relative to that directory handle.
//! cap-std resolves paths beneath the handle (with `openat2(RESOLVE_BENEATH)` where the kernel
//! has it, component by component with `O_NOFOLLOW` otherwise), so `..`, absolute symlinks,
//! relative symlinks that climb out and concurrent renames on the host cannot reach anything
//! outside the mounted directory.
//!
//! Paths given to the backend are absolute VFS paths *relative to the mount point*: `/` is the
//! mounted directory itself (the mount table strips its prefix). Symlinks are stored and read
//! back verbatim ([`KernelBackend::read_link`] returns the stored target), but following one
//! happens inside cap-std: a link whose target is absolute or climbs above the mounted
//! directory fails with `Permission denied`, never returning host data. For the same reason
//! a script may not *create* such a link on a read-write mount: a host program following it
//! later would escape the mount on the script's behalf.
//!
//! Readers (an open descriptor, a command's input) get a handle ([`KernelBackend::open_reader`]):
//! the file is opened beneath the root once, as above, and read with `pread` until the reader
//! drops it, instead of being opened again from the root for every read. Listings can carry
//! each entry's metadata ([`KernelBackend::list_with_metadata`]), taken with `statx` relative
//! to the directory being read, on the entry's own name, without following a symlink, as GNU
//! find does with `fstatat`: a name from `getdents` has no `/` and is never `..`, and a symlink
//! is reported as one, so neither leaves the directory that was itself opened beneath the root.
//! Handles are held by at most [`MAX_OPEN_READERS`] readers of the process at once; past that
//! a reader reads by path, so a script holding descriptors open (`exec {fd}<f` in a loop) does
//! not exhaust the process's own.
//!
//! A walk that reads a tree (`grep -r`) opens each directory once ([`KernelBackend::open_dir`],
//! beneath the root as above) and its regular files by name on that handle, without following
//! a symlink (a name with a `/`, `.` or `..` is refused), as GNU grep opens them with `openat`
//! on its walk's descriptor: one path component for the kernel to look up, not the whole path
//! from the mount's root. A directory handle takes a reader's place while it is held.
//!
//! Only regular files are read or written: host FIFOs and devices are opened non-blocking and
//! refused with `Operation not supported`, so a FIFO in a mounted tree cannot hang a script.
//! Block devices and sockets are reported as `CharDevice` and `Fifo`, the nearest kinds the
//! VFS has.

use std::ffi::OsStr;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::ops::Range;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use cap_fs_ext::{DirExt, FollowSymlinks, OpenOptionsFollowExt, SystemTimeSpec};
use cap_std::ambient_authority;
use cap_std::fs::{
    Dir, DirBuilder, DirBuilderExt, FileTypeExt, MetadataExt, OpenOptions, OpenOptionsExt,
    Permissions, PermissionsExt,
};
use cap_std::time::SystemTime as CapSystemTime;

use super::path::target_escapes;
use super::{
    DirEntry, DirReader, FileReader, FileTimes, FileType, KernelBackend, Metadata, VfsError,
    VfsResult, WriteMode,
};

/// Host files held open by readers at once, all host mounts of the process together.
pub(crate) const MAX_OPEN_READERS: usize = 256;

/// The places for readers' handles of the process.
static READERS: ReaderSlots = ReaderSlots::new(MAX_OPEN_READERS);

/// A count of open handles against a cap.
#[derive(Debug)]
struct ReaderSlots {
    open: AtomicUsize,
    max: usize,
}

impl ReaderSlots {
    const fn new(max: usize) -> ReaderSlots {
        ReaderSlots {
            open: AtomicUsize::new(0),
            max,
        }
    }

    /// A place, or `None` when all are taken.
    fn take(&'static self) -> Option<ReaderSlot> {
        self.open
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < self.max).then_some(n + 1)
            })
            .ok()
            .map(|_| ReaderSlot(self))
    }
}

/// One place taken, given back when dropped.
struct ReaderSlot(&'static ReaderSlots);

impl Drop for ReaderSlot {
    fn drop(&mut self) {
        self.0.open.fetch_sub(1, Ordering::AcqRel);
    }
}

/// A host file open for reading (see [`KernelBackend::open_reader`]).
struct HostReader {
    file: std::fs::File,
    _slot: ReaderSlot,
}

impl FileReader for HostReader {
    fn read_at(&self, offset: u64, buf: &mut [u8]) -> VfsResult<usize> {
        use std::os::unix::fs::FileExt;
        loop {
            match self.file.read_at(buf, offset) {
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                r => return r.map_err(|e| map_io(&e)),
            }
        }
    }
}

/// A host directory open for opening its files by name (see [`KernelBackend::open_dir`]).
struct HostDir {
    dir: Dir,
    readers: &'static ReaderSlots,
    _slot: ReaderSlot,
}

impl DirReader for HostDir {
    fn open_reader(&self, name: &[u8]) -> VfsResult<Option<Box<dyn FileReader>>> {
        if name.is_empty() || name == b"." || name == b".." || name.contains(&b'/') {
            return Ok(None);
        }
        let Some(slot) = self.readers.take() else {
            return Ok(None);
        };
        let mut opts = OpenOptions::new();
        opts.read(true).follow(FollowSymlinks::No);
        let file = open_regular(&self.dir, Path::new(OsStr::from_bytes(name)), &mut opts)?;
        Ok(Some(Box::new(HostReader {
            file: file.into_std(),
            _slot: slot,
        })))
    }
}

/// Open `path` beneath `dir` with `opts`, non-blocking and without taking a terminal, and
/// keep it only if it is a regular file (a directory is `IsADirectory`, a FIFO or device
/// `Unsupported`).
fn open_regular(dir: &Dir, path: &Path, opts: &mut OpenOptions) -> VfsResult<cap_std::fs::File> {
    opts.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
    let file = dir.open_with(path, opts).map_err(|e| map_io(&e))?;
    let meta = file.metadata().map_err(|e| map_io(&e))?;
    if meta.is_dir() {
        return Err(VfsError::IsADirectory);
    }
    if !meta.is_file() {
        return Err(VfsError::Unsupported);
    }
    Ok(file)
}

/// `pread` until `buf` is full or the file ends.
fn pread_full(file: &std::fs::File, offset: u64, buf: &mut [u8]) -> VfsResult<usize> {
    use std::os::unix::fs::FileExt;
    let mut n = 0;
    while n < buf.len() {
        match file.read_at(&mut buf[n..], offset + n as u64) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(map_io(&e)),
        }
    }
    Ok(n)
}

/// A host directory mounted into the VFS.
#[derive(Debug)]
pub struct HostFs {
    dir: Dir,
    host: PathBuf,
    read_only: bool,
    readers: &'static ReaderSlots,
}

impl HostFs {
    /// Open `host` (which must be a directory) with ambient authority; every later access is
    /// relative to the handle opened here.
    pub fn open(host: &Path, read_only: bool) -> VfsResult<HostFs> {
        let dir = Dir::open_ambient_dir(host, ambient_authority()).map_err(|e| map_io(&e))?;
        Ok(Self::from_dir(dir, host.to_path_buf(), read_only))
    }

    /// Wrap an already opened directory; `host` is only used for display.
    pub fn from_dir(dir: Dir, host: PathBuf, read_only: bool) -> HostFs {
        HostFs {
            dir,
            host,
            read_only,
            readers: &READERS,
        }
    }

    /// A second handle on the same directory (e.g. a read-only view of a read-write mount).
    pub fn try_clone(&self, read_only: bool) -> VfsResult<HostFs> {
        let dir = self.dir.try_clone().map_err(|e| map_io(&e))?;
        Ok(Self::from_dir(dir, self.host.clone(), read_only))
    }

    /// The host directory this backend was opened on.
    pub fn host_path(&self) -> &Path {
        &self.host
    }

    /// How `mount` lists this backend: `host:/srv/data (ro)` or `host:/srv/data (rw)`.
    pub fn source(&self) -> String {
        let mode = if self.read_only { "ro" } else { "rw" };
        format!("host:{} ({mode})", self.host.display())
    }

    fn writable(&self) -> VfsResult<()> {
        if self.read_only {
            Err(VfsError::ReadOnly)
        } else {
            Ok(())
        }
    }

    /// Open a regular file, refusing FIFOs and devices without blocking on them.
    fn open_regular(&self, path: &Path, opts: &mut OpenOptions) -> VfsResult<cap_std::fs::File> {
        open_regular(&self.dir, &rel(path), opts)
    }
}

impl HostFs {
    /// The entries of a directory, sorted by name, with their metadata when `meta`: `statx`
    /// on the entry's name relative to the open directory, not following a symlink (an entry
    /// gone since the listing gets `None`, and its caller's `lstat` reports it).
    fn entries(&self, path: &Path, meta: bool) -> VfsResult<Vec<(DirEntry, Option<Metadata>)>> {
        let rd = self.dir.read_dir(rel(path)).map_err(|e| map_io(&e))?;
        let mut out = Vec::new();
        for entry in rd {
            let entry = entry.map_err(|e| map_io(&e))?;
            let file_type = file_type(entry.file_type().map_err(|e| map_io(&e))?);
            let m = if meta {
                entry.metadata().ok().map(|m| convert(&m))
            } else {
                None
            };
            let e = DirEntry {
                name: entry.file_name().as_bytes().to_vec(),
                file_type,
            };
            out.push((e, m));
        }
        out.sort_by(|a, b| a.0.name.cmp(&b.0.name));
        Ok(out)
    }
}

/// The VFS path (absolute, relative to the mount point) as a path relative to the directory
/// handle; the mount root is `.`.
fn rel(path: &Path) -> PathBuf {
    let b = path.as_os_str().as_bytes();
    let start = b.iter().position(|&c| c != b'/').unwrap_or(b.len());
    if start == b.len() {
        PathBuf::from(".")
    } else {
        PathBuf::from(OsStr::from_bytes(&b[start..]))
    }
}

fn is_root(path: &Path) -> bool {
    path.as_os_str().as_bytes().iter().all(|&c| c == b'/')
}

fn busy() -> VfsError {
    VfsError::Other("Device or resource busy".into())
}

/// Map a host I/O error to the errno-style [`VfsError`] that [`super::MemoryFs`] would give.
pub(crate) fn map_io(e: &io::Error) -> VfsError {
    if let Some(code) = e.raw_os_error() {
        return match code {
            libc::ENOENT => VfsError::NotFound,
            libc::EEXIST => VfsError::AlreadyExists,
            libc::ENOTDIR => VfsError::NotADirectory,
            libc::EISDIR => VfsError::IsADirectory,
            libc::ENOTEMPTY => VfsError::NotEmpty,
            libc::EACCES => VfsError::PermissionDenied,
            libc::EPERM => VfsError::Other("Operation not permitted".into()),
            libc::EROFS => VfsError::ReadOnly,
            libc::ELOOP => VfsError::TooManyLinks,
            libc::EINVAL => VfsError::InvalidInput,
            libc::ENOSPC | libc::EDQUOT => VfsError::NoSpace,
            libc::EFBIG => VfsError::FileTooLarge,
            libc::EXDEV => VfsError::CrossDevice,
            libc::ENOTSUP => VfsError::Unsupported,
            libc::EBUSY => busy(),
            libc::ENAMETOOLONG => VfsError::Other("File name too long".into()),
            _ => VfsError::Other(io::Error::from_raw_os_error(code).kind().to_string()),
        };
    }
    match e.kind() {
        io::ErrorKind::NotFound => VfsError::NotFound,
        // cap-std reports an escape attempt as PermissionDenied ("a path led outside of the
        // filesystem"): the script sees EACCES, as if the target were unreadable.
        io::ErrorKind::PermissionDenied => VfsError::PermissionDenied,
        io::ErrorKind::AlreadyExists => VfsError::AlreadyExists,
        io::ErrorKind::NotADirectory => VfsError::NotADirectory,
        io::ErrorKind::IsADirectory => VfsError::IsADirectory,
        io::ErrorKind::DirectoryNotEmpty => VfsError::NotEmpty,
        io::ErrorKind::ReadOnlyFilesystem => VfsError::ReadOnly,
        io::ErrorKind::InvalidInput => VfsError::InvalidInput,
        io::ErrorKind::StorageFull => VfsError::NoSpace,
        io::ErrorKind::FileTooLarge => VfsError::FileTooLarge,
        io::ErrorKind::CrossesDevices => VfsError::CrossDevice,
        io::ErrorKind::Unsupported => VfsError::Unsupported,
        _ => VfsError::Other(e.to_string()),
    }
}

fn time(secs: i64, nsec: i64) -> SystemTime {
    let nsec = nsec.clamp(0, 999_999_999) as u32;
    if secs >= 0 {
        UNIX_EPOCH + Duration::new(secs as u64, nsec)
    } else {
        UNIX_EPOCH - Duration::from_secs(secs.unsigned_abs()) + Duration::new(0, nsec)
    }
}

/// The virtual file type of a host one (devices read as character devices, sockets as FIFOs).
fn file_type(ft: cap_std::fs::FileType) -> FileType {
    if ft.is_dir() {
        FileType::Dir
    } else if ft.is_symlink() {
        FileType::Symlink
    } else if ft.is_char_device() || ft.is_block_device() {
        FileType::CharDevice
    } else if ft.is_fifo() || ft.is_socket() {
        FileType::Fifo
    } else {
        FileType::File
    }
}

fn convert(meta: &cap_std::fs::Metadata) -> Metadata {
    let file_type = file_type(meta.file_type());
    Metadata {
        file_type,
        mode: meta.mode() & 0o7777,
        size: meta.len(),
        mtime: time(meta.mtime(), meta.mtime_nsec()),
        atime: time(meta.atime(), meta.atime_nsec()),
        ctime: time(meta.ctime(), meta.ctime_nsec()),
        ino: meta.ino(),
        nlink: meta.nlink(),
        uid: meta.uid(),
        gid: meta.gid(),
    }
}

impl KernelBackend for HostFs {
    fn read(&self, path: &Path, range: Option<Range<u64>>) -> VfsResult<Vec<u8>> {
        let mut file = self.open_regular(path, OpenOptions::new().read(true))?;
        let mut out = Vec::new();
        match range {
            None => {
                file.read_to_end(&mut out).map_err(|e| map_io(&e))?;
            }
            Some(r) => {
                let len = r.end.saturating_sub(r.start);
                file.seek(SeekFrom::Start(r.start))
                    .map_err(|e| map_io(&e))?;
                file.take(len)
                    .read_to_end(&mut out)
                    .map_err(|e| map_io(&e))?;
            }
        }
        Ok(out)
    }

    fn read_at(&self, path: &Path, offset: u64, buf: &mut [u8]) -> VfsResult<usize> {
        let file = self
            .open_regular(path, OpenOptions::new().read(true))?
            .into_std();
        pread_full(&file, offset, buf)
    }

    fn open_reader(&self, path: &Path) -> VfsResult<Option<Box<dyn FileReader>>> {
        let Some(slot) = self.readers.take() else {
            return Ok(None);
        };
        let file = self
            .open_regular(path, OpenOptions::new().read(true))?
            .into_std();
        Ok(Some(Box::new(HostReader { file, _slot: slot })))
    }

    fn open_dir(&self, path: &Path) -> VfsResult<Option<Box<dyn DirReader>>> {
        let Some(slot) = self.readers.take() else {
            return Ok(None);
        };
        let dir = self.dir.open_dir(rel(path)).map_err(|e| map_io(&e))?;
        Ok(Some(Box::new(HostDir {
            dir,
            readers: self.readers,
            _slot: slot,
        })))
    }

    fn write(&self, path: &Path, data: &[u8], mode: WriteMode, create_mode: u32) -> VfsResult<()> {
        self.writable()?;
        let existed = self.dir.symlink_metadata(rel(path)).is_ok();
        let mut opts = OpenOptions::new();
        opts.write(true).mode(create_mode & 0o7777);
        match mode {
            WriteMode::Truncate => opts.create(true).truncate(true),
            WriteMode::Append => opts.create(true).append(true),
            WriteMode::CreateNew => opts.create_new(true),
            WriteMode::At(_) => opts.create(true),
        };
        let mut file = self.open_regular(path, &mut opts)?;
        if !existed {
            // The process umask may have narrowed the mode; the caller already applied the
            // shell's umask, so set exactly what it asked for.
            let _ = file.set_permissions(Permissions::from_mode(create_mode & 0o7777));
        }
        if let WriteMode::At(off) = mode {
            file.seek(SeekFrom::Start(off)).map_err(|e| map_io(&e))?;
        }
        file.write_all(data).map_err(|e| map_io(&e))
    }

    fn truncate(&self, path: &Path, len: u64) -> VfsResult<()> {
        self.writable()?;
        let file = self.open_regular(path, OpenOptions::new().write(true))?;
        file.set_len(len).map_err(|e| map_io(&e))
    }

    fn list(&self, path: &Path) -> VfsResult<Vec<DirEntry>> {
        let entries = self.entries(path, false)?;
        Ok(entries.into_iter().map(|(e, _)| e).collect())
    }

    fn list_with_metadata(&self, path: &Path) -> VfsResult<Vec<(DirEntry, Option<Metadata>)>> {
        self.entries(path, true)
    }

    fn stat(&self, path: &Path) -> VfsResult<Metadata> {
        let meta = self.dir.metadata(rel(path)).map_err(|e| map_io(&e))?;
        Ok(convert(&meta))
    }

    fn lstat(&self, path: &Path) -> VfsResult<Metadata> {
        let meta = self
            .dir
            .symlink_metadata(rel(path))
            .map_err(|e| map_io(&e))?;
        Ok(convert(&meta))
    }

    fn mkdir(&self, path: &Path, mode: u32, parents: bool) -> VfsResult<()> {
        self.writable()?;
        let r = rel(path);
        let existed = self.dir.symlink_metadata(&r).is_ok();
        if parents {
            if existed {
                return match self.dir.metadata(&r) {
                    Ok(m) if m.is_dir() => Ok(()),
                    Ok(_) => Err(VfsError::AlreadyExists),
                    Err(e) => Err(map_io(&e)),
                };
            }
            let mut b = DirBuilder::new();
            b.recursive(true).mode(mode | 0o300);
            self.dir.create_dir_with(&r, &b).map_err(|e| map_io(&e))?;
        } else {
            if existed {
                return Err(VfsError::AlreadyExists);
            }
            let mut b = DirBuilder::new();
            b.mode(mode & 0o7777);
            self.dir.create_dir_with(&r, &b).map_err(|e| map_io(&e))?;
        }
        self.dir
            .set_permissions(&r, Permissions::from_mode(mode & 0o7777))
            .map_err(|e| map_io(&e))
    }

    fn remove(&self, path: &Path, recursive: bool) -> VfsResult<()> {
        self.writable()?;
        if is_root(path) {
            return Err(busy());
        }
        let r = rel(path);
        let meta = self.dir.symlink_metadata(&r).map_err(|e| map_io(&e))?;
        let res = if meta.is_dir() {
            if recursive {
                self.dir.remove_dir_all(&r)
            } else {
                self.dir.remove_dir(&r)
            }
        } else {
            self.dir.remove_file(&r)
        };
        res.map_err(|e| map_io(&e))
    }

    fn rename(&self, from: &Path, to: &Path) -> VfsResult<()> {
        self.writable()?;
        if is_root(from) || is_root(to) {
            return Err(busy());
        }
        self.dir
            .rename(rel(from), &self.dir, rel(to))
            .map_err(|e| map_io(&e))
    }

    fn symlink(&self, target: &Path, link: &Path) -> VfsResult<()> {
        self.writable()?;
        let t = target.as_os_str().as_bytes();
        if t.is_empty() {
            return Err(VfsError::NotFound);
        }
        if is_root(link) {
            return Err(VfsError::AlreadyExists);
        }
        if target_escapes(link, t) {
            return Err(VfsError::PermissionDenied);
        }
        self.dir.symlink(target, rel(link)).map_err(|e| map_io(&e))
    }

    fn hard_link(&self, existing: &Path, link: &Path) -> VfsResult<()> {
        self.writable()?;
        self.dir
            .hard_link(rel(existing), &self.dir, rel(link))
            .map_err(|e| map_io(&e))
    }

    fn read_link(&self, path: &Path) -> VfsResult<PathBuf> {
        self.dir
            .read_link_contents(rel(path))
            .map_err(|e| map_io(&e))
    }

    fn canonicalize(&self, path: &Path) -> VfsResult<PathBuf> {
        let c = self.dir.canonicalize(rel(path)).map_err(|e| map_io(&e))?;
        let mut out = Vec::with_capacity(c.as_os_str().len() + 1);
        for comp in c.as_os_str().as_bytes().split(|&b| b == b'/') {
            if !comp.is_empty() && comp != b"." {
                out.push(b'/');
                out.extend_from_slice(comp);
            }
        }
        if out.is_empty() {
            out.push(b'/');
        }
        Ok(PathBuf::from(OsStr::from_bytes(&out)))
    }

    fn chmod(&self, path: &Path, mode: u32) -> VfsResult<()> {
        self.writable()?;
        self.dir
            .set_permissions(rel(path), Permissions::from_mode(mode & 0o7777))
            .map_err(|e| map_io(&e))
    }

    fn set_mtime(&self, path: &Path, mtime: SystemTime) -> VfsResult<()> {
        self.writable()?;
        let t = || SystemTimeSpec::Absolute(CapSystemTime::from_std(mtime));
        self.dir
            .set_times(rel(path), Some(t()), Some(t()))
            .map_err(|e| map_io(&e))
    }

    fn set_times(&self, path: &Path, times: FileTimes) -> VfsResult<()> {
        self.writable()?;
        let t = |t: SystemTime| SystemTimeSpec::Absolute(CapSystemTime::from_std(t));
        self.dir
            .set_times(rel(path), times.atime.map(t), times.mtime.map(t))
            .map_err(|e| map_io(&e))
    }

    fn read_only(&self) -> bool {
        self.read_only
    }
}

#[cfg(test)]
#[allow(
    clippy::disallowed_methods,
    reason = "the tests build and read the host trees the host backends serve"
)]
mod tests {
    use super::*;

    fn p(s: &str) -> &Path {
        Path::new(s)
    }

    fn setup() -> (tempfile::TempDir, HostFs) {
        let tmp = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir(tmp.path().join("d")).expect("mkdir");
        std::fs::write(tmp.path().join("d/f.txt"), "hello\n").expect("write");
        let fs = HostFs::open(tmp.path(), false).expect("open");
        (tmp, fs)
    }

    #[test]
    fn read_write_roundtrip() {
        let (tmp, fs) = setup();
        assert_eq!(fs.read(p("/d/f.txt"), None), Ok(b"hello\n".to_vec()));
        assert_eq!(fs.read(p("/d/f.txt"), Some(1..3)), Ok(b"el".to_vec()));
        assert_eq!(fs.read(p("/d/f.txt"), Some(4..100)), Ok(b"o\n".to_vec()));
        fs.write(p("/d/g"), b"abc", WriteMode::Truncate, 0o640)
            .expect("write");
        fs.append(p("/d/g"), b"def").expect("append");
        fs.write(p("/d/g"), b"XY", WriteMode::At(1), 0o640)
            .expect("write at");
        assert_eq!(
            std::fs::read(tmp.path().join("d/g")).expect("read"),
            b"aXYdef"
        );
        assert_eq!(fs.stat(p("/d/g")).map(|m| m.mode), Ok(0o640));
        assert_eq!(
            fs.write(p("/d/g"), b"", WriteMode::CreateNew, 0o644),
            Err(VfsError::AlreadyExists)
        );
        fs.truncate(p("/d/g"), 2).expect("truncate");
        assert_eq!(fs.read(p("/d/g"), None), Ok(b"aX".to_vec()));
    }

    #[test]
    fn errors_match_memoryfs() {
        let (_tmp, fs) = setup();
        assert_eq!(fs.read(p("/missing"), None), Err(VfsError::NotFound));
        assert_eq!(fs.read(p("/d"), None), Err(VfsError::IsADirectory));
        assert_eq!(fs.list(p("/d/f.txt")), Err(VfsError::NotADirectory));
        assert_eq!(fs.remove(p("/d"), false), Err(VfsError::NotEmpty));
        assert_eq!(
            fs.mkdir(p("/d"), 0o755, false),
            Err(VfsError::AlreadyExists)
        );
        assert_eq!(
            fs.mkdir(p("/d/f.txt"), 0o755, true),
            Err(VfsError::AlreadyExists)
        );
        assert_eq!(fs.read_link(p("/d/f.txt")), Err(VfsError::InvalidInput));
        assert!(fs.remove(p("/"), true).is_err());
    }

    #[test]
    fn listing_and_metadata() {
        let (_tmp, fs) = setup();
        fs.mkdir(p("/a/b/c"), 0o700, true).expect("mkdir -p");
        fs.symlink(p("d/f.txt"), p("/ln")).expect("symlink");
        let names: Vec<_> = fs
            .list(p("/"))
            .expect("list")
            .into_iter()
            .map(|e| (String::from_utf8_lossy(&e.name).into_owned(), e.file_type))
            .collect();
        assert_eq!(
            names,
            vec![
                ("a".to_string(), FileType::Dir),
                ("d".to_string(), FileType::Dir),
                ("ln".to_string(), FileType::Symlink),
            ]
        );
        assert_eq!(fs.stat(p("/a/b/c")).map(|m| m.mode), Ok(0o700));
        assert_eq!(fs.read_link(p("/ln")), Ok(PathBuf::from("d/f.txt")));
        assert_eq!(fs.read(p("/ln"), None), Ok(b"hello\n".to_vec()));
        assert_eq!(
            fs.lstat(p("/ln")).map(|m| m.file_type),
            Ok(FileType::Symlink)
        );
        assert_eq!(fs.canonicalize(p("/ln")), Ok(PathBuf::from("/d/f.txt")));
        assert_eq!(fs.canonicalize(p("/")), Ok(PathBuf::from("/")));
    }

    #[test]
    fn rename_remove_chmod_times() {
        let (tmp, fs) = setup();
        fs.rename(p("/d/f.txt"), p("/g.txt")).expect("rename");
        assert!(tmp.path().join("g.txt").exists());
        fs.chmod(p("/g.txt"), 0o600).expect("chmod");
        assert_eq!(fs.stat(p("/g.txt")).map(|m| m.mode), Ok(0o600));
        let t = UNIX_EPOCH + Duration::from_secs(1_000_000);
        fs.set_mtime(p("/g.txt"), t).expect("mtime");
        assert_eq!(fs.stat(p("/g.txt")).map(|m| m.mtime), Ok(t));
        fs.hard_link(p("/g.txt"), p("/h.txt")).expect("link");
        assert_eq!(fs.stat(p("/h.txt")).map(|m| m.nlink), Ok(2));
        fs.remove(p("/d"), false).expect("rmdir");
        fs.remove(p("/g.txt"), false).expect("rm");
        assert!(!tmp.path().join("g.txt").exists());
    }

    #[test]
    fn read_only_refuses_every_write() {
        let (tmp, rw) = setup();
        let fs = rw.try_clone(true).expect("clone");
        assert!(fs.read_only());
        let ro = Err(VfsError::ReadOnly);
        assert_eq!(fs.write(p("/x"), b"", WriteMode::Truncate, 0o644), ro);
        assert_eq!(fs.append(p("/d/f.txt"), b"x"), ro);
        assert_eq!(fs.truncate(p("/d/f.txt"), 0), ro);
        assert_eq!(fs.mkdir(p("/n"), 0o755, false), ro);
        assert_eq!(fs.remove(p("/d/f.txt"), false), ro);
        assert_eq!(fs.rename(p("/d"), p("/e")), ro);
        assert_eq!(fs.symlink(p("d"), p("/l")), ro);
        assert_eq!(fs.hard_link(p("/d/f.txt"), p("/l")), ro);
        assert_eq!(fs.chmod(p("/d"), 0o777), ro);
        assert_eq!(fs.set_mtime(p("/d"), UNIX_EPOCH), ro);
        assert_eq!(
            std::fs::read(tmp.path().join("d/f.txt")).expect("read"),
            b"hello\n"
        );
        assert_eq!(fs.source(), format!("host:{} (ro)", tmp.path().display()));
    }

    #[test]
    fn escaping_symlinks_are_refused() {
        let (_tmp, fs) = setup();
        assert_eq!(
            fs.symlink(p("/etc/passwd"), p("/x")),
            Err(VfsError::PermissionDenied)
        );
        assert_eq!(
            fs.symlink(p("../../etc/passwd"), p("/d/x")),
            Err(VfsError::PermissionDenied)
        );
        fs.symlink(p("../d/f.txt"), p("/d/ok"))
            .expect("inside link");
        assert_eq!(fs.read(p("/d/ok"), None), Ok(b"hello\n".to_vec()));
    }

    #[test]
    fn target_escape_check() {
        assert!(target_escapes(p("/x"), b".."));
        assert!(target_escapes(p("/a/x"), b"../.."));
        assert!(!target_escapes(p("/a/x"), b".."));
        assert!(!target_escapes(p("/a/x"), b"b/../../c"));
        assert!(target_escapes(p("/a/x"), b"b/../../../c"));
        assert!(target_escapes(p("/a/x"), b"/a"));
    }

    #[test]
    fn fifo_is_refused_without_blocking() {
        let (tmp, fs) = setup();
        let fifo = tmp.path().join("fifo");
        let c = std::ffi::CString::new(fifo.as_os_str().as_bytes()).expect("cstring");
        // SAFETY: c is a valid NUL-terminated path.
        let rc = unsafe { libc::mkfifo(c.as_ptr(), 0o644) };
        assert_eq!(rc, 0);
        assert_eq!(fs.read(p("/fifo"), None), Err(VfsError::Unsupported));
        assert_eq!(
            fs.lstat(p("/fifo")).map(|m| m.file_type),
            Ok(FileType::Fifo)
        );
    }

    #[test]
    fn a_reader_reads_the_file_it_opened() {
        let (tmp, fs) = setup();
        let r = fs
            .open_reader(p("/d/f.txt"))
            .expect("open")
            .expect("a handle");
        let mut buf = [0u8; 4];
        assert_eq!(r.read_at(0, &mut buf), Ok(4));
        assert_eq!(&buf, b"hell");
        assert_eq!(r.read_at(4, &mut buf), Ok(2));
        assert_eq!(r.read_at(6, &mut buf), Ok(0));
        // As through an OS descriptor: a file renamed over the path is not what it reads.
        std::fs::write(tmp.path().join("g"), "other\n").expect("write");
        std::fs::rename(tmp.path().join("g"), tmp.path().join("d/f.txt")).expect("rename");
        assert_eq!(r.read_at(0, &mut buf), Ok(4));
        assert_eq!(&buf, b"hell");
        // Only regular files open; what does not is an error for the caller to stat.
        assert_eq!(fs.open_reader(p("/d")).err(), Some(VfsError::IsADirectory));
        assert_eq!(fs.open_reader(p("/nope")).err(), Some(VfsError::NotFound));
    }

    #[test]
    fn readers_never_follow_a_link_out_of_the_mount() {
        let tmp = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir(tmp.path().join("m")).expect("mkdir");
        std::fs::write(tmp.path().join("secret"), "TOP SECRET\n").expect("write");
        std::os::unix::fs::symlink("../secret", tmp.path().join("m/up")).expect("link");
        std::os::unix::fs::symlink(tmp.path().join("secret"), tmp.path().join("m/abs"))
            .expect("link");
        let fs = HostFs::open(&tmp.path().join("m"), true).expect("open");
        for link in ["/up", "/abs", "/../secret"] {
            assert!(fs.open_reader(p(link)).is_err(), "{link}");
        }
        // Listed with metadata, a link is the link itself.
        let listed = fs.list_with_metadata(p("/")).expect("list");
        assert_eq!(listed.len(), 2);
        for (e, m) in listed {
            assert_eq!(e.file_type, FileType::Symlink);
            assert_eq!(m.map(|m| m.file_type), Some(FileType::Symlink));
        }
    }

    #[test]
    fn listed_metadata_is_what_lstat_gives() {
        let (_tmp, fs) = setup();
        fs.symlink(p("d/f.txt"), p("/ln")).expect("symlink");
        fs.mkdir(p("/e"), 0o700, false).expect("mkdir");
        for dir in ["/", "/d", "/e"] {
            let listed = fs.list_with_metadata(p(dir)).expect("list");
            let plain = fs.list(p(dir)).expect("list");
            assert_eq!(
                listed.iter().map(|(e, _)| e.clone()).collect::<Vec<_>>(),
                plain
            );
            for (e, m) in listed {
                let path = Path::new(dir).join(OsStr::from_bytes(&e.name));
                assert_eq!(m, fs.lstat(&path).ok(), "{}", path.display());
            }
        }
    }

    #[test]
    fn readers_past_the_cap_read_by_path() {
        let (_tmp, mut fs) = setup();
        fs.readers = Box::leak(Box::new(ReaderSlots::new(2)));
        let a = fs.open_reader(p("/d/f.txt")).expect("open");
        let b = fs.open_reader(p("/d/f.txt")).expect("open");
        assert!(a.is_some() && b.is_some());
        assert!(matches!(fs.open_reader(p("/d/f.txt")), Ok(None)));
        // A failed open gives its place back.
        drop(b);
        assert!(fs.open_reader(p("/nope")).is_err());
        assert!(matches!(fs.open_reader(p("/d/f.txt")), Ok(Some(_))));
        let mut buf = [0u8; 8];
        assert_eq!(fs.read_at(p("/d/f.txt"), 0, &mut buf), Ok(6));
    }
}
