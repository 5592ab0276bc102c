//! [`Shell`]: one persistent session, which is also an LLM tool.
//!
//! It holds a [`BashTool`] (its session kernel made at construction) rather than a bare
//! `Kernel`: the tool already serialises calls on its session (one kernel behind a mutex, so
//! calls from several threads take turns), renders the session's documentation for a model
//! (description, help, system prompt, schemas) and can be registered in a `ToolRegistry`.
//! Every call that waits for or runs the session releases the GIL first: a thread holding the
//! GIL never waits for the session, so a Python command called by a running script can always
//! take it.

use std::io::Cursor;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};

use pyo3::exceptions::{
    PyFileExistsError, PyFileNotFoundError, PyIsADirectoryError, PyNotADirectoryError, PyOSError,
    PyPermissionError, PyRuntimeError, PyValueError,
};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};
use sandsh::commands::Toolset;
use sandsh::kernel::{CancelToken, ChunkSink, ExecOptions, JobState, Kernel};
use sandsh::tool::{ShellArgs, Tool, ToolDef, ToolRequest, Utf8Chunker};
use sandsh::vfs::{FileType, VfsError, WriteMode, normalize};
use sandsh::{BashTool, ExecResult, RunError};

use crate::command::{GROUP, PyCommand, inside_command_of};
use crate::config::{ShellConfig, duration};
use crate::result::RunResult;
use crate::ticket::Ticket;
use crate::{SnapshotError, json_to_py, py_to_json, text_or_bytes};
use sandsh::kernel::RunTicket;

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// A sandboxed bash session: files, variables, functions, cwd and jobs persist across calls.
#[pyclass(module = "sandsh._sandsh", subclass, frozen)]
pub struct Shell {
    pub(crate) tool: Arc<BashTool>,
    /// The ticket of the run in progress, for `cancel()`.
    current: Arc<Mutex<Option<Arc<RunTicket>>>>,
    /// The kernel's token: `cancel()` reaches runs made through the tool interface too.
    token: CancelToken,
}

/// A callback fed with text: bytes are decoded as UTF-8, a character split across two writes
/// held back until it is whole.
struct TextSink {
    callback: Py<PyAny>,
    decoder: Mutex<Utf8Chunker>,
}

impl TextSink {
    fn new(callback: Py<PyAny>) -> Arc<Self> {
        Arc::new(TextSink {
            callback,
            decoder: Mutex::new(Utf8Chunker::default()),
        })
    }

    fn emit(&self, py: Python<'_>, text: String) {
        if text.is_empty() {
            return;
        }
        if let Err(e) = self.callback.call1(py, (text,)) {
            e.write_unraisable(py, Some(self.callback.bind(py)));
        }
    }

    fn chunk_sink(self: &Arc<Self>) -> ChunkSink {
        let me = Arc::clone(self);
        Arc::new(move |b: &[u8]| {
            let text = lock(&me.decoder).push(b);
            if !text.is_empty() {
                Python::attach(|py| me.emit(py, text));
            }
        })
    }

    fn flush(&self, py: Python<'_>) {
        let rest = lock(&self.decoder).finish();
        self.emit(py, rest);
    }
}

fn vfs_err(path: &str, e: VfsError) -> PyErr {
    let msg = format!("{path}: {e}");
    match e {
        VfsError::NotFound => PyFileNotFoundError::new_err(msg),
        VfsError::AlreadyExists => PyFileExistsError::new_err(msg),
        VfsError::NotADirectory => PyNotADirectoryError::new_err(msg),
        VfsError::IsADirectory => PyIsADirectoryError::new_err(msg),
        VfsError::PermissionDenied | VfsError::ReadOnly => PyPermissionError::new_err(msg),
        _ => PyOSError::new_err(msg),
    }
}

impl Shell {
    /// Run `f` on the session kernel with the GIL released (waiting for a call in progress).
    fn with_kernel<R: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut Kernel) -> R + Send,
    ) -> PyResult<R> {
        self.not_reentrant()?;
        let tool = &self.tool;
        Ok(py.detach(|| tool.with_kernel(f)))
    }

    /// This session's identity for [`inside_command_of`].
    fn id(&self) -> usize {
        Arc::as_ptr(&self.tool) as usize
    }

    /// Refuse a call made by one of this session's own commands: it would wait for the run
    /// that is waiting for it.
    fn not_reentrant(&self) -> PyResult<()> {
        if inside_command_of(self.id()) {
            return Err(PyRuntimeError::new_err(
                "a command of this shell cannot use the shell while its script runs \
                 (use another Shell, or return the work to the script)",
            ));
        }
        Ok(())
    }

    /// A session path: absolute, or relative to the session's working directory.
    fn resolve(k: &Kernel, path: &str) -> PathBuf {
        normalize(Path::new(&k.cwd()), Path::new(path))
    }

    fn tool_dict<'py>(py: Python<'py>, v: &serde_json::Value) -> PyResult<Bound<'py, PyAny>> {
        json_to_py(py, v)
    }
}

#[pymethods]
impl Shell {
    #[new]
    #[pyo3(signature = (*, username=None, hostname=None, env=None, cwd=None, files=None,
        mounts=None, allow_net=None, secrets=None, limits=None, timeout=None, policy=None, output=None,
        hooks=None, trace=None))]
    #[allow(clippy::too_many_arguments)]
    fn new<'py>(
        py: Python<'py>,
        username: Option<String>,
        hostname: Option<String>,
        env: Option<Bound<'py, PyDict>>,
        cwd: Option<String>,
        files: Option<Bound<'py, PyDict>>,
        mounts: Option<Bound<'py, PyAny>>,
        allow_net: Option<Vec<String>>,
        secrets: Option<Bound<'py, PyAny>>,
        limits: Option<Bound<'py, PyAny>>,
        timeout: Option<Bound<'py, PyAny>>,
        policy: Option<Bound<'py, PyDict>>,
        output: Option<Bound<'py, PyDict>>,
        hooks: Option<Bound<'py, PyDict>>,
        trace: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Self> {
        let config = ShellConfig {
            username,
            hostname,
            env,
            cwd,
            files,
            mounts,
            allow_net,
            secrets,
            limits,
            timeout,
            policy,
            output,
            hooks,
            trace,
        };
        let tool = Arc::new(config.build()?);
        let token = py.detach(|| tool.with_kernel(|k| k.cancel_handle()));
        Ok(Shell {
            tool,
            current: Arc::new(Mutex::new(None)),
            token,
        })
    }

    /// Run a script in the session and return its `Result`.
    #[pyo3(signature = (script, *, stdin=None, env=None, cwd=None, timeout=None,
        on_stdout=None, on_stderr=None, _ticket=None))]
    #[allow(clippy::too_many_arguments)]
    fn run(
        &self,
        py: Python<'_>,
        script: String,
        stdin: Option<Bound<'_, PyAny>>,
        env: Option<Bound<'_, PyDict>>,
        cwd: Option<String>,
        timeout: Option<Bound<'_, PyAny>>,
        on_stdout: Option<Py<PyAny>>,
        on_stderr: Option<Py<PyAny>>,
        _ticket: Option<PyRef<'_, Ticket>>,
    ) -> PyResult<RunResult> {
        let mut opts = ExecOptions::default();
        if let Some(s) = &stdin {
            let data = text_or_bytes(s, "stdin")?;
            opts.stdin = Some(Box::new(Cursor::new(data)));
        }
        if let Some(env) = &env {
            for (k, v) in env.iter() {
                opts.env.push((k.extract()?, v.str()?.to_string()));
            }
        }
        opts.cwd = cwd;
        if let Some(t) = &timeout {
            opts.timeout = duration(t, "timeout")?;
        }
        let out_sink = on_stdout.map(TextSink::new);
        let err_sink = on_stderr.map(TextSink::new);
        opts.on_stdout = out_sink.as_ref().map(TextSink::chunk_sink);
        opts.on_stderr = err_sink.as_ref().map(TextSink::chunk_sink);
        let ticket = match &_ticket {
            Some(t) => Arc::clone(&t.state),
            None => RunTicket::new(),
        };
        let current = Arc::clone(&self.current);
        let result = self.with_kernel(py, move |k| {
            if !ticket.start(k.cancel_handle()) {
                return ExecResult {
                    exit_code: sandsh::kernel::CANCELLED_STATUS,
                    error: Some(RunError::Cancelled),
                    ..ExecResult::default()
                };
            }
            *lock(&current) = Some(Arc::clone(&ticket));
            let r = k.execute_with(&script, opts);
            *lock(&current) = None;
            ticket.finish();
            r
        })?;
        for sink in [out_sink, err_sink].into_iter().flatten() {
            sink.flush(py);
        }
        Ok(result.into())
    }

    /// Cancel the run in progress, from any thread (it stops with status 130). Background
    /// jobs keep running (`cancel_jobs()` stops them).
    fn cancel(&self) {
        match lock(&self.current).as_ref() {
            Some(t) => t.cancel(),
            None => self.token.cancel(),
        }
    }

    /// Cancel the session's background jobs.
    fn cancel_jobs(&self, py: Python<'_>) -> PyResult<()> {
        self.with_kernel(py, |k| k.cancel_jobs())
    }

    /// The session's background jobs: `[{"id", "pid", "command", "state", "exit_code"}]`.
    fn jobs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let jobs = self.with_kernel(py, |k| k.jobs())?;
        let list = PyList::empty(py);
        for j in jobs {
            let d = PyDict::new(py);
            d.set_item("id", j.id)?;
            d.set_item("pid", j.pid)?;
            d.set_item("command", j.command)?;
            let state = match j.state {
                JobState::Running => "running",
                JobState::Done => "done",
            };
            d.set_item("state", state)?;
            d.set_item("exit_code", j.exit_code)?;
            list.append(d)?;
        }
        Ok(list)
    }

    /// The session as bytes: files, variables, functions, aliases, options, cwd; signed with
    /// HMAC-SHA256 under `key` when one is given.
    #[pyo3(signature = (*, key=None))]
    fn snapshot<'py>(
        &self,
        py: Python<'py>,
        key: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let key = key.map(|k| text_or_bytes(&k, "key")).transpose()?;
        let bytes = self
            .with_kernel(py, move |k| match &key {
                Some(key) => k.snapshot_signed(key),
                None => k.snapshot(),
            })?
            .map_err(|e| SnapshotError::new_err(e.to_string()))?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// Replace the session with a snapshot's; on error nothing changes. With `key`, only a
    /// snapshot signed with that key is taken.
    #[pyo3(signature = (snapshot, *, key=None))]
    fn restore(
        &self,
        py: Python<'_>,
        snapshot: &[u8],
        key: Option<Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let data = snapshot.to_vec();
        let key = key.map(|k| text_or_bytes(&k, "key")).transpose()?;
        self.with_kernel(py, move |k| match &key {
            Some(key) => k.restore_verified(&data, key),
            None => k.restore(&data),
        })?
        .map_err(|e| SnapshotError::new_err(e.to_string()))
    }

    /// A file of the session (relative paths start at its working directory): `str`, or
    /// `bytes` with `binary=True`.
    #[pyo3(signature = (path, *, binary=false))]
    fn read_file<'py>(
        &self,
        py: Python<'py>,
        path: &str,
        binary: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let data = self
            .with_kernel(py, |k| k.backend().read(&Self::resolve(k, path), None))?
            .map_err(|e| vfs_err(path, e))?;
        Ok(if binary {
            PyBytes::new(py, &data).into_any()
        } else {
            String::from_utf8_lossy(&data).into_pyobject(py)?.into_any()
        })
    }

    /// Write (create or replace) a file of the session, creating its parent directories.
    fn write_file(&self, py: Python<'_>, path: &str, data: Bound<'_, PyAny>) -> PyResult<()> {
        let data = text_or_bytes(&data, "data")?;
        self.with_kernel(py, |k| {
            let p = Self::resolve(k, path);
            let b = k.backend();
            if let Some(parent) = p.parent() {
                match b.mkdir(parent, 0o755, true) {
                    Ok(()) | Err(VfsError::AlreadyExists) => {}
                    Err(e) => return Err(e),
                }
            }
            b.write(&p, &data, WriteMode::Truncate, 0o644)
        })?
        .map_err(|e| vfs_err(path, e))
    }

    /// The names in a directory of the session, sorted.
    #[pyo3(signature = (path="."))]
    fn listdir(&self, py: Python<'_>, path: &str) -> PyResult<Vec<String>> {
        let entries = self
            .with_kernel(py, |k| {
                let p = Self::resolve(k, path);
                match k.backend().stat(&p) {
                    Ok(m) if m.file_type != FileType::Dir => Err(VfsError::NotADirectory),
                    Ok(_) => k.backend().list(&p),
                    Err(e) => Err(e),
                }
            })?
            .map_err(|e| vfs_err(path, e))?;
        Ok(entries
            .into_iter()
            .map(|e| String::from_utf8_lossy(&e.name).into_owned())
            .collect())
    }

    /// The session's working directory.
    #[getter]
    fn cwd(&self, py: Python<'_>) -> PyResult<String> {
        self.with_kernel(py, |k| k.cwd())
    }

    /// What `script` may do, found without running it (`sandsh::analyze`): a dict of the
    /// commands (with their risk under the session's policy), files, URLs, opaque constructs,
    /// the parse error and the read-only verdict. It waits for a run in progress.
    fn analyze<'py>(&self, py: Python<'py>, script: &str) -> PyResult<Bound<'py, PyAny>> {
        let report = self.with_kernel(py, |k| k.analyze(script).to_json())?;
        json_to_py(py, &report)
    }

    /// The session's configuration as a dict: the JSON every entry point (CLI, MCP, Python,
    /// Node) maps its options onto (snake_case keys, only those set, durations in seconds).
    #[getter]
    fn config<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_to_py(py, &self.tool.session_config().to_json())
    }

    /// Register `callback(params: dict, stdin: str | None) -> str | bytes` as the command
    /// `name` (the Python layer's `Shell.command` is the public form).
    #[pyo3(signature = (name, callback, *, description, schema=None, wants_stdin=true))]
    fn _register_command(
        &self,
        py: Python<'_>,
        name: String,
        callback: Py<PyAny>,
        description: String,
        schema: Option<Bound<'_, PyAny>>,
        wants_stdin: bool,
    ) -> PyResult<()> {
        if name.is_empty() || name.contains(|c: char| c.is_whitespace() || c == '/') {
            return Err(PyValueError::new_err(format!(
                "{name:?} is not a command name (no spaces or slashes)"
            )));
        }
        let mut def = ToolDef::new(name.clone(), description);
        if let Some(s) = schema.filter(|s| !s.is_none()) {
            def = def.with_schema(py_to_json(&s)?);
        }
        let cmd = Arc::new(PyCommand::new(&def, callback, wants_stdin, self.id()));
        let set = Toolset::new(format!("{GROUP}:{name}")).command(cmd);
        self.not_reentrant()?;
        let tool = &self.tool;
        py.detach(|| tool.register_toolset(set));
        Ok(())
    }

    /// Remove a command added with `command()`; true when there was one.
    fn remove_command(&self, py: Python<'_>, name: &str) -> PyResult<bool> {
        self.not_reentrant()?;
        let tool = &self.tool;
        Ok(py.detach(|| {
            tool.unregister_toolset(&format!("{GROUP}:{name}"))
                .is_some()
        }))
    }

    // ----- The LLM tool (seed 000's outputs) ---------------------------------------------------

    /// The tool's name for registries (`"sandsh"`).
    #[getter]
    fn name(&self) -> String {
        self.tool.name().to_string()
    }

    /// One line for tool listings.
    #[getter]
    fn short_description(&self) -> String {
        self.tool.short_description().to_string()
    }

    /// The full description, listing the commands the session has (yours included).
    fn description(&self) -> String {
        self.tool.description()
    }

    /// A man page for a model.
    fn help(&self) -> String {
        self.tool.help()
    }

    /// A compact header to put in a system prompt.
    fn system_prompt(&self) -> String {
        self.tool.system_prompt()
    }

    /// The JSON Schema of a call's arguments: `{"commands": str, "timeout_ms"?: int}`.
    fn input_schema<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Self::tool_dict(py, &self.tool.input_schema())
    }

    /// The JSON Schema of a call's result: `{stdout, stderr, exit_code}`.
    fn output_schema<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Self::tool_dict(py, &self.tool.output_schema())
    }

    /// Run a model's call: a script, or the arguments `{"commands": ..., "timeout_ms": ...}`.
    /// Returns `{"stdout", "stderr", "exit_code"}` (and `"error"` when the run did not end
    /// normally). Invalid arguments raise `ValueError`.
    fn execute<'py>(
        &self,
        py: Python<'py>,
        call: Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.not_reentrant()?;
        let tool = &self.tool;
        let (req, timeout) = if let Ok(script) = call.extract::<String>() {
            (ToolRequest::new(script), None)
        } else {
            let args = ShellArgs::parse(py_to_json(&call)?)
                .map_err(|e| PyValueError::new_err(e.to_string()))?;
            (args.request(), args.timeout())
        };
        let resp = py.detach(|| tool.execute_timed(&req, timeout, None));
        let value = serde_json::to_value(resp).map_err(|e| PyValueError::new_err(e.to_string()))?;
        json_to_py(py, &value)
    }

    fn __repr__(&self) -> String {
        "<sandsh.Shell>".to_string()
    }
}
