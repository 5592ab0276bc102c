//! How much stack is left: the guard every recursion point checks (THREAT DOS-STACK-1).
//!
//! A script, a jq program or an awk function can recurse as deep as it likes, and the limits on
//! function depth can be raised or lifted. What must never happen is a stack overflow: that is a
//! SIGSEGV, and for an embedder it kills the whole agent process. So every recursion point (the
//! interpreter's command dispatch, the parser, arithmetic, `[[ ]]`, jq, awk, sed) asks
//! [`exhausted`] first and fails with a limit error while there is still room to unwind.
//!
//! The bounds of the current stack come from a thread-local: the kernel sets them when it runs
//! a script on its own stack region and each pipeline stage or job thread sets them for its
//! stack ([`Bounds::enter`]). A thread that never set them (a test, an embedder calling a
//! command directly) asks the system once for its thread's stack. This module imports nothing
//! else of the crate, so every layer, the pure parser included, may use it.

use std::cell::Cell;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};

/// Headroom a recursion point keeps: the deepest stretch of code between two checks must fit
/// in it (debug builds have large frames; expansion, a command and a pipeline sit between two
/// dispatches).
pub const RESERVE: usize = 1 << 20;

thread_local! {
    /// The lowest usable address of this thread's current stack; 0 until known.
    static LOW: Cell<usize> = const { Cell::new(0) };
    /// The deepest stack pointer a check has seen on the current stack (`usize::MAX`: none yet).
    static DEEPEST: Cell<usize> = const { Cell::new(usize::MAX) };
    /// Bytes of the current stack counted against the memory budget so far.
    static COUNTED: Cell<usize> = const { Cell::new(0) };
    /// The most the last stack left counted (a [`BigStack`] gives its pages back after a deep
    /// run).
    static LAST_PEAK: Cell<usize> = const { Cell::new(0) };
}

/// How much deeper a stack must go before the new depth is counted against the budget.
const COUNT_STEP: usize = 256 << 10;

/// The current stack pointer (approximately: the address of a local).
#[inline(always)]
fn sp() -> usize {
    let probe = 0u8;
    std::hint::black_box(&probe) as *const u8 as usize
}

/// Bytes left on the current stack before its guard.
pub fn remaining() -> usize {
    let low = LOW.with(|l| {
        if l.get() == 0 {
            l.set(system_low());
        }
        l.get()
    });
    sp().saturating_sub(low)
}

/// Whether a recursion point should refuse to go deeper.
///
/// A recursion's stack is memory too (a jq or shell function recursing a hundred megabytes
/// deep): each [`COUNT_STEP`] of new depth is counted against the budget of the session this
/// thread works for ([`crate::meter`]), until the stack is left.
#[inline]
pub fn exhausted() -> bool {
    let here = sp();
    let deepest = DEEPEST.get();
    if here.saturating_add(COUNT_STEP) < deepest {
        went_deeper(here, deepest);
    }
    remaining() < RESERVE
}

#[cold]
fn went_deeper(here: usize, deepest: usize) {
    DEEPEST.set(here);
    if deepest != usize::MAX {
        let grew = deepest - here;
        COUNTED.set(COUNTED.get() + grew);
        crate::meter::stack_grew(grew as i64);
    }
}

/// The current thread's stack bounds as the system reports them.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn system_low() -> usize {
    // SAFETY: `pthread_getattr_np` fills the attribute object for the calling thread, which is
    // then read and destroyed; nothing outlives the call.
    unsafe {
        let mut attr: libc::pthread_attr_t = std::mem::zeroed();
        if libc::pthread_getattr_np(libc::pthread_self(), &mut attr) != 0 {
            return 0;
        }
        let mut addr: *mut libc::c_void = std::ptr::null_mut();
        let mut size: libc::size_t = 0;
        let mut guard: libc::size_t = 0;
        let ok = libc::pthread_attr_getstack(&attr, &mut addr, &mut size) == 0;
        let _ = libc::pthread_attr_getguardsize(&attr, &mut guard);
        libc::pthread_attr_destroy(&mut attr);
        if ok { addr as usize + guard } else { 0 }
    }
}

/// In the browser build the shadow stack lies at the bottom of linear memory (wasm-ld's
/// `--stack-first`, rustc's default for wasm32), growing down towards address 0.
#[cfg(target_arch = "wasm32")]
fn system_low() -> usize {
    PAGE
}

/// Without a way to ask, assume a conservative 1 MiB below the first probe.
#[cfg(not(any(all(target_os = "linux", target_env = "gnu"), target_arch = "wasm32")))]
fn system_low() -> usize {
    sp().saturating_sub(1 << 20)
}

/// The bounds of a stack the crate switched to; restores the previous bounds (and gives back
/// what this stack counted against the budget) when dropped.
pub struct Bounds {
    prev: usize,
    prev_deepest: usize,
    prev_counted: usize,
}

impl Bounds {
    /// From now until the guard drops, this thread runs on a stack whose usable region starts
    /// at `low`.
    pub fn enter(low: usize) -> Bounds {
        Bounds {
            prev: LOW.with(|l| l.replace(low)),
            prev_deepest: DEEPEST.replace(usize::MAX),
            prev_counted: COUNTED.replace(0),
        }
    }

    /// For a freshly spawned thread of `size` bytes: its stack lies below the current frame.
    /// The estimate keeps a 64 KiB margin for what the thread start-up put above this frame
    /// and for the guard page.
    pub fn enter_thread(size: usize) -> Bounds {
        Bounds::enter(sp().saturating_sub(size) + (64 << 10))
    }
}

impl Drop for Bounds {
    fn drop(&mut self) {
        LOW.with(|l| l.set(self.prev));
        DEEPEST.set(self.prev_deepest);
        let counted = COUNTED.replace(self.prev_counted);
        LAST_PEAK.set(counted);
        if counted > 0 {
            crate::meter::stack_grew(-(counted as i64));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The interpreter's stacks: one large region per kernel (and per pipeline stage or job thread),
// entered on the running thread.
//
// Deep shell recursion (functions, `eval`, `source`, nested `$(…)`) needs far more stack than a
// caller's thread has (8 MiB for a main thread, 2 MiB for a spawned one). Instead of handing each
// run to a thread with a big stack (a thread wake-up and a futex round trip per run, a second
// malloc arena), a kernel maps one region once and runs scripts on it with `psm::on_stack`: same
// thread, same arena, no synchronisation. The region is reserved, not committed (pages are
// touched only as deep as a script recurses), and its lowest page is a guard, so running off the
// end faults instead of writing over other memory; the [`exhausted`] checks keep it from coming
// to that.

const PAGE: usize = 4096;

/// A mapped stack region with a guard page at its low end.
pub struct BigStack {
    base: *mut u8,
    len: usize,
    requested: usize,
}

// The region is plain memory owned by this value; `run` takes `&mut self`, so at most one
// thread runs on it at a time.
unsafe impl Send for BigStack {}
unsafe impl Sync for BigStack {}

impl BigStack {
    /// Reserve `size` bytes (rounded up to pages) plus a guard page (in the browser build, at
    /// most [`region::CAP`], taken from the heap: see [`region`]).
    pub fn new(size: usize) -> Option<BigStack> {
        #[allow(
            clippy::unnecessary_min_or_max,
            reason = "no cap natively (usize::MAX); 16 MiB in the browser build"
        )]
        let len = size.min(region::CAP).div_ceil(PAGE) * PAGE + PAGE;
        let base = region::map(len)?;
        Some(BigStack {
            base,
            len,
            requested: size,
        })
    }

    /// The size this stack was made for.
    pub fn size(&self) -> usize {
        self.requested
    }

    /// Run `f` on this stack and return its result; a panic in `f` is caught on this stack and
    /// resumed on the caller's.
    pub fn run<R>(&mut self, f: impl FnOnce() -> R) -> R {
        let mut out = None;
        let mut panic = None;
        // SAFETY: the region above the guard page is mapped read-write, page-aligned (which
        // satisfies every target's stack alignment) and a multiple of the page size; nothing
        // else uses it while `&mut self` is held; the callback cannot unwind (the panic is
        // caught inside and carried out as a value).
        unsafe {
            let low = self.base as usize + PAGE;
            psm::on_stack(self.base.add(PAGE), self.len - PAGE, || {
                let _bounds = Bounds::enter(low);
                match catch_unwind(AssertUnwindSafe(f)) {
                    Ok(r) => out = Some(r),
                    Err(p) => panic = Some(p),
                }
            });
        }
        // A deep run touched pages the budget no longer counts: give them back (nothing runs
        // on the region now).
        if LAST_PEAK.get() > GIVE_BACK {
            // SAFETY: exactly the usable part of the region this value mapped; nothing runs on it.
            unsafe { region::give_back_pages(self.base.add(PAGE), self.len - PAGE) };
        }
        if let Some(p) = panic {
            resume_unwind(p);
        }
        out.expect("on_stack returned without running the callback")
    }
}

/// Depth past which a [`BigStack`] returns its pages to the system after a run.
const GIVE_BACK: usize = 8 << 20;

/// Stacks of finished runs, kept for the next run of any session of the process. A session
/// between runs holds no stack: 10,000 idle sessions of an MCP server would otherwise keep
/// 10,000 mappings (two each, with the guard) and the pages each one's last run touched.
static POOL: std::sync::Mutex<Vec<BigStack>> = std::sync::Mutex::new(Vec::new());
/// Most stacks the pool keeps; one given back to a full pool is unmapped.
const POOLED: usize = 8;

impl BigStack {
    /// A stack of `size` bytes: a pooled one when there is one of that size, else a new one.
    pub fn take(size: usize) -> Option<BigStack> {
        let mut pool = POOL.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = pool.iter().position(|s| s.requested == size) {
            return Some(pool.swap_remove(i));
        }
        drop(pool);
        BigStack::new(size)
    }

    /// Give a stack to the pool for a later [`BigStack::take`] (unmapped when the pool is
    /// full).
    pub fn give_back(self) {
        let mut pool = POOL.lock().unwrap_or_else(|e| e.into_inner());
        if pool.len() < POOLED {
            pool.push(self);
        }
    }
}

/// Stack of a thread that only maps a [`BigStack`] and switches to it.
pub const LAUNCH_STACK: usize = 256 << 10;

/// Run `f` on a fresh stack of `size` bytes (for a pipeline stage or job thread, which then
/// recurses exactly as deep as the main script can). Where the region cannot be mapped, `f`
/// runs on the current thread's stack, still guarded by [`exhausted`].
pub fn run_on_new_stack<R>(size: usize, f: impl FnOnce() -> R) -> R {
    match BigStack::new(size) {
        Some(mut s) => s.run(f),
        None => f(),
    }
}

/// Run `f` on a fresh stack that gives the recursion checks ([`exhausted`]) exactly the room
/// the current one has left, with `spare` bytes reserved below that room for code that cannot
/// check: the drop glue of a deeply nested value frees it recursively, one frame per level,
/// and whoever built the value (a loop, which needs no stack) may have nested it far deeper
/// than any check allows. A value's depth is bounded by its size, and its size by the memory
/// budget, so a spare in proportion to the budget keeps that drop off the guard page. The
/// spare is address space only: pages are touched only as deep as a drop goes.
pub fn run_with_spare<R>(spare: usize, f: impl FnOnce() -> R) -> R {
    // Where a stack is capped (the browser build), the spare comes out of the room checked.
    #[allow(
        clippy::unnecessary_min_or_max,
        reason = "no cap natively (usize::MAX); 16 MiB in the browser build"
    )]
    let spare = spare.min(region::CAP / 2);
    let room = remaining().min(region::CAP.saturating_sub(spare + 2 * PAGE));
    run_on_new_stack(room.saturating_add(spare), move || {
        let _checked = Bounds::enter(sp().saturating_sub(room));
        f()
    })
}

impl Drop for BigStack {
    fn drop(&mut self) {
        // SAFETY: unmapping exactly the region mapped in `new`; no code runs on it now.
        unsafe { region::unmap(self.base, self.len) };
    }
}

/// Where a [`BigStack`]'s memory comes from: an anonymous mapping with a guard page natively;
/// in the browser build, where linear memory has neither mappings nor protection, a heap block
/// of at most [`CAP`] whose lowest page is only a margin (the [`exhausted`] checks are what
/// keep a recursion off it; the wasm engine traps an access outside memory).
#[cfg(not(target_arch = "wasm32"))]
mod region {
    use super::PAGE;

    /// No cap natively: the region is address space, committed only as deep as it is used.
    pub const CAP: usize = usize::MAX;

    pub fn map(len: usize) -> Option<*mut u8> {
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
        Some(base.cast())
    }

    /// # Safety
    /// `[p, p + len)` lies in a mapping of [`map`] on which nothing runs.
    pub unsafe fn give_back_pages(p: *mut u8, len: usize) {
        // SAFETY: see the function's contract.
        unsafe { libc::madvise(p.cast(), len, libc::MADV_DONTNEED) };
    }

    /// # Safety
    /// `base` and `len` are a mapping of [`map`] on which nothing runs.
    pub unsafe fn unmap(base: *mut u8, len: usize) {
        // SAFETY: see the function's contract.
        unsafe { libc::munmap(base.cast(), len) };
    }
}

#[cfg(target_arch = "wasm32")]
mod region {
    use super::PAGE;
    use std::alloc::Layout;

    /// The largest interpreter stack of the browser build: heap, committed as soon as taken.
    /// Small on purpose: a wasm engine keeps a second stack of its own (V8's, about 1 MB),
    /// which the [`super::exhausted`] checks cannot see. A shell function level takes about
    /// 5-6 KiB of this stack and 2 KiB of V8's, so 2 MiB above the reserve (3 MiB) trips the
    /// stack limit before V8 throws; with 3 MiB above it (4 MiB), V8 threw first (measured in
    /// Node 20, `f() { f; }; f`, called from a shallow script; under `node --test`'s deeper
    /// JavaScript stack V8 still threw first). Not 2 MiB: jq's stack (`run_with_spare`) needs
    /// more than the guard's reserve.
    pub const CAP: usize = 3 << 20;

    fn layout(len: usize) -> Option<Layout> {
        Layout::from_size_align(len, PAGE).ok()
    }

    pub fn map(len: usize) -> Option<*mut u8> {
        // SAFETY: a non-zero size (at least one page) and a valid alignment.
        let p = unsafe { std::alloc::alloc(layout(len)?) };
        (!p.is_null()).then_some(p)
    }

    /// # Safety
    /// Nothing to give back: heap pages stay the module's.
    pub unsafe fn give_back_pages(_p: *mut u8, _len: usize) {}

    /// # Safety
    /// `base` and `len` are a block of [`map`] on which nothing runs.
    pub unsafe fn unmap(base: *mut u8, len: usize) {
        if let Some(l) = layout(len) {
            // SAFETY: see the function's contract; allocated with this layout.
            unsafe { std::alloc::dealloc(base, l) };
        }
    }
}

#[cfg(test)]
mod big_stack_tests {
    use super::*;
    use std::panic::{AssertUnwindSafe, catch_unwind};

    #[test]
    fn a_stack_given_back_is_taken_again_and_the_pool_is_bounded() {
        // A size no other test uses, so that parallel tests do not take these stacks.
        let size = (3 << 20) + 4096 * 7;
        let a = BigStack::take(size).expect("map");
        let base = a.base;
        a.give_back();
        let mut b = BigStack::take(size).expect("map");
        assert_eq!(b.base, base, "the pooled stack is reused");
        assert_eq!(b.run(|| 7), 7);
        let many: Vec<BigStack> = (0..POOLED + 3)
            .map(|_| BigStack::take(size).expect("map"))
            .collect();
        b.give_back();
        for s in many {
            s.give_back();
        }
        let pool = POOL.lock().unwrap_or_else(|e| e.into_inner());
        assert!(pool.len() <= POOLED, "{} pooled", pool.len());
    }

    /// Recursion with a 512-byte frame the optimiser cannot remove.
    pub(super) fn depth(n: u64) -> u64 {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_main_test_thread_has_a_known_stack() {
        let r = remaining();
        assert!(r > 0 && r < 1 << 30, "{r}");
    }

    #[test]
    fn bounds_nest_and_restore() {
        let before = remaining();
        {
            let _b = Bounds::enter(sp() - 10);
            assert!(remaining() < 100);
            assert!(exhausted());
        }
        assert!((remaining() as isize - before as isize).abs() < 4096);
    }

    fn recurse(n: u64) -> u64 {
        if exhausted() {
            return n;
        }
        let pad = std::hint::black_box([0u8; 512]);
        recurse(n + 1) + pad[0] as u64
    }

    #[test]
    fn a_spare_stack_keeps_the_checked_room_and_runs_deeper_code() {
        let before = remaining();
        let (checked, deep) = run_with_spare(64 << 20, || {
            // ~40 MB of frames that do not check: more than a test thread's whole stack.
            (remaining(), super::big_stack_tests::depth(60_000))
        });
        assert!(
            (checked as isize - before as isize).abs() < 64 << 10,
            "{checked} {before}"
        );
        assert_eq!(deep, 60_000);
    }

    #[test]
    fn a_recursion_that_checks_stops_before_the_guard() {
        let t = std::thread::Builder::new()
            .stack_size(4 << 20)
            .spawn(|| {
                let _b = Bounds::enter_thread(4 << 20);
                recurse(0)
            })
            .expect("spawn");
        assert!(t.join().expect("no overflow") > 100);
    }
}
