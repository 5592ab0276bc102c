//! Pattern tests; the expectations in the tables were produced by bash 5.2.15 (LC_ALL=C.UTF-8):
//! `case $t in $p)` for extglob off, `[[ $t == $p ]]` (always extglob) for on, and
//! `${t<op>$p}` / `${t<op>$p/X}` with `shopt -s extglob` for the parameter operators.

use super::*;

fn ext() -> PatternOptions {
    PatternOptions {
        extglob: true,
        ..Default::default()
    }
}

/// (pattern, text, extglob, matches)
const MATCH_TABLE: &[(&str, &str, bool, bool)] = &[
    ("*", "", false, true),
    ("*", "", true, true),
    ("*", "abc", false, true),
    ("*", "abc", true, true),
    ("?", "", false, false),
    ("?", "", true, false),
    ("?", "a", false, true),
    ("?", "a", true, true),
    ("?", "ab", false, false),
    ("?", "ab", true, false),
    ("a?c", "abc", false, true),
    ("a?c", "abc", true, true),
    ("a*c", "ac", false, true),
    ("a*c", "ac", true, true),
    ("a*c", "abbbc", false, true),
    ("a*c", "abbbc", true, true),
    ("a*c", "abcd", false, false),
    ("a*c", "abcd", true, false),
    ("*.txt", "a.txt", false, true),
    ("*.txt", "a.txt", true, true),
    ("*.txt", ".txt", false, true),
    ("*.txt", ".txt", true, true),
    ("*.txt", "a.txt.bak", false, false),
    ("*.txt", "a.txt.bak", true, false),
    ("[abc]", "b", false, true),
    ("[abc]", "b", true, true),
    ("[abc]", "d", false, false),
    ("[abc]", "d", true, false),
    ("[a-c]x", "bx", false, true),
    ("[a-c]x", "bx", true, true),
    ("[!a-c]", "d", false, true),
    ("[!a-c]", "d", true, true),
    ("[!a-c]", "a", false, false),
    ("[!a-c]", "a", true, false),
    ("[^a-c]", "d", false, true),
    ("[^a-c]", "d", true, true),
    ("[]]", "]", false, true),
    ("[]]", "]", true, true),
    ("[]a]", "a", false, true),
    ("[]a]", "a", true, true),
    ("[!]]", "]", false, false),
    ("[!]]", "]", true, false),
    ("[!]]", "x", false, true),
    ("[!]]", "x", true, true),
    ("[a-]", "-", false, true),
    ("[a-]", "-", true, true),
    ("[-a]", "-", false, true),
    ("[-a]", "-", true, true),
    ("[", "[", false, true),
    ("[", "[", true, true),
    ("x[", "x[", false, true),
    ("x[", "x[", true, true),
    ("[a", "[a", false, true),
    ("[a", "[a", true, true),
    ("[ab", "a", false, false),
    ("[ab", "a", true, false),
    ("[[:alpha:]]", "x", false, true),
    ("[[:alpha:]]", "x", true, true),
    ("[[:alpha:]]", "1", false, false),
    ("[[:alpha:]]", "1", true, false),
    ("[[:digit:]]*", "1abc", false, true),
    ("[[:digit:]]*", "1abc", true, true),
    ("[[:space:]]", " ", false, true),
    ("[[:space:]]", " ", true, true),
    ("[[:space:]]", "\t", false, true),
    ("[[:space:]]", "\t", true, true),
    ("[[:upper:]]", "a", false, false),
    ("[[:upper:]]", "a", true, false),
    ("[[:lower:]]", "a", false, true),
    ("[[:lower:]]", "a", true, true),
    ("[[:alnum:]_]", "_", false, true),
    ("[[:alnum:]_]", "_", true, true),
    ("[[:punct:]]", "!", false, true),
    ("[[:punct:]]", "!", true, true),
    ("[[:punct:]]", "a", false, false),
    ("[[:punct:]]", "a", true, false),
    ("[[:xdigit:]]", "F", false, true),
    ("[[:xdigit:]]", "F", true, true),
    ("[[:xdigit:]]", "g", false, false),
    ("[[:xdigit:]]", "g", true, false),
    ("[[:blank:]]", "\n", false, false),
    ("[[:blank:]]", "\n", true, false),
    ("[[:cntrl:]]", "\u{1}", false, true),
    ("[[:cntrl:]]", "\u{1}", true, true),
    ("[[:print:]]", " ", false, true),
    ("[[:print:]]", " ", true, true),
    ("[[:graph:]]", " ", false, false),
    ("[[:graph:]]", " ", true, false),
    ("[[:word:]]", "_", false, true),
    ("[[:word:]]", "_", true, true),
    ("[[:ascii:]]", "é", false, false),
    ("[[:ascii:]]", "é", true, false),
    ("[[:foo:]]", "f", false, false),
    ("[[:foo:]]", "f", true, false),
    ("[[:alpha:]", "a", false, false),
    ("[[:alpha:]", "a", true, false),
    ("[[:alpha:]", "[:alpha:", false, false),
    ("[[:alpha:]", "[:alpha:", true, false),
    ("[[:alpha:]-z]", "-", false, true),
    ("[[:alpha:]-z]", "-", true, true),
    ("[a-c-e]", "d", false, false),
    ("[a-c-e]", "d", true, false),
    ("[z-a]", "a", false, false),
    ("[z-a]", "a", true, false),
    ("[\\]]", "]", false, true),
    ("[\\]]", "]", true, true),
    ("[\\\\]", "\\", false, true),
    ("[\\\\]", "\\", true, true),
    ("[\\!]", "!", false, true),
    ("[\\!]", "!", true, true),
    ("[!]", "!", false, false),
    ("[!]", "!", true, false),
    ("[!]", "[!]", false, true),
    ("[!]", "[!]", true, true),
    ("\\*", "*", false, true),
    ("\\*", "*", true, true),
    ("\\*", "a", false, false),
    ("\\*", "a", true, false),
    ("a\\", "a\\", false, true),
    ("a\\", "a\\", true, true),
    ("\\a", "a", false, true),
    ("\\a", "a", true, true),
    ("é", "é", false, true),
    ("é", "é", true, true),
    ("?", "é", false, true),
    ("?", "é", true, true),
    ("??", "é", false, false),
    ("??", "é", true, false),
    ("[é]", "é", false, true),
    ("[é]", "é", true, true),
    ("[à-ê]", "é", false, true),
    ("[à-ê]", "é", true, true),
    ("[a-z]", "é", false, false),
    ("[a-z]", "é", true, false),
    (
        "*a*a*a*a*a*a*a*b",
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
        false,
        false,
    ),
    (
        "*a*a*a*a*a*a*a*b",
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
        true,
        false,
    ),
    ("*a*a*a*b", "aaaaaaaaab", false, true),
    ("*a*a*a*b", "aaaaaaaaab", true, true),
    ("a@(b|x)c", "abc", false, false),
    ("a@(b|x)c", "abc", true, true),
    ("a@(b|x)c", "ac", false, false),
    ("a@(b|x)c", "ac", true, false),
    ("a?(b)c", "ac", false, false),
    ("a?(b)c", "ac", true, true),
    ("a?(b)c", "abc", false, false),
    ("a?(b)c", "abc", true, true),
    ("a?(b)c", "abbc", false, false),
    ("a?(b)c", "abbc", true, false),
    ("a*(b)c", "abbbc", false, false),
    ("a*(b)c", "abbbc", true, true),
    ("a+(b)c", "ac", false, false),
    ("a+(b)c", "ac", true, false),
    ("a+(b)c", "abbc", false, false),
    ("a+(b)c", "abbc", true, true),
    ("!(a*)", "abc", false, false),
    ("!(a*)", "abc", true, false),
    ("!(a*)", "bcd", false, false),
    ("!(a*)", "bcd", true, true),
    ("a!(b)c", "abc", false, false),
    ("a!(b)c", "abc", true, false),
    ("a!(b)c", "abbc", false, false),
    ("a!(b)c", "abbc", true, true),
    ("a!(b)c", "ac", false, false),
    ("a!(b)c", "ac", true, true),
    ("!(ab|c)*", "ab", false, false),
    ("!(ab|c)*", "ab", true, true),
    ("@(a|b)!(x)", "ab", false, false),
    ("@(a|b)!(x)", "ab", true, true),
    ("+(abc)", "abcabc", false, false),
    ("+(abc)", "abcabc", true, true),
    ("*(a|ab)d", "abd", false, false),
    ("*(a|ab)d", "abd", true, true),
    ("*(a|.)c", "a.c", false, false),
    ("*(a|.)c", "a.c", true, true),
    ("@(a|@(b|c))", "c", false, false),
    ("@(a|@(b|c))", "c", true, true),
    ("*(*(a)b)", "aabab", false, false),
    ("*(*(a)b)", "aabab", true, true),
    ("?(x", "?(x", false, true),
    ("?(x", "?(x", true, true),
    ("@()", "", false, false),
    ("@()", "", true, true),
    ("@()", "a", false, false),
    ("@()", "a", true, false),
    ("*()", "", false, false),
    ("*()", "", true, true),
    ("!()", "a", false, false),
    ("!()", "a", true, true),
    ("!()", "", false, false),
    ("!()", "", true, false),
    ("!(*.c|*.h)", "x.c", false, false),
    ("!(*.c|*.h)", "x.c", true, false),
    ("!(*.c|*.h)", "x.o", false, false),
    ("!(*.c|*.h)", "x.o", true, true),
    ("*.!(c)", "x.o", false, false),
    ("*.!(c)", "x.o", true, true),
    ("*.!(c)", "x.c", false, false),
    ("*.!(c)", "x.c", true, false),
    ("*.!(c)", "x.cc", false, false),
    ("*.!(c)", "x.cc", true, true),
    ("+(a|b)+(c)", "abacc", false, false),
    ("+(a|b)+(c)", "abacc", true, true),
    ("@(x)", "@(x)", false, true),
    ("@(x)", "@(x)", true, false),
    ("a|b", "a|b", false, true),
    ("a|b", "a|b", true, true),
    ("(a)", "(a)", false, true),
    ("(a)", "(a)", true, true),
    ("*(a", "*(a", false, true),
    ("*(a", "*(a", true, true),
    ("*(a", "aaa", false, false),
    ("*(a", "aaa", true, false),
    ("+(a|b", "+(a|b", false, true),
    ("+(a|b", "+(a|b", true, true),
    ("*(a|b)", "abba", false, false),
    ("*(a|b)", "abba", true, true),
    ("!(foo)bar", "foobar", false, false),
    ("!(foo)bar", "foobar", true, false),
    ("!(foo)bar", "bazbar", false, false),
    ("!(foo)bar", "bazbar", true, true),
    ("!(foo)bar", "bar", false, false),
    ("!(foo)bar", "bar", true, true),
];

#[test]
fn match_table_agrees_with_bash() {
    let mut failures = Vec::new();
    for &(p, t, extglob, want) in MATCH_TABLE {
        let opts = PatternOptions {
            extglob,
            ..Default::default()
        };
        let pat = Pattern::new(p.as_bytes(), opts);
        if pat.matches(t.as_bytes()) != want {
            failures.push(format!("{p:?} vs {t:?} extglob={extglob}: want {want}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// (pattern, text, operator, result)
type OpRow = (&'static [u8], &'static [u8], &'static str, &'static [u8]);

const OP_TABLE: &[OpRow] = &[
    (b"a*", b"aaa", "#", b"aa"),
    (b"a*", b"aaa", "##", b""),
    (b"a*", b"aaa", "%", b"aa"),
    (b"a*", b"aaa", "%%", b""),
    (b"a*", b"aaa", "/", b"X"),
    (b"a*", b"aaa", "//", b"X"),
    (b"a*", b"aaa", "/#", b"X"),
    (b"a*", b"aaa", "/%", b"X"),
    (b"*a", b"aaa", "#", b"aa"),
    (b"*a", b"aaa", "##", b""),
    (b"*a", b"aaa", "%", b"aa"),
    (b"*a", b"aaa", "%%", b""),
    (b"*a", b"aaa", "/", b"X"),
    (b"*a", b"aaa", "//", b"X"),
    (b"*a", b"aaa", "/#", b"X"),
    (b"*a", b"aaa", "/%", b"X"),
    (b"?", b"h\xc3\xa9llo", "#", b"\xc3\xa9llo"),
    (b"?", b"h\xc3\xa9llo", "##", b"\xc3\xa9llo"),
    (b"?", b"h\xc3\xa9llo", "%", b"h\xc3\xa9ll"),
    (b"?", b"h\xc3\xa9llo", "%%", b"h\xc3\xa9ll"),
    (b"?", b"h\xc3\xa9llo", "/", b"X\xc3\xa9llo"),
    (b"?", b"h\xc3\xa9llo", "//", b"XXXXX"),
    (b"?", b"h\xc3\xa9llo", "/#", b"X\xc3\xa9llo"),
    (b"?", b"h\xc3\xa9llo", "/%", b"h\xc3\xa9llX"),
    (b"h?", b"h\xc3\xa9llo", "#", b"llo"),
    (b"h?", b"h\xc3\xa9llo", "##", b"llo"),
    (b"h?", b"h\xc3\xa9llo", "%", b"h\xc3\xa9llo"),
    (b"h?", b"h\xc3\xa9llo", "%%", b"h\xc3\xa9llo"),
    (b"h?", b"h\xc3\xa9llo", "/", b"Xllo"),
    (b"h?", b"h\xc3\xa9llo", "//", b"Xllo"),
    (b"h?", b"h\xc3\xa9llo", "/#", b"Xllo"),
    (b"h?", b"h\xc3\xa9llo", "/%", b"h\xc3\xa9llo"),
    (b"?o", b"h\xc3\xa9llo", "#", b"h\xc3\xa9llo"),
    (b"?o", b"h\xc3\xa9llo", "##", b"h\xc3\xa9llo"),
    (b"?o", b"h\xc3\xa9llo", "%", b"h\xc3\xa9l"),
    (b"?o", b"h\xc3\xa9llo", "%%", b"h\xc3\xa9l"),
    (b"?o", b"h\xc3\xa9llo", "/", b"h\xc3\xa9lX"),
    (b"?o", b"h\xc3\xa9llo", "//", b"h\xc3\xa9lX"),
    (b"?o", b"h\xc3\xa9llo", "/#", b"h\xc3\xa9llo"),
    (b"?o", b"h\xc3\xa9llo", "/%", b"h\xc3\xa9lX"),
    (b"\xc3\xa9", b"h\xc3\xa9llo", "#", b"h\xc3\xa9llo"),
    (b"\xc3\xa9", b"h\xc3\xa9llo", "##", b"h\xc3\xa9llo"),
    (b"\xc3\xa9", b"h\xc3\xa9llo", "%", b"h\xc3\xa9llo"),
    (b"\xc3\xa9", b"h\xc3\xa9llo", "%%", b"h\xc3\xa9llo"),
    (b"\xc3\xa9", b"h\xc3\xa9llo", "/", b"hXllo"),
    (b"\xc3\xa9", b"h\xc3\xa9llo", "//", b"hXllo"),
    (b"\xc3\xa9", b"h\xc3\xa9llo", "/#", b"h\xc3\xa9llo"),
    (b"\xc3\xa9", b"h\xc3\xa9llo", "/%", b"h\xc3\xa9llo"),
    (b"l", b"hello", "#", b"hello"),
    (b"l", b"hello", "##", b"hello"),
    (b"l", b"hello", "%", b"hello"),
    (b"l", b"hello", "%%", b"hello"),
    (b"l", b"hello", "/", b"heXlo"),
    (b"l", b"hello", "//", b"heXXo"),
    (b"l", b"hello", "/#", b"hello"),
    (b"l", b"hello", "/%", b"hello"),
    (b"*l", b"hello", "#", b"lo"),
    (b"*l", b"hello", "##", b"o"),
    (b"*l", b"hello", "%", b"hello"),
    (b"*l", b"hello", "%%", b"hello"),
    (b"*l", b"hello", "/", b"Xo"),
    (b"*l", b"hello", "//", b"Xo"),
    (b"*l", b"hello", "/#", b"Xo"),
    (b"*l", b"hello", "/%", b"hello"),
    (b"l*", b"hello", "#", b"hello"),
    (b"l*", b"hello", "##", b"hello"),
    (b"l*", b"hello", "%", b"hel"),
    (b"l*", b"hello", "%%", b"he"),
    (b"l*", b"hello", "/", b"heX"),
    (b"l*", b"hello", "//", b"heX"),
    (b"l*", b"hello", "/#", b"hello"),
    (b"l*", b"hello", "/%", b"heX"),
    (b"?(z)", b"abc", "#", b"abc"),
    (b"?(z)", b"abc", "##", b"abc"),
    (b"?(z)", b"abc", "%", b"abc"),
    (b"?(z)", b"abc", "%%", b"abc"),
    (b"?(z)", b"abc", "/", b"Xabc"),
    (b"?(z)", b"abc", "//", b"XaXbXc"),
    (b"?(z)", b"abc", "/#", b"Xabc"),
    (b"?(z)", b"abc", "/%", b"abcX"),
    (b"?(z)", b"", "#", b""),
    (b"?(z)", b"", "##", b""),
    (b"?(z)", b"", "%", b""),
    (b"?(z)", b"", "%%", b""),
    (b"?(z)", b"", "/", b""),
    (b"?(z)", b"", "//", b""),
    (b"?(z)", b"", "/#", b""),
    (b"?(z)", b"", "/%", b"X"),
    (b"*", b"", "#", b""),
    (b"*", b"", "##", b""),
    (b"*", b"", "%", b""),
    (b"*", b"", "%%", b""),
    (b"*", b"", "/", b"X"),
    (b"*", b"", "//", b"X"),
    (b"*", b"", "/#", b"X"),
    (b"*", b"", "/%", b"X"),
    (b"*", b"abc", "#", b"abc"),
    (b"*", b"abc", "##", b""),
    (b"*", b"abc", "%", b"abc"),
    (b"*", b"abc", "%%", b""),
    (b"*", b"abc", "/", b"X"),
    (b"*", b"abc", "//", b"X"),
    (b"*", b"abc", "/#", b"X"),
    (b"*", b"abc", "/%", b"X"),
    (b"*(b)", b"abc", "#", b"abc"),
    (b"*(b)", b"abc", "##", b"abc"),
    (b"*(b)", b"abc", "%", b"abc"),
    (b"*(b)", b"abc", "%%", b"abc"),
    (b"*(b)", b"abc", "/", b"Xabc"),
    (b"*(b)", b"abc", "//", b"XaXXc"),
    (b"*(b)", b"abc", "/#", b"Xabc"),
    (b"*(b)", b"abc", "/%", b"abcX"),
    (b"@()", b"abc", "#", b"abc"),
    (b"@()", b"abc", "##", b"abc"),
    (b"@()", b"abc", "%", b"abc"),
    (b"@()", b"abc", "%%", b"abc"),
    (b"@()", b"abc", "/", b"Xabc"),
    (b"@()", b"abc", "//", b"XaXbXc"),
    (b"@()", b"abc", "/#", b"Xabc"),
    (b"b*", b"abc", "#", b"abc"),
    (b"b*", b"abc", "##", b"abc"),
    (b"b*", b"abc", "%", b"a"),
    (b"b*", b"abc", "%%", b"a"),
    (b"b*", b"abc", "/", b"aX"),
    (b"b*", b"abc", "//", b"aX"),
    (b"b*", b"abc", "/#", b"abc"),
    (b"b*", b"abc", "/%", b"aX"),
    (b"[ac]", b"abc", "#", b"bc"),
    (b"[ac]", b"abc", "##", b"bc"),
    (b"[ac]", b"abc", "%", b"ab"),
    (b"[ac]", b"abc", "%%", b"ab"),
    (b"[ac]", b"abc", "/", b"Xbc"),
    (b"[ac]", b"abc", "//", b"XbX"),
    (b"[ac]", b"abc", "/#", b"Xbc"),
    (b"[ac]", b"abc", "/%", b"abX"),
    (b"X", b"aXbXc", "#", b"aXbXc"),
    (b"X", b"aXbXc", "##", b"aXbXc"),
    (b"X", b"aXbXc", "%", b"aXbXc"),
    (b"X", b"aXbXc", "%%", b"aXbXc"),
    (b"X", b"aXbXc", "/", b"aXbXc"),
    (b"X", b"aXbXc", "//", b"aXbXc"),
    (b"X", b"aXbXc", "/#", b"aXbXc"),
    (b"X", b"aXbXc", "/%", b"aXbXc"),
    (b"*X", b"aXbXc", "#", b"bXc"),
    (b"*X", b"aXbXc", "##", b"c"),
    (b"*X", b"aXbXc", "%", b"aXbXc"),
    (b"*X", b"aXbXc", "%%", b"aXbXc"),
    (b"*X", b"aXbXc", "/", b"Xc"),
    (b"*X", b"aXbXc", "//", b"Xc"),
    (b"*X", b"aXbXc", "/#", b"Xc"),
    (b"*X", b"aXbXc", "/%", b"aXbXc"),
    (b"X*", b"aXbXc", "#", b"aXbXc"),
    (b"X*", b"aXbXc", "##", b"aXbXc"),
    (b"X*", b"aXbXc", "%", b"aXb"),
    (b"X*", b"aXbXc", "%%", b"a"),
    (b"X*", b"aXbXc", "/", b"aX"),
    (b"X*", b"aXbXc", "//", b"aX"),
    (b"X*", b"aXbXc", "/#", b"aXbXc"),
    (b"X*", b"aXbXc", "/%", b"aX"),
    (b"", b"abc", "#", b"abc"),
    (b"", b"abc", "##", b"abc"),
    (b"", b"abc", "%", b"abc"),
    (b"", b"abc", "%%", b"abc"),
    (b"", b"abc", "/", b"abc"),
    (b"", b"abc", "//", b"abc"),
    (b"", b"abc", "/#", b"Xabc"),
    (b"", b"abc", "/%", b"abcX"),
    (b"+(a)", b"baaab", "#", b"baaab"),
    (b"+(a)", b"baaab", "##", b"baaab"),
    (b"+(a)", b"baaab", "%", b"baaab"),
    (b"+(a)", b"baaab", "%%", b"baaab"),
    (b"+(a)", b"baaab", "/", b"bXb"),
    (b"+(a)", b"baaab", "//", b"bXb"),
    (b"+(a)", b"baaab", "/#", b"baaab"),
    (b"+(a)", b"baaab", "/%", b"baaab"),
    (b"!(a)", b"ab", "#", b"ab"),
    (b"!(a)", b"ab", "##", b""),
    (b"!(a)", b"ab", "%", b"ab"),
    (b"!(a)", b"ab", "%%", b""),
    (b"!(a)", b"ab", "/", b"X"),
    (b"!(a)", b"ab", "//", b"X"),
    (b"!(a)", b"ab", "/#", b"X"),
    (b"!(a)", b"ab", "/%", b"X"),
    (b"a", b"a\xffb", "#", b"\xffb"),
    (b"a", b"a\xffb", "##", b"\xffb"),
    (b"a", b"a\xffb", "%", b"a\xffb"),
    (b"a", b"a\xffb", "%%", b"a\xffb"),
    (b"a", b"a\xffb", "/", b"X\xffb"),
    (b"a", b"a\xffb", "//", b"X\xffb"),
    (b"a", b"a\xffb", "/#", b"X\xffb"),
    (b"a", b"a\xffb", "/%", b"a\xffb"),
    (b"?", b"x\xffy", "#", b"\xffy"),
    (b"?", b"x\xffy", "##", b"\xffy"),
    (b"?", b"x\xffy", "%", b"x\xff"),
    (b"?", b"x\xffy", "%%", b"x\xff"),
    (b"?", b"x\xffy", "/", b"X\xffy"),
    (b"?", b"x\xffy", "//", b"XXX"),
    (b"?", b"x\xffy", "/#", b"X\xffy"),
    (b"?", b"x\xffy", "/%", b"x\xffX"),
    (b"[[:digit:]]", b"a1b22c", "#", b"a1b22c"),
    (b"[[:digit:]]", b"a1b22c", "##", b"a1b22c"),
    (b"[[:digit:]]", b"a1b22c", "%", b"a1b22c"),
    (b"[[:digit:]]", b"a1b22c", "%%", b"a1b22c"),
    (b"[[:digit:]]", b"a1b22c", "/", b"aXb22c"),
    (b"[[:digit:]]", b"a1b22c", "//", b"aXbXXc"),
    (b"[[:digit:]]", b"a1b22c", "/#", b"a1b22c"),
    (b"[[:digit:]]", b"a1b22c", "/%", b"a1b22c"),
    (b"*.", b"file.tar.gz", "#", b"tar.gz"),
    (b"*.", b"file.tar.gz", "##", b"gz"),
    (b"*.", b"file.tar.gz", "%", b"file.tar.gz"),
    (b"*.", b"file.tar.gz", "%%", b"file.tar.gz"),
    (b"*.", b"file.tar.gz", "/", b"Xgz"),
    (b"*.", b"file.tar.gz", "//", b"Xgz"),
    (b"*.", b"file.tar.gz", "/#", b"Xgz"),
    (b"*.", b"file.tar.gz", "/%", b"file.tar.gz"),
    (b".*", b"file.tar.gz", "#", b"file.tar.gz"),
    (b".*", b"file.tar.gz", "##", b"file.tar.gz"),
    (b".*", b"file.tar.gz", "%", b"file.tar"),
    (b".*", b"file.tar.gz", "%%", b"file"),
    (b".*", b"file.tar.gz", "/", b"fileX"),
    (b".*", b"file.tar.gz", "//", b"fileX"),
    (b".*", b"file.tar.gz", "/#", b"file.tar.gz"),
    (b".*", b"file.tar.gz", "/%", b"fileX"),
    (b"ab", b"ababab", "#", b"abab"),
    (b"ab", b"ababab", "##", b"abab"),
    (b"ab", b"ababab", "%", b"abab"),
    (b"ab", b"ababab", "%%", b"abab"),
    (b"ab", b"ababab", "/", b"Xabab"),
    (b"ab", b"ababab", "//", b"XXX"),
    (b"ab", b"ababab", "/#", b"Xabab"),
    (b"ab", b"ababab", "/%", b"ababX"),
    (b"aba", b"ababa", "#", b"ba"),
    (b"aba", b"ababa", "##", b"ba"),
    (b"aba", b"ababa", "%", b"ab"),
    (b"aba", b"ababa", "%%", b"ab"),
    (b"aba", b"ababa", "/", b"Xba"),
    (b"aba", b"ababa", "//", b"Xba"),
    (b"aba", b"ababa", "/#", b"Xba"),
    (b"aba", b"ababa", "/%", b"abX"),
    (b"\\*", b"a*b", "#", b"a*b"),
    (b"\\*", b"a*b", "##", b"a*b"),
    (b"\\*", b"a*b", "%", b"a*b"),
    (b"\\*", b"a*b", "%%", b"a*b"),
    (b"\\*", b"a*b", "/", b"aXb"),
    (b"\\*", b"a*b", "//", b"aXb"),
    (b"\\*", b"a*b", "/#", b"a*b"),
    (b"\\*", b"a*b", "/%", b"a*b"),
    (b"*(ab)", b"ababx", "#", b"ababx"),
    (b"*(ab)", b"ababx", "##", b"x"),
    (b"*(ab)", b"ababx", "%", b"ababx"),
    (b"*(ab)", b"ababx", "%%", b"ababx"),
    (b"*(ab)", b"ababx", "/", b"Xx"),
    (b"*(ab)", b"ababx", "//", b"XXx"),
    (b"*(ab)", b"ababx", "/#", b"Xx"),
    (b"*(ab)", b"ababx", "/%", b"ababxX"),
];

fn apply(p: &Pattern, t: &[u8], op: &str) -> Vec<u8> {
    match op {
        "#" => p.remove_prefix(t, false).to_vec(),
        "##" => p.remove_prefix(t, true).to_vec(),
        "%" => p.remove_suffix(t, false).to_vec(),
        "%%" => p.remove_suffix(t, true).to_vec(),
        "/" => p.replace(t, b"X", ReplaceMode::First),
        "//" => p.replace(t, b"X", ReplaceMode::All),
        "/#" => p.replace(t, b"X", ReplaceMode::Prefix),
        "/%" => p.replace(t, b"X", ReplaceMode::Suffix),
        _ => unreachable!(),
    }
}

#[test]
fn operator_table_agrees_with_bash() {
    // Left out: bash 5.2 gives `abc` for `${t/%@()/X}` with t=abc although `?()`, `*()` and
    // `?(z)` give `abcX`; sandsh gives `abcX` for all four.
    let mut failures = Vec::new();
    for &(p, t, op, want) in OP_TABLE {
        let pat = Pattern::new(p, ext());
        let got = apply(&pat, t, op);
        if got != want {
            failures.push(format!(
                "${{t{op}pat}} pat={:?} t={:?}: got {:?} want {:?}",
                String::from_utf8_lossy(p),
                String::from_utf8_lossy(t),
                String::from_utf8_lossy(&got),
                String::from_utf8_lossy(want)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn quoted_segments_are_literal() {
    let p = Pattern::compile(&[(b"*.", true), (b"t*t", false)], PatternOptions::default());
    assert!(p.matches(b"a.t*t"));
    assert!(!p.matches(b"a.txt"));
    let p = Pattern::compile(&[(b"[", false), (b"a]", true)], PatternOptions::default());
    assert!(p.matches(b"[a]"));
    let p = Pattern::compile(&[(b"@(", false), (b"a)", true)], ext());
    assert!(p.matches(b"@(a)"));
    assert_eq!(p.as_literal(), Some(&b"@(a)"[..]));
    let p = Pattern::compile(&[(b"a\\*", false)], PatternOptions::default());
    assert!(p.matches(b"a\\*"));
    assert!(!p.matches(b"a*"));
}

#[test]
fn has_glob_chars_cases() {
    let g = |s: &[u8], e| has_glob_chars(&[(s, true)], e);
    assert!(g(b"*.c", false));
    assert!(g(b"a?", false));
    assert!(g(b"[ab]", false));
    assert!(!g(b"[ab", false));
    assert!(!g(b"ab]", false));
    assert!(!g(b"a\\*", false));
    assert!(!g(b"@(a)", false));
    assert!(g(b"@(a)", true));
    assert!(g(b"!(a)", true));
    assert!(!g(b"plain", true));
    assert!(!has_glob_chars(&[(b"*", false)], true));
}

#[test]
fn nocase() {
    let o = PatternOptions {
        nocase: true,
        ..Default::default()
    };
    assert!(Pattern::new(b"a?c", o).matches(b"ABC"));
    assert!(Pattern::new(b"[a-c]", o).matches(b"B"));
    assert!(Pattern::new(b"[A-C]", o).matches(b"b"));
    assert!(Pattern::new(b"abc", o).matches(b"AbC"));
    assert!(Pattern::new(b"\xc3\xa9", o).matches("É".as_bytes()));
    assert!(!Pattern::new(b"abc", o).matches(b"abd"));
}

#[test]
fn pathname_mode() {
    let o = PatternOptions {
        pathname: true,
        ..Default::default()
    };
    assert!(!Pattern::new(b"*", o).matches(b".hidden"));
    assert!(!Pattern::new(b"?hidden", o).matches(b".hidden"));
    assert!(!Pattern::new(b"[.]hidden", o).matches(b".hidden"));
    assert!(Pattern::new(b".*", o).matches(b".hidden"));
    assert!(Pattern::new(b"a*", o).matches(b"a.b"));
    assert!(!Pattern::new(b"a*", o).matches(b"a/b"));
    assert!(!Pattern::new(b"a?b", o).matches(b"a/b"));
    assert!(Pattern::new(b"a/b", o).matches(b"a/b"));
    assert!(!Pattern::new(b"a/*", o).matches(b"a/.b"));
    let d = PatternOptions { dotglob: true, ..o };
    assert!(Pattern::new(b"*", d).matches(b".hidden"));
    // outside pathname mode `*` matches dots and slashes
    assert!(Pattern::new(b"*", PatternOptions::default()).matches(b".a/b"));
}

#[test]
fn no_exponential_blowup() {
    let text = vec![b'a'; 5000];
    let p = Pattern::new(b"*a*a*a*a*a*a*a*a*a*a*a*b", PatternOptions::default());
    assert!(!p.matches(&text));
    let p = Pattern::new(b"*(a|aa|aaa)b", ext());
    assert!(!p.matches(&text));
    let p = Pattern::new(b"+(+(a))", ext());
    assert!(p.matches(&text));
}

#[test]
fn big_programs_use_heap_sets() {
    let pat: Vec<u8> = b"?".repeat(300);
    let p = Pattern::new(&pat, PatternOptions::default());
    assert!(p.matches(&b"x".repeat(300)));
    assert!(!p.matches(&b"x".repeat(299)));
}

#[test]
fn deep_nesting_does_not_overflow() {
    let mut pat = Vec::new();
    for _ in 0..10_000 {
        pat.extend_from_slice(b"@(");
    }
    pat.push(b'a');
    pat.extend(std::iter::repeat_n(b')', 10_000));
    let p = Pattern::new(&pat, ext());
    assert!(!p.matches(b"a"));
    let chain: Vec<u8> = b"@()".repeat(20_000);
    let p = Pattern::new(&chain, ext());
    assert!(p.matches(b""));
}

#[test]
fn find_and_replace_with() {
    let p = Pattern::new(b"b", ext());
    assert_eq!(p.find(b"abcb", 0), Some(1..2));
    assert_eq!(p.find(b"abcb", 2), Some(3..4));
    assert_eq!(p.find(b"abcb", 4), None);
    let out = p.replace_with(b"abcb", ReplaceMode::All, |m, out| {
        out.push(b'[');
        out.extend_from_slice(m);
        out.push(b']');
    });
    assert_eq!(out, b"a[b]c[b]");
}

#[test]
fn invalid_utf8_is_one_char_per_byte() {
    let p = Pattern::new(b"a?b", PatternOptions::default());
    assert!(p.matches(b"a\xffb"));
    assert!(!p.matches(b"a\xff\xfeb"));
    assert!(Pattern::new(b"a??b", PatternOptions::default()).matches(b"a\xe2\x82b"));
    assert!(Pattern::new(b"[\xff]", PatternOptions::default()).matches(b"\xff"));
}

#[test]
fn never_panics_on_random_input() {
    let alphabet = b"*?[]!^-:\\()|@+ab.xyz/\xff\xc3\xa9[:alpha:]";
    let mut rng = crate::test_rng::Rng::new(0x9876_5432);
    for _ in 0..3000 {
        let pat = rng.bytes(alphabet, 10);
        let text = rng.bytes(alphabet, 8);
        let opts = PatternOptions {
            extglob: true,
            pathname: text.len().is_multiple_of(2),
            nocase: pat.len().is_multiple_of(3),
            dotglob: false,
            bytes: false,
        };
        let p = Pattern::new(&pat, opts);
        let _ = p.matches(&text);
        let _ = p.prefix_len(&text, true);
        let _ = p.suffix_start(&text, false);
        let _ = p.replace(&text, b"R", ReplaceMode::All);
        let _ = p.replace(&text, b"R", ReplaceMode::Prefix);
    }
}

/// `*TEXT` / `TEXT*` prefix and suffix removal takes a shortcut (finding the text); it must
/// agree with the general matcher on every subject, overlaps and multibyte text included.
#[test]
fn affix_shortcut_agrees_with_the_matcher() {
    let subjects: Vec<String> = {
        let alphabet = ["a", "b", "é", "/"];
        let mut v = vec![String::new()];
        for len in 1..=4 {
            let mut next = Vec::new();
            for s in v.iter().filter(|s| s.chars().count() == len - 1) {
                for c in alphabet {
                    next.push(format!("{s}{c}"));
                }
            }
            v.extend(next);
        }
        v
    };
    for pat in ["*a", "*aa", "*é", "*/b", "a*", "aa*", "é*", "b/*"] {
        let fast = Pattern::new(pat.as_bytes(), PatternOptions::default());
        assert!(fast.affix.is_some(), "{pat} should take the shortcut");
        let slow = Pattern {
            affix: None,
            ..fast.clone()
        };
        for s in &subjects {
            for longest in [false, true] {
                assert_eq!(
                    fast.prefix_len(s.as_bytes(), longest),
                    slow.prefix_len(s.as_bytes(), longest),
                    "prefix {pat} {s:?} longest={longest}"
                );
                assert_eq!(
                    fast.suffix_start(s.as_bytes(), longest),
                    slow.suffix_start(s.as_bytes(), longest),
                    "suffix {pat} {s:?} longest={longest}"
                );
            }
        }
    }
}

/// Unclosed extglob openers compile in linear time (each used to re-parse all the ones after it:
/// 2^n steps; found by the glob fuzz target). Watched: a regression would hang.
#[test]
fn many_unclosed_extglob_openers_compile_quickly() {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let pat = "*(a".repeat(200);
        let p = Pattern::new(
            pat.as_bytes(),
            PatternOptions {
                extglob: true,
                ..PatternOptions::default()
            },
        );
        let _ = tx.send(p.matches(b"x"));
    });
    let r = rx.recv_timeout(std::time::Duration::from_secs(20));
    assert_eq!(r, Ok(false), "compiling 200 unclosed `*(` did not finish");
}

/// Negations inside negations (and inside repetitions), against bash 5.2: each pattern with the
/// subjects of [`NESTED_SUBJECTS`] it matches.
const NESTED_SUBJECTS: &[&str] = &[
    "", "a", "b", "ab", "abc", "ac", "xacy", "xcy", "xabcy", "abcd", "cd", "bc", "ybyc", "aabc",
    "ad", "acd", "bcd",
];
const NESTED_NOT: &[(&str, &[&str])] = &[
    ("!(!(a))", &["a"]),
    (
        "!(!(a)b)",
        &[
            "", "a", "ab", "abc", "ac", "xacy", "xcy", "xabcy", "abcd", "cd", "bc", "ybyc", "aabc",
            "ad", "acd", "bcd",
        ],
    ),
    ("x!(!(a|b)c)y", &["xacy"]),
    (
        "!(a!(b)c)",
        &[
            "", "a", "b", "ab", "abc", "xacy", "xcy", "xabcy", "abcd", "cd", "bc", "ybyc", "ad",
            "acd", "bcd",
        ],
    ),
    (
        "!(!(!(ab)))",
        &[
            "", "a", "b", "abc", "ac", "xacy", "xcy", "xabcy", "abcd", "cd", "bc", "ybyc", "aabc",
            "ad", "acd", "bcd",
        ],
    ),
    ("+(!(a)|b)c", &["abc", "bc", "ybyc", "aabc"]),
    ("*(!(x)y)", &["", "xacy", "xcy", "xabcy"]),
    ("!(@(a|!(b))c)d", &["ad", "bcd"]),
];

#[test]
fn nested_negations_agree_with_bash() {
    for (pat, hits) in NESTED_NOT {
        let p = Pattern::new(pat.as_bytes(), ext());
        for s in NESTED_SUBJECTS {
            assert_eq!(
                p.matches(s.as_bytes()),
                hits.contains(s),
                "[[ {s:?} == {pat} ]]"
            );
        }
    }
}

/// `!(…)` nested five deep on a 59-byte subject (the glob fuzz target's find): each level ran
/// its sub-pattern on every substring, so the cost was the length to the power of the depth
/// (minutes). Watched: a regression would hang.
#[test]
fn deeply_nested_negations_match_quickly() {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let pat = b"!(!(a|!(a|bb\xc76)!(!(a|!(a|bb\xc76)!(b)@b))!(b\x01b)@b))!(b\x01";
        let subject = b"\0\0\0\0\xee\t\0\x13)@bb)@(\xd9@)]b)@b))!(b\x01b)@b))!(b\x01\0\0\0\0\xee\t\0\x13)@bb)@(\xd9@)]n";
        let deep = "!(".repeat(12) + "a" + &")".repeat(12);
        let text = "ab".repeat(40);
        let r = (
            Pattern::new(pat, ext()).matches(subject),
            Pattern::new(deep.as_bytes(), ext()).matches(text.as_bytes()),
        );
        let _ = tx.send(r);
    });
    let r = rx.recv_timeout(std::time::Duration::from_secs(20));
    assert!(r.is_ok(), "nested `!(…)` did not finish");
}
