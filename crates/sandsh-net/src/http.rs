//! HTTP/1.1 over a socket connected to an address the policy has already accepted.
//!
//! One connection per request (no pool, so no connection can carry a request to a host other
//! than the one it was checked for). Every socket wait is a short slice after which the
//! caller's `stop` and the deadline are looked at, so a cancelled run or a `--max-time` ends
//! the request within tens of milliseconds, connect and TLS handshake included.

use sandsh_runtime::time::Instant;
use std::io::{Read, Write};
use std::net::{IpAddr, SocketAddr, TcpStream};
use std::sync::mpsc;
#[cfg(not(target_arch = "wasm32"))]
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use super::NetError;
use super::resolve::SLICE;
use super::url::{Host, Scheme, Url};

/// Largest response head accepted (status line and headers). THREAT NET-DOS-1.
const MAX_HEAD: usize = 256 << 10;
/// Cap on one connect attempt, inside the request's deadline.
const CONNECT_CAP: Duration = Duration::from_secs(60);

/// A request to send. The caller supplies every header (curl and wget send different ones).
pub struct Request<'a> {
    pub method: &'a str,
    pub url: &'a Url,
    /// Header lines in the order they are sent.
    pub headers: &'a [(String, Vec<u8>)],
    pub body: &'a [u8],
    /// Fixed addresses for `(host, port)` pairs (curl's `--resolve`), used instead of name
    /// resolution; the policy judges them like any resolved address.
    pub resolve: &'a [(String, u16, IpAddr)],
}

/// A response whose head has been read; the body is read through [`Response::body`].
pub struct Response {
    /// `HTTP/1.1` or `HTTP/1.0`.
    pub version: &'static str,
    pub status: u16,
    pub reason: String,
    /// Headers in order, names as sent.
    pub headers: Vec<(String, Vec<u8>)>,
    /// The final head exactly as received (status line to the blank line).
    pub head: Vec<u8>,
    /// Heads of informational (1xx) responses received before it.
    pub interim: Vec<Vec<u8>>,
    /// The address connected to.
    pub addr: SocketAddr,
    pub body: Body,
}

impl Response {
    /// The value of the last header called `name` (case-insensitive).
    pub fn header(&self, name: &str) -> Option<&[u8]> {
        self.headers
            .iter()
            .rev()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_slice())
    }

    /// Every value of the headers called `name`, in order.
    pub fn headers_named<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a [u8]> + 'a {
        self.headers
            .iter()
            .filter(move |(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_slice())
    }
}

enum Conn {
    Plain(TcpStream),
    /// Not in the browser build: no sockets there, and `ring` needs a C compiler for wasm32.
    #[cfg(not(target_arch = "wasm32"))]
    Tls(Box<rustls::ClientConnection>, TcpStream),
}

struct Wait<'a> {
    stop: &'a dyn Fn() -> bool,
    deadline: Instant,
}

impl Wait<'_> {
    fn tick(&self) -> Result<(), NetError> {
        if (self.stop)() {
            Err(NetError::Cancelled)
        } else if Instant::now() >= self.deadline {
            Err(NetError::Timeout)
        } else {
            Ok(())
        }
    }
}

fn would_block(e: &std::io::Error) -> bool {
    matches!(
        e.kind(),
        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
    )
}

impl Conn {
    fn write_all(&mut self, data: &[u8], w: &Wait) -> Result<(), NetError> {
        match self {
            Conn::Plain(s) => {
                let mut off = 0;
                while off < data.len() {
                    match s.write(&data[off..]) {
                        Ok(0) => return Err(NetError::Send("connection closed".into())),
                        Ok(n) => off += n,
                        Err(e) if would_block(&e) => w.tick()?,
                        Err(e) => return Err(NetError::Send(e.to_string())),
                    }
                }
                Ok(())
            }
            #[cfg(not(target_arch = "wasm32"))]
            Conn::Tls(tls, s) => {
                let mut off = 0;
                while off < data.len() {
                    let n = tls
                        .writer()
                        .write(&data[off..])
                        .map_err(|e| NetError::Send(e.to_string()))?;
                    off += n;
                    flush_tls(tls, s, w)?;
                }
                flush_tls(tls, s, w)
            }
        }
    }

    /// Read some bytes; 0 at the end of the stream.
    fn read(&mut self, buf: &mut [u8], w: &Wait) -> Result<usize, NetError> {
        match self {
            Conn::Plain(s) => loop {
                match s.read(buf) {
                    Ok(n) => return Ok(n),
                    Err(e) if would_block(&e) => w.tick()?,
                    Err(e) => return Err(NetError::Recv(e.to_string())),
                }
            },
            #[cfg(not(target_arch = "wasm32"))]
            Conn::Tls(tls, s) => loop {
                match tls.reader().read(buf) {
                    Ok(n) => return Ok(n),
                    Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
                    Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => return Ok(0),
                    Err(e) => return Err(NetError::Recv(e.to_string())),
                }
                flush_tls(tls, s, w)?;
                match tls.read_tls(s) {
                    Ok(_) => {
                        tls.process_new_packets()
                            .map_err(|e| NetError::Recv(e.to_string()))?;
                    }
                    Err(e) if would_block(&e) => w.tick()?,
                    Err(e) => return Err(NetError::Recv(e.to_string())),
                }
            },
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn flush_tls(
    tls: &mut rustls::ClientConnection,
    s: &mut TcpStream,
    w: &Wait,
) -> Result<(), NetError> {
    while tls.wants_write() {
        match tls.write_tls(s) {
            Ok(_) => {}
            Err(e) if would_block(&e) => w.tick()?,
            Err(e) => return Err(NetError::Send(e.to_string())),
        }
    }
    Ok(())
}

#[cfg(not(target_arch = "wasm32"))]
fn handshake(
    tls: &mut rustls::ClientConnection,
    s: &mut TcpStream,
    w: &Wait,
) -> Result<(), NetError> {
    while tls.is_handshaking() {
        flush_tls(tls, s, w)?;
        if !tls.is_handshaking() {
            break;
        }
        if tls.wants_read() {
            match tls.read_tls(s) {
                Ok(0) => return Err(NetError::Tls("connection closed during handshake".into())),
                Ok(_) => {
                    tls.process_new_packets().map_err(|e| match e {
                        rustls::Error::InvalidCertificate(c) => NetError::Cert(format!("{c:?}")),
                        other => NetError::Tls(other.to_string()),
                    })?;
                }
                Err(e) if would_block(&e) => w.tick()?,
                Err(e) => return Err(NetError::Tls(e.to_string())),
            }
        }
    }
    flush_tls(tls, s, w)
}

#[cfg(not(target_arch = "wasm32"))]
fn tls_config() -> Result<Arc<rustls::ClientConfig>, NetError> {
    static CONFIG: OnceLock<Result<Arc<rustls::ClientConfig>, String>> = OnceLock::new();
    CONFIG
        .get_or_init(|| {
            let roots = rustls::RootCertStore {
                roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
            };
            let provider = Arc::new(rustls::crypto::ring::default_provider());
            let mut cfg = rustls::ClientConfig::builder_with_provider(provider)
                .with_safe_default_protocol_versions()
                .map_err(|e| e.to_string())?
                .with_root_certificates(roots)
                .with_no_client_auth();
            cfg.alpn_protocols = vec![b"http/1.1".to_vec()];
            Ok(Arc::new(cfg))
        })
        .clone()
        .map_err(NetError::Tls)
}

/// Connect to `addr`, waking on cancellation. The blocking connect runs on a short-lived
/// thread bounded by its own timeout; an abandoned attempt ends by itself.
fn connect(addr: SocketAddr, w: &Wait) -> Result<TcpStream, std::io::Error> {
    let budget = w
        .deadline
        .saturating_duration_since(Instant::now())
        .min(CONNECT_CAP)
        .max(Duration::from_millis(1));
    let (tx, rx) = mpsc::channel();
    std::thread::Builder::new()
        .name("sandsh-connect".into())
        .spawn(move || {
            let _ = tx.send(TcpStream::connect_timeout(&addr, budget));
        })?;
    loop {
        match rx.recv_timeout(SLICE) {
            Ok(r) => return r,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if (w.stop)() {
                    return Err(sandsh_runtime::Cancelled::io());
                }
                if Instant::now() >= w.deadline {
                    return Err(std::io::ErrorKind::TimedOut.into());
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(std::io::Error::other("connect failed"));
            }
        }
    }
}

fn valid_header(name: &str, value: &[u8]) -> bool {
    !name.is_empty()
        && name.bytes().all(|b| b.is_ascii_graphic() && b != b':')
        && !value.iter().any(|&b| b == b'\r' || b == b'\n' || b == 0)
}

/// Connect to the first of `addrs` that answers, send the request and read the head.
pub(super) fn send(
    req: &Request,
    addrs: &[IpAddr],
    max_body: u64,
    stop: &dyn Fn() -> bool,
    deadline: Instant,
) -> Result<Response, NetError> {
    let w = Wait { stop, deadline };
    if req.method.is_empty() || !req.method.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(NetError::Send(format!("bad method '{}'", req.method)));
    }
    let mut out = Vec::with_capacity(256 + req.body.len());
    out.extend_from_slice(format!("{} {} HTTP/1.1\r\n", req.method, req.url.target()).as_bytes());
    for (k, v) in req.headers {
        if !valid_header(k, v) {
            return Err(NetError::Send(format!(
                "header '{k}' has a bad name or a line break in its value"
            )));
        }
        out.extend_from_slice(k.as_bytes());
        out.extend_from_slice(b": ");
        out.extend_from_slice(v);
        out.extend_from_slice(b"\r\n");
    }
    out.extend_from_slice(b"\r\n");
    out.extend_from_slice(req.body);

    let start = Instant::now();
    let host_text = match &req.url.host {
        Host::Name(n) => n.clone(),
        Host::Ip(ip) => ip.to_string(),
    };
    let mut sock = None;
    let mut reason = String::from("Couldn't connect to server");
    for ip in addrs {
        let addr = SocketAddr::new(*ip, req.url.port);
        match connect(addr, &w) {
            Ok(s) => {
                sock = Some((s, addr));
                break;
            }
            Err(e) if sandsh_runtime::is_cancelled(&e) => return Err(NetError::Cancelled),
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {
                if Instant::now() >= deadline {
                    return Err(NetError::Timeout);
                }
                reason = "Timeout was reached".into();
            }
            Err(_) => {}
        }
    }
    let Some((sock, addr)) = sock else {
        return Err(NetError::Connect {
            host: host_text,
            port: req.url.port,
            ms: start.elapsed().as_millis(),
            reason,
        });
    };
    let _ = sock.set_nodelay(true);
    sock.set_read_timeout(Some(SLICE))
        .and_then(|_| sock.set_write_timeout(Some(SLICE)))
        .map_err(|e| NetError::Recv(e.to_string()))?;
    let mut conn = match req.url.scheme {
        Scheme::Http => Conn::Plain(sock),
        #[cfg(target_arch = "wasm32")]
        Scheme::Https => return Err(NetError::Tls("no TLS in the browser build".into())),
        #[cfg(not(target_arch = "wasm32"))]
        Scheme::Https => {
            let name = match &req.url.host {
                Host::Name(n) => rustls::pki_types::ServerName::try_from(n.clone())
                    .map_err(|e| NetError::Tls(e.to_string()))?,
                Host::Ip(ip) => rustls::pki_types::ServerName::IpAddress((*ip).into()),
            };
            let mut tls = rustls::ClientConnection::new(tls_config()?, name)
                .map_err(|e| NetError::Tls(e.to_string()))?;
            let mut sock = sock;
            handshake(&mut tls, &mut sock, &w)?;
            Conn::Tls(Box::new(tls), sock)
        }
    };
    conn.write_all(&out, &w)?;
    drop(out);

    let mut buf: Vec<u8> = Vec::with_capacity(4096);
    let mut interim = Vec::new();
    loop {
        let end = loop {
            if let Some(e) = head_end(&buf) {
                break e;
            }
            if buf.len() > MAX_HEAD {
                return Err(NetError::BadResponse("response head too large".into()));
            }
            let mut chunk = [0u8; 8192];
            let n = conn.read(&mut chunk, &w)?;
            if n == 0 {
                return Err(if buf.is_empty() {
                    NetError::Recv("Empty reply from server".into())
                } else {
                    NetError::BadResponse("connection closed in the response head".into())
                });
            }
            buf.extend_from_slice(&chunk[..n]);
        };
        let head: Vec<u8> = buf.drain(..end).collect();
        let mut hs = [httparse::EMPTY_HEADER; 200];
        let mut parsed = httparse::Response::new(&mut hs);
        match parsed.parse(&head) {
            Ok(httparse::Status::Complete(_)) => {}
            Ok(httparse::Status::Partial) => {
                return Err(NetError::BadResponse("incomplete response head".into()));
            }
            Err(e) => return Err(NetError::BadResponse(e.to_string())),
        }
        let status = parsed.code.unwrap_or(0);
        if (100..200).contains(&status) && status != 101 {
            interim.push(head);
            continue;
        }
        let version = if parsed.version == Some(0) {
            "HTTP/1.0"
        } else {
            "HTTP/1.1"
        };
        let reason = parsed.reason.unwrap_or("").to_string();
        let headers: Vec<(String, Vec<u8>)> = parsed
            .headers
            .iter()
            .map(|h| (h.name.to_string(), h.value.to_vec()))
            .collect();
        let framing = framing(req.method, status, &headers)?;
        return Ok(Response {
            version,
            status,
            reason,
            headers,
            head,
            interim,
            addr,
            body: Body {
                conn,
                framing,
                buf,
                delivered: 0,
                cap: max_body,
                deadline,
                redact: None,
            },
        });
    }
}

fn head_end(b: &[u8]) -> Option<usize> {
    let crlf = b.windows(4).position(|w| w == b"\r\n\r\n").map(|p| p + 4);
    let lf = b.windows(2).position(|w| w == b"\n\n").map(|p| p + 2);
    match (crlf, lf) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Framing {
    Empty,
    Length(u64),
    /// Chunked: bytes left in the current chunk (`None`: a size line comes next).
    Chunked(Option<u64>),
    Close,
    Done,
}

fn framing(method: &str, status: u16, headers: &[(String, Vec<u8>)]) -> Result<Framing, NetError> {
    if method == "HEAD" || status == 204 || status == 304 || (100..200).contains(&status) {
        return Ok(Framing::Empty);
    }
    let te = headers
        .iter()
        .filter(|(k, _)| k.eq_ignore_ascii_case("transfer-encoding"))
        .flat_map(|(_, v)| v.split(|&b| b == b','))
        .map(|v| String::from_utf8_lossy(v).trim().to_ascii_lowercase())
        .next_back();
    if let Some(te) = te {
        return Ok(if te == "chunked" {
            Framing::Chunked(None)
        } else {
            Framing::Close
        });
    }
    if let Some((_, v)) = headers
        .iter()
        .rev()
        .find(|(k, _)| k.eq_ignore_ascii_case("content-length"))
    {
        let n = std::str::from_utf8(v)
            .ok()
            .and_then(|s| s.trim().parse::<u64>().ok())
            .ok_or_else(|| NetError::BadResponse("invalid Content-Length".into()))?;
        return Ok(Framing::Length(n));
    }
    Ok(Framing::Close)
}

/// The body of a response, as sent (not decompressed), capped at the session's limit.
pub struct Body {
    conn: Conn,
    framing: Framing,
    /// Bytes read from the connection and not yet consumed.
    buf: Vec<u8>,
    delivered: u64,
    cap: u64,
    deadline: Instant,
    /// Replaces the session's credentials in what is read ([`crate::secrets`]).
    redact: Option<crate::secrets::Redactor>,
}

impl Body {
    /// Replace the session's credentials in the bytes read from here on.
    pub(crate) fn redact_with(&mut self, r: Option<crate::secrets::Redactor>) {
        self.redact = r;
    }

    /// Bytes of body delivered so far.
    pub fn received(&self) -> u64 {
        self.delivered
    }

    /// The length the server announced, if any.
    pub fn announced(&self) -> Option<u64> {
        match self.framing {
            Framing::Length(n) => Some(n + self.delivered),
            _ => None,
        }
    }

    /// Read body bytes into `out`; 0 at the end. `stop` is the run's cancellation check.
    pub fn read(&mut self, out: &mut [u8], stop: &dyn Fn() -> bool) -> Result<usize, NetError> {
        if self.redact.is_none() || out.is_empty() {
            return self.read_raw(out, stop);
        }
        // Raw bytes go through the redactor, which holds back what could start a value.
        let mut chunk = vec![0u8; out.len().max(4096)];
        loop {
            if let Some(r) = self.redact.as_mut() {
                let n = r.take(out);
                if n > 0 {
                    return Ok(n);
                }
            }
            let got = self.read_raw(&mut chunk, stop)?;
            let Some(r) = self.redact.as_mut() else {
                return Ok(0);
            };
            if got == 0 {
                r.finish();
                let n = r.take(out);
                if n == 0 {
                    self.redact = None;
                }
                return Ok(n);
            }
            r.push(&chunk[..got]);
        }
    }

    fn read_raw(&mut self, out: &mut [u8], stop: &dyn Fn() -> bool) -> Result<usize, NetError> {
        let w = Wait {
            stop,
            deadline: self.deadline,
        };
        if let Framing::Length(n) = self.framing
            && self.delivered == 0
            && n > self.cap
        {
            return Err(NetError::TooLarge(self.cap));
        }
        let n = self.read_framed(out, &w)?;
        self.delivered += n as u64;
        if self.delivered > self.cap {
            return Err(NetError::TooLarge(self.cap));
        }
        Ok(n)
    }

    /// Fill `buf` with more connection bytes; false at the end of the stream.
    fn fill(&mut self, w: &Wait) -> Result<bool, NetError> {
        let mut chunk = [0u8; 16 << 10];
        let n = self.conn.read(&mut chunk, w)?;
        self.buf.extend_from_slice(&chunk[..n]);
        Ok(n > 0)
    }

    fn take(&mut self, out: &mut [u8], max: u64) -> usize {
        let n = self.buf.len().min(out.len()).min(max as usize);
        out[..n].copy_from_slice(&self.buf[..n]);
        self.buf.drain(..n);
        n
    }

    fn read_framed(&mut self, out: &mut [u8], w: &Wait) -> Result<usize, NetError> {
        if out.is_empty() {
            return Ok(0);
        }
        loop {
            match self.framing {
                Framing::Empty | Framing::Done => return Ok(0),
                Framing::Length(0) => {
                    self.framing = Framing::Done;
                    return Ok(0);
                }
                Framing::Length(left) => {
                    if self.buf.is_empty() && !self.fill(w)? {
                        return Err(NetError::Recv(format!(
                            "transfer closed with {left} bytes remaining to read"
                        )));
                    }
                    let n = self.take(out, left);
                    self.framing = Framing::Length(left - n as u64);
                    return Ok(n);
                }
                Framing::Close => {
                    if self.buf.is_empty() && !self.fill(w)? {
                        self.framing = Framing::Done;
                        return Ok(0);
                    }
                    return Ok(self.take(out, u64::MAX));
                }
                Framing::Chunked(Some(0)) => {
                    // The CRLF after a chunk's data.
                    let line = self.line(w)?;
                    if !line.is_empty() {
                        return Err(NetError::BadResponse("bad chunk end".into()));
                    }
                    self.framing = Framing::Chunked(None);
                }
                Framing::Chunked(Some(left)) => {
                    if self.buf.is_empty() && !self.fill(w)? {
                        return Err(NetError::Recv("transfer closed in a chunk".into()));
                    }
                    let n = self.take(out, left);
                    self.framing = Framing::Chunked(Some(left - n as u64));
                    return Ok(n);
                }
                Framing::Chunked(None) => {
                    let line = self.line(w)?;
                    let size = line.split(|&b| b == b';').next().unwrap_or(b"");
                    let size = std::str::from_utf8(size)
                        .ok()
                        .and_then(|s| u64::from_str_radix(s.trim(), 16).ok())
                        .ok_or_else(|| NetError::BadResponse("bad chunk size".into()))?;
                    if size == 0 {
                        // Trailers, up to the blank line.
                        while !self.line(w)?.is_empty() {}
                        self.framing = Framing::Done;
                        return Ok(0);
                    }
                    self.framing = Framing::Chunked(Some(size));
                }
            }
        }
    }

    /// One line (without its CRLF) of chunked framing.
    fn line(&mut self, w: &Wait) -> Result<Vec<u8>, NetError> {
        loop {
            if let Some(p) = self.buf.iter().position(|&b| b == b'\n') {
                let mut l: Vec<u8> = self.buf.drain(..=p).collect();
                l.pop();
                if l.last() == Some(&b'\r') {
                    l.pop();
                }
                return Ok(l);
            }
            if self.buf.len() > 8192 {
                return Err(NetError::BadResponse("chunk line too long".into()));
            }
            if !self.fill(w)? {
                return Err(NetError::Recv("transfer closed in chunked framing".into()));
            }
        }
    }
}
