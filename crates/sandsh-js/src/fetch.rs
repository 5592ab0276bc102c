//! `fetch`: one HTTP exchange through the session's network (`ToolCtx::network`), under its
//! allowlist, as curl and python3's urllib go. Redirects are followed by the JavaScript side
//! (each hop comes back here, so each is judged by the policy); a session without network
//! access refuses with the allowlist's message.

use std::time::{Duration, Instant};

use sandsh_api::ToolCtx;
use sandsh_net::Exchange;

/// Send one request; the error is the message a `TypeError: fetch failed` carries as its cause.
pub(crate) fn exchange(
    ctx: &dyn ToolCtx,
    method: &str,
    url: &str,
    headers: Vec<(String, String)>,
    body: &[u8],
    timeout: Option<Duration>,
) -> Result<Exchange, String> {
    let Some(net) = ctx.network() else {
        return Err(sandsh_net::unavailable(url));
    };
    let parsed = sandsh_net::Url::parse(url).map_err(|e| format!("{e}: {url}"))?;
    let mut lines: Vec<(String, Vec<u8>)> = headers
        .into_iter()
        .map(|(k, v)| (k, v.into_bytes()))
        .collect();
    // Node's (undici's) defaults, after the script's own headers; a request with a method
    // that carries a body says its length even when empty.
    let length = body.len().to_string();
    let empty_length = !matches!(method, "GET" | "HEAD");
    for (name, value, wanted) in [
        ("User-Agent", "node", true),
        ("Accept", "*/*", true),
        ("Content-Length", length.as_str(), empty_length),
    ] {
        if wanted && !lines.iter().any(|(k, _)| k.eq_ignore_ascii_case(name)) {
            lines.push((name.to_string(), value.as_bytes().to_vec()));
        }
    }
    let stop = || ctx.is_cancelled();
    let deadline = timeout.map(|t| Instant::now() + t);
    net.exchange(method, &parsed, lines, body, &stop, deadline)
        .map_err(|e| e.to_string())
}
