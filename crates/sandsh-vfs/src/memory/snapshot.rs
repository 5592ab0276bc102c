//! A versioned binary snapshot of a [`MemoryFs`], for `--snapshot FILE` and `Kernel::snapshot`.
//!
//! The format is private to sandsh but stable per version, dependency-free and simple enough
//! to validate completely before anything is built from it:
//!
//! ```text
//! magic "SANDSHFS" | version u32 | body length u64 | body | FNV-1a-64 of everything before
//! body = inode count u64, then per inode:
//!   ino u64 | kind u8 (0 file, 1 dir, 2 symlink, 3 device) | mode u32 | uid u32 | gid u32
//!   | atime, mtime, ctime (i64 seconds, u32 nanoseconds each) | payload
//!   file: length u64 + bytes;  symlink: length u64 + target;  device: code u8
//!   external file (kind 4, split snapshots only): key length u64 + key
//!   dir:  entry count u64, then per entry: name length u32 + name + child ino u64
//! ```
//!
//! All integers are little-endian. Hard links survive because a file inode is written once
//! and referenced by every entry naming it; link counts are recomputed, not trusted. Inode
//! numbers are renumbered densely on restore, so a corrupt number cannot make the slab huge.
//! Restoring checks the magic, the version (a newer one is refused by name), the length, the
//! checksum, and then the tree itself: every entry names an inode that exists, names are valid,
//! every directory has exactly one parent and everything is reachable from the root. Any
//! failure is a [`SnapshotError`], never a panic.
//!
//! A *split* snapshot ([`MemoryFs::snapshot_split`]) stores a file's contents outside the
//! snapshot under a key chosen by the caller (a session store uses the content hash), so that
//! saving a large filesystem again writes only the files that changed; restoring it
//! ([`MemoryFs::restore_split_with`]) asks the caller for each key's bytes.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::{Clock, Data, Device, Inode, MemoryFs, MemoryFsLimits, ROOT, State, system_clock};
use crate::VfsError;

const MAGIC: &[u8; 8] = b"SANDSHFS";
/// The version this build writes and the newest it reads.
pub const SNAPSHOT_VERSION: u32 = 1;
const HEADER: usize = 8 + 4 + 8;
const TRAILER: usize = 8;

/// Why a snapshot could not be restored.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SnapshotError {
    #[error("not a sandsh filesystem snapshot (bad magic)")]
    BadMagic,
    #[error(
        "snapshot format version {0} is newer than this sandsh supports (version {SNAPSHOT_VERSION})"
    )]
    UnsupportedVersion(u32),
    #[error("snapshot is truncated")]
    Truncated,
    #[error("snapshot checksum mismatch (the file is corrupt)")]
    ChecksumMismatch,
    #[error("snapshot is corrupt: {0}")]
    Corrupt(String),
    #[error("snapshot exceeds the filesystem limits: {0}")]
    TooLarge(String),
}

impl From<SnapshotError> for VfsError {
    fn from(e: SnapshotError) -> VfsError {
        VfsError::Other(e.to_string())
    }
}

fn corrupt(msg: &str) -> SnapshotError {
    SnapshotError::Corrupt(msg.to_string())
}

fn fnv1a(data: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in data {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

fn put_time(out: &mut Vec<u8>, t: SystemTime) {
    let (secs, nanos) = match t.duration_since(UNIX_EPOCH) {
        Ok(d) => (d.as_secs() as i64, d.subsec_nanos()),
        Err(e) => {
            let d = e.duration();
            let secs = -(d.as_secs() as i64);
            if d.subsec_nanos() == 0 {
                (secs, 0)
            } else {
                (secs - 1, 1_000_000_000 - d.subsec_nanos())
            }
        }
    };
    out.extend_from_slice(&secs.to_le_bytes());
    out.extend_from_slice(&nanos.to_le_bytes());
}

fn device_code(d: Device) -> u8 {
    match d {
        Device::Null => 0,
        Device::Zero => 1,
        Device::Random => 2,
        Device::Stdin => 3,
        Device::Stdout => 4,
        Device::Stderr => 5,
        Device::Tty => 6,
    }
}

fn device_from(code: u8) -> Option<Device> {
    Some(match code {
        0 => Device::Null,
        1 => Device::Zero,
        2 => Device::Random,
        3 => Device::Stdin,
        4 => Device::Stdout,
        5 => Device::Stderr,
        6 => Device::Tty,
        _ => return None,
    })
}

impl MemoryFs {
    /// Serialize the whole filesystem (see the module docs for the format).
    pub fn snapshot(&self) -> Vec<u8> {
        self.snapshot_split(&mut |_| None)
    }

    /// Serialize the filesystem, giving each file's contents to `external` first: when it
    /// returns a key, the snapshot records the key (kind 4) instead of the bytes.
    pub fn snapshot_split(&self, external: &mut dyn FnMut(&[u8]) -> Option<Vec<u8>>) -> Vec<u8> {
        let st = self.read_state();
        let mut body = Vec::new();
        let live: Vec<(u64, &Inode)> = st
            .inodes
            .iter()
            .enumerate()
            .filter_map(|(i, n)| n.as_deref().map(|n| (i as u64, n)))
            .collect();
        body.extend_from_slice(&(live.len() as u64).to_le_bytes());
        for (ino, n) in live {
            body.extend_from_slice(&ino.to_le_bytes());
            let key = match &n.data {
                Data::File(d) => external(d),
                _ => None,
            };
            let kind: u8 = match n.data {
                Data::File(_) if key.is_some() => 4,
                Data::File(_) => 0,
                Data::Dir { .. } => 1,
                Data::Symlink(_) => 2,
                Data::Device(_) => 3,
            };
            body.push(kind);
            body.extend_from_slice(&n.mode.to_le_bytes());
            body.extend_from_slice(&n.uid.to_le_bytes());
            body.extend_from_slice(&n.gid.to_le_bytes());
            put_time(&mut body, n.atime);
            put_time(&mut body, n.mtime);
            put_time(&mut body, n.ctime);
            match &n.data {
                Data::File(_) if let Some(k) = &key => {
                    body.extend_from_slice(&(k.len() as u64).to_le_bytes());
                    body.extend_from_slice(k);
                }
                Data::File(d) | Data::Symlink(d) => {
                    body.extend_from_slice(&(d.len() as u64).to_le_bytes());
                    body.extend_from_slice(d);
                }
                Data::Dir { entries, .. } => {
                    body.extend_from_slice(&(entries.len() as u64).to_le_bytes());
                    for (name, child) in entries {
                        body.extend_from_slice(&(name.len() as u32).to_le_bytes());
                        body.extend_from_slice(name);
                        body.extend_from_slice(&child.to_le_bytes());
                    }
                }
                Data::Device(d) => body.push(device_code(*d)),
            }
        }
        let mut out = Vec::with_capacity(HEADER + body.len() + TRAILER);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&SNAPSHOT_VERSION.to_le_bytes());
        out.extend_from_slice(&(body.len() as u64).to_le_bytes());
        out.extend_from_slice(&body);
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Rebuild a filesystem from [`MemoryFs::snapshot`] output, with the system clock and no
    /// limits.
    pub fn restore(bytes: &[u8]) -> Result<MemoryFs, SnapshotError> {
        Self::restore_with(bytes, system_clock(), MemoryFsLimits::default())
    }

    /// Rebuild a filesystem with the given clock and limits; a snapshot larger than the
    /// limits is refused with [`SnapshotError::TooLarge`].
    pub fn restore_with(
        bytes: &[u8],
        clock: Clock,
        limits: MemoryFsLimits,
    ) -> Result<MemoryFs, SnapshotError> {
        Self::restore_split_with(bytes, &mut |_| None, clock, limits)
    }

    /// Rebuild a filesystem from [`MemoryFs::snapshot_split`] output: `resolve` gives the
    /// contents of each external key (a key it does not know makes the snapshot corrupt).
    pub fn restore_split_with(
        bytes: &[u8],
        resolve: &mut dyn FnMut(&[u8]) -> Option<Vec<u8>>,
        clock: Clock,
        limits: MemoryFsLimits,
    ) -> Result<MemoryFs, SnapshotError> {
        let state = decode(bytes, resolve)?;
        if let Some(max) = limits.max_total_bytes
            && state.total_bytes > max
        {
            return Err(SnapshotError::TooLarge(format!(
                "{} bytes of file contents, limit {max}",
                state.total_bytes
            )));
        }
        if let Some(max) = limits.max_files
            && state.files > max
        {
            return Err(SnapshotError::TooLarge(format!(
                "{} files, limit {max}",
                state.files
            )));
        }
        if let Some(max) = limits.max_file_size {
            let big = state.inodes.iter().flatten().any(|n| match &n.data {
                Data::File(d) => d.len() as u64 > max,
                _ => false,
            });
            if big {
                return Err(SnapshotError::TooLarge(format!(
                    "a file is larger than {max} bytes"
                )));
            }
        }
        let fs = MemoryFs::with_config(clock, limits);
        *fs.write_state() = state;
        Ok(fs)
    }
}

struct Reader<'a> {
    buf: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], SnapshotError> {
        let end = self.pos.checked_add(n).ok_or(SnapshotError::Truncated)?;
        let s = self
            .buf
            .get(self.pos..end)
            .ok_or(SnapshotError::Truncated)?;
        self.pos = end;
        Ok(s)
    }
    fn remaining(&self) -> usize {
        self.buf.len() - self.pos
    }
    fn u8(&mut self) -> Result<u8, SnapshotError> {
        Ok(self.take(1)?[0])
    }
    fn u32(&mut self) -> Result<u32, SnapshotError> {
        let mut a = [0; 4];
        a.copy_from_slice(self.take(4)?);
        Ok(u32::from_le_bytes(a))
    }
    fn u64(&mut self) -> Result<u64, SnapshotError> {
        let mut a = [0; 8];
        a.copy_from_slice(self.take(8)?);
        Ok(u64::from_le_bytes(a))
    }
    /// A length that must fit in what is left of the input.
    fn len(&mut self, unit: usize) -> Result<usize, SnapshotError> {
        let n = self.u64()?;
        let n = usize::try_from(n).map_err(|_| SnapshotError::Truncated)?;
        if n.checked_mul(unit.max(1))
            .is_none_or(|b| b > self.remaining())
        {
            return Err(SnapshotError::Truncated);
        }
        Ok(n)
    }
    fn time(&mut self) -> Result<SystemTime, SnapshotError> {
        let secs = self.u64()? as i64;
        let nanos = self.u32()?;
        if nanos >= 1_000_000_000 {
            return Err(corrupt("bad timestamp"));
        }
        let t = if secs >= 0 {
            UNIX_EPOCH.checked_add(Duration::new(secs as u64, nanos))
        } else {
            UNIX_EPOCH
                .checked_sub(Duration::from_secs(secs.unsigned_abs()))
                .and_then(|t| t.checked_add(Duration::new(0, nanos)))
        };
        t.ok_or_else(|| corrupt("timestamp out of range"))
    }
}

/// A parsed inode before renumbering.
struct Raw {
    inode: Inode,
    entries: Vec<(Vec<u8>, u64)>,
}

fn decode(
    bytes: &[u8],
    resolve: &mut dyn FnMut(&[u8]) -> Option<Vec<u8>>,
) -> Result<State, SnapshotError> {
    let body_end = check_envelope(bytes)?;
    let mut r = Reader {
        buf: &bytes[..body_end],
        pos: HEADER,
    };
    let (mut raws, index) = read_records(&mut r, resolve)?;
    let root_idx = *index
        .get(&ROOT)
        .ok_or_else(|| corrupt("no root directory"))?;
    if !matches!(raws[root_idx].inode.data, Data::Dir { .. }) {
        return Err(corrupt("root is not a directory"));
    }
    let new_ino = renumber(raws.len(), root_idx);
    let tree = walk(&mut raws, &index, &new_ino, root_idx)?;
    build_state(raws, root_idx, &new_ino, tree)
}

/// Checks the magic, the version, the length and the checksum; returns where the body ends.
fn check_envelope(bytes: &[u8]) -> Result<usize, SnapshotError> {
    if bytes.len() < MAGIC.len() {
        return Err(if MAGIC.starts_with(bytes) {
            SnapshotError::Truncated
        } else {
            SnapshotError::BadMagic
        });
    }
    if &bytes[..8] != MAGIC {
        return Err(SnapshotError::BadMagic);
    }
    let mut r = Reader { buf: bytes, pos: 8 };
    let version = r.u32()?;
    if version > SNAPSHOT_VERSION {
        return Err(SnapshotError::UnsupportedVersion(version));
    }
    if version == 0 {
        return Err(corrupt("version 0"));
    }
    let body_len = usize::try_from(r.u64()?).map_err(|_| SnapshotError::Truncated)?;
    let total = HEADER
        .checked_add(body_len)
        .and_then(|n| n.checked_add(TRAILER))
        .ok_or(SnapshotError::Truncated)?;
    if bytes.len() < total {
        return Err(SnapshotError::Truncated);
    }
    if bytes.len() > total {
        return Err(corrupt("trailing data"));
    }
    let mut sum = [0; 8];
    sum.copy_from_slice(&bytes[HEADER + body_len..]);
    if fnv1a(&bytes[..HEADER + body_len]) != u64::from_le_bytes(sum) {
        return Err(SnapshotError::ChecksumMismatch);
    }
    Ok(HEADER + body_len)
}

/// The body's inode records, in order, and each inode number's place among them.
fn read_records(
    r: &mut Reader<'_>,
    resolve: &mut dyn FnMut(&[u8]) -> Option<Vec<u8>>,
) -> Result<(Vec<Raw>, HashMap<u64, usize>), SnapshotError> {
    // The smallest record: ino, kind, mode/uid/gid, three times, one payload byte.
    let count = r.len(8 + 1 + 12 + 36 + 1)?;
    let mut raws: Vec<Raw> = Vec::new();
    let mut index: HashMap<u64, usize> = HashMap::new();
    for _ in 0..count {
        let (ino, raw) = read_record(r, resolve)?;
        if index.insert(ino, raws.len()).is_some() {
            return Err(corrupt("duplicate inode number"));
        }
        raws.push(raw);
    }
    if r.remaining() != 0 {
        return Err(corrupt("trailing data in body"));
    }
    Ok((raws, index))
}

/// One inode record: its number and the inode (a directory's entries kept aside, unresolved).
fn read_record(
    r: &mut Reader<'_>,
    resolve: &mut dyn FnMut(&[u8]) -> Option<Vec<u8>>,
) -> Result<(u64, Raw), SnapshotError> {
    let ino = r.u64()?;
    let kind = r.u8()?;
    let mode = r.u32()?;
    let uid = r.u32()?;
    let gid = r.u32()?;
    let atime = r.time()?;
    let mtime = r.time()?;
    let ctime = r.time()?;
    let mut entries = Vec::new();
    let data = match kind {
        0 | 2 => {
            let n = r.len(1)?;
            let d = r.take(n)?.to_vec();
            if kind == 0 {
                Data::File(d)
            } else {
                if d.is_empty() {
                    return Err(corrupt("empty symlink target"));
                }
                Data::Symlink(d)
            }
        }
        1 => {
            entries = read_entries(r)?;
            Data::Dir {
                parent: ROOT,
                entries: BTreeMap::new(),
            }
        }
        3 => Data::Device(device_from(r.u8()?).ok_or_else(|| corrupt("unknown device"))?),
        4 => {
            let n = r.len(1)?;
            let key = r.take(n)?;
            Data::File(resolve(key).ok_or_else(|| corrupt("external file contents missing"))?)
        }
        _ => return Err(corrupt("unknown inode kind")),
    };
    let inode = Inode {
        data,
        mode: mode & 0o7777,
        uid,
        gid,
        nlink: 0,
        atime,
        mtime,
        ctime,
    };
    Ok((ino, Raw { inode, entries }))
}

/// A directory's entries: (name, child inode number), each name checked.
fn read_entries(r: &mut Reader<'_>) -> Result<Vec<(Vec<u8>, u64)>, SnapshotError> {
    let n = r.len(4 + 8)?;
    let mut entries = Vec::new();
    for _ in 0..n {
        let len = r.u32()? as usize;
        let name = r.take(len)?.to_vec();
        if name.is_empty()
            || name == b"."
            || name == b".."
            || name.iter().any(|&b| b == b'/' || b == 0)
        {
            return Err(corrupt("invalid file name"));
        }
        entries.push((name, r.u64()?));
    }
    Ok(entries)
}

/// New numbering, by record: the root is 1, the others follow in record order.
fn renumber(count: usize, root_idx: usize) -> Vec<u64> {
    let mut new_ino = vec![0u64; count];
    new_ino[root_idx] = ROOT;
    let mut next = ROOT + 1;
    for (i, slot) in new_ino.iter_mut().enumerate() {
        if i != root_idx {
            *slot = next;
            next += 1;
        }
    }
    new_ino
}

/// What the walk from the root learned, by record.
struct Tree {
    /// How many entries name each inode.
    refs: Vec<u64>,
    /// Each directory's entries, renumbered.
    resolved: Vec<Option<BTreeMap<Vec<u8>, u64>>>,
    /// Each directory's parent (new number).
    parents: Vec<u64>,
}

/// Walks from the root: each directory is entered once, so a cycle or a directory with two
/// parents is caught, and whatever is not reached is an orphan.
fn walk(
    raws: &mut [Raw],
    index: &HashMap<u64, usize>,
    new_ino: &[u64],
    root_idx: usize,
) -> Result<Tree, SnapshotError> {
    let mut refs = vec![0u64; raws.len()];
    let mut seen_dir = vec![false; raws.len()];
    seen_dir[root_idx] = true;
    let mut stack = vec![root_idx];
    let mut resolved: Vec<Option<BTreeMap<Vec<u8>, u64>>> = (0..raws.len()).map(|_| None).collect();
    let mut parents = vec![ROOT; raws.len()];
    while let Some(d) = stack.pop() {
        let mut map = BTreeMap::new();
        let entries = std::mem::take(&mut raws[d].entries);
        for (name, child) in entries {
            let c = *index
                .get(&child)
                .ok_or_else(|| corrupt("entry names a missing inode"))?;
            if map.insert(name, new_ino[c]).is_some() {
                return Err(corrupt("duplicate name in a directory"));
            }
            refs[c] += 1;
            if matches!(raws[c].inode.data, Data::Dir { .. }) {
                if seen_dir[c] {
                    return Err(corrupt("directory linked twice"));
                }
                seen_dir[c] = true;
                parents[c] = new_ino[d];
                stack.push(c);
            }
        }
        resolved[d] = Some(map);
    }
    Ok(Tree {
        refs,
        resolved,
        parents,
    })
}

/// The filesystem state: inodes in their new places, with link counts recomputed and
/// directory entries resolved; an unreachable inode is an error.
fn build_state(
    raws: Vec<Raw>,
    root_idx: usize,
    new_ino: &[u64],
    mut tree: Tree,
) -> Result<State, SnapshotError> {
    let (refs, parents) = (&tree.refs, &tree.parents);
    let mut inodes: Vec<Option<Arc<Inode>>> = (0..=raws.len()).map(|_| None).collect();
    let mut total_bytes = 0u64;
    // Subdirectory counts for directory link counts.
    let mut subdirs = vec![0u64; raws.len() + 1];
    for (i, raw) in raws.iter().enumerate() {
        if matches!(raw.inode.data, Data::Dir { .. }) && i != root_idx {
            subdirs[parents[i] as usize] += 1;
        }
    }
    for (i, raw) in raws.into_iter().enumerate() {
        let mut inode = raw.inode;
        let reached = i == root_idx || refs[i] > 0;
        if !reached {
            return Err(corrupt("unreachable inode"));
        }
        match &mut inode.data {
            Data::Dir { parent, entries } => {
                *parent = parents[i];
                *entries = tree.resolved[i].take().unwrap_or_default();
                inode.nlink = 2 + subdirs[new_ino[i] as usize];
            }
            Data::File(d) => {
                total_bytes += d.len() as u64;
                inode.nlink = refs[i];
            }
            _ => inode.nlink = refs[i],
        }
        inodes[new_ino[i] as usize] = Some(Arc::new(inode));
    }
    let files = inodes.iter().flatten().count() as u64 - 1;
    Ok(State {
        inodes,
        free: Vec::new(),
        total_bytes,
        files,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{KernelBackend, Metadata, WriteMode};
    use std::path::Path;

    fn sample() -> MemoryFs {
        let fs = MemoryFs::with_default_tree("u");
        let p = Path::new;
        fs.write(p("/home/u/a.txt"), b"hello\n", WriteMode::Truncate, 0o640)
            .expect("write");
        fs.write(
            p("/home/u/bin"),
            &[0, 255, 1, 2],
            WriteMode::Truncate,
            0o755,
        )
        .expect("write");
        fs.mkdir(p("/home/u/d/e"), 0o700, true).expect("mkdir");
        fs.symlink(p("../a.txt"), p("/home/u/d/ln"))
            .expect("symlink");
        fs.hard_link(p("/home/u/a.txt"), p("/home/u/d/e/hard"))
            .expect("link");
        fs.set_mtime(p("/home/u/bin"), UNIX_EPOCH - Duration::new(5, 3))
            .expect("mtime");
        fs
    }

    /// Every path with its metadata (inode numbers aside) and content.
    fn dump(fs: &MemoryFs) -> Vec<(String, Metadata, Vec<u8>)> {
        let mut out = Vec::new();
        let mut stack = vec!["/".to_string()];
        while let Some(dir) = stack.pop() {
            for e in fs.list(Path::new(&dir)).expect("list") {
                let name = String::from_utf8_lossy(&e.name).into_owned();
                let path = if dir == "/" {
                    format!("/{name}")
                } else {
                    format!("{dir}/{name}")
                };
                let mut m = fs.lstat(Path::new(&path)).expect("lstat");
                m.ino = 0;
                let content = match m.file_type {
                    crate::FileType::File => fs.read(Path::new(&path), None).expect("read"),
                    crate::FileType::Symlink => fs
                        .read_link(Path::new(&path))
                        .map(|t| t.as_os_str().as_encoded_bytes().to_vec())
                        .expect("readlink"),
                    crate::FileType::Dir => {
                        stack.push(path.clone());
                        Vec::new()
                    }
                    _ => Vec::new(),
                };
                out.push((path, m, content));
            }
        }
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }

    #[test]
    fn roundtrip_preserves_everything() {
        let fs = sample();
        let snap = fs.snapshot();
        let back = MemoryFs::restore(&snap).expect("restore");
        assert_eq!(dump(&fs), dump(&back));
        assert_eq!(fs.usage(), back.usage());
        // The hard link is still one inode.
        back.append(Path::new("/home/u/d/e/hard"), b"more")
            .expect("append");
        assert_eq!(
            back.read(Path::new("/home/u/a.txt"), None),
            Ok(b"hello\nmore".to_vec())
        );
        assert_eq!(
            back.stat(Path::new("/home/u/a.txt")).map(|m| m.nlink),
            Ok(2)
        );
        assert_eq!(back.read(Path::new("/dev/null"), None), Ok(vec![]));
        // And it snapshots to the same bytes once more.
        assert_eq!(
            MemoryFs::restore(&back.snapshot()).map(|f| dump(&f)),
            Ok(dump(&back))
        );
    }

    #[test]
    fn split_roundtrip_keeps_contents_outside() {
        let fs = sample();
        let mut outside: HashMap<Vec<u8>, Vec<u8>> = HashMap::new();
        let snap = fs.snapshot_split(&mut |d| {
            let key = format!("k{}", outside.len()).into_bytes();
            outside.insert(key.clone(), d.to_vec());
            Some(key)
        });
        // Every file went outside, the hard-linked one once; the snapshot has no contents.
        assert_eq!(outside.values().filter(|d| *d == b"hello\n").count(), 1);
        assert!(outside.values().any(|d| d == &[0, 255, 1, 2]));
        assert!(!snap.windows(6).any(|w| w == b"hello\n"));
        // A plain restore cannot resolve the keys.
        assert!(matches!(
            MemoryFs::restore(&snap),
            Err(SnapshotError::Corrupt(_))
        ));
        let back = MemoryFs::restore_split_with(
            &snap,
            &mut |k| outside.get(k).cloned(),
            system_clock(),
            MemoryFsLimits::default(),
        )
        .expect("restore");
        assert_eq!(dump(&fs), dump(&back));
        assert_eq!(fs.usage(), back.usage());
    }

    #[test]
    fn header_errors_are_named() {
        let snap = sample().snapshot();
        assert_eq!(
            MemoryFs::restore(b"not a snapshot at all").map(|_| ()),
            Err(SnapshotError::BadMagic)
        );
        assert_eq!(
            MemoryFs::restore(b"SAND").map(|_| ()),
            Err(SnapshotError::Truncated)
        );
        let mut newer = snap.clone();
        newer[8..12].copy_from_slice(&2u32.to_le_bytes());
        assert_eq!(
            MemoryFs::restore(&newer).map(|_| ()),
            Err(SnapshotError::UnsupportedVersion(2))
        );
        let msg = SnapshotError::UnsupportedVersion(2).to_string();
        assert!(msg.contains("version 2 is newer"), "{msg}");
        let mut flipped = snap.clone();
        let mid = snap.len() / 2;
        flipped[mid] ^= 1;
        assert_eq!(
            MemoryFs::restore(&flipped).map(|_| ()),
            Err(SnapshotError::ChecksumMismatch)
        );
        let limits = MemoryFsLimits {
            max_total_bytes: Some(3),
            ..Default::default()
        };
        assert!(matches!(
            MemoryFs::restore_with(&snap, system_clock(), limits),
            Err(SnapshotError::TooLarge(_))
        ));
    }

    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
    }

    /// Re-seal a tampered snapshot so the parser, not the checksum, has to catch it.
    fn reseal(b: &mut [u8]) {
        let n = b.len() - TRAILER;
        let sum = fnv1a(&b[..n]);
        b[n..].copy_from_slice(&sum.to_le_bytes());
    }

    #[test]
    fn fuzz_truncations_and_bit_flips_never_panic() {
        let snap = sample().snapshot();
        for len in 0..snap.len() {
            assert!(
                MemoryFs::restore(&snap[..len]).is_err(),
                "truncated at {len}"
            );
        }
        let mut rng = Rng(0x1234_5678_9abc_def1);
        for _ in 0..3000 {
            let mut b = snap.clone();
            let flips = 1 + rng.next() % 4;
            for _ in 0..flips {
                let i = (rng.next() % b.len() as u64) as usize;
                b[i] ^= 1 << (rng.next() % 8);
            }
            if b == snap {
                continue;
            }
            assert!(MemoryFs::restore(&b).is_err());
            // With a valid checksum the structure checks must hold on their own; whatever
            // they accept must be a usable tree.
            if b.len() >= HEADER + TRAILER {
                reseal(&mut b);
                if let Ok(fs) = MemoryFs::restore(&b) {
                    let _ = dump_lossy(&fs);
                }
            }
        }
    }

    /// Like `dump`, but tolerating errors (a restored tree may hold odd but valid entries).
    fn dump_lossy(fs: &MemoryFs) -> usize {
        let mut n = 0;
        let mut stack = vec![b"/".to_vec()];
        while let Some(dir) = stack.pop() {
            let Ok(entries) = fs.list(&crate::path::from_bytes(&dir)) else {
                continue;
            };
            for e in entries {
                n += 1;
                let path = crate::walk::child(&dir, &e.name);
                let p = crate::path::from_bytes(&path);
                let _ = fs.read(&p, Some(0..16));
                let _ = fs.stat(&p);
                if e.file_type == crate::FileType::Dir {
                    stack.push(path);
                }
            }
        }
        n
    }
}
