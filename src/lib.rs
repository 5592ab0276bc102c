//! sandsh: a sandboxed, bash-compatible shell for AI agents.
//!
//! Layers, top to bottom: frontends (`main.rs`, `cli`), [`kernel`] (one session), `interp`
//! (bash semantics), [`syntax`] (pure parsing) and `commands` (utilities over [`api::ToolCtx`]),
//! and [`vfs`] (the filesystem). Data flows down; no module imports a layer above it.
//!
//! The README follows; its code blocks are compiled and run as doctests.
#![doc = include_str!("../README.md")]

pub mod api;
mod bash;
pub mod budget;
mod cancel;
pub mod commands;
mod interp;
pub mod kernel;
pub mod limits;
pub mod net;
pub mod stack;
pub mod syntax;
pub mod text;
pub mod tool;
pub mod vfs;

// The public contracts at the crate root, under the seeds' names.
pub use api::{Command, CommandSpec, ToolCtx};
pub use bash::{Bash, BashBuilder, Error, ExecOutput, OutputCallback};
pub use commands::Toolset;
pub use kernel::{ExecOptions, ExecResult, ExecutionLimits, Kernel, KernelConfig};
pub use kernel::{JobInfo, JobState, JobsCancelHandle};
pub use tool::{
    BashTool, BashToolBuilder, RiskLevel, StatusCallback, Tool, ToolDefinition, ToolError,
    ToolOutput, ToolRegistry, ToolRequest, ToolResponse, ToolResult, ToolStatus, block_on,
    create_standard_registry,
};
#[cfg(feature = "scripted_tool")]
pub use tool::{ScriptedTool, ScriptedToolBuilder, ToolArgs, ToolCallback, ToolDef};
pub use vfs::{KernelBackend, MountMode};
