//! One `python3` call: a fresh instance of the pre-initialized interpreter, run to its end,
//! its cancellation or its limit.
//!
//! The engine, the module (mapped from the binary) and the linked imports are made once per
//! process; a call instantiates from them (the snapshot's memory is mapped copy-on-write) and
//! drops the instance when it returns, so nothing of one call reaches the next.
//!
//! The module was compiled with epoch interruption, which is how a running script is
//! interrupted: while any call runs, a ticker thread advances the engine's epoch every
//! [`TICK`]; the guest yields to the host at each tick, and the host checks the run's
//! cancellation (the timeout, `Kernel::cancel`, a broken pipe, a tripped limit) there.

use std::future::Future;
use std::pin::pin;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::task::{Context, Poll, Waker};
use std::thread::Thread;
use std::time::Duration;

use sandsh_api::{ExitStatus, ToolCtx};
use wasmtime::{Engine, InstancePre, Linker, Store};

use crate::host::{CtxPtr, Host};
use crate::wasi::Exit;

/// Guest work between two checks of the run's cancellation.
const TICK: Duration = Duration::from_millis(1);

/// The guest's wasm stack: deep enough for CPython's own recursion limit (1000 frames) with
/// room to spare; past it the call traps and reports a stack overflow.
const WASM_STACK: usize = 8 << 20;

struct Runtime {
    engine: Engine,
    pre: InstancePre<Host>,
    /// Advances the epoch while calls run (see [`Running`]).
    ticker: Thread,
}

/// How many calls are running: the ticker sleeps (parked, no wake-ups) while there are none.
static RUNNING: AtomicUsize = AtomicUsize::new(0);

/// One running call, for the ticker.
struct Running;

impl Running {
    fn start(rt: &Runtime) -> Running {
        if RUNNING.fetch_add(1, Ordering::SeqCst) == 0 {
            rt.ticker.unpark();
        }
        Running
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        RUNNING.fetch_sub(1, Ordering::SeqCst);
    }
}

fn tick(engine: Engine) {
    loop {
        if RUNNING.load(Ordering::SeqCst) == 0 {
            std::thread::park();
            continue;
        }
        std::thread::sleep(TICK);
        engine.increment_epoch();
    }
}

fn runtime() -> Result<&'static Runtime, String> {
    static RUNTIME: OnceLock<Result<Runtime, String>> = OnceLock::new();
    RUNTIME
        .get_or_init(|| build().map_err(|e| format!("{e:#}")))
        .as_ref()
        .map_err(Clone::clone)
}

fn build() -> wasmtime::Result<Runtime> {
    let mut config = bashkit_cpython_wasm::engine_config();
    // Run-time settings only: the module's compile-affecting ones stay as built.
    config.max_wasm_stack(WASM_STACK);
    config.async_stack_size(WASM_STACK + (1 << 20));
    let engine = Engine::new(&config)?;
    let module = bashkit_cpython_wasm::load_module(&engine)?;
    let mut linker = Linker::new(&engine);
    crate::wasi::add(&mut linker)?;
    let pre = linker.instantiate_pre(&module)?;
    let ticking = engine.clone();
    let ticker = std::thread::Builder::new()
        .name("sandsh-python-epoch".into())
        .spawn(move || tick(ticking))?
        .thread()
        .clone();
    Ok(Runtime {
        engine,
        pre,
        ticker,
    })
}

/// Load the interpreter now rather than at the first call (a server warming up).
pub fn warm_up() -> Result<(), String> {
    runtime().map(|_| ())
}

/// Poll `fut` to its end on this thread; `None` when `stop` says so between two slices.
fn block_on<F: Future>(fut: F, stop: &dyn Fn() -> bool) -> Option<F::Output> {
    let mut fut = pin!(fut);
    let mut cx = Context::from_waker(Waker::noop());
    loop {
        match fut.as_mut().poll(&mut cx) {
            Poll::Ready(v) => return Some(v),
            Poll::Pending => {
                if stop() {
                    return None;
                }
            }
        }
    }
}

/// The guest's environment: the session's exported variables, and `PWD` as the shell's cwd
/// (the guest's driver changes to it).
fn environment(ctx: &dyn ToolCtx) -> Vec<Vec<u8>> {
    use std::os::unix::ffi::OsStrExt;
    let mut env: Vec<Vec<u8>> = ctx
        .env()
        .into_iter()
        .filter(|(k, _)| k != "PWD")
        .map(|(k, v)| {
            let mut e = k.into_bytes();
            e.push(b'=');
            e.extend_from_slice(&v);
            e
        })
        .collect();
    let mut pwd = b"PWD=".to_vec();
    pwd.extend_from_slice(ctx.cwd().as_os_str().as_bytes());
    env.push(pwd);
    env
}

/// How a call ended, before it becomes a status.
enum End {
    Status(i32),
    Stopped,
    Failed(String),
}

/// Run the interpreter with `argv` (its `argv[0]` included) for the command's context.
pub(crate) fn run(ctx: &mut dyn ToolCtx, argv: Vec<Vec<u8>>) -> ExitStatus {
    let rt = match runtime() {
        Ok(rt) => rt,
        Err(e) => {
            let _ = writeln!(
                ctx.stderr(),
                "python3: the interpreter could not be loaded: {e}"
            );
            return 1;
        }
    };
    let env = environment(ctx);
    let end = {
        // SAFETY: `store` (and `probe`'s uses) end inside this block, while `ctx` is borrowed.
        let ptr = unsafe { CtxPtr::new(ctx) };
        let probe = unsafe { CtxPtr::new(ctx) };
        let stop = move || probe.get().is_cancelled();
        let mut store = Store::new(&rt.engine, Host::new(ptr, argv, env));
        store.limiter(|h| &mut h.limiter);
        drive(rt, &mut store, &stop)
    };
    match end {
        End::Status(s) => s & 0xff,
        End::Stopped => 130,
        End::Failed(msg) => {
            let _ = ctx.stdout().flush();
            let _ = writeln!(ctx.stderr(), "python3: {msg}");
            1
        }
    }
}

fn drive(rt: &Runtime, store: &mut Store<Host>, stop: &dyn Fn() -> bool) -> End {
    let fail = |e: wasmtime::Error| End::Failed(format!("{e:#}"));
    // Yield to the host at every tick of the epoch, and keep going after it.
    store.epoch_deadline_async_yield_and_update(1);
    let _running = Running::start(rt);
    let instance = match block_on(rt.pre.instantiate_async(&mut *store), stop) {
        None => return End::Stopped,
        Some(Err(e)) => return ended(e, store, stop),
        Some(Ok(i)) => i,
    };
    let Some(memory) = instance.get_memory(&mut *store, "memory") else {
        return End::Failed("the interpreter module exports no memory".into());
    };
    store.data_mut().memory = Some(memory);
    let main = match instance.get_typed_func::<(), i32>(&mut *store, "bashkit_run") {
        Ok(f) => f,
        Err(e) => return fail(e),
    };
    match block_on(main.call_async(&mut *store, ()), stop) {
        None => End::Stopped,
        Some(Ok(status)) => End::Status(status),
        Some(Err(e)) => ended(e, store, stop),
    }
}

/// A call that ended with an error: `proc_exit`, a stop, or a trap worth reporting.
fn ended(e: wasmtime::Error, store: &Store<Host>, stop: &dyn Fn() -> bool) -> End {
    if let Some(Exit(code)) = e.downcast_ref::<Exit>() {
        return End::Status(*code);
    }
    if stop() || store.data().broken_pipe {
        return End::Stopped;
    }
    match e.downcast_ref::<wasmtime::Trap>() {
        Some(wasmtime::Trap::StackOverflow) => End::Failed(
            "the interpreter's stack overflowed (recursion too deep for the sandbox)".into(),
        ),
        Some(trap) => End::Failed(format!("the interpreter stopped: {trap}")),
        None => End::Failed(format!("{e:#}")),
    }
}
