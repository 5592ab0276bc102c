//! The native half of the Node package `sandsh` (napi-rs).
//!
//! The JavaScript layer (`index.js`) is a thin wrapper over these classes: [`shell::Shell`]
//! (one session: a [`sandsh::BashTool`] kept for the shell's life, so it is both the session a
//! program drives and the tool a model calls), [`ticket::Ticket`] (one run's cancellation, what
//! an `AbortSignal` triggers) and [`registry::ToolRegistry`].
//!
//! Nothing here blocks the JavaScript thread on a session: every call that runs or waits for
//! the session goes to the shell's own worker thread and answers with a promise, so two shells
//! run in parallel and a JavaScript command called by a running script always finds the
//! JavaScript thread free. JSON (configuration, schemas, tool definitions) crosses the boundary
//! as text: it is off the hot path and keeps one conversion for every shape.

#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

/// Each shell's heap counts against its memory budget, as in the `sandsh` binary
/// (`sandsh::meter`): one runaway shell stops alone. Only the addon's Rust allocations go
/// through it; V8's heap is Node's.
#[global_allocator]
static ALLOC: sandsh::meter::MeteredAlloc = sandsh::meter::MeteredAlloc;

mod command;
mod config;
mod hooks;
mod registry;
mod shell;
mod ticket;
mod worker;

use napi_derive::napi;

// Exported to JavaScript by napi's registration; named here so every build sees it used.
pub use command::reply;

/// The version of the addon (the workspace's).
#[napi]
pub fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

/// An error for JavaScript: `"Kind: message"`, which `index.js` turns into the error class
/// `Kind` (`ConfigError`, `SnapshotError`, `FileError`, `SandshError`).
pub(crate) fn js_error(kind: &str, msg: impl std::fmt::Display) -> napi::Error {
    napi::Error::new(napi::Status::GenericFailure, format!("{kind}: {msg}"))
}
