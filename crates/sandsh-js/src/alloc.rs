//! The engine's allocator: QuickJS's heap, bounded by the session's memory budget.
//!
//! Every allocation goes through Rust's global allocator (the header-prefixed layout of
//! rquickjs's `RustAllocator`), so on a metered thread the session's metering allocator counts
//! it as it happens. On top of that the engine's own total is bounded by what the budget had
//! left when the call began: an allocation past it is refused before it is made (QuickJS turns
//! that into its out-of-memory error, `'a'.repeat(2**30)` never reaches the system allocator)
//! and trips the budget, which stops the run with the `--max-memory` message and status 125.

use std::cell::Cell;
use std::rc::Rc;
use std::sync::Arc;

use rquickjs::allocator::{Allocator, RustAllocator};
use sandsh_runtime::budget::MemoryBudget;

/// What the engine holds now, and whether an allocation was refused.
#[derive(Default)]
pub(crate) struct Usage {
    pub(crate) held: Cell<usize>,
    pub(crate) refused: Cell<bool>,
}

pub(crate) struct BudgetAllocator {
    inner: RustAllocator,
    limit: usize,
    usage: Rc<Usage>,
    budget: Arc<MemoryBudget>,
}

// SAFETY (of the `Allocator` impl below): every block comes from `RustAllocator`, which keeps
// the size in a header and returns `usize`-aligned memory; the counting never changes a
// pointer.
impl BudgetAllocator {
    pub(crate) fn new(budget: Arc<MemoryBudget>, limit: usize, usage: Rc<Usage>) -> Self {
        BudgetAllocator {
            inner: RustAllocator,
            limit,
            usage,
            budget,
        }
    }

    /// Whether `more` bytes fit; trips the budget when they do not.
    fn admit(&self, more: usize) -> bool {
        let after = self.usage.held.get().saturating_add(more);
        if after > self.limit {
            if !self.usage.refused.replace(true) {
                self.budget.exceed();
            }
            return false;
        }
        true
    }

    fn add(&self, n: usize) {
        self.usage.held.set(self.usage.held.get() + n);
    }

    fn sub(&self, n: usize) {
        self.usage.held.set(self.usage.held.get().saturating_sub(n));
    }
}

unsafe impl Allocator for BudgetAllocator {
    fn alloc(&mut self, size: usize) -> *mut u8 {
        if !self.admit(size) {
            return std::ptr::null_mut();
        }
        let p = self.inner.alloc(size);
        if !p.is_null() {
            // SAFETY: `p` was just allocated by `inner`.
            self.add(unsafe { RustAllocator::usable_size(p) });
        }
        p
    }

    fn calloc(&mut self, count: usize, size: usize) -> *mut u8 {
        let Some(total) = count.checked_mul(size) else {
            return std::ptr::null_mut();
        };
        if total == 0 || !self.admit(total) {
            return std::ptr::null_mut();
        }
        let p = self.inner.calloc(count, size);
        if !p.is_null() {
            // SAFETY: `p` was just allocated by `inner`.
            self.add(unsafe { RustAllocator::usable_size(p) });
        }
        p
    }

    unsafe fn dealloc(&mut self, ptr: *mut u8) {
        // SAFETY: the caller hands back a block of this allocator.
        unsafe {
            self.sub(RustAllocator::usable_size(ptr));
            self.inner.dealloc(ptr);
        }
    }

    unsafe fn realloc(&mut self, ptr: *mut u8, new_size: usize) -> *mut u8 {
        // C's realloc: a null block is a new one, a zero size frees.
        if ptr.is_null() {
            return self.alloc(new_size);
        }
        if new_size == 0 {
            // SAFETY: the caller hands back a block of this allocator.
            unsafe { self.dealloc(ptr) };
            return std::ptr::null_mut();
        }
        // SAFETY: the caller hands back a block of this allocator.
        let old = unsafe { RustAllocator::usable_size(ptr) };
        if new_size > old && !self.admit(new_size - old) {
            return std::ptr::null_mut();
        }
        // SAFETY: as above.
        let p = unsafe { self.inner.realloc(ptr, new_size) };
        if !p.is_null() {
            self.sub(old);
            // SAFETY: `p` was just allocated by `inner`.
            self.add(unsafe { RustAllocator::usable_size(p) });
        }
        p
    }

    unsafe fn usable_size(ptr: *mut u8) -> usize {
        // SAFETY: the caller hands a block of this allocator.
        unsafe { RustAllocator::usable_size(ptr) }
    }
}
