//! Why a run did not end normally: the one table of the categories every surface reports —
//! [`super::ExecResult::error`], the tool layer's `ToolResponse.error`, the MCP result's
//! `error` field and the REPL. Callers branch on the variant; the snake_case name is the
//! stable text the JSON surfaces carry.

use std::fmt;

/// The category of a run that did not end normally.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RunError {
    /// The script did not parse (the status is bash's, 2).
    ParseError,
    /// The run hit its time limit (status 124).
    Timeout,
    /// A resource limit stopped the run (status 125).
    LimitExceeded,
    /// The run was cancelled (status 130).
    Cancelled,
    /// The session is misconfigured (a mount that could not be opened, a bad policy).
    Config,
    /// The request itself was malformed (an override that cannot apply).
    InvalidRequest,
    /// sandsh failed (status 70): a bug, or a resource the host refused.
    Internal,
}

impl RunError {
    /// Every category, in the order the documentation lists them.
    pub const ALL: [RunError; 7] = [
        RunError::ParseError,
        RunError::Timeout,
        RunError::LimitExceeded,
        RunError::Cancelled,
        RunError::Config,
        RunError::InvalidRequest,
        RunError::Internal,
    ];

    /// The stable snake_case name (`"limit_exceeded"`).
    pub const fn as_str(self) -> &'static str {
        match self {
            RunError::ParseError => "parse_error",
            RunError::Timeout => "timeout",
            RunError::LimitExceeded => "limit_exceeded",
            RunError::Cancelled => "cancelled",
            RunError::Config => "config",
            RunError::InvalidRequest => "invalid_request",
            RunError::Internal => "internal",
        }
    }

    /// The category named `name`, if it is one.
    pub fn from_name(name: &str) -> Option<RunError> {
        RunError::ALL.into_iter().find(|e| e.as_str() == name)
    }

    /// Whether the sandbox, not the script, ended the run: a caller should treat the result
    /// as a failed call (MCP's `isError`) rather than as the script's answer.
    pub fn is_sandbox_failure(self) -> bool {
        matches!(
            self,
            RunError::Timeout | RunError::LimitExceeded | RunError::Config | RunError::Internal
        )
    }
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl serde::Serialize for RunError {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::RunError;

    #[test]
    fn names_round_trip() {
        for e in RunError::ALL {
            assert_eq!(RunError::from_name(e.as_str()), Some(e));
        }
        assert_eq!(RunError::from_name("something_new"), None);
    }
}
