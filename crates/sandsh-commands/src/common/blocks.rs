//! The block accounting the VFS implies, for `ls -s`/`ls -l` totals, `stat %b`, `du`, `df`
//! and `tree --du`.
//!
//! The VFS keeps no block counts, so disk usage is derived from sizes as ext4 would allocate
//! them: a regular file takes its size rounded up to 4 KiB, a directory one 4 KiB block, a
//! symlink or device none. Every command counts through [`blocks512`], so they agree with each
//! other.

use sandsh_api::fs::{FileType, Metadata};

/// The allocation unit the VFS is accounted in (ext4's usual block size).
pub const BLOCK: u64 = 4096;

/// 512-byte blocks a file occupies (see the module docs).
pub fn blocks512(m: &Metadata) -> u64 {
    match m.file_type {
        FileType::File => m.size.div_ceil(BLOCK) * (BLOCK / 512),
        FileType::Dir => BLOCK / 512,
        _ => 0,
    }
}
