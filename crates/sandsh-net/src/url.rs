//! A small, strict parser for the `http://` and `https://` URLs the network commands accept.
//!
//! The policy decides on what this parser says the host, port and path are, and the client
//! connects to exactly that host and sends exactly that path, so the two can never disagree
//! (the classic allowlist bypass is `http://allowed.example@evil.example/`, or a path with
//! `..` that a prefix check accepts and the server resolves elsewhere). Dot segments are
//! removed (also when percent-encoded) before anything looks at the path, as curl does.

use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// `http` or `https`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scheme {
    Http,
    Https,
}

impl Scheme {
    pub fn as_str(self) -> &'static str {
        match self {
            Scheme::Http => "http",
            Scheme::Https => "https",
        }
    }
    pub fn default_port(self) -> u16 {
        match self {
            Scheme::Http => 80,
            Scheme::Https => 443,
        }
    }
}

/// The host part of a URL: a name (lower case) or an address literal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Host {
    Name(String),
    Ip(IpAddr),
}

impl fmt::Display for Host {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Host::Name(n) => f.write_str(n),
            Host::Ip(IpAddr::V6(a)) => write!(f, "[{a}]"),
            Host::Ip(IpAddr::V4(a)) => write!(f, "{a}"),
        }
    }
}

/// A parsed URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Url {
    pub scheme: Scheme,
    /// `user:password` given before `@`, percent-decoded.
    pub userinfo: Option<(String, Option<String>)>,
    pub host: Host,
    pub port: u16,
    /// Whether the port was written in the URL.
    pub explicit_port: bool,
    /// The path, starting with `/`, dot segments removed (still percent-encoded).
    pub path: String,
    /// The query without `?`, if any.
    pub query: Option<String>,
}

/// Why a URL was not accepted; the curl exit code is 1 for the scheme, 3 otherwise.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UrlError {
    #[error("Protocol \"{0}\" not supported or disabled in libcurl")]
    Scheme(String),
    #[error("URL using bad/illegal format or missing URL")]
    Malformed,
}

impl Url {
    /// Parse an absolute URL. A URL without `scheme://` is taken as `http://` (curl's guess).
    pub fn parse(s: &str) -> Result<Url, UrlError> {
        let s = s.trim_matches(|c: char| c == ' ' || c == '\t');
        if s.is_empty() || s.chars().any(|c| c.is_control() || c == ' ') {
            return Err(UrlError::Malformed);
        }
        let (scheme, rest) = match s.find("://") {
            Some(i) => {
                let name = &s[..i];
                if name.is_empty()
                    || !name
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
                {
                    return Err(UrlError::Malformed);
                }
                let scheme = match name.to_ascii_lowercase().as_str() {
                    "http" => Scheme::Http,
                    "https" => Scheme::Https,
                    _ => return Err(UrlError::Scheme(name.to_string())),
                };
                (scheme, &s[i + 3..])
            }
            None => (Scheme::Http, s),
        };
        let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
        let authority = &rest[..end];
        let mut tail = &rest[end..];
        if let Some(h) = tail.find('#') {
            tail = &tail[..h];
        }
        let (userinfo, hostport) = match authority.rfind('@') {
            Some(i) => {
                let ui = &authority[..i];
                let (u, p) = match ui.find(':') {
                    Some(c) => (&ui[..c], Some(percent_decode(&ui[c + 1..]))),
                    None => (ui, None),
                };
                (Some((percent_decode(u), p)), &authority[i + 1..])
            }
            None => (None, authority),
        };
        let (host, port_str) = if let Some(r) = hostport.strip_prefix('[') {
            let close = r.find(']').ok_or(UrlError::Malformed)?;
            let addr: Ipv6Addr = r[..close].parse().map_err(|_| UrlError::Malformed)?;
            let after = &r[close + 1..];
            let port = match after.strip_prefix(':') {
                Some(p) => Some(p),
                None if after.is_empty() => None,
                None => return Err(UrlError::Malformed),
            };
            (Host::Ip(IpAddr::V6(addr)), port)
        } else {
            let (h, p) = match hostport.rfind(':') {
                Some(i) => (&hostport[..i], Some(&hostport[i + 1..])),
                None => (hostport, None),
            };
            let h = h.strip_suffix('.').unwrap_or(h);
            if h.is_empty()
                || !h
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.' || c == '_')
            {
                return Err(UrlError::Malformed);
            }
            let h = h.to_ascii_lowercase();
            match parse_ipv4_loose(&h) {
                Some(a) => (Host::Ip(IpAddr::V4(a)), p),
                None => {
                    if h.split('.').any(str::is_empty) {
                        return Err(UrlError::Malformed);
                    }
                    (Host::Name(h), p)
                }
            }
        };
        let (port, explicit_port) = match port_str {
            Some("") | None => (scheme.default_port(), false),
            Some(p) => match p.parse::<u16>() {
                Ok(n) if n > 0 && p.chars().all(|c| c.is_ascii_digit()) => (n, true),
                _ => return Err(UrlError::Malformed),
            },
        };
        let (path, query) = match tail.find('?') {
            Some(q) => (&tail[..q], Some(tail[q + 1..].to_string())),
            None => (tail, None),
        };
        Ok(Url {
            scheme,
            userinfo,
            host,
            port,
            explicit_port,
            path: remove_dot_segments(path),
            query,
        })
    }

    /// The request target: path and query.
    pub fn target(&self) -> String {
        match &self.query {
            Some(q) => format!("{}?{q}", self.path),
            None => self.path.clone(),
        }
    }

    /// `host` or `host:port` when the port is not the scheme's default (the `Host` header).
    pub fn host_header(&self) -> String {
        if self.port == self.scheme.default_port() {
            self.host.to_string()
        } else {
            format!("{}:{}", self.host, self.port)
        }
    }

    /// Resolve a `Location` value against this URL.
    pub fn join(&self, location: &str) -> Result<Url, UrlError> {
        let loc = location.trim();
        if loc.contains("://") {
            return Url::parse(loc);
        }
        let base = format!("{}://{}", self.scheme.as_str(), self.host_header());
        if let Some(rest) = loc.strip_prefix("//") {
            return Url::parse(&format!("{}://{rest}", self.scheme.as_str()));
        }
        if loc.starts_with('/') {
            return Url::parse(&format!("{base}{loc}"));
        }
        if let Some(q) = loc.strip_prefix('?') {
            return Url::parse(&format!("{base}{}?{q}", self.path));
        }
        let dir = match self.path.rfind('/') {
            Some(i) => &self.path[..=i],
            None => "/",
        };
        Url::parse(&format!("{base}{dir}{loc}"))
    }
}

impl fmt::Display for Url {
    /// The URL as curl prints it for `%{url_effective}` (no user information).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}://", self.scheme.as_str())?;
        if self.explicit_port {
            write!(f, "{}:{}", self.host, self.port)?;
        } else {
            write!(f, "{}", self.host)?;
        }
        f.write_str(&self.target())
    }
}

/// IPv4 the way `inet_aton` (and so curl) reads it: `127.1`, `0x7f.0.0.1`, `2130706433`.
/// `None` when the text is not such a number (then it is a host name).
pub fn parse_ipv4_loose(s: &str) -> Option<Ipv4Addr> {
    let parts: Vec<&str> = s.split('.').collect();
    if parts.is_empty() || parts.len() > 4 {
        return None;
    }
    let mut nums = Vec::with_capacity(4);
    for p in &parts {
        let v = if let Some(h) = p.strip_prefix("0x").or_else(|| p.strip_prefix("0X")) {
            if h.is_empty() {
                0
            } else {
                u64::from_str_radix(h, 16).ok()?
            }
        } else if p.len() > 1 && p.starts_with('0') {
            u64::from_str_radix(&p[1..], 8).ok()?
        } else {
            if p.is_empty() || !p.chars().all(|c| c.is_ascii_digit()) {
                return None;
            }
            p.parse::<u64>().ok()?
        };
        nums.push(v);
    }
    let last = *nums.last()?;
    let head = &nums[..nums.len() - 1];
    if head.iter().any(|&n| n > 255) {
        return None;
    }
    let rest_bits = 8 * (4 - head.len() as u32);
    if rest_bits < 64 && last >= (1u64 << rest_bits) {
        return None;
    }
    let mut v: u64 = 0;
    for (i, n) in head.iter().enumerate() {
        v |= n << (24 - 8 * i as u32);
    }
    v |= last;
    Some(Ipv4Addr::from(v as u32))
}

/// Remove `.` and `..` segments (RFC 3986 5.2.4), also written as `%2e`.
pub fn remove_dot_segments(path: &str) -> String {
    if path.is_empty() {
        return "/".to_string();
    }
    let is = |seg: &str, dots: usize| {
        let lower = seg.to_ascii_lowercase().replace("%2e", ".");
        lower.len() == dots && lower.chars().all(|c| c == '.')
    };
    let mut out: Vec<&str> = Vec::new();
    let segs: Vec<&str> = path.split('/').skip(1).collect();
    let n = segs.len();
    for (i, seg) in segs.iter().enumerate() {
        let last = i + 1 == n;
        if is(seg, 1) {
            if last {
                out.push("");
            }
        } else if is(seg, 2) {
            out.pop();
            if last {
                out.push("");
            }
        } else {
            out.push(seg);
        }
    }
    format!("/{}", out.join("/"))
}

/// Decode `%XX` escapes (invalid ones are kept as written).
pub fn percent_decode(s: &str) -> String {
    String::from_utf8_lossy(&percent_decode_bytes(s.as_bytes())).into_owned()
}

/// Decode `%XX` escapes into bytes.
pub fn percent_decode_bytes(b: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%'
            && i + 2 < b.len()
            && let (Some(h), Some(l)) = (hexval(b[i + 1]), hexval(b[i + 2]))
        {
            out.push(h * 16 + l);
            i += 3;
            continue;
        }
        out.push(b[i]);
        i += 1;
    }
    out
}

fn hexval(c: u8) -> Option<u8> {
    (c as char).to_digit(16).map(|d| d as u8)
}

/// Percent-encode everything but unreserved characters (`--data-urlencode`, query values).
pub fn percent_encode(b: &[u8]) -> String {
    let mut s = String::with_capacity(b.len() * 3);
    for &c in b {
        if c.is_ascii_alphanumeric() || b"-._~".contains(&c) {
            s.push(c as char);
        } else {
            s.push_str(&format!("%{c:02X}"));
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn userinfo_does_not_hide_the_host() {
        let u = Url::parse("http://allowed.example@evil.example/x").unwrap();
        assert_eq!(u.host, Host::Name("evil.example".into()));
        let u = Url::parse("http://a:b@[::1]:8080/p?q=1#frag").unwrap();
        assert_eq!(u.host, Host::Ip("::1".parse().unwrap()));
        assert_eq!(u.port, 8080);
        assert_eq!(u.target(), "/p?q=1");
        assert_eq!(u.userinfo, Some(("a".into(), Some("b".into()))));
    }

    #[test]
    fn loose_ipv4_forms() {
        for s in ["127.0.0.1", "127.1", "2130706433", "0x7f.1", "0177.0.0.1"] {
            assert_eq!(parse_ipv4_loose(s), Some(Ipv4Addr::LOCALHOST), "{s}");
        }
        assert_eq!(parse_ipv4_loose("example.com"), None);
        assert_eq!(parse_ipv4_loose("256.1.1.1"), None);
        assert_eq!(parse_ipv4_loose("1e3"), None);
    }

    #[test]
    fn dot_segments_are_removed() {
        assert_eq!(remove_dot_segments("/v1/../admin"), "/admin");
        assert_eq!(remove_dot_segments("/v1/%2e%2E/admin"), "/admin");
        assert_eq!(remove_dot_segments("/a/./b/"), "/a/b/");
        assert_eq!(remove_dot_segments("/.."), "/");
        assert_eq!(remove_dot_segments("/a/.."), "/");
        assert_eq!(remove_dot_segments(""), "/");
    }

    #[test]
    fn schemes_and_errors() {
        assert!(matches!(Url::parse("ftp://x/"), Err(UrlError::Scheme(_))));
        assert_eq!(Url::parse("http://"), Err(UrlError::Malformed));
        assert_eq!(Url::parse("http://[::1"), Err(UrlError::Malformed));
        assert_eq!(Url::parse("http://h:99999/"), Err(UrlError::Malformed));
        let u = Url::parse("example.com").unwrap();
        assert_eq!(u.to_string(), "http://example.com/");
    }

    #[test]
    fn join_locations() {
        let u = Url::parse("http://h:81/a/b?x").unwrap();
        assert_eq!(u.join("c").unwrap().to_string(), "http://h:81/a/c");
        assert_eq!(u.join("/d").unwrap().to_string(), "http://h:81/d");
        assert_eq!(u.join("https://o/e").unwrap().to_string(), "https://o/e");
        assert_eq!(u.join("//o2/f").unwrap().to_string(), "http://o2/f");
    }
}
