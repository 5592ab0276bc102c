//! [`ToolRegistry`]: the library's registry with shells as its tools. It renders the
//! definitions for OpenAI, Anthropic and MCP and dispatches a model's tool call given in the
//! provider's own shape, answering in that shape (as the Python package's registry does).

use std::sync::{Arc, RwLock};

use napi::Env;
use napi::bindgen_prelude::Object;
use napi_derive::napi;
use sandsh::tool::{ToolCall, block_on};
use serde_json::Value;

use crate::js_error;
use crate::shell::Shell;

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
        let t = Box::new(shell.tool());
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
        let (call, shape) = ToolCall::from_any(&v).map_err(|m| js_error("SandshError", m))?;
        let inner = Arc::clone(&self.inner);
        let (deferred, promise) = env.create_deferred()?;
        std::thread::Builder::new()
            .name("sandsh-dispatch".into())
            .spawn(move || {
                let result = {
                    let r = inner.read().unwrap_or_else(|e| e.into_inner());
                    block_on(r.dispatch(&call))
                };
                let answer = result.in_shape(shape);
                let text = answer.to_string();
                deferred.resolve(move |_| Ok(text));
            })
            .map_err(|e| js_error("SandshError", format!("cannot start a thread: {e}")))?;
        Ok(promise)
    }
}
