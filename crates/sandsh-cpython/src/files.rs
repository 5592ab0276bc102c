//! The guest's file descriptors, over the session's VFS.
//!
//! Descriptors 0–2 are the command's standard streams, 3 is the one preopened directory
//! (`/`, as the snapshot was taken with), and the rest are what the guest opens. A file
//! descriptor holds a path and a position, not a copy: every read and write goes to the
//! backend at once, so the shell and Python see the same bytes (`python3` writes, `cat` reads,
//! in one pipeline). The standard library's zip is served from the binary at its fixed path,
//! never from the VFS.
//!
//! The VFS knows files by path, POSIX descriptors by inode, so the table keeps them attached
//! the way an inode would: a descriptor holds its file's symlink-free path, follows a rename
//! the guest makes, and when the guest removes (or renames another file over) a file it holds
//! open, the descriptor keeps the file's bytes to itself, charged to the memory budget, as the
//! kernel keeps an unlinked inode (`tempfile.TemporaryFile`, a log written after rotation).

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use sandsh_runtime::budget::{Charge, MemoryBudget};
use sandsh_vfs::{FileType, KernelBackend, Metadata, VfsError, WriteMode};

use crate::guest::{Errno, WasiResult, filetype, rights};

/// The guest path of the standard library's zip, and its bytes.
pub(crate) const STDLIB_PATH: &str = bashkit_cpython_wasm::STDLIB_ZIP_PATH;
pub(crate) fn stdlib() -> &'static [u8] {
    bashkit_cpython_wasm::STDLIB_ZIP
}

/// The most descriptors one call may hold open (as `ulimit -n`).
const MAX_FDS: usize = 1024;

/// One open descriptor.
pub(crate) enum Fd {
    Stdin,
    Stdout,
    Stderr,
    /// A directory: the preopen (`/`) or one the guest opened. `entries` is the listing
    /// `fd_readdir` walks, taken at the first read.
    Dir {
        path: PathBuf,
        entries: Option<Vec<(Vec<u8>, u8, u64)>>,
    },
    /// A regular file: of the VFS, the stdlib zip, or one removed while open.
    File {
        backing: Backing,
        pos: u64,
        read: bool,
        write: bool,
        append: bool,
    },
    /// `/dev/null`, `/dev/zero`: reads nothing (or zeros), writes vanish.
    Null {
        zero: bool,
    },
}

/// Where an open regular file's bytes are.
pub(crate) enum Backing {
    /// A file of the VFS, by its path with no symlink in it.
    Vfs(PathBuf),
    /// The standard library's zip, from the binary.
    Stdlib,
    /// A file the guest removed, or renamed another over, while this descriptor held it:
    /// its bytes, for this descriptor alone, charged to the memory budget.
    Detached {
        data: Vec<u8>,
        charge: Charge,
        stat: Filestat,
    },
}

impl Fd {
    pub(crate) fn file_type(&self) -> u8 {
        match self {
            // Pipes, as far as the guest can tell: not a terminal, not seekable.
            Fd::Stdin | Fd::Stdout | Fd::Stderr => filetype::UNKNOWN,
            Fd::Dir { .. } => filetype::DIRECTORY,
            Fd::File { .. } => filetype::REGULAR_FILE,
            Fd::Null { .. } => filetype::CHARACTER_DEVICE,
        }
    }

    /// The rights `fd_fdstat_get` reports: base and inheriting.
    pub(crate) fn rights(&self) -> (u64, u64) {
        match self {
            Fd::Stdin => (rights::FD_READ, 0),
            Fd::Stdout | Fd::Stderr => (rights::FD_WRITE, 0),
            Fd::Dir { .. } => (rights::ALL, rights::ALL),
            Fd::File { read, write, .. } => {
                let mut r = rights::ALL & !(rights::FD_READ | rights::FD_WRITE);
                if *read {
                    r |= rights::FD_READ;
                }
                if *write {
                    r |= rights::FD_WRITE;
                }
                (r, 0)
            }
            Fd::Null { .. } => (rights::ALL & !(rights::FD_SEEK | rights::FD_TELL), 0),
        }
    }
}

/// The descriptor table of one call.
pub(crate) struct Fds {
    slots: Vec<Option<Fd>>,
}

impl Fds {
    pub(crate) fn new() -> Fds {
        Fds {
            slots: vec![
                Some(Fd::Stdin),
                Some(Fd::Stdout),
                Some(Fd::Stderr),
                Some(Fd::Dir {
                    path: PathBuf::from("/"),
                    entries: None,
                }),
            ],
        }
    }

    pub(crate) fn get(&self, fd: i32) -> WasiResult<&Fd> {
        self.slots
            .get(usize::try_from(fd).map_err(|_| Errno::Badf)?)
            .and_then(Option::as_ref)
            .ok_or(Errno::Badf)
    }

    pub(crate) fn get_mut(&mut self, fd: i32) -> WasiResult<&mut Fd> {
        self.slots
            .get_mut(usize::try_from(fd).map_err(|_| Errno::Badf)?)
            .and_then(Option::as_mut)
            .ok_or(Errno::Badf)
    }

    pub(crate) fn insert(&mut self, fd: Fd) -> WasiResult<u32> {
        if let Some(i) = self.slots.iter().skip(4).position(Option::is_none) {
            self.slots[i + 4] = Some(fd);
            return Ok((i + 4) as u32);
        }
        if self.slots.len() >= MAX_FDS {
            return Err(Errno::Mfile);
        }
        self.slots.push(Some(fd));
        Ok((self.slots.len() - 1) as u32)
    }

    pub(crate) fn close(&mut self, fd: i32) -> WasiResult {
        let slot = self
            .slots
            .get_mut(usize::try_from(fd).map_err(|_| Errno::Badf)?)
            .ok_or(Errno::Badf)?;
        if slot.is_none() {
            return Err(Errno::Badf);
        }
        *slot = None;
        Ok(())
    }

    /// The directory a path argument is relative to.
    pub(crate) fn dir_path(&self, fd: i32) -> WasiResult<&Path> {
        match self.get(fd)? {
            Fd::Dir { path, .. } => Ok(path),
            _ => Err(Errno::Notdir),
        }
    }

    /// A path argument resolved against its directory descriptor, lexically.
    pub(crate) fn resolve(&self, fd: i32, path: &[u8]) -> WasiResult<PathBuf> {
        use std::os::unix::ffi::OsStrExt;
        if path.contains(&0) {
            return Err(Errno::Inval);
        }
        let base = self.dir_path(fd)?;
        let rel = Path::new(std::ffi::OsStr::from_bytes(path));
        Ok(sandsh_vfs::normalize(base, rel))
    }
}

/// WASI's `filestat`, as the guest sees a file.
#[derive(Clone)]
pub(crate) struct Filestat {
    pub(crate) filetype: u8,
    pub(crate) ino: u64,
    pub(crate) nlink: u64,
    pub(crate) size: u64,
    pub(crate) atime: u64,
    pub(crate) mtime: u64,
    pub(crate) ctime: u64,
}

fn nanos(t: SystemTime) -> u64 {
    t.duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos().min(u64::MAX as u128) as u64)
        .unwrap_or(0)
}

pub(crate) fn time_from_nanos(n: u64) -> SystemTime {
    UNIX_EPOCH + Duration::from_nanos(n)
}

pub(crate) fn wasi_type(t: FileType) -> u8 {
    match t {
        FileType::File => filetype::REGULAR_FILE,
        FileType::Dir => filetype::DIRECTORY,
        FileType::Symlink => filetype::SYMBOLIC_LINK,
        FileType::CharDevice => filetype::CHARACTER_DEVICE,
        FileType::Fifo => filetype::UNKNOWN,
    }
}

impl From<&Metadata> for Filestat {
    fn from(m: &Metadata) -> Filestat {
        Filestat {
            filetype: wasi_type(m.file_type),
            ino: m.ino,
            nlink: m.nlink,
            size: m.size,
            atime: nanos(m.atime),
            mtime: nanos(m.mtime),
            ctime: nanos(m.ctime),
        }
    }
}

impl Filestat {
    /// A stream or device with no file behind it.
    pub(crate) fn stream(filetype: u8) -> Filestat {
        Filestat {
            filetype,
            ino: 0,
            nlink: 1,
            size: 0,
            atime: 0,
            mtime: 0,
            ctime: 0,
        }
    }

    /// The stdlib zip: fixed, read-only, dated at the epoch.
    pub(crate) fn stdlib() -> Filestat {
        Filestat {
            filetype: filetype::REGULAR_FILE,
            ino: 1,
            nlink: 1,
            size: stdlib().len() as u64,
            atime: 0,
            mtime: 0,
            ctime: 0,
        }
    }

    pub(crate) fn write(&self, mem: &mut crate::guest::Mem<'_>, ptr: u32) -> WasiResult {
        mem.set_u64(ptr, 1)?; // dev
        mem.set_u64(ptr + 8, self.ino)?;
        mem.set_u8(ptr + 16, self.filetype)?;
        mem.put(ptr + 17, &[0; 7])?;
        mem.set_u64(ptr + 24, self.nlink)?;
        mem.set_u64(ptr + 32, self.size)?;
        mem.set_u64(ptr + 40, self.atime)?;
        mem.set_u64(ptr + 48, self.mtime)?;
        mem.set_u64(ptr + 56, self.ctime)
    }
}

/// The stat of a resolved path, following symlinks or not; the stdlib zip answers for itself.
pub(crate) fn stat_path(
    be: &Arc<dyn KernelBackend>,
    path: &Path,
    follow: bool,
) -> WasiResult<Filestat> {
    if path == Path::new(STDLIB_PATH) {
        return Ok(Filestat::stdlib());
    }
    let m = if follow {
        be.stat(path)
    } else {
        be.lstat(path)
    }
    .map_err(Errno::from)?;
    Ok(Filestat::from(&m))
}

/// Read from an open file at `pos` into `buf`.
pub(crate) fn read_file_at(
    be: &Arc<dyn KernelBackend>,
    backing: &Backing,
    pos: u64,
    buf: &mut [u8],
) -> WasiResult<usize> {
    let data = match backing {
        Backing::Vfs(path) => return be.read_at(path, pos, buf).map_err(Errno::from),
        Backing::Stdlib => stdlib(),
        Backing::Detached { data, .. } => data.as_slice(),
    };
    let start = usize::try_from(pos).unwrap_or(usize::MAX).min(data.len());
    let n = buf.len().min(data.len() - start);
    buf[..n].copy_from_slice(&data[start..start + n]);
    Ok(n)
}

/// Write `data` to an open file at `pos` (or at its end with `append`); the position after.
pub(crate) fn write_file_at(
    be: &Arc<dyn KernelBackend>,
    backing: &mut Backing,
    pos: u64,
    append: bool,
    data: &[u8],
) -> WasiResult<u64> {
    match backing {
        Backing::Vfs(path) => {
            if append {
                be.append(path, data).map_err(Errno::from)?;
                return Ok(be.stat(path).map(|m| m.size).unwrap_or(0));
            }
            be.write(path, data, WriteMode::At(pos), 0o666)
                .map_err(Errno::from)?;
            Ok(pos + data.len() as u64)
        }
        Backing::Stdlib => Err(Errno::Badf),
        Backing::Detached {
            data: buf, charge, ..
        } => {
            let start = if append { buf.len() as u64 } else { pos };
            let start = usize::try_from(start).map_err(|_| Errno::Fbig)?;
            let end = start.checked_add(data.len()).ok_or(Errno::Fbig)?;
            if end > buf.len() {
                charge.set(end).map_err(|_| Errno::Nospc)?;
                buf.resize(end, 0);
            }
            buf[start..end].copy_from_slice(data);
            Ok(end as u64)
        }
    }
}

/// The stat of an open file.
pub(crate) fn stat_backing(be: &Arc<dyn KernelBackend>, backing: &Backing) -> WasiResult<Filestat> {
    match backing {
        Backing::Vfs(path) => stat_path(be, path, true),
        Backing::Stdlib => Ok(Filestat::stdlib()),
        Backing::Detached { data, stat, .. } => Ok(Filestat {
            size: data.len() as u64,
            ..stat.clone()
        }),
    }
}

/// Cut or extend an open file to `size` bytes.
pub(crate) fn truncate_backing(
    be: &Arc<dyn KernelBackend>,
    backing: &mut Backing,
    size: u64,
) -> WasiResult {
    match backing {
        Backing::Vfs(path) => be.truncate(path, size).map_err(Errno::from),
        Backing::Stdlib => Err(Errno::Inval),
        Backing::Detached { data, charge, .. } => {
            let size = usize::try_from(size).map_err(|_| Errno::Fbig)?;
            charge.set(size).map_err(|_| Errno::Nospc)?;
            data.resize(size, 0);
            Ok(())
        }
    }
}

/// Whether a path argument names a directory by its form (`d/`, `d/.`, `d/..`): POSIX then
/// requires one there, which the lexical resolution would otherwise forget.
pub(crate) fn names_a_directory(raw: &[u8]) -> bool {
    raw.ends_with(b"/")
        || raw.ends_with(b"/.")
        || raw.ends_with(b"/..")
        || raw == b"."
        || raw == b".."
}

/// `ENOTDIR` when something other than a directory (after symlinks) is at `path`.
pub(crate) fn require_dir(be: &Arc<dyn KernelBackend>, path: &Path) -> WasiResult {
    match be.stat(path) {
        Ok(m) if !m.is_dir() => Err(Errno::Notdir),
        _ => Ok(()),
    }
}

/// The path of `path` itself with its directories' symlinks resolved (its last component is
/// kept as it is): the name a rename or an unlink acts on, as descriptors hold it.
fn parent_resolved(be: &Arc<dyn KernelBackend>, path: &Path) -> PathBuf {
    match (path.parent(), path.file_name()) {
        (Some(dir), Some(name)) => be
            .canonicalize(dir)
            .map(|d| d.join(name))
            .unwrap_or_else(|_| path.to_path_buf()),
        _ => path.to_path_buf(),
    }
}

/// Where a symlink at `path` that points at nothing would have `open(O_CREAT)` create its
/// file: the end of its chain of links (as many as Linux follows).
fn dangling_target(be: &Arc<dyn KernelBackend>, path: &Path) -> WasiResult<PathBuf> {
    let mut at = path.to_path_buf();
    for _ in 0..40 {
        let target = be.read_link(&at).map_err(Errno::from)?;
        let dir = at.parent().unwrap_or(Path::new("/")).to_path_buf();
        at = sandsh_vfs::normalize(&dir, &target);
        match be.lstat(&at) {
            Ok(m) if m.is_symlink() => continue,
            Ok(_) => return Err(Errno::Exist),
            Err(VfsError::NotFound) => return Ok(at),
            Err(e) => return Err(e.into()),
        }
    }
    Err(Errno::Loop)
}

impl Fds {
    /// What renaming `from` to `to` does to the open descriptors, prepared before the rename:
    /// those on `to` will keep the file they had, those on `from` (or inside it, for a
    /// directory) will follow it. [`Fds::apply`] it once the rename has succeeded.
    pub(crate) fn plan_rename(
        &self,
        be: &Arc<dyn KernelBackend>,
        budget: &Arc<MemoryBudget>,
        from: &Path,
        to: &Path,
    ) -> Plan {
        let from = parent_resolved(be, from);
        let to = parent_resolved(be, to);
        let same = match (be.lstat(&from), be.lstat(&to)) {
            (Ok(a), Ok(b)) => a.ino == b.ino,
            _ => false,
        };
        Plan {
            detached: if same {
                Vec::new()
            } else {
                self.detach(be, budget, &to)
            },
            moved: Some((from, to)),
        }
    }

    /// What removing the file at `path` does to the descriptors on it: they keep its bytes.
    pub(crate) fn plan_unlink(
        &self,
        be: &Arc<dyn KernelBackend>,
        budget: &Arc<MemoryBudget>,
        path: &Path,
    ) -> Plan {
        let path = parent_resolved(be, path);
        Plan {
            detached: self.detach(be, budget, &path),
            moved: None,
        }
    }

    /// The operation `plan` was made for has succeeded.
    pub(crate) fn apply(&mut self, plan: Plan) {
        for (i, backing) in plan.detached {
            if let Some(Some(Fd::File { backing: b, .. })) = self.slots.get_mut(i) {
                *b = backing;
            }
        }
        let Some((from, to)) = plan.moved else {
            return;
        };
        for fd in self.slots.iter_mut().skip(4).flatten() {
            let path = match fd {
                Fd::File {
                    backing: Backing::Vfs(path),
                    ..
                }
                | Fd::Dir { path, .. } => path,
                _ => continue,
            };
            if let Ok(rest) = path.strip_prefix(&from) {
                *path = if rest.as_os_str().is_empty() {
                    to.clone()
                } else {
                    to.join(rest)
                };
            }
        }
    }

    /// A detached copy of the regular file at `path` for each descriptor open on it. A file
    /// the budget cannot hold again stays attached to its path.
    fn detach(
        &self,
        be: &Arc<dyn KernelBackend>,
        budget: &Arc<MemoryBudget>,
        path: &Path,
    ) -> Vec<(usize, Backing)> {
        let on_path =
            |fd: &Fd| matches!(fd, Fd::File { backing: Backing::Vfs(p), .. } if p == path);
        let open: Vec<usize> = (4..self.slots.len())
            .filter(|&i| self.slots[i].as_ref().is_some_and(on_path))
            .collect();
        if open.is_empty() {
            return Vec::new();
        }
        let Ok(meta) = be.stat(path) else {
            return Vec::new();
        };
        if !meta.is_file() {
            return Vec::new();
        }
        let Ok(data) = be.read(path, None) else {
            return Vec::new();
        };
        let mut stat = Filestat::from(&meta);
        stat.nlink = 0;
        let mut out = Vec::with_capacity(open.len());
        for i in open {
            let mut charge = budget.charge();
            if charge.set(data.len()).is_err() {
                break;
            }
            out.push((
                i,
                Backing::Detached {
                    data: data.clone(),
                    charge,
                    stat: stat.clone(),
                },
            ));
        }
        out
    }
}

/// Changes to the open descriptors that wait on a rename or an unlink succeeding.
pub(crate) struct Plan {
    detached: Vec<(usize, Backing)>,
    moved: Option<(PathBuf, PathBuf)>,
}

/// What `path_open` found or made at a path.
pub(crate) struct OpenRequest {
    pub(crate) path: PathBuf,
    pub(crate) follow: bool,
    pub(crate) create: bool,
    pub(crate) exclusive: bool,
    pub(crate) truncate: bool,
    pub(crate) directory: bool,
    /// The path was written as a directory's (`d/`).
    pub(crate) dir_form: bool,
    pub(crate) read: bool,
    pub(crate) write: bool,
    pub(crate) append: bool,
    pub(crate) umask: u32,
}

/// Open a path of the VFS as `open(2)` would: create, truncate and check the type as asked.
pub(crate) fn open(be: &Arc<dyn KernelBackend>, req: OpenRequest) -> WasiResult<Fd> {
    let OpenRequest { path, .. } = &req;
    if path == Path::new(STDLIB_PATH) {
        if req.write || req.directory {
            return Err(if req.directory {
                Errno::Notdir
            } else {
                Errno::Rofs
            });
        }
        return Ok(Fd::File {
            backing: Backing::Stdlib,
            pos: 0,
            read: true,
            write: false,
            append: false,
        });
    }
    match path.to_str() {
        Some("/dev/null") => return Ok(Fd::Null { zero: false }),
        Some("/dev/zero") => return Ok(Fd::Null { zero: true }),
        _ => {}
    }
    let mut path = path.clone();
    let meta = if req.follow {
        be.stat(&path)
    } else {
        be.lstat(&path)
    };
    let meta = match meta {
        Ok(m) => {
            if req.create && req.exclusive {
                return Err(Errno::Exist);
            }
            Some(m)
        }
        Err(VfsError::NotFound) if req.create => {
            if req.dir_form {
                return Err(Errno::Isdir);
            }
            // A symlink to nothing: the file is created where it points (O_EXCL refuses).
            if req.follow && be.lstat(&path).is_ok_and(|m| m.is_symlink()) {
                if req.exclusive {
                    return Err(Errno::Exist);
                }
                path = dangling_target(be, &path)?;
            }
            None
        }
        Err(e) => return Err(e.into()),
    };
    if let Some(m) = &meta {
        if m.is_symlink() {
            // O_NOFOLLOW on a link: ELOOP, as Linux answers.
            return Err(Errno::Loop);
        }
        if m.is_dir() {
            if req.write {
                return Err(Errno::Isdir);
            }
            return Ok(Fd::Dir {
                path: be.canonicalize(&path).unwrap_or(path),
                entries: None,
            });
        }
        if req.directory || req.dir_form {
            return Err(Errno::Notdir);
        }
        if m.file_type == FileType::CharDevice && !m.is_file() {
            return Ok(Fd::Null { zero: false });
        }
    } else if req.directory {
        return Err(Errno::Noent);
    }
    let mode = 0o666 & !req.umask;
    match &meta {
        None => be
            .write(&path, b"", WriteMode::CreateNew, mode)
            .map_err(Errno::from)?,
        Some(_) if req.truncate && req.write => be
            .write(&path, b"", WriteMode::Truncate, mode)
            .map_err(Errno::from)?,
        // Writing needs write permission now, as open(2) checks it.
        Some(m) if req.write && m.mode & 0o222 == 0 => return Err(Errno::Acces),
        Some(_) if req.write && be.read_only() => return Err(Errno::Rofs),
        Some(_) => {}
    }
    if req.read
        && let Some(m) = &meta
        && m.mode & 0o444 == 0
    {
        return Err(Errno::Acces);
    }
    Ok(Fd::File {
        backing: Backing::Vfs(be.canonicalize(&path).unwrap_or(path)),
        pos: 0,
        read: req.read,
        write: req.write,
        append: req.append,
    })
}

/// A directory's entries for `fd_readdir`: `.` and `..` first, then the listing, each with
/// its type and inode.
pub(crate) fn dir_entries(
    be: &Arc<dyn KernelBackend>,
    path: &Path,
) -> WasiResult<Vec<(Vec<u8>, u8, u64)>> {
    let mut out = vec![
        (b".".to_vec(), filetype::DIRECTORY, 0),
        (b"..".to_vec(), filetype::DIRECTORY, 0),
    ];
    let listing = be.list_with_metadata(path).map_err(Errno::from)?;
    for (e, m) in listing {
        out.push((
            e.name,
            wasi_type(e.file_type),
            m.map(|m| m.ino).unwrap_or(0),
        ));
    }
    Ok(out)
}
