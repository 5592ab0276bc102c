//! sandsh: a sandboxed, bash-compatible shell for AI agents.
//!
//! Layers, top to bottom: frontends (`main.rs`, `cli`), [`kernel`] (one session), `interp`
//! (bash semantics), [`syntax`] (pure parsing) and `commands` (utilities over [`api::ToolCtx`]),
//! and [`vfs`] (the filesystem). Data flows down; no module imports a layer above it.
//!
//! The README follows; its code blocks are compiled and run as doctests.
#![doc = include_str!("../README.md")]

pub mod api;
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

pub use kernel::{ExecResult, Kernel, KernelConfig};
pub use tool::{BashTool, Tool, ToolRegistry, ToolRequest, ToolResponse, ToolStatus};
#[cfg(feature = "scripted_tool")]
pub use tool::{ScriptedTool, ScriptedToolBuilder, ToolArgs, ToolCallback, ToolDef};
