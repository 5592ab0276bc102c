//! The directory session store (`--session-store dir:PATH`, or `--state-dir PATH`): one
//! server's disk, for sessions that survive a restart of that server.
//!
//! `PATH/ID/` holds `manifest` (the version, u64 little-endian, then the manifest), `init.json`
//! (the MCP initialize parameters), `blobs/HEX` (one file per blob), `lease` (token and expiry)
//! and `touched` (when the session was last used, for idle expiry). Every file is written
//! atomically (a temporary file renamed into place). Leases are exact within one server
//! process; two servers sharing one directory are not supported (use Redis or PostgreSQL).

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use sandsh::store::{Capture, Hash, Lease, Saved, SessionStore, StoreError, Taken, check_id, hex};

pub(crate) struct DirStore {
    dir: PathBuf,
    max_bytes: u64,
    /// Serializes lease changes within this process.
    lock: tokio::sync::Mutex<()>,
}

fn io_err(path: &Path, e: std::io::Error) -> StoreError {
    StoreError::Unavailable(format!("{}: {e}", path.display()))
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

/// A file's contents, `None` when it does not exist.
async fn read_opt(path: &Path) -> Result<Option<Vec<u8>>, StoreError> {
    match tokio::fs::read(path).await {
        Ok(d) => Ok(Some(d)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(io_err(path, e)),
    }
}

async fn write(path: PathBuf, data: Vec<u8>) -> Result<(), StoreError> {
    tokio::task::spawn_blocking(move || {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| io_err(parent, e))?;
        }
        crate::host_file::save_atomically(&path, &data)
            .map_err(|e| StoreError::Unavailable(format!("{}: {e}", path.display())))
    })
    .await
    .map_err(|e| StoreError::Unavailable(e.to_string()))?
}

impl DirStore {
    pub(crate) fn open(dir: &Path, max_bytes: u64) -> Result<DirStore, String> {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        Ok(DirStore {
            dir: dir.to_path_buf(),
            max_bytes,
            lock: tokio::sync::Mutex::new(()),
        })
    }

    fn session(&self, id: &str) -> Result<PathBuf, StoreError> {
        check_id(id)?;
        Ok(self.dir.join(id))
    }

    async fn touch(&self, id: &str) -> Result<(), StoreError> {
        let p = self.session(id)?.join("touched");
        write(p, now_ms().to_string().into_bytes()).await
    }

    /// The lease file's token and expiry (ms since the epoch).
    async fn read_lease(&self, id: &str) -> Result<Option<(String, u64)>, StoreError> {
        let p = self.session(id)?.join("lease");
        Ok(read_opt(&p).await?.and_then(|d| {
            let s = String::from_utf8(d).ok()?;
            let (token, until) = s.split_once('\n')?;
            Some((token.to_string(), until.trim().parse().ok()?))
        }))
    }

    async fn write_lease(&self, id: &str, token: &str, ttl: Duration) -> Result<(), StoreError> {
        let p = self.session(id)?.join("lease");
        let until = now_ms() + ttl.as_millis() as u64;
        write(p, format!("{token}\n{until}\n").into_bytes()).await
    }
}

#[async_trait::async_trait]
impl SessionStore for DirStore {
    fn describe(&self) -> String {
        format!("dir:{}", self.dir.display())
    }

    async fn version(&self, id: &str) -> Result<Option<u64>, StoreError> {
        Ok(self.load(id).await?.map(|s| s.version))
    }

    async fn load(&self, id: &str) -> Result<Option<Saved>, StoreError> {
        let p = self.session(id)?.join("manifest");
        let Some(d) = read_opt(&p).await? else {
            return Ok(None);
        };
        if d.len() < 8 {
            return Err(StoreError::Corrupt(format!("{}: truncated", p.display())));
        }
        let mut v = [0u8; 8];
        v.copy_from_slice(&d[..8]);
        Ok(Some(Saved {
            version: u64::from_le_bytes(v),
            manifest: d[8..].to_vec(),
        }))
    }

    async fn blobs(&self, id: &str, hashes: &[Hash]) -> Result<Vec<(Hash, Vec<u8>)>, StoreError> {
        let dir = self.session(id)?.join("blobs");
        let mut out = Vec::with_capacity(hashes.len());
        for h in hashes {
            let p = dir.join(hex(h));
            let d = read_opt(&p)
                .await?
                .ok_or_else(|| StoreError::Corrupt(format!("blob {} is missing", hex(h))))?;
            out.push((*h, d));
        }
        Ok(out)
    }

    async fn save(&self, lease: &Lease, capture: &Capture) -> Result<u64, StoreError> {
        if capture.total_bytes > self.max_bytes {
            return Err(StoreError::TooLarge {
                size: capture.total_bytes,
                limit: self.max_bytes,
            });
        }
        let _g = self.lock.lock().await;
        if self.read_lease(&lease.id).await?.map(|l| l.0) != Some(lease.token.clone()) {
            return Err(StoreError::LeaseLost);
        }
        let dir = self.session(&lease.id)?;
        for (h, d) in &capture.new_blobs {
            write(dir.join("blobs").join(hex(h)), d.clone()).await?;
        }
        let version = self.version(&lease.id).await?.unwrap_or(0) + 1;
        let mut m = Vec::with_capacity(8 + capture.manifest.len());
        m.extend_from_slice(&version.to_le_bytes());
        m.extend_from_slice(&capture.manifest);
        write(dir.join("manifest"), m).await?;
        for h in &capture.dropped {
            let _ = tokio::fs::remove_file(dir.join("blobs").join(hex(h))).await;
        }
        self.touch(&lease.id).await?;
        let _ = tokio::fs::remove_file(dir.join("lease")).await;
        Ok(version)
    }

    async fn lease(
        &self,
        id: &str,
        token: &str,
        ttl: Duration,
    ) -> Result<Option<Taken>, StoreError> {
        let _g = self.lock.lock().await;
        if let Some((held, until)) = self.read_lease(id).await?
            && held != token
            && until > now_ms()
        {
            return Ok(None);
        }
        self.write_lease(id, token, ttl).await?;
        self.touch(id).await?;
        let version = self.version(id).await?;
        Ok(Some(Taken { version }))
    }

    async fn renew(&self, lease: &Lease, ttl: Duration) -> Result<bool, StoreError> {
        let _g = self.lock.lock().await;
        if self.read_lease(&lease.id).await?.map(|l| l.0) != Some(lease.token.clone()) {
            return Ok(false);
        }
        self.write_lease(&lease.id, &lease.token, ttl).await?;
        Ok(true)
    }

    async fn release(&self, lease: &Lease) -> Result<(), StoreError> {
        let _g = self.lock.lock().await;
        if self.read_lease(&lease.id).await?.map(|l| l.0) == Some(lease.token.clone()) {
            let _ = tokio::fs::remove_file(self.session(&lease.id)?.join("lease")).await;
        }
        Ok(())
    }

    async fn delete(&self, id: &str) -> Result<(), StoreError> {
        let p = self.session(id)?;
        match tokio::fs::remove_dir_all(&p).await {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(io_err(&p, e)),
        }
    }

    async fn delete_expired(&self, idle: Duration) -> Result<Vec<String>, StoreError> {
        let mut gone = Vec::new();
        let mut rd = tokio::fs::read_dir(&self.dir)
            .await
            .map_err(|e| io_err(&self.dir, e))?;
        let now = now_ms();
        while let Ok(Some(e)) = rd.next_entry().await {
            let Some(id) = e.file_name().to_str().map(str::to_string) else {
                continue;
            };
            if check_id(&id).is_err() {
                continue;
            }
            let touched = read_opt(&e.path().join("touched"))
                .await?
                .and_then(|d| String::from_utf8(d).ok()?.trim().parse::<u64>().ok())
                .unwrap_or(0);
            let leased = self
                .read_lease(&id)
                .await?
                .is_some_and(|(_, until)| until > now);
            if !leased && now.saturating_sub(touched) > idle.as_millis() as u64 {
                self.delete(&id).await?;
                gone.push(id);
            }
        }
        Ok(gone)
    }

    async fn load_meta(&self, id: &str) -> Result<Option<Vec<u8>>, StoreError> {
        read_opt(&self.session(id)?.join("init.json")).await
    }

    async fn save_meta(&self, id: &str, meta: &[u8]) -> Result<(), StoreError> {
        write(self.session(id)?.join("init.json"), meta.to_vec()).await?;
        self.touch(id).await
    }
}
