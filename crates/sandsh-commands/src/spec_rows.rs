//! Rows that several commands' option tables share, written once: the same flag reads the
//! same in every `--help`, and a fix to its wording reaches every command that has it.

use sandsh_api::{ArgSpec, ArgType, OptSpec};

/// `-z`, `--zero-terminated`: records end in NUL instead of newline.
pub const ZERO_TERMINATED: OptSpec = OptSpec {
    short: Some('z'),
    long: Some("zero-terminated"),
    value: None,
    help: "line delimiter is NUL, not newline",
};

/// `[FILE]...`: the inputs of a filter, standard input when none or `-`.
pub const FILES: ArgSpec = ArgSpec {
    name: "FILE",
    kind: ArgType::Path,
    description: "files to read (- for stdin)",
    required: false,
    repeated: true,
};
