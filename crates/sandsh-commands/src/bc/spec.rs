//! `bc`'s spec: its option and operand tables, help text and examples, as data apart
//! from the engine that runs it.

use sandsh_api::{ArgSpec, ArgType, CommandSpec, Example, OptSpec, RiskLevel};

pub(super) static SPEC: CommandSpec = CommandSpec {
    name: "bc",
    group: "text",
    summary: "an arbitrary precision calculator language",
    usage: "bc [OPTION]... [FILE]...",
    description: "Read bc programs from each FILE, then from standard input, and run them: numbers of any size with `scale` digits after the point, ibase/obase for input and output bases, variables, arrays, functions (define, auto, return), if/else, while, for, break, continue, print, strings, comments, halt and quit. With -l, the math library is loaded (s c a l e j) and scale starts at 20. Output matches GNU bc 1.07.1 to the digit, including line wrapping at 70 characters (BC_LINE_LENGTH; 0 disables) and error messages. read() and warranty are not supported.",
    options: &[
        OptSpec::new(
            "-l, --mathlib",
            "use the predefined math routines (scale=20)",
        ),
        OptSpec::new("-q, --quiet", "don't print initial banner"),
        OptSpec::new("-s, --standard", "non-standard bc constructs are errors"),
        OptSpec::new("-w, --warn", "warn about non-standard bc constructs"),
        OptSpec::new("-h", "print GNU's usage summary and exit"),
        OptSpec::new("-v, --version", "print version information and exit"),
        OptSpec::new(
            "-i, --interactive",
            "force interactive mode (not supported)",
        ),
        OptSpec::new("-c, --compile", "print the byte code only (not supported)"),
    ],
    operands: &[ArgSpec::optional(
        "FILE",
        ArgType::Path,
        "bc programs, read before standard input",
    )
    .repeated()],
    returns: "what the program prints",
    examples: &[
        Example {
            description: "money: two decimals",
            script: "echo 'scale=2; 19.99*3 + 4.50' | bc",
            stdout: "64.47\n",
        },
        Example {
            description: "a ratio as a percentage",
            script: "echo 'scale=4; 37/120*100' | bc",
            stdout: "30.8300\n",
        },
        Example {
            description: "the math library",
            script: "echo '4*a(1)' | bc -l",
            stdout: "3.14159265358979323844\n",
        },
        Example {
            description: "a function and a loop",
            script: "printf 'define f(n) { if (n < 2) return (1); return (n * f(n-1)); }\\nfor (i = 1; i <= 5; i++) f(i)\\n' | bc",
            stdout: "1\n2\n6\n24\n120\n",
        },
        Example {
            description: "output base",
            script: "echo 'obase=16; 255' | bc",
            stdout: "FF\n",
        },
    ],
    errors: "exit 0 after syntax and runtime errors (their messages go to stderr, as GNU's do); exit 1 when a FILE cannot be read or an option is invalid; 125 when the memory budget is exhausted; 130 when cancelled",
    risk: RiskLevel::ReadOnly,
};
