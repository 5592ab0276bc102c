//! The character devices under `/dev` (null, zero, urandom, the shell's own streams) and what
//! reading one gives: endless devices answer a bounded amount.

use std::ops::Range;
use std::sync::atomic::Ordering;

use super::MemoryFs;
use crate::{VfsError, VfsResult};

/// How much a whole-file read of `/dev/zero` or `/dev/urandom` returns.
const DEVICE_CHUNK: u64 = 64 * 1024;
/// The most a ranged read of an endless device returns at once.
const DEVICE_MAX_READ: u64 = 16 * 1024 * 1024;

/// Character devices under `/dev`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Device {
    /// Reads nothing, discards writes.
    Null,
    /// Reads zeros, discards writes.
    Zero,
    /// Reads pseudo-random bytes (`/dev/urandom`, `/dev/random`), discards writes.
    Random,
    /// The shell's own streams: the interpreter maps these to file descriptors; reading or
    /// writing them through the backend gives `Unsupported`.
    Stdin,
    Stdout,
    Stderr,
    Tty,
}

impl MemoryFs {
    fn random_bytes(&self, n: usize) -> Vec<u8> {
        // xorshift64*: not cryptographic, which a sandboxed /dev/urandom need not be.
        let mut x = self.rng.fetch_add(0x9E37_79B9_7F4A_7C15, Ordering::Relaxed) | 1;
        let mut out = Vec::with_capacity(n);
        while out.len() < n {
            x ^= x >> 12;
            x ^= x << 25;
            x ^= x >> 27;
            let v = x.wrapping_mul(0x2545_F491_4F6C_DD1D).to_le_bytes();
            let take = (n - out.len()).min(8);
            out.extend_from_slice(&v[..take]);
        }
        self.rng.fetch_xor(x, Ordering::Relaxed);
        out
    }

    pub(super) fn read_device(&self, dev: Device, range: Option<Range<u64>>) -> VfsResult<Vec<u8>> {
        let len = match &range {
            Some(r) => r.end.saturating_sub(r.start).min(DEVICE_MAX_READ),
            None => DEVICE_CHUNK,
        } as usize;
        match dev {
            Device::Null => Ok(Vec::new()),
            Device::Zero => Ok(vec![0; len]),
            Device::Random => Ok(self.random_bytes(len)),
            Device::Stdin | Device::Stdout | Device::Stderr | Device::Tty => {
                Err(VfsError::Unsupported)
            }
        }
    }
}
