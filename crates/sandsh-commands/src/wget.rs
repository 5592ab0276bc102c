//! `wget`: download URLs to files (or stdout with `-O -`) under the session's allowlist.
//!
//! Shares the network layer with `curl` (policy, resolver, client); follows redirects itself
//! (up to 20, each checked by the policy), saves to the URL's last path segment
//! (`index.html` for a directory, `NAME.1`, `NAME.2`… when the name is taken), and exits with
//! wget's codes: 1 generic, 2 usage, 3 file I/O, 4 network failure (also a refusal by the
//! allowlist), 5 TLS, 8 an HTTP error response. The progress bar is not drawn; the other
//! messages go to stderr as wget words them.

use sandsh_api::time::Instant;
use std::time::Duration;

use sandsh_api::fs::WriteMode;
use sandsh_api::net::{Net, NetError, Request, Url, UrlError};
use sandsh_api::{
    Arg, ArgSpec, ArgType, Command, CommandSpec, Example, ExitStatus, OptSpec, RiskLevel, ToolCtx,
    is_cancelled,
};

use crate::common::{diag, input};

pub struct Wget;

static SPEC: CommandSpec = CommandSpec {
    name: "wget",
    group: "net",
    summary: "download files over HTTP and HTTPS",
    usage: "wget [OPTION]... URL...",
    description: "Download each URL to a file named after its last path segment (index.html for a directory), or to FILE with -O (- for standard output). Redirects are followed (each is checked against the allowlist). Network access is denied unless the session allows the URL (the CLI's --allow-net, KernelConfig::allow_net, BashTool::builder().allow_net). One attempt is made per URL unless --tries says otherwise; no progress bar is drawn.",
    options: &[
        OptSpec::new("-q, --quiet", "print nothing on stderr"),
        OptSpec::new(
            "-O, --output-document=FILE",
            "write all documents to FILE (- for stdout)",
        ),
        OptSpec::new(
            "-S, --server-response",
            "print the server's response heads on stderr",
        ),
        OptSpec::new("--header=LINE", "extra header 'Name: value'"),
        OptSpec::new("--post-data=DATA", "POST DATA (form-urlencoded)"),
        OptSpec::new("--post-file=FILE", "POST the contents of FILE"),
        OptSpec::new("--method=METHOD", "request method"),
        OptSpec::new("--body-data=DATA", "request body for --method"),
        OptSpec::new("-T, --timeout=SECONDS", "time limit of each attempt"),
        OptSpec::new(
            "-t, --tries=NUMBER",
            "attempts per URL on timeouts and receive errors (default 1 here)",
        ),
        OptSpec::new("-U, --user-agent=AGENT", "User-Agent to send"),
        OptSpec::new(
            "--max-redirect=NUM",
            "maximum redirections followed (default 20)",
        ),
        OptSpec::new("-c, --continue", "not supported"),
        OptSpec::new("-v, --verbose", "verbose (the default)"),
        OptSpec::new("--no-verbose", "print one line per download"),
    ],
    operands: &[ArgSpec::required("URL", ArgType::String, "http:// or https:// URL").repeated()],
    returns: "the documents, in files or on stdout (-O -); progress messages on stderr",
    examples: &[Example {
        description: "without an allowlist the network is off",
        script: "wget -q -O - https://example.com/; echo \"exit $?\"",
        stdout: "exit 4\n",
    }],
    errors: "wget's exit codes: 1 generic error, 2 bad usage, 3 file I/O error, 4 network failure or refused by the allowlist, 5 TLS error, 8 HTTP error response",
    risk: RiskLevel::HighRisk,
};

const USER_AGENT: &str = "Wget/1.21.3";
const MAX_REDIRECTS: u32 = 20;

#[derive(Default)]
struct Opts {
    quiet: bool,
    no_verbose: bool,
    output: Option<String>,
    server_response: bool,
    headers: Vec<Vec<u8>>,
    body: Option<Vec<u8>>,
    method: Option<String>,
    timeout: Option<Duration>,
    tries: u32,
    agent: Option<Vec<u8>>,
    max_redirect: u32,
}

fn usage(ctx: &mut dyn ToolCtx, msg: &str) -> i32 {
    let _ = writeln!(
        ctx.stderr(),
        "wget: {msg}\nUsage: wget [OPTION]... [URL]...\n\nTry `wget --help' for more options."
    );
    2
}

impl Command for Wget {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let p = match sandsh_api::ArgParser::parse(&SPEC, args) {
            Ok(p) => p,
            Err(e) => {
                let m = e.message.strip_prefix("wget: ").unwrap_or(&e.message);
                return usage(ctx, m);
            }
        };
        let mut o = Opts {
            tries: 1,
            max_redirect: MAX_REDIRECTS,
            ..Opts::default()
        };
        for (idx, val) in &p.opts {
            let v = val.clone().unwrap_or_default();
            match SPEC.options[*idx].long.unwrap_or("") {
                "quiet" => o.quiet = true,
                "no-verbose" => o.no_verbose = true,
                "verbose" => o.no_verbose = false,
                "output-document" => o.output = Some(diag::lossy(&v)),
                "server-response" => o.server_response = true,
                "header" => o.headers.push(v),
                "post-data" | "body-data" => o.body = Some(v),
                "post-file" => match input::read_input(ctx, &v) {
                    Ok(d) => o.body = Some(d),
                    Err(e) if is_cancelled(&e) => return 130,
                    Err(e) => {
                        let _ = writeln!(
                            ctx.stderr(),
                            "wget: {}: {}",
                            diag::lossy(&v),
                            diag::io_msg(&e)
                        );
                        return 3;
                    }
                },
                "method" => o.method = Some(diag::lossy(&v).to_ascii_uppercase()),
                "timeout" => match diag::lossy(&v).trim().parse::<f64>() {
                    Ok(t) if t.is_finite() && t >= 0.0 => {
                        o.timeout = Duration::try_from_secs_f64(t).ok().filter(|d| !d.is_zero())
                    }
                    _ => {
                        return usage(
                            ctx,
                            &format!("--timeout: Invalid time period ‘{}’", diag::lossy(&v)),
                        );
                    }
                },
                "tries" => match diag::lossy(&v).trim().parse::<u32>() {
                    Ok(n) => o.tries = n.max(1),
                    Err(_) => {
                        return usage(
                            ctx,
                            &format!("--tries: Invalid number ‘{}’.", diag::lossy(&v)),
                        );
                    }
                },
                "user-agent" => o.agent = Some(v),
                "max-redirect" => match diag::lossy(&v).trim().parse::<u32>() {
                    Ok(n) => o.max_redirect = n,
                    Err(_) => {
                        return usage(
                            ctx,
                            &format!("--max-redirect: Invalid number ‘{}’.", diag::lossy(&v)),
                        );
                    }
                },
                "continue" => {
                    let _ = writeln!(ctx.stderr(), "wget: --continue is not supported");
                    return 2;
                }
                _ => {}
            }
        }
        if p.operands.is_empty() {
            usage(ctx, "missing URL");
            return 1;
        }
        let net = ctx.network();
        let mut status = 0;
        let mut first_output = true;
        for u in &p.operands {
            if ctx.is_cancelled() {
                return 130;
            }
            let s = fetch(&o, ctx, net.as_deref(), &diag::lossy(u), &mut first_output);
            if ctx.is_cancelled() {
                return 130;
            }
            // wget reports the most serious failure; for simplicity keep the first one.
            if s != 0 && status == 0 {
                status = s;
            }
        }
        status
    }
}

fn stamp(ctx: &dyn ToolCtx) -> String {
    let ts = jiff::Timestamp::try_from(ctx.now()).unwrap_or(jiff::Timestamp::UNIX_EPOCH);
    ts.to_zoned(jiff::tz::TimeZone::UTC)
        .strftime("%Y-%m-%d %H:%M:%S")
        .to_string()
}

fn say(o: &Opts, ctx: &mut dyn ToolCtx, msg: &str) {
    if !o.quiet && !o.no_verbose {
        let _ = ctx.stderr().write_all(msg.as_bytes());
    }
}

/// A name not yet taken: `name`, else `name.1`, `name.2`…
fn free_name(ctx: &dyn ToolCtx, name: &str) -> String {
    if !ctx.backend().exists(&ctx.resolve_path(name)) {
        return name.to_string();
    }
    (1..)
        .map(|i| format!("{name}.{i}"))
        .find(|n| !ctx.backend().exists(&ctx.resolve_path(n)))
        .unwrap_or_else(|| name.to_string())
}

fn net_code(e: &NetError) -> i32 {
    match e {
        NetError::Tls(_) | NetError::Cert(_) => 5,
        NetError::Url(_) => 1,
        NetError::BadResponse(_) => 7,
        NetError::TooLarge(_) => 3,
        NetError::Cancelled => 130,
        _ => 4,
    }
}

fn fetch(
    o: &Opts,
    ctx: &mut dyn ToolCtx,
    net: Option<&Net>,
    text: &str,
    first_output: &mut bool,
) -> i32 {
    let mut url = match Url::parse(text) {
        Ok(u) => u,
        Err(UrlError::Scheme(s)) => {
            let _ = writeln!(ctx.stderr(), "{text}: Unsupported scheme ‘{s}’.");
            return 1;
        }
        Err(UrlError::Malformed) => {
            let _ = writeln!(ctx.stderr(), "{text}: Invalid URL.");
            return 1;
        }
    };
    let Some(net) = net else {
        if !o.quiet {
            let _ = writeln!(
                ctx.stderr(),
                "wget: network access is denied ({url}): this session has no network; {}",
                sandsh_api::net::HOW_TO_ALLOW
            );
        }
        return 4;
    };
    let mut method = o.method.clone().unwrap_or_else(|| {
        if o.body.is_some() {
            "POST".into()
        } else {
            "GET".into()
        }
    });
    let mut body = o.body.clone().unwrap_or_default();
    let mut held = ctx.memory().charge();
    if held.add(body.len()).is_err() {
        return 125;
    }
    let mut redirects = 0;
    let mut tries_left = o.tries;
    loop {
        let started = Instant::now();
        let deadline = o.timeout.map(|t| started + t);
        let _patience = o.timeout.map(|t| ctx.patient(t));
        let t = stamp(ctx);
        say(o, ctx, &format!("--{t}--  {url}\n"));
        let mut h: Vec<(String, Vec<u8>)> = vec![
            (
                "User-Agent".into(),
                o.agent
                    .clone()
                    .unwrap_or_else(|| USER_AGENT.as_bytes().to_vec()),
            ),
            ("Accept".into(), b"*/*".to_vec()),
            ("Accept-Encoding".into(), b"identity".to_vec()),
            ("Host".into(), url.host_header().into_bytes()),
            ("Connection".into(), b"Keep-Alive".to_vec()),
        ];
        let mut custom = Vec::new();
        for line in &o.headers {
            if let Some(p) = line.iter().position(|&b| b == b':') {
                let name = diag::lossy(&line[..p]).trim().to_string();
                let v = diag::lossy(&line[p + 1..]).trim().as_bytes().to_vec();
                h.retain(|(k, _)| !k.eq_ignore_ascii_case(&name));
                custom.push((name, v));
            }
        }
        h.extend(custom);
        if o.body.is_some() && !body.is_empty() || method == "POST" {
            if !h
                .iter()
                .any(|(k, _)| k.eq_ignore_ascii_case("content-type"))
            {
                h.push((
                    "Content-Type".into(),
                    b"application/x-www-form-urlencoded".to_vec(),
                ));
            }
            h.push(("Content-Length".into(), body.len().to_string().into_bytes()));
        }
        let req = Request {
            method: &method,
            url: &url,
            headers: &h,
            body: &body,
            resolve: &[],
        };
        let opened = {
            let c: &dyn ToolCtx = &*ctx;
            net.open(&req, &|| c.is_cancelled(), deadline)
        };
        let mut resp = match opened {
            Ok(r) => r,
            Err(NetError::Cancelled) => return 130,
            Err(e) => {
                let msg = match &e {
                    NetError::Resolve(host) => {
                        format!(
                            "Resolving {host}... failed: Name or service not known.\nwget: unable to resolve host address ‘{host}’\n"
                        )
                    }
                    NetError::Connect { host, port, .. } => {
                        format!("Connecting to {host}:{port}... failed: Connection refused.\n")
                    }
                    NetError::Timeout => "Read error (Connection timed out).\n".into(),
                    other => format!("wget: {other}\n"),
                };
                if !o.quiet {
                    let _ = ctx.stderr().write_all(msg.as_bytes());
                }
                if matches!(e, NetError::Timeout | NetError::Recv(_)) && tries_left > 1 {
                    tries_left -= 1;
                    continue;
                }
                return net_code(&e);
            }
        };
        say(
            o,
            ctx,
            &format!(
                "Connecting to {}:{}... connected.\nHTTP request sent, awaiting response... ",
                resp.addr.ip(),
                resp.addr.port()
            ),
        );
        if o.server_response && !o.quiet {
            let mut s = String::from("\n");
            for line in String::from_utf8_lossy(&resp.head).lines() {
                if !line.trim().is_empty() {
                    s.push_str(&format!("  {}\n", line.trim_end_matches('\r')));
                }
            }
            let _ = ctx.stderr().write_all(s.as_bytes());
        } else {
            say(o, ctx, &format!("{} {}\n", resp.status, resp.reason));
        }
        if matches!(resp.status, 301 | 302 | 303 | 307 | 308)
            && let Some(loc) = resp.header("location")
        {
            let loc = String::from_utf8_lossy(loc).into_owned();
            say(o, ctx, &format!("Location: {loc} [following]\n"));
            redirects += 1;
            if redirects > o.max_redirect {
                if !o.quiet {
                    let _ = writeln!(ctx.stderr(), "{} redirections exceeded.", o.max_redirect);
                }
                return 1;
            }
            url = match url.join(&loc) {
                Ok(u) => u,
                Err(_) => {
                    let _ = writeln!(ctx.stderr(), "{loc}: Invalid URL.");
                    return 1;
                }
            };
            if resp.status == 303 || (matches!(resp.status, 301 | 302) && method == "POST") {
                method = "GET".into();
                body.clear();
            }
            continue;
        }
        if resp.status >= 400 {
            if !o.quiet {
                let t = stamp(ctx);
                let _ = writeln!(
                    ctx.stderr(),
                    "{} ERROR {}: {}.\n",
                    t,
                    resp.status,
                    resp.reason
                );
            }
            return 8;
        }
        let to_stdout = o.output.as_deref() == Some("-");
        let name = match &o.output {
            Some(f) => f.clone(),
            None => {
                let seg = url.path.rsplit('/').next().unwrap_or("");
                let mut seg = if seg.is_empty() {
                    "index.html".to_string()
                } else {
                    sandsh_api::net::percent_decode(seg)
                };
                // wget keeps the query in the name (`page?x=1`).
                if let Some(q) = &url.query {
                    seg.push('?');
                    seg.push_str(q);
                }
                let seg = seg.replace('/', "%2F");
                free_name(ctx, &seg)
            }
        };
        let ctype = resp
            .header("content-type")
            .map(|v| String::from_utf8_lossy(v).into_owned());
        let len = match (resp.body.announced(), &ctype) {
            (Some(n), Some(t)) => format!("{n} [{t}]"),
            (Some(n), None) => n.to_string(),
            (None, Some(t)) => format!("unspecified [{t}]"),
            (None, None) => "unspecified".into(),
        };
        let shown = if to_stdout {
            "STDOUT".to_string()
        } else {
            name.clone()
        };
        say(o, ctx, &format!("Length: {len}\nSaving to: ‘{shown}’\n\n"));
        let path = ctx.resolve_path(&name);
        // -O FILE collects every document; otherwise each URL gets its own file.
        let append = o.output.is_some() && !*first_output;
        if !to_stdout {
            let mode = if append {
                WriteMode::Append
            } else {
                WriteMode::Truncate
            };
            if let Err(e) = ctx.backend().write(&path, b"", mode, 0o666 & !ctx.umask()) {
                let _ = writeln!(ctx.stderr(), "{name}: {}", diag::vfs_msg(&e));
                return 3;
            }
        }
        *first_output = false;
        let mut buf = vec![0u8; 16 << 10];
        loop {
            let r = resp.body.read(&mut buf, &|| ctx.is_cancelled());
            let n = match r {
                Ok(0) => break,
                Ok(n) => n,
                Err(NetError::Cancelled) => return 130,
                Err(e) => {
                    if !o.quiet {
                        let _ = writeln!(ctx.stderr(), "wget: {e}");
                    }
                    return net_code(&e);
                }
            };
            if to_stdout {
                if let Err(e) = ctx.stdout().write_all(&buf[..n]) {
                    return if is_cancelled(&e) { 130 } else { 3 };
                }
            } else if let Err(e) = ctx.backend().append(&path, &buf[..n]) {
                let _ = writeln!(ctx.stderr(), "{name}: {}", diag::vfs_msg(&e));
                return 3;
            }
        }
        let got = resp.body.received();
        let total = resp.body.announced().unwrap_or(got);
        let what = if to_stdout {
            "written to stdout".to_string()
        } else {
            format!("‘{name}’ saved")
        };
        let t = stamp(ctx);
        say(o, ctx, &format!("{t} - {what} [{got}/{total}]\n\n"));
        if o.no_verbose && !o.quiet {
            let _ = writeln!(
                ctx.stderr(),
                "{t} URL:{url} [{got}/{total}] -> \"{shown}\" [1]"
            );
        }
        return 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::testing::{TestCtx, run};

    #[test]
    fn denied_without_allowlist() {
        let mut ctx = TestCtx::new();
        assert_eq!(run(&Wget, &["-O", "-", "http://example.com/"], &mut ctx), 4);
        assert!(ctx.err_str().contains("--allow-net"), "{}", ctx.err_str());
        let mut ctx = TestCtx::new();
        assert_eq!(run(&Wget, &["-q", "http://example.com/"], &mut ctx), 4);
        assert_eq!(ctx.err_str(), "");
    }

    #[test]
    fn usage_and_bad_urls() {
        let mut ctx = TestCtx::new();
        assert_eq!(run(&Wget, &[], &mut ctx), 1);
        assert!(ctx.err_str().starts_with("wget: missing URL\n"));
        let mut ctx = TestCtx::new();
        assert_eq!(run(&Wget, &["ftp://x/"], &mut ctx), 1);
    }

    #[test]
    fn free_names_count_up() {
        let ctx = TestCtx::new().file("a.txt", b"x").file("a.txt.1", b"y");
        assert_eq!(free_name(&ctx, "a.txt"), "a.txt.2");
        assert_eq!(free_name(&ctx, "b"), "b");
    }
}
