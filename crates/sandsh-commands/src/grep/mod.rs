//! `grep`, `egrep`, `fgrep`: print lines that match patterns, as GNU grep 3.8 does.
//!
//! Patterns go through the shared POSIX translator (`sandsh_text::regex`): all `-e`/`-f`
//! patterns are compiled once into one automaton (a single alternation, which the engine
//! turns into an Aho-Corasick search for `-F` word lists). Input streams a chunk at a time;
//! only the lines kept for `-B` context are copied. Binary files are detected as GNU does: a
//! NUL in the data read makes the file binary (output is suppressed and "binary file
//! matches" goes to stderr), and a line to print that is not valid UTF-8 is withheld with the
//! same message at the end. `-r` walks the VFS in the backend's listing order.

mod matcher;
mod options;
mod search;

use sandsh_api::{
    Arg, ArgSpec, ArgType, Command, CommandSpec, Example, ExitStatus, OptSpec, RiskLevel, ToolCtx,
};

pub struct Grep;
pub struct Egrep;
pub struct Fgrep;

const fn o(
    short: Option<char>,
    long: Option<&'static str>,
    value: Option<&'static str>,
    help: &'static str,
) -> OptSpec {
    OptSpec {
        short,
        long,
        value,
        help,
    }
}

pub(crate) static OPTIONS: &[OptSpec] = &[
    o(
        Some('E'),
        Some("extended-regexp"),
        None,
        "PATTERNS are extended regular expressions",
    ),
    o(
        Some('F'),
        Some("fixed-strings"),
        None,
        "PATTERNS are strings",
    ),
    o(
        Some('G'),
        Some("basic-regexp"),
        None,
        "PATTERNS are basic regular expressions (default)",
    ),
    o(
        Some('P'),
        Some("perl-regexp"),
        None,
        "PATTERNS are Perl regular expressions",
    ),
    o(
        Some('e'),
        Some("regexp"),
        Some("PATTERNS"),
        "use PATTERNS for matching",
    ),
    o(
        Some('f'),
        Some("file"),
        Some("FILE"),
        "take PATTERNS from FILE",
    ),
    o(
        Some('i'),
        Some("ignore-case"),
        None,
        "ignore case distinctions in patterns and data",
    ),
    o(Some('y'), None, None, "same as -i (obsolete)"),
    o(
        None,
        Some("no-ignore-case"),
        None,
        "do not ignore case distinctions (default)",
    ),
    o(
        Some('w'),
        Some("word-regexp"),
        None,
        "match only whole words",
    ),
    o(
        Some('x'),
        Some("line-regexp"),
        None,
        "match only whole lines",
    ),
    o(
        Some('z'),
        Some("null-data"),
        None,
        "a data line ends in 0 byte, not newline",
    ),
    o(
        Some('s'),
        Some("no-messages"),
        None,
        "suppress error messages",
    ),
    o(
        Some('v'),
        Some("invert-match"),
        None,
        "select non-matching lines",
    ),
    o(
        Some('V'),
        Some("version"),
        None,
        "display version information and exit",
    ),
    o(
        Some('m'),
        Some("max-count"),
        Some("NUM"),
        "stop after NUM selected lines",
    ),
    o(
        Some('b'),
        Some("byte-offset"),
        None,
        "print the byte offset with output lines",
    ),
    o(
        Some('n'),
        Some("line-number"),
        None,
        "print line number with output lines",
    ),
    o(
        None,
        Some("line-buffered"),
        None,
        "flush output on every line",
    ),
    o(
        Some('H'),
        Some("with-filename"),
        None,
        "print file name with output lines",
    ),
    o(
        Some('h'),
        Some("no-filename"),
        None,
        "suppress the file name prefix on output",
    ),
    o(
        None,
        Some("label"),
        Some("LABEL"),
        "use LABEL as the standard input file name prefix",
    ),
    o(
        Some('o'),
        Some("only-matching"),
        None,
        "show only nonempty parts of lines that match",
    ),
    o(Some('q'), Some("quiet"), None, "suppress all normal output"),
    o(None, Some("silent"), None, "same as --quiet"),
    o(
        None,
        Some("binary-files"),
        Some("TYPE"),
        "assume that binary files are TYPE: 'binary', 'text', or 'without-match'",
    ),
    o(
        Some('a'),
        Some("text"),
        None,
        "equivalent to --binary-files=text",
    ),
    o(
        Some('I'),
        None,
        None,
        "equivalent to --binary-files=without-match",
    ),
    o(
        Some('d'),
        Some("directories"),
        Some("ACTION"),
        "how to handle directories: 'read', 'recurse', or 'skip'",
    ),
    o(
        Some('D'),
        Some("devices"),
        Some("ACTION"),
        "how to handle devices: 'read' or 'skip'",
    ),
    o(
        Some('r'),
        Some("recursive"),
        None,
        "like --directories=recurse",
    ),
    o(
        Some('R'),
        Some("dereference-recursive"),
        None,
        "likewise, but follow all symlinks",
    ),
    o(
        None,
        Some("include"),
        Some("GLOB"),
        "search only files that match GLOB",
    ),
    o(
        None,
        Some("exclude"),
        Some("GLOB"),
        "skip files that match GLOB",
    ),
    o(
        None,
        Some("exclude-from"),
        Some("FILE"),
        "skip files that match any file pattern from FILE",
    ),
    o(
        None,
        Some("exclude-dir"),
        Some("GLOB"),
        "skip directories that match GLOB",
    ),
    o(
        Some('L'),
        Some("files-without-match"),
        None,
        "print only names of FILEs with no selected lines",
    ),
    o(
        Some('l'),
        Some("files-with-matches"),
        None,
        "print only names of FILEs with selected lines",
    ),
    o(
        Some('c'),
        Some("count"),
        None,
        "print only a count of selected lines per FILE",
    ),
    o(
        Some('T'),
        Some("initial-tab"),
        None,
        "make tabs line up (not supported: refused with status 2)",
    ),
    o(
        Some('Z'),
        Some("null"),
        None,
        "print 0 byte after FILE name",
    ),
    o(
        Some('B'),
        Some("before-context"),
        Some("NUM"),
        "print NUM lines of leading context",
    ),
    o(
        Some('A'),
        Some("after-context"),
        Some("NUM"),
        "print NUM lines of trailing context",
    ),
    o(
        Some('C'),
        Some("context"),
        Some("NUM"),
        "print NUM lines of output context",
    ),
    o(
        None,
        Some("group-separator"),
        Some("SEP"),
        "print SEP on line between matches with context",
    ),
    o(
        None,
        Some("no-group-separator"),
        None,
        "do not print separator for matches with context",
    ),
    o(
        None,
        Some("color"),
        Some("WHEN"),
        "use markers to highlight the matching strings; WHEN is 'always', 'never', or 'auto'",
    ),
    o(None, Some("colour"), Some("WHEN"), "same as --color"),
    o(
        Some('U'),
        Some("binary"),
        None,
        "do not strip CR characters at EOL (MSDOS/Windows)",
    ),
];

const OPERANDS: &[ArgSpec] = &[
    ArgSpec {
        name: "PATTERNS",
        kind: ArgType::Pattern,
        description: "one or more patterns separated by newlines (unless -e or -f is given)",
        required: true,
        repeated: false,
    },
    ArgSpec {
        name: "FILE",
        kind: ArgType::Path,
        description: "files to search (- for stdin; with -r, directories)",
        required: false,
        repeated: true,
    },
];

const DESCRIPTION: &str = "Search for PATTERNS in each FILE. PATTERNS is one or more patterns separated by newlines; grep prints each line that matches a pattern. With no FILE, read standard input (with -r, the working directory). Patterns are POSIX basic regular expressions by default (GNU extensions included), extended with -E, fixed strings with -F, Perl-style with -P. Output, binary-file handling and exit status follow GNU grep 3.8. With --json, each selected line is printed as one JSON object: {\"path\", \"line_number\", \"byte_offset\", \"line\", \"submatches\": [{\"match\", \"start\", \"end\"}]}.";

const ERRORS: &str = "exit 0 when a line is selected, 1 when none is, 2 on an error (a bad pattern or option, an unreadable file) unless -q found a match";

static GREP_SPEC: CommandSpec = CommandSpec {
    name: "grep",
    group: "text",
    summary: "print lines that match patterns",
    usage: "grep [OPTION]... PATTERNS [FILE]...",
    description: DESCRIPTION,
    options: OPTIONS,
    operands: OPERANDS,
    returns: "the selected lines (or counts, names, matches as the options ask)",
    examples: &[
        Example {
            description: "lines containing a word",
            script: "printf 'apple\\nbanana\\ncherry\\n' | grep an",
            stdout: "banana\n",
        },
        Example {
            description: "leftmost-longest alternation, only the matches",
            script: "echo abcd | grep -oE 'a|ab|abc'",
            stdout: "abc\n",
        },
        Example {
            description: "count, ignoring case, with line numbers elsewhere",
            script: "printf 'A\\nb\\na\\n' | grep -ic a; printf 'x\\ny\\n' | grep -n y",
            stdout: "2\n2:y\n",
        },
        Example {
            description: "one JSON object per selected line",
            script: "echo 'say hi' | grep --json hi",
            stdout: "{\"path\":\"(standard input)\",\"line_number\":1,\"byte_offset\":0,\"line\":\"say hi\",\"submatches\":[{\"match\":\"hi\",\"start\":4,\"end\":6}]}\n",
        },
    ],
    errors: ERRORS,
    risk: RiskLevel::ReadOnly,
};

static EGREP_SPEC: CommandSpec = CommandSpec {
    name: "egrep",
    group: "text",
    summary: "grep -E (obsolescent)",
    usage: "egrep [OPTION]... PATTERNS [FILE]...",
    description: "Same as grep -E (as Debian's egrep script, without the upstream obsolescence warning).",
    options: OPTIONS,
    operands: OPERANDS,
    returns: "as grep -E",
    examples: &[Example {
        description: "extended syntax",
        script: "printf 'ab\\ncd\\n' | egrep 'a|d' ",
        stdout: "ab\ncd\n",
    }],
    errors: ERRORS,
    risk: RiskLevel::ReadOnly,
};

static FGREP_SPEC: CommandSpec = CommandSpec {
    name: "fgrep",
    group: "text",
    summary: "grep -F (obsolescent)",
    usage: "fgrep [OPTION]... PATTERNS [FILE]...",
    description: "Same as grep -F (as Debian's fgrep script, without the upstream obsolescence warning).",
    options: OPTIONS,
    operands: OPERANDS,
    returns: "as grep -F",
    examples: &[Example {
        description: "fixed strings",
        script: "printf 'a.c\\nabc\\n' | fgrep a.c ",
        stdout: "a.c\n",
    }],
    errors: ERRORS,
    risk: RiskLevel::ReadOnly,
};

impl Command for Grep {
    fn spec(&self) -> &CommandSpec {
        &GREP_SPEC
    }
    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        search::main(&GREP_SPEC, args, ctx, None)
    }
    fn structured(&self) -> bool {
        true
    }
}

impl Command for Egrep {
    fn spec(&self) -> &CommandSpec {
        &EGREP_SPEC
    }
    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        search::main(&EGREP_SPEC, args, ctx, Some(options::Mode::Extended))
    }
    fn structured(&self) -> bool {
        true
    }
}

impl Command for Fgrep {
    fn spec(&self) -> &CommandSpec {
        &FGREP_SPEC
    }
    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        search::main(&FGREP_SPEC, args, ctx, Some(options::Mode::Fixed))
    }
    fn structured(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests;
