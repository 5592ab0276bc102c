//! `web_search`: a web search for the model (seed 002), DuckDuckGo's HTML endpoint by default.
//!
//! Network access is off unless the embedder allows it: sandsh reaches nothing outside the
//! sandbox by default. The tool uses the same allowlist and client as `curl` and `wget`
//! ([`sandsh_net`]): the search URL (and every redirect) must match a rule, and the address
//! connected to is checked after resolution. One GET with a time cap and a cap on the response
//! size fetches the results page, which is parsed with a few tolerant patterns (the HTML
//! endpoint needs no API key and its markup — `result__a` links, `result__snippet` text,
//! redirect links carrying the target in `uddg=` — has been stable for years). The base URL
//! is configurable, which is also how the tests point it at a local server.

use sandsh_runtime::time::Instant;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use async_trait::async_trait;
use regex::Regex;
use serde_json::{Value, json};

use super::{execute_json, provider_identity, str_arg};
use crate::tool::traits::{
    RiskLevel, Tool, ToolError, ToolOutput, ToolRequest, ToolResponse, ToolResult,
};
use sandsh_net::{Net, NetError, NetPolicy, Request, Url};

/// DuckDuckGo's HTML results endpoint.
pub const DEFAULT_BASE_URL: &str = "https://html.duckduckgo.com/html/";

const NAME: &str = "web_search";
const SHORT: &str = "Search the web and return titles, URLs and snippets";

/// One search hit.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SearchResult {
    pub title: String,
    pub url: String,
    pub snippet: String,
}

/// A web search over an HTML results page.
pub struct WebSearchTool {
    base_url: String,
    /// The shared network access (policy and caps); `None`: no network.
    net: Option<Arc<Net>>,
    /// `allow_network(true)`: a GET rule for the base URL alone.
    allow_base: bool,
    timeout: Duration,
    max_bytes: u64,
    max_results: usize,
}

impl Default for WebSearchTool {
    fn default() -> Self {
        WebSearchTool {
            base_url: DEFAULT_BASE_URL.to_string(),
            net: None,
            allow_base: false,
            timeout: Duration::from_secs(15),
            max_bytes: 2 << 20,
            max_results: 5,
        }
    }
}

impl WebSearchTool {
    /// A search tool with network access off.
    pub fn new() -> Self {
        Self::default()
    }

    /// Where queries go (`?q=…` is appended).
    pub fn base_url(mut self, url: impl Into<String>) -> Self {
        self.base_url = url.into();
        self
    }

    /// Allow (or forbid) network access: allowing adds a GET rule for the base URL alone.
    /// Prefer [`WebSearchTool::network`] to share a session's allowlist.
    pub fn allow_network(mut self, allowed: bool) -> Self {
        self.allow_base = allowed;
        self
    }

    /// The network access in force: the shared one, else the base-URL rule.
    fn net(&self) -> Option<Arc<Net>> {
        if let Some(n) = &self.net {
            return Some(n.clone());
        }
        if !self.allow_base {
            return None;
        }
        NetPolicy::parse(&[self.base_url.as_str()])
            .ok()
            .map(|p| Net::with_max_time(p, self.max_bytes, self.timeout))
    }

    /// Use this network access (allowlist, body cap, time cap) for every search.
    pub fn network(mut self, net: Arc<Net>) -> Self {
        self.net = Some(net);
        self
    }

    fn allowed(&self) -> bool {
        self.net().is_some_and(|n| {
            Url::parse(&self.base_url)
                .ok()
                .is_some_and(|u| n.policy().check("GET", &u).is_ok())
        })
    }

    /// Time limit of one request.
    pub fn timeout(mut self, t: Duration) -> Self {
        self.timeout = t;
        self
    }

    /// Largest response read, in bytes.
    pub fn max_bytes(mut self, n: u64) -> Self {
        self.max_bytes = n;
        self
    }

    /// Results returned when the call does not say.
    pub fn max_results(mut self, n: usize) -> Self {
        self.max_results = n;
        self
    }

    fn fetch(&self, query: &str) -> ToolResult<String> {
        let Some(net) = self.net() else {
            return Err(self.denied());
        };
        let sep = if self.base_url.contains('?') {
            '&'
        } else {
            '?'
        };
        let first = format!(
            "{}{sep}q={}",
            self.base_url,
            sandsh_net::percent_encode(query.as_bytes())
        );
        let mut url = Url::parse(&first).map_err(|e| ToolError::Network(e.to_string()))?;
        let deadline = Instant::now() + self.timeout;
        let never = || false;
        let net_err = |e: NetError| match e {
            NetError::Timeout => ToolError::Timeout {
                ms: self.timeout.as_millis() as u64,
            },
            NetError::Denied(m) => ToolError::PermissionDenied(m),
            other => ToolError::Network(other.to_string()),
        };
        for _ in 0..5 {
            let headers = vec![
                ("Host".to_string(), url.host_header().into_bytes()),
                (
                    "User-Agent".to_string(),
                    concat!("sandsh/", env!("CARGO_PKG_VERSION"))
                        .as_bytes()
                        .to_vec(),
                ),
                ("Accept".to_string(), b"text/html".to_vec()),
            ];
            let req = Request {
                method: "GET",
                url: &url,
                headers: &headers,
                body: b"",
                resolve: &[],
            };
            let mut resp = net.open(&req, &never, Some(deadline)).map_err(net_err)?;
            if matches!(resp.status, 301 | 302 | 303 | 307 | 308)
                && let Some(loc) = resp.header("location")
            {
                let loc = String::from_utf8_lossy(loc).into_owned();
                url = url
                    .join(&loc)
                    .map_err(|e| ToolError::Network(e.to_string()))?;
                continue;
            }
            if resp.status >= 400 {
                return Err(ToolError::Network(format!(
                    "{url}: HTTP status {}",
                    resp.status
                )));
            }
            let mut body = Vec::new();
            let mut buf = vec![0u8; 16 << 10];
            loop {
                let n = resp.body.read(&mut buf, &never).map_err(net_err)?;
                if n == 0 {
                    break;
                }
                if body.len() as u64 + n as u64 > self.max_bytes {
                    return Err(ToolError::Network(format!(
                        "response larger than {} bytes",
                        self.max_bytes
                    )));
                }
                body.extend_from_slice(&buf[..n]);
            }
            return Ok(String::from_utf8_lossy(&body).into_owned());
        }
        Err(ToolError::Network("too many redirects".into()))
    }

    fn denied(&self) -> ToolError {
        ToolError::PermissionDenied(format!(
            "network access is off; allow {} (ToolConfig::allow_net, WebSearchTool::network \
             or WebSearchTool::allow_network) to search",
            self.base_url
        ))
    }

    fn search(&self, args: &Value) -> ToolResult<ToolOutput> {
        if !self.allowed() {
            return Err(self.denied());
        }
        let query = args
            .get("query")
            .and_then(Value::as_str)
            .filter(|q| !q.trim().is_empty())
            .ok_or_else(|| ToolError::InvalidArguments("missing 'query'".into()))?;
        let n = args
            .get("max_results")
            .and_then(Value::as_u64)
            .map(|n| n as usize)
            .unwrap_or(self.max_results);
        let html = self.fetch(query)?;
        let mut results = parse_results(&html);
        results.truncate(n);
        let count = results.len();
        Ok(ToolOutput::success(json!(results))
            .with_metadata("query", query)
            .with_metadata("count", count))
    }
}

fn re(cell: &'static OnceLock<Option<Regex>>, pat: &str) -> Option<&'static Regex> {
    cell.get_or_init(|| Regex::new(pat).ok()).as_ref()
}

/// Pull `{title, url, snippet}` out of a DuckDuckGo HTML results page. Ads (links through
/// `duckduckgo.com/y.js`) are skipped.
pub fn parse_results(html: &str) -> Vec<SearchResult> {
    static LINK: OnceLock<Option<Regex>> = OnceLock::new();
    static CLASS: OnceLock<Option<Regex>> = OnceLock::new();
    static HREF: OnceLock<Option<Regex>> = OnceLock::new();
    let (Some(link), Some(class), Some(href)) = (
        re(&LINK, r#"(?s)<a\s([^>]*)>(.*?)</a>"#),
        re(&CLASS, r#"class\s*=\s*["']([^"']*)["']"#),
        re(&HREF, r#"href\s*=\s*["']([^"']*)["']"#),
    ) else {
        return Vec::new();
    };
    let mut out: Vec<SearchResult> = Vec::new();
    let mut skipping_ad = false;
    for cap in link.captures_iter(html) {
        let attrs = &cap[1];
        let classes = class
            .captures(attrs)
            .map(|c| c[1].to_string())
            .unwrap_or_default();
        let has = |c: &str| classes.split_whitespace().any(|x| x == c);
        if has("result__a") {
            let raw = href
                .captures(attrs)
                .map(|c| c[1].to_string())
                .unwrap_or_default();
            let url = result_url(&decode_entities(&raw));
            skipping_ad = url.contains("duckduckgo.com/y.js") || url.is_empty();
            if !skipping_ad {
                out.push(SearchResult {
                    title: text_of(&cap[2]),
                    url,
                    snippet: String::new(),
                });
            }
        } else if has("result__snippet")
            && !skipping_ad
            && let Some(last) = out.last_mut()
            && last.snippet.is_empty()
        {
            last.snippet = text_of(&cap[2]);
        }
    }
    out
}

/// The target of a result link: DuckDuckGo wraps it as `//duckduckgo.com/l/?uddg=<encoded>`.
fn result_url(href: &str) -> String {
    if let Some(i) = href.find("uddg=") {
        let enc = &href[i + 5..];
        let enc = enc.split('&').next().unwrap_or("");
        return percent_decode(enc);
    }
    if let Some(rest) = href.strip_prefix("//") {
        return format!("https://{rest}");
    }
    href.to_string()
}

fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' if i + 2 < b.len() => match (hex(b[i + 1]), hex(b[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push(h * 16 + l);
                    i += 3;
                }
                _ => {
                    out.push(b'%');
                    i += 1;
                }
            },
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn hex(c: u8) -> Option<u8> {
    (c as char).to_digit(16).map(|d| d as u8)
}

/// Visible text of an HTML fragment: tags dropped, entities decoded, spaces collapsed.
fn text_of(fragment: &str) -> String {
    static TAG: OnceLock<Option<Regex>> = OnceLock::new();
    let stripped = match re(&TAG, r"<[^>]*>") {
        Some(t) => t.replace_all(fragment, "").into_owned(),
        None => fragment.to_string(),
    };
    decode_entities(&stripped)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn decode_entities(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        let end = tail.find(';').filter(|&e| e <= 10);
        let decoded = end.and_then(|e| {
            let name = &tail[1..e];
            let c = match name {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                "nbsp" => Some(' '),
                _ => {
                    let num = name.strip_prefix('#')?;
                    let v = match num.strip_prefix(['x', 'X']) {
                        Some(h) => u32::from_str_radix(h, 16).ok()?,
                        None => num.parse().ok()?,
                    };
                    char::from_u32(v)
                }
            }?;
            Some((c, e))
        });
        match decoded {
            Some((c, e)) => {
                out.push(c);
                rest = &tail[e + 1..];
            }
            None => {
                out.push('&');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[async_trait]
impl Tool for WebSearchTool {
    provider_identity!();
    fn description(&self) -> String {
        let state = if self.allowed() {
            "network access allowed"
        } else {
            "network access is off in this configuration"
        };
        format!("{SHORT} (returns [{{title, url, snippet}}]; {state}).")
    }
    fn input_schema(&self) -> Value {
        json!({
            "type": "object",
            "required": ["query"],
            "properties": {
                "query": {"type": "string", "minLength": 1, "description": "What to search for"},
                "max_results": {"type": "integer", "minimum": 1, "maximum": 20, "description": "How many results to return"}
            },
            "additionalProperties": false
        })
    }
    fn output_schema(&self) -> Value {
        json!({
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "title": {"type": "string"},
                    "url": {"type": "string"},
                    "snippet": {"type": "string"}
                },
                "required": ["title", "url", "snippet"]
            }
        })
    }
    async fn execute(&self, req: ToolRequest) -> ToolResponse {
        execute_json(&req, &self.input_schema(), |a| self.search(a))
    }
    fn risk_level(&self) -> RiskLevel {
        RiskLevel::LowRisk
    }
    fn describe_call(&self, args: &Value) -> String {
        format!(
            "search the web for {:?}",
            str_arg(args, "query").unwrap_or("")
        )
    }
    async fn call(&self, args: Value) -> ToolResult<ToolOutput> {
        self.search(&args)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_redirect_links_and_entities() {
        assert_eq!(
            result_url("//duckduckgo.com/l/?uddg=https%3A%2F%2Fa.example%2Fx%3Fy%3D1&rut=abc"),
            "https://a.example/x?y=1"
        );
        assert_eq!(result_url("https://b.example/"), "https://b.example/");
        assert_eq!(
            decode_entities("a &amp; b &#x27;c&#39; &lt;d&gt; &bogus"),
            "a & b 'c' <d> &bogus"
        );
        assert_eq!(text_of("Fast <b>and</b>\n  safe"), "Fast and safe");
        assert_eq!(percent_decode("100%"), "100%");
    }

    #[test]
    fn parses_results_and_skips_ads() {
        let html = r#"
        <div class="result result--ad"><a class="result__a" href="https://duckduckgo.com/y.js?ad=1">Ad</a>
        <a class="result__snippet" href="x">buy</a></div>
        <div class="result"><h2><a rel="nofollow" class="result__a" href="//duckduckgo.com/l/?uddg=https%3A%2F%2Fwww.rust-lang.org%2F&amp;rut=1">Rust <b>Language</b></a></h2>
        <a class="result__snippet" href="y">Reliable &amp; efficient.</a></div>"#;
        let r = parse_results(html);
        assert_eq!(
            r,
            vec![SearchResult {
                title: "Rust Language".into(),
                url: "https://www.rust-lang.org/".into(),
                snippet: "Reliable & efficient.".into()
            }]
        );
    }

    #[test]
    fn off_without_network_permission() {
        let t = WebSearchTool::new();
        assert!(matches!(
            t.search(&json!({"query": "rust"})),
            Err(ToolError::PermissionDenied(_))
        ));
    }
}
