//! `analyze(script)` on arbitrary bytes, beside the parser's target (run it on the parser's
//! corpus: `cargo fuzz run analyze corpus/parser`): a report always, never a panic or an
//! overflow, and its read-only verdict never beside a write or an opaque construct.
#![no_main]
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use sandsh::analyze::{Access, Context, analyze, resolve_in};
use sandsh::commands::Registry;

fn registry() -> &'static Registry {
    static R: OnceLock<Registry> = OnceLock::new();
    R.get_or_init(Registry::standard)
}

fuzz_target!(|data: &[u8]| {
    let script = String::from_utf8_lossy(data);
    let resolve = |n: &str| resolve_in(n, &|c| registry().get(c));
    let r = analyze(&script, &Context::with_resolver(&resolve));
    if r.read_only {
        assert!(r.opaque.is_empty() && r.network.is_empty() && r.parse_error.is_none());
        assert!(r.files.iter().all(|f| f.access == Access::Read));
    }
});
