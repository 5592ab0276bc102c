//! [`Ticket`]: the cancellation of one run, whether it is still queued for the session or
//! already running; the state machine is the library's [`sandsh::kernel::RunTicket`].

use std::sync::Arc;

use pyo3::prelude::*;
use sandsh::kernel::RunTicket;

/// The cancellation of one run (what `Shell.arun` uses to stop its run when its task is
/// cancelled). Pass it to `Shell.run(..., _ticket=t)`; `t.cancel()` from any thread.
#[pyclass(module = "sandsh._sandsh", frozen)]
pub struct Ticket {
    pub(crate) state: Arc<RunTicket>,
}

#[pymethods]
impl Ticket {
    #[new]
    fn new() -> Self {
        Ticket {
            state: RunTicket::new(),
        }
    }

    /// Cancel the run: it does not start if it has not, and otherwise stops with status 130.
    fn cancel(&self) {
        self.state.cancel();
    }
}
