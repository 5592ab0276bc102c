//! Stateless MCP replicas over a real session store (Redis, PostgreSQL): several
//! `sandsh --mcp-http --session-store …` processes serve one session, each call on whichever
//! replica it reaches. The same suite runs against both stores, scenario after scenario (the
//! idle-expiry one sweeps the store, so it runs last).
//!
//! The servers come from `.ci/start-stores` (redis-server on 6379, PostgreSQL on 5432 with a
//! `sandsh` role and database `sandsh_test`); `SANDSH_TEST_REDIS` / `SANDSH_TEST_POSTGRES`
//! point elsewhere. A store that is not running skips its suite with a loud message, unless
//! `SANDSH_REQUIRE_STORES` is set (`.ci/run` sets it): then it fails.
//!
//! The client is a few lines of HTTP/1.1 over `TcpStream` speaking streamable HTTP (POST,
//! `Mcp-Session-Id`, an SSE or JSON answer), because the point is to send one session's calls
//! to different servers, which an SDK's client does not do. Every request has a read timeout
//! and every suite a watchdog.

use std::io::{BufRead, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_sandsh");

pub(crate) fn redis_url() -> String {
    std::env::var("SANDSH_TEST_REDIS").unwrap_or_else(|_| "redis://127.0.0.1:6379".into())
}

pub(crate) fn postgres_url() -> String {
    std::env::var("SANDSH_TEST_POSTGRES")
        .unwrap_or_else(|_| "postgres://sandsh:sandsh@127.0.0.1:5432/sandsh_test".into())
}

/// `HOST:PORT` of a store URL.
pub(crate) fn host_port(url: &str) -> String {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let rest = rest.rsplit_once('@').map_or(rest, |(_, r)| r);
    rest.split(['/', '?']).next().unwrap_or(rest).to_string()
}

/// Whether the store answers; when it does not, skip loudly or fail under
/// `SANDSH_REQUIRE_STORES`.
pub(crate) fn store_is_up(name: &str, url: &str) -> bool {
    let addr = host_port(url);
    let up = addr
        .parse()
        .ok()
        .and_then(|a| TcpStream::connect_timeout(&a, Duration::from_secs(2)).ok())
        .is_some();
    if !up {
        assert!(
            std::env::var_os("SANDSH_REQUIRE_STORES").is_none(),
            "{name} is not running at {addr} and SANDSH_REQUIRE_STORES is set: run .ci/start-stores"
        );
        eprintln!(
            "\n*** SKIPPED: {name} is not running at {addr}; the {name} replica tests did not run \
             (start it with .ci/start-stores) ***\n"
        );
    }
    up
}

/// One replica: `sandsh --mcp-http 127.0.0.1:0 --session-store STORE …`, killed on drop.
pub(crate) struct Replica {
    child: Child,
    pub(crate) addr: String,
    /// The `tools/call` requests this replica has served (counted from its debug log; only
    /// with [`Replica::start_logged`] at `debug`).
    pub(crate) calls: Arc<AtomicUsize>,
}

impl Replica {
    pub(crate) fn start(store: &str, extra: &[&str]) -> Replica {
        Replica::start_logged(store, "info", extra)
    }

    /// A replica logging at `level` (`debug` logs every `tools/call`, which `calls` counts).
    pub(crate) fn start_logged(store: &str, level: &str, extra: &[&str]) -> Replica {
        let store = ["--session-store", store];
        Replica::spawn(&[&store[..], &["--log-level", level], extra].concat())
    }

    /// A server without a session store (sessions in its memory).
    pub(crate) fn start_plain(extra: &[&str]) -> Replica {
        Replica::spawn(&[&["--log-level", "info"], extra].concat())
    }

    fn spawn(args: &[&str]) -> Replica {
        let mut child = Command::new(BIN)
            .args(["--mcp-http", "127.0.0.1:0"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn sandsh --mcp-http");
        let stderr = child.stderr.take().expect("stderr");
        let (tx, rx) = std::sync::mpsc::channel();
        let calls = Arc::new(AtomicUsize::new(0));
        let counter = calls.clone();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stderr)
                .lines()
                .map_while(Result::ok)
            {
                if line.contains(" tools/call ") {
                    counter.fetch_add(1, Ordering::SeqCst);
                }
                if let Some(i) = line.find("http://") {
                    let _ = tx.send(line[i + 7..].trim().trim_end_matches("/mcp").to_string());
                }
                if std::env::var_os("SANDSH_TEST_LOG").is_some() {
                    eprintln!("replica: {line}");
                }
            }
        });
        let addr = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("the replica printed its address within 30 s");
        Replica { child, addr, calls }
    }

    /// `kill -9`.
    pub(crate) fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Replica {
    fn drop(&mut self) {
        self.kill();
    }
}

/// An HTTP response: status, headers (lower-case names), body.
pub(crate) struct Resp {
    pub(crate) status: u16,
    headers: Vec<(String, String)>,
    pub(crate) body: Vec<u8>,
}

impl Resp {
    pub(crate) fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The JSON-RPC message of the answer (SSE `data:` lines or a JSON body).
    pub(crate) fn message(&self) -> Value {
        let text = String::from_utf8_lossy(&self.body);
        if let Ok(v) = serde_json::from_str::<Value>(&text) {
            return v;
        }
        text.lines()
            .filter_map(|l| l.strip_prefix("data:"))
            .filter_map(|d| serde_json::from_str::<Value>(d.trim()).ok())
            .find(|v| v.get("id").is_some())
            .unwrap_or_else(|| panic!("no JSON-RPC answer in: {text}"))
    }
}

fn dechunk(mut b: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(eol) = b.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let size = std::str::from_utf8(&b[..eol])
            .ok()
            .and_then(|s| usize::from_str_radix(s.split(';').next()?.trim(), 16).ok())
            .unwrap_or(0);
        if size == 0 {
            return out;
        }
        let start = eol + 2;
        let end = (start + size).min(b.len());
        out.extend_from_slice(&b[start..end]);
        b = b.get(end + 2..).unwrap_or_default();
    }
}

/// POST a JSON-RPC message to `addr`'s `/mcp`, reading the whole answer (`Connection: close`).
pub(crate) fn post(addr: &str, session: Option<&str>, msg: &Value, timeout: Duration) -> Resp {
    let body = msg.to_string();
    let mut s = TcpStream::connect(addr).expect("connect to the replica");
    s.set_read_timeout(Some(timeout)).expect("timeout");
    let mut req = format!(
        "POST /mcp HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Accept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2025-06-18\r\n\
         Connection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    if let Some(id) = session {
        req.push_str(&format!("Mcp-Session-Id: {id}\r\n"));
    }
    req.push_str("\r\n");
    req.push_str(&body);
    s.write_all(req.as_bytes()).expect("send");
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).expect("read the answer in time");
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("an HTTP answer");
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|c| c.parse().ok())
        .expect("a status line");
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    if headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"))
    {
        body = dechunk(&body);
    }
    Resp {
        status,
        headers,
        body,
    }
}

/// Start a session on `addr`; its id.
pub(crate) fn initialize(addr: &str) -> String {
    let r = post(
        addr,
        None,
        &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "stores-test", "version": "0"}}}),
        Duration::from_secs(30),
    );
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    let id = r
        .header("mcp-session-id")
        .expect("a session id")
        .to_string();
    let n = post(
        addr,
        Some(&id),
        &json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        Duration::from_secs(30),
    );
    assert!(
        n.status == 202 || n.status == 200,
        "initialized: {}",
        n.status
    );
    id
}

/// A `bash` call of session `id` on `addr`: the JSON-RPC answer (`result` or `error`).
pub(crate) fn bash(addr: &str, id: &str, commands: &str) -> Value {
    let r = post(
        addr,
        Some(id),
        &json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                "params": {"name": "bash", "arguments": {"commands": commands}}}),
        Duration::from_secs(60),
    );
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    r.message()
}

/// The stdout of a successful call.
pub(crate) fn out(v: &Value) -> String {
    assert!(v.get("error").is_none(), "the call failed: {v}");
    v["result"]["structuredContent"]["stdout"]
        .as_str()
        .unwrap_or_else(|| panic!("no stdout in {v}"))
        .to_string()
}

/// A TCP proxy in front of a store, which the test can take down (refusing and cutting
/// connections) and bring back: "the store is down" without stopping a shared server.
pub(crate) struct Proxy {
    pub(crate) addr: String,
    up: Arc<AtomicBool>,
    conns: Arc<Mutex<Vec<TcpStream>>>,
}

impl Proxy {
    pub(crate) fn new(target: String) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
        let addr = listener.local_addr().expect("addr").to_string();
        let up = Arc::new(AtomicBool::new(true));
        let conns: Arc<Mutex<Vec<TcpStream>>> = Arc::default();
        let (up2, conns2) = (up.clone(), conns.clone());
        std::thread::spawn(move || {
            for client in listener.incoming().map_while(Result::ok) {
                if !up2.load(Ordering::SeqCst) {
                    continue; // dropped: closed at once
                }
                let Ok(server) = TcpStream::connect(&target) else {
                    continue;
                };
                let pairs = [
                    (client.try_clone(), server.try_clone()),
                    (server.try_clone(), client.try_clone()),
                ];
                if let Ok(mut c) = conns2.lock() {
                    c.extend(client.try_clone());
                    c.extend(server.try_clone());
                }
                for (from, to) in pairs {
                    if let (Ok(mut from), Ok(mut to)) = (from, to) {
                        std::thread::spawn(move || {
                            let _ = std::io::copy(&mut from, &mut to);
                            let _ = to.shutdown(std::net::Shutdown::Both);
                        });
                    }
                }
            }
        });
        Proxy { addr, up, conns }
    }

    pub(crate) fn set_up(&self, up: bool) {
        self.up.store(up, Ordering::SeqCst);
        if !up && let Ok(mut c) = self.conns.lock() {
            for s in c.drain(..) {
                let _ = s.shutdown(std::net::Shutdown::Both);
            }
        }
    }
}

/// What the store's own CLI prints for a Redis command or an SQL query.
fn store_query(kind: Kind, url: &str, redis: &[&str], sql: &str) -> String {
    let out = match kind {
        Kind::Redis => Command::new("redis-cli")
            .args(["-u", url])
            .args(redis)
            .output(),
        Kind::Postgres => Command::new("psql").args([url, "-tAc", sql]).output(),
    }
    .expect("the store's CLI runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

/// Whether the store still has session `id`'s data (through the store's own CLI).
fn in_store(kind: Kind, url: &str, id: &str) -> bool {
    let sql = format!("SELECT count(*) FROM sandsh_session WHERE id = '{id}'");
    store_query(kind, url, &["EXISTS", &format!("sandsh:s:{{{id}}}")], &sql) == "1"
}

/// The version of session `id`'s saved state (through the store's own CLI); `None` when
/// nothing is saved.
fn saved_version(kind: Kind, url: &str, id: &str) -> Option<u64> {
    let sql =
        format!("SELECT version FROM sandsh_session WHERE id = '{id}' AND manifest IS NOT NULL");
    store_query(
        kind,
        url,
        &["HGET", &format!("sandsh:s:{{{id}}}"), "v"],
        &sql,
    )
    .parse()
    .ok()
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    Redis,
    Postgres,
}

/// Run `f` with a watchdog: past `limit` the test fails with its name instead of hanging.
pub(crate) fn with_watchdog(name: &str, limit: Duration, f: impl FnOnce() + Send + 'static) {
    let (tx, rx) = std::sync::mpsc::channel();
    let h = std::thread::spawn(move || {
        f();
        let _ = tx.send(());
    });
    match rx.recv_timeout(limit) {
        Ok(()) => h.join().expect("suite"),
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
            if let Err(e) = h.join() {
                std::panic::resume_unwind(e);
            }
        }
        Err(_) => panic!("{name}: still running after {limit:?}"),
    }
}

fn suite(kind: Kind, url: String) {
    let t0 = Instant::now();
    let replicas: Vec<Replica> = (0..3)
        .map(|_| Replica::start(&url, &["--session-wait", "20s"]))
        .collect();
    let [a, b, c] = [&replicas[0].addr, &replicas[1].addr, &replicas[2].addr];

    // State written through one replica is read through the others, call after call.
    let id = initialize(a);
    assert_eq!(
        out(&bash(
            a,
            &id,
            "mkdir -p /tmp/w && cd /tmp/w && echo one > f; x=41; f() { echo fn; }"
        )),
        ""
    );
    assert_eq!(
        out(&bash(b, &id, "x=$((x+1)); echo two >> f; pwd")),
        "/tmp/w\n"
    );
    assert_eq!(
        out(&bash(c, &id, "cat f; echo $x; f")),
        "one\ntwo\n42\nfn\n"
    );
    // A large file is written once; a later small change does not resend it.
    assert_eq!(
        out(&bash(
            a,
            &id,
            "head -c 3000000 /dev/urandom > big; sha256sum big > big.sum; echo ok"
        )),
        "ok\n"
    );
    assert_eq!(
        out(&bash(b, &id, "sha256sum -c big.sum; echo three >> f")),
        "big: OK\n"
    );
    assert_eq!(out(&bash(c, &id, "tail -1 f")), "three\n");
    // Another session sees none of it, on any replica.
    let other = initialize(b);
    assert_eq!(
        out(&bash(c, &other, "cat /tmp/w/f 2>/dev/null; echo $?")),
        "1\n"
    );
    eprintln!("{kind:?}: replicas share sessions ({:?})", t0.elapsed());

    // A call that changes nothing is not saved (the version stays); one that does is. The
    // first `echo same` changes `$_`, the second nothing.
    assert_eq!(out(&bash(a, &id, "echo same")), "same\n");
    let v1 = saved_version(kind, &url, &id).expect("a saved version");
    assert_eq!(out(&bash(a, &id, "echo same")), "same\n");
    assert_eq!(
        saved_version(kind, &url, &id),
        Some(v1),
        "an unchanged call was saved"
    );
    assert_eq!(out(&bash(c, &id, "echo same; y=1")), "same\n");
    assert_eq!(saved_version(kind, &url, &id), Some(v1 + 1));
    assert_eq!(out(&bash(a, &id, "echo $y")), "1\n");

    // Two concurrent calls of one session through two replicas run one after the other: the
    // second sees the first's line; without the lease both would start from the same state.
    let run = |addr: String, id: String, line: &'static str, secs: u32| {
        std::thread::spawn(move || {
            out(&bash(
                &addr,
                &id,
                &format!("echo {line} >> g; sleep {secs}; cat g"),
            ))
        })
    };
    let (h1, h2) = (
        run(a.clone(), id.clone(), "p", 1),
        run(b.clone(), id.clone(), "q", 1),
    );
    let mut got = [h1.join().expect("call"), h2.join().expect("call")];
    got.sort_by_key(String::len);
    assert!(
        (got[0] == "p\n" && got[1] == "p\nq\n") || (got[0] == "q\n" && got[1] == "q\np\n"),
        "the calls overlapped: {got:?}"
    );
    assert_eq!(out(&bash(c, &id, "sort g")), "p\nq\n");

    // A call that waits longer than --session-wait gets a retryable error, not a hang.
    let impatient = Replica::start(&url, &["--session-wait", "300ms"]);
    let slow = run(a.clone(), id.clone(), "r", 3);
    let mut refused = None;
    for _ in 0..100 {
        // Until the slow call has taken the lease, this one runs (and changes nothing).
        let v = bash(&impatient.addr, &id, "true");
        if v.get("error").is_some() {
            refused = Some(v);
            break;
        }
    }
    let refused = refused.expect("a call during another one's run was refused");
    let msg = refused["error"]["message"].as_str().unwrap_or_default();
    assert!(msg.contains("session busy"), "{refused}");
    assert_eq!(refused["error"]["data"]["retryable"], true, "{refused}");
    slow.join().expect("slow call");
    drop(impatient);

    // kill -9 of a replica in the middle of a call: the next call succeeds elsewhere (once
    // the dead replica's lease has expired) with everything up to the last completed call.
    let mut doomed = Replica::start(&url, &[]);
    assert_eq!(
        out(&bash(&doomed.addr, &id, "echo before > k; echo ok")),
        "ok\n"
    );
    let addr = doomed.addr.clone();
    let id2 = id.clone();
    let pending = std::thread::spawn(move || {
        let _ = std::panic::catch_unwind(|| bash(&addr, &id2, "echo during > k; sleep 60"));
    });
    // The call has started once the session's lease is taken (another replica is refused).
    let probe = Replica::start(&url, &["--session-wait", "100ms"]);
    let deadline = Instant::now() + Duration::from_secs(20);
    while bash(&probe.addr, &id, "true").get("error").is_none() {
        assert!(Instant::now() < deadline, "the long call never started");
    }
    doomed.kill();
    let t = Instant::now();
    assert_eq!(out(&bash(b, &id, "cat k; sort g")), "before\np\nq\nr\n");
    eprintln!(
        "{kind:?}: after kill -9 the session continued on another replica in {:?}",
        t.elapsed()
    );
    let _ = pending.join();
    drop(probe);

    // The store down: calls fail with a clear, retryable error; they work again, with the
    // session's state, once it is back.
    let proxy = Proxy::new(host_port(&url));
    let via = url.replacen(&host_port(&url), &proxy.addr, 1);
    let r = Replica::start(&via, &[]);
    let sid = initialize(&r.addr);
    assert_eq!(out(&bash(&r.addr, &sid, "echo kept > s; echo up")), "up\n");
    proxy.set_up(false);
    let v = bash(&r.addr, &sid, "cat s");
    let msg = v["error"]["message"].as_str().unwrap_or_default();
    assert!(msg.contains("session store unavailable"), "{v}");
    assert_eq!(v["error"]["data"]["retryable"], true, "{v}");
    proxy.set_up(true);
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let v = bash(&r.addr, &sid, "cat s");
        if v.get("error").is_none() {
            assert_eq!(out(&v), "kept\n");
            break;
        }
        assert!(
            Instant::now() < deadline,
            "no recovery after the store came back: {v}"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    drop(r);

    // A session idle past --session-idle is deleted from the store (with its blobs).
    let e = Replica::start(&url, &["--session-idle", "2s"]);
    let eid = initialize(&e.addr);
    assert_eq!(
        out(&bash(&e.addr, &eid, "head -c 5000 /dev/zero > z; echo ok")),
        "ok\n"
    );
    assert!(in_store(kind, &url, &eid), "the session is in the store");
    let deadline = Instant::now() + Duration::from_secs(30);
    while in_store(kind, &url, &eid) {
        assert!(
            Instant::now() < deadline,
            "the idle session was not deleted"
        );
        std::thread::sleep(Duration::from_millis(250));
    }
    eprintln!("{kind:?}: suite done in {:?}", t0.elapsed());
}

#[test]
fn redis_replicas() {
    let url = redis_url();
    if store_is_up("redis", &url) {
        with_watchdog("redis_replicas", Duration::from_secs(300), move || {
            suite(Kind::Redis, url)
        });
    }
}

#[test]
fn postgres_replicas() {
    let url = postgres_url();
    if store_is_up("postgres", &url) {
        with_watchdog("postgres_replicas", Duration::from_secs(300), move || {
            suite(Kind::Postgres, url)
        });
    }
}
