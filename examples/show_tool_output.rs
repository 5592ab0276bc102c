//! Print the output of every `Tool` method of `BashTool`, unconfigured and configured, so the
//! documentation a model sees can be read (and reviewed) as it really is.
//!
//! Run: `cargo run --example show_tool_output`

use std::sync::{Arc, Mutex};

use sandsh::kernel::ExecutionLimits;
use sandsh::tool::{BashTool, Tool, ToolRequest, ToolStatus, block_on};

fn show(title: &str, tool: &mut BashTool) {
    println!("==================== {title} ====================\n");
    println!("## name()\n{}\n", tool.name());
    println!("## short_description()\n{}\n", tool.short_description());
    println!("## description()\n{}\n", tool.description());
    println!("## system_prompt()\n{}", tool.system_prompt());
    println!("## help()\n{}", tool.help());
    println!("## input_schema()\n{:#}\n", tool.input_schema());
    println!("## output_schema()\n{:#}\n", tool.output_schema());
    println!("## version()\n{}\n", tool.version());
    println!("## risk_level()\n{:?}\n", tool.risk_level());
    println!(
        "## requires_confirmation()\n{}\n",
        tool.requires_confirmation()
    );

    let req = ToolRequest::new("echo hello from $USER@$HOSTNAME; ls /missing");
    let resp = block_on(tool.execute(req.clone()));
    println!(
        "## execute({})\n{}\n",
        serde_json::to_string(&req).unwrap_or_default(),
        serde_json::to_string_pretty(&resp).unwrap_or_default()
    );

    let events: Arc<Mutex<Vec<ToolStatus>>> = Arc::default();
    let sink = events.clone();
    let req = ToolRequest::new("for i in 1 2 3; do echo $i; done");
    let resp = block_on(tool.execute_with_status(
        req.clone(),
        Box::new(move |s| {
            if let Ok(mut v) = sink.lock() {
                v.push(s);
            }
        }),
    ));
    println!(
        "## execute_with_status({})",
        serde_json::to_string(&req).unwrap_or_default()
    );
    if let Ok(v) = events.lock() {
        for s in v.iter() {
            println!("{}", serde_json::to_string(s).unwrap_or_default());
        }
    }
    println!("-> {}\n", serde_json::to_string(&resp).unwrap_or_default());
}

fn main() {
    let mut plain = BashTool::new();
    show("unconfigured", &mut plain);

    let mut configured = BashTool::builder()
        .username("agent")
        .hostname("sandbox")
        .limits(
            ExecutionLimits::new()
                .max_commands(500)
                .max_loop_iterations(10_000)
                .max_function_depth(100),
        )
        .env("API_KEY", "secret")
        .build();
    show("configured", &mut configured);
}
