//! A deflate encoder whose output equals GNU gzip 1.12's byte for byte at every level, and the
//! gzip member writer around it (RFC 1951, RFC 1952).
//!
//! Agents compare sizes and checksums of `.gz` files and tarballs with what GNU gzip gives, so
//! the bytes matter, not only the decompressed content. The algorithm is the one zlib documents
//! and implements (hash chains, greedy parsing for levels 1-3 and lazy for 4-9, the same
//! per-level tuning table, length-limited Huffman trees, stored/fixed/dynamic choice); where GNU
//! gzip parts from zlib (block boundaries, window refills, end of input) the rule was inferred
//! by comparing outputs with the host's gzip, never from gzip's (GPL) source. The record of
//! what was inferred and how it was checked is in docs/DECISIONS.md, "gzip's bytes".
//!
//! Memory is bounded (a 64 KiB window, 32 Ki symbols, one block of output) whatever the input
//! size; the writer works chunk by chunk, so a caller can check for cancellation between
//! `write` calls.

mod crc;
mod lz;
mod trees;

use std::io::{self, Write};

pub use crc::Crc32;
use lz::{Lz, Stop};

/// What the gzip header carries besides the data.
#[derive(Clone, Debug, Default)]
pub struct Header {
    /// The original file name (FNAME), without directory, as gzip stores it.
    pub name: Option<Vec<u8>>,
    /// Modification time in seconds since the epoch (0: none).
    pub mtime: u32,
}

/// A gzip member writer: `write` the data, then `finish`.
pub struct GzEncoder<W: Write> {
    inner: Option<W>,
    lz: Box<Lz>,
    crc: Crc32,
    size: u32,
    /// The first window fill has completed.
    started: bool,
    /// Bytes the read in progress has placed so far.
    got: usize,
    done: bool,
}

/// The XFL byte gzip writes for a level.
fn xfl(level: u32) -> u8 {
    match level {
        1 => 4,
        9 => 2,
        _ => 0,
    }
}

impl<W: Write> GzEncoder<W> {
    /// A writer compressing at `level` (1-9; gzip's default is 6) into `inner`; the header
    /// is written at once.
    pub fn new(mut inner: W, level: u32, header: &Header) -> io::Result<Self> {
        let level = level.clamp(1, 9);
        let mut h = vec![0x1f, 0x8b, 8, if header.name.is_some() { 8 } else { 0 }];
        h.extend_from_slice(&header.mtime.to_le_bytes());
        h.push(xfl(level));
        h.push(3);
        if let Some(n) = &header.name {
            h.extend_from_slice(n);
            h.push(0);
        }
        inner.write_all(&h)?;
        Ok(GzEncoder {
            inner: Some(inner),
            lz: Box::new(Lz::new(level)),
            crc: Crc32::new(),
            size: 0,
            started: false,
            got: 0,
            done: false,
        })
    }

    fn drain(&mut self) -> io::Result<()> {
        let out = &mut self.lz.blocks.bits.out;
        if !out.is_empty() {
            if let Some(w) = self.inner.as_mut() {
                w.write_all(out)?;
            }
            out.clear();
        }
        Ok(())
    }

    /// A read has completed with `self.got` bytes (fewer than asked only at end of input).
    fn read_done(&mut self, at_end: bool) -> io::Result<()> {
        let n = std::mem::take(&mut self.got);
        if !self.started {
            self.started = true;
            self.lz.init_hash();
        }
        if n == 0 {
            self.lz.set_eof();
        }
        loop {
            match self.lz.run() {
                Stop::Done => {
                    self.done = true;
                    break;
                }
                Stop::NeedInput => {
                    self.lz.maybe_slide();
                    if !at_end {
                        break;
                    }
                    // The next read finds nothing.
                    self.lz.set_eof();
                }
            }
        }
        self.drain()
    }

    /// Write the last block and the trailer; returns the inner writer.
    pub fn finish(mut self) -> io::Result<W> {
        self.try_finish()?;
        self.inner
            .take()
            .ok_or_else(|| io::Error::other("gzip encoder already finished"))
    }

    /// Write the last block and the trailer, keeping the inner writer.
    pub fn try_finish(&mut self) -> io::Result<()> {
        if self.done {
            return Ok(());
        }
        if self.started || self.got > 0 {
            self.read_done(true)?;
        } else {
            // Empty input: one empty final block.
            self.started = true;
            self.lz.set_eof();
            self.read_done(true)?;
        }
        let mut t = [0u8; 8];
        t[..4].copy_from_slice(&self.crc.sum().to_le_bytes());
        t[4..].copy_from_slice(&self.size.to_le_bytes());
        if let Some(w) = self.inner.as_mut() {
            w.write_all(&t)?;
            w.flush()?;
        }
        Ok(())
    }

    /// The inner writer.
    pub fn get_mut(&mut self) -> Option<&mut W> {
        self.inner.as_mut()
    }
}

impl<W: Write> Write for GzEncoder<W> {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        if self.done {
            return Err(io::Error::other("gzip encoder already finished"));
        }
        let mut rest = data;
        while !rest.is_empty() {
            let room = self.lz.room();
            let n = room.min(rest.len());
            let at = self.lz.strstart + self.lz.lookahead;
            self.lz.window[at..at + n].copy_from_slice(&rest[..n]);
            self.lz.lookahead += n;
            self.got += n;
            self.crc.update(&rest[..n]);
            self.size = self.size.wrapping_add(n as u32);
            rest = &rest[n..];
            if self.lz.room() == 0 {
                self.read_done(false)?;
            }
        }
        Ok(data.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.drain()?;
        match self.inner.as_mut() {
            Some(w) => w.flush(),
            None => Ok(()),
        }
    }
}

/// Compress `data` into a whole gzip member (convenience for tests and small inputs).
pub fn gzip(data: &[u8], level: u32, header: &Header) -> Vec<u8> {
    let mut out = Vec::new();
    // Writing into a Vec cannot fail.
    if let Ok(mut e) = GzEncoder::new(&mut out, level, header) {
        let _ = e.write_all(data);
        let _ = e.try_finish();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{GzEncoder, Header, gzip};
    use std::io::{Read, Write};

    fn gunzip(gz: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        flate2::read::GzDecoder::new(gz)
            .read_to_end(&mut out)
            .expect("valid gzip");
        out
    }

    /// A fixed pseudo-random stream (xorshift64*).
    fn noise(seed: u64, n: usize) -> Vec<u8> {
        let mut s = seed;
        (0..n)
            .map(|_| {
                s ^= s >> 12;
                s ^= s << 25;
                s ^= s >> 27;
                (s.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 56) as u8
            })
            .collect()
    }

    fn inputs() -> Vec<Vec<u8>> {
        let text: Vec<u8> = (0..200_000u32)
            .flat_map(|i| format!("line {} of {}\n", i % 977, i % 13).into_bytes())
            .take(300_000)
            .collect();
        vec![
            Vec::new(),
            b"a".to_vec(),
            b"ab".to_vec(),
            vec![0; 70_000],
            noise(1, 100_000),
            text.clone(),
            [noise(2, 40_000), text[..100_000].to_vec(), noise(3, 30_000)].concat(),
            text[..65_300].to_vec(),
            text[..65_536].to_vec(),
        ]
    }

    // Expected bytes from the host's GNU gzip 1.12 (`printf ... | gzip -n [-9]`).
    #[test]
    fn known_outputs_of_gnu_gzip() {
        let h = Header::default();
        assert_eq!(
            gzip(b"", 6, &h),
            [
                0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0
            ]
        );
        assert_eq!(
            gzip(b"a", 6, &h),
            [
                0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 0x4b, 4, 0, 0x43, 0xbe, 0xb7, 0xe8, 1, 0, 0, 0
            ]
        );
        assert_eq!(
            gzip(b"hello hello hello hello\n", 9, &h),
            [
                0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 3, 0xcb, 0x48, 0xcd, 0xc9, 0xc9, 0x57, 0xc8, 0x40,
                0x27, 0xb9, 0, 0, 0x88, 0x59, 0x0b, 0x18, 0, 0, 0
            ]
        );
    }

    #[test]
    fn header_fields() {
        let h = Header {
            name: Some(b"hf".to_vec()),
            mtime: 0x6638_81d9,
        };
        let out = gzip(b"hello\n", 1, &h);
        // gzip -1 -c hf, hf dated 2024-05-06 07:08:09 UTC: FNAME, the time, XFL 4, OS 3.
        assert_eq!(
            &out[..13],
            &[
                0x1f, 0x8b, 8, 8, 0xd9, 0x81, 0x38, 0x66, 4, 3, b'h', b'f', 0
            ]
        );
        assert_eq!(gunzip(&out), b"hello\n");
    }

    #[test]
    fn round_trips_at_every_level() {
        for data in inputs() {
            for level in 1..=9 {
                let gz = gzip(&data, level, &Header::default());
                assert_eq!(gunzip(&gz), data, "level {level}, {} bytes", data.len());
            }
        }
    }

    /// How the input arrives (chunk sizes) never changes the output.
    #[test]
    fn output_does_not_depend_on_chunking() {
        for data in inputs() {
            let whole = gzip(&data, 6, &Header::default());
            for chunk in [1usize, 7, 4096, 65_537] {
                let mut out = Vec::new();
                let mut e = GzEncoder::new(&mut out, 6, &Header::default()).expect("vec");
                for c in data.chunks(chunk) {
                    e.write_all(c).expect("vec");
                }
                e.finish().expect("vec");
                assert_eq!(out, whole, "chunks of {chunk}");
            }
        }
    }

    #[test]
    fn writing_after_finish_is_an_error() {
        let mut out = Vec::new();
        let mut e = GzEncoder::new(&mut out, 6, &Header::default()).expect("vec");
        e.try_finish().expect("vec");
        assert!(e.write(b"x").is_err());
    }
}
