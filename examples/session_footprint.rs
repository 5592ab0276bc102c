//! What one idle MCP session's shell costs in memory: builds sessions as `sandsh --mcp-http`
//! does (a `BashTool` with the default configuration, the `filesystem` and text editor tools
//! over its filesystem), runs one call in each (`echo idle > /tmp/id`) and keeps them all,
//! reporting the heap in use (glibc's `mallinfo2`, every arena) per session after each step.
//! It links dynamically, so heaptrack can name the allocations (issue 30's idle sessions):
//!
//! ```text
//! cargo build --release --example session_footprint
//! target/release/examples/session_footprint 1000
//! heaptrack target/release/examples/session_footprint 1000
//! ```

use std::sync::Arc;

use sandsh::tool::providers::{FileSystemTool, TextEditorTool};
use sandsh::tool::{BashTool, ToolRegistry, ToolRequest};

/// Bytes of heap in use (small and large allocations, all arenas).
fn heap() -> usize {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        // SAFETY: `mallinfo2` only reads the allocator's statistics.
        let m = unsafe { libc::mallinfo2() };
        m.uordblks + m.hblkhd
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    0
}

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(1000);
    // One session first, so that what every session shares (lazily built statics) is not
    // counted per session.
    let warm = BashTool::builder().build();
    let _ = warm.execute_timed(&ToolRequest::new("echo warm > /tmp/id"), None, None);

    let h0 = heap();
    let tools: Vec<BashTool> = (0..n).map(|_| BashTool::builder().build()).collect();
    let h1 = heap();
    let mut others = Vec::with_capacity(n);
    for t in &tools {
        let backend = t.with_kernel(|k| k.backend());
        let mut reg = ToolRegistry::new();
        reg.register(Box::new(FileSystemTool::new(backend.clone(), 1 << 20)));
        reg.register(Box::new(TextEditorTool::new(backend, 1 << 20)));
        others.push(Arc::new(reg));
    }
    let h2 = heap();
    for t in &tools {
        let r = t.execute_timed(&ToolRequest::new("echo idle > /tmp/id"), None, None);
        assert_eq!(r.exit_code, 0, "{}", r.stderr);
    }
    let h3 = heap();
    let kib = |a: usize, b: usize| (b as f64 - a as f64) / n as f64 / 1024.0;
    println!("sessions: {n}");
    println!(
        "tool built, no kernel yet:   {:7.1} KiB per session",
        kib(h0, h1)
    );
    println!(
        "kernel and the other tools:  {:7.1} KiB per session",
        kib(h1, h2)
    );
    println!(
        "after one call:              {:7.1} KiB per session",
        kib(h2, h3)
    );
    println!(
        "in all:                      {:7.1} KiB per session",
        kib(h0, h3)
    );
    drop((tools, others));
}
