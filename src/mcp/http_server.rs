//! The streamable HTTP transport: one endpoint (`/mcp`), `Mcp-Session-Id` sessions and SSE
//! streams (rmcp's `StreamableHttpService`) on a hyper HTTP/1 server, with the session cap,
//! idle expiry and, with a session store (`--session-store`, `--state-dir`), sessions that
//! survive a restart and are served by any replica sharing the store. `GET /healthz` is the
//! load balancer's health check.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http_body_util::{BodyExt, Full, combinators::BoxBody};
use hyper::body::Incoming;
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use serde_json::json;

use super::{Handler, Shared};

/// The MCP endpoint's path.
pub(crate) const ENDPOINT: &str = "/mcp";
/// The health check a load balancer polls.
pub(crate) const HEALTH: &str = "/healthz";
/// How long the health check waits for the session store.
const HEALTH_STORE_WAIT: Duration = Duration::from_secs(2);

type BoxResponse = Response<BoxBody<Bytes, Infallible>>;

fn text_response(status: StatusCode, content_type: &str, body: String) -> BoxResponse {
    let mut r = Response::new(Full::new(Bytes::from(body)).boxed());
    *r.status_mut() = status;
    if let Ok(v) = content_type.parse() {
        r.headers_mut().insert(hyper::header::CONTENT_TYPE, v);
    }
    r
}

/// `GET /healthz`: 200 when the server can serve calls (its session store, if any, answered
/// within [`HEALTH_STORE_WAIT`]), 503 with the reason when it cannot. The JSON body also says
/// how many sessions this replica holds and its `--max-sessions`.
async fn health(shared: &Shared, live: usize, max_sessions: usize) -> BoxResponse {
    let mut body = json!({"status": "ok", "sessions": live, "max_sessions": max_sessions});
    let mut status = StatusCode::OK;
    if let Some(store) = &shared.store {
        body["store"] = json!(store.describe());
        // A read of a session that never exists: one round trip, no side effect.
        let probe = tokio::time::timeout(HEALTH_STORE_WAIT, store.version("healthz-probe")).await;
        let problem = match probe {
            Ok(Ok(_)) => None,
            Ok(Err(e)) => Some(e.to_string()),
            Err(_) => Some(format!(
                "session store unavailable: no answer within {}",
                sandsh::kernel::format_duration(HEALTH_STORE_WAIT)
            )),
        };
        if let Some(p) = problem {
            tracing::warn!("health check: {p}");
            status = StatusCode::SERVICE_UNAVAILABLE;
            body["status"] = json!("unavailable");
            body["reason"] = json!(p);
        }
    }
    text_response(status, "application/json", format!("{body}\n"))
}

pub(crate) async fn serve(
    shared: Arc<Shared>,
    addr: &str,
    idle: Duration,
    max_sessions: usize,
) -> Result<(), String> {
    // An address, not a name: resolving a name would link glibc's resolver (NSS) into the
    // static binary (THREAT ESC-ASLR-2). `localhost` is the one name understood.
    let sock: std::net::SocketAddr = match addr.strip_prefix("localhost:") {
        Some(port) => format!("127.0.0.1:{port}").parse(),
        None => addr.parse(),
    }
    .map_err(|_| format!("--mcp-http {addr}: expected IP:PORT, e.g. 127.0.0.1:8765"))?;
    let listener = tokio::net::TcpListener::bind(sock)
        .await
        .map_err(|e| format!("--mcp-http {addr}: {e}"))?;
    let local = listener
        .local_addr()
        .map_err(|e| format!("--mcp-http {addr}: {e}"))?;
    let mut manager = LocalSessionManager::default();
    manager.session_config.keep_alive = Some(idle);
    let manager = Arc::new(manager);
    let mut config = StreamableHttpServerConfig::default();
    if !local.ip().is_loopback() {
        // Host validation guards a loopback server against DNS rebinding; a server bound to
        // another address is reached by names we cannot know.
        config = config.disable_allowed_hosts();
    }
    if let Some(store) = &shared.store {
        // The session's initialize parameters go to the store too: any replica that gets a
        // request of a session it does not know re-establishes it from there (rmcp's
        // transparent restore), so the session id is valid on every replica.
        config.session_store = Some(Arc::new(crate::store::McpSessions(store.clone())));
        crate::store::spawn_sweeper(store.clone(), idle);
        tracing::info!("sessions are kept in {}", store.describe());
    }
    let s2 = shared.clone();
    let service = StreamableHttpService::new(
        move || Ok(Handler::new(s2.clone(), None)),
        manager.clone(),
        config,
    );
    // Tests and scripts read the address from here (it matters with port 0).
    eprintln!("sandsh: MCP server listening on http://{local}{ENDPOINT}");
    let shutdown = super::shutdown_signal();
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            r = listener.accept() => match r {
                Ok(c) => c,
                Err(e) => {
                    tracing::warn!("accept: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = &mut shutdown => break,
        };
        tracing::debug!("connection from {peer}");
        // An answer is several small writes (headers, SSE events, the last chunk): with
        // Nagle's algorithm the last one waits for the client's delayed ACK, 40 ms a call.
        if let Err(e) = stream.set_nodelay(true) {
            tracing::debug!("TCP_NODELAY for {peer}: {e}");
        }
        let service = service.clone();
        let manager = manager.clone();
        let shared = shared.clone();
        tokio::spawn(async move {
            let svc = hyper::service::service_fn(move |req: Request<Incoming>| {
                let service = service.clone();
                let manager = manager.clone();
                let shared = shared.clone();
                async move {
                    if req.uri().path() == HEALTH && req.method() == hyper::Method::GET {
                        let live = manager.sessions.read().await.len();
                        return Ok(health(&shared, live, max_sessions).await);
                    }
                    if req.uri().path() != ENDPOINT {
                        return Ok::<_, Infallible>(text_response(
                            StatusCode::NOT_FOUND,
                            "text/plain",
                            format!("not found: the MCP endpoint is {ENDPOINT}\n"),
                        ));
                    }
                    if req.method() == hyper::Method::POST
                        && !req.headers().contains_key("mcp-session-id")
                    {
                        let live = manager.sessions.read().await.len();
                        if live >= max_sessions {
                            tracing::warn!("refused a new session: {live} sessions are live");
                            let body = json!({
                                "jsonrpc": "2.0",
                                "id": null,
                                "error": {
                                    "code": -32000,
                                    "message": format!(
                                        "too many sessions: {live} are live, the limit is \
                                         {max_sessions} (--max-sessions); end one (DELETE) \
                                         or wait for an idle one to expire"
                                    ),
                                },
                            });
                            return Ok(text_response(
                                StatusCode::SERVICE_UNAVAILABLE,
                                "application/json",
                                body.to_string(),
                            ));
                        }
                    }
                    let delete = req.method() == hyper::Method::DELETE;
                    let mut resp = service.handle(req).await;
                    // rmcp answers a session's DELETE with 202; clients (the Python SDK)
                    // expect 200 for a completed termination.
                    if delete && resp.status() == StatusCode::ACCEPTED {
                        *resp.status_mut() = StatusCode::OK;
                    }
                    Ok(resp)
                }
            });
            if let Err(e) = hyper::server::conn::http1::Builder::new()
                .serve_connection(TokioIo::new(stream), svc)
                .await
            {
                tracing::debug!("connection from {peer}: {e}");
            }
        });
    }
    tracing::info!("shutting down");
    Ok(())
}
