//! Unit tests for sed over the in-memory test context, for files and streams. Where the shell
//! (the `e` command) or cancellation is involved the tests need a whole kernel; they live in the
//! integration tests (`tests/it/kernel_commands.rs`).

use crate::common::testing::{TestCtx, run};

use super::Sed;

fn sed(args: &[&str], input: &str) -> (i32, String, String) {
    let mut ctx = TestCtx::new().with_stdin(input.as_bytes());
    let s = run(&Sed, args, &mut ctx);
    (s, ctx.out_str(), ctx.err_str())
}

#[test]
fn substitute_flags() {
    assert_eq!(sed(&["s/a/b/g"], "aaa\n").1, "bbb\n");
    assert_eq!(sed(&["s/a/b/2"], "aaa\n").1, "aba\n");
    assert_eq!(sed(&["s/a/b/2g"], "aaaa\n").1, "abbb\n");
    assert_eq!(sed(&["-n", "s/a/b/p"], "a\nc\n").1, "b\n");
    assert_eq!(sed(&["s/A/b/I"], "a\n").1, "b\n");
}

#[test]
fn replacement_escapes_and_case() {
    assert_eq!(sed(&["s/.*/[&]/"], "x\n").1, "[x]\n");
    assert_eq!(sed(&[r"s/\(a\)\(b\)/\2\1/"], "ab\n").1, "ba\n");
    assert_eq!(sed(&[r"s/b/\n/"], "abc\n").1, "a\nc\n");
    assert_eq!(sed(&[r"s/.*/\U&/"], "héllo\n").1, "HÉLLO\n");
    assert_eq!(
        sed(&["-E", r"s/(\w+) (\w+)/\u\1 \U\2\E!/"], "foo bar\n").1,
        "Foo BAR!\n"
    );
}

#[test]
fn last_line_without_newline_keeps_it_missing() {
    assert_eq!(sed(&["p"], "a\nb").1, "a\na\nb\nb");
    assert_eq!(sed(&["G"], "a").1, "a\n\n");
    assert_eq!(sed(&["$!d"], "a\nb").1, "b");
}

#[test]
fn hold_space_and_multiline() {
    assert_eq!(sed(&["-n", "1!G;h;$p"], "1\n2\n3\n").1, "3\n2\n1\n");
    assert_eq!(sed(&["$!N;P;D"], "a\nb\nc\n").1, "a\nb\nc\n");
    assert_eq!(sed(&[":a;N;$!ba;s/\\n/,/g"], "a\nb\nc\n").1, "a,b,c\n");
}

#[test]
fn addresses() {
    let input = "1\n2\n3\n4\n5\n6\n";
    assert_eq!(sed(&["-n", "0~2p"], input).1, "2\n4\n6\n");
    assert_eq!(sed(&["-n", "2,+1p"], input).1, "2\n3\n");
    assert_eq!(sed(&["-n", "0,/1/p"], input).1, "1\n");
    assert_eq!(sed(&["-n", "1,/1/p"], input).1, input);
    assert_eq!(sed(&["-n", "$p"], input).1, "6\n");
    assert_eq!(sed(&["2,5!d"], input).1, "2\n3\n4\n5\n");
}

#[test]
fn text_commands() {
    assert_eq!(sed(&["1i\\\nhead"], "x\n").1, "head\nx\n");
    assert_eq!(sed(&["a tail"], "x\n").1, "x\ntail\n");
    assert_eq!(sed(&["c\\\nnew"], "x\ny\n").1, "new\nnew\n");
    assert_eq!(sed(&["-e", "a\\", "-e", "  two"], "x\n").1, "x\n  two\n");
}

#[test]
fn quit_codes() {
    assert_eq!(
        sed(&["2q5"], "a\nb\nc\n"),
        (5, "a\nb\n".into(), String::new())
    );
    assert_eq!(sed(&["2Q"], "a\nb\nc\n").1, "a\n");
}

#[test]
fn compile_errors_are_gnu_worded() {
    let (s, _, e) = sed(&["s/a"], "");
    assert_eq!(s, 1);
    assert_eq!(
        e,
        "sed: -e expression #1, char 3: unterminated `s' command\n"
    );
    let (s, _, e) = sed(&["b nowhere"], "");
    assert_eq!(s, 4);
    assert_eq!(e, "sed: can't find label for jump to `nowhere'\n");
    let (s, _, e) = sed(&["{p"], "");
    assert_eq!(s, 1);
    assert_eq!(e, "sed: -e expression #1, char 0: unmatched `{'\n");
}

#[test]
fn missing_file_exit_2_after_the_rest() {
    let mut ctx = TestCtx::new().file("f", b"x\n");
    let s = run(&Sed, &["p", "nosuch", "f"], &mut ctx);
    assert_eq!(s, 2);
    assert_eq!(ctx.out_str(), "x\nx\n");
    assert_eq!(
        ctx.err_str(),
        "sed: can't read nosuch: No such file or directory\n"
    );
}

#[test]
fn in_place_with_backup() {
    let mut ctx = TestCtx::new().file("f", b"a\nb\n");
    let s = run(&Sed, &["-i.bak", "s/a/A/", "f"], &mut ctx);
    assert_eq!(s, 0);
    assert_eq!(ctx.read("f").as_deref(), Some(&b"A\nb\n"[..]));
    assert_eq!(ctx.read("f.bak").as_deref(), Some(&b"a\nb\n"[..]));
    assert!(ctx.out.is_empty());
    // No temporary file is left behind.
    let names: Vec<String> = ctx
        .backend
        .list(&ctx.cwd)
        .expect("list")
        .into_iter()
        .map(|e| String::from_utf8_lossy(&e.name).into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.starts_with(".sed")), "{names:?}");
}

#[test]
fn w_file_and_r_file() {
    let mut ctx = TestCtx::new().file("ins", b"INS\n").with_stdin(b"a\nb\n");
    let s = run(&Sed, &["-e", "1r ins", "-e", "w out"], &mut ctx);
    assert_eq!(s, 0);
    assert_eq!(ctx.out_str(), "a\nINS\nb\n");
    assert_eq!(ctx.read("out").as_deref(), Some(&b"a\nb\n"[..]));
}

#[test]
fn non_utf8_and_nul_data() {
    let mut ctx = TestCtx::new().with_stdin(b"\xff\xfeab\n");
    run(&Sed, &["s/a/A/"], &mut ctx);
    assert_eq!(ctx.out, b"\xff\xfeAb\n");
    let mut ctx = TestCtx::new().with_stdin(b"a\0b\0");
    run(&Sed, &["-z", "s/^/>/"], &mut ctx);
    assert_eq!(ctx.out, b">a\0>b\0");
}

#[test]
fn debug_annotates_like_gnu() {
    let (s, out, _) = sed(&["--debug", "-n", "2{h;x};p"], "a\n");
    assert_eq!(s, 0);
    assert_eq!(
        out,
        "SED PROGRAM:\n  2 {\n    h\n    x\n  }\n  p\nINPUT:   'STDIN' line 1\n\
         PATTERN: a\nCOMMAND: 2 {\nCOMMAND: }\nCOMMAND: p\na\nEND-OF-CYCLE:\n"
    );
}
