//! The jq wrapper: an arbitrary program over an arbitrary input, in a kernel with tight limits
//! and a timeout.
#![no_main]
use libfuzzer_sys::fuzz_target;
use sandsh::kernel::ExecutionLimits;
use sandsh::{Kernel, KernelConfig};

fuzz_target!(|data: &[u8]| {
    let split = data.iter().position(|&b| b == b'\n').unwrap_or(data.len());
    let (prog, input) = data.split_at(split);
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
    let prog = String::from_utf8_lossy(prog).replace('\'', "'\\''");
    let r = k.execute(&format!("jq '{prog}' /tmp/in"));
    assert_ne!(r.error.as_deref(), Some("internal"));
});
