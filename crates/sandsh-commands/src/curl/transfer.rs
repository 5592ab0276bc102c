//! One curl transfer: request building, redirects (each one back through the policy), retries,
//! output of heads and body, `-w`, cookies.

use sandsh_api::time::Instant;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use sandsh_api::fs::WriteMode;
use sandsh_api::net::{Net, NetError, Request, Response, Scheme, Url, UrlError};
use sandsh_api::{ToolCtx, is_cancelled};

use super::cookies::Jar;
use super::writeout::{self, Info};
use super::{Opts, OutTarget};
use crate::common::{diag, input, paths};

/// The User-Agent curl sends by default.
const USER_AGENT: &str = "curl/7.88.1";
const CHUNK: usize = 16 << 10;

/// A failed transfer: curl's exit code and message.
type Fail = (i32, String);

enum Outcome {
    Done,
    Failed(Fail),
    /// A transient failure that may be retried (the reason for the warning).
    Transient(&'static str, Fail),
}

fn cancelled() -> Fail {
    (130, String::new())
}

/// Where the body (and `-i` heads) go.
struct Sink {
    path: Option<PathBuf>,
    started: bool,
    create_dirs: bool,
}

impl Sink {
    fn write(&mut self, ctx: &mut dyn ToolCtx, data: &[u8]) -> Result<(), Fail> {
        if ctx.is_cancelled() {
            return Err(cancelled());
        }
        let Some(p) = &self.path else {
            return match ctx.stdout().write_all(data) {
                Ok(()) => Ok(()),
                Err(e) if is_cancelled(&e) => Err(cancelled()),
                Err(_) => Err((23, "Failure writing output to destination".into())),
            };
        };
        let mode = if self.started {
            WriteMode::Append
        } else {
            WriteMode::Truncate
        };
        if !self.started
            && self.create_dirs
            && let Some(parent) = p.parent()
        {
            let _ = ctx.backend().mkdir(parent, 0o777 & !ctx.umask(), true);
        }
        let perm = 0o666 & !ctx.umask();
        match ctx.backend().write(p, data, mode, perm) {
            Ok(()) => {
                self.started = true;
                Ok(())
            }
            Err(e) => {
                let _ = writeln!(
                    ctx.stderr(),
                    "Warning: Failed to open the file {}: {}",
                    p.display(),
                    diag::vfs_msg(&e)
                );
                Err((23, "Failure writing output to destination".into()))
            }
        }
    }

    /// Create an empty file when the transfer succeeded with no data.
    fn finish(&mut self, ctx: &mut dyn ToolCtx) -> Result<(), Fail> {
        if self.path.is_some() && !self.started {
            return self.write(ctx, b"");
        }
        Ok(())
    }
}

fn now_secs(ctx: &dyn ToolCtx) -> i64 {
    ctx.now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

/// Run every URL; the status is that of the last failure (0 when all succeeded).
pub(super) fn run_all(o: &Opts, ctx: &mut dyn ToolCtx) -> i32 {
    let net = ctx.network();
    let mut jar = Jar::default();
    let mut cookie_strings: Vec<Vec<u8>> = Vec::new();
    for c in &o.cookies {
        if c.contains(&b'=') {
            cookie_strings.push(c.clone());
        } else if let Ok(d) = input::read_input(ctx, c) {
            jar.load(&String::from_utf8_lossy(&d));
        }
    }
    let mut last = 0;
    for (i, url) in o.urls.iter().enumerate() {
        if ctx.is_cancelled() {
            return 130;
        }
        let code = one_url(
            o,
            ctx,
            net.as_deref(),
            &mut jar,
            &cookie_strings,
            url,
            o.outputs.get(i),
        );
        if ctx.is_cancelled() {
            return 130;
        }
        if code != 0 {
            last = code;
        }
    }
    if let Some(path) = &o.cookie_jar {
        let text = jar.dump();
        if path == "-" {
            let _ = ctx.stdout().write_all(text.as_bytes());
        } else {
            let p = ctx.resolve_path(path);
            let perm = 0o666 & !ctx.umask();
            if let Err(e) = ctx
                .backend()
                .write(&p, text.as_bytes(), WriteMode::Truncate, perm)
            {
                let _ = writeln!(
                    ctx.stderr(),
                    "curl: WARNING: failed to save cookies in {path}: {}",
                    diag::vfs_msg(&e)
                );
            }
        }
    }
    last
}

fn report(o: &Opts, ctx: &mut dyn ToolCtx, code: i32, msg: &str) {
    if code != 130 && o.shows_errors() && !msg.is_empty() {
        let _ = writeln!(ctx.stderr(), "curl: ({code}) {msg}");
    }
}

fn one_url(
    o: &Opts,
    ctx: &mut dyn ToolCtx,
    net: Option<&Net>,
    jar: &mut Jar,
    cookie_strings: &[Vec<u8>],
    text: &str,
    target: Option<&OutTarget>,
) -> i32 {
    let start = Instant::now();
    let mut info = Info {
        url: text.to_string(),
        ..Info::default()
    };
    let result = prepare_and_run(o, ctx, net, jar, cookie_strings, text, target, &mut info);
    info.time_total = start.elapsed().as_secs_f64();
    let code = match result {
        Ok(()) => 0,
        Err((code, msg)) => {
            info.exitcode = code;
            info.errormsg = msg.clone();
            report(o, ctx, code, &msg);
            code
        }
    };
    if code == 130 && ctx.is_cancelled() {
        return 130;
    }
    if let Some(fmt) = &o.write_out {
        let (out, err, unknown) = writeout::expand(fmt, &info);
        for u in unknown {
            let _ = writeln!(ctx.stderr(), "curl: unknown --write-out variable: '{u}'");
        }
        let _ = ctx.stdout().write_all(&out);
        if !err.is_empty() {
            let _ = ctx.stderr().write_all(&err);
        }
    }
    code
}

/// Everything about the request that does not change between attempts.
struct Plan {
    url: Url,
    method: String,
    /// The method is the user's (`-X`): kept across redirects.
    custom_method: bool,
    body: Vec<u8>,
    content_type: Option<String>,
    sink: Sink,
}

#[allow(clippy::too_many_arguments)]
fn prepare_and_run(
    o: &Opts,
    ctx: &mut dyn ToolCtx,
    net: Option<&Net>,
    jar: &mut Jar,
    cookie_strings: &[Vec<u8>],
    text: &str,
    target: Option<&OutTarget>,
    info: &mut Info,
) -> Result<(), Fail> {
    let url_err = |e: UrlError| {
        let code = match e {
            UrlError::Scheme(_) => 1,
            UrlError::Malformed => 3,
        };
        (code, e.to_string())
    };
    let mut url = Url::parse(text).map_err(url_err)?;
    let mut body = Vec::new();
    let mut content_type = None;
    let mut method = "GET";
    if let Some(up) = &o.upload {
        if url.path.ends_with('/') {
            url.path
                .push_str(&sandsh_api::net::percent_encode(paths::base_name(
                    up.as_bytes(),
                )));
        }
        body = match input::read_input(ctx, up.as_bytes()) {
            Ok(d) => d,
            Err(e) if is_cancelled(&e) => return Err(cancelled()),
            Err(e) => {
                return Err((
                    26,
                    format!(
                        "Failed to open/read local data from file/application ({})",
                        diag::io_msg(&e)
                    ),
                ));
            }
        };
        method = "PUT";
    }
    if let Some(d) = &o.data {
        if o.get {
            let q = String::from_utf8_lossy(d).into_owned();
            url.query = Some(match url.query.take() {
                Some(old) if !old.is_empty() => format!("{old}&{q}"),
                _ => q,
            });
        } else {
            body = d.clone();
            method = "POST";
            content_type = Some(if o.json {
                "application/json".to_string()
            } else {
                "application/x-www-form-urlencoded".to_string()
            });
        }
    }
    if !o.form.is_empty() {
        let (b, ct) = multipart(o, ctx)?;
        body = b;
        content_type = Some(ct);
        method = "POST";
    }
    if o.head {
        method = "HEAD";
    }
    // The request body is held (and copied per redirect hop) for the whole transfer.
    let mut held = ctx.memory().charge();
    if held.add(body.len().saturating_mul(2)).is_err() {
        return Err((125, String::new()));
    }
    let custom_method = o.method.is_some();
    let method = o.method.clone().unwrap_or_else(|| method.to_string());
    info.method = method.clone();
    info.size_upload = body.len() as u64;
    let path = match target {
        None => None,
        Some(OutTarget::File(f)) if f == "-" => None,
        Some(OutTarget::File(f)) => Some(ctx.resolve_path(f)),
        Some(OutTarget::Remote) => {
            let seg = url.path.rsplit('/').next().unwrap_or("");
            if seg.is_empty() {
                return Err((23, "Remote file name has no length!".into()));
            }
            // curl names the file with the segment as written (no decoding, no query).
            Some(ctx.resolve_path(seg))
        }
    };
    let Some(net) = net else {
        info.url_effective = url.to_string();
        return Err((
            7,
            format!(
                "network access is denied ({url}): this session has no network; {}",
                sandsh_api::net::HOW_TO_ALLOW
            ),
        ));
    };
    let mut plan = Plan {
        url,
        method,
        custom_method,
        body,
        content_type,
        sink: Sink {
            path,
            started: false,
            create_dirs: o.create_dirs,
        },
    };
    let retry_start = Instant::now();
    let mut left = o.retry;
    let mut delay = o.retry_delay.unwrap_or(Duration::from_secs(1));
    loop {
        let may_retry = left > 0
            && o.retry_max_time
                .is_none_or(|m| retry_start.elapsed() + delay < m);
        match attempt(o, ctx, net, jar, cookie_strings, &mut plan, info, may_retry) {
            Outcome::Done => return plan.sink.finish(ctx),
            Outcome::Failed(f) => return Err(f),
            Outcome::Transient(why, f) => {
                if !may_retry {
                    return Err(f);
                }
                if !o.silent {
                    let _ = writeln!(
                        ctx.stderr(),
                        "Warning: Problem : {why}. Will retry in {} seconds. {left} retries left.",
                        delay.as_secs()
                    );
                }
                if !nap(ctx, delay) {
                    return Err(cancelled());
                }
                left -= 1;
                if o.retry_delay.is_none() {
                    delay = (delay * 2).min(Duration::from_secs(600));
                }
            }
        }
    }
}

/// Sleep, waking on cancellation; false when cancelled.
fn nap(ctx: &dyn ToolCtx, d: Duration) -> bool {
    let until = Instant::now() + d;
    while Instant::now() < until {
        if ctx.is_cancelled() {
            return false;
        }
        std::thread::sleep(Duration::from_millis(20).min(until - Instant::now()));
    }
    !ctx.is_cancelled()
}

fn multipart(o: &Opts, ctx: &mut dyn ToolCtx) -> Result<(Vec<u8>, String), Fail> {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u8(1);
    let boundary = format!("------------------------{:016x}", h.finish());
    let mut body = Vec::new();
    for f in &o.form {
        let Some(eq) = f.iter().position(|&b| b == b'=') else {
            return Err((
                2,
                format!("Illegally formatted input field: '{}'", diag::lossy(f)),
            ));
        };
        let name = diag::lossy(&f[..eq]);
        let v = &f[eq + 1..];
        body.extend_from_slice(format!("--{boundary}\r\n").as_bytes());
        let (attach, read) = (v.first() == Some(&b'@'), v.first() == Some(&b'<'));
        if attach || read {
            let mut file = &v[1..];
            let mut ctype = None;
            if let Some(p) = file.windows(6).position(|w| w == b";type=") {
                ctype = Some(diag::lossy(&file[p + 6..]));
                file = &file[..p];
            }
            let data = match input::read_input(ctx, file) {
                Ok(d) => d,
                Err(e) if is_cancelled(&e) => return Err(cancelled()),
                Err(e) => {
                    return Err((
                        26,
                        format!(
                            "Failed to open/read local data from file/application ({})",
                            diag::io_msg(&e)
                        ),
                    ));
                }
            };
            if attach {
                let fname = diag::lossy(paths::base_name(file));
                let ct = ctype.unwrap_or_else(|| guess_type(&fname).to_string());
                body.extend_from_slice(
                    format!(
                        "Content-Disposition: form-data; name=\"{name}\"; filename=\"{fname}\"\r\nContent-Type: {ct}\r\n\r\n"
                    )
                    .as_bytes(),
                );
            } else {
                body.extend_from_slice(
                    format!("Content-Disposition: form-data; name=\"{name}\"\r\n\r\n").as_bytes(),
                );
            }
            body.extend_from_slice(&data);
        } else {
            body.extend_from_slice(
                format!("Content-Disposition: form-data; name=\"{name}\"\r\n\r\n").as_bytes(),
            );
            body.extend_from_slice(v);
        }
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    Ok((body, format!("multipart/form-data; boundary={boundary}")))
}

fn guess_type(name: &str) -> &'static str {
    let ext = name.rsplit('.').next().unwrap_or("").to_ascii_lowercase();
    match ext.as_str() {
        "txt" => "text/plain",
        "html" | "htm" => "text/html",
        "json" => "application/json",
        "xml" => "application/xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "pdf" => "application/pdf",
        "csv" => "text/csv",
        _ => "application/octet-stream",
    }
}

/// The request headers, in curl's order, with `-H` replacing or removing defaults.
fn headers(
    o: &Opts,
    plan: &Plan,
    jar: &Jar,
    cookie_strings: &[Vec<u8>],
    same_origin: bool,
    now: i64,
) -> Vec<(String, Vec<u8>)> {
    let url = &plan.url;
    let mut h: Vec<(String, Vec<u8>)> = vec![("Host".into(), url.host_header().into_bytes())];
    let cred = match (&o.user, &url.userinfo) {
        (Some(u), _) if same_origin => Some(u.clone()),
        (_, Some((u, p))) => Some(format!("{u}:{}", p.clone().unwrap_or_default()).into_bytes()),
        _ => None,
    };
    if let Some(c) = cred {
        h.push((
            "Authorization".into(),
            format!("Basic {}", sandsh_api::net::secrets::base64(&c)).into_bytes(),
        ));
    }
    h.push((
        "User-Agent".into(),
        o.agent
            .clone()
            .unwrap_or_else(|| USER_AGENT.as_bytes().to_vec()),
    ));
    if o.json {
        h.push(("Content-Type".into(), b"application/json".to_vec()));
        h.push(("Accept".into(), b"application/json".to_vec()));
    } else {
        h.push(("Accept".into(), b"*/*".to_vec()));
    }
    if let Some(r) = &o.referer {
        h.push(("Referer".into(), r.clone()));
    }
    let mut cookie = Vec::new();
    if same_origin {
        for c in cookie_strings {
            if !cookie.is_empty() {
                cookie.extend_from_slice(b"; ");
            }
            cookie.extend_from_slice(c);
        }
    }
    if let Some(j) = jar.header_for(url, now) {
        if !cookie.is_empty() {
            cookie.extend_from_slice(b"; ");
        }
        cookie.extend_from_slice(j.as_bytes());
    }
    if !cookie.is_empty() {
        h.push(("Cookie".into(), cookie));
    }
    if o.compressed {
        h.push(("Accept-Encoding".into(), b"deflate, gzip".to_vec()));
    }
    let mut tail: Vec<(String, Vec<u8>)> = Vec::new();
    let has_body = !plan.body.is_empty() || plan.content_type.is_some() || o.upload.is_some();
    if has_body {
        tail.push((
            "Content-Length".into(),
            plan.body.len().to_string().into_bytes(),
        ));
        if let Some(ct) = &plan.content_type
            && !o.json
        {
            tail.push(("Content-Type".into(), ct.clone().into_bytes()));
        }
    }
    let mut custom: Vec<(String, Vec<u8>)> = Vec::new();
    let mut drop: Vec<String> = Vec::new();
    for line in &o.headers {
        if let Some(p) = line.iter().position(|&b| b == b':') {
            let name = diag::lossy(&line[..p]).trim().to_string();
            let mut v = &line[p + 1..];
            while let [b' ' | b'\t', rest @ ..] = v {
                v = rest;
            }
            if name.eq_ignore_ascii_case("authorization") && !same_origin {
                continue;
            }
            drop.push(name.to_ascii_lowercase());
            if !v.is_empty() {
                custom.push((name, v.to_vec()));
            }
        } else if let Some(name) = line.strip_suffix(b";") {
            let name = diag::lossy(name).trim().to_string();
            drop.push(name.to_ascii_lowercase());
            custom.push((name, Vec::new()));
        }
    }
    h.retain(|(k, _)| !drop.contains(&k.to_ascii_lowercase()));
    tail.retain(|(k, _)| !drop.contains(&k.to_ascii_lowercase()));
    h.extend(custom);
    h.extend(tail);
    h
}

fn verbose_request(ctx: &mut dyn ToolCtx, req: &Request) {
    let mut s = format!("> {} {} HTTP/1.1\r\n", req.method, req.url.target());
    for (k, v) in req.headers {
        s.push_str(&format!("> {k}: {}\r\n", String::from_utf8_lossy(v)));
    }
    s.push_str("> \r\n");
    let _ = ctx.stderr().write_all(s.as_bytes());
}

fn verbose_response(ctx: &mut dyn ToolCtx, r: &Response) {
    let _ = writeln!(
        ctx.stderr(),
        "* Connected to {} ({}) port {}",
        r.addr.ip(),
        r.addr.ip(),
        r.addr.port()
    );
    for head in r.interim.iter().chain(std::iter::once(&r.head)) {
        for line in head.split_inclusive(|&b| b == b'\n') {
            let _ = ctx.stderr().write_all(b"< ");
            let _ = ctx.stderr().write_all(line);
        }
    }
}

fn net_fail(e: NetError, started: Instant, received: u64) -> Fail {
    match e {
        NetError::Timeout => (
            28,
            format!(
                "Operation timed out after {} milliseconds with {received} bytes received",
                started.elapsed().as_millis()
            ),
        ),
        NetError::Cancelled => cancelled(),
        e => (e.curl_code(), e.to_string()),
    }
}

fn is_transient(status: u16) -> bool {
    matches!(status, 408 | 429 | 500 | 502 | 503 | 504)
}

#[allow(clippy::too_many_arguments)]
fn attempt(
    o: &Opts,
    ctx: &mut dyn ToolCtx,
    net: &Net,
    jar: &mut Jar,
    cookie_strings: &[Vec<u8>],
    plan: &mut Plan,
    info: &mut Info,
    may_retry: bool,
) -> Outcome {
    let started = Instant::now();
    let deadline = o.max_time.map(|t| started + t);
    // The script's clock stops only within this transfer's own --max-time.
    let _patience = o.max_time.map(|t| ctx.patient(t));
    let origin = (plan.url.scheme, plan.url.host.clone(), plan.url.port);
    let mut url = plan.url.clone();
    let mut method = plan.method.clone();
    let mut body = plan.body.clone();
    let mut redirects = 0u32;
    let now = now_secs(ctx);
    info.size_header = 0;
    loop {
        let same_origin = (url.scheme, url.host.clone(), url.port) == origin;
        let step = Plan {
            url: url.clone(),
            method: method.clone(),
            custom_method: plan.custom_method,
            body: body.clone(),
            content_type: if body.is_empty() {
                None
            } else {
                plan.content_type.clone()
            },
            sink: Sink {
                path: None,
                started: false,
                create_dirs: false,
            },
        };
        let hdrs = headers(o, &step, jar, cookie_strings, same_origin, now);
        let req = Request {
            method: &method,
            url: &url,
            headers: &hdrs,
            body: &body,
            resolve: &o.resolve,
        };
        info.url_effective = url.to_string();
        info.scheme = match url.scheme {
            Scheme::Http => "HTTP".into(),
            Scheme::Https => "HTTPS".into(),
        };
        if o.verbose {
            verbose_request(ctx, &req);
        }
        let opened = {
            let c: &dyn ToolCtx = &*ctx;
            net.open(&req, &|| c.is_cancelled(), deadline)
        };
        let mut resp = match opened {
            Ok(r) => r,
            Err(NetError::Timeout) if may_retry => {
                return Outcome::Transient("timeout", net_fail(NetError::Timeout, started, 0));
            }
            Err(e) => return Outcome::Failed(net_fail(e, started, 0)),
        };
        info.http_code = resp.status;
        info.remote_ip = resp.addr.ip().to_string();
        info.remote_port = resp.addr.port();
        info.http_version = if resp.version == "HTTP/1.0" {
            "1"
        } else {
            "1.1"
        }
        .into();
        info.content_type = resp
            .header("content-type")
            .map(|v| String::from_utf8_lossy(v).into_owned());
        info.time_connect = started.elapsed().as_secs_f64();
        info.time_starttransfer = info.time_connect;
        info.size_header +=
            resp.head.len() as u64 + resp.interim.iter().map(|h| h.len() as u64).sum::<u64>();
        if o.verbose {
            verbose_response(ctx, &resp);
        }
        let set: Vec<String> = resp
            .headers_named("set-cookie")
            .map(|v| String::from_utf8_lossy(v).into_owned())
            .collect();
        for s in set {
            jar.store(&url, &s, now);
        }
        let location = resp
            .header("location")
            .map(|v| String::from_utf8_lossy(v).into_owned());
        let is_redirect = matches!(resp.status, 301 | 302 | 303 | 307 | 308) && location.is_some();
        if o.include || o.head {
            let mut heads = Vec::new();
            for h in resp.interim.iter().chain(std::iter::once(&resp.head)) {
                heads.extend_from_slice(h);
            }
            if let Err(f) = plan.sink.write(ctx, &heads) {
                return Outcome::Failed(f);
            }
        }
        if let Some(d) = &o.dump_header {
            let mut heads = Vec::new();
            for h in resp.interim.iter().chain(std::iter::once(&resp.head)) {
                heads.extend_from_slice(h);
            }
            if d == "-" {
                let _ = ctx.stdout().write_all(&heads);
            } else {
                let p = ctx.resolve_path(d);
                let mode = if redirects == 0 {
                    WriteMode::Truncate
                } else {
                    WriteMode::Append
                };
                let _ = ctx.backend().write(&p, &heads, mode, 0o666 & !ctx.umask());
            }
        }
        if is_redirect && let Some(loc) = &location {
            let next = match url.join(loc) {
                Ok(n) => n,
                Err(e) => return Outcome::Failed((3, e.to_string())),
            };
            if o.location {
                redirects += 1;
                if redirects > o.max_redirs {
                    return Outcome::Failed((
                        47,
                        format!("Maximum ({}) redirects followed", o.max_redirs),
                    ));
                }
                let to_get = (resp.status == 303 && method != "HEAD")
                    || (matches!(resp.status, 301 | 302) && method == "POST");
                if to_get && !plan.custom_method {
                    method = "GET".into();
                    body.clear();
                }
                url = next;
                info.num_redirects = redirects;
                continue;
            }
            info.redirect_url = Some(next.to_string());
        }
        if may_retry && is_transient(resp.status) {
            // curl writes the failed attempt's body (unless -f); a file starts over.
            if !o.fail {
                if let Err(f) = stream_body(o, ctx, net, &mut resp, plan, info, started) {
                    return Outcome::Failed(f);
                }
                if plan.sink.path.is_some() {
                    plan.sink.started = false;
                }
            }
            return Outcome::Transient(
                "HTTP error",
                (
                    22,
                    format!("The requested URL returned error: {}", resp.status),
                ),
            );
        }
        let http_error = resp.status >= 400;
        if o.fail && http_error && !o.fail_with_body {
            return Outcome::Failed((
                22,
                format!("The requested URL returned error: {}", resp.status),
            ));
        }
        if let Err(f) = stream_body(o, ctx, net, &mut resp, plan, info, started) {
            if f.0 == 28 && may_retry {
                return Outcome::Transient("timeout", f);
            }
            return Outcome::Failed(f);
        }
        if o.fail_with_body && http_error {
            return Outcome::Failed((
                22,
                format!("The requested URL returned error: {}", resp.status),
            ));
        }
        return Outcome::Done;
    }
}

enum Decoder {
    Gzip(flate2::write::GzDecoder<Vec<u8>>),
    Zlib(flate2::write::ZlibDecoder<Vec<u8>>),
}

impl Decoder {
    fn feed(&mut self, data: &[u8]) -> std::io::Result<Vec<u8>> {
        match self {
            Decoder::Gzip(d) => {
                d.write_all(data)?;
                Ok(std::mem::take(d.get_mut()))
            }
            Decoder::Zlib(d) => {
                d.write_all(data)?;
                Ok(std::mem::take(d.get_mut()))
            }
        }
    }
    fn finish(&mut self) -> std::io::Result<Vec<u8>> {
        match self {
            Decoder::Gzip(d) => {
                d.try_finish()?;
                Ok(std::mem::take(d.get_mut()))
            }
            Decoder::Zlib(d) => {
                d.try_finish()?;
                Ok(std::mem::take(d.get_mut()))
            }
        }
    }
}

fn stream_body(
    o: &Opts,
    ctx: &mut dyn ToolCtx,
    net: &Net,
    resp: &mut Response,
    plan: &mut Plan,
    info: &mut Info,
    started: Instant,
) -> Result<(), Fail> {
    let mut decoder = if o.compressed {
        match resp
            .header("content-encoding")
            .map(|v| String::from_utf8_lossy(v).trim().to_ascii_lowercase())
            .as_deref()
        {
            Some("gzip" | "x-gzip") => {
                Some(Decoder::Gzip(flate2::write::GzDecoder::new(Vec::new())))
            }
            Some("deflate") => Some(Decoder::Zlib(flate2::write::ZlibDecoder::new(Vec::new()))),
            _ => None,
        }
    } else {
        None
    };
    let cap = net.max_body();
    let mut decoded: u64 = 0;
    let mut buf = vec![0u8; CHUNK];
    let bad_encoding = |e: std::io::Error| {
        (
            61,
            format!("Error while processing content unencoding: {e}"),
        )
    };
    loop {
        let r = resp.body.read(&mut buf, &|| ctx.is_cancelled());
        let n = match r {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) => {
                info.size_download = resp.body.received();
                return Err(net_fail(e, started, resp.body.received()));
            }
        };
        info.size_download = resp.body.received();
        match &mut decoder {
            None => plan.sink.write(ctx, &buf[..n])?,
            Some(d) => {
                // Small pieces keep one step's output bounded (a compression bomb).
                for piece in buf[..n].chunks(1024) {
                    let out = d.feed(piece).map_err(bad_encoding)?;
                    decoded += out.len() as u64;
                    if decoded > cap {
                        return Err(net_fail(NetError::TooLarge(cap), started, 0));
                    }
                    plan.sink.write(ctx, &out)?;
                }
            }
        }
    }
    if let Some(d) = &mut decoder {
        let out = d.finish().map_err(bad_encoding)?;
        decoded += out.len() as u64;
        if decoded > cap {
            return Err(net_fail(NetError::TooLarge(cap), started, 0));
        }
        plan.sink.write(ctx, &out)?;
    }
    Ok(())
}
