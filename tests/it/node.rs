//! `node` inside a session: what the differential suite (node_diff) cannot compare with the
//! host. The files are the session's, never the host's; the limits hold (timeout,
//! cancellation, memory, stack, output); what the sandbox does not have says so.

use std::time::{Duration, Instant};

use sandsh::{ExecutionLimits, Kernel, KernelConfig};

fn run(script: &str) -> sandsh::ExecResult {
    Kernel::new(KernelConfig::default()).execute(script)
}

fn out(r: &sandsh::ExecResult) -> String {
    String::from_utf8_lossy(&r.stdout).into_owned()
}

fn err(r: &sandsh::ExecResult) -> String {
    String::from_utf8_lossy(&r.stderr).into_owned()
}

#[test]
fn the_hosts_files_are_not_there() {
    // node sees the session's /etc, as cat does, never the host's.
    let r = run(
        "cat /etc/passwd; echo ---; node -e 'process.stdout.write(require(\"fs\").readFileSync(\"/etc/passwd\", \"utf8\"))'",
    );
    let text = out(&r);
    let (shell, node) = text.split_once("---\n").expect("both ran");
    assert_eq!(shell, node, "{}", err(&r));
    #[allow(clippy::disallowed_methods)]
    let host = std::fs::read_to_string("/etc/passwd").unwrap_or_default();
    assert_ne!(node, host);
    let r = run(r#"echo 'module.exports = "session file"' > /tmp/m.js
node -e '
const fs = require("fs");
for (const p of ["/etc/shadow", "/root/.bashrc", "/proc/self/environ"]) {
  try { fs.readFileSync(p); console.log(p, "read") } catch (e) { console.log(p, e.code) }
}
console.log(require("/tmp/m.js"));
'"#);
    assert_eq!(
        out(&r),
        "/etc/shadow ENOENT\n/root/.bashrc ENOENT\n/proc/self/environ ENOENT\nsession file\n",
        "{}",
        err(&r)
    );
}

#[test]
fn files_are_shared_with_the_shell() {
    let r = run(
        "cd /tmp && echo '{\"v\": 1}' > c.json && node -e 'const fs = require(\"fs\"); const c = JSON.parse(fs.readFileSync(\"c.json\")); c.v++; fs.writeFileSync(\"c.json\", JSON.stringify(c))' && cat c.json",
    );
    assert_eq!(out(&r), "{\"v\":2}", "{}", err(&r));
}

#[test]
fn the_timeout_stops_a_busy_loop_within_a_second() {
    let mut k = Kernel::new(KernelConfig::default().timeout(Duration::from_millis(500)));
    let t = Instant::now();
    let r = k.execute("node -e 'while (true) {}'");
    assert_eq!(r.exit_code, 124, "{}", err(&r));
    assert!(
        t.elapsed() < Duration::from_millis(1500),
        "{:?}",
        t.elapsed()
    );
    // The session goes on.
    assert_eq!(out(&k.execute("node -p 1+1")), "2\n");
}

#[test]
fn the_timeout_stops_a_timer_loop_and_a_sleep() {
    let mut k = Kernel::new(KernelConfig::default().timeout(Duration::from_millis(500)));
    let t = Instant::now();
    let r = k.execute("node -e 'setInterval(() => {}, 1)'");
    assert_eq!(r.exit_code, 124, "{}", err(&r));
    let r = k.execute("node -e 'setTimeout(() => {}, 60000)'");
    assert_eq!(r.exit_code, 124, "{}", err(&r));
    assert!(t.elapsed() < Duration::from_secs(3), "{:?}", t.elapsed());
}

#[test]
fn cancel_stops_a_script() {
    let mut k = Kernel::new(KernelConfig::default());
    let cancel = k.cancel_handle();
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        cancel.cancel();
    });
    let t = Instant::now();
    let r = k.execute("node -e 'for (;;) { try { while (true) {} } catch (e) {} }'");
    assert_eq!(r.exit_code, 130, "{}", err(&r));
    assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());
}

#[test]
fn a_memory_bomb_stops_at_the_budget_with_its_message() {
    let limits = ExecutionLimits::standard().max_memory(128 << 20);
    for script in [
        "node -e 'let a = []; while (1) a.push(\"x\".repeat(1e6) + Math.random())'",
        "node -e 'const s = \"a\".repeat(3e8); console.log(s.length)'",
        "node -e 'const b = Buffer.alloc(1e9); console.log(b.length)'",
        "node -e 'const m = new Map(); for (let i = 0; ; i++) m.set(i, {i})'",
    ] {
        let mut k = Kernel::new(KernelConfig::default().limits(limits.clone()));
        let t = Instant::now();
        let r = k.execute(script);
        assert_eq!(r.exit_code, 125, "{script}: {}", err(&r));
        assert!(err(&r).contains("max-memory"), "{script}: {}", err(&r));
        assert!(
            t.elapsed() < Duration::from_secs(20),
            "{script}: {:?}",
            t.elapsed()
        );
        // The session goes on.
        assert_eq!(out(&k.execute("node -p '[1].length'")), "1\n");
    }
    // Within the budget, a large string works.
    let mut k = Kernel::new(KernelConfig::default().limits(limits));
    let r = k.execute("node -p '\"x\".repeat(20e6).length'");
    assert_eq!(out(&r), "20000000\n", "{}", err(&r));
}

#[test]
fn deep_recursion_is_a_range_error() {
    let r = run("node -e 'function f(n) { return f(n + 1) + 1 } f(0)'");
    assert_eq!(r.exit_code, 1);
    assert!(
        err(&r).contains("RangeError: Maximum call stack size exceeded"),
        "{}",
        err(&r)
    );
    let r =
        run("node -e 'const deep = n => n === 0 ? 0 : 1 + deep(n - 1); console.log(deep(5000))'");
    assert_eq!(out(&r), "5000\n", "{}", err(&r));
    // JSON of a deeply nested value, both ways.
    let r = run(
        "node -e 'let a = []; for (let i = 0; i < 1e6; i++) a = [a]; try { JSON.stringify(a) } catch (e) { console.log(e.name) }'",
    );
    assert_eq!(r.exit_code, 0, "{}", err(&r));
}

#[test]
fn a_closed_pipe_ends_node_at_once() {
    let t = Instant::now();
    let r = run("node -e 'for (let i = 0; ; i++) console.log(i)' | head -3");
    assert_eq!(out(&r), "0\n1\n2\n");
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
}

#[test]
fn output_past_the_limit_is_cut() {
    let limits = ExecutionLimits::standard().max_output_bytes(100_000);
    let mut k = Kernel::new(
        KernelConfig::default()
            .limits(limits)
            .timeout(Duration::from_secs(2)),
    );
    let t = Instant::now();
    let r = k.execute("node -e 'for (;;) console.log(\"y\".repeat(1000))'");
    assert_ne!(r.exit_code, 0);
    assert!(r.stdout.len() <= 100_000);
    assert!(t.elapsed() < Duration::from_secs(4), "{:?}", t.elapsed());
}

#[test]
fn child_process_runs_inside_the_session() {
    let r = run("cd /tmp && printf 'b\\na\\n' > f && node -e '
const cp = require(\"child_process\");
console.log(cp.execSync(\"sort f\", {encoding: \"utf8\"}).trim().split(\"\\n\").join(\",\"));
console.log(cp.execSync(\"node -p 6*7\").toString().trim());
console.log(cp.spawnSync(\"pwd\", {encoding: \"utf8\"}).stdout.trim());
'");
    assert_eq!(out(&r), "a,b\n42\n/tmp\n", "{}", err(&r));
}

#[test]
fn npm_and_npx_say_the_sandbox_installs_nothing() {
    for script in ["npm install lodash", "npx create-react-app x", "npm ci"] {
        let r = run(script);
        assert_eq!(r.exit_code, 1, "{script}");
        assert!(
            err(&r).contains("installing packages is not available in the sandbox"),
            "{script}: {}",
            err(&r)
        );
    }
}

#[test]
fn sockets_and_servers_are_refused_with_a_reason() {
    let r = run("node -e 'require(\"http\").createServer(() => {}).listen(8080)'");
    assert_eq!(r.exit_code, 1);
    assert!(
        err(&r).contains("sockets and servers are not available in the sandbox"),
        "{}",
        err(&r)
    );
}

#[test]
fn help_names_what_node_cannot_do() {
    let r = run("help node");
    let text = out(&r);
    assert!(text.contains("QuickJS"), "{text}");
    assert!(text.contains("npm"), "{text}");
}

#[test]
fn each_call_starts_fresh() {
    let mut k = Kernel::new(KernelConfig::default());
    k.execute("node -e 'globalThis.leak = 1; JSON.stringify = null'");
    let r = k.execute("node -e 'console.log(typeof leak, JSON.stringify([1]))'");
    assert_eq!(out(&r), "undefined [1]\n", "{}", err(&r));
}
