//! Checksums and message digests: `md5sum`…`b2sum` ([`digest`]), `cksum` and `sum`, and what
//! they share: the digest algorithms, streamed a chunk at a time, and their hex form.

use sha2::Digest;

use sandsh_api::{ArgSpec, ArgType, Cancelled, ToolCtx};

use crate::common::input;

mod cksum;
mod digest;
mod sum;

pub use cksum::Cksum;
pub use digest::{B2SUM, MD5SUM, SHA1SUM, SHA224SUM, SHA256SUM, SHA384SUM, SHA512SUM};
pub use sum::Sum;

/// The `FILE...` operand of `cksum` and `sum`.
const CHECKSUM_FILES: ArgSpec =
    ArgSpec::optional("FILE", ArgType::Path, "files to checksum (- for stdin)").repeated();

/// A digest algorithm.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Algo {
    Md5,
    Sha1,
    Sha224,
    Sha256,
    Sha384,
    Sha512,
    /// BLAKE2b with this many output bits.
    B2(usize),
}

impl Algo {
    /// The name in `--tag` lines.
    pub fn tag(self) -> String {
        match self {
            Algo::Md5 => "MD5".into(),
            Algo::Sha1 => "SHA1".into(),
            Algo::Sha224 => "SHA224".into(),
            Algo::Sha256 => "SHA256".into(),
            Algo::Sha384 => "SHA384".into(),
            Algo::Sha512 => "SHA512".into(),
            Algo::B2(512) => "BLAKE2b".into(),
            Algo::B2(n) => format!("BLAKE2b-{n}"),
        }
    }

    /// Digest length in hex digits.
    pub fn hex_len(self) -> usize {
        match self {
            Algo::Md5 => 32,
            Algo::Sha1 => 40,
            Algo::Sha224 => 56,
            Algo::Sha256 => 64,
            Algo::Sha384 => 96,
            Algo::Sha512 => 128,
            Algo::B2(n) => n / 4,
        }
    }

    /// A fresh hasher (None for a BLAKE2b length that is not supported).
    pub fn hasher(self) -> Option<Box<dyn Hasher>> {
        Some(match self {
            Algo::Md5 => Box::new(md5::Md5::new()),
            Algo::Sha1 => Box::new(sha1::Sha1::new()),
            Algo::Sha224 => Box::new(sha2::Sha224::new()),
            Algo::Sha256 => Box::new(sha2::Sha256::new()),
            Algo::Sha384 => Box::new(sha2::Sha384::new()),
            Algo::Sha512 => Box::new(sha2::Sha512::new()),
            Algo::B2(bits) => {
                use blake2::digest::consts::{U16, U20, U28, U32, U48, U64};
                match bits {
                    128 => Box::new(blake2::Blake2b::<U16>::new()),
                    160 => Box::new(blake2::Blake2b::<U20>::new()),
                    224 => Box::new(blake2::Blake2b::<U28>::new()),
                    256 => Box::new(blake2::Blake2b::<U32>::new()),
                    384 => Box::new(blake2::Blake2b::<U48>::new()),
                    512 => Box::new(blake2::Blake2b::<U64>::new()),
                    _ => return None,
                }
            }
        })
    }
}

/// Object-safe digest.
pub trait Hasher {
    fn feed(&mut self, data: &[u8]);
    fn finish(self: Box<Self>) -> Vec<u8>;
}

impl<T: Digest> Hasher for T {
    fn feed(&mut self, data: &[u8]) {
        Digest::update(self, data);
    }
    fn finish(self: Box<Self>) -> Vec<u8> {
        Digest::finalize(*self).to_vec()
    }
}

pub fn hex(b: &[u8]) -> String {
    const H: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(b.len() * 2);
    for &x in b {
        s.push(H[(x >> 4) as usize] as char);
        s.push(H[(x & 15) as usize] as char);
    }
    s
}

/// Digest one operand (`-` is stdin), streaming.
pub fn digest_file(ctx: &mut dyn ToolCtx, algo: Algo, name: &[u8]) -> std::io::Result<String> {
    let mut h = algo
        .hasher()
        .ok_or_else(|| std::io::Error::other("unsupported length"))?;
    let mut src = input::open_source(ctx, name)?;
    let mut buf = vec![0u8; input::CHUNK];
    loop {
        if ctx.is_cancelled() {
            return Err(Cancelled.into());
        }
        match input::read_chunk(ctx, &mut src, &mut buf) {
            Ok(0) => break,
            Ok(n) => h.feed(&buf[..n]),
            Err(e) => return Err(e),
        }
    }
    Ok(hex(&h.finish()))
}
