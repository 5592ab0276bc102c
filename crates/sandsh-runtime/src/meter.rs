//! The metering allocator: the heap a session's threads grow, counted against its budget (THREAT
//! DOS-MEM-8).
//!
//! Charges ([`crate::budget`]) count what sandsh's own code knows it buffers, but an engine's
//! values grow where no charge is placed: jq's arrays and objects, awk's strings and arrays,
//! bc's numbers, a decompressor's window, a command an embedder registered. [`MeteredAlloc`] is a
//! global allocator that sees all of it. A thread that works for a session enters the session's
//! budget ([`MemoryBudget::meter`]); from then on every allocation and free on that thread moves
//! the budget's heap figure, and growth past the limit trips the budget (which stops the run
//! with the memory limit's message) as soon as it happens, on the thread that allocates, with no
//! sampling period and no other session involved.
//!
//! The heap figure is the growth since the run began, less what the charges made on the same
//! threads already count (a variable's value is charged and allocated: it counts once). Each
//! thread adds its allocations to a local sum and moves it to the budget every [`FLUSH`] bytes,
//! so the cost on the allocation path is two thread-local cells; the limit is checked at each
//! flush.
//!
//! A binary opts in with `#[global_allocator] static A: MeteredAlloc = MeteredAlloc;` (the
//! `sandsh` binary and the Python and Node packages do). Without it the budget counts charges
//! only, and the resident-memory backstop bounds the rest.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::ptr;
use std::sync::Arc;

use crate::budget::MemoryBudget;

/// Bytes a thread allocates (or frees) before its sum moves to the budget and the limit is
/// checked: the most one thread can overshoot between two checks.
pub const FLUSH: isize = 64 << 10;

thread_local! {
    /// The budget this thread works for (null: none). Valid while a [`Metered`] guard lives.
    static BUDGET: Cell<*const MemoryBudget> = const { Cell::new(ptr::null()) };
    /// Allocated minus freed on this thread since the last flush.
    static PENDING: Cell<isize> = const { Cell::new(0) };
    /// Set while a flush checks the limit, so allocations the trip makes are only counted.
    static CHECKING: Cell<bool> = const { Cell::new(false) };
}

/// The system allocator, with every allocation on a metered thread counted against the budget
/// that thread works for.
pub struct MeteredAlloc;

// SAFETY: every method forwards to `System` with the same arguments; the counting around it
// touches only thread-local cells and the budget's atomics.
unsafe impl GlobalAlloc for MeteredAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded as is.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            note(footprint(layout.size()));
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded as is.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            note(footprint(layout.size()));
        }
        p
    }

    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        // SAFETY: forwarded as is.
        unsafe { System.dealloc(p, layout) };
        note(-footprint(layout.size()));
    }

    unsafe fn realloc(&self, p: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: forwarded as is.
        let q = unsafe { System.realloc(p, layout, new_size) };
        if !q.is_null() {
            note(footprint(new_size) - footprint(layout.size()));
        }
        q
    }
}

/// What an allocation of `size` bytes takes from the system allocator: glibc's malloc adds an
/// 8-byte header and rounds to 16 bytes, at least 32. Counting the request alone missed a third
/// of the heap where values are small: `jq -n 'def f(x): f(x+1); f(0)'` builds a chain of
/// 48-byte nodes (64-byte chunks) and stood at 2.8 GB resident when its 2 GiB budget tripped.
#[inline]
fn footprint(size: usize) -> isize {
    ((size + 8 + 15) & !15).max(32) as isize
}

/// Count `delta` bytes for the budget this thread works for, if any.
#[inline]
fn note(delta: isize) {
    // `try_with`: a thread being torn down may still free memory.
    let _ = BUDGET.try_with(|b| {
        let budget = b.get();
        if budget.is_null() {
            return;
        }
        let pending = PENDING.get() + delta;
        if pending.abs() < FLUSH {
            PENDING.set(pending);
        } else {
            PENDING.set(0);
            // SAFETY: non-null only while a `Metered` guard on this thread holds the budget.
            flush(unsafe { &*budget }, pending);
        }
    });
}

fn flush(budget: &MemoryBudget, pending: isize) {
    budget.add_heap(pending as i64);
    if pending > 0 && !CHECKING.get() {
        CHECKING.set(true);
        budget.check_heap();
        CHECKING.set(false);
    }
}

/// Whether this thread is metered for `budget` (its charges are then also allocations the meter
/// sees).
pub(crate) fn is_metering(budget: &MemoryBudget) -> bool {
    BUDGET
        .try_with(|b| ptr::eq(b.get(), budget))
        .unwrap_or(false)
}

/// A checked recursion took this thread's stack `delta` bytes deeper (or gave them back): the
/// pages count like heap for the budget this thread works for.
pub(crate) fn stack_grew(delta: i64) {
    let Ok(budget) = BUDGET.try_with(Cell::get) else {
        return;
    };
    if budget.is_null() {
        return;
    }
    // SAFETY: non-null only while a `Metered` guard on this thread holds the budget.
    let budget = unsafe { &*budget };
    budget.add_heap(delta);
    if delta > 0 {
        budget.check_heap();
    }
}

/// The budget this thread works for, to hand to a thread it starts.
pub fn current() -> Option<Arc<MemoryBudget>> {
    let p = BUDGET.try_with(Cell::get).ok()?;
    if p.is_null() {
        return None;
    }
    // SAFETY: `p` came from `Arc::as_ptr` of the budget a live `Metered` guard on this thread
    // holds, so the count is at least one while we add ours.
    unsafe {
        Arc::increment_strong_count(p);
        Some(Arc::from_raw(p))
    }
}

/// This thread works for a budget while the guard lives (see [`MemoryBudget::meter`]).
#[must_use = "the thread is metered only while the guard lives"]
pub struct Metered {
    budget: Arc<MemoryBudget>,
    outer: *const MemoryBudget,
}

impl Metered {
    pub(crate) fn enter(budget: Arc<MemoryBudget>) -> Metered {
        let outer = BUDGET.with(|b| {
            let outer = b.get();
            if !ptr::eq(outer, Arc::as_ptr(&budget)) {
                settle(outer);
                b.set(Arc::as_ptr(&budget));
            }
            outer
        });
        Metered { budget, outer }
    }
}

impl Drop for Metered {
    fn drop(&mut self) {
        if !ptr::eq(self.outer, Arc::as_ptr(&self.budget)) {
            settle(Arc::as_ptr(&self.budget));
            BUDGET.with(|b| b.set(self.outer));
        }
    }
}

/// Move this thread's pending sum to `budget` (the thread stops working for it).
fn settle(budget: *const MemoryBudget) {
    let pending = PENDING.replace(0);
    if !budget.is_null() && pending != 0 {
        // SAFETY: the budget is held by the guard being entered over or dropped.
        unsafe { &*budget }.add_heap(pending as i64);
    }
}

/// Whether the process's global allocator is [`MeteredAlloc`] (probed once: an allocation on a
/// metered thread either moves the budget's heap figure or it does not). With it, each
/// session's growth is its own and a process-wide resident-memory backstop is not needed.
pub fn installed() -> bool {
    static INSTALLED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *INSTALLED.get_or_init(|| {
        let probe = MemoryBudget::new(u64::MAX);
        let _m = probe.meter();
        let v = std::hint::black_box(Vec::<u8>::with_capacity(FLUSH as usize * 2));
        let seen = probe.heap_figure() != 0;
        drop(v);
        seen
    })
}

/// Enter the budget `current` returned, on a thread just started (nothing when there is none).
pub fn enter(budget: Option<Arc<MemoryBudget>>) -> Option<Metered> {
    budget.map(Metered::enter)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[global_allocator]
    static ALLOC: MeteredAlloc = MeteredAlloc;

    #[test]
    fn a_metered_thread_trips_its_budget_and_no_other() {
        let b = MemoryBudget::new(4 << 20);
        let other = MemoryBudget::new(4 << 20);
        {
            let _m = b.meter();
            let small = vec![1u8; 1 << 20];
            assert!(!b.exceeded());
            let big = vec![1u8; 8 << 20];
            assert!(b.exceeded(), "used {}", b.used());
            drop((small, big));
        }
        assert!(b.unexplained() < FLUSH as u64);
        // An unmetered thread counts for no one.
        std::thread::spawn(|| drop(std::hint::black_box(vec![1u8; 16 << 20])))
            .join()
            .expect("join");
        assert!(!other.exceeded());
        assert_eq!(other.used(), 0);
    }

    #[test]
    fn a_charge_for_what_is_allocated_counts_once() {
        let b = MemoryBudget::new(12 << 20);
        let _m = b.meter();
        let mut c = b.charge();
        c.set(8 << 20).expect("fits");
        let v = vec![1u8; 8 << 20];
        assert!(!b.exceeded(), "used {}", b.used());
        assert!(b.used() < (9 << 20), "used {}", b.used());
        drop(v);
        drop(c);
        assert!(b.used() < FLUSH as u64 * 2, "used {}", b.used());
    }

    #[test]
    fn threads_started_for_the_session_count_for_it() {
        let b = MemoryBudget::new(4 << 20);
        let _m = b.meter();
        let handed = current();
        std::thread::spawn(move || {
            let _m = enter(handed);
            drop(std::hint::black_box(vec![1u8; 8 << 20]));
        })
        .join()
        .expect("join");
        assert!(b.exceeded());
    }

    #[test]
    fn small_allocations_count_what_malloc_takes_for_them() {
        // 100,000 boxes of 40 bytes and the vector that holds them: 4.57 MiB asked for, 5.34 MiB
        // of malloc chunks (48 bytes each).
        let b = MemoryBudget::new(5 << 20);
        let _m = b.meter();
        let boxes: Vec<Box<[u8; 40]>> = (0..100_000).map(|_| Box::new([0u8; 40])).collect();
        assert!(b.exceeded(), "used {}", b.used());
        drop(boxes);
    }

    #[test]
    fn the_probe_finds_the_allocator() {
        assert!(installed());
    }
}
