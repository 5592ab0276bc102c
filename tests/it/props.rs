//! Properties (THREAT MAL-PARSE-1): the parser, arithmetic and word expansion never panic on
//! arbitrary input, and glob matching agrees with a reference matcher.

use proptest::prelude::*;
use sandsh::kernel::ExecutionLimits;
use sandsh::text::pattern::{Pattern, PatternOptions};
use sandsh::{Kernel, KernelConfig};

/// Bytes that are mostly shell syntax, so that generated inputs reach deep into the parser.
fn shellish() -> impl Strategy<Value = String> {
    let atoms = prop::sample::select(vec![
        "echo", " ", "x=1", "$x", "${x", "}", "${x:-", "${x#", "$(", ")", "`", "'", "\"", "\\",
        "(", "((", "))", "[[", "]]", "{", ";", "|", "&&", "||", "&", "<", ">", "<<", "EOF", "\n",
        "if", "then", "fi", "for", "in", "do", "done", "case", "esac", ";;", "$((", "+", "*", "?",
        "[", "]", "!", "@(", "a", "1", "#", "~", "=~", "<(", "$'\\x", "\u{ff}",
    ]);
    prop::collection::vec(atoms, 0..40).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn the_parser_never_panics(src in shellish()) {
        let _ = sandsh::syntax::parse(&src);
    }

    #[test]
    fn the_parser_never_panics_on_raw_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let _ = sandsh::syntax::parse(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn arithmetic_never_panics(src in "[-+*/%()<>=!&|^~?:, 0-9a-z$#]{0,40}") {
        let _ = sandsh::syntax::arith::parse_arith(&src);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, ..ProptestConfig::default() })]

    /// Expansion and execution of arbitrary syntax under tight limits: any status, no panic
    /// (a panic would surface as an `internal` error), and the kernel stays usable.
    #[test]
    fn expansion_never_panics(src in shellish()) {
        let mut k = Kernel::new(KernelConfig::default().limits(ExecutionLimits::strict()).timeout(std::time::Duration::from_secs(2)));
        let r = k.execute(&src);
        prop_assert_ne!(r.error, Some(sandsh::RunError::Internal));
        prop_assert_eq!(k.execute("echo ok").stdout_str(), "ok\n");
    }
}

/// A reference glob matcher: `*`, `?`, `[set]` (with `!`/`^` and ranges), `\x`; a malformed
/// bracket is a literal `[`, as in bash.
fn reference(p: &[u8], s: &[u8]) -> bool {
    match p.first() {
        None => s.is_empty(),
        Some(b'*') => (0..=s.len()).any(|i| reference(&p[1..], &s[i..])),
        Some(b'?') => !s.is_empty() && reference(&p[1..], &s[1..]),
        Some(b'\\') if p.len() > 1 => s.first() == Some(&p[1]) && reference(&p[2..], &s[1..]),
        Some(b'[') => match bracket(&p[1..]) {
            Some((set, neg, len)) => {
                !s.is_empty()
                    && (set.iter().any(|&(a, b)| a <= s[0] && s[0] <= b) != neg)
                    && reference(&p[1 + len..], &s[1..])
            }
            None => s.first() == Some(&b'[') && reference(&p[1..], &s[1..]),
        },
        Some(&c) => s.first() == Some(&c) && reference(&p[1..], &s[1..]),
    }
}

/// A parsed bracket: (ranges, negated, bytes consumed including `]`).
type Bracket = (Vec<(u8, u8)>, bool, usize);

/// Parse a bracket body after `[`.
fn bracket(p: &[u8]) -> Option<Bracket> {
    let mut i = 0;
    let neg = matches!(p.first(), Some(b'!' | b'^'));
    if neg {
        i += 1;
    }
    let mut set = Vec::new();
    let mut first = true;
    while i < p.len() {
        let c = p[i];
        if c == b']' && !first {
            return Some((set, neg, i + 1));
        }
        first = false;
        if i + 2 < p.len() && p[i + 1] == b'-' && p[i + 2] != b']' {
            set.push((c, p[i + 2]));
            i += 3;
        } else {
            set.push((c, c));
            i += 1;
        }
    }
    None
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn glob_matching_agrees_with_the_reference(
        pat in "[ab*?\\[\\]!c-]{0,8}",
        subject in "[abc\\[\\]!-]{0,8}",
    ) {
        let p = Pattern::new(pat.as_bytes(), PatternOptions::default());
        prop_assert_eq!(
            p.matches(subject.as_bytes()),
            reference(pat.as_bytes(), subject.as_bytes()),
            "pattern {:?} subject {:?}", pat, subject
        );
    }
}
