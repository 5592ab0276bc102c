//! The network layer: the allowlist policy, name resolution and a small HTTP/1.1 client, shared
//! by `curl`, `wget` and the `web_search` provider.
//!
//! Why its own client rather than a general one: the policy must judge the address the socket
//! is really connected to (not a host name a library re-resolves later), every redirect must go
//! back through the policy (so the client never follows one itself), a request must wake on the
//! run's cancellation within milliseconds, and `curl -i` must print the status line and headers
//! byte for byte as the server sent them. TLS is rustls with the webpki roots (pure Rust, so the
//! static binary needs no system libraries), and names are resolved without the C library
//! (see [`resolve`]).
//!
//! Commands reach a session's [`Net`] through `ToolCtx::network`; a session without one
//! (the default) has no network at all.

mod http;
pub mod policy;
pub mod resolve;
pub mod secrets;
pub mod url;

use sandsh_runtime::time::Instant;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

pub use http::{Body, Request, Response};
pub use policy::{HOW_TO_ALLOW, NetPolicy, NetRule, is_public};
pub use secrets::{Credential, Secrets};
pub use url::{Host, Scheme, Url, UrlError, percent_decode, percent_encode};

/// Default cap on the time of one request (connect to last byte) when the caller gives none.
pub const DEFAULT_MAX_TIME: Duration = Duration::from_secs(300);

/// Why a request failed. [`NetError::curl_code`] maps each to curl's exit code.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NetError {
    /// Refused by the allowlist (the message says how to allow it).
    #[error("{0}")]
    Denied(String),
    #[error("{0}")]
    Url(#[from] UrlError),
    #[error("Could not resolve host: {0}")]
    Resolve(String),
    #[error("Failed to connect to {host} port {port} after {ms} ms: {reason}")]
    Connect {
        host: String,
        port: u16,
        ms: u128,
        reason: String,
    },
    /// The deadline passed (the caller words the message: it knows the bytes received).
    #[error("Operation timed out")]
    Timeout,
    #[error("TLS connect error: {0}")]
    Tls(String),
    #[error("SSL certificate problem: {0}")]
    Cert(String),
    #[error("Failure when sending data to the peer: {0}")]
    Send(String),
    #[error("Failure when receiving data from the peer: {0}")]
    Recv(String),
    #[error("Weird server reply: {0}")]
    BadResponse(String),
    #[error("Maximum file size exceeded ({0} bytes; raise with {flag})", flag = sandsh_runtime::limits::Limit::NetBytes.long())]
    TooLarge(u64),
    #[error("cancelled")]
    Cancelled,
}

impl NetError {
    /// curl's exit code for this failure.
    pub fn curl_code(&self) -> i32 {
        match self {
            NetError::Denied(_) => 7,
            NetError::Url(UrlError::Scheme(_)) => 1,
            NetError::Url(UrlError::Malformed) => 3,
            NetError::Resolve(_) => 6,
            NetError::Connect { .. } => 7,
            NetError::Timeout => 28,
            NetError::Tls(_) => 35,
            NetError::Cert(_) => 60,
            NetError::Send(_) => 55,
            NetError::Recv(_) => 56,
            NetError::BadResponse(_) => 8,
            NetError::TooLarge(_) => 63,
            NetError::Cancelled => 130,
        }
    }
}

/// One session's network access: the allowlist, the body cap, the time cap, and the
/// embedder's hook on every request.
#[derive(Debug, Clone)]
pub struct Net {
    policy: NetPolicy,
    max_body: u64,
    max_time: Duration,
    hook: Option<Hook>,
    /// Credentials put on the wire here and redacted from responses ([`secrets`]).
    secrets: Secrets,
}

/// A request the allowlist has let through, as a [`RequestHook`] sees it.
pub struct RequestCall<'a> {
    pub method: &'a str,
    pub url: &'a str,
    /// The header lines about to be sent, in order; the hook may change, add or remove them
    /// (a credential for this origin, a trace header).
    pub headers: &'a mut Vec<(String, Vec<u8>)>,
    /// Whether the request's run was stopped (cancelled, timed out): a hook that waits for
    /// something outside gives up when it turns true.
    pub stop: &'a dyn Fn() -> bool,
}

impl std::fmt::Debug for RequestCall<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RequestCall")
            .field("method", &self.method)
            .field("url", &self.url)
            .field("headers", &self.headers)
            .finish_non_exhaustive()
    }
}

/// The embedder's hook on every request a session makes (curl, wget, python3's urllib,
/// node's fetch), each redirect hop included, after the allowlist has passed it: `Err` refuses
/// it with that message (curl's status 7, as the allowlist's refusals).
pub trait RequestHook: Send + Sync {
    fn before_request(&self, call: &mut RequestCall<'_>) -> Result<(), String>;
}

#[derive(Clone)]
struct Hook(Arc<dyn RequestHook>);

impl std::fmt::Debug for Hook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("RequestHook")
    }
}

impl Net {
    /// Network access under `policy`, reading at most `max_body` bytes of any one response.
    pub fn new(policy: NetPolicy, max_body: u64) -> Arc<Net> {
        Net::with_max_time(policy, max_body, DEFAULT_MAX_TIME)
    }

    /// The same, with another cap on the time of one request.
    pub fn with_max_time(policy: NetPolicy, max_body: u64, max_time: Duration) -> Arc<Net> {
        Arc::new(Net {
            policy,
            max_body,
            max_time,
            hook: None,
            secrets: Secrets::default(),
        })
    }

    /// The same network access, with `secrets` put on the wire for their prefixes and
    /// redacted from every response.
    pub fn with_secrets(&self, secrets: Secrets) -> Arc<Net> {
        Arc::new(Net {
            secrets,
            ..self.clone()
        })
    }

    /// The session's credentials (their names and placeholders; values stay here).
    pub fn secrets(&self) -> &Secrets {
        &self.secrets
    }

    /// The same network access, with `hook` asked about every request.
    pub fn with_hook(&self, hook: Arc<dyn RequestHook>) -> Arc<Net> {
        Arc::new(Net {
            hook: Some(Hook(hook)),
            ..self.clone()
        })
    }

    pub fn policy(&self) -> &NetPolicy {
        &self.policy
    }

    /// The largest response body read (`--max-net-bytes`).
    pub fn max_body(&self) -> u64 {
        self.max_body
    }

    /// The longest one request may take.
    pub fn max_time(&self) -> Duration {
        self.max_time
    }

    /// Send `req` and read the response head. The policy is checked first (method and URL),
    /// then every resolved address; the connection goes only to an address that passed.
    /// `stop` is polled while waiting (cancellation); `deadline` bounds the whole request,
    /// and is itself capped by [`Net::max_time`].
    pub fn open(
        &self,
        req: &Request,
        stop: &dyn Fn() -> bool,
        deadline: Option<Instant>,
    ) -> Result<Response, NetError> {
        let cap = Instant::now() + self.max_time;
        let deadline = deadline.map_or(cap, |d| d.min(cap));
        // THREAT NET-ALLOW-1: the URL and method, before anything touches the network.
        let rule = self.policy.check(req.method, req.url)?;
        // The embedder's hook, on what the allowlist let through: it may refuse the request
        // or change its headers, never its method or URL.
        let headers;
        let hooked;
        let req = match &self.hook {
            None => req,
            Some(Hook(hook)) => {
                let mut lines = req.headers.to_vec();
                let url = req.url.to_string();
                hook.before_request(&mut RequestCall {
                    method: req.method,
                    url: &url,
                    headers: &mut lines,
                    stop,
                })
                .map_err(NetError::Denied)?;
                headers = lines;
                hooked = Request {
                    headers: &headers,
                    ..*req
                };
                &hooked
            }
        };
        let pinned: Vec<IpAddr> = match &req.url.host {
            Host::Name(n) => req
                .resolve
                .iter()
                .filter(|(h, p, _)| h.eq_ignore_ascii_case(n) && *p == req.url.port)
                .map(|(_, _, a)| *a)
                .collect(),
            Host::Ip(_) => Vec::new(),
        };
        let addrs = if pinned.is_empty() {
            resolve::resolve(&req.url.host, stop, deadline)?
        } else {
            pinned
        };
        // THREAT NET-SSRF-1: every address is judged, and only judged ones are connected to.
        if let Some(bad) = addrs.iter().find(|a| !rule.allows_addr(**a)) {
            return Err(NetError::Denied(refused_address(&req.url.host, *bad)));
        }
        if self.secrets.is_empty() {
            return http::send(req, &addrs, self.max_body, stop, deadline);
        }
        // THREAT NET-SECRET-1: credentials go on the wire only for requests under their
        // prefix (each redirect hop judged anew), after the hook, and never come back.
        let mut lines = req.headers.to_vec();
        let (_, url) = self.secrets.apply(req.url, &mut lines);
        let sent = Request {
            headers: &lines,
            url: url.as_ref().unwrap_or(req.url),
            ..*req
        };
        // A message that would carry a value (none is known to) is reworded without it.
        let redact = |e: NetError| {
            let text = e.to_string();
            let clean = self.secrets.redact(text.as_bytes());
            if clean == text.as_bytes() {
                e
            } else {
                NetError::Denied(String::from_utf8_lossy(&clean).into_owned())
            }
        };
        let mut resp = http::send(&sent, &addrs, self.max_body, stop, deadline).map_err(redact)?;
        resp.head = self.secrets.redact(&resp.head);
        for (_, v) in resp.headers.iter_mut() {
            *v = self.secrets.redact(v);
        }
        resp.reason =
            String::from_utf8_lossy(&self.secrets.redact(resp.reason.as_bytes())).into_owned();
        resp.body.redact_with(self.secrets.redactor());
        Ok(resp)
    }
}

/// A response read whole, for an embedded language's HTTP API (python3's `urllib`, node's
/// `fetch`): the status, the headers as text, the body.
pub struct Exchange {
    pub status: u16,
    pub reason: String,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

/// The message of a request made in a session without network access.
pub fn unavailable(url: &str) -> String {
    format!(
        "network access is not available in this sandbox: no allowlist rule permits {url} ({HOW_TO_ALLOW})"
    )
}

impl Net {
    /// One whole exchange for a guest language: `headers` as the guest gave them, with `Host`
    /// added first and `Content-Length` last for a body that has none, then the response's
    /// body read to its end (none for HEAD).
    /// Redirects are the caller's to follow, so each hop goes back through the policy.
    pub fn exchange(
        &self,
        method: &str,
        url: &Url,
        mut headers: Vec<(String, Vec<u8>)>,
        body: &[u8],
        stop: &dyn Fn() -> bool,
        deadline: Option<Instant>,
    ) -> Result<Exchange, NetError> {
        let has = |h: &[(String, Vec<u8>)], name: &str| {
            h.iter().any(|(k, _)| k.eq_ignore_ascii_case(name))
        };
        if !has(&headers, "host") {
            headers.insert(0, ("Host".to_string(), url.host_header().into_bytes()));
        }
        if !body.is_empty() && !has(&headers, "content-length") {
            headers.push((
                "Content-Length".to_string(),
                body.len().to_string().into_bytes(),
            ));
        }
        let request = Request {
            method,
            url,
            headers: &headers,
            body,
            resolve: &[],
        };
        let mut resp = self.open(&request, stop, deadline)?;
        let mut out = Vec::new();
        if method != "HEAD" {
            let mut buf = vec![0u8; 64 * 1024];
            loop {
                match resp.body.read(&mut buf, stop)? {
                    0 => break,
                    n => out.extend_from_slice(&buf[..n]),
                }
            }
        }
        Ok(Exchange {
            status: resp.status,
            reason: std::mem::take(&mut resp.reason),
            headers: resp
                .headers
                .iter()
                .map(|(k, v)| (k.clone(), String::from_utf8_lossy(v).into_owned()))
                .collect(),
            body: out,
        })
    }
}

fn refused_address(host: &Host, addr: IpAddr) -> String {
    format!(
        "network access is denied: {host} resolves to {addr}, a loopback, private, link-local \
         or metadata address; such an address is reached only through a rule that names it \
         (e.g. --allow-net 'http://{}/')",
        Host::Ip(addr)
    )
}
