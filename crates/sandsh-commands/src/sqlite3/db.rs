//! SQLite set up for a sandbox: the C library (compiled in by `libsqlite3-sys`, through
//! `rusqlite`) with no way to the host and no heap outside the session's budget.
//!
//! * **Files.** A database is never opened from a path: the command reads the file from the
//!   VFS and hands the bytes to `sqlite3_deserialize` (an in-memory database), and writes the
//!   result of `sqlite3_serialize` back. The host VFSes SQLite registers (`unix`, `unix-dotfile`,
//!   …) are unregistered once per process and replaced by a default VFS that opens nothing, so
//!   `ATTACH '/etc/passwd'`, `VACUUM INTO 'x'` or a temporary file can reach no host file. An
//!   authorizer admits `ATTACH` of `:memory:`, and hands `ATTACH` of a file to the command,
//!   which loads that file from the VFS as it loads the main one (`attach.rs`); a URI is
//!   refused (it could name another VFS, or a shared in-memory database, `file:/x?vfs=memdb` or
//!   `cache=shared`, that other sessions of the process would see).
//! * **Extensions.** `load_extension()` stays disabled and the VFS has no `dlopen`.
//! * **Memory.** SQLite's heap is `malloc`ed by C, which sandsh's counting allocator would not
//!   see: `SQLITE_CONFIG_MALLOC` routes it through Rust's global allocator (so the session's
//!   meter counts it), and the allocator refuses (`SQLITE_NOMEM`) past the budget of the
//!   thread's run. A string or blob is capped at the budget (`SQLITE_LIMIT_LENGTH`).
//! * **Time.** A progress handler checks the run's cancellation every few thousand virtual
//!   machine steps, so a query that runs away (a recursive CTE without a limit) stops at the
//!   timeout as `sqlite3_interrupt` would stop it.

use std::alloc::Layout;
use std::cell::Cell;
use std::ffi::{CStr, CString, c_char, c_int, c_void};
use std::ptr;
use std::sync::OnceLock;

use rusqlite::ffi;

/// Bytes in front of each SQLite allocation holding its size (and keeping 16-byte alignment).
const HDR: usize = 16;

thread_local! {
    /// SQLite heap held on this thread, and the most it may hold (0: no limit).
    static HEAP: Cell<(usize, usize)> = const { Cell::new((0, 0)) };
}

fn admit(n: usize) -> bool {
    HEAP.with(|h| {
        let (used, limit) = h.get();
        if limit != 0 && used.saturating_add(n) > limit {
            return false;
        }
        h.set((used.saturating_add(n), limit));
        true
    })
}

fn release(n: usize) {
    HEAP.with(|h| {
        let (used, limit) = h.get();
        h.set((used.saturating_sub(n), limit));
    });
}

/// Caps this thread's SQLite heap at `limit` bytes for the guard's life.
pub struct HeapLimit(usize);

impl HeapLimit {
    pub fn set(limit: u64) -> HeapLimit {
        let limit = usize::try_from(limit).unwrap_or(usize::MAX);
        let old = HEAP.with(|h| {
            let (used, old) = h.get();
            h.set((used, limit));
            old
        });
        HeapLimit(old)
    }
}

impl Drop for HeapLimit {
    fn drop(&mut self) {
        let old = self.0;
        HEAP.with(|h| {
            let (used, _) = h.get();
            h.set((used, old));
        });
    }
}

fn layout(total: usize) -> Option<Layout> {
    Layout::from_size_align(total, HDR).ok()
}

unsafe extern "C" fn x_malloc(n: c_int) -> *mut c_void {
    let Ok(n) = usize::try_from(n) else {
        return ptr::null_mut();
    };
    let total = n + HDR;
    let Some(l) = layout(total) else {
        return ptr::null_mut();
    };
    if !admit(total) {
        return ptr::null_mut();
    }
    // SAFETY: `l` has a non-zero size.
    let p = unsafe { std::alloc::alloc(l) };
    if p.is_null() {
        release(total);
        return ptr::null_mut();
    }
    // SAFETY: `p` holds at least HDR bytes, aligned for a usize.
    unsafe {
        p.cast::<usize>().write(total);
        p.add(HDR).cast()
    }
}

/// The block a pointer handed to SQLite belongs to, and its size.
///
/// # Safety
/// `p` came from [`x_malloc`] or [`x_realloc`] and was not freed.
unsafe fn block(p: *mut c_void) -> (*mut u8, usize) {
    // SAFETY: per the contract, HDR bytes before `p` hold the block's size.
    unsafe {
        let base = p.cast::<u8>().sub(HDR);
        (base, base.cast::<usize>().read())
    }
}

unsafe extern "C" fn x_free(p: *mut c_void) {
    if p.is_null() {
        return;
    }
    // SAFETY: SQLite frees only what it allocated through these methods.
    unsafe {
        let (base, total) = block(p);
        if let Some(l) = layout(total) {
            std::alloc::dealloc(base, l);
        }
        release(total);
    }
}

unsafe extern "C" fn x_realloc(p: *mut c_void, n: c_int) -> *mut c_void {
    let Ok(n) = usize::try_from(n) else {
        return ptr::null_mut();
    };
    // SAFETY: as in x_free; the new block's header is rewritten before use.
    unsafe {
        let (base, old) = block(p);
        let new = n + HDR;
        if new > old && !admit(new - old) {
            return ptr::null_mut();
        }
        let Some(l) = layout(old) else {
            return ptr::null_mut();
        };
        let q = std::alloc::realloc(base, l, new);
        if q.is_null() {
            if new > old {
                release(new - old);
            }
            return ptr::null_mut();
        }
        if new < old {
            release(old - new);
        }
        q.cast::<usize>().write(new);
        q.add(HDR).cast()
    }
}

unsafe extern "C" fn x_size(p: *mut c_void) -> c_int {
    if p.is_null() {
        return 0;
    }
    // SAFETY: as in x_free.
    let (_, total) = unsafe { block(p) };
    c_int::try_from(total - HDR).unwrap_or(c_int::MAX)
}

unsafe extern "C" fn x_roundup(n: c_int) -> c_int {
    (n.saturating_add(7)) & !7
}

unsafe extern "C" fn x_init(_: *mut c_void) -> c_int {
    ffi::SQLITE_OK
}

unsafe extern "C" fn x_shutdown(_: *mut c_void) {}

// The VFS that opens nothing. Time, randomness and sleep come from the host VFS it replaces.

unsafe extern "C" fn v_open(
    _: *mut ffi::sqlite3_vfs,
    _: *const c_char,
    _: *mut ffi::sqlite3_file,
    _: c_int,
    _: *mut c_int,
) -> c_int {
    ffi::SQLITE_CANTOPEN
}

unsafe extern "C" fn v_delete(_: *mut ffi::sqlite3_vfs, _: *const c_char, _: c_int) -> c_int {
    ffi::SQLITE_IOERR_DELETE
}

unsafe extern "C" fn v_access(
    _: *mut ffi::sqlite3_vfs,
    _: *const c_char,
    _: c_int,
    out: *mut c_int,
) -> c_int {
    if !out.is_null() {
        // SAFETY: SQLite passes a valid out-pointer.
        unsafe { *out = 0 };
    }
    ffi::SQLITE_OK
}

unsafe extern "C" fn v_full(
    _: *mut ffi::sqlite3_vfs,
    name: *const c_char,
    n: c_int,
    out: *mut c_char,
) -> c_int {
    // SAFETY: `name` is a C string and `out` holds `n` bytes.
    unsafe {
        let src = CStr::from_ptr(name).to_bytes();
        let n = usize::try_from(n).unwrap_or(0);
        if src.len() + 1 > n {
            return ffi::SQLITE_CANTOPEN;
        }
        ptr::copy_nonoverlapping(src.as_ptr().cast(), out, src.len());
        *out.add(src.len()) = 0;
    }
    ffi::SQLITE_OK
}

fn host_vfs(v: *mut ffi::sqlite3_vfs) -> *mut ffi::sqlite3_vfs {
    // SAFETY: `v` is our VFS, whose app data is the host VFS (a static of SQLite's).
    unsafe { (*v).pAppData.cast() }
}

unsafe extern "C" fn v_random(v: *mut ffi::sqlite3_vfs, n: c_int, out: *mut c_char) -> c_int {
    let h = host_vfs(v);
    // SAFETY: forwarded to the host VFS's method with the same arguments.
    unsafe {
        match (*h).xRandomness {
            Some(f) => f(h, n, out),
            None => 0,
        }
    }
}

unsafe extern "C" fn v_sleep(v: *mut ffi::sqlite3_vfs, us: c_int) -> c_int {
    let h = host_vfs(v);
    // SAFETY: as in v_random.
    unsafe {
        match (*h).xSleep {
            Some(f) => f(h, us),
            None => 0,
        }
    }
}

unsafe extern "C" fn v_time(v: *mut ffi::sqlite3_vfs, out: *mut f64) -> c_int {
    let h = host_vfs(v);
    // SAFETY: as in v_random.
    unsafe {
        match (*h).xCurrentTime {
            Some(f) => f(h, out),
            None => ffi::SQLITE_ERROR,
        }
    }
}

unsafe extern "C" fn v_time64(v: *mut ffi::sqlite3_vfs, out: *mut i64) -> c_int {
    let h = host_vfs(v);
    // SAFETY: as in v_random.
    unsafe {
        match (*h).xCurrentTimeInt64 {
            Some(f) => f(h, out),
            None => ffi::SQLITE_ERROR,
        }
    }
}

unsafe extern "C" fn v_last_error(_: *mut ffi::sqlite3_vfs, _: c_int, _: *mut c_char) -> c_int {
    0
}

/// Sets SQLite up once per process (see the module doc); false when it could not be (then no
/// connection is opened).
fn init() -> bool {
    static DONE: OnceLock<bool> = OnceLock::new();
    *DONE.get_or_init(|| {
        let methods = ffi::sqlite3_mem_methods {
            xMalloc: Some(x_malloc),
            xFree: Some(x_free),
            xRealloc: Some(x_realloc),
            xSize: Some(x_size),
            xRoundup: Some(x_roundup),
            xInit: Some(x_init),
            xShutdown: Some(x_shutdown),
            pAppData: ptr::null_mut(),
        };
        // SAFETY: SQLite copies the methods; configuration precedes initialization (rusqlite
        // initializes at its first open, below). If SQLite was initialized already (another
        // user of the library in this process) the call fails and the heap stays C's.
        unsafe {
            ffi::sqlite3_config(
                ffi::SQLITE_CONFIG_MALLOC,
                &methods as *const ffi::sqlite3_mem_methods,
            );
        }
        if rusqlite::Connection::open_in_memory().is_err() {
            return false;
        }
        // SAFETY: the VFS list is changed once, under the OnceLock, before any connection
        // of ours opens; the replacement is leaked (it lives as long as the process).
        unsafe {
            let host = ffi::sqlite3_vfs_find(c"unix".as_ptr());
            if host.is_null() {
                return false;
            }
            for name in [
                c"unix",
                c"unix-none",
                c"unix-dotfile",
                c"unix-excl",
                c"unix-posix",
                c"unix-flock",
                c"unix-afp",
                c"unix-nfs",
                c"unix-proxy",
            ] {
                let v = ffi::sqlite3_vfs_find(name.as_ptr());
                if !v.is_null() {
                    ffi::sqlite3_vfs_unregister(v);
                }
            }
            let vfs = Box::leak(Box::new(ffi::sqlite3_vfs {
                iVersion: 2,
                szOsFile: (*host).szOsFile,
                mxPathname: 512,
                pNext: ptr::null_mut(),
                zName: c"sandsh-none".as_ptr(),
                pAppData: host.cast(),
                xOpen: Some(v_open),
                xDelete: Some(v_delete),
                xAccess: Some(v_access),
                xFullPathname: Some(v_full),
                xDlOpen: None,
                xDlError: None,
                xDlSym: None,
                xDlClose: None,
                xRandomness: Some(v_random),
                xSleep: Some(v_sleep),
                xCurrentTime: Some(v_time),
                xGetLastError: Some(v_last_error),
                xCurrentTimeInt64: Some(v_time64),
                xSetSystemCall: None,
                xGetSystemCall: None,
                xNextSystemCall: None,
            }));
            ffi::sqlite3_vfs_register(vfs, 1) == ffi::SQLITE_OK
        }
    })
}

/// What the authorizer and the progress handler see: the run's cancellation check, and the
/// files `ATTACH` may name.
pub struct Guard {
    pub cancelled: Box<dyn Fn() -> bool>,
    /// Set while the command itself attaches (a deserialized file).
    pub internal: Cell<bool>,
    /// The last `ATTACH` refused, for the error message.
    pub refused: std::cell::RefCell<Option<String>>,
    /// The file an `ATTACH` being prepared names: the command loads it from the sandbox
    /// instead of stepping the statement (see `attach.rs`).
    pub attach: std::cell::RefCell<Option<String>>,
    /// The schema a `DETACH` being prepared names (written back first when it is a file).
    pub detach: std::cell::RefCell<Option<String>>,
}

unsafe extern "C" fn progress(p: *mut c_void) -> c_int {
    // SAFETY: `p` is the Guard boxed in `Db`, alive while the connection is.
    let g = unsafe { &*(p as *const Guard) };
    c_int::from((g.cancelled)())
}

unsafe extern "C" fn authorize(
    p: *mut c_void,
    action: c_int,
    a: *const c_char,
    _: *const c_char,
    _: *const c_char,
    _: *const c_char,
) -> c_int {
    if action != ffi::SQLITE_ATTACH && action != ffi::SQLITE_DETACH {
        return ffi::SQLITE_OK;
    }
    // SAFETY: as in `progress`; `a` is the file name, a C string or null.
    let (g, name) = unsafe {
        let name = if a.is_null() {
            String::new()
        } else {
            CStr::from_ptr(a).to_string_lossy().into_owned()
        };
        (&*(p as *const Guard), name)
    };
    if g.internal.get() {
        return ffi::SQLITE_OK;
    }
    if action == ffi::SQLITE_DETACH {
        *g.detach.borrow_mut() = Some(name);
        return ffi::SQLITE_OK;
    }
    if name.is_empty() || name == ":memory:" {
        return ffi::SQLITE_OK;
    }
    // A URI could name another VFS or a shared in-memory database other sessions see.
    if name
        .get(..5)
        .is_some_and(|p| p.eq_ignore_ascii_case("file:"))
    {
        *g.refused.borrow_mut() = Some(name);
        return ffi::SQLITE_DENY;
    }
    *g.attach.borrow_mut() = Some(name);
    ffi::SQLITE_OK
}

/// One connection: an in-memory database, with the guard its callbacks read.
pub struct Db {
    pub conn: rusqlite::Connection,
    guard: Box<Guard>,
}

impl Db {
    /// A fresh in-memory connection configured as the module doc says; `limit` is the run's
    /// memory budget (the longest string or blob, the largest database).
    pub fn open(guard: Guard, limit: u64) -> Result<Db, String> {
        if !init() {
            return Err("SQLite could not be initialized".into());
        }
        let conn = rusqlite::Connection::open_in_memory().map_err(|e| e.to_string())?;
        let guard = Box::new(guard);
        let raw = conn_handle(&conn);
        let gp = (&*guard as *const Guard).cast_mut().cast::<c_void>();
        // SAFETY: `raw` is the open connection; the guard outlives it (dropped after `conn`).
        unsafe {
            ffi::sqlite3_db_config(
                raw,
                ffi::SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION,
                0 as c_int,
                ptr::null_mut::<c_int>(),
            );
            let len = i32::try_from(limit).unwrap_or(i32::MAX).max(1 << 20);
            ffi::sqlite3_limit(raw, ffi::SQLITE_LIMIT_LENGTH, len.min(1_000_000_000));
            ffi::sqlite3_progress_handler(raw, 1000, Some(progress), gp);
            ffi::sqlite3_set_authorizer(raw, Some(authorize), gp);
        }
        // The sqlite3 CLI's defaults (the bundle enables foreign keys); temporary tables and
        // sort spills stay in memory (there is no file to spill to).
        conn.execute_batch("PRAGMA foreign_keys=OFF; PRAGMA temp_store=2;")
            .map_err(|e| e.to_string())?;
        let _ = rusqlite::vtab::series::load_module(&conn);
        super::functions::register(&conn).map_err(|e| e.to_string())?;
        Ok(Db { conn, guard })
    }

    pub fn raw(&self) -> *mut ffi::sqlite3 {
        conn_handle(&self.conn)
    }

    pub fn guard(&self) -> &Guard {
        &self.guard
    }

    /// Loads `data` as the database `schema` (`main`, or a name to attach).
    pub fn load(
        &self,
        schema: &str,
        data: &[u8],
        readonly: bool,
        limit: u64,
    ) -> Result<(), String> {
        let schema_c = CString::new(schema).map_err(|e| e.to_string())?;
        let raw = self.raw();
        // SAFETY: the buffer comes from sqlite3_malloc64 and is handed over (FREEONCLOSE).
        unsafe {
            let n = data.len().max(1) as u64;
            let buf = ffi::sqlite3_malloc64(n).cast::<u8>();
            if buf.is_null() {
                return Err("out of memory".into());
            }
            ptr::copy_nonoverlapping(data.as_ptr(), buf, data.len());
            let mut flags = ffi::SQLITE_DESERIALIZE_FREEONCLOSE;
            flags |= if readonly {
                ffi::SQLITE_DESERIALIZE_READONLY
            } else {
                ffi::SQLITE_DESERIALIZE_RESIZEABLE
            };
            self.guard.internal.set(true);
            let rc = ffi::sqlite3_deserialize(
                raw,
                schema_c.as_ptr(),
                buf,
                data.len() as i64,
                n as i64,
                flags as u32,
            );
            self.guard.internal.set(false);
            if rc != ffi::SQLITE_OK {
                return Err(errmsg(raw));
            }
            let mut size = i64::try_from(limit).unwrap_or(i64::MAX);
            ffi::sqlite3_file_control(
                raw,
                schema_c.as_ptr(),
                ffi::SQLITE_FCNTL_SIZE_LIMIT,
                (&mut size as *mut i64).cast(),
            );
        }
        Ok(())
    }

    /// The file change counter of database `schema` and its size, read in place; no counter
    /// when the database is not one contiguous image (a fresh or empty one).
    pub fn change_counter(&self, schema: &str) -> (Option<u32>, usize) {
        let Ok(schema_c) = CString::new(schema) else {
            return (None, 0);
        };
        let mut size: i64 = 0;
        // SAFETY: NOCOPY returns the database's own buffer (or null), read before anything
        // else runs on the connection.
        unsafe {
            let p = ffi::sqlite3_serialize(
                self.raw(),
                schema_c.as_ptr(),
                &mut size,
                ffi::SQLITE_SERIALIZE_NOCOPY as u32,
            );
            if p.is_null() {
                return (None, 0);
            }
            let data = std::slice::from_raw_parts(p, size as usize);
            (super::backing::header_counter(data), data.len())
        }
    }

    /// The bytes of database `schema`, as a file holds them.
    pub fn save(&self, schema: &str) -> Result<Vec<u8>, String> {
        let schema_c = CString::new(schema).map_err(|e| e.to_string())?;
        let raw = self.raw();
        let mut size: i64 = 0;
        // SAFETY: NOCOPY returns the database's own buffer (or null for an empty database),
        // valid until the next change, which cannot happen while it is copied here.
        unsafe {
            let p = ffi::sqlite3_serialize(
                raw,
                schema_c.as_ptr(),
                &mut size,
                ffi::SQLITE_SERIALIZE_NOCOPY as u32,
            );
            if !p.is_null() {
                return Ok(std::slice::from_raw_parts(p, size as usize).to_vec());
            }
            let p = ffi::sqlite3_serialize(raw, schema_c.as_ptr(), &mut size, 0);
            if p.is_null() {
                if size == 0 {
                    return Ok(Vec::new());
                }
                return Err(errmsg(raw));
            }
            let v = std::slice::from_raw_parts(p, size as usize).to_vec();
            ffi::sqlite3_free(p.cast());
            Ok(v)
        }
    }
}

fn conn_handle(conn: &rusqlite::Connection) -> *mut ffi::sqlite3 {
    // SAFETY: the handle is used only while `conn` lives, on this thread.
    unsafe { conn.handle() }
}

/// The connection's last error message.
pub fn errmsg(raw: *mut ffi::sqlite3) -> String {
    // SAFETY: sqlite3_errmsg returns a C string owned by the connection.
    unsafe {
        let p = ffi::sqlite3_errmsg(raw);
        if p.is_null() {
            return "out of memory".into();
        }
        CStr::from_ptr(p).to_string_lossy().into_owned()
    }
}

/// `sqlite3_snprintf(fmt, r)` for one double (`%!.20g`, `%!.15g`), as the shell formats.
pub fn fmt_double(fmt: &CStr, r: f64) -> String {
    let mut buf = [0 as c_char; 64];
    // SAFETY: the buffer holds 64 bytes, SQLite writes at most that with its terminator.
    unsafe {
        ffi::sqlite3_snprintf(64, buf.as_mut_ptr(), fmt.as_ptr(), r);
        CStr::from_ptr(buf.as_ptr()).to_string_lossy().into_owned()
    }
}

/// Whether `sql` holds a complete statement (`sqlite3_complete`).
pub fn complete(sql: &[u8]) -> bool {
    let Ok(c) = CString::new(sql) else {
        return true;
    };
    // SAFETY: `c` is a C string.
    unsafe { ffi::sqlite3_complete(c.as_ptr()) != 0 }
}

/// The version line of `sqlite3 -version`.
pub fn version_line() -> String {
    // SAFETY: both return static C strings.
    unsafe {
        let v = CStr::from_ptr(ffi::sqlite3_libversion()).to_string_lossy();
        let s = CStr::from_ptr(ffi::sqlite3_sourceid()).to_string_lossy();
        format!("{v} {s}")
    }
}
