//! The parser on arbitrary bytes: errors are fine, panics and overflows are not.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = sandsh::syntax::parse(&String::from_utf8_lossy(data));
});
