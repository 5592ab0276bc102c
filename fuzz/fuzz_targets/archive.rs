//! The archive readers: arbitrary bytes listed and extracted as tar (plain and gzip), zip,
//! gzip, bzip2 and xz, in a kernel with tight limits and a timeout.
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "kernel.rs"]
mod kernel;

fuzz_target!(|data: &[u8]| {
    kernel::run_with_input(
        "cd /tmp; tar tvf in; tar xf in -C /tmp; tar tzf in; unzip -l in; unzip -o -q in -d /tmp/z; \
         zcat in; bzcat in; xzcat in",
        data,
    );
});
