//! Writing: to standard output (where a closed reader ends the command), in chunk-sized
//! batches, and to files a command writes in pieces.
//!
//! Commands collect output in a buffer and write it a chunk at a time: one write per record
//! would cost a call each, one write at the end would hold the whole output in memory.

use std::io::ErrorKind;

use sandsh_api::fs::{VfsError, WriteMode};
use sandsh_api::{Arg, ExitStatus, ToolCtx};

use super::diag::{display_name, err, io_msg, vfs_msg};
use super::input::{CHUNK, Halt, Source, files_or_stdin, open_source};
use super::quote::quote;

/// Whether `name` is one of the shell's descriptors rather than a file: `/dev/stdout`,
/// `/dev/stderr`, `/dev/stdin`, `/dev/tty` or `/dev/fd/N`. Output there goes through
/// [`ToolCtx::open_write`] (input through [`ToolCtx::open_read`]), never the filesystem.
pub fn is_fd_path(name: &str) -> bool {
    matches!(
        name,
        "/dev/stdout" | "/dev/stderr" | "/dev/stdin" | "/dev/tty"
    ) || name
        .strip_prefix("/dev/fd/")
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// A file a command writes in pieces (`tee FILE`, `sort -o FILE`, `uniq IN OUT`): a sandbox
/// file appended to through the backend, or one of the shell's descriptors named as a file.
pub enum OutFile {
    Path(std::path::PathBuf),
    Fd(Box<dyn std::io::Write + Send>),
}

impl OutFile {
    /// Opens `name` for writing: truncated (created with mode 0644, as these commands have
    /// always created their files), or appended to. `Err` holds the reason as GNU prints it.
    pub fn create(ctx: &mut dyn ToolCtx, name: &str, append: bool) -> Result<OutFile, String> {
        if is_fd_path(name) {
            return ctx
                .open_write(name, append)
                .map(OutFile::Fd)
                .map_err(|e| io_msg(&e));
        }
        let abs = ctx.resolve_path(name);
        let mode = if append {
            sandsh_api::fs::WriteMode::Append
        } else {
            sandsh_api::fs::WriteMode::Truncate
        };
        ctx.backend()
            .write(&abs, b"", mode, 0o644)
            .map(|()| OutFile::Path(abs))
            .map_err(|e| vfs_msg(&e))
    }

    /// Appends `data`; `Err` holds the reason as GNU prints it.
    pub fn write(&mut self, ctx: &dyn ToolCtx, data: &[u8]) -> Result<(), String> {
        match self {
            OutFile::Path(abs) => ctx.backend().append(abs, data).map_err(|e| vfs_msg(&e)),
            OutFile::Fd(w) => w.write_all(data).map_err(|e| io_msg(&e)),
        }
    }

    /// Whether this is a descriptor, which may be the command's own stdout: flush
    /// [`ToolCtx::stdout`] before writing here to keep the order.
    pub fn is_fd(&self) -> bool {
        matches!(self, OutFile::Fd(_))
    }
}

/// Write to stdout; `false` when the reader is gone (the caller stops).
pub fn out(ctx: &mut dyn ToolCtx, data: &[u8]) -> bool {
    ctx.stdout().write_all(data).is_ok()
}

/// Writes `data`, the rest of a command's answer, to stdout and returns the command's
/// status: `status`, or 141 (as SIGPIPE would) when the reader is gone.
pub fn emit(ctx: &mut dyn ToolCtx, data: &[u8], status: ExitStatus) -> ExitStatus {
    if out(ctx, data) { status } else { 141 }
}

/// Writes `data` to stdout, or halts with status 1 when the reader is gone: the write at the
/// end of a [`super::input::for_each_chunk`] or record callback.
pub fn write(ctx: &mut dyn ToolCtx, data: &[u8]) -> Result<(), Halt> {
    if out(ctx, data) {
        Ok(())
    } else {
        Err(Halt::Exit(1))
    }
}

/// Writes `buf` to stdout once it holds a chunk or more, and empties it. `Err(1)` when the
/// reader is gone: the caller stops with that status.
pub fn flush_when_full(ctx: &mut dyn ToolCtx, buf: &mut Vec<u8>) -> Result<(), ExitStatus> {
    if buf.len() >= CHUNK {
        if !out(ctx, buf) {
            return Err(1);
        }
        buf.clear();
    }
    Ok(())
}

/// The end of a filter: after `Ok(status)` (all input read) writes what is left in `buf` and
/// returns `status`, or 1 when the reader is gone; after `Err(status)` (stopped early) returns
/// `status` with `buf` unwritten.
pub fn finish(
    ctx: &mut dyn ToolCtx,
    buf: &[u8],
    read: Result<ExitStatus, ExitStatus>,
) -> ExitStatus {
    match read {
        Ok(status) if out(ctx, buf) => status,
        Ok(_) => 1,
        Err(status) => status,
    }
}

/// The `==> NAME <==` line GNU `head` and `tail` print before each file's part: with more than
/// one file or `-v`, never with `-q`; a blank line before all but the first.
pub struct FileHeaders {
    show: bool,
    first: bool,
}

impl FileHeaders {
    /// `choice` is `Some(true)` for `-v`, `Some(false)` for `-q`/`--silent`.
    pub fn new(choice: Option<bool>, files: usize) -> FileHeaders {
        FileHeaders {
            show: choice.unwrap_or(files > 1),
            first: true,
        }
    }

    /// Writes the header for `name` when headers are shown; `false` when the reader is gone.
    pub fn write(&mut self, ctx: &mut dyn ToolCtx, name: &str) -> bool {
        let sep = if self.first { "" } else { "\n" };
        self.first = false;
        !self.show || out(ctx, format!("{sep}==> {name} <==\n").as_bytes())
    }
}

/// The per-file loop of `head` and `tail`: each operand (standard input when none) gets its
/// header, then `part` copies what the command selects from it. GNU's messages: a file that
/// cannot be opened is skipped ("cannot open … for reading"); a directory gets its header,
/// then "error reading …: Is a directory". `part` returns `Ok(false)` when stdout is gone,
/// which ends the command with 1.
pub fn each_file_with_header(
    ctx: &mut dyn ToolCtx,
    cmd: &str,
    operands: Vec<Arg>,
    choice: Option<bool>,
    mut part: impl FnMut(&mut dyn ToolCtx, &mut Source) -> Result<bool, String>,
) -> ExitStatus {
    let files = files_or_stdin(operands);
    let mut headers = FileHeaders::new(choice, files.len());
    let mut status = 0;
    for f in &files {
        let name = display_name(f);
        let opened = open_source(ctx, f);
        if let Err(e) = &opened
            && e.kind() != ErrorKind::IsADirectory
        {
            let m = io_msg(e);
            err(
                ctx,
                cmd,
                &format!("cannot open {} for reading: {m}", quote(&name)),
            );
            status = 1;
            continue;
        }
        if !headers.write(ctx, &name) {
            return 1;
        }
        let opened = opened.map_err(|e| io_msg(&e));
        match opened.and_then(|mut src| part(ctx, &mut src)) {
            Ok(true) => {}
            Ok(false) => return 1,
            Err(m) => {
                err(ctx, cmd, &format!("error reading {}: {m}", quote(&name)));
                status = 1;
            }
        }
    }
    status
}

/// Writes `data` as the whole of the file `name` (`-o FILE`, a piece of `split`): created
/// with mode 0666 less the umask, as `open(O_CREAT)` does, or truncated first.
pub fn write_file(ctx: &dyn ToolCtx, name: &str, data: &[u8]) -> Result<(), VfsError> {
    let path = ctx.resolve_path(name);
    ctx.backend()
        .write(&path, data, WriteMode::Truncate, 0o666 & !ctx.umask())
}
