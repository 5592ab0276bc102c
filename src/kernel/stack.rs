//! The interpreter's stack: one large region per kernel, entered on the caller's thread.
//!
//! Deep shell recursion (functions, `eval`, `source`, nested `$(…)`) needs far more stack than
//! a caller's thread has (8 MiB for a main thread, 2 MiB for a spawned one). Instead of handing
//! each run to a thread with a big stack (a thread wake-up and a futex round trip per run, a
//! second malloc arena), a kernel maps one region once and runs scripts on it with
//! [`psm::on_stack`]: same thread, same arena, no synchronisation. The region is reserved, not
//! committed (pages are touched only as deep as a script recurses), and its lowest page is a
//! guard, so running off the end faults instead of writing over other memory.

use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};

const PAGE: usize = 4096;

/// A mapped stack region with a guard page at its low end.
pub(crate) struct BigStack {
    base: *mut u8,
    len: usize,
}

// The region is plain memory owned by this value; `run` takes `&mut self`, so at most one
// thread runs on it at a time.
unsafe impl Send for BigStack {}
unsafe impl Sync for BigStack {}

impl BigStack {
    /// Reserve `size` bytes (rounded up to pages) plus a guard page.
    pub(crate) fn new(size: usize) -> Option<BigStack> {
        let len = size.div_ceil(PAGE) * PAGE + PAGE;
        // SAFETY: an anonymous private mapping at an address of the kernel's choosing; the
        // result is checked before use.
        let base = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE | libc::MAP_STACK,
                -1,
                0,
            )
        };
        if base == libc::MAP_FAILED {
            return None;
        }
        // SAFETY: the first page lies inside the mapping just made.
        if unsafe { libc::mprotect(base, PAGE, libc::PROT_NONE) } != 0 {
            // SAFETY: unmapping exactly what was mapped.
            unsafe { libc::munmap(base, len) };
            return None;
        }
        Some(BigStack {
            base: base.cast(),
            len,
        })
    }

    /// Run `f` on this stack and return its result; a panic in `f` is caught on this stack and
    /// resumed on the caller's.
    pub(crate) fn run<R>(&mut self, f: impl FnOnce() -> R) -> R {
        let mut out = None;
        let mut panic = None;
        // SAFETY: the region above the guard page is mapped read-write, page-aligned (which
        // satisfies every target's stack alignment) and a multiple of the page size; nothing
        // else uses it while `&mut self` is held; the callback cannot unwind (the panic is
        // caught inside and carried out as a value).
        unsafe {
            psm::on_stack(self.base.add(PAGE), self.len - PAGE, || match catch_unwind(
                AssertUnwindSafe(f),
            ) {
                Ok(r) => out = Some(r),
                Err(p) => panic = Some(p),
            });
        }
        if let Some(p) = panic {
            resume_unwind(p);
        }
        out.expect("on_stack returned without running the callback")
    }
}

impl Drop for BigStack {
    fn drop(&mut self) {
        // SAFETY: unmapping exactly the region mapped in `new`; no code runs on it now.
        unsafe { libc::munmap(self.base.cast(), self.len) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Recursion with a 512-byte frame the optimiser cannot remove.
    fn depth(n: u64) -> u64 {
        let pad = std::hint::black_box([n as u8; 512]);
        if n == 0 {
            0
        } else {
            1 + depth(n - 1) + u64::from(pad[1] == 0 && pad[0] != 0)
        }
    }

    #[test]
    fn runs_deep_recursion_and_returns_values() {
        let mut s = BigStack::new(64 << 20).unwrap();
        // ~40 MB of frames: far more than a test thread's own stack.
        assert_eq!(s.run(|| depth(60_000)), 60_000);
        assert_eq!(s.run(|| 7), 7);
    }

    #[test]
    fn panics_come_back_to_the_caller() {
        let mut s = BigStack::new(1 << 20).unwrap();
        let r = catch_unwind(AssertUnwindSafe(|| s.run(|| panic!("boom"))));
        assert!(r.is_err());
        assert_eq!(s.run(|| 1 + 1), 2);
    }
}
