//! Load generator for `sandsh --mcp-http` (issue 30): many MCP sessions over streamable HTTP
//! against one replica, then three behind nginx, with sessions in memory, in Redis or in
//! PostgreSQL; and the memory of idle sessions.
//!
//! ```text
//! cargo bench --bench mcp_load              # everything; writes benches/MCP.md
//! cargo bench --bench mcp_load -- --quick   # 100 sessions, 1,000 idle: a smoke run
//! cargo bench --bench mcp_load -- --only redis   # the scenarios whose name contains "redis"
//! ```
//!
//! The client speaks streamable HTTP as rmcp's client does (POST `initialize`, the
//! `Mcp-Session-Id` it returns on every later request, `notifications/initialized`, one POST per
//! `tools/call` read to the end of its SSE answer, DELETE at the end) on reqwest, async on one
//! tokio thread with keep-alive connections, so that it takes at most one of the machine's two
//! cores and no process start or handshake per call; its own CPU time is reported beside the
//! servers'. Every answer is checked (each call's stdout must be exactly what its command
//! prints, and a session's appends count up, so a session that lost state fails the run).
//!
//! The stores are the ones `.ci/start-stores` runs (`SANDSH_TEST_REDIS`, `SANDSH_TEST_POSTGRES`
//! point elsewhere); a scenario whose store or nginx is missing is reported as skipped.
//! Store operations per call are read from the store itself: Redis's `total_commands_processed`
//! and PostgreSQL's committed transactions of the database, before and after the run.

#[allow(dead_code)]
mod nginx;

use std::io::BufRead;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_sandsh");

/// A script of 20 simple commands (assignments, expansions, pipelines, a substitution).
const SCRIPT: &str = "a=3; b=4; c=$((a*b)); s=abc; s=${s^^}; echo \"$c $s\"; set -- x y z; \
    echo $#; printf '%s-' \"$@\"; echo; echo one two | wc -w; seq 5 | paste -sd+ | bc; \
    echo hello | tr a-z A-Z; d=$(echo nested); echo ${#d}";
/// What bash prints for [`SCRIPT`].
const SCRIPT_OUT: &str = "12 ABC\n3\nx-y-z-\n2\n15\nHELLO\n6\n";

#[derive(Clone, Copy, PartialEq, Eq)]
enum Store {
    Memory,
    Redis,
    Postgres,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mix {
    /// Every call `echo hi`.
    Echo,
    /// Calls cycle through `echo`, the 20-command script and a file append.
    Mixed,
}

struct Scenario {
    /// 0: each session calls again as soon as it has its answer (closed loop: latency is
    /// mostly queueing behind the other sessions' calls). Otherwise each session makes one call
    /// every `pace_ms` (an agent that thinks between calls), so the latency is the service's.
    pace_ms: u64,
    name: &'static str,
    store: Store,
    replicas: usize,
    mix: Mix,
}

const SCENARIOS: &[Scenario] = &[
    Scenario {
        name: "1 replica, memory, echo, paced 100 ms",
        store: Store::Memory,
        replicas: 1,
        mix: Mix::Echo,
        pace_ms: 100,
    },
    Scenario {
        name: "1 replica, redis, echo, paced 100 ms",
        store: Store::Redis,
        replicas: 1,
        mix: Mix::Echo,
        pace_ms: 100,
    },
    Scenario {
        name: "1 replica, memory, echo",
        store: Store::Memory,
        replicas: 1,
        mix: Mix::Echo,
        pace_ms: 0,
    },
    Scenario {
        name: "1 replica, memory, mixed",
        store: Store::Memory,
        replicas: 1,
        mix: Mix::Mixed,
        pace_ms: 0,
    },
    Scenario {
        name: "1 replica, redis, echo",
        store: Store::Redis,
        replicas: 1,
        mix: Mix::Echo,
        pace_ms: 0,
    },
    Scenario {
        name: "1 replica, redis, mixed",
        store: Store::Redis,
        replicas: 1,
        mix: Mix::Mixed,
        pace_ms: 0,
    },
    Scenario {
        name: "1 replica, postgres, mixed",
        store: Store::Postgres,
        replicas: 1,
        mix: Mix::Mixed,
        pace_ms: 0,
    },
    Scenario {
        name: "3 replicas + nginx, redis, mixed",
        store: Store::Redis,
        replicas: 3,
        mix: Mix::Mixed,
        pace_ms: 0,
    },
    Scenario {
        name: "3 replicas + nginx, postgres, mixed",
        store: Store::Postgres,
        replicas: 3,
        mix: Mix::Mixed,
        pace_ms: 0,
    },
];

struct Plan {
    sessions: usize,
    calls: usize,
    concurrency: usize,
    idle: usize,
    only: Option<String>,
    quick: bool,
}

fn redis_url() -> String {
    std::env::var("SANDSH_TEST_REDIS").unwrap_or_else(|_| "redis://127.0.0.1:6379".into())
}

fn postgres_url() -> String {
    std::env::var("SANDSH_TEST_POSTGRES")
        .unwrap_or_else(|_| "postgres://sandsh:sandsh@127.0.0.1:5432/sandsh_test".into())
}

/// A `sandsh --mcp-http` server, killed on drop.
struct Server {
    child: Child,
    addr: String,
}

impl Server {
    fn start(store: Option<&str>, extra: &[&str]) -> Result<Server, String> {
        let mut cmd = Command::new(BIN);
        cmd.args(["--mcp-http", "127.0.0.1:0", "--log-level", "warn"])
            .args(["--max-sessions", "20000", "--session-wait", "60s"]);
        if let Some(s) = store {
            cmd.args(["--session-store", s]);
        }
        let mut child = cmd
            .args(extra)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("{BIN}: {e}"))?;
        let stderr = child.stderr.take().ok_or("no stderr")?;
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stderr)
                .lines()
                .map_while(Result::ok)
            {
                if let Some(i) = line.find("http://") {
                    let _ = tx.send(line[i + 7..].trim().trim_end_matches("/mcp").to_string());
                } else {
                    eprintln!("server: {line}");
                }
            }
        });
        let addr = rx
            .recv_timeout(Duration::from_secs(30))
            .map_err(|_| "the server did not print its address".to_string())?;
        Ok(Server { child, addr })
    }

    fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A field of `/proc/PID/status` in KiB (`VmRSS`, `VmHWM`).
fn status_kib(pid: u32, field: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// User + system CPU time of a process.
fn cpu_of(pid: u32) -> Duration {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // Fields after the command name (which may hold spaces) start at the state, field 3.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<u64> = rest
        .split_whitespace()
        .map(|x| x.parse().unwrap_or(0))
        .collect();
    // SAFETY: sysconf has no preconditions.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    let ticks = f.get(11).copied().unwrap_or(0) + f.get(12).copied().unwrap_or(0);
    Duration::from_millis(ticks * 1000 / hz)
}

/// This process's user + system CPU time.
fn cpu_self() -> Duration {
    cpu_of(std::process::id())
}

/// The store's own count of the operations it served.
fn store_ops(store: Store) -> Option<u64> {
    let out = match store {
        Store::Memory => return Some(0),
        Store::Redis => Command::new("redis-cli")
            .args(["-u", &redis_url(), "INFO", "stats"])
            .output()
            .ok()?,
        Store::Postgres => {
            // Backends report their statistics within a second of going idle.
            std::thread::sleep(Duration::from_millis(1500));
            Command::new("psql")
                .args([
                    &postgres_url(),
                    "-tAc",
                    "SELECT xact_commit + xact_rollback FROM pg_stat_database \
                     WHERE datname = current_database()",
                ])
                .output()
                .ok()?
        }
    };
    let text = String::from_utf8_lossy(&out.stdout);
    match store {
        Store::Redis => text
            .lines()
            .find_map(|l| l.strip_prefix("total_commands_processed:"))
            .and_then(|v| v.trim().parse().ok()),
        _ => text.trim().parse().ok(),
    }
}

/// Whether a store answers (a TCP connect to its port).
fn store_is_up(store: Store) -> bool {
    let url = match store {
        Store::Memory => return true,
        Store::Redis => redis_url(),
        Store::Postgres => postgres_url(),
    };
    let rest = url.split_once("://").map_or(url.as_str(), |(_, r)| r);
    let rest = rest.rsplit_once('@').map_or(rest, |(_, r)| r);
    let hp = rest.split(['/', '?']).next().unwrap_or(rest);
    hp.parse()
        .ok()
        .and_then(|a| std::net::TcpStream::connect_timeout(&a, Duration::from_secs(2)).ok())
        .is_some()
}

/// One MCP client over streamable HTTP.
#[derive(Clone)]
struct Client {
    http: reqwest::Client,
    url: String,
}

#[derive(Clone, Copy)]
enum Kind {
    Echo,
    Script,
    Append,
}

const KINDS: [Kind; 3] = [Kind::Echo, Kind::Script, Kind::Append];

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Echo => "echo",
            Kind::Script => "script",
            Kind::Append => "append",
        }
    }
}

impl Client {
    /// POST a JSON-RPC message; the session id the server sent and the answer to a request.
    async fn post(
        &self,
        session: Option<&str>,
        msg: &Value,
    ) -> Result<(Option<String>, Option<Value>), String> {
        let mut req = self
            .http
            .post(&self.url)
            .header("content-type", "application/json")
            .header("accept", "application/json, text/event-stream")
            .header("mcp-protocol-version", "2025-06-18")
            .body(msg.to_string());
        if let Some(id) = session {
            req = req.header("mcp-session-id", id);
        }
        let resp = req.send().await.map_err(|e| format!("send: {e}"))?;
        let status = resp.status();
        let sid = resp
            .headers()
            .get("mcp-session-id")
            .and_then(|v| v.to_str().ok())
            .map(str::to_string);
        let body = resp.text().await.map_err(|e| format!("read: {e}"))?;
        if !status.is_success() {
            return Err(format!("HTTP {status}: {body}"));
        }
        if msg.get("id").is_none() {
            return Ok((sid, None));
        }
        let answer = serde_json::from_str::<Value>(&body).ok().or_else(|| {
            body.lines()
                .filter_map(|l| l.strip_prefix("data:"))
                .filter_map(|d| serde_json::from_str::<Value>(d.trim()).ok())
                .find(|v| v.get("id").is_some())
        });
        match answer {
            Some(a) => Ok((sid, Some(a))),
            None => Err(format!("no JSON-RPC answer in {body:?}")),
        }
    }

    async fn open(&self) -> Result<String, String> {
        let init = json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "mcp_load", "version": "0"}}});
        let (sid, _) = self.post(None, &init).await?;
        let sid = sid.ok_or("no Mcp-Session-Id")?;
        let note = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
        self.post(Some(&sid), &note).await?;
        Ok(sid)
    }

    /// A `bash` call; its stdout.
    async fn bash(&self, sid: &str, n: u64, commands: &str) -> Result<String, String> {
        let msg = json!({"jsonrpc": "2.0", "id": n, "method": "tools/call",
            "params": {"name": "bash", "arguments": {"commands": commands}}});
        let (_, a) = self.post(Some(sid), &msg).await?;
        let a = a.unwrap_or_default();
        a["result"]["structuredContent"]["stdout"]
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| format!("no stdout in {a}"))
    }

    async fn close(&self, sid: &str) {
        let _ = self
            .http
            .delete(&self.url)
            .header("mcp-session-id", sid)
            .header("mcp-protocol-version", "2025-06-18")
            .send()
            .await;
    }
}

/// Per-kind latencies, in microseconds.
#[derive(Default)]
struct Lat {
    by_kind: [Vec<u32>; 3],
    errors: Vec<String>,
}

/// One session: open, `calls` calls, close.
async fn session(
    c: &Client,
    mix: Mix,
    pace: Duration,
    calls: usize,
    lat: &Mutex<Lat>,
) -> Result<(), String> {
    let sid = c.open().await?;
    let start = tokio::time::Instant::now();
    let mut appended = 0;
    for i in 0..calls {
        let kind = match mix {
            Mix::Echo => Kind::Echo,
            Mix::Mixed => KINDS[i % 3],
        };
        let (cmd, want) = match kind {
            Kind::Echo => ("echo hi".to_string(), "hi\n".to_string()),
            Kind::Script => (SCRIPT.to_string(), SCRIPT_OUT.to_string()),
            Kind::Append => {
                appended += 1;
                (
                    format!("echo line {i} >> /tmp/log; wc -l < /tmp/log"),
                    format!("{appended}\n"),
                )
            }
        };
        let t = Instant::now();
        let got = c.bash(&sid, i as u64 + 1, &cmd).await?;
        let us = t.elapsed().as_micros().min(u32::MAX as u128) as u32;
        if got != want {
            return Err(format!("{}: got {got:?}, want {want:?}", kind.name()));
        }
        lat.lock().unwrap_or_else(|e| e.into_inner()).by_kind[kind as usize].push(us);
        if !pace.is_zero() {
            tokio::time::sleep_until(start + pace * (i as u32 + 1)).await;
        }
    }
    c.close(&sid).await;
    Ok(())
}

/// `sessions` sessions, `concurrency` at a time, against `url`.
async fn drive(url: String, plan: &Plan, mix: Mix, pace: Duration) -> Lat {
    let http = reqwest::Client::builder()
        .no_proxy()
        .pool_max_idle_per_host(plan.concurrency * 2)
        .tcp_nodelay(true)
        .build()
        .unwrap_or_default();
    let c = Client { http, url };
    let lat = Arc::new(Mutex::new(Lat::default()));
    let next = Arc::new(AtomicUsize::new(0));
    let mut workers = Vec::new();
    for _ in 0..plan.concurrency {
        let (c, lat, next) = (c.clone(), lat.clone(), next.clone());
        let (sessions, calls) = (plan.sessions, plan.calls);
        workers.push(tokio::spawn(async move {
            while next.fetch_add(1, Ordering::Relaxed) < sessions {
                if let Err(e) = session(&c, mix, pace, calls, &lat).await {
                    lat.lock().unwrap_or_else(|e| e.into_inner()).errors.push(e);
                }
            }
        }));
    }
    for w in workers {
        let _ = w.await;
    }
    Arc::try_unwrap(lat)
        .map(|m| m.into_inner().unwrap_or_else(|e| e.into_inner()))
        .unwrap_or_default()
}

fn pct(v: &mut [u32], p: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_unstable();
    let i = ((v.len() as f64 - 1.0) * p).round() as usize;
    f64::from(v[i]) / 1000.0
}

fn ms(x: f64) -> String {
    if x.is_nan() {
        "–".into()
    } else if x < 10.0 {
        format!("{x:.2}")
    } else {
        format!("{x:.1}")
    }
}

fn run_scenario(rt: &tokio::runtime::Runtime, s: &Scenario, plan: &Plan) -> Result<String, String> {
    let store = match s.store {
        Store::Memory => None,
        Store::Redis => Some(redis_url()),
        Store::Postgres => Some(postgres_url()),
    };
    if !store_is_up(s.store) {
        return Err("its store is not running (start it with .ci/start-stores)".into());
    }
    let servers: Vec<Server> = (0..s.replicas)
        .map(|_| Server::start(store.as_deref(), &[]))
        .collect::<Result<_, _>>()?;
    let _lb;
    let addr = if s.replicas > 1 {
        let nginx = nginx::find().ok_or("nginx is not installed")?;
        let addrs: Vec<&str> = servers.iter().map(|s| s.addr.as_str()).collect();
        let lb = nginx::Balancer::start(&nginx, &addrs)?;
        let a = lb.addr.clone();
        _lb = lb;
        a
    } else {
        servers[0].addr.clone()
    };
    let url = format!("http://{addr}/mcp");
    // Warm-up: a few sessions, not counted.
    let warm = Plan {
        sessions: 20,
        calls: 3,
        concurrency: 10,
        idle: 0,
        only: None,
        quick: true,
    };
    let w = rt.block_on(drive(url.clone(), &warm, s.mix, Duration::ZERO));
    if let Some(e) = w.errors.first() {
        return Err(format!("warm-up: {e}"));
    }
    let ops0 = store_ops(s.store);
    let cpu0: Vec<Duration> = servers.iter().map(|s| cpu_of(s.pid())).collect();
    let me0 = cpu_self();
    let t = Instant::now();
    let mut lat = rt.block_on(drive(url, plan, s.mix, Duration::from_millis(s.pace_ms)));
    let wall = t.elapsed();
    let me = cpu_self().saturating_sub(me0);
    let server_cpu: Duration = servers
        .iter()
        .zip(&cpu0)
        .map(|(s, c0)| cpu_of(s.pid()).saturating_sub(*c0))
        .sum();
    let ops1 = store_ops(s.store);
    let rss: Vec<String> = servers
        .iter()
        .map(|s| format!("{}", status_kib(s.pid(), "VmHWM") / 1024))
        .collect();
    let calls: usize = lat.by_kind.iter().map(Vec::len).sum();
    if calls == 0 {
        return Err(format!(
            "no call succeeded: {}",
            lat.errors.first().cloned().unwrap_or_default()
        ));
    }
    let per_call = |d: Duration| d.as_secs_f64() * 1000.0 / calls as f64;
    let ops = match (ops0, ops1) {
        (Some(a), Some(b)) => format!("{:.1}", (b - a) as f64 / calls as f64),
        _ => "?".into(),
    };
    let mut all: Vec<u32> = lat.by_kind.iter().flatten().copied().collect();
    let mut cells = vec![
        s.name.to_string(),
        format!("{calls}"),
        format!("{:.0}", calls as f64 / wall.as_secs_f64()),
    ];
    for k in KINDS {
        let v = &mut lat.by_kind[k as usize];
        cells.push(if v.is_empty() {
            "–".into()
        } else {
            format!("{} / {}", ms(pct(v, 0.5)), ms(pct(v, 0.99)))
        });
    }
    cells.push(format!(
        "{} / {}",
        ms(pct(&mut all, 0.5)),
        ms(pct(&mut all, 0.99))
    ));
    cells.push(ops);
    cells.push(format!("{:.2}", per_call(server_cpu)));
    cells.push(format!("{:.2}", per_call(me)));
    cells.push(rss.join(", "));
    cells.push(format!("{}", lat.errors.len()));
    if let Some(e) = lat.errors.first() {
        eprintln!("{}: {} errors, the first: {e}", s.name, lat.errors.len());
    }
    Ok(format!("| {} |", cells.join(" | ")))
}

/// RSS of one replica holding `n` idle sessions (each initialized and used by one call).
fn idle_sessions(rt: &tokio::runtime::Runtime, n: usize) -> Result<String, String> {
    let server = Server::start(None, &[])?;
    let url = format!("http://{}/mcp", server.addr);
    let warm = Plan {
        sessions: 10,
        calls: 1,
        concurrency: 10,
        idle: 0,
        only: None,
        quick: true,
    };
    rt.block_on(async {
        let http = reqwest::Client::builder()
            .no_proxy()
            .build()
            .unwrap_or_default();
        let c = Client {
            http,
            url: url.clone(),
        };
        // Sessions left open: the warm-up ones are counted in the baseline.
        let open = |k: usize| {
            let c = c.clone();
            async move {
                let sid = c.open().await?;
                c.bash(&sid, 1, &format!("echo {k} > /tmp/id")).await?;
                Ok::<_, String>(sid)
            }
        };
        for k in 0..warm.sessions {
            open(k).await?;
        }
        let base = status_kib(server.pid(), "VmRSS");
        let t = Instant::now();
        let next = Arc::new(AtomicUsize::new(0));
        let mut tasks = Vec::new();
        for _ in 0..100 {
            let (c, next) = (c.clone(), next.clone());
            tasks.push(tokio::spawn(async move {
                while next.fetch_add(1, Ordering::Relaxed) < n {
                    let sid = c.open().await?;
                    c.bash(&sid, 1, "echo idle > /tmp/id").await?;
                }
                Ok::<_, String>(())
            }));
        }
        for t in tasks {
            t.await.map_err(|e| e.to_string())??;
        }
        let after = status_kib(server.pid(), "VmRSS");
        let per = after.saturating_sub(base) as f64 / n as f64;
        Ok(format!(
            "| {n} | {:.1} | {} | {} | {:.1} | {:.0} |",
            t.elapsed().as_secs_f64(),
            base / 1024,
            after / 1024,
            per,
            per * 10_000.0 / 1024.0,
        ))
    })
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .unwrap_or_default()
        .split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let quick = args.iter().any(|a| a == "--quick");
    let only = args
        .iter()
        .position(|a| a == "--only")
        .and_then(|i| args.get(i + 1))
        .cloned();
    let plan = Plan {
        sessions: if quick { 100 } else { 1000 },
        calls: 20,
        concurrency: 100,
        idle: if quick { 1000 } else { 10_000 },
        only,
        quick,
    };
    let rt = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("mcp_load: {e}");
            std::process::exit(1);
        }
    };
    let load0 = load_average();
    let mut rows = Vec::new();
    let mut skipped = Vec::new();
    for s in SCENARIOS {
        if plan.only.as_deref().is_some_and(|o| !s.name.contains(o)) {
            continue;
        }
        eprintln!("mcp_load: {} ...", s.name);
        match run_scenario(&rt, s, &plan) {
            Ok(row) => {
                eprintln!("{row}");
                rows.push(row);
            }
            Err(e) => {
                eprintln!("mcp_load: SKIPPED {}: {e}", s.name);
                skipped.push(format!("{}: {e}", s.name));
            }
        }
    }
    let idle = if plan.only.as_deref().is_none_or(|o| "idle".contains(o)) {
        eprintln!("mcp_load: {} idle sessions ...", plan.idle);
        match idle_sessions(&rt, plan.idle) {
            Ok(r) => {
                eprintln!("{r}");
                Some(r)
            }
            Err(e) => {
                skipped.push(format!("idle sessions: {e}"));
                None
            }
        }
    } else {
        None
    };
    let report = report(&plan, &rows, idle.as_deref(), &skipped, &load0);
    println!("{report}");
    let full = plan.only.is_none() && !plan.quick;
    let path = if full {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/MCP.md")
    } else {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/sandsh-bench/MCP.md")
    };
    if let Some(dir) = path.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    match std::fs::write(&path, report) {
        Ok(()) => eprintln!("mcp_load: wrote {}", path.display()),
        Err(e) => eprintln!("mcp_load: {}: {e}", path.display()),
    }
    if !skipped.is_empty() {
        std::process::exit(1);
    }
}

fn report(
    plan: &Plan,
    rows: &[String],
    idle: Option<&str>,
    skipped: &[String],
    load0: &str,
) -> String {
    let mut md = String::new();
    md.push_str("<!-- mcp load test: generated by cargo bench --bench mcp_load -->\n");
    md.push_str("## MCP server under load (`--mcp-http`, session stores, nginx)\n\n");
    md.push_str(&format!(
        "Generated by `cargo bench --bench mcp_load` (release build), kept in `benches/MCP.md` \
         and copied into RESULTS.md by `cargo bench --bench shell`. {} sessions × {} calls, \
         {} sessions at a time, each session opened (`initialize`), called, and closed \
         (DELETE). `echo` is `echo hi`; `script` is 20 simple commands (assignments, \
         expansions, three pipelines, a substitution); `append` appends a line to a file and \
         counts the file's lines. A *mixed* run cycles echo, script, append. Runs are closed-loop (each session calls again as \
         soon as it has its answer, so 100 calls are always in flight and latency is mostly \
         queueing: about 100 / throughput) except the *paced* ones, where each session makes a \
         call every 100 ms (100 sessions offer 1,000 calls/s) and latency is the service's. The client is \
         `benches/mcp_load` (Rust, reqwest, keep-alive, one tokio thread); every answer is \
         checked. Latency is per `tools/call`, from sending the request to the end of its \
         SSE answer, p50 / p99 in ms. *Store ops/call* is the store's own count over the run \
         (Redis `total_commands_processed`, PostgreSQL committed transactions) divided by the \
         calls, so it includes opening and closing the sessions. *Server CPU* is the \
         replicas' user + system time per call, *client CPU* the load generator's (the two \
         share the machine's 2 cores). *RSS* is each replica's peak (VmHWM) in MB. nginx: \
         one process (`master_process off`), round-robin, upstream keep-alive, `proxy_buffering off` \
         (`benches/mcp_load/nginx.rs`). Stores on the same machine (`.ci/start-stores`). \
         Load average {load0} at start, {} at end (the machine is shared with other builds).\n\n",
        plan.sessions,
        plan.calls,
        plan.concurrency,
        load_average()
    ));
    md.push_str(
        "| scenario | calls | calls/s | echo p50 / p99 | script p50 / p99 | append p50 / p99 \
         | all p50 / p99 | store ops/call | server CPU ms/call | client CPU ms/call \
         | RSS MB per replica | errors |\n",
    );
    md.push_str("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
    for r in rows {
        md.push_str(r);
        md.push('\n');
    }
    if let Some(i) = idle {
        md.push_str(
            "\nIdle sessions: one replica (sessions in memory), each session initialized and \
             used by one call (`echo … > /tmp/id`, so its kernel exists) and left open. RSS \
             (VmRSS) before and after.\n\n\
             | sessions | seconds to open | RSS before MB | RSS after MB | KiB per session \
             | MB per 10,000 |\n|--:|--:|--:|--:|--:|--:|\n",
        );
        md.push_str(i);
        md.push('\n');
    }
    for s in skipped {
        md.push_str(&format!("\nSKIPPED: {s}\n"));
    }
    md
}
