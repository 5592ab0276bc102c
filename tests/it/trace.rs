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

/// A command the policy refused has its own event; options the policy names (`--redact`)
/// show no value.
#[test]
fn refusals_redacted_options_and_cut_output_are_traced() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("trace.jsonl");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sandsh"))
        .arg("--trace")
        .arg(&file)
        .args(["--deny", "sort"])
        .args(["--redact", "grep -e", "--redact", "--regexp"])
        .args([
            "-c",
            "printf 'a\\n' > f; grep -e s3cret f; grep --regexp=t0ken f; \
             grep --regexp t0ken2 f; grep -es3 f; head -n 1 -e f; sort f",
        ])
        .output()
        .unwrap();
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("sort: denied by policy"),
        "{out:?}"
    );
    let text = std::fs::read_to_string(&file).unwrap();
    for secret in ["s3cret", "t0ken", "t0ken2", "s3"] {
        assert!(!text.contains(secret), "{secret} in {text}");
    }
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let args = |name: &str| -> Vec<serde_json::Value> {
        lines
            .iter()
            .filter(|l| l["name"] == name)
            .map(|l| l["args"].clone())
            .collect()
    };
    use serde_json::json;
    assert_eq!(
        args("grep"),
        [
            json!(["-e", "[REDACTED]", "f"]),
            json!(["--regexp=[REDACTED]", "f"]),
            json!(["--regexp", "[REDACTED]", "f"]),
            json!(["-e[REDACTED]", "f"]),
        ]
    );
    // `grep -e` names grep's option only.
    assert_eq!(args("head"), [json!(["-n", "1", "-e", "f"])]);
    let refused = lines.iter().find(|l| l["event"] == "refused").unwrap();
    assert_eq!(refused["name"], "sort");
    assert_eq!(refused["by"], "policy");
    assert_eq!(refused["status"], 126);
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .starts_with("sandsh: sort: denied by policy"),
        "{refused}"
    );
    assert_eq!(lines.last().unwrap()["event"], "run");
}

/// A hook's refusal is traced with the hook as its author, after the embedder's own hooks
/// have heard of it; a run whose output passed the limit says how it was cut.
#[test]
fn a_hooks_refusal_is_traced() {
    use sandsh::api::hooks::{CommandCall, CommandHooks, CommandRefused, Verdict};
    #[derive(Default)]
    struct NoCat(Mutex<Vec<String>>);
    impl CommandHooks for NoCat {
        fn before_command(&self, call: &CommandCall<'_>) -> Verdict {
            match call.name {
                "cat" => Verdict::Deny {
                    message: "no cat here".into(),
                    status: 3,
                },
                _ => Verdict::Run,
            }
        }
        fn refused(&self, r: &CommandRefused<'_>) {
            self.0
                .lock()
                .unwrap()
                .push(format!("{} {}", r.name, r.by.as_str()));
        }
    }
    let sink = Arc::new(Collect::default());
    let hooks = Arc::new(NoCat::default());
    let mut k = Kernel::new(
        KernelConfig::default()
            .limits(sandsh::kernel::ExecutionLimits::standard().max_output_bytes(1000))
            .hooks(hooks.clone())
            .trace(sink.clone()),
    );
    let r = k.execute("cat /etc/passwd; echo $?");
    assert_eq!(r.stdout, b"3\n");
    assert_eq!(r.stderr, b"no cat here\n");
    assert_eq!(*hooks.0.lock().unwrap(), ["cat hook"]);
    let events = sink.0.lock().unwrap().clone();
    match &events[0] {
        TraceEvent::Refused {
            run,
            name,
            args,
            by,
            status,
            message,
            ..
        } => {
            assert_eq!(
                (
                    *run,
                    name.as_str(),
                    args.clone(),
                    *by,
                    *status,
                    message.as_str()
                ),
                (
                    1,
                    "cat",
                    vec!["/etc/passwd".to_string()],
                    "hook",
                    3,
                    "no cat here\n"
                )
            );
        }
        other => panic!("{other:?}"),
    }
    k.execute("seq 100000");
    match sink.0.lock().unwrap().last() {
        Some(TraceEvent::Run {
            stdout_cut: Some(cut),
            stderr_cut: None,
            ..
        }) => assert_eq!(cut.total, 588895),
        other => panic!("{other:?}"),
    }
}

/// `--otlp` takes a plain-http collector only, and says so before running anything.
#[cfg(feature = "otel")]
#[test]
fn an_https_collector_is_refused_up_front() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sandsh"))
        .args(["--otlp", "https://127.0.0.1:4318", "-c", "echo ran"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(out.stdout.is_empty(), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("--otlp https://127.0.0.1:4318: OTLP is sent over plain http:// only"),
        "{out:?}"
    );
}
