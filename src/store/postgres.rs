//! The PostgreSQL session store (`--session-store postgres://USER:PASS@HOST:PORT/DB`).
//!
//! Two tables, created at connection if missing: `sandsh_session` (one row per session: the
//! version, the manifest, the MCP initialize parameters, when it was last used, and the
//! lease: a token and an expiry) and `sandsh_blob` (session, hash, bytes; deleted with the
//! session by `ON DELETE CASCADE`). The lease is a row lease: taking it is one `INSERT … ON
//! CONFLICT DO UPDATE … WHERE` the lease is free, expired or already the caller's; a save is
//! one transaction that first locks the row and checks the token. Idle sessions are deleted
//! by whichever replica sweeps first (`delete_expired`), never while leased.
//!
//! A replica keeps a few connections (each used by one operation at a time) and reconnects a
//! closed one at its next use, so a database restart costs the calls made while it is down.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use sandsh::store::{Capture, Hash, Lease, Saved, SessionStore, StoreError, hex};
use tokio::sync::{Mutex, MutexGuard};
use tokio_postgres::{Client, Config, NoTls};

/// Connections per replica.
const POOL: usize = 4;
/// Longest a single store operation may take.
const OP_TIMEOUT: Duration = Duration::from_secs(10);

const SCHEMA: &str = "
BEGIN;
SELECT pg_advisory_xact_lock(72154300);
CREATE TABLE IF NOT EXISTS sandsh_session (
  id text PRIMARY KEY,
  version bigint NOT NULL DEFAULT 0,
  manifest bytea,
  init bytea,
  touched timestamptz NOT NULL DEFAULT now(),
  lease_token text,
  lease_until timestamptz
);
CREATE TABLE IF NOT EXISTS sandsh_blob (
  session text NOT NULL REFERENCES sandsh_session (id) ON DELETE CASCADE,
  hash bytea NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (session, hash)
);
COMMIT;";

pub(crate) struct PgStore {
    config: Config,
    describe: String,
    slots: Vec<Mutex<Option<Client>>>,
    next: AtomicUsize,
    max_bytes: u64,
}

fn unavailable(e: impl std::fmt::Display) -> StoreError {
    StoreError::Unavailable(format!("postgres: {e}"))
}

fn ms(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX).max(1)
}

/// Run a store operation with a time limit.
async fn timed<T>(f: impl Future<Output = Result<T, StoreError>>) -> Result<T, StoreError> {
    tokio::time::timeout(OP_TIMEOUT, f)
        .await
        .unwrap_or_else(|_| Err(unavailable("no answer within 10s")))
}

impl PgStore {
    pub(crate) fn open(url: &str, max_bytes: u64) -> Result<PgStore, String> {
        let mut config: Config = url.parse().map_err(|e| format!("--session-store: {e}"))?;
        config.connect_timeout(Duration::from_secs(2));
        // Without a user the client asks the system for the current one (an NSS lookup the
        // static binary cannot make; `super::literal_hosts`).
        if config.get_user().is_none() {
            return Err(format!(
                "--session-store {url}: name the user (postgres://USER@HOST/DB)"
            ));
        }
        let hosts: Vec<String> = config
            .get_hosts()
            .iter()
            .map(|h| match h {
                tokio_postgres::config::Host::Tcp(h) => h.clone(),
                #[cfg(unix)]
                tokio_postgres::config::Host::Unix(p) => p.display().to_string(),
            })
            .collect();
        let port = config.get_ports().first().copied().unwrap_or(5432);
        let describe = format!(
            "postgres://{}:{port}/{}",
            hosts.join(","),
            config.get_dbname().unwrap_or("")
        );
        Ok(PgStore {
            config,
            describe,
            slots: (0..POOL).map(|_| Mutex::new(None)).collect(),
            next: AtomicUsize::new(0),
            max_bytes,
        })
    }

    async fn connect(&self) -> Result<Client, StoreError> {
        let (client, connection) = self.config.connect(NoTls).await.map_err(unavailable)?;
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                tracing::warn!("postgres connection: {e}");
            }
        });
        client.batch_execute(SCHEMA).await.map_err(unavailable)?;
        Ok(client)
    }

    /// A connection of the pool, (re)connected if needed; held until the guard drops.
    async fn conn(&self) -> Result<MutexGuard<'_, Option<Client>>, StoreError> {
        let start = self.next.fetch_add(1, Ordering::Relaxed);
        // A free connection if there is one, else wait for the next in turn.
        let mut guard = None;
        for i in 0..POOL {
            if let Ok(g) = self.slots[(start + i) % POOL].try_lock() {
                guard = Some(g);
                break;
            }
        }
        let mut g = match guard {
            Some(g) => g,
            None => self.slots[start % POOL].lock().await,
        };
        if g.as_ref().is_none_or(Client::is_closed) {
            *g = None;
            *g = Some(self.connect().await?);
        }
        Ok(g)
    }
}

/// The client of a guard that [`PgStore::conn`] filled.
fn client<'a>(g: &'a mut MutexGuard<'_, Option<Client>>) -> Result<&'a mut Client, StoreError> {
    g.as_mut().ok_or_else(|| unavailable("not connected"))
}

#[async_trait::async_trait]
impl SessionStore for PgStore {
    fn describe(&self) -> String {
        self.describe.clone()
    }

    async fn version(&self, id: &str) -> Result<Option<u64>, StoreError> {
        timed(async {
            let mut g = self.conn().await?;
            let row = client(&mut g)?
                .query_opt(
                    "SELECT version FROM sandsh_session WHERE id = $1 AND manifest IS NOT NULL",
                    &[&id],
                )
                .await
                .map_err(unavailable)?;
            Ok(row.map(|r| r.get::<_, i64>(0) as u64))
        })
        .await
    }

    async fn load(&self, id: &str) -> Result<Option<Saved>, StoreError> {
        timed(async {
            let mut g = self.conn().await?;
            let row = client(&mut g)?
                .query_opt(
                    "SELECT version, manifest FROM sandsh_session \
                     WHERE id = $1 AND manifest IS NOT NULL",
                    &[&id],
                )
                .await
                .map_err(unavailable)?;
            Ok(row.map(|r| Saved {
                version: r.get::<_, i64>(0) as u64,
                manifest: r.get(1),
            }))
        })
        .await
    }

    async fn blobs(&self, id: &str, hashes: &[Hash]) -> Result<Vec<(Hash, Vec<u8>)>, StoreError> {
        if hashes.is_empty() {
            return Ok(Vec::new());
        }
        timed(async {
            let mut g = self.conn().await?;
            let keys: Vec<Vec<u8>> = hashes.iter().map(|h| h.to_vec()).collect();
            let rows = client(&mut g)?
                .query(
                    "SELECT hash, data FROM sandsh_blob WHERE session = $1 AND hash = ANY($2)",
                    &[&id, &keys],
                )
                .await
                .map_err(unavailable)?;
            let mut out = Vec::with_capacity(rows.len());
            for r in rows {
                let h: Vec<u8> = r.get(0);
                let h: Hash = h
                    .try_into()
                    .map_err(|_| StoreError::Corrupt("a blob hash is not 32 bytes".into()))?;
                out.push((h, r.get(1)));
            }
            if let Some(missing) = hashes.iter().find(|h| !out.iter().any(|(o, _)| o == *h)) {
                return Err(StoreError::Corrupt(format!(
                    "blob {} is missing",
                    hex(missing)
                )));
            }
            Ok(out)
        })
        .await
    }

    async fn save(&self, lease: &Lease, capture: &Capture) -> Result<u64, StoreError> {
        if capture.total_bytes > self.max_bytes {
            return Err(StoreError::TooLarge {
                size: capture.total_bytes,
                limit: self.max_bytes,
            });
        }
        timed(async {
            let mut g = self.conn().await?;
            let c = client(&mut g)?;
            let tx = c.transaction().await.map_err(unavailable)?;
            let held = tx
                .query_opt(
                    "SELECT 1 FROM sandsh_session WHERE id = $1 AND lease_token = $2 FOR UPDATE",
                    &[&lease.id, &lease.token],
                )
                .await
                .map_err(unavailable)?;
            if held.is_none() {
                return Err(StoreError::LeaseLost);
            }
            if !capture.new_blobs.is_empty() {
                let insert = tx
                    .prepare(
                        "INSERT INTO sandsh_blob (session, hash, data) VALUES ($1, $2, $3) \
                         ON CONFLICT DO NOTHING",
                    )
                    .await
                    .map_err(unavailable)?;
                for (h, d) in &capture.new_blobs {
                    tx.execute(&insert, &[&lease.id, &h.as_slice(), d])
                        .await
                        .map_err(unavailable)?;
                }
            }
            if !capture.dropped.is_empty() {
                let keys: Vec<Vec<u8>> = capture.dropped.iter().map(|h| h.to_vec()).collect();
                tx.execute(
                    "DELETE FROM sandsh_blob WHERE session = $1 AND hash = ANY($2)",
                    &[&lease.id, &keys],
                )
                .await
                .map_err(unavailable)?;
            }
            let row = tx
                .query_one(
                    "UPDATE sandsh_session SET manifest = $2, version = version + 1, \
                     touched = now() WHERE id = $1 RETURNING version",
                    &[&lease.id, &capture.manifest],
                )
                .await
                .map_err(unavailable)?;
            tx.commit().await.map_err(unavailable)?;
            Ok(row.get::<_, i64>(0) as u64)
        })
        .await
    }

    async fn lease(&self, id: &str, token: &str, ttl: Duration) -> Result<bool, StoreError> {
        timed(async {
            let mut g = self.conn().await?;
            let n = client(&mut g)?
                .execute(
                    "INSERT INTO sandsh_session AS s (id, lease_token, lease_until) \
                     VALUES ($1, $2, now() + $3::bigint * interval '1 millisecond') \
                     ON CONFLICT (id) DO UPDATE SET lease_token = EXCLUDED.lease_token, \
                       lease_until = EXCLUDED.lease_until, touched = now() \
                     WHERE s.lease_token IS NULL OR s.lease_until < now() \
                       OR s.lease_token = EXCLUDED.lease_token",
                    &[&id, &token, &ms(ttl)],
                )
                .await
                .map_err(unavailable)?;
            Ok(n == 1)
        })
        .await
    }

    async fn renew(&self, lease: &Lease, ttl: Duration) -> Result<bool, StoreError> {
        timed(async {
            let mut g = self.conn().await?;
            let n = client(&mut g)?
                .execute(
                    "UPDATE sandsh_session SET \
                       lease_until = now() + $3::bigint * interval '1 millisecond', \
                       touched = now() \
                     WHERE id = $1 AND lease_token = $2",
                    &[&lease.id, &lease.token, &ms(ttl)],
                )
                .await
                .map_err(unavailable)?;
            Ok(n == 1)
        })
        .await
    }

    async fn release(&self, lease: &Lease) -> Result<(), StoreError> {
        timed(async {
            let mut g = self.conn().await?;
            client(&mut g)?
                .execute(
                    "UPDATE sandsh_session SET lease_token = NULL, lease_until = NULL \
                     WHERE id = $1 AND lease_token = $2",
                    &[&lease.id, &lease.token],
                )
                .await
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn delete(&self, id: &str) -> Result<(), StoreError> {
        timed(async {
            let mut g = self.conn().await?;
            client(&mut g)?
                .execute("DELETE FROM sandsh_session WHERE id = $1", &[&id])
                .await
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn delete_expired(&self, idle: Duration) -> Result<Vec<String>, StoreError> {
        timed(async {
            let mut g = self.conn().await?;
            let rows = client(&mut g)?
                .query(
                    "DELETE FROM sandsh_session \
                     WHERE touched < now() - $1::bigint * interval '1 millisecond' \
                       AND (lease_until IS NULL OR lease_until < now()) \
                     RETURNING id",
                    &[&ms(idle)],
                )
                .await
                .map_err(unavailable)?;
            Ok(rows.iter().map(|r| r.get(0)).collect())
        })
        .await
    }

    async fn load_meta(&self, id: &str) -> Result<Option<Vec<u8>>, StoreError> {
        timed(async {
            let mut g = self.conn().await?;
            let row = client(&mut g)?
                .query_opt("SELECT init FROM sandsh_session WHERE id = $1", &[&id])
                .await
                .map_err(unavailable)?;
            Ok(row.and_then(|r| r.get(0)))
        })
        .await
    }

    async fn save_meta(&self, id: &str, meta: &[u8]) -> Result<(), StoreError> {
        timed(async {
            let mut g = self.conn().await?;
            client(&mut g)?
                .execute(
                    "INSERT INTO sandsh_session (id, init) VALUES ($1, $2) \
                     ON CONFLICT (id) DO UPDATE SET init = EXCLUDED.init, touched = now()",
                    &[&id, &meta],
                )
                .await
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }
}
