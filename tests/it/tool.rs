//! Integration tests of the LLM tool layer: BashTool's documented formats and behaviour, the
//! registry's dispatch of model tool calls, the standard providers (web_search against a real
//! HTTP server on 127.0.0.1), and shell-side introspection (`tools`, `help NAME`).

use std::io::{Read, Write};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use sandsh::api::{Arg, Command, CommandSpec, Example, ExitStatus, RiskLevel, ToolCtx};
use sandsh::kernel::ExecutionLimits;
use sandsh::tool::{
    BashTool, Tool, ToolCall, ToolConfig, ToolRegistry, ToolRequest, ToolStatus, block_on,
    create_standard_registry,
};
use sandsh::vfs::MountMode;
use serde_json::{Value, json};

struct Greet;

static GREET: CommandSpec = CommandSpec {
    name: "greet",
    group: "demo",
    summary: "print a greeting",
    usage: "greet [NAME]",
    description: "Print hello, NAME.",
    options: &[],
    operands: &[],
    returns: "one line",
    examples: &[Example {
        description: "greet",
        script: "greet bob",
        stdout: "hello, bob\n",
    }],
    errors: "never fails",
    risk: RiskLevel::ReadOnly,
};

impl Command for Greet {
    fn spec(&self) -> &CommandSpec {
        &GREET
    }
    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let who = args
            .first()
            .map(|a| String::from_utf8_lossy(a).into_owned())
            .unwrap_or_else(|| "world".into());
        let _ = writeln!(ctx.stdout(), "hello, {who}");
        0
    }
}

fn run(tool: &mut BashTool, script: &str) -> sandsh::tool::ToolResponse {
    block_on(tool.execute(ToolRequest::new(script)))
}

fn configured() -> BashTool {
    BashTool::builder()
        .username("agent")
        .hostname("sandbox")
        .limits(
            ExecutionLimits::new()
                .max_commands(500)
                .max_loop_iterations(10_000)
                .max_function_depth(100),
        )
        .env("API_KEY", "secret")
        .builtin("custom_cmd", Box::new(Greet))
        .build()
}

// ---- BashTool formats -------------------------------------------------------------------

#[test]
fn name_short_description_and_version() {
    let t = BashTool::new();
    assert_eq!(t.name(), "sandsh");
    assert_eq!(
        t.short_description(),
        "Sandboxed bash interpreter with virtual filesystem"
    );
    assert_eq!(t.version(), env!("CARGO_PKG_VERSION"));
}

#[test]
fn description_lists_registry_commands_and_custom_ones() {
    let plain = BashTool::new().description();
    assert!(
        plain.starts_with("Sandboxed bash interpreter with virtual filesystem. Supported tools: ")
    );
    let listed: Vec<&str> = plain
        .split_once("Supported tools: ")
        .unwrap()
        .1
        .split(' ')
        .collect();
    for c in sandsh::commands::Registry::standard().commands() {
        assert!(listed.contains(&c.spec().name), "{} missing", c.spec().name);
    }
    for b in ["echo", "cd", "export", "read", "printf", "test", "["] {
        assert!(listed.contains(&b), "builtin {b} missing");
    }
    assert!(!listed.contains(&"custom_cmd"));
    assert!(
        configured()
            .description()
            .split(' ')
            .any(|w| w == "custom_cmd")
    );
}

#[test]
fn system_prompt_exact() {
    // Seed 000's prompt, then the lines on python3, node and git when the build has them.
    let mut languages = String::new();
    if cfg!(feature = "python") {
        languages.push_str(sandsh::tool::docs::LANGUAGES_PYTHON);
    }
    if cfg!(feature = "js") {
        languages.push_str(sandsh::tool::docs::LANGUAGES_NODE);
    }
    if cfg!(feature = "git") {
        languages.push_str(sandsh::tool::docs::TOOLS_GIT);
    }
    assert_eq!(
        BashTool::new().system_prompt(),
        format!(
            "# Bash Tool\n\nSandboxed bash interpreter with virtual filesystem.\n\nInput: {{\"commands\": \"<bash commands>\"}}\nOutput: {{stdout, stderr, exit_code}}\n{languages}"
        )
    );
    assert_eq!(
        configured().system_prompt(),
        format!(
            "# Bash Tool\n\nSandboxed bash interpreter with virtual filesystem.\nHome: /home/agent\n\nInput: {{\"commands\": \"<bash commands>\"}}\nOutput: {{stdout, stderr, exit_code}}\n{languages}"
        )
    );
}

#[test]
fn help_is_the_seed_man_page() {
    let h = BashTool::new().help();
    assert!(h.starts_with(
        "SANDSH(1)                        User Commands                       SANDSH(1)\n\nNAME\n       sandsh - sandboxed bash interpreter with virtual filesystem\n\nSYNOPSIS\n       {\"commands\": \"<bash commands>\"}\n\nDESCRIPTION\n"
    ));
    let sections: Vec<&str> = h
        .lines()
        .filter(|l| !l.is_empty() && l.chars().all(|c| c.is_ascii_uppercase() || c == ' '))
        .collect();
    assert_eq!(
        sections,
        [
            "NAME",
            "SYNOPSIS",
            "DESCRIPTION",
            "BUILTINS",
            "INPUT",
            "OUTPUT",
            "EXAMPLES",
            "EXIT STATUS",
            "SEE ALSO"
        ]
    );
    assert!(h.contains(
        "\nINPUT\n       commands    Bash commands to execute (like bash -c \"commands\")\n"
    ));
    assert!(h.contains("       exit_code   Exit status (0 = success)\n"));
    assert!(h.contains("       127    Command not found\n"));
    assert!(h.ends_with("SEE ALSO\n       bash(1), sh(1)\n"));
    assert!(!h.contains("CONFIGURATION"));
    // Every BUILTINS line fits the page.
    assert!(
        h.lines().all(|l| l.len() <= 78),
        "a line is wider than the page"
    );
}

#[test]
fn help_configuration_section() {
    let h = configured().help();
    assert!(
        h.ends_with(
            "CONFIGURATION\n       User: agent ($USER)\n       Host: sandbox ($HOSTNAME)\n       Limits: 500 commands, 10000 iterations, 100 depth\n       Environment: API_KEY\n"
        ) || h.contains("User: agent (whoami)"),
        "{h}"
    );
    assert!(!h.contains("secret"), "env values never appear");
    assert!(h.contains("custom_cmd"));
    let p = BashTool::builder()
        .profile("strict")
        .timeout(Duration::from_secs(5))
        .build()
        .help();
    assert!(p.contains("Limits: 100000 commands, 10000 iterations, 100 depth (strict profile)\n"));
    assert!(p.contains("Timeout: 5s\n"));
}

#[test]
fn schemas() {
    let t = BashTool::new();
    let i = t.input_schema();
    assert_eq!(i["required"], json!(["commands"]));
    assert_eq!(i["properties"]["commands"]["type"], "string");
    let o = t.output_schema();
    assert_eq!(o["required"], json!(["stdout", "stderr", "exit_code"]));
}

// ---- BashTool execution -----------------------------------------------------------------

#[test]
fn execute_reports_stdout_stderr_and_exit_code() {
    let mut t = configured();
    let r = run(
        &mut t,
        "echo $USER@$HOSTNAME $HOME; custom_cmd; echo oops >&2; exit 3",
    );
    assert_eq!(r.stdout, "agent@sandbox /home/agent\nhello, world\n");
    assert_eq!(r.stderr, "oops\n");
    assert_eq!(r.exit_code, 3);
    assert_eq!(r.error, None);
    assert_eq!(run(&mut t, "echo $API_KEY").stdout, "secret\n");
}

#[test]
fn session_persists_unless_fresh_per_call() {
    let mut t = BashTool::new();
    run(
        &mut t,
        "cd /tmp; count=1; inc() { count=$((count+1)); }; echo x > f",
    );
    let r = run(&mut t, "inc; echo $count $(pwd) $(cat f)");
    assert_eq!(r.stdout, "2 /tmp x\n");
    let mut f = BashTool::builder().fresh_per_call(true).build();
    run(&mut f, "count=1");
    assert_eq!(run(&mut f, "echo \"[$count]\"").stdout, "[]\n");
}

#[test]
fn error_categories() {
    let mut t = BashTool::new();
    let r = run(&mut t, "if then fi");
    assert_eq!(r.error.as_deref(), Some("parse_error"));
    assert_eq!(r.exit_code, 2);

    let r = t.execute_timed(
        &ToolRequest::new("sleep 5"),
        Some(std::time::Duration::from_millis(200)),
        None,
    );
    assert_eq!(r.error.as_deref(), Some("timeout"));
    assert_eq!(r.exit_code, 124);
    let out = block_on(t.call(serde_json::json!({"commands": "sleep 5", "timeout_ms": 200})))
        .expect("call runs");
    assert_eq!(out.content["exit_code"], 124);

    let mut strict = BashTool::builder().profile("strict").build();
    let r = run(&mut strict, "while :; do :; done");
    assert_eq!(r.error.as_deref(), Some("limit_exceeded"));
    assert_eq!(r.exit_code, 125);

    let bad = BashTool::builder().profile("nope").build();
    assert!(BashTool::builder().profile("nope").try_build().is_err());
    let mut bad = bad;
    assert_eq!(run(&mut bad, "echo hi").error.as_deref(), Some("config"));

    // The session survives all of that.
    assert_eq!(run(&mut t, "echo ok").stdout, "ok\n");
}

#[test]
fn cancelled_from_another_thread() {
    let mut t = BashTool::new();
    let token = t.kernel_mut().cancel_handle();
    // Cancel again until the run has returned: a cancel that lands before it starts is
    // dropped (it cancels only a running script).
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let d2 = done.clone();
    let h = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        while !d2.load(std::sync::atomic::Ordering::SeqCst) {
            token.cancel();
            std::thread::sleep(Duration::from_millis(20));
        }
    });
    let r = run(&mut t, "sleep 10; echo not reached");
    done.store(true, std::sync::atomic::Ordering::SeqCst);
    h.join().unwrap();
    assert_eq!(r.error.as_deref(), Some("cancelled"));
    assert_eq!(r.exit_code, 130);
    assert_eq!(r.stdout, "");
}

#[test]
fn builder_timeout_applies_to_every_call() {
    let mut t = BashTool::builder()
        .timeout(Duration::from_millis(200))
        .build();
    assert_eq!(run(&mut t, "sleep 3").error.as_deref(), Some("timeout"));
}

#[test]
fn mounts_reach_the_host_directory() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("data.txt"), "from host\n").unwrap();
    let mut t = BashTool::builder()
        .mount(dir.path(), "/data", MountMode::ReadOnly)
        .build();
    let r = run(&mut t, "cat /data/data.txt; echo x > /data/new");
    assert_eq!(r.stdout, "from host\n");
    assert_ne!(r.exit_code, 0, "read-only mount refuses writes");
    assert!(!dir.path().join("new").exists());
    assert!(t.help().contains("Mounts: /data (ro)"));
}

#[test]
fn allow_net_is_recorded_and_raises_risk() {
    let t = BashTool::builder()
        .allow_net("https://api.example.com/")
        .build();
    assert_eq!(t.allowed_net(), ["https://api.example.com/"]);
    assert_eq!(t.risk_level(), RiskLevel::HighRisk);
    assert!(t.help().contains("Network: https://api.example.com/"));
    assert_eq!(BashTool::new().risk_level(), RiskLevel::MediumRisk);
}

fn collect(tool: &mut BashTool, script: &str) -> (Vec<ToolStatus>, sandsh::tool::ToolResponse) {
    let events: Arc<Mutex<Vec<ToolStatus>>> = Arc::default();
    let sink = events.clone();
    let r = block_on(tool.execute_with_status(
        ToolRequest::new(script),
        Box::new(move |s| sink.lock().unwrap().push(s)),
    ));
    let ev = events.lock().unwrap().clone();
    (ev, r)
}

#[test]
fn streaming_phases_and_chunks() {
    let mut t = BashTool::new();
    let (ev, r) = collect(&mut t, "for i in 1 2 3; do echo $i; done");
    let phases: Vec<&str> = ev.iter().map(|s| s.phase.as_str()).collect();
    assert_eq!(
        phases,
        [
            "validate", "parse", "execute", "output", "output", "output", "complete"
        ]
    );
    let chunks: Vec<&str> = ev.iter().filter_map(|s| s.output.as_deref()).collect();
    assert_eq!(chunks, ["1\n", "2\n", "3\n"]);
    assert_eq!(r.stdout, "1\n2\n3\n");
    assert_eq!(ev.last().unwrap().percent_complete, Some(100.0));
}

#[test]
fn streaming_chunks_add_up_exactly() {
    let mut t = BashTool::new();
    let script = "printf 'h\\xc3'; printf '\\xa9llo\\n'; echo err >&2; printf '\\xff\\n'; \
                  for i in 1 2; do echo \"é$i\"; echo \"w$i\" >&2; done; seq 1 50 | sort -n | tail -n 2";
    let (ev, r) = collect(&mut t, script);
    let join = |stream: &str| -> String {
        ev.iter()
            .filter(|s| s.stream.as_deref() == Some(stream))
            .map(|s| s.output.clone().unwrap())
            .collect()
    };
    assert_eq!(join("stdout"), r.stdout);
    assert_eq!(join("stderr"), r.stderr);
    assert!(r.stdout.starts_with("héllo\n\u{FFFD}\n"));
    assert!(r.stdout.ends_with("49\n50\n"));
}

#[test]
fn streaming_reports_parse_errors() {
    let mut t = BashTool::new();
    let (ev, r) = collect(&mut t, "echo (");
    assert_eq!(r.error.as_deref(), Some("parse_error"));
    assert!(
        ev[1]
            .message
            .as_deref()
            .unwrap()
            .starts_with("syntax error")
    );
    let joined: String = ev.iter().filter_map(|s| s.output.clone()).collect();
    assert_eq!(joined, r.stderr);
}

#[test]
fn request_and_response_serde() {
    let req: ToolRequest = serde_json::from_str(r#"{"commands":"echo hi"}"#).unwrap();
    assert_eq!(req, ToolRequest::new("echo hi"));
    let t = BashTool::new();
    let r = block_on(t.execute(req));
    assert_eq!(
        serde_json::to_value(&r).unwrap(),
        json!({"stdout": "hi\n", "stderr": "", "exit_code": 0})
    );
}

// ---- Registry -----------------------------------------------------------------------------

fn registry() -> ToolRegistry {
    let mut r = create_standard_registry(&ToolConfig::default());
    r.register(Box::new(BashTool::new()));
    r
}

fn dispatch(r: &mut ToolRegistry, name: &str, args: &str) -> (Value, bool) {
    let res = block_on(r.dispatch(&ToolCall::new("call_1", name, args)));
    assert_eq!(res.id, "call_1");
    (serde_json::from_str(&res.content).unwrap(), res.is_error)
}

#[test]
fn registry_order_and_definition_shapes() {
    let r = registry();
    assert_eq!(
        r.list(),
        [
            "filesystem",
            "execute_command",
            "web_search",
            "str_replace_based_edit_tool",
            "sandsh"
        ]
    );
    let openai = r.openai_tools();
    assert_eq!(openai[4]["type"], "function");
    assert_eq!(openai[4]["function"]["name"], "sandsh");
    assert_eq!(
        openai[4]["function"]["parameters"]["required"],
        json!(["commands"])
    );
    let anthropic = r.anthropic_tools();
    assert_eq!(anthropic[0]["name"], "filesystem");
    assert_eq!(
        anthropic[0]["input_schema"]["required"],
        json!(["operation", "path"])
    );
    let mcp = r.mcp_tools();
    assert_eq!(mcp[0]["inputSchema"]["type"], "object");
    assert_eq!(mcp[0]["annotations"]["readOnlyHint"], true);
    assert_eq!(mcp[0]["annotations"]["destructiveHint"], false);
    assert_eq!(mcp[1]["annotations"]["destructiveHint"], true);
    assert_eq!(mcp[1]["annotations"]["readOnlyHint"], false);
    let risks: Vec<RiskLevel> = r.iter().map(|t| t.risk_level()).collect();
    assert_eq!(
        risks,
        [
            RiskLevel::ReadOnly,
            RiskLevel::HighRisk,
            RiskLevel::LowRisk,
            RiskLevel::MediumRisk,
            RiskLevel::MediumRisk
        ]
    );
}

#[test]
fn dispatch_structured_errors() {
    let mut r = registry();
    let (v, err) = dispatch(&mut r, "nope", "{}");
    assert!(err);
    assert_eq!(v["error"]["kind"], "not_found");

    let (v, err) = dispatch(&mut r, "sandsh", "{not json");
    assert!(err);
    assert_eq!(v["error"]["kind"], "invalid_arguments");

    let (v, _) = dispatch(&mut r, "sandsh", "[1]");
    assert_eq!(v["error"]["kind"], "invalid_arguments");

    let (v, _) = dispatch(&mut r, "sandsh", r#"{"commands": 5}"#);
    assert_eq!(v["error"]["kind"], "schema_violation");
    assert_eq!(v["error"]["path"], "/commands");

    let (v, _) = dispatch(
        &mut r,
        "filesystem",
        r#"{"operation": "delete", "path": "/tmp"}"#,
    );
    assert_eq!(v["error"]["kind"], "schema_violation");
    assert_eq!(v["error"]["path"], "/operation");

    let (v, _) = dispatch(&mut r, "filesystem", r#"{"operation": "read"}"#);
    assert_eq!(v["error"]["path"], "/path");
}

#[test]
fn dispatch_runs_the_shell_and_keeps_the_session() {
    let mut r = registry();
    let (v, err) = dispatch(&mut r, "sandsh", r#"{"commands": "x=5; echo $((x*2))"}"#);
    assert!(!err);
    assert_eq!(v["success"], true);
    assert_eq!(v["content"]["stdout"], "10\n");
    let (v, err) = dispatch(&mut r, "sandsh", r#"{"commands": "echo $x; false"}"#);
    assert!(err, "a failing command is reported as an error result");
    assert_eq!(v["content"]["stdout"], "5\n");
    assert_eq!(v["content"]["exit_code"], 1);
}

#[test]
fn confirmation_gate() {
    let mut r = registry();
    let call = r#"{"command": "echo hi > /tmp/note.txt; echo done"}"#;
    let (v, err) = dispatch(&mut r, "execute_command", call);
    assert!(err);
    assert_eq!(v["error"]["kind"], "permission_denied");
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap()
            .contains("requires confirmation")
    );

    let asked: Arc<Mutex<Vec<String>>> = Arc::default();
    let log = asked.clone();
    r.on_confirm(move |req| {
        log.lock().unwrap().push(req.description.clone());
        req.risk == RiskLevel::HighRisk && !req.description.contains("rm ")
    });
    let (v, err) = dispatch(&mut r, "execute_command", call);
    assert!(!err, "{v}");
    assert_eq!(v["content"]["stdout"], "done\n");
    let (v, _) = dispatch(&mut r, "execute_command", r#"{"command": "rm -rf /tmp"}"#);
    assert_eq!(v["error"]["kind"], "permission_denied");
    assert!(v["error"]["message"].as_str().unwrap().contains("declined"));
    assert_eq!(asked.lock().unwrap().len(), 2);

    // filesystem sees what execute_command wrote: they share one sandbox.
    let (v, err) = dispatch(
        &mut r,
        "filesystem",
        r#"{"operation": "read", "path": "/tmp/note.txt"}"#,
    );
    assert!(!err, "{v}");
    assert_eq!(v["content"]["content"], "hi\n");
    let (v, _) = dispatch(
        &mut r,
        "filesystem",
        r#"{"operation": "read", "path": "/etc/passwd"}"#,
    );
    assert_eq!(v["error"]["kind"], "permission_denied");
}

#[test]
fn tool_call_parsing_from_model_formats() {
    let openai = json!({"id": "c1", "type": "function", "function": {"name": "sandsh", "arguments": "{\"commands\":\"echo 1\"}"}});
    let c = ToolCall::from_openai(&openai).unwrap();
    assert_eq!(c.name, "sandsh");
    let r = registry();
    let res = block_on(r.dispatch(&c));
    assert_eq!(res.to_openai_message()["tool_call_id"], "c1");
    let anthropic =
        json!({"type": "tool_use", "id": "t1", "name": "sandsh", "input": {"commands": "echo 2"}});
    let c = ToolCall::from_anthropic(&anthropic).unwrap();
    let res = block_on(r.dispatch(&c));
    let block = res.to_anthropic_block();
    assert_eq!(block["tool_use_id"], "t1");
    assert_eq!(block["is_error"], false);
    let v: Value = serde_json::from_str(block["content"].as_str().unwrap()).unwrap();
    assert_eq!(v["content"]["stdout"], "2\n");
}

// ---- web_search -----------------------------------------------------------------------------

/// Serve `body` to `n` requests on 127.0.0.1; returns the base URL and the request lines seen.
fn serve(body: &'static str, n: usize) -> (String, Arc<Mutex<Vec<String>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let seen: Arc<Mutex<Vec<String>>> = Arc::default();
    let log = seen.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming().take(n) {
            let Ok(mut s) = stream else { continue };
            let mut buf = [0u8; 4096];
            let mut req = Vec::new();
            while !req.windows(4).any(|w| w == b"\r\n\r\n") {
                match s.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(k) => req.extend_from_slice(&buf[..k]),
                }
            }
            let text = String::from_utf8_lossy(&req);
            log.lock()
                .unwrap()
                .push(text.lines().next().unwrap_or("").to_string());
            let head = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                body.len()
            );
            let _ = s.write_all(head.as_bytes());
            let _ = s.write_all(body.as_bytes());
        }
    });
    (format!("http://{addr}/html/"), seen)
}

const FIXTURE: &str = include_str!("../fixtures/ddg_results.html");

#[test]
fn web_search_against_a_local_server() {
    let (url, seen) = serve(FIXTURE, 2);
    let config = ToolConfig {
        enable_fs: false,
        enable_exec: false,
        allow_net: vec![format!(
            "http://127.0.0.1:{}/",
            url.split(':').nth(2).unwrap().split('/').next().unwrap()
        )],
        web_base_url: url.clone(),
        ..ToolConfig::default()
    };
    let mut r = create_standard_registry(&config);
    let (v, err) = dispatch(
        &mut r,
        "web_search",
        r#"{"query": "rust sandboxed shell", "max_results": 2}"#,
    );
    assert!(!err, "{v}");
    assert_eq!(
        v["content"],
        json!([
            {"title": "Rust Programming Language", "url": "https://www.rust-lang.org/",
             "snippet": "A language empowering everyone to build reliable and efficient software."},
            {"title": "GitHub - reubeno/brush: bash/POSIX shell written in Rust",
             "url": "https://github.com/reubeno/brush",
             "snippet": "brush (Bo(u)rn(e) RUsty SHell) is a POSIX- and bash-compatible shell, implemented in Rust. It's built & tested on Linux."}
        ])
    );
    assert_eq!(v["metadata"]["count"], 2);
    let (v, _) = dispatch(&mut r, "web_search", r#"{"query": "cap std"}"#);
    assert_eq!(v["content"].as_array().unwrap().len(), 3);
    assert_eq!(
        v["content"][2]["snippet"],
        "Capability-based version of the Rust standard library: sandboxed \"Dir\" handles."
    );
    let seen = seen.lock().unwrap();
    assert_eq!(seen[0], "GET /html/?q=rust%20sandboxed%20shell HTTP/1.1");
}

#[test]
fn web_search_is_off_without_allow_net() {
    let (url, seen) = serve(FIXTURE, 1);
    let config = ToolConfig {
        web_base_url: url,
        ..ToolConfig::default()
    };
    let mut r = create_standard_registry(&config);
    let (v, err) = dispatch(&mut r, "web_search", r#"{"query": "x"}"#);
    assert!(err);
    assert_eq!(v["error"]["kind"], "permission_denied");
    assert!(seen.lock().unwrap().is_empty(), "no request was made");
}

#[test]
fn web_search_caps_the_response_size() {
    use sandsh::tool::providers::WebSearchTool;
    let (url, _) = serve(FIXTURE, 1);
    let t = WebSearchTool::new()
        .base_url(url)
        .allow_network(true)
        .max_bytes(100);
    let r = block_on(t.call(json!({"query": "x"})));
    assert_eq!(r.unwrap_err().kind(), "network");
}

// ---- shell introspection ----------------------------------------------------------------------

#[test]
fn tools_and_help_in_the_shell() {
    let mut t = configured();
    let r = run(&mut t, "tools custom_cmd cat; tools --json rm");
    assert_eq!(
        r.stdout.lines().next().unwrap(),
        "custom_cmd demo    demo.custom_cmd  read_only    print a greeting"
    );
    let json_line = r.stdout.lines().last().unwrap();
    let v: Value = serde_json::from_str(json_line).unwrap();
    assert_eq!(v[0]["full_name"], "fs.rm");
    let h = run(&mut t, "help cut").stdout;
    for s in [
        "NAME",
        "SYNOPSIS",
        "OPTIONS",
        "OPERANDS",
        "OUTPUT",
        "EXAMPLES",
        "EXIT STATUS",
    ] {
        assert!(
            h.contains(&format!("\n{s}\n")) || h.starts_with(s),
            "help cut lacks {s}"
        );
    }
    assert!(h.contains("full name text.cut"));
}

#[cfg(feature = "scripted_tool")]
#[test]
fn scripted_tool_in_a_registry() {
    use sandsh::tool::{ScriptedTool, ToolDef};
    let api = ScriptedTool::builder("shop")
        .short_description("Shop API")
        .tool(
            ToolDef::new("price", "Price of a SKU")
                .with_schema(json!({"type": "object", "properties": {"sku": {"type": "string"}}})),
            |a| {
                Ok(format!(
                    "{}\n",
                    a.param_str("sku").map(|s| s.len() * 10).unwrap_or(0)
                ))
            },
        )
        .build();
    let mut r = ToolRegistry::new().with(Box::new(api));
    assert_eq!(
        r.openai_tools()[0]["function"]["description"],
        "Shop API. Tool commands: price"
    );
    let (v, err) = dispatch(
        &mut r,
        "shop",
        r#"{"commands": "echo $(( $(price --sku ab) + $(price --sku abc) ))"}"#,
    );
    assert!(!err);
    assert_eq!(v["content"]["stdout"], "50\n");
}

/// Issue 14: an `Arc<ToolRegistry>` dispatches from many threads at once (`&self` dispatch),
/// each tool guarding its own state; 8 threads, 4 tools.
#[test]
fn a_shared_registry_dispatches_from_many_threads() {
    let mut r = registry();
    r.on_confirm(|_| true);
    let r = Arc::new(r);
    let call = |r: &ToolRegistry, name: &str, args: String| {
        let res = block_on(r.dispatch(&ToolCall::new("c", name, args)));
        (
            serde_json::from_str::<Value>(&res.content).unwrap(),
            res.is_error,
        )
    };
    // filesystem reads what execute_command wrote (they share one sandbox).
    let (v, err) = call(
        &r,
        "execute_command",
        json!({"command": "echo shared > /tmp/shared.txt"}).to_string(),
    );
    assert!(!err, "{v}");
    let workers: Vec<_> = (0..8)
        .map(|t| {
            let r = r.clone();
            std::thread::spawn(move || {
                for i in 0..12 {
                    let n = t * 100 + i;
                    let (v, err) = call(
                        &r,
                        "sandsh",
                        json!({"commands": format!("echo $(({n} * 2))")}).to_string(),
                    );
                    assert!(!err, "{v}");
                    assert_eq!(v["content"]["stdout"], format!("{}\n", n * 2));
                    let (v, err) = call(
                        &r,
                        "execute_command",
                        json!({"command": format!("echo {n}")}).to_string(),
                    );
                    assert!(!err, "{v}");
                    assert_eq!(v["content"]["stdout"], format!("{n}\n"));
                    let (v, err) = call(
                        &r,
                        "filesystem",
                        json!({"operation": "read", "path": "/tmp/shared.txt"}).to_string(),
                    );
                    assert!(!err, "{v}");
                    assert_eq!(v["content"]["content"], "shared\n");
                    // The network is off: a refusal, still a well-formed result.
                    let (v, err) = call(&r, "web_search", json!({"query": "x"}).to_string());
                    assert!(err, "{v}");
                }
            })
        })
        .collect();
    for w in workers {
        w.join().expect("a dispatching thread panicked");
    }
}

/// Calls to different tools run in parallel: a long shell call does not hold up the
/// filesystem tool.
#[test]
fn calls_to_different_tools_run_in_parallel() {
    let r = Arc::new(registry());
    let long = {
        let r = r.clone();
        std::thread::spawn(move || {
            let call = ToolCall::new(
                "c",
                "sandsh",
                r#"{"commands": "sleep 20", "timeout_ms": 5000}"#,
            );
            block_on(r.dispatch(&call))
        })
    };
    std::thread::sleep(Duration::from_millis(200));
    let res = block_on(r.dispatch(&ToolCall::new(
        "c",
        "filesystem",
        r#"{"operation": "list", "path": "/tmp"}"#,
    )));
    assert!(!res.is_error, "{}", res.content);
    assert!(
        !long.is_finished(),
        "the filesystem call waited for the shell call"
    );
    let res = long.join().expect("the shell call panicked");
    assert!(res.is_error, "the shell call timed out: {}", res.content);
}
