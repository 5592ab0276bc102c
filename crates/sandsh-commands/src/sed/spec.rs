//! `sed`'s spec: its option and operand tables, help text and examples, as data apart
//! from the engine that runs it.

use sandsh_api::{ArgSpec, ArgType, CommandSpec, Example, OptSpec, RiskLevel};

pub(super) static SPEC: CommandSpec = CommandSpec {
    name: "sed",
    group: "text",
    summary: "stream editor for filtering and transforming text",
    usage: "sed [OPTION]... {script-only-if-no-other-script} [input-file]...",
    description: "Apply a sed script to each line of the input files (standard input when none is given) and print the result. GNU sed 4.9 compatible: all commands (s y p P d D n N g G h H x b t T : = l q Q r R w W z F a i c e), addresses (N, $, /re/I M, \\%re%, first~step, addr,+N, addr,~N, 0,/re/, !), blocks, hold space, and GNU escapes. If no -e, --expression, -f, or --file option is given, then the first non-option argument is taken as the sed script to interpret. The e command and the s///e flag run their text with the sandbox's own shell.",
    options: &[
        OptSpec::new(
            "-n, --quiet",
            "suppress automatic printing of pattern space (also --silent)",
        ),
        OptSpec::new("--silent", "same as -n"),
        OptSpec::new("--debug", "annotate program execution"),
        OptSpec::new(
            "-e, --expression=script",
            "add the script to the commands to be executed",
        ),
        OptSpec::new(
            "-f, --file=script-file",
            "add the contents of script-file to the commands to be executed",
        ),
        OptSpec::new(
            "--follow-symlinks",
            "follow symlinks when processing in place",
        ),
        OptSpec::new(
            "-i, --in-place",
            "edit files in place (-i[SUFFIX], --in-place[=SUFFIX]: makes backup if SUFFIX supplied)",
        ),
        OptSpec::new(
            "-l, --line-length=N",
            "specify the desired line-wrap length for the `l' command",
        ),
        OptSpec::new("--posix", "disable all GNU extensions"),
        OptSpec::new(
            "-E, --regexp-extended",
            "use extended regular expressions in the script (also -r)",
        ),
        OptSpec::new("-r", "same as -E"),
        OptSpec::new(
            "-s, --separate",
            "consider files as separate rather than as a single continuous long stream",
        ),
        OptSpec::new(
            "--sandbox",
            "operate in sandbox mode (disable e/r/w commands)",
        ),
        OptSpec::new(
            "-u, --unbuffered",
            "load minimal amounts of data from the input files and flush the output buffers more often",
        ),
        OptSpec::new(
            "-z, --null-data",
            "separate lines by NUL characters (also --zero-terminated)",
        ),
    ],
    operands: &[
        ArgSpec::optional(
            "SCRIPT",
            ArgType::String,
            "the sed script, when no -e or -f is given",
        ),
        ArgSpec::optional("FILE", ArgType::Path, "input files (- for stdin)").repeated(),
    ],
    returns: "the edited text on standard output (or in the files, with -i)",
    examples: &[
        Example {
            description: "substitute every match",
            script: "echo 'hello world' | sed 's/o/0/g'",
            stdout: "hell0 w0rld\n",
        },
        Example {
            description: "print only lines 2 to 3",
            script: "printf 'a\\nb\\nc\\nd\\n' | sed -n '2,3p'",
            stdout: "b\nc\n",
        },
        Example {
            description: "join all lines with the hold space",
            script: "printf 'a\\nb\\nc\\n' | sed -n 'H;${x;s/\\n/,/g;s/^,//;p}'",
            stdout: "a,b,c\n",
        },
        Example {
            description: "extended regex with groups and case conversion",
            script: "echo 'foo bar' | sed -E 's/(\\w+) (\\w+)/\\u\\2 \\U\\1/'",
            stdout: "Bar FOO\n",
        },
        Example {
            description: "edit a file in place",
            script: "printf 'x=1\\n' > f; sed -i 's/1/2/' f; cat f",
            stdout: "x=2\n",
        },
    ],
    errors: "exit 1 on a bad script or usage, 2 when an input file cannot be read (the others are still processed), 4 on an I/O error; q/Q set their own exit code",
    risk: RiskLevel::MediumRisk,
};
