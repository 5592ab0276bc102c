//! Credentials that never enter the sandbox (issue 45).
//!
//! A credential is tied to a URL prefix (an allowlist rule's form, any method) and held here,
//! in the network layer, never in the session's variables or files. A script reaches it in
//! one of two ways:
//!
//! - **Put on the wire for it** (`inject`): every request under the prefix carries it as a
//!   header (`bearer` → `Authorization: Bearer …`, `basic` → `Authorization: Basic …` of
//!   `user:password`, `header:NAME` → `NAME: …`, replacing a header of that name the script
//!   sent) or as a query parameter (`query:NAME`).
//! - **Through a placeholder**: a named credential gives the session a variable of that name
//!   holding [`Credential::marker`], an opaque word; wherever the marker appears in the
//!   header values or the query of a request under the prefix, the real value is put in its
//!   place. A request anywhere else carries the marker as it is.
//!
//! The value goes on the wire only for requests under the prefix, each redirect hop judged
//! anew, so a redirect to another origin never carries it. A response that echoes it (its
//! head or its body, from any server) has it replaced by the marker, or by `[REDACTED]` for
//! an unnamed credential; a request that carries a credential asks for an uncompressed body
//! (`Accept-Encoding` is dropped) so that an echo in it can be found.

use super::policy::NetRule;
use super::url::{Url, percent_encode};

/// How a credential goes on the wire by itself.
#[derive(Clone, PartialEq, Eq)]
enum Inject {
    /// `Authorization: Bearer VALUE`.
    Bearer,
    /// `Authorization: Basic base64(VALUE)`, VALUE being `user:password`.
    Basic,
    /// `NAME: VALUE`.
    Header(String),
    /// `?NAME=VALUE` (percent-encoded).
    Query(String),
}

/// One credential (see the module documentation).
#[derive(Clone, PartialEq, Eq)]
pub struct Credential {
    name: Option<String>,
    rule: NetRule,
    inject: Option<Inject>,
    value: Vec<u8>,
}

impl std::fmt::Debug for Credential {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Credential")
            .field("name", &self.name)
            .field("url", &self.rule.text)
            .finish_non_exhaustive()
    }
}

/// The shortest value taken: a shorter one would be replaced wherever it occurs in responses.
pub const MIN_SECRET_LEN: usize = 4;

impl Credential {
    /// A credential for requests under `url` (a URL prefix). `name`, when given, is the
    /// variable that holds its placeholder; `inject` is `bearer`, `basic`, `header:NAME` or
    /// `query:NAME`. One of the two is needed.
    pub fn parse(
        name: Option<&str>,
        url: &str,
        inject: Option<&str>,
        value: &str,
    ) -> Result<Credential, String> {
        let rule = NetRule::parse(&format!("* {}", url.trim()))
            .map_err(|e| e.trim_start_matches("* ").to_string())?;
        let inject = match inject.map(str::trim) {
            None | Some("") => None,
            Some("bearer") => Some(Inject::Bearer),
            Some("basic") => {
                if !value.contains(':') {
                    return Err(format!(
                        "{url}: a basic credential's value is user:password"
                    ));
                }
                Some(Inject::Basic)
            }
            Some(i) => match i.split_once(':') {
                Some(("header", n)) if is_token(n) => Some(Inject::Header(n.to_string())),
                Some(("query", n)) if !n.is_empty() => Some(Inject::Query(n.to_string())),
                _ => {
                    return Err(format!(
                        "{url}: '{i}' is not a way to send a credential (bearer, basic, \
                         header:NAME, query:NAME)"
                    ));
                }
            },
        };
        if let Some(n) = name
            && !is_name(n)
        {
            return Err(format!("'{n}' is not a variable name"));
        }
        if name.is_none() && inject.is_none() {
            return Err(format!(
                "{url}: a credential needs a name (the variable of its placeholder) or a way to \
                 send it (bearer, basic, header:NAME, query:NAME)"
            ));
        }
        if value.len() < MIN_SECRET_LEN {
            return Err(format!(
                "{url}: a credential's value has at least {MIN_SECRET_LEN} bytes"
            ));
        }
        if value.contains(['\r', '\n']) {
            return Err(format!("{url}: a credential's value is one line"));
        }
        Ok(Credential {
            name: name.map(str::to_string),
            rule,
            inject,
            value: value.as_bytes().to_vec(),
        })
    }

    /// The variable that holds the placeholder, for a named credential.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// The placeholder the script sees in place of the value.
    pub fn marker(&self) -> Option<String> {
        self.name.as_ref().map(|n| format!("sandsh-secret-{n}"))
    }

    /// What an echo of the value is replaced with in a response.
    fn redaction(&self) -> Vec<u8> {
        self.marker()
            .unwrap_or_else(|| "[REDACTED]".to_string())
            .into_bytes()
    }

    /// The forms the value takes on the wire, each with its redaction.
    fn needles(&self) -> Vec<(Vec<u8>, Vec<u8>)> {
        let mut out = vec![(self.value.clone(), self.redaction())];
        if self.inject == Some(Inject::Basic) {
            out.push((base64(&self.value).into_bytes(), self.redaction()));
        }
        if let Some(Inject::Query(_)) = self.inject {
            let encoded = percent_encode(&self.value);
            if encoded.as_bytes() != self.value.as_slice() {
                out.push((encoded.into_bytes(), self.redaction()));
            }
        }
        out
    }
}

/// The credentials of a session.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Secrets {
    list: Vec<Credential>,
}

impl Secrets {
    pub fn new(list: Vec<Credential>) -> Secrets {
        Secrets { list }
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The credentials, in order.
    pub fn iter(&self) -> impl Iterator<Item = &Credential> {
        self.list.iter()
    }

    /// Put the credentials for `url` into a request: `headers` changed in place; the URL to
    /// send when a query changed. Whether any credential applied.
    pub(crate) fn apply(
        &self,
        url: &Url,
        headers: &mut Vec<(String, Vec<u8>)>,
    ) -> (bool, Option<Url>) {
        let mut applied = false;
        let mut query = url.query.clone();
        for c in self.list.iter().filter(|c| c.rule.matches_url(url)) {
            if let Some(marker) = c.marker() {
                for (_, v) in headers.iter_mut() {
                    if let Some(r) = replace(v, marker.as_bytes(), &c.value) {
                        *v = r;
                        applied = true;
                    }
                }
                if let Some(q) = &query
                    && let Some(r) = replace(
                        q.as_bytes(),
                        marker.as_bytes(),
                        percent_encode(&c.value).as_bytes(),
                    )
                {
                    query = Some(String::from_utf8_lossy(&r).into_owned());
                    applied = true;
                }
            }
            let header = |name: &str, value: Vec<u8>, headers: &mut Vec<(String, Vec<u8>)>| {
                headers.retain(|(k, _)| !k.eq_ignore_ascii_case(name));
                headers.push((name.to_string(), value));
            };
            match &c.inject {
                None => {}
                Some(Inject::Bearer) => {
                    let mut v = b"Bearer ".to_vec();
                    v.extend_from_slice(&c.value);
                    header("Authorization", v, headers);
                    applied = true;
                }
                Some(Inject::Basic) => {
                    let v = format!("Basic {}", base64(&c.value)).into_bytes();
                    header("Authorization", v, headers);
                    applied = true;
                }
                Some(Inject::Header(n)) => {
                    header(n, c.value.clone(), headers);
                    applied = true;
                }
                Some(Inject::Query(n)) => {
                    let pair = format!(
                        "{}={}",
                        percent_encode(n.as_bytes()),
                        percent_encode(&c.value)
                    );
                    query = Some(match query.take() {
                        Some(q) if !q.is_empty() => format!("{q}&{pair}"),
                        _ => pair,
                    });
                    applied = true;
                }
            }
        }
        if applied {
            // An echo in a compressed body could not be found.
            headers.retain(|(k, _)| !k.eq_ignore_ascii_case("accept-encoding"));
        }
        let url = (query != url.query).then(|| Url {
            query,
            ..url.clone()
        });
        (applied, url)
    }

    /// A redactor of responses: every value, in its wire forms.
    pub(crate) fn redactor(&self) -> Option<Redactor> {
        if self.list.is_empty() {
            return None;
        }
        let needles: Vec<(Vec<u8>, Vec<u8>)> =
            self.list.iter().flat_map(Credential::needles).collect();
        let longest = needles.iter().map(|(n, _)| n.len()).max().unwrap_or(1);
        Some(Redactor {
            needles,
            longest,
            pending: Vec::new(),
            ready: std::collections::VecDeque::new(),
        })
    }

    /// `text` with every value replaced (a message, a response head).
    pub fn redact(&self, text: &[u8]) -> Vec<u8> {
        match self.redactor() {
            None => text.to_vec(),
            Some(mut r) => {
                r.push(text);
                r.finish();
                r.ready.into_iter().collect()
            }
        }
    }
}

/// Replaces values in a stream read in pieces: holds back the bytes a value could still be
/// starting in.
pub(crate) struct Redactor {
    needles: Vec<(Vec<u8>, Vec<u8>)>,
    longest: usize,
    pending: Vec<u8>,
    pub(crate) ready: std::collections::VecDeque<u8>,
}

impl Redactor {
    pub(crate) fn push(&mut self, data: &[u8]) {
        self.pending.extend_from_slice(data);
        self.scan(self.longest - 1);
    }

    pub(crate) fn finish(&mut self) {
        self.scan(0);
    }

    /// Move what cannot be the start of a value any more to `ready`, keeping `keep` bytes.
    fn scan(&mut self, keep: usize) {
        let mut i = 0;
        'at: while self.pending.len() - i > keep {
            let rest = &self.pending[i..];
            for (needle, with) in &self.needles {
                if rest.starts_with(needle) {
                    self.ready.extend(with);
                    i += needle.len();
                    continue 'at;
                }
            }
            self.ready.push_back(rest[0]);
            i += 1;
        }
        self.pending.drain(..i);
    }

    /// Take up to `out.len()` ready bytes.
    pub(crate) fn take(&mut self, out: &mut [u8]) -> usize {
        let n = out.len().min(self.ready.len());
        for (o, b) in out.iter_mut().zip(self.ready.drain(..n)) {
            *o = b;
        }
        n
    }
}

/// `data` with every `from` replaced by `to`; `None` when there is none.
fn replace(data: &[u8], from: &[u8], to: &[u8]) -> Option<Vec<u8>> {
    if from.is_empty() || !data.windows(from.len()).any(|w| w == from) {
        return None;
    }
    let mut out = Vec::with_capacity(data.len() + to.len());
    let mut i = 0;
    while i < data.len() {
        if data[i..].starts_with(from) {
            out.extend_from_slice(to);
            i += from.len();
        } else {
            out.push(data[i]);
            i += 1;
        }
    }
    Some(out)
}

/// A header name (RFC 9110's token).
fn is_token(s: &str) -> bool {
    !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b))
}

/// A shell variable name.
fn is_name(s: &str) -> bool {
    let mut b = s.bytes();
    b.next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == b'_')
        && b.all(|c| c.is_ascii_alphanumeric() || c == b'_')
}

/// Standard base64 with padding (HTTP basic authentication).
pub fn base64(data: &[u8]) -> String {
    const T: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut s = String::with_capacity(data.len().div_ceil(3) * 4);
    for c in data.chunks(3) {
        let b = [c[0], *c.get(1).unwrap_or(&0), *c.get(2).unwrap_or(&0)];
        let n = (b[0] as u32) << 16 | (b[1] as u32) << 8 | b[2] as u32;
        for k in 0..4 {
            if k <= c.len() {
                s.push(T[(n >> (18 - 6 * k)) as usize & 63] as char);
            } else {
                s.push('=');
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(s: &str) -> Url {
        Url::parse(s).unwrap()
    }

    #[test]
    fn base64_of_basic_auth() {
        assert_eq!(base64(b"user:pass"), "dXNlcjpwYXNz");
        assert_eq!(base64(b"a"), "YQ==");
        assert_eq!(base64(b"ab"), "YWI=");
        assert_eq!(base64(b""), "");
    }

    #[test]
    fn injected_only_under_the_prefix() {
        let s = Secrets::new(vec![
            Credential::parse(None, "https://api.x.test/v1/", Some("bearer"), "tok-1234").unwrap(),
        ]);
        let mut h = vec![("Accept-Encoding".to_string(), b"gzip".to_vec())];
        let (applied, u) = s.apply(&url("https://api.x.test/v1/repos"), &mut h);
        assert!(applied && u.is_none());
        assert_eq!(
            h,
            vec![("Authorization".to_string(), b"Bearer tok-1234".to_vec())]
        );
        let mut h = vec![];
        assert!(!s.apply(&url("https://api.x.test/v2/"), &mut h).0);
        assert!(!s.apply(&url("https://evil.test/v1/"), &mut h).0);
        assert!(h.is_empty());
    }

    #[test]
    fn the_marker_is_replaced_under_the_prefix_only() {
        let s = Secrets::new(vec![
            Credential::parse(Some("TOKEN"), "https://api.x.test/", None, "s3cr3t!").unwrap(),
        ]);
        let mut h = vec![("X-Key".to_string(), b"k=sandsh-secret-TOKEN".to_vec())];
        let (applied, u) = s.apply(
            &url("https://api.x.test/a?key=sandsh-secret-TOKEN&b=1"),
            &mut h,
        );
        assert!(applied);
        assert_eq!(h[0].1, b"k=s3cr3t!");
        assert_eq!(u.unwrap().query.as_deref(), Some("key=s3cr3t%21&b=1"));
        let mut h = vec![("X-Key".to_string(), b"sandsh-secret-TOKEN".to_vec())];
        assert!(!s.apply(&url("https://other.test/"), &mut h).0);
        assert_eq!(h[0].1, b"sandsh-secret-TOKEN");
    }

    #[test]
    fn echoes_are_redacted_across_pieces() {
        let s = Secrets::new(vec![
            Credential::parse(Some("T"), "https://a.test/", Some("basic"), "me:pw12").unwrap(),
        ]);
        let mut r = s.redactor().unwrap();
        let text = format!("x me:pw12 y {} z me:p", base64(b"me:pw12"));
        for piece in text.as_bytes().chunks(3) {
            r.push(piece);
        }
        r.finish();
        let out: Vec<u8> = r.ready.into_iter().collect();
        assert_eq!(out, b"x sandsh-secret-T y sandsh-secret-T z me:p");
    }

    #[test]
    fn bad_credentials_are_refused() {
        assert!(Credential::parse(None, "https://a.test/", None, "abcdef").is_err());
        assert!(Credential::parse(Some("T"), "https://a.test/", None, "abc").is_err());
        assert!(Credential::parse(Some("1T"), "https://a.test/", None, "abcdef").is_err());
        assert!(Credential::parse(Some("T"), "a.test", None, "abcdef").is_err());
        assert!(Credential::parse(None, "https://a.test/", Some("cookie"), "abcdef").is_err());
        assert!(Credential::parse(None, "https://a.test/", Some("basic"), "nocolon").is_err());
    }
}
