//! sandsh: a sandboxed, bash-compatible shell for AI agents.
//!
//! This is the library embedders use: [`Kernel`] (one session), the LLM tool layer ([`tool`]:
//! `BashTool`, `ScriptedTool`, `ToolRegistry`) and the seed facade ([`Bash`]). The layers it
//! assembles are crates of their own, re-exported here under their module names: [`syntax`]
//! (pure parsing), [`api`] (the command API), [`commands`] (the utilities), [`text`], [`net`],
//! [`vfs`] (the filesystems) and the runtime ([`limits`], [`budget`], [`meter`], [`stack`]). The
//! interpreter (`sandsh-interp`) is reached only through the kernel.
//!
//! The README follows; its code blocks are compiled and run as doctests.
#![doc = include_str!("../../../README.md")]

pub mod analyze;
mod bash;
pub mod config;
pub mod kernel;
pub mod store;
pub mod tool;
pub mod trace;

pub use sandsh_api as api;
pub use sandsh_commands as commands;
pub use sandsh_net as net;
pub use sandsh_runtime::{budget, limits, meter, stack, stages};
pub use sandsh_syntax as syntax;
pub use sandsh_text as text;
pub use sandsh_vfs as vfs;

// The public contracts at the crate root, under the seeds' names.
pub use api::{Command, CommandSpec, ToolCtx};
pub use bash::{Bash, BashBuilder, Error, ExecOutput, OutputCallback};
pub use commands::Toolset;
pub use config::{ConfigError, OutputConfig, SecretConfig, SessionConfig};
pub use kernel::{
    ExecOptions, ExecResult, ExecutionLimits, Kernel, KernelConfig, OUTPUT_DIR, OutputCut, RunError,
};
pub use kernel::{JobInfo, JobState, JobsCancelHandle};
pub use tool::{
    BashTool, BashToolBuilder, RiskLevel, StatusCallback, Tool, ToolDefinition, ToolError,
    ToolOutput, ToolRegistry, ToolRequest, ToolResponse, ToolResult, ToolStatus, block_on,
    create_standard_registry,
};
#[cfg(feature = "scripted_tool")]
pub use tool::{ScriptedTool, ScriptedToolBuilder, ToolArgs, ToolCallback, ToolDef};
pub use vfs::{KernelBackend, MountMode};
