//! [`Ticket`]: the cancellation of one run, whether it is still queued for the session or
//! already running; the state machine is the library's [`sandsh::kernel::RunTicket`].

use std::sync::Arc;

use napi_derive::napi;
use sandsh::kernel::RunTicket;

/// The cancellation of one run: pass it to `Shell.exec`; `cancel()` stops the run (status
/// 130), or keeps it from starting if it is still queued.
#[napi]
pub struct Ticket {
    pub(crate) state: Arc<RunTicket>,
}

#[napi]
impl Ticket {
    #[napi(constructor)]
    #[allow(clippy::new_without_default)]
    pub fn new() -> Self {
        Ticket {
            state: RunTicket::new(),
        }
    }

    /// Cancel the run.
    #[napi]
    pub fn cancel(&self) {
        self.state.cancel();
    }
}
