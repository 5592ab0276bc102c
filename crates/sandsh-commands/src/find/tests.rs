//! Unit tests for `find` (expected outputs checked against GNU find 4.9).

use std::path::Path;
use std::time::{Duration, UNIX_EPOCH};

use super::Find;
use crate::common::testing::{TestCtx, run};

fn tree() -> TestCtx {
    let ctx = TestCtx::new();
    let b = ctx.backend.clone();
    for d in [
        "/home/user/t",
        "/home/user/t/a",
        "/home/user/t/a/b",
        "/home/user/t/e",
    ] {
        let _ = b.mkdir(Path::new(d), 0o755, true);
    }
    ctx.file("t/a/x.txt", b"hello")
        .file("t/a/b/y.TXT", b"")
        .file("t/z", &[0u8; 3000])
}

fn go(ctx: &mut TestCtx, args: &[&str]) -> (i32, String, String) {
    ctx.out.clear();
    ctx.err.clear();
    let s = run(&Find, args, ctx);
    (s, ctx.out_str(), ctx.err_str())
}

#[test]
fn names_types_depths() {
    let mut c = tree();
    assert_eq!(
        go(&mut c, &["t"]).1,
        "t\nt/a\nt/a/b\nt/a/b/y.TXT\nt/a/x.txt\nt/e\nt/z\n"
    );
    assert_eq!(go(&mut c, &["t", "-name", "*.txt"]).1, "t/a/x.txt\n");
    assert_eq!(
        go(&mut c, &["t", "-iname", "*.txt"]).1,
        "t/a/b/y.TXT\nt/a/x.txt\n"
    );
    assert_eq!(
        go(
            &mut c,
            &["t", "-type", "d", "-mindepth", "1", "-maxdepth", "1"]
        )
        .1,
        "t/a\nt/e\n"
    );
    assert_eq!(go(&mut c, &["t", "-path", "*/b/*"]).1, "t/a/b/y.TXT\n");
    assert_eq!(go(&mut c, &["t", "-empty"]).1, "t/a/b/y.TXT\nt/e\n");
    assert_eq!(go(&mut c, &["t", "-type", "f", "-size", "+1k"]).1, "t/z\n");
    assert_eq!(
        go(&mut c, &["t", "-type", "f", "-size", "-1k"]).1,
        "t/a/b/y.TXT\n"
    );
    assert_eq!(
        go(&mut c, &["t", "-depth", "-type", "d"]).1,
        "t/a/b\nt/a\nt/e\nt\n"
    );
    assert_eq!(
        go(&mut c, &["t", "-regex", ".*/[xy]\\..*"]).1,
        "t/a/b/y.TXT\nt/a/x.txt\n"
    );
    assert_eq!(
        go(&mut c, &["t", "-name", "a", "-prune", "-o", "-print"]).1,
        "t\nt/e\nt/z\n"
    );
    assert_eq!(
        go(&mut c, &["t", "-type", "f", "-print", "-quit"]).1,
        "t/a/b/y.TXT\n"
    );
    assert_eq!(
        go(&mut c, &["t", "!", "-type", "d", "-o", "-name", "e"]).1,
        "t/a/b/y.TXT\nt/a/x.txt\nt/e\nt/z\n"
    );
    assert_eq!(
        go(&mut c, &["t/a", "-printf", "%p|%f|%h|%P|%d|%y|%m|%s\\n"]).1,
        "t/a|a|t||0|d|755|4096\nt/a/b|b|t/a|b|1|d|755|4096\nt/a/b/y.TXT|y.TXT|t/a/b|b/y.TXT|2|f|644|0\nt/a/x.txt|x.txt|t/a|x.txt|1|f|644|5\n"
    );
    assert_eq!(go(&mut c, &["t", "-name", "z", "-print0"]).1, "t/z\0");
}

#[test]
fn errors_match_gnu() {
    let mut c = tree();
    assert_eq!(
        go(&mut c, &["t", "-foo"]),
        (1, String::new(), "find: unknown predicate `-foo'\n".into())
    );
    assert_eq!(
        go(&mut c, &["t", "-name"]).2,
        "find: missing argument to `-name'\n"
    );
    let (s, o, e) = go(&mut c, &["nosuch", "t/e"]);
    assert_eq!(
        (s, o.as_str(), e.as_str()),
        (
            1,
            "t/e\n",
            "find: \u{2018}nosuch\u{2019}: No such file or directory\n"
        )
    );
    assert_eq!(
        go(&mut c, &["t", "-type", "q"]).2,
        "find: Unknown argument to -type: q\n"
    );
    assert_eq!(
        go(&mut c, &["t", "-name", "x", "foo"]).2,
        "find: paths must precede expression: `foo'\n"
    );
    assert_eq!(
        go(&mut c, &["t", "("]).2,
        "find: invalid expression; I was expecting to find a ')' somewhere but did not see one.\n"
    );
    assert_eq!(
        go(&mut c, &["t", "-mtime", "x"]).2,
        "find: invalid argument `x' to `-mtime'\n"
    );
    assert_eq!(
        go(&mut c, &["t", "-size", "1x"]).2,
        "find: invalid -size type `x'\n"
    );
    assert_eq!(
        go(&mut c, &["t", "-perm", "999"]).2,
        "find: invalid mode \u{2018}999\u{2019}\n"
    );
    assert_eq!(
        go(&mut c, &["t", "-exec", "echo", "{}", "{}", "+"]).2,
        "find: Only one instance of {} is supported with -exec ... +\n"
    );
    let deep: Vec<&str> = std::iter::repeat_n("!", 1000).chain(["-true"]).collect();
    let mut args = vec!["t"];
    args.extend(deep);
    assert_eq!(go(&mut c, &args).0, 1);
}

#[test]
fn times_and_newer() {
    let mut c = tree();
    let now = c.now;
    let b = c.backend.clone();
    let at = |d: u64| now - Duration::from_secs(d);
    let _ = b.set_mtime(Path::new("/home/user/t/z"), at(3 * 86_400 + 10));
    let _ = b.set_mtime(Path::new("/home/user/t/a/x.txt"), at(90));
    let _ = b.set_mtime(Path::new("/home/user/t/a/b/y.TXT"), at(86_400 - 5));
    assert_eq!(go(&mut c, &["t", "-type", "f", "-mtime", "+2"]).1, "t/z\n");
    assert_eq!(go(&mut c, &["t", "-type", "f", "-mtime", "3"]).1, "t/z\n");
    assert_eq!(
        go(&mut c, &["t", "-type", "f", "-mtime", "0"]).1,
        "t/a/b/y.TXT\nt/a/x.txt\n"
    );
    assert_eq!(
        go(&mut c, &["t", "-type", "f", "-mmin", "-2"]).1,
        "t/a/x.txt\n"
    );
    assert_eq!(
        go(&mut c, &["t", "-type", "f", "-mmin", "+2", "-mtime", "-1"]).1,
        "t/a/b/y.TXT\n"
    );
    assert_eq!(
        go(&mut c, &["t", "-type", "f", "-newer", "t/a/b/y.TXT"]).1,
        "t/a/x.txt\n"
    );
    let _ = b.set_mtime(
        Path::new("/home/user/t/z"),
        UNIX_EPOCH + Duration::from_secs(1_700_000_000),
    );
    assert_eq!(
        go(&mut c, &["t/z", "-printf", "%t|%T@|%TY-%Tm-%Td %TT\\n"]).1,
        "Tue Nov 14 22:13:20.0000000000 2023|1700000000.0000000000|2023-11-14 22:13:20.0000000000\n"
    );
    assert!(
        go(&mut c, &["t", "-newer", "nope"])
            .2
            .contains("No such file")
    );
    // -newermt reads a date as `date -d` does.
    assert_eq!(
        go(&mut c, &["t", "-type", "f", "-newermt", "2023-11-14 00:00"]).1,
        "t/a/x.txt\nt/z\n"
    );
    assert_eq!(
        go(&mut c, &["t", "-type", "f", "!", "-newermt", "2023-11-14"]).1,
        "t/a/b/y.TXT\n"
    );
    let (st, _, err) = go(&mut c, &["t", "-newermt", "garbage"]);
    assert_eq!(st, 1);
    assert!(err.contains("as a date or time"), "{err}");
}

#[test]
fn ok_without_answers_and_delete() {
    let mut c = tree();
    assert_eq!(
        go(&mut c, &["t/a", "-type", "f", "-ok", "echo", "{}", ";"]).1,
        ""
    );
    assert_eq!(go(&mut c, &["t/a", "-delete"]).0, 0);
    assert!(!c.exists("t/a"));
}
