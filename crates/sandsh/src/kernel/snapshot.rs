//! Kernel snapshots: the in-memory filesystem plus the shell state (variables, functions,
//! aliases, options, cwd) in one versioned blob.
//!
//! Layout: magic `SANDSHK\0`, format version (u32 LE), then two length-prefixed (u64 LE)
//! sections: the shell state as JSON and the filesystem in `MemoryFs`'s own versioned format.
//! A blob from a newer version, or one that is truncated or corrupt, is rejected with an error.
//!
//! A signed snapshot ([`Kernel::snapshot_signed`]) wraps that blob: magic `SANDSHS\0`, then an
//! HMAC-SHA256 tag (32 bytes) over the magic and the blob, then the blob. A snapshot that came
//! back from storage is restored with [`Kernel::restore_verified`], which refuses it, changing
//! nothing, unless the tag verifies under the key. What bounds a session (limits, policy,
//! mounts, the network allowlist) is never in a snapshot: a restored session keeps its own.

use std::sync::Arc;

use sandsh_interp::state::ShellState;
use sandsh_vfs::MemoryFs;

use super::Kernel;
use sandsh_interp::EnvParts;

const MAGIC: &[u8; 8] = b"SANDSHK\0";
const SIGNED_MAGIC: &[u8; 8] = b"SANDSHS\0";
const TAG_LEN: usize = 32;
/// Version written by this build; older readers reject newer snapshots.
pub const KERNEL_SNAPSHOT_VERSION: u32 = 1;

/// Why a snapshot could not be restored (or taken).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SnapshotError {
    #[error("not a sandsh snapshot")]
    BadMagic,
    #[error(
        "snapshot format version {0} is newer than this sandsh supports ({KERNEL_SNAPSHOT_VERSION})"
    )]
    UnsupportedVersion(u32),
    #[error("snapshot is truncated")]
    Truncated,
    #[error("snapshot is corrupt: {0}")]
    Corrupt(String),
    #[error("this kernel's filesystem is not an in-memory one; it cannot be snapshotted")]
    NoMemoryRoot,
    #[error("snapshot is not signed; a signed one is required to restore with a key")]
    Unsigned,
    #[error("snapshot signature does not verify with this key: refused, nothing restored")]
    BadSignature,
}

/// The HMAC-SHA256 of a signed snapshot's magic and blob under `key`.
fn mac(key: &[u8], blob: &[u8]) -> Result<hmac::Hmac<sha2::Sha256>, SnapshotError> {
    use hmac::{KeyInit, Mac};
    // HMAC takes keys of any length; the error is the trait's, never seen.
    let mut m = <hmac::Hmac<sha2::Sha256> as KeyInit>::new_from_slice(key)
        .map_err(|_| SnapshotError::BadSignature)?;
    m.update(SIGNED_MAGIC);
    m.update(blob);
    Ok(m)
}

/// A signed snapshot's parts: the blob and its tag.
struct Signed<'a> {
    blob: &'a [u8],
    tag: &'a [u8],
}

/// The parts of a signed snapshot; `None` for an unsigned one.
fn unwrap_signed(bytes: &[u8]) -> Result<Option<Signed<'_>>, SnapshotError> {
    if !bytes.starts_with(SIGNED_MAGIC) {
        return Ok(None);
    }
    let rest = &bytes[SIGNED_MAGIC.len()..];
    if rest.len() < TAG_LEN {
        return Err(SnapshotError::Truncated);
    }
    let (tag, blob) = rest.split_at(TAG_LEN);
    Ok(Some(Signed { blob, tag }))
}

fn take<'a>(b: &mut &'a [u8], n: usize) -> Result<&'a [u8], SnapshotError> {
    if b.len() < n {
        return Err(SnapshotError::Truncated);
    }
    let (h, t) = b.split_at(n);
    *b = t;
    Ok(h)
}

fn take_u64(b: &mut &[u8]) -> Result<u64, SnapshotError> {
    let raw = take(b, 8)?;
    let mut a = [0u8; 8];
    a.copy_from_slice(raw);
    Ok(u64::from_le_bytes(a))
}

impl Kernel {
    /// Capture the filesystem and shell state.
    pub fn snapshot(&self) -> Result<Vec<u8>, SnapshotError> {
        self.snapshot_split(&mut |_| None)
    }

    /// Capture the filesystem and shell state, handing each file's contents to `external`,
    /// which may keep them elsewhere and return the key the snapshot records instead
    /// ([`MemoryFs::snapshot_split`]; `crate::store` keeps them by content hash).
    pub fn snapshot_split(
        &self,
        external: &mut dyn FnMut(&[u8]) -> Option<Vec<u8>>,
    ) -> Result<Vec<u8>, SnapshotError> {
        let root = self.root.as_ref().ok_or(SnapshotError::NoMemoryRoot)?;
        let state = serde_json::to_vec(&self.shell.save_state())
            .map_err(|e| SnapshotError::Corrupt(e.to_string()))?;
        let fs = root.snapshot_split(external);
        let mut out = Vec::with_capacity(32 + state.len() + fs.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&KERNEL_SNAPSHOT_VERSION.to_le_bytes());
        out.extend_from_slice(&(state.len() as u64).to_le_bytes());
        out.extend_from_slice(&state);
        out.extend_from_slice(&(fs.len() as u64).to_le_bytes());
        out.extend_from_slice(&fs);
        Ok(out)
    }

    /// [`Kernel::snapshot`], signed with `key` (HMAC-SHA256): [`Kernel::restore_verified`]
    /// with the same key restores it; a changed byte or another key is refused.
    pub fn snapshot_signed(&self, key: &[u8]) -> Result<Vec<u8>, SnapshotError> {
        use hmac::Mac;
        let blob = self.snapshot()?;
        let tag = mac(key, &blob)?.finalize().into_bytes();
        let mut out = Vec::with_capacity(SIGNED_MAGIC.len() + TAG_LEN + blob.len());
        out.extend_from_slice(SIGNED_MAGIC);
        out.extend_from_slice(&tag);
        out.extend_from_slice(&blob);
        Ok(out)
    }

    /// Restore a snapshot signed by [`Kernel::snapshot_signed`] with `key`, after checking its
    /// tag (in constant time): an unsigned snapshot, or one whose tag does not verify, is
    /// refused and nothing changes.
    pub fn restore_verified(&mut self, bytes: &[u8], key: &[u8]) -> Result<(), SnapshotError> {
        use hmac::Mac;
        let s = unwrap_signed(bytes)?.ok_or(SnapshotError::Unsigned)?;
        mac(key, s.blob)?
            .verify_slice(s.tag)
            .map_err(|_| SnapshotError::BadSignature)?;
        self.restore_split(s.blob, &mut |_| None)
    }

    /// Replace the filesystem and shell state with a snapshot's. On error nothing changes. A
    /// signed snapshot is restored without checking its tag (use [`Kernel::restore_verified`]
    /// for one that came from where it could have been changed).
    pub fn restore(&mut self, bytes: &[u8]) -> Result<(), SnapshotError> {
        let blob = unwrap_signed(bytes)?.map_or(bytes, |s| s.blob);
        self.restore_split(blob, &mut |_| None)
    }

    /// [`Kernel::restore`] of a [`Kernel::snapshot_split`] snapshot: `resolve` gives the
    /// contents of each external key.
    pub fn restore_split(
        &mut self,
        bytes: &[u8],
        resolve: &mut dyn FnMut(&[u8]) -> Option<Vec<u8>>,
    ) -> Result<(), SnapshotError> {
        let mut b = bytes;
        if take(&mut b, 8).map_err(|_| SnapshotError::BadMagic)? != MAGIC {
            return Err(SnapshotError::BadMagic);
        }
        let mut v = [0u8; 4];
        v.copy_from_slice(take(&mut b, 4)?);
        let version = u32::from_le_bytes(v);
        if version > KERNEL_SNAPSHOT_VERSION || version == 0 {
            return Err(SnapshotError::UnsupportedVersion(version));
        }
        let state_len = usize::try_from(take_u64(&mut b)?)
            .map_err(|_| SnapshotError::Corrupt("state length".into()))?;
        let state_bytes = take(&mut b, state_len)?;
        let fs_len = usize::try_from(take_u64(&mut b)?)
            .map_err(|_| SnapshotError::Corrupt("filesystem length".into()))?;
        let fs_bytes = take(&mut b, fs_len)?;
        if !b.is_empty() {
            return Err(SnapshotError::Corrupt("trailing bytes".into()));
        }
        let state: ShellState = serde_json::from_slice(state_bytes)
            .map_err(|e| SnapshotError::Corrupt(format!("shell state: {e}")))?;
        let limits = self.shell.limits().clone();
        let clock: sandsh_vfs::Clock = self.shell.clock();
        let fs =
            MemoryFs::restore_split_with(fs_bytes, resolve, clock, Self::memfs_limits(&limits))
                .map_err(|e| SnapshotError::Corrupt(format!("filesystem: {e}")))?;
        let memory = sandsh_runtime::budget::MemoryBudget::new(limits.max_memory);
        let root = Arc::new(fs.with_budget(memory.clone()));
        let (backend, err) = Self::mount_all(root.clone(), &self.mounts);
        let bare_root = Some(&*root).filter(|_| self.mounts.is_empty());
        let parts = EnvParts {
            backend,
            registry: self.registry.clone(),
            limits,
            root_cancel: self.cancel.clone(),
            memory,
            patience: None,
            command_entries: false,
            network: self.network.clone(),
        };
        let env = Self::make_env(parts, bare_root, &self.registry, &self.watchdog);
        // The old environment's jobs do not survive it (THREAT DOS-PROC-2).
        self.end_session_jobs();
        self.shell.carry_session_state(&env);
        self.shell.replace_env(env);
        self.shell.load_state(state);
        self.root = Some(root);
        self.config_error = err;
        Ok(())
    }
}
