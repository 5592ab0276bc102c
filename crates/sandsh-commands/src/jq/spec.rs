//! `jq`'s spec: its option and operand tables, help text and examples, as data apart
//! from the engine that runs it.

use sandsh_api::{ArgSpec, ArgType, CommandSpec, Example, OptSpec, RiskLevel};

pub(super) static SPEC: CommandSpec = CommandSpec {
    name: "jq",
    group: "json",
    summary: "command-line JSON processor (jq 1.7 compatible)",
    usage: "jq [OPTION]... FILTER [FILE]...",
    description: "Run FILTER on each JSON text of the FILEs (or standard input) and print the results as JSON. \
The filter language is jq 1.7's, executed by the jaq engine with jq 1.7 compatibility definitions. \
Options may appear anywhere; --arg, --argjson, --slurpfile and --rawfile take two values, which is why jq parses its own command line.",
    options: &[
        OptSpec::new("-r, --raw-output", "print strings without quotes"),
        OptSpec::new(
            "-j, --join-output",
            "like -r, without newlines between outputs",
        ),
        OptSpec::new("--raw-output0", "like -r, with a NUL after each output"),
        OptSpec::new(
            "-a, --ascii-output",
            "escape non-ASCII characters as \\uXXXX",
        ),
        OptSpec::new("-c, --compact-output", "one line per output"),
        OptSpec::new("-n, --null-input", "run the filter once with null as input"),
        OptSpec::new("-R, --raw-input", "read lines as strings, not JSON"),
        OptSpec::new(
            "-s, --slurp",
            "read all inputs into one array (or one string with -R)",
        ),
        OptSpec::new(
            "-e, --exit-status",
            "exit 1 if the last output is false or null, 4 if there is none",
        ),
        OptSpec::new("-S, --sort-keys", "print object keys sorted"),
        OptSpec::new("-C, --color-output", "color the output"),
        OptSpec::new("-M, --monochrome-output", "do not color the output"),
        OptSpec::new("--tab", "indent with a tab"),
        OptSpec::new("--indent=N", "indent with N spaces (0-7; 0 means compact)"),
        OptSpec::new("--arg=NAME VALUE", "bind $NAME to the string VALUE"),
        OptSpec::new("--argjson=NAME JSON", "bind $NAME to the JSON value"),
        OptSpec::new(
            "--slurpfile=NAME FILE",
            "bind $NAME to an array of FILE's JSON texts",
        ),
        OptSpec::new("--rawfile=NAME FILE", "bind $NAME to FILE's text"),
        OptSpec::new(
            "--args",
            "remaining operands are strings in $ARGS.positional",
        ),
        OptSpec::new(
            "--jsonargs",
            "remaining operands are JSON texts in $ARGS.positional",
        ),
        OptSpec::new("-f, --from-file=FILE", "read the filter from FILE"),
        OptSpec::new("--seq", "prefix each output with RS (application/json-seq)"),
        OptSpec::new(
            "--stream",
            "read each input as a stream of [path, leaf] events and [path] closing events, as it is parsed (for inputs larger than memory; `fromstream` and `truncate_stream` rebuild values)",
        ),
        OptSpec::new("-h, --help", "show this help"),
        OptSpec::new("-V, --version", "print the jq version this emulates"),
    ],
    operands: &[
        ArgSpec::optional("FILTER", ArgType::String, "the jq program (default `.`)"),
        ArgSpec::optional(
            "FILE",
            ArgType::Path,
            "JSON files to read (standard input when none)",
        )
        .repeated(),
    ],
    returns: "the filter's outputs, one JSON text per line (pretty-printed unless -c)",
    examples: &[
        Example {
            description: "extract a field",
            script: "echo '{\"n\":1}' | jq '.n'",
            stdout: "1\n",
        },
        Example {
            description: "raw strings from an array",
            script: "echo '[\"a\",\"b\"]' | jq -r '.[]'",
            stdout: "a\nb\n",
        },
        Example {
            description: "build objects compactly",
            script: "jq -nc --arg x hi '{x: $x, n: (1 + 2)}'",
            stdout: "{\"x\":\"hi\",\"n\":3}\n",
        },
    ],
    errors: "2 on usage errors, unreadable files and invalid JSON input; 3 on filter compile errors; \
5 on runtime errors (later inputs are still processed); with -e, 1 when the last output is false or null \
and 4 when there was no output; 130 when cancelled",
    risk: RiskLevel::ReadOnly,
};
