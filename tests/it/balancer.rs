//! Three stateless MCP replicas behind a real load balancer: nginx, round-robin, no stickiness,
//! `proxy_buffering off` (streamable HTTP answers are SSE streams), the same suite over Redis
//! and over PostgreSQL. One session's calls go through the balancer only; the test shows where
//! each landed (nginx's `$upstream_addr` in a response header, and each replica's own count of
//! the `tools/call` requests in its debug log), that every call sees the ones before it, and
//! that after a `kill -9` of the replica running a call the next call succeeds through the
//! balancer with everything up to the last completed call.
//!
//! nginx runs as a non-daemon child of the test with a generated configuration in a temporary
//! directory, on a free port of 127.0.0.1, and is killed on drop. The stores come from
//! `.ci/start-stores` (see `stores.rs`, whose client and replicas this reuses). A missing nginx
//! or store skips loudly, or fails when `SANDSH_REQUIRE_STORES` is set (`.ci/run` sets it).

use std::net::TcpStream;
use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use serde_json::json;

// The balancer the load generator (`benches/mcp_load`) measures is the one tested here.
#[path = "../../benches/mcp_load/nginx.rs"]
mod nginx;
use nginx::Balancer;

use crate::stores::{
    Kind, Proxy, Replica, bash, host_port, initialize, out, post, postgres_url, redis_url,
    store_is_up, with_watchdog,
};

const BIN: &str = env!("CARGO_BIN_EXE_sandsh");

/// The response header nginx adds: the replica (`$upstream_addr`) that answered.
const REPLICA_HEADER: &str = "x-sandsh-replica";

/// nginx's path, or `None` (after a loud skip message) when it is not installed.
fn nginx_or_skip() -> Option<PathBuf> {
    let found = nginx::find();
    if found.is_none() {
        assert!(
            std::env::var_os("SANDSH_REQUIRE_STORES").is_none(),
            "nginx is not installed and SANDSH_REQUIRE_STORES is set: apt-get install nginx"
        );
        eprintln!(
            "\n*** SKIPPED: nginx is not installed; the load-balancer tests did not run \
             (apt-get install nginx) ***\n"
        );
    }
    found
}

/// A `bash` call of session `id` through the balancer: its stdout and the replica that ran it.
fn call(lb: &str, id: &str, commands: &str) -> (String, String) {
    let r = post(
        lb,
        Some(id),
        &json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
                "params": {"name": "bash", "arguments": {"commands": commands}}}),
        Duration::from_secs(90),
    );
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    // After a failed attempt nginx lists every replica it tried: the last one answered.
    let replica = r
        .header(REPLICA_HEADER)
        .and_then(|v| v.rsplit(", ").next())
        .expect("nginx names the replica")
        .to_string();
    (out(&r.message()), replica)
}

fn suite(kind: Kind, url: String, nginx: PathBuf) {
    let t0 = Instant::now();
    let mut replicas: Vec<Replica> = (0..3)
        .map(|_| Replica::start_logged(&url, "debug", &["--session-wait", "30s"]))
        .collect();
    let addrs: Vec<String> = replicas.iter().map(|r| r.addr.clone()).collect();
    let lb = Balancer::start(
        &nginx,
        &addrs.iter().map(String::as_str).collect::<Vec<_>>(),
    )
    .expect("nginx starts");
    let lb = lb.addr.clone();

    // One session, nine calls, every one through the balancer: each sees all the ones before.
    let id = initialize(&lb);
    let mut landed = Vec::new();
    for i in 1..=9 {
        let (stdout, replica) = call(
            &lb,
            &id,
            &format!("cd /tmp; echo c{i} >> log; n=$((n+1)); echo $n $(wc -l < log)"),
        );
        assert_eq!(stdout, format!("{i} {i}\n"), "call {i} on {replica}");
        assert!(
            addrs.contains(&replica),
            "{replica} is not one of {addrs:?}"
        );
        landed.push(replica);
    }
    // Round-robin without stickiness: the session's calls were spread over all three.
    for a in &addrs {
        assert!(landed.contains(a), "no call landed on {a}: {landed:?}");
    }
    let counts: Vec<usize> = replicas
        .iter()
        .map(|r| r.calls.load(Ordering::SeqCst))
        .collect();
    assert_eq!(
        counts.iter().sum::<usize>(),
        9,
        "per-replica calls {counts:?}"
    );
    assert!(
        counts.iter().all(|&c| c > 0),
        "per-replica calls {counts:?}"
    );
    eprintln!("{kind:?}: 9 calls through nginx landed on {landed:?}, per replica {counts:?}");

    // kill -9 of the replica that is running a call: that call is lost; the next one succeeds
    // through the balancer with everything up to the last completed call.
    let before = counts;
    let (lb2, id2) = (lb.clone(), id.clone());
    let pending = std::thread::spawn(move || {
        let _ = std::panic::catch_unwind(|| call(&lb2, &id2, "echo lost >> /tmp/log; sleep 60"));
    });
    let deadline = Instant::now() + Duration::from_secs(30);
    let running = loop {
        if let Some(i) = (0..3).find(|&i| replicas[i].calls.load(Ordering::SeqCst) > before[i]) {
            break i;
        }
        assert!(
            Instant::now() < deadline,
            "the long call never reached a replica"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    // The replica logs the call once it holds the session's lease: the kill lands mid-call.
    replicas[running].kill();
    let _ = pending.join();
    let t = Instant::now();
    let (stdout, replica) = call(&lb, &id, "cd /tmp; cat log | tr '\\n' ' '; echo $n");
    assert_eq!(stdout, "c1 c2 c3 c4 c5 c6 c7 c8 c9 9\n", "on {replica}");
    assert_ne!(replica, addrs[running], "the dead replica answered");
    eprintln!(
        "{kind:?}: killed {} mid-call; the next call succeeded on {replica} in {:?}",
        addrs[running],
        t.elapsed()
    );
    // The session goes on over the two survivors.
    for i in 10..=13 {
        let (stdout, replica) = call(
            &lb,
            &id,
            &format!("n=$((n+1)); echo c{i} >> /tmp/log; echo $n"),
        );
        assert_eq!(stdout, format!("{i}\n"));
        assert_ne!(replica, addrs[running]);
    }
    eprintln!("{kind:?}: balancer suite done in {:?}", t0.elapsed());
}

#[test]
fn redis_behind_nginx() {
    let url = redis_url();
    if store_is_up("redis", &url)
        && let Some(nginx) = nginx_or_skip()
    {
        with_watchdog("redis_behind_nginx", Duration::from_secs(240), move || {
            suite(Kind::Redis, url, nginx)
        });
    }
}

#[test]
fn postgres_behind_nginx() {
    let url = postgres_url();
    if store_is_up("postgres", &url)
        && let Some(nginx) = nginx_or_skip()
    {
        with_watchdog(
            "postgres_behind_nginx",
            Duration::from_secs(240),
            move || suite(Kind::Postgres, url, nginx),
        );
    }
}

/// `GET addr/path`: status and body.
fn get(addr: &str, path: &str) -> (u16, String) {
    use std::io::{Read, Write};
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(30)))
        .expect("timeout");
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .expect("send");
    let mut raw = String::new();
    s.read_to_string(&mut raw).expect("read");
    let status = raw
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .expect("a status line");
    let body = raw
        .split_once("\r\n\r\n")
        .map_or("", |(_, b)| b)
        .to_string();
    (status, body)
}

/// `/healthz` answers 200 while the store answers, 503 with the reason while it does not, and
/// 200 again once it is back; the balancer reaches it like any other path.
fn health_suite(url: String, nginx: PathBuf) {
    let proxy = Proxy::new(host_port(&url));
    let via = url.replacen(&host_port(&url), &proxy.addr, 1);
    let r = Replica::start(&via, &[]);
    let lb = Balancer::start(&nginx, &[&r.addr]).expect("nginx starts");
    let (status, body) = get(&lb.addr, "/healthz");
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"status\":\"ok\""), "{body}");
    proxy.set_up(false);
    let (status, body) = get(&r.addr, "/healthz");
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("session store unavailable"), "{body}");
    proxy.set_up(true);
    let deadline = Instant::now() + Duration::from_secs(20);
    while get(&r.addr, "/healthz").0 != 200 {
        assert!(Instant::now() < deadline, "healthz did not recover");
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn healthz_follows_the_store() {
    let url = redis_url();
    if store_is_up("redis", &url)
        && let Some(nginx) = nginx_or_skip()
    {
        with_watchdog(
            "healthz_follows_the_store",
            Duration::from_secs(120),
            move || health_suite(url, nginx),
        );
    }
}

/// Without a store the health check is 200 and counts sessions; `--max-sessions` refuses a new
/// session with 503 and a message that names the flag, while existing sessions go on.
#[test]
fn max_sessions_refuses_clearly() {
    with_watchdog(
        "max_sessions_refuses_clearly",
        Duration::from_secs(120),
        || {
            let r = Replica::start_plain(&["--max-sessions", "2"]);
            let (a, _b) = (initialize(&r.addr), initialize(&r.addr));
            let refused = post(
                &r.addr,
                None,
                &json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
                "protocolVersion": "2025-06-18", "capabilities": {},
                "clientInfo": {"name": "t", "version": "0"}}}),
                Duration::from_secs(30),
            );
            assert_eq!(refused.status, 503);
            let msg = refused.message()["error"]["message"].to_string();
            assert!(
                msg.contains("too many sessions") && msg.contains("--max-sessions"),
                "{msg}"
            );
            assert_eq!(out(&bash(&r.addr, &a, "echo still")), "still\n");
            let (status, body) = get(&r.addr, "/healthz");
            assert_eq!(status, 200, "{body}");
            let v: serde_json::Value = serde_json::from_str(&body).expect("JSON");
            assert_eq!(v["sessions"], 2, "{body}");
            assert_eq!(v["max_sessions"], 2, "{body}");
            assert!(v.get("store").is_none(), "{body}");
        },
    );
}

/// The fenced blocks of the README's "Deploying" section: (language, text).
fn deploying_blocks() -> Vec<(String, String)> {
    let readme =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
            .expect("README.md");
    let section = readme
        .split("\n## Deploying\n")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("README has a Deploying section");
    section
        .split("\n```")
        .collect::<Vec<_>>()
        .chunks(2)
        .filter_map(|c| c.get(1))
        .map(|b| {
            let (lang, text) = b.split_once('\n').unwrap_or((b, ""));
            (lang.to_string(), text.to_string())
        })
        .collect()
}

/// The processes a shell snippet left in the background (its process group), killed on drop.
struct Group(i32);

impl Drop for Group {
    fn drop(&mut self) {
        // SAFETY: kill has no memory preconditions; a negative pid names the group.
        unsafe { libc::kill(-self.0, libc::SIGKILL) };
    }
}

/// The README's "Deploying" section as written: its replica loop (with this build's binary for
/// `sandsh`), its nginx blocks, its health check and the answer it shows; then a session through
/// that balancer. Ports are swapped for free ones so that runs do not collide.
#[test]
fn readme_deploying_section_works() {
    let url = redis_url();
    if !store_is_up("redis", &url) {
        return;
    }
    let Some(nginx) = nginx_or_skip() else {
        return;
    };
    with_watchdog(
        "readme_deploying_section_works",
        Duration::from_secs(120),
        move || {
            let blocks = deploying_blocks();
            let langs: Vec<&str> = blocks.iter().map(|b| b.0.as_str()).collect();
            assert_eq!(langs, ["sh", "nginx", "sh", "json"], "the section's blocks");
            let ports: Vec<(String, String)> = ["8701", "8702", "8703", "8080"]
                .iter()
                .map(|p| (p.to_string(), nginx::free_port().expect("port").to_string()))
                .collect();
            let adapt = |text: &str| {
                let mut t = text.replace("redis://127.0.0.1:6379", &url);
                for (from, to) in &ports {
                    t = t.replace(from.as_str(), to);
                }
                t
            };
            // The replicas.
            let script =
                adapt(&blocks[0].1).replace("sandsh --mcp-http", &format!("{BIN} --mcp-http"));
            assert!(script.contains(BIN), "{script}");
            let mut sh = std::process::Command::new("bash");
            std::os::unix::process::CommandExt::process_group(&mut sh, 0);
            let mut child = sh
                .args(["-c", &script])
                .stdin(std::process::Stdio::null())
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .spawn()
                .expect("bash");
            // The loop's replicas stay in bash's process group after it exits.
            let _group = Group(child.id() as i32);
            assert!(child.wait().expect("bash").success(), "{script}");
            let replicas: Vec<String> = ports[..3]
                .iter()
                .map(|(_, p)| format!("127.0.0.1:{p}"))
                .collect();
            let deadline = Instant::now() + Duration::from_secs(30);
            for r in &replicas {
                while TcpStream::connect(r).is_err() {
                    assert!(Instant::now() < deadline, "{r} never listened");
                    std::thread::sleep(Duration::from_millis(50));
                }
            }
            // The balancer.
            let port: u16 = ports[3].1.parse().expect("port");
            let lb =
                Balancer::start_site(&nginx, &adapt(&blocks[1].1), port).expect("nginx starts");
            // The health check and the answer the README shows.
            let curl = std::process::Command::new("bash")
                .args(["-c", &adapt(&blocks[2].1)])
                .output()
                .expect("curl");
            let got: serde_json::Value = serde_json::from_slice(&curl.stdout)
                .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&curl.stdout)));
            let want: serde_json::Value = serde_json::from_str(&adapt(&blocks[3].1)).expect("JSON");
            assert_eq!(got, want);
            // A session through the balancer.
            let id = initialize(&lb.addr);
            for i in 1..=4 {
                assert_eq!(
                    out(&bash(&lb.addr, &id, "n=$((n+1)); echo $n")),
                    format!("{i}\n")
                );
            }
            let (_, health) = get(&lb.addr, "/healthz");
            assert!(health.contains("\"status\":\"ok\""), "{health}");
        },
    );
}
