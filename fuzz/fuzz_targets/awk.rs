//! awk: an arbitrary program over an arbitrary input, in a kernel with tight limits and a
//! timeout.
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "kernel.rs"]
mod kernel;

fuzz_target!(|data: &[u8]| {
    let (prog, input) = kernel::program_and_input(data);
    kernel::run_with_input(&format!("awk {prog} /tmp/in"), input);
});
