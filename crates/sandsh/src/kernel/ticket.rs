//! [`RunTicket`]: the cancellation of one run of a shared session, whether the run is still
//! queued for the session or already running — what a binding's "cancel this call" (Python's
//! `Ticket`, an `AbortSignal` in Node) needs.
//!
//! A kernel drops a cancel that arrives while it is idle, and re-arms its token when a run
//! starts; a cancel landing between "this run holds the session" and "the kernel armed its
//! token" would be lost. So a ticket that is cancelled while running keeps cancelling the token
//! (every millisecond, from a short-lived thread) until its run has ended, and the state moves
//! under one lock, so a cancel can never reach the next caller's run.
//!
//! The caller that holds the session calls [`RunTicket::start`] with the kernel's token before
//! running (and does not run when it answers false), then [`RunTicket::finish`] before it lets
//! the session go.

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use super::CancelToken;

enum State {
    /// Waiting for the session (another call holds it); `true` once cancelled.
    Queued(bool),
    Running(CancelToken),
    Done,
}

/// One run's cancellation (see the module doc); shared as an `Arc` between the caller that
/// cancels and the one that runs.
pub struct RunTicket {
    state: Mutex<State>,
}

impl RunTicket {
    /// A ticket for a run that is queued for its session.
    pub fn new() -> Arc<Self> {
        Arc::new(RunTicket {
            state: Mutex::new(State::Queued(false)),
        })
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The run got the session: false when it was cancelled while queued (it must not run).
    pub fn start(&self, token: CancelToken) -> bool {
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
    pub fn finish(&self) {
        *self.lock() = State::Done;
    }

    /// Cancel the run: now if queued, else until it ends.
    pub fn cancel(self: &Arc<Self>) {
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
