//! `diff`'s spec: its option and operand tables, help text and examples, as data apart
//! from the engine that runs it.

use sandsh_api::{ArgSpec, ArgType, CommandSpec, Example, OptSpec, RiskLevel};

pub(super) static SPEC: CommandSpec = CommandSpec {
    name: "diff",
    group: "text",
    summary: "compare files line by line",
    usage: "diff [OPTION]... FILE1 FILE2",
    description: "Compare FILE1 and FILE2 line by line, as GNU diff does (the same minimal-change algorithm, so the same hunks). FILE may be - for standard input; when one operand is a directory, the file of the same name in it is used. Output formats: normal (default), context (-c, -C N), unified (-u, -U N) and side by side (-y: the two files in columns of GNU's widths for -W, tabs at the tab stops, wide characters counted as two columns, the gutter marking changed lines |, deleted <, added >). -p names the enclosing function (the last line starting with a letter, $ or _) in each hunk header. Ed scripts (-e, -f, -n) and -D are not supported.",
    options: &[
        OptSpec::new("-q, --brief", "report only when files differ"),
        OptSpec::new(
            "-s, --report-identical-files",
            "report when two files are the same",
        ),
        OptSpec::new("-c", "output 3 lines of copied context"),
        OptSpec::new(
            "-C, --context=NUM",
            "output NUM (default 3) lines of copied context",
        ),
        OptSpec::new("-u", "output 3 lines of unified context"),
        OptSpec::new(
            "-p, --show-c-function",
            "show which C function each change is in",
        ),
        OptSpec::new(
            "-U, --unified=NUM",
            "output NUM (default 3) lines of unified context",
        ),
        OptSpec::new("--normal", "output a normal diff (the default)"),
        OptSpec::new("-y, --side-by-side", "output in two columns"),
        OptSpec::new(
            "-W, --width=NUM",
            "output at most NUM (default 130) print columns",
        ),
        OptSpec::new(
            "--left-column",
            "output only the left column of common lines",
        ),
        OptSpec::new("--suppress-common-lines", "do not output common lines"),
        OptSpec::new("-t, --expand-tabs", "expand tabs to spaces in output"),
        OptSpec::new("-T, --initial-tab", "make tabs line up by prepending a tab"),
        OptSpec::new(
            "--tabsize=NUM",
            "tab stops every NUM (default 8) print columns",
        ),
        OptSpec::new(
            "-r, --recursive",
            "recursively compare any subdirectories found",
        ),
        OptSpec::new("-N, --new-file", "treat absent files as empty"),
        OptSpec::new(
            "-i, --ignore-case",
            "ignore case differences in file contents",
        ),
        OptSpec::new(
            "-b, --ignore-space-change",
            "ignore changes in the amount of white space",
        ),
        OptSpec::new("-w, --ignore-all-space", "ignore all white space"),
        OptSpec::new(
            "-B, --ignore-blank-lines",
            "ignore changes where lines are all blank",
        ),
        OptSpec::new("-a, --text", "treat all files as text"),
        OptSpec::new("-d, --minimal", "try hard to find a smaller set of changes"),
        OptSpec::new(
            "--strip-trailing-cr",
            "strip trailing carriage return on input",
        ),
        OptSpec::new(
            "--label=LABEL",
            "use LABEL instead of file name and timestamp (can be repeated)",
        ),
        OptSpec::new("--color=WHEN", "accepted; output is never colored"),
    ],
    operands: &[
        ArgSpec::required("FILE1", ArgType::Path, "first file or directory"),
        ArgSpec::required("FILE2", ArgType::Path, "second file or directory"),
    ],
    returns: "the differences in the chosen format",
    examples: &[
        Example {
            description: "normal format",
            script: "printf 'a\\nb\\n' > x; printf 'a\\nc\\n' > y; diff x y",
            stdout: "2c2\n< b\n---\n> c\n",
        },
        Example {
            description: "unified with labels",
            script: "printf 'a\\nb\\n' > x; printf 'a\\nc\\n' > y; diff -u --label old --label new x y",
            stdout: "--- old\n+++ new\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n",
        },
        Example {
            description: "side by side in 30 columns",
            script: "printf 'a\\nb\\n' > x; printf 'a\\nc\\nd\\n' > y; diff -y -W 30 x y",
            stdout: "a\t\ta\nb\t      |\tc\n\t      >\td\n",
        },
        Example {
            description: "just say whether they differ",
            script: "echo 1 > x; echo 2 > y; diff -q x y",
            stdout: "Files x and y differ\n",
        },
    ],
    errors: "exit 0 when the inputs are the same, 1 when they differ, 2 on trouble (missing file, bad option)",
    risk: RiskLevel::ReadOnly,
};
