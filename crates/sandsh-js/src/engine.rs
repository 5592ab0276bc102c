//! One `node` call: a fresh QuickJS runtime and context, Node's API loaded into it from
//! bytecode compiled once per process, the script run to its end, its exit, its cancellation
//! or its limit.
//!
//! Nothing of one call reaches the next: the runtime is dropped when the call returns. What is
//! shared is read-only: the bytecode of `js/*.js` (compiled at the first call by a private
//! runtime), served to each call's `JS_ReadObject`.
//!
//! Limits, each named when it trips:
//! - memory: the engine's allocator ([`crate::alloc`]) charges the session's budget;
//! - stack: the call runs on a stack of its own ([`STACK`]) and QuickJS stops recursion at
//!   [`JS_STACK`] with `RangeError: Maximum call stack size exceeded`;
//! - time: QuickJS's interrupt handler asks the run's cancellation (the timeout, Ctrl-C,
//!   `Kernel::cancel`, a tripped limit), so `while(true){}` ends within the timeout;
//! - output: stdout and stderr are the command's, under the session's output limit.

use std::rc::Rc;
use std::sync::OnceLock;

use rquickjs::module::WriteOptions;
use rquickjs::{Context, Ctx, Function, Module, Object, Runtime, Value};
use sandsh_api::{ExitStatus, ToolCtx};
use sandsh_runtime::stack::BigStack;

use crate::alloc::{BudgetAllocator, Usage};
use crate::host::{CtxPtr, Host};

/// The stack a call runs on (reserved address space; pages are touched as deep as it goes).
const STACK: usize = 32 << 20;

/// How deep JavaScript may recurse on it (QuickJS's own check, a `RangeError` past it); the
/// rest of [`STACK`] is for what runs without the check (freeing a deep value, natives).
const JS_STACK: usize = 8 << 20;

/// The engine's heap when the budget is unlimited.
const MAX_HEAP: u64 = 4 << 30;

/// The JavaScript side, in the order it is evaluated (one module).
const SOURCES: &[&str] = &[
    include_str!("js/boot.js"),
    include_str!("js/inspect.js"),
    include_str!("js/url.js"),
    include_str!("js/intl.js"),
    include_str!("js/date.js"),
    include_str!("js/path.js"),
    include_str!("js/events.js"),
    include_str!("js/fetch.js"),
    include_str!("js/buffer.js"),
    include_str!("js/fs.js"),
    include_str!("js/modules.js"),
    include_str!("js/main.js"),
    include_str!("js/util.js"),
    include_str!("js/child_process.js"),
    include_str!("js/stream.js"),
    include_str!("js/misc.js"),
];

/// What to run, from the command line.
pub(crate) struct Invocation {
    pub(crate) mode: Mode,
    /// `process.argv`, from its second element.
    pub(crate) args: Vec<String>,
    /// Modules to load first (`-r`).
    pub(crate) preload: Vec<String>,
    /// Node's own options as given (`process.execArgv`).
    pub(crate) exec_args: Vec<String>,
    /// `--input-type=module`: `-e` and stdin are ES modules.
    pub(crate) module: bool,
}

pub(crate) enum Mode {
    /// `-e CODE` (`print`: `-p`, the value printed).
    Eval { code: String, print: bool },
    /// A script file (its path as given).
    File(String),
    /// The script on standard input.
    Stdin,
    /// `-c FILE`: check the syntax only.
    Check(String),
}

/// The bytecode of the JavaScript side, compiled once per process.
fn boot() -> Result<&'static [u8], String> {
    static BOOT: OnceLock<Result<Vec<u8>, String>> = OnceLock::new();
    BOOT.get_or_init(|| {
        let compile = || -> rquickjs::Result<Vec<u8>> {
            let rt = Runtime::new()?;
            // Node's unhandled rejections: the JavaScript side keeps the list (see main.js).
            rt.set_host_promise_rejection_tracker(Some(Box::new(
                |ctx: Ctx<'_>, promise: Value<'_>, reason: Value<'_>, handled: bool| {
                    if let Ok(f) = ctx.globals().get::<_, Function>("__sandsh_rejection") {
                        let _ = f.call::<_, ()>((promise, reason, handled));
                    }
                },
            )));
            let cx = Context::full(&rt)?;
            cx.with(|ctx| {
                let source: String = SOURCES.concat();
                let written = Module::declare(ctx.clone(), "node:internal/sandsh", source)
                    .and_then(|m| m.write(WriteOptions::default()));
                written.map_err(|e| match e {
                    rquickjs::Error::Exception => {
                        rquickjs::Error::new_loading_message("sandsh", describe(&ctx.catch()))
                    }
                    e => e,
                })
            })
        };
        compile().map_err(|e| format!("{e}"))
    })
    .as_ref()
    .map(|v| v.as_slice())
    .map_err(Clone::clone)
}

/// Compile the JavaScript side now rather than at the first call (a server warming up).
pub fn warm_up() -> Result<(), String> {
    boot().map(|_| ())
}

/// Run one call.
pub(crate) fn run(ctx: &mut dyn ToolCtx, inv: Invocation) -> ExitStatus {
    let bytecode = match boot() {
        Ok(b) => b,
        Err(e) => {
            let _ = writeln!(
                ctx.stderr(),
                "node: the JavaScript runtime could not be built: {e}"
            );
            return 1;
        }
    };
    let budget = ctx.memory();
    let limit = budget.limit().saturating_sub(budget.used()).min(MAX_HEAP) as usize;
    // SAFETY: `host` and every copy of the pointer end inside this function (the runtime is
    // dropped in `call`), while `ctx` is borrowed.
    let ptr = unsafe { CtxPtr::new(ctx) };
    let host = Host::new(ptr);
    let usage = Rc::new(Usage::default());
    let end = match BigStack::take(STACK) {
        Some(mut stack) => {
            let end = stack.run(|| call(bytecode, &host, &usage, budget.clone(), limit, &inv));
            stack.give_back();
            end
        }
        None => call(bytecode, &host, &usage, budget.clone(), limit, &inv),
    };
    let _ = ctx.stdout().flush();
    if usage.refused.get() || budget.exceeded() {
        return sandsh_runtime::limits::LIMIT_EXCEEDED_STATUS;
    }
    if ctx.is_cancelled() || host.broken_pipe.get() {
        return 130;
    }
    match end {
        Ok(status) => status & 0xff,
        Err(msg) => {
            let _ = writeln!(ctx.stderr(), "node: {msg}");
            1
        }
    }
}

/// The engine, from its creation to its drop.
fn call(
    bytecode: &[u8],
    host: &Rc<Host>,
    usage: &Rc<Usage>,
    budget: std::sync::Arc<sandsh_runtime::budget::MemoryBudget>,
    limit: usize,
    inv: &Invocation,
) -> Result<i32, String> {
    let rt = Runtime::new_with_alloc(BudgetAllocator::new(budget, limit, usage.clone()))
        .map_err(|e| format!("{e}"))?;
    rt.set_max_stack_size(JS_STACK);
    let probe = host.clone();
    rt.set_interrupt_handler(Some(Box::new(move || {
        probe.cancelled() || probe.exit.get().is_some()
    })));
    // Node's unhandled rejections: the JavaScript side keeps the list (see main.js).
    rt.set_host_promise_rejection_tracker(Some(Box::new(
        |ctx: Ctx<'_>, promise: Value<'_>, reason: Value<'_>, handled: bool| {
            if let Ok(f) = ctx.globals().get::<_, Function>("__sandsh_rejection") {
                let _ = f.call::<_, ()>((promise, reason, handled));
            }
        },
    )));
    rt.set_loader(crate::esm::NodeResolver, crate::esm::NodeLoader);
    let cx = Context::full(&rt).map_err(|e| format!("{e}"))?;
    let status = cx.with(|ctx| -> Result<i32, String> {
        let r = start(&ctx, bytecode, host, inv);
        match r {
            Ok(status) => Ok(status),
            Err(rquickjs::Error::Exception) => {
                let e = ctx.catch();
                if let Some(code) = host.exit.get() {
                    return Ok(code);
                }
                if host.cancelled() || host.broken_pipe.get() || usage.refused.get() {
                    return Ok(130);
                }
                Err(describe(&e))
            }
            Err(e) => Err(format!("{e}")),
        }
    })?;
    Ok(host.exit.get().unwrap_or(status))
}

fn describe(e: &Value<'_>) -> String {
    if let Some(o) = e.as_object()
        && let Ok(m) = o.get::<_, String>("message")
    {
        let stack = o.get::<_, String>("stack").unwrap_or_default();
        return format!("internal error: {m}\n{stack}");
    }
    format!("internal error: {e:?}")
}

/// Load Node's API and run the script; the status it ends with.
fn start<'js>(
    ctx: &Ctx<'js>,
    bytecode: &[u8],
    host: &Rc<Host>,
    inv: &Invocation,
) -> rquickjs::Result<i32> {
    let natives = crate::host::natives(ctx, host)?;
    let runner = Function::new(ctx.clone(), |ctx: Ctx<'js>| -> rquickjs::Result<()> {
        // Microtasks: each job, until none is left; an exit or a stop inside one ends it.
        while ctx.execute_pending_job() {}
        Ok(())
    })?;
    natives.set("runMicrotasks", runner)?;
    ctx.globals().set("__sandsh_host", natives)?;
    // SAFETY: the bytes were written by `Module::write` of this same engine build.
    let module = unsafe { Module::load(ctx.clone(), bytecode)? };
    let (module, promise) = module.eval()?;
    promise.finish::<()>()?;
    let main: Function = module.get("main")?;
    let opts = Object::new(ctx.clone())?;
    match &inv.mode {
        Mode::Eval { code, print } => {
            opts.set("mode", if *print { "print" } else { "eval" })?;
            opts.set("source", code.as_str())?;
        }
        Mode::File(f) => {
            opts.set("mode", "file")?;
            opts.set("file", f.as_str())?;
        }
        Mode::Stdin => opts.set("mode", "stdin")?,
        Mode::Check(f) => {
            opts.set("mode", "check")?;
            opts.set("file", f.as_str())?;
        }
    }
    opts.set("args", inv.args.clone())?;
    opts.set("preload", inv.preload.clone())?;
    opts.set("execArgv", inv.exec_args.clone())?;
    opts.set("module", inv.module)?;
    opts.set("version", crate::NODE_VERSION)?;
    main.call::<_, i32>((opts,))
}
