//! How a [`ScriptedTool`] runs: the adapter that turns a callback into a shell command (with
//! `--key value` flag parsing coerced by the tool's schema), its [`ShellTool`] side (a
//! fresh kernel per call) and the generated documentation.

use serde_json::{Map, Value};

use super::{ScriptedTool, ToolArgs, ToolCallback, ToolDef};
use crate::kernel::{Kernel, KernelConfig};
use crate::tool::bash_tool::ByteSink;
use crate::tool::docs::{intern, man_header, prose, section};
use crate::tool::shell_tool::{ShellTool, exec_options};
use crate::tool::traits::{ToolRequest, ToolResponse};
use sandsh_api::{Arg, Command, CommandSpec, ExitStatus, RiskLevel, ToolCtx};

/// Wraps a [`ToolCallback`] as a command of the kernel (seed 001's `ToolBuiltinAdapter`).
pub(crate) struct ToolBuiltinAdapter {
    spec: CommandSpec,
    schema: Value,
    callback: ToolCallback,
}

impl ToolBuiltinAdapter {
    pub(crate) fn new(def: &ToolDef, callback: ToolCallback) -> Self {
        let spec = CommandSpec {
            name: intern(&def.name),
            group: "tool",
            summary: intern(&def.description),
            usage: intern(&usage_line(def)),
            description: intern(&def.description),
            options: &[],
            operands: &[],
            returns: "what the tool's callback returns, on stdout",
            examples: &[],
            errors: "1 when the tool reports an error (its message on stderr); 2 for a bad flag",
            risk: RiskLevel::MediumRisk,
        };
        ToolBuiltinAdapter {
            spec,
            schema: def.input_schema.clone(),
            callback,
        }
    }
}

impl Command for ToolBuiltinAdapter {
    fn spec(&self) -> &CommandSpec {
        &self.spec
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let args = match read_tool_args(&self.spec, &self.schema, args, ctx, true) {
            Ok(a) => a,
            Err(status) => return status,
        };
        let cb = self.callback.clone();
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| cb(&args)));
        let result = match &result {
            Ok(Ok(out)) => Ok(out.as_bytes()),
            Ok(Err(e)) => Err(e.as_str()),
            Err(_) => Err("the tool's callback panicked"),
        };
        write_tool_output(self.spec.name, result, ctx)
    }
}

/// What a tool command was called with: its flags parsed and coerced by `schema`
/// ([`parse_flags`]) and, with `read_stdin`, its standard input read to the end. A bad flag is
/// reported on stderr with the usage line and comes back as the status to exit with (2).
/// Shared by `ScriptedTool`'s commands and embedders' own tool commands (the Python package).
pub fn read_tool_args(
    spec: &CommandSpec,
    schema: &Value,
    args: &[Arg],
    ctx: &mut dyn ToolCtx,
    read_stdin: bool,
) -> Result<ToolArgs, ExitStatus> {
    let argv: Vec<String> = args
        .iter()
        .map(|a| String::from_utf8_lossy(a).into_owned())
        .collect();
    let params = match parse_flags(&argv, schema) {
        Ok(p) => p,
        Err(msg) => {
            let _ = writeln!(ctx.stderr(), "{}: {msg}", spec.name);
            let _ = writeln!(ctx.stderr(), "usage: {}", spec.usage);
            return Err(2);
        }
    };
    let mut stdin = None;
    if read_stdin {
        let mut input = Vec::new();
        let _ = ctx.stdin().read_to_end(&mut input);
        stdin = (!input.is_empty()).then(|| String::from_utf8_lossy(&input).into_owned());
    }
    Ok(ToolArgs { params, stdin })
}

/// A tool command's end: its output on stdout (status 0, or 141 when the reader has gone), or
/// its error as `name: message` on stderr (status 1).
pub fn write_tool_output(
    name: &str,
    result: Result<&[u8], &str>,
    ctx: &mut dyn ToolCtx,
) -> ExitStatus {
    match result {
        Ok(out) => {
            if ctx.stdout().write_all(out).is_err() {
                return 141;
            }
            0
        }
        Err(e) => {
            let _ = writeln!(ctx.stderr(), "{name}: {}", e.trim_end());
            1
        }
    }
}

/// The JSON Schema type of a property, if the schema names one.
fn prop_type<'a>(schema: &'a Value, key: &str) -> Option<&'a str> {
    schema.get("properties")?.get(key)?.get("type")?.as_str()
}

fn bool_word(s: &str) -> Option<bool> {
    match s.to_ascii_lowercase().as_str() {
        "true" | "1" | "yes" | "on" => Some(true),
        "false" | "0" | "no" | "off" => Some(false),
        _ => None,
    }
}

fn coerce(key: &str, raw: &str, ty: Option<&str>) -> Result<Value, String> {
    match ty {
        Some("integer") => raw
            .trim()
            .parse::<i64>()
            .map(Value::from)
            .map_err(|_| format!("--{key} expects an integer, got '{raw}'")),
        Some("number") => raw
            .trim()
            .parse::<f64>()
            .ok()
            .and_then(serde_json::Number::from_f64)
            .map(Value::Number)
            .ok_or_else(|| format!("--{key} expects a number, got '{raw}'")),
        Some("boolean") => bool_word(raw)
            .map(Value::Bool)
            .ok_or_else(|| format!("--{key} expects true or false, got '{raw}'")),
        Some(t @ ("array" | "object")) => match serde_json::from_str::<Value>(raw) {
            Ok(v) if (t == "array" && v.is_array()) || (t == "object" && v.is_object()) => Ok(v),
            _ => Err(format!("--{key} expects a JSON {t}, got '{raw}'")),
        },
        _ => Ok(Value::String(raw.to_string())),
    }
}

/// Parse `--key value`, `--key=value` and bare `--flag` arguments into a JSON object, typed by
/// the schema's property types. Unknown flags are kept as strings (`"true"` when bare).
pub fn parse_flags(args: &[String], schema: &Value) -> Result<Value, String> {
    let mut map = Map::new();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        let Some(rest) = a.strip_prefix("--").filter(|r| !r.is_empty()) else {
            return Err(format!(
                "unexpected argument '{a}' (pass arguments as --key value)"
            ));
        };
        let (key, inline) = match rest.split_once('=') {
            Some((k, v)) => (k, Some(v.to_string())),
            None => (rest, None),
        };
        let ty = prop_type(schema, key);
        let next = args.get(i + 1);
        let raw = match inline {
            Some(v) => Some(v),
            None if ty == Some("boolean") => match next.and_then(|n| bool_word(n)) {
                Some(_) => {
                    i += 1;
                    next.cloned()
                }
                None => None,
            },
            None => match next {
                Some(n) if !n.starts_with("--") => {
                    i += 1;
                    Some(n.clone())
                }
                _ => None,
            },
        };
        let value = match raw {
            Some(r) => coerce(key, &r, ty)?,
            None => match ty {
                Some("boolean") => Value::Bool(true),
                // Seed 001: unknown flags are kept as strings, a bare one too.
                None => Value::String("true".to_string()),
                Some(t) => return Err(format!("--{key} needs a value ({t})")),
            },
        };
        map.insert(key.to_string(), value);
        i += 1;
    }
    Ok(Value::Object(map))
}

/// `get_user --id <integer>` from the schema's properties (booleans as bare `--flag`).
pub fn usage_line(def: &ToolDef) -> String {
    let mut s = def.name.clone();
    if let Some(props) = def
        .input_schema
        .get("properties")
        .and_then(Value::as_object)
    {
        for (k, v) in props {
            match v.get("type").and_then(Value::as_str) {
                Some("boolean") => s.push_str(&format!(" --{k}")),
                Some(t) => s.push_str(&format!(" --{k} <{t}>")),
                None => s.push_str(&format!(" --{k} <value>")),
            }
        }
    }
    s
}

fn has_properties(def: &ToolDef) -> bool {
    def.input_schema
        .get("properties")
        .and_then(Value::as_object)
        .is_some_and(|p| !p.is_empty())
}

impl ScriptedTool {
    fn kernel(&self) -> Kernel {
        let mut config = KernelConfig::new().limits(self.limits.clone());
        for (k, v) in &self.env {
            config = config.env(k.clone(), v.clone());
        }
        for t in &self.tools {
            config = config.command(t.adapter.clone());
        }
        Kernel::new(config)
    }

    fn tool_names(&self) -> Vec<String> {
        self.tools.iter().map(|t| t.def.name.clone()).collect()
    }
}

impl ShellTool for ScriptedTool {
    fn shell_name(&self) -> &str {
        &self.name
    }

    fn shell_short_description(&self) -> &str {
        &self.short_description
    }

    fn shell_description(&self) -> String {
        format!(
            "{}. Tool commands: {}",
            self.short_description.trim_end_matches('.'),
            self.tool_names().join(" ")
        )
    }

    fn shell_help(&self) -> String {
        let mut s = man_header(&self.name);
        section(
            &mut s,
            "NAME",
            &[format!("{} - {}", self.name, self.short_description)],
        );
        section(
            &mut s,
            "SYNOPSIS",
            &["{\"commands\": \"<bash script>\"}".to_string()],
        );
        section(
            &mut s,
            "DESCRIPTION",
            &prose(
                "Runs a bash script in a fresh sandbox in which each tool below is a command. \
                 Call several tools in one script and combine their output with pipes, \
                 variables, loops and conditionals.",
            ),
        );
        let mut body = Vec::new();
        for (i, t) in self.tools.iter().enumerate() {
            if i > 0 {
                body.push(String::new());
            }
            body.push(format!("{} - {}", t.def.name, t.def.description));
            if has_properties(&t.def) {
                body.push(format!("    Usage: {}", usage_line(&t.def)));
                if let Some(props) = t
                    .def
                    .input_schema
                    .get("properties")
                    .and_then(Value::as_object)
                {
                    for (k, v) in props {
                        if let Some(d) = v.get("description").and_then(Value::as_str) {
                            body.push(format!("    --{k}  {d}"));
                        }
                    }
                }
            }
        }
        section(&mut s, "TOOL COMMANDS", &body);
        section(
            &mut s,
            "INPUT",
            &["commands    Bash script that calls the tool commands".to_string()],
        );
        section(
            &mut s,
            "OUTPUT",
            &[
                "stdout      Standard output of the script".to_string(),
                "stderr      Standard error of the script (tool errors included)".to_string(),
                "exit_code   Exit status (0 = success)".to_string(),
            ],
        );
        if let Some(first) = self.tools.first() {
            section(
                &mut s,
                "EXAMPLES",
                &[
                    "Call a tool:".to_string(),
                    format!("    {{\"commands\": \"{}\"}}", usage_line(&first.def)),
                ],
            );
        }
        section(
            &mut s,
            "EXIT STATUS",
            &[
                "0      Success".to_string(),
                "1      A tool reported an error".to_string(),
                "2      A tool was called with a bad flag".to_string(),
                "127    Command not found".to_string(),
            ],
        );
        section(&mut s, "SEE ALSO", &["sandsh(1), bash(1)".to_string()]);
        s
    }

    fn shell_system_prompt(&self) -> String {
        let mut s = format!(
            "# {}\n\nInput: {{\"commands\": \"<bash script>\"}}\nOutput: {{stdout, stderr, exit_code}}\n\n## Available tool commands\n\n",
            self.name
        );
        for t in &self.tools {
            s.push_str(&format!("- `{}`: {}\n", t.def.name, t.def.description));
            if has_properties(&t.def) {
                s.push_str(&format!("  Usage: `{}`\n", usage_line(&t.def)));
            }
        }
        s.push_str(
            "\n## Tips\n\n\
             - Pass arguments as `--key value` or `--key=value` flags\n\
             - Pipe tool output through `jq` for JSON processing\n\
             - Use variables to pass data between tool calls\n",
        );
        s
    }

    fn run_script(
        &self,
        req: &ToolRequest,
        timeout: Option<std::time::Duration>,
        sink: Option<ByteSink>,
    ) -> ToolResponse {
        let opts = exec_options(timeout, sink);
        self.kernel().execute_with(&req.commands, opts).into()
    }
}
