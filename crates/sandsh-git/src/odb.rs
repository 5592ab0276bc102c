//! The object database: loose objects (`objects/xx/…`, zlib over `<kind> <size>\0<data>`)
//! read and written through the VFS, and pack files (`objects/pack/*.idx` + `.pack`, with
//! their deltas) read. Ids are git's SHA-1 (`gix-object` hashes, with collision detection);
//! objects are parsed and encoded by `gix-object`.

use std::cell::RefCell;
use std::io::{Read, Write};
use std::path::PathBuf;

use flate2::Compression;
use flate2::read::ZlibDecoder;
use flate2::write::ZlibEncoder;
use gix_hash::ObjectId;
use gix_object::Kind;
use sandsh_vfs::{VfsError, WriteMode};

use crate::error::{Fail, Res};
use crate::repo::Repo;

/// The largest object this git inflates (a guard against a zlib bomb in a loose object or a
/// pack: the declared size is checked before anything is allocated for it).
pub(crate) const MAX_OBJECT: u64 = 512 * 1024 * 1024;

pub(crate) const SHA1: gix_hash::Kind = gix_hash::Kind::Sha1;

/// A pack and its index, read whole on first use.
pub(crate) struct Pack {
    idx: Vec<u8>,
    pack_path: PathBuf,
    data: RefCell<Option<Vec<u8>>>,
    count: usize,
}

/// The packs of a repository, found on first use.
#[derive(Default)]
pub(crate) struct Packs {
    packs: RefCell<Option<Vec<Pack>>>,
}

pub(crate) fn hash(kind: Kind, data: &[u8]) -> ObjectId {
    gix_object::compute_hash(SHA1, kind, data).unwrap_or_else(|_| ObjectId::null(SHA1))
}

pub(crate) fn parse_hex(s: &str) -> Option<ObjectId> {
    if s.len() != 40 {
        return None;
    }
    ObjectId::from_hex(s.as_bytes()).ok()
}

fn inflate(data: &[u8], limit: u64) -> Res<Vec<u8>> {
    let mut out = Vec::new();
    ZlibDecoder::new(data)
        .take(limit + 1)
        .read_to_end(&mut out)
        .map_err(|_| Fail::fatal("unable to unpack object: corrupt zlib data"))?;
    if out.len() as u64 > limit {
        return Err(Fail::fatal("object is larger than this git inflates"));
    }
    Ok(out)
}

impl Repo {
    fn loose_path(&self, id: &ObjectId) -> PathBuf {
        let hex = id.to_hex().to_string();
        self.git_dir.join("objects").join(&hex[..2]).join(&hex[2..])
    }

    /// The object `id` (its kind and content), or `None` when the repository lacks it.
    pub fn try_object(&self, id: &ObjectId) -> Res<Option<(Kind, Vec<u8>)>> {
        let p = self.loose_path(id);
        match self.fs.read(&p, None) {
            Ok(z) => {
                // The header first, to learn the size before inflating the rest.
                let mut head = [0u8; 64];
                let mut dec = ZlibDecoder::new(&z[..]);
                let mut n = 0;
                while n < head.len() {
                    match dec.read(&mut head[n..]) {
                        Ok(0) => break,
                        Ok(k) => n += k,
                        Err(_) => break,
                    }
                    if head[..n].contains(&0) {
                        break;
                    }
                }
                let (kind, size, _) = gix_object::decode::loose_header(&head[..n])
                    .map_err(|_| Fail::fatal(format!("loose object {} is corrupt", id.to_hex())))?;
                if size > MAX_OBJECT {
                    return Err(Fail::fatal(format!(
                        "object {} is larger than this git inflates",
                        id.to_hex()
                    )));
                }
                let all = inflate(&z, size + 64)?;
                let nul = all.iter().position(|&b| b == 0).unwrap_or(0);
                let data = all[nul + 1..].to_vec();
                if data.len() as u64 != size {
                    return Err(Fail::fatal(format!(
                        "loose object {} is corrupt",
                        id.to_hex()
                    )));
                }
                Ok(Some((kind, data)))
            }
            Err(VfsError::NotFound) | Err(VfsError::NotADirectory) => self.packed_object(id),
            Err(e) => Err(Fail::io("unable to read", &p, e)),
        }
    }

    /// The object `id`, or git's error when it is missing.
    pub fn object(&self, id: &ObjectId) -> Res<(Kind, Vec<u8>)> {
        self.try_object(id)?
            .ok_or_else(|| Fail::fatal(format!("unable to read {}", id.to_hex())))
    }

    /// The object `id`, which must be of `kind`.
    pub fn object_of(&self, id: &ObjectId, kind: Kind) -> Res<Vec<u8>> {
        let (k, data) = self.object(id)?;
        if k != kind {
            return Err(Fail::fatal(format!(
                "object {} is a {k}, not a {kind}",
                id.to_hex()
            )));
        }
        Ok(data)
    }

    pub fn has_object(&self, id: &ObjectId) -> bool {
        self.fs.stat(&self.loose_path(id)).is_ok() || self.pack_find(id).is_some()
    }

    /// Store an object (loose), returning its id; an object already there is kept.
    pub fn write_object(&self, kind: Kind, data: &[u8]) -> Res<ObjectId> {
        let id = hash(kind, data);
        if self.has_object(&id) {
            return Ok(id);
        }
        let mut enc = ZlibEncoder::new(Vec::new(), Compression::new(1));
        let head = gix_object::encode::loose_header(kind, data.len() as u64);
        let z = enc
            .write_all(&head)
            .and_then(|_| enc.write_all(data))
            .and_then(|_| enc.finish())
            .map_err(|e| Fail::fatal(format!("unable to deflate object: {e}")))?;
        let p = self.loose_path(&id);
        if let Some(dir) = p.parent() {
            self.fs
                .mkdir(dir, 0o755, true)
                .map_err(|e| Fail::io("unable to create directory", dir, e))?;
        }
        match self.fs.write(&p, &z, WriteMode::CreateNew, 0o444) {
            Ok(()) | Err(VfsError::AlreadyExists) => Ok(id),
            Err(e) => Err(Fail::io("unable to write loose object file", &p, e)),
        }
    }

    /// Encode and store a `gix-object` value.
    pub fn write_gix(&self, obj: &dyn gix_object::WriteTo) -> Res<ObjectId> {
        let mut buf = Vec::new();
        obj.write_to(&mut buf)
            .map_err(|e| Fail::fatal(format!("unable to encode object: {e}")))?;
        self.write_object(obj.kind(), &buf)
    }

    /// Every object id starting with the hex `prefix` (at least 4 digits), loose and packed.
    pub fn ids_with_prefix(&self, prefix: &str) -> Res<Vec<ObjectId>> {
        let prefix = prefix.to_ascii_lowercase();
        let mut out = Vec::new();
        if prefix.len() < 4 || !prefix.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Ok(out);
        }
        let dir = self.git_dir.join("objects").join(&prefix[..2]);
        if let Ok(entries) = self.fs.list(&dir) {
            for e in entries {
                let name = format!("{}{}", &prefix[..2], String::from_utf8_lossy(&e.name));
                if name.starts_with(&prefix)
                    && let Some(id) = parse_hex(&name)
                {
                    out.push(id);
                }
            }
        }
        self.with_packs(|packs| {
            for p in packs {
                for i in 0..p.count {
                    let id = p.id_at(i);
                    if id.to_hex().to_string().starts_with(&prefix) && !out.contains(&id) {
                        out.push(id);
                    }
                }
            }
        })?;
        Ok(out)
    }

    fn with_packs<T>(&self, f: impl FnOnce(&[Pack]) -> T) -> Res<T> {
        if self.packs.packs.borrow().is_none() {
            let dir = self.git_dir.join("objects/pack");
            let mut packs = Vec::new();
            if let Ok(entries) = self.fs.list(&dir) {
                for e in entries {
                    let name = String::from_utf8_lossy(&e.name).into_owned();
                    if let Some(stem) = name.strip_suffix(".idx") {
                        let idx = self
                            .fs
                            .read(&dir.join(&name), None)
                            .map_err(|e| Fail::io("unable to read", &dir.join(&name), e))?;
                        if idx.len() < 8 + 1024 || &idx[..8] != b"\xfftOc\0\0\0\x02" {
                            return Err(Fail::fatal(format!(
                                "index file {} is not a version 2 pack index",
                                dir.join(&name).display()
                            )));
                        }
                        let count = be32(&idx, 8 + 255 * 4) as usize;
                        if idx.len() < 8 + 1024 + count * 28 + 40 {
                            return Err(Fail::fatal(format!(
                                "index file {} is too small",
                                dir.join(&name).display()
                            )));
                        }
                        packs.push(Pack {
                            idx,
                            pack_path: dir.join(format!("{stem}.pack")),
                            data: RefCell::new(None),
                            count,
                        });
                    }
                }
            }
            *self.packs.packs.borrow_mut() = Some(packs);
        }
        let slot = self.packs.packs.borrow();
        Ok(f(slot.as_deref().unwrap_or(&[])))
    }

    fn pack_find(&self, id: &ObjectId) -> Option<(usize, u64)> {
        self.with_packs(|packs| {
            packs
                .iter()
                .enumerate()
                .find_map(|(i, p)| p.offset_of(id).map(|o| (i, o)))
        })
        .ok()
        .flatten()
    }

    fn packed_object(&self, id: &ObjectId) -> Res<Option<(Kind, Vec<u8>)>> {
        let Some((pi, off)) = self.pack_find(id) else {
            return Ok(None);
        };
        let r = self.with_packs(|packs| {
            let p = &packs[pi];
            if p.data.borrow().is_none() {
                let d = self
                    .fs
                    .read(&p.pack_path, None)
                    .map_err(|e| Fail::io("unable to read", &p.pack_path, e))?;
                *p.data.borrow_mut() = Some(d);
            }
            let data = p.data.borrow();
            let data = data.as_deref().unwrap_or(&[]);
            self.unpack(data, off, 0, packs)
        })??;
        Ok(Some(r))
    }

    /// The object at `off` in `pack`, its deltas applied.
    fn unpack(&self, pack: &[u8], off: u64, depth: u32, _packs: &[Pack]) -> Res<(Kind, Vec<u8>)> {
        let corrupt = || Fail::fatal("pack file is corrupt");
        if depth > 10_000 {
            return Err(Fail::fatal("delta chain too deep"));
        }
        let mut pos = off as usize;
        let b = *pack.get(pos).ok_or_else(corrupt)?;
        pos += 1;
        let ty = (b >> 4) & 7;
        let mut size = (b & 15) as u64;
        let mut shift = 4;
        let mut c = b;
        while c & 0x80 != 0 {
            c = *pack.get(pos).ok_or_else(corrupt)?;
            pos += 1;
            if shift > 60 {
                return Err(corrupt());
            }
            size |= ((c & 0x7f) as u64) << shift;
            shift += 7;
        }
        if size > MAX_OBJECT {
            return Err(Fail::fatal("object is larger than this git inflates"));
        }
        let kind = |t: u8| match t {
            1 => Some(Kind::Commit),
            2 => Some(Kind::Tree),
            3 => Some(Kind::Blob),
            4 => Some(Kind::Tag),
            _ => None,
        };
        match ty {
            1..=4 => {
                let data = inflate(pack.get(pos..).ok_or_else(corrupt)?, size)?;
                Ok((kind(ty).ok_or_else(corrupt)?, data))
            }
            6 => {
                let mut c = *pack.get(pos).ok_or_else(corrupt)?;
                pos += 1;
                let mut rel = (c & 0x7f) as u64;
                while c & 0x80 != 0 {
                    c = *pack.get(pos).ok_or_else(corrupt)?;
                    pos += 1;
                    rel = ((rel + 1) << 7) | (c & 0x7f) as u64;
                }
                let base_off = off.checked_sub(rel).ok_or_else(corrupt)?;
                let delta = inflate(pack.get(pos..).ok_or_else(corrupt)?, size)?;
                let (k, base) = self.unpack(pack, base_off, depth + 1, _packs)?;
                Ok((k, apply_delta(&base, &delta)?))
            }
            7 => {
                let base_id =
                    ObjectId::from_bytes_or_panic(pack.get(pos..pos + 20).ok_or_else(corrupt)?);
                pos += 20;
                let delta = inflate(pack.get(pos..).ok_or_else(corrupt)?, size)?;
                let (k, base) = self.object(&base_id)?;
                Ok((k, apply_delta(&base, &delta)?))
            }
            _ => Err(corrupt()),
        }
    }
}

fn be32(b: &[u8], at: usize) -> u32 {
    u32::from_be_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

impl Pack {
    fn id_at(&self, i: usize) -> ObjectId {
        let at = 8 + 1024 + i * 20;
        ObjectId::from_bytes_or_panic(&self.idx[at..at + 20])
    }

    fn offset_of(&self, id: &ObjectId) -> Option<u64> {
        let first = id.as_bytes()[0] as usize;
        let lo = if first == 0 {
            0
        } else {
            be32(&self.idx, 8 + (first - 1) * 4) as usize
        };
        let hi = be32(&self.idx, 8 + first * 4) as usize;
        let (mut lo, mut hi) = (lo, hi.min(self.count));
        let want = id.as_bytes();
        while lo < hi {
            let mid = (lo + hi) / 2;
            let at = 8 + 1024 + mid * 20;
            match self.idx[at..at + 20].cmp(want) {
                std::cmp::Ordering::Equal => {
                    let offs = 8 + 1024 + self.count * 24;
                    let o = be32(&self.idx, offs + mid * 4);
                    if o & 0x8000_0000 == 0 {
                        return Some(o as u64);
                    }
                    let big = offs + self.count * 4 + (o & 0x7fff_ffff) as usize * 8;
                    let hi = be32(&self.idx, big) as u64;
                    let lo = be32(&self.idx, big + 4) as u64;
                    return Some((hi << 32) | lo);
                }
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
            }
        }
        None
    }
}

/// Apply a git delta to `base`.
fn apply_delta(base: &[u8], delta: &[u8]) -> Res<Vec<u8>> {
    let corrupt = || Fail::fatal("delta data is corrupt");
    let mut pos = 0;
    let varint = |pos: &mut usize| -> Res<u64> {
        let mut v = 0u64;
        let mut shift = 0;
        loop {
            let c = *delta.get(*pos).ok_or_else(corrupt)?;
            *pos += 1;
            v |= ((c & 0x7f) as u64) << shift;
            shift += 7;
            if c & 0x80 == 0 || shift > 63 {
                return Ok(v);
            }
        }
    };
    let src = varint(&mut pos)?;
    let dst = varint(&mut pos)?;
    if src != base.len() as u64 || dst > MAX_OBJECT {
        return Err(corrupt());
    }
    let mut out = Vec::with_capacity(dst as usize);
    while pos < delta.len() {
        let cmd = delta[pos];
        pos += 1;
        if cmd & 0x80 != 0 {
            let mut off = 0usize;
            let mut len = 0usize;
            for i in 0..4 {
                if cmd & (1 << i) != 0 {
                    off |= (*delta.get(pos).ok_or_else(corrupt)? as usize) << (8 * i);
                    pos += 1;
                }
            }
            for i in 0..3 {
                if cmd & (0x10 << i) != 0 {
                    len |= (*delta.get(pos).ok_or_else(corrupt)? as usize) << (8 * i);
                    pos += 1;
                }
            }
            if len == 0 {
                len = 0x10000;
            }
            out.extend_from_slice(base.get(off..off + len).ok_or_else(corrupt)?);
        } else if cmd != 0 {
            let n = cmd as usize;
            out.extend_from_slice(delta.get(pos..pos + n).ok_or_else(corrupt)?);
            pos += n;
        } else {
            return Err(corrupt());
        }
        if out.len() as u64 > dst {
            return Err(corrupt());
        }
    }
    if out.len() as u64 != dst {
        return Err(corrupt());
    }
    Ok(out)
}
