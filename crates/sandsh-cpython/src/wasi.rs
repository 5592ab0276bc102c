//! WASI preview1, as the CPython guest imports it, over the session: files through the VFS
//! (`files`), standard streams through the command's context, the session's clock, and no
//! sockets. Every import the module declares is defined here; there is no host directory, no
//! host process and no socket behind any of them.

use std::path::Path;
use std::time::{Duration, Instant, UNIX_EPOCH};

use sandsh_vfs::FileTimes;
use wasmtime::{Caller, Linker};

use crate::files::{self, Backing, Fd, Filestat, OpenRequest, stat_path, time_from_nanos};
use crate::guest::{Errno, Mem, WasiResult, fdflags, fstflags, oflags, rights, table_sizes};
use crate::host::{Host, guest};

const WASI: &str = "wasi_snapshot_preview1";

/// `proc_exit`: ends the call with a status (a trap carrying it).
#[derive(Debug)]
pub(crate) struct Exit(pub(crate) i32);

impl std::fmt::Display for Exit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "exit status {}", self.0)
    }
}

impl std::error::Error for Exit {}

/// Run `f` on the guest's memory and the host state; its error is the errno returned.
fn with(
    caller: &mut Caller<'_, Host>,
    f: impl FnOnce(&mut Mem<'_>, &mut Host) -> WasiResult,
) -> i32 {
    let (mut mem, host) = guest(caller);
    match f(&mut mem, host) {
        Ok(()) => 0,
        Err(e) => e as i32,
    }
}

/// The process's monotonic clock starts at its first use.
fn monotonic_base() -> Instant {
    static BASE: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    *BASE.get_or_init(Instant::now)
}

fn now_nanos(h: &mut Host) -> u64 {
    h.ctx()
        .now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

/// The times `fd_filestat_set_times` and `path_filestat_set_times` ask for.
fn times(h: &mut Host, atim: i64, mtim: i64, flags: i32) -> WasiResult<FileTimes> {
    let flags = flags as u16;
    if (flags & fstflags::ATIM != 0 && flags & fstflags::ATIM_NOW != 0)
        || (flags & fstflags::MTIM != 0 && flags & fstflags::MTIM_NOW != 0)
    {
        return Err(Errno::Inval);
    }
    let now = h.ctx().now();
    let pick = |set: u16, set_now: u16, value: i64| {
        if flags & set_now != 0 {
            Some(now)
        } else if flags & set != 0 {
            Some(time_from_nanos(value as u64))
        } else {
            None
        }
    };
    Ok(FileTimes {
        atime: pick(fstflags::ATIM, fstflags::ATIM_NOW, atim),
        mtime: pick(fstflags::MTIM, fstflags::MTIM_NOW, mtim),
    })
}

/// Read into the iovecs from descriptor `fd`, at `at` (pread) or at its position.
fn read(
    mem: &mut Mem<'_>,
    h: &mut Host,
    fd: i32,
    iovs: Vec<(u32, u32)>,
    at: Option<u64>,
) -> WasiResult<u32> {
    let mut total = 0u32;
    for (ptr, len) in iovs {
        if len == 0 {
            continue;
        }
        let n = match h.fds.get(fd)? {
            Fd::Stdin => {
                let buf = mem.bytes_mut(ptr, len)?;
                h.ctx().stdin().read(buf).map_err(Errno::from)?
            }
            Fd::Stdout | Fd::Stderr => return Err(Errno::Badf),
            Fd::Dir { .. } => return Err(Errno::Isdir),
            Fd::Null { zero } => {
                if *zero {
                    mem.bytes_mut(ptr, len)?.fill(0);
                    len as usize
                } else {
                    0
                }
            }
            Fd::File {
                backing, pos, read, ..
            } => {
                if !read {
                    return Err(Errno::Badf);
                }
                let buf = mem.bytes_mut(ptr, len)?;
                let n = files::read_file_at(
                    &h.backend,
                    backing,
                    at.unwrap_or(*pos) + total as u64,
                    buf,
                )?;
                if at.is_none()
                    && let Fd::File { pos, .. } = h.fds.get_mut(fd)?
                {
                    *pos += n as u64;
                }
                n
            }
        };
        total += n as u32;
        if n < len as usize {
            break;
        }
        // Streams give what they have: one read per call, as read(2) on a pipe.
        if matches!(h.fds.get(fd)?, Fd::Stdin) {
            break;
        }
    }
    Ok(total)
}

/// Write the iovecs to descriptor `fd`, at `at` (pwrite) or at its position.
fn write(
    mem: &Mem<'_>,
    h: &mut Host,
    fd: i32,
    iovs: Vec<(u32, u32)>,
    at: Option<u64>,
) -> WasiResult<u32> {
    let mut total = 0u32;
    let be = h.backend.clone();
    for (ptr, len) in iovs {
        let data = mem.bytes(ptr, len)?;
        match h.fds.get_mut(fd)? {
            Fd::Stdout | Fd::Stderr => {
                let err = matches!(h.fds.get(fd)?, Fd::Stderr);
                if let Err(e) = h.write_stdio(err, data) {
                    let errno = Errno::from(e);
                    if errno == Errno::Pipe {
                        h.broken_pipe = true;
                    }
                    return Err(errno);
                }
            }
            Fd::Stdin => return Err(Errno::Badf),
            Fd::Dir { .. } => return Err(Errno::Isdir),
            Fd::Null { .. } => {}
            Fd::File {
                backing,
                pos,
                write,
                append,
                ..
            } => {
                if !*write {
                    return Err(Errno::Badf);
                }
                let (start, append_now) = (at.unwrap_or(*pos), *append && at.is_none());
                let end = files::write_file_at(&be, backing, start, append_now, data)?;
                if at.is_none() {
                    *pos = end;
                }
            }
        }
        total += len;
    }
    Ok(total)
}

/// A path argument resolved against its directory descriptor. A path written as a
/// directory's (`f/`) must name one, as on Linux (`ENOTDIR` for a file).
/// `pread`/`pwrite` need a descriptor with positions: a stream's is `ESPIPE`.
fn positioned(h: &Host, fd: i32) -> WasiResult {
    match h.fds.get(fd)? {
        Fd::File { .. } | Fd::Null { .. } => Ok(()),
        _ => Err(Errno::Spipe),
    }
}

fn path_arg(
    mem: &Mem<'_>,
    h: &Host,
    fd: i32,
    ptr: i32,
    len: i32,
) -> WasiResult<std::path::PathBuf> {
    Ok(path_arg_form(mem, h, fd, ptr, len)?.0)
}

/// [`path_arg`], and whether the path was written as a directory's.
fn path_arg_form(
    mem: &Mem<'_>,
    h: &Host,
    fd: i32,
    ptr: i32,
    len: i32,
) -> WasiResult<(std::path::PathBuf, bool)> {
    let raw = mem.path(ptr as u32, len as u32)?;
    let path = h.fds.resolve(fd, &raw)?;
    let dir_form = files::names_a_directory(&raw);
    if dir_form {
        files::require_dir(&h.backend, &path)?;
    }
    Ok((path, dir_form))
}

/// `poll_oneoff`: clocks sleep (waking on cancellation); descriptors are always ready.
fn poll(mem: &mut Mem<'_>, h: &mut Host, inp: u32, out: u32, n: u32) -> WasiResult<u32> {
    if n == 0 || n > 64 {
        return Err(Errno::Inval);
    }
    let mut events = Vec::new();
    let mut sleep: Option<(u64, Duration)> = None;
    for i in 0..n {
        let s = inp + i * 48;
        let userdata = mem.u64(s)?;
        let tag = mem.u8(s + 8)?;
        match tag {
            0 => {
                let id = mem.u32(s + 16)?;
                let timeout = mem.u64(s + 24)?;
                let abstime = mem.u16(s + 40)? & 1 != 0;
                let wait = if abstime {
                    let now = if id == 0 {
                        now_nanos(h)
                    } else {
                        monotonic_base().elapsed().as_nanos() as u64
                    };
                    Duration::from_nanos(timeout.saturating_sub(now))
                } else {
                    Duration::from_nanos(timeout)
                };
                if sleep.is_none_or(|(_, d)| wait < d) {
                    sleep = Some((userdata, wait));
                }
            }
            1 | 2 => events.push((userdata, 0u16, tag)),
            _ => return Err(Errno::Inval),
        }
    }
    if events.is_empty()
        && let Some((userdata, wait)) = sleep
    {
        let deadline = Instant::now() + wait;
        loop {
            if h.ctx().is_cancelled() {
                return Err(Errno::Canceled);
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            std::thread::sleep(left.min(Duration::from_millis(20)));
        }
        events.push((userdata, 0, 0));
    }
    for (i, (userdata, error, kind)) in events.iter().enumerate() {
        let e = out + i as u32 * 32;
        mem.put(e, &[0; 32])?;
        mem.set_u64(e, *userdata)?;
        mem.set_u16(e + 8, *error)?;
        mem.set_u8(e + 10, *kind)?;
    }
    Ok(events.len() as u32)
}

/// Defines import `$name` on `$linker`, written as a closure over the guest's memory, the host
/// state and the import's parameters: `import!(linker, "fd_tell", |m, h, fd: i32, out: i32|
/// …)`. The body's error is the errno the guest gets (see [`with`]).
macro_rules! import {
    ($linker:ident, $name:expr, |$m:pat_param, $h:pat_param $(, $arg:ident: $ty:ty)*| $body:expr) => {
        $linker.func_wrap(WASI, $name, |mut c: Caller<'_, Host>, $($arg: $ty),*| {
            with(&mut c, |$m, $h| $body)
        })?
    };
}

/// Define every import of the module on `linker`.
pub(crate) fn add(linker: &mut Linker<Host>) -> wasmtime::Result<()> {
    import!(linker, "args_get", |m, h, ptrs: i32, buf: i32| {
        m.string_table(&h.args, ptrs as u32, buf as u32)
    });
    import!(linker, "args_sizes_get", |m, h, count: i32, size: i32| {
        let (n, bytes) = table_sizes(&h.args);
        m.set_u32(count as u32, n)?;
        m.set_u32(size as u32, bytes)
    });
    import!(linker, "environ_get", |m, h, ptrs: i32, buf: i32| {
        m.string_table(&h.env, ptrs as u32, buf as u32)
    });
    import!(
        linker,
        "environ_sizes_get",
        |m, h, count: i32, size: i32| {
            let (n, bytes) = table_sizes(&h.env);
            m.set_u32(count as u32, n)?;
            m.set_u32(size as u32, bytes)
        }
    );
    import!(linker, "clock_res_get", |m, _, id: i32, out: i32| {
        if !(0..=3).contains(&id) {
            return Err(Errno::Inval);
        }
        m.set_u64(out as u32, 1_000)
    });
    import!(
        linker,
        "clock_time_get",
        |m, h, id: i32, _precision: i64, out: i32| {
            let t = match id {
                0 => now_nanos(h),
                1 => monotonic_base().elapsed().as_nanos() as u64,
                2 | 3 => h.started.elapsed().as_nanos() as u64,
                _ => return Err(Errno::Inval),
            };
            m.set_u64(out as u32, t)
        }
    );
    import!(
        linker,
        "fd_advise",
        |_, h, fd: i32, _off: i64, _len: i64, _advice: i32| h.fds.get(fd).map(|_| ())
    );
    import!(linker, "fd_close", |_, h, fd: i32| {
        if fd == 3 {
            // The preopen stays: the guest's libc resolves every path through it.
            return Err(Errno::Badf);
        }
        h.fds.close(fd)
    });
    for name in ["fd_datasync", "fd_sync"] {
        import!(linker, name, |_, h, fd: i32| h.fds.get(fd).map(|_| ()));
    }
    import!(linker, "fd_fdstat_get", |m, h, fd: i32, out: i32| {
        let f = h.fds.get(fd)?;
        let (base, inheriting) = f.rights();
        let flags = match f {
            Fd::File { append: true, .. } => fdflags::APPEND,
            _ => 0,
        };
        let out = out as u32;
        m.put(out, &[0; 24])?;
        m.set_u8(out, f.file_type())?;
        m.set_u16(out + 2, flags)?;
        m.set_u64(out + 8, base)?;
        m.set_u64(out + 16, inheriting)
    });
    import!(
        linker,
        "fd_fdstat_set_flags",
        |_, h, fd: i32, flags: i32| {
            if let Fd::File { append, .. } = h.fds.get_mut(fd)? {
                *append = flags as u16 & fdflags::APPEND != 0;
            }
            Ok(())
        }
    );
    import!(linker, "fd_filestat_get", |m, h, fd: i32, out: i32| {
        let st = match h.fds.get(fd)? {
            Fd::Dir { path, .. } => stat_path(&h.backend, path, true)?,
            Fd::File { backing, .. } => files::stat_backing(&h.backend, backing)?,
            f @ (Fd::Null { .. } | Fd::Stdin | Fd::Stdout | Fd::Stderr) => {
                Filestat::stream(f.file_type())
            }
        };
        st.write(m, out as u32)
    });
    import!(
        linker,
        "fd_filestat_set_size",
        |_, h, fd: i32, size: i64| {
            let be = h.backend.clone();
            match h.fds.get_mut(fd)? {
                Fd::File {
                    backing,
                    write: true,
                    ..
                } => files::truncate_backing(&be, backing, size as u64),
                Fd::File { .. } | Fd::Null { .. } => Err(Errno::Inval),
                _ => Err(Errno::Badf),
            }
        }
    );
    import!(
        linker,
        "fd_filestat_set_times",
        |_, h, fd: i32, atim: i64, mtim: i64, flags: i32| {
            let t = times(h, atim, mtim, flags)?;
            match h.fds.get(fd)? {
                Fd::File {
                    backing: Backing::Vfs(path),
                    ..
                }
                | Fd::Dir { path, .. } => h.backend.set_times(path, t).map_err(Errno::from),
                _ => Ok(()),
            }
        }
    );
    import!(
        linker,
        "fd_pread",
        |m, h, fd: i32, iovs: i32, n: i32, off: i64, out: i32| {
            let v = m.iovecs(iovs as u32, n as u32)?;
            positioned(h, fd)?;
            let got = read(m, h, fd, v, Some(off as u64))?;
            m.set_u32(out as u32, got)
        }
    );
    import!(
        linker,
        "fd_pwrite",
        |m, h, fd: i32, iovs: i32, n: i32, off: i64, out: i32| {
            let v = m.iovecs(iovs as u32, n as u32)?;
            positioned(h, fd)?;
            let put = write(m, h, fd, v, Some(off as u64))?;
            m.set_u32(out as u32, put)
        }
    );
    import!(
        linker,
        "fd_read",
        |m, h, fd: i32, iovs: i32, n: i32, out: i32| {
            let v = m.iovecs(iovs as u32, n as u32)?;
            let got = read(m, h, fd, v, None)?;
            m.set_u32(out as u32, got)
        }
    );
    import!(
        linker,
        "fd_write",
        |m, h, fd: i32, iovs: i32, n: i32, out: i32| {
            let v = m.iovecs(iovs as u32, n as u32)?;
            let put = write(m, h, fd, v, None)?;
            m.set_u32(out as u32, put)
        }
    );
    import!(linker, "fd_prestat_get", |m, _, fd: i32, out: i32| {
        if fd != 3 {
            return Err(Errno::Badf);
        }
        m.set_u32(out as u32, 0)?;
        m.set_u32(out as u32 + 4, 1)
    });
    import!(
        linker,
        "fd_prestat_dir_name",
        |m, _, fd: i32, ptr: i32, len: i32| {
            if fd != 3 {
                return Err(Errno::Badf);
            }
            if len < 1 {
                return Err(Errno::Inval);
            }
            m.put(ptr as u32, b"/")
        }
    );
    import!(
        linker,
        "fd_readdir",
        |m, h, fd: i32, buf: i32, len: i32, cookie: i64, out: i32| {
            let be = h.backend.clone();
            let Fd::Dir { path, entries } = h.fds.get_mut(fd)? else {
                return Err(Errno::Notdir);
            };
            if entries.is_none() || cookie == 0 {
                *entries = Some(files::dir_entries(&be, path)?);
            }
            let list = entries.as_ref().expect("just listed");
            let (buf, len) = (buf as u32, len as u32);
            let mut used = 0u32;
            for (i, (name, kind, ino)) in list.iter().enumerate().skip(cookie as usize) {
                let mut ent = Vec::with_capacity(24 + name.len());
                ent.extend_from_slice(&(i as u64 + 1).to_le_bytes());
                ent.extend_from_slice(&ino.to_le_bytes());
                ent.extend_from_slice(&(name.len() as u32).to_le_bytes());
                ent.push(*kind);
                ent.extend_from_slice(&[0; 3]);
                ent.extend_from_slice(name);
                let room = (len - used) as usize;
                let take = ent.len().min(room);
                m.put(buf + used, &ent[..take])?;
                used += take as u32;
                if used == len {
                    break;
                }
            }
            m.set_u32(out as u32, used)
        }
    );
    import!(
        linker,
        "fd_seek",
        |m, h, fd: i32, off: i64, whence: i32, out: i32| {
            let be = h.backend.clone();
            let new = match h.fds.get_mut(fd)? {
                Fd::File { backing, pos, .. } => {
                    let base = match whence {
                        0 => 0,
                        1 => *pos as i64,
                        2 => files::stat_backing(&be, backing)?.size as i64,
                        _ => return Err(Errno::Inval),
                    };
                    let new = base.checked_add(off).ok_or(Errno::Inval)?;
                    if new < 0 {
                        return Err(Errno::Inval);
                    }
                    *pos = new as u64;
                    new as u64
                }
                Fd::Null { .. } => 0,
                Fd::Dir { .. } => return Err(Errno::Badf),
                _ => return Err(Errno::Spipe),
            };
            m.set_u64(out as u32, new)
        }
    );
    import!(
        linker,
        "fd_tell",
        |m, h, fd: i32, out: i32| match h.fds.get(fd)? {
            Fd::File { pos, .. } => {
                let p = *pos;
                m.set_u64(out as u32, p)
            }
            Fd::Null { .. } => m.set_u64(out as u32, 0),
            _ => Err(Errno::Spipe),
        }
    );
    import!(
        linker,
        "path_create_directory",
        |m, h, fd: i32, p: i32, n: i32| {
            let path = path_arg(m, h, fd, p, n)?;
            h.backend
                .mkdir(&path, 0o777 & !h.umask, false)
                .map_err(Errno::from)
        }
    );
    import!(
        linker,
        "path_filestat_get",
        |m, h, fd: i32, flags: i32, p: i32, n: i32, out: i32| {
            let (path, dir_form) = path_arg_form(m, h, fd, p, n)?;
            // `link/` is the directory the link points at, as lstat(2) answers.
            stat_path(&h.backend, &path, flags & 1 != 0 || dir_form)?.write(m, out as u32)
        }
    );
    import!(
        linker,
        "path_filestat_set_times",
        |m, h, fd: i32, _flags: i32, p: i32, n: i32, atim: i64, mtim: i64, fl: i32| {
            let path = path_arg(m, h, fd, p, n)?;
            let t = times(h, atim, mtim, fl)?;
            h.backend.set_times(&path, t).map_err(Errno::from)
        }
    );
    import!(
        linker,
        "path_link",
        |m, h, ofd: i32, _fl: i32, op: i32, on: i32, nfd: i32, np: i32, nn: i32| {
            let from = path_arg(m, h, ofd, op, on)?;
            let to = path_arg(m, h, nfd, np, nn)?;
            // Linux refuses a directory's hard link with EPERM.
            if h.backend.lstat(&from).is_ok_and(|m| m.is_dir()) {
                return Err(Errno::Perm);
            }
            h.backend.hard_link(&from, &to).map_err(Errno::from)
        }
    );
    import!(
        linker,
        "path_open",
        |m,
         h,
         fd: i32,
         lookup: i32,
         p: i32,
         n: i32,
         of: i32,
         base: i64,
         _inheriting: i64,
         fl: i32,
         out: i32| {
            let (path, dir_form) = path_arg_form(m, h, fd, p, n)?;
            let (of, fl, base) = (of as u16, fl as u16, base as u64);
            let opened = match path.to_str() {
                Some("/dev/stdin" | "/dev/fd/0") => Fd::Stdin,
                Some("/dev/stdout" | "/dev/fd/1") => Fd::Stdout,
                Some("/dev/stderr" | "/dev/fd/2") => Fd::Stderr,
                _ => files::open(
                    &h.backend,
                    OpenRequest {
                        path,
                        follow: lookup & 1 != 0,
                        create: of & oflags::CREAT != 0,
                        exclusive: of & oflags::EXCL != 0,
                        truncate: of & oflags::TRUNC != 0,
                        directory: of & oflags::DIRECTORY != 0,
                        dir_form,
                        read: base & rights::FD_READ != 0,
                        write: base & rights::FD_WRITE != 0,
                        append: fl & fdflags::APPEND != 0,
                        umask: h.umask,
                    },
                )?,
            };
            let new = h.fds.insert(opened)?;
            m.set_u32(out as u32, new)
        }
    );
    import!(
        linker,
        "path_readlink",
        |m, h, fd: i32, p: i32, n: i32, buf: i32, len: i32, out: i32| {
            use std::os::unix::ffi::OsStrExt;
            let path = path_arg(m, h, fd, p, n)?;
            let target = h.backend.read_link(&path).map_err(Errno::from)?;
            let bytes = target.as_os_str().as_bytes();
            let take = bytes.len().min(len as usize);
            m.put(buf as u32, &bytes[..take])?;
            m.set_u32(out as u32, take as u32)
        }
    );
    import!(
        linker,
        "path_remove_directory",
        |m, h, fd: i32, p: i32, n: i32| {
            let path = path_arg(m, h, fd, p, n)?;
            let meta = h.backend.lstat(&path).map_err(Errno::from)?;
            if !meta.is_dir() {
                return Err(Errno::Notdir);
            }
            h.backend.remove(&path, false).map_err(Errno::from)
        }
    );
    import!(
        linker,
        "path_rename",
        |m, h, ofd: i32, op: i32, on: i32, nfd: i32, np: i32, nn: i32| {
            let from = path_arg(m, h, ofd, op, on)?;
            let to = path_arg(m, h, nfd, np, nn)?;
            let (be, budget) = (h.backend.clone(), h.ctx().memory());
            let plan = h.fds.plan_rename(&be, &budget, &from, &to);
            be.rename(&from, &to).map_err(Errno::from)?;
            h.fds.apply(plan);
            Ok(())
        }
    );
    import!(
        linker,
        "path_symlink",
        |m, h, op: i32, on: i32, fd: i32, np: i32, nn: i32| {
            use std::os::unix::ffi::OsStrExt;
            let target = m.path(op as u32, on as u32)?;
            let link = path_arg(m, h, fd, np, nn)?;
            h.backend
                .symlink(Path::new(std::ffi::OsStr::from_bytes(&target)), &link)
                .map_err(Errno::from)
        }
    );
    import!(
        linker,
        "path_unlink_file",
        |m, h, fd: i32, p: i32, n: i32| {
            let path = path_arg(m, h, fd, p, n)?;
            let meta = h.backend.lstat(&path).map_err(Errno::from)?;
            if meta.is_dir() {
                return Err(Errno::Isdir);
            }
            let (be, budget) = (h.backend.clone(), h.ctx().memory());
            let plan = h.fds.plan_unlink(&be, &budget, &path);
            be.remove(&path, false).map_err(Errno::from)?;
            h.fds.apply(plan);
            Ok(())
        }
    );
    import!(
        linker,
        "poll_oneoff",
        |m, h, inp: i32, out: i32, n: i32, nout: i32| {
            let got = poll(m, h, inp as u32, out as u32, n as u32)?;
            m.set_u32(nout as u32, got)
        }
    );
    linker.func_wrap(
        WASI,
        "proc_exit",
        |_c: Caller<'_, Host>, code: i32| -> wasmtime::Result<()> {
            Err(wasmtime::Error::new(Exit(code)))
        },
    )?;
    linker.func_wrap(WASI, "sched_yield", || 0i32)?;
    import!(linker, "random_get", |m, _, buf: i32, len: i32| {
        let out = m.bytes_mut(buf as u32, len as u32)?;
        getrandom::fill(out).map_err(|_| Errno::Io)
    });
    // No sockets in the sandbox: the network goes through the HTTP bridge (`http`).
    linker.func_wrap(WASI, "sock_accept", |_: i32, _: i32, _: i32| {
        Errno::Notsup as i32
    })?;
    linker.func_wrap(
        WASI,
        "sock_recv",
        |_: i32, _: i32, _: i32, _: i32, _: i32, _: i32| Errno::Notsup as i32,
    )?;
    linker.func_wrap(
        WASI,
        "sock_send",
        |_: i32, _: i32, _: i32, _: i32, _: i32| Errno::Notsup as i32,
    )?;
    linker.func_wrap(WASI, "sock_shutdown", |_: i32, _: i32| Errno::Notsup as i32)?;
    crate::http::add(linker)
}
