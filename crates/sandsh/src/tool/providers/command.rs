//! `execute_command`: run one command line in the sandbox (seed 002).
//!
//! Seed 002 rates command execution high risk and always asks first; sandsh keeps that
//! contract (the registry refuses it without a confirmation hook) even though the command
//! runs in the sandbox, because an embedder may have mounted host directories read-write.
//! The kernel is shared (behind a mutex) with the registry's other providers, so a file the
//! command writes is what `filesystem` reads next.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use serde_json::{Value, json};

use super::{provider_identity, str_arg};
use crate::kernel::{ExecOptions, Kernel, format_duration};
use crate::tool::traits::{
    RiskLevel, Tool, ToolError, ToolOutput, ToolRequest, ToolResponse, ToolResult, error_category,
};

const NAME: &str = "execute_command";
const SHORT: &str = "Execute a shell command in the sandbox";

/// Runs command lines in a shared sandbox kernel.
pub struct CommandExecutorTool {
    kernel: Arc<Mutex<Kernel>>,
    timeout: Duration,
}

impl CommandExecutorTool {
    /// Commands run in `kernel`, each stopped after `timeout` unless the call asks for less.
    pub fn new(kernel: Arc<Mutex<Kernel>>, timeout: Duration) -> Self {
        CommandExecutorTool { kernel, timeout }
    }

    /// The call's time limit in milliseconds (the default timeout).
    pub fn default_timeout_ms(&self) -> u64 {
        self.timeout.as_millis() as u64
    }

    fn run(&self, command: &str, timeout: Duration) -> ToolResponse {
        let mut k = match self.kernel.lock() {
            Ok(k) => k,
            Err(p) => p.into_inner(),
        };
        k.execute_with(
            command,
            ExecOptions {
                timeout: Some(timeout),
                ..ExecOptions::default()
            },
        )
        .into()
    }
}

#[async_trait]
impl Tool for CommandExecutorTool {
    provider_identity!();
    fn description(&self) -> String {
        format!(
            "{SHORT} (bash syntax, virtual filesystem, stopped after {}). Returns stdout, \
             stderr and exit_code.",
            format_duration(self.timeout)
        )
    }
    fn input_schema(&self) -> Value {
        json!({
            "type": "object",
            "required": ["command"],
            "properties": {
                "command": {"type": "string", "description": "The command line to run (bash syntax)"},
                "timeout_secs": {"type": "integer", "minimum": 1, "description": "Time limit in seconds"}
            },
            "additionalProperties": false
        })
    }
    fn output_schema(&self) -> Value {
        crate::tool::bash_tool::shell_output_schema()
    }

    /// `commands` is the command line itself.
    async fn execute(&self, req: ToolRequest) -> ToolResponse {
        self.run(&req.commands, self.timeout)
    }

    fn risk_level(&self) -> RiskLevel {
        RiskLevel::HighRisk
    }

    fn requires_confirmation(&self) -> bool {
        true
    }

    fn describe_call(&self, args: &Value) -> String {
        format!("run `{}`", str_arg(args, "command").unwrap_or(""))
    }

    /// Timeouts, cancellation and tripped limits are errors; any other exit is a result.
    async fn call(&self, args: Value) -> ToolResult<ToolOutput> {
        let command = str_arg(&args, "command")
            .ok_or_else(|| ToolError::InvalidArguments("missing 'command'".into()))?;
        let timeout = args
            .get("timeout_secs")
            .and_then(Value::as_u64)
            .map(Duration::from_secs)
            .unwrap_or(self.timeout);
        let resp = self.run(command, timeout);
        match resp.error.as_deref() {
            Some(error_category::TIMEOUT) => Err(ToolError::Timeout {
                ms: timeout.as_millis() as u64,
            }),
            Some(error_category::CANCELLED) => Err(ToolError::Cancelled),
            Some(error_category::LIMIT_EXCEEDED) => {
                Err(ToolError::LimitExceeded(resp.stderr.trim_end().to_string()))
            }
            Some(error_category::CONFIG) => {
                Err(ToolError::Internal(resp.stderr.trim_end().to_string()))
            }
            _ => Ok(resp.into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::KernelConfig;
    use crate::tool::block_on;

    fn tool() -> CommandExecutorTool {
        CommandExecutorTool::new(
            Arc::new(Mutex::new(Kernel::new(KernelConfig::default()))),
            Duration::from_secs(5),
        )
    }

    #[test]
    fn runs_in_a_persistent_sandbox() {
        let t = tool();
        block_on(t.call(json!({"command": "echo hi > /tmp/x"}))).unwrap();
        let out = block_on(t.call(json!({"command": "cat /tmp/x; exit 3"}))).unwrap();
        assert_eq!(out.content["stdout"], "hi\n");
        assert_eq!(out.content["exit_code"], 3);
        assert!(!out.success);
        assert!(t.requires_confirmation());
        assert_eq!(t.risk_level(), RiskLevel::HighRisk);
    }

    #[test]
    fn timeout_is_an_error() {
        let t = tool();
        let r = block_on(t.call(json!({"command": "sleep 5", "timeout_secs": 1})));
        assert_eq!(r, Err(ToolError::Timeout { ms: 1000 }));
    }
}
