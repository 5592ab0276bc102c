//! Network: curl, wget and web_search against real HTTP servers on 127.0.0.1, started inside
//! each test and explicitly allowed for it (no fake transport), and against the host's curl and
//! wget over the same servers (stdout and exit status byte for byte).
//!
//! Every bypass the policy guards against is tried here: no allowlist, a URL outside it, a
//! method outside it, a redirect into a denied host, a name that resolves to a private
//! address, the user-information trick, dot segments. Every test runs under a watchdog so a
//! hung request fails the test instead of hanging CI.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::thread;
use std::time::{Duration, Instant};

use crate::diff::{self, Host};
use sandsh::kernel::ExecutionLimits;
use sandsh::{Kernel, KernelConfig};

// ---- harness ----------------------------------------------------------------------------------

/// Run `f` on a thread; fail the test if it takes longer than `secs`.
pub(crate) fn watchdog<T: Send + 'static>(secs: u64, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let _ = tx.send(std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)));
    });
    match rx.recv_timeout(Duration::from_secs(secs)) {
        Ok(Ok(v)) => v,
        Ok(Err(p)) => std::panic::resume_unwind(p),
        Err(_) => panic!("watchdog: test did not finish within {secs}s"),
    }
}

/// A request as the test server saw it.
#[derive(Debug, Clone, Default)]
pub(crate) struct Seen {
    pub(crate) method: String,
    pub(crate) path: String,
    pub(crate) headers: Vec<(String, String)>,
    pub(crate) body: Vec<u8>,
}

impl Seen {
    pub(crate) fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// What the handler does with one request.
pub(crate) enum Reply {
    /// Raw bytes written as the whole response, then the connection is closed.
    Raw(Vec<u8>),
    /// Sleep, then write the bytes.
    Delayed(Duration, Vec<u8>),
    /// Write the bytes, then keep the connection open without sending more.
    Stall(Vec<u8>),
}

type Handler = Arc<dyn Fn(&Seen) -> Reply + Send + Sync>;

pub(crate) struct Server {
    pub(crate) port: u16,
    seen: Arc<Mutex<Vec<Seen>>>,
    hits: Arc<AtomicUsize>,
}

impl Server {
    pub(crate) fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }
    pub(crate) fn rule(&self) -> String {
        format!("* http://127.0.0.1:{}/", self.port)
    }
    pub(crate) fn requests(&self) -> Vec<Seen> {
        self.seen.lock().unwrap().clone()
    }
}

fn read_request(s: &mut TcpStream) -> Option<Seen> {
    let mut buf = Vec::new();
    let mut b = [0u8; 4096];
    let end = loop {
        if let Some(p) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break p + 4;
        }
        let n = s.read(&mut b).ok()?;
        if n == 0 {
            return None;
        }
        buf.extend_from_slice(&b[..n]);
    };
    let head = String::from_utf8_lossy(&buf[..end]).into_owned();
    let mut lines = head.split("\r\n");
    let first = lines.next()?;
    let mut parts = first.split(' ');
    let method = parts.next()?.to_string();
    let path = parts.next()?.to_string();
    let headers: Vec<(String, String)> = lines
        .filter(|l| !l.is_empty())
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect();
    let len: usize = headers
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("content-length"))
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or(0);
    let mut body = buf[end..].to_vec();
    while body.len() < len {
        let n = s.read(&mut b).ok()?;
        if n == 0 {
            break;
        }
        body.extend_from_slice(&b[..n]);
    }
    Some(Seen {
        method,
        path,
        headers,
        body,
    })
}

pub(crate) fn serve(handler: impl Fn(&Seen) -> Reply + Send + Sync + 'static) -> Server {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let seen = Arc::new(Mutex::new(Vec::new()));
    let hits = Arc::new(AtomicUsize::new(0));
    let handler: Handler = Arc::new(handler);
    let (s2, h2) = (seen.clone(), hits.clone());
    thread::spawn(move || {
        for conn in listener.incoming() {
            let Ok(mut conn) = conn else { continue };
            let (handler, seen, hits) = (handler.clone(), s2.clone(), h2.clone());
            thread::spawn(move || {
                let _ = conn.set_read_timeout(Some(Duration::from_secs(10)));
                let Some(req) = read_request(&mut conn) else {
                    return;
                };
                hits.fetch_add(1, Ordering::SeqCst);
                seen.lock().unwrap().push(req.clone());
                match handler(&req) {
                    Reply::Raw(b) => {
                        let _ = conn.write_all(&b);
                    }
                    Reply::Delayed(d, b) => {
                        thread::sleep(d);
                        let _ = conn.write_all(&b);
                    }
                    Reply::Stall(b) => {
                        let _ = conn.write_all(&b);
                        thread::sleep(Duration::from_secs(20));
                    }
                }
            });
        }
    });
    Server { port, seen, hits }
}

pub(crate) fn response(status: &str, headers: &[(&str, &str)], body: &[u8]) -> Vec<u8> {
    let mut r = format!("HTTP/1.1 {status}\r\n");
    for (k, v) in headers {
        r.push_str(&format!("{k}: {v}\r\n"));
    }
    r.push_str(&format!(
        "Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    ));
    let mut b = r.into_bytes();
    b.extend_from_slice(body);
    b
}

/// The standard test site: fixed responses so that the host's curl and sandsh see the same.
pub(crate) fn site() -> Server {
    serve(|r| {
        let p = r.path.as_str();
        let echo = || {
            let mut s = format!("{} {}\n", r.method, r.path);
            for k in [
                "content-type",
                "authorization",
                "cookie",
                "referer",
                "x-test",
                "accept",
                "content-length",
            ] {
                if let Some(v) = r.header(k) {
                    s.push_str(&format!("{k}: {v}\n"));
                }
            }
            let mut b = s.into_bytes();
            b.extend_from_slice(&r.body);
            b
        };
        Reply::Raw(match p {
            "/" | "/hello" => response("200 OK", &[("Content-Type", "text/plain")], b"hello\n"),
            "/nonl" => response("200 OK", &[("Content-Type", "text/plain")], b"no newline"),
            "/crlf" => response("200 OK", &[], b"a\r\nb\r\n"),
            "/binary" => response(
                "200 OK",
                &[("Content-Type", "application/octet-stream")],
                &[0, 255, 254, 10, 0x80, 13],
            ),
            "/long" => response("200 OK", &[], &vec![b'x'; 200_000]),
            "/empty" => response("204 No Content", &[], b""),
            "/missing" => response(
                "404 Not Found",
                &[("Content-Type", "text/html")],
                b"<h1>nope</h1>\n",
            ),
            "/error" => response("500 Internal Server Error", &[], b"boom\n"),
            "/redir" => response("302 Found", &[("Location", "/hello")], b""),
            "/redir2" => response("301 Moved Permanently", &[("Location", "redir")], b""),
            "/post-redir" => response("303 See Other", &[("Location", "/echo")], b""),
            "/loop" => response("302 Found", &[("Location", "/loop")], b""),
            "/chunked" => b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n7\r\n, world\r\n0\r\n\r\n".to_vec(),
            "/http10" => b"HTTP/1.0 200 OK\r\nX-Odd-Case: yes\r\n\r\nclose-delimited\n".to_vec(),
            "/cookie/set" => response(
                "200 OK",
                &[
                    ("Set-Cookie", "sid=abc123; Path=/"),
                    ("Set-Cookie", "theme=dark; HttpOnly"),
                ],
                b"ok\n",
            ),
            "/gzip" => {
                let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
                e.write_all(b"compressed hello\n").unwrap();
                let z = e.finish().unwrap();
                response("200 OK", &[("Content-Encoding", "gzip")], &z)
            }
            _ if p.starts_with("/echo") => response("200 OK", &[], &echo()),
            _ => response("404 Not Found", &[], b"no such page\n"),
        })
    })
}

fn kernel(rules: &[String]) -> Kernel {
    let mut c = KernelConfig::default();
    for r in rules {
        c = c.allow_net(r.clone());
    }
    Kernel::new(c)
}

fn host_has(tool: &str) -> bool {
    diff::require(tool, &format!("command -v {tool}"))
}

/// Run `script` in the host's bash (in a fresh temporary directory).
fn host(script: &str) -> (Vec<u8>, i32) {
    let dir = tempfile::tempdir().unwrap();
    let r = Host::new()
        .dir(dir.path())
        .unset("http_proxy")
        .unset("HTTP_PROXY")
        .unset("https_proxy")
        .unset("all_proxy")
        .run(script);
    (r.stdout, r.status)
}

/// Compare sandsh and the host on each case (`{U}` stands for the server's base URL).
fn differential(tool: &str, cases: &[&str]) {
    if !host_has(tool) {
        return;
    }
    let srv = site();
    let base = format!("http://127.0.0.1:{}", srv.port);
    let mut failures = Vec::new();
    for case in cases {
        let script = case.replace("{U}", &base);
        let mut k = kernel(&[srv.rule()]);
        let ours = k.execute(&script);
        let (theirs, code) = host(&script);
        if ours.stdout != theirs || ours.exit_code != code {
            failures.push(format!(
                "case: {script}\n  sandsh: {:?} exit {}\n  stderr: {}\n  host:   {:?} exit {code}",
                String::from_utf8_lossy(&ours.stdout),
                ours.exit_code,
                ours.stderr_str(),
                String::from_utf8_lossy(&theirs),
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

// ---- differential: the host's curl and wget --------------------------------------------------

#[test]
fn curl_matches_host_curl() {
    watchdog(120, || {
        differential(
            "curl",
            &[
                "curl -s {U}/hello",
                "curl -s {U}/nonl; echo \" exit $?\"",
                "curl -s {U}/crlf | od -c",
                "curl -s {U}/binary | od -An -tx1",
                "curl -s {U}/long | wc -c",
                "curl -s {U}/chunked",
                "curl -s {U}/http10",
                "curl -si {U}/hello",
                "curl -si {U}/http10",
                "curl -sI {U}/hello",
                "curl -s {U}/empty; echo \"exit $?\"",
                "curl -s {U}/missing; echo \"exit $?\"",
                "curl -sf {U}/missing; echo \"exit $?\"",
                "curl -s --fail-with-body {U}/missing; echo \"exit $?\"",
                "curl -s -o /dev/null -w '%{http_code} %{size_download} %{url_effective} %{content_type}\\n' {U}/hello",
                "curl -s -o /dev/null -w '%{http_code}|%{size_download}|%{content_type}|%{num_redirects}|%{redirect_url}|%{response_code}\\n' {U}/redir",
                "curl -s -w '%%|%{exitcode}|%{method}|%{scheme}\\n' {U}/hello",
                "curl -s -o /dev/null -w '%{http_code}\\n' {U}/missing",
                "curl -s -L {U}/redir",
                "curl -s -L {U}/redir2",
                "curl -s {U}/redir; echo \"exit $?\"",
                "curl -s -L -w '%{num_redirects} %{url_effective}\\n' -o /dev/null {U}/redir2",
                "curl -s -L --max-redirs 3 {U}/loop; echo \"exit $?\"",
                "curl -s -d 'a=1&b=2' {U}/echo",
                "curl -s -d a=1 -d b=2 {U}/echo",
                "curl -s --data-raw '@notafile' {U}/echo",
                "curl -s --data-urlencode 'q=a b&c' --data-urlencode 'x=é' {U}/echo",
                "curl -s -G -d q=1 -d r=2 {U}/echo",
                "curl -s --json '{\"a\":1}' {U}/echo",
                "curl -s -X PUT -d x {U}/echo",
                "curl -s -X DELETE {U}/echo",
                "curl -s -H 'X-Test: yes' -H 'Accept: text/plain' {U}/echo",
                "curl -s -u user:pass {U}/echo",
                "curl -s -e http://ref.example/ {U}/echo",
                "curl -s -b 'a=1; b=2' {U}/echo",
                "curl -s -L -d a=1 {U}/post-redir",
                "printf 'line1\\r\\nline2\\n' > d.txt; curl -s -d @d.txt {U}/echo",
                "printf 'line1\\r\\nline2\\n' > d.txt; curl -s --data-binary @d.txt {U}/echo | od -c",
                "printf 'up\\n' > up.txt; curl -s -T up.txt {U}/echo/",
                "curl -s -o out.txt {U}/hello; cat out.txt",
                "curl -s -O {U}/hello; cat hello",
                "curl -s -O '{U}/c.txt?q=1' -O '{U}/d%20e'; ls",
                "curl -s -c jar.txt {U}/cookie/set; cat jar.txt",
                "curl -s -c jar.txt {U}/cookie/set >/dev/null; curl -s -b jar.txt {U}/echo",
                "curl -s -D - -o /dev/null {U}/hello",
                "curl -s --compressed {U}/gzip",
                "curl -s {U}/hello {U}/nonl",
                "curl -# --no-progress-meter -N --http1.1 {U}/hello 2>/dev/null",
                "curl -s --retry 1 --retry-delay 1 {U}/error; echo $?",
                "curl -sf --retry 1 --retry-delay 1 {U}/error; echo $?",
                "curl -si -L {U}/redir",
                "curl -sI -L {U}/redir2",
                "curl -s -o e.txt {U}/empty; ls",
                "curl -sf -o m.txt {U}/missing; echo $?; ls",
                "curl -s -o nodir/x {U}/hello; echo $?",
                "curl -s --create-dirs -o nodir/x {U}/hello; cat nodir/x",
                "curl -s -O {U}/; echo $?",
                "curl -s -w '%{stderr}err%{stdout}out\\n' -o /dev/null {U}/hello",
                "curl -s -X POST -L -d a=1 {U}/redir",
                "curl -s -H 'Accept:' {U}/echo",
                "curl -s -H 'X-Test;' {U}/echo",
                "curl -s -w '%{http_code} %{num_redirects}\\n' -o /dev/null -L --max-redirs 2 {U}/loop; echo $?",
                "curl -s {U}/hello -o a.txt {U}/nonl -o b.txt; cat a.txt b.txt",
                "curl -s foo://x/; echo \"exit $?\"",
                "curl -s 'http://[::1'; echo \"exit $?\"",
                "curl -s; echo \"exit $?\"",
            ],
        )
    });
}

#[test]
fn wget_matches_host_wget() {
    watchdog(120, || {
        differential(
            "wget",
            &[
                "wget -q -O - {U}/hello",
                "wget -q -O - {U}/nonl; echo \" exit $?\"",
                "wget -q -O - {U}/chunked",
                "wget -q -O - {U}/binary | od -An -tx1",
                "wget -q -O - {U}/redir",
                "wget -q -O - {U}/missing; echo \"exit $?\"",
                "wget -q {U}/hello; cat hello",
                "wget -q {U}/hello; wget -q {U}/hello; ls; cat hello.1",
                "wget -q {U}/; cat index.html",
                "wget -q '{U}/hello?x=1&y=2' '{U}/a%20b' '{U}/dir/'; ls",
                "wget -q -O f.txt {U}/hello {U}/nonl; cat f.txt",
                "wget -q -O - --post-data 'a=1' {U}/echo",
                "wget -q -O - --header 'X-Test: yes' {U}/echo",
                "wget -q -O - {U}/redir2",
                "wget -q -O - {U}/crlf | od -c",
                "wget -q -O - {U}/http10",
                "wget -q -O - foo://x/; echo \"exit $?\"",
                "wget -q; echo \"exit $?\"",
            ],
        )
    });
}

// ---- the policy ------------------------------------------------------------------------------

#[test]
fn network_is_denied_by_default() {
    watchdog(30, || {
        let srv = site();
        let mut k = kernel(&[]);
        let r = k.execute(&format!("curl {}", srv.url("/hello")));
        assert_eq!(r.exit_code, 7);
        assert!(r.stdout.is_empty());
        let e = r.stderr_str();
        assert!(e.contains("network access is denied"), "{e}");
        assert!(e.contains("--allow-net") && e.contains("allow_net("), "{e}");
        let r = k.execute(&format!("wget -O - {}", srv.url("/hello")));
        assert_eq!(r.exit_code, 4);
        assert!(r.stderr_str().contains("--allow-net"));
        assert_eq!(srv.hits.load(Ordering::SeqCst), 0, "no request was made");
    });
}

#[test]
fn urls_outside_the_allowlist_are_refused() {
    watchdog(30, || {
        let srv = site();
        let rule = format!("http://127.0.0.1:{}/api/", srv.port);
        let mut k = kernel(&[rule]);
        let ok = k.execute(&format!("curl -s {}", srv.url("/api/../echo")));
        assert_eq!(
            ok.exit_code, 7,
            "dot segments cannot climb out of the prefix"
        );
        for u in [
            srv.url("/hello"),
            srv.url("/apiary"),
            format!("http://127.0.0.1:{}@127.0.0.1:{}/hello", srv.port, srv.port),
            format!("http://localhost:{}/api/x", srv.port),
            format!("http://127.0.0.2:{}/api/x", srv.port),
        ] {
            let r = k.execute(&format!("curl -sS '{u}'"));
            assert_eq!(r.exit_code, 7, "{u}: {}", r.stderr_str());
            assert!(r.stderr_str().contains("denied"), "{}", r.stderr_str());
        }
        let r = k.execute(&format!("curl -s {}", srv.url("/api/x")));
        assert_eq!(r.exit_code, 0);
        assert_eq!(r.stdout_str(), "no such page\n");
        assert_eq!(srv.requests().len(), 1, "only the allowed request arrived");
        assert_eq!(srv.requests()[0].path, "/api/x");
    });
}

#[test]
fn methods_outside_the_rule_are_refused() {
    watchdog(30, || {
        let srv = site();
        let get_only = format!("http://127.0.0.1:{}/", srv.port);
        let mut k = kernel(&[get_only]);
        let r = k.execute(&format!(
            "curl -sS --json '{{\"a\":1}}' {}",
            srv.url("/echo")
        ));
        assert_eq!(r.exit_code, 7);
        assert!(
            r.stderr_str().contains("method POST is not allowed"),
            "{}",
            r.stderr_str()
        );
        let r = k.execute(&format!("curl -s -X DELETE {}", srv.url("/echo")));
        assert_eq!(r.exit_code, 7);
        assert_eq!(srv.hits.load(Ordering::SeqCst), 0);
        let r = k.execute(&format!("curl -s -I {}", srv.url("/hello")));
        assert_eq!(r.exit_code, 0, "HEAD comes with GET");
    });
}

#[test]
fn post_with_json_when_allowed() {
    watchdog(30, || {
        let srv = site();
        let rule = format!("POST,GET http://127.0.0.1:{}/echo", srv.port);
        let mut k = kernel(&[rule]);
        let r = k.execute(&format!(
            "curl -s --json '{{\"name\":\"x\",\"n\":[1,2]}}' {}",
            srv.url("/echo")
        ));
        assert_eq!(r.exit_code, 0, "{}", r.stderr_str());
        let seen = &srv.requests()[0];
        assert_eq!(seen.method, "POST");
        assert_eq!(seen.header("content-type"), Some("application/json"));
        assert_eq!(seen.header("accept"), Some("application/json"));
        assert_eq!(seen.body, br#"{"name":"x","n":[1,2]}"#);
        assert!(r.stdout_str().starts_with("POST /echo\n"));
    });
}

#[test]
fn redirect_into_a_denied_host_is_refused() {
    watchdog(30, || {
        let other = site();
        let target = other.url("/hello");
        let srv = serve(move |_| Reply::Raw(response("302 Found", &[("Location", &target)], b"")));
        let mut k = kernel(&[srv.rule()]);
        let r = k.execute(&format!("curl -sS -L {}", srv.url("/")));
        assert_eq!(r.exit_code, 7, "{}", r.stderr_str());
        assert!(
            r.stderr_str().contains("not in the allowlist"),
            "{}",
            r.stderr_str()
        );
        let r = k.execute(&format!("wget -q -O - {}", srv.url("/")));
        assert_eq!(r.exit_code, 4);
        assert_eq!(
            other.hits.load(Ordering::SeqCst),
            0,
            "the denied host saw nothing"
        );
        // With both allowed, the same redirect works.
        let mut k = kernel(&[srv.rule(), other.rule()]);
        let r = k.execute(&format!("curl -s -L {}", srv.url("/")));
        assert_eq!((r.exit_code, r.stdout_str().as_str()), (0, "hello\n"));
    });
}

#[test]
fn names_resolving_to_private_addresses_are_refused() {
    watchdog(30, || {
        let srv = site();
        // The rule names a host; the "DNS answer" (--resolve) is loopback: refused, because
        // only a rule naming the address itself opens a private address.
        let rule = format!("http://api.example.com:{}/", srv.port);
        let mut k = kernel(&[rule]);
        let r = k.execute(&format!(
            "curl -sS --resolve api.example.com:{p}:127.0.0.1 http://api.example.com:{p}/hello",
            p = srv.port
        ));
        assert_eq!(r.exit_code, 7, "{}", r.stderr_str());
        assert!(r.stderr_str().contains("private"), "{}", r.stderr_str());
        for addr in ["10.0.0.1", "169.254.169.254", "[::ffff:127.0.0.1]", "[::1]"] {
            let r = k.execute(&format!(
                "curl -s --resolve api.example.com:{p}:{addr} http://api.example.com:{p}/",
                p = srv.port
            ));
            assert_eq!(r.exit_code, 7, "{addr}");
        }
        assert_eq!(srv.hits.load(Ordering::SeqCst), 0);
        // The metadata address is refused even when written in the URL, unless named.
        let mut k = kernel(&["http://example.com/".into()]);
        let r = k.execute("curl -s http://169.254.169.254/latest/meta-data/");
        assert_eq!(r.exit_code, 7);
    });
}

#[test]
fn localhost_resolves_without_libc_and_is_allowed_by_name() {
    watchdog(30, || {
        let srv = site();
        let mut k = kernel(&[format!("http://localhost:{}/", srv.port)]);
        let r = k.execute(&format!("curl -s http://localhost:{}/hello", srv.port));
        assert_eq!(
            (r.exit_code, r.stdout_str().as_str()),
            (0, "hello\n"),
            "{}",
            r.stderr_str()
        );
    });
}

// ---- caps, time, cancellation ----------------------------------------------------------------

#[test]
fn body_over_the_cap_is_stopped() {
    watchdog(30, || {
        let srv = site();
        let mut k = Kernel::new(
            KernelConfig::default()
                .allow_net(srv.rule())
                .limits(ExecutionLimits::standard().max_net_bytes(1000)),
        );
        let r = k.execute(&format!(
            "curl -sS {} | wc -c; echo ${{PIPESTATUS[0]}}",
            srv.url("/long")
        ));
        assert_eq!(r.stdout_str(), "0\n63\n", "{}", r.stderr_str());
        assert!(
            r.stderr_str().contains("--max-net-bytes"),
            "{}",
            r.stderr_str()
        );
        let r = k.execute(&format!(
            "curl -s -o f {}; echo $?; wc -c < f",
            srv.url("/chunked")
        ));
        assert_eq!(r.stdout_str(), "0\n12\n");
        let r = k.execute(&format!("wget -q -O - {} | wc -c", srv.url("/long")));
        assert_eq!(r.stdout_str(), "0\n");
    });
}

#[test]
fn compression_bombs_are_capped() {
    watchdog(30, || {
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        e.write_all(&vec![0u8; 50 << 20]).unwrap();
        let z = e.finish().unwrap();
        assert!(z.len() < 1 << 20);
        let srv =
            serve(move |_| Reply::Raw(response("200 OK", &[("Content-Encoding", "gzip")], &z)));
        let mut k = Kernel::new(
            KernelConfig::default()
                .allow_net(srv.rule())
                .limits(ExecutionLimits::standard().max_net_bytes(1 << 20)),
        );
        let r = k.execute(&format!(
            "curl -s --compressed {} | wc -c; echo ${{PIPESTATUS[0]}}",
            srv.url("/")
        ));
        let out = r.stdout_str();
        let mut lines = out.lines();
        let bytes: u64 = lines.next().unwrap().trim().parse().unwrap();
        assert!(bytes <= 1 << 20, "{bytes}");
        assert_eq!(lines.next(), Some("63"));
    });
}

#[test]
fn slow_server_against_max_time() {
    watchdog(30, || {
        let srv =
            serve(|_| Reply::Delayed(Duration::from_secs(5), response("200 OK", &[], b"late\n")));
        let mut k = kernel(&[srv.rule()]);
        let t = Instant::now();
        let r = k.execute(&format!("curl -sS -m 0.5 {}", srv.url("/")));
        assert_eq!(r.exit_code, 28);
        assert!(
            r.stderr_str()
                .starts_with("curl: (28) Operation timed out after"),
            "{}",
            r.stderr_str()
        );
        assert!(t.elapsed() < Duration::from_secs(15), "{:?}", t.elapsed());
        let r = k.execute(&format!("wget -q -T 0.5 -O - {}", srv.url("/")));
        assert_eq!(r.exit_code, 4);
        // A stalled body is cut off too.
        let srv = serve(|_| {
            Reply::Stall(b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\npartial".to_vec())
        });
        let mut k = kernel(&[srv.rule()]);
        let r = k.execute(&format!("curl -s -m 0.5 {}; echo \" $?\"", srv.url("/")));
        assert_eq!(r.stdout_str(), "partial 28\n");
    });
}

#[test]
fn max_time_holds_the_script_clock_only_within_itself() {
    watchdog(30, || {
        let srv = serve(|_| {
            Reply::Delayed(
                Duration::from_millis(1500),
                response("200 OK", &[], b"ok\n"),
            )
        });
        // The script timeout (1 s) is frozen while curl runs under its own --max-time (5 s).
        let mut k = Kernel::new(
            KernelConfig::default()
                .allow_net(srv.rule())
                .timeout(Duration::from_secs(1)),
        );
        let r = k.execute(&format!("curl -s -m 5 {}", srv.url("/")));
        assert_eq!(
            (r.exit_code, r.stdout_str().as_str()),
            (0, "ok\n"),
            "{}",
            r.stderr_str()
        );
        // Without --max-time the script timeout applies.
        let r = k.execute(&format!("curl -s {}", srv.url("/")));
        assert_eq!(r.exit_code, 124);
    });
}

#[test]
fn cancellation_mid_download() {
    watchdog(30, || {
        let srv = serve(|_| {
            Reply::Stall(b"HTTP/1.1 200 OK\r\nContent-Length: 1000000\r\n\r\nfirst bytes".to_vec())
        });
        let mut k = kernel(&[srv.rule()]);
        let cancel = k.cancel_handle();
        let url = srv.url("/");
        let t = Instant::now();
        let h = thread::spawn(move || {
            thread::sleep(Duration::from_millis(400));
            cancel.cancel();
        });
        let r = k.execute(&format!("curl -s {url}"));
        h.join().unwrap();
        assert_eq!(r.exit_code, 130);
        assert!(t.elapsed() < Duration::from_secs(15), "{:?}", t.elapsed());
        assert_eq!(r.stdout_str(), "first bytes");
    });
}

// ---- curl features against the local server ---------------------------------------------------

#[test]
fn fail_and_write_out() {
    watchdog(30, || {
        let srv = site();
        let mut k = kernel(&[srv.rule()]);
        let r = k.execute(&format!(
            "curl -sSf {}; echo \"exit $?\"",
            srv.url("/missing")
        ));
        assert_eq!(r.stdout_str(), "exit 22\n");
        assert_eq!(
            r.stderr_str(),
            "curl: (22) The requested URL returned error: 404\n"
        );
        let r = k.execute(&format!(
            "curl -s -o /dev/null -w '%{{http_code}} %{{size_download}} %{{url_effective}} %{{content_type}} %{{time_total}}' {}",
            srv.url("/hello")
        ));
        let out = r.stdout_str();
        let f: Vec<&str> = out.split(' ').collect();
        assert_eq!(&f[..4], &["200", "6", &srv.url("/hello"), "text/plain"]);
        assert!(f[4].parse::<f64>().is_ok(), "{out}");
        let r = k.execute("curl -s -w '%{http_code}\\n' http://127.0.0.1:1/; echo $?");
        assert_eq!(r.stdout_str(), "000\n7\n");
    });
}

#[test]
fn retries_transient_errors() {
    watchdog(30, || {
        let flaky = || {
            let n = Arc::new(AtomicUsize::new(0));
            let n2 = n.clone();
            let srv = serve(move |_| {
                if n2.fetch_add(1, Ordering::SeqCst) == 0 {
                    Reply::Raw(response("503 Service Unavailable", &[], b"busy\n"))
                } else {
                    Reply::Raw(response("200 OK", &[], b"fine\n"))
                }
            });
            (srv, n)
        };
        let (srv, n) = flaky();
        let mut k = kernel(&[srv.rule()]);
        let r = k.execute(&format!(
            "curl -s --retry 2 --retry-delay 0.1 {}",
            srv.url("/")
        ));
        // As curl: the failed attempt's body is written too.
        assert_eq!((r.exit_code, r.stdout_str().as_str()), (0, "busy\nfine\n"));
        assert_eq!(n.load(Ordering::SeqCst), 2);
        let (srv, n) = flaky();
        let mut k = kernel(&[srv.rule()]);
        let r = k.execute(&format!(
            "curl -s -o f --retry 2 --retry-delay 0.1 {}; cat f",
            srv.url("/")
        ));
        assert_eq!(r.stdout_str(), "fine\n", "a file starts over");
        assert_eq!(n.load(Ordering::SeqCst), 2);
    });
}

#[test]
fn cookie_files_round_trip() {
    watchdog(30, || {
        let srv = site();
        let mut k = kernel(&[srv.rule()]);
        let r = k.execute(&format!(
            "curl -s -c jar {} >/dev/null && curl -s -b jar {}; grep -c sid jar",
            srv.url("/cookie/set"),
            srv.url("/echo")
        ));
        assert_eq!(r.exit_code, 0, "{}", r.stderr_str());
        assert!(r.stdout_str().contains("cookie: "), "{}", r.stdout_str());
        assert!(r.stdout_str().contains("sid=abc123"), "{}", r.stdout_str());
        assert!(r.stdout_str().ends_with("1\n"));
    });
}

#[test]
fn multipart_forms() {
    watchdog(30, || {
        let srv = site();
        let mut k = kernel(&[srv.rule()]);
        let r = k.execute(&format!(
            "printf 'file body\\n' > up.txt; curl -s -F a=1 -F f=@up.txt {}",
            srv.url("/echo")
        ));
        assert_eq!(r.exit_code, 0, "{}", r.stderr_str());
        let seen = &srv.requests()[0];
        let ct = seen.header("content-type").unwrap().to_string();
        let boundary = ct
            .strip_prefix("multipart/form-data; boundary=")
            .expect("multipart content type");
        let body = String::from_utf8_lossy(&seen.body);
        assert_eq!(
            body,
            format!(
                "--{boundary}\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n\
                 --{boundary}\r\nContent-Disposition: form-data; name=\"f\"; filename=\"up.txt\"\r\n\
                 Content-Type: text/plain\r\n\r\nfile body\n\r\n--{boundary}--\r\n"
            )
        );
    });
}

/// An HTTPS server with a self-signed certificate (openssl + python3 on the host): the
/// handshake runs and the certificate is refused, exit 60 as curl's.
#[test]
fn tls_certificates_are_verified() {
    if !host_has("openssl") || !host_has("python3") {
        eprintln!("skipping: openssl or python3 missing");
        return;
    }
    watchdog(60, || {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let ok = Command::new("openssl")
            .args([
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
            ])
            .args(["-subj", "/CN=127.0.0.1", "-keyout"])
            .arg(d.join("key.pem"))
            .arg("-out")
            .arg(d.join("cert.pem"))
            .output()
            .unwrap();
        assert!(ok.status.success());
        let script = "import ssl, http.server, sys\n\
            srv = http.server.HTTPServer(('127.0.0.1', 0), http.server.SimpleHTTPRequestHandler)\n\
            c = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)\n\
            c.load_cert_chain(sys.argv[1], sys.argv[2])\n\
            srv.socket = c.wrap_socket(srv.socket, server_side=True)\n\
            print(srv.server_address[1], flush=True)\n\
            srv.serve_forever()\n";
        let mut child = Command::new("python3")
            .arg("-c")
            .arg(script)
            .arg(d.join("cert.pem"))
            .arg(d.join("key.pem"))
            .current_dir(d)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let mut line = String::new();
        let mut out = child.stdout.take().unwrap();
        let mut b = [0u8; 1];
        while out.read(&mut b).unwrap_or(0) == 1 && b[0] != b'\n' {
            line.push(b[0] as char);
        }
        let port: u16 = line.trim().parse().unwrap();
        let url = format!("https://127.0.0.1:{port}/");
        let mut k = kernel(std::slice::from_ref(&url));
        let r = k.execute(&format!("curl -sS {url}"));
        let (_, host_code) = host(&format!("curl -s {url}"));
        let _ = child.kill();
        let _ = child.wait();
        assert_eq!(r.exit_code, 60, "{}", r.stderr_str());
        assert!(
            r.stderr_str().contains("SSL certificate problem"),
            "{}",
            r.stderr_str()
        );
        if host_has("curl") {
            assert_eq!(host_code, 60);
        }
    });
}

#[test]
fn insecure_is_refused() {
    let mut k = kernel(&["https://example.com/".into()]);
    let r = k.execute("curl -k https://example.com/");
    assert_eq!(r.exit_code, 2);
    assert!(r.stderr_str().contains("not supported"));
}

// ---- frontends: BashTool, the CLI, web_search -------------------------------------------------

#[test]
fn bash_tool_allow_net_is_enforced() {
    use sandsh::{BashTool, Tool, ToolRequest};
    watchdog(30, || {
        let srv = site();
        let run = |t: &mut BashTool, s: &str| {
            futures_lite_block_on(t.execute(ToolRequest {
                commands: s.to_string(),
            }))
        };
        let mut t = BashTool::builder().build();
        let r = run(&mut t, &format!("curl -s {}", srv.url("/hello")));
        assert_eq!(r.exit_code, 7);
        let mut t = BashTool::builder().allow_net(srv.rule()).build();
        let r = run(&mut t, &format!("curl -s {}", srv.url("/hello")));
        assert_eq!((r.exit_code, r.stdout.as_str()), (0, "hello\n"));
    });
}

/// A minimal executor for the tool's `async fn` (it never actually waits).
fn futures_lite_block_on<F: std::future::Future>(f: F) -> F::Output {
    use std::task::{Context, Poll, RawWaker, RawWakerVTable, Waker};
    fn noop(_: *const ()) {}
    fn clone(p: *const ()) -> RawWaker {
        RawWaker::new(p, &VTABLE)
    }
    static VTABLE: RawWakerVTable = RawWakerVTable::new(clone, noop, noop, noop);
    // SAFETY: the vtable's functions do nothing with the data pointer.
    let waker = unsafe { Waker::from_raw(RawWaker::new(std::ptr::null(), &VTABLE)) };
    let mut cx = Context::from_waker(&waker);
    let mut f = std::pin::pin!(f);
    loop {
        if let Poll::Ready(v) = f.as_mut().poll(&mut cx) {
            return v;
        }
        thread::yield_now();
    }
}

#[test]
fn cli_allow_net_flag() {
    watchdog(60, || {
        let srv = site();
        let bin = env!("CARGO_BIN_EXE_sandsh");
        let out = Command::new(bin)
            .args([
                "-c",
                &format!("curl -s http://localhost:{}/hello", srv.port),
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(7));
        let out = Command::new(bin)
            .args([
                "--allow-net",
                &format!("http://localhost:{}/", srv.port),
                "--allow-net",
                "https://example.com/",
                "-c",
                &format!("curl -s http://localhost:{}/hello", srv.port),
            ])
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(out.stdout, b"hello\n");
        let out = Command::new(bin)
            .args(["--allow-net", "GET example.com", "-c", "true"])
            .output()
            .unwrap();
        assert_ne!(out.status.code(), Some(0), "a bad rule is an error");
        assert!(String::from_utf8_lossy(&out.stderr).contains("scheme"));
    });
}

#[test]
fn web_search_uses_the_shared_policy() {
    use sandsh::tool::{ToolConfig, create_standard_registry};
    watchdog(30, || {
        let page = r#"<a class="result__a" href="https://example.org/">Example</a><a class="result__snippet">Snip</a>"#;
        let srv = serve(move |r| {
            if r.path.starts_with("/search") {
                Reply::Raw(response(
                    "200 OK",
                    &[("Content-Type", "text/html")],
                    page.as_bytes(),
                ))
            } else {
                Reply::Raw(response(
                    "302 Found",
                    &[("Location", "http://127.0.0.2:9/search")],
                    b"",
                ))
            }
        });
        let call = |cfg: &ToolConfig| {
            let reg = create_standard_registry(cfg);
            futures_lite_block_on(reg.call("web_search", serde_json::json!({"query": "q"})))
        };
        let cfg = ToolConfig {
            allow_net: vec![format!("http://127.0.0.1:{}/search", srv.port)],
            web_base_url: srv.url("/search"),
            ..ToolConfig::default()
        };
        let v = call(&cfg).expect("search works");
        assert_eq!(v.content[0]["url"], "https://example.org/");
        assert_eq!(srv.requests()[0].path, "/search?q=q");
        // A base URL that redirects outside the allowlist is refused at the redirect.
        let cfg = ToolConfig {
            allow_net: vec![format!("http://127.0.0.1:{}/", srv.port)],
            web_base_url: srv.url("/start"),
            ..ToolConfig::default()
        };
        let e = call(&cfg).unwrap_err();
        assert_eq!(e.kind(), "permission_denied", "{e}");
    });
}

// ---- node's fetch ------------------------------------------------------------------------------

#[test]
fn node_fetch_goes_through_the_allowlist() {
    watchdog(60, || {
        let srv = site();
        let mut k = Kernel::new(KernelConfig::default().allow_net(srv.rule()));
        let script = format!(
            r#"node -e '
(async () => {{
  const r = await fetch("{hello}");
  console.log(r.status, r.ok, r.headers.get("content-type"), JSON.stringify(await r.text()));
  const p = await fetch("{echo}", {{ method: "POST", headers: {{ "Content-Type": "application/json", "X-Test": "1" }}, body: JSON.stringify({{ a: 1 }}) }});
  console.log((await p.text()).split("\n").filter(Boolean).join(" | "));
  const d = await fetch("{redir}");
  console.log(d.status, d.redirected, d.url.endsWith("/hello"));
  const m = await fetch("{missing}");
  console.log(m.status, m.ok);
  try {{ await fetch("{looping}") }} catch (e) {{ console.log(e.message, e.cause.message) }}
}})()'"#,
            hello = srv.url("/hello"),
            echo = srv.url("/echo"),
            redir = srv.url("/redir"),
            missing = srv.url("/missing"),
            looping = srv.url("/loop"),
        );
        let r = k.execute(&script);
        assert_eq!(
            r.stdout_str(),
            "200 true text/plain \"hello\\n\"\nPOST /echo | content-type: application/json | x-test: 1 | accept: */* | content-length: 7 | {\"a\":1}\n200 true true\n404 false\nfetch failed redirect count exceeded\n",
            "{}",
            r.stderr_str()
        );
        // Outside the allowlist, and in a session without network: refused with the reason.
        let before = srv.hits.load(Ordering::SeqCst);
        let mut k = Kernel::new(KernelConfig::default());
        let r = k.execute(&format!(
            "node -e 'fetch(\"{}\").catch(e => console.log(e.name, e.message, \"|\", e.cause.message))'",
            srv.url("/hello")
        ));
        let out = r.stdout_str();
        assert!(
            out.starts_with("TypeError fetch failed | "),
            "{out}{}",
            r.stderr_str()
        );
        assert!(out.contains("allow"), "{out}");
        assert_eq!(
            srv.hits.load(Ordering::SeqCst),
            before,
            "the refused request never reached the server"
        );
    });
}

/// The embedder's request hook: called for each request and each redirect hop after the
/// allowlist, it may add a header (a credential the script never sees) or refuse.
#[test]
fn the_request_hook_sees_every_hop_and_may_change_headers_or_refuse() {
    struct Hook(Arc<Mutex<Vec<String>>>);
    impl sandsh::net::RequestHook for Hook {
        fn before_request(&self, call: &mut sandsh::net::RequestCall<'_>) -> Result<(), String> {
            self.0
                .lock()
                .unwrap()
                .push(format!("{} {}", call.method, call.url));
            if call.url.ends_with("/echo/secret") {
                return Err("the hook refuses /echo/secret".to_string());
            }
            call.headers
                .push(("X-Test".to_string(), b"from-the-hook".to_vec()));
            Ok(())
        }
    }
    watchdog(30, || {
        let srv = site();
        let seen = Arc::new(Mutex::new(Vec::new()));
        let mut k = Kernel::new(
            KernelConfig::default()
                .allow_net(srv.rule())
                .request_hook(Arc::new(Hook(seen.clone()))),
        );
        let r = k.execute(&format!("curl -s {}", srv.url("/echo/a")));
        assert_eq!(
            r.stdout_str(),
            "GET /echo/a\nx-test: from-the-hook\naccept: */*\n"
        );
        let r = k.execute(&format!("curl -sS -L {}", srv.url("/redir")));
        assert_eq!(r.stdout_str(), "hello\n");
        let r = k.execute(&format!("curl -sS {}", srv.url("/echo/secret")));
        assert_eq!(r.exit_code, 7);
        assert!(
            r.stderr_str().contains("the hook refuses /echo/secret"),
            "{}",
            r.stderr_str()
        );
        // A URL the allowlist refuses never reaches the hook.
        let r = k.execute("curl -sS http://127.0.0.2:9/");
        assert_eq!(r.exit_code, 7);
        let port = srv.port;
        assert_eq!(
            *seen.lock().unwrap(),
            [
                format!("GET http://127.0.0.1:{port}/echo/a"),
                format!("GET http://127.0.0.1:{port}/redir"),
                format!("GET http://127.0.0.1:{port}/hello"),
                format!("GET http://127.0.0.1:{port}/echo/secret"),
            ]
        );
        assert_eq!(
            srv.requests()
                .iter()
                .filter(|r| r.path == "/echo/secret")
                .count(),
            0
        );
    });
}
