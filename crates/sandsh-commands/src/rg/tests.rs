use super::Rg;
use crate::common::testing::run_in;

#[test]
fn stdin_is_searched_when_piped() {
    let (s, out, _) = run_in(&Rg, &["-o", "b.r"], "foo bar\nbaz\n");
    assert_eq!((s, out.as_str()), (0, "bar\n"));
    let (s, out, _) = run_in(&Rg, &["-c", "zzz"], "foo\n");
    assert_eq!((s, out.as_str()), (1, ""));
}

#[test]
fn replacement_with_named_group() {
    let (_, out, _) = run_in(&Rg, &["-r", "<${x}>", "(?P<x>o+)"], "foo\n");
    assert_eq!(out, "f<oo>\n");
}

#[test]
fn refused_flags_say_so() {
    let (s, _, err) = run_in(&Rg, &["-U", "x"], "x\n");
    assert_eq!(s, 2);
    assert!(err.contains("not supported"), "{err}");
}
