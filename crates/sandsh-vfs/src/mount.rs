//! The mount table: one namespace made of several backends.
//!
//! A [`MountTable`] is itself a [`KernelBackend`]: each path goes to the backend mounted at its
//! longest matching prefix (the root, a [`MemoryFs`] by default, takes the rest), with the
//! prefix stripped, so every backend sees paths relative to its own root. Symlinks in the root
//! filesystem are followed by the table itself, so a link in `/home` may point into a mount;
//! inside a mount the backend follows its own (a host mount refuses targets that leave it).
//! Renames and hard links between backends fail with `CrossDevice`, as rename(2) does across
//! filesystems, so `mv` can fall back to copy and delete. Mount points show up in their parent's
//! listing and cannot be removed or renamed while mounted.
//!
//! [`MountSpec`] is the configuration form of a host mount (`--mount HOST:PATH[:ro|:overlay|:rw]`)
//! and [`MountTable::mount_spec`] turns one into a backend. Backend tools of mounted backends
//! (an overlay's `diff`, `commit`, `reset`) are offered as `vfs.diff PATH` and so on.

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::{Arc, RwLock};
use std::time::SystemTime;

use super::path::{bytes, from_bytes};
use super::walk::{self, Escape, Probe};
use super::{
    BackendTool, DirEntry, DirReader, FileReader, FileTimes, FileType, HostFs, KernelBackend,
    MemoryFs, Metadata, MountInfo, OverlayFs, VfsError, VfsResult, WriteMode, normalize,
};

/// How a host directory is mounted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MountMode {
    /// Reads reach the host; every write fails with `Read-only file system`.
    #[default]
    ReadOnly,
    /// Reads reach the host; writes stay in memory (see [`OverlayFs`]).
    Overlay,
    /// Reads and writes reach the host directory.
    ReadWrite,
}

impl MountMode {
    /// The CLI spelling: `ro`, `overlay` or `rw`.
    pub fn as_str(self) -> &'static str {
        match self {
            MountMode::ReadOnly => "ro",
            MountMode::Overlay => "overlay",
            MountMode::ReadWrite => "rw",
        }
    }
}

impl std::fmt::Display for MountMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a mount specification was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MountSpecError {
    #[error("invalid mount mode '{0}' (expected ro, overlay or rw)")]
    BadMode(String),
    #[error("invalid mount '{0}': expected HOST:PATH[:ro|:overlay|:rw]")]
    Syntax(String),
    #[error("invalid mount '{0}': the host directory is empty")]
    EmptyHost(String),
    #[error("invalid mount '{spec}': mount point '{path}' must be an absolute path")]
    RelativePath { spec: String, path: String },
}

impl FromStr for MountMode {
    type Err = MountSpecError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "ro" => Ok(MountMode::ReadOnly),
            "overlay" => Ok(MountMode::Overlay),
            "rw" => Ok(MountMode::ReadWrite),
            _ => Err(MountSpecError::BadMode(s.to_string())),
        }
    }
}

/// A host directory to mount: `HOST:PATH[:ro|:overlay|:rw]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MountSpec {
    /// The host directory (as given; relative paths are relative to the process's cwd).
    pub host: PathBuf,
    /// The VFS mount point, absolute and normalized.
    pub path: PathBuf,
    pub mode: MountMode,
}

impl MountSpec {
    /// Parse the CLI form. The mode, when present, is the last `:` field; the mount point is
    /// the field before it and must be absolute; the host path is everything before that (so
    /// it may itself contain `:`).
    pub fn parse(spec: &str) -> Result<MountSpec, MountSpecError> {
        let (rest, last) = spec
            .rsplit_once(':')
            .ok_or_else(|| MountSpecError::Syntax(spec.to_string()))?;
        let (host, path, mode) = if last.starts_with('/') {
            (rest, last, MountMode::ReadOnly)
        } else {
            let mode: MountMode = last.parse()?;
            let (host, path) = rest
                .rsplit_once(':')
                .ok_or_else(|| MountSpecError::Syntax(spec.to_string()))?;
            (host, path, mode)
        };
        if host.is_empty() {
            return Err(MountSpecError::EmptyHost(spec.to_string()));
        }
        if !path.starts_with('/') {
            return Err(MountSpecError::RelativePath {
                spec: spec.to_string(),
                path: path.to_string(),
            });
        }
        Ok(MountSpec {
            host: PathBuf::from(host),
            path: normalize(Path::new("/"), Path::new(path)),
            mode,
        })
    }

    /// Open the backend this spec describes, with its `mount` source string.
    pub fn open(&self) -> VfsResult<(Arc<dyn KernelBackend>, String)> {
        let wrap = |e: VfsError| VfsError::Other(format!("{}: {e}", self.host.display()));
        Ok(match self.mode {
            MountMode::ReadOnly | MountMode::ReadWrite => {
                let fs =
                    HostFs::open(&self.host, self.mode == MountMode::ReadOnly).map_err(wrap)?;
                let source = fs.source();
                (Arc::new(fs), source)
            }
            MountMode::Overlay => {
                let fs = OverlayFs::open(&self.host).map_err(wrap)?;
                let source = fs.source();
                (Arc::new(fs), source)
            }
        })
    }
}

impl FromStr for MountSpec {
    type Err = MountSpecError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        MountSpec::parse(s)
    }
}

struct Mount {
    /// Normalized absolute path, never `/`.
    path: Vec<u8>,
    backend: Arc<dyn KernelBackend>,
    source: String,
}

/// Backends mounted into one namespace, routed by longest prefix.
pub struct MountTable {
    root: Arc<dyn KernelBackend>,
    root_source: String,
    /// Sorted by path length, longest first, so the first match is the longest prefix.
    mounts: RwLock<Vec<Mount>>,
}

impl std::fmt::Debug for MountTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MountTable")
            .field("mounts", &self.mounts())
            .finish_non_exhaustive()
    }
}

impl Default for MountTable {
    fn default() -> Self {
        Self::new(Arc::new(MemoryFs::new()))
    }
}

/// Where a path goes: the backend, the path inside it, and the mount point (`None` = root).
struct Route {
    backend: Arc<dyn KernelBackend>,
    inner: PathBuf,
    mount: Option<Vec<u8>>,
}

impl Route {
    fn is_mount_root(&self) -> bool {
        self.mount.is_some() && bytes(&self.inner) == b"/"
    }
    fn same_fs(&self, other: &Route) -> bool {
        self.mount == other.mount
    }
}

fn busy() -> VfsError {
    VfsError::Other("Device or resource busy".into())
}

impl MountTable {
    /// A table whose root is `root` (listed as `memory`).
    pub fn new(root: Arc<dyn KernelBackend>) -> MountTable {
        MountTable {
            root,
            root_source: "memory".into(),
            mounts: RwLock::new(Vec::new()),
        }
    }

    /// The root backend.
    pub fn root(&self) -> &Arc<dyn KernelBackend> {
        &self.root
    }

    /// Mount `backend` at `path` (normalized; not `/`), listed by `mount` as `source`. The
    /// mount point directory is created in the filesystem beneath when possible, so that its
    /// parents exist there.
    pub fn mount(
        &self,
        path: &Path,
        backend: Arc<dyn KernelBackend>,
        source: impl Into<String>,
    ) -> VfsResult<()> {
        let path = normalize(Path::new("/"), path);
        let pb = bytes(&path).to_vec();
        if pb == b"/" {
            return Err(VfsError::InvalidInput);
        }
        // Best effort: a read-only parent simply cannot hold the directory.
        let _ = self.mkdir(&path, 0o755, true);
        let mut mounts = self.mounts.write().unwrap_or_else(|e| e.into_inner());
        if mounts.iter().any(|m| m.path == pb) {
            return Err(busy());
        }
        mounts.push(Mount {
            path: pb,
            backend,
            source: source.into(),
        });
        mounts.sort_by(|a, b| b.path.len().cmp(&a.path.len()).then(a.path.cmp(&b.path)));
        Ok(())
    }

    /// Open and mount a host directory as `spec` says.
    pub fn mount_spec(&self, spec: &MountSpec) -> VfsResult<()> {
        let (backend, source) = spec.open()?;
        self.mount(&spec.path, backend, source)
    }

    /// Remove the mount at `path`; fails with `InvalidInput` when nothing is mounted there and
    /// `busy` when another mount lies beneath it.
    pub fn unmount(&self, path: &Path) -> VfsResult<()> {
        let path = normalize(Path::new("/"), path);
        let pb = bytes(&path);
        let mut mounts = self.mounts.write().unwrap_or_else(|e| e.into_inner());
        let idx = mounts
            .iter()
            .position(|m| m.path == pb)
            .ok_or(VfsError::InvalidInput)?;
        if mounts
            .iter()
            .any(|m| m.path != pb && walk::is_within(&m.path, pb))
        {
            return Err(busy());
        }
        mounts.remove(idx);
        Ok(())
    }

    fn mount_of(mounts: &[Mount], path: &[u8]) -> Option<usize> {
        mounts.iter().position(|m| walk::is_within(path, &m.path))
    }

    /// Resolve symlinks of the root filesystem in `path`, then route it.
    fn route(&self, path: &Path, follow_last: bool) -> VfsResult<Route> {
        let mounts = self.mounts.read().unwrap_or_else(|e| e.into_inner());
        let resolved = if mounts.is_empty() {
            bytes(path).to_vec()
        } else {
            walk::walk(bytes(path), follow_last, Escape::Allow, |p| {
                if Self::mount_of(&mounts, p).is_some() {
                    return Ok(Probe::Opaque);
                }
                Ok(match self.root.lstat(&from_bytes(p)) {
                    Ok(m) if m.is_symlink() => {
                        Probe::Symlink(bytes(&self.root.read_link(&from_bytes(p))?).to_vec())
                    }
                    Ok(m) if m.is_dir() => Probe::Dir,
                    Ok(_) => Probe::Other,
                    Err(_) => Probe::Missing,
                })
            })?
        };
        Ok(match Self::mount_of(&mounts, &resolved) {
            None => Route {
                backend: self.root.clone(),
                inner: from_bytes(&resolved),
                mount: None,
            },
            Some(i) => {
                let m = &mounts[i];
                let rest = &resolved[m.path.len()..];
                Route {
                    backend: m.backend.clone(),
                    inner: if rest.is_empty() {
                        PathBuf::from("/")
                    } else {
                        from_bytes(rest)
                    },
                    mount: Some(m.path.clone()),
                }
            }
        })
    }

    /// The full VFS path of a route.
    fn full(route: &Route, inner: &Path) -> PathBuf {
        match &route.mount {
            None => inner.to_path_buf(),
            Some(m) => {
                let mut out = m.clone();
                if bytes(inner) != b"/" {
                    out.extend_from_slice(bytes(inner));
                }
                from_bytes(&out)
            }
        }
    }

    /// Whether a mount point lies at or beneath the route's full path.
    fn has_mount_within(&self, route: &Route) -> bool {
        let full = Self::full(route, &route.inner);
        let mounts = self.mounts.read().unwrap_or_else(|e| e.into_inner());
        mounts
            .iter()
            .any(|m| walk::is_within(&m.path, bytes(&full)))
    }

    /// Show the mount points directly beneath a listed directory as directories, with no
    /// metadata (what is listed there is the mounted root, which its own backend stats).
    fn add_mount_points(&self, route: &Route, entries: &mut Vec<(DirEntry, Option<Metadata>)>) {
        let mut added = false;
        for name in self.mount_point_names(route) {
            match entries.iter_mut().find(|(e, _)| e.name == name) {
                Some((e, meta)) => {
                    e.file_type = FileType::Dir;
                    *meta = None;
                }
                None => {
                    let e = DirEntry {
                        name,
                        file_type: FileType::Dir,
                    };
                    entries.push((e, None));
                    added = true;
                }
            }
        }
        if added {
            entries.sort_by(|a, b| a.0.name.cmp(&b.0.name));
        }
    }

    /// The names of the mount points directly inside the directory `route` leads to.
    fn mount_point_names(&self, route: &Route) -> Vec<Vec<u8>> {
        let full = Self::full(route, &route.inner);
        let fb = bytes(&full);
        let mounts = self.mounts.read().unwrap_or_else(|e| e.into_inner());
        mounts
            .iter()
            .filter(|m| walk::parent(&m.path) == fb)
            .map(|m| m.path[m.path.iter().rposition(|&b| b == b'/').unwrap_or(0) + 1..].to_vec())
            .collect()
    }

    /// Run a tool of every mounted backend that offers it.
    fn call_on_all(&self, short: &str, full: &str) -> VfsResult<Vec<u8>> {
        let mounts: Vec<(Vec<u8>, Arc<dyn KernelBackend>)> = {
            let mounts = self.mounts.read().unwrap_or_else(|e| e.into_inner());
            let mut v: Vec<_> = mounts
                .iter()
                .filter(|m| m.backend.list_tools().iter().any(|t| t.name == short))
                .map(|m| (m.path.clone(), m.backend.clone()))
                .collect();
            v.sort_by(|a, b| a.0.cmp(&b.0));
            v
        };
        if mounts.is_empty() {
            return Err(VfsError::Other(format!(
                "{full}: no mounted filesystem supports it"
            )));
        }
        let mut out = Vec::new();
        for (path, backend) in mounts {
            out.extend_from_slice(&backend.call_tool(short, std::slice::from_ref(&path))?);
        }
        Ok(out)
    }
}

impl KernelBackend for MountTable {
    fn fs_stats(&self, path: &Path) -> Option<super::FsStats> {
        let r = self.route(path, true).ok()?;
        r.backend.fs_stats(&r.inner)
    }

    fn read(&self, path: &Path, range: Option<std::ops::Range<u64>>) -> VfsResult<Vec<u8>> {
        let r = self.route(path, true)?;
        r.backend.read(&r.inner, range)
    }

    fn read_at(&self, path: &Path, offset: u64, buf: &mut [u8]) -> VfsResult<usize> {
        let r = self.route(path, true)?;
        r.backend.read_at(&r.inner, offset, buf)
    }

    fn open_reader(&self, path: &Path) -> VfsResult<Option<Box<dyn FileReader>>> {
        let r = self.route(path, true)?;
        r.backend.open_reader(&r.inner)
    }

    /// A directory of a mount, with the names of the mount points in it left to their paths;
    /// the root filesystem's directories (in memory) give none.
    fn open_dir(&self, path: &Path) -> VfsResult<Option<Box<dyn DirReader>>> {
        let r = self.route(path, true)?;
        if r.mount.is_none() {
            return Ok(None);
        }
        let Some(dir) = r.backend.open_dir(&r.inner)? else {
            return Ok(None);
        };
        let shadowed = self.mount_point_names(&r);
        Ok(Some(if shadowed.is_empty() {
            dir
        } else {
            Box::new(ShadowedDir { dir, shadowed })
        }))
    }

    fn write(&self, path: &Path, data: &[u8], mode: WriteMode, create_mode: u32) -> VfsResult<()> {
        let r = self.route(path, true)?;
        r.backend.write(&r.inner, data, mode, create_mode)
    }

    fn truncate(&self, path: &Path, len: u64) -> VfsResult<()> {
        let r = self.route(path, true)?;
        r.backend.truncate(&r.inner, len)
    }

    fn list(&self, path: &Path) -> VfsResult<Vec<DirEntry>> {
        let r = self.route(path, true)?;
        let mut entries: Vec<(DirEntry, Option<Metadata>)> = r
            .backend
            .list(&r.inner)?
            .into_iter()
            .map(|e| (e, None))
            .collect();
        self.add_mount_points(&r, &mut entries);
        Ok(entries.into_iter().map(|(e, _)| e).collect())
    }

    fn list_with_metadata(&self, path: &Path) -> VfsResult<Vec<(DirEntry, Option<Metadata>)>> {
        let r = self.route(path, true)?;
        let mut entries = r.backend.list_with_metadata(&r.inner)?;
        self.add_mount_points(&r, &mut entries);
        Ok(entries)
    }

    fn stat(&self, path: &Path) -> VfsResult<Metadata> {
        let r = self.route(path, true)?;
        r.backend.stat(&r.inner)
    }

    fn lstat(&self, path: &Path) -> VfsResult<Metadata> {
        let r = self.route(path, false)?;
        r.backend.lstat(&r.inner)
    }

    fn mkdir(&self, path: &Path, mode: u32, parents: bool) -> VfsResult<()> {
        let r = self.route(path, false)?;
        if r.is_mount_root() {
            return if parents {
                Ok(())
            } else {
                Err(VfsError::AlreadyExists)
            };
        }
        r.backend.mkdir(&r.inner, mode, parents)
    }

    fn remove(&self, path: &Path, recursive: bool) -> VfsResult<()> {
        let r = self.route(path, false)?;
        if self.has_mount_within(&r) {
            return Err(busy());
        }
        r.backend.remove(&r.inner, recursive)
    }

    fn rename(&self, from: &Path, to: &Path) -> VfsResult<()> {
        let rf = self.route(from, false)?;
        let rt = self.route(to, false)?;
        if self.has_mount_within(&rf) || rt.is_mount_root() {
            return Err(busy());
        }
        if !rf.same_fs(&rt) {
            return Err(VfsError::CrossDevice);
        }
        rf.backend.rename(&rf.inner, &rt.inner)
    }

    fn symlink(&self, target: &Path, link: &Path) -> VfsResult<()> {
        let r = self.route(link, false)?;
        if r.is_mount_root() {
            return Err(VfsError::AlreadyExists);
        }
        r.backend.symlink(target, &r.inner)
    }

    fn hard_link(&self, existing: &Path, link: &Path) -> VfsResult<()> {
        let re = self.route(existing, false)?;
        let rl = self.route(link, false)?;
        if !re.same_fs(&rl) {
            return Err(VfsError::CrossDevice);
        }
        re.backend.hard_link(&re.inner, &rl.inner)
    }

    fn read_link(&self, path: &Path) -> VfsResult<PathBuf> {
        let r = self.route(path, false)?;
        r.backend.read_link(&r.inner)
    }

    fn canonicalize(&self, path: &Path) -> VfsResult<PathBuf> {
        let r = self.route(path, true)?;
        let inner = r.backend.canonicalize(&r.inner)?;
        Ok(Self::full(&r, &inner))
    }

    fn chmod(&self, path: &Path, mode: u32) -> VfsResult<()> {
        let r = self.route(path, true)?;
        r.backend.chmod(&r.inner, mode)
    }

    fn set_mtime(&self, path: &Path, mtime: SystemTime) -> VfsResult<()> {
        let r = self.route(path, true)?;
        r.backend.set_mtime(&r.inner, mtime)
    }

    fn set_times(&self, path: &Path, times: FileTimes) -> VfsResult<()> {
        let r = self.route(path, true)?;
        r.backend.set_times(&r.inner, times)
    }

    fn exists(&self, path: &Path) -> bool {
        self.stat(path).is_ok()
    }

    /// The root's tools, plus `vfs.NAME` for each tool of a mounted backend.
    fn list_tools(&self) -> Vec<BackendTool> {
        let mut out = self.root.list_tools();
        let mounts = self.mounts.read().unwrap_or_else(|e| e.into_inner());
        for m in mounts.iter() {
            for t in m.backend.list_tools() {
                let name = format!("vfs.{}", t.name);
                if !out.iter().any(|o| o.name == name) {
                    out.push(BackendTool {
                        name,
                        description: format!(
                            "{} (argument: a path in the mount; none: every such mount)",
                            t.description
                        ),
                    });
                }
            }
        }
        out
    }

    /// `vfs.NAME [PATH]`: call tool NAME of the backend mounted at (or above) PATH, which must
    /// be absolute; without PATH, of every mount offering it. Other names go to the root.
    fn call_tool(&self, name: &str, args: &[Vec<u8>]) -> VfsResult<Vec<u8>> {
        let Some(short) = name.strip_prefix("vfs.") else {
            return self.root.call_tool(name, args);
        };
        let Some(arg) = args.first() else {
            return self.call_on_all(short, name);
        };
        let path = normalize(Path::new("/"), &from_bytes(arg));
        let (mount, backend) = {
            let mounts = self.mounts.read().unwrap_or_else(|e| e.into_inner());
            match Self::mount_of(&mounts, bytes(&path)) {
                Some(i) => (mounts[i].path.clone(), mounts[i].backend.clone()),
                None => {
                    return Err(VfsError::Other(format!(
                        "{name}: {}: not a mounted filesystem",
                        path.display()
                    )));
                }
            }
        };
        if !backend.list_tools().iter().any(|t| t.name == short) {
            return Err(VfsError::Other(format!(
                "{name}: {}: not supported by this mount",
                path.display()
            )));
        }
        backend.call_tool(short, &[mount])
    }

    fn read_only(&self) -> bool {
        false
    }

    fn mounts(&self) -> Vec<MountInfo> {
        let mut out = vec![MountInfo {
            path: PathBuf::from("/"),
            source: self.root_source.clone(),
            read_only: self.root.read_only(),
        }];
        let mounts = self.mounts.read().unwrap_or_else(|e| e.into_inner());
        let mut list: Vec<MountInfo> = mounts
            .iter()
            .map(|m| MountInfo {
                path: from_bytes(&m.path),
                source: m.source.clone(),
                read_only: m.backend.read_only(),
            })
            .collect();
        list.sort_by(|a, b| a.path.cmp(&b.path));
        out.extend(list);
        out
    }
}

/// A mounted directory with mount points in it: those names are not the directory's own.
struct ShadowedDir {
    dir: Box<dyn DirReader>,
    shadowed: Vec<Vec<u8>>,
}

impl DirReader for ShadowedDir {
    fn open_reader(&self, name: &[u8]) -> VfsResult<Option<Box<dyn FileReader>>> {
        if self.shadowed.iter().any(|s| s == name) {
            return Ok(None);
        }
        self.dir.open_reader(name)
    }
}

#[cfg(test)]
mod tests;
