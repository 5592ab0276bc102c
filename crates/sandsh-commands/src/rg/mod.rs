//! `rg`: ripgrep 13's command line over the VFS.
//!
//! Patterns are Rust regex syntax, which is ripgrep's, so they go to the `regex` crate as
//! they are (no POSIX translation as grep needs). The walk ([`walk`]) reads `.gitignore`,
//! `.ignore` and `.rgignore` from the VFS and hands their lines to the `ignore` crate's
//! gitignore matcher, which works on paths alone and never touches the host; `-g` globs and
//! the `-t` type table are the same crate's. Output is ripgrep's for a pipe (sandsh's stdout
//! is never a terminal): no heading, no line numbers unless asked, `path:text`. Directory
//! entries are visited sorted by name (ripgrep's `--sort path`), so runs are reproducible.

mod matcher;
mod options;
mod search;
mod walk;
mod zip;

use sandsh_api::{
    Arg, ArgSpec, ArgType, Command, CommandSpec, Example, ExitStatus, OptSpec, RiskLevel, ToolCtx,
};

pub struct Rg;

pub(crate) static OPTIONS: &[OptSpec] = &[
    OptSpec::new(
        "-e, --regexp=PATTERN",
        "a pattern to search for (repeatable)",
    ),
    OptSpec::new(
        "-f, --file=PATTERNFILE",
        "search for the patterns in PATTERNFILE, one a line",
    ),
    OptSpec::new("-i, --ignore-case", "case insensitive search"),
    OptSpec::new(
        "-S, --smart-case",
        "case insensitive unless the pattern has an uppercase letter",
    ),
    OptSpec::new("-s, --case-sensitive", "case sensitive search (default)"),
    OptSpec::new(
        "-w, --word-regexp",
        "only show matches surrounded by word boundaries",
    ),
    OptSpec::new(
        "-x, --line-regexp",
        "only show matches surrounded by line boundaries",
    ),
    OptSpec::new(
        "-F, --fixed-strings",
        "treat the patterns as literal strings",
    ),
    OptSpec::new("-v, --invert-match", "invert matching"),
    OptSpec::new("-n, --line-number", "show line numbers"),
    OptSpec::new(
        "-N, --no-line-number",
        "suppress line numbers (default: stdout is not a terminal)",
    ),
    OptSpec::new(
        "-l, --files-with-matches",
        "print only the paths with at least one match",
    ),
    OptSpec::new(
        "--files-without-match",
        "print only the paths with no match",
    ),
    OptSpec::new("-c, --count", "print the number of matching lines per file"),
    OptSpec::new("--count-matches", "print the number of matches per file"),
    OptSpec::new(
        "-o, --only-matching",
        "print only the matched parts of a line",
    ),
    OptSpec::new("-A, --after-context=NUM", "show NUM lines after each match"),
    OptSpec::new(
        "-B, --before-context=NUM",
        "show NUM lines before each match",
    ),
    OptSpec::new(
        "-C, --context=NUM",
        "show NUM lines before and after each match",
    ),
    OptSpec::new(
        "-g, --glob=GLOB",
        "include or exclude (with !) files and directories matching GLOB",
    ),
    OptSpec::new("--iglob=GLOB", "as --glob, case insensitively"),
    OptSpec::new(
        "-t, --type=TYPE",
        "only search files of TYPE (see --type-list)",
    ),
    OptSpec::new("-T, --type-not=TYPE", "do not search files of TYPE"),
    OptSpec::new(
        "--type-list",
        "show all supported file types and their globs",
    ),
    OptSpec::new("--hidden", "search hidden files and directories"),
    OptSpec::new(
        "--no-ignore",
        "do not respect .gitignore, .ignore or .rgignore files",
    ),
    OptSpec::new(
        "-u, --unrestricted",
        "-u: --no-ignore; -uu: also --hidden; -uuu: also binary files",
    ),
    OptSpec::new("-a, --text", "search binary files as if they were text"),
    OptSpec::new("-L, --follow", "follow symbolic links"),
    OptSpec::new(
        "--files",
        "print each file that would be searched, without searching",
    ),
    OptSpec::new("--json", "print results as JSON Lines"),
    OptSpec::new(
        "-r, --replace=REPLACEMENT",
        "replace every match with REPLACEMENT ($1, ${name})",
    ),
    OptSpec::new("-m, --max-count=NUM", "at most NUM matching lines per file"),
    OptSpec::new("--max-depth=NUM", "descend at most NUM directories"),
    OptSpec::new(
        "-z, --search-zip",
        "search compressed files (.gz, .bz2, .xz) through gzip, bzip2 and xz",
    ),
    OptSpec::new(
        "-0, --null",
        "follow each path with a NUL byte instead of ':' or a newline",
    ),
    OptSpec::new("-H, --with-filename", "print the path with each match"),
    OptSpec::new("-I, --no-filename", "never print the path"),
    OptSpec::new("--heading", "print the path above each file's matches"),
    OptSpec::new(
        "--no-heading",
        "print the path on each matching line (default)",
    ),
    OptSpec::new(
        "--column",
        "show the column of the first match (implies -n)",
    ),
    OptSpec::new("--vimgrep", "one line per match: path:line:column:text"),
    OptSpec::new("-q, --quiet", "print nothing; exit 0 at the first match"),
    OptSpec::new("--color=WHEN", "never (only never is supported)"),
    OptSpec::new("--colors=SPEC", "ignored (no color is ever printed)"),
    OptSpec::new(
        "-U, --multiline",
        "let matches span lines (not supported: refused)",
    ),
    OptSpec::new("--sort=SORTBY", "path (the default here) or none"),
    OptSpec::new("--trim", "remove leading whitespace from printed lines"),
    OptSpec::new("-M, --max-columns=NUM", "omit lines longer than NUM bytes"),
    OptSpec::new(
        "--include-zero",
        "with -c, also print files with zero matches",
    ),
    OptSpec::new("--no-messages", "suppress error messages about files"),
    OptSpec::new("-V, --version", "print the version"),
];

static SPEC: CommandSpec = CommandSpec {
    name: "rg",
    group: "text",
    summary: "recursively search the current directory for a regex pattern (ripgrep)",
    usage: "rg [OPTIONS] PATTERN [PATH ...]",
    description: "Search each PATH (a file or a directory, walked recursively; the working directory when there is none and standard input is not piped) for lines matching PATTERN, a Rust regex (ripgrep's syntax). .gitignore files (inside a git repository, parents included up to it), .ignore and .rgignore are respected; hidden files and binary files are skipped unless asked. Output is ripgrep 13's for a pipe: `path:text`, with -n line numbers, --heading to group by file. Directory entries are always visited sorted by path (ripgrep's --sort path), so output is reproducible. -z searches .gz/.tgz, .bz2/.tbz2, .xz/.txz files through the sandbox's gzip, bzip2 and xz (names with no such command here, such as .zst or .lz4, are searched as they are, as ripgrep does without the tool). Not supported (refused with status 2): -U (multiline).",
    options: OPTIONS,
    operands: &[
        ArgSpec::required(
            "PATTERN",
            ArgType::Pattern,
            "a Rust regex (unless -e or -f is given)",
        ),
        ArgSpec::optional("PATH", ArgType::Path, "files or directories to search").repeated(),
    ],
    returns: "the matching lines (or paths, counts, matches as the options ask)",
    examples: &[
        Example {
            description: "search a tree, paths sorted",
            script: "mkdir -p d/s; echo 'fn main() {}' > d/a.rs; echo 'main' > d/s/b.txt; rg main d",
            stdout: "d/a.rs:fn main() {}\nd/s/b.txt:main\n",
        },
        Example {
            description: "line numbers, a type filter and a .gitignore",
            script: "mkdir -p r/.git; printf 'x\\nTODO\\n' > r/a.py; echo TODO > r/skip.py; echo skip.py > r/.gitignore; cd r; rg -n -t py TODO",
            stdout: "a.py:2:TODO\n",
        },
        Example {
            description: "replace matches with a capture group",
            script: "echo 'version = 1.2' | rg -o -r '$1' 'version = (\\S+)'",
            stdout: "1.2\n",
        },
    ],
    errors: "exit 0 when a line matched, 1 when none did, 2 on an error (a bad pattern or option, an unreadable path)",
    risk: RiskLevel::ReadOnly,
};

impl Command for Rg {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }
    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let cfg = match options::parse(&SPEC, args, ctx) {
            Ok(c) => c,
            Err(status) => return status,
        };
        search::run(cfg, ctx)
    }
}

#[cfg(test)]
mod tests;
