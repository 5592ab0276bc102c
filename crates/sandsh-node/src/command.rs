//! JavaScript functions as shell commands (`defineCommand(name, async (args, ctx) => …)`).
//!
//! A command runs on a thread of the running script (a pipeline stage, a `$(…)`), never on the
//! JavaScript thread. It reads its standard input first (when the function takes a context,
//! so it may use `ctx.stdin`), then queues one call on the shell's dispatcher, a thread-safe
//! function into `index.js`, which calls the user's function, awaits its promise and hands
//! the result back with [`reply`]. The command thread waits for that answer, checking the
//! run's cancellation every few milliseconds: an aborted run does not wait for a promise that
//! never settles. Reading stdin before calling JavaScript is what lets two JavaScript commands
//! share a pipeline: the JavaScript thread is never held by a command waiting for input.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::sync::{Arc, LazyLock, Mutex};
use std::time::Duration;

use napi::Status;
use napi::bindgen_prelude::{Buffer, FnArgs, Unknown};
use napi::threadsafe_function::{ThreadsafeFunction, ThreadsafeFunctionCallMode};
use napi_derive::napi;
use sandsh::api::{Arg, Command, CommandSpec, ExitStatus, RiskLevel, ToolCtx};
use sandsh::tool::docs::intern;

/// The toolset group JavaScript commands are listed under (`tools`, `help`).
pub(crate) const GROUP: &str = "js";

/// One call for `index.js`: `dispatch(id, kind, name, args, stdin, cwd, env)`.
pub(crate) struct Call {
    pub id: u32,
    pub kind: &'static str,
    pub name: String,
    pub args: Vec<String>,
    pub stdin: Option<Vec<u8>>,
    pub cwd: String,
    pub env: Vec<(String, String)>,
}

pub(crate) type JsArgs = FnArgs<(
    u32,
    &'static str,
    String,
    Vec<String>,
    Option<Buffer>,
    String,
    HashMap<String, String>,
)>;

/// The shell's dispatcher: weak (it does not keep Node alive; a pending run's promise does).
pub(crate) type Dispatcher =
    ThreadsafeFunction<Call, Unknown<'static>, JsArgs, Status, false, true>;

/// What a function returned: its status and output.
pub(crate) struct Reply {
    pub exit_code: i32,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
}

static NEXT_ID: AtomicU32 = AtomicU32::new(1);
static PENDING: LazyLock<Mutex<HashMap<u32, Sender<Reply>>>> = LazyLock::new(Default::default);

fn pending() -> std::sync::MutexGuard<'static, HashMap<u32, Sender<Reply>>> {
    PENDING.lock().unwrap_or_else(|e| e.into_inner())
}

/// The answer to the call `id` (from `index.js`, once the function's promise has settled).
#[napi]
pub fn reply(id: u32, exit_code: i32, stdout: Buffer, stderr: Buffer) {
    if let Some(tx) = pending().remove(&id) {
        let _ = tx.send(Reply {
            exit_code,
            stdout: stdout.to_vec(),
            stderr: stderr.to_vec(),
        });
    }
}

/// A call queued on the dispatcher; its reply arrives on the receiver.
pub(crate) struct InFlight {
    id: u32,
    rx: Receiver<Reply>,
}

impl Drop for InFlight {
    fn drop(&mut self) {
        pending().remove(&self.id);
    }
}

/// Queue a call of JavaScript (`call.id` is filled in); `None` when Node is shutting down.
pub(crate) fn send(dispatcher: &Dispatcher, mut call: Call) -> Option<InFlight> {
    let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
    call.id = id;
    let (tx, rx) = channel();
    pending().insert(id, tx);
    let flight = InFlight { id, rx };
    match dispatcher.call(call, ThreadsafeFunctionCallMode::NonBlocking) {
        Status::Ok => Some(flight),
        _ => None,
    }
}

impl InFlight {
    /// Wait for the reply; `None` when `cancelled()` turned true first.
    pub(crate) fn wait(self, cancelled: &dyn Fn() -> bool) -> Option<Reply> {
        loop {
            match self.rx.recv_timeout(Duration::from_millis(5)) {
                Ok(r) => return Some(r),
                Err(RecvTimeoutError::Disconnected) => return None,
                Err(RecvTimeoutError::Timeout) if cancelled() => return None,
                Err(RecvTimeoutError::Timeout) => {}
            }
        }
    }
}

/// Turns the call's data into the dispatcher's JavaScript arguments (on the JS thread).
pub(crate) fn js_args(call: Call) -> JsArgs {
    FnArgs::from((
        call.id,
        call.kind,
        call.name,
        call.args,
        call.stdin.map(Buffer::from),
        call.cwd,
        call.env.into_iter().collect::<HashMap<_, _>>(),
    ))
}

pub(crate) struct JsCommand {
    spec: CommandSpec,
    dispatcher: Arc<Dispatcher>,
    wants_stdin: bool,
}

impl JsCommand {
    pub(crate) fn new(
        name: &str,
        description: &str,
        dispatcher: Arc<Dispatcher>,
        wants_stdin: bool,
    ) -> Self {
        let spec = CommandSpec {
            name: intern(name),
            group: GROUP,
            summary: intern(description),
            usage: intern(&format!("{name} [ARG]...")),
            description: intern(description),
            options: &[],
            operands: &[],
            returns: "what the JavaScript function returns as stdout",
            examples: &[],
            errors: "the function's exitCode; 1 when it throws (its message on stderr)",
            risk: RiskLevel::MediumRisk,
        };
        JsCommand {
            spec,
            dispatcher,
            wants_stdin,
        }
    }
}

impl Command for JsCommand {
    fn spec(&self) -> &CommandSpec {
        &self.spec
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let name = self.spec.name;
        let stdin = if self.wants_stdin {
            let mut buf = Vec::new();
            if let Err(e) = ctx.stdin().read_to_end(&mut buf) {
                if ctx.is_cancelled() {
                    return sandsh::kernel::CANCELLED_STATUS;
                }
                let _ = writeln!(ctx.stderr(), "{name}: standard input: {e}");
                return 1;
            }
            Some(buf)
        } else {
            None
        };
        let call = Call {
            id: 0,
            kind: "command",
            name: name.to_string(),
            args: args
                .iter()
                .map(|a| String::from_utf8_lossy(a).into_owned())
                .collect(),
            stdin,
            cwd: ctx.cwd().to_string_lossy().into_owned(),
            env: ctx
                .env()
                .into_iter()
                .map(|(k, v)| (k, String::from_utf8_lossy(&v).into_owned()))
                .collect(),
        };
        let Some(flight) = send(&self.dispatcher, call) else {
            let _ = writeln!(ctx.stderr(), "{name}: JavaScript is shutting down");
            return 1;
        };
        let reply = {
            let ctx_ref: &dyn ToolCtx = ctx;
            flight.wait(&|| ctx_ref.is_cancelled())
        };
        let Some(reply) = reply else {
            return sandsh::kernel::CANCELLED_STATUS;
        };
        if ctx.stdout().write_all(&reply.stdout).is_err() {
            return 141;
        }
        let _ = ctx.stderr().write_all(&reply.stderr);
        reply.exit_code
    }
}
