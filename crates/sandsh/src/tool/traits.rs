//! The [`Tool`] contract and the types that cross it.
//!
//! Seed 000 defines the trait method for method (`name` … `execute_with_status`) and the
//! request/response/status types; seed 002 adds risk levels, confirmation, structured
//! [`ToolOutput`] and typed [`ToolError`]s. sandsh offers one trait that satisfies both: the
//! seed 000 methods are required, the seed 002 ones are defaulted, and [`Tool::call`] bridges a
//! model's JSON arguments to [`Tool::execute`] so that a registry can hold shells and
//! non-shell providers side by side.

use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

pub use sandsh_api::RiskLevel;

/// Error categories carried by [`ToolResponse::error`] and [`ToolOutput::error`].
pub mod error_category {
    use crate::kernel::RunError;

    /// The script did not parse.
    pub const PARSE_ERROR: &str = RunError::ParseError.as_str();
    /// The run hit its time limit (exit status 124).
    pub const TIMEOUT: &str = RunError::Timeout.as_str();
    /// A resource limit stopped the run (exit status 125).
    pub const LIMIT_EXCEEDED: &str = RunError::LimitExceeded.as_str();
    /// The run was cancelled (exit status 130).
    pub const CANCELLED: &str = RunError::Cancelled.as_str();
    /// The tool was misconfigured (a mount that could not be opened).
    pub const CONFIG: &str = RunError::Config.as_str();
    /// The request itself was malformed (bad JSON arguments, schema violation).
    pub const INVALID_REQUEST: &str = RunError::InvalidRequest.as_str();
    /// The tool ran and reported a failure.
    pub const EXECUTION_FAILED: &str = "execution_failed";
}

/// One call of a shell tool: `commands` run like `bash -c "commands"` (seed 000's request,
/// field for field).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolRequest {
    /// The bash commands to run.
    pub commands: String,
}

impl ToolRequest {
    pub fn new(commands: impl Into<String>) -> Self {
        ToolRequest {
            commands: commands.into(),
        }
    }
}

/// The JSON arguments of a shell tool's call: the request plus an optional time limit in
/// milliseconds, which overrides the tool's own for that call ([`Tool::call`]).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShellArgs {
    pub commands: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout_ms: Option<u64>,
}

impl ShellArgs {
    /// Read a call's JSON arguments.
    pub fn parse(args: Value) -> ToolResult<ShellArgs> {
        serde_json::from_value(args).map_err(|e| ToolError::InvalidArguments(e.to_string()))
    }

    /// The per-call time limit.
    pub fn timeout(&self) -> Option<std::time::Duration> {
        self.timeout_ms.map(std::time::Duration::from_millis)
    }

    /// The request part.
    pub fn request(&self) -> ToolRequest {
        ToolRequest::new(self.commands.clone())
    }
}

/// The complete, buffered result of one call.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolResponse {
    pub stdout: String,
    pub stderr: String,
    pub exit_code: i32,
    /// An [`error_category`] when the run did not end normally.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// How stdout was cut when it passed the output limit ([`crate::OutputCut`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stdout_cut: Option<crate::OutputCut>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stderr_cut: Option<crate::OutputCut>,
}

impl ToolResponse {
    /// A response for a request that could not run at all.
    pub fn failure(category: &str, message: impl Into<String>, exit_code: i32) -> Self {
        let mut stderr = message.into();
        if !stderr.ends_with('\n') {
            stderr.push('\n');
        }
        ToolResponse {
            stdout: String::new(),
            stderr,
            exit_code,
            error: Some(category.to_string()),
            ..ToolResponse::default()
        }
    }
}

impl From<crate::kernel::ExecResult> for ToolResponse {
    fn from(r: crate::kernel::ExecResult) -> Self {
        ToolResponse {
            stdout: r.stdout_str(),
            stderr: r.stderr_str(),
            exit_code: r.exit_code,
            error: r.error.map(|e| e.to_string()),
            stdout_cut: r.stdout_cut,
            stderr_cut: r.stderr_cut,
        }
    }
}

/// A progress event of [`Tool::execute_with_status`].
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ToolStatus {
    /// `validate` | `parse` | `execute` | `output` | `complete`
    pub phase: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub percent_complete: Option<f32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eta_ms: Option<u64>,
    /// The chunk (when `phase == "output"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output: Option<String>,
    /// `stdout` or `stderr` (when `phase == "output"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stream: Option<String>,
}

impl ToolStatus {
    /// A phase change.
    pub fn new(phase: impl Into<String>) -> Self {
        ToolStatus {
            phase: phase.into(),
            ..ToolStatus::default()
        }
    }

    /// An stdout chunk.
    pub fn stdout(chunk: impl Into<String>) -> Self {
        Self::chunk(chunk.into(), "stdout")
    }

    /// An stderr chunk.
    pub fn stderr(chunk: impl Into<String>) -> Self {
        Self::chunk(chunk.into(), "stderr")
    }

    fn chunk(output: String, stream: &str) -> Self {
        ToolStatus {
            phase: "output".to_string(),
            output: Some(output),
            stream: Some(stream.to_string()),
            ..ToolStatus::default()
        }
    }

    pub fn with_message(mut self, m: impl Into<String>) -> Self {
        self.message = Some(m.into());
        self
    }

    pub fn with_percent(mut self, p: f32) -> Self {
        self.percent_complete = Some(p);
        self
    }

    pub fn with_eta(mut self, ms: u64) -> Self {
        self.eta_ms = Some(ms);
        self
    }
}

/// The status callback of [`Tool::execute_with_status`].
pub type StatusCallback = Box<dyn FnMut(ToolStatus) + Send>;

/// Seed 002's structured result: what a registry hands back to the model.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ToolOutput {
    pub content: Value,
    pub success: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    #[serde(default, skip_serializing_if = "serde_json::Map::is_empty")]
    pub metadata: serde_json::Map<String, Value>,
}

impl ToolOutput {
    /// A successful result.
    pub fn success(content: impl Into<Value>) -> Self {
        ToolOutput {
            content: content.into(),
            success: true,
            error: None,
            metadata: serde_json::Map::new(),
        }
    }

    /// A result that ran but failed; `content` still carries what was produced.
    pub fn failure(content: impl Into<Value>, error: impl Into<String>) -> Self {
        ToolOutput {
            content: content.into(),
            success: false,
            error: Some(error.into()),
            metadata: serde_json::Map::new(),
        }
    }

    /// Attach a metadata entry.
    pub fn with_metadata(mut self, key: impl Into<String>, value: impl Into<Value>) -> Self {
        self.metadata.insert(key.into(), value.into());
        self
    }
}

impl From<ToolResponse> for ToolOutput {
    fn from(r: ToolResponse) -> Self {
        let ok = r.exit_code == 0 && r.error.is_none();
        let error = r.error.clone().or_else(|| {
            (!ok).then(|| {
                format!(
                    "{}: exit status {}",
                    error_category::EXECUTION_FAILED,
                    r.exit_code
                )
            })
        });
        ToolOutput {
            content: json!({
                "stdout": r.stdout,
                "stderr": r.stderr,
                "exit_code": r.exit_code,
            }),
            success: ok,
            error,
            metadata: serde_json::Map::new(),
        }
    }
}

/// Why a tool could not produce a result (seed 002's ten variants).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ToolError {
    #[error("tool not found: {0}")]
    NotFound(String),
    #[error("invalid arguments: {0}")]
    InvalidArguments(String),
    #[error("schema violation at {path}: {message}")]
    SchemaViolation { path: String, message: String },
    #[error("execution failed: {0}")]
    ExecutionFailed(String),
    #[error("timed out after {ms} ms")]
    Timeout { ms: u64 },
    #[error("cancelled")]
    Cancelled,
    #[error("limit exceeded: {0}")]
    LimitExceeded(String),
    #[error("permission denied: {0}")]
    PermissionDenied(String),
    #[error("network error: {0}")]
    Network(String),
    #[error("internal error: {0}")]
    Internal(String),
}

impl ToolError {
    /// A stable, snake_case name of the variant (for structured errors).
    pub fn kind(&self) -> &'static str {
        match self {
            ToolError::NotFound(_) => "not_found",
            ToolError::InvalidArguments(_) => "invalid_arguments",
            ToolError::SchemaViolation { .. } => "schema_violation",
            ToolError::ExecutionFailed(_) => "execution_failed",
            ToolError::Timeout { .. } => "timeout",
            ToolError::Cancelled => "cancelled",
            ToolError::LimitExceeded(_) => "limit_exceeded",
            ToolError::PermissionDenied(_) => "permission_denied",
            ToolError::Network(_) => "network",
            ToolError::Internal(_) => "internal",
        }
    }

    /// `{"kind": …, "message": …}` (plus `path` for schema violations).
    pub fn to_json(&self) -> Value {
        let mut v = json!({"kind": self.kind(), "message": self.to_string()});
        if let ToolError::SchemaViolation { path, .. } = self {
            v["path"] = json!(path);
        }
        v
    }
}

pub type ToolResult<T> = Result<T, ToolError>;

/// A tool a model can call. The first ten methods are seed 000's contract; the rest have
/// defaults (seed 002's risk, confirmation and structured call).
#[async_trait]
pub trait Tool: Send + Sync {
    /// Identifier for registries (`sandsh`).
    fn name(&self) -> &str;
    /// One line for tool listings.
    fn short_description(&self) -> &str;
    /// Full description, including what the tool supports.
    fn description(&self) -> String;
    /// Man-page style documentation for models.
    fn help(&self) -> String;
    /// A compact header to embed in a system prompt.
    fn system_prompt(&self) -> String;
    /// JSON Schema of the arguments.
    fn input_schema(&self) -> Value;
    /// JSON Schema of the result.
    fn output_schema(&self) -> Value;
    /// Library version.
    fn version(&self) -> &str;
    /// Run the tool. Takes `&self`: a tool guards its own state, so one instance (an
    /// `Arc<ToolRegistry>`) serves calls from many tasks at once.
    async fn execute(&self, req: ToolRequest) -> ToolResponse;
    /// Run the tool, reporting phases and output chunks as they happen. The chunks add up to
    /// the returned response exactly.
    ///
    /// The default, for tools that produce their output at once: `validate`, then the whole
    /// run, then the output as one chunk per stream and `complete`. Streaming tools override it.
    async fn execute_with_status(
        &self,
        req: ToolRequest,
        mut status_callback: Box<dyn FnMut(ToolStatus) + Send>,
    ) -> ToolResponse {
        status_callback(ToolStatus::new("validate").with_percent(0.0));
        let resp = self.execute(req).await;
        crate::tool::providers::report(&resp, &mut *status_callback);
        resp
    }

    /// How dangerous a call is.
    fn risk_level(&self) -> RiskLevel {
        RiskLevel::MediumRisk
    }

    /// Whether a registry must ask before running a call.
    fn requires_confirmation(&self) -> bool {
        false
    }

    /// A one-line description of a call, for confirmation prompts and logs.
    fn describe_call(&self, args: &Value) -> String {
        format!("{} {}", self.name(), args)
    }

    /// Run a call given as JSON arguments (already validated against [`Tool::input_schema`]).
    /// The default reads them as a [`ToolRequest`] and runs [`Tool::execute`]; tools whose
    /// arguments are not a shell request override this.
    async fn call(&self, args: Value) -> ToolResult<ToolOutput> {
        let req: ToolRequest =
            serde_json::from_value(args).map_err(|e| ToolError::InvalidArguments(e.to_string()))?;
        Ok(self.execute(req).await.into())
    }
}

/// Run a future to completion on the current thread.
///
/// A shared tool is a tool: a binding registers, by an `Arc`, the session its own object
/// drives.
#[async_trait]
impl<T: Tool + ?Sized> Tool for std::sync::Arc<T> {
    fn name(&self) -> &str {
        (**self).name()
    }
    fn short_description(&self) -> &str {
        (**self).short_description()
    }
    fn description(&self) -> String {
        (**self).description()
    }
    fn help(&self) -> String {
        (**self).help()
    }
    fn system_prompt(&self) -> String {
        (**self).system_prompt()
    }
    fn input_schema(&self) -> Value {
        (**self).input_schema()
    }
    fn output_schema(&self) -> Value {
        (**self).output_schema()
    }
    fn version(&self) -> &str {
        (**self).version()
    }
    async fn execute(&self, req: ToolRequest) -> ToolResponse {
        (**self).execute(req).await
    }
    async fn execute_with_status(
        &self,
        req: ToolRequest,
        status_callback: Box<dyn FnMut(ToolStatus) + Send>,
    ) -> ToolResponse {
        (**self).execute_with_status(req, status_callback).await
    }
    fn risk_level(&self) -> RiskLevel {
        (**self).risk_level()
    }
    fn requires_confirmation(&self) -> bool {
        (**self).requires_confirmation()
    }
    fn describe_call(&self, args: &Value) -> String {
        (**self).describe_call(args)
    }
    async fn call(&self, args: Value) -> ToolResult<ToolOutput> {
        (**self).call(args).await
    }
}

/// sandsh's tools do their work synchronously inside `async fn`s (the kernel is synchronous
/// and the crate deliberately has no async runtime), so a synchronous embedder can call them
/// with this instead of pulling in an executor.
pub fn block_on<F: std::future::Future>(fut: F) -> F::Output {
    use std::sync::Arc;
    use std::task::{Context, Poll, Wake, Waker};

    struct Unpark(std::thread::Thread);
    impl Wake for Unpark {
        fn wake(self: Arc<Self>) {
            self.0.unpark();
        }
        fn wake_by_ref(self: &Arc<Self>) {
            self.0.unpark();
        }
    }

    let waker = Waker::from(Arc::new(Unpark(std::thread::current())));
    let mut cx = Context::from_waker(&waker);
    let mut fut = std::pin::pin!(fut);
    loop {
        match fut.as_mut().poll(&mut cx) {
            Poll::Ready(v) => return v,
            Poll::Pending => std::thread::park(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_is_seed_shaped_and_args_carry_the_timeout() {
        let r = ToolRequest {
            commands: "echo hi".to_string(),
        };
        assert_eq!(
            serde_json::to_string(&r).unwrap(),
            r#"{"commands":"echo hi"}"#
        );
        let a = ShellArgs::parse(json!({"commands": "ls", "timeout_ms": 50})).unwrap();
        assert_eq!(a.timeout(), Some(std::time::Duration::from_millis(50)));
        assert_eq!(a.request(), ToolRequest::new("ls"));
        assert!(ShellArgs::parse(json!({"commands": "ls", "bogus": 1})).is_err());
    }

    #[test]
    fn status_constructors_set_stream() {
        let s = ToolStatus::stdout("a\n");
        assert_eq!(s.phase, "output");
        assert_eq!(s.stream.as_deref(), Some("stdout"));
        let v = serde_json::to_value(ToolStatus::new("parse")).unwrap();
        assert_eq!(v, json!({"phase": "parse"}));
        assert_eq!(ToolStatus::stderr("x").stream.as_deref(), Some("stderr"));
    }

    #[test]
    fn response_to_output_marks_failure() {
        let out: ToolOutput = ToolResponse {
            stdout: String::new(),
            stderr: "boom\n".into(),
            exit_code: 3,
            error: None,
            ..ToolResponse::default()
        }
        .into();
        assert!(!out.success);
        assert_eq!(out.content["exit_code"], 3);
        assert!(out.error.unwrap().contains("exit status 3"));
    }

    #[test]
    fn error_kinds_are_stable() {
        let e = ToolError::SchemaViolation {
            path: "/path".into(),
            message: "expected string".into(),
        };
        assert_eq!(e.kind(), "schema_violation");
        assert_eq!(e.to_json()["path"], "/path");
        assert_eq!(
            ToolError::Timeout { ms: 5 }.to_string(),
            "timed out after 5 ms"
        );
    }
}
