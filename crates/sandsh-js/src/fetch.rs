//! `fetch`: one HTTP exchange through the session's network (`ToolCtx::network`), under its
//! allowlist, as curl and python3's urllib go. Redirects are followed by the JavaScript side
//! (each hop comes back here, so each is judged by the policy); a session without network
//! access refuses with the allowlist's message.

use std::time::{Duration, Instant};

use sandsh_api::ToolCtx;

/// What came back: status, reason, headers in order, body.
pub(crate) struct Reply {
    pub(crate) status: u16,
    pub(crate) reason: String,
    pub(crate) headers: Vec<(String, String)>,
    pub(crate) body: Vec<u8>,
}

/// Send one request; the error is the message a `TypeError: fetch failed` carries as its cause.
pub(crate) fn exchange(
    ctx: &dyn ToolCtx,
    method: &str,
    url: &str,
    headers: Vec<(String, String)>,
    body: &[u8],
    timeout: Option<Duration>,
) -> Result<Reply, String> {
    let Some(net) = ctx.network() else {
        return Err(format!(
            "network access is not available in this sandbox: no allowlist rule permits {url} ({})",
            sandsh_net::HOW_TO_ALLOW
        ));
    };
    let parsed = sandsh_net::Url::parse(url).map_err(|e| format!("{e}: {url}"))?;
    let mut lines: Vec<(String, Vec<u8>)> = headers
        .into_iter()
        .map(|(k, v)| (k, v.into_bytes()))
        .collect();
    if !lines.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
        lines.insert(0, ("Host".to_string(), parsed.host_header().into_bytes()));
    }
    if !lines
        .iter()
        .any(|(k, _)| k.eq_ignore_ascii_case("user-agent"))
    {
        lines.push(("User-Agent".to_string(), b"node".to_vec()));
    }
    if !lines.iter().any(|(k, _)| k.eq_ignore_ascii_case("accept")) {
        lines.push(("Accept".to_string(), b"*/*".to_vec()));
    }
    if (!body.is_empty() || !matches!(method, "GET" | "HEAD"))
        && !lines
            .iter()
            .any(|(k, _)| k.eq_ignore_ascii_case("content-length"))
    {
        lines.push((
            "Content-Length".to_string(),
            body.len().to_string().into_bytes(),
        ));
    }
    let request = sandsh_net::Request {
        method,
        url: &parsed,
        headers: &lines,
        body,
        resolve: &[],
    };
    let stop = || ctx.is_cancelled();
    let deadline = timeout.map(|t| Instant::now() + t);
    let mut resp = net
        .open(&request, &stop, deadline)
        .map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    let mut buf = vec![0u8; 64 * 1024];
    if method != "HEAD" {
        loop {
            match resp.body.read(&mut buf, &stop) {
                Ok(0) => break,
                Ok(n) => out.extend_from_slice(&buf[..n]),
                Err(e) => return Err(e.to_string()),
            }
        }
    }
    Ok(Reply {
        status: resp.status,
        reason: resp.reason.clone(),
        headers: resp
            .headers
            .iter()
            .map(|(k, v)| (k.clone(), String::from_utf8_lossy(v).into_owned()))
            .collect(),
        body: out,
    })
}
