//! The memory budget of one session (THREAT DOS-MEM-1).
//!
//! Limits on single things (one variable, one file, one pipe) do not bound a script that makes
//! many of them, so each kernel has one budget that counts what a script can make grow: variable
//! values, files in the in-memory filesystem, `$(…)` captures, command buffers (sort, tac, jq
//! input, a line being read), and expansion results (brace words, glob matches, printf output).
//!
//! Growth is charged before it happens ([`MemoryBudget::try_charge`]) and released when the
//! memory goes ([`MemoryBudget::release`], or dropping a [`Charge`]). A charge that would cross
//! the limit fails, marks the budget as exceeded and calls the hook the kernel installed, which
//! stops the whole run with status 125 and a message naming `--max-memory`. The filesystem
//! reports its size as a gauge instead of charges, since it keeps its own totals.
//!
//! This module imports nothing else of the crate: the filesystem, the interpreter and commands
//! all use it.

use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

/// Called once when the budget is first exceeded in a run.
pub type ExceedHook = Box<dyn Fn() + Send + Sync>;

/// Byte budget shared by everything one session holds.
pub struct MemoryBudget {
    limit: u64,
    /// Charged bytes (everything but the filesystem).
    used: AtomicU64,
    /// Bytes of file contents in the in-memory filesystem.
    vfs: AtomicU64,
    /// Heap growth on the threads metered for this budget since the run began
    /// ([`crate::meter`]), and how much of it the charges and the filesystem above explain.
    heap: AtomicI64,
    explained: AtomicI64,
    exceeded: AtomicBool,
    hook: OnceLock<ExceedHook>,
}

/// A charge was refused: the budget would be exceeded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("memory budget exceeded ({limit} bytes); raise with {}", crate::limits::Limit::Memory.long())]
pub struct MemoryExceeded {
    pub limit: u64,
}

impl std::fmt::Debug for MemoryBudget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MemoryBudget")
            .field("limit", &self.limit)
            .field("used", &self.used())
            .finish()
    }
}

impl MemoryBudget {
    /// A budget of `limit` bytes.
    pub fn new(limit: u64) -> Arc<MemoryBudget> {
        Arc::new(MemoryBudget {
            limit,
            used: AtomicU64::new(0),
            vfs: AtomicU64::new(0),
            heap: AtomicI64::new(0),
            explained: AtomicI64::new(0),
            exceeded: AtomicBool::new(false),
            hook: OnceLock::new(),
        })
    }

    /// A budget that never refuses (contexts without a kernel, such as unit tests).
    pub fn unlimited() -> Arc<MemoryBudget> {
        Self::new(u64::MAX)
    }

    /// Install what to do when the budget is exceeded (once; later calls are ignored).
    pub fn set_hook(&self, hook: ExceedHook) {
        let _ = self.hook.set(hook);
    }

    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// Bytes in use: charges, the filesystem, and the heap growth the metering allocator saw
    /// that they do not explain.
    pub fn used(&self) -> u64 {
        self.used
            .load(Ordering::Relaxed)
            .saturating_add(self.vfs.load(Ordering::Relaxed))
            .saturating_add(self.unexplained())
    }

    /// Metered heap growth that no charge accounts for (zero without the metering allocator).
    pub fn unexplained(&self) -> u64 {
        let heap = self.heap.load(Ordering::Relaxed);
        let explained = self.explained.load(Ordering::Relaxed);
        u64::try_from(heap.saturating_sub(explained)).unwrap_or(0)
    }

    /// Meter this thread's allocations against this budget while the guard lives
    /// ([`crate::meter`]).
    pub fn meter(self: &Arc<Self>) -> crate::meter::Metered {
        crate::meter::Metered::enter(self.clone())
    }

    /// A run begins: the heap it grows is measured from here.
    pub fn begin_run(&self) {
        self.heap.store(0, Ordering::Relaxed);
        self.explained.store(0, Ordering::Relaxed);
        self.clear_exceeded();
    }

    /// The metered heap growth since the run began (zero without the metering allocator).
    pub(crate) fn heap_figure(&self) -> i64 {
        self.heap.load(Ordering::Relaxed)
    }

    pub(crate) fn add_heap(&self, delta: i64) {
        self.heap.fetch_add(delta, Ordering::Relaxed);
    }

    /// Trip if the metered heap took the total past the limit.
    pub(crate) fn check_heap(&self) {
        if !self.exceeded() && self.used() > self.limit {
            let _ = self.trip();
        }
    }

    /// Bytes charged on a metered thread are also bytes its allocations count: note them once.
    fn explain(&self, delta: i64) {
        if crate::meter::is_metering(self) {
            self.explained.fetch_add(delta, Ordering::Relaxed);
        }
    }

    /// Whether the budget was exceeded since the last [`MemoryBudget::clear_exceeded`].
    pub fn exceeded(&self) -> bool {
        self.exceeded.load(Ordering::Relaxed)
    }

    /// Forget an earlier overrun (a new run starts).
    pub fn clear_exceeded(&self) {
        self.exceeded.store(false, Ordering::Relaxed);
    }

    /// Mark the budget as exceeded now (the resident-memory backstop found it so).
    pub fn exceed(&self) {
        let _ = self.trip();
    }

    fn trip(&self) -> MemoryExceeded {
        if !self.exceeded.swap(true, Ordering::SeqCst)
            && let Some(h) = self.hook.get()
        {
            h();
        }
        MemoryExceeded { limit: self.limit }
    }

    /// Charge `n` bytes, or refuse (and trip) if that would cross the limit.
    pub fn try_charge(&self, n: u64) -> Result<(), MemoryExceeded> {
        if n == 0 {
            return Ok(());
        }
        let before = self.used.fetch_add(n, Ordering::Relaxed);
        let total = before
            .saturating_add(n)
            .saturating_add(self.vfs.load(Ordering::Relaxed));
        if total.saturating_add(self.unexplained()) > self.limit {
            self.used.fetch_sub(n, Ordering::Relaxed);
            return Err(self.trip());
        }
        self.explain(n as i64);
        Ok(())
    }

    /// Check that `n` more bytes would fit, without keeping them (a result about to be made
    /// and handed on, such as an expansion's words).
    pub fn check(&self, n: u64) -> Result<(), MemoryExceeded> {
        if self.used().saturating_add(n) > self.limit {
            return Err(self.trip());
        }
        Ok(())
    }

    /// Check that `n` bytes this thread has already allocated, and not charged, fit (a result
    /// being built, such as `${x^^}`): the metering allocator has counted them already when it
    /// meters this thread.
    pub fn check_held(&self, n: u64) -> Result<(), MemoryExceeded> {
        self.check(if crate::meter::is_metering(self) {
            0
        } else {
            n
        })
    }

    /// Give back `n` charged bytes.
    pub fn release(&self, n: u64) {
        if n == 0 {
            return;
        }
        let _ = self
            .used
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |u| {
                Some(u.saturating_sub(n))
            });
        self.explain(-(n as i64));
    }

    /// Whether the filesystem may grow to `total` bytes of contents; trips when it may not.
    pub fn vfs_fits(&self, total: u64) -> Result<(), MemoryExceeded> {
        if self.used.load(Ordering::Relaxed).saturating_add(total) > self.limit {
            return Err(self.trip());
        }
        Ok(())
    }

    /// The filesystem's current size.
    pub fn set_vfs(&self, total: u64) {
        let before = self.vfs.swap(total, Ordering::Relaxed);
        self.explain(total as i64 - before as i64);
    }

    /// A charge that grows with a buffer and is given back when dropped.
    pub fn charge(self: &Arc<Self>) -> Charge {
        Charge {
            budget: self.clone(),
            bytes: 0,
        }
    }
}

/// Bytes held against a budget by one buffer; released on drop.
#[derive(Debug)]
pub struct Charge {
    budget: Arc<MemoryBudget>,
    bytes: u64,
}

impl Charge {
    /// Hold exactly `bytes` (growing or shrinking the charge).
    pub fn set(&mut self, bytes: usize) -> Result<(), MemoryExceeded> {
        let bytes = bytes as u64;
        if bytes > self.bytes {
            self.budget.try_charge(bytes - self.bytes)?;
        } else {
            self.budget.release(self.bytes - bytes);
        }
        self.bytes = bytes;
        Ok(())
    }

    /// Hold `n` more bytes.
    pub fn add(&mut self, n: usize) -> Result<(), MemoryExceeded> {
        self.budget.try_charge(n as u64)?;
        self.bytes += n as u64;
        Ok(())
    }

    /// A second charge for a copy of the buffer. A copy the budget cannot hold trips it (which
    /// stops the run) and starts at zero.
    pub fn duplicate(&self) -> Charge {
        let mut c = self.budget.charge();
        let _ = c.set(self.bytes as usize);
        c
    }

    /// Bytes held.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }
}

impl Drop for Charge {
    fn drop(&mut self) {
        self.budget.release(self.bytes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    #[test]
    fn charges_add_up_and_drop_releases() {
        let b = MemoryBudget::new(100);
        let mut c = b.charge();
        c.set(60).unwrap();
        assert_eq!(b.used(), 60);
        assert!(b.try_charge(50).is_err());
        assert!(b.exceeded());
        c.set(10).unwrap();
        assert_eq!(b.used(), 10);
        drop(c);
        assert_eq!(b.used(), 0);
    }

    #[test]
    fn the_hook_runs_once_per_overrun() {
        let b = MemoryBudget::new(10);
        let n = Arc::new(AtomicUsize::new(0));
        let n2 = n.clone();
        b.set_hook(Box::new(move || {
            n2.fetch_add(1, Ordering::SeqCst);
        }));
        assert!(b.try_charge(11).is_err());
        assert!(b.try_charge(11).is_err());
        assert_eq!(n.load(Ordering::SeqCst), 1);
        b.clear_exceeded();
        assert!(b.check(20).is_err());
        assert_eq!(n.load(Ordering::SeqCst), 2);
    }

    #[test]
    fn the_filesystem_counts_against_the_same_limit() {
        let b = MemoryBudget::new(100);
        b.set_vfs(70);
        assert!(b.try_charge(40).is_err());
        assert!(b.try_charge(30).is_ok());
        assert!(b.vfs_fits(71).is_err());
        assert!(b.vfs_fits(70).is_ok());
    }
}
