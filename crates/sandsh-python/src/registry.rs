//! [`ToolRegistry`]: the library's registry with Python shells as its tools. It renders the
//! definitions for OpenAI, Anthropic and MCP and dispatches a model's tool call given in the
//! provider's own shape, answering in that shape.

use std::sync::{Arc, RwLock};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sandsh::tool::{ToolCall, block_on};
use serde_json::{Value, json};

use crate::json_to_py;
use crate::shell::Shell;

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
        let t = Box::new(Arc::clone(&tool.tool));
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
        let (call, shape) = ToolCall::from_any(&v).map_err(PyValueError::new_err)?;
        let inner = Arc::clone(&self.inner);
        let result = py.detach(move || {
            let r = inner.read().unwrap_or_else(|e| e.into_inner());
            block_on(r.dispatch(&call))
        });
        let answer = result.in_shape(shape);
        Ok(answer.to_string())
    }
}
