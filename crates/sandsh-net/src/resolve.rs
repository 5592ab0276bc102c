//! Name resolution without the C library.
//!
//! The release binary is a static executable, and static glibc cannot load the NSS modules
//! `getaddrinfo` needs, so names are resolved here: `/etc/hosts` first (as `files` comes first
//! in the usual `nsswitch.conf`), then a plain DNS query over UDP to the name servers of
//! `/etc/resolv.conf`. Every wait is sliced so that a cancelled run or a passed deadline is
//! noticed within a few tens of milliseconds. The addresses returned are the only ones the
//! client connects to (after the policy has judged each one).

use sandsh_runtime::time::Instant;
use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, UdpSocket};
use std::time::Duration;

use super::NetError;
use super::url::Host;

/// How long one DNS query waits for an answer before it is sent again.
const ATTEMPT: Duration = Duration::from_millis(1500);
/// How often a wait looks at cancellation.
pub(super) const SLICE: Duration = Duration::from_millis(25);

/// The addresses of `host`, in preference order.
pub fn resolve(
    host: &Host,
    stop: &dyn Fn() -> bool,
    deadline: Instant,
) -> Result<Vec<IpAddr>, NetError> {
    let name = match host {
        Host::Ip(ip) => return Ok(vec![*ip]),
        Host::Name(n) => n.as_str(),
    };
    #[allow(
        clippy::disallowed_methods,
        reason = "the resolver reads the host's own name configuration, as the C library does"
    )]
    let hosts = std::fs::read_to_string("/etc/hosts").unwrap_or_default();
    let found = lookup_hosts(&hosts, name);
    if !found.is_empty() {
        return Ok(found);
    }
    if name == "localhost" || name.ends_with(".localhost") {
        return Ok(vec![
            IpAddr::V4(Ipv4Addr::LOCALHOST),
            IpAddr::V6(Ipv6Addr::LOCALHOST),
        ]);
    }
    #[allow(
        clippy::disallowed_methods,
        reason = "the resolver reads the host's own name configuration, as the C library does"
    )]
    let conf = std::fs::read_to_string("/etc/resolv.conf").unwrap_or_default();
    let servers = nameservers(&conf);
    let mut out = Vec::new();
    let mut last_err = None;
    for qtype in [1u16, 28] {
        match query(&servers, name, qtype, stop, deadline) {
            Ok(mut v) => out.append(&mut v),
            Err(e @ (NetError::Cancelled | NetError::Timeout)) => return Err(e),
            Err(e) => last_err = Some(e),
        }
    }
    if out.is_empty() {
        return Err(match last_err {
            Some(NetError::Resolve(_)) | None => NetError::Resolve(name.to_string()),
            Some(e) => e,
        });
    }
    Ok(out)
}

/// The addresses `/etc/hosts` (given as text) lists for `name`.
pub fn lookup_hosts(text: &str, name: &str) -> Vec<IpAddr> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("");
        let mut words = line.split_whitespace();
        let Some(addr) = words.next() else { continue };
        if words.any(|w| w.eq_ignore_ascii_case(name))
            && let Ok(ip) = addr.parse::<IpAddr>()
            && !out.contains(&ip)
        {
            out.push(ip);
        }
    }
    out
}

fn nameservers(conf: &str) -> Vec<SocketAddr> {
    let mut v: Vec<SocketAddr> = conf
        .lines()
        .filter_map(|l| l.trim().strip_prefix("nameserver"))
        .filter_map(|s| s.trim().split('%').next()?.parse::<IpAddr>().ok())
        .map(|ip| SocketAddr::new(ip, 53))
        .collect();
    if v.is_empty() {
        v.push(SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), 53));
    }
    v
}

fn random_id() -> u16 {
    let mut h = RandomState::new().build_hasher();
    h.write_u64(0x5eed);
    h.finish() as u16
}

/// Build a query for `name` of type `qtype` (1 = A, 28 = AAAA).
fn build_query(id: u16, name: &str, qtype: u16) -> Option<Vec<u8>> {
    let mut q = Vec::with_capacity(32 + name.len());
    q.extend_from_slice(&id.to_be_bytes());
    q.extend_from_slice(&[0x01, 0x00, 0, 1, 0, 0, 0, 0, 0, 0]);
    for label in name.trim_end_matches('.').split('.') {
        if label.is_empty() || label.len() > 63 {
            return None;
        }
        q.push(label.len() as u8);
        q.extend_from_slice(label.as_bytes());
    }
    q.push(0);
    q.extend_from_slice(&qtype.to_be_bytes());
    q.extend_from_slice(&[0, 1]);
    Some(q)
}

fn query(
    servers: &[SocketAddr],
    name: &str,
    qtype: u16,
    stop: &dyn Fn() -> bool,
    deadline: Instant,
) -> Result<Vec<IpAddr>, NetError> {
    let id = random_id();
    let packet = build_query(id, name, qtype).ok_or_else(|| NetError::Resolve(name.into()))?;
    let mut last = NetError::Resolve(name.to_string());
    for round in 0..2 {
        for server in servers {
            let bind: SocketAddr = if server.is_ipv4() {
                (Ipv4Addr::UNSPECIFIED, 0).into()
            } else {
                (Ipv6Addr::UNSPECIFIED, 0).into()
            };
            let sock = match UdpSocket::bind(bind).and_then(|s| s.connect(server).map(|_| s)) {
                Ok(s) => s,
                Err(e) => {
                    last = NetError::Resolve(format!("{name} ({e})"));
                    continue;
                }
            };
            if sock.send(&packet).is_err() {
                continue;
            }
            let until = Instant::now() + ATTEMPT * (round + 1);
            let mut buf = [0u8; 1500];
            loop {
                if stop() {
                    return Err(NetError::Cancelled);
                }
                let now = Instant::now();
                if now >= deadline {
                    return Err(NetError::Timeout);
                }
                if now >= until {
                    break;
                }
                let _ = sock.set_read_timeout(Some(SLICE));
                match sock.recv(&mut buf) {
                    Ok(n) => match parse_answer(&buf[..n], id, qtype) {
                        Some(Ok(v)) => return Ok(v),
                        Some(Err(())) => return Err(NetError::Resolve(name.to_string())),
                        None => continue,
                    },
                    Err(e)
                        if matches!(
                            e.kind(),
                            std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                        ) =>
                    {
                        continue;
                    }
                    Err(_) => break,
                }
            }
        }
    }
    Err(last)
}

/// The addresses in a DNS answer: `None` when the packet is not the answer to our query,
/// `Some(Err)` for "no such name" or a server failure.
fn parse_answer(p: &[u8], id: u16, qtype: u16) -> Option<Result<Vec<IpAddr>, ()>> {
    if p.len() < 12 || u16::from_be_bytes([p[0], p[1]]) != id || p[2] & 0x80 == 0 {
        return None;
    }
    let rcode = p[3] & 0x0f;
    if rcode != 0 {
        return Some(Err(()));
    }
    let qd = u16::from_be_bytes([p[4], p[5]]) as usize;
    let an = u16::from_be_bytes([p[6], p[7]]) as usize;
    let mut i = 12;
    for _ in 0..qd {
        i = skip_name(p, i)? + 4;
    }
    let mut out = Vec::new();
    for _ in 0..an {
        i = skip_name(p, i)?;
        let head = p.get(i..i + 10)?;
        let t = u16::from_be_bytes([head[0], head[1]]);
        let len = u16::from_be_bytes([head[8], head[9]]) as usize;
        let data = p.get(i + 10..i + 10 + len)?;
        i += 10 + len;
        match (t, len) {
            (1, 4) if qtype == 1 => out.push(IpAddr::V4(Ipv4Addr::new(
                data[0], data[1], data[2], data[3],
            ))),
            (28, 16) if qtype == 28 => {
                let mut a = [0u8; 16];
                a.copy_from_slice(data);
                out.push(IpAddr::V6(Ipv6Addr::from(a)));
            }
            _ => {}
        }
    }
    Some(Ok(out))
}

fn skip_name(p: &[u8], mut i: usize) -> Option<usize> {
    loop {
        let len = *p.get(i)? as usize;
        if len == 0 {
            return Some(i + 1);
        }
        if len & 0xc0 == 0xc0 {
            return Some(i + 2);
        }
        i += 1 + len;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_file_lookup() {
        let text = "127.0.0.1 localhost\n::1 localhost ip6-localhost # comment\n\
                    10.0.0.5 db.internal db\n# 1.2.3.4 commented\n";
        assert_eq!(
            lookup_hosts(text, "localhost"),
            vec![
                "127.0.0.1".parse::<IpAddr>().unwrap(),
                "::1".parse().unwrap()
            ]
        );
        assert_eq!(
            lookup_hosts(text, "DB"),
            vec!["10.0.0.5".parse::<IpAddr>().unwrap()]
        );
        assert!(lookup_hosts(text, "commented").is_empty());
    }

    #[test]
    fn dns_answer_parsing() {
        let q = build_query(0x1234, "example.com", 1).unwrap();
        let mut r = q.clone();
        r[2] = 0x81;
        r[3] = 0x80;
        r[7] = 1; // one answer
        r.extend_from_slice(&[0xc0, 12, 0, 1, 0, 1, 0, 0, 0, 60, 0, 4, 93, 184, 216, 34]);
        assert_eq!(
            parse_answer(&r, 0x1234, 1),
            Some(Ok(vec!["93.184.216.34".parse::<IpAddr>().unwrap()]))
        );
        assert_eq!(parse_answer(&r, 0x9999, 1), None);
        r[3] = 0x83;
        assert_eq!(parse_answer(&r, 0x1234, 1), Some(Err(())));
        assert!(build_query(1, "a..b", 1).is_none());
    }
}
