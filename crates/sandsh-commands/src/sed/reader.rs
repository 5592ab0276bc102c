//! Reading records (lines, or NUL-terminated records with `-z`) from one input: chunks into a
//! reused buffer, records appended to the caller's pattern space without per-line
//! allocation, and a one-byte look-ahead (`fill`) for the `$` address.

use crate::common::{diag, input};
use sandsh_api::ToolCtx;

use super::exec::Stop;

const CHUNK: usize = 64 * 1024;

/// A record reader over one source, with a reused buffer.
pub struct Reader {
    /// Where the records come from (`--debug` names stdin `STDIN`).
    pub src: input::Source,
    buf: Vec<u8>,
    start: usize,
    eof: bool,
}

impl Reader {
    pub fn new(src: input::Source) -> Reader {
        Reader {
            src,
            buf: Vec::new(),
            start: 0,
            eof: false,
        }
    }

    /// Make sure at least one byte is buffered unless at end of input.
    pub fn fill(&mut self, ctx: &mut dyn ToolCtx) -> Result<bool, Stop> {
        if self.start < self.buf.len() {
            return Ok(true);
        }
        if self.eof {
            return Ok(false);
        }
        self.more(ctx)?;
        Ok(self.start < self.buf.len())
    }

    fn more(&mut self, ctx: &mut dyn ToolCtx) -> Result<(), Stop> {
        if ctx.is_cancelled() {
            return Err(Stop::Cancelled);
        }
        if self.start > 0 {
            self.buf.drain(..self.start);
            self.start = 0;
        }
        let old = self.buf.len();
        self.buf.resize(old + CHUNK, 0);
        match input::read_chunk(ctx, &mut self.src, &mut self.buf[old..]) {
            Ok(n) => {
                self.buf.truncate(old + n);
                if n == 0 {
                    self.eof = true;
                }
                Ok(())
            }
            // GNU sed stops with status 4 when standard input cannot be read (a directory).
            Err(e) if matches!(self.src, input::Source::Stdin) && !sandsh_api::is_cancelled(&e) => {
                self.buf.truncate(old);
                self.eof = true;
                let _ = writeln!(
                    ctx.stderr(),
                    "sed: read error on stdin: {}",
                    diag::io_msg(&e)
                );
                Err(Stop::Panic)
            }
            Err(_) => {
                self.buf.truncate(old);
                self.eof = true;
                Ok(())
            }
        }
    }

    /// Append the next record (without its delimiter) to `out`; `Some(chomped)` or `None` at
    /// the end of input.
    pub fn record(
        &mut self,
        ctx: &mut dyn ToolCtx,
        delim: u8,
        out: &mut Vec<u8>,
    ) -> Result<Option<bool>, Stop> {
        let mut scanned = 0;
        loop {
            let avail = &self.buf[self.start..];
            if let Some(p) = memchr(delim, &avail[scanned..]) {
                let end = scanned + p;
                out.extend_from_slice(&avail[..end]);
                self.start += end + 1;
                return Ok(Some(true));
            }
            scanned = avail.len();
            if self.eof {
                if scanned == 0 {
                    return Ok(None);
                }
                out.extend_from_slice(avail);
                self.start = self.buf.len();
                return Ok(Some(false));
            }
            // `more` moves the unread bytes to the front; `scanned` stays valid.
            self.more(ctx)?;
        }
    }
}

pub fn memchr(b: u8, hay: &[u8]) -> Option<usize> {
    use bstr::ByteSlice;
    hay.find_byte(b)
}
