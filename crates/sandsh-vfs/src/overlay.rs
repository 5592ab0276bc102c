//! Copy-on-write over a host directory: scripts may change anything, the host changes nothing.
//!
//! An `OverlayFs` stacks an in-memory upper layer (a [`MemoryFs`]) over a read-only
//! [`HostFs`]. Reads see the host unless the path was changed; every write, create, rename,
//! chmod or delete lands in the upper layer, copying a host file (or the directories above it)
//! up first. Deletions of host entries are recorded as whiteouts: a whiteout on a path hides
//! the host's entry there *and everything beneath it*, so a deleted host directory that is
//! recreated comes back empty (opaque), as in Linux overlayfs.
//!
//! Symlinks are resolved by the overlay itself ([`super::walk`]) because a link in one layer
//! may point at an entry of the other; a target that is absolute or climbs above the overlay
//! root is refused with `Permission denied`, the same answer `HostFs` (cap-std) gives, so no
//! host data outside the directory is ever returned.
//!
//! The changes can be inspected with [`OverlayFs::diff`], written back to the host with
//! [`OverlayFs::commit`] (through a separate read-write handle on the same directory, opened
//! at construction and used for nothing else), or dropped with [`OverlayFs::reset`]. A rename
//! copies the whole source subtree up, so renaming a large host directory costs its size in
//! memory; hard links between host files are not preserved by copy-up or commit.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::time::SystemTime;

use super::path::target_escapes;
use super::path::{bytes, from_bytes};
use super::walk::{self, Escape, Probe};
use super::{
    BackendTool, DirEntry, FileReader, FileTimes, FileType, HostFs, KernelBackend, MemoryFs,
    MemoryFsLimits, Metadata, VfsError, VfsResult, WriteMode,
};

/// Files larger than this get no unified diff in [`OverlayFs::diff`].
const MAX_PATCH_BYTES: u64 = 1 << 20;
/// Upper-layer inode numbers are tagged so they never equal a host inode number.
const UPPER_INO_TAG: u64 = 1 << 62;

/// What happened to a path, relative to the host.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChangeKind {
    Added,
    Modified,
    Deleted,
}

/// One change in an overlay, as listed by [`OverlayFs::diff`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    pub kind: ChangeKind,
    /// Path relative to the overlay root (absolute, `/` being the mounted directory).
    pub path: PathBuf,
    /// The type after the change (before it, for a deletion).
    pub file_type: FileType,
    /// Permission bits before, when the path existed on the host.
    pub old_mode: Option<u32>,
    /// Permission bits after, when the path exists in the overlay.
    pub new_mode: Option<u32>,
    /// For text files, a unified diff of the content change (`None` when the content is the
    /// same, the file is binary or too large, or it is not a file).
    pub patch: Option<String>,
    /// Set when the content changed but no patch could be shown (binary or large file).
    pub binary: bool,
}

struct Layers {
    upper: MemoryFs,
    whiteouts: BTreeSet<Vec<u8>>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Layer {
    Upper,
    Lower,
}

/// A copy-on-write view of a host directory.
pub struct OverlayFs {
    lower: HostFs,
    /// Read-write handle used only by `commit`.
    host: HostFs,
    limits: MemoryFsLimits,
    state: RwLock<Layers>,
    /// Counts the times the layers were locked for a change: a reader holding a host file
    /// (see [`OverlayReader`]) reads by path again once it moves.
    generation: Arc<AtomicU64>,
}

/// A host file opened through the overlay. A change to the overlay (a copy-up of this file, a
/// deletion, a rename over it, or any other) makes it stale, and its reader goes back to
/// reading by path: what an open file of an overlay reads is then what it read before handles.
struct OverlayReader {
    inner: Box<dyn FileReader>,
    generation: Arc<AtomicU64>,
    at_open: u64,
}

impl FileReader for OverlayReader {
    fn read_at(&self, offset: u64, buf: &mut [u8]) -> VfsResult<usize> {
        self.inner.read_at(offset, buf)
    }
    fn is_current(&self) -> bool {
        self.generation.load(Ordering::Acquire) == self.at_open && self.inner.is_current()
    }
}

impl std::fmt::Debug for OverlayFs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OverlayFs")
            .field("host", &self.lower.host_path())
            .finish_non_exhaustive()
    }
}

impl OverlayFs {
    /// An overlay over the host directory `host`, with an unlimited upper layer.
    pub fn open(host: &Path) -> VfsResult<OverlayFs> {
        Self::open_with_limits(host, MemoryFsLimits::default())
    }

    /// An overlay whose upper layer is bounded by `limits`.
    pub fn open_with_limits(host: &Path, limits: MemoryFsLimits) -> VfsResult<OverlayFs> {
        let host = HostFs::open(host, false)?;
        let lower = host.try_clone(true)?;
        let upper = new_upper(&lower, limits)?;
        Ok(OverlayFs {
            lower,
            host,
            limits,
            state: RwLock::new(Layers {
                upper,
                whiteouts: BTreeSet::new(),
            }),
            generation: Arc::new(AtomicU64::new(0)),
        })
    }

    /// The host directory under the overlay.
    pub fn host_path(&self) -> &Path {
        self.lower.host_path()
    }

    /// How `mount` lists this backend: `overlay:/srv/data`.
    pub fn source(&self) -> String {
        format!("overlay:{}", self.lower.host_path().display())
    }

    fn read_state(&self) -> RwLockReadGuard<'_, Layers> {
        self.state.read().unwrap_or_else(|e| e.into_inner())
    }

    /// The layers, to change: every change goes through here, and moves the generation.
    fn write_state(&self) -> RwLockWriteGuard<'_, Layers> {
        let l = self.state.write().unwrap_or_else(|e| e.into_inner());
        self.generation.fetch_add(1, Ordering::AcqRel);
        l
    }

    /// The changes against the host, parents before children.
    pub fn diff(&self) -> VfsResult<Vec<Change>> {
        let l = self.read_state();
        let mut out = Vec::new();
        self.compare(&l, b"/", &mut out)?;
        Ok(out)
    }

    /// The changes as text: one line per change, then the unified diffs. Paths are shown under
    /// `prefix` (the mount point).
    pub fn diff_text(&self, prefix: &Path) -> VfsResult<String> {
        let changes = self.diff()?;
        Ok(render(&changes, prefix))
    }

    /// Write every change back to the host, then drop them; returns how many were applied.
    /// The host is written as it is now: changes made on the host since the overlay read a
    /// file are overwritten. On error, the changes applied so far stay on the host and the
    /// overlay keeps all of them (committing again retries).
    pub fn commit(&self) -> VfsResult<usize> {
        let mut l = self.write_state();
        let mut changes = Vec::new();
        self.compare(&l, b"/", &mut changes)?;
        for c in &changes {
            self.apply(&l, c)?;
        }
        *l = Layers {
            upper: new_upper(&self.lower, self.limits)?,
            whiteouts: BTreeSet::new(),
        };
        Ok(changes.len())
    }

    /// Drop every change; returns how many there were.
    pub fn reset(&self) -> VfsResult<usize> {
        let mut l = self.write_state();
        let mut changes = Vec::new();
        self.compare(&l, b"/", &mut changes)?;
        *l = Layers {
            upper: new_upper(&self.lower, self.limits)?,
            whiteouts: BTreeSet::new(),
        };
        Ok(changes.len())
    }

    // ----- layer lookups -------------------------------------------------------------------

    fn hidden(l: &Layers, path: &[u8]) -> bool {
        if l.whiteouts.is_empty() {
            return false;
        }
        let mut p = path;
        loop {
            if l.whiteouts.contains(p) {
                return true;
            }
            if p == b"/" {
                return false;
            }
            p = walk::parent(p);
        }
    }

    /// The host's entry at a resolved path, unless whited out.
    fn lower_lstat(&self, l: &Layers, path: &[u8]) -> VfsResult<Option<Metadata>> {
        if Self::hidden(l, path) {
            return Ok(None);
        }
        self.lower_raw(path)
    }

    /// The host's entry at a resolved path, ignoring whiteouts.
    fn lower_raw(&self, path: &[u8]) -> VfsResult<Option<Metadata>> {
        match self.lower.lstat(&from_bytes(path)) {
            Ok(m) => Ok(Some(m)),
            Err(VfsError::NotFound | VfsError::NotADirectory) => Ok(None),
            Err(e) => Err(e),
        }
    }

    fn upper_lstat(l: &Layers, path: &[u8]) -> VfsResult<Option<Metadata>> {
        match l.upper.lstat(&from_bytes(path)) {
            Ok(mut m) => {
                m.ino |= UPPER_INO_TAG;
                Ok(Some(m))
            }
            Err(VfsError::NotFound | VfsError::NotADirectory) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// The merged entry at a resolved path and the layer it comes from.
    fn lookup(&self, l: &Layers, path: &[u8]) -> VfsResult<Option<(Metadata, Layer)>> {
        if let Some(m) = Self::upper_lstat(l, path)? {
            return Ok(Some((m, Layer::Upper)));
        }
        Ok(self.lower_lstat(l, path)?.map(|m| (m, Layer::Lower)))
    }

    /// The metadata `stat` reports. A directory the upper layer holds (the root, a copied-up
    /// parent) counts the subdirectories of the merged view in its links, 2 + one per
    /// subdirectory, as a directory on disk does.
    fn merged_meta(&self, l: &Layers, path: &[u8]) -> VfsResult<Metadata> {
        let (mut m, layer) = self.lookup(l, path)?.ok_or(VfsError::NotFound)?;
        if layer == Layer::Upper && m.is_dir() && self.lower_lstat(l, path)?.is_some() {
            let subdirs = self.merged_list(l, path)?;
            m.nlink = 2 + subdirs.values().filter(|t| **t == FileType::Dir).count() as u64;
        }
        Ok(m)
    }

    fn layer<'a>(&'a self, l: &'a Layers, layer: Layer) -> &'a dyn KernelBackend {
        match layer {
            Layer::Upper => &l.upper,
            Layer::Lower => &self.lower,
        }
    }

    fn resolve(&self, l: &Layers, path: &Path, follow_last: bool) -> VfsResult<Vec<u8>> {
        walk::walk(bytes(path), follow_last, Escape::Deny, |p| {
            Ok(match self.lookup(l, p)? {
                None => Probe::Missing,
                Some((m, _)) if m.is_dir() => Probe::Dir,
                Some((m, layer)) if m.is_symlink() => {
                    let t = self.layer(l, layer).read_link(&from_bytes(p))?;
                    Probe::Symlink(bytes(&t).to_vec())
                }
                Some(_) => Probe::Other,
            })
        })
    }

    /// Merged listing of a resolved directory path.
    fn merged_list(&self, l: &Layers, path: &[u8]) -> VfsResult<BTreeMap<Vec<u8>, FileType>> {
        let (meta, layer) = self.lookup(l, path)?.ok_or(VfsError::NotFound)?;
        if !meta.is_dir() {
            return Err(VfsError::NotADirectory);
        }
        let mut out = BTreeMap::new();
        let p = from_bytes(path);
        if layer == Layer::Upper {
            for e in l.upper.list(&p)? {
                out.insert(e.name, e.file_type);
            }
        }
        if let Some(lm) = self.lower_lstat(l, path)?
            && lm.is_dir()
        {
            for e in self.lower.list(&p)? {
                if out.contains_key(&e.name) || l.whiteouts.contains(&walk::child(path, &e.name)) {
                    continue;
                }
                out.insert(e.name, e.file_type);
            }
        }
        Ok(out)
    }

    // ----- copy-up -------------------------------------------------------------------------

    /// Make every directory above `path` exist in the upper layer.
    fn copy_up_parents(&self, l: &Layers, path: &[u8]) -> VfsResult<()> {
        let mut ancestors = Vec::new();
        let mut p = walk::parent(path);
        while p != b"/" {
            ancestors.push(p);
            p = walk::parent(p);
        }
        for dir in ancestors.into_iter().rev() {
            match Self::upper_lstat(l, dir)? {
                Some(m) if m.is_dir() => continue,
                Some(_) => return Err(VfsError::NotADirectory),
                None => {}
            }
            let m = self.lower_lstat(l, dir)?.ok_or(VfsError::NotFound)?;
            if !m.is_dir() {
                return Err(VfsError::NotADirectory);
            }
            let dp = from_bytes(dir);
            l.upper.mkdir(&dp, m.mode, false)?;
            l.upper.chmod(&dp, m.mode)?;
            l.upper.set_mtime(&dp, m.mtime)?;
        }
        Ok(())
    }

    /// Copy the entry at `path` (not its children) up, if it is only on the host.
    fn copy_up(&self, l: &Layers, path: &[u8]) -> VfsResult<()> {
        if Self::upper_lstat(l, path)?.is_some() {
            return Ok(());
        }
        let m = self.lower_lstat(l, path)?.ok_or(VfsError::NotFound)?;
        self.copy_up_parents(l, path)?;
        let p = from_bytes(path);
        match m.file_type {
            FileType::File => {
                let data = self.lower.read(&p, None)?;
                l.upper.write(&p, &data, WriteMode::CreateNew, m.mode)?;
            }
            FileType::Dir => l.upper.mkdir(&p, m.mode, false)?,
            FileType::Symlink => {
                let t = self.lower.read_link(&p)?;
                return l.upper.symlink(&t, &p);
            }
            FileType::CharDevice | FileType::Fifo => return Err(VfsError::Unsupported),
        }
        l.upper.chmod(&p, m.mode)?;
        l.upper.set_mtime(&p, m.mtime)
    }

    /// Copy the entry at `path` and everything visible beneath it up.
    fn copy_up_tree(&self, l: &Layers, path: &[u8]) -> VfsResult<()> {
        self.copy_up(l, path)?;
        if Self::upper_lstat(l, path)?.is_some_and(|m| m.is_dir()) {
            for name in self.merged_list(l, path)?.into_keys() {
                self.copy_up_tree(l, &walk::child(path, &name))?;
            }
        }
        Ok(())
    }

    fn mkdir_one(&self, l: &Layers, path: &[u8], mode: u32) -> VfsResult<()> {
        let parent = walk::parent(path);
        match self.lookup(l, parent)? {
            None => return Err(VfsError::NotFound),
            Some((m, _)) if !m.is_dir() => return Err(VfsError::NotADirectory),
            _ => {}
        }
        self.copy_up_parents(l, path)?;
        l.upper.mkdir(&from_bytes(path), mode, false)
    }

    // ----- diff and commit -----------------------------------------------------------------

    /// Whether the upper layer or a whiteout covers `path` or anything beneath it.
    fn touched(l: &Layers, path: &[u8]) -> VfsResult<bool> {
        if Self::upper_lstat(l, path)?.is_some() {
            return Ok(true);
        }
        if l.whiteouts.contains(path) {
            return Ok(true);
        }
        let mut pre = path.to_vec();
        if pre != b"/" {
            pre.push(b'/');
        }
        Ok(l.whiteouts
            .range(pre.clone()..)
            .next()
            .is_some_and(|w| w.starts_with(&pre)))
    }

    fn compare(&self, l: &Layers, path: &[u8], out: &mut Vec<Change>) -> VfsResult<()> {
        if !Self::touched(l, path)? {
            return Ok(());
        }
        let merged = self.lookup(l, path)?;
        let lower = self.lower_raw(path)?;
        let p = from_bytes(path);
        match (merged, lower) {
            (None, None) => {}
            (None, Some(lo)) => out.push(self.deleted(path, &lo)),
            (Some((m, layer)), None) => self.added(l, path, &m, layer, out)?,
            (Some((m, layer)), Some(lo)) => {
                if m.file_type != lo.file_type {
                    out.push(self.deleted(path, &lo));
                    return self.added(l, path, &m, layer, out);
                }
                let mode_changed = m.mode != lo.mode;
                let mut change = Change {
                    kind: ChangeKind::Modified,
                    path: p.clone(),
                    file_type: m.file_type,
                    old_mode: Some(lo.mode),
                    new_mode: Some(m.mode),
                    patch: None,
                    binary: false,
                };
                match m.file_type {
                    FileType::File if layer == Layer::Upper => {
                        let new = l.upper.read(&p, None)?;
                        let old = self.lower.read(&p, None)?;
                        if new != old {
                            let (patch, binary) = patch(path, Some(&old), Some(&new));
                            change.patch = patch;
                            change.binary = binary;
                            out.push(change);
                        } else if mode_changed {
                            out.push(change);
                        }
                    }
                    FileType::Symlink if layer == Layer::Upper => {
                        if l.upper.read_link(&p)? != self.lower.read_link(&p)? {
                            out.push(change);
                        }
                    }
                    FileType::Dir => {
                        if mode_changed {
                            out.push(change);
                        }
                        let mut names: BTreeSet<Vec<u8>> =
                            self.merged_list(l, path)?.into_keys().collect();
                        for e in self.lower.list(&p)? {
                            names.insert(e.name);
                        }
                        for name in names {
                            self.compare(l, &walk::child(path, &name), out)?;
                        }
                    }
                    _ => {
                        if mode_changed {
                            out.push(change);
                        }
                    }
                }
            }
        }
        Ok(())
    }

    fn deleted(&self, path: &[u8], lo: &Metadata) -> Change {
        let p = from_bytes(path);
        let (patch, binary) = if lo.is_file() && lo.size <= MAX_PATCH_BYTES {
            match self.lower.read(&p, None) {
                Ok(old) => patch(path, Some(&old), None),
                Err(_) => (None, false),
            }
        } else {
            (None, lo.is_file())
        };
        Change {
            kind: ChangeKind::Deleted,
            path: p,
            file_type: lo.file_type,
            old_mode: Some(lo.mode),
            new_mode: None,
            patch,
            binary,
        }
    }

    fn added(
        &self,
        l: &Layers,
        path: &[u8],
        m: &Metadata,
        layer: Layer,
        out: &mut Vec<Change>,
    ) -> VfsResult<()> {
        let p = from_bytes(path);
        let (patch, binary) = if m.is_file() && m.size <= MAX_PATCH_BYTES {
            let new = self.layer(l, layer).read(&p, None)?;
            patch(path, None, Some(&new))
        } else {
            (None, m.is_file())
        };
        out.push(Change {
            kind: ChangeKind::Added,
            path: p,
            file_type: m.file_type,
            old_mode: None,
            new_mode: Some(m.mode),
            patch,
            binary,
        });
        if m.is_dir() {
            for name in self.merged_list(l, path)?.into_keys() {
                let c = walk::child(path, &name);
                if let Some((cm, cl)) = self.lookup(l, &c)? {
                    self.added(l, &c, &cm, cl, out)?;
                }
            }
        }
        Ok(())
    }

    /// Apply one change to the host.
    fn apply(&self, l: &Layers, c: &Change) -> VfsResult<()> {
        let p = &c.path;
        let mode = c.new_mode.unwrap_or(0o644);
        match (c.kind, c.file_type) {
            (ChangeKind::Deleted, _) => match self.host.remove(p, true) {
                Ok(()) | Err(VfsError::NotFound) => Ok(()),
                Err(e) => Err(e),
            },
            (_, FileType::File) => {
                let m = l.upper.lstat(p)?;
                let data = l.upper.read(p, None)?;
                self.host.write(p, &data, WriteMode::Truncate, mode)?;
                self.host.chmod(p, mode)?;
                self.host.set_mtime(p, m.mtime)
            }
            (ChangeKind::Added, FileType::Dir) => {
                match self.host.mkdir(p, mode, false) {
                    Ok(()) | Err(VfsError::AlreadyExists) => {}
                    Err(e) => return Err(e),
                }
                self.host.chmod(p, mode)
            }
            (ChangeKind::Modified, FileType::Dir) => self.host.chmod(p, mode),
            (_, FileType::Symlink) => {
                let t = l.upper.read_link(p)?;
                match self.host.remove(p, false) {
                    Ok(()) | Err(VfsError::NotFound) => {}
                    Err(e) => return Err(e),
                }
                self.host.symlink(&t, p)
            }
            (_, FileType::CharDevice | FileType::Fifo) => Err(VfsError::Unsupported),
        }
    }

    /// Shared body of chmod / set_mtime / truncate: copy up, then change the upper entry.
    fn modify(
        &self,
        path: &Path,
        f: impl FnOnce(&MemoryFs, &Path) -> VfsResult<()>,
    ) -> VfsResult<()> {
        let l = self.write_state();
        let r = self.resolve(&l, path, true)?;
        if self.lookup(&l, &r)?.is_none() {
            return Err(VfsError::NotFound);
        }
        self.copy_up(&l, &r)?;
        f(&l.upper, &from_bytes(&r))
    }
}

/// A fresh upper layer whose root carries the host root's mode and mtime.
fn new_upper(lower: &HostFs, limits: MemoryFsLimits) -> VfsResult<MemoryFs> {
    let upper = MemoryFs::new().with_limits(limits);
    let root = lower.lstat(Path::new("/"))?;
    upper.chmod(Path::new("/"), root.mode)?;
    upper.set_mtime(Path::new("/"), root.mtime)?;
    Ok(upper)
}

/// A unified diff between two versions of a file, or `(None, true)` for binary/large content.
fn patch(path: &[u8], old: Option<&[u8]>, new: Option<&[u8]>) -> (Option<String>, bool) {
    let size = old.map_or(0, <[u8]>::len).max(new.map_or(0, <[u8]>::len)) as u64;
    if size > MAX_PATCH_BYTES {
        return (None, true);
    }
    let (Ok(o), Ok(n)) = (
        std::str::from_utf8(old.unwrap_or_default()),
        std::str::from_utf8(new.unwrap_or_default()),
    ) else {
        return (None, true);
    };
    if o.contains('\0') || n.contains('\0') {
        return (None, true);
    }
    let name = String::from_utf8_lossy(path);
    let a = if old.is_some() {
        format!("a{name}")
    } else {
        "/dev/null".to_string()
    };
    let b = if new.is_some() {
        format!("b{name}")
    } else {
        "/dev/null".to_string()
    };
    let diff = similar::TextDiff::from_lines(o, n);
    let text = diff
        .unified_diff()
        .context_radius(3)
        .header(&a, &b)
        .to_string();
    (if text.is_empty() { None } else { Some(text) }, false)
}

fn render(changes: &[Change], prefix: &Path) -> String {
    let show = |p: &Path| -> String {
        let full = super::normalize(prefix, Path::new(&format!(".{}", p.display())));
        full.display().to_string()
    };
    let mut out = String::new();
    for c in changes {
        let word = match c.kind {
            ChangeKind::Added => "added",
            ChangeKind::Modified => "modified",
            ChangeKind::Deleted => "deleted",
        };
        let slash = if c.file_type == FileType::Dir {
            "/"
        } else {
            ""
        };
        out.push_str(&format!("{word:<9}{}{slash}", show(&c.path)));
        if let (Some(a), Some(b)) = (c.old_mode, c.new_mode)
            && a != b
        {
            out.push_str(&format!(" (mode {a:o} -> {b:o})"));
        }
        if c.binary {
            out.push_str(" (binary)");
        }
        out.push('\n');
    }
    for c in changes {
        if let Some(patch) = &c.patch {
            out.push('\n');
            out.push_str(patch);
            if !patch.ends_with('\n') {
                out.push('\n');
            }
        }
    }
    out
}

impl KernelBackend for OverlayFs {
    fn read(&self, path: &Path, range: Option<Range<u64>>) -> VfsResult<Vec<u8>> {
        let l = self.read_state();
        let r = self.resolve(&l, path, true)?;
        let (_, layer) = self.lookup(&l, &r)?.ok_or(VfsError::NotFound)?;
        self.layer(&l, layer).read(&from_bytes(&r), range)
    }

    fn read_at(&self, path: &Path, offset: u64, buf: &mut [u8]) -> VfsResult<usize> {
        let l = self.read_state();
        let r = self.resolve(&l, path, true)?;
        let (_, layer) = self.lookup(&l, &r)?.ok_or(VfsError::NotFound)?;
        self.layer(&l, layer).read_at(&from_bytes(&r), offset, buf)
    }

    fn open_reader(&self, path: &Path) -> VfsResult<Option<Box<dyn FileReader>>> {
        let l = self.read_state();
        let r = self.resolve(&l, path, true)?;
        let (_, layer) = self.lookup(&l, &r)?.ok_or(VfsError::NotFound)?;
        if layer == Layer::Upper {
            return Ok(None);
        }
        // Read under the lock: no change can land between this and the open.
        let at_open = self.generation.load(Ordering::Acquire);
        let Some(inner) = self.lower.open_reader(&from_bytes(&r))? else {
            return Ok(None);
        };
        Ok(Some(Box::new(OverlayReader {
            inner,
            generation: self.generation.clone(),
            at_open,
        })))
    }

    fn write(&self, path: &Path, data: &[u8], mode: WriteMode, create_mode: u32) -> VfsResult<()> {
        let l = self.write_state();
        let r = self.resolve(&l, path, true)?;
        let rp = from_bytes(&r);
        match self.lookup(&l, &r)? {
            Some((_, Layer::Upper)) => l.upper.write(&rp, data, mode, create_mode),
            Some((m, Layer::Lower)) => {
                if mode == WriteMode::CreateNew {
                    return Err(VfsError::AlreadyExists);
                }
                match m.file_type {
                    FileType::Dir => return Err(VfsError::IsADirectory),
                    FileType::File => {}
                    _ => return Err(VfsError::Unsupported),
                }
                if mode == WriteMode::Truncate {
                    self.copy_up_parents(&l, &r)?;
                    l.upper.write(&rp, b"", WriteMode::CreateNew, m.mode)?;
                    l.upper.chmod(&rp, m.mode)?;
                } else {
                    self.copy_up(&l, &r)?;
                }
                l.upper.write(&rp, data, mode, create_mode)
            }
            None => {
                match self.lookup(&l, walk::parent(&r))? {
                    None => return Err(VfsError::NotFound),
                    Some((m, _)) if !m.is_dir() => return Err(VfsError::NotADirectory),
                    _ => {}
                }
                self.copy_up_parents(&l, &r)?;
                l.upper.write(&rp, data, mode, create_mode)
            }
        }
    }

    fn truncate(&self, path: &Path, len: u64) -> VfsResult<()> {
        self.modify(path, |u, p| u.truncate(p, len))
    }

    fn list(&self, path: &Path) -> VfsResult<Vec<DirEntry>> {
        let l = self.read_state();
        let r = self.resolve(&l, path, true)?;
        Ok(self
            .merged_list(&l, &r)?
            .into_iter()
            .map(|(name, file_type)| DirEntry { name, file_type })
            .collect())
    }

    fn list_with_metadata(&self, path: &Path) -> VfsResult<Vec<(DirEntry, Option<Metadata>)>> {
        let l = self.read_state();
        let r = self.resolve(&l, path, true)?;
        if let Some((m, Layer::Lower)) = self.lookup(&l, &r)?
            && m.is_dir()
        {
            // A directory only the host has: nothing beneath it is in the upper layer (a
            // change copies every directory above it up first), so its entries and their
            // metadata are the host's, less the whiteouts, as `merged_list` and `lstat` see.
            let mut entries = self.lower.list_with_metadata(&from_bytes(&r))?;
            if !l.whiteouts.is_empty() {
                entries.retain(|(e, _)| !l.whiteouts.contains(&walk::child(&r, &e.name)));
            }
            return Ok(entries);
        }
        Ok(self
            .merged_list(&l, &r)?
            .into_iter()
            .map(|(name, file_type)| (DirEntry { name, file_type }, None))
            .collect())
    }

    fn stat(&self, path: &Path) -> VfsResult<Metadata> {
        let l = self.read_state();
        let r = self.resolve(&l, path, true)?;
        self.merged_meta(&l, &r)
    }

    fn lstat(&self, path: &Path) -> VfsResult<Metadata> {
        let l = self.read_state();
        let r = self.resolve(&l, path, false)?;
        self.merged_meta(&l, &r)
    }

    fn mkdir(&self, path: &Path, mode: u32, parents: bool) -> VfsResult<()> {
        let l = self.write_state();
        if !parents {
            let r = self.resolve(&l, path, false)?;
            if self.lookup(&l, &r)?.is_some() {
                return Err(VfsError::AlreadyExists);
            }
            return self.mkdir_one(&l, &r, mode);
        }
        let b = bytes(path);
        let comps: Vec<&[u8]> = b.split(|&c| c == b'/').filter(|c| !c.is_empty()).collect();
        let mut prefix = Vec::new();
        for (i, comp) in comps.iter().enumerate() {
            prefix.push(b'/');
            prefix.extend_from_slice(comp);
            let is_last = i + 1 == comps.len();
            let r = self.resolve(&l, &from_bytes(&prefix), true)?;
            match self.lookup(&l, &r)? {
                Some((m, _)) if m.is_dir() => {}
                Some(_) if is_last => return Err(VfsError::AlreadyExists),
                Some(_) => return Err(VfsError::NotADirectory),
                None => self.mkdir_one(&l, &r, if is_last { mode } else { mode | 0o300 })?,
            }
        }
        Ok(())
    }

    fn remove(&self, path: &Path, recursive: bool) -> VfsResult<()> {
        let mut l = self.write_state();
        let r = self.resolve(&l, path, false)?;
        if r == b"/" {
            return Err(VfsError::Other("Device or resource busy".into()));
        }
        let (m, _) = self.lookup(&l, &r)?.ok_or(VfsError::NotFound)?;
        if m.is_dir() && !recursive && !self.merged_list(&l, &r)?.is_empty() {
            return Err(VfsError::NotEmpty);
        }
        let in_lower = self.lower_lstat(&l, &r)?.is_some();
        if Self::upper_lstat(&l, &r)?.is_some() {
            l.upper.remove(&from_bytes(&r), true)?;
        }
        if in_lower {
            l.whiteouts.retain(|w| !walk::is_within(w, &r));
            l.whiteouts.insert(r);
        }
        Ok(())
    }

    fn rename(&self, from: &Path, to: &Path) -> VfsResult<()> {
        let mut l = self.write_state();
        let rf = self.resolve(&l, from, false)?;
        let rt = self.resolve(&l, to, false)?;
        if rf == b"/" || rt == b"/" {
            return Err(VfsError::Other("Device or resource busy".into()));
        }
        let (src, _) = self.lookup(&l, &rf)?.ok_or(VfsError::NotFound)?;
        if rf == rt {
            return Ok(());
        }
        if src.is_dir() && walk::is_within(&rt, &rf) {
            return Err(VfsError::InvalidInput);
        }
        match self.lookup(&l, walk::parent(&rt))? {
            None => return Err(VfsError::NotFound),
            Some((m, _)) if !m.is_dir() => return Err(VfsError::NotADirectory),
            _ => {}
        }
        if let Some((dst, _)) = self.lookup(&l, &rt)? {
            match (src.is_dir(), dst.is_dir()) {
                (true, true) => {
                    if !self.merged_list(&l, &rt)?.is_empty() {
                        return Err(VfsError::NotEmpty);
                    }
                }
                (true, false) => return Err(VfsError::NotADirectory),
                (false, true) => return Err(VfsError::IsADirectory),
                (false, false) => {
                    if dst.ino == src.ino {
                        return Ok(());
                    }
                }
            }
        }
        let from_lower = self.lower_lstat(&l, &rf)?.is_some();
        let to_lower = self.lower_lstat(&l, &rt)?.is_some();
        self.copy_up_tree(&l, &rf)?;
        self.copy_up_parents(&l, &rt)?;
        l.upper.rename(&from_bytes(&rf), &from_bytes(&rt))?;
        if from_lower {
            l.whiteouts.retain(|w| !walk::is_within(w, &rf));
            l.whiteouts.insert(rf);
        }
        if to_lower {
            l.whiteouts.insert(rt);
        }
        Ok(())
    }

    fn symlink(&self, target: &Path, link: &Path) -> VfsResult<()> {
        let l = self.write_state();
        let r = self.resolve(&l, link, false)?;
        if bytes(target).is_empty() {
            return Err(VfsError::NotFound);
        }
        if self.lookup(&l, &r)?.is_some() {
            return Err(VfsError::AlreadyExists);
        }
        // Refused now rather than at commit time, where HostFs would refuse it.
        if target_escapes(&from_bytes(&r), bytes(target)) {
            return Err(VfsError::PermissionDenied);
        }
        match self.lookup(&l, walk::parent(&r))? {
            None => return Err(VfsError::NotFound),
            Some((m, _)) if !m.is_dir() => return Err(VfsError::NotADirectory),
            _ => {}
        }
        self.copy_up_parents(&l, &r)?;
        l.upper.symlink(target, &from_bytes(&r))
    }

    fn hard_link(&self, existing: &Path, link: &Path) -> VfsResult<()> {
        let l = self.write_state();
        let re = self.resolve(&l, existing, false)?;
        let rl = self.resolve(&l, link, false)?;
        let (m, _) = self.lookup(&l, &re)?.ok_or(VfsError::NotFound)?;
        if m.is_dir() {
            return Err(VfsError::Other("Operation not permitted".into()));
        }
        if self.lookup(&l, &rl)?.is_some() {
            return Err(VfsError::AlreadyExists);
        }
        match self.lookup(&l, walk::parent(&rl))? {
            None => return Err(VfsError::NotFound),
            Some((m, _)) if !m.is_dir() => return Err(VfsError::NotADirectory),
            _ => {}
        }
        self.copy_up(&l, &re)?;
        self.copy_up_parents(&l, &rl)?;
        l.upper.hard_link(&from_bytes(&re), &from_bytes(&rl))
    }

    fn read_link(&self, path: &Path) -> VfsResult<PathBuf> {
        let l = self.read_state();
        let r = self.resolve(&l, path, false)?;
        let (_, layer) = self.lookup(&l, &r)?.ok_or(VfsError::NotFound)?;
        self.layer(&l, layer).read_link(&from_bytes(&r))
    }

    fn canonicalize(&self, path: &Path) -> VfsResult<PathBuf> {
        let l = self.read_state();
        let r = self.resolve(&l, path, true)?;
        self.lookup(&l, &r)?.ok_or(VfsError::NotFound)?;
        Ok(from_bytes(&r))
    }

    fn chmod(&self, path: &Path, mode: u32) -> VfsResult<()> {
        self.modify(path, |u, p| u.chmod(p, mode))
    }

    fn set_mtime(&self, path: &Path, mtime: SystemTime) -> VfsResult<()> {
        self.modify(path, |u, p| u.set_mtime(p, mtime))
    }

    fn set_times(&self, path: &Path, times: FileTimes) -> VfsResult<()> {
        self.modify(path, |u, p| u.set_times(p, times))
    }

    fn list_tools(&self) -> Vec<BackendTool> {
        vec![
            BackendTool {
                name: "diff".into(),
                description: "list the overlay's changes against the host, with unified diffs"
                    .into(),
            },
            BackendTool {
                name: "commit".into(),
                description: "write the overlay's changes back to the host directory".into(),
            },
            BackendTool {
                name: "reset".into(),
                description: "drop the overlay's changes".into(),
            },
        ]
    }

    /// `diff [PREFIX]`, `commit`, `reset`; PREFIX is the mount point shown in paths.
    fn call_tool(&self, name: &str, args: &[Vec<u8>]) -> VfsResult<Vec<u8>> {
        let host = self.host_path().display().to_string();
        match name {
            "diff" => {
                let prefix = args
                    .first()
                    .map_or_else(|| PathBuf::from("/"), |a| from_bytes(a));
                Ok(self.diff_text(&prefix)?.into_bytes())
            }
            "commit" => {
                let n = self.commit()?;
                Ok(format!("committed {n} change{} to {host}\n", plural(n)).into_bytes())
            }
            "reset" => {
                let n = self.reset()?;
                Ok(format!("dropped {n} change{}\n", plural(n)).into_bytes())
            }
            _ => Err(VfsError::Other(format!("{name}: no such backend tool"))),
        }
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

#[cfg(test)]
mod tests;
