//! Streams over the context for the archive commands.
//!
//! The codecs (`flate2`, `bzip2`, `lzma-rust2`, `tar`, `zip`) want `Read`/`Write`/`Seek`
//! values, while a command reaches stdin, stdout and files only through its [`ToolCtx`]. The
//! context is shared through a [`Shared`] cell, so that a decoder pulling stdin and the command
//! printing a listing between entries borrow it in turn (never at once: the crates only read
//! inside calls the command makes). Files are opened on the VFS backend and read or written a
//! chunk at a time at an offset, so `gzip -c big` or `tar x` never holds a whole file in memory.
//! Every read and write checks cancellation first.

use std::cell::RefCell;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use sandsh_api::fs::{KernelBackend, VfsError, WriteMode};
use sandsh_api::{Cancelled, ToolCtx};

use crate::common::input::CHUNK;

/// The context, shared between the streams and the command's own code.
pub type Shared<'a> = RefCell<&'a mut dyn ToolCtx>;

fn busy() -> io::Error {
    io::Error::other("internal error: context busy")
}

/// Fail with [`Cancelled`] when the run has been cancelled.
pub fn check(sh: &Shared<'_>) -> io::Result<()> {
    let c = sh.try_borrow().map_err(|_| busy())?;
    if c.is_cancelled() {
        return Err(Cancelled::io());
    }
    Ok(())
}

/// A VFS error as an io error carrying the errno text.
pub fn vfs_io(e: VfsError) -> io::Error {
    match e {
        VfsError::NotFound => io::Error::new(io::ErrorKind::NotFound, "No such file or directory"),
        VfsError::PermissionDenied => {
            io::Error::new(io::ErrorKind::PermissionDenied, "Permission denied")
        }
        e => io::Error::other(e.to_string()),
    }
}

/// The text of an io error as GNU tools print it (no "(os error N)" decorations).
pub fn msg(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => "No such file or directory".into(),
        io::ErrorKind::PermissionDenied => "Permission denied".into(),
        io::ErrorKind::UnexpectedEof => "Unexpected end of input".into(),
        _ => e.to_string(),
    }
}

/// A regular file of the VFS, read, written and sought a chunk at a time.
pub struct VfsFile {
    backend: Arc<dyn KernelBackend>,
    path: PathBuf,
    pos: u64,
    len: u64,
    /// Read-ahead: `rbuf` holds the bytes at `rstart..`.
    rbuf: Vec<u8>,
    rstart: u64,
    /// Pending writes, to go at `wstart`.
    wbuf: Vec<u8>,
    wstart: u64,
}

impl VfsFile {
    /// Open an existing file for reading (and writing at offsets).
    pub fn open(backend: &Arc<dyn KernelBackend>, path: &Path) -> io::Result<VfsFile> {
        let m = backend.stat(path).map_err(vfs_io)?;
        if m.is_dir() {
            return Err(io::Error::other("Is a directory"));
        }
        Ok(VfsFile {
            backend: backend.clone(),
            path: path.to_path_buf(),
            pos: 0,
            len: m.size,
            rbuf: Vec::new(),
            rstart: 0,
            wbuf: Vec::new(),
            wstart: 0,
        })
    }

    /// Create (or truncate) a file with `mode`.
    pub fn create(backend: &Arc<dyn KernelBackend>, path: &Path, mode: u32) -> io::Result<VfsFile> {
        backend
            .write(path, b"", WriteMode::Truncate, mode)
            .map_err(vfs_io)?;
        Ok(VfsFile {
            backend: backend.clone(),
            path: path.to_path_buf(),
            pos: 0,
            len: 0,
            rbuf: Vec::new(),
            rstart: 0,
            wbuf: Vec::new(),
            wstart: 0,
        })
    }

    fn flush_writes(&mut self) -> io::Result<()> {
        if self.wbuf.is_empty() {
            return Ok(());
        }
        self.backend
            .write(&self.path, &self.wbuf, WriteMode::At(self.wstart), 0o644)
            .map_err(vfs_io)?;
        self.wbuf.clear();
        Ok(())
    }
}

impl Read for VfsFile {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.flush_writes()?;
        if buf.is_empty() || self.pos >= self.len {
            return Ok(0);
        }
        let end = self.rstart + self.rbuf.len() as u64;
        if self.pos < self.rstart || self.pos >= end {
            let want = (CHUNK as u64).max(buf.len() as u64);
            let stop = self.len.min(self.pos + want);
            self.rbuf = self
                .backend
                .read(&self.path, Some(self.pos..stop))
                .map_err(vfs_io)?;
            self.rstart = self.pos;
            if self.rbuf.is_empty() {
                return Ok(0);
            }
        }
        let off = (self.pos - self.rstart) as usize;
        let n = buf.len().min(self.rbuf.len() - off);
        buf[..n].copy_from_slice(&self.rbuf[off..off + n]);
        self.pos += n as u64;
        Ok(n)
    }
}

impl Write for VfsFile {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        if self.wbuf.is_empty() {
            self.wstart = self.pos;
        } else if self.wstart + self.wbuf.len() as u64 != self.pos {
            self.flush_writes()?;
            self.wstart = self.pos;
        }
        self.rbuf.clear();
        self.wbuf.extend_from_slice(data);
        self.pos += data.len() as u64;
        self.len = self.len.max(self.pos);
        if self.wbuf.len() >= CHUNK {
            self.flush_writes()?;
        }
        Ok(data.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.flush_writes()
    }
}

impl Seek for VfsFile {
    fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
        let new = match to {
            SeekFrom::Start(n) => Some(n),
            SeekFrom::End(d) => self.len.checked_add_signed(d),
            SeekFrom::Current(d) => self.pos.checked_add_signed(d),
        };
        let Some(new) = new else {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "Invalid argument",
            ));
        };
        self.pos = new;
        Ok(new)
    }
}

/// An input: stdin, a VFS file, or one of the shell's descriptors named as a file
/// (`/dev/fd/63`), checking cancellation on every read.
pub struct In<'s, 'a> {
    sh: &'s Shared<'a>,
    src: Src,
    /// Bytes read so far.
    pub count: u64,
}

enum Src {
    Stdin,
    File(VfsFile),
    Stream(Box<dyn Read + Send>),
}

impl<'s, 'a> In<'s, 'a> {
    pub fn stdin(sh: &'s Shared<'a>) -> Self {
        In {
            sh,
            src: Src::Stdin,
            count: 0,
        }
    }

    pub fn file(sh: &'s Shared<'a>, f: VfsFile) -> Self {
        In {
            sh,
            src: Src::File(f),
            count: 0,
        }
    }

    /// `path` when it names one of the shell's descriptors (`/dev/stdin`, `/dev/fd/63`): it
    /// is read as the OS would give it, not looked up in the filesystem. `None` for other
    /// paths; `Some(Err)` when the descriptor is not open.
    pub fn descriptor(sh: &'s Shared<'a>, path: &str) -> Option<io::Result<Self>> {
        if !crate::common::output::is_fd_path(path) {
            return None;
        }
        let r = match sh.try_borrow_mut() {
            Ok(mut c) => c.open_read(path),
            Err(_) => Err(busy()),
        };
        Some(r.map(|r| In {
            sh,
            src: Src::Stream(r),
            count: 0,
        }))
    }
}

impl Read for In<'_, '_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = match &mut self.src {
            Src::File(f) => {
                check(self.sh)?;
                f.read(buf)?
            }
            Src::Stream(r) => {
                check(self.sh)?;
                r.read(buf)?
            }
            Src::Stdin => {
                let mut c = self.sh.try_borrow_mut().map_err(|_| busy())?;
                if c.is_cancelled() {
                    return Err(Cancelled::io());
                }
                let n = c.stdin().read(buf)?;
                // An end of input caused by a cancellation is not the real one.
                if n == 0 && c.is_cancelled() {
                    return Err(Cancelled::io());
                }
                n
            }
        };
        self.count += n as u64;
        Ok(n)
    }
}

impl Seek for In<'_, '_> {
    fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
        match &mut self.src {
            Src::File(f) => f.seek(to),
            Src::Stdin | Src::Stream(_) => Err(io::Error::other("Illegal seek")),
        }
    }
}

/// An output: stdout or a VFS file, checking cancellation on every write.
pub struct Out<'s, 'a> {
    sh: &'s Shared<'a>,
    file: Option<VfsFile>,
    /// Bytes written so far.
    pub count: u64,
}

impl<'s, 'a> Out<'s, 'a> {
    pub fn stdout(sh: &'s Shared<'a>) -> Self {
        Out {
            sh,
            file: None,
            count: 0,
        }
    }

    pub fn file(sh: &'s Shared<'a>, f: VfsFile) -> Self {
        Out {
            sh,
            file: Some(f),
            count: 0,
        }
    }
}

impl Write for Out<'_, '_> {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        let n = match &mut self.file {
            Some(f) => {
                check(self.sh)?;
                f.write(data)?
            }
            None => {
                let mut c = self.sh.try_borrow_mut().map_err(|_| busy())?;
                if c.is_cancelled() {
                    return Err(Cancelled::io());
                }
                c.stdout().write(data)?
            }
        };
        self.count += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.file {
            Some(f) => f.flush(),
            None => {
                let mut c = self.sh.try_borrow_mut().map_err(|_| busy())?;
                c.stdout().flush()
            }
        }
    }
}

impl Seek for Out<'_, '_> {
    fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
        match &mut self.file {
            Some(f) => f.seek(to),
            None => Err(io::Error::other("Illegal seek")),
        }
    }
}

/// Write a diagnostic line to stderr through the shared context.
pub fn warn(sh: &Shared<'_>, line: &str) {
    if let Ok(mut c) = sh.try_borrow_mut() {
        let _ = writeln!(c.stderr(), "{line}");
    }
}

/// Write text to stdout through the shared context; `false` when the reader is gone.
pub fn print(sh: &Shared<'_>, text: &[u8]) -> bool {
    match sh.try_borrow_mut() {
        Ok(mut c) => c.stdout().write_all(text).is_ok(),
        Err(_) => false,
    }
}

/// Copy `r` to `w` a chunk at a time, checking cancellation; returns the bytes copied.
pub fn copy(sh: &Shared<'_>, r: &mut dyn Read, w: &mut dyn Write) -> io::Result<u64> {
    let mut buf = vec![0u8; CHUNK];
    let mut total = 0u64;
    loop {
        check(sh)?;
        let n = match r.read(&mut buf) {
            Ok(0) => return Ok(total),
            Ok(n) => n,
            Err(e) => return Err(e),
        };
        w.write_all(&buf[..n])?;
        total += n as u64;
    }
}
