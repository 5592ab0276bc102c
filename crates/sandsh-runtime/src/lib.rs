//! The bottom layer of sandsh: what every layer above needs to stay contained.
//!
//! - [`limits`]: the one table of execution limits (names, flags, defaults, profiles);
//! - [`budget`]: the session's memory budget, charged by everything a script can grow;
//! - [`meter`]: the global allocator that counts a session's heap against its budget;
//! - [`cancel`] and [`cancelled`]: the run's cancellation token, and the error a read, write or
//!   wait returns when the run was cancelled;
//! - [`stack`]: the remaining-stack guard every recursion checks;
//! - [`stages`]: pipeline stages run in order on the caller's thread, and the pooled threads
//!   that take them when one would block (or, without threads, the cooperative form);
//! - [`os_str`]: paths as bytes on every target (std's Unix traits, or the same for wasm32);
//! - [`time`]: the monotonic clock, std's natively and the page's in the browser build.
//!
//! It depends on no other sandsh crate.

pub mod budget;
pub mod cancel;
pub mod cancelled;
pub mod limits;
pub mod meter;
pub mod os_str;
pub mod parallel;
pub mod recent;
pub mod stack;
pub mod stages;
pub mod time;

pub use cancel::CancelToken;
pub use cancelled::{Cancelled, is_cancelled};
