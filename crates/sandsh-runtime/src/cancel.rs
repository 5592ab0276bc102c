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
        if cfg!(target_arch = "wasm32") {
            watch::tick();
        }
        self.flags
            .iter()
            .any(|f| f.load(Ordering::Relaxed) == CANCELLED)
    }
}

/// Clocks watched without a thread. Natively a timeout is a thread that sleeps until the
/// deadline and cancels a token; the browser build has no threads, so the same check is a
/// *watch*, run from the cancellation checks themselves (every [`watch::EVERY`] checks, and
/// after each slice of a sleep): a script that loops is checking its token all the time, and
/// one that waits is sleeping. Used by the kernel's watchdog and the `timeout` builtin in that
/// build only.
pub mod watch {
    use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
    use std::sync::{Arc, Mutex};

    type Check = Arc<dyn Fn() + Send + Sync>;

    static WATCHES: Mutex<Vec<(u64, Check)>> = Mutex::new(Vec::new());
    static NEXT: AtomicU64 = AtomicU64::new(1);
    static TICKS: AtomicU32 = AtomicU32::new(0);

    /// Cancellation checks between two runs of the watches (one clock reading each).
    pub const EVERY: u32 = 64;

    /// Run `check` from now on at the cancellation checks, until [`remove`]d; its id.
    pub fn add(check: impl Fn() + Send + Sync + 'static) -> u64 {
        let id = NEXT.fetch_add(1, Ordering::Relaxed);
        lock().push((id, Arc::new(check)));
        id
    }

    /// Stop running the watch `id`.
    pub fn remove(id: u64) {
        lock().retain(|(i, _)| *i != id);
    }

    fn lock() -> std::sync::MutexGuard<'static, Vec<(u64, Check)>> {
        WATCHES.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// One cancellation check: every [`EVERY`]th runs the watches.
    #[inline]
    pub fn tick() {
        if TICKS.fetch_add(1, Ordering::Relaxed).is_multiple_of(EVERY) {
            poll();
        }
    }

    /// Run every watch now (outside the list's lock: a watch may cancel, add or remove).
    pub fn poll() {
        let checks: Vec<Check> = {
            let w = lock();
            if w.is_empty() {
                return;
            }
            w.iter().map(|(_, c)| c.clone()).collect()
        };
        for c in checks {
            c();
        }
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
    fn a_watch_runs_when_polled_until_removed() {
        use std::sync::atomic::AtomicUsize;
        static RUNS: AtomicUsize = AtomicUsize::new(0);
        let t = CancelToken::new();
        let t2 = t.clone();
        let id = watch::add(move || {
            RUNS.fetch_add(1, Ordering::SeqCst);
            t2.cancel();
        });
        watch::poll();
        assert!(t.is_cancelled());
        watch::remove(id);
        let before = RUNS.load(Ordering::SeqCst);
        watch::poll();
        assert_eq!(RUNS.load(Ordering::SeqCst), before);
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
