//! [`ScriptedTool`] (seed 001): many tool callbacks behind one bash tool.
//!
//! A model with a dozen tools pays a round trip per call; given one `ScriptedTool`, it writes
//! a single script that calls them all as commands (`get_user --id 1 | …`), combining their
//! output with pipes, variables, loops and conditionals. Each [`ToolDef`] + callback becomes a
//! command of a fresh kernel per `execute` (no state leaks between calls, as the seed asks);
//! the callbacks are shared `Arc`s, so the tool is reusable.
//!
//! A tool command reads its standard input to the end and passes it as [`ToolArgs::stdin`]
//! (pipeline input), as any command that reads stdin does; inside `while read` loops, give it
//! `< /dev/null` if it must not consume the loop's input.

mod execute;

use std::sync::Arc;

use serde_json::Value;

use crate::kernel::ExecutionLimits;
use sandsh_api::Command;

pub use execute::{parse_flags, read_tool_args, usage_line, write_tool_output};

/// An OpenAPI-style tool definition.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolDef {
    pub name: String,
    pub description: String,
    /// JSON Schema of the flags; `{}` when unset.
    pub input_schema: Value,
}

impl ToolDef {
    pub fn new(name: impl Into<String>, description: impl Into<String>) -> Self {
        ToolDef {
            name: name.into(),
            description: description.into(),
            input_schema: Value::Object(serde_json::Map::new()),
        }
    }

    /// Set the JSON Schema that types the tool's flags.
    pub fn with_schema(mut self, schema: Value) -> Self {
        self.input_schema = schema;
        self
    }
}

/// What a callback receives: the flags as a JSON object, and the pipeline input.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ToolArgs {
    pub params: Value,
    pub stdin: Option<String>,
}

impl ToolArgs {
    pub fn param_str(&self, key: &str) -> Option<&str> {
        self.params.get(key)?.as_str()
    }

    /// An integer flag (a numeric string from an untyped flag counts too).
    pub fn param_i64(&self, key: &str) -> Option<i64> {
        match self.params.get(key)? {
            Value::String(s) => s.trim().parse().ok(),
            v => v.as_i64(),
        }
    }

    /// A number flag (a numeric string from an untyped flag counts too).
    pub fn param_f64(&self, key: &str) -> Option<f64> {
        match self.params.get(key)? {
            Value::String(s) => s.trim().parse().ok(),
            v => v.as_f64(),
        }
    }

    /// A boolean flag (`"true"`/`"false"` from an untyped flag count too).
    pub fn param_bool(&self, key: &str) -> Option<bool> {
        match self.params.get(key)? {
            Value::Bool(b) => Some(*b),
            Value::String(s) => match s.as_str() {
                "true" => Some(true),
                "false" => Some(false),
                _ => None,
            },
            _ => None,
        }
    }
}

/// A tool's implementation: stdout on success, an error message on failure.
pub type ToolCallback = Arc<dyn Fn(&ToolArgs) -> Result<String, String> + Send + Sync>;

pub(crate) struct ToolEntry {
    pub(crate) def: ToolDef,
    pub(crate) adapter: Arc<dyn Command>,
}

/// Builder of a [`ScriptedTool`].
pub struct ScriptedToolBuilder {
    name: String,
    short_description: Option<String>,
    tools: Vec<(ToolDef, ToolCallback)>,
    env: Vec<(String, String)>,
    limits: ExecutionLimits,
}

impl ScriptedToolBuilder {
    pub fn short_description(mut self, d: impl Into<String>) -> Self {
        self.short_description = Some(d.into());
        self
    }

    /// Add a tool command: its definition and its callback.
    pub fn tool(
        mut self,
        def: ToolDef,
        callback: impl Fn(&ToolArgs) -> Result<String, String> + Send + Sync + 'static,
    ) -> Self {
        self.tools.push((def, Arc::new(callback)));
        self
    }

    /// Add a tool command whose callback is already shared.
    pub fn tool_arc(mut self, def: ToolDef, callback: ToolCallback) -> Self {
        self.tools.push((def, callback));
        self
    }

    pub fn env(mut self, k: impl Into<String>, v: impl Into<String>) -> Self {
        self.env.push((k.into(), v.into()));
        self
    }

    pub fn limits(mut self, l: ExecutionLimits) -> Self {
        self.limits = l;
        self
    }

    pub fn build(self) -> ScriptedTool {
        let short_description = self
            .short_description
            .unwrap_or_else(|| format!("Run bash scripts that call the {} tools", self.name));
        let tools = self
            .tools
            .into_iter()
            .map(|(def, cb)| {
                let adapter: Arc<dyn Command> =
                    Arc::new(execute::ToolBuiltinAdapter::new(&def, cb));
                ToolEntry { def, adapter }
            })
            .collect();
        ScriptedTool {
            name: self.name,
            short_description,
            tools,
            env: self.env,
            limits: self.limits,
        }
    }
}

/// Tool callbacks as commands of a bash script (see the module docs).
pub struct ScriptedTool {
    pub(crate) name: String,
    pub(crate) short_description: String,
    pub(crate) tools: Vec<ToolEntry>,
    pub(crate) env: Vec<(String, String)>,
    pub(crate) limits: ExecutionLimits,
}

impl ScriptedTool {
    pub fn builder(name: impl Into<String>) -> ScriptedToolBuilder {
        ScriptedToolBuilder {
            name: name.into(),
            short_description: None,
            tools: Vec::new(),
            env: Vec::new(),
            limits: ExecutionLimits::default(),
        }
    }

    /// The definitions of the tool commands, in registration order.
    pub fn tool_defs(&self) -> Vec<&ToolDef> {
        self.tools.iter().map(|t| &t.def).collect()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::{Arc, Mutex};

    use serde_json::json;

    use super::*;
    use crate::tool::{Tool, ToolRequest, ToolResponse, ToolStatus, block_on};

    fn user_schema() -> Value {
        json!({"type": "object", "properties": {"id": {"type": "integer"}}})
    }

    fn api() -> ScriptedTool {
        ScriptedTool::builder("api_name")
            .short_description("Demo API")
            .tool(
                ToolDef::new("get_user", "Fetch user by ID").with_schema(user_schema()),
                |args| {
                    let id = args.param_i64("id").ok_or("missing --id")?;
                    if id == 404 {
                        return Err("user 404 not found".into());
                    }
                    Ok(format!("{{\"id\":{id},\"name\":\"user{id}\"}}\n"))
                },
            )
            .tool(
                ToolDef::new("list_orders", "List orders for user").with_schema(json!({
                    "type": "object",
                    "properties": {"user_id": {"type": "integer"}, "open": {"type": "boolean"}}
                })),
                |args| {
                    let uid = args.param_i64("user_id").ok_or("missing --user_id")?;
                    let open = args.param_bool("open").unwrap_or(false);
                    Ok(format!(
                        "order-{uid}-a\norder-{uid}-b{}\n",
                        if open { "" } else { "\norder-closed" }
                    ))
                },
            )
            .tool(ToolDef::new("echo_args", "Echo the parsed flags"), |args| {
                Ok(format!("{}\n", args.params))
            })
            .tool(ToolDef::new("upper", "Uppercase stdin"), |args| {
                Ok(args.stdin.clone().unwrap_or_default().to_uppercase())
            })
            .build()
    }

    fn run(t: &mut ScriptedTool, script: &str) -> ToolResponse {
        block_on(t.execute(ToolRequest::new(script)))
    }

    fn flags(args: &[&str], schema: Value) -> Result<Value, String> {
        let v: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        parse_flags(&v, &schema)
    }

    // Builder configuration

    #[test]
    fn builder_sets_name_and_short_description() {
        let t = api();
        assert_eq!(t.name(), "api_name");
        assert_eq!(t.short_description(), "Demo API");
    }

    #[test]
    fn builder_defaults() {
        let t = ScriptedTool::builder("bare").build();
        assert_eq!(
            t.short_description(),
            "Run bash scripts that call the bare tools"
        );
        assert!(t.tool_defs().is_empty());
        assert_eq!(t.limits, crate::kernel::ExecutionLimits::default());
        assert_eq!(ToolDef::new("x", "y").input_schema, json!({}));
    }

    #[test]
    fn description_lists_tool_commands() {
        assert_eq!(
            api().description(),
            "Demo API. Tool commands: get_user list_orders echo_args upper"
        );
    }

    #[test]
    fn builder_keeps_registration_order() {
        let names: Vec<String> = api().tool_defs().iter().map(|d| d.name.clone()).collect();
        assert_eq!(names, ["get_user", "list_orders", "echo_args", "upper"]);
    }

    // Introspection

    #[test]
    fn system_prompt_has_seed_shape() {
        let p = api().system_prompt();
        assert!(p.starts_with(
            "# api_name\n\nInput: {\"commands\": \"<bash script>\"}\nOutput: {stdout, stderr, exit_code}\n\n## Available tool commands\n\n"
        ));
        assert!(p.contains("- `get_user`: Fetch user by ID\n  Usage: `get_user --id <integer>`\n"));
        assert!(p.ends_with(
            "## Tips\n\n- Pass arguments as `--key value` or `--key=value` flags\n- Pipe tool output through `jq` for JSON processing\n- Use variables to pass data between tool calls\n"
        ));
    }

    #[test]
    fn system_prompt_omits_usage_without_schema() {
        let p = api().system_prompt();
        assert!(p.contains("- `echo_args`: Echo the parsed flags\n- `upper`"));
    }

    #[test]
    fn help_is_a_man_page_with_tool_commands() {
        let h = api().help();
        assert!(h.starts_with("API_NAME(1)"));
        for s in [
            "NAME",
            "SYNOPSIS",
            "DESCRIPTION",
            "TOOL COMMANDS",
            "INPUT",
            "OUTPUT",
            "EXAMPLES",
            "EXIT STATUS",
            "SEE ALSO",
        ] {
            assert!(h.contains(&format!("\n{s}\n")), "missing {s}");
        }
        assert!(h.contains("list_orders - List orders for user\n"));
        assert!(h.contains("Usage: list_orders --open --user_id <integer>"));
    }

    #[test]
    fn schemas_are_the_shell_schemas() {
        let t = api();
        assert_eq!(t.input_schema()["required"], json!(["commands"]));
        assert_eq!(
            t.output_schema()["properties"]["exit_code"]["type"],
            "integer"
        );
        assert_eq!(t.version(), env!("CARGO_PKG_VERSION"));
    }

    #[test]
    fn usage_line_renders_schema_types() {
        let d = ToolDef::new("t", "d").with_schema(json!({"properties": {
            "a": {"type": "number"}, "b": {"type": "boolean"}, "c": {"type": "string"}, "d": {}
        }}));
        assert_eq!(
            usage_line(&d),
            "t --a <number> --b --c <string> --d <value>"
        );
    }

    // Flag parsing

    #[test]
    fn flag_key_space_value() {
        assert_eq!(flags(&["--id", "42"], user_schema()), Ok(json!({"id": 42})));
    }

    #[test]
    fn flag_key_equals_value() {
        assert_eq!(flags(&["--id=42"], user_schema()), Ok(json!({"id": 42})));
        assert_eq!(flags(&["--q=a=b"], json!({})), Ok(json!({"q": "a=b"})));
    }

    #[test]
    fn bare_boolean_flags() {
        let s = json!({"properties": {"verbose": {"type": "boolean"}, "n": {"type": "integer"}}});
        assert_eq!(
            flags(&["--verbose", "--n", "1"], s.clone()),
            Ok(json!({"verbose": true, "n": 1}))
        );
        assert_eq!(
            flags(&["--verbose", "false"], s.clone()),
            Ok(json!({"verbose": false}))
        );
        assert_eq!(flags(&["--verbose=no"], s), Ok(json!({"verbose": false})));
        // An unknown bare flag is kept as a string, as every unknown flag is.
        assert_eq!(flags(&["--dry"], json!({})), Ok(json!({"dry": "true"})));
    }

    #[test]
    fn coercion_by_schema_type() {
        let s = json!({"properties": {
            "n": {"type": "number"}, "s": {"type": "string"}, "l": {"type": "array"}
        }});
        assert_eq!(
            flags(&["--n", "2.5", "--s", "42", "--l", "[1,2]"], s),
            Ok(json!({"n": 2.5, "s": "42", "l": [1, 2]}))
        );
        assert_eq!(
            flags(&["--offset", "-5"], json!({})),
            Ok(json!({"offset": "-5"}))
        );
    }

    #[test]
    fn unknown_flags_kept_as_strings() {
        assert_eq!(
            flags(&["--name", "Alice", "--id", "7"], json!({})),
            Ok(json!({"name": "Alice", "id": "7"}))
        );
    }

    #[test]
    fn bad_flags_are_errors() {
        assert!(
            flags(&["--id", "abc"], user_schema())
                .unwrap_err()
                .contains("expects an integer")
        );
        assert!(
            flags(&["--id"], user_schema())
                .unwrap_err()
                .contains("needs a value")
        );
        assert!(
            flags(&["42"], user_schema())
                .unwrap_err()
                .contains("unexpected argument")
        );
    }

    #[test]
    fn tool_args_accessors() {
        let a = ToolArgs {
            params: json!({"s": "x", "i": 3, "f": 1.5, "b": true, "si": "9", "sb": "false"}),
            stdin: Some("in".into()),
        };
        assert_eq!(a.param_str("s"), Some("x"));
        assert_eq!(a.param_i64("i"), Some(3));
        assert_eq!(a.param_i64("si"), Some(9));
        assert_eq!(a.param_f64("f"), Some(1.5));
        assert_eq!(a.param_bool("b"), Some(true));
        assert_eq!(a.param_bool("sb"), Some(false));
        assert_eq!(a.param_str("missing"), None);
        assert_eq!(a.stdin.as_deref(), Some("in"));
    }

    // Execution

    #[test]
    fn single_tool_execution() {
        let r = run(&mut api(), "get_user --id 1");
        assert_eq!(r.stdout, "{\"id\":1,\"name\":\"user1\"}\n");
        assert_eq!(r.exit_code, 0);
        assert_eq!(r.stderr, "");
    }

    #[test]
    fn parsed_flags_reach_the_callback() {
        let r = run(&mut api(), "echo_args --a 1 --b=two --c");
        assert_eq!(r.stdout, "{\"a\":\"1\",\"b\":\"two\",\"c\":\"true\"}\n");
    }

    #[test]
    fn pipeline_with_jq() {
        if sandsh_commands::Registry::standard().get("jq").is_none() {
            eprintln!("skipped: jq is not registered in this build");
            return;
        }
        let r = run(&mut api(), "get_user --id 5 | jq -r .name");
        assert_eq!(r.stdout, "user5\n");
    }

    #[test]
    fn pipeline_with_standard_commands() {
        let r = run(&mut api(), "list_orders --user_id 3 | sort -r | head -n 1");
        assert_eq!(r.stdout, "order-closed\n");
    }

    #[test]
    fn orchestration_with_variables() {
        let r = run(
            &mut api(),
            "uid=7; orders=$(list_orders --user_id $uid --open); echo \"$orders\" | wc -l",
        );
        assert_eq!(r.stdout.trim(), "2");
    }

    #[test]
    fn orchestration_with_command_substitution() {
        let r = run(
            &mut api(),
            "user=$(get_user --id 2); n=$(list_orders --user_id 2 | wc -l); echo \"$user has $n orders\"",
        );
        assert_eq!(r.stdout, "{\"id\":2,\"name\":\"user2\"} has 3 orders\n");
    }

    #[test]
    fn tool_error_sets_status_and_stderr() {
        let r = run(&mut api(), "get_user --id 404");
        assert_eq!(r.exit_code, 1);
        assert_eq!(r.stderr, "get_user: user 404 not found\n");
        assert_eq!(r.stdout, "");
    }

    #[test]
    fn fallback_with_or() {
        let r = run(&mut api(), "get_user --id 404 || echo fallback");
        assert_eq!(r.stdout, "fallback\n");
        assert_eq!(r.exit_code, 0);
    }

    #[test]
    fn bad_flag_exits_2_with_usage() {
        let r = run(&mut api(), "get_user --id nope");
        assert_eq!(r.exit_code, 2);
        assert!(r.stderr.contains("--id expects an integer, got 'nope'"));
        assert!(r.stderr.contains("usage: get_user --id <integer>"));
    }

    #[test]
    fn stdin_piping() {
        let r = run(&mut api(), "echo hello | upper");
        assert_eq!(r.stdout, "HELLO\n");
    }

    #[test]
    fn no_stdin_is_none() {
        let r = run(&mut api(), "upper; echo \"[$?]\"");
        assert_eq!(r.stdout, "[0]\n");
        let r = run(&mut api(), "get_user --id 3 | upper");
        assert_eq!(r.stdout, "{\"ID\":3,\"NAME\":\"USER3\"}\n");
    }

    #[test]
    fn loops_over_tools() {
        let r = run(
            &mut api(),
            "for id in 1 2 3; do get_user --id $id; done | wc -l",
        );
        assert_eq!(r.stdout.trim(), "3");
    }

    #[test]
    fn conditionals_on_tool_status() {
        let r = run(
            &mut api(),
            "for id in 1 404; do if get_user --id $id >/dev/null 2>&1; then echo \"$id ok\"; else echo \"$id missing\"; fi; done",
        );
        assert_eq!(r.stdout, "1 ok\n404 missing\n");
    }

    #[test]
    fn environment_variables_reach_scripts() {
        let mut t = ScriptedTool::builder("env_api")
            .env("API_BASE", "https://api.example")
            .tool(ToolDef::new("noop", "nothing"), |_| Ok(String::new()))
            .build();
        let r = run(&mut t, "echo $API_BASE");
        assert_eq!(r.stdout, "https://api.example\n");
    }

    #[test]
    fn limits_apply() {
        let mut t = ScriptedTool::builder("limited")
            .limits(crate::kernel::ExecutionLimits::new().max_loop_iterations(5))
            .build();
        let r = run(&mut t, "while true; do :; done");
        assert_eq!(r.error.as_deref(), Some("limit_exceeded"));
    }

    #[test]
    fn status_callback_phases_and_chunks() {
        let events: Arc<Mutex<Vec<ToolStatus>>> = Arc::default();
        let sink = events.clone();
        let t = api();
        let r = block_on(t.execute_with_status(
            ToolRequest::new("get_user --id 1; get_user --id 404; echo done"),
            Box::new(move |s| sink.lock().unwrap().push(s)),
        ));
        let ev = events.lock().unwrap();
        let phases: Vec<&str> = ev.iter().map(|s| s.phase.as_str()).collect();
        assert_eq!(&phases[..3], ["validate", "parse", "execute"]);
        assert_eq!(phases.last(), Some(&"complete"));
        let join = |stream: &str| -> String {
            ev.iter()
                .filter(|s| s.stream.as_deref() == Some(stream))
                .filter_map(|s| s.output.clone())
                .collect()
        };
        assert_eq!(join("stdout"), r.stdout);
        assert_eq!(join("stderr"), r.stderr);
    }

    #[test]
    fn status_callback_reports_parse_error() {
        let events: Arc<Mutex<Vec<ToolStatus>>> = Arc::default();
        let sink = events.clone();
        let r = block_on(api().execute_with_status(
            ToolRequest::new("if then"),
            Box::new(move |s| sink.lock().unwrap().push(s)),
        ));
        assert_eq!(r.error.as_deref(), Some("parse_error"));
        let ev = events.lock().unwrap();
        assert!(
            ev[1]
                .message
                .as_deref()
                .unwrap()
                .starts_with("syntax error")
        );
    }

    #[test]
    fn sequential_executes_reuse_callbacks_and_fresh_kernels() {
        let calls = Arc::new(AtomicUsize::new(0));
        let c = calls.clone();
        let cb: ToolCallback = Arc::new(move |_| {
            c.fetch_add(1, Ordering::SeqCst);
            Ok("x\n".into())
        });
        let mut t = ScriptedTool::builder("counter")
            .tool_arc(ToolDef::new("tick", "count"), cb.clone())
            .build();
        run(&mut t, "tick; state=kept; echo f > /tmp/f");
        let r = run(&mut t, "tick; echo \"[$state]\"; cat /tmp/f");
        assert_eq!(r.stdout, "x\n[]\n");
        assert_eq!(r.exit_code, 1, "files do not survive between calls");
        assert_eq!(calls.load(Ordering::SeqCst), 2);
        assert!(Arc::strong_count(&cb) >= 2);
    }

    #[test]
    fn callback_panic_is_an_error_not_a_crash() {
        let mut t = ScriptedTool::builder("p")
            .tool(ToolDef::new("boom", "panics"), |_| panic!("kaboom"))
            .build();
        let r = run(&mut t, "boom || echo recovered");
        assert_eq!(r.stdout, "recovered\n");
        assert!(r.stderr.contains("boom: the tool's callback panicked"));
    }

    #[test]
    fn tool_help_flag_shows_the_definition() {
        let r = run(&mut api(), "help get_user");
        assert!(
            r.stdout.contains("get_user - Fetch user by ID"),
            "{}",
            r.stdout
        );
        assert!(r.stdout.contains("get_user --id <integer>"));
    }
}
