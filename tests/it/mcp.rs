//! The MCP server (`sandsh --mcp`, `sandsh --mcp-http`) driven by clients the project did not
//! write: the official Python SDK (tests/mcp/client.py) and rmcp's own client, each over stdio
//! and streamable HTTP. Every test has its own watchdog, so a hang fails with the
//! test's name instead of stalling `cargo test`.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use rmcp::ServiceExt;
use rmcp::model::CallToolRequestParams;
use rmcp::transport::TokioChildProcess;
use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_sandsh");

/// Fail (never skip) when the Python SDK is missing: CI installs it.
fn require_python_sdk() {
    let ok = Command::new("python3")
        .args(["-c", "import mcp"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    assert!(
        ok,
        "the MCP Python SDK is not installed: run `python3 -m pip install mcp` (.ci/run does)"
    );
}

/// Run one scenario of tests/mcp/client.py, killing it after `limit`.
fn python_scenario(name: &str, limit: Duration) {
    require_python_sdk();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mcp/client.py");
    let mut child = Command::new("python3")
        .arg(&script)
        .args([name, BIN])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break s;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            let mut out = String::new();
            let _ = child.stdout.take().map(|mut o| o.read_to_string(&mut out));
            panic!("scenario {name} hung for more than {limit:?}; output so far:\n{out}");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut out = String::new();
    let mut err = String::new();
    let _ = child.stdout.take().map(|mut o| o.read_to_string(&mut out));
    let _ = child.stderr.take().map(|mut e| e.read_to_string(&mut err));
    assert!(
        status.success() && out.contains(&format!("PASS {name}")),
        "scenario {name} failed ({status}):\n--- stdout\n{out}\n--- stderr\n{err}"
    );
}

#[test]
fn python_sdk_stdio() {
    // initialize + instructions, tools/list, echo hi, state, failure, timeout, invalid
    // arguments, progress chunks, cancellation of sleep 30.
    python_scenario("stdio", Duration::from_secs(60));
}

#[test]
fn python_sdk_stdio_snapshot() {
    python_scenario("stdio_snapshot", Duration::from_secs(60));
}

#[test]
fn python_sdk_http() {
    // The same checks over streamable HTTP.
    python_scenario("http", Duration::from_secs(60));
}

#[test]
fn python_sdk_http_sessions_are_isolated() {
    python_scenario("http_isolation", Duration::from_secs(60));
}

/// THREAT DOS-MEM-8: one session running away in memory or CPU stops with its own limit; the
/// other session meanwhile gets its answers in time, and the server stays within the budgets.
#[test]
fn python_sdk_http_runaway_session_does_not_stop_another() {
    python_scenario("http_runaway", Duration::from_secs(120));
}

#[test]
fn python_sdk_http_session_expiry_and_cap() {
    python_scenario("http_expiry_and_cap", Duration::from_secs(60));
}

#[test]
fn python_sdk_http_restart_with_state_dir() {
    python_scenario("http_restart", Duration::from_secs(60));
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime")
}

fn call(name: &str, args: Value) -> CallToolRequestParams {
    let Value::Object(map) = args else {
        panic!("arguments must be an object")
    };
    CallToolRequestParams::new(name.to_string()).with_arguments(map)
}

fn text(r: &rmcp::model::CallToolResult) -> String {
    serde_json::to_value(&r.content).expect("content")[0]["text"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// Start `command args…` as an MCP server over stdio with rmcp's client and run `f` on it.
fn with_rmcp_client<F, Fut>(args: &[&str], f: F)
where
    F: FnOnce(rmcp::service::RunningService<rmcp::RoleClient, ()>) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    with_rmcp_client_env(args, &[], f)
}

/// [`with_rmcp_client`] with these variables in the server's environment.
fn with_rmcp_client_env<F, Fut>(args: &[&str], env: &[(&str, &str)], f: F)
where
    F: FnOnce(rmcp::service::RunningService<rmcp::RoleClient, ()>) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    let rt = runtime();
    rt.block_on(async {
        let mut cmd = tokio::process::Command::new(BIN);
        cmd.args(args)
            .envs(env.iter().copied())
            .stderr(Stdio::null());
        let transport = TokioChildProcess::new(cmd).expect("spawn sandsh --mcp");
        let client = ().serve(transport).await.expect("initialize");
        tokio::time::timeout(Duration::from_secs(60), f(client))
            .await
            .expect("the rmcp client scenario hung");
    });
}

/// The MCP server's sessions are the CLI's for the same flags: the same instructions as
/// `--system-prompt`, the same run of the shared fixture's probe.
#[test]
fn mcp_sessions_take_the_cli_config() {
    let f = super::session_config::fixture();
    let flags = super::session_config::cli_flags(&f);
    let prompt = Command::new(BIN)
        .args(&flags)
        .arg("--system-prompt")
        .output()
        .expect("--system-prompt");
    let prompt = String::from_utf8_lossy(&prompt.stdout).into_owned();
    assert!(prompt.contains("Bash Tool"), "{prompt}");
    let mut args: Vec<&str> = vec!["--mcp"];
    args.extend(flags.iter().map(String::as_str));
    with_rmcp_client(&args, |client| async move {
        let info = client.peer_info().expect("server info");
        assert_eq!(
            info.instructions.as_deref().map(str::trim_end),
            Some(prompt.trim_end())
        );
        let script = f["probe"]["script"].as_str().unwrap_or_default();
        let r = client
            .call_tool(call("bash", json!({ "commands": script })))
            .await
            .expect("call");
        let v = serde_json::to_value(&r.structured_content).expect("structured");
        assert_eq!(v["stdout"], f["probe"]["stdout"], "{v}");
        assert_eq!(v["exit_code"], f["probe"]["exit_code"], "{v}");
    });
}

#[test]
fn rmcp_client_stdio() {
    with_rmcp_client(&["--mcp", "--timeout", "20"], |client| async move {
        let info = client.peer_info().expect("server info");
        assert_eq!(
            info.server_info.as_ref().map(|s| s.name.as_str()),
            Some("sandsh")
        );
        assert!(
            info.instructions
                .as_deref()
                .is_some_and(|i| i.contains("Bash Tool")),
            "instructions carry the system prompt"
        );
        let tools = client.list_all_tools().await.expect("tools/list");
        let bash = tools.iter().find(|t| t.name == "bash").expect("bash tool");
        assert_eq!(bash.input_schema["required"], json!(["commands"]));
        let out = bash.output_schema.as_ref().expect("outputSchema");
        assert_eq!(out["properties"]["exit_code"]["type"], "integer");
        let ann = bash.annotations.as_ref().expect("annotations");
        assert_eq!(ann.read_only_hint, Some(false));
        assert_eq!(ann.destructive_hint, Some(true));
        assert!(tools.iter().any(|t| t.name == "filesystem"));
        // `analyze`: the report, nothing run (issue 45).
        let an = tools
            .iter()
            .find(|t| t.name == "analyze")
            .expect("analyze tool");
        assert_eq!(
            an.annotations.as_ref().and_then(|a| a.read_only_hint),
            Some(true)
        );
        let r = client
            .call_tool(call(
                "analyze",
                json!({"script": "echo x > made; ls | wc -l"}),
            ))
            .await
            .expect("analyze");
        let report = r.structured_content.clone().expect("report");
        assert_eq!(report["files"][0]["path"], "made");
        assert_eq!(report["commands"][1]["risk"], "read_only");
        assert_eq!(report["read_only"], false);
        let r = client
            .call_tool(call(
                "bash",
                json!({"commands": "test -e made || echo none"}),
            ))
            .await
            .expect("call");
        assert_eq!(text(&r), "none\n", "analyze ran nothing");

        let r = client
            .call_tool(call("bash", json!({"commands": "echo hi"})))
            .await
            .expect("call");
        assert_eq!(text(&r), "hi\n");
        assert_eq!(r.is_error, Some(false));
        assert_eq!(
            r.structured_content,
            Some(json!({"stdout": "hi\n", "stderr": "", "exit_code": 0}))
        );

        client
            .call_tool(call("bash", json!({"commands": "echo kept > f; cd /tmp"})))
            .await
            .expect("call");
        let r = client
            .call_tool(call("bash", json!({"commands": "cat ~/f; pwd"})))
            .await
            .expect("call");
        assert_eq!(text(&r), "kept\n/tmp\n", "state persists across calls");

        let r = client
            .call_tool(call("bash", json!({"commands": "exit 7"})))
            .await
            .expect("call");
        assert_eq!(
            r.is_error,
            Some(false),
            "a non-zero exit is a normal result"
        );
        assert_eq!(r.structured_content.as_ref().unwrap()["exit_code"], 7);

        let r = client
            .call_tool(call(
                "bash",
                json!({"commands": "sleep 5", "timeout_ms": 200}),
            ))
            .await
            .expect("call");
        assert_eq!(r.is_error, Some(true), "a timeout is an error result");
        let all = serde_json::to_string(&r.content).unwrap();
        assert!(all.contains("timeout"), "{all}");

        let e = client
            .call_tool(call("bash", json!({"commands": ["not", "a", "string"]})))
            .await
            .expect_err("invalid arguments are a protocol error");
        assert!(e.to_string().contains("expected string"), "{e}");
        let r = client
            .call_tool(call("bash", json!({"commands": "echo alive"})))
            .await
            .expect("the server survives");
        assert_eq!(text(&r), "alive\n");
        client.cancel().await.expect("close");
    });
}

#[test]
fn rmcp_client_limit_is_an_error_result() {
    with_rmcp_client(
        &["--mcp", "--max-loop-iterations", "100"],
        |client| async move {
            let r = client
                .call_tool(call("bash", json!({"commands": "while true; do :; done"})))
                .await
                .expect("call");
            assert_eq!(r.is_error, Some(true), "a tripped limit is isError");
            assert_eq!(
                r.structured_content.as_ref().unwrap()["error"],
                "limit_exceeded"
            );
            client.cancel().await.expect("close");
        },
    );
}

/// `--secret` and `--trace` on the MCP server: the credential (from the server's environment)
/// goes on the wire, while the tool's result and the trace hold only its placeholder.
#[test]
fn rmcp_client_secret_and_trace() {
    const VALUE: &str = "mcp-Secr3t-value";
    let srv = super::net::site();
    let dir = tempfile::tempdir().unwrap();
    let trace = dir.path().join("trace.jsonl");
    let secret = format!("API_TOKEN={},bearer", srv.url("/echo/"));
    let rule = srv.rule();
    let args = [
        "--mcp",
        "--allow-net",
        &rule,
        "--secret",
        &secret,
        "--trace",
        trace.to_str().unwrap(),
    ];
    let url = srv.url("/echo/a");
    with_rmcp_client_env(&args, &[("API_TOKEN", VALUE)], |client| async move {
        let script =
            format!("echo \"$API_TOKEN\"; curl -s {url}; curl -s -H \"X-Test: $API_TOKEN\" {url}");
        let r = client
            .call_tool(call("bash", json!({ "commands": script })))
            .await
            .expect("call");
        let v = serde_json::to_value(&r.structured_content).expect("structured");
        let stdout = v["stdout"].as_str().unwrap_or_default();
        assert!(stdout.starts_with("sandsh-secret-API_TOKEN\n"), "{v}");
        // The server echoes what it received; the response is redacted on the way back.
        assert!(
            stdout.contains("authorization: Bearer sandsh-secret-API_TOKEN"),
            "{v}"
        );
        assert!(!v.to_string().contains(VALUE), "{v}");
        client.cancel().await.expect("close");
    });
    let seen = srv.requests();
    assert!(
        seen.iter()
            .filter(|q| q.path == "/echo/a")
            .all(|q| q.header("authorization") == Some(format!("Bearer {VALUE}").as_str())),
        "{seen:?}"
    );
    assert!(
        seen.iter().any(|q| q.header("x-test") == Some(VALUE)),
        "{seen:?}"
    );
    let text = std::fs::read_to_string(&trace).unwrap();
    assert_eq!(
        text.lines()
            .filter(|l| l.contains("\"name\":\"curl\""))
            .count(),
        2,
        "{text}"
    );
    assert!(text.contains("sandsh-secret-API_TOKEN"), "{text}");
    assert!(!text.contains(VALUE), "{text}");
}

/// python3 through the MCP server: it reads what the shell wrote in an earlier call, the next
/// call's shell reads what it wrote, and the server's timeout stops a busy loop as a timeout.
#[test]
fn rmcp_client_python3() {
    guest_over_mcp(
        "python3 -c 'import json; n = json.load(open(\"/tmp/in.json\"))[\"n\"]; \
         open(\"/tmp/out\", \"w\").write(str(n + 1)); print(\"wrote\")'",
        "python3 -c 'while True: pass'",
    );
}

/// node through the MCP server, as python3.
#[test]
fn rmcp_client_node() {
    guest_over_mcp(
        "node -e 'const fs = require(\"fs\"); const n = JSON.parse(fs.readFileSync(\"/tmp/in.json\")).n; \
         fs.writeFileSync(\"/tmp/out\", String(n + 1)); console.log(\"wrote\")'",
        "node -e 'while (true) {}'",
    );
}

/// `compute` reads {"n": 41} from /tmp/in.json, writes 42 to /tmp/out and prints `wrote`;
/// `busy` never ends by itself.
fn guest_over_mcp(compute: &'static str, busy: &'static str) {
    with_rmcp_client(&["--mcp", "--timeout", "5"], |client| async move {
        let bash = |script: &str| call("bash", json!({ "commands": script }));
        client
            .call_tool(bash("printf '{\"n\": 41}' > /tmp/in.json"))
            .await
            .expect("call");
        let r = client.call_tool(bash(compute)).await.expect("call");
        let v = r.structured_content.clone().expect("structured");
        assert_eq!(
            (v["stdout"].as_str(), v["exit_code"].as_i64()),
            (Some("wrote\n"), Some(0)),
            "{v}"
        );
        let r = client.call_tool(bash("cat /tmp/out")).await.expect("call");
        assert_eq!(r.structured_content.expect("structured")["stdout"], "42");
        let started = std::time::Instant::now();
        let r = client.call_tool(bash(busy)).await.expect("call");
        let v = r.structured_content.expect("structured");
        assert_eq!(
            (v["exit_code"].as_i64(), v["error"].as_str()),
            (Some(124), Some("timeout")),
            "{v}"
        );
        assert!(
            started.elapsed() < Duration::from_secs(15),
            "{:?}",
            started.elapsed()
        );
        client.cancel().await.expect("close");
    });
}

/// `sandsh --mcp-http 127.0.0.1:0`, killed on drop; the URL it printed on stderr.
struct HttpServer {
    child: std::process::Child,
    url: String,
}

impl HttpServer {
    fn start(extra: &[&str]) -> HttpServer {
        use std::io::BufRead;
        let mut child = Command::new(BIN)
            .args(["--mcp-http", "127.0.0.1:0"])
            .args(extra)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn sandsh --mcp-http");
        let stderr = child.stderr.take().expect("stderr");
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stderr)
                .lines()
                .map_while(Result::ok)
            {
                if let Some(i) = line.find("http://") {
                    let _ = tx.send(line[i..].trim().to_string());
                }
            }
        });
        let url = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("the server printed its URL within 30 s");
        HttpServer { child, url }
    }
}

impl Drop for HttpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// rmcp's own client over streamable HTTP: tools/list, a call, state kept within a session,
/// another session that cannot see it, and invalid arguments as a protocol error.
#[test]
fn rmcp_client_http() {
    use rmcp::transport::StreamableHttpClientTransport;
    let server = HttpServer::start(&["--timeout", "20"]);
    let rt = runtime();
    rt.block_on(async {
        let scenario = async {
            let connect = || async {
                let t = StreamableHttpClientTransport::from_uri(server.url.as_str());
                ().serve(t).await.expect("initialize over HTTP")
            };
            let a = connect().await;
            let tools = a.list_all_tools().await.expect("tools/list");
            assert!(tools.iter().any(|t| t.name == "bash"));
            let r = a
                .call_tool(call(
                    "bash",
                    json!({"commands": "echo hi; echo secret > ~/mine"}),
                ))
                .await
                .expect("call");
            assert_eq!(text(&r), "hi\n");
            let r = a
                .call_tool(call("bash", json!({"commands": "cat ~/mine"})))
                .await
                .expect("call");
            assert_eq!(text(&r), "secret\n", "state persists within a session");

            let b = connect().await;
            let r = b
                .call_tool(call(
                    "bash",
                    json!({"commands": "cat ~/mine 2>&1; echo $?"}),
                ))
                .await
                .expect("call");
            assert!(
                text(&r).ends_with("1\n"),
                "another session cannot see it: {}",
                text(&r)
            );
            let e = b
                .call_tool(call("bash", json!({"commands": 42})))
                .await
                .expect_err("invalid arguments are a protocol error");
            assert!(e.to_string().contains("expected"), "{e}");
            a.cancel().await.expect("close a");
            b.cancel().await.expect("close b");
        };
        tokio::time::timeout(Duration::from_secs(60), scenario)
            .await
            .expect("the rmcp HTTP scenario hung");
    });
}

#[test]
fn stdout_carries_only_protocol_and_bad_flags_fail_early() {
    let out = Command::new(BIN)
        .args(["--mcp", "--log-level", "loud"])
        .stdin(Stdio::null())
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--log-level"));
    let out = Command::new(BIN)
        .args(["--mcp", "--mount", "/nonexistent/dir:/work"])
        .stdin(Stdio::null())
        .output()
        .expect("run");
    assert_ne!(out.status.code(), Some(0));
    assert!(out.stdout.is_empty(), "nothing but protocol on stdout");
    // End of input ends a stdio server cleanly.
    let out = Command::new(BIN)
        .args(["--mcp", "--log-level", "debug"])
        .stdin(Stdio::null())
        .output()
        .expect("run");
    assert!(out.stdout.is_empty(), "nothing but protocol on stdout");
}

/// The README's client configuration, run as written (with the binary's path for `sandsh`
/// and a temporary directory for the project path).
#[test]
fn readme_snippets_work() {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README.md");
    let section = readme
        .split("\n## MCP server")
        .nth(1)
        .expect("README has an MCP server section");
    let json_text = section
        .split("```json\n")
        .nth(1)
        .and_then(|s| s.split("\n```").next())
        .expect("a JSON snippet");
    let config: Value = serde_json::from_str(json_text).expect("the snippet is valid JSON");
    let server = &config["mcpServers"]["sandsh"];
    assert_eq!(server["command"], "sandsh");
    let project = tempfile::tempdir().expect("tempdir");
    std::fs::write(project.path().join("hello.txt"), "from the host\n").unwrap();
    let args: Vec<String> = server["args"]
        .as_array()
        .expect("args")
        .iter()
        .map(|a| {
            a.as_str()
                .expect("string arg")
                .replace("/path/to/project", &project.path().display().to_string())
        })
        .collect();
    assert!(args.iter().any(|a| a == "--mount") && args.iter().any(|a| a == "--timeout"));
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    with_rmcp_client(&refs, |client| async move {
        let r = client
            .call_tool(call("bash", json!({"commands": "cat /work/hello.txt"})))
            .await
            .expect("call");
        assert_eq!(text(&r), "from the host\n");
        client.cancel().await.expect("close");
    });
    // The HTTP form: the URL the README shows is the one the server announces.
    let url = section
        .split("http://")
        .nth(1)
        .and_then(|s| {
            s.split(|c: char| c.is_whitespace() || c == '"' || c == '`')
                .next()
        })
        .expect("an http:// URL");
    assert_eq!(url, "127.0.0.1:8765/mcp");
    assert!(section.contains("sandsh --mcp-http 127.0.0.1:8765"));
}
