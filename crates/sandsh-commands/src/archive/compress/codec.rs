//! The codecs proper: compressing a stream in each format, decompressing it (gzip members
//! concatenated, bzip2 streams, the .xz container under a memory limit), GNU's wording of a
//! decoder's errors, and the memory each codec's state is charged.

use std::io::{self, BufRead, BufReader, Read, Write};

use sandsh_api::is_cancelled;

use super::bz_writer::BzWriter;
use super::{Fmt, Opts};
use crate::archive::io::{Shared, check};
use crate::common::input::CHUNK;
use crate::common::paths;

/// Why decoding stopped.
pub(super) enum DecodeError {
    /// The input does not start with the format's magic.
    NotFormat,
    /// The input ended inside the compressed data.
    Truncated,
    /// The data is corrupt (GNU's wording of the reason).
    Corrupt(String),
    /// Writing the output failed (full VFS, broken pipe, cancellation).
    Write(io::Error),
    /// Reading the input failed.
    Read(io::Error),
}

/// Memory the codec state takes, charged to the session's budget while it runs (estimates
/// after the tools' own documentation: xz's presets table, bzip2's 400k + 8 x block size).
pub(super) fn codec_memory(fmt: Fmt, decompress: bool, level: u32) -> usize {
    const MIB: usize = 1 << 20;
    match (fmt, decompress) {
        (Fmt::Gzip, _) => MIB / 2,
        (Fmt::Bzip2, false) => 400 * 1024 + 8 * 100 * 1024 * level as usize,
        (Fmt::Bzip2, true) => 400 * 1024 + 4 * 100 * 1024 * level as usize,
        (Fmt::Xz, false) => [3, 9, 17, 32, 48, 94, 94, 186, 370, 674][level.min(9) as usize] * MIB,
        (Fmt::Xz, true) => XZ_DECODE_MEMORY,
    }
}

/// What an .xz decoder may use (enough for every preset, -9 needs 65 MiB); a stream asking for
/// more is refused by the decoder.
const XZ_DECODE_MEMORY: usize = 72 << 20;

/// Compress `r` into `w`.
pub(super) fn encode(
    sh: &Shared<'_>,
    o: &Opts,
    name: Option<&str>,
    mtime: u32,
    r: &mut dyn Read,
    w: &mut dyn Write,
) -> io::Result<()> {
    match o.fmt {
        Fmt::Gzip => {
            // GNU gzip's own bytes (sandsh-deflate), so sizes and checksums agree with it.
            let mut header = sandsh_deflate::Header::default();
            if !o.no_name {
                header.name = name.map(|n| paths::base_name(n.as_bytes()).to_vec());
                header.mtime = mtime;
            }
            let mut enc = sandsh_deflate::GzEncoder::new(w, o.level, &header)?;
            crate::archive::io::copy(sh, r, &mut enc)?;
            enc.try_finish()
        }
        Fmt::Bzip2 => {
            let mut enc = BzWriter::new(w, o.level);
            crate::archive::io::copy(sh, r, &mut enc)?;
            enc.finish().map(|_| ())
        }
        Fmt::Xz => {
            let opts = lzma_rust2::XzOptions::with_preset(o.level);
            let mut enc = lzma_rust2::XzWriter::new(w, opts)?;
            crate::archive::io::copy(sh, r, &mut enc)?;
            enc.finish().map(|_| ())
        }
    }
}

/// Map a decoder's error to GNU's wording.
fn decode_error(fmt: Fmt, e: io::Error) -> DecodeError {
    if is_cancelled(&e) {
        return DecodeError::Read(e);
    }
    if e.kind() == io::ErrorKind::UnexpectedEof {
        return DecodeError::Truncated;
    }
    let text = e.to_string();
    match fmt {
        Fmt::Gzip if text.contains("checksum") => {
            DecodeError::Corrupt("invalid compressed data--crc error".into())
        }
        Fmt::Gzip => DecodeError::Corrupt("invalid compressed data--format violated".into()),
        Fmt::Bzip2 => DecodeError::Corrupt("Data integrity error when decompressing.".into()),
        Fmt::Xz if text.contains("memory") || text.contains("Memory") => {
            DecodeError::Corrupt("Memory usage limit reached".into())
        }
        Fmt::Xz => DecodeError::Corrupt("Compressed data is corrupt".into()),
    }
}

/// Pump a decoder into `w`, telling read errors from write errors.
fn pump(
    sh: &Shared<'_>,
    fmt: Fmt,
    dec: &mut dyn Read,
    w: &mut dyn Write,
    buf: &mut [u8],
) -> Result<(), DecodeError> {
    loop {
        check(sh).map_err(DecodeError::Read)?;
        let n = match dec.read(buf) {
            Ok(0) => return Ok(()),
            Ok(n) => n,
            Err(e) => return Err(decode_error(fmt, e)),
        };
        w.write_all(&buf[..n]).map_err(DecodeError::Write)?;
    }
}

/// Decompress `r` into `w`. Returns whether trailing garbage was ignored (gzip).
pub(super) fn decode(
    sh: &Shared<'_>,
    o: &Opts,
    r: &mut dyn Read,
    w: &mut dyn Write,
) -> Result<bool, DecodeError> {
    let mut br = BufReader::with_capacity(CHUNK, r);
    let head = br.fill_buf().map_err(DecodeError::Read)?;
    let magic = o.fmt.magic();
    let matches = head.len() >= magic.len() && &head[..magic.len()] == magic;
    if !matches {
        if o.force && o.stdout {
            // zcat -f: what is not compressed passes through.
            crate::archive::io::copy(sh, &mut br, w).map_err(DecodeError::Write)?;
            return Ok(false);
        }
        if head.is_empty() && o.fmt != Fmt::Xz {
            return Err(DecodeError::Truncated);
        }
        if o.fmt == Fmt::Xz && magic.starts_with(head) && !head.is_empty() {
            return Err(DecodeError::Truncated);
        }
        return Err(DecodeError::NotFormat);
    }
    let mut buf = vec![0u8; CHUNK];
    match o.fmt {
        Fmt::Gzip => loop {
            {
                let mut dec = flate2::bufread::GzDecoder::new(&mut br);
                pump(sh, o.fmt, &mut dec, w, &mut buf)?;
            }
            let rest = br.fill_buf().map_err(DecodeError::Read)?;
            if rest.is_empty() {
                return Ok(false);
            }
            if rest[0] != 0x1f || rest.get(1).is_some_and(|&b| b != 0x8b) {
                return Ok(true);
            }
        },
        Fmt::Bzip2 => {
            let mut dec = bzip2::bufread::MultiBzDecoder::new(&mut br);
            pump(sh, o.fmt, &mut dec, w, &mut buf)?;
            Ok(false)
        }
        Fmt::Xz => {
            let limit_kb = (XZ_DECODE_MEMORY / 1024) as u32;
            let mut dec = lzma_rust2::XzReader::new_mem_limit(&mut br, true, limit_kb);
            pump(sh, o.fmt, &mut dec, w, &mut buf)?;
            Ok(false)
        }
    }
}
