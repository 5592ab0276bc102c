//! [`Shell`]: one persistent session, which is also an LLM tool.
//!
//! It holds a [`BashTool`] (its session kernel made at construction) rather than a bare
//! `Kernel`: the tool serialises calls on its session, renders the session's documentation
//! for a model (description, help, system prompt, schemas) and can be registered in a
//! `ToolRegistry`. Everything that runs or waits for the session goes through the shell's
//! [`Worker`] and answers with a promise; the documentation getters read no session state and
//! answer at once.

use std::collections::HashMap;
use std::io::Cursor;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};

use napi::bindgen_prelude::{Buffer, FnArgs, Function, Object, Unknown};
use napi::threadsafe_function::{ThreadsafeFunction, ThreadsafeFunctionCallMode};
use napi::{Env, Status};
use napi_derive::napi;
use sandsh::commands::Toolset;
use sandsh::kernel::{CancelToken, ExecOptions, JobState, Kernel};
use sandsh::tool::{ShellArgs, Tool, ToolRequest, Utf8Chunker};
use sandsh::vfs::{FileType, VfsError, WriteMode, normalize};
use sandsh::{BashTool, ExecResult, RunError};

use crate::command::{Call, Dispatcher, GROUP, JsArgs, JsCommand, js_args, send};
use crate::config::{ConfirmHook, build};
use crate::hooks::{HookNames, NodeHooks};
use crate::js_error;
use crate::ticket::Ticket;
use crate::worker::Worker;

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Options of one run (`index.js` has turned `stdin` into bytes and `timeout` into ms).
#[napi(object)]
pub struct RunOptions {
    pub stdin: Option<Buffer>,
    pub env: Option<HashMap<String, String>>,
    pub cwd: Option<String>,
    pub timeout_ms: Option<f64>,
}

/// The outcome of one run.
#[napi(object)]
pub struct RunOutput {
    /// Standard output, decoded as UTF-8 (invalid bytes become U+FFFD).
    pub stdout: String,
    /// Standard error, decoded as UTF-8.
    pub stderr: String,
    /// The exit status, as bash's `$?` (124 on timeout, 125 for a limit, 130 when cancelled).
    pub exit_code: i32,
    /// Why the run did not end normally: `parse_error`, `timeout`, `limit_exceeded`,
    /// `cancelled`, `config`, `invalid_request`, `internal`; absent when it did.
    pub error: Option<String>,
    pub stdout_truncated: bool,
    pub stderr_truncated: bool,
    /// How stdout was cut when it passed the output limit (its head and tail are in
    /// `stdout`, whose last line names the VFS file holding it); absent when it was not.
    pub stdout_cut: Option<OutputCut>,
    pub stderr_cut: Option<OutputCut>,
    /// Wall-clock time of the run, in milliseconds.
    pub duration_ms: f64,
}

impl From<ExecResult> for RunOutput {
    fn from(r: ExecResult) -> Self {
        RunOutput {
            stdout: String::from_utf8(r.stdout)
                .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
            stderr: String::from_utf8(r.stderr)
                .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
            exit_code: r.exit_code,
            error: r.error.map(|e| e.as_str().to_string()),
            stdout_truncated: r.stdout_truncated,
            stderr_truncated: r.stderr_truncated,
            stdout_cut: r.stdout_cut.map(OutputCut::from),
            stderr_cut: r.stderr_cut.map(OutputCut::from),
            duration_ms: r.duration.as_secs_f64() * 1000.0,
        }
    }
}

/// How a stream that passed the output limit was kept.
#[napi(object)]
pub struct OutputCut {
    /// Bytes the stream had in all.
    pub total: f64,
    /// Bytes kept from its start and from its end.
    pub head: f64,
    pub tail: f64,
    /// The VFS file holding the stream's first `saved` bytes (all of it when `saved == total`).
    pub file: Option<String>,
    pub saved: f64,
}

impl From<sandsh::OutputCut> for OutputCut {
    fn from(c: sandsh::OutputCut) -> Self {
        OutputCut {
            total: c.total as f64,
            head: c.head as f64,
            tail: c.tail as f64,
            file: c.file,
            saved: c.saved as f64,
        }
    }
}

/// A background job of the session.
#[napi(object)]
pub struct JobEntry {
    pub id: u32,
    pub pid: u32,
    pub command: String,
    /// `running` or `done`.
    pub state: String,
    pub exit_code: Option<i32>,
}

/// A stream callback `(kind, text)`: kind 1 stdout, 2 stderr, 0 the end of the run (after
/// every chunk, on the same queue, so `index.js` can wait for the last chunk).
type Stream =
    ThreadsafeFunction<(u32, String), Unknown<'static>, FnArgs<(u32, String)>, Status, false>;

fn vfs_err(path: &str, e: VfsError) -> napi::Error {
    let code = match e {
        VfsError::NotFound => "ENOENT",
        VfsError::AlreadyExists => "EEXIST",
        VfsError::NotADirectory => "ENOTDIR",
        VfsError::IsADirectory => "EISDIR",
        VfsError::PermissionDenied | VfsError::ReadOnly => "EACCES",
        _ => "EIO",
    };
    js_error("FileError", format!("{code}: {path}: {e}"))
}

/// A session path: absolute, or relative to the session's working directory.
fn resolve(k: &Kernel, path: &str) -> PathBuf {
    normalize(Path::new(&k.cwd()), Path::new(path))
}

/// A sandboxed bash session: files, variables, functions, cwd and jobs persist across calls.
#[napi]
pub struct Shell {
    tool: Arc<BashTool>,
    worker: Worker,
    dispatcher: Arc<Dispatcher>,
    /// The kernel's token: `cancel()` reaches runs made through the tool interface too.
    token: CancelToken,
    /// The ticket of the run in progress, for `cancel()`.
    current: Arc<Mutex<Option<Arc<sandsh::kernel::RunTicket>>>>,
}

impl Shell {
    /// Run `op` on `path` of the session (relative to its working directory) on the worker;
    /// the promise resolves with `finish` of its value, or rejects with a `FileError` naming
    /// the path.
    fn on_path<'env, T, V>(
        &self,
        env: &'env Env,
        path: String,
        op: impl FnOnce(&Kernel, &Path) -> sandsh::vfs::VfsResult<T> + Send + 'static,
        finish: impl FnOnce(T) -> V + Send + 'static,
    ) -> napi::Result<Object<'env>>
    where
        T: Send + 'static,
        V: napi::bindgen_prelude::ToNapiValue + 'static,
    {
        let tool = Arc::clone(&self.tool);
        self.worker.submit(
            env,
            move || {
                let r = tool.with_kernel(|k| op(k, &resolve(k, &path)));
                (path, r)
            },
            |_, (path, r)| r.map(finish).map_err(|e| vfs_err(&path, e)),
        )
    }
}

#[napi]
impl Shell {
    /// `options` is the JSON of the constructor's options without `files` and functions;
    /// `dispatch(id, kind, name, args, stdin, cwd, env)` calls JavaScript commands, the
    /// policy's `confirm` and the hooks; `commands` are `[name, description, wantsStdin]` to
    /// register now; `hooks` names the hooks set (`beforeCommand`, `afterCommand`,
    /// `beforeRequest`).
    #[napi(constructor)]
    pub fn new(
        options: String,
        files: Option<HashMap<String, Buffer>>,
        dispatch: Function<'_, JsArgs, Unknown<'static>>,
        commands: Vec<(String, String, bool)>,
        has_confirm: bool,
        hooks: Option<Vec<String>>,
    ) -> napi::Result<Self> {
        let options: serde_json::Value = serde_json::from_str(&options)
            .map_err(|e| js_error("ConfigError", format!("options: {e}")))?;
        let dispatcher: Arc<Dispatcher> = Arc::new(
            dispatch
                .build_threadsafe_function::<Call>()
                .weak::<true>()
                .callee_handled::<false>()
                .build_callback(|ctx| Ok(js_args(ctx.value)))?,
        );
        let confirm: Option<ConfirmHook> = has_confirm.then(|| {
            let d = Arc::clone(&dispatcher);
            let hook: ConfirmHook = Arc::new(move |question: &str| {
                let call = Call {
                    id: 0,
                    kind: "confirm",
                    name: question.to_string(),
                    args: Vec::new(),
                    stdin: None,
                    cwd: String::new(),
                    env: Vec::new(),
                };
                let reply = send(&d, call)?.wait(&|| false)?;
                Some(if reply.exit_code == 0 { "y" } else { "n" }.to_string())
            });
            hook
        });
        let files = files
            .unwrap_or_default()
            .into_iter()
            .map(|(k, v)| (k, v.to_vec()))
            .collect();
        let names = HookNames::from_list(&hooks.unwrap_or_default())?;
        let hooks = NodeHooks::new(Arc::clone(&dispatcher), names);
        let tool = Arc::new(build(&options, files, confirm, &hooks)?);
        let token = tool.with_kernel(|k| k.cancel_handle());
        let shell = Shell {
            tool,
            worker: Worker::start("sandsh-shell")?,
            dispatcher,
            token,
            current: Arc::new(Mutex::new(None)),
        };
        for (name, description, wants_stdin) in commands {
            shell.register(&name, &description, wants_stdin)?;
        }
        Ok(shell)
    }

    fn register(&self, name: &str, description: &str, wants_stdin: bool) -> napi::Result<()> {
        if name.is_empty() || name.contains(|c: char| c.is_whitespace() || c == '/') {
            return Err(js_error(
                "ConfigError",
                format!("{name:?} is not a command name (no spaces or slashes)"),
            ));
        }
        let cmd = JsCommand::new(name, description, Arc::clone(&self.dispatcher), wants_stdin);
        let set = Toolset::new(format!("{GROUP}:{name}")).command(Arc::new(cmd));
        self.tool.register_toolset(set);
        Ok(())
    }

    /// Run a script; the promise resolves to its `RunOutput`. `stream(kind, text)` receives
    /// output as it is produced, then `(0, "")`.
    #[napi(ts_return_type = "Promise<RunOutput>")]
    pub fn exec<'env>(
        &self,
        env: &'env Env,
        script: String,
        options: Option<RunOptions>,
        ticket: &Ticket,
        stream: Option<Function<'_, FnArgs<(u32, String)>, Unknown<'static>>>,
    ) -> napi::Result<Object<'env>> {
        let mut opts = ExecOptions::default();
        if let Some(o) = options {
            if let Some(s) = o.stdin {
                opts.stdin = Some(Box::new(Cursor::new(s.to_vec())));
            }
            if let Some(e) = o.env {
                opts.env = e.into_iter().collect();
            }
            opts.cwd = o.cwd;
            if let Some(ms) = o.timeout_ms {
                opts.timeout = crate::config::millis(&serde_json::json!(ms), "timeout")?;
            }
        }
        let stream: Option<Arc<Stream>> = match stream {
            Some(f) => Some(Arc::new(
                f.build_threadsafe_function::<(u32, String)>()
                    .callee_handled::<false>()
                    .build_callback(|ctx| Ok(FnArgs::from(ctx.value)))?,
            )),
            None => None,
        };
        let decoders = [
            Arc::new(Mutex::new(Utf8Chunker::default())),
            Arc::new(Mutex::new(Utf8Chunker::default())),
        ];
        if let Some(s) = &stream {
            opts.on_stdout = Some(chunk_sink(Arc::clone(s), 1, Arc::clone(&decoders[0])));
            opts.on_stderr = Some(chunk_sink(Arc::clone(s), 2, Arc::clone(&decoders[1])));
        }
        let ticket = Arc::clone(&ticket.state);
        let current = Arc::clone(&self.current);
        let tool = Arc::clone(&self.tool);
        self.worker.submit(
            env,
            move || {
                let result = tool.with_kernel(|k| {
                    if !ticket.start(k.cancel_handle()) {
                        return ExecResult {
                            exit_code: sandsh::kernel::CANCELLED_STATUS,
                            error: Some(RunError::Cancelled),
                            stderr: b"sandsh: cancelled\n".to_vec(),
                            ..ExecResult::default()
                        };
                    }
                    *lock(&current) = Some(Arc::clone(&ticket));
                    let r = k.execute_with(&script, opts);
                    *lock(&current) = None;
                    ticket.finish();
                    r
                });
                if let Some(s) = stream {
                    // What a character cut short at the end left undecoded, then the end.
                    for (kind, d) in (1..).zip(&decoders) {
                        let rest = lock(d).finish();
                        if !rest.is_empty() {
                            s.call((kind, rest), ThreadsafeFunctionCallMode::Blocking);
                        }
                    }
                    s.call((0, String::new()), ThreadsafeFunctionCallMode::Blocking);
                }
                result
            },
            |_, r| Ok(RunOutput::from(r)),
        )
    }

    /// Cancel the run in progress (it stops with status 130). Background jobs keep running
    /// (`cancelJobs()` stops them).
    #[napi]
    pub fn cancel(&self) {
        match lock(&self.current).as_ref() {
            Some(t) => t.cancel(),
            None => self.token.cancel(),
        }
    }

    /// Cancel the session's background jobs.
    #[napi(ts_return_type = "Promise<void>")]
    pub fn cancel_jobs<'env>(&self, env: &'env Env) -> napi::Result<Object<'env>> {
        let tool = Arc::clone(&self.tool);
        self.worker.submit(
            env,
            move || tool.with_kernel(|k| k.cancel_jobs()),
            |_, ()| Ok(()),
        )
    }

    /// The session's background jobs.
    #[napi(ts_return_type = "Promise<JobEntry[]>")]
    pub fn jobs<'env>(&self, env: &'env Env) -> napi::Result<Object<'env>> {
        let tool = Arc::clone(&self.tool);
        self.worker.submit(
            env,
            move || tool.with_kernel(|k| k.jobs()),
            |_, jobs| {
                Ok(jobs
                    .into_iter()
                    .map(|j| JobEntry {
                        id: j.id as u32,
                        pid: j.pid,
                        command: j.command,
                        state: match j.state {
                            JobState::Running => "running",
                            JobState::Done => "done",
                        }
                        .to_string(),
                        exit_code: j.exit_code,
                    })
                    .collect::<Vec<_>>())
            },
        )
    }

    /// The session as bytes: files, variables, functions, aliases, options, cwd; signed with
    /// HMAC-SHA256 under `key` when one is given.
    #[napi(ts_return_type = "Promise<Buffer>")]
    pub fn snapshot<'env>(
        &self,
        env: &'env Env,
        key: Option<Buffer>,
    ) -> napi::Result<Object<'env>> {
        let tool = Arc::clone(&self.tool);
        let key = key.map(|k| k.to_vec());
        self.worker.submit(
            env,
            move || {
                tool.with_kernel(|k| match &key {
                    Some(key) => k.snapshot_signed(key),
                    None => k.snapshot(),
                })
            },
            |_, r| {
                r.map(Buffer::from)
                    .map_err(|e| js_error("SnapshotError", e))
            },
        )
    }

    /// Replace the session with a snapshot's; on error nothing changes. With `key`, only a
    /// snapshot signed with that key is taken.
    #[napi(ts_return_type = "Promise<void>")]
    pub fn restore<'env>(
        &self,
        env: &'env Env,
        snapshot: Buffer,
        key: Option<Buffer>,
    ) -> napi::Result<Object<'env>> {
        let tool = Arc::clone(&self.tool);
        let data = snapshot.to_vec();
        let key = key.map(|k| k.to_vec());
        self.worker.submit(
            env,
            move || {
                tool.with_kernel(|k| match &key {
                    Some(key) => k.restore_verified(&data, key),
                    None => k.restore(&data),
                })
            },
            |_, r| r.map_err(|e| js_error("SnapshotError", e)),
        )
    }

    /// A file of the session (relative paths start at its working directory).
    #[napi(ts_return_type = "Promise<Buffer>")]
    pub fn read_file<'env>(&self, env: &'env Env, path: String) -> napi::Result<Object<'env>> {
        self.on_path(env, path, |k, p| k.backend().read(p, None), Buffer::from)
    }

    /// Write (create or replace, or append to) a file of the session, creating its parent
    /// directories.
    #[napi(ts_return_type = "Promise<void>")]
    pub fn write_file<'env>(
        &self,
        env: &'env Env,
        path: String,
        data: Buffer,
        append: Option<bool>,
    ) -> napi::Result<Object<'env>> {
        let data = data.to_vec();
        let mode = if append.unwrap_or(false) {
            WriteMode::Append
        } else {
            WriteMode::Truncate
        };
        let op = move |k: &Kernel, p: &Path| {
            let b = k.backend();
            if let Some(parent) = p.parent() {
                match b.mkdir(parent, 0o755, true) {
                    Ok(()) | Err(VfsError::AlreadyExists) => {}
                    Err(e) => return Err(e),
                }
            }
            b.write(p, &data, mode, 0o644)
        };
        self.on_path(env, path, op, |()| ())
    }

    /// The names in a directory of the session, sorted.
    #[napi(ts_return_type = "Promise<string[]>")]
    pub fn readdir<'env>(&self, env: &'env Env, path: String) -> napi::Result<Object<'env>> {
        let op = |k: &Kernel, p: &Path| match k.backend().stat(p) {
            Ok(m) if m.file_type != FileType::Dir => Err(VfsError::NotADirectory),
            Ok(_) => k.backend().list(p),
            Err(e) => Err(e),
        };
        let names = |entries: Vec<sandsh::vfs::DirEntry>| {
            entries
                .into_iter()
                .map(|e| String::from_utf8_lossy(&e.name).into_owned())
                .collect::<Vec<_>>()
        };
        self.on_path(env, path, op, names)
    }

    /// Whether a path exists in the session.
    #[napi(ts_return_type = "Promise<boolean>")]
    pub fn exists<'env>(&self, env: &'env Env, path: String) -> napi::Result<Object<'env>> {
        let tool = Arc::clone(&self.tool);
        self.worker.submit(
            env,
            move || tool.with_kernel(|k| k.backend().stat(&resolve(k, &path)).is_ok()),
            |_, b| Ok(b),
        )
    }

    /// Make a directory (with its parents when `recursive`).
    #[napi(ts_return_type = "Promise<void>")]
    pub fn mkdir<'env>(
        &self,
        env: &'env Env,
        path: String,
        recursive: Option<bool>,
    ) -> napi::Result<Object<'env>> {
        let recursive = recursive.unwrap_or(false);
        let op = move |k: &Kernel, p: &Path| match k.backend().mkdir(p, 0o755, recursive) {
            Err(VfsError::AlreadyExists) if recursive => Ok(()),
            other => other,
        };
        self.on_path(env, path, op, |()| ())
    }

    /// Remove a file, or a directory (with what it holds when `recursive`).
    #[napi(ts_return_type = "Promise<void>")]
    pub fn rm<'env>(
        &self,
        env: &'env Env,
        path: String,
        recursive: Option<bool>,
    ) -> napi::Result<Object<'env>> {
        let recursive = recursive.unwrap_or(false);
        self.on_path(
            env,
            path,
            move |k, p| k.backend().remove(p, recursive),
            |()| (),
        )
    }

    /// The session's configuration as JSON: what every entry point (CLI, MCP, Python, Node)
    /// maps its options onto (snake_case keys, only those set, durations in seconds).
    #[napi]
    pub fn config_json(&self) -> String {
        self.tool.session_config().to_json().to_string()
    }

    /// The session's working directory.
    #[napi(ts_return_type = "Promise<string>")]
    pub fn get_cwd<'env>(&self, env: &'env Env) -> napi::Result<Object<'env>> {
        let tool = Arc::clone(&self.tool);
        self.worker
            .submit(env, move || tool.with_kernel(|k| k.cwd()), |_, c| Ok(c))
    }

    /// What a script may do, found without running it (`sandsh::analyze`), as JSON
    /// (`index.js`'s `analyze` parses it). It waits for a run in progress, on the worker.
    #[napi(ts_return_type = "Promise<string>")]
    pub fn analyze_json<'env>(&self, env: &'env Env, script: String) -> napi::Result<Object<'env>> {
        let tool = Arc::clone(&self.tool);
        self.worker.submit(
            env,
            move || {
                tool.with_kernel(|k| k.analyze(&script))
                    .to_json()
                    .to_string()
            },
            |_, v| Ok(v),
        )
    }

    /// The value of a shell variable, or `null`.
    #[napi(ts_return_type = "Promise<string | null>")]
    pub fn get_var<'env>(&self, env: &'env Env, name: String) -> napi::Result<Object<'env>> {
        let tool = Arc::clone(&self.tool);
        self.worker.submit(
            env,
            move || tool.with_kernel(|k| k.var(&name)),
            |_, v| Ok(v),
        )
    }

    /// Register a JavaScript command (`index.js`'s `registerCommand` is the public form).
    /// It waits for a run in progress, on the worker.
    #[napi(ts_return_type = "Promise<void>")]
    pub fn register_command<'env>(
        &self,
        env: &'env Env,
        name: String,
        description: String,
        wants_stdin: bool,
    ) -> napi::Result<Object<'env>> {
        if name.is_empty() || name.contains(|c: char| c.is_whitespace() || c == '/') {
            return Err(js_error(
                "ConfigError",
                format!("{name:?} is not a command name (no spaces or slashes)"),
            ));
        }
        let cmd = JsCommand::new(
            &name,
            &description,
            Arc::clone(&self.dispatcher),
            wants_stdin,
        );
        let set = Toolset::new(format!("{GROUP}:{name}")).command(Arc::new(cmd));
        let tool = Arc::clone(&self.tool);
        self.worker.submit(
            env,
            move || {
                tool.register_toolset(set);
            },
            |_, ()| Ok(()),
        )
    }

    /// Remove a command added with `registerCommand`; resolves to whether there was one.
    #[napi(ts_return_type = "Promise<boolean>")]
    pub fn remove_command<'env>(&self, env: &'env Env, name: String) -> napi::Result<Object<'env>> {
        let tool = Arc::clone(&self.tool);
        self.worker.submit(
            env,
            move || {
                tool.unregister_toolset(&format!("{GROUP}:{name}"))
                    .is_some()
            },
            |_, b| Ok(b),
        )
    }

    // ----- The LLM tool (seed 000's outputs) --------------------------------------------------

    /// The tool's name for registries (`"sandsh"`).
    #[napi(getter)]
    pub fn name(&self) -> String {
        self.tool.name().to_string()
    }

    /// One line for tool listings.
    #[napi(getter)]
    pub fn short_description(&self) -> String {
        self.tool.short_description().to_string()
    }

    /// The full description, listing the commands the session has (yours included).
    #[napi]
    pub fn description(&self) -> String {
        self.tool.description()
    }

    /// A man page for a model.
    #[napi]
    pub fn help(&self) -> String {
        self.tool.help()
    }

    /// A compact header to put in a system prompt.
    #[napi]
    pub fn system_prompt(&self) -> String {
        self.tool.system_prompt()
    }

    /// The JSON Schema of a call's arguments, as JSON text.
    #[napi]
    pub fn input_schema_json(&self) -> String {
        self.tool.input_schema().to_string()
    }

    /// The JSON Schema of a call's result, as JSON text.
    #[napi]
    pub fn output_schema_json(&self) -> String {
        self.tool.output_schema().to_string()
    }

    /// Run a model's call given as JSON text (`{"commands", "timeout_ms"?}`); resolves to the
    /// answer as JSON text (`{"stdout", "stderr", "exit_code", "error"?}`).
    #[napi(ts_return_type = "Promise<string>")]
    pub fn execute_json<'env>(&self, env: &'env Env, call: String) -> napi::Result<Object<'env>> {
        let value: serde_json::Value = serde_json::from_str(&call)
            .map_err(|e| js_error("SandshError", format!("tool call: {e}")))?;
        let args = ShellArgs::parse(value).map_err(|e| js_error("SandshError", e))?;
        let (req, timeout): (ToolRequest, _) = (args.request(), args.timeout());
        let tool = Arc::clone(&self.tool);
        self.worker.submit(
            env,
            move || tool.execute_timed(&req, timeout, None),
            |_, resp| serde_json::to_string(&resp).map_err(|e| js_error("SandshError", e)),
        )
    }
}

impl Shell {
    /// The tool, for a registry.
    pub(crate) fn tool(&self) -> Arc<BashTool> {
        Arc::clone(&self.tool)
    }
}

/// A chunk sink feeding the stream callback with text (a character split across two writes
/// is held back until it is whole).
fn chunk_sink(
    stream: Arc<Stream>,
    kind: u32,
    decoder: Arc<Mutex<Utf8Chunker>>,
) -> sandsh::kernel::ChunkSink {
    Arc::new(move |b: &[u8]| {
        let text = lock(&decoder).push(b);
        if !text.is_empty() {
            stream.call((kind, text), ThreadsafeFunctionCallMode::Blocking);
        }
    })
}
