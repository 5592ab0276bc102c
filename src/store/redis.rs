//! The Redis session store (`--session-store redis://HOST:PORT[/DB]`).
//!
//! One hash per session, `sandsh:s:{ID}`: field `v` the version, `m` the manifest, `i` the
//! MCP initialize parameters and `b:HEX` one field per blob. The whole hash carries a TTL of
//! the idle limit, refreshed at every lease and save, so Redis itself deletes an idle
//! session with all its data. The lease is a separate key, `sandsh:l:{ID}`, taken with
//! `SET NX PX` and renewed, released and checked by compare-and-act Lua scripts; a save is a
//! script too, so that it happens entirely or not at all, and only for the lease holder, and
//! it gives the lease back. A call is two round trips: the lease (one pipeline: `SET NX PX`,
//! the data's `PEXPIRE`, `HGET v`), then the save or, when the call changed nothing, the
//! release.

use std::time::Duration;

use redis::aio::{ConnectionManager, ConnectionManagerConfig};
use sandsh::store::{Capture, Hash, Lease, Saved, SessionStore, StoreError, Taken, hex};

pub(crate) struct RedisStore {
    con: ConnectionManager,
    describe: String,
    idle: Duration,
    max_bytes: u64,
}

fn unavailable(e: redis::RedisError) -> StoreError {
    StoreError::Unavailable(format!("redis: {e}"))
}

fn data_key(id: &str) -> String {
    format!("sandsh:s:{{{id}}}")
}

fn lease_key(id: &str) -> String {
    format!("sandsh:l:{{{id}}}")
}

fn ms(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX).max(1)
}

const RENEW: &str = r"
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0";

const RELEASE: &str = r"
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0";

/// KEYS: data, lease. ARGV: token, idle ms, manifest, number of new blobs, then (hex, bytes)
/// per new blob, then the hex of each dropped blob. Writes everything, then gives the lease
/// back. Returns the new version, or -1 when the lease is not the caller's.
const SAVE: &str = r"
if redis.call('GET', KEYS[2]) ~= ARGV[1] then
  return -1
end
local n = tonumber(ARGV[4])
local i = 5
for _ = 1, n do
  redis.call('HSET', KEYS[1], 'b:' .. ARGV[i], ARGV[i + 1])
  i = i + 2
end
while i <= #ARGV do
  redis.call('HDEL', KEYS[1], 'b:' .. ARGV[i])
  i = i + 1
end
redis.call('HSET', KEYS[1], 'm', ARGV[3])
local v = redis.call('HINCRBY', KEYS[1], 'v', 1)
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('DEL', KEYS[2])
return v";

impl RedisStore {
    /// A store on `url`; the connection is made at first use and remade after a failure.
    pub(crate) fn open(url: &str, idle: Duration, max_bytes: u64) -> Result<RedisStore, String> {
        let client = redis::Client::open(url).map_err(|e| format!("--session-store: {e}"))?;
        let info = client.get_connection_info();
        let describe = format!("redis://{}", info.addr());
        let config = ConnectionManagerConfig::new()
            .set_connection_timeout(Some(Duration::from_secs(2)))
            .set_response_timeout(Some(Duration::from_secs(10)))
            .set_number_of_retries(1)
            .set_max_delay(Duration::from_millis(500));
        let con = ConnectionManager::new_lazy_with_config(client, config)
            .map_err(|e| format!("--session-store {describe}: {e}"))?;
        Ok(RedisStore {
            con,
            describe,
            idle,
            max_bytes,
        })
    }
}

#[async_trait::async_trait]
impl SessionStore for RedisStore {
    fn describe(&self) -> String {
        self.describe.clone()
    }

    async fn version(&self, id: &str) -> Result<Option<u64>, StoreError> {
        let mut con = self.con.clone();
        redis::cmd("HGET")
            .arg(data_key(id))
            .arg("v")
            .query_async(&mut con)
            .await
            .map_err(unavailable)
    }

    async fn load(&self, id: &str) -> Result<Option<Saved>, StoreError> {
        let mut con = self.con.clone();
        let (v, m): (Option<u64>, Option<Vec<u8>>) = redis::cmd("HMGET")
            .arg(data_key(id))
            .arg("v")
            .arg("m")
            .query_async(&mut con)
            .await
            .map_err(unavailable)?;
        Ok(match (v, m) {
            (Some(version), Some(manifest)) => Some(Saved { version, manifest }),
            _ => None,
        })
    }

    async fn blobs(&self, id: &str, hashes: &[Hash]) -> Result<Vec<(Hash, Vec<u8>)>, StoreError> {
        if hashes.is_empty() {
            return Ok(Vec::new());
        }
        let mut con = self.con.clone();
        let mut cmd = redis::cmd("HMGET");
        cmd.arg(data_key(id));
        for h in hashes {
            cmd.arg(format!("b:{}", hex(h)));
        }
        let got: Vec<Option<Vec<u8>>> = cmd.query_async(&mut con).await.map_err(unavailable)?;
        hashes
            .iter()
            .zip(got)
            .map(|(h, d)| {
                d.map(|d| (*h, d))
                    .ok_or_else(|| StoreError::Corrupt(format!("blob {} is missing", hex(h))))
            })
            .collect()
    }

    async fn save(&self, lease: &Lease, capture: &Capture) -> Result<u64, StoreError> {
        if capture.total_bytes > self.max_bytes {
            return Err(StoreError::TooLarge {
                size: capture.total_bytes,
                limit: self.max_bytes,
            });
        }
        let mut con = self.con.clone();
        let script = redis::Script::new(SAVE);
        let mut inv = script.prepare_invoke();
        inv.key(data_key(&lease.id))
            .key(lease_key(&lease.id))
            .arg(&lease.token)
            .arg(ms(self.idle))
            .arg(&capture.manifest)
            .arg(capture.new_blobs.len());
        for (h, d) in &capture.new_blobs {
            inv.arg(hex(h)).arg(d);
        }
        for h in &capture.dropped {
            inv.arg(hex(h));
        }
        let v: i64 = inv.invoke_async(&mut con).await.map_err(unavailable)?;
        u64::try_from(v).map_err(|_| StoreError::LeaseLost)
    }

    async fn lease(
        &self,
        id: &str,
        token: &str,
        ttl: Duration,
    ) -> Result<Option<Taken>, StoreError> {
        let mut con = self.con.clone();
        // The version read after the `SET` is the holder's to trust: nobody saves while the
        // lease is ours. When the `SET` fails the version is not used.
        let (set, _, version): (Option<String>, i64, Option<u64>) = redis::pipe()
            .cmd("SET")
            .arg(lease_key(id))
            .arg(token)
            .arg("NX")
            .arg("PX")
            .arg(ms(ttl))
            .cmd("PEXPIRE")
            .arg(data_key(id))
            .arg(ms(self.idle))
            .cmd("HGET")
            .arg(data_key(id))
            .arg("v")
            .query_async(&mut con)
            .await
            .map_err(unavailable)?;
        Ok(set.map(|_| Taken { version }))
    }

    async fn renew(&self, lease: &Lease, ttl: Duration) -> Result<bool, StoreError> {
        let mut con = self.con.clone();
        let n: i64 = redis::Script::new(RENEW)
            .key(lease_key(&lease.id))
            .arg(&lease.token)
            .arg(ms(ttl))
            .invoke_async(&mut con)
            .await
            .map_err(unavailable)?;
        Ok(n == 1)
    }

    async fn release(&self, lease: &Lease) -> Result<(), StoreError> {
        let mut con = self.con.clone();
        let _: i64 = redis::Script::new(RELEASE)
            .key(lease_key(&lease.id))
            .arg(&lease.token)
            .invoke_async(&mut con)
            .await
            .map_err(unavailable)?;
        Ok(())
    }

    async fn delete(&self, id: &str) -> Result<(), StoreError> {
        let mut con = self.con.clone();
        let _: i64 = redis::cmd("DEL")
            .arg(data_key(id))
            .query_async(&mut con)
            .await
            .map_err(unavailable)?;
        Ok(())
    }

    async fn delete_expired(&self, _idle: Duration) -> Result<Vec<String>, StoreError> {
        // Every session hash has a TTL of the idle limit: Redis deletes them itself.
        Ok(Vec::new())
    }

    async fn load_meta(&self, id: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let mut con = self.con.clone();
        redis::cmd("HGET")
            .arg(data_key(id))
            .arg("i")
            .query_async(&mut con)
            .await
            .map_err(unavailable)
    }

    async fn save_meta(&self, id: &str, meta: &[u8]) -> Result<(), StoreError> {
        let mut con = self.con.clone();
        let () = redis::pipe()
            .cmd("HSET")
            .arg(data_key(id))
            .arg("i")
            .arg(meta)
            .ignore()
            .cmd("PEXPIRE")
            .arg(data_key(id))
            .arg(ms(self.idle))
            .ignore()
            .query_async(&mut con)
            .await
            .map_err(unavailable)?;
        Ok(())
    }
}
