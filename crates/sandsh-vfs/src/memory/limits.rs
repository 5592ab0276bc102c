//! The size limits of a [`MemoryFs`] (total bytes, inodes, one file's size) and the usage they
//! are checked against, with the session's memory budget charged as files grow.

use super::{MemoryFs, State};
use crate::{VfsError, VfsResult};

/// Size limits of a [`MemoryFs`]; `None` means unlimited.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MemoryFsLimits {
    /// Total bytes of file contents (exceeding it gives `NoSpace`).
    pub max_total_bytes: Option<u64>,
    /// Number of inodes besides the root: files, directories, symlinks (`NoSpace`).
    pub max_files: Option<u64>,
    /// Size of any one file (`FileTooLarge`).
    pub max_file_size: Option<u64>,
}

/// What the filesystem currently holds (for `df` and limit messages).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MemoryFsUsage {
    pub total_bytes: u64,
    pub files: u64,
}

impl MemoryFs {
    /// Bytes and inodes in use.
    pub fn usage(&self) -> MemoryFsUsage {
        let st = self.read_state();
        MemoryFsUsage {
            total_bytes: st.total_bytes,
            files: st.files,
        }
    }

    /// The limits in force.
    pub fn limits(&self) -> MemoryFsLimits {
        self.limits
    }

    /// Fail with `FileTooLarge` / `NoSpace` if a file growing from `old` to `new` bytes would
    /// exceed the limits.
    pub(super) fn check_grow(&self, st: &State, old: u64, new: u64) -> VfsResult<()> {
        if let Some(max) = self.limits.max_file_size
            && new > max
        {
            return Err(VfsError::FileTooLarge);
        }
        if new > isize::MAX as u64 {
            return Err(VfsError::FileTooLarge);
        }
        if new > old
            && let Some(max) = self.limits.max_total_bytes
            && st.total_bytes.saturating_add(new - old) > max
        {
            return Err(VfsError::NoSpace);
        }
        // THREAT DOS-MEM-1: file contents count against the session's memory budget.
        if let Some(b) = &self.budget {
            b.set_vfs(st.total_bytes);
            if new > old
                && b.vfs_fits(st.total_bytes.saturating_add(new - old))
                    .is_err()
            {
                return Err(VfsError::NoSpace);
            }
        }
        Ok(())
    }
}
