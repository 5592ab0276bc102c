//! The state one `python3` call's guest instance sees through its imports: the command's
//! context, its descriptors, its arguments and environment, and the memory limiter.

use std::sync::Arc;
use std::time::Instant;

use sandsh_api::ToolCtx;
use sandsh_runtime::budget::MemoryBudget;
use sandsh_vfs::KernelBackend;
use wasmtime::{Caller, Memory, ResourceLimiter};

use crate::files::Fds;
use crate::guest::Mem;

/// The command's context, for the length of one call.
///
/// The store that holds it is created and dropped inside [`crate::session::run`], which
/// holds the `&mut dyn ToolCtx` it came from for that whole time, on one thread: the pointer
/// never outlives the borrow and is never used from two places at once.
pub(crate) struct CtxPtr(*mut (dyn ToolCtx + 'static));

// SAFETY: see the type's comment; the store never leaves the thread that runs the call.
unsafe impl Send for CtxPtr {}

impl CtxPtr {
    /// # Safety
    /// The returned value must be dropped before `ctx`'s borrow ends.
    pub(crate) unsafe fn new(ctx: &mut dyn ToolCtx) -> CtxPtr {
        let p: *mut (dyn ToolCtx + '_) = ctx;
        // SAFETY: only the lifetime changes; the caller keeps the borrow alive.
        CtxPtr(unsafe {
            std::mem::transmute::<*mut (dyn ToolCtx + '_), *mut (dyn ToolCtx + 'static)>(p)
        })
    }

    /// The context, shared (to ask whether the run was cancelled between two slices of
    /// guest work, when no host call holds it).
    pub(crate) fn get(&self) -> &dyn ToolCtx {
        // SAFETY: live for the call (see the type's comment).
        unsafe { &*self.0 }
    }
}

/// What the guest's imports work on.
pub(crate) struct Host {
    ctx: CtxPtr,
    pub(crate) backend: Arc<dyn KernelBackend>,
    pub(crate) args: Vec<Vec<u8>>,
    pub(crate) env: Vec<Vec<u8>>,
    pub(crate) fds: Fds,
    pub(crate) memory: Option<Memory>,
    pub(crate) limiter: Limiter,
    pub(crate) umask: u32,
    /// When the call started, for the CPU-time clocks.
    pub(crate) started: Instant,
    /// The reply of the last HTTP request, until the guest takes it.
    pub(crate) http_reply: Option<Vec<u8>>,
    /// A write to standard output or error failed: the reader has gone.
    pub(crate) broken_pipe: bool,
}

impl Host {
    pub(crate) fn new(ctx: CtxPtr, args: Vec<Vec<u8>>, env: Vec<Vec<u8>>) -> Host {
        // SAFETY: the pointer is live for the call (see `CtxPtr`).
        let c = unsafe { &*ctx.0 };
        let backend = c.backend().clone();
        let umask = c.umask();
        let limiter = Limiter::new(c.memory());
        Host {
            ctx,
            backend,
            args,
            env,
            fds: Fds::new(),
            memory: None,
            limiter,
            umask,
            started: Instant::now(),
            http_reply: None,
            broken_pipe: false,
        }
    }

    /// The command's context.
    pub(crate) fn ctx(&mut self) -> &mut dyn ToolCtx {
        // SAFETY: the pointer is live for the call and only this store uses it (see `CtxPtr`).
        unsafe { &mut *self.ctx.0 }
    }

    /// Write to the command's standard output (`err`: standard error).
    pub(crate) fn write_stdio(&mut self, err: bool, data: &[u8]) -> std::io::Result<()> {
        let ctx = self.ctx();
        let out = if err { ctx.stderr() } else { ctx.stdout() };
        out.write_all(data)
    }
}

/// The guest's memory and the host state, borrowed together for one host call.
pub(crate) fn guest<'a>(caller: &'a mut Caller<'_, Host>) -> (Mem<'a>, &'a mut Host) {
    let memory = caller
        .data()
        .memory
        .expect("the memory export is recorded before the guest runs");
    let (mem, host) = memory.data_and_store_mut(caller);
    (Mem(mem), host)
}

/// Charges the guest's linear memory to the session's budget as it grows. Growth the budget
/// cannot hold is refused, which the guest sees as a failed allocation (`MemoryError`), and
/// trips the budget, which stops the run with its status and message.
pub(crate) struct Limiter {
    budget: Arc<MemoryBudget>,
    charged: u64,
}

/// The most table entries the guest may grow to (its function table is fixed in practice).
const MAX_TABLE_ELEMENTS: usize = 1 << 20;

impl Limiter {
    fn new(budget: Arc<MemoryBudget>) -> Limiter {
        Limiter { budget, charged: 0 }
    }
}

impl ResourceLimiter for Limiter {
    fn memory_growing(
        &mut self,
        current: usize,
        desired: usize,
        maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        if maximum.is_some_and(|m| desired > m) {
            return Ok(false);
        }
        let more = desired.saturating_sub(current) as u64;
        if self.budget.try_charge(more).is_err() {
            return Ok(false);
        }
        self.charged += more;
        Ok(true)
    }

    fn table_growing(
        &mut self,
        _current: usize,
        desired: usize,
        _maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        Ok(desired <= MAX_TABLE_ELEMENTS)
    }
}

impl Drop for Limiter {
    fn drop(&mut self) {
        self.budget.release(self.charged);
    }
}
