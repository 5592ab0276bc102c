//! sed: an arbitrary script over an arbitrary input (GNU extensions on, `e` and `w` included:
//! the sandbox is the point), in a kernel with tight limits and a timeout.
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "kernel.rs"]
mod kernel;

fuzz_target!(|data: &[u8]| {
    let (script, input) = kernel::program_and_input(data);
    kernel::run_with_input(
        &format!("sed -n {script} /tmp/in; sed -E {script} /tmp/in"),
        input,
    );
});
