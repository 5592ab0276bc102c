//! The browser build's main stack: 8 MiB instead of wasm-ld's 1 MiB, so that the code that runs
//! before the interpreter switches to its own stack keeps the stack guard's reserve
//! (`sandsh_runtime::stack::RESERVE`) with room to spare.

#[allow(
    clippy::disallowed_methods,
    reason = "a build script reads cargo's description of the target"
)]
fn main() {
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        println!("cargo:rustc-link-arg-cdylib=-zstack-size=8388608");
    }
}
