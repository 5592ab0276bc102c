//! The code snippets of seeds 000 (tool contract) and 001 (scripted tools), compiled and run
//! with only the crate name changed (`bashkit` → `sandsh`). Between the snippets, only what
//! the seeds leave to the reader: the custom command's own type, an async context
//! (`block_on`), and the checks the seeds state in comments.
#![allow(unused_mut)] // Seed 000's tools are `let mut`; sandsh's `execute` takes `&self`.

use std::sync::{Arc, Mutex};

use sandsh::api::{Arg, CommandSpec, ExitStatus, RiskLevel, ToolCtx};
use sandsh::{Bash, BashTool, ExecutionLimits, Tool, ToolRequest, ToolStatus, block_on};

/// The reader's custom command (seed 000's `MyBuiltin`).
struct MyBuiltin;

static MY_SPEC: CommandSpec = CommandSpec {
    name: "custom_cmd",
    group: "test",
    summary: "say who is custom",
    usage: "custom_cmd",
    description: "",
    options: &[],
    operands: &[],
    returns: "",
    examples: &[],
    errors: "",
    risk: RiskLevel::ReadOnly,
};

impl sandsh::Command for MyBuiltin {
    fn spec(&self) -> &CommandSpec {
        &MY_SPEC
    }
    fn run(&self, _args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let _ = writeln!(ctx.stdout(), "custom");
        0
    }
}

/// Seed 000, "BashTool Implementation".
#[test]
fn seed_000_bash_tool() {
    block_on(async {
        let mut tool = BashTool::builder()
            .username("agent")
            .hostname("sandbox")
            .limits(ExecutionLimits::new().max_commands(1000))
            .env("API_KEY", "secret")
            .builtin("custom_cmd", Box::new(MyBuiltin))
            .build();

        let response = tool
            .execute(ToolRequest {
                commands: "echo hello".to_string(),
            })
            .await;
        assert_eq!(response.stdout, "hello\n");
        assert_eq!(response.exit_code, 0);

        let r = tool
            .execute(ToolRequest {
                commands: "custom_cmd; whoami; hostname; echo $API_KEY".to_string(),
            })
            .await;
        assert_eq!(r.stdout, "custom\nagent\nsandbox\nsecret\n");
        // "description(): Appends custom builtin names to supported tools".
        assert!(tool.description().contains("custom_cmd"));
        // "system_prompt(): Adds Home: /home/<username> if username set".
        assert!(tool.system_prompt().contains("Home: /home/agent"));
    });
}

/// Seed 000, "Streaming Output": `exec_streaming` at the `Bash` level.
#[test]
fn seed_000_exec_streaming() {
    fn run() -> Result<(), Box<dyn std::error::Error>> {
        block_on(async {
            let mut bash = Bash::new();
            let chunks = Arc::new(Mutex::new(Vec::new()));
            let chunks_cb = chunks.clone();
            let result = bash
                .exec_streaming(
                    "for i in 1 2 3; do echo $i; done",
                    Box::new(move |stdout, _stderr| {
                        chunks_cb.lock().unwrap().push(stdout.to_string());
                    }),
                )
                .await?;
            // result.stdout == "1\n2\n3\n"  (complete)
            assert_eq!(result.stdout, "1\n2\n3\n");
            // chunks == ["1\n", "2\n", "3\n"]  (incremental)
            assert_eq!(*chunks.lock().unwrap(), ["1\n", "2\n", "3\n"]);
            Ok(())
        })
    }
    run().expect("the seed's snippet runs");
}

/// Seed 000, `ToolStatus::stdout("chunk")` / `ToolStatus::stderr("chunk")`.
#[test]
fn seed_000_status_constructors() {
    let s = ToolStatus::stdout("chunk");
    assert_eq!(s.phase, "output");
    assert_eq!(s.output.as_deref(), Some("chunk"));
    assert_eq!(
        ToolStatus::stderr("chunk").stream.as_deref(),
        Some("stderr")
    );
}

/// Seed 001, "ScriptedToolBuilder", with the reader's script calling the tool.
#[cfg(feature = "scripted_tool")]
#[test]
fn seed_001_scripted_tool() {
    use sandsh::{ScriptedTool, ToolDef};
    use serde_json::json;

    let tool = ScriptedTool::builder("api_name")
        .short_description("...")
        .tool(
            ToolDef::new("get_user", "Fetch user by ID")
                .with_schema(json!({"type": "object", "properties": {"id": {"type": "integer"}}})),
            |args| {
                let id = args.param_i64("id").ok_or("missing --id")?;
                Ok(format!("{{\"id\":{id}}}\n"))
            },
        )
        .env("API_KEY", "...")
        .limits(ExecutionLimits::new().max_commands(500))
        .build();
    let r = block_on(tool.execute(ToolRequest {
        commands: "get_user --id 42 | jq .id; get_user || echo failed".to_string(),
    }));
    assert_eq!(r.stdout, "42\nfailed\n");
    assert!(r.stderr.contains("missing --id"), "{}", r.stderr);
    assert!(tool.system_prompt().contains("get_user --id <integer>"));
}

/// Seed 001, "Unknown flags (not in schema) are kept as strings", a bare one included.
#[cfg(feature = "scripted_tool")]
#[test]
fn seed_001_unknown_flags_are_strings() {
    use sandsh::{ScriptedTool, ToolDef};

    let tool = ScriptedTool::builder("api")
        .tool(
            ToolDef::new("echo_params", "Echo the parsed flags"),
            |args| Ok(format!("{}\n", args.params)),
        )
        .build();
    let r = block_on(tool.execute(ToolRequest::new(
        "echo_params --name Alice --id 7 --verbose",
    )));
    assert_eq!(
        r.stdout,
        "{\"id\":\"7\",\"name\":\"Alice\",\"verbose\":\"true\"}\n"
    );
}
