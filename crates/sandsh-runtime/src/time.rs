//! The monotonic clock every layer reads: `std::time::Instant` natively, the page's clock
//! (`performance.now()`, through the `web-time` crate) in the browser build, where std's
//! `Instant::now()` panics. One type with one name, so that no command carries a cfg of its
//! own; wall-clock time stays the session's injected clock (`ctx.now()`), whose default is
//! [`system_now`].

#[cfg(not(target_arch = "wasm32"))]
pub use std::time::Instant;
#[cfg(target_arch = "wasm32")]
pub use web_time::Instant;

/// The host's wall clock as std's `SystemTime` (the type the VFS and the commands use):
/// `Date.now()` in the browser build.
#[allow(
    clippy::disallowed_methods,
    reason = "the one reading of the host's clock: the default of every injected clock"
)]
pub fn system_now() -> std::time::SystemTime {
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now()
    }
    #[cfg(target_arch = "wasm32")]
    {
        let since = web_time::SystemTime::now()
            .duration_since(web_time::UNIX_EPOCH)
            .unwrap_or_default();
        std::time::UNIX_EPOCH + since
    }
}

/// Wait `d` on this thread: std's sleep natively; in the browser build `Atomics.wait` where the
/// page allows it (a Web Worker, Node), else a loop on the clock (a page's main thread may not
/// block). Then the clocks watched without a thread get their turn ([`crate::cancel::watch`]).
pub fn sleep(d: std::time::Duration) {
    #[cfg(not(target_arch = "wasm32"))]
    std::thread::sleep(d);
    #[cfg(target_arch = "wasm32")]
    {
        page::sleep(d);
        crate::cancel::watch::poll();
    }
}

#[cfg(target_arch = "wasm32")]
mod page {
    use std::time::Duration;

    use js_sys::{Atomics, Int32Array, Reflect, SharedArrayBuffer};
    use wasm_bindgen::JsValue;

    thread_local! {
        /// A word to wait on, where this context can block on one.
        static WORD: Option<Int32Array> = word();
    }

    fn word() -> Option<Int32Array> {
        let global = js_sys::global();
        let has = Reflect::has(&global, &JsValue::from_str("SharedArrayBuffer")).ok()?;
        if !has {
            return None;
        }
        let w = Int32Array::new(&SharedArrayBuffer::new(4));
        // A zero wait tells whether blocking is allowed here (it throws on a page's main thread).
        Atomics::wait_with_timeout(&w, 0, 0, 0.0).ok()?;
        Some(w)
    }

    pub fn sleep(d: Duration) {
        let end = super::Instant::now() + d;
        let waited = WORD.with(|w| {
            w.as_ref()
                .map(|w| Atomics::wait_with_timeout(w, 0, 0, d.as_secs_f64() * 1000.0).is_ok())
        });
        if waited == Some(true) {
            return;
        }
        while super::Instant::now() < end {
            std::hint::spin_loop();
        }
    }
}
