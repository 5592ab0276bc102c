//! Unit tests (expectations checked against GNU grep 3.8).

use super::Grep;
use crate::common::testing::{TestCtx, run};

fn grep(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let mut ctx = TestCtx::new().with_stdin(stdin);
    let s = run(&Grep, args, &mut ctx);
    (s, ctx.out_str(), ctx.err_str())
}

#[test]
fn selects_and_counts() {
    assert_eq!(
        grep(&["an"], b"apple\nbanana\n"),
        (0, "banana\n".into(), String::new())
    );
    assert_eq!(
        grep(&["-c", "a"], b"a\nb\na"),
        (0, "2\n".into(), String::new())
    );
    assert_eq!(grep(&["zz"], b"a\n").0, 1);
    assert_eq!(grep(&["-v", "a"], b"a\nb").1, "b\n");
}

#[test]
fn leftmost_longest_only_matching() {
    assert_eq!(grep(&["-oE", "a|ab|abc"], b"abcd\n").1, "abc\n");
}

#[test]
fn context_and_separators() {
    let input: Vec<u8> = (1..=9)
        .map(|i| format!("{i}\n"))
        .collect::<String>()
        .into_bytes();
    assert_eq!(
        grep(&["-n", "-C1", "-e", "2", "-e", "7"], &input).1,
        "1-1\n2:2\n3-3\n--\n6-6\n7:7\n8-8\n"
    );
    assert_eq!(grep(&["-m1", "-A2", "[2-4]"], &input).1, "2\n3\n4\n");
}

#[test]
fn errors_and_status() {
    let (s, out, err) = grep(&["\\("], b"a\n");
    assert_eq!((s, out.as_str()), (2, ""));
    assert_eq!(err, "grep: Unmatched ( or \\(\n");
    let (s, _, err) = grep(&["a", "/nonexistent"], b"");
    assert_eq!(s, 2);
    assert_eq!(err, "grep: /nonexistent: No such file or directory\n");
    assert_eq!(grep(&["-s", "a", "/nonexistent"], b"").2, "");
    assert_eq!(grep(&["-E", "-F", "a"], b"").0, 2);
    let (s, out, err) = grep(&["-T", "a"], b"a\n");
    assert_eq!((s, out.as_str()), (2, ""));
    assert_eq!(err, "grep: -T/--initial-tab is not supported\n");
    let (s, _, err) = grep(&[], b"");
    assert_eq!(s, 2);
    assert!(err.starts_with("Usage: grep [OPTION]... PATTERNS [FILE]..."));
}

#[test]
fn binary_input() {
    let (s, out, err) = grep(&["a"], b"xa\nb\x00\nab\n");
    assert_eq!((s, out.as_str()), (0, ""));
    assert_eq!(err, "grep: (standard input): binary file matches\n");
    assert_eq!(grep(&["-c", "a"], b"a\x00a\n").1, "2\n");
    let (_, out, err) = grep(&["b"], b"ab\na\xffb\n");
    assert_eq!(out, "ab\n");
    assert_eq!(err, "grep: (standard input): binary file matches\n");
    let mut ctx = TestCtx::new().with_stdin(b"a\xffb\n");
    assert_eq!(run(&Grep, &["-a", "b"], &mut ctx), 0);
    assert_eq!(ctx.out, b"a\xffb\n");
}

fn tree() -> TestCtx {
    let ctx = TestCtx::new();
    let _ = ctx
        .backend
        .mkdir(std::path::Path::new("/home/user/t"), 0o755, true);
    ctx.file("t/a.txt", b"foo\n").file("t/b.log", b"foo\nbar\n")
}

#[test]
fn files_and_recursion() {
    let mut ctx = tree();
    assert_eq!(run(&Grep, &["-r", "foo", "t"], &mut ctx), 0);
    let mut lines: Vec<&str> = std::str::from_utf8(&ctx.out)
        .unwrap_or("")
        .lines()
        .collect();
    lines.sort();
    assert_eq!(lines, ["t/a.txt:foo", "t/b.log:foo"]);
    let mut ctx = tree();
    assert_eq!(
        run(&Grep, &["-rc", "--include=*.log", "foo", "t"], &mut ctx),
        0
    );
    assert_eq!(ctx.out_str(), "t/b.log:1\n");
}

#[test]
fn word_and_line() {
    assert_eq!(grep(&["-ow", "foo"], b"foobar foo\n").1, "foo\n");
    assert_eq!(grep(&["-x", "foo"], b"foo\nfoo bar\n").1, "foo\n");
    assert_eq!(grep(&["-Fx", "a.c"], b"abc\na.c\n").1, "a.c\n");
}
