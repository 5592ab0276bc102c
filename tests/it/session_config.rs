//! One session configuration through every entry point: `tests/fixtures/session_config.json`
//! holds it in each one's spelling. Here the CLI (`--print-config` and a run), Rust
//! (`SessionConfig` from its JSON into a `BashTool`) and the MCP server (its instructions and a
//! call); the Python and Node packages' suites read the same file.

use std::process::Command;

use sandsh::tool::{Tool, ToolRequest};
use sandsh::{BashTool, SessionConfig};
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_sandsh");

pub(crate) fn fixture() -> Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/session_config.json"
    );
    let text = std::fs::read_to_string(path).expect("the fixture");
    serde_json::from_str(&text).expect("the fixture is JSON")
}

/// The fixture's command-line flags.
pub(crate) fn cli_flags(f: &Value) -> Vec<String> {
    f["cli"]
        .as_array()
        .expect("cli flags")
        .iter()
        .map(|a| a.as_str().expect("a flag").to_string())
        .collect()
}

#[test]
fn the_cli_flags_make_the_config() {
    let f = fixture();
    let out = Command::new(BIN)
        .args(cli_flags(&f))
        .arg("--print-config")
        .output()
        .expect("run sandsh");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let shown: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(shown, f["config"]);
}

#[test]
fn the_cli_session_runs_the_probe() {
    let f = fixture();
    let out = Command::new(BIN)
        .args(cli_flags(&f))
        .arg("-c")
        .arg(f["probe"]["script"].as_str().unwrap_or_default())
        .output()
        .expect("run sandsh");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        f["probe"]["stdout"].as_str().unwrap_or("?")
    );
    assert_eq!(
        Some(i64::from(out.status.code().unwrap_or(-1))),
        f["probe"]["exit_code"].as_i64()
    );
}

#[test]
fn a_rust_session_from_the_json_is_the_same_session() {
    let f = fixture();
    let config = SessionConfig::from_json(&f["config"]).expect("the config reads");
    let tool = BashTool::builder()
        .config(config)
        .try_build()
        .expect("the session");
    assert_eq!(tool.session_config().to_json(), f["config"]);
    let r = sandsh::block_on(tool.execute(ToolRequest::new(
        f["probe"]["script"].as_str().unwrap_or_default(),
    )));
    assert_eq!(r.stdout, f["probe"]["stdout"].as_str().unwrap_or_default());
    assert_eq!(
        Some(i64::from(r.exit_code)),
        f["probe"]["exit_code"].as_i64()
    );
    // serde both ways.
    let back: SessionConfig = serde_json::from_value(f["config"].clone()).expect("serde");
    assert_eq!(serde_json::to_value(&back).ok(), Some(f["config"].clone()));
}
