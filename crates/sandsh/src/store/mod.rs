//! Session stores: where a session's state lives between calls when sessions must outlive one
//! process or one machine (`sandsh --mcp-http --session-store …`).
//!
//! A saved session is a small **manifest** plus content-addressed **blobs**. The manifest is
//! the kernel's own snapshot ([`Kernel::snapshot_split`]) with every file's contents replaced
//! by their SHA-256, preceded by the list of those hashes; the blobs are the contents, keyed by
//! hash. Saving after a call writes the manifest and only the blobs the previous save did not
//! have, and drops the ones no longer referenced, so a call that changes one file of a large
//! filesystem writes about that file. Blobs are kept per session (not shared between sessions)
//! so that deleting a session deletes all of its data and nothing else.
//!
//! [`SessionStore`] is the trait the backends implement (a directory, Redis, PostgreSQL: the
//! networked ones live in the frontend, which has the async runtime). Its methods are `async`
//! (through `async-trait`, no runtime here) because every real store is a network round trip.
//! A **lease** per session (a token with an expiry, renewed while a call runs) makes sure two
//! processes never run the same session at once; `save` succeeds only for the lease holder.
//!
//! A call costs two store round trips: taking the lease also reads the saved version (so a
//! replica knows whether its kernel is current), and saving also gives the lease back. A call
//! that changed nothing (its capture's [`Capture::digest`] is the one last saved or loaded)
//! is not saved at all: the lease is only released.

use std::collections::{BTreeSet, HashMap};
use std::time::Duration;

use sha2::{Digest, Sha256};

use crate::kernel::{Kernel, SnapshotError};

/// A blob's key: the SHA-256 of its bytes.
pub type Hash = [u8; 32];

const MAGIC: &[u8; 8] = b"SANDSHM\0";
/// Version of the manifest format written by this build.
pub const MANIFEST_VERSION: u32 = 1;

/// Files smaller than this stay inside the manifest: a blob per tiny file costs more in
/// round trips and keys than it saves.
pub const INLINE_BELOW: usize = 512;

/// Why a store operation failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    /// The store cannot be reached or answered with an error; the call can be retried.
    #[error("session store unavailable: {0}")]
    Unavailable(String),
    /// Another call of the session held its lease for longer than the wait allows.
    #[error(
        "session busy: another call of this session is still running (on this or another \
         server) after waiting {}; retry when it has finished",
        crate::kernel::format_duration(*.0)
    )]
    Busy(Duration),
    /// The lease ran out during the call and another call took the session: this call's
    /// changes were not saved.
    #[error("session lease lost: the call ran but its changes were not saved; retry the call")]
    LeaseLost,
    /// The session's state is larger than the store accepts.
    #[error("session state too large to save: {size} bytes, the limit is {limit}")]
    TooLarge { size: u64, limit: u64 },
    /// The session's saved state is gone (it expired or was deleted) while the session was in
    /// use.
    #[error("session expired: its saved state is gone from the store; start a new session")]
    Gone,
    /// The saved state cannot be read back.
    #[error("saved session state is corrupt: {0}")]
    Corrupt(String),
    /// A session id that cannot be a store key.
    #[error("invalid session id")]
    InvalidId,
}

impl StoreError {
    /// Whether the same call may succeed if tried again later.
    pub fn is_retryable(&self) -> bool {
        matches!(
            self,
            StoreError::Unavailable(_) | StoreError::Busy(_) | StoreError::LeaseLost
        )
    }
}

impl From<SnapshotError> for StoreError {
    fn from(e: SnapshotError) -> StoreError {
        StoreError::Corrupt(e.to_string())
    }
}

/// A held lease: the session and the token that proves the holder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lease {
    pub id: String,
    pub token: String,
}

/// A lease just taken, with the version of the session's saved state read in the same
/// operation (`None`: nothing saved yet).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Taken {
    pub version: Option<u64>,
}

/// A session's saved manifest and its version (incremented by every save).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Saved {
    pub version: u64,
    pub manifest: Vec<u8>,
}

/// What one save writes: the new manifest, the blobs the store does not have yet and the
/// ones no longer referenced.
#[derive(Debug, Default)]
pub struct Capture {
    pub manifest: Vec<u8>,
    /// Every blob the manifest references.
    pub refs: BTreeSet<Hash>,
    /// Referenced blobs that the previous save did not reference.
    pub new_blobs: Vec<(Hash, Vec<u8>)>,
    /// Blobs the previous save referenced and this one does not.
    pub dropped: Vec<Hash>,
    /// Manifest plus all referenced blobs: the session's size in the store.
    pub total_bytes: u64,
    /// The manifest's SHA-256 ([`digest`]): equal digests, equal saved state.
    pub digest: Hash,
}

/// A session store backend. Every method is one logical operation on the store; ids are
/// checked with [`check_id`] by the caller.
#[async_trait::async_trait]
pub trait SessionStore: Send + Sync {
    /// A description for logs and errors (`redis://127.0.0.1:6379`, no password).
    fn describe(&self) -> String;
    /// The version of the session's saved state; `None` when nothing is saved.
    async fn version(&self, id: &str) -> Result<Option<u64>, StoreError>;
    /// The session's manifest and version.
    async fn load(&self, id: &str) -> Result<Option<Saved>, StoreError>;
    /// The blobs with these hashes (all of them, or an error).
    async fn blobs(&self, id: &str, hashes: &[Hash]) -> Result<Vec<(Hash, Vec<u8>)>, StoreError>;
    /// Save a capture under a held lease and give the lease back, in one operation; returns
    /// the new version. Fails with [`StoreError::LeaseLost`] (saving nothing) when `lease` is
    /// no longer the session's.
    async fn save(&self, lease: &Lease, capture: &Capture) -> Result<u64, StoreError>;
    /// Take the session's lease for `ttl` unless another token holds it, and read the saved
    /// version in the same operation; `None` when another token holds it. Taking it also
    /// marks the session as used (for idle expiry).
    async fn lease(
        &self,
        id: &str,
        token: &str,
        ttl: Duration,
    ) -> Result<Option<Taken>, StoreError>;
    /// Extend a held lease; `false` when it is no longer held.
    async fn renew(&self, lease: &Lease, ttl: Duration) -> Result<bool, StoreError>;
    /// Give a lease back (nothing happens when it is no longer held).
    async fn release(&self, lease: &Lease) -> Result<(), StoreError>;
    /// Delete everything of the session.
    async fn delete(&self, id: &str) -> Result<(), StoreError>;
    /// Delete the sessions unused for longer than `idle` (and not leased); returns their ids.
    /// A store that expires data itself (Redis) returns none.
    async fn delete_expired(&self, idle: Duration) -> Result<Vec<String>, StoreError>;
    /// The transport's parameters of the session (MCP's initialize request), opaque bytes.
    async fn load_meta(&self, id: &str) -> Result<Option<Vec<u8>>, StoreError>;
    /// Save the transport's parameters of the session.
    async fn save_meta(&self, id: &str, meta: &[u8]) -> Result<(), StoreError>;
}

/// Session ids are store keys and file names: ASCII letters, digits, `-` and `_`, at most 128.
pub fn check_id(id: &str) -> Result<(), StoreError> {
    if id.is_empty()
        || id.len() > 128
        || !id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        return Err(StoreError::InvalidId);
    }
    Ok(())
}

/// A hash as lower-case hex (blob file names and keys).
pub fn hex(h: &Hash) -> String {
    let mut s = String::with_capacity(64);
    for b in h {
        s.push_str(&format!("{b:02x}"));
    }
    s
}

/// The hash that [`hex`] wrote.
pub fn unhex(s: &str) -> Option<Hash> {
    if s.len() != 64 {
        return None;
    }
    let mut h = [0u8; 32];
    for (i, out) in h.iter_mut().enumerate() {
        *out = u8::from_str_radix(s.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(h)
}

/// The SHA-256 of `data`.
pub fn hash(data: &[u8]) -> Hash {
    Sha256::digest(data).into()
}

/// A manifest's digest: the same for two captures of the same state, so a call whose capture
/// has the digest last saved (or loaded) changed nothing worth saving.
pub fn digest(manifest: &[u8]) -> Hash {
    hash(manifest)
}

/// Capture a kernel for saving, given the blobs its previous save referenced. Files of
/// [`INLINE_BELOW`] bytes or more become blobs; only blobs not in `previous` are copied.
pub fn capture(kernel: &Kernel, previous: &BTreeSet<Hash>) -> Result<Capture, StoreError> {
    let mut refs = BTreeSet::new();
    let mut new_blobs = Vec::new();
    let mut blob_bytes = 0u64;
    let snap = kernel.snapshot_split(&mut |data| {
        if data.len() < INLINE_BELOW {
            return None;
        }
        let h = hash(data);
        if refs.insert(h) {
            blob_bytes += data.len() as u64;
            if !previous.contains(&h) {
                new_blobs.push((h, data.to_vec()));
            }
        }
        Some(h.to_vec())
    })?;
    let mut manifest = Vec::with_capacity(24 + refs.len() * 32 + snap.len());
    manifest.extend_from_slice(MAGIC);
    manifest.extend_from_slice(&MANIFEST_VERSION.to_le_bytes());
    manifest.extend_from_slice(&(refs.len() as u64).to_le_bytes());
    for h in &refs {
        manifest.extend_from_slice(h);
    }
    manifest.extend_from_slice(&snap);
    let dropped = previous.difference(&refs).copied().collect();
    let total_bytes = manifest.len() as u64 + blob_bytes;
    Ok(Capture {
        digest: digest(&manifest),
        manifest,
        refs,
        new_blobs,
        dropped,
        total_bytes,
    })
}

/// The blobs a manifest references, and where its kernel snapshot starts.
pub fn manifest_refs(manifest: &[u8]) -> Result<(BTreeSet<Hash>, usize), StoreError> {
    let bad = |m: &str| StoreError::Corrupt(format!("manifest: {m}"));
    if manifest.len() < 20 || &manifest[..8] != MAGIC {
        return Err(bad("not a sandsh session manifest"));
    }
    let mut v = [0u8; 4];
    v.copy_from_slice(&manifest[8..12]);
    let version = u32::from_le_bytes(v);
    if version == 0 || version > MANIFEST_VERSION {
        return Err(bad(&format!(
            "format version {version}, this sandsh reads up to {MANIFEST_VERSION}"
        )));
    }
    let mut n = [0u8; 8];
    n.copy_from_slice(&manifest[12..20]);
    let count = usize::try_from(u64::from_le_bytes(n)).map_err(|_| bad("hash count"))?;
    let end = count
        .checked_mul(32)
        .and_then(|b| b.checked_add(20))
        .filter(|&e| e <= manifest.len())
        .ok_or_else(|| bad("truncated"))?;
    let mut refs = BTreeSet::new();
    for chunk in manifest[20..end].chunks_exact(32) {
        let mut h = [0u8; 32];
        h.copy_from_slice(chunk);
        refs.insert(h);
    }
    Ok((refs, end))
}

/// Restore a kernel from a manifest and its blobs (each checked against its hash).
pub fn restore(
    kernel: &mut Kernel,
    manifest: &[u8],
    blobs: Vec<(Hash, Vec<u8>)>,
) -> Result<BTreeSet<Hash>, StoreError> {
    let (refs, start) = manifest_refs(manifest)?;
    let mut map: HashMap<Hash, Vec<u8>> = HashMap::with_capacity(blobs.len());
    for (h, data) in blobs {
        if hash(&data) != h {
            return Err(StoreError::Corrupt(format!(
                "blob {} does not match its hash",
                hex(&h)
            )));
        }
        map.insert(h, data);
    }
    if let Some(missing) = refs.iter().find(|h| !map.contains_key(*h)) {
        return Err(StoreError::Corrupt(format!(
            "blob {} is missing",
            hex(missing)
        )));
    }
    kernel.restore_split(&manifest[start..], &mut |key| {
        let h: Hash = key.try_into().ok()?;
        map.get(&h).cloned()
    })?;
    Ok(refs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::KernelConfig;

    #[test]
    fn a_second_save_writes_only_the_changed_file() {
        let mut k = Kernel::new(KernelConfig::default());
        k.execute("head -c 100000 /dev/zero > big; head -c 600 /dev/zero | tr '\\0' a > mid; x=1");
        let first = capture(&k, &BTreeSet::new()).expect("capture");
        assert!(first.new_blobs.len() >= 2);
        // The contents are outside the manifest.
        assert!(
            !first
                .manifest
                .windows(600)
                .any(|w| w.iter().all(|&b| b == b'a'))
        );
        assert!(
            !first
                .manifest
                .windows(1000)
                .any(|w| w.iter().all(|&b| b == 0))
        );
        k.execute("echo more >> mid");
        let second = capture(&k, &first.refs).expect("capture");
        // Only `mid` is new; its old contents are dropped; `big` is not written again.
        assert_eq!(second.new_blobs.len(), 1);
        assert_eq!(second.new_blobs[0].1.len(), 605);
        assert_eq!(second.dropped.len(), 1);
        assert!(second.total_bytes > 100_000);
        // A call that changes nothing captures the same digest; one that does, another.
        assert_ne!(first.digest, second.digest);
        assert_eq!(
            capture(&k, &second.refs).expect("capture").digest,
            second.digest
        );
        // (`: more` leaves `$_` as the append left it.)
        k.execute(": more");
        assert_eq!(
            capture(&k, &second.refs).expect("capture").digest,
            second.digest
        );
        assert_eq!(digest(&second.manifest), second.digest);

        let blobs: Vec<_> = first
            .new_blobs
            .iter()
            .chain(&second.new_blobs)
            .filter(|(h, _)| second.refs.contains(h))
            .cloned()
            .collect();
        let mut back = Kernel::new(KernelConfig::default());
        let refs = restore(&mut back, &second.manifest, blobs.clone()).expect("restore");
        assert_eq!(refs, second.refs);
        let r = back.execute("echo $x; wc -c < big; tail -c 5 mid");
        assert_eq!(String::from_utf8_lossy(&r.stdout), "1\n100000\nmore\n");

        // A missing or altered blob is named, not restored.
        let err = restore(&mut back, &second.manifest, blobs[..1].to_vec()).unwrap_err();
        assert!(err.to_string().contains("missing"), "{err}");
        let mut bad = blobs.clone();
        bad[0].1[0] ^= 1;
        let err = restore(&mut back, &second.manifest, bad).unwrap_err();
        assert!(err.to_string().contains("does not match"), "{err}");
    }

    #[test]
    fn ids_and_hashes() {
        assert!(check_id("0b1c-2d_3").is_ok());
        for bad in ["", "../x", "a/b", "a.b", "a:b", &"x".repeat(200)] {
            assert_eq!(check_id(bad), Err(StoreError::InvalidId), "{bad}");
        }
        let h = hash(b"abc");
        assert_eq!(unhex(&hex(&h)), Some(h));
        assert!(StoreError::Busy(Duration::from_secs(2)).is_retryable());
        assert!(!StoreError::Gone.is_retryable());
    }
}
