//! The guest's side of the ABI: its linear memory as typed reads and writes, and WASI
//! preview1's numbers (errno values, file types, flags, rights).
//!
//! Every access is bounds-checked: a pointer the guest made up is `EFAULT`, never a panic.

/// A WASI errno. `Ok(())` from a host function is `ESUCCESS` (0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u16)]
pub(crate) enum Errno {
    Acces = 2,
    Badf = 8,
    Exist = 20,
    Fault = 21,
    Fbig = 22,
    Inval = 28,
    Io = 29,
    Isdir = 31,
    Loop = 32,
    Mfile = 33,
    Nametoolong = 37,
    Nomem = 48,
    Noent = 44,
    Nospc = 51,
    Notdir = 54,
    Notempty = 55,
    Notsup = 58,
    Perm = 63,
    Pipe = 64,
    Rofs = 69,
    Spipe = 70,
    Xdev = 75,
    Canceled = 11,
}

pub(crate) type WasiResult<T = ()> = Result<T, Errno>;

impl From<sandsh_vfs::VfsError> for Errno {
    fn from(e: sandsh_vfs::VfsError) -> Errno {
        use sandsh_vfs::VfsError as V;
        match e {
            V::NotFound => Errno::Noent,
            V::AlreadyExists => Errno::Exist,
            V::NotADirectory => Errno::Notdir,
            V::IsADirectory => Errno::Isdir,
            V::NotEmpty => Errno::Notempty,
            V::PermissionDenied => Errno::Acces,
            V::ReadOnly => Errno::Rofs,
            V::TooManyLinks => Errno::Loop,
            V::InvalidInput => Errno::Inval,
            V::NoSpace => Errno::Nospc,
            V::FileTooLarge => Errno::Fbig,
            V::CrossDevice => Errno::Xdev,
            V::Unsupported => Errno::Notsup,
            V::Other(_) => Errno::Io,
        }
    }
}

impl From<std::io::Error> for Errno {
    fn from(e: std::io::Error) -> Errno {
        use std::io::ErrorKind as K;
        if sandsh_runtime::is_cancelled(&e) {
            return Errno::Canceled;
        }
        match e.kind() {
            K::NotFound => Errno::Noent,
            K::PermissionDenied => Errno::Acces,
            K::AlreadyExists => Errno::Exist,
            K::BrokenPipe => Errno::Pipe,
            K::InvalidInput => Errno::Inval,
            K::IsADirectory => Errno::Isdir,
            K::NotADirectory => Errno::Notdir,
            K::ReadOnlyFilesystem => Errno::Rofs,
            K::StorageFull => Errno::Nospc,
            K::FileTooLarge => Errno::Fbig,
            K::OutOfMemory => Errno::Nomem,
            K::Unsupported => Errno::Notsup,
            _ => Errno::Io,
        }
    }
}

/// `filetype`.
pub(crate) mod filetype {
    pub const UNKNOWN: u8 = 0;
    pub const CHARACTER_DEVICE: u8 = 2;
    pub const DIRECTORY: u8 = 3;
    pub const REGULAR_FILE: u8 = 4;
    pub const SYMBOLIC_LINK: u8 = 7;
}

/// `oflags`.
pub(crate) mod oflags {
    pub const CREAT: u16 = 1;
    pub const DIRECTORY: u16 = 2;
    pub const EXCL: u16 = 4;
    pub const TRUNC: u16 = 8;
}

/// `fdflags`.
pub(crate) mod fdflags {
    pub const APPEND: u16 = 1;
}

/// `rights`: the two this host looks at, and all of them (what the preopen passes on).
pub(crate) mod rights {
    pub const FD_READ: u64 = 1 << 1;
    pub const FD_SEEK: u64 = 1 << 2;
    pub const FD_TELL: u64 = 1 << 5;
    pub const FD_WRITE: u64 = 1 << 6;
    pub const ALL: u64 = (1 << 30) - 1;
}

/// `fstflags`.
pub(crate) mod fstflags {
    pub const ATIM: u16 = 1;
    pub const ATIM_NOW: u16 = 2;
    pub const MTIM: u16 = 4;
    pub const MTIM_NOW: u16 = 8;
}

/// The guest's linear memory, borrowed for one host call.
pub(crate) struct Mem<'a>(pub(crate) &'a mut [u8]);

impl Mem<'_> {
    fn range(&self, ptr: u32, len: u32) -> WasiResult<std::ops::Range<usize>> {
        let start = ptr as usize;
        let end = start.checked_add(len as usize).ok_or(Errno::Fault)?;
        if end > self.0.len() {
            return Err(Errno::Fault);
        }
        Ok(start..end)
    }

    pub(crate) fn bytes(&self, ptr: u32, len: u32) -> WasiResult<&[u8]> {
        let r = self.range(ptr, len)?;
        Ok(&self.0[r])
    }

    pub(crate) fn bytes_mut(&mut self, ptr: u32, len: u32) -> WasiResult<&mut [u8]> {
        let r = self.range(ptr, len)?;
        Ok(&mut self.0[r])
    }

    pub(crate) fn u32(&self, ptr: u32) -> WasiResult<u32> {
        let b = self.bytes(ptr, 4)?;
        Ok(u32::from_le_bytes(b.try_into().expect("four bytes")))
    }

    pub(crate) fn u64(&self, ptr: u32) -> WasiResult<u64> {
        let b = self.bytes(ptr, 8)?;
        Ok(u64::from_le_bytes(b.try_into().expect("eight bytes")))
    }

    pub(crate) fn u16(&self, ptr: u32) -> WasiResult<u16> {
        let b = self.bytes(ptr, 2)?;
        Ok(u16::from_le_bytes(b.try_into().expect("two bytes")))
    }

    pub(crate) fn u8(&self, ptr: u32) -> WasiResult<u8> {
        Ok(self.bytes(ptr, 1)?[0])
    }

    pub(crate) fn put(&mut self, ptr: u32, data: &[u8]) -> WasiResult {
        self.bytes_mut(ptr, data.len() as u32)?
            .copy_from_slice(data);
        Ok(())
    }

    pub(crate) fn set_u8(&mut self, ptr: u32, v: u8) -> WasiResult {
        self.put(ptr, &[v])
    }

    pub(crate) fn set_u16(&mut self, ptr: u32, v: u16) -> WasiResult {
        self.put(ptr, &v.to_le_bytes())
    }

    pub(crate) fn set_u32(&mut self, ptr: u32, v: u32) -> WasiResult {
        self.put(ptr, &v.to_le_bytes())
    }

    pub(crate) fn set_u64(&mut self, ptr: u32, v: u64) -> WasiResult {
        self.put(ptr, &v.to_le_bytes())
    }

    /// A path argument: bytes, which WASI says are UTF-8 but a POSIX name need not be.
    pub(crate) fn path(&self, ptr: u32, len: u32) -> WasiResult<Vec<u8>> {
        if len > 4096 {
            return Err(Errno::Nametoolong);
        }
        Ok(self.bytes(ptr, len)?.to_vec())
    }

    /// The (pointer, length) pairs of an iovec array.
    pub(crate) fn iovecs(&self, ptr: u32, count: u32) -> WasiResult<Vec<(u32, u32)>> {
        if count > 1024 {
            return Err(Errno::Inval);
        }
        (0..count)
            .map(|i| {
                let at = ptr.checked_add(i * 8).ok_or(Errno::Fault)?;
                Ok((self.u32(at)?, self.u32(at + 4)?))
            })
            .collect()
    }

    /// Write `list` as a WASI string table: pointers at `ptrs`, NUL-terminated bytes at `buf`
    /// (`args_get`, `environ_get`).
    pub(crate) fn string_table(&mut self, list: &[Vec<u8>], ptrs: u32, buf: u32) -> WasiResult {
        let mut at = buf;
        for (i, s) in list.iter().enumerate() {
            self.set_u32(ptrs + 4 * i as u32, at)?;
            self.put(at, s)?;
            self.set_u8(at + s.len() as u32, 0)?;
            at += s.len() as u32 + 1;
        }
        Ok(())
    }
}

/// What `args_sizes_get` and `environ_sizes_get` answer for a string table.
pub(crate) fn table_sizes(list: &[Vec<u8>]) -> (u32, u32) {
    let bytes: usize = list.iter().map(|s| s.len() + 1).sum();
    (list.len() as u32, bytes as u32)
}
