//! `sort`: sort lines of text files, as GNU sort does in the C.UTF-8 locale.
//!
//! The key machinery follows GNU's `begfield`/`limfield` exactly (fields include their
//! leading blanks unless `b` is given; a key without its own ordering flags inherits the global
//! ones), and so does the last-resort whole-line comparison that `-s` and `-u` turn off. The
//! default collation is byte order, which for UTF-8 is code-point order, as C.UTF-8 collates.
//!
//! This file holds the command (its spec and the run that ties the parts together); the parts
//! live beside it, one concept each: the command line ([`options`]), key definitions
//! ([`keys`]) and where they fall in a line ([`fields`]), the collations ([`compare`],
//! [`numeric`], [`version`], [`random`]), how lines are sorted ([`methods`]), merged or checked
//! ([`merge`]), and reading and writing ([`io`]).

use sandsh_api::rows;

use sandsh_api::{
    Arg, ArgSpec, ArgType, CommandSpec, Example, ExitStatus, OptSpec, ParsedArgs, ParsedCommand,
    RiskLevel, ToolCtx,
};

use crate::common::input;

mod compare;
mod fields;
mod io;
mod keys;
mod merge;
mod methods;
mod numeric;
mod options;
mod random;
mod version;

use io::{read_inputs, write_lines};
use merge::{check_order, merge_sorted};
use methods::sort_lines;
use options::Options;

pub struct Sort;

static SPEC: CommandSpec = CommandSpec {
    name: "sort",
    group: "text",
    summary: "sort lines of text files",
    usage: "sort [OPTION]... [FILE]...",
    description: "Write sorted concatenation of all FILE(s) to standard output. With no FILE, or when FILE is -, read standard input. Collation is byte (code point) order, as in the C.UTF-8 locale. KEYDEF is F[.C][OPTS][,F[.C][OPTS]] for start and stop position, where F is a field number and C a character position in the field; both are origin 1. OPTS is one or more single-letter ordering options [bdfgiMhnRrV], which override global ordering options for that key.",
    options: &[
        OptSpec::new("-b, --ignore-leading-blanks", "ignore leading blanks"),
        OptSpec::new(
            "-d, --dictionary-order",
            "consider only blanks and alphanumeric characters",
        ),
        OptSpec::new(
            "-f, --ignore-case",
            "fold lower case to upper case characters",
        ),
        OptSpec::new(
            "-g, --general-numeric-sort",
            "compare according to general numerical value",
        ),
        OptSpec::new(
            "-i, --ignore-nonprinting",
            "consider only printable characters",
        ),
        OptSpec::new(
            "-M, --month-sort",
            "compare (unknown) < 'JAN' < ... < 'DEC'",
        ),
        OptSpec::new(
            "-h, --human-numeric-sort",
            "compare human readable numbers (e.g., 2K 1G)",
        ),
        OptSpec::new(
            "-n, --numeric-sort",
            "compare according to string numerical value",
        ),
        OptSpec::new("-R, --random-sort", "shuffle, but group identical keys"),
        OptSpec::new("-r, --reverse", "reverse the result of comparisons"),
        OptSpec::new(
            "-V, --version-sort",
            "natural sort of (version) numbers within text",
        ),
        OptSpec::new("-c, --check", "check for sorted input; do not sort"),
        OptSpec::new("-C", "like -c, but do not report first bad line"),
        OptSpec::new("-m, --merge", "merge already sorted files; do not sort"),
        OptSpec::new(
            "-k, --key=KEYDEF",
            "sort via a key; KEYDEF gives location and type",
        ),
        OptSpec::new(
            "-o, --output=FILE",
            "write result to FILE instead of standard output",
        ),
        OptSpec::new(
            "-s, --stable",
            "stabilize sort by disabling last-resort comparison",
        ),
        OptSpec::new(
            "-t, --field-separator=SEP",
            "use SEP instead of non-blank to blank transition",
        ),
        OptSpec::new("-u, --unique", "output only the first of an equal run"),
        rows::ZERO_TERMINATED,
        OptSpec::new(
            "-S, --buffer-size=SIZE",
            "accepted for compatibility; no effect (sorting is in memory)",
        ),
        OptSpec::new(
            "-T, --temporary-directory=DIR",
            "accepted for compatibility; no effect (no temporary files)",
        ),
        OptSpec::new(
            "--random-source=FILE",
            "get random bytes from FILE (-R: the first 16 bytes key the hash, as in GNU sort)",
        ),
        OptSpec::new("--parallel=N", "accepted for compatibility; no effect"),
    ],
    operands: &[ArgSpec::optional("FILE", ArgType::Path, "files to sort (- for stdin)").repeated()],
    returns: "the sorted lines (or nothing with -c, whose status tells)",
    examples: &[
        Example {
            description: "sort lines",
            script: "printf 'b\\na\\nc\\n' | sort",
            stdout: "a\nb\nc\n",
        },
        Example {
            description: "numeric, reverse",
            script: "printf '10\\n9\\n100\\n' | sort -nr",
            stdout: "100\n10\n9\n",
        },
        Example {
            description: "by second field",
            script: "printf 'x 3\\ny 1\\nz 2\\n' | sort -k2,2n",
            stdout: "y 1\nz 2\nx 3\n",
        },
        Example {
            description: "unique",
            script: "printf 'b\\na\\nb\\n' | sort -u",
            stdout: "a\nb\n",
        },
    ],
    errors: "exit 2 on unreadable input, bad key specs or unwritable output; -c/-C exit 1 when the input is not sorted",
    risk: RiskLevel::ReadOnly,
};

impl ParsedCommand for Sort {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn usage_status(&self) -> ExitStatus {
        2
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let mut opts = match Options::parse(&p, ctx) {
            Ok(o) => o,
            Err(s) => return s,
        };
        let cfg = match opts.cfg(&p, ctx) {
            Ok(c) => c,
            Err(s) => return s,
        };
        let delim = if opts.zero { 0 } else { b'\n' };
        let files: Vec<Arg> = input::files_or_stdin(p.operands);
        let (data, per_file) = match read_inputs(ctx, &files, delim, opts.check || opts.merge) {
            Ok(r) => r,
            Err(s) => return s,
        };
        if opts.check {
            return check_order(ctx, per_file, delim, &cfg, opts.quiet);
        }
        let lines = if opts.merge {
            merge_sorted(&per_file, delim, &cfg)
        } else {
            match sort_lines(ctx, &data, delim, &cfg) {
                Ok(l) => l,
                Err(s) => return s,
            }
        };
        write_lines(ctx, &lines, data.len() + 1, delim, opts.output)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::testing::{TestCtx, run, run_in};

    fn s(args: &[&str], input: &str) -> String {
        run_in(&Sort, args, input).1
    }

    #[test]
    fn basic_orders() {
        assert_eq!(s(&[], "b\nB\na\n"), "B\na\nb\n");
        assert_eq!(s(&["-f"], "b\nB\na\n"), "a\nB\nb\n");
        assert_eq!(s(&["-n"], "10\n9\n-1\nx\n"), "-1\nx\n9\n10\n");
        assert_eq!(s(&["-h"], "1G\n2K\n3M\n5\n"), "5\n2K\n3M\n1G\n");
        assert_eq!(s(&["-V"], "a10\na2\na1.5\n"), "a1.5\na2\na10\n");
        assert_eq!(s(&["-M"], "mar\nJan\nxx\n"), "xx\nJan\nmar\n");
        assert_eq!(s(&["-g"], "1e3\n5\nabc\n-inf\n"), "abc\n-inf\n5\n1e3\n");
        assert_eq!(s(&["-r"], "a\nc\nb"), "c\nb\na\n");
    }

    fn random(args: &[&str], input: &str, lc_all: &str) -> (ExitStatus, String, String) {
        let mut ctx = TestCtx::new()
            .with_stdin(input.as_bytes())
            .file("rs", b"abcdefghijklmnopqrstuvwxyz0123456789")
            .file("short", b"short");
        ctx.env.push(("LC_ALL".into(), lc_all.as_bytes().to_vec()));
        let st = run(&Sort, args, &mut ctx);
        (st, ctx.out_str(), ctx.err_str())
    }

    #[test]
    fn random_source_matches_gnu_in_both_locales() {
        // Expected outputs from GNU sort 9.1 with the same 36-byte source.
        let input = "c\na\nb\nd\na\ne\nfoo bar\n\n";
        let args = ["-R", "--random-source=rs"];
        assert_eq!(random(&args, input, "C").1, "e\nb\n\nd\nfoo bar\na\na\nc\n");
        assert_eq!(
            random(&args, input, "C.UTF-8").1,
            "a\na\n\nfoo bar\nd\nb\ne\nc\n"
        );
        let keyed = ["-k1,1R", "-k2,2nr", "--random-source=rs"];
        let input = "x 1\ny 2\nz 3\nx 9\n";
        assert_eq!(random(&keyed, input, "C").1, "z 3\nx 9\nx 1\ny 2\n");
        assert_eq!(random(&keyed, input, "C.UTF-8").1, "y 2\nz 3\nx 9\nx 1\n");
        let folded = ["-fRr", "--random-source=rs"];
        assert_eq!(random(&folded, "B\nb\nA\na\n", "C.UTF-8").1, "a\nA\nb\nB\n");
    }

    #[test]
    fn random_source_errors_like_gnu() {
        let (st, out, err) = random(&["-R", "--random-source=short"], "b\na\n", "C.UTF-8");
        assert_eq!((st, out.as_str()), (2, ""));
        assert_eq!(err, "sort: \u{2018}short\u{2019}: end of file\n");
        let (st, _, err) = random(&["-R", "--random-source=nope"], "b\na\n", "C.UTF-8");
        assert_eq!(st, 2);
        assert_eq!(err, "sort: open failed: nope: No such file or directory\n");
        // Without a random key GNU never opens the source.
        let (st, out, _) = random(&["--random-source=nope"], "b\na\n", "C.UTF-8");
        assert_eq!((st, out.as_str()), (0, "a\nb\n"));
    }

    #[test]
    fn random_groups_equal_keys_and_varies_without_a_source() {
        let (_, out, _) = random(&["-R"], "a\nb\na\nc\na\n", "C.UTF-8");
        let mut lines: Vec<&str> = out.lines().collect();
        let first_a = lines.iter().position(|l| *l == "a").unwrap_or(9);
        assert_eq!(&lines[first_a..first_a + 3], ["a", "a", "a"]);
        lines.sort();
        assert_eq!(lines, ["a", "a", "a", "b", "c"]);
    }

    #[test]
    fn prefix_path_orders_bytes() {
        let input = "abcdefghij\nabcdefgh\nabcdefgh\0\nabcdefghi\n\n\u{e9}\nZ\nabc\n";
        let want = "\nZ\nabc\nabcdefgh\nabcdefgh\0\nabcdefghi\nabcdefghij\n\u{e9}\n";
        assert_eq!(s(&[], input), want);
        let mut rev: Vec<&str> = want.lines().collect();
        rev.reverse();
        assert_eq!(s(&["-r"], input), rev.join("\n") + "\n");
    }

    #[test]
    fn integer_fast_path_agrees_with_numcmp() {
        // Plain integers take the decorated path; a fraction anywhere falls back.
        let input = "10\n-3\n007\n-0\n0\n\nx\n+4\n7\n-12\n";
        let want = "-12\n-3\n\n+4\n-0\n0\nx\n007\n7\n10\n";
        assert_eq!(s(&["-n"], input), want);
        assert_eq!(
            s(&["-n"], &format!("{input}1.5\n")),
            "-12\n-3\n\n+4\n-0\n0\nx\n1.5\n007\n7\n10\n"
        );
        assert_eq!(s(&["-nr"], input), "10\n7\n007\nx\n0\n-0\n+4\n\n-3\n-12\n");
        assert_eq!(
            s(&["-t,", "-k2,2n", "-k1,1"], "b,2\na,2\nc,1\n"),
            "c,1\na,2\nb,2\n"
        );
    }

    #[test]
    fn keys() {
        assert_eq!(s(&["-k2,2n"], "x 3\ny 1\nz 2\n"), "y 1\nz 2\nx 3\n");
        assert_eq!(s(&["-t", ":", "-k2"], "a:b\nc:a\n"), "c:a\na:b\n");
        assert_eq!(s(&["-k", "1.2,1.2"], "ab\nba\n"), "ba\nab\n");
        assert_eq!(s(&["-s", "-k1,1"], "a 2\na 1\n"), "a 2\na 1\n");
        assert_eq!(s(&["-k1,1"], "a 2\na 1\n"), "a 1\na 2\n");
        assert_eq!(s(&["-u", "-k1,1"], "a 2\na 1\nb\n"), "a 2\nb\n");
    }

    #[test]
    fn check_and_errors() {
        let (st, _, e) = run_in(&Sort, &["-c"], "b\na\n");
        assert_eq!((st, e.as_str()), (1, "sort: -:2: disorder: a\n"));
        let (st, _, e) = run_in(&Sort, &["-k0"], "");
        assert_eq!(st, 2);
        assert!(e.contains("field number is zero"));
        let mut ctx = TestCtx::new().file("f", b"b\na\n");
        assert_eq!(run(&Sort, &["-o", "f", "f"], &mut ctx), 0);
        assert_eq!(ctx.read("f").unwrap(), b"a\nb\n");
    }
}
