//! [`ToolRegistry`]: the library's registry with shells as its tools. It renders the
//! definitions for OpenAI, Anthropic and MCP and dispatches a model's tool call given in the
//! provider's own shape, answering in that shape (as the Python package's registry does).

use std::sync::{Arc, RwLock};

use async_trait::async_trait;
use napi::Env;
use napi::bindgen_prelude::Object;
use napi_derive::napi;
use sandsh::BashTool;
use sandsh::tool::{
    RiskLevel, Tool, ToolCall, ToolOutput, ToolRequest, ToolResponse, ToolResult, ToolStatus,
    block_on,
};
use serde_json::{Value, json};

use crate::js_error;
use crate::shell::Shell;

/// A shell registered in a registry: the same session the JavaScript object drives.
struct SharedTool(Arc<BashTool>);

#[async_trait]
impl Tool for SharedTool {
    fn name(&self) -> &str {
        self.0.name()
    }
    fn short_description(&self) -> &str {
        self.0.short_description()
    }
    fn description(&self) -> String {
        self.0.description()
    }
    fn help(&self) -> String {
        self.0.help()
    }
    fn system_prompt(&self) -> String {
        self.0.system_prompt()
    }
    fn input_schema(&self) -> Value {
        self.0.input_schema()
    }
    fn output_schema(&self) -> Value {
        self.0.output_schema()
    }
    fn version(&self) -> &str {
        self.0.version()
    }
    async fn execute(&self, req: ToolRequest) -> ToolResponse {
        self.0.execute(req).await
    }
    async fn execute_with_status(
        &self,
        req: ToolRequest,
        status_callback: Box<dyn FnMut(ToolStatus) + Send>,
    ) -> ToolResponse {
        self.0.execute_with_status(req, status_callback).await
    }
    fn risk_level(&self) -> RiskLevel {
        self.0.risk_level()
    }
    fn requires_confirmation(&self) -> bool {
        self.0.requires_confirmation()
    }
    fn describe_call(&self, args: &Value) -> String {
        self.0.describe_call(args)
    }
    async fn call(&self, args: Value) -> ToolResult<ToolOutput> {
        self.0.call(args).await
    }
}

/// The shape a call came in, which its answer takes.
enum Shape {
    OpenAi,
    Anthropic,
    Plain,
}

fn read_call(v: &Value) -> napi::Result<(ToolCall, Shape)> {
    let bad = |what: &str| {
        js_error(
            "SandshError",
            format!(
                "not a tool call ({what}): expected an OpenAI tool call {{id, function: {{name, \
                 arguments}}}}, an Anthropic tool_use block {{id, name, input}} or {{name, arguments}}"
            ),
        )
    };
    if v.get("function").is_some() {
        let call = ToolCall::from_openai(v).ok_or_else(|| bad("OpenAI shape"))?;
        return Ok((call, Shape::OpenAi));
    }
    if v.get("input").is_some() {
        let call = ToolCall::from_anthropic(v).ok_or_else(|| bad("Anthropic shape"))?;
        return Ok((call, Shape::Anthropic));
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
    Ok((ToolCall::new(id, name, arguments), Shape::Plain))
}

/// Tools offered to a model: their definitions, and the dispatch of its calls.
#[napi]
pub struct ToolRegistry {
    inner: Arc<RwLock<sandsh::ToolRegistry>>,
}

impl ToolRegistry {
    fn rendered(&self, render: fn(&sandsh::ToolRegistry) -> Value) -> String {
        render(&self.inner.read().unwrap_or_else(|e| e.into_inner())).to_string()
    }
}

#[napi]
impl ToolRegistry {
    #[napi(constructor)]
    #[allow(clippy::new_without_default)]
    pub fn new() -> Self {
        ToolRegistry {
            inner: Arc::new(RwLock::new(sandsh::ToolRegistry::new())),
        }
    }

    /// Add a shell; one with the same name is replaced.
    #[napi]
    pub fn register(&self, shell: &Shell) {
        let t = Box::new(SharedTool(shell.tool()));
        self.inner
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .register(t);
    }

    /// The registered tools' names, in registration order.
    #[napi]
    pub fn names(&self) -> Vec<String> {
        let r = self.inner.read().unwrap_or_else(|e| e.into_inner());
        r.list().into_iter().map(str::to_string).collect()
    }

    /// The `tools` array of an OpenAI chat request, as JSON text.
    #[napi]
    pub fn openai_tools_json(&self) -> String {
        self.rendered(sandsh::ToolRegistry::openai_tools)
    }

    /// The `tools` array of an Anthropic messages request, as JSON text.
    #[napi]
    pub fn anthropic_tools_json(&self) -> String {
        self.rendered(sandsh::ToolRegistry::anthropic_tools)
    }

    /// The `tools` array of an MCP `tools/list` result, as JSON text.
    #[napi]
    pub fn mcp_tools_json(&self) -> String {
        self.rendered(sandsh::ToolRegistry::mcp_tools)
    }

    /// Run a tool call given as JSON text, on a thread of its own; resolves to the answer as
    /// JSON text in the call's shape.
    #[napi(ts_return_type = "Promise<string>")]
    pub fn dispatch_json<'env>(&self, env: &'env Env, call: String) -> napi::Result<Object<'env>> {
        let v: Value = serde_json::from_str(&call)
            .map_err(|e| js_error("SandshError", format!("tool call: {e}")))?;
        let (call, shape) = read_call(&v)?;
        let inner = Arc::clone(&self.inner);
        let (deferred, promise) = env.create_deferred()?;
        std::thread::Builder::new()
            .name("sandsh-dispatch".into())
            .spawn(move || {
                let result = {
                    let r = inner.read().unwrap_or_else(|e| e.into_inner());
                    block_on(r.dispatch(&call))
                };
                let answer = match shape {
                    Shape::OpenAi => result.to_openai_message(),
                    Shape::Anthropic => result.to_anthropic_block(),
                    Shape::Plain => json!({
                        "id": result.id,
                        "name": result.name,
                        "content": result.content,
                        "is_error": result.is_error,
                    }),
                };
                let text = answer.to_string();
                deferred.resolve(move |_| Ok(text));
            })
            .map_err(|e| js_error("SandshError", format!("cannot start a thread: {e}")))?;
        Ok(promise)
    }
}
