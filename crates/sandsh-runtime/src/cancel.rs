//! Cancellation tokens: one per kernel run, plus one per background job. Kernel API (re-exported
//! as `kernel::CancelToken`) that the interpreter checks, so it lives below both.
//!
//! A token is checked at every command dispatch and loop iteration, and by blocking pipe
//! operations (which wait in short slices so they notice it). A job's token also observes its
//! ancestors', so `Kernel::cancel` stops background jobs too while `kill %1` stops only its job.
//!
//! A flag has three states. A kernel's token is *idle* between runs, where a cancel is dropped
//! (it would otherwise cancel whatever the next caller runs), and *armed* from the first
//! instruction of `execute`, so a cancel sent at any moment after `execute` was called lands
//! even if the run has not got going yet. The transitions are single atomic operations, so a
//! cancel racing with the end of a run can never leave a stale cancellation behind.

use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};

const IDLE: u8 = 0;
const ARMED: u8 = 1;
const CANCELLED: u8 = 2;

#[derive(Clone)]
pub struct CancelToken {
    /// Own flag last; ancestors before it.
    flags: Arc<Vec<Arc<AtomicU8>>>,
}

impl Default for CancelToken {
    fn default() -> Self {
        CancelToken {
            flags: Arc::new(vec![Arc::new(AtomicU8::new(ARMED))]),
        }
    }
}

impl CancelToken {
    pub fn new() -> Self {
        Self::default()
    }

    /// A token cancelled by its own `cancel` or by any ancestor's.
    pub fn child(&self) -> Self {
        let mut flags = (*self.flags).clone();
        flags.push(Arc::new(AtomicU8::new(ARMED)));
        CancelToken {
            flags: Arc::new(flags),
        }
    }

    fn own(&self) -> &AtomicU8 {
        self.flags.last().map(|f| &**f).unwrap_or(&NEVER)
    }

    /// Cancel, unless the token is idle (a kernel between runs), where the cancel is dropped.
    pub fn cancel(&self) {
        let _ = self
            .own()
            .compare_exchange(ARMED, CANCELLED, Ordering::SeqCst, Ordering::SeqCst);
    }

    /// Arm the token afresh: not cancelled, and cancels from now on land.
    pub fn reset(&self) {
        self.own().store(ARMED, Ordering::SeqCst);
    }

    /// Make the token idle: not cancelled, and cancels are dropped until the next `reset`.
    pub fn disarm(&self) {
        self.own().store(IDLE, Ordering::SeqCst);
    }

    pub fn is_cancelled(&self) -> bool {
        self.flags
            .iter()
            .any(|f| f.load(Ordering::Relaxed) == CANCELLED)
    }
}

static NEVER: AtomicU8 = AtomicU8::new(ARMED);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_idle_token_drops_cancels_and_an_armed_one_keeps_them() {
        let t = CancelToken::new();
        t.disarm();
        t.cancel();
        assert!(!t.is_cancelled());
        t.reset();
        assert!(!t.is_cancelled());
        t.cancel();
        assert!(t.is_cancelled());
        t.disarm();
        assert!(!t.is_cancelled());
    }

    #[test]
    fn a_child_sees_its_ancestors() {
        let root = CancelToken::new();
        let job = root.child();
        job.cancel();
        assert!(job.is_cancelled() && !root.is_cancelled());
        let job2 = root.child();
        root.cancel();
        assert!(job2.is_cancelled());
    }
}
