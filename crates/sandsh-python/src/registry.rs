//! [`ToolRegistry`]: the library's registry with Python shells as its tools. It renders the
//! definitions for OpenAI, Anthropic and MCP and dispatches a model's tool call given in the
//! provider's own shape, answering in that shape.

use std::sync::{Arc, RwLock};

use async_trait::async_trait;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sandsh::BashTool;
use sandsh::tool::{
    RiskLevel, Tool, ToolCall, ToolOutput, ToolRequest, ToolResponse, ToolResult, ToolStatus,
    block_on,
};
use serde_json::{Value, json};

use crate::json_to_py;
use crate::shell::Shell;

/// A shell registered in a registry: the same session the Python object drives.
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

fn read_call(v: &Value) -> PyResult<(ToolCall, Shape)> {
    let bad = |what: &str| {
        PyValueError::new_err(format!(
            "not a tool call ({what}): expected an OpenAI tool call {{id, function: {{name, \
             arguments}}}}, an Anthropic tool_use block {{id, name, input}} or {{name, arguments}}"
        ))
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
#[pyclass(module = "sandsh._sandsh", subclass, frozen)]
pub struct ToolRegistry {
    inner: Arc<RwLock<sandsh::ToolRegistry>>,
}

impl ToolRegistry {
    /// One of the registry's renderings of its tools, as Python objects.
    fn rendered<'py>(
        &self,
        py: Python<'py>,
        render: fn(&sandsh::ToolRegistry) -> Value,
    ) -> PyResult<Bound<'py, PyAny>> {
        let v = render(&self.inner.read().unwrap_or_else(|e| e.into_inner()));
        json_to_py(py, &v)
    }
}

#[pymethods]
impl ToolRegistry {
    #[new]
    fn new() -> Self {
        ToolRegistry {
            inner: Arc::new(RwLock::new(sandsh::ToolRegistry::new())),
        }
    }

    /// Add a shell (a `Shell` or `BashTool`); one with the same name is replaced.
    fn register(&self, py: Python<'_>, tool: PyRef<'_, Shell>) {
        let t = Box::new(SharedTool(Arc::clone(&tool.tool)));
        let inner = &self.inner;
        py.detach(|| inner.write().unwrap_or_else(|e| e.into_inner()).register(t));
    }

    /// Decide whether calls of tools that require confirmation run:
    /// `hook({"tool", "arguments", "description", "risk"}) -> bool`.
    fn on_confirm(&self, py: Python<'_>, hook: Py<PyAny>) {
        let inner = &self.inner;
        py.detach(|| {
            inner
                .write()
                .unwrap_or_else(|e| e.into_inner())
                .on_confirm(move |req| {
                    Python::attach(|py| {
                        let v = json!({
                            "tool": req.tool,
                            "arguments": req.arguments,
                            "description": req.description,
                            "risk": req.risk.as_str(),
                        });
                        let answer = json_to_py(py, &v)
                            .and_then(|d| hook.call1(py, (d,)))
                            .and_then(|a| a.bind(py).is_truthy());
                        answer.unwrap_or_else(|e| {
                            e.write_unraisable(py, Some(hook.bind(py)));
                            false
                        })
                    })
                })
        });
    }

    /// The registered tools' names, in registration order.
    fn names(&self) -> Vec<String> {
        let r = self.inner.read().unwrap_or_else(|e| e.into_inner());
        r.list().into_iter().map(str::to_string).collect()
    }

    fn __len__(&self) -> usize {
        self.inner.read().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// The `tools` array of an OpenAI chat request.
    fn openai_tools<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.rendered(py, sandsh::ToolRegistry::openai_tools)
    }

    /// The `tools` array of an Anthropic messages request.
    fn anthropic_tools<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.rendered(py, sandsh::ToolRegistry::anthropic_tools)
    }

    /// The `tools` array of an MCP `tools/list` result.
    fn mcp_tools<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.rendered(py, sandsh::ToolRegistry::mcp_tools)
    }

    /// Run a tool call given as JSON text (the Python layer's `dispatch` takes dicts and SDK
    /// objects); the answer is JSON text in the call's shape.
    fn _dispatch_json(&self, py: Python<'_>, call: &str) -> PyResult<String> {
        let v: Value =
            serde_json::from_str(call).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let (call, shape) = read_call(&v)?;
        let inner = Arc::clone(&self.inner);
        let result = py.detach(move || {
            let r = inner.read().unwrap_or_else(|e| e.into_inner());
            block_on(r.dispatch(&call))
        });
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
        Ok(answer.to_string())
    }
}
