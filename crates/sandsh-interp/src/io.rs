//! Byte streams behind file descriptors: pipes, captured output, VFS files, devices.
//!
//! A descriptor is an `Arc<dyn Stream>`; dup-ing a descriptor clones the `Arc`, so a pipe's
//! write end closes when the last descriptor holding it is dropped — which is how a reader sees
//! end-of-file and how `yes | head -n 1` ends: `head` drops the read end and `yes`'s next write
//! fails with a broken pipe. Pipes are bounded so a fast writer cannot fill memory.

use std::collections::VecDeque;
use std::io;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use sandsh_vfs::{FileReader, KernelBackend, WriteMode};

use sandsh_runtime::cancel::CancelToken;

/// One open file description.
pub trait Stream: Send + Sync {
    /// The VFS file behind this stream, when it is one (what `fstat` would reveal).
    fn file_path(&self) -> Option<&std::path::Path> {
        None
    }
    fn read(&self, buf: &mut [u8]) -> io::Result<usize> {
        let _ = buf;
        Err(bad_fd())
    }
    fn write(&self, buf: &[u8]) -> io::Result<usize> {
        let _ = buf;
        Err(bad_fd())
    }
    /// Read up to and including `delim` (or `max` bytes, or EOF). Streams override this to avoid
    /// byte-at-a-time reads while never consuming past the delimiter.
    fn read_until(&self, delim: u8, max: Option<usize>) -> io::Result<Vec<u8>> {
        let mut out = Vec::new();
        let mut b = [0u8; 1];
        loop {
            if max.is_some_and(|m| out.len() >= m) {
                break;
            }
            if self.read(&mut b)? == 0 {
                break;
            }
            out.push(b[0]);
            if b[0] == delim {
                break;
            }
        }
        Ok(out)
    }
    /// Whether a read would return without blocking (`read -t 0`).
    fn poll_readable(&self) -> bool {
        true
    }
}

pub type Fd = Arc<dyn Stream>;

pub fn bad_fd() -> io::Error {
    io::Error::other("Bad file descriptor")
}

/// Write all of `buf`, retrying short writes.
pub fn write_all(s: &dyn Stream, mut buf: &[u8]) -> io::Result<()> {
    while !buf.is_empty() {
        let n = s.write(buf)?;
        if n == 0 {
            return Err(io::ErrorKind::WriteZero.into());
        }
        buf = &buf[n..];
    }
    Ok(())
}

/// Read a stream to its end.
pub fn read_to_end(s: &dyn Stream, cancel: &CancelToken) -> io::Result<Vec<u8>> {
    let mut out = Vec::new();
    let mut buf = vec![0u8; 16 * 1024];
    loop {
        if cancel.is_cancelled() {
            return Err(sandsh_api::Cancelled::io());
        }
        let n = s.read(&mut buf)?;
        if n == 0 {
            return Ok(out);
        }
        out.extend_from_slice(&buf[..n]);
    }
}

// ---------------------------------------------------------------------------------------------
// Pipes

const WAIT_SLICE: Duration = Duration::from_millis(20);

struct PipeState {
    buf: VecDeque<u8>,
    writers: usize,
    reader_open: bool,
    /// Whether the reader ever took data (see [`PipeWriter::write`]).
    ever_read: bool,
    /// Bytes accepted after the reader closed without reading.
    discarded: usize,
    /// Threads waiting on the condition variable: a change wakes them only when there are
    /// some (a wake is a system call, and most pipes never have a waiter).
    waiting: usize,
}

struct PipeInner {
    capacity: usize,
    state: Mutex<PipeState>,
    cond: Condvar,
    cancel: CancelToken,
}

/// Create a pipe: (read end, write end).
pub fn pipe(cancel: CancelToken, capacity: usize) -> (Fd, Fd) {
    let inner = Arc::new(PipeInner {
        capacity: capacity.max(1),
        state: Mutex::new(PipeState {
            buf: VecDeque::new(),
            writers: 1,
            reader_open: true,
            ever_read: false,
            discarded: 0,
            waiting: 0,
        }),
        cond: Condvar::new(),
        cancel,
    });
    (
        Arc::new(PipeReader(inner.clone())),
        Arc::new(PipeWriter(inner)),
    )
}

struct PipeReader(Arc<PipeInner>);
struct PipeWriter(Arc<PipeInner>);

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl PipeInner {
    /// Wait one slice for a change; the guard again.
    fn wait<'a>(
        &'a self,
        mut st: std::sync::MutexGuard<'a, PipeState>,
    ) -> std::sync::MutexGuard<'a, PipeState> {
        st.waiting += 1;
        let mut st = self
            .cond
            .wait_timeout(st, WAIT_SLICE)
            .unwrap_or_else(|e| e.into_inner())
            .0;
        st.waiting -= 1;
        st
    }

    /// The state changed: wake whoever waits for it, and let the lock go.
    fn changed(&self, st: std::sync::MutexGuard<'_, PipeState>) {
        let wake = st.waiting > 0;
        drop(st);
        if wake {
            self.cond.notify_all();
        }
    }

    /// Wait until data or EOF; returns the guard.
    fn wait_data(&self) -> io::Result<std::sync::MutexGuard<'_, PipeState>> {
        let mut st = lock(&self.state);
        let mut launched = false;
        while st.buf.is_empty() && st.writers > 0 {
            if self.cancel.is_cancelled() {
                return Err(sandsh_api::Cancelled::io());
            }
            if sandsh_runtime::stages::threadless() {
                // The writer started before this reader and is suspended beneath it: nothing
                // can wake it (and what is deferred here comes after this stage, not before).
                return Err(sandsh_runtime::stages::would_wait_forever("read"));
            }
            if !launched {
                // The writer may be a stage this thread was to run next: start it (with the
                // lock released: starting it may drop another end of this pipe).
                launched = true;
                drop(st);
                sandsh_runtime::stages::run_deferred();
                st = lock(&self.state);
                continue;
            }
            st = self.wait(st);
        }
        Ok(st)
    }

    /// What the pipe holds before its writer waits: without threads, where a waiting writer
    /// could never be woken, it grows (see `sandsh_runtime::stages`).
    fn capacity(&self) -> usize {
        if sandsh_runtime::stages::threadless() {
            self.capacity
                .max(sandsh_runtime::stages::threadless_pipe_bytes())
        } else {
            self.capacity
        }
    }
}

impl Stream for PipeReader {
    fn read(&self, buf: &mut [u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        let mut st = self.0.wait_data()?;
        st.ever_read = true;
        let n = buf.len().min(st.buf.len());
        let (a, b) = st.buf.as_slices();
        if n <= a.len() {
            buf[..n].copy_from_slice(&a[..n]);
        } else {
            buf[..a.len()].copy_from_slice(a);
            buf[a.len()..n].copy_from_slice(&b[..n - a.len()]);
        }
        st.buf.drain(..n);
        self.0.changed(st);
        Ok(n)
    }

    fn read_until(&self, delim: u8, max: Option<usize>) -> io::Result<Vec<u8>> {
        let mut out = Vec::new();
        loop {
            let mut st = self.0.wait_data()?;
            st.ever_read = true;
            if st.buf.is_empty() {
                return Ok(out);
            }
            let limit = max.map_or(usize::MAX, |m| m - out.len());
            let mut take = 0;
            let mut found = false;
            for &c in st.buf.iter() {
                if take >= limit {
                    break;
                }
                take += 1;
                if c == delim {
                    found = true;
                    break;
                }
            }
            out.extend(st.buf.drain(..take));
            self.0.changed(st);
            if found || max.is_some_and(|m| out.len() >= m) {
                return Ok(out);
            }
        }
    }

    fn poll_readable(&self) -> bool {
        let st = lock(&self.0.state);
        !st.buf.is_empty() || st.writers == 0
    }
}

impl Drop for PipeReader {
    fn drop(&mut self) {
        let mut st = lock(&self.0.state);
        st.reader_open = false;
        self.0.changed(st);
    }
}

impl Stream for PipeWriter {
    fn write(&self, buf: &[u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        let mut st = lock(&self.0.state);
        let mut launched = false;
        loop {
            if !st.reader_open {
                // A reader that ended without reading (`{ echo hi; exit 55; } | false`): with
                // processes its pipe would still have taken this much, the writer having started
                // first, so the write succeeds (and is dropped) until the buffer would be full.
                let total = st.discarded + st.buf.len() + buf.len();
                if !st.ever_read && total <= self.0.capacity {
                    st.discarded += buf.len();
                    return Ok(buf.len());
                }
                return Err(io::ErrorKind::BrokenPipe.into());
            }
            if self.0.cancel.is_cancelled() {
                return Err(sandsh_api::Cancelled::io());
            }
            let room = self.0.capacity().saturating_sub(st.buf.len());
            if room > 0 {
                let n = room.min(buf.len());
                st.buf.extend(&buf[..n]);
                self.0.changed(st);
                return Ok(n);
            }
            if !launched {
                // Full: the reader may be a stage this thread was to run next (see wait_data).
                launched = true;
                drop(st);
                sandsh_runtime::stages::run_deferred();
                st = lock(&self.0.state);
                continue;
            }
            if sandsh_runtime::stages::threadless() {
                // The reader has run (nested) and left the pipe full, or is beneath this stage.
                return Err(sandsh_runtime::stages::would_wait_forever("write"));
            }
            st = self.0.wait(st);
        }
    }
}

impl Drop for PipeWriter {
    fn drop(&mut self) {
        let mut st = lock(&self.0.state);
        st.writers = st.writers.saturating_sub(1);
        self.0.changed(st);
    }
}

// ---------------------------------------------------------------------------------------------
// Captured output

/// Callback receiving output chunks as they are produced (streaming).
pub type ChunkSink = Arc<dyn Fn(&[u8]) + Send + Sync>;

/// An in-memory sink: the kernel's stdout/stderr and `$(…)` capture.
pub struct Capture {
    data: Mutex<Vec<u8>>,
    limit: usize,
    truncated: AtomicBool,
    sink: Option<ChunkSink>,
    /// For `$(…)`: what the captured bytes hold against the memory budget, and what to do when
    /// the output limit is crossed (stop the run: a capture must not be cut short silently).
    strict: Option<(Mutex<sandsh_runtime::budget::Charge>, OverflowHook)>,
    /// Set when the run that owns this capture has ended: later writes (a session job's) go
    /// there instead (the kernel's relay of job output).
    forward: std::sync::OnceLock<Fd>,
    /// Whether the bytes are kept (for the run's result) or only passed to `sink`.
    keep: bool,
    /// Bytes passed to `sink` without being kept: they count against `limit` all the same.
    passed: AtomicUsize,
    /// With a [`Shape`]: the stream's tail and saved copy, past `limit` (see [`Capture::shaped`]).
    cut: Option<Mutex<CutState>>,
}

/// How a run's output is kept once it passes its limit ([`Capture::shaped`]): the first
/// `head` bytes and the last `limit - head`, with the whole stream (up to `save` bytes,
/// charged to the memory budget) kept aside for the kernel to save as a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub head: usize,
    pub save: usize,
}

struct CutState {
    shape: Shape,
    /// The last bytes of the stream: at least `limit - head` of them once past the limit.
    tail: Vec<u8>,
    /// The stream from its start, up to `shape.save` bytes.
    saved: Vec<u8>,
    /// What `saved` holds against the memory budget (saving stops where it is refused).
    charge: sandsh_runtime::budget::Charge,
    saving: bool,
    total: u64,
}

/// A stream that passed its limit, as [`Capture::shaped`] kept it.
#[derive(Debug, Default)]
pub struct Cut {
    /// The first bytes, then the last ones (no byte in both).
    pub head: Vec<u8>,
    pub tail: Vec<u8>,
    /// Whether `tail` starts a line (the byte before it is a newline).
    pub tail_starts_line: bool,
    /// Bytes the stream had in all.
    pub total: u64,
    /// The stream from its start: all of it when `saved.len() == total`.
    pub saved: Vec<u8>,
}

/// What a strict capture does when its limit is crossed.
pub type OverflowHook = Box<dyn Fn() + Send + Sync>;

impl Capture {
    pub fn new(limit: usize, sink: Option<ChunkSink>) -> Arc<Capture> {
        Arc::new(Capture::plain(limit, sink))
    }

    /// A capture that keeps up to `limit` bytes and passes them to `sink`: what every kind
    /// starts from.
    fn plain(limit: usize, sink: Option<ChunkSink>) -> Capture {
        Capture {
            data: Mutex::new(Vec::new()),
            limit,
            truncated: AtomicBool::new(false),
            sink,
            strict: None,
            forward: std::sync::OnceLock::new(),
            keep: true,
            passed: AtomicUsize::new(0),
            cut: None,
        }
    }

    /// A capture that keeps its stream's head and tail once it passes `limit` (`shape.head`
    /// bytes from the start, the rest from the end) and a copy of the whole stream up to
    /// `shape.save` bytes charged to `budget`; [`Capture::detach_cut`] hands them over.
    pub fn shaped(
        limit: usize,
        sink: Option<ChunkSink>,
        shape: Shape,
        budget: &Arc<sandsh_runtime::budget::MemoryBudget>,
    ) -> Arc<Capture> {
        // The saved copy is bookkeeping: it never takes more than a quarter of the budget.
        let shape = Shape {
            head: shape.head.min(limit),
            save: shape
                .save
                .min(usize::try_from(budget.limit() / 4).unwrap_or(usize::MAX)),
        };
        Arc::new(Capture {
            cut: Some(Mutex::new(CutState {
                shape,
                tail: Vec::new(),
                saved: Vec::new(),
                charge: budget.charge(),
                saving: shape.save > 0,
                total: 0,
            })),
            ..Capture::plain(limit, sink)
        })
    }

    /// A capture that hands every chunk to `sink` and keeps nothing (a CLI printing as the
    /// run goes): memory stays flat however much is written; `limit` still applies.
    pub fn passthrough(limit: usize, sink: ChunkSink) -> Arc<Capture> {
        Arc::new(Capture {
            keep: false,
            ..Capture::plain(limit, Some(sink))
        })
    }

    /// A capture for `$(…)`: charged to `budget`, and `overflow` runs (and writes fail) when
    /// more than `limit` bytes arrive (THREAT DOS-OUT-1).
    pub fn strict(
        limit: usize,
        budget: &Arc<sandsh_runtime::budget::MemoryBudget>,
        overflow: OverflowHook,
    ) -> Arc<Capture> {
        Arc::new(Capture {
            strict: Some((Mutex::new(budget.charge()), overflow)),
            ..Capture::plain(limit, None)
        })
    }

    pub fn take(&self) -> Vec<u8> {
        if let Some((charge, _)) = &self.strict {
            let _ = lock(charge).set(0);
        }
        std::mem::take(&mut *lock(&self.data))
    }

    pub fn truncated(&self) -> bool {
        self.truncated.load(Ordering::Relaxed)
    }

    /// Take what was captured and send every later write to `to` instead (atomically: no
    /// write is lost between the two).
    pub fn detach(&self, to: Fd) -> Vec<u8> {
        let mut d = lock(&self.data);
        let _ = self.forward.set(to);
        if let Some((charge, _)) = &self.strict {
            let _ = lock(charge).set(0);
        }
        std::mem::take(&mut *d)
    }

    /// [`Capture::detach`] for a shaped capture: what was kept, and the cut when the stream
    /// passed its limit (the kept bytes are then `cut.head` and `cut.tail`).
    pub fn detach_cut(&self, to: Fd) -> (Vec<u8>, Option<Cut>) {
        let mut d = lock(&self.data);
        let _ = self.forward.set(to);
        let kept = std::mem::take(&mut *d);
        drop(d);
        let Some(state) = &self.cut else {
            return (kept, None);
        };
        let mut st = lock(state);
        if !self.truncated() {
            let _ = st.charge.set(0);
            return (kept, None);
        }
        let room = self.limit - st.shape.head;
        let mut tail = std::mem::take(&mut st.tail);
        let from = tail.len().saturating_sub(room);
        let mut head = kept;
        head.truncate(st.shape.head);
        let before = match from {
            0 => head.last(),
            n => tail.get(n - 1),
        };
        let tail_starts_line = before.is_none_or(|b| *b == b'\n');
        tail.drain(..from);
        let saved = std::mem::take(&mut st.saved);
        let _ = st.charge.set(0);
        let cut = Cut {
            head,
            tail,
            tail_starts_line,
            total: st.total,
            saved,
        };
        (Vec::new(), Some(cut))
    }

    /// A shaped capture's write (under the `data` lock, `d`): the first `limit` bytes are
    /// kept as they come; when the stream passes the limit, everything past the head moves to
    /// the tail, which from then on holds the last bytes.
    fn write_shaped(&self, d: &mut Vec<u8>, state: &Mutex<CutState>, buf: &[u8]) {
        let mut st = lock(state);
        let st = &mut *st;
        st.total += buf.len() as u64;
        let mut rest = buf;
        if st.tail.is_empty() && !self.truncated.load(Ordering::Relaxed) {
            let n = (self.limit - d.len()).min(buf.len());
            d.extend_from_slice(&buf[..n]);
            if let Some(sink) = &self.sink
                && n > 0
            {
                sink(&buf[..n]);
            }
            if n == buf.len() {
                return;
            }
            // Past the limit: the saved copy starts with all that came before (kept whole
            // until now, so a stream under the limit is never copied twice).
            self.truncated.store(true, Ordering::Relaxed);
            save_more(st, d);
            st.tail = d.split_off(st.shape.head);
            rest = &buf[n..];
        }
        save_more(st, rest);
        let room = self.limit - st.shape.head;
        st.tail
            .extend_from_slice(&rest[rest.len().saturating_sub(room)..]);
        if st.tail.len() > 2 * room.max(4096) {
            let from = st.tail.len() - room;
            st.tail.drain(..from);
        }
    }
}

/// Add `bytes` to a shaped capture's saved copy, up to its size and while the budget takes it.
fn save_more(st: &mut CutState, bytes: &[u8]) {
    if !st.saving {
        return;
    }
    let n = (st.shape.save - st.saved.len()).min(bytes.len());
    if st.charge.set(st.saved.len() + n).is_ok() {
        st.saved.extend_from_slice(&bytes[..n]);
    }
    st.saving = st.saved.len() < st.shape.save && n == bytes.len();
}

impl Stream for Capture {
    fn write(&self, buf: &[u8]) -> io::Result<usize> {
        // The sink runs under the lock so that chunks arrive in the order the data was kept.
        let mut d = lock(&self.data);
        if let Some(f) = self.forward.get().cloned() {
            drop(d);
            return f.write(buf);
        }
        if let Some(state) = &self.cut {
            self.write_shaped(&mut d, state, buf);
            return Ok(buf.len());
        }
        // `passed` only changes under the `data` lock.
        let held = d.len() + self.passed.load(Ordering::Relaxed);
        let room = self.limit.saturating_sub(held);
        let n = room.min(buf.len());
        if let Some((charge, overflow)) = &self.strict {
            if n < buf.len() {
                if !self.truncated.swap(true, Ordering::Relaxed) {
                    overflow();
                }
                return Err(sandsh_api::Cancelled::io());
            }
            if lock(charge).set(d.len() + n).is_err() {
                return Err(sandsh_api::Cancelled::io());
            }
        }
        if self.keep {
            d.extend_from_slice(&buf[..n]);
        } else {
            self.passed.fetch_add(n, Ordering::Relaxed);
        }
        if n < buf.len() {
            self.truncated.store(true, Ordering::Relaxed);
        }
        if let Some(sink) = &self.sink
            && n > 0
        {
            sink(&buf[..n]);
        }
        drop(d);
        Ok(buf.len())
    }
}

// ---------------------------------------------------------------------------------------------
// In-memory input (here-documents, here-strings, host stdin snapshots)

pub struct MemReader {
    data: Vec<u8>,
    pos: Mutex<usize>,
}

impl MemReader {
    #[allow(clippy::new_ret_no_self)]
    pub fn new(data: Vec<u8>) -> Fd {
        Arc::new(MemReader {
            data,
            pos: Mutex::new(0),
        })
    }
}

impl Stream for MemReader {
    fn read(&self, buf: &mut [u8]) -> io::Result<usize> {
        let mut pos = lock(&self.pos);
        let rest = &self.data[(*pos).min(self.data.len())..];
        let n = rest.len().min(buf.len());
        buf[..n].copy_from_slice(&rest[..n]);
        *pos += n;
        Ok(n)
    }

    fn read_until(&self, delim: u8, max: Option<usize>) -> io::Result<Vec<u8>> {
        let mut pos = lock(&self.pos);
        let rest = &self.data[(*pos).min(self.data.len())..];
        let mut n = rest
            .iter()
            .position(|&c| c == delim)
            .map_or(rest.len(), |i| i + 1);
        if let Some(m) = max {
            n = n.min(m);
        }
        *pos += n;
        Ok(rest[..n].to_vec())
    }
}

/// Adapts a host reader (the CLI's stdin) as a stream.
pub struct HostReader(pub Mutex<Box<dyn io::Read + Send>>);

impl Stream for HostReader {
    fn read(&self, buf: &mut [u8]) -> io::Result<usize> {
        // A terminal may keep the reader waiting: what this thread deferred starts first.
        sandsh_runtime::stages::before_blocking();
        lock(&self.0).read(buf)
    }
}

// ---------------------------------------------------------------------------------------------
// Devices

/// `/dev/null`
pub struct Null;

impl Stream for Null {
    fn read(&self, _buf: &mut [u8]) -> io::Result<usize> {
        Ok(0)
    }
    fn write(&self, buf: &[u8]) -> io::Result<usize> {
        Ok(buf.len())
    }
}

/// `/dev/zero`
pub struct Zero;

impl Stream for Zero {
    fn read(&self, buf: &mut [u8]) -> io::Result<usize> {
        buf.fill(0);
        Ok(buf.len())
    }
    fn write(&self, buf: &[u8]) -> io::Result<usize> {
        Ok(buf.len())
    }
}

/// `/dev/urandom`: a xorshift generator seeded per open (not cryptographic; the sandbox has no
/// secrets to protect with it).
pub struct Urandom(Mutex<u64>);

impl Urandom {
    #[allow(clippy::new_ret_no_self)]
    pub fn new(seed: u64) -> Fd {
        Arc::new(Urandom(Mutex::new(seed | 1)))
    }
}

impl Stream for Urandom {
    fn read(&self, buf: &mut [u8]) -> io::Result<usize> {
        let mut s = lock(&self.0);
        for b in buf.iter_mut() {
            *s ^= *s << 13;
            *s ^= *s >> 7;
            *s ^= *s << 17;
            *b = (*s >> 24) as u8;
        }
        Ok(buf.len())
    }
    fn write(&self, buf: &[u8]) -> io::Result<usize> {
        Ok(buf.len())
    }
}

// ---------------------------------------------------------------------------------------------
// VFS files

/// An open VFS file with its own offset.
pub struct VfsFile {
    backend: Arc<dyn KernelBackend>,
    path: PathBuf,
    pos: Mutex<Cursor>,
    readable: bool,
    writable: bool,
    append: bool,
}

/// Where the next read or write goes, and the handle reads go through.
struct Cursor {
    pos: u64,
    /// The file as the backend opened it ([`KernelBackend::open_reader`]), when it gave a
    /// handle; `None` reads by path. Dropped for good once it goes stale.
    reader: Option<Box<dyn FileReader>>,
}

impl VfsFile {
    #[allow(clippy::new_ret_no_self)]
    pub fn new(
        backend: Arc<dyn KernelBackend>,
        path: PathBuf,
        readable: bool,
        writable: bool,
        append: bool,
    ) -> Fd {
        Self::with(backend, path, None, readable, writable, append)
    }

    /// A file open for reading through the handle `reader` the backend gave for `path`.
    pub fn reader(
        backend: Arc<dyn KernelBackend>,
        path: PathBuf,
        reader: Box<dyn FileReader>,
    ) -> Fd {
        Self::with(backend, path, Some(reader), true, false, false)
    }

    fn with(
        backend: Arc<dyn KernelBackend>,
        path: PathBuf,
        reader: Option<Box<dyn FileReader>>,
        readable: bool,
        writable: bool,
        append: bool,
    ) -> Fd {
        Arc::new(VfsFile {
            backend,
            path,
            pos: Mutex::new(Cursor { pos: 0, reader }),
            readable,
            writable,
            append,
        })
    }

    /// Read at `offset` through the handle while it is current, else by path.
    fn read_at(&self, cur: &mut Cursor, offset: u64, buf: &mut [u8]) -> io::Result<usize> {
        if let Some(r) = &cur.reader {
            if r.is_current() {
                return r.read_at(offset, buf).map_err(vfs_io);
            }
            cur.reader = None;
        }
        self.backend
            .read_at(&self.path, offset, buf)
            .map_err(vfs_io)
    }
}

fn vfs_io(e: sandsh_vfs::VfsError) -> io::Error {
    match e {
        sandsh_vfs::VfsError::IsADirectory => {
            io::Error::new(io::ErrorKind::IsADirectory, e.to_string())
        }
        _ => io::Error::other(e.to_string()),
    }
}

impl Stream for VfsFile {
    fn file_path(&self) -> Option<&std::path::Path> {
        Some(&self.path)
    }
    fn read(&self, buf: &mut [u8]) -> io::Result<usize> {
        if !self.readable {
            return Err(bad_fd());
        }
        let mut cur = lock(&self.pos);
        let at = cur.pos;
        let n = self.read_at(&mut cur, at, buf)?;
        cur.pos += n as u64;
        Ok(n)
    }

    fn read_until(&self, delim: u8, max: Option<usize>) -> io::Result<Vec<u8>> {
        if !self.readable {
            return Err(bad_fd());
        }
        let mut cur = lock(&self.pos);
        let mut out = Vec::new();
        let mut buf = [0u8; 4096];
        loop {
            let at = cur.pos;
            let n = self.read_at(&mut cur, at, &mut buf)?;
            let chunk = &buf[..n];
            if chunk.is_empty() {
                return Ok(out);
            }
            let limit = max.map_or(usize::MAX, |m| m - out.len());
            let (take, found) = match chunk.iter().position(|&c| c == delim) {
                Some(i) if i < limit => (i + 1, true),
                _ => (chunk.len().min(limit), false),
            };
            out.extend_from_slice(&chunk[..take]);
            cur.pos += take as u64;
            if found || max.is_some_and(|m| out.len() >= m) {
                return Ok(out);
            }
        }
    }

    fn write(&self, buf: &[u8]) -> io::Result<usize> {
        if !self.writable {
            return Err(bad_fd());
        }
        if self.append {
            self.backend.append(&self.path, buf).map_err(vfs_io)?;
        } else {
            let mut cur = lock(&self.pos);
            self.backend
                .write(&self.path, buf, WriteMode::At(cur.pos), 0o644)
                .map_err(vfs_io)?;
            cur.pos += buf.len() as u64;
        }
        Ok(buf.len())
    }
}

// ---------------------------------------------------------------------------------------------
// Descriptor table

/// The most descriptors a shell has (what `ulimit -n` reports): a redirection of a number at
/// or past it fails as bash's `dup2` does, `N: Bad file descriptor`, so that `666666666>f`
/// cannot grow the table to hundreds of millions of slots.
pub const OPEN_FILES: u32 = 1024;

/// The shell's open descriptors. Small and cloned into subshells.
#[derive(Clone, Default)]
pub struct FdTable {
    fds: Vec<Option<Fd>>,
}

impl FdTable {
    pub fn get(&self, n: u32) -> Option<&Fd> {
        self.fds.get(n as usize).and_then(|f| f.as_ref())
    }

    pub fn set(&mut self, n: u32, fd: Option<Fd>) {
        let n = n as usize;
        if self.fds.len() <= n {
            if fd.is_none() {
                return;
            }
            self.fds.resize(n + 1, None);
        }
        self.fds[n] = fd;
    }

    /// Lowest free descriptor >= `min` (for `{var}>file`).
    pub fn free_from(&self, min: u32) -> u32 {
        let mut n = min;
        while self.get(n).is_some() {
            n += 1;
        }
        n
    }
}
