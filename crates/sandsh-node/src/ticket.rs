//! [`Ticket`]: the cancellation of one run, whether it is still queued for the session or
//! already running (what an `AbortSignal` passed to `exec` triggers).
//!
//! A kernel drops a cancel that arrives while it is idle, and re-arms its token when a run
//! starts; a cancel landing between "this run holds the session" and "the kernel armed its
//! token" would be lost. So a ticket that is cancelled while running keeps cancelling the token
//! (every millisecond, from a short-lived thread) until its run has ended, and the state moves
//! under one lock, so a cancel can never reach the next caller's run. (The Python package's
//! ticket works the same way.)

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use napi_derive::napi;
use sandsh::kernel::CancelToken;

enum State {
    /// Waiting for the session (another call holds it); `true` once cancelled.
    Queued(bool),
    Running(CancelToken),
    Done,
}

pub(crate) struct TicketState {
    state: Mutex<State>,
}

impl TicketState {
    pub(crate) fn new() -> Arc<Self> {
        Arc::new(TicketState {
            state: Mutex::new(State::Queued(false)),
        })
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The run got the session: false when it was cancelled while queued (it must not run).
    pub(crate) fn start(&self, token: CancelToken) -> bool {
        let mut s = self.lock();
        match *s {
            State::Queued(false) => {
                *s = State::Running(token);
                true
            }
            _ => {
                *s = State::Done;
                false
            }
        }
    }

    /// The run has ended (called while it still holds the session).
    pub(crate) fn finish(&self) {
        *self.lock() = State::Done;
    }

    /// Cancel the run: now if queued, else until it ends.
    pub(crate) fn cancel(self: &Arc<Self>) {
        let mut s = self.lock();
        match &*s {
            State::Queued(_) => *s = State::Queued(true),
            State::Running(token) => {
                token.cancel();
                drop(s);
                let me = Arc::clone(self);
                std::thread::spawn(move || {
                    loop {
                        std::thread::sleep(Duration::from_millis(1));
                        match &*me.lock() {
                            State::Running(token) => token.cancel(),
                            _ => break,
                        }
                    }
                });
            }
            State::Done => {}
        }
    }
}

/// The cancellation of one run: pass it to `Shell.exec`; `cancel()` stops the run (status
/// 130), or keeps it from starting if it is still queued.
#[napi]
pub struct Ticket {
    pub(crate) state: Arc<TicketState>,
}

#[napi]
impl Ticket {
    #[napi(constructor)]
    #[allow(clippy::new_without_default)]
    pub fn new() -> Self {
        Ticket {
            state: TicketState::new(),
        }
    }

    /// Cancel the run.
    #[napi]
    pub fn cancel(&self) {
        self.state.cancel();
    }
}
