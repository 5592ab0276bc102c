//! printf formats: arbitrary format strings and arguments.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut parts = data.split(|&b| b == 0);
    let fmt = parts.next().unwrap_or_default();
    let args: Vec<Vec<u8>> = parts.take(8).map(<[u8]>::to_vec).collect();
    let mut out = Vec::new();
    let _ = sandsh::text::printf::format(fmt, &args, Default::default(), &mut out);
});
