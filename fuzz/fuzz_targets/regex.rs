//! The POSIX regex translation: an arbitrary pattern (BRE, both EREs, each with and without
//! `-i`) compiled and matched against an arbitrary subject, every search entry point.
#![no_main]
use libfuzzer_sys::fuzz_target;
use sandsh::text::regex::{Flags, Regex, Syntax};

fuzz_target!(|data: &[u8]| {
    let split = data.iter().position(|&b| b == 0).unwrap_or(data.len());
    let (pat, subject) = data.split_at(split);
    for syntax in [Syntax::Basic, Syntax::Extended, Syntax::ExtendedPosix] {
        for icase in [false, true] {
            let flags = Flags {
                icase,
                ..Flags::default()
            };
            if let Ok(re) = Regex::new(pat, syntax, flags) {
                let _ = re.is_match(subject);
                let _ = re.find_at(subject, 0);
                let _ = re.captures_at(subject, 0);
            }
        }
    }
});
