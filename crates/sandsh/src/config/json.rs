//! The one parser of a session's options, over their JSON shape ([`SessionConfig::set`] per
//! key, [`SessionConfig::from_json`] for an object), and the canonical JSON they are written
//! back as ([`SessionConfig::to_json`]).
//!
//! Text is read the way the CLI reads a flag's text (`"500ms"`, `"64M"`, `"HOST:PATH:ro"`),
//! so a flag maps onto its key by passing its text; numbers, arrays and objects are the
//! bindings' shapes. Keys are taken in snake_case, kebab-case or camelCase (`allow_net`,
//! `allowNet`; `max-memory`, `maxMemory`).

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use serde_json::{Map, Value};

use super::{ConfigError, ConfigErrorKind as K, SessionConfig};
use crate::kernel::CommandPolicy;
use sandsh_runtime::limits::{Limit, Profile, parse_size};
use sandsh_vfs::{MountMode, MountSpec, MountSpecError};

/// The options a session takes (the top-level keys of its JSON).
pub fn keys() -> &'static [&'static str] {
    KEYS
}

const KEYS: &[&str] = &[
    "username",
    "hostname",
    "env",
    "cwd",
    "files",
    "mounts",
    "allow_net",
    "secrets",
    "net_max_time",
    "profile",
    "limits",
    "timeout",
    "policy",
    "output",
];
const KEY_LIST: &str = "username, hostname, env, cwd, files, mounts, allow_net, secrets, \
                        net_max_time, profile, limits, timeout, policy, output";
const SECRET_KEYS: &str = "name, url, inject, value";
const POLICY_KEYS: &str = "deny, allow_only, confirm_at, approve_read_only, redact";
const OUTPUT_KEYS: &str = "head, save_quota";

/// What [`SessionConfig::to_json`] writes in place of a credential's value.
pub const REDACTED: &str = "[REDACTED]";

/// One credential of `secrets`: `{name, url, inject, value}`.
fn secret(at: &str, v: &Value) -> Result<super::SecretConfig, ConfigError> {
    let Value::Object(o) = v else {
        return Err(ConfigError::new(
            at,
            K::Shape("an object {name, url, inject, value}"),
        ));
    };
    let mut s = super::SecretConfig {
        name: None,
        url: String::new(),
        inject: None,
        value: String::new(),
    };
    for (k, v) in o {
        let field = |what| ConfigError::new(format!("{at}.{k}"), K::Shape(what));
        match k.as_str() {
            "name" => s.name = Some(string(v).ok_or(field("a variable name"))?),
            "url" => s.url = string(v).ok_or(field("a URL prefix"))?,
            "inject" => {
                s.inject = match v {
                    Value::Null => None,
                    _ => Some(string(v).ok_or(field("bearer, basic, header:NAME or query:NAME"))?),
                }
            }
            "value" => s.value = string(v).ok_or(field("a string"))?,
            _ => {
                return Err(ConfigError::new(
                    format!("{at}.{k}"),
                    K::UnknownKey(SECRET_KEYS),
                ));
            }
        }
    }
    if s.value == REDACTED {
        return Err(ConfigError::new(
            format!("{at}.value"),
            K::Shape("the credential itself (a config written back has it redacted)"),
        ));
    }
    Ok(s)
}

/// `allowNet`, `allow-net`, `allow_net` → `allow_net`.
fn snake(key: &str) -> String {
    let mut out = String::with_capacity(key.len() + 4);
    for c in key.chars() {
        if c.is_ascii_uppercase() {
            out.push('_');
            out.push(c.to_ascii_lowercase());
        } else if c == '-' {
            out.push('_');
        } else {
            out.push(c);
        }
    }
    out
}

impl SessionConfig {
    /// A configuration from its JSON object (the shape [`SessionConfig::to_json`] writes, or a
    /// binding's: see the module documentation). A `null` value leaves its option unset.
    pub fn from_json(v: &Value) -> Result<Self, ConfigError> {
        let Value::Object(o) = v else {
            return Err(ConfigError::new(
                "options",
                K::Shape("an object of options"),
            ));
        };
        let mut c = SessionConfig::default();
        for (k, v) in o {
            c.set(k, v)?;
        }
        Ok(c)
    }

    /// Set the option `key` from `v`. Lists (`env`, `files`, `mounts`, `allow_net`, the policy's
    /// lists) add to what is there; the rest replace it; `null` changes nothing.
    pub fn set(&mut self, key: &str, v: &Value) -> Result<(), ConfigError> {
        if v.is_null() {
            return Ok(());
        }
        let err = |kind| ConfigError::new(key, kind);
        match snake(key).as_str() {
            "username" => self.username = Some(string(v).ok_or(err(K::Shape("a string")))?),
            "hostname" => self.hostname = Some(string(v).ok_or(err(K::Shape("a string")))?),
            "cwd" => self.cwd = Some(string(v).ok_or(err(K::Shape("a string")))?),
            "env" => {
                let Value::Object(vars) = v else {
                    return Err(err(K::Shape("an object of variables")));
                };
                for (name, value) in vars {
                    check_name(name).map_err(err)?;
                    self.env.push((name.clone(), scalar(value)));
                }
            }
            "files" => {
                let Value::Object(files) = v else {
                    return Err(err(K::Shape("an object of paths and contents")));
                };
                for (path, data) in files {
                    let data = file_data(data).ok_or_else(|| {
                        ConfigError::new(
                            format!("{key}[{path:?}]"),
                            K::Shape("text, or {\"hex\": \"…\"} for bytes"),
                        )
                    })?;
                    self.files.push((path.clone(), data));
                }
            }
            "mounts" => {
                for (i, m) in list(v)
                    .ok_or(err(K::Shape("an array of mounts")))?
                    .enumerate()
                {
                    let spec =
                        mount(m).map_err(|kind| ConfigError::new(format!("{key}[{i}]"), kind))?;
                    self.mounts.push(spec);
                }
            }
            "allow_net" => {
                for rule in list(v).ok_or(err(K::Shape("an array of URL prefixes")))? {
                    let rule = string(rule).ok_or(err(K::Shape("an array of URL prefixes")))?;
                    sandsh_net::NetRule::parse(&rule).map_err(|e| err(K::Net(e)))?;
                    self.allow_net.push(rule);
                }
            }
            "secrets" => {
                for (i, s) in list(v)
                    .ok_or(err(K::Shape("an array of credentials")))?
                    .enumerate()
                {
                    let at = format!("{key}[{i}]");
                    let secret = secret(&at, s)?;
                    secret
                        .credential()
                        .map_err(|e| ConfigError::new(at.clone(), K::Net(e)))?;
                    self.secrets.push(secret);
                }
            }
            "net_max_time" => self.net_max_time = duration(v).map_err(err)?,
            "timeout" => self.timeout = duration(v).map_err(err)?,
            "profile" => self.profile = Some(profile(v).map_err(err)?),
            "limits" => self.set_limits_json(key, v)?,
            "policy" => self.set_policy_json(key, v)?,
            "output" => self.set_output_json(key, v)?,
            _ => return Err(err(K::UnknownKey(KEY_LIST))),
        }
        Ok(())
    }

    /// `limits`: a profile name, or an object of limits (and `profile`).
    fn set_limits_json(&mut self, key: &str, v: &Value) -> Result<(), ConfigError> {
        if v.is_string() {
            self.profile = Some(profile(v).map_err(|k| ConfigError::new(key, k))?);
            return Ok(());
        }
        let Value::Object(o) = v else {
            return Err(ConfigError::new(
                key,
                K::Shape("a profile name (strict, standard, interactive) or an object of limits"),
            ));
        };
        if let Some(p) = o.get("profile") {
            let p = profile(p).map_err(|k| ConfigError::new(format!("{key}.profile"), k))?;
            self.profile = Some(p);
        }
        for (name, value) in o.iter().filter(|(n, _)| *n != "profile") {
            let at = |kind| ConfigError::new(format!("{key}.{name}"), kind);
            let limit =
                Limit::by_name(&snake(name)).ok_or_else(|| at(K::UnknownLimit(name.clone())))?;
            self.set_limit(limit, limit_value(value).map_err(at)?);
        }
        Ok(())
    }

    /// `policy`: `{deny, allow_only, confirm_at, approve_read_only, redact}`.
    fn set_policy_json(&mut self, key: &str, v: &Value) -> Result<(), ConfigError> {
        let Value::Object(o) = v else {
            return Err(ConfigError::new(
                key,
                K::Shape("an object {deny, allow_only, confirm_at, approve_read_only, redact}"),
            ));
        };
        for (name, value) in o {
            let at = |kind| ConfigError::new(format!("{key}.{name}"), kind);
            let names = || -> Result<Vec<String>, ConfigError> {
                let items = list(value).ok_or(at(K::Shape("an array of command names")))?;
                items
                    .map(|n| string(n).ok_or(at(K::Shape("an array of command names"))))
                    .collect()
            };
            match snake(name).as_str() {
                "deny" => {
                    for n in names()? {
                        check_deny(&n).map_err(at)?;
                        self.policy.deny.push(n);
                    }
                }
                "allow_only" => self
                    .policy
                    .allow_only
                    .get_or_insert_with(Vec::new)
                    .extend(names()?),
                "confirm_at" => {
                    let text = string(value).ok_or(at(K::Shape("a risk level")))?;
                    let risk = CommandPolicy::parse_risk(&text).ok_or(at(K::BadRisk(text)))?;
                    self.policy.confirm_at = Some(risk);
                }
                "approve_read_only" => {
                    self.policy.approve_read_only = flag(value).ok_or(at(K::Shape("a boolean")))?;
                }
                "redact" => {
                    const SHAPE: &str =
                        "an array of options such as \"--password\", \"-p\" or \"mysql -p\"";
                    let items = list(value).ok_or(at(K::Shape(SHAPE)))?;
                    for item in items {
                        let entry = string(item)
                            .filter(|e| crate::trace::redaction_entry_is_valid(e))
                            .ok_or(at(K::Shape(SHAPE)))?;
                        self.policy.redact.push(entry);
                    }
                }
                _ => return Err(at(K::UnknownKey(POLICY_KEYS))),
            }
        }
        Ok(())
    }

    /// `output`: `{head, save_quota}`.
    fn set_output_json(&mut self, key: &str, v: &Value) -> Result<(), ConfigError> {
        let Value::Object(o) = v else {
            return Err(ConfigError::new(
                key,
                K::Shape("an object {head, save_quota}"),
            ));
        };
        for (name, value) in o {
            let at = |kind| ConfigError::new(format!("{key}.{name}"), kind);
            match snake(name).as_str() {
                "head" => {
                    let share = match value {
                        Value::Number(n) => n.as_f64(),
                        Value::String(s) => s.trim().parse::<f64>().ok(),
                        _ => None,
                    }
                    .filter(|f| (0.0..=1.0).contains(f))
                    .ok_or(at(K::Shape(
                        "a share of the limit from 0 to 1, such as 0.2",
                    )))?;
                    self.output.head = Some(share);
                }
                "save_quota" => self.output.save_quota = Some(limit_value(value).map_err(at)?),
                _ => return Err(at(K::UnknownKey(OUTPUT_KEYS))),
            }
        }
        Ok(())
    }

    /// The canonical JSON of this configuration: snake_case keys (sorted, as `serde_json`'s
    /// map keeps them), only those set; durations in seconds, limits by field name, mounts as objects, files as text
    /// (or `{"hex": …}` when not UTF-8).
    pub fn to_json(&self) -> Value {
        let mut o = Map::new();
        let mut put = |k: &str, v: Value| {
            o.insert(k.to_string(), v);
        };
        if let Some(u) = &self.username {
            put("username", u.as_str().into());
        }
        if let Some(h) = &self.hostname {
            put("hostname", h.as_str().into());
        }
        if !self.env.is_empty() {
            let vars = self
                .env
                .iter()
                .map(|(k, v)| (k.clone(), Value::from(v.as_str())));
            put("env", Value::Object(vars.collect()));
        }
        if let Some(c) = &self.cwd {
            put("cwd", c.as_str().into());
        }
        if !self.files.is_empty() {
            let files = self.files.iter().map(|(p, d)| {
                let v = match std::str::from_utf8(d) {
                    Ok(s) => Value::from(s),
                    Err(_) => serde_json::json!({ "hex": hex(d) }),
                };
                (p.clone(), v)
            });
            put("files", Value::Object(files.collect()));
        }
        if !self.mounts.is_empty() {
            let mounts = self.mounts.iter().map(|m| {
                serde_json::json!({
                    "host": m.host.to_string_lossy(),
                    "path": m.path.to_string_lossy(),
                    "mode": m.mode.as_str(),
                })
            });
            put("mounts", Value::Array(mounts.collect()));
        }
        if !self.allow_net.is_empty() {
            put("allow_net", self.allow_net.clone().into());
        }
        if !self.secrets.is_empty() {
            // The value is not written: this JSON is shown to people and programs.
            let secrets = self.secrets.iter().map(|s| {
                let mut o = Map::new();
                if let Some(n) = &s.name {
                    o.insert("name".into(), n.as_str().into());
                }
                o.insert("url".into(), s.url.as_str().into());
                if let Some(i) = &s.inject {
                    o.insert("inject".into(), i.as_str().into());
                }
                o.insert("value".into(), REDACTED.into());
                Value::Object(o)
            });
            put("secrets", Value::Array(secrets.collect()));
        }
        if let Some(t) = self.net_max_time {
            put("net_max_time", t.as_secs_f64().into());
        }
        if let Some(p) = self.profile {
            put("profile", p.name().into());
        }
        if !self.limits.is_empty() {
            let limits = self
                .limits
                .iter()
                .map(|(l, v)| (l.def().field.to_string(), Value::from(*v)));
            put("limits", Value::Object(limits.collect()));
        }
        if let Some(t) = self.timeout {
            put("timeout", t.as_secs_f64().into());
        }
        if !self.output.is_empty() {
            let mut p = Map::new();
            if let Some(h) = self.output.head {
                p.insert("head".into(), h.into());
            }
            if let Some(q) = self.output.save_quota {
                p.insert("save_quota".into(), q.into());
            }
            put("output", Value::Object(p));
        }
        if !self.policy.is_empty() {
            let mut p = Map::new();
            if !self.policy.deny.is_empty() {
                p.insert("deny".into(), self.policy.deny.clone().into());
            }
            if let Some(a) = &self.policy.allow_only {
                p.insert("allow_only".into(), a.clone().into());
            }
            if let Some(r) = self.policy.confirm_at {
                p.insert("confirm_at".into(), r.as_str().into());
            }
            if self.policy.approve_read_only {
                p.insert("approve_read_only".into(), true.into());
            }
            if !self.policy.redact.is_empty() {
                p.insert("redact".into(), self.policy.redact.clone().into());
            }
            put("policy", Value::Object(p));
        }
        Value::Object(o)
    }
}

fn string(v: &Value) -> Option<String> {
    v.as_str().map(str::to_string)
}

/// A boolean, or the CLI's text for one (a flag given is `"true"`).
fn flag(v: &Value) -> Option<bool> {
    match v {
        Value::Bool(b) => Some(*b),
        Value::String(s) => match s.as_str() {
            "true" | "yes" | "on" | "1" => Some(true),
            "false" | "no" | "off" | "0" => Some(false),
            _ => None,
        },
        _ => None,
    }
}

/// A list, or one item standing for a list of one.
fn list(v: &Value) -> Option<Box<dyn Iterator<Item = &Value> + '_>> {
    match v {
        Value::Array(a) => Some(Box::new(a.iter())),
        Value::Null | Value::Object(_) => None,
        one => Some(Box::new(std::iter::once(one))),
    }
}

/// A variable's value: text as it is, a number or boolean as its text.
fn scalar(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// A variable name as bash takes one (`export 1BAD=x` is refused).
pub(super) fn check_name(name: &str) -> Result<(), K> {
    if sandsh_syntax::is_name(name) {
        Ok(())
    } else {
        Err(K::BadName(name.to_string()))
    }
}

/// A name the deny-list can hold: builtins cannot be denied (they would still run).
pub(super) fn check_deny(name: &str) -> Result<(), K> {
    if sandsh_interp::builtin_names().contains(&name) {
        Err(K::DenyBuiltin(name.to_string()))
    } else {
        Ok(())
    }
}

/// A duration as every option takes one: seconds (a number) or text such as `500ms`, `2m`;
/// `null` for none. Also what a binding's per-call timeout goes through.
pub fn duration(v: &Value) -> Result<Option<Duration>, K> {
    let bad = || K::BadDuration(scalar(v));
    match v {
        Value::Null => Ok(None),
        Value::String(s) => sandsh_text::duration::parse_duration(s)
            .map(Some)
            .ok_or_else(bad),
        Value::Number(n) => n
            .as_f64()
            .filter(|s| *s >= 0.0)
            .and_then(|s| Duration::try_from_secs_f64(s).ok())
            .map(Some)
            .ok_or_else(bad),
        _ => Err(bad()),
    }
}

fn profile(v: &Value) -> Result<Profile, K> {
    let name = v
        .as_str()
        .ok_or(K::Shape("a profile name (strict, standard, interactive)"))?;
    Profile::by_name(name).ok_or_else(|| K::UnknownProfile(name.to_string()))
}

/// A limit's value: a non-negative integer, a size such as `64M`, `unlimited` or `null`.
fn limit_value(v: &Value) -> Result<u64, K> {
    let bad = || K::BadLimit(scalar(v));
    match v {
        Value::Null => Ok(u64::MAX),
        Value::Number(n) => match n.as_u64() {
            Some(u) => Ok(u),
            None => n
                .as_f64()
                .filter(|f| f.is_finite() && *f >= 0.0 && f.fract() == 0.0)
                .map(|f| f as u64)
                .ok_or_else(bad),
        },
        Value::String(s) => parse_size(s).ok_or_else(bad),
        _ => Err(bad()),
    }
}

/// A mount: `"HOST:PATH[:MODE]"`, `[host, path]`, `[host, path, mode]` or
/// `{host, path, mode?}` (mode `ro`, the default, `overlay` or `rw`).
fn mount(v: &Value) -> Result<MountSpec, K> {
    const SHAPE: &str = "\"HOST:PATH[:MODE]\", [host, path, mode?] or {host, path, mode?}";
    let (host, path, mode) = match v {
        Value::String(s) => return Ok(MountSpec::parse(s)?),
        Value::Array(a) => match a.as_slice() {
            [h, p] => (h, p, None),
            [h, p, m] => (h, p, Some(m)),
            _ => return Err(K::Shape(SHAPE)),
        },
        Value::Object(o) => match (o.get("host"), o.get("path")) {
            (Some(h), Some(p)) => (h, p, o.get("mode").filter(|m| !m.is_null())),
            _ => return Err(K::Shape(SHAPE)),
        },
        _ => return Err(K::Shape(SHAPE)),
    };
    let (Some(host), Some(path)) = (host.as_str(), path.as_str()) else {
        return Err(K::Shape(SHAPE));
    };
    let mode = match mode {
        None => MountMode::ReadOnly,
        Some(m) => MountMode::from_str(m.as_str().ok_or(K::Shape(SHAPE))?)?,
    };
    if host.is_empty() {
        return Err(MountSpecError::EmptyHost(host.to_string()).into());
    }
    Ok(MountSpec {
        host: PathBuf::from(host),
        path: sandsh_vfs::normalize(Path::new("/"), Path::new(path)),
        mode,
    })
}

/// A file's contents: text, or `{"hex": "…"}`.
fn file_data(v: &Value) -> Option<Vec<u8>> {
    match v {
        Value::String(s) => Some(s.as_bytes().to_vec()),
        Value::Object(o) if o.len() == 1 => unhex(o.get("hex")?.as_str()?),
        _ => None,
    }
}

fn hex(data: &[u8]) -> String {
    data.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok())
        .collect()
}
