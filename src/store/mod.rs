//! Session stores for `sandsh --mcp-http`: which backend `--session-store` names, the adapter
//! that keeps rmcp's per-session initialize parameters in it (so that an MCP session id is
//! valid on every replica), and the lease a call holds while it runs.
//!
//! The trait and the snapshot format are the library's (`sandsh::store`); the backends that
//! talk to a server (Redis, PostgreSQL) live here, in the frontend, because they need tokio
//! and a client crate that embedders of the library should not pay for. They are part of the
//! `mcp` feature: the MCP server is their only user.

mod dir;
mod postgres;
mod redis;

use std::hash::{BuildHasher, Hasher};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use rmcp::transport::streamable_http_server::session::{
    SessionState, SessionStore as RmcpStore, SessionStoreError,
};
use sandsh::store::{Capture, Lease, SessionStore, StoreError};

/// How long a lease lasts without renewal: a replica killed mid-call blocks its session for at
/// most this long.
pub(crate) const LEASE_TTL: Duration = Duration::from_secs(10);
/// How often a running call renews its lease.
const RENEW_EVERY: Duration = Duration::from_secs(3);

/// Open the store a `--session-store` value names: `redis://…`, `rediss://…`,
/// `postgres://…`/`postgresql://…`, or `dir:PATH`.
pub(crate) fn open(
    spec: &str,
    idle: Duration,
    max_bytes: u64,
) -> Result<Arc<dyn SessionStore>, String> {
    if spec.starts_with("redis://")
        || spec.starts_with("rediss://")
        || spec.starts_with("redis+unix://")
    {
        let spec = &literal_hosts(spec)?;
        return Ok(Arc::new(redis::RedisStore::open(spec, idle, max_bytes)?));
    }
    if spec.starts_with("postgres://") || spec.starts_with("postgresql://") {
        let spec = &literal_hosts(spec)?;
        return Ok(Arc::new(postgres::PgStore::open(spec, max_bytes)?));
    }
    if let Some(path) = spec.strip_prefix("dir:") {
        return Ok(Arc::new(dir::DirStore::open(
            std::path::Path::new(path),
            max_bytes,
        )?));
    }
    Err(format!(
        "--session-store {spec}: expected redis://HOST:PORT, postgres://USER@HOST/DB or dir:PATH"
    ))
}

/// The store URL with `localhost` as `127.0.0.1`, or an error when a host is a name.
///
/// THREAT ESC-ASLR-2: the binary links glibc statically, which cannot load the NSS modules a
/// name lookup needs (it would misbehave, or load the host's libraries at run time). So a
/// store is named by its address, and the clients' resolvers never run: both take an IP
/// literal as it is.
fn literal_hosts(spec: &str) -> Result<String, String> {
    let Some((scheme, rest)) = spec.split_once("://") else {
        return Ok(spec.to_string());
    };
    if scheme == "redis+unix" {
        return Ok(spec.to_string());
    }
    let end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(end);
    let (userinfo, hosts) = match authority.rfind('@') {
        Some(i) => (&authority[..=i], &authority[i + 1..]),
        None => ("", authority),
    };
    let mut out = Vec::new();
    for hp in hosts.split(',') {
        let (host, port) = if let Some(v6) = hp.strip_prefix('[') {
            match v6.split_once(']') {
                Some((h, p)) => (h, p),
                None => (hp, ""),
            }
        } else {
            match hp.rsplit_once(':') {
                Some((h, p)) => (h, &hp[h.len()..][..p.len() + 1]),
                None => (hp, ""),
            }
        };
        let host = if host.eq_ignore_ascii_case("localhost") {
            "127.0.0.1"
        } else {
            host
        };
        match host.parse::<std::net::IpAddr>() {
            Ok(std::net::IpAddr::V6(_)) => out.push(format!("[{host}]{port}")),
            Ok(_) => out.push(format!("{host}{port}")),
            Err(_) => {
                return Err(format!(
                    "--session-store {spec}: name the store by its IP address (or localhost): \
                     the sandsh binary does not resolve host names ({host:?})"
                ));
            }
        }
    }
    Ok(format!("{scheme}://{userinfo}{}{tail}", out.join(",")))
}

/// rmcp's session store (the client's initialize parameters, so that a session established on
/// one replica is re-established on another without a new handshake) kept in ours.
pub(crate) struct McpSessions(pub Arc<dyn SessionStore>);

fn rmcp_err(e: impl std::fmt::Display) -> SessionStoreError {
    e.to_string().into()
}

#[async_trait::async_trait]
impl RmcpStore for McpSessions {
    async fn load(&self, id: &str) -> Result<Option<SessionState>, SessionStoreError> {
        sandsh::store::check_id(id).map_err(rmcp_err)?;
        match self.0.load_meta(id).await.map_err(rmcp_err)? {
            Some(d) => Ok(Some(serde_json::from_slice(&d).map_err(rmcp_err)?)),
            None => Ok(None),
        }
    }

    async fn store(&self, id: &str, state: &SessionState) -> Result<(), SessionStoreError> {
        sandsh::store::check_id(id).map_err(rmcp_err)?;
        let d = serde_json::to_vec(state).map_err(rmcp_err)?;
        self.0.save_meta(id, &d).await.map_err(rmcp_err)
    }

    async fn delete(&self, id: &str) -> Result<(), SessionStoreError> {
        sandsh::store::check_id(id).map_err(rmcp_err)?;
        tracing::info!("session {id} ended by the client");
        self.0.delete(id).await.map_err(rmcp_err)
    }
}

/// A token no other call, on this or another replica, uses.
fn new_token() -> String {
    static N: AtomicU64 = AtomicU64::new(0);
    let r = std::hash::RandomState::new().build_hasher().finish();
    format!(
        "{r:016x}-{:x}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    )
}

/// A held lease, renewed in the background until released or given back by a save (or
/// dropped: then it expires).
pub(crate) struct LeaseGuard {
    store: Arc<dyn SessionStore>,
    pub lease: Lease,
    /// The session's saved version when the lease was taken.
    pub version: Option<u64>,
    renewer: tokio::task::JoinHandle<()>,
}

impl Drop for LeaseGuard {
    fn drop(&mut self) {
        self.renewer.abort();
    }
}

impl LeaseGuard {
    /// Take session `id`'s lease, waiting up to `wait` while another call holds it.
    pub(crate) async fn acquire(
        store: Arc<dyn SessionStore>,
        id: &str,
        wait: Duration,
    ) -> Result<LeaseGuard, StoreError> {
        let token = new_token();
        let start = tokio::time::Instant::now();
        let mut pause = Duration::from_millis(10);
        let taken = loop {
            if let Some(t) = store.lease(id, &token, LEASE_TTL).await? {
                break t;
            }
            if start.elapsed() >= wait {
                return Err(StoreError::Busy(wait));
            }
            tokio::time::sleep(pause.min(wait.saturating_sub(start.elapsed()))).await;
            pause = (pause * 2).min(Duration::from_millis(200));
        };
        let lease = Lease {
            id: id.to_string(),
            token,
        };
        let (s2, l2) = (store.clone(), lease.clone());
        let renewer = tokio::spawn(async move {
            loop {
                tokio::time::sleep(RENEW_EVERY).await;
                match s2.renew(&l2, LEASE_TTL).await {
                    Ok(true) => {}
                    Ok(false) => {
                        tracing::warn!("session {}: lease lost during a call", l2.id);
                        return;
                    }
                    Err(e) => tracing::warn!("session {}: renewing the lease: {e}", l2.id),
                }
            }
        });
        Ok(LeaseGuard {
            store,
            lease,
            version: taken.version,
            renewer,
        })
    }

    /// Save `capture` and give the lease back (one store operation); the new version.
    pub(crate) async fn save(self, capture: &Capture) -> Result<u64, StoreError> {
        self.renewer.abort();
        let r = self.store.save(&self.lease, capture).await;
        if r.as_ref().is_err_and(|e| *e != StoreError::LeaseLost) {
            // A lost lease is another holder's now; one the store failed to save under
            // expires by itself if this does not reach the store either.
            if let Err(e) = self.store.release(&self.lease).await {
                tracing::debug!("session {}: releasing the lease: {e}", self.lease.id);
            }
        }
        r
    }

    /// Give the lease back.
    pub(crate) async fn release(self) {
        self.renewer.abort();
        if let Err(e) = self.store.release(&self.lease).await {
            tracing::warn!(
                "session {}: releasing the lease: {e} (it expires by itself)",
                self.lease.id
            );
        }
    }
}

/// Delete idle sessions from the store now and then, for as long as the server runs.
pub(crate) fn spawn_sweeper(store: Arc<dyn SessionStore>, idle: Duration) {
    let every = (idle / 4).clamp(Duration::from_millis(250), Duration::from_secs(60));
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(every).await;
            match store.delete_expired(idle).await {
                Ok(gone) => {
                    for id in gone {
                        tracing::info!("session {id} expired; its state is deleted");
                    }
                }
                Err(e) => tracing::warn!("expiring idle sessions: {e}"),
            }
        }
    });
}

#[cfg(test)]
mod literal_host_tests {
    use super::literal_hosts;

    #[test]
    fn addresses_pass_and_names_are_refused() {
        assert_eq!(
            literal_hosts("redis://localhost:6379/0").unwrap(),
            "redis://127.0.0.1:6379/0"
        );
        assert_eq!(
            literal_hosts("postgres://u:p@127.0.0.1:5432/db?x=1").unwrap(),
            "postgres://u:p@127.0.0.1:5432/db?x=1"
        );
        assert_eq!(
            literal_hosts("postgres://u@[::1]:5432,localhost/db").unwrap(),
            "postgres://u@[::1]:5432,127.0.0.1/db"
        );
        assert!(literal_hosts("redis://cache.internal:6379").is_err());
    }
}
