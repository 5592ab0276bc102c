//! `sandsh --mcp` and `sandsh --mcp-http ADDR`: sandboxed shell sessions served over the Model
//! Context Protocol, on the official Rust SDK (`rmcp`) and tokio.
//!
//! This module lives on the binary side behind the `mcp` feature: the library stays free of any
//! async runtime. Each MCP session owns one [`BashTool`] (one kernel) built from the same
//! command-line flags as the CLI (`Cli::tool_builder`), plus the `filesystem` provider over
//! that kernel's filesystem and, when network access is allowed, `web_search`. The kernel is
//! synchronous, so a call runs on tokio's blocking pool while the async side forwards output
//! chunks as progress notifications and turns `notifications/cancelled` into a kernel cancel.

mod http_server;
mod session;

use std::sync::Arc;
use std::time::Duration;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ListToolsResult,
    PaginatedRequestParams, ProgressNotificationParam, ServerCapabilities, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData as McpError, RoleServer, ServerHandler};
use serde_json::{Value, json};

use sandsh::RunError;
use sandsh::tool::{RiskLevel, ShellArgs, Tool, ToolDefinition, ToolError, ToolStatus, validate};

use crate::cli::Cli;
use crate::store::LeaseGuard;
use sandsh::store::{SessionStore, StoreError};
pub(crate) use session::Session;

/// Output bytes of one call forwarded as progress notifications.
const PROGRESS_BYTES: usize = 4 << 20;

/// Name of the shell tool in `tools/list`.
pub(crate) const BASH: &str = "bash";
/// Name of the tool that analyses a script without running it (`sandsh::analyze`).
pub(crate) const ANALYZE: &str = "analyze";

/// What every session of one server shares: the command line (sessions are built from it),
/// the tool listing and the instructions.
pub(crate) struct Shared {
    pub cli: Cli,
    /// Where sessions are kept between calls (`--session-store`, `--state-dir`).
    pub store: Option<Arc<dyn SessionStore>>,
    /// How long a call waits for another call of its session to finish.
    pub lease_wait: Duration,
    pub tools: Vec<rmcp::model::Tool>,
    pub bash_schema: Value,
    pub instructions: String,
}

impl Shared {
    fn new(cli: Cli) -> Result<Shared, String> {
        // Built once up front so that a bad flag or mount fails at start, not at the first call.
        let probe = Session::open(&cli, None)?;
        let bash_schema = probe.bash.input_schema();
        let mut tools = vec![mcp_tool(
            &ToolDefinition {
                name: BASH.to_string(),
                description: probe.bash.description(),
                parameters: bash_schema.clone(),
                risk: probe.bash.risk_level(),
            },
            Some(probe.bash.output_schema()),
            !cli.allow_net.is_empty(),
        )?];
        for t in probe.others.iter() {
            let schema = t.output_schema();
            let out = (schema.get("type") == Some(&json!("object"))).then_some(schema);
            tools.push(mcp_tool(
                &ToolDefinition::of(t),
                out,
                t.name() == "web_search",
            )?);
        }
        tools.push(mcp_tool(
            &ToolDefinition {
                name: ANALYZE.to_string(),
                description: "Analyse a bash script without running it: the commands it may \
                    run (with their risk under the session's policy), the files it reads, \
                    writes, appends, deletes or moves, the URLs it fetches, the constructs whose \
                    effect cannot be known statically, and whether it is read-only"
                    .to_string(),
                parameters: json!({
                    "type": "object",
                    "required": ["script"],
                    "properties": {"script": {"type": "string", "description": "The script (bash syntax)"}},
                    "additionalProperties": false
                }),
                risk: RiskLevel::ReadOnly,
            },
            Some(sandsh::analyze::schema()),
            false,
        )?);
        Ok(Shared {
            instructions: probe.bash.system_prompt(),
            cli,
            store: None,
            lease_wait: Duration::from_secs(30),
            tools,
            bash_schema,
        })
    }
}

/// An MCP tool from a definition: the risk level maps to the hints.
fn mcp_tool(
    d: &ToolDefinition,
    output_schema: Option<Value>,
    open_world: bool,
) -> Result<rmcp::model::Tool, String> {
    let mut v = d.to_mcp();
    let read_only = d.risk == RiskLevel::ReadOnly;
    v["annotations"] = json!({
        "title": d.name,
        "readOnlyHint": read_only,
        "destructiveHint": d.risk >= RiskLevel::MediumRisk,
        "idempotentHint": read_only,
        "openWorldHint": open_world,
    });
    if let Some(o) = output_schema {
        v["outputSchema"] = o;
    }
    serde_json::from_value(v).map_err(|e| format!("tool {}: {e}", d.name))
}

/// Parse a duration flag (`30`, `500ms`, `2m`).
fn duration_flag(name: &str, v: &Option<String>, default: Duration) -> Result<Duration, String> {
    match v {
        None => Ok(default),
        Some(t) => sandsh::kernel::parse_duration(t)
            .ok_or_else(|| format!("--{name}: invalid duration '{t}'")),
    }
}

/// Run the server the command line asks for; returns the exit status.
pub(crate) fn serve(cli: Cli) -> Result<i32, String> {
    let level = match cli.log_level.as_deref().unwrap_or("warn") {
        "error" => tracing::Level::ERROR,
        "warn" => tracing::Level::WARN,
        "info" => tracing::Level::INFO,
        "debug" => tracing::Level::DEBUG,
        "trace" => tracing::Level::TRACE,
        other => {
            return Err(format!(
                "--log-level: invalid level '{other}' (error, warn, info, debug, trace)"
            ));
        }
    };
    // Logs go to stderr: in stdio mode stdout carries nothing but protocol.
    let _ = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .with_max_level(level)
        .try_init();
    let http = cli.mcp_http.clone();
    if http.is_none()
        && (cli.state_dir.is_some()
            || cli.max_sessions.is_some()
            || cli.session_store.is_some()
            || cli.session_wait.is_some()
            || cli.session_max_size.is_some())
    {
        return Err(
            "--state-dir, --session-store, --session-wait, --session-max-size and \
             --max-sessions apply to --mcp-http only"
                .into(),
        );
    }
    if cli.state_dir.is_some() && cli.session_store.is_some() {
        return Err("--state-dir is --session-store dir:PATH; give one of them".into());
    }
    if http.is_some() && cli.snapshot.is_some() {
        return Err(
            "--snapshot applies to --mcp (stdio) only; use --state-dir with --mcp-http".into(),
        );
    }
    let idle = duration_flag("session-idle", &cli.session_idle, Duration::from_secs(1800))?;
    let max_sessions = match &cli.max_sessions {
        None => 64,
        Some(n) => n
            .parse::<usize>()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| format!("--max-sessions: invalid number '{n}'"))?,
    };
    let lease_wait = duration_flag("session-wait", &cli.session_wait, Duration::from_secs(30))?;
    let max_size = match &cli.session_max_size {
        None => 256 << 20,
        Some(v) => sandsh::limits::parse_size(v)
            .ok_or_else(|| format!("--session-max-size: invalid size '{v}'"))?,
    };
    let store_spec = match (&cli.session_store, &cli.state_dir) {
        (Some(s), _) => Some(s.clone()),
        (None, Some(d)) => Some(format!("dir:{}", d.display())),
        (None, None) => None,
    };
    let mut shared = Shared::new(cli)?;
    shared.lease_wait = lease_wait;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    if let Some(spec) = store_spec {
        // The Redis client locates the runtime when it is made.
        let _enter = rt.enter();
        shared.store = Some(crate::store::open(&spec, idle, max_size)?);
    }
    let shared = Arc::new(shared);
    let r = match http {
        Some(addr) => rt.block_on(http_server::serve(shared, &addr, idle, max_sessions)),
        None => rt.block_on(serve_stdio(shared)),
    };
    // Blocking tasks still running (a cancelled command) must not hold up the exit.
    rt.shutdown_timeout(Duration::from_millis(200));
    r.map(|()| 0)
}

async fn serve_stdio(shared: Arc<Shared>) -> Result<(), String> {
    use rmcp::ServiceExt;
    let snapshot = shared.cli.snapshot.clone();
    let session = Session::open(&shared.cli, snapshot)?;
    let handler = Handler::new(shared, Some(Arc::new(session)));
    let service = handler
        .serve(rmcp::transport::stdio())
        .await
        .map_err(|e| format!("mcp: {e}"))?;
    tokio::select! {
        r = service.waiting() => {
            r.map_err(|e| format!("mcp: {e}"))?;
        }
        _ = shutdown_signal() => {}
    }
    Ok(())
}

/// SIGINT or SIGTERM.
pub(crate) async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let (Ok(mut term), Ok(mut int)) = (
            signal(SignalKind::terminate()),
            signal(SignalKind::interrupt()),
        ) else {
            return std::future::pending().await;
        };
        tokio::select! {
            _ = term.recv() => {}
            _ = int.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// The MCP handler of one session. Over HTTP the session's kernel is created at its first
/// `tools/call`, when its `Mcp-Session-Id` is known (to find its saved state).
pub(crate) struct Handler {
    shared: Arc<Shared>,
    session: tokio::sync::OnceCell<Arc<Session>>,
}

impl Handler {
    pub(crate) fn new(shared: Arc<Shared>, session: Option<Arc<Session>>) -> Handler {
        Handler {
            shared,
            session: match session {
                Some(s) => tokio::sync::OnceCell::new_with(Some(s)),
                None => tokio::sync::OnceCell::new(),
            },
        }
    }

    async fn session(&self, ctx: &RequestContext<RoleServer>) -> Result<Arc<Session>, McpError> {
        self.session
            .get_or_try_init(|| async {
                let shared = self.shared.clone();
                let stored = match &shared.store {
                    Some(store) => {
                        let id = ctx
                            .extensions
                            .get::<::http::request::Parts>()
                            .and_then(|p| p.headers.get("mcp-session-id"))
                            .and_then(|v| v.to_str().ok())
                            .map(str::to_string)
                            .ok_or_else(|| {
                                McpError::invalid_request("no Mcp-Session-Id header", None)
                            })?;
                        sandsh::store::check_id(&id).map_err(store_error)?;
                        Some((store.clone(), id))
                    }
                    None => None,
                };
                tokio::task::spawn_blocking(move || match stored {
                    Some((store, id)) => Session::open_stored(&shared.cli, store, id),
                    None => Session::open(&shared.cli, None),
                })
                .await
                .map_err(|e| McpError::internal_error(e.to_string(), None))?
                .map(Arc::new)
                .map_err(|e| McpError::internal_error(e, None))
            })
            .await
            .cloned()
    }

    /// Before a call of a stored session: take its lease (waiting for another call of the
    /// session, on any replica) and load the latest saved state.
    async fn begin(&self, session: &Arc<Session>) -> Result<Option<LeaseGuard>, McpError> {
        let Some(st) = &session.stored else {
            return Ok(None);
        };
        let guard = LeaseGuard::acquire(st.store.clone(), &st.id, self.shared.lease_wait)
            .await
            .map_err(store_error)?;
        if let Err(e) = session.sync(guard.version).await {
            guard.release().await;
            return Err(store_error(e));
        }
        Ok(Some(guard))
    }

    async fn call_bash(
        &self,
        session: Arc<Session>,
        args: Value,
        ctx: RequestContext<RoleServer>,
        lease: Option<LeaseGuard>,
    ) -> Result<CallToolResult, McpError> {
        validate(&self.shared.bash_schema, &args).map_err(invalid)?;
        let a = ShellArgs::parse(args).map_err(invalid)?;
        let progress = ctx.meta.get_progress_token();
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<String>();
        let cb: Option<sandsh::tool::StatusCallback> = progress.as_ref().map(|_| {
            // Progress is a courtesy copy of the output: past PROGRESS_BYTES it stops (the
            // result still carries the output) so that a flood cannot queue up unboundedly
            // behind a slow client.
            let mut forwarded = 0usize;
            Box::new(move |s: ToolStatus| {
                if s.phase == "output"
                    && let Some(chunk) = s.output
                    && forwarded < PROGRESS_BYTES
                {
                    forwarded += chunk.len();
                    let chunk = if forwarded >= PROGRESS_BYTES {
                        format!("{chunk}\n[sandsh: further output is in the result only]\n")
                    } else {
                        chunk
                    };
                    let _ = tx.send(chunk);
                }
            }) as sandsh::tool::StatusCallback
        });
        let s2 = session.clone();
        let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let job_done = done.clone();
        let limit = a.timeout().or(session.timeout);
        let mut job = tokio::task::spawn_blocking(move || {
            let resp = s2.bash.execute_timed(&a.request(), limit, cb);
            job_done.store(true, std::sync::atomic::Ordering::Relaxed);
            s2.save();
            (resp, s2.capture())
        });
        // The kernel stops a run at its timeout, but stopping can take a while (freeing what a
        // runaway engine built, one uninterruptible regex search): past the timeout and a grace
        // period the client gets its timeout result, and the run goes on stopping in the
        // background, cancelled, with the session's next call waiting for it.
        let deadline = limit.map(|t| tokio::time::Instant::now() + t + crate::TIMEOUT_GRACE);
        let mut sent = 0u32;
        let mut cancelling = false;
        let resp = loop {
            tokio::select! {
                r = &mut job => break Some(r),
                Some(chunk) = rx.recv() => {
                    if let Some(token) = &progress {
                        sent += 1;
                        let _ = ctx.peer.notify_progress(
                            ProgressNotificationParam::new(token.clone(), f64::from(sent))
                                .with_message(chunk),
                        ).await;
                    }
                }
                _ = ctx.ct.cancelled(), if !cancelling => {
                    cancelling = true;
                    tracing::info!("request {:?} cancelled by the client", ctx.id);
                    cancel_until_done(&session, &done);
                }
                _ = sleep_until(deadline), if deadline.is_some() => break None,
            }
        };
        let Some(resp) = resp else {
            let t = limit.unwrap_or_default();
            tracing::warn!("request {:?} still stopping past its timeout", ctx.id);
            if !cancelling {
                cancel_until_done(&session, &done);
            }
            // The session stays leased until the run has stopped and its state is saved.
            tokio::spawn(async move {
                if let Ok((_, capture)) = job.await {
                    finish(&session, lease, capture).await;
                }
            });
            let msg = format!(
                "sandsh: timed out after {}\n",
                sandsh::kernel::format_duration(t)
            );
            return bash_result(sandsh::tool::ToolResponse::failure(
                RunError::Timeout.as_str(),
                msg,
                sandsh::kernel::TIMEOUT_STATUS,
            ));
        };
        let (mut resp, capture) =
            resp.map_err(|e| McpError::internal_error(e.to_string(), None))?;
        let saved = finish(&session, lease, capture).await;
        // Chunks not yet forwarded still go out before the result.
        if let Some(token) = &progress {
            while let Ok(chunk) = rx.try_recv() {
                sent += 1;
                let _ = ctx
                    .peer
                    .notify_progress(
                        ProgressNotificationParam::new(token.clone(), f64::from(sent))
                            .with_message(chunk),
                    )
                    .await;
            }
        }
        let failed = saved.as_ref().is_some_and(|s| s.failed);
        if let Some(s) = saved {
            resp.stderr.push_str(&s.notes);
        }
        let mut r = bash_result(resp)?;
        if failed {
            r.is_error = Some(true);
        }
        Ok(r)
    }

    async fn call_other(
        &self,
        session: Arc<Session>,
        name: String,
        args: Value,
        lease: Option<LeaseGuard>,
    ) -> Result<CallToolResult, McpError> {
        let s2 = session.clone();
        let (r, capture) = tokio::task::spawn_blocking(move || {
            let r = sandsh::tool::block_on(s2.others.call(&name, args));
            (r, s2.capture())
        })
        .await
        .map_err(|e| McpError::internal_error(e.to_string(), None))?;
        if let Some(s) = finish(&session, lease, capture).await
            && s.failed
        {
            return Ok(result_from_json(json!({
                "content": [{"type": "text", "text": s.notes}],
                "isError": true,
            })));
        }
        let out = match r {
            Ok(out) => out,
            Err(
                e @ (ToolError::NotFound(_)
                | ToolError::InvalidArguments(_)
                | ToolError::SchemaViolation { .. }),
            ) => return Err(invalid(e)),
            Err(e) => {
                return Ok(result_from_json(json!({
                    "content": [{"type": "text", "text": e.to_string()}],
                    "isError": true,
                })));
            }
        };
        let structured = serde_json::to_value(&out).unwrap_or(Value::Null);
        let text = match &out.content {
            Value::String(s) => s.clone(),
            other => serde_json::to_string_pretty(other).unwrap_or_default(),
        };
        let mut content = vec![json!({"type": "text", "text": text})];
        if let Some(e) = &out.error {
            content.push(json!({"type": "text", "text": format!("error: {e}")}));
        }
        Ok(result_from_json(json!({
            "content": content,
            "structuredContent": structured,
            "isError": !out.success,
        })))
    }
}

/// The `analyze` tool: the report of `script` in the session (nothing runs, nothing changes).
async fn call_analyze(session: Arc<Session>, args: Value) -> Result<CallToolResult, McpError> {
    let Some(script) = args
        .get("script")
        .and_then(Value::as_str)
        .map(str::to_string)
    else {
        return Err(McpError::invalid_params(
            "analyze: `script` (a string) is required",
            None,
        ));
    };
    let report = tokio::task::spawn_blocking(move || {
        session.bash.with_kernel(|k| k.analyze(&script)).to_json()
    })
    .await
    .map_err(|e| McpError::internal_error(e.to_string(), None))?;
    let text = serde_json::to_string_pretty(&report).unwrap_or_default();
    Ok(result_from_json(json!({
        "content": [{"type": "text", "text": text}],
        "structuredContent": report,
        "isError": false,
    })))
}

/// What saving a stored session after a call had to say.
struct Saved {
    /// Notices for the call's stderr (stopped background jobs, a failed save).
    notes: String,
    /// The state could not be saved: the call's changes are lost.
    failed: bool,
}

/// After a call of a stored session: save its state under the call's lease (when the call
/// changed it) and give the lease back.
async fn finish(
    session: &Session,
    lease: Option<LeaseGuard>,
    capture: Option<(Option<String>, Result<sandsh::store::Capture, StoreError>)>,
) -> Option<Saved> {
    let (Some(lease), Some((notice, capture))) = (lease, capture) else {
        return None;
    };
    let r = match capture {
        Ok(c) => session.commit(lease, c).await,
        Err(e) => {
            lease.release().await;
            Err(e)
        }
    };
    let mut notes = notice.unwrap_or_default();
    if let Err(e) = &r {
        tracing::warn!("session {}: {e}", lease_id(session));
        notes.push_str(&format!("sandsh: the session's state was not saved: {e}\n"));
    }
    Some(Saved {
        notes,
        failed: r.is_err(),
    })
}

fn lease_id(session: &Session) -> &str {
    session.stored.as_ref().map_or("", |s| s.id.as_str())
}

/// A store failure as an MCP error; retryable ones say so in the data.
fn store_error(e: StoreError) -> McpError {
    let retry = e.is_retryable();
    McpError::internal_error(
        e.to_string(),
        Some(json!({"error": "session_store", "retryable": retry})),
    )
}

/// Sleep until `deadline`; forever when there is none.
async fn sleep_until(deadline: Option<tokio::time::Instant>) {
    match deadline {
        Some(d) => tokio::time::sleep_until(d).await,
        None => std::future::pending().await,
    }
}

/// Cancel the session's run, again and again until it has ended: a cancel that lands before the
/// run has started is dropped by the kernel.
fn cancel_until_done(session: &Session, done: &Arc<std::sync::atomic::AtomicBool>) {
    let cancel = session.cancel.clone();
    let done = done.clone();
    tokio::spawn(async move {
        while !done.load(std::sync::atomic::Ordering::Relaxed) {
            cancel.cancel();
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    });
}

fn invalid(e: ToolError) -> McpError {
    McpError::invalid_params(e.to_string(), Some(json!({"error": e.to_json()})))
}

fn result_from_json(v: Value) -> CallToolResult {
    serde_json::from_value(v).unwrap_or_else(|e| {
        CallToolResult::error(vec![rmcp::model::ContentBlock::text(format!(
            "internal error: {e}"
        ))])
    })
}

/// The MCP result of a shell call: stdout as text (stderr and an abnormal end as further text
/// blocks) and `{stdout, stderr, exit_code[, error, stdout_cut, stderr_cut]}` as structured
/// content. A non-zero exit is
/// a normal result; a timeout, a tripped limit or a configuration error is `isError`.
fn bash_result(r: sandsh::tool::ToolResponse) -> Result<CallToolResult, McpError> {
    let category = r.error.as_deref().and_then(RunError::from_name);
    let is_error = category.is_some_and(RunError::is_sandbox_failure);
    let mut content = vec![json!({"type": "text", "text": r.stdout})];
    if !r.stderr.is_empty() {
        content.push(json!({"type": "text", "text": format!("stderr:\n{}", r.stderr)}));
    }
    if r.exit_code != 0 || r.error.is_some() {
        let why = match r.error.as_deref() {
            Some("timeout") => " (timeout: the command ran past its time limit)".to_string(),
            Some("limit_exceeded") => " (limit_exceeded: a resource limit stopped it)".to_string(),
            Some(e) => format!(" ({e})"),
            None => String::new(),
        };
        content.push(json!({"type": "text", "text": format!("exit code {}{why}", r.exit_code)}));
    }
    let mut structured = json!({
        "stdout": r.stdout,
        "stderr": r.stderr,
        "exit_code": r.exit_code,
    });
    if let Some(e) = category {
        structured["error"] = json!(e);
    }
    for (key, cut) in [("stdout_cut", &r.stdout_cut), ("stderr_cut", &r.stderr_cut)] {
        if let Some(c) = cut {
            structured[key] = json!(c);
        }
    }
    Ok(result_from_json(json!({
        "content": content,
        "structuredContent": structured,
        "isError": is_error,
    })))
}

impl ServerHandler for Handler {
    fn get_info(&self) -> ServerConfig {
        let mut info = ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_instructions(self.shared.instructions.clone());
        if let Ok(imp) = serde_json::from_value(json!({
            "name": "sandsh",
            "title": "sandsh: sandboxed bash",
            "version": env!("CARGO_PKG_VERSION"),
        })) {
            info = info.with_server_info(imp);
        }
        info
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _ctx: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        Ok(ListToolsResult::with_all_items(self.shared.tools.clone()))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        ctx: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let name = request.name.to_string();
        if !self.shared.tools.iter().any(|t| t.name == name) {
            return Err(McpError::invalid_params(
                format!("unknown tool '{name}'"),
                None,
            ));
        }
        let args = Value::Object(request.arguments.unwrap_or_default());
        let session = self.session(&ctx).await?;
        let lease = self.begin(&session).await?;
        tracing::debug!("tools/call {name}");
        let r = if name == BASH {
            self.call_bash(session, args, ctx, lease).await?
        } else if name == ANALYZE {
            if let Some(l) = lease {
                l.release().await;
            }
            call_analyze(session, args).await?
        } else {
            self.call_other(session, name, args, lease).await?
        };
        Ok(r.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sandsh::tool::ToolResponse;

    fn result_json(r: ToolResponse) -> Value {
        serde_json::to_value(bash_result(r).unwrap()).unwrap()
    }

    #[test]
    fn non_zero_exit_is_a_normal_result() {
        let v = result_json(ToolResponse {
            stdout: "out\n".into(),
            stderr: "err\n".into(),
            exit_code: 3,
            error: None,
            ..ToolResponse::default()
        });
        assert_eq!(v["isError"], false);
        assert_eq!(v["content"][0]["text"], "out\n");
        assert_eq!(v["content"][1]["text"], "stderr:\nerr\n");
        assert_eq!(v["content"][2]["text"], "exit code 3");
        assert_eq!(
            v["structuredContent"],
            json!({"stdout": "out\n", "stderr": "err\n", "exit_code": 3})
        );
    }

    #[test]
    fn timeout_and_limits_are_errors_with_the_reason() {
        for (cat, code) in [("timeout", 124), ("limit_exceeded", 125), ("config", 2)] {
            let v = result_json(ToolResponse::failure(cat, "sandsh: stop", code));
            assert_eq!(v["isError"], true, "{cat}");
            assert_eq!(v["structuredContent"]["error"], cat);
            let all = v["content"].to_string();
            assert!(
                all.contains(cat) && all.contains(&code.to_string()),
                "{all}"
            );
        }
        // A parse error is bash's status 2, not a tool failure.
        let v = result_json(ToolResponse {
            stdout: String::new(),
            stderr: "syntax error\n".into(),
            exit_code: 2,
            error: Some("parse_error".into()),
            ..ToolResponse::default()
        });
        assert_eq!(v["isError"], false);
        // Categories outside the output schema's enum stay out of structuredContent.
        let v = result_json(ToolResponse {
            error: Some("something_new".into()),
            ..ToolResponse::default()
        });
        assert!(v["structuredContent"].get("error").is_none());
    }

    #[test]
    fn risk_levels_map_to_hints() {
        let d = |risk| ToolDefinition {
            name: "t".into(),
            description: "d".into(),
            parameters: json!({"type": "object"}),
            risk,
        };
        let ro =
            serde_json::to_value(mcp_tool(&d(RiskLevel::ReadOnly), None, false).unwrap()).unwrap();
        assert_eq!(
            ro["annotations"],
            json!({"title": "t", "readOnlyHint": true, "destructiveHint": false,
                   "idempotentHint": true, "openWorldHint": false})
        );
        assert!(ro.get("outputSchema").is_none());
        let hi = serde_json::to_value(
            mcp_tool(
                &d(RiskLevel::HighRisk),
                Some(json!({"type": "object"})),
                true,
            )
            .unwrap(),
        )
        .unwrap();
        assert_eq!(hi["annotations"]["destructiveHint"], true);
        assert_eq!(hi["annotations"]["openWorldHint"], true);
        assert_eq!(hi["outputSchema"], json!({"type": "object"}));
    }
}
