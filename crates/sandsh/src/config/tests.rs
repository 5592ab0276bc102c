use std::time::Duration;

use serde_json::json;

use super::*;

fn full() -> SessionConfig {
    let mut c = SessionConfig {
        username: Some("alice".into()),
        hostname: Some("box".into()),
        env: vec![("A".into(), "1".into()), ("B".into(), "two".into())],
        cwd: Some("/work".into()),
        files: vec![
            ("/work/a.txt".into(), b"hi\n".to_vec()),
            ("/work/b.bin".into(), vec![0, 0xff, 0x10]),
        ],
        allow_net: vec!["https://api.example.com/v1/".into()],
        net_max_time: Some(Duration::from_secs(5)),
        profile: Some(Profile::Strict),
        timeout: Some(Duration::from_millis(1500)),
        policy: PolicyConfig {
            deny: vec!["curl".into()],
            allow_only: Some(vec!["ls".into(), "cat".into()]),
            confirm_at: Some(RiskLevel::HighRisk),
            approve_read_only: true,
            redact: vec!["--password".into(), "mysql -p".into()],
        },
        ..SessionConfig::default()
    };
    c.add_mount("/srv/data", Path::new("/data"), MountMode::Overlay);
    c.set_limit(Limit::LoopIterations, 500);
    c.set_limit(Limit::Memory, 64 << 20);
    c
}

#[test]
fn json_round_trip_is_identity() {
    let c = full();
    let v = c.to_json();
    assert_eq!(SessionConfig::from_json(&v), Ok(c.clone()));
    let text = serde_json::to_string(&c).unwrap_or_default();
    let back: SessionConfig = serde_json::from_str(&text).unwrap_or_default();
    assert_eq!(back, c);
    assert_eq!(v["files"]["/work/b.bin"], json!({"hex": "00ff10"}));
    assert_eq!(
        v["limits"],
        json!({"max_loop_iterations": 500, "max_memory": 67108864})
    );
}

/// The bindings' and the CLI's spellings of one configuration read as the same config.
#[test]
fn every_spelling_reads_as_one_config() {
    let canonical = SessionConfig::from_json(&json!({
        "profile": "strict",
        "limits": {"max_loop_iterations": 100, "max_memory": 1048576},
        "mounts": [{"host": "/h", "path": "/m", "mode": "rw"}],
        "allow_net": ["https://x.test/"],
        "timeout": 0.5,
        "policy": {"deny": ["curl"], "allow_only": ["ls"], "confirm_at": "high_risk"},
    }))
    .unwrap_or_default();
    // Node: camelCase, a profile inside limits, milliseconds already turned into seconds.
    let node = SessionConfig::from_json(&json!({
        "limits": {"profile": "strict", "maxLoopIterations": 100, "maxMemory": "1M"},
        "mounts": [{"host": "/h", "path": "/m/", "mode": "rw"}],
        "allowNet": ["https://x.test/"],
        "timeout": "500ms",
        "policy": {"deny": ["curl"], "allowOnly": ["ls"], "confirmAt": "high"},
    }));
    // Python: tuples (arrays), kebab-case limits.
    let python = SessionConfig::from_json(&json!({
        "limits": {"profile": "strict", "max-loop-iterations": 100, "max_memory": "1024k"},
        "mounts": [["/h", "/m", "rw"]],
        "allow_net": "https://x.test/",
        "timeout": "0.5s",
        "policy": {"deny": ["curl"], "allow_only": ["ls"], "confirm_at": "high"},
    }));
    // The CLI: one `set` per flag, with the flag's text.
    let mut cli = SessionConfig::default();
    for (key, v) in [
        ("profile", json!("strict")),
        ("limits", json!({"max-loop-iterations": "100"})),
        ("limits", json!({"max-memory": "1M"})),
        ("mounts", json!("/h:/m:rw")),
        ("allow_net", json!("https://x.test/")),
        ("timeout", json!("500ms")),
        ("policy", json!({"deny": ["curl"]})),
        ("policy", json!({"allow_only": ["ls"]})),
        ("policy", json!({"confirm_at": "high"})),
    ] {
        assert_eq!(cli.set(key, &v), Ok(()), "{key}");
    }
    assert_eq!(node, Ok(canonical.clone()));
    assert_eq!(python, Ok(canonical.clone()));
    assert_eq!(cli, canonical);
    assert_eq!(canonical.execution_limits().max_loop_iterations, 100);
    assert_eq!(
        canonical.execution_limits().max_commands,
        ExecutionLimits::strict().max_commands
    );
}

#[test]
fn one_message_per_mistake_naming_the_key() {
    let err = |v: serde_json::Value| {
        SessionConfig::from_json(&v)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default()
    };
    assert_eq!(
        err(json!({"limits": "lax"})),
        "limits: unknown profile 'lax' (strict, standard, interactive)"
    );
    assert_eq!(
        err(json!({"timeout": "soon"})),
        "timeout: invalid duration 'soon' (seconds, or text such as 500ms or 2m)"
    );
    assert_eq!(
        err(json!({"timeout": -1})),
        "timeout: invalid duration '-1' (seconds, or text such as 500ms or 2m)"
    );
    assert_eq!(
        err(json!({"limits": {"maxCommands": "lots"}})),
        "limits.maxCommands: invalid value 'lots' (a non-negative integer, a size such as 64M, or unlimited)"
    );
    assert!(
        err(json!({"limits": {"maxBananas": 3}}))
            .starts_with("limits.maxBananas: unknown limit 'maxBananas' (known: max_commands,")
    );
    assert_eq!(
        err(json!({"policy": {"confirmAt": "spicy"}})),
        "policy.confirmAt: invalid risk 'spicy' (read_only, low, medium, high, critical)"
    );
    for bad in [
        json!(3),
        json!(["password"]),
        json!(["--"]),
        json!(["-pq"]),
        json!([" -p"]),
    ] {
        assert_eq!(
            err(json!({"policy": {"redact": bad}})),
            "policy.redact: expected an array of options such as \"--password\", \"-p\" or \"mysql -p\"",
        );
    }
    assert_eq!(
        err(json!({"policy": {"deny": ["cd"]}})),
        "policy.deny: cd is a shell builtin; builtins cannot be denied"
    );
    assert_eq!(
        err(json!({"env": {"1BAD": "x"}})),
        "env: `1BAD': not a valid identifier"
    );
    assert_eq!(
        err(json!({"mounts": ["/tmp"]})),
        "mounts[0]: invalid mount '/tmp': expected HOST:PATH[:ro|:overlay|:rw]"
    );
    assert_eq!(
        err(json!({"mounts": [["/tmp", "/d", "rwx"]]})),
        "mounts[0]: invalid mount mode 'rwx' (expected ro, overlay or rw)"
    );
    assert!(err(json!({"colour": "blue"})).starts_with("colour: unknown option (known: username,"));
    let e = SessionConfig::default()
        .set("timeout", &json!("5x"))
        .map_err(|e| e.for_key("--timeout").to_string());
    assert_eq!(
        e,
        Err("--timeout: invalid duration '5x' (seconds, or text such as 500ms or 2m)".into())
    );
}

#[test]
fn exact_limits_are_kept_as_their_difference_from_standard() {
    let mut c = SessionConfig::default();
    c.set_limits(&ExecutionLimits::strict());
    assert_eq!(c.execution_limits(), ExecutionLimits::strict());
    c.set_limits(&ExecutionLimits::standard());
    assert!(c.limits.is_empty() && c.profile.is_none());
}
