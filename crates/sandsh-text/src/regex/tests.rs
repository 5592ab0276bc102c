//! Expectations checked against GNU grep 3.8 (`grep -o` / exit status) on this machine.

use super::*;

fn bre(p: &str) -> Regex {
    Regex::new(p.as_bytes(), Syntax::Basic, Flags::default()).expect("compiles")
}

fn ere(p: &str) -> Regex {
    Regex::new(p.as_bytes(), Syntax::Extended, Flags::default()).expect("compiles")
}

/// All non-overlapping matches as `grep -o` prints them (empty matches skipped).
fn all(re: &Regex, hay: &str) -> Vec<String> {
    let h = hay.as_bytes();
    let mut out = Vec::new();
    let mut pos = 0;
    while let Some((s, e)) = re.find_at(h, pos) {
        if e > s {
            out.push(hay[s..e].to_string());
            pos = e;
        } else {
            pos = s + 1;
        }
        if pos > h.len() {
            break;
        }
    }
    out
}

fn err(p: &str, syntax: Syntax) -> String {
    match Regex::new(p.as_bytes(), syntax, Flags::default()) {
        Ok(_) => "ok".into(),
        Err(e) => e.to_string(),
    }
}

#[test]
fn leftmost_longest_alternation() {
    assert_eq!(all(&ere("a|ab|abc"), "abcd"), ["abc"]);
    assert_eq!(all(&bre("a\\|ab\\|abc"), "abcd"), ["abc"]);
    assert_eq!(all(&ere("a*(ab)?"), "aab"), ["aab"]);
    assert_eq!(all(&bre("\\(a\\|ab\\)"), "ab"), ["ab"]);
}

#[test]
fn bre_literal_rules() {
    assert!(bre("*a").is_match(b"*a"));
    assert!(!bre("*a").is_match(b"a"));
    assert!(bre("^*a").is_match(b"*a"));
    assert!(bre("\\(*a\\)").is_match(b"*a"));
    assert!(!bre("\\(*a\\)").is_match(b"a"));
    assert!(bre("x\\|*a").is_match(b"*a"));
    assert!(bre("\\+a").is_match(b"+a"));
    assert!(bre("\\{1\\}a").is_match(b"{1}a"));
    assert!(bre("a+b?{").is_match(b"a+b?{"));
    assert!(bre("a$b").is_match(b"a$b"));
    assert!(bre("a^b").is_match(b"a^b"));
    assert!(bre("a\\|b$").is_match(b"a"));
    assert!(bre("[]a]*").is_match(b"a]"));
    assert!(bre("[\\]").is_match(b"\\"));
    assert_eq!(all(&bre("[a-]*"), "a-"), ["a-"]);
}

#[test]
fn ere_rules() {
    // A leading repetition operator is skipped with a warning.
    let r = ere("*a");
    assert!(r.is_match(b"a"));
    assert_eq!(r.warnings(), ["* at start of expression"]);
    assert!(ere("x|*a").is_match(b"a"));
    assert!(ere("{1}a").is_match(b"a"));
    assert_eq!(ere("{1}a").warnings(), ["{...} at start of expression"]);
    // `{` that does not start a valid interval is literal.
    assert!(ere("a{1").is_match(b"a{1"));
    assert!(!ere("a{1").is_match(b"a"));
    assert!(ere("a{x}").is_match(b"a{x}"));
    assert!(ere("a{1,2").is_match(b"a{1,2"));
    assert_eq!(all(&ere("a{,2}"), "aaa"), ["aa", "a"]);
    assert_eq!(all(&ere("a{,}"), "aaa"), ["aaa"]);
    assert!(ere("a)").is_match(b"a)"));
    assert!(ere("()b").is_match(b"ab"));
    assert!(ere("(|a)+").is_match(b"a"));
    assert!(ere("a||b").is_match(b"x"));
    assert!(!ere("a^").is_match(b"a^"));
    assert!(ere("a**b").is_match(b"ab"));
    assert!(!ere("a{1}{2}b").is_match(b"ab"));
    assert!(ere("a{1}{2}b").is_match(b"aab"));
    assert_eq!(all(&bre("a*\\{2\\}"), "aaa"), ["aaa"]);
}

#[test]
fn errors_match_glibc() {
    use Syntax::*;
    assert_eq!(err("[", Basic), "Invalid regular expression");
    assert_eq!(err("a[", Basic), "Invalid regular expression");
    assert_eq!(err("[a", Basic), "Unmatched [, [^, [:, [., or [=");
    assert_eq!(err("[[:alpha:", Basic), "Unmatched [, [^, [:, [., or [=");
    assert_eq!(err("(a", Extended), "Unmatched ( or \\(");
    assert_eq!(err("\\(a", Basic), "Unmatched ( or \\(");
    assert_eq!(err("a\\)", Basic), "Unmatched ) or \\)");
    assert_eq!(err("a\\{1", Basic), "Unmatched \\{");
    assert_eq!(err("a\\{1,2", Basic), "Unmatched \\{");
    assert_eq!(err("a\\{x\\}", Basic), "Invalid content of \\{\\}");
    assert_eq!(err("a\\{2,1\\}", Basic), "Invalid content of \\{\\}");
    assert_eq!(err("a{}", Extended), "Invalid content of \\{\\}");
    assert_eq!(err("a{1,2,3}", Extended), "Invalid content of \\{\\}");
    assert_eq!(err("a\\{99999\\}", Basic), "Regular expression too big");
    assert_eq!(err("a{32768}", Extended), "Regular expression too big");
    assert_eq!(err("[[:foo:]]", Basic), "Invalid character class name");
    assert_eq!(
        err("[:space:]", Basic),
        "character class syntax is [[:space:]], not [:space:]"
    );
    assert_eq!(err("[z-a]", Basic), "Invalid range end");
    assert_eq!(err("[[:alpha:]-z]", Basic), "Invalid range end");
    assert_eq!(err("a\\", Basic), "Trailing backslash");
    assert_eq!(err("\\(a\\)\\2", Basic), "Invalid back reference");
    assert_eq!(err("\\(a\\1\\)", Basic), "Invalid back reference");
    assert_eq!(err("[[.ab.]]", Basic), "Invalid collation character");
    assert_eq!(err("[[.a.]]", Basic), "ok");
    assert_eq!(err("[[=a=]b]", Basic), "ok");
}

#[test]
fn classes_and_escapes() {
    assert!(bre("^[[:alpha:]]$").is_match("é".as_bytes()));
    assert!(bre("^[[:alpha:]]$").is_match("中".as_bytes()));
    assert!(!bre("^[[:alpha:]]$").is_match(b"5"));
    assert!(bre("^[[:upper:]]$").is_match("É".as_bytes()));
    assert!(bre("^[[:punct:]]$").is_match("€".as_bytes()));
    assert!(bre("^[[:space:]]$").is_match(b"\t"));
    assert!(!bre("^[[:space:]]$").is_match("\u{a0}".as_bytes()));
    assert!(bre("^[^[:digit:]]$").is_match(b"x"));
    assert!(bre("\\w").is_match("é".as_bytes()));
    assert!(!bre("\\w").is_match(b"-"));
    assert!(bre("^\\W$").is_match(b"-"));
    assert!(bre("a\\s\\Sb").is_match(b"a xb"));
    assert_eq!(all(&bre("\\<a"), "a ba ab"), ["a", "a"]);
    assert_eq!(all(&bre("a\\>"), "a ba ab"), ["a", "a"]);
    assert_eq!(all(&bre("\\bx"), "x yx"), ["x"]);
    assert_eq!(all(&bre("\\Bx"), "x yx"), ["x"]);
    assert!(bre("\\`a").is_match(b"ab"));
    assert!(!bre("\\`b").is_match(b"ab"));
    assert!(bre("b\\'").is_match(b"ab"));
    assert!(bre("\\d").is_match(b"d"));
}

#[test]
fn bytes_and_case() {
    assert!(!bre("a.b").is_match(b"a\xffb"));
    assert!(!bre("a[^x]b").is_match(b"a\xffb"));
    assert!(
        Regex::new(b"a\xffb", Syntax::Basic, Flags::default())
            .expect("compiles")
            .is_match(b"a\xffb")
    );
    assert!(
        Regex::new(b"a[\xfe\xff]b", Syntax::Basic, Flags::default())
            .expect("compiles")
            .is_match(b"a\xffb")
    );
    let i = Flags {
        icase: true,
        ..Flags::default()
    };
    assert!(
        Regex::new("é".as_bytes(), Syntax::Basic, i)
            .expect("compiles")
            .is_match("É".as_bytes())
    );
    assert!(
        Regex::new(b"[a-c]x", Syntax::Basic, i)
            .expect("compiles")
            .is_match(b"BX")
    );
    assert!(bre("a.b").is_match(b"a\nb"));
}

#[test]
fn multiline_flag() {
    let m = Flags {
        multiline: true,
        ..Flags::default()
    };
    let r = Regex::new(b"^b$", Syntax::Basic, m).expect("compiles");
    assert!(r.is_match(b"a\nb\nc"));
    assert!(!bre("^b$").is_match(b"a\nb\nc"));
}

#[test]
fn backreferences() {
    let r = bre("\\(a*\\)b\\1");
    assert!(r.is_match(b"aabaa"));
    assert_eq!(r.find_at(b"xaabaa", 0), Some((1, 6)));
    assert!(ere("(a)\\1").is_match(b"aa"));
    assert!(!ere("(a)\\1").is_match(b"ab"));
    // Non-UTF-8 subjects keep their byte offsets.
    let r = bre("\\(x\\)\\1");
    assert_eq!(r.find_at(b"\xff\xfexx", 0), Some((2, 4)));
    let many = Regex::new_many(&[b"\\(q\\)\\1", b"zz"], Syntax::Basic, Flags::default())
        .expect("compiles");
    assert_eq!(many.find_at(b"a zz qq", 0), Some((2, 4)));
}

#[test]
fn captures() {
    let r = bre("\\(a\\|ab\\)\\(c\\|bcd\\)");
    let c = r.captures_at(b"abcd", 0).expect("match");
    assert_eq!(c[0], Some((0, 4)));
    let r = ere("x(y+)(z)?");
    let c = r.captures_at(b"_xyyy_", 0).expect("match");
    assert_eq!(c, vec![Some((1, 5)), Some((2, 5)), None]);
    assert_eq!(r.groups(), 2);
}

#[test]
fn many_patterns() {
    let r =
        Regex::new_many(&[b"a", b"abc", b""], Syntax::Basic, Flags::default()).expect("compiles");
    assert_eq!(r.find_at(b"xabc", 0), Some((0, 0)));
    let r = Regex::new_many(&[b"a", b"abc"], Syntax::Basic, Flags::default()).expect("ok");
    assert_eq!(r.find_at(b"xabc", 0), Some((1, 4)));
}

#[test]
fn longest_at_limits() {
    let r = ere("ab|abcd");
    assert_eq!(r.longest_at(b"abcd", 0, 4), Some(4));
    assert_eq!(r.longest_at(b"abcd", 0, 3), Some(2));
    assert_eq!(r.longest_at(b"abcd", 1, 4), None);
}

#[test]
fn shareable_between_threads() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<Regex>();
}

#[test]
fn literal_perl_and_first() {
    let lit = escape_literal(b"a.c[\xff]*");
    let r = Regex::from_translated(&lit, Flags::default()).expect("compiles");
    assert!(r.is_match(b"xa.c[\xff]*"));
    assert!(!r.is_match(b"abc[\xff]*"));
    let p = Regex::new_perl(b"a(?=b)|ab", Flags::default()).expect("compiles");
    // Perl semantics: leftmost-first.
    assert_eq!(p.find_at(b"ab", 0), Some((0, 1)));
    let p = Regex::new_perl(b"(\\w)\\1", Flags::default()).expect("compiles");
    assert_eq!(p.find_at(b"abba", 0), Some((1, 3)));
    assert!(p.has_backrefs());
    let r = ere("a|ab");
    assert_eq!(r.find_at(b"xab", 0), Some((1, 3)));
    assert!(!r.has_backrefs());
}

#[test]
fn empty_pattern_matches_everywhere() {
    let r = bre("");
    assert_eq!(r.find_at(b"abc", 1), Some((1, 1)));
    assert_eq!(r.find_at(b"", 0), Some((0, 0)));
    assert_eq!(r.find_at(b"a", 2), None);
}

#[test]
fn perl_quote_blocks_are_literal() {
    assert_eq!(perl_quotes("a\\Q.*\\Eb"), "a\\.\\*b");
    assert_eq!(perl_quotes("\\Q(x"), "\\(x");
    assert_eq!(perl_quotes("\\\\Q"), "\\\\Q");
    let p = Regex::new_perl(b"x\\Qa.b\\E+", Flags::default()).expect("compiles");
    assert_eq!(p.find_at(b"xa.bb", 0), Some((0, 5)));
    assert_eq!(p.find_at(b"xaxb", 0), None);
}

/// The lines [`LineFinder`] finds from `start`, as (start, end) pairs.
fn lines_found(re: &Regex, hay: &str) -> Vec<(usize, usize)> {
    let f = re.line_finder().expect("a line finder");
    let h = hay.as_bytes();
    let mut out = Vec::new();
    let mut pos = 0;
    while pos < h.len() {
        let Some((s, e)) = f.find_line(h, pos) else {
            break;
        };
        out.push((s, e));
        pos = e + 1;
    }
    out
}

#[test]
fn line_finder_never_matches_across_lines() {
    // Per line, `.` and `[^…]` may match a newline; buffer-wide they must not.
    let hay = "error a\nb omega\nerror omega x\nomega\n";
    assert_eq!(lines_found(&bre("error.*omega"), hay), [(16, 29)]);
    assert_eq!(lines_found(&ere("a[^x]*b"), "a\nb\nab\n"), [(4, 6)]);
    assert_eq!(lines_found(&ere("a\\sb"), "a\nb\na b\n"), [(4, 7)]);
    assert_eq!(lines_found(&ere("a\\W*b"), "a\nb\n"), []);
}

#[test]
fn line_finder_anchors_are_line_anchors() {
    assert_eq!(lines_found(&bre("^abc$"), "zabc\nabc\nabcz\n"), [(5, 8)]);
    assert_eq!(lines_found(&bre("\\`a"), "ba\nab\n"), [(3, 5)]);
    assert_eq!(lines_found(&bre("a\\'"), "ab\nba\n"), [(3, 5)]);
    assert_eq!(lines_found(&bre(""), "x\n\ny"), [(0, 1), (2, 2), (3, 4)]);
    let i = Regex::new(
        b"ERROR.*omega",
        Syntax::Extended,
        Flags {
            icase: true,
            multiline: false,
        },
    )
    .expect("compiles");
    assert_eq!(lines_found(&i, "Error x\nomega\nerror OMEGA\n"), [(14, 25)]);
    assert!(
        Regex::new(b"\\(a\\)\\1", Syntax::Basic, Flags::default())
            .expect("compiles")
            .line_finder()
            .is_none()
    );
}

#[test]
fn line_finder_single_byte_classes() {
    // One class of single bytes is searched with a table; past the 16-byte steps too.
    let long = format!("{}\n{}7\nz\n", "a".repeat(40), "b".repeat(33));
    assert_eq!(lines_found(&ere("[0-9]"), &long), [(41, 75)]);
    assert_eq!(
        lines_found(&ere("[[:digit:]]"), "x\n12\n\n3"),
        [(2, 4), (6, 7)]
    );
    assert_eq!(lines_found(&bre("[^a-z]"), "abc\nab c\nabc"), [(4, 8)]);
    // `[^ -~]` also holds `\n`, which never matches buffer-wide; a non-ASCII character is
    // checked where its lead byte is, and an invalid byte is no character at all.
    assert_eq!(lines_found(&ere("[^ -~]"), "ab\ncd\n"), []);
    assert_eq!(
        lines_found(&ere("[^ -~]"), "ab\nc\u{e9}\n\u{1}\n"),
        [(3, 6), (7, 8)]
    );
    let re = ere("[^ -~]");
    let f = re.line_finder().expect("a line finder");
    assert_eq!(
        f.find_line(b"a\xffb\nx\xc3\n\xe2\x82\xac\n", 0),
        Some((7, 10))
    );
    assert_eq!(
        lines_found(&ere("[\u{e9}-\u{ff}]"), "\u{e8}\n\u{e9}\n"),
        [(3, 5)]
    );
}

#[test]
fn line_finder_ignores_optional_ends() {
    // `.*X.*` finds the lines `X` finds; what may match nothing cannot decide a line.
    let hay = "a\nxerror omega\nomega error\n";
    assert_eq!(lines_found(&bre(".*error.*omega.*"), hay), [(2, 14)]);
    assert_eq!(
        lines_found(&ere("(x*|error)(y)?"), hay),
        [(0, 1), (2, 14), (15, 26)]
    );
    assert_eq!(lines_found(&ere("^.*omega$"), hay), [(2, 14)]);
    assert_eq!(lines_found(&ere("a*|b*"), "x\n"), [(0, 1)]);
}

/// The stepping search for long text, run on short text: it must find what `find_at` finds.
fn long_search(re: &Regex, hay: &[u8], start: usize) -> Option<(usize, usize)> {
    match &re.engine {
        Engine::Auto(a) => a.find_long(hay, start, &|| false).expect("not stopped"),
        _ => unreachable!("an automaton pattern"),
    }
}

#[test]
fn the_stepping_search_finds_the_leftmost_longest_match() {
    let pats = [
        ere("x*"),
        ere("a|ab|abc"),
        ere("b+"),
        ere("^a"),
        ere("c$"),
        bre("\\<ab\\>"),
        ere("[0-9]+"),
        ere("a.*c"),
        ere("(ab)*c"),
        ere("q"),
        ere("l+o\\b"),
    ];
    let hays = [
        "",
        "abc",
        "xxabcab",
        "ab abc ab",
        "zzz",
        "aaac\nbc",
        "héllo abc 42",
    ];
    for re in &pats {
        for hay in hays {
            let h = hay.as_bytes();
            for start in 0..=h.len() {
                assert_eq!(
                    long_search(re, h, start),
                    re.find_at(h, start),
                    "{re:?} in {hay:?} from {start}"
                );
            }
        }
    }
}

#[test]
fn a_long_search_stops_when_asked() {
    let hay = vec![b'x'; long::LONG * 2];
    let asked = std::cell::Cell::new(0);
    let stop = || {
        asked.set(asked.get() + 1);
        asked.get() > 2
    };
    assert_eq!(bre("x*").find_at_until(&hay, 0, &stop), Err(Interrupted));
    assert_eq!(asked.get(), 3);
    assert_eq!(
        bre("x*").find_at_until(&hay, 0, &|| false),
        Ok(Some((0, hay.len())))
    );
    let tail = [&hay[..], b"yz"].concat();
    assert_eq!(
        ere("y+z").find_at_until(&tail, 0, &|| false),
        Ok(Some((hay.len(), hay.len() + 2)))
    );
    assert_eq!(
        ere("y+z").captures_at_until(&tail, 5, &|| false),
        Ok(Some(vec![Some((hay.len(), hay.len() + 2))]))
    );
}

#[test]
fn first_is_longest_only_where_leftmost_first_is_longest() {
    for p in [
        "[0-9]+",
        "status=[0-9]+",
        "(?s)(?:ab[cd])",
        "x([a-z]*)",
        "(?:ab)+",
    ] {
        assert!(super::first_is_longest(p), "{p}");
    }
    for p in [
        "a?(ab)?", "a|ab", "[0-9]+x", "a{1,3}", "^a+", "a*?", "(a+)(b+)",
    ] {
        assert!(!super::first_is_longest(p), "{p}");
    }
    // The shortcut keeps POSIX answers.
    let re = Regex::new(b"[0-9][0-9]*", Syntax::Basic, Flags::default()).unwrap();
    assert_eq!(re.find_at(b"ab123c45", 0), Some((2, 5)));
    assert_eq!(re.find_at(b"ab123c45", 5), Some((6, 8)));
    let re = Regex::new(b"a?(ab)?", Syntax::Extended, Flags::default()).unwrap();
    assert_eq!(re.find_at(b"ab", 0), Some((0, 2)));
}

#[test]
fn a_kept_program_is_reused_only_for_the_same_pattern_and_flags() {
    let icase = Flags {
        icase: true,
        multiline: false,
    };
    for _ in 0..3 {
        // Leftmost-longest through the kept longest-match engines, again and again.
        assert_eq!(all(&ere("a.*e"), "xAbcE abcde"), ["abcde"]);
        let re = Regex::new(b"a.*e", Syntax::Extended, icase).unwrap();
        assert_eq!(all(&re, "xAbcE abcde"), ["AbcE abcde"]);
    }
    // A different pattern never gets another's program.
    assert_eq!(all(&ere("b.*d"), "abcde"), ["bcd"]);
}
