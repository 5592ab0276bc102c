//! What the targets that drive a whole command share: a kernel with strict limits and a short
//! timeout, an input file, and the one failure that counts (an internal error: a panic caught
//! by the kernel). Included by `#[path]` from each such target.

use sandsh::kernel::ExecutionLimits;
use sandsh::{Kernel, KernelConfig, RunError};

/// Run `script` with `input` at `/tmp/in`; fail on an internal error.
pub fn run_with_input(script: &str, input: &[u8]) {
    let mut k = Kernel::new(
        KernelConfig::default()
            .limits(ExecutionLimits::strict())
            .timeout(std::time::Duration::from_secs(2)),
    );
    let _ = k.backend().write(
        std::path::Path::new("/tmp/in"),
        input,
        sandsh::vfs::WriteMode::Truncate,
        0o644,
    );
    let r = k.execute(script);
    assert_ne!(r.error, Some(RunError::Internal), "{}", r.stderr_str());
}

/// `data` as a program (its first line) and an input (the rest); the program single-quoted.
#[allow(dead_code, reason = "the archive target takes its input whole")]
pub fn program_and_input(data: &[u8]) -> (String, &[u8]) {
    let split = data.iter().position(|&b| b == b'\n').unwrap_or(data.len());
    let (prog, input) = data.split_at(split);
    let prog = String::from_utf8_lossy(prog).replace('\'', "'\\''");
    (format!("'{prog}'"), input.get(1..).unwrap_or_default())
}
