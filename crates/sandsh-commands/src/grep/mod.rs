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

pub(crate) static OPTIONS: &[OptSpec] = &[
    OptSpec::new(
        "-E, --extended-regexp",
        "PATTERNS are extended regular expressions",
    ),
    OptSpec::new("-F, --fixed-strings", "PATTERNS are strings"),
    OptSpec::new(
        "-G, --basic-regexp",
        "PATTERNS are basic regular expressions (default)",
    ),
    OptSpec::new("-P, --perl-regexp", "PATTERNS are Perl regular expressions"),
    OptSpec::new("-e, --regexp=PATTERNS", "use PATTERNS for matching"),
    OptSpec::new("-f, --file=FILE", "take PATTERNS from FILE"),
    OptSpec::new(
        "-i, --ignore-case",
        "ignore case distinctions in patterns and data",
    ),
    OptSpec::new("-y", "same as -i (obsolete)"),
    OptSpec::new(
        "--no-ignore-case",
        "do not ignore case distinctions (default)",
    ),
    OptSpec::new("-w, --word-regexp", "match only whole words"),
    OptSpec::new("-x, --line-regexp", "match only whole lines"),
    OptSpec::new("-z, --null-data", "a data line ends in 0 byte, not newline"),
    OptSpec::new("-s, --no-messages", "suppress error messages"),
    OptSpec::new("-v, --invert-match", "select non-matching lines"),
    OptSpec::new("-V, --version", "display version information and exit"),
    OptSpec::new("-m, --max-count=NUM", "stop after NUM selected lines"),
    OptSpec::new(
        "-b, --byte-offset",
        "print the byte offset with output lines",
    ),
    OptSpec::new("-n, --line-number", "print line number with output lines"),
    OptSpec::new("--line-buffered", "flush output on every line"),
    OptSpec::new("-H, --with-filename", "print file name with output lines"),
    OptSpec::new(
        "-h, --no-filename",
        "suppress the file name prefix on output",
    ),
    OptSpec::new(
        "--label=LABEL",
        "use LABEL as the standard input file name prefix",
    ),
    OptSpec::new(
        "-o, --only-matching",
        "show only nonempty parts of lines that match",
    ),
    OptSpec::new("-q, --quiet", "suppress all normal output"),
    OptSpec::new("--silent", "same as --quiet"),
    OptSpec::new(
        "--binary-files=TYPE",
        "assume that binary files are TYPE: 'binary', 'text', or 'without-match'",
    ),
    OptSpec::new("-a, --text", "equivalent to --binary-files=text"),
    OptSpec::new("-I", "equivalent to --binary-files=without-match"),
    OptSpec::new(
        "-d, --directories=ACTION",
        "how to handle directories: 'read', 'recurse', or 'skip'",
    ),
    OptSpec::new(
        "-D, --devices=ACTION",
        "how to handle devices: 'read' or 'skip'",
    ),
    OptSpec::new("-r, --recursive", "like --directories=recurse"),
    OptSpec::new(
        "-R, --dereference-recursive",
        "likewise, but follow all symlinks",
    ),
    OptSpec::new("--include=GLOB", "search only files that match GLOB"),
    OptSpec::new("--exclude=GLOB", "skip files that match GLOB"),
    OptSpec::new(
        "--exclude-from=FILE",
        "skip files that match any file pattern from FILE",
    ),
    OptSpec::new("--exclude-dir=GLOB", "skip directories that match GLOB"),
    OptSpec::new(
        "-L, --files-without-match",
        "print only names of FILEs with no selected lines",
    ),
    OptSpec::new(
        "-l, --files-with-matches",
        "print only names of FILEs with selected lines",
    ),
    OptSpec::new(
        "-c, --count",
        "print only a count of selected lines per FILE",
    ),
    OptSpec::new(
        "-T, --initial-tab",
        "make tabs line up (not supported: refused with status 2)",
    ),
    OptSpec::new("-Z, --null", "print 0 byte after FILE name"),
    OptSpec::new(
        "-B, --before-context=NUM",
        "print NUM lines of leading context",
    ),
    OptSpec::new(
        "-A, --after-context=NUM",
        "print NUM lines of trailing context",
    ),
    OptSpec::new("-C, --context=NUM", "print NUM lines of output context"),
    OptSpec::new(
        "--group-separator=SEP",
        "print SEP on line between matches with context",
    ),
    OptSpec::new(
        "--no-group-separator",
        "do not print separator for matches with context",
    ),
    OptSpec::new(
        "--color=WHEN",
        "use markers to highlight the matching strings; WHEN is 'always', 'never', or 'auto'",
    ),
    OptSpec::new("--colour=WHEN", "same as --color"),
    OptSpec::new(
        "-U, --binary",
        "do not strip CR characters at EOL (MSDOS/Windows)",
    ),
];

const OPERANDS: &[ArgSpec] = &[
    ArgSpec::required(
        "PATTERNS",
        ArgType::Pattern,
        "one or more patterns separated by newlines (unless -e or -f is given)",
    ),
    ArgSpec::optional(
        "FILE",
        ArgType::Path,
        "files to search (- for stdin; with -r, directories)",
    )
    .repeated(),
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
