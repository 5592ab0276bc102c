//! The network allowlist: which URLs and methods a session may use, and which addresses it may
//! connect to.
//!
//! A rule is `[METHODS ]URL-PREFIX`, e.g. `https://api.example.com/v1/` (GET and HEAD) or
//! `POST,GET https://api.example.com/v1/` or `* http://127.0.0.1:8080/` (any method). A request
//! matches a rule when scheme, host and port are equal and the (dot-segment-free) path starts
//! with the rule's path at a segment boundary. Network access is denied when no rule matches,
//! and there are no rules by default.
//!
//! Addresses are checked after resolution, on the address the connection is then made to:
//! loopback, private, link-local, shared, multicast and cloud-metadata addresses are refused
//! unless the matching rule names that address literally (`http://127.0.0.1:8080/`,
//! `http://[::1]/`) or is for `localhost` (loopback only). A public host name that resolves to
//! a private address (DNS rebinding, a hostile `/etc/hosts`) is refused.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use super::NetError;
use super::url::{Host, Scheme, Url};

/// What a rule allows.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Methods {
    /// GET and HEAD (the default).
    Safe,
    /// The listed methods (upper case); GET also allows HEAD.
    Listed(Vec<String>),
    /// Any method (`*`).
    Any,
}

/// One allowlist entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NetRule {
    methods: Methods,
    scheme: Scheme,
    host: Host,
    port: u16,
    path: String,
    /// The rule as written (for messages).
    pub text: String,
}

impl NetRule {
    /// Parse `[METHODS ]URL-PREFIX`.
    pub fn parse(text: &str) -> Result<NetRule, String> {
        let t = text.trim();
        let (methods, url) = match t.split_once(char::is_whitespace) {
            Some((m, u)) => (Some(m), u.trim()),
            None => (None, t),
        };
        let methods = match methods {
            None => Methods::Safe,
            Some("*") => Methods::Any,
            Some(m) => {
                let list: Vec<String> = m
                    .split(',')
                    .filter(|s| !s.is_empty())
                    .map(|s| s.to_ascii_uppercase())
                    .collect();
                if list.is_empty()
                    || list
                        .iter()
                        .any(|s| !s.chars().all(|c| c.is_ascii_alphabetic()))
                {
                    return Err(format!("{text}: bad method list '{m}'"));
                }
                Methods::Listed(list)
            }
        };
        if !url.contains("://") {
            return Err(format!(
                "{text}: the URL prefix needs a scheme (http:// or https://)"
            ));
        }
        let u = Url::parse(url).map_err(|e| format!("{text}: {e}"))?;
        if u.userinfo.is_some() || u.query.is_some() {
            return Err(format!(
                "{text}: a URL prefix has no user information or query"
            ));
        }
        Ok(NetRule {
            methods,
            scheme: u.scheme,
            host: u.host,
            port: u.port,
            path: u.path,
            text: t.to_string(),
        })
    }

    fn allows_method(&self, method: &str) -> bool {
        match &self.methods {
            Methods::Any => true,
            Methods::Safe => method == "GET" || method == "HEAD",
            Methods::Listed(l) => {
                l.iter().any(|m| m == method) || (method == "HEAD" && l.iter().any(|m| m == "GET"))
            }
        }
    }

    pub(crate) fn matches_url(&self, url: &Url) -> bool {
        if self.scheme != url.scheme || self.host != url.host || self.port != url.port {
            return false;
        }
        let rp = self.path.as_str();
        if rp == "/" || rp.is_empty() {
            return true;
        }
        match url.path.strip_prefix(rp) {
            Some(rest) => rp.ends_with('/') || rest.is_empty() || rest.starts_with('/'),
            None => false,
        }
    }

    /// Whether this rule lets a connection go to `addr`.
    pub fn allows_addr(&self, addr: IpAddr) -> bool {
        if is_public(addr) {
            return true;
        }
        match &self.host {
            Host::Ip(ip) => canonical(*ip) == canonical(addr),
            Host::Name(n) => n == "localhost" && canonical(addr).is_loopback(),
        }
    }
}

/// The allowlist of a session.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NetPolicy {
    rules: Vec<NetRule>,
}

/// How to allow network access, for messages.
pub const HOW_TO_ALLOW: &str =
    "allow it with --allow-net URL-PREFIX (CLI) or allow_net(URL-PREFIX) (KernelConfig, BashTool)";

impl NetPolicy {
    /// Parse rules (see the module docs for the syntax).
    pub fn parse<S: AsRef<str>>(rules: &[S]) -> Result<NetPolicy, String> {
        let rules = rules
            .iter()
            .map(|r| NetRule::parse(r.as_ref()))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(NetPolicy { rules })
    }

    /// No rule: everything is denied.
    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }

    /// The rules, as written.
    pub fn rules(&self) -> impl Iterator<Item = &str> {
        self.rules.iter().map(|r| r.text.as_str())
    }

    /// The rule allowing `method` on `url`, or the refusal.
    pub fn check(&self, method: &str, url: &Url) -> Result<&NetRule, NetError> {
        let mut url_ok = false;
        for r in &self.rules {
            if r.matches_url(url) {
                url_ok = true;
                if r.allows_method(method) {
                    return Ok(r);
                }
            }
        }
        let what = if self.rules.is_empty() {
            format!("network access is denied ({url}): no URL is allowed; {HOW_TO_ALLOW}")
        } else if url_ok {
            format!(
                "network access is denied: method {method} is not allowed for {url}; list it \
                 in the rule, e.g. --allow-net '{method},GET {url}'"
            )
        } else {
            format!("network access is denied: {url} is not in the allowlist; {HOW_TO_ALLOW}")
        };
        Err(NetError::Denied(what))
    }
}

/// An IPv4 address hidden in an IPv6 one (mapped, compatible, NAT64, 6to4) is judged as IPv4.
pub fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => match embedded_v4(v6) {
            Some(v4) => IpAddr::V4(v4),
            None => ip,
        },
        v4 => v4,
    }
}

fn embedded_v4(a: Ipv6Addr) -> Option<Ipv4Addr> {
    let s = a.segments();
    let tail = Ipv4Addr::new((s[6] >> 8) as u8, s[6] as u8, (s[7] >> 8) as u8, s[7] as u8);
    // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated; not :: or ::1)
    if s[..5] == [0; 5] && (s[5] == 0xffff || (s[5] == 0 && (s[6] != 0 || s[7] > 1))) {
        return Some(tail);
    }
    // 64:ff9b::/96 (NAT64)
    if s[0] == 0x64 && s[1] == 0xff9b && s[2..6] == [0; 4] {
        return Some(tail);
    }
    // 2002:AABB:CCDD::/48 (6to4)
    if s[0] == 0x2002 {
        return Some(Ipv4Addr::new(
            (s[1] >> 8) as u8,
            s[1] as u8,
            (s[2] >> 8) as u8,
            s[2] as u8,
        ));
    }
    None
}

/// Whether an address is on the public internet: not loopback, private (10/8, 172.16/12,
/// 192.168/16, fc00::/7), link-local (169.254/16 with the cloud metadata address, fe80::/10),
/// shared (100.64/10), unspecified, multicast, broadcast or reserved.
pub fn is_public(ip: IpAddr) -> bool {
    match canonical(ip) {
        IpAddr::V4(a) => {
            let o = a.octets();
            !(o[0] == 0
                || o[0] == 10
                || o[0] == 127
                || (o[0] == 100 && (o[1] & 0xc0) == 64)
                || (o[0] == 169 && o[1] == 254)
                || (o[0] == 172 && (o[1] & 0xf0) == 16)
                || (o[0] == 192 && o[1] == 0 && o[2] == 0)
                || (o[0] == 192 && o[1] == 168)
                || (o[0] == 198 && (o[1] & 0xfe) == 18)
                || o[0] >= 224)
        }
        IpAddr::V6(a) => {
            let s = a.segments();
            !(a.is_unspecified()
                || a.is_loopback()
                || (s[0] & 0xfe00) == 0xfc00
                || (s[0] & 0xffc0) == 0xfe80
                || (s[0] & 0xffc0) == 0xfec0
                || (s[0] & 0xff00) == 0xff00
                || s[0] == 0x0100 && s[1..4] == [0; 3])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn private_and_metadata_addresses_are_not_public() {
        for a in [
            "127.0.0.1",
            "127.9.9.9",
            "10.1.2.3",
            "172.16.0.1",
            "172.31.255.255",
            "192.168.1.1",
            "169.254.169.254",
            "100.100.100.200",
            "0.0.0.0",
            "255.255.255.255",
            "224.0.0.1",
            "::1",
            "::",
            "fc00::1",
            "fd00:ec2::254",
            "fe80::1",
            "::ffff:127.0.0.1",
            "::ffff:169.254.169.254",
            "64:ff9b::a9fe:a9fe",
            "2002:7f00:1::",
            "::127.0.0.1",
        ] {
            assert!(!is_public(ip(a)), "{a}");
        }
        for a in ["93.184.216.34", "172.32.0.1", "8.8.8.8", "2606:4700::1111"] {
            assert!(is_public(ip(a)), "{a}");
        }
    }

    #[test]
    fn rules_match_prefixes_at_segment_boundaries() {
        let p = NetPolicy::parse(&["https://api.example.com/v1"]).unwrap();
        let ok = |u: &str, m: &str| p.check(m, &Url::parse(u).unwrap()).is_ok();
        assert!(ok("https://api.example.com/v1", "GET"));
        assert!(ok("https://API.example.com:443/v1/x?y", "GET"));
        assert!(ok("https://api.example.com/v1/x", "HEAD"));
        assert!(!ok("https://api.example.com/v10", "GET"));
        assert!(!ok("https://api.example.com/v1/../admin", "GET"));
        assert!(!ok("http://api.example.com/v1/x", "GET"));
        assert!(!ok("https://api.example.com:8443/v1/x", "GET"));
        assert!(!ok("https://api.example.com@evil.com/v1/x", "GET"));
        assert!(!ok("https://api.example.com.evil.com/v1/x", "GET"));
        assert!(!ok("https://api.example.com/v1/x", "POST"));
    }

    #[test]
    fn methods_are_listed_or_any() {
        let p = NetPolicy::parse(&["post,GET https://a.example/", "* http://b.example/"]).unwrap();
        let ok = |u: &str, m: &str| p.check(m, &Url::parse(u).unwrap()).is_ok();
        assert!(ok("https://a.example/x", "POST"));
        assert!(ok("https://a.example/x", "HEAD"));
        assert!(!ok("https://a.example/x", "DELETE"));
        assert!(ok("http://b.example/x", "DELETE"));
        assert!(NetPolicy::parse(&["GET example.com"]).is_err());
        assert!(NetPolicy::parse(&["G3T http://x/"]).is_err());
    }

    #[test]
    fn private_addresses_need_a_literal_rule() {
        let named = NetRule::parse("http://example.com/").unwrap();
        assert!(!named.allows_addr(ip("127.0.0.1")));
        assert!(!named.allows_addr(ip("10.0.0.1")));
        assert!(named.allows_addr(ip("93.184.216.34")));
        let lit = NetRule::parse("http://127.0.0.1:8080/").unwrap();
        assert!(lit.allows_addr(ip("127.0.0.1")));
        assert!(lit.allows_addr(ip("::ffff:127.0.0.1")));
        assert!(!lit.allows_addr(ip("127.0.0.2")));
        let lh = NetRule::parse("http://localhost/").unwrap();
        assert!(lh.allows_addr(ip("::1")));
        assert!(!lh.allows_addr(ip("10.0.0.1")));
    }

    #[test]
    fn denial_says_how_to_allow() {
        let p = NetPolicy::default();
        let e = p
            .check("GET", &Url::parse("http://x.example/").unwrap())
            .unwrap_err();
        assert!(e.to_string().contains("--allow-net"), "{e}");
        assert!(e.to_string().contains("allow_net("), "{e}");
    }
}
