//! The memory backstop: a process-wide monitor of resident memory during runs (THREAT
//! DOS-MEM-2).
//!
//! The budget ([`sandsh_runtime::budget`]) counts what sandsh's own code buffers, but some growth happens
//! where no charge can be placed: inside jaq while it collects `[range(1e9)]`, in a command an
//! embedder registered, in the interpreter's own bookkeeping. So while any run with a finite
//! budget is active, one thread for the whole process samples the resident set size every
//! [`PERIOD`] and, when it has grown past a run's starting point by more than that run's
//! budget, trips the budget, which stops the run with the memory limit. Growth between two
//! samples is bounded by what can be allocated in one period, so peak RSS stays within the
//! budget plus a fixed overhead.
//!
//! A process whose global allocator is `sandsh::meter::MeteredAlloc` (the `sandsh` binary)
//! needs none of this: each session's heap is counted as it grows, so nothing is watched there.
//!
//! The resident size is the process's, not the session's: two kernels running at once in one
//! process each see the other's growth, which can only make a backstop trip earlier. The thread
//! starts with the first run that needs it and sleeps (on a condition variable) once no run has
//! been active for [`LINGER`] periods: an embedder making many short calls (a Python agent)
//! then pays no thread wake-up per call. `/proc/self/statm` stays open and is re-read with
//! `pread`, so a sample costs one system call.

use std::sync::{Arc, Condvar, Mutex, OnceLock, Weak};
use std::time::Duration;

use sandsh_runtime::budget::MemoryBudget;

/// How often resident memory is sampled while a run is active.
pub const PERIOD: Duration = Duration::from_millis(5);

/// How many periods the monitor stays awake after the last run ended before it sleeps.
const LINGER: u32 = 20;

struct Watched {
    id: u64,
    budget: Weak<MemoryBudget>,
    baseline: u64,
}

#[derive(Default)]
struct State {
    runs: Vec<Watched>,
    next_id: u64,
    /// The monitor waits for a notification (not for its next period) to look at `runs`.
    asleep: bool,
    /// The monitor's latest sample and when it was taken: a run starting within a period of it
    /// takes it as its baseline instead of reading `/proc` again (an earlier, lower baseline
    /// can only make the backstop trip earlier).
    sample: Option<(sandsh_runtime::time::Instant, u64)>,
}

struct Monitor {
    state: Mutex<State>,
    wake: Condvar,
}

fn monitor() -> Option<&'static Monitor> {
    static M: OnceLock<Option<&'static Monitor>> = OnceLock::new();
    *M.get_or_init(|| {
        let m: &'static Monitor = Box::leak(Box::new(Monitor {
            state: Mutex::new(State::default()),
            wake: Condvar::new(),
        }));
        std::thread::Builder::new()
            .name("sandsh-memwatch".into())
            .stack_size(256 << 10)
            .spawn(move || run(m))
            .ok()
            .map(|_| m)
    })
}

fn run(m: &'static Monitor) {
    let mut st = m.state.lock().unwrap_or_else(|e| e.into_inner());
    let mut quiet = 0;
    loop {
        if st.runs.is_empty() {
            quiet += 1;
            if quiet > LINGER {
                st.asleep = true;
                st.sample = None;
                while st.runs.is_empty() {
                    st = m.wake.wait(st).unwrap_or_else(|e| e.into_inner());
                }
                st.asleep = false;
            }
        }
        if !st.runs.is_empty() {
            quiet = 0;
        }
        if !st.runs.is_empty()
            && let Some(rss) = resident_bytes()
        {
            st.sample = Some((sandsh_runtime::time::Instant::now(), rss));
            for w in &st.runs {
                if let Some(b) = w.budget.upgrade()
                    && rss.saturating_sub(w.baseline) > b.limit()
                    && !b.exceeded()
                {
                    b.exceed();
                }
            }
        }
        st = m
            .wake
            .wait_timeout(st, PERIOD)
            .unwrap_or_else(|e| e.into_inner())
            .0;
    }
}

/// Resident set size of this process, in bytes.
#[allow(
    clippy::disallowed_methods,
    reason = "the process's own memory use, from /proc: no file of the host's"
)]
pub fn resident_bytes() -> Option<u64> {
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::FileExt;
        // Opened once per process: `/proc/self` names the process that opens it, so a forked
        // child opens its own.
        static STATM: Mutex<Option<(u32, std::fs::File)>> = Mutex::new(None);
        let mut statm = STATM.lock().unwrap_or_else(|e| e.into_inner());
        let pid = std::process::id();
        if statm.as_ref().is_none_or(|(p, _)| *p != pid) {
            *statm = Some((pid, std::fs::File::open("/proc/self/statm").ok()?));
        }
        let (_, f) = statm.as_ref()?;
        let mut buf = [0u8; 128];
        let n = f.read_at(&mut buf, 0).ok()?;
        drop(statm);
        let text = std::str::from_utf8(&buf[..n]).ok()?;
        let pages: u64 = text.split_whitespace().nth(1)?.parse().ok()?;
        // SAFETY: sysconf has no preconditions.
        let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
        Some(pages * page.max(4096) as u64)
    }
    #[cfg(not(target_os = "linux"))]
    {
        None
    }
}

/// Watches one run for as long as it is held.
pub struct Watch {
    id: u64,
}

/// Start watching a run with `budget` (nothing is watched for an unlimited budget, where the
/// resident size cannot be read, or where the metering allocator counts each session's heap:
/// then one session's growth must not stop another's run).
pub fn watch(budget: &Arc<MemoryBudget>) -> Option<Watch> {
    if budget.limit() == u64::MAX || sandsh_runtime::meter::installed() {
        return None;
    }
    let m = monitor()?;
    let mut st = m.state.lock().unwrap_or_else(|e| e.into_inner());
    let baseline = match st.sample {
        Some((at, rss)) if at.elapsed() < PERIOD => rss,
        _ => resident_bytes()?,
    };
    st.next_id += 1;
    let id = st.next_id;
    st.runs.push(Watched {
        id,
        budget: Arc::downgrade(budget),
        baseline,
    });
    let asleep = st.asleep;
    drop(st);
    if asleep {
        m.wake.notify_all();
    }
    Some(Watch { id })
}

impl Drop for Watch {
    fn drop(&mut self) {
        if let Some(m) = monitor() {
            let mut st = m.state.lock().unwrap_or_else(|e| e.into_inner());
            st.runs.retain(|w| w.id != self.id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resident_size_is_readable() {
        let r = resident_bytes().expect("statm");
        assert!(r > 1 << 20, "{r}");
    }

    #[test]
    fn growth_past_the_budget_trips_it() {
        let b = MemoryBudget::new(64 << 20);
        let _w = watch(&b).expect("watch");
        // Touch 256 MiB that no charge accounts for.
        let mut v: Vec<u8> = Vec::with_capacity(256 << 20);
        for i in 0..(256 << 20) / 4096 {
            v.push(0);
            v.resize((i + 1) * 4096, 1);
            if b.exceeded() {
                break;
            }
        }
        let deadline = sandsh_runtime::time::Instant::now() + Duration::from_secs(5);
        while !b.exceeded() && sandsh_runtime::time::Instant::now() < deadline {
            std::thread::sleep(PERIOD);
        }
        assert!(b.exceeded());
        drop(v);
    }
}
