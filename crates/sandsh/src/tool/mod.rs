//! The LLM tool layer: a sandsh session (or a set of scripted sub-tools, or the standard
//! providers) behind one `Tool` trait that models and agent frameworks can call.
//!
//! Seeds 000, 001 and 002 each defined a tool contract; this module offers one coherent API
//! that satisfies all three: [`Tool`] is seed 000's trait with seed 002's risk, confirmation and
//! structured-call methods defaulted, [`BashTool`] puts a kernel behind it, `ScriptedTool`
//! (feature `scripted_tool`) turns callbacks into commands, and [`ToolRegistry`] renders
//! definitions for OpenAI, Anthropic and MCP and dispatches a model's tool calls with
//! structured errors. Nothing here needs an async runtime: the kernel is synchronous and the
//! `async fn`s complete without waiting, so [`block_on`] is enough for synchronous callers.

mod bash_tool;
pub mod docs;
pub mod providers;
mod registry;
pub mod schema;
#[cfg(feature = "scripted_tool")]
mod scripted;
mod shell_tool;
mod traits;

pub(crate) use bash_tool::named;
pub use bash_tool::{BASH_TOOL_NAME, BASH_TOOL_SHORT, BashTool, BashToolBuilder, Utf8Chunker};
pub use registry::{
    CallShape, ConfirmHook, ConfirmRequest, EXEC_TIMEOUT_SECS, FS_MAX_SIZE, ToolCall,
    ToolCallResult, ToolConfig, ToolRegistry, WEB_MAX_BYTES, WEB_MAX_TIME,
    create_standard_registry, register_standard_tools,
};
pub use schema::{ToolDefinition, validate};
#[cfg(feature = "scripted_tool")]
pub use scripted::{
    ScriptedTool, ScriptedToolBuilder, ToolArgs, ToolCallback, ToolDef, parse_flags,
    read_tool_args, usage_line, write_tool_output,
};
pub use traits::{
    RiskLevel, ShellArgs, StatusCallback, Tool, ToolError, ToolOutput, ToolRequest, ToolResponse,
    ToolResult, ToolStatus, block_on, error_category,
};
