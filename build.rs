//! Link the `sandsh` binary as a position-dependent executable on Linux/glibc.
//!
//! A PIE needs ~18,000 relative relocations applied at every start (each touching a page of
//! `.data.rel.ro`); without them `sandsh -c 'echo hi'` starts about a quarter faster with
//! ~100 fewer page faults (measured with `perf stat`, see benches/RESULTS.md). Only the binary
//! is affected: the library stays position-independent for embedders. The script runs no code
//! of its own at build time beyond printing these two lines.

fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
