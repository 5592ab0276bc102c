//! `curl`: HTTP(S) transfers under the session's network allowlist.
//!
//! Options are parsed into [`Opts`] once; each URL is then one transfer ([`transfer`]) that
//! follows redirects itself (`-L`), so that every hop goes back through the policy in
//! `sandsh_net`. Output, `-i`/`-I` heads, `-w` and exit codes follow curl 7.88. There is no
//! progress meter (curl prints one to stderr only when stdout is not a terminal, and it is
//! noise to a model). Without an allowlist every URL is refused with exit 7 and a message
//! naming `--allow-net`.

mod cookies;
mod transfer;
mod writeout;

use std::time::Duration;

use sandsh_api::{
    Arg, ArgParser, ArgSpec, ArgType, Command, CommandSpec, Example, ExitStatus, OptSpec,
    RiskLevel, ToolCtx,
};

use crate::common::{diag, input};

pub struct Curl;

static SPEC: CommandSpec = CommandSpec {
    name: "curl",
    group: "net",
    summary: "transfer a URL (HTTP and HTTPS)",
    usage: "curl [OPTION]... URL...",
    description: "Fetch URLs over HTTP or HTTPS and write the response body to standard output (or a file). Network access is denied unless the session allows the URL: the CLI's --allow-net '[METHODS ]URL-PREFIX' (repeatable), KernelConfig::allow_net or BashTool::builder().allow_net(...). GET and HEAD are allowed by a rule unless it lists methods (e.g. 'POST,GET https://api.example.com/v1/'). Every redirect is checked again, and loopback, private, link-local and metadata addresses are refused unless a rule names the address. Response bodies are capped by --max-net-bytes. Certificates are always verified. No progress meter is shown.",
    options: &[
        OptSpec::new("-s, --silent", "no error messages (see -S)"),
        OptSpec::new("-S, --show-error", "show error messages even with -s"),
        OptSpec::new(
            "-f, --fail",
            "fail with exit 22 and no body on HTTP errors (400 and up)",
        ),
        OptSpec::new(
            "--fail-with-body",
            "exit 22 on HTTP errors but still output the body",
        ),
        OptSpec::new(
            "-L, --location",
            "follow redirects (each one is checked against the allowlist)",
        ),
        OptSpec::new(
            "--max-redirs=NUM",
            "maximum redirects followed with -L (default 50)",
        ),
        OptSpec::new(
            "-o, --output=FILE",
            "write the body to FILE instead of stdout",
        ),
        OptSpec::new(
            "-O, --remote-name",
            "write the body to a file named like the URL's last path segment",
        ),
        OptSpec::new("--create-dirs", "create the directories of -o FILE"),
        OptSpec::new("-X, --request=METHOD", "request method to use"),
        OptSpec::new(
            "-H, --header=LINE",
            "extra header 'Name: value' ('Name:' removes one)",
        ),
        OptSpec::new(
            "-d, --data=DATA",
            "POST DATA (@FILE reads a file, CR/LF stripped); repeats join with &",
        ),
        OptSpec::new("--data-ascii=DATA", "same as -d"),
        OptSpec::new("--data-raw=DATA", "like -d without @FILE"),
        OptSpec::new("--data-binary=DATA", "like -d, @FILE read as is"),
        OptSpec::new(
            "--data-urlencode=DATA",
            "URL-encode DATA ([name]=content, [name]@file)",
        ),
        OptSpec::new(
            "--json=DATA",
            "POST JSON: like --data-binary with JSON Content-Type and Accept",
        ),
        OptSpec::new(
            "-F, --form=NAME=CONTENT",
            "multipart/form-data field (@FILE attaches, <FILE reads)",
        ),
        OptSpec::new("-G, --get", "send -d data in the query string with GET"),
        OptSpec::new("-T, --upload-file=FILE", "PUT FILE to the URL"),
        OptSpec::new("-i, --include", "include the response head in the output"),
        OptSpec::new("-I, --head", "HEAD request; print the response head"),
        OptSpec::new("-D, --dump-header=FILE", "write response heads to FILE"),
        OptSpec::new(
            "-w, --write-out=FORMAT",
            "print FORMAT after the transfer (%{http_code}, %{size_download}, %{time_total}, %{url_effective}, %{content_type}, ...; @FILE reads it)",
        ),
        OptSpec::new("-u, --user=USER:PASSWORD", "HTTP basic authentication"),
        OptSpec::new("-A, --user-agent=NAME", "User-Agent to send"),
        OptSpec::new("-e, --referer=URL", "Referer to send"),
        OptSpec::new(
            "-b, --cookie=DATA|FILE",
            "send cookies: 'n=v; n2=v2', or read a cookie file",
        ),
        OptSpec::new(
            "-c, --cookie-jar=FILE",
            "write cookies to FILE after the transfer (- for stdout)",
        ),
        OptSpec::new(
            "-m, --max-time=SECONDS",
            "maximum time of each transfer (exit 28)",
        ),
        OptSpec::new("--connect-timeout=SECONDS", "maximum time to connect"),
        OptSpec::new(
            "--retry=NUM",
            "retry transient failures (timeouts, 408, 429, 500, 502, 503, 504) NUM times",
        ),
        OptSpec::new(
            "--retry-delay=SECONDS",
            "wait between retries (default: 1 s, doubling)",
        ),
        OptSpec::new("--retry-max-time=SECONDS", "stop retrying after this long"),
        OptSpec::new(
            "--compressed",
            "ask for a compressed response (gzip, deflate) and decompress it",
        ),
        OptSpec::new(
            "-k, --insecure",
            "not supported: certificates are always verified",
        ),
        OptSpec::new(
            "-v, --verbose",
            "print the request and response heads to stderr",
        ),
        OptSpec::new("-#, --progress-bar", "accepted; no progress is shown"),
        OptSpec::new(
            "--no-progress-meter",
            "accepted; no progress meter is shown anyway",
        ),
        OptSpec::new(
            "-N, --no-buffer",
            "accepted; output is written as it arrives",
        ),
        OptSpec::new("--http1.1", "accepted; requests are HTTP/1.1"),
        OptSpec::new("--url=URL", "a URL to fetch"),
        OptSpec::new(
            "--resolve=HOST:PORT:ADDR",
            "use ADDR for HOST:PORT instead of resolving it (the allowlist still judges ADDR)",
        ),
    ],
    operands: &[ArgSpec::required(
        "URL",
        ArgType::String,
        "http:// or https:// URL (no scheme means http://)",
    )
    .repeated()],
    returns: "the response body (or head with -I) on stdout or in the -o file, then the -w text",
    examples: &[Example {
        description: "without an allowlist the network is off",
        script: "curl -s https://example.com/; echo \"exit $?\"",
        stdout: "exit 7\n",
    }],
    errors: "curl's exit codes: 1 unsupported protocol, 2 bad usage, 3 bad URL, 6 host not resolved, 7 connection failed or refused by the allowlist, 22 HTTP error with -f, 23 write error, 28 timeout, 35 TLS error, 47 too many redirects, 56 receive error, 63 body over --max-net-bytes",
    risk: RiskLevel::HighRisk,
};

/// Where one URL's body goes.
#[derive(Debug, Clone)]
enum OutTarget {
    File(String),
    Remote,
}

/// The parsed command line.
#[derive(Debug, Default)]
struct Opts {
    silent: bool,
    show_error: bool,
    fail: bool,
    fail_with_body: bool,
    location: bool,
    max_redirs: u32,
    outputs: Vec<OutTarget>,
    create_dirs: bool,
    method: Option<String>,
    headers: Vec<Vec<u8>>,
    /// Request body pieces joined with `&` (`-d` family), or `None`.
    data: Option<Vec<u8>>,
    json: bool,
    form: Vec<Vec<u8>>,
    get: bool,
    upload: Option<String>,
    include: bool,
    head: bool,
    dump_header: Option<String>,
    write_out: Option<Vec<u8>>,
    user: Option<Vec<u8>>,
    agent: Option<Vec<u8>>,
    referer: Option<Vec<u8>>,
    cookies: Vec<Vec<u8>>,
    cookie_jar: Option<String>,
    max_time: Option<Duration>,
    connect_timeout: Option<Duration>,
    retry: u32,
    retry_delay: Option<Duration>,
    retry_max_time: Option<Duration>,
    compressed: bool,
    verbose: bool,
    urls: Vec<String>,
    resolve: Vec<(String, u16, std::net::IpAddr)>,
}

impl Opts {
    fn shows_errors(&self) -> bool {
        !self.silent || self.show_error
    }
}

fn secs(s: &[u8]) -> Option<Duration> {
    let t: f64 = diag::lossy(s).trim().parse().ok()?;
    if !t.is_finite() || t < 0.0 {
        return None;
    }
    Duration::try_from_secs_f64(t).ok()
}

/// Print `curl: MSG` and the hint line, exit 2 (curl's usage failure).
fn usage_fail(ctx: &mut dyn ToolCtx, msg: &str) -> i32 {
    let _ = writeln!(
        ctx.stderr(),
        "curl: {msg}\ncurl: try 'curl --help' or 'curl --manual' for more information"
    );
    2
}

/// Read `@FILE` (or `@-`) data.
fn read_at(ctx: &mut dyn ToolCtx, name: &[u8]) -> Result<Vec<u8>, String> {
    match input::read_input(ctx, name) {
        Ok(d) => Ok(d),
        Err(e) if sandsh_api::is_cancelled(&e) => Err(String::new()),
        Err(e) => Err(format!(
            "Failed to open {}: {}",
            diag::lossy(name),
            diag::io_msg(&e)
        )),
    }
}

/// curl's form encoding: unreserved characters kept, space as `+`, the rest `%XX`.
fn percent_encode(b: &[u8]) -> String {
    sandsh_api::net::percent_encode(b).replace("%20", "+")
}

fn urlencode_piece(ctx: &mut dyn ToolCtx, v: &[u8]) -> Result<Vec<u8>, String> {
    let eq = v.iter().position(|&b| b == b'=');
    let at = v.iter().position(|&b| b == b'@');
    Ok(match (eq, at) {
        (Some(e), a) if a.is_none_or(|a| e < a) => {
            let mut out = v[..e].to_vec();
            if e > 0 {
                out.push(b'=');
            }
            out.extend_from_slice(percent_encode(&v[e + 1..]).as_bytes());
            out
        }
        (_, Some(a)) => {
            let data = read_at(ctx, &v[a + 1..])?;
            let mut out = v[..a].to_vec();
            if a > 0 {
                out.push(b'=');
            }
            out.extend_from_slice(percent_encode(&data).as_bytes());
            out
        }
        _ => percent_encode(v).into_bytes(),
    })
}

fn parse(args: &[Arg], ctx: &mut dyn ToolCtx) -> Result<Opts, i32> {
    let p = match ArgParser::parse(&SPEC, args) {
        Ok(p) => p,
        Err(e) => {
            let m = e.message.strip_prefix("curl: ").unwrap_or(&e.message);
            return Err(usage_fail(ctx, m));
        }
    };
    let mut o = Opts {
        max_redirs: 50,
        ..Opts::default()
    };
    let mut data: Vec<Vec<u8>> = Vec::new();
    for (idx, val) in &p.opts {
        let spec = &SPEC.options[*idx];
        let name = spec.long.unwrap_or("");
        let v = val.clone().unwrap_or_default();
        let bad = |ctx: &mut dyn ToolCtx, what: &str| {
            usage_fail(ctx, &format!("option --{name}: {what}"))
        };
        match name {
            "silent" => o.silent = true,
            "show-error" => o.show_error = true,
            "fail" => o.fail = true,
            "fail-with-body" => o.fail_with_body = true,
            "location" => o.location = true,
            "max-redirs" => match diag::lossy(&v).trim().parse::<i64>() {
                Ok(n) => o.max_redirs = if n < 0 { u32::MAX } else { n as u32 },
                Err(_) => return Err(bad(ctx, "expected a proper numerical parameter")),
            },
            "output" => o.outputs.push(OutTarget::File(diag::lossy(&v))),
            "remote-name" => o.outputs.push(OutTarget::Remote),
            "create-dirs" => o.create_dirs = true,
            "request" => o.method = Some(diag::lossy(&v)),
            "header" => o.headers.push(v),
            "data" | "data-ascii" | "data-binary" | "data-raw" | "json" => {
                let piece = if name == "data-raw" || v.first() != Some(&b'@') {
                    v
                } else {
                    let mut d = match read_at(ctx, &v[1..]) {
                        Ok(d) => d,
                        Err(m) if m.is_empty() => return Err(130),
                        Err(m) => {
                            let _ = writeln!(ctx.stderr(), "Warning: {m}");
                            Vec::new()
                        }
                    };
                    if name == "data" || name == "data-ascii" {
                        d.retain(|&b| b != b'\r' && b != b'\n');
                    }
                    d
                };
                if name == "json" {
                    o.json = true;
                }
                data.push(piece);
            }
            "data-urlencode" => match urlencode_piece(ctx, &v) {
                Ok(d) => data.push(d),
                Err(m) if m.is_empty() => return Err(130),
                Err(m) => {
                    let _ = writeln!(ctx.stderr(), "Warning: {m}");
                    data.push(Vec::new());
                }
            },
            "form" => o.form.push(v),
            "get" => o.get = true,
            "upload-file" => o.upload = Some(diag::lossy(&v)),
            "include" => o.include = true,
            "head" => o.head = true,
            "dump-header" => o.dump_header = Some(diag::lossy(&v)),
            "write-out" => {
                o.write_out = Some(if let Some(f) = v.strip_prefix(b"@") {
                    match read_at(ctx, f) {
                        Ok(d) => d,
                        Err(m) if m.is_empty() => return Err(130),
                        Err(m) => return Err(usage_fail(ctx, &m)),
                    }
                } else {
                    v
                })
            }
            "user" => o.user = Some(v),
            "user-agent" => o.agent = Some(v),
            "referer" => {
                let mut r = v;
                if r.ends_with(b";auto") {
                    r.truncate(r.len() - 5);
                }
                o.referer = Some(r);
            }
            "cookie" => o.cookies.push(v),
            "cookie-jar" => o.cookie_jar = Some(diag::lossy(&v)),
            "max-time" => match secs(&v) {
                Some(d) => o.max_time = (!d.is_zero()).then_some(d),
                None => return Err(bad(ctx, "expected a proper numerical parameter")),
            },
            "connect-timeout" => match secs(&v) {
                Some(d) => o.connect_timeout = (!d.is_zero()).then_some(d),
                None => return Err(bad(ctx, "expected a proper numerical parameter")),
            },
            "retry" => match diag::lossy(&v).trim().parse::<u32>() {
                Ok(n) => o.retry = n,
                Err(_) => return Err(bad(ctx, "expected a proper numerical parameter")),
            },
            "retry-delay" => match secs(&v) {
                Some(d) => o.retry_delay = Some(d),
                None => return Err(bad(ctx, "expected a proper numerical parameter")),
            },
            "retry-max-time" => match secs(&v) {
                Some(d) => o.retry_max_time = (!d.is_zero()).then_some(d),
                None => return Err(bad(ctx, "expected a proper numerical parameter")),
            },
            "compressed" => o.compressed = true,
            "insecure" => {
                let _ = writeln!(
                    ctx.stderr(),
                    "curl: option --insecure: is not supported: sandsh always verifies TLS certificates"
                );
                return Err(2);
            }
            "verbose" => o.verbose = true,
            "url" => o.urls.push(diag::lossy(&v)),
            "resolve" => {
                let t = diag::lossy(&v);
                let mut it = t.splitn(3, ':');
                let parsed = match (it.next(), it.next(), it.next()) {
                    (Some(h), Some(p), Some(a)) => p
                        .parse::<u16>()
                        .ok()
                        .zip(
                            a.trim_matches(|c| c == '[' || c == ']')
                                .parse::<std::net::IpAddr>()
                                .ok(),
                        )
                        .map(|(p, a)| (h.to_ascii_lowercase(), p, a)),
                    _ => None,
                };
                match parsed {
                    Some(r) => o.resolve.push(r),
                    None => {
                        let _ = writeln!(
                            ctx.stderr(),
                            "curl: (49) Couldn't parse CURLOPT_RESOLVE entry '{t}'"
                        );
                        return Err(49);
                    }
                }
            }
            _ => {}
        }
    }
    if !data.is_empty() {
        o.data = Some(data.join(&b'&'));
    }
    o.urls.extend(p.operands.iter().map(|u| diag::lossy(u)));
    Ok(o)
}

impl Command for Curl {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let opts = match parse(args, ctx) {
            Ok(o) => o,
            Err(code) => return code,
        };
        if opts.urls.is_empty() {
            return usage_fail(ctx, "no URL specified!");
        }
        if opts.data.is_some() && !opts.form.is_empty() {
            let _ = writeln!(
                ctx.stderr(),
                "Warning: You can only select one HTTP request method! You asked for both POST \n\
                 Warning: (-d, --data) and multipart formpost (-F, --form)."
            );
            return 2;
        }
        transfer::run_all(&opts, ctx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::testing::{TestCtx, run};

    #[test]
    fn denied_without_allowlist() {
        let mut ctx = TestCtx::new();
        let s = run(&Curl, &["http://example.com/"], &mut ctx);
        assert_eq!(s, 7);
        let e = ctx.err_str();
        assert!(e.starts_with("curl: (7) network access is denied"), "{e}");
        assert!(e.contains("--allow-net"), "{e}");
        let mut ctx = TestCtx::new();
        assert_eq!(run(&Curl, &["-s", "http://example.com/"], &mut ctx), 7);
        assert_eq!(ctx.err_str(), "");
    }

    #[test]
    fn usage_errors() {
        let mut ctx = TestCtx::new();
        assert_eq!(run(&Curl, &[], &mut ctx), 2);
        assert_eq!(
            ctx.err_str(),
            "curl: no URL specified!\ncurl: try 'curl --help' or 'curl --manual' for more information\n"
        );
        let mut ctx = TestCtx::new();
        assert_eq!(run(&Curl, &["-k", "https://x/"], &mut ctx), 2);
        assert!(ctx.err_str().contains("not supported"));
        let mut ctx = TestCtx::new();
        assert_eq!(run(&Curl, &["-m", "abc", "https://x/"], &mut ctx), 2);
    }

    #[test]
    fn bad_urls_exit_like_curl() {
        let mut ctx = TestCtx::new();
        assert_eq!(run(&Curl, &["ftp://x/"], &mut ctx), 1);
        assert_eq!(
            ctx.err_str(),
            "curl: (1) Protocol \"ftp\" not supported or disabled in libcurl\n"
        );
        let mut ctx = TestCtx::new();
        assert_eq!(run(&Curl, &["http://[::1"], &mut ctx), 3);
    }

    #[test]
    fn data_pieces_are_joined() {
        let mut ctx = TestCtx::new().file("f", b"x=1\r\ny=2\n");
        let args: Vec<Arg> = ["-d", "a=1", "-d", "@f", "--data-urlencode", "q=a b&c", "u"]
            .iter()
            .map(|s| s.as_bytes().to_vec())
            .collect();
        let o = parse(&args, &mut ctx).unwrap();
        assert_eq!(o.data.as_deref(), Some(&b"a=1&x=1y=2&q=a+b%26c"[..]));
    }
}
