//! Arithmetic parsing and evaluation on arbitrary text.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = sandsh::syntax::arith::parse_arith(&text);
});
