//! The PostgreSQL session store (`--session-store postgres://USER:PASS@HOST:PORT/DB`).
//!
//! Two tables, created at connection if missing: `sandsh_session` (one row per session: the
//! version, the manifest, the MCP initialize parameters, when it was last used, and the
//! lease: a token and an expiry) and `sandsh_blob` (session, hash, bytes; deleted with the
//! session by `ON DELETE CASCADE`). The lease is a row lease: taking it is one `INSERT … ON
//! CONFLICT DO UPDATE … WHERE` the lease is free, expired or already the caller's, which
//! returns the saved version too; a save is one `UPDATE … WHERE` the token is the caller's,
//! which also clears the lease (in a transaction with the blobs' inserts and deletes when
//! there are any). So a call is two statements, each one round trip. Idle sessions are
//! deleted by whichever replica sweeps first (`delete_expired`), never while leased.
//!
//! A replica keeps a few connections (each used by one operation at a time) and reconnects a
//! closed one at its next use, so a database restart costs the calls made while it is down.
//! Each connection prepares a statement once, at its first use (a query by text would cost a
//! second round trip each time: parse, then execute).

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use sandsh::store::{Capture, Hash, Lease, Saved, SessionStore, StoreError, Taken, hex};
use tokio::sync::{Mutex, MutexGuard};
use tokio_postgres::{Client, Config, NoTls, Statement};

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
    slots: Vec<Mutex<Option<Conn>>>,
    next: AtomicUsize,
    max_bytes: u64,
}

/// One connection and the statements prepared on it, by their text.
struct Conn {
    client: Client,
    prepared: HashMap<&'static str, Statement>,
}

impl Conn {
    /// The statement `sql`, prepared on this connection at its first use.
    async fn stmt(&mut self, sql: &'static str) -> Result<Statement, StoreError> {
        if let Some(s) = self.prepared.get(sql) {
            return Ok(s.clone());
        }
        let s = self.client.prepare(sql).await.map_err(unavailable)?;
        self.prepared.insert(sql, s.clone());
        Ok(s)
    }
}

const VERSION: &str = "SELECT version FROM sandsh_session WHERE id = $1 AND manifest IS NOT NULL";
const LOAD: &str =
    "SELECT version, manifest FROM sandsh_session WHERE id = $1 AND manifest IS NOT NULL";
const BLOBS: &str = "SELECT hash, data FROM sandsh_blob WHERE session = $1 AND hash = ANY($2)";
/// Take the lease (free, expired or already this token's) and return the saved version (NULL
/// when nothing is saved); no row when another token holds it.
const LEASE: &str = "INSERT INTO sandsh_session AS s (id, lease_token, lease_until) \
    VALUES ($1, $2, now() + $3::bigint * interval '1 millisecond') \
    ON CONFLICT (id) DO UPDATE SET lease_token = EXCLUDED.lease_token, \
      lease_until = EXCLUDED.lease_until, touched = now() \
    WHERE s.lease_token IS NULL OR s.lease_until < now() \
      OR s.lease_token = EXCLUDED.lease_token \
    RETURNING CASE WHEN s.manifest IS NULL THEN NULL ELSE s.version END";
const RENEW: &str = "UPDATE sandsh_session SET \
      lease_until = now() + $3::bigint * interval '1 millisecond', touched = now() \
    WHERE id = $1 AND lease_token = $2";
const RELEASE: &str = "UPDATE sandsh_session SET lease_token = NULL, lease_until = NULL \
    WHERE id = $1 AND lease_token = $2";
/// Save the manifest and give the lease back, for the lease holder only.
const SAVE: &str = "UPDATE sandsh_session SET manifest = $3, version = version + 1, \
      touched = now(), lease_token = NULL, lease_until = NULL \
    WHERE id = $1 AND lease_token = $2 RETURNING version";
const INSERT_BLOB: &str =
    "INSERT INTO sandsh_blob (session, hash, data) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING";
const DROP_BLOBS: &str = "DELETE FROM sandsh_blob WHERE session = $1 AND hash = ANY($2)";
const DELETE: &str = "DELETE FROM sandsh_session WHERE id = $1";
const EXPIRE: &str = "DELETE FROM sandsh_session \
    WHERE touched < now() - $1::bigint * interval '1 millisecond' \
      AND (lease_until IS NULL OR lease_until < now()) \
    RETURNING id";
const LOAD_META: &str = "SELECT init FROM sandsh_session WHERE id = $1";
const SAVE_META: &str = "INSERT INTO sandsh_session (id, init) VALUES ($1, $2) \
    ON CONFLICT (id) DO UPDATE SET init = EXCLUDED.init, touched = now()";

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

    async fn connect(&self) -> Result<Conn, StoreError> {
        let (client, connection) = self.config.connect(NoTls).await.map_err(unavailable)?;
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                tracing::warn!("postgres connection: {e}");
            }
        });
        client.batch_execute(SCHEMA).await.map_err(unavailable)?;
        Ok(Conn {
            client,
            prepared: HashMap::new(),
        })
    }

    /// A connection of the pool, (re)connected if needed; held until the guard drops.
    async fn conn(&self) -> Result<MutexGuard<'_, Option<Conn>>, StoreError> {
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
        if g.as_ref().is_none_or(|c| c.client.is_closed()) {
            *g = None;
            *g = Some(self.connect().await?);
        }
        Ok(g)
    }
}

/// The connection of a guard that [`PgStore::conn`] filled.
fn conn<'a>(g: &'a mut MutexGuard<'_, Option<Conn>>) -> Result<&'a mut Conn, StoreError> {
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
            let c = conn(&mut g)?;
            let st = c.stmt(VERSION).await?;
            let row = c.client.query_opt(&st, &[&id]).await.map_err(unavailable)?;
            Ok(row.map(|r| r.get::<_, i64>(0) as u64))
        })
        .await
    }

    async fn load(&self, id: &str) -> Result<Option<Saved>, StoreError> {
        timed(async {
            let mut g = self.conn().await?;
            let c = conn(&mut g)?;
            let st = c.stmt(LOAD).await?;
            let row = c.client.query_opt(&st, &[&id]).await.map_err(unavailable)?;
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
            let c = conn(&mut g)?;
            let st = c.stmt(BLOBS).await?;
            let keys: Vec<Vec<u8>> = hashes.iter().map(|h| h.to_vec()).collect();
            let rows = c
                .client
                .query(&st, &[&id, &keys])
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
            let c = conn(&mut g)?;
            let save = c.stmt(SAVE).await?;
            let args: [&(dyn tokio_postgres::types::ToSql + Sync); 3] =
                [&lease.id, &lease.token, &capture.manifest];
            if capture.new_blobs.is_empty() && capture.dropped.is_empty() {
                // One statement: it checks the lease, saves and releases.
                let row = c
                    .client
                    .query_opt(&save, &args)
                    .await
                    .map_err(unavailable)?;
                return row
                    .map(|r| r.get::<_, i64>(0) as u64)
                    .ok_or(StoreError::LeaseLost);
            }
            let insert = c.stmt(INSERT_BLOB).await?;
            let drop_blobs = c.stmt(DROP_BLOBS).await?;
            let tx = c.client.transaction().await.map_err(unavailable)?;
            // First: it locks the row and checks the token (nothing is written without it).
            let Some(row) = tx.query_opt(&save, &args).await.map_err(unavailable)? else {
                return Err(StoreError::LeaseLost);
            };
            for (h, d) in &capture.new_blobs {
                tx.execute(&insert, &[&lease.id, &h.as_slice(), d])
                    .await
                    .map_err(unavailable)?;
            }
            if !capture.dropped.is_empty() {
                let keys: Vec<Vec<u8>> = capture.dropped.iter().map(|h| h.to_vec()).collect();
                tx.execute(&drop_blobs, &[&lease.id, &keys])
                    .await
                    .map_err(unavailable)?;
            }
            tx.commit().await.map_err(unavailable)?;
            Ok(row.get::<_, i64>(0) as u64)
        })
        .await
    }

    async fn lease(
        &self,
        id: &str,
        token: &str,
        ttl: Duration,
    ) -> Result<Option<Taken>, StoreError> {
        timed(async {
            let mut g = self.conn().await?;
            let c = conn(&mut g)?;
            let st = c.stmt(LEASE).await?;
            let row = c
                .client
                .query_opt(&st, &[&id, &token, &ms(ttl)])
                .await
                .map_err(unavailable)?;
            Ok(row.map(|r| Taken {
                version: r.get::<_, Option<i64>>(0).map(|v| v as u64),
            }))
        })
        .await
    }

    async fn renew(&self, lease: &Lease, ttl: Duration) -> Result<bool, StoreError> {
        timed(async {
            let mut g = self.conn().await?;
            let c = conn(&mut g)?;
            let st = c.stmt(RENEW).await?;
            let n = c
                .client
                .execute(&st, &[&lease.id, &lease.token, &ms(ttl)])
                .await
                .map_err(unavailable)?;
            Ok(n == 1)
        })
        .await
    }

    async fn release(&self, lease: &Lease) -> Result<(), StoreError> {
        timed(async {
            let mut g = self.conn().await?;
            let c = conn(&mut g)?;
            let st = c.stmt(RELEASE).await?;
            c.client
                .execute(&st, &[&lease.id, &lease.token])
                .await
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn delete(&self, id: &str) -> Result<(), StoreError> {
        timed(async {
            let mut g = self.conn().await?;
            let c = conn(&mut g)?;
            let st = c.stmt(DELETE).await?;
            c.client.execute(&st, &[&id]).await.map_err(unavailable)?;
            Ok(())
        })
        .await
    }

    async fn delete_expired(&self, idle: Duration) -> Result<Vec<String>, StoreError> {
        timed(async {
            let mut g = self.conn().await?;
            let c = conn(&mut g)?;
            let st = c.stmt(EXPIRE).await?;
            let rows = c
                .client
                .query(&st, &[&ms(idle)])
                .await
                .map_err(unavailable)?;
            Ok(rows.iter().map(|r| r.get(0)).collect())
        })
        .await
    }

    async fn load_meta(&self, id: &str) -> Result<Option<Vec<u8>>, StoreError> {
        timed(async {
            let mut g = self.conn().await?;
            let c = conn(&mut g)?;
            let st = c.stmt(LOAD_META).await?;
            let row = c.client.query_opt(&st, &[&id]).await.map_err(unavailable)?;
            Ok(row.and_then(|r| r.get(0)))
        })
        .await
    }

    async fn save_meta(&self, id: &str, meta: &[u8]) -> Result<(), StoreError> {
        timed(async {
            let mut g = self.conn().await?;
            let c = conn(&mut g)?;
            let st = c.stmt(SAVE_META).await?;
            c.client
                .execute(&st, &[&id, &meta])
                .await
                .map_err(unavailable)?;
            Ok(())
        })
        .await
    }
}
