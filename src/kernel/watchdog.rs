//! The script-timeout watchdog and `ToolCtx::patient` holds.
//!
//! One watchdog per kernel, armed for each `execute` that has a timeout. The script clock runs
//! toward a movable deadline; a patient hold freezes it (remembering the time left) and bounds
//! the hold by its own budget instead. Holds nest and may be released in any order; when the
//! last one goes, the script clock resumes with the time it had left. The supervising thread
//! (the one that called `execute`) polls [`Watchdog::expired`] while the script runs.

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::api::PatientGuard;

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
}

/// Shared watchdog state.
#[derive(Clone, Default)]
pub struct Watchdog {
    state: Arc<Mutex<State>>,
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
        let mut st = lock(&self.wd.state);
        st.holds.retain(|(id, _)| *id != self.id);
        if st.holds.is_empty()
            && let Some(left) = st.frozen_left.take()
        {
            st.deadline = Some(Instant::now() + left);
        }
    }
}

impl Watchdog {
    pub fn new() -> Self {
        Self::default()
    }

    /// Arm for one run with `timeout` (or disarm with `None`).
    pub fn arm(&self, timeout: Option<Duration>) {
        let mut st = lock(&self.state);
        *st = State {
            armed: timeout.is_some(),
            deadline: timeout.map(|t| Instant::now() + t),
            frozen_left: None,
            holds: Vec::new(),
            next_id: st.next_id,
        };
    }

    pub fn disarm(&self) {
        self.arm(None);
    }

    /// Begin a patient hold bounded by `budget`; inert when the watchdog is not armed.
    pub fn hold(&self, budget: Duration) -> PatientGuard {
        let mut st = lock(&self.state);
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
        drop(st);
        PatientGuard::held(Box::new(Hold {
            wd: self.clone(),
            id,
        }))
    }

    /// Whether the run has outlived its time (or a hold its budget), and how long to sleep
    /// before asking again.
    pub fn expired(&self) -> (bool, Duration) {
        let st = lock(&self.state);
        if !st.armed {
            return (false, Duration::from_millis(50));
        }
        let now = Instant::now();
        let limit = if st.holds.is_empty() {
            st.deadline
        } else {
            st.holds.iter().map(|(_, d)| *d).min()
        };
        match limit {
            Some(d) if now >= d => (true, Duration::ZERO),
            Some(d) => (false, (d - now).min(Duration::from_millis(50))),
            None => (false, Duration::from_millis(50)),
        }
    }

    /// Time left on the script clock (frozen during holds).
    pub fn remaining(&self) -> Option<Duration> {
        let st = lock(&self.state);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unarmed_hold_is_inert() {
        let wd = Watchdog::new();
        assert!(!wd.hold(Duration::from_secs(1)).is_active());
        assert!(!wd.expired().0);
    }

    #[test]
    fn hold_freezes_and_release_resumes() {
        let wd = Watchdog::new();
        wd.arm(Some(Duration::from_millis(200)));
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
        wd.arm(Some(Duration::from_secs(60)));
        let _g = wd.hold(Duration::from_millis(50));
        std::thread::sleep(Duration::from_millis(80));
        assert!(wd.expired().0);
    }

    #[test]
    fn nested_holds_release_in_any_order() {
        let wd = Watchdog::new();
        wd.arm(Some(Duration::from_millis(100)));
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
