//! [`NetBackend`]: a session's filesystem with its network access attached.
//!
//! Commands see only `ToolCtx`, which hands out the backend; the kernel wraps the backend in
//! this type when the session has an allowlist, so `ctx.backend().network()` answers. Every
//! file operation goes straight to the wrapped backend.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::SystemTime;

use super::Net;
use crate::vfs::{
    BackendTool, DirEntry, FsStats, KernelBackend, Metadata, MountInfo, VfsResult, WriteMode,
};

/// A backend plus network access.
pub struct NetBackend {
    inner: Arc<dyn KernelBackend>,
    net: Arc<Net>,
}

impl NetBackend {
    pub fn new(inner: Arc<dyn KernelBackend>, net: Arc<Net>) -> Self {
        NetBackend { inner, net }
    }
}

impl KernelBackend for NetBackend {
    fn read(&self, path: &Path, range: Option<std::ops::Range<u64>>) -> VfsResult<Vec<u8>> {
        self.inner.read(path, range)
    }
    fn read_at(&self, path: &Path, offset: u64, buf: &mut [u8]) -> VfsResult<usize> {
        self.inner.read_at(path, offset, buf)
    }
    fn write(&self, path: &Path, data: &[u8], mode: WriteMode, create_mode: u32) -> VfsResult<()> {
        self.inner.write(path, data, mode, create_mode)
    }
    fn append(&self, path: &Path, data: &[u8]) -> VfsResult<()> {
        self.inner.append(path, data)
    }
    fn truncate(&self, path: &Path, len: u64) -> VfsResult<()> {
        self.inner.truncate(path, len)
    }
    fn list(&self, path: &Path) -> VfsResult<Vec<DirEntry>> {
        self.inner.list(path)
    }
    fn stat(&self, path: &Path) -> VfsResult<Metadata> {
        self.inner.stat(path)
    }
    fn lstat(&self, path: &Path) -> VfsResult<Metadata> {
        self.inner.lstat(path)
    }
    fn mkdir(&self, path: &Path, mode: u32, parents: bool) -> VfsResult<()> {
        self.inner.mkdir(path, mode, parents)
    }
    fn remove(&self, path: &Path, recursive: bool) -> VfsResult<()> {
        self.inner.remove(path, recursive)
    }
    fn rename(&self, from: &Path, to: &Path) -> VfsResult<()> {
        self.inner.rename(from, to)
    }
    fn symlink(&self, target: &Path, link: &Path) -> VfsResult<()> {
        self.inner.symlink(target, link)
    }
    fn hard_link(&self, existing: &Path, link: &Path) -> VfsResult<()> {
        self.inner.hard_link(existing, link)
    }
    fn read_link(&self, path: &Path) -> VfsResult<PathBuf> {
        self.inner.read_link(path)
    }
    fn canonicalize(&self, path: &Path) -> VfsResult<PathBuf> {
        self.inner.canonicalize(path)
    }
    fn chmod(&self, path: &Path, mode: u32) -> VfsResult<()> {
        self.inner.chmod(path, mode)
    }
    fn set_mtime(&self, path: &Path, mtime: SystemTime) -> VfsResult<()> {
        self.inner.set_mtime(path, mtime)
    }
    fn exists(&self, path: &Path) -> bool {
        self.inner.exists(path)
    }
    fn list_tools(&self) -> Vec<BackendTool> {
        self.inner.list_tools()
    }
    fn call_tool(&self, name: &str, args: &[Vec<u8>]) -> VfsResult<Vec<u8>> {
        self.inner.call_tool(name, args)
    }
    fn read_only(&self) -> bool {
        self.inner.read_only()
    }
    fn mounts(&self) -> Vec<MountInfo> {
        self.inner.mounts()
    }
    fn fs_stats(&self, path: &Path) -> Option<FsStats> {
        self.inner.fs_stats(path)
    }
    fn network(&self) -> Option<Arc<Net>> {
        Some(self.net.clone())
    }
}
