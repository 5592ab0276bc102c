//! The MCP server's input: one line of JSON-RPC as a client sends it over stdio, decoded as the
//! transport decodes it (rmcp's `ClientJsonRpcMessage`), and a `tools/call` of the `bash` tool
//! taken through what the server does with it: its arguments checked against the tool's input
//! schema, read as shell arguments, and run with strict limits and a short timeout. The failure
//! that counts is a panic (in decoding, validation or the run) or an internal error.
#![no_main]
use libfuzzer_sys::fuzz_target;
use rmcp::model::{ClientJsonRpcMessage, ClientRequest, JsonRpcMessage};
use sandsh::RunError;
use sandsh::kernel::ExecutionLimits;
use sandsh::tool::{BashTool, ShellArgs, Tool, validate};
use std::sync::OnceLock;
use std::time::Duration;

fn tool() -> &'static (BashTool, serde_json::Value) {
    static TOOL: OnceLock<(BashTool, serde_json::Value)> = OnceLock::new();
    TOOL.get_or_init(|| {
        let bash = BashTool::builder().limits(ExecutionLimits::strict()).build();
        let schema = bash.input_schema();
        (bash, schema)
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(msg) = serde_json::from_slice::<ClientJsonRpcMessage>(data) else {
        return;
    };
    let JsonRpcMessage::Request(req) = msg else {
        return;
    };
    let ClientRequest::CallToolRequest(call) = req.request else {
        return;
    };
    if call.params.name != "bash" {
        return;
    }
    let args = serde_json::Value::Object(call.params.arguments.unwrap_or_default());
    let (bash, schema) = tool();
    if validate(schema, &args).is_err() {
        return;
    }
    let Ok(a) = ShellArgs::parse(args) else {
        return;
    };
    let timeout = a
        .timeout()
        .unwrap_or(Duration::from_secs(2))
        .min(Duration::from_secs(2));
    let r = bash.execute_timed(&a.request(), Some(timeout), None);
    assert_ne!(
        r.error.as_deref(),
        Some(RunError::Internal.as_str()),
        "{}",
        r.stderr
    );
});
