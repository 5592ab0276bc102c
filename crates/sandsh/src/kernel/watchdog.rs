//! The script-timeout watchdog and `ToolCtx::patient` holds.
//!
//! One watchdog per kernel, armed for each `execute` that has a timeout. The script clock runs
//! toward a movable deadline; a patient hold freezes it (remembering the time left) and bounds
//! the hold by its own budget instead. Holds nest and may be released in any order; when the
//! last one goes, the script clock resumes with the time it had left.
//!
//! The script runs on the thread that called `execute`, so the clock is watched from elsewhere:
//! a supervisor thread, started the first time a run has a timeout and then kept for the
//! kernel's life, sleeps until the earliest deadline and cancels the run's token when it
//! passes. Runs without a timeout never start it.

use sandsh_runtime::time::Instant;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

use sandsh_api::PatientGuard;
use sandsh_interp::CancelToken;

#[derive(Default)]
struct State {
    armed: bool,
    /// While no hold is active: when the script's time runs out.
    deadline: Option<Instant>,
    /// While holds are active: the script time that was left when the first hold began.
    frozen_left: Option<Duration>,
    /// Active holds: (id, when that hold's budget runs out).
    holds: Vec<(u64, Instant)>,
    next_id: u64,
    /// The armed run's token, cancelled by the supervisor when the time is up.
    cancel: Option<CancelToken>,
    /// The supervisor cancelled the armed run.
    fired: bool,
    supervisor_started: bool,
    shutdown: bool,
    /// In the browser build, the watch that stands for the supervisor thread.
    watch: Option<u64>,
}

impl State {
    /// Whether the run has outlived its time (or a hold its budget), and how long until the
    /// next deadline.
    fn check(&self, now: Instant) -> (bool, Option<Duration>) {
        if !self.armed {
            return (false, None);
        }
        let limit = if self.holds.is_empty() {
            self.deadline
        } else {
            self.holds.iter().map(|(_, d)| *d).min()
        };
        match limit {
            Some(d) if now >= d => (true, Some(Duration::ZERO)),
            Some(d) => (false, Some(d - now)),
            None => (false, None),
        }
    }
}

#[derive(Default)]
struct Shared {
    state: Mutex<State>,
    /// Signalled whenever a deadline may have moved (arm, hold, release, shutdown).
    changed: Condvar,
}

/// Shared watchdog state.
#[derive(Clone, Default)]
pub struct Watchdog {
    shared: Arc<Shared>,
}

fn lock(m: &Mutex<State>) -> MutexGuard<'_, State> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The object inside an active `PatientGuard`: releasing it resumes the script clock.
struct Hold {
    wd: Watchdog,
    id: u64,
}

impl Drop for Hold {
    fn drop(&mut self) {
        let mut st = lock(&self.wd.shared.state);
        st.holds.retain(|(id, _)| *id != self.id);
        if st.holds.is_empty()
            && let Some(left) = st.frozen_left.take()
        {
            st.deadline = Some(Instant::now() + left);
        }
        let supervised = st.supervisor_started;
        drop(st);
        if supervised {
            self.wd.shared.changed.notify_all();
        }
    }
}

impl Watchdog {
    pub fn new() -> Self {
        Self::default()
    }

    /// Arm for one run with `timeout`: when it runs out, `cancel` is cancelled. With `None`
    /// the run is unbounded and nothing watches it. Fails only when the supervisor thread
    /// cannot be started (the run must not go unbounded then).
    pub fn arm(&self, timeout: Option<Duration>, cancel: &CancelToken) -> Result<(), String> {
        let mut st = lock(&self.shared.state);
        let start = timeout.is_some() && !st.supervisor_started && !st.shutdown;
        let supervised = st.supervisor_started;
        *st = State {
            armed: timeout.is_some(),
            deadline: timeout.map(|t| Instant::now() + t),
            next_id: st.next_id,
            cancel: timeout.map(|_| cancel.clone()),
            supervisor_started: st.supervisor_started || start,
            shutdown: st.shutdown,
            watch: st.watch,
            ..State::default()
        };
        drop(st);
        if start && cfg!(target_arch = "wasm32") {
            // No threads in the page: the supervisor's check runs from the run's cancellation
            // checks instead (`sandsh_runtime::cancel::watch`), for the kernel's life.
            let shared = Arc::downgrade(&self.shared);
            let id = sandsh_runtime::cancel::watch::add(move || {
                if let Some(shared) = shared.upgrade() {
                    supervise_once(&shared);
                }
            });
            lock(&self.shared.state).watch = Some(id);
        } else if start {
            let shared = self.shared.clone();
            let spawned = std::thread::Builder::new()
                .name("sandsh-watchdog".into())
                .stack_size(64 * 1024)
                .spawn(move || supervise(&shared));
            if let Err(e) = spawned {
                let mut st = lock(&self.shared.state);
                st.supervisor_started = false;
                st.armed = false;
                st.cancel = None;
                return Err(format!("cannot start the timeout watchdog thread: {e}"));
            }
        } else if supervised {
            self.shared.changed.notify_all();
        }
        Ok(())
    }

    /// End the run's watch; true when the supervisor cancelled it for running out of time.
    pub fn disarm(&self) -> bool {
        let mut st = lock(&self.shared.state);
        let fired = st.fired;
        st.armed = false;
        st.fired = false;
        st.cancel = None;
        st.deadline = None;
        st.frozen_left = None;
        st.holds.clear();
        fired
    }

    /// Stop the supervisor thread (the kernel is going away).
    pub fn shutdown(&self) {
        if let Some(id) = lock(&self.shared.state).watch.take() {
            sandsh_runtime::cancel::watch::remove(id);
        }
        lock(&self.shared.state).shutdown = true;
        self.shared.changed.notify_all();
    }

    /// Begin a patient hold bounded by `budget`; inert when the watchdog is not armed.
    pub fn hold(&self, budget: Duration) -> PatientGuard {
        let mut st = lock(&self.shared.state);
        if !st.armed {
            return PatientGuard::inert();
        }
        let now = Instant::now();
        if st.holds.is_empty() {
            let left = st
                .deadline
                .map(|d| d.saturating_duration_since(now))
                .unwrap_or_default();
            st.frozen_left = Some(left);
            st.deadline = None;
        }
        st.next_id += 1;
        let id = st.next_id;
        st.holds.push((id, now + budget));
        let supervised = st.supervisor_started;
        drop(st);
        if supervised {
            self.shared.changed.notify_all();
        }
        PatientGuard::held(Box::new(Hold {
            wd: self.clone(),
            id,
        }))
    }

    /// Whether the run has outlived its time (or a hold its budget).
    #[cfg(test)]
    fn expired(&self) -> (bool, Option<Duration>) {
        lock(&self.shared.state).check(Instant::now())
    }

    /// Time left on the script clock (frozen during holds).
    pub fn remaining(&self) -> Option<Duration> {
        let st = lock(&self.shared.state);
        if !st.armed {
            return None;
        }
        match (st.frozen_left, st.deadline) {
            (Some(left), _) => Some(left),
            (None, Some(d)) => Some(d.saturating_duration_since(Instant::now())),
            _ => None,
        }
    }
}

/// The supervisor's check without a thread: cancel the armed run if its time is up.
fn supervise_once(shared: &Shared) {
    let mut st = lock(&shared.state);
    if st.armed && !st.fired && st.check(Instant::now()).0 {
        st.fired = true;
        if let Some(c) = &st.cancel {
            c.cancel();
        }
    }
}

/// The supervisor thread: sleep until the armed run's earliest deadline (re-reading it whenever
/// it may have moved) and cancel the run when it passes.
fn supervise(shared: &Shared) {
    let mut st = lock(&shared.state);
    loop {
        if st.shutdown {
            return;
        }
        if !st.armed || st.fired {
            st = shared.changed.wait(st).unwrap_or_else(|e| e.into_inner());
            continue;
        }
        match st.check(Instant::now()) {
            (true, _) => {
                st.fired = true;
                if let Some(c) = &st.cancel {
                    c.cancel();
                }
            }
            (false, Some(wait)) => {
                st = shared
                    .changed
                    .wait_timeout(st, wait)
                    .unwrap_or_else(|e| e.into_inner())
                    .0;
            }
            (false, None) => {
                st = shared.changed.wait(st).unwrap_or_else(|e| e.into_inner());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tok() -> CancelToken {
        CancelToken::new()
    }

    #[test]
    fn supervisor_cancels_at_the_deadline_and_reports_it() {
        let wd = Watchdog::new();
        let t = CancelToken::new();
        wd.arm(Some(Duration::from_millis(30)), &t).unwrap();
        let start = Instant::now();
        while !t.is_cancelled() {
            assert!(start.elapsed() < Duration::from_secs(5), "never fired");
            std::thread::sleep(Duration::from_millis(2));
        }
        assert!(wd.disarm());
        // The next run starts clean and an unbounded run is never cancelled.
        let t2 = CancelToken::new();
        wd.arm(None, &t2).unwrap();
        std::thread::sleep(Duration::from_millis(60));
        assert!(!t2.is_cancelled());
        assert!(!wd.disarm());
        wd.shutdown();
    }

    #[test]
    fn a_hold_keeps_the_supervisor_off() {
        let wd = Watchdog::new();
        let t = CancelToken::new();
        wd.arm(Some(Duration::from_millis(20)), &t).unwrap();
        let g = wd.hold(Duration::from_secs(10));
        std::thread::sleep(Duration::from_millis(80));
        assert!(!t.is_cancelled());
        drop(g);
        std::thread::sleep(Duration::from_millis(80));
        assert!(t.is_cancelled());
        assert!(wd.disarm());
        wd.shutdown();
    }

    #[test]
    fn unarmed_hold_is_inert() {
        let wd = Watchdog::new();
        assert!(!wd.hold(Duration::from_secs(1)).is_active());
        assert!(!wd.expired().0);
    }

    #[test]
    fn hold_freezes_and_release_resumes() {
        let wd = Watchdog::new();
        wd.arm(Some(Duration::from_millis(200)), &tok()).unwrap();
        let g = wd.hold(Duration::from_secs(10));
        assert!(g.is_active());
        std::thread::sleep(Duration::from_millis(300));
        assert!(!wd.expired().0, "frozen clock must not expire");
        let left = wd.remaining().unwrap_or_default();
        assert!(left > Duration::from_millis(100), "{left:?}");
        drop(g);
        assert!(!wd.expired().0);
        std::thread::sleep(Duration::from_millis(250));
        assert!(wd.expired().0);
    }

    #[test]
    fn hold_budget_expires() {
        let wd = Watchdog::new();
        wd.arm(Some(Duration::from_secs(60)), &tok()).unwrap();
        let _g = wd.hold(Duration::from_millis(50));
        std::thread::sleep(Duration::from_millis(80));
        assert!(wd.expired().0);
    }

    #[test]
    fn nested_holds_release_in_any_order() {
        let wd = Watchdog::new();
        wd.arm(Some(Duration::from_millis(100)), &tok()).unwrap();
        let a = wd.hold(Duration::from_secs(5));
        let b = wd.hold(Duration::from_secs(5));
        std::thread::sleep(Duration::from_millis(150));
        drop(a);
        assert!(!wd.expired().0, "still held by b");
        std::thread::sleep(Duration::from_millis(50));
        assert!(!wd.expired().0);
        drop(b);
        assert!(!wd.expired().0, "resumes with the frozen time left");
        std::thread::sleep(Duration::from_millis(150));
        assert!(wd.expired().0);
    }
}
