//! A bzip2 compressor that stops at once when cancelled: its own type because the crate's
//! encoder finishes the stream on drop, and `tar -j` uses it too.

use std::io::{self, Write};

use crate::common::input::CHUNK;

/// A bzip2 compressor over a writer. Unlike `bzip2::write::BzEncoder` it does not finish the
/// stream when dropped, so a cancelled or failed run stops at once instead of sorting one more
/// block of up to 900 kB.
pub struct BzWriter<W: Write> {
    c: bzip2::Compress,
    w: W,
    buf: Vec<u8>,
}

impl<W: Write> BzWriter<W> {
    pub fn new(w: W, level: u32) -> BzWriter<W> {
        BzWriter {
            c: bzip2::Compress::new(bzip2::Compression::new(level.clamp(1, 9)), 30),
            w,
            buf: Vec::with_capacity(CHUNK),
        }
    }

    fn drain(&mut self) -> io::Result<()> {
        if !self.buf.is_empty() {
            self.w.write_all(&self.buf)?;
            self.buf.clear();
        }
        Ok(())
    }

    /// Write the end of the stream; returns the writer.
    pub fn finish(mut self) -> io::Result<W> {
        loop {
            let st = self
                .c
                .compress_vec(&[], &mut self.buf, bzip2::Action::Finish)
                .map_err(|e| io::Error::other(format!("bzip2: {e:?}")))?;
            self.drain()?;
            if matches!(st, bzip2::Status::StreamEnd) {
                return Ok(self.w);
            }
        }
    }
}

impl<W: Write> Write for BzWriter<W> {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        if data.is_empty() {
            return Ok(0);
        }
        loop {
            let before = self.c.total_in();
            self.c
                .compress_vec(data, &mut self.buf, bzip2::Action::Run)
                .map_err(|e| io::Error::other(format!("bzip2: {e:?}")))?;
            let used = (self.c.total_in() - before) as usize;
            self.drain()?;
            if used > 0 {
                return Ok(used);
            }
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        self.w.flush()
    }
}
