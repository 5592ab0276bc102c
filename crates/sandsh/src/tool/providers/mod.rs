//! Seed 002's standard providers: `filesystem`, `execute_command` and `web_search`, and the
//! text editor models are trained on (`str_replace_based_edit_tool`).
//!
//! They implement the same [`Tool`](super::Tool) trait as the shell, so one registry can hold
//! them all. Their arguments are JSON objects rather than a shell script, so each overrides
//! `Tool::call`; `Tool::execute` accepts the same JSON object as text in
//! `ToolRequest::commands` (and `execute_command` accepts a plain command line), and renders
//! the structured result as the response's stdout. The helpers below keep those bridges and
//! the generated docs identical across providers.

pub mod command;
pub mod filesystem;
pub mod text_editor;
pub mod web;

pub use command::CommandExecutorTool;
pub use filesystem::FileSystemTool;
pub use text_editor::{TEXT_EDITOR_TOOL_NAME, TextEditorTool};
pub use web::WebSearchTool;

use serde_json::{Value, json};

use super::docs::{man_header, prose, section};
use super::traits::{ToolError, ToolOutput, ToolRequest, ToolResponse, ToolResult, ToolStatus};

/// The `Tool` methods a provider answers from its `NAME`, `SHORT` and input schema alone: its
/// name and short description, the man page and system prompt generated from them, and the
/// crate's version. Expands inside the provider's `impl Tool`, next to its own consts.
macro_rules! provider_identity {
    () => {
        fn name(&self) -> &str {
            NAME
        }
        fn short_description(&self) -> &str {
            SHORT
        }
        fn help(&self) -> String {
            $crate::tool::providers::provider_help(
                NAME,
                SHORT,
                &self.description(),
                &self.input_schema(),
            )
        }
        fn system_prompt(&self) -> String {
            $crate::tool::providers::provider_system_prompt(NAME, SHORT, &self.input_schema())
        }
        fn version(&self) -> &str {
            env!("CARGO_PKG_VERSION")
        }
    };
}
pub(crate) use provider_identity;

/// `Tool::execute` of a provider that takes a JSON object: the arguments read from
/// `commands` and checked against `schema`, the result of `call` rendered as a response.
pub(crate) fn execute_json(
    req: &ToolRequest,
    schema: &Value,
    call: impl FnOnce(&Value) -> ToolResult<ToolOutput>,
) -> ToolResponse {
    response_from(request_args(req, schema).and_then(|a| call(&a)))
}

/// The output schema of a provider that answers with a [`ToolOutput`] whose content is a
/// `content_type`.
pub(crate) fn tool_output_schema(content_type: &str) -> Value {
    json!({
        "type": "object",
        "properties": {
            "content": {"type": content_type},
            "success": {"type": "boolean"},
            "error": {"type": "string"}
        },
        "required": ["content", "success"]
    })
}

/// The string argument `key` of a call, when it has one.
pub(crate) fn str_arg<'a>(args: &'a Value, key: &str) -> Option<&'a str> {
    args.get(key).and_then(Value::as_str)
}

/// Read the JSON arguments a provider's `execute` got in `commands`, checked against `schema`.
fn request_args(req: &ToolRequest, schema: &Value) -> ToolResult<Value> {
    let v: Value = serde_json::from_str(&req.commands).map_err(|e| {
        ToolError::InvalidArguments(format!("expected a JSON object of arguments: {e}"))
    })?;
    super::schema::validate(schema, &v)?;
    Ok(v)
}

/// Render a structured result as a shell-style response: the output as JSON on stdout, or
/// the error on stderr with its kind as the category.
fn response_from(result: ToolResult<ToolOutput>) -> ToolResponse {
    match result {
        Ok(out) => {
            let stdout = match &out.content {
                Value::String(s) => s.clone(),
                other => format!("{other}\n"),
            };
            ToolResponse {
                stdout,
                stderr: out
                    .error
                    .clone()
                    .map(|e| format!("{e}\n"))
                    .unwrap_or_default(),
                exit_code: if out.success { 0 } else { 1 },
                error: None,
                ..ToolResponse::default()
            }
        }
        Err(e) => ToolResponse::failure(e.kind(), e.to_string(), 1),
    }
}

/// Report a finished provider call through the status phases (providers do not stream).
pub(crate) fn report(resp: &ToolResponse, cb: &mut (dyn FnMut(ToolStatus) + Send)) {
    cb(ToolStatus::new("execute").with_percent(20.0));
    if !resp.stdout.is_empty() {
        cb(ToolStatus::stdout(resp.stdout.clone()));
    }
    if !resp.stderr.is_empty() {
        cb(ToolStatus::stderr(resp.stderr.clone()));
    }
    cb(ToolStatus::new("complete")
        .with_message(format!("exit code {}", resp.exit_code))
        .with_percent(100.0));
}

/// The man page of a provider, generated from its schema.
pub(crate) fn provider_help(name: &str, short: &str, long: &str, schema: &Value) -> String {
    let mut s = man_header(name);
    section(
        &mut s,
        "NAME",
        &[format!("{name} - {}", short.to_lowercase())],
    );
    section(&mut s, "SYNOPSIS", &[synopsis(schema)]);
    section(&mut s, "DESCRIPTION", &prose(long));
    section(&mut s, "INPUT", &parameter_lines(schema));
    section(
        &mut s,
        "OUTPUT",
        &[
            "content     The result (JSON)".to_string(),
            "success     Whether the call succeeded".to_string(),
            "error       What went wrong, when it did".to_string(),
        ],
    );
    section(&mut s, "SEE ALSO", &["sandsh(1)".to_string()]);
    s
}

/// The system prompt of a provider.
pub(crate) fn provider_system_prompt(name: &str, short: &str, schema: &Value) -> String {
    format!(
        "# {name}\n\n{short}.\n\nInput: {}\nOutput: {{content, success, error}}\n",
        synopsis(schema)
    )
}

/// `{"operation": "<string>", "path": "<string>"}` from a schema's properties.
fn synopsis(schema: &Value) -> String {
    let props = schema.get("properties").and_then(Value::as_object);
    let fields: Vec<String> = props
        .map(|p| {
            p.iter()
                .map(|(k, v)| {
                    let t = match v.get("enum").and_then(Value::as_array) {
                        Some(e) => e
                            .iter()
                            .filter_map(Value::as_str)
                            .collect::<Vec<_>>()
                            .join("|"),
                        None => v
                            .get("type")
                            .and_then(Value::as_str)
                            .unwrap_or("value")
                            .to_string(),
                    };
                    format!("\"{k}\": \"<{t}>\"")
                })
                .collect()
        })
        .unwrap_or_default();
    format!("{{{}}}", fields.join(", "))
}

fn parameter_lines(schema: &Value) -> Vec<String> {
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let mut lines = Vec::new();
    if let Some(p) = schema.get("properties").and_then(Value::as_object) {
        for (k, v) in p {
            let desc = v.get("description").and_then(Value::as_str).unwrap_or("");
            let opt = if required.contains(&k.as_str()) {
                ""
            } else {
                " (optional)"
            };
            lines.push(format!("{k:<11} {desc}{opt}"));
        }
    }
    lines
}
