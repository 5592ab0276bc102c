//! [`SessionConfig`]: everything a session is configured with, as data, in one place.
//!
//! Every entry point maps onto this one type: the CLI's flags and the MCP server's options
//! ([`SessionConfig::set`] per flag, with the flag's text), Python's keyword arguments and
//! Node's options object ([`SessionConfig::from_json`], the same parser over their JSON
//! shape), and Rust embedders (the fields and [`crate::KernelConfig`]'s builder methods).
//! Profiles, limits, sizes, durations, mounts, risks and names are read by one parser with one
//! set of messages ([`ConfigError`]); a frontend only names the key in its own spelling
//! (`--timeout`, `timeout`). What cannot be data (custom commands, a confirmation callback, a
//! backend) rides beside it in [`crate::KernelConfig`].
//!
//! A new option is a field here, a key in [`keys`]'s table with its parser, and a line in each
//! frontend's mapping.

mod error;
mod json;

use std::path::{Path, PathBuf};
use std::time::Duration;

use sandsh_api::RiskLevel;
use sandsh_runtime::limits::{ExecutionLimits, LIMITS, Limit, Profile};
use sandsh_vfs::{MountMode, MountSpec};

pub use error::{ConfigError, ConfigErrorKind};
pub use json::{duration, keys};

/// The user a session runs as when none is configured.
pub const DEFAULT_USERNAME: &str = "user";
/// The host name a session reports when none is configured.
pub const DEFAULT_HOSTNAME: &str = "sandbox";

/// Everything a session is configured with (see the module documentation). `Default` is a
/// session as `sandsh -c` makes it: user `user` on host `sandbox`, the standard limits, no
/// mounts, no network, no timeout, no policy.
///
/// Serialized (serde) as a JSON object in snake_case with only the keys that are set; read
/// back from that shape and from the bindings' spellings (camelCase keys, a profile name as
/// `limits`, mounts as `HOST:PATH[:MODE]` text, `[host, path, mode]` or an object).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SessionConfig {
    /// The user (`whoami`, `$HOME` = `/home/<user>`); [`DEFAULT_USERNAME`] when unset.
    pub username: Option<String>,
    /// The host name (`hostname`, `$HOSTNAME`); [`DEFAULT_HOSTNAME`] when unset.
    pub hostname: Option<String>,
    /// Variables exported at start, in order (a later one with the same name wins).
    pub env: Vec<(String, String)>,
    /// Starting directory (default: the user's home).
    pub cwd: Option<String>,
    /// Files written into the VFS at start: (path, contents); parents are created.
    pub files: Vec<(String, Vec<u8>)>,
    /// Host directories mounted into the VFS.
    pub mounts: Vec<MountSpec>,
    /// Network allowlist: `[METHODS ]URL-PREFIX` rules (see [`sandsh_net::policy`]); empty
    /// means no network at all.
    pub allow_net: Vec<String>,
    /// Cap on the time of one network request (default [`sandsh_net::DEFAULT_MAX_TIME`]).
    pub net_max_time: Option<Duration>,
    /// Credentials the network layer puts on the wire for their URL prefixes; the script sees
    /// at most a placeholder ([`sandsh_net::secrets`]).
    pub secrets: Vec<SecretConfig>,
    /// The limits profile the session starts from (standard when unset; the CLI's REPL
    /// takes interactive).
    pub profile: Option<Profile>,
    /// Limits set one by one on top of the profile, in the order given.
    pub limits: Vec<(Limit, u64)>,
    /// Script timeout for every run (none by default).
    pub timeout: Option<Duration>,
    /// Which commands may run and which are confirmed first.
    pub policy: PolicyConfig,
    /// How a run's output is kept once it passes the output limit.
    pub output: OutputConfig,
}

/// A credential as configured (see [`sandsh_net::secrets`]): `name` is the variable holding
/// its placeholder, `inject` how it goes on the wire by itself (`bearer`, `basic`,
/// `header:NAME`, `query:NAME`); one of the two is set. Its `Debug` and the config's JSON
/// never show the value.
#[derive(Clone, PartialEq)]
pub struct SecretConfig {
    pub name: Option<String>,
    /// The URL prefix of the requests it is for.
    pub url: String,
    pub inject: Option<String>,
    pub value: String,
}

impl SecretConfig {
    /// The credential the network layer holds.
    pub fn credential(&self) -> Result<sandsh_net::Credential, String> {
        sandsh_net::Credential::parse(
            self.name.as_deref(),
            &self.url,
            self.inject.as_deref(),
            &self.value,
        )
    }
}

impl std::fmt::Debug for SecretConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SecretConfig")
            .field("name", &self.name)
            .field("url", &self.url)
            .field("inject", &self.inject)
            .finish_non_exhaustive()
    }
}

/// How a run's stdout or stderr is kept once it passes `--max-output-bytes`: the first part
/// and the last (where the error usually is), with one line naming a file in the VFS that
/// holds the whole stream, so that a model can `grep` or `tail` it next
/// ([`crate::kernel::OUTPUT_DIR`]). What a CLI prints as it goes is not cut this way (it is
/// not kept at all).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OutputConfig {
    /// The share of the limit kept from the start of the stream, the rest from its end
    /// ([`OutputConfig::DEFAULT_HEAD`] when unset); 1 keeps only the start, as before.
    pub head: Option<f64>,
    /// Bytes of saved streams the session keeps in [`crate::kernel::OUTPUT_DIR`], the oldest
    /// removed first ([`OutputConfig::DEFAULT_SAVE_QUOTA`] when unset); 0 saves none.
    pub save_quota: Option<u64>,
}

impl OutputConfig {
    pub const DEFAULT_HEAD: f64 = 0.2;
    pub const DEFAULT_SAVE_QUOTA: u64 = 64 << 20;

    pub fn head(&self) -> f64 {
        self.head.unwrap_or(Self::DEFAULT_HEAD)
    }

    pub fn save_quota(&self) -> u64 {
        self.save_quota.unwrap_or(Self::DEFAULT_SAVE_QUOTA)
    }

    fn is_empty(&self) -> bool {
        self.head.is_none() && self.save_quota.is_none()
    }
}

/// The data of a command policy: deny- and allow-lists and the risk that asks first. The hook
/// that answers the question is not data; it rides beside the config
/// ([`crate::KernelConfig::confirm`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PolicyConfig {
    /// Commands that never run (status 126).
    pub deny: Vec<String>,
    /// When set, only these commands run (builtins always do).
    pub allow_only: Option<Vec<String>>,
    /// Invocations at or above this risk are confirmed first.
    pub confirm_at: Option<RiskLevel>,
    /// Scripts whose analysis ([`crate::analyze`]) shows only read-only commands, nothing
    /// written and no opaque construct run without confirmation.
    pub approve_read_only: bool,
    /// Options whose values traces never show (`--password`, `-p`, or `mysql -p` for one
    /// command): replaced by `[REDACTED]` in each command's arguments ([`crate::trace`]).
    pub redact: Vec<String>,
}

impl PolicyConfig {
    /// Whether the policy sets nothing.
    pub fn is_empty(&self) -> bool {
        !self.restricts() && self.redact.is_empty()
    }

    /// Whether the policy has a say in which commands run (what `redact` does not).
    pub fn restricts(&self) -> bool {
        !self.deny.is_empty()
            || self.allow_only.is_some()
            || self.confirm_at.is_some()
            || self.approve_read_only
    }
}

impl SessionConfig {
    pub fn new() -> Self {
        Self::default()
    }

    /// The user name, defaulted.
    pub fn username(&self) -> &str {
        self.username.as_deref().unwrap_or(DEFAULT_USERNAME)
    }

    /// The host name, defaulted.
    pub fn hostname(&self) -> &str {
        self.hostname.as_deref().unwrap_or(DEFAULT_HOSTNAME)
    }

    /// The limits the session runs with: its profile (or `default` when it names none), then
    /// the limits set one by one.
    pub fn limits_from(&self, default: Profile) -> ExecutionLimits {
        let mut l = ExecutionLimits::of_profile(self.profile.unwrap_or(default));
        for &(limit, value) in &self.limits {
            l.set(limit, value);
        }
        l
    }

    /// The limits the session runs with (the standard profile when it names none).
    pub fn execution_limits(&self) -> ExecutionLimits {
        self.limits_from(Profile::Standard)
    }

    /// Run with exactly `limits`: recorded as the limits that differ from the standard
    /// profile.
    pub fn set_limits(&mut self, limits: &ExecutionLimits) {
        let standard = ExecutionLimits::standard();
        self.profile = None;
        self.limits = LIMITS
            .iter()
            .filter(|d| limits.get(d.limit) != standard.get(d.limit))
            .map(|d| (d.limit, limits.get(d.limit)))
            .collect();
    }

    /// Set one limit (replacing an earlier setting of it).
    pub fn set_limit(&mut self, limit: Limit, value: u64) {
        self.limits.retain(|(l, _)| *l != limit);
        self.limits.push((limit, value));
    }

    /// Mount the host directory `host` at `vfs_path` (normalized to an absolute path).
    pub fn add_mount(&mut self, host: impl Into<PathBuf>, vfs_path: &Path, mode: MountMode) {
        self.mounts.push(MountSpec {
            host: host.into(),
            path: sandsh_vfs::normalize(Path::new("/"), vfs_path),
            mode,
        });
    }

    /// The mount points of read-write mounts (where the policy's risk rules look).
    pub fn rw_mount_points(&self) -> Vec<PathBuf> {
        self.mounts
            .iter()
            .filter(|m| m.mode == MountMode::ReadWrite)
            .map(|m| m.path.clone())
            .collect()
    }

    /// The configuration's mistakes that need no I/O to find: a builtin on the deny-list, a bad
    /// variable name (a bad network rule is [`SessionConfig::net_policy`]'s). Mounts and the
    /// starting directory are checked when the session is built.
    pub fn check(&self) -> Result<(), ConfigError> {
        for (name, _) in &self.env {
            check_env_name(name)?;
        }
        for name in &self.policy.deny {
            json::check_deny(name).map_err(|k| ConfigError::new("policy.deny", k))?;
        }
        Ok(())
    }

    /// The credentials, read once.
    pub fn net_secrets(&self) -> Result<sandsh_net::Secrets, ConfigError> {
        let list = self
            .secrets
            .iter()
            .enumerate()
            .map(|(i, s)| {
                s.credential()
                    .map_err(|e| ConfigError::new(format!("secrets[{i}]"), ConfigErrorKind::Net(e)))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(sandsh_net::Secrets::new(list))
    }

    /// The network allowlist, read once; `None` without rules (no network at all).
    pub fn net_policy(&self) -> Result<Option<sandsh_net::NetPolicy>, ConfigError> {
        if self.allow_net.is_empty() {
            return Ok(None);
        }
        sandsh_net::NetPolicy::parse(&self.allow_net)
            .map(Some)
            .map_err(|e| ConfigError::new("allow_net", ConfigErrorKind::Net(e.to_string())))
    }
}

/// A variable name as `env` takes one (bash's: `export 1BAD=x` is refused).
pub fn check_env_name(name: &str) -> Result<(), ConfigError> {
    json::check_name(name).map_err(|k| ConfigError::new("env", k))
}

impl serde::Serialize for SessionConfig {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_json().serialize(s)
    }
}

impl<'de> serde::Deserialize<'de> for SessionConfig {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = serde_json::Value::deserialize(d)?;
        SessionConfig::from_json(&v).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests;
