//! Reading operands: opening `FILE`/`-`, reading a source in chunks, whole, or record by
//! record, and the one record loop the line filters share.
//!
//! Inputs are streamed (a chunk at a time) rather than slurped so that pipelines such as
//! `yes | tr y n | head -n 1` end as soon as the reader is gone, and so that large inputs do not
//! double in memory. Errors are handed back to the caller rather than printed here, because each
//! GNU tool words its read errors its own way.

use std::io::Read;

use sandsh_api::{Arg, Cancelled, Charge, ExitStatus, MemoryExceeded, OptSpec, ToolCtx};

use super::diag::{io_msg, lossy};

/// Size of the chunks commands read and write.
pub const CHUNK: usize = 128 * 1024;

/// Read a whole input: `-` is stdin. Reads in chunks, charging the session's memory budget
/// as the buffer grows (an endless input stops the run instead of filling memory).
pub fn read_input(ctx: &mut dyn ToolCtx, operand: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut src = if operand == b"-" {
        Source::Stdin
    } else {
        match ctx.open_input(&lossy(operand)) {
            Ok(f) => Source::File(f),
            Err(e) if e.kind() == std::io::ErrorKind::IsADirectory => {
                return Err(std::io::Error::other("Is a directory"));
            }
            Err(e) => return Err(e),
        }
    };
    read_all(ctx, &mut src)
}

/// A refused memory charge as an io error (the run is already stopped by then).
pub fn memory_error(e: MemoryExceeded) -> std::io::Error {
    std::io::Error::other(e)
}

/// Whether `path` names a directory (following symlinks).
pub fn is_dir(ctx: &dyn ToolCtx, path: &str) -> bool {
    ctx.backend()
        .stat(&ctx.resolve_path(path))
        .is_ok_and(|m| m.is_dir())
}

/// Where an input comes from: stdin (read through the context) or an opened file.
pub enum Source {
    Stdin,
    File(Box<dyn Read + Send>),
}

/// Open an operand (`-` is stdin); a directory is an error of kind
/// [`std::io::ErrorKind::IsADirectory`], as `read(2)` on one would give.
pub fn open_source(ctx: &mut dyn ToolCtx, operand: &[u8]) -> std::io::Result<Source> {
    if operand == b"-" {
        return Ok(Source::Stdin);
    }
    ctx.open_input(&lossy(operand)).map(Source::File)
}

/// [`open_source`] with the error as GNU's reason text ("Is a directory"), for a caller that
/// only prints it; one that decides by the error matches its kind instead.
pub fn open(ctx: &mut dyn ToolCtx, operand: &[u8]) -> Result<Source, String> {
    open_source(ctx, operand).map_err(|e| io_msg(&e))
}

/// Read one chunk from a source.
pub fn read_chunk(
    ctx: &mut dyn ToolCtx,
    src: &mut Source,
    buf: &mut [u8],
) -> std::io::Result<usize> {
    if ctx.is_cancelled() {
        return Err(Cancelled::io());
    }
    match src {
        Source::Stdin => ctx.stdin().read(buf),
        Source::File(f) => f.read(buf),
    }
}

/// How much the next read into a growing buffer asks for: 8 KiB at first, doubled after each
/// read that fills it, up to [`CHUNK`]. A short input is not read into a chunk-sized buffer
/// (zeroing one, fresh pages and all, was most of `echo hi | cat`'s cost); a long one is soon
/// read a chunk at a time.
#[derive(Debug, Clone, Copy)]
pub struct ReadStep(usize);

impl ReadStep {
    const FIRST: usize = 8 * 1024;

    pub const fn new() -> ReadStep {
        ReadStep(Self::FIRST)
    }

    /// Bytes the next read asks for.
    pub fn size(self) -> usize {
        self.0
    }

    /// A read of `n` bytes happened: a full one doubles the next, up to `max`.
    fn after(&mut self, n: usize, max: usize) {
        if n == self.0 {
            self.0 = (n * 2).min(max.max(Self::FIRST));
        }
    }
}

impl Default for ReadStep {
    fn default() -> Self {
        ReadStep::new()
    }
}

/// Append the next read of `src` to `buf` (as much as `step` says); the bytes read.
pub fn read_append(
    ctx: &mut dyn ToolCtx,
    src: &mut Source,
    buf: &mut Vec<u8>,
    step: &mut ReadStep,
) -> std::io::Result<usize> {
    let old = buf.len();
    buf.resize(old + step.size(), 0);
    match read_chunk(ctx, src, &mut buf[old..]) {
        Ok(n) => {
            buf.truncate(old + n);
            step.after(n, CHUNK);
            Ok(n)
        }
        Err(e) => {
            buf.truncate(old);
            Err(e)
        }
    }
}

/// A read buffer for chunk-at-a-time filters, growing by [`ReadStep`] up to its largest size.
pub struct ChunkBuf {
    buf: Vec<u8>,
    step: ReadStep,
    max: usize,
}

impl ChunkBuf {
    /// A buffer that grows to `max` bytes.
    pub fn new(max: usize) -> ChunkBuf {
        ChunkBuf {
            buf: Vec::new(),
            step: ReadStep::new(),
            max,
        }
    }

    /// Read the next chunk of `src`: the bytes read, empty at the end of input.
    pub fn read(&mut self, ctx: &mut dyn ToolCtx, src: &mut Source) -> std::io::Result<&mut [u8]> {
        let want = self.step.size().min(self.max);
        if self.buf.len() < want {
            self.buf.resize(want, 0);
        }
        let n = read_chunk(ctx, src, &mut self.buf[..want])?;
        self.step.after(n, self.max);
        Ok(&mut self.buf[..n])
    }
}

/// Read a whole source.
pub fn read_all(ctx: &mut dyn ToolCtx, src: &mut Source) -> std::io::Result<Vec<u8>> {
    // Reads land straight in the result, whose tail is zeroed once as it grows (doubling from
    // 16 KiB, then 8 MiB at a time): a small file costs one small buffer, not a chunk-sized
    // one zeroed for each call (`rg` over thousands of files), and nothing is copied twice.
    const FIRST: usize = 16 * 1024;
    const STEP_MAX: usize = 8 << 20;
    let mut out: Vec<u8> = Vec::new();
    let mut len = 0;
    // THREAT DOS-MEM-1: what was read is charged while it grows; the caller's copy of the
    // result is bounded by the same peak.
    let mut charge = ctx.memory().charge();
    loop {
        if ctx.is_cancelled() {
            return Err(Cancelled::io());
        }
        if len == out.len() {
            let grown = (len * 2).clamp(FIRST, len + STEP_MAX);
            out.reserve_exact(grown - len);
            out.resize(grown, 0);
        }
        let n = read_chunk(ctx, src, &mut out[len..])?;
        if n == 0 {
            // A writer stopped by a cancellation closes the pipe: that end of input is not
            // the real one, and a partial input must not be processed as if whole.
            if ctx.is_cancelled() {
                return Err(Cancelled::io());
            }
            out.truncate(len);
            return Ok(out);
        }
        charge.set(len + n).map_err(memory_error)?;
        len += n;
    }
}

/// Splits a source into records ending in `delim` (the last may lack it), reading in chunks.
pub struct Lines {
    buf: Vec<u8>,
    start: usize,
    /// `buf[start..scanned]` holds no delimiter: a long record is searched once, not once per
    /// chunk read.
    scanned: usize,
    eof: bool,
    delim: u8,
    /// What the buffer holds against the memory budget: a record that never ends (an endless
    /// stream without delimiters) stops the run instead of filling memory.
    charge: Option<Charge>,
    /// How much the next read asks for.
    step: ReadStep,
}

impl Lines {
    pub fn new(delim: u8) -> Lines {
        Lines {
            buf: Vec::new(),
            start: 0,
            scanned: 0,
            eof: false,
            delim,
            charge: None,
            step: ReadStep::new(),
        }
    }

    /// The next record including its delimiter (when present), or `None` at the end.
    pub fn next(
        &mut self,
        ctx: &mut dyn ToolCtx,
        src: &mut Source,
    ) -> std::io::Result<Option<Vec<u8>>> {
        Ok(self.next_ref(ctx, src)?.map(<[u8]>::to_vec))
    }

    /// `next` without a copy: the record borrowed from the buffer until the next call.
    pub fn next_ref(
        &mut self,
        ctx: &mut dyn ToolCtx,
        src: &mut Source,
    ) -> std::io::Result<Option<&[u8]>> {
        let range = loop {
            let from = self.scanned.max(self.start);
            if let Some(p) = memchr::memchr(self.delim, &self.buf[from..]) {
                let r = (self.start, from + p + 1);
                self.start = r.1;
                break Some(r);
            }
            self.scanned = self.buf.len();
            if self.eof {
                if self.start < self.buf.len() {
                    let r = (self.start, self.buf.len());
                    self.start = r.1;
                    break Some(r);
                }
                break None;
            }
            self.refill(ctx, src)?;
        };
        Ok(range.map(|(s, e)| &self.buf[s..e]))
    }

    /// Reads one more chunk after the unconsumed bytes.
    fn refill(&mut self, ctx: &mut dyn ToolCtx, src: &mut Source) -> std::io::Result<()> {
        if ctx.is_cancelled() {
            return Err(Cancelled::io());
        }
        self.buf.drain(..self.start);
        self.scanned -= self.start.min(self.scanned);
        self.start = 0;
        let old = self.buf.len();
        if old > CHUNK {
            let charge = self.charge.get_or_insert_with(|| ctx.memory().charge());
            charge.set(old + self.step.size()).map_err(memory_error)?;
        }
        let n = read_append(ctx, src, &mut self.buf, &mut self.step)?;
        if n == 0 {
            // As in `read_all`: an end of input caused by a cancellation is not one.
            if ctx.is_cancelled() {
                return Err(Cancelled::io());
            }
            self.eof = true;
        }
        Ok(())
    }
}

/// Split `data` into records ending in `delim` (the last may lack it); delimiters removed.
pub fn split_records(data: &[u8], delim: u8) -> Vec<&[u8]> {
    let mut v: Vec<&[u8]> = data.split(|&b| b == delim).collect();
    if data.is_empty() || data.last() == Some(&delim) {
        v.pop();
    }
    v
}

/// The file operands, or `-` (standard input) when there are none, as every filter takes them.
pub fn files_or_stdin(operands: Vec<Arg>) -> Vec<Arg> {
    if operands.is_empty() {
        vec![b"-".to_vec()]
    } else {
        operands
    }
}

/// Why a loop over a source's records or chunks ended before the end of input.
pub enum Halt {
    /// The callback stopped with this exit status (stdout gone, a fatal error).
    Exit(ExitStatus),
    /// The callback gave up on this input (it has reported why); the next one may follow.
    Skip,
    /// Reading failed, cancellation included (then [`ToolCtx::is_cancelled`] is true); the
    /// caller words the message as its GNU tool does.
    Read(std::io::Error),
}

impl From<ExitStatus> for Halt {
    fn from(status: ExitStatus) -> Halt {
        Halt::Exit(status)
    }
}

/// Calls `each` with every record of `src` (split at `delim`, which each record keeps when
/// present: the last may lack it), until the end of input or until `each` halts.
pub fn for_each_record(
    ctx: &mut dyn ToolCtx,
    src: &mut Source,
    delim: u8,
    mut each: impl FnMut(&mut dyn ToolCtx, &[u8]) -> Result<(), Halt>,
) -> Result<(), Halt> {
    let mut lines = Lines::new(delim);
    loop {
        match lines.next_ref(ctx, src) {
            Ok(Some(record)) => each(ctx, record)?,
            Ok(None) => return Ok(()),
            Err(e) => return Err(Halt::Read(e)),
        }
    }
}

/// Calls `each` with every chunk read from `src` into `buf` (its to change in place), until
/// the end of input or until `each` halts. A cancelled run halts with status 130 before the
/// next read.
pub fn for_each_chunk(
    ctx: &mut dyn ToolCtx,
    src: &mut Source,
    buf: &mut ChunkBuf,
    mut each: impl FnMut(&mut dyn ToolCtx, &mut [u8]) -> Result<(), Halt>,
) -> Result<(), Halt> {
    loop {
        if ctx.is_cancelled() {
            return Err(Halt::Exit(130));
        }
        match buf.read(ctx, src) {
            Ok([]) => return Ok(()),
            Ok(chunk) => each(ctx, chunk)?,
            Err(e) => return Err(Halt::Read(e)),
        }
    }
}

/// Opens an operand, or prints `cmd: NAME: reason` (GNU's wording for most filters) and
/// gives `None`.
pub fn open_or_report(ctx: &mut dyn ToolCtx, cmd: &str, operand: &[u8]) -> Option<Source> {
    match open(ctx, operand) {
        Ok(src) => Some(src),
        Err(m) => {
            super::diag::err(ctx, cmd, &format!("{}: {m}", lossy(operand)));
            None
        }
    }
}

/// The loop of most line filters: `each` gets every record of every operand (`-` or none is
/// stdin) in turn. An input that cannot be opened or read is reported as `cmd: NAME: reason`
/// and makes the status 1, and the next input follows. `Ok` with that status once all inputs
/// are read; `Err` with the status to return at once (130 for a cancelled run, or what `each`
/// halted with), the caller's pending output unwritten.
pub fn for_each_record_of(
    ctx: &mut dyn ToolCtx,
    cmd: &str,
    operands: Vec<Arg>,
    delim: u8,
    mut each: impl FnMut(&mut dyn ToolCtx, &[u8]) -> Result<(), Halt>,
) -> Result<ExitStatus, ExitStatus> {
    let mut status = 0;
    for f in files_or_stdin(operands) {
        let Some(mut src) = open_or_report(ctx, cmd, &f) else {
            status = 1;
            continue;
        };
        match for_each_record(ctx, &mut src, delim, &mut each) {
            Ok(()) => {}
            Err(Halt::Read(_)) if ctx.is_cancelled() => return Err(130),
            Err(Halt::Read(e)) => {
                super::diag::err(ctx, cmd, &format!("{}: {}", lossy(&f), io_msg(&e)));
                status = 1;
            }
            Err(Halt::Skip) => status = 1,
            Err(Halt::Exit(s)) => return Err(s),
        }
    }
    Ok(status)
}

/// Feeds every operand (`-` or none is stdin), as one stream, a chunk at a time (read into
/// `buf`) to `each`. An
/// input that cannot be opened or read is reported as `cmd: NAME: reason` and makes the status
/// 1, and the next input follows; `each` halting with `Halt::Exit`, or a cancelled run (130),
/// ends it at once.
pub fn for_each_chunk_of(
    ctx: &mut dyn ToolCtx,
    cmd: &str,
    operands: Vec<Arg>,
    buf: &mut ChunkBuf,
    mut each: impl FnMut(&mut dyn ToolCtx, &mut [u8]) -> Result<(), Halt>,
) -> ExitStatus {
    let mut status = 0;
    for f in files_or_stdin(operands) {
        let Some(mut src) = open_or_report(ctx, cmd, &f) else {
            status = 1;
            continue;
        };
        match for_each_chunk(ctx, &mut src, buf, &mut each) {
            Ok(()) => {}
            Err(Halt::Read(e)) => {
                super::diag::err(ctx, cmd, &format!("{}: {}", lossy(&f), io_msg(&e)));
                status = 1;
            }
            Err(Halt::Skip) => status = 1,
            Err(Halt::Exit(s)) => return s,
        }
    }
    status
}

/// Why [`read_operand`] gave no data.
pub enum Unread {
    /// The operand could not be opened: GNU's reason text.
    Open(String),
    /// Reading failed, cancellation included (then [`ToolCtx::is_cancelled`] is true).
    Read(std::io::Error),
}

/// A whole operand (`-` is stdin), for commands that need all of it at once (`tac`, `iconv`,
/// `csplit`); the two failures apart, as GNU words them apart.
pub fn read_operand(ctx: &mut dyn ToolCtx, operand: &[u8]) -> Result<Vec<u8>, Unread> {
    let mut src = open(ctx, operand).map_err(Unread::Open)?;
    read_all(ctx, &mut src).map_err(Unread::Read)
}

/// The option rows of [`OrderCheck`].
pub const CHECK_ORDER: OptSpec = OptSpec::new(
    "--check-order",
    "check that the input is correctly sorted, even if all input lines are pairable",
);
pub const NOCHECK_ORDER: OptSpec = OptSpec::new(
    "--nocheck-order",
    "do not check that the input is correctly sorted",
);

/// `--check-order` / `--nocheck-order` of `comm` and `join`. By default GNU checks the order
/// of the inputs once a line without a partner has been seen, and warns once per file; with
/// `--check-order` it checks from the start and an unsorted input is fatal.
#[derive(PartialEq, Eq, Clone, Copy, Default, Debug)]
pub enum OrderCheck {
    #[default]
    Default,
    On,
    Off,
}

impl OrderCheck {
    /// Whether the order is checked now, given whether an unpairable line has been seen.
    pub fn applies(self, seen_unpairable: bool) -> bool {
        self == OrderCheck::On || (self == OrderCheck::Default && seen_unpairable)
    }

    /// Whether an input out of order ends the command (status 1) rather than warning.
    pub fn is_fatal(self) -> bool {
        self == OrderCheck::On
    }
}
