//! [`ToolRegistry`]: the tools offered to a model, their definitions, and the dispatch of the
//! model's tool calls.
//!
//! Seed 002 keeps tools in a `Vec` (registration order is the order a model sees them) and
//! wants every failure — unknown tool, arguments that are not JSON, arguments that break the
//! schema, a refused confirmation — to come back to the model as a structured error it can act
//! on, never as a panic or a dropped call. Tools that require confirmation run only when the
//! embedder's [`ConfirmHook`] says yes; without a hook they are refused.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::providers::{CommandExecutorTool, FileSystemTool, TextEditorTool, WebSearchTool};
use super::schema::{ToolDefinition, validate};
use super::traits::{RiskLevel, Tool, ToolError, ToolOutput, ToolResult};
use crate::kernel::{Kernel, KernelConfig};

/// A model's request to call a tool: `arguments` is the JSON text the model produced.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolCall {
    pub id: String,
    pub name: String,
    pub arguments: String,
}

impl ToolCall {
    pub fn new(
        id: impl Into<String>,
        name: impl Into<String>,
        arguments: impl Into<String>,
    ) -> Self {
        ToolCall {
            id: id.into(),
            name: name.into(),
            arguments: arguments.into(),
        }
    }

    /// From an OpenAI `tool_calls[]` entry: `{id, type: "function", function: {name, arguments}}`.
    pub fn from_openai(v: &Value) -> Option<Self> {
        let f = v.get("function")?;
        Some(ToolCall {
            id: v.get("id")?.as_str()?.to_string(),
            name: f.get("name")?.as_str()?.to_string(),
            arguments: match f.get("arguments")? {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            },
        })
    }

    /// From an Anthropic `tool_use` block: `{id, name, input}` (input is already an object).
    pub fn from_anthropic(v: &Value) -> Option<Self> {
        Some(ToolCall {
            id: v.get("id")?.as_str()?.to_string(),
            name: v.get("name")?.as_str()?.to_string(),
            arguments: v.get("input")?.to_string(),
        })
    }
}

/// The shape a tool call came in, which its answer takes ([`ToolCall::from_any`],
/// [`ToolCallResult::in_shape`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallShape {
    /// An OpenAI `tool_calls[]` entry; answered with a `role: "tool"` message.
    OpenAi,
    /// An Anthropic `tool_use` block; answered with a `tool_result` block.
    Anthropic,
    /// `{id?, name, arguments}`; answered with `{id, name, content, is_error}`.
    Plain,
}

impl ToolCall {
    /// A call in any of the shapes a binding accepts: OpenAI's (it has `function`),
    /// Anthropic's (it has `input`) or `{id?, name, arguments}` (arguments as JSON text or
    /// as a value). The error says which shapes were expected.
    pub fn from_any(v: &Value) -> Result<(ToolCall, CallShape), String> {
        let bad = |what: &str| {
            format!(
                "not a tool call ({what}): expected an OpenAI tool call {{id, function: {{name, \
                 arguments}}}}, an Anthropic tool_use block {{id, name, input}} or {{name, arguments}}"
            )
        };
        if v.get("function").is_some() {
            let call = ToolCall::from_openai(v).ok_or_else(|| bad("OpenAI shape"))?;
            return Ok((call, CallShape::OpenAi));
        }
        if v.get("input").is_some() {
            let call = ToolCall::from_anthropic(v).ok_or_else(|| bad("Anthropic shape"))?;
            return Ok((call, CallShape::Anthropic));
        }
        let name = v
            .get("name")
            .and_then(Value::as_str)
            .ok_or_else(|| bad("no name"))?;
        let id = v.get("id").and_then(Value::as_str).unwrap_or("");
        let arguments = match v.get("arguments") {
            None | Some(Value::Null) => String::new(),
            Some(Value::String(s)) => s.clone(),
            Some(other) => other.to_string(),
        };
        Ok((ToolCall::new(id, name, arguments), CallShape::Plain))
    }
}

/// The answer to a [`ToolCall`], ready to send back to the model.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolCallResult {
    pub id: String,
    pub name: String,
    /// JSON text: the [`ToolOutput`] on success, `{"error": {kind, message}}` otherwise.
    pub content: String,
    pub is_error: bool,
}

impl ToolCallResult {
    fn ok(call: &ToolCall, out: &ToolOutput) -> Self {
        ToolCallResult {
            id: call.id.clone(),
            name: call.name.clone(),
            content: serde_json::to_string(out).unwrap_or_else(|e| {
                json!({"error": {"kind": "internal", "message": e.to_string()}}).to_string()
            }),
            is_error: !out.success,
        }
    }

    fn err(call: &ToolCall, e: &ToolError) -> Self {
        ToolCallResult {
            id: call.id.clone(),
            name: call.name.clone(),
            content: json!({"error": e.to_json()}).to_string(),
            is_error: true,
        }
    }

    /// An OpenAI chat message: `{role: "tool", tool_call_id, content}`.
    pub fn to_openai_message(&self) -> Value {
        json!({"role": "tool", "tool_call_id": self.id, "content": self.content})
    }

    /// The answer in the shape its call came in.
    pub fn in_shape(&self, shape: CallShape) -> Value {
        match shape {
            CallShape::OpenAi => self.to_openai_message(),
            CallShape::Anthropic => self.to_anthropic_block(),
            CallShape::Plain => json!({
                "id": self.id,
                "name": self.name,
                "content": self.content,
                "is_error": self.is_error,
            }),
        }
    }

    /// An Anthropic content block: `{type: "tool_result", tool_use_id, content, is_error}`.
    pub fn to_anthropic_block(&self) -> Value {
        json!({
            "type": "tool_result",
            "tool_use_id": self.id,
            "content": self.content,
            "is_error": self.is_error,
        })
    }
}

/// What a confirmation hook is asked about.
#[derive(Debug, Clone, PartialEq)]
pub struct ConfirmRequest {
    pub tool: String,
    pub arguments: Value,
    /// The tool's one-line description of the call.
    pub description: String,
    pub risk: RiskLevel,
}

/// Decides whether a call of a tool that requires confirmation may run.
pub type ConfirmHook = Box<dyn FnMut(&ConfirmRequest) -> bool + Send>;

/// The tools offered to a model, in registration order.
///
/// Dispatch takes `&self`, so an `Arc<ToolRegistry>` serves calls from many tasks at once:
/// each tool guards its own state (calls to one `BashTool` take turns on its session; calls
/// to different tools run in parallel). Registering tools needs `&mut self`.
#[derive(Default)]
pub struct ToolRegistry {
    tools: Vec<Box<dyn Tool>>,
    on_confirm: Mutex<Option<ConfirmHook>>,
}

impl ToolRegistry {
    pub fn new() -> Self {
        Self::default()
    }

    /// Add a tool; one with the same name is replaced in place.
    pub fn register(&mut self, tool: Box<dyn Tool>) {
        match self.tools.iter().position(|t| t.name() == tool.name()) {
            Some(i) => self.tools[i] = tool,
            None => self.tools.push(tool),
        }
    }

    /// Builder-style [`ToolRegistry::register`].
    pub fn with(mut self, tool: Box<dyn Tool>) -> Self {
        self.register(tool);
        self
    }

    /// Set the confirmation hook.
    pub fn on_confirm(&mut self, hook: impl FnMut(&ConfirmRequest) -> bool + Send + 'static) {
        *self.on_confirm.get_mut().unwrap_or_else(|e| e.into_inner()) = Some(Box::new(hook));
    }

    /// The tool called `name`; it can run calls itself (`Tool::execute` takes `&self`), but
    /// without the registry's validation and confirmation ([`ToolRegistry::call`]).
    pub fn get(&self, name: &str) -> Option<&dyn Tool> {
        self.tools.iter().find(|t| t.name() == name).map(|t| &**t)
    }

    pub fn get_mut(&mut self, name: &str) -> Option<&mut Box<dyn Tool>> {
        self.tools.iter_mut().find(|t| t.name() == name)
    }

    /// Tool names in registration order.
    pub fn list(&self) -> Vec<&str> {
        self.tools.iter().map(|t| t.name()).collect()
    }

    /// The tools in registration order.
    pub fn iter(&self) -> impl Iterator<Item = &dyn Tool> {
        self.tools.iter().map(|t| &**t)
    }

    pub fn len(&self) -> usize {
        self.tools.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tools.is_empty()
    }

    /// Every tool's definition.
    pub fn definitions(&self) -> Vec<ToolDefinition> {
        self.iter().map(ToolDefinition::of).collect()
    }

    /// The `tools` array of an OpenAI chat request.
    pub fn openai_tools(&self) -> Value {
        Value::Array(
            self.definitions()
                .iter()
                .map(ToolDefinition::to_openai)
                .collect(),
        )
    }

    /// The `tools` array of an Anthropic messages request.
    pub fn anthropic_tools(&self) -> Value {
        Value::Array(
            self.definitions()
                .iter()
                .map(ToolDefinition::to_anthropic)
                .collect(),
        )
    }

    /// The `tools` array of an MCP `tools/list` result.
    pub fn mcp_tools(&self) -> Value {
        Value::Array(
            self.definitions()
                .iter()
                .map(ToolDefinition::to_mcp)
                .collect(),
        )
    }

    /// Look up, validate, confirm and run one call with already-parsed arguments.
    pub async fn call(&self, name: &str, args: Value) -> ToolResult<ToolOutput> {
        let Some(idx) = self.tools.iter().position(|t| t.name() == name) else {
            return Err(ToolError::NotFound(name.to_string()));
        };
        validate(&self.tools[idx].input_schema(), &args)?;
        if self.tools[idx].requires_confirmation() {
            let tool = &self.tools[idx];
            let req = ConfirmRequest {
                tool: name.to_string(),
                description: tool.describe_call(&args),
                arguments: args.clone(),
                risk: tool.risk_level(),
            };
            // Asked one at a time: a hook is a person or a policy answering in turn.
            let answer = {
                let mut hook = self.on_confirm.lock().unwrap_or_else(|e| e.into_inner());
                hook.as_mut().map(|h| h(&req))
            };
            let Some(answer) = answer else {
                return Err(ToolError::PermissionDenied(format!(
                    "{name} requires confirmation and no confirmation hook is set \
                     (ToolRegistry::on_confirm)"
                )));
            };
            if !answer {
                return Err(ToolError::PermissionDenied(format!(
                    "the user declined: {}",
                    req.description
                )));
            }
        }
        self.tools[idx].call(args).await
    }

    /// Run a model's tool call and produce the answer for the model. Never panics: an unknown
    /// tool, arguments that are not a JSON object, schema violations and refusals all come
    /// back as `{"error": {kind, message}}` with `is_error` set.
    pub async fn dispatch(&self, call: &ToolCall) -> ToolCallResult {
        let text = if call.arguments.trim().is_empty() {
            "{}"
        } else {
            call.arguments.as_str()
        };
        let args: Value = match serde_json::from_str(text) {
            Ok(v @ Value::Object(_)) => v,
            Ok(other) => {
                return ToolCallResult::err(
                    call,
                    &ToolError::InvalidArguments(format!(
                        "arguments must be a JSON object, got {other}"
                    )),
                );
            }
            Err(e) => {
                return ToolCallResult::err(
                    call,
                    &ToolError::InvalidArguments(format!("arguments are not valid JSON: {e}")),
                );
            }
        };
        match self.call(&call.name, args).await {
            Ok(out) => ToolCallResult::ok(call, &out),
            Err(e) => ToolCallResult::err(call, &e),
        }
    }
}

/// Largest file the `filesystem` tool and the text editor read, by default.
pub const FS_MAX_SIZE: usize = 1 << 20;
/// Time limit of one `execute_command`, in seconds, by default.
pub const EXEC_TIMEOUT_SECS: u64 = 30;
/// Largest response body `web_search` reads.
pub const WEB_MAX_BYTES: u64 = 2 << 20;
/// Time limit of one `web_search` request.
pub const WEB_MAX_TIME: Duration = Duration::from_secs(15);

/// Which standard tools [`create_standard_registry`] (and the MCP server, through
/// [`register_standard_tools`]) builds, and how (seed 002's `ToolConfig` plus the sandbox they
/// share and the network allowlist).
#[derive(Debug, Clone)]
pub struct ToolConfig {
    pub enable_fs: bool,
    pub enable_exec: bool,
    pub enable_web: bool,
    /// The text editor (`str_replace_based_edit_tool`) over the same sandbox.
    pub enable_editor: bool,
    /// Largest file `filesystem` reads, in bytes.
    pub fs_max_size: usize,
    /// Time limit of one `execute_command`, in seconds.
    pub exec_timeout: u64,
    /// The sandbox `filesystem` and `execute_command` share.
    pub kernel: KernelConfig,
    /// Where `filesystem` and the text editor may reach: the home directory, `/tmp` and the
    /// mounts (`false`, seed 002's standard registry), or the whole virtual filesystem
    /// (`true`: it is all the sandbox, as the MCP server serves it).
    pub whole_vfs: bool,
    /// Network allowlist rules (`[METHODS ]URL-PREFIX`, as `--allow-net` takes them);
    /// `web_search` works only when its base URL (and every redirect) matches one.
    pub allow_net: Vec<String>,
    /// Where `web_search` sends queries (DuckDuckGo's HTML endpoint by default).
    pub web_base_url: String,
}

impl Default for ToolConfig {
    fn default() -> Self {
        ToolConfig {
            enable_fs: true,
            enable_exec: true,
            enable_web: true,
            enable_editor: true,
            fs_max_size: FS_MAX_SIZE,
            exec_timeout: EXEC_TIMEOUT_SECS,
            kernel: KernelConfig::default(),
            whole_vfs: false,
            allow_net: Vec::new(),
            web_base_url: super::providers::web::DEFAULT_BASE_URL.to_string(),
        }
    }
}

/// A registry with the standard providers `filesystem`, `execute_command`, `web_search` and
/// `str_replace_based_edit_tool` (the text editor), all but `web_search` over one shared
/// sandbox (the editor writes where `execute_command`'s shell reads).
pub fn create_standard_registry(config: &ToolConfig) -> ToolRegistry {
    let kernel = Arc::new(Mutex::new(Kernel::new(config.kernel.clone())));
    let backend = match kernel.lock() {
        Ok(k) => k.backend(),
        Err(p) => p.into_inner().backend(),
    };
    let mut registry = ToolRegistry::new();
    register_standard_tools(&mut registry, config, backend, Some(kernel));
    registry
}

/// Register the standard providers `config` enables over one sandbox: `filesystem`,
/// `execute_command` (when `kernel` is given: the session it runs in), `web_search` and the
/// text editor, in that order, all but `web_search` over `backend`. The one assembly of the
/// standard tools: [`create_standard_registry`] and the MCP server's sessions both call it.
pub fn register_standard_tools(
    registry: &mut ToolRegistry,
    config: &ToolConfig,
    backend: Arc<dyn sandsh_vfs::KernelBackend>,
    kernel: Option<Arc<Mutex<Kernel>>>,
) {
    let roots: Vec<String> = if config.whole_vfs {
        Vec::new()
    } else {
        let s = &config.kernel.session;
        let home = format!("/home/{}", s.username());
        let mounts = s.mounts.iter().map(|m| m.path.display().to_string());
        [home, "/tmp".to_string()]
            .into_iter()
            .chain(mounts)
            .collect()
    };
    if config.enable_fs {
        let fs = FileSystemTool::new(backend.clone(), config.fs_max_size);
        registry.register(Box::new(roots.iter().fold(fs, |fs, r| fs.root(r))));
    }
    if config.enable_exec
        && let Some(kernel) = kernel
    {
        registry.register(Box::new(CommandExecutorTool::new(
            kernel,
            Duration::from_secs(config.exec_timeout),
        )));
    }
    if config.enable_web {
        // The same allowlist (rules as `--allow-net` takes them) and client as curl/wget.
        let mut web = WebSearchTool::new().base_url(&config.web_base_url);
        if let Ok(policy) = sandsh_net::NetPolicy::parse(&config.allow_net)
            && !policy.is_empty()
        {
            web = web.network(sandsh_net::Net::with_max_time(
                policy,
                WEB_MAX_BYTES,
                WEB_MAX_TIME,
            ));
        }
        registry.register(Box::new(web));
    }
    if config.enable_editor {
        let editor = TextEditorTool::new(backend, config.fs_max_size);
        registry.register(Box::new(roots.iter().fold(editor, |e, r| e.root(r))));
    }
}
