//! Record input (RS handling over streamed chunks) and awk's output and command streams.
//!
//! Newline and single-character RS stream chunk by chunk; paragraph mode (`RS=""`) and regex
//! RS also stream, keeping only the unfinished tail of the buffer. Commands (`cmd | getline`,
//! `print | cmd`, `system`) run inside sandsh through `ToolCtx::call("sh", ["-c", …])`; the
//! command API has no way to capture a called command's output or feed its input, so pipes go
//! through a temporary file in the sandbox's `/tmp`, removed again afterwards.

use std::rc::Rc;

use crate::common::input::Source;
use crate::common::{diag, input};
use sandsh_api::ToolCtx;

use super::re::Re;

/// How RS separates records.
#[derive(Clone)]
pub enum RsMode {
    Byte(u8),
    Paragraph,
    Regex(Rc<Re>),
}

pub struct Reader {
    src: Source,
    buf: Vec<u8>,
    start: usize,
    eof: bool,
    step: input::ReadStep,
}

pub enum ReadErr {
    Cancelled,
    Io(String),
}

impl Reader {
    pub fn new(src: Source) -> Reader {
        Reader {
            src,
            buf: Vec::new(),
            start: 0,
            eof: false,
            step: input::ReadStep::new(),
        }
    }

    pub fn from_bytes(data: Vec<u8>) -> Reader {
        Reader {
            src: Source::File(Box::new(std::io::empty())),
            buf: data,
            start: 0,
            eof: true,
            step: input::ReadStep::new(),
        }
    }

    fn fill(&mut self, ctx: &mut dyn ToolCtx) -> Result<bool, ReadErr> {
        if self.eof {
            return Ok(false);
        }
        if ctx.is_cancelled() {
            return Err(ReadErr::Cancelled);
        }
        if self.start > 0 && self.start >= self.buf.len() / 2 {
            self.buf.drain(..self.start);
            self.start = 0;
        }
        let r = input::read_append(ctx, &mut self.src, &mut self.buf, &mut self.step);
        match r {
            Ok(n) => {
                if n == 0 {
                    self.eof = true;
                    return Ok(false);
                }
                Ok(true)
            }
            Err(e) => {
                self.eof = true;
                if ctx.is_cancelled() {
                    return Err(ReadErr::Cancelled);
                }
                Err(ReadErr::Io(diag::io_msg(&e)))
            }
        }
    }

    /// Read the next record into `rec`, its terminator into `rt`. False at the end.
    pub fn next_record(
        &mut self,
        ctx: &mut dyn ToolCtx,
        mode: &RsMode,
        rec: &mut Vec<u8>,
        rt: &mut Vec<u8>,
    ) -> Result<bool, ReadErr> {
        rec.clear();
        rt.clear();
        match mode {
            RsMode::Byte(c) => {
                let mut scanned = self.start;
                loop {
                    if let Some(p) = memchr::memchr(*c, &self.buf[scanned..]) {
                        let end = scanned + p;
                        rec.extend_from_slice(&self.buf[self.start..end]);
                        rt.push(*c);
                        self.start = end + 1;
                        return Ok(true);
                    }
                    scanned = self.buf.len();
                    let before = self.start;
                    if !self.fill(ctx)? {
                        if self.start < self.buf.len() {
                            rec.extend_from_slice(&self.buf[self.start..]);
                            self.start = self.buf.len();
                            return Ok(true);
                        }
                        return Ok(false);
                    }
                    // fill may have compacted the buffer
                    scanned -= before - self.start;
                }
            }
            RsMode::Paragraph => {
                // skip leading newlines
                loop {
                    while self.start < self.buf.len() && self.buf[self.start] == b'\n' {
                        self.start += 1;
                    }
                    if self.start < self.buf.len() {
                        break;
                    }
                    if !self.fill(ctx)? {
                        return Ok(false);
                    }
                }
                let mut scanned = self.start;
                loop {
                    // find "\n\n"
                    let hay = &self.buf[scanned..];
                    let mut found = None;
                    let mut from = 0;
                    while let Some(p) = memchr::memchr(b'\n', &hay[from..]) {
                        let at = from + p;
                        if at + 1 < hay.len() {
                            if hay[at + 1] == b'\n' {
                                found = Some(scanned + at);
                                break;
                            }
                            from = at + 1;
                        } else {
                            break;
                        }
                    }
                    if let Some(at) = found {
                        // the run of newlines must be complete (or at EOF)
                        let mut e = at;
                        while e < self.buf.len() && self.buf[e] == b'\n' {
                            e += 1;
                        }
                        if e == self.buf.len() && !self.eof {
                            let before = self.start;
                            self.fill(ctx)?;
                            let shift = before - self.start;
                            scanned = at - shift;
                            continue;
                        }
                        rec.extend_from_slice(&self.buf[self.start..at]);
                        rt.extend_from_slice(&self.buf[at..e]);
                        self.start = e;
                        return Ok(true);
                    }
                    let before = self.start;
                    let keep = self.buf.len().saturating_sub(1).max(self.start);
                    if !self.fill(ctx)? {
                        // last record: strip trailing newlines
                        let mut end = self.buf.len();
                        while end > self.start && self.buf[end - 1] == b'\n' {
                            end -= 1;
                        }
                        rec.extend_from_slice(&self.buf[self.start..end]);
                        rt.extend_from_slice(&self.buf[end..]);
                        self.start = self.buf.len();
                        return Ok(true);
                    }
                    scanned = keep - (before - self.start);
                }
            }
            RsMode::Regex(re) => loop {
                let hay = &self.buf[self.start..];
                if let Some((a, b)) = re.find_at(hay, 0)
                    && b > a
                    && (self.eof || b < hay.len())
                {
                    rec.extend_from_slice(&hay[..a]);
                    rt.extend_from_slice(&hay[a..b]);
                    self.start += b;
                    return Ok(true);
                }
                if !self.fill(ctx)? {
                    let hay = &self.buf[self.start..];
                    if hay.is_empty() {
                        return Ok(false);
                    }
                    if let Some((a, b)) = re.find_at(hay, 0)
                        && b > a
                    {
                        rec.extend_from_slice(&hay[..a]);
                        rt.extend_from_slice(&hay[a..b]);
                        self.start += b;
                        return Ok(true);
                    }
                    rec.extend_from_slice(hay);
                    self.start = self.buf.len();
                    return Ok(true);
                }
            },
        }
    }
}

/// An output stream opened by a redirection.
pub struct Output {
    pub kind: OutKind,
    pub buf: Vec<u8>,
    /// The shell's descriptor, for [`OutKind::Fd`].
    pub fd: Option<Box<dyn std::io::Write + Send>>,
}

#[derive(Clone, PartialEq)]
pub enum OutKind {
    /// a sandbox file (already truncated/created), appended to on flush
    File(String),
    Stdout,
    Stderr,
    /// one of the shell's descriptors named as a file (`/dev/fd/3`), written through at once
    Fd,
    /// a command fed on close
    Pipe(Vec<u8>),
}

/// Where temporary pipe files live.
const TMP_DIR: &str = "/tmp";

fn temp_path(ctx: &mut dyn ToolCtx, counter: &mut u64) -> String {
    let nanos = ctx
        .now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    loop {
        *counter += 1;
        let p = format!("{TMP_DIR}/.awk-pipe-{nanos:x}-{}", *counter);
        if !ctx.backend().exists(&ctx.resolve_path(&p)) {
            return p;
        }
    }
}

fn shell_quote(p: &str) -> String {
    format!("'{}'", p.replace('\'', "'\\''"))
}

/// Run `cmd` inside sandsh with its output captured. Err: why not.
pub fn run_capture(
    ctx: &mut dyn ToolCtx,
    cmd: &[u8],
    counter: &mut u64,
) -> Result<(Vec<u8>, i32), String> {
    let tmp = temp_path(ctx, counter);
    let path = ctx.resolve_path(&tmp);
    ctx.backend()
        .write(&path, b"", sandsh_api::fs::WriteMode::Truncate, 0o600)
        .map_err(|e| {
            format!("cannot capture command output: no writable {TMP_DIR} in the sandbox ({e})")
        })?;
    let mut script = Vec::new();
    script.extend_from_slice(b"{ ");
    script.extend_from_slice(cmd);
    script.extend_from_slice(b"\n} > ");
    script.extend_from_slice(shell_quote(&tmp).as_bytes());
    let status = ctx.call("sh", &[b"-c".to_vec(), script]);
    let data = ctx.backend().read(&path, None).unwrap_or_default();
    let _ = ctx.backend().remove(&path, false);
    Ok((data, status))
}

/// Run `cmd` inside sandsh with `input` on its stdin; its output goes to awk's stdout.
pub fn run_feed(
    ctx: &mut dyn ToolCtx,
    cmd: &[u8],
    input: &[u8],
    counter: &mut u64,
) -> Result<i32, String> {
    let tmp = temp_path(ctx, counter);
    let path = ctx.resolve_path(&tmp);
    ctx.backend()
        .write(&path, input, sandsh_api::fs::WriteMode::Truncate, 0o600)
        .map_err(|e| {
            format!("cannot feed command input: no writable {TMP_DIR} in the sandbox ({e})")
        })?;
    let mut script = Vec::new();
    script.extend_from_slice(b"{ ");
    script.extend_from_slice(cmd);
    script.extend_from_slice(b"\n} < ");
    script.extend_from_slice(shell_quote(&tmp).as_bytes());
    let status = ctx.call("sh", &[b"-c".to_vec(), script]);
    let _ = ctx.backend().remove(&path, false);
    Ok(status)
}
