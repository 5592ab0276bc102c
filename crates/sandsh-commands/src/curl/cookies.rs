//! curl's cookie engine, enough for `-b FILE` / `-c FILE` round trips: the Netscape cookie
//! file format curl reads and writes, `Set-Cookie` parsing (Domain, Path, Expires, Max-Age,
//! Secure, HttpOnly) and the `Cookie` header a request gets.

use sandsh_api::net::{Host, Scheme, Url};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cookie {
    domain: String,
    /// Sent to subdomains too (a `Domain` attribute was given).
    tailmatch: bool,
    path: String,
    secure: bool,
    /// Unix time; 0 for a session cookie.
    expires: i64,
    name: String,
    value: String,
    httponly: bool,
}

/// The cookies of one curl invocation.
#[derive(Debug, Default, Clone)]
pub struct Jar {
    /// Newest first, as curl writes them.
    cookies: Vec<Cookie>,
}

fn host_text(url: &Url) -> String {
    match &url.host {
        Host::Name(n) => n.clone(),
        Host::Ip(std::net::IpAddr::V4(a)) => a.to_string(),
        Host::Ip(std::net::IpAddr::V6(a)) => a.to_string(),
    }
}

impl Jar {
    /// Read a cookie file: the Netscape format (tab-separated, `#HttpOnly_` prefix).
    pub fn load(&mut self, text: &str) {
        for line in text.lines() {
            let (line, httponly) = match line.strip_prefix("#HttpOnly_") {
                Some(l) => (l, true),
                None => (line, false),
            };
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let f: Vec<&str> = line.split('\t').collect();
            if f.len() < 7 {
                continue;
            }
            let c = Cookie {
                domain: f[0].trim_start_matches('.').to_ascii_lowercase(),
                tailmatch: f[1].eq_ignore_ascii_case("TRUE"),
                path: f[2].to_string(),
                secure: f[3].eq_ignore_ascii_case("TRUE"),
                expires: f[4].parse().unwrap_or(0),
                name: f[5].to_string(),
                value: f[6..].join("\t"),
                httponly,
            };
            self.insert(c);
        }
    }

    fn insert(&mut self, c: Cookie) {
        self.cookies
            .retain(|o| !(o.name == c.name && o.domain == c.domain && o.path == c.path));
        self.cookies.insert(0, c);
    }

    /// Take in one `Set-Cookie` value received from `url` at Unix time `now`.
    pub fn store(&mut self, url: &Url, header: &str, now: i64) {
        let mut parts = header.split(';');
        let Some((name, value)) = parts.next().and_then(|nv| nv.split_once('=')) else {
            return;
        };
        let name = name.trim();
        if name.is_empty() {
            return;
        }
        let host = host_text(url);
        let mut c = Cookie {
            domain: host.clone(),
            tailmatch: false,
            path: default_path(&url.path),
            secure: false,
            expires: 0,
            name: name.to_string(),
            value: value.trim().to_string(),
            httponly: false,
        };
        let mut max_age = None;
        for attr in parts {
            let (k, v) = match attr.split_once('=') {
                Some((k, v)) => (k.trim(), v.trim()),
                None => (attr.trim(), ""),
            };
            match k.to_ascii_lowercase().as_str() {
                "domain" => {
                    let d = v.trim_start_matches('.').to_ascii_lowercase();
                    if d.is_empty() {
                        continue;
                    }
                    if d != host && !host.ends_with(&format!(".{d}")) {
                        return; // a cookie for another domain is refused
                    }
                    c.tailmatch = matches!(url.host, Host::Name(_));
                    c.domain = d;
                }
                "path" if v.starts_with('/') => c.path = v.to_string(),
                "secure" => c.secure = true,
                "httponly" => c.httponly = true,
                "max-age" => max_age = v.parse::<i64>().ok(),
                "expires" if max_age.is_none() => {
                    if let Some(t) = parse_http_date(v) {
                        c.expires = t;
                    }
                }
                _ => {}
            }
        }
        if let Some(m) = max_age {
            c.expires = if m <= 0 { 1 } else { now + m };
        }
        if c.expires != 0 && c.expires <= now {
            self.cookies
                .retain(|o| !(o.name == c.name && o.domain == c.domain && o.path == c.path));
            return;
        }
        self.insert(c);
    }

    /// The `Cookie` header value for a request to `url`, if any cookie applies.
    pub fn header_for(&self, url: &Url, now: i64) -> Option<String> {
        let host = host_text(url);
        let mut hits: Vec<&Cookie> = self
            .cookies
            .iter()
            .filter(|c| c.expires == 0 || c.expires > now)
            .filter(|c| {
                c.domain == host || (c.tailmatch && host.ends_with(&format!(".{}", c.domain)))
            })
            .filter(|c| path_matches(&c.path, &url.path))
            .filter(|c| !c.secure || url.scheme == Scheme::Https)
            .collect();
        if hits.is_empty() {
            return None;
        }
        hits.sort_by_key(|c| std::cmp::Reverse(c.path.len()));
        Some(
            hits.iter()
                .map(|c| format!("{}={}", c.name, c.value))
                .collect::<Vec<_>>()
                .join("; "),
        )
    }

    /// The jar in the Netscape format curl writes with `-c`.
    pub fn dump(&self) -> String {
        let mut s = String::from(
            "# Netscape HTTP Cookie File\n# https://curl.se/docs/http-cookies.html\n\
             # This file was generated by libcurl! Edit at your own risk.\n\n",
        );
        for c in &self.cookies {
            let dom = if c.tailmatch {
                format!(".{}", c.domain)
            } else {
                c.domain.clone()
            };
            s.push_str(&format!(
                "{}{}\t{}\t{}\t{}\t{}\t{}\t{}\n",
                if c.httponly { "#HttpOnly_" } else { "" },
                dom,
                if c.tailmatch { "TRUE" } else { "FALSE" },
                c.path,
                if c.secure { "TRUE" } else { "FALSE" },
                c.expires,
                c.name,
                c.value
            ));
        }
        s
    }
}

/// curl's default cookie path: the request path up to and including its last `/`.
fn default_path(path: &str) -> String {
    match path.rfind('/') {
        Some(0) | None => "/".to_string(),
        Some(i) => path[..=i].to_string(),
    }
}

fn path_matches(cookie: &str, req: &str) -> bool {
    if cookie == "/" || cookie == req {
        return true;
    }
    let c = cookie.trim_end_matches('/');
    req.starts_with(c) && (req.len() == c.len() || req.as_bytes()[c.len()] == b'/')
}

/// `Wed, 21 Oct 2015 07:28:00 GMT` (and the `-` separated variant) as Unix time.
fn parse_http_date(s: &str) -> Option<i64> {
    let s = s.trim().replace('-', " ");
    for fmt in [
        "%a, %d %b %Y %H:%M:%S GMT",
        "%A, %d %b %y %H:%M:%S GMT",
        "%a, %d %b %y %H:%M:%S GMT",
    ] {
        if let Ok(t) = jiff::fmt::strtime::parse(fmt, &s).and_then(|p| p.to_datetime()) {
            let z = t.to_zoned(jiff::tz::TimeZone::UTC).ok()?;
            return Some(z.timestamp().as_second());
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jar_round_trip_in_curl_format() {
        let u = Url::parse("http://127.0.0.1:8000/cookie/x").unwrap();
        let mut j = Jar::default();
        j.store(&u, "sid=abc123; Path=/", 1000);
        j.store(&u, "theme=dark; Max-Age=3600; HttpOnly", 1000);
        j.store(&u, "d=1; Domain=127.0.0.1; Path=/cookie", 1000);
        j.store(&u, "evil=1; Domain=example.com", 1000);
        assert_eq!(
            j.dump(),
            "# Netscape HTTP Cookie File\n# https://curl.se/docs/http-cookies.html\n\
             # This file was generated by libcurl! Edit at your own risk.\n\n\
             127.0.0.1\tFALSE\t/cookie\tFALSE\t0\td\t1\n\
             #HttpOnly_127.0.0.1\tFALSE\t/cookie/\tFALSE\t4600\ttheme\tdark\n\
             127.0.0.1\tFALSE\t/\tFALSE\t0\tsid\tabc123\n"
        );
        let mut k = Jar::default();
        k.load(&j.dump());
        assert_eq!(
            k.header_for(&Url::parse("http://127.0.0.1:8000/cookie/y").unwrap(), 1000)
                .as_deref(),
            Some("theme=dark; d=1; sid=abc123")
        );
        assert_eq!(
            k.header_for(&Url::parse("http://127.0.0.1:8000/other").unwrap(), 1000)
                .as_deref(),
            Some("sid=abc123")
        );
        assert_eq!(
            k.header_for(&Url::parse("http://127.0.0.1:8000/other").unwrap(), 99999),
            Some("sid=abc123".into())
        );
        assert_eq!(
            k.header_for(&Url::parse("http://10.0.0.1/").unwrap(), 1000),
            None
        );
    }

    #[test]
    fn http_dates() {
        assert_eq!(
            parse_http_date("Wed, 21 Oct 2015 07:28:00 GMT"),
            Some(1445412480)
        );
        assert_eq!(parse_http_date("nonsense"), None);
    }
}
