//! The guest's HTTP bridge (`bashkit.http_request`, `bashkit.http_take`): the interpreter
//! never opens a socket; `urllib.request`, `requests` and `httpx` in the guest hand one request
//! to the host, which sends it through the session's network layer (the allowlist, address
//! checks, size and time caps) or refuses it.
//!
//! Records are u32 little-endian length-prefixed fields. A request is `method, url, header
//! count, (name, value)…, body`; a reply is `status, header count, (name, value)…, body`, or
//! the error's text when the code is not `OK`.

use std::time::{Duration, Instant};

use wasmtime::{Caller, Linker};

use crate::host::{Host, guest};

const OK: i32 = 0;
const NETWORK: i32 = 1;
const TIMEOUT: i32 = 2;
const INVALID: i32 = 3;
/// A pointer or length the guest made up.
const FAULT: i32 = 4;

/// The most bytes of one request record (its body included).
const MAX_REQUEST: usize = 64 << 20;

struct Cursor<'a>(&'a [u8]);

impl<'a> Cursor<'a> {
    fn u32(&mut self) -> Option<u32> {
        let (head, rest) = self.0.split_first_chunk::<4>()?;
        self.0 = rest;
        Some(u32::from_le_bytes(*head))
    }

    fn field(&mut self) -> Option<&'a [u8]> {
        let n = self.u32()? as usize;
        if self.0.len() < n {
            return None;
        }
        let (f, rest) = self.0.split_at(n);
        self.0 = rest;
        Some(f)
    }

    fn text(&mut self) -> Option<&'a str> {
        std::str::from_utf8(self.field()?).ok()
    }
}

fn put_field(out: &mut Vec<u8>, f: &[u8]) {
    out.extend_from_slice(&(f.len() as u32).to_le_bytes());
    out.extend_from_slice(f);
}

struct Parsed<'a> {
    method: &'a str,
    url: &'a str,
    headers: Vec<(String, Vec<u8>)>,
    body: &'a [u8],
}

fn parse(record: &[u8]) -> Option<Parsed<'_>> {
    let mut c = Cursor(record);
    let method = c.text()?;
    let url = c.text()?;
    let n = c.u32()?;
    let mut headers = Vec::new();
    for _ in 0..n.min(1024) {
        let k = c.text()?.to_string();
        let v = c.field()?.to_vec();
        headers.push((k, v));
    }
    let body = c.field()?;
    Some(Parsed {
        method,
        url,
        headers,
        body,
    })
}

/// Send one request for the guest: the reply record, or an error code and its message.
fn send(h: &mut Host, record: &[u8], timeout: Option<Duration>) -> (i32, Vec<u8>) {
    let Some(req) = parse(record) else {
        return (INVALID, b"malformed request".to_vec());
    };
    let ctx = h.ctx();
    if req.method == crate::code::METHOD {
        return match crate::code::compiled().map(|c| c.get(req.url)) {
            Ok(Some(code)) => (OK, response(200, &[], code)),
            Ok(None) => (INVALID, format!("no module {}", req.url).into_bytes()),
            Err(e) => (INVALID, e.into_bytes()),
        };
    }
    if req.method == crate::mode::METHOD {
        let reply = crate::mode::answer(&**ctx.backend(), req.url);
        return (OK, response(200, &[], reply.as_bytes()));
    }
    if req.method == crate::exec::METHOD {
        // The guest runs on wasmtime's own stack, which the shell's recursion guard does not
        // know: the command runs on a stack of its own, with its bounds set.
        let body = req.body;
        let ran = sandsh_runtime::stack::run_on_new_stack(crate::exec::STACK, move || {
            crate::exec::run(ctx, body)
        });
        return match ran {
            Ok(body) => (OK, response(200, &[], &body)),
            Err(e) => (INVALID, e.into_bytes()),
        };
    }
    let Some(net) = ctx.network() else {
        return (NETWORK, sandsh_net::unavailable(req.url).into_bytes());
    };
    let url = match sandsh_net::Url::parse(req.url) {
        Ok(u) => u,
        Err(e) => return (INVALID, format!("{e}: {}", req.url).into_bytes()),
    };
    let deadline = timeout.map(|t| Instant::now() + t);
    let probe = &*ctx;
    let stop = || probe.is_cancelled();
    match net.exchange(req.method, &url, req.headers, req.body, &stop, deadline) {
        Ok(x) => (OK, response(x.status, &x.headers, &x.body)),
        Err(sandsh_net::NetError::Timeout) => (TIMEOUT, b"timed out".to_vec()),
        Err(e) => (NETWORK, e.to_string().into_bytes()),
    }
}

/// A reply record: status, headers, body.
fn response(status: u16, headers: &[(String, String)], body: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(body.len() + 256);
    out.extend_from_slice(&u32::from(status).to_le_bytes());
    out.extend_from_slice(&(headers.len() as u32).to_le_bytes());
    for (k, v) in headers {
        put_field(&mut out, k.as_bytes());
        put_field(&mut out, v.as_bytes());
    }
    put_field(&mut out, body);
    out
}

pub(crate) fn add(linker: &mut Linker<Host>) -> wasmtime::Result<()> {
    linker.func_wrap(
        "bashkit",
        "http_request",
        |mut c: Caller<'_, Host>, ptr: i32, len: i32, timeout_ms: i64, out_len: i32| -> i32 {
            let (mem, h) = guest(&mut c);
            if len < 0 || len as usize > MAX_REQUEST {
                return INVALID;
            }
            let Ok(record) = mem.bytes(ptr as u32, len as u32).map(<[u8]>::to_vec) else {
                return FAULT;
            };
            let timeout = (timeout_ms >= 0).then(|| Duration::from_millis(timeout_ms as u64));
            let (code, reply) = send(h, &record, timeout);
            let (mut mem, h) = guest(&mut c);
            if mem.set_u32(out_len as u32, reply.len() as u32).is_err() {
                return FAULT;
            }
            h.http_reply = Some(reply);
            code
        },
    )?;
    linker.func_wrap(
        "bashkit",
        "http_take",
        |mut c: Caller<'_, Host>, ptr: i32, len: i32| -> i32 {
            let (mut mem, h) = guest(&mut c);
            let Some(reply) = h.http_reply.take() else {
                return INVALID;
            };
            if len < 0 {
                return OK;
            }
            let take = reply.len().min(len as usize);
            match mem.put(ptr as u32, &reply[..take]) {
                Ok(()) => OK,
                Err(_) => FAULT,
            }
        },
    )?;
    Ok(())
}
