//! Glob patterns: compile arbitrary pattern bytes (with and without extglob) and match them
//! against arbitrary subjects.
#![no_main]
use libfuzzer_sys::fuzz_target;
use sandsh::text::pattern::{Pattern, PatternOptions};

fuzz_target!(|data: &[u8]| {
    let split = data.iter().position(|&b| b == 0).unwrap_or(data.len());
    let (pat, subject) = data.split_at(split);
    for extglob in [false, true] {
        let p = Pattern::new(
            pat,
            PatternOptions {
                extglob,
                ..PatternOptions::default()
            },
        );
        let _ = p.matches(subject);
    }
});
