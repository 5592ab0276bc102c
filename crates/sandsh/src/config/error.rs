//! [`ConfigError`]: what is wrong with a session's configuration, and under which key. The
//! messages are written once here; a frontend renames the key to its own spelling
//! ([`ConfigError::for_key`]: `--timeout` on the command line) and keeps the message.

use sandsh_runtime::limits::LIMITS;

/// A configuration value that cannot be taken: `KEY: MESSAGE`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{key}: {kind}")]
pub struct ConfigError {
    /// The key as the configuration spelt it (`timeout`, `limits.maxLoopIterations`,
    /// `mounts[1]`), or the flag that set it (`--timeout`).
    pub key: String,
    pub kind: ConfigErrorKind,
}

/// What is wrong with a value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigErrorKind {
    #[error("unknown option (known: {0})")]
    UnknownKey(&'static str),
    #[error("expected {0}")]
    Shape(&'static str),
    #[error("unknown profile '{0}' (strict, standard, interactive)")]
    UnknownProfile(String),
    #[error("unknown limit '{0}' (known: {known})", known = limit_names())]
    UnknownLimit(String),
    #[error("invalid value '{0}' (a non-negative integer, a size such as 64M, or unlimited)")]
    BadLimit(String),
    #[error("invalid duration '{0}' (seconds, or text such as 500ms or 2m)")]
    BadDuration(String),
    #[error("invalid risk '{0}' (read_only, low, medium, high, critical)")]
    BadRisk(String),
    #[error("`{0}': not a valid identifier")]
    BadName(String),
    #[error("{0} is a shell builtin; builtins cannot be denied")]
    DenyBuiltin(String),
    #[error("{0}")]
    Mount(#[from] sandsh_vfs::MountSpecError),
    #[error("{0}")]
    Net(String),
}

impl ConfigError {
    pub fn new(key: impl Into<String>, kind: ConfigErrorKind) -> Self {
        ConfigError {
            key: key.into(),
            kind,
        }
    }

    /// The same error under another name for its key (a frontend's spelling).
    pub fn for_key(mut self, key: impl Into<String>) -> Self {
        self.key = key.into();
        self
    }
}

/// The limits table's names, as the messages list them.
fn limit_names() -> String {
    LIMITS
        .iter()
        .map(|d| d.field)
        .collect::<Vec<_>>()
        .join(", ")
}
