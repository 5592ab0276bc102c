//! What the two script-taking tools, [`BashTool`](super::BashTool) and `ScriptedTool`, share:
//! the `{commands, timeout_ms?}` input and `{stdout, stderr, exit_code}` output schemas, the
//! run with or without a status callback, and the per-call time limit. Each says what it is
//! and how it runs a script ([`ShellTool`]); the [`Tool`] implementation is written once, here.

use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use serde_json::Value;

use super::bash_tool::{ByteSink, execute_with_phases, shell_input_schema, shell_output_schema};
use super::traits::{
    RiskLevel, ShellArgs, Tool, ToolOutput, ToolRequest, ToolResponse, ToolResult, ToolStatus,
};
use crate::kernel::ExecOptions;

/// A tool whose input is a shell script. Public inside a private module: the crate's
/// script-taking tools implement it, nothing outside can name it.
pub trait ShellTool: Send + Sync {
    /// [`Tool::name`].
    fn shell_name(&self) -> &str;
    /// [`Tool::short_description`].
    fn shell_short_description(&self) -> &str;
    /// [`Tool::description`].
    fn shell_description(&self) -> String;
    /// [`Tool::help`].
    fn shell_help(&self) -> String;
    /// [`Tool::system_prompt`].
    fn shell_system_prompt(&self) -> String;
    /// [`Tool::risk_level`].
    fn shell_risk_level(&self) -> RiskLevel {
        RiskLevel::MediumRisk
    }
    /// [`Tool::describe_call`].
    fn shell_describe_call(&self, args: &Value) -> String {
        format!("{} {args}", self.shell_name())
    }
    /// Run a script with a time limit of its own (the tool's when `None`), delivering output
    /// chunks to `sink` when one is given.
    fn run_script(
        &self,
        req: &ToolRequest,
        timeout: Option<Duration>,
        sink: Option<ByteSink>,
    ) -> ToolResponse;
}

/// Execution options for one run: its time limit, and its output relayed to `sink`
/// (stdout chunks with `false`, stderr chunks with `true`).
pub(crate) fn exec_options(timeout: Option<Duration>, sink: Option<ByteSink>) -> ExecOptions {
    let mut opts = ExecOptions {
        timeout,
        ..ExecOptions::default()
    };
    if let Some(s) = sink {
        let s2 = s.clone();
        opts.on_stdout = Some(Arc::new(move |b: &[u8]| s(b, false)));
        opts.on_stderr = Some(Arc::new(move |b: &[u8]| s2(b, true)));
    }
    opts
}

#[async_trait]
impl<T: ShellTool> Tool for T {
    fn name(&self) -> &str {
        self.shell_name()
    }

    fn short_description(&self) -> &str {
        self.shell_short_description()
    }

    fn description(&self) -> String {
        self.shell_description()
    }

    fn help(&self) -> String {
        self.shell_help()
    }

    fn system_prompt(&self) -> String {
        self.shell_system_prompt()
    }

    fn input_schema(&self) -> Value {
        shell_input_schema()
    }

    fn output_schema(&self) -> Value {
        shell_output_schema()
    }

    fn version(&self) -> &str {
        env!("CARGO_PKG_VERSION")
    }

    async fn execute(&self, req: ToolRequest) -> ToolResponse {
        self.run_script(&req, None, None)
    }

    async fn execute_with_status(
        &self,
        req: ToolRequest,
        status_callback: Box<dyn FnMut(ToolStatus) + Send>,
    ) -> ToolResponse {
        execute_with_phases(&req, status_callback, |sink| {
            self.run_script(&req, None, Some(sink))
        })
    }

    /// `{commands, timeout_ms?}`: the time limit applies to this call only.
    async fn call(&self, args: Value) -> ToolResult<ToolOutput> {
        let a = ShellArgs::parse(args)?;
        Ok(self.run_script(&a.request(), a.timeout(), None).into())
    }

    fn risk_level(&self) -> RiskLevel {
        self.shell_risk_level()
    }

    fn describe_call(&self, args: &Value) -> String {
        self.shell_describe_call(args)
    }
}
