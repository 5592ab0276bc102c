//! Pipeline stages without a thread each.
//!
//! A pipeline's stages start on the caller's thread, one after the other, each writing into
//! the bounded pipe the next one reads: `echo hi | cat` runs as `echo` then `cat`, with no
//! thread and no context switch. What a stage still has to do concurrently is decided at the
//! one moment it matters: when something on this thread is about to block (a pipe full or
//! empty, a sleep, the terminal). A pipeline running its stages here registers a *deferred
//! launch* ([`deferring`]); the blocking call runs [`before_blocking`] first, which starts
//! every stage not yet started, on pooled threads ([`scope`]). The blocked stage then waits
//! as it would with processes, and the others drain or feed it. A stage therefore never waits
//! for a stage that has not started, which is what makes running them in order safe:
//! `yes | head -n 1` fills one pipe buffer, blocks, starts `head`, and ends on the broken pipe
//! as before.
//!
//! The threads that take the stages so started are pre-started and kept ([`scope`]'s pool),
//! so a stage that must wait for another gets a pooled thread, never a fresh one.
//!
//! **Without threads** ([`threadless`]: always in the browser build, where the page has none;
//! natively on a thread that asks for it, [`without_threads`], so the same tests run in that
//! mode): nothing is started elsewhere. A pipe grows instead of blocking its writer, up to
//! [`THREADLESS_PIPE_BYTES`] (the growth is heap, counted against the memory budget by the
//! metering allocator); past that, the deferred stages run *nested*, on this stack, under the
//! writer ([`run_deferred`]): `yes | head -n 1` fills the bound, runs `head`, and ends on the
//! broken pipe. A stage that would then wait for a writer suspended beneath it, or a writer
//! whose reader has run and still does not read, can never be woken: the wait fails at once
//! with [`would_wait_forever`]'s message instead of hanging (in a page a hang freezes the
//! tab). Every pipeline in which no stage writes more than the bound before the next one has
//! read it is exact; a `sleep` or a terminal read no longer starts anything.

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::marker::PhantomData;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

// ---------------------------------------------------------------------------------------------
// Deferred launches

type Launch = *const (dyn Fn() + 'static);

thread_local! {
    /// The launches registered on this thread, innermost last.
    static DEFERRED: RefCell<Vec<Launch>> = const { RefCell::new(Vec::new()) };
}

/// Run `body` with `launch` registered on this thread: the first time anything on this thread
/// is about to block while `body` runs, [`before_blocking`] calls `launch` (at most once).
pub fn deferring<R>(launch: &dyn Fn(), body: impl FnOnce() -> R) -> R {
    let short: *const (dyn Fn() + '_) = launch;
    // SAFETY: only the lifetime is erased. The pointer is taken out of the list before this
    // function returns or unwinds (`Unregister`), so it is never called after `launch`'s
    // borrow ends; and it is only called on this thread.
    let ptr: Launch = unsafe { std::mem::transmute(short) };
    DEFERRED.with(|d| d.borrow_mut().push(ptr));
    struct Unregister(Launch);
    impl Drop for Unregister {
        fn drop(&mut self) {
            DEFERRED.with(|d| {
                let mut d = d.borrow_mut();
                if let Some(i) = d.iter().rposition(|p| std::ptr::addr_eq(*p, self.0)) {
                    d.remove(i);
                }
            });
        }
    }
    let _unregister = Unregister(ptr);
    body()
}

/// Something on this thread is about to block: start what was deferred on it, innermost first,
/// so that nothing this thread would have run later is what it waits for. Cheap when nothing
/// is deferred. Without threads it does nothing: a sleep or a terminal read waits for nothing
/// a later stage would give, and running one nested under it could only make that stage wait
/// for this one.
pub fn before_blocking() {
    if !threadless() {
        run_deferred();
    }
}

/// Run what was deferred on this thread, innermost first: on pooled threads natively, nested on
/// this stack without threads (a pipe that can take no more, or a read with nothing to read).
pub fn run_deferred() {
    let pending = DEFERRED.with(|d| {
        let mut d = d.borrow_mut();
        if d.is_empty() {
            Vec::new()
        } else {
            std::mem::take(&mut *d)
        }
    });
    let _nested = threadless().then(Nested::enter);
    for launch in pending.iter().rev() {
        // SAFETY: every pointer in the list is live (see `deferring`), and this is its thread.
        unsafe { (**launch)() };
    }
}

// ---------------------------------------------------------------------------------------------
// Without threads

thread_local! {
    /// Set on a thread that runs its stages without threads ([`without_threads`]).
    static THREADLESS: Cell<bool> = const { Cell::new(false) };
}

/// How far a pipe grows without threads before its reader runs nested (see the module
/// documentation), when no writer is suspended beneath its writer ([`threadless_pipe_bytes`]):
/// far more than any pipe buffer, small enough that an endless writer (`yes | head -n 1`)
/// fills it in a moment.
pub const THREADLESS_PIPE_BYTES: usize = 16 << 20;

thread_local! {
    /// How many writers are suspended beneath the code running now (without threads).
    static NESTED: Cell<u32> = const { Cell::new(0) };
}

/// One more writer suspended beneath what runs until the guard drops.
struct Nested;

impl Nested {
    fn enter() -> Nested {
        NESTED.set(NESTED.get() + 1);
        Nested
    }
}

impl Drop for Nested {
    fn drop(&mut self) {
        NESTED.set(NESTED.get().saturating_sub(1));
    }
}

/// How far a pipe written now grows without threads before its reader runs nested: half as
/// far for each writer suspended beneath, so that a stage run nested (`cat` in `yes | cat |
/// head -c 5`) fills its own pipe, and runs its reader, before it has emptied the one it
/// reads (whose writer cannot refill it).
pub fn threadless_pipe_bytes() -> usize {
    THREADLESS_PIPE_BYTES >> NESTED.get().min(8)
}

/// Whether this thread runs pipeline stages and jobs without threads: always in the browser
/// build (wasm32), natively inside [`without_threads`].
#[inline]
pub fn threadless() -> bool {
    cfg!(target_arch = "wasm32") || THREADLESS.get()
}

/// Run `f` with this thread in the thread-free mode of the browser build (natively: for the
/// tests that run the pipeline suites in that mode).
pub fn without_threads<R>(f: impl FnOnce() -> R) -> R {
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            THREADLESS.set(self.0);
        }
    }
    let _restore = Restore(THREADLESS.replace(true));
    f()
}

/// The error of a wait that nothing can end without threads: `what` ("read", "write") of a
/// pipe whose other end belongs to a stage suspended beneath this one, or to one that has run.
pub fn would_wait_forever(what: &str) -> std::io::Error {
    std::io::Error::other(format!(
        "pipe {what} would wait forever: without threads (the browser build) a pipeline stage \
         cannot wait for one suspended beneath it; a pipe holds {} MiB before its reader runs",
        THREADLESS_PIPE_BYTES >> 20
    ))
}

// ---------------------------------------------------------------------------------------------
// The pool

type Job = Box<dyn FnOnce() + Send + 'static>;

/// A parked worker's mailbox.
struct Mailbox {
    job: Mutex<Option<Job>>,
    cond: Condvar,
}

/// Workers waiting for a job, most recently parked last.
static IDLE: Mutex<Vec<Arc<Mailbox>>> = Mutex::new(Vec::new());

/// Workers kept parked at most; more end when their job is done.
const MAX_IDLE: usize = 32;
/// A worker parked this long with no job ends.
const IDLE_FOR: Duration = Duration::from_secs(30);

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Run `job` on a parked worker, or on a new one when none is parked.
fn submit(job: Job) -> std::io::Result<()> {
    let parked = lock(&IDLE).pop();
    if let Some(mailbox) = parked {
        *lock(&mailbox.job) = Some(job);
        mailbox.cond.notify_one();
        return Ok(());
    }
    let mailbox = Arc::new(Mailbox {
        job: Mutex::new(Some(job)),
        cond: Condvar::new(),
    });
    std::thread::Builder::new()
        .name("sandsh-stage".into())
        .stack_size(crate::stack::LAUNCH_STACK)
        .spawn(move || work(mailbox))
        .map(drop)
}

fn work(mailbox: Arc<Mailbox>) {
    loop {
        let job = lock(&mailbox.job).take();
        if let Some(job) = job {
            // A job catches its own panics (`Scope::spawn`).
            job();
        }
        {
            let mut idle = lock(&IDLE);
            if idle.len() >= MAX_IDLE {
                return;
            }
            idle.push(mailbox.clone());
        }
        let mut slot = lock(&mailbox.job);
        while slot.is_none() {
            let (s, timeout) = mailbox
                .cond
                .wait_timeout(slot, IDLE_FOR)
                .unwrap_or_else(|e| e.into_inner());
            slot = s;
            if timeout.timed_out() && slot.is_none() {
                drop(slot);
                let mut idle = lock(&IDLE);
                if let Some(i) = idle.iter().position(|m| Arc::ptr_eq(m, &mailbox)) {
                    idle.remove(i);
                    return;
                }
                // Taken from the list by `submit`, whose job is on its way.
                drop(idle);
                slot = lock(&mailbox.job);
            }
        }
    }
}

/// A job's outcome, as `std::thread::JoinHandle::join` gives it.
type Outcome<T> = std::thread::Result<T>;

/// Where a job leaves its outcome: whether it has ended, and the outcome until joined.
struct Done<T> {
    state: Mutex<(bool, Option<Outcome<T>>)>,
    cond: Condvar,
}

trait Wait: Send + Sync {
    fn wait(&self);
}

impl<T: Send> Wait for Done<T> {
    fn wait(&self) {
        let mut st = lock(&self.state);
        while !st.0 {
            st = self.cond.wait(st).unwrap_or_else(|e| e.into_inner());
        }
    }
}

/// Jobs that may borrow from the caller's stack, run on pooled threads; every one has ended
/// before [`scope`] returns.
pub struct Scope<'env> {
    started: Mutex<Vec<Arc<dyn Wait>>>,
    _env: PhantomData<&'env mut &'env ()>,
}

/// A job started by [`Scope::spawn`].
pub struct Handle<T> {
    done: Arc<Done<T>>,
}

impl<T: Send> Handle<T> {
    /// Wait for the job; its value, or the panic it ended with.
    pub fn join(self) -> Outcome<T> {
        Wait::wait(&*self.done);
        lock(&self.done.state)
            .1
            .take()
            .unwrap_or_else(|| Err(Box::new("joined twice") as Box<dyn Any + Send>))
    }
}

/// Run `f` with a scope whose jobs run on pooled threads and may borrow what outlives the
/// call; returns once every job started in it has ended (also when `f` panics).
pub fn scope<'env, R>(f: impl FnOnce(&Scope<'env>) -> R) -> R {
    let scope = Scope {
        started: Mutex::new(Vec::new()),
        _env: PhantomData,
    };
    struct WaitAll<'a, 'env>(&'a Scope<'env>);
    impl Drop for WaitAll<'_, '_> {
        fn drop(&mut self) {
            let started = std::mem::take(&mut *lock(&self.0.started));
            for done in started {
                done.wait();
            }
        }
    }
    let _wait = WaitAll(&scope);
    f(&scope)
}

impl<'env> Scope<'env> {
    /// Start `f` on a pooled thread. Its value is `'static` (a status, say): the worker may
    /// drop its last reference to the outcome after the scope has ended.
    pub fn spawn<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> T + Send + 'env,
    ) -> std::io::Result<Handle<T>> {
        let done = Arc::new(Done {
            state: Mutex::new((false, None)),
            cond: Condvar::new(),
        });
        let d = done.clone();
        let job: Box<dyn FnOnce() + Send + 'env> = Box::new(move || {
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
            *lock(&d.state) = (true, Some(outcome));
            d.cond.notify_all();
        });
        // SAFETY: only the lifetime is erased. `scope` does not return (nor unwind past its
        // frame) before this job has stored its outcome, and by then `f` and everything it
        // borrowed for 'env has been consumed or dropped; what the job still touches after
        // (`d`) is 'static.
        let job: Job = unsafe { std::mem::transmute(job) };
        submit(job)?;
        lock(&self.started).push(done.clone());
        Ok(Handle { done })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn jobs_borrow_and_all_end_before_the_scope_does() {
        let hits = AtomicUsize::new(0);
        let out = scope(|s| {
            let hs: Vec<_> = (0..8)
                .map(|i| {
                    let hits = &hits;
                    s.spawn(move || {
                        std::thread::sleep(Duration::from_millis(5));
                        hits.fetch_add(1, Ordering::SeqCst);
                        i * 2
                    })
                    .unwrap()
                })
                .collect();
            // Two handles dropped unjoined: the scope still waits for them.
            hs.into_iter()
                .skip(2)
                .map(|h| h.join().unwrap())
                .sum::<i32>()
        });
        assert_eq!(out, (2..8).map(|i| i * 2).sum());
        assert_eq!(hits.load(Ordering::SeqCst), 8);
    }

    #[test]
    fn a_panic_comes_back_through_join_and_the_worker_lives_on() {
        scope(|s| {
            let h = s.spawn(|| -> i32 { panic!("stage") }).unwrap();
            assert!(h.join().is_err());
            assert_eq!(s.spawn(|| 7).unwrap().join().unwrap(), 7);
        });
    }

    #[test]
    fn workers_are_reused() {
        // One job at a time: each finds the worker the one before parked (tests running beside
        // this one may take a parked worker now and then, never all twenty times).
        let ids: std::collections::HashSet<_> = (0..20)
            .map(|_| {
                let id = scope(|s| s.spawn(|| std::thread::current().id()).unwrap().join());
                // The worker parks just after storing the outcome.
                std::thread::sleep(Duration::from_millis(2));
                id.unwrap()
            })
            .collect();
        assert!(ids.len() < 20, "{} threads for 20 jobs", ids.len());
        assert!(!ids.contains(&std::thread::current().id()));
    }

    #[test]
    fn a_deferred_launch_runs_once_on_the_first_block_and_only_inside_its_body() {
        let calls = AtomicUsize::new(0);
        let launch = || {
            calls.fetch_add(1, Ordering::SeqCst);
        };
        before_blocking();
        deferring(&launch, || {
            before_blocking();
            before_blocking();
        });
        before_blocking();
        assert_eq!(calls.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn without_threads_blocking_starts_nothing_and_a_pipe_wait_runs_the_rest_here() {
        let calls = AtomicUsize::new(0);
        let launch = || {
            calls.fetch_add(1, Ordering::SeqCst);
        };
        let here = std::thread::current().id();
        without_threads(|| {
            assert!(threadless());
            deferring(&launch, || {
                before_blocking();
                assert_eq!(calls.load(Ordering::SeqCst), 0);
                run_deferred();
                assert_eq!(std::thread::current().id(), here);
            });
        });
        assert_eq!(calls.load(Ordering::SeqCst), 1);
        assert!(!threadless() || cfg!(target_arch = "wasm32"));
    }

    #[test]
    fn nested_launches_fire_innermost_first() {
        let order = Mutex::new(Vec::new());
        let outer = || lock(&order).push("outer");
        let inner = || lock(&order).push("inner");
        deferring(&outer, || deferring(&inner, before_blocking));
        assert_eq!(*lock(&order), ["inner", "outer"]);
    }
}
