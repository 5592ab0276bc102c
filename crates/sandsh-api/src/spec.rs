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
    /// An option row written as GNU's `--help` writes it: `"-v"`, `"-v, --verbose"`,
    /// `"--verbose"`, `"-n N"`, `"-n, --lines=N"` or `"--lines=N"` (a value's name follows
    /// a space after a lone short name, `=` after a long one). Evaluated at compile time: a
    /// malformed row in a `static` table does not build.
    pub const fn new(names: &'static str, help: &'static str) -> OptSpec {
        let b = names.as_bytes();
        let mut short = None;
        let mut i = 0;
        if b.len() >= 2 && b[0] == b'-' && b[1] != b'-' {
            assert!(b[1].is_ascii(), "a short option is one ASCII character");
            short = Some(b[1] as char);
            i = 2;
            if i == b.len() {
                return OptSpec {
                    short,
                    long: None,
                    value: None,
                    help,
                };
            }
            if b[i] == b' ' {
                let (_, value) = names.split_at(i + 1);
                assert!(!value.is_empty(), "a value name follows the space");
                return OptSpec {
                    short,
                    long: None,
                    value: Some(value),
                    help,
                };
            }
            assert!(
                b[i] == b',' && i + 1 < b.len() && b[i + 1] == b' ',
                "a short and a long name are separated by \", \""
            );
            i += 2;
        }
        assert!(
            i + 2 < b.len() && b[i] == b'-' && b[i + 1] == b'-',
            "an option row is \"-x\", \"-x VALUE\", \"--long\" or \"-x, --long[=VALUE]\""
        );
        let (_, rest) = names.split_at(i + 2);
        let r = rest.as_bytes();
        let mut eq = 0;
        while eq < r.len() && r[eq] != b'=' {
            eq += 1;
        }
        if eq == r.len() {
            return OptSpec {
                short,
                long: Some(rest),
                value: None,
                help,
            };
        }
        let (long, value) = rest.split_at(eq);
        let (_, value) = value.split_at(1);
        assert!(
            !long.is_empty() && !value.is_empty(),
            "an empty long or value name"
        );
        OptSpec {
            short,
            long: Some(long),
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
    pub const ZERO_TERMINATED: OptSpec = OptSpec::new(
        "-z, --zero-terminated",
        "line delimiter is NUL, not newline",
    );

    /// `-v`, `--verbose` of the file utilities.
    pub const VERBOSE: OptSpec = OptSpec::new("-v, --verbose", "explain what is being done");

    /// `COMMAND [ARG]...`: the program a wrapper (`nohup`, `stdbuf`, `nice`) runs.
    pub const COMMAND: ArgSpec = ArgSpec::required(
        "COMMAND",
        ArgType::Command,
        "the program to run, with its arguments",
    )
    .repeated();

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

/// One row of a command's option table, found by name when the command is compiled (see
/// [`crate::opt!`]): a typo in an option's name does not build, and a lookup is an index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptId(pub usize);

/// The option of the table `SPEC` called `name` (its short letter, or its long name),
/// checked when the command is compiled: `p.has(opt!(SPEC, "l"))`. `SPEC` is a `static` or
/// `const` [`CommandSpec`].
#[macro_export]
macro_rules! opt {
    ($spec:path, $name:literal) => {
        const { $spec.opt($name) }
    };
}

impl CommandSpec {
    /// The row called `name`: a one-character name is a short option, a longer one a long
    /// option. Panics when the table has no such row, which in a `const` (as [`crate::opt!`]
    /// evaluates it) stops the build.
    pub const fn opt(&self, name: &str) -> OptId {
        match self.find(name) {
            Some(id) => id,
            None => panic!("no such option in the command's table"),
        }
    }

    /// The row called `name`, if the table has one: for a spec chosen at run time (the
    /// checksum family, chown/chgrp), where some tables lack an option others have.
    pub const fn find(&self, name: &str) -> Option<OptId> {
        let n = name.as_bytes();
        let mut i = 0;
        while i < self.options.len() {
            let o = &self.options[i];
            let hit = if n.len() == 1 {
                match o.short {
                    Some(c) => c as u32 == n[0] as u32,
                    None => false,
                }
            } else {
                match o.long {
                    Some(l) => same(l.as_bytes(), n),
                    None => false,
                }
            };
            if hit {
                return Some(OptId(i));
            }
            i += 1;
        }
        None
    }

    /// `group.name`
    pub fn full_name(&self) -> String {
        format!("{}.{}", self.group, self.name)
    }

    /// The option with this short letter.
    pub fn short_opt(&self, c: char) -> Option<&OptSpec> {
        self.options.iter().find(|o| o.short == Some(c))
    }
}

/// Byte equality, in a `const fn`.
const fn same(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::OptSpec;

    fn parts(o: OptSpec) -> (Option<char>, Option<&'static str>, Option<&'static str>) {
        (o.short, o.long, o.value)
    }

    #[test]
    fn option_rows_read_as_gnu_help_writes_them() {
        let h = "help";
        assert_eq!(parts(OptSpec::new("-v", h)), (Some('v'), None, None));
        assert_eq!(parts(OptSpec::new("-n N", h)), (Some('n'), None, Some("N")));
        assert_eq!(parts(OptSpec::new("--tag", h)), (None, Some("tag"), None));
        assert_eq!(
            parts(OptSpec::new("--http1.1", h)),
            (None, Some("http1.1"), None)
        );
        assert_eq!(
            parts(OptSpec::new("--from=UNIT", h)),
            (None, Some("from"), Some("UNIT"))
        );
        assert_eq!(
            parts(OptSpec::new("-s, --silent", h)),
            (Some('s'), Some("silent"), None)
        );
        assert_eq!(
            parts(OptSpec::new("-n, --lines=NUM", h)),
            (Some('n'), Some("lines"), Some("NUM"))
        );
        assert_eq!(
            parts(OptSpec::new("--arg=NAME VALUE", h)),
            (None, Some("arg"), Some("NAME VALUE"))
        );
        assert_eq!(parts(OptSpec::new("-#, --progress-bar", h)).0, Some('#'));
    }

    #[test]
    #[should_panic]
    fn a_malformed_row_is_refused() {
        let _ = OptSpec::new("-n,--lines", "help");
    }
}
