//! Traces (issue 45): an event per command that ran and per run, to a sink or as JSON lines
//! (`--trace FILE`).

use std::sync::{Arc, Mutex};

use sandsh::trace::{TraceEvent, TraceSink};
use sandsh::{Kernel, KernelConfig, SecretConfig};

#[derive(Default)]
struct Collect(Mutex<Vec<TraceEvent>>);

impl TraceSink for Collect {
    fn record(&self, event: &TraceEvent) {
        self.0.lock().unwrap().push(event.clone());
    }
}

#[test]
fn every_command_and_run_is_traced() {
    let sink = Arc::new(Collect::default());
    let mut k = Kernel::new(
        KernelConfig::default()
            .limits(sandsh::kernel::ExecutionLimits::standard().max_loop_iterations(50))
            .trace(sink.clone()),
    );
    k.execute("cd /tmp; printf 'b\\na\\n' | sort; cat /nope; echo built-in");
    k.execute("while :; do :; done");
    let events = sink.0.lock().unwrap().clone();
    let commands: Vec<(u64, String, Vec<String>, String, i32, u64)> = events
        .iter()
        .filter_map(|e| match e {
            TraceEvent::Command {
                run,
                name,
                args,
                cwd,
                status,
                stdout_bytes,
                ..
            } => Some((
                *run,
                name.clone(),
                args.clone(),
                cwd.clone(),
                *status,
                *stdout_bytes,
            )),
            _ => None,
        })
        .collect();
    // printf and echo are builtins: the language, not traced.
    assert_eq!(
        commands,
        [
            (1, "sort".into(), vec![], "/tmp".into(), 0, 4),
            (1, "cat".into(), vec!["/nope".into()], "/tmp".into(), 1, 0),
        ]
    );
    let runs: Vec<(u64, i32, Option<&str>, Option<String>)> = events
        .iter()
        .filter_map(|e| match e {
            TraceEvent::Run {
                run,
                status,
                error,
                message,
                ..
            } => Some((*run, *status, *error, message.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(runs[0], (1, 0, None, None));
    assert_eq!(runs[1].0, 2);
    assert_eq!(runs[1].2, Some("limit_exceeded"));
    assert!(
        runs[1].3.as_deref().unwrap().contains("loop iterations"),
        "{runs:?}"
    );
    let json = events[0].to_json();
    assert_eq!(json["event"], "command");
    // sort read "b\na\n" from its standard input.
    assert_eq!(json["stdin_bytes"], 4);
    assert!(json["duration_ms"].as_f64().unwrap() >= 0.0);
}

#[test]
fn a_credential_never_reaches_the_trace() {
    let sink = Arc::new(Collect::default());
    let mut k = Kernel::new(
        KernelConfig::default()
            .allow_net("http://127.0.0.1:9/")
            .secret(SecretConfig {
                name: Some("TOKEN".into()),
                url: "http://127.0.0.1:9/".into(),
                inject: None,
                value: "trace-Secr3t".into(),
            })
            .trace(sink.clone()),
    );
    // The script can only name the placeholder; even a literal value is redacted.
    k.execute("curl -s -H \"X: $TOKEN\" http://127.0.0.1:9/ ; cat trace-Secr3t");
    let text: String = sink
        .0
        .lock()
        .unwrap()
        .iter()
        .map(|e| e.to_json().to_string())
        .collect();
    assert!(text.contains("sandsh-secret-TOKEN"), "{text}");
    assert!(!text.contains("trace-Secr3t"), "{text}");
}

#[test]
fn the_cli_appends_json_lines() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("trace.jsonl");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sandsh"))
        .arg("--trace")
        .arg(&file)
        .args(["-c", "echo a | wc -c"])
        .output()
        .unwrap();
    assert_eq!(out.stdout, b"2\n");
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert_eq!(lines[0]["name"], "wc");
    assert_eq!(lines[0]["args"], serde_json::json!(["-c"]));
    assert_eq!(lines[1]["event"], "run");
    assert_eq!(lines[1]["status"], 0);
}

/// `--otlp URL`: a span per run and a child span per command reach an OTLP/HTTP receiver (a
/// local one that records what is posted to /v1/traces).
#[cfg(feature = "otel")]
#[test]
fn spans_reach_an_otlp_receiver() {
    use crate::net::{Reply, response, serve, watchdog};
    watchdog(60, || {
        let receiver = serve(|_| {
            Reply::Raw(response(
                "200 OK",
                &[("Content-Type", "application/json")],
                b"{}",
            ))
        });
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_sandsh"))
            .args(["--otlp", &receiver.url("")])
            .args(["-c", "cd /tmp && echo a | sort | wc -l; cat /nope"])
            .output()
            .unwrap();
        assert_eq!(
            out.stdout,
            b"1\n",
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let posts = receiver.requests();
        assert!(
            posts
                .iter()
                .all(|p| p.method == "POST" && p.path == "/v1/traces"),
            "{posts:?}"
        );
        let mut spans = Vec::new();
        for p in &posts {
            let v: serde_json::Value = serde_json::from_slice(&p.body).unwrap();
            for rs in v["resourceSpans"].as_array().unwrap() {
                for ss in rs["scopeSpans"].as_array().unwrap() {
                    spans.extend(ss["spans"].as_array().unwrap().iter().cloned());
                }
            }
        }
        let by_name = |n: &str| {
            spans
                .iter()
                .find(|s| s["name"] == n)
                .unwrap_or_else(|| panic!("no {n} span in {spans:?}"))
        };
        let run = by_name("sandsh.run");
        for name in ["sort", "wc", "cat"] {
            let s = by_name(name);
            assert_eq!(s["traceId"], run["traceId"], "{name}");
            assert_eq!(s["parentSpanId"], run["spanId"], "{name}");
        }
        assert_eq!(spans.len(), 4, "{spans:?}");
    });
}
