//! [`HostFs`] in the browser build: there is no host filesystem in a page, so the type exists
//! (the mount table and the overlay name it) but no value of it can be made: [`HostFs::open`]
//! refuses with the reason, and so every mount of a host directory does.

use std::convert::Infallible;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use super::{DirEntry, KernelBackend, Metadata, VfsError, VfsResult, WriteMode};

/// A host directory: never opened in this build.
#[derive(Debug)]
pub struct HostFs {
    never: Infallible,
}

impl HostFs {
    /// Refused: the browser build has no host filesystem.
    pub fn open(_host: &Path, _read_only: bool) -> VfsResult<HostFs> {
        Err(VfsError::Other(
            "the browser build has no host filesystem to mount".into(),
        ))
    }

    pub fn try_clone(&self, _read_only: bool) -> VfsResult<HostFs> {
        match self.never {}
    }

    pub fn host_path(&self) -> &Path {
        match self.never {}
    }

    pub fn source(&self) -> String {
        match self.never {}
    }
}

impl KernelBackend for HostFs {
    fn read(&self, _: &Path, _: Option<std::ops::Range<u64>>) -> VfsResult<Vec<u8>> {
        match self.never {}
    }
    fn write(&self, _: &Path, _: &[u8], _: WriteMode, _: u32) -> VfsResult<()> {
        match self.never {}
    }
    fn truncate(&self, _: &Path, _: u64) -> VfsResult<()> {
        match self.never {}
    }
    fn list(&self, _: &Path) -> VfsResult<Vec<DirEntry>> {
        match self.never {}
    }
    fn stat(&self, _: &Path) -> VfsResult<Metadata> {
        match self.never {}
    }
    fn lstat(&self, _: &Path) -> VfsResult<Metadata> {
        match self.never {}
    }
    fn mkdir(&self, _: &Path, _: u32, _: bool) -> VfsResult<()> {
        match self.never {}
    }
    fn remove(&self, _: &Path, _: bool) -> VfsResult<()> {
        match self.never {}
    }
    fn rename(&self, _: &Path, _: &Path) -> VfsResult<()> {
        match self.never {}
    }
    fn symlink(&self, _: &Path, _: &Path) -> VfsResult<()> {
        match self.never {}
    }
    fn hard_link(&self, _: &Path, _: &Path) -> VfsResult<()> {
        match self.never {}
    }
    fn read_link(&self, _: &Path) -> VfsResult<PathBuf> {
        match self.never {}
    }
    fn canonicalize(&self, _: &Path) -> VfsResult<PathBuf> {
        match self.never {}
    }
    fn chmod(&self, _: &Path, _: u32) -> VfsResult<()> {
        match self.never {}
    }
    fn set_mtime(&self, _: &Path, _: SystemTime) -> VfsResult<()> {
        match self.never {}
    }
}
