//! [`CommandSpec`]: the single source of truth about a command.
//!
//! One static spec per command drives `--help`, `help NAME`, completion, JSON schemas, tool
//! descriptions and the examples test, so nothing lists commands or options by hand.

/// How dangerous a command (or tool) is, from seed 002's five tiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum RiskLevel {
    /// Only reads (cat, grep, ls).
    ReadOnly,
    /// Writes inside the sandbox in easily undone ways (mkdir, touch).
    LowRisk,
    /// Changes or removes sandbox data (rm, mv, sed -i).
    MediumRisk,
    /// Reaches outside the sandbox (network, host mounts written).
    HighRisk,
    /// Irreversible effects outside the sandbox.
    Critical,
}

impl RiskLevel {
    pub fn as_str(self) -> &'static str {
        match self {
            RiskLevel::ReadOnly => "read_only",
            RiskLevel::LowRisk => "low_risk",
            RiskLevel::MediumRisk => "medium_risk",
            RiskLevel::HighRisk => "high_risk",
            RiskLevel::Critical => "critical",
        }
    }
}

/// The type of an operand or option value (for schemas and completion).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArgType {
    String,
    Integer,
    Number,
    Boolean,
    Path,
    Pattern,
    Command,
}

/// One option of a command: `-n`, `--lines=N`.
#[derive(Debug, Clone, Copy)]
pub struct OptSpec {
    pub short: Option<char>,
    pub long: Option<&'static str>,
    /// The value's name when the option takes one (`N` in `--lines=N`).
    pub value: Option<&'static str>,
    pub help: &'static str,
}

impl OptSpec {
    /// A flag with a short and a long name: `-v, --verbose`.
    pub const fn flag(short: char, long: &'static str, help: &'static str) -> OptSpec {
        OptSpec {
            short: Some(short),
            long: Some(long),
            value: None,
            help,
        }
    }

    /// An option that takes a value, with a short and a long name: `-n, --lines=N`.
    pub const fn value(
        short: char,
        long: &'static str,
        value: &'static str,
        help: &'static str,
    ) -> OptSpec {
        OptSpec {
            short: Some(short),
            long: Some(long),
            value: Some(value),
            help,
        }
    }

    /// A flag with only a long name: `--verbose`.
    pub const fn long_flag(long: &'static str, help: &'static str) -> OptSpec {
        OptSpec {
            short: None,
            long: Some(long),
            value: None,
            help,
        }
    }

    /// An option that takes a value, with only a long name: `--lines=N`.
    pub const fn long_value(
        long: &'static str,
        value: &'static str,
        help: &'static str,
    ) -> OptSpec {
        OptSpec {
            short: None,
            long: Some(long),
            value: Some(value),
            help,
        }
    }

    /// A flag with only a short name: `-v`.
    pub const fn short_flag(short: char, help: &'static str) -> OptSpec {
        OptSpec {
            short: Some(short),
            long: None,
            value: None,
            help,
        }
    }

    /// An option that takes a value, with only a short name: `-n N`.
    pub const fn short_value(short: char, value: &'static str, help: &'static str) -> OptSpec {
        OptSpec {
            short: Some(short),
            long: None,
            value: Some(value),
            help,
        }
    }
}

/// One operand (positional argument).
#[derive(Debug, Clone, Copy)]
pub struct ArgSpec {
    pub name: &'static str,
    pub kind: ArgType,
    pub description: &'static str,
    pub required: bool,
    /// May be repeated (`FILE...`).
    pub repeated: bool,
}

impl ArgSpec {
    /// An operand that may be left out: `[NAME]`.
    pub const fn optional(name: &'static str, kind: ArgType, description: &'static str) -> Self {
        ArgSpec {
            name,
            kind,
            description,
            required: false,
            repeated: false,
        }
    }

    /// An operand that must be given: `NAME`.
    pub const fn required(name: &'static str, kind: ArgType, description: &'static str) -> Self {
        ArgSpec {
            required: true,
            ..ArgSpec::optional(name, kind, description)
        }
    }

    /// The same operand, any number of times: `NAME...`.
    pub const fn repeated(self) -> Self {
        ArgSpec {
            repeated: true,
            ..self
        }
    }
}

/// Rows that many commands' tables share, written once: the same option reads the same in
/// every `--help`, and a fix to its wording reaches every command that has it.
pub mod rows {
    use super::{ArgSpec, ArgType, OptSpec};

    /// `-z`, `--zero-terminated`: records end in NUL instead of newline.
    pub const ZERO_TERMINATED: OptSpec =
        OptSpec::flag('z', "zero-terminated", "line delimiter is NUL, not newline");

    /// `-v`, `--verbose` of the file utilities.
    pub const VERBOSE: OptSpec = OptSpec::flag('v', "verbose", "explain what is being done");

    /// `[FILE]...`: the inputs of a filter, standard input when none or `-`.
    pub const FILES: ArgSpec =
        ArgSpec::optional("FILE", ArgType::Path, "files to read (- for stdin)").repeated();
}

/// A runnable example: the script and the stdout it must produce (checked by a test).
#[derive(Debug, Clone, Copy)]
pub struct Example {
    pub description: &'static str,
    pub script: &'static str,
    pub stdout: &'static str,
}

/// Everything known about a command, statically.
#[derive(Debug, Clone, Copy)]
pub struct CommandSpec {
    pub name: &'static str,
    /// `fs`, `text`, `json`, `net`, `shell`, `sys`, …
    pub group: &'static str,
    /// One line, no trailing period.
    pub summary: &'static str,
    /// Synopsis, e.g. `cat [OPTION]... [FILE]...`.
    pub usage: &'static str,
    /// Long description (plain text, may span lines).
    pub description: &'static str,
    pub options: &'static [OptSpec],
    pub operands: &'static [ArgSpec],
    /// What the command writes / returns.
    pub returns: &'static str,
    pub examples: &'static [Example],
    /// When it fails and with which status.
    pub errors: &'static str,
    pub risk: RiskLevel,
}

impl CommandSpec {
    /// `group.name`
    pub fn full_name(&self) -> String {
        format!("{}.{}", self.group, self.name)
    }

    /// The option with this short letter.
    pub fn short_opt(&self, c: char) -> Option<&OptSpec> {
        self.options.iter().find(|o| o.short == Some(c))
    }
}
