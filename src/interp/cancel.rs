//! Cancellation tokens: one per kernel run, plus one per background job.
//!
//! A token is checked at every command dispatch and loop iteration, and by blocking pipe
//! operations (which wait in short slices so they notice it). A job's token also observes its
//! ancestors', so `Kernel::cancel` stops background jobs too while `kill %1` stops only its job.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

#[derive(Clone)]
pub struct CancelToken {
    /// Own flag last; ancestors before it.
    flags: Arc<Vec<Arc<AtomicBool>>>,
}

impl Default for CancelToken {
    fn default() -> Self {
        CancelToken {
            flags: Arc::new(vec![Arc::new(AtomicBool::new(false))]),
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
        flags.push(Arc::new(AtomicBool::new(false)));
        CancelToken {
            flags: Arc::new(flags),
        }
    }

    fn own(&self) -> &AtomicBool {
        self.flags.last().map(|f| &**f).unwrap_or(&NEVER)
    }

    pub fn cancel(&self) {
        self.own().store(true, Ordering::SeqCst);
    }

    pub fn reset(&self) {
        self.own().store(false, Ordering::SeqCst);
    }

    pub fn is_cancelled(&self) -> bool {
        self.flags.iter().any(|f| f.load(Ordering::Relaxed))
    }
}

static NEVER: AtomicBool = AtomicBool::new(false);
