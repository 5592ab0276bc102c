//! GNU's obsolete option forms, still accepted: `-NUM` for a count (`head -5`, `tail -5c`,
//! `fold -40`, `strings -8`), rewritten into the modern option before parsing.

use sandsh_api::Arg;

/// Expand GNU's obsolete `-NUM` first argument (head/tail `-5`, `-5c`) into `-n NUM`.
pub fn legacy_count(args: &[Vec<u8>], letters: &[u8]) -> Vec<Vec<u8>> {
    let Some(first) = args.first() else {
        return Vec::new();
    };
    if first.len() >= 2 && first[0] == b'-' && first[1].is_ascii_digit() {
        let digits: Vec<u8> = first[1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .copied()
            .collect();
        let rest = &first[1 + digits.len()..];
        let unit = match rest {
            [] => Some(b'n'),
            [c] if letters.contains(c) => Some(if *c == b'l' { b'n' } else { *c }),
            _ => None,
        };
        if let Some(u) = unit {
            let mut out = vec![vec![b'-', u], digits];
            out.extend(args[1..].iter().cloned());
            return out;
        }
    }
    args.to_vec()
}

/// Rewrite every `-NUM` argument into `FLAG NUM` (`fold -40` is `fold -w 40`).
pub fn number_option(args: &[Arg], flag: &[u8]) -> Vec<Arg> {
    let mut v = Vec::with_capacity(args.len());
    for a in args {
        if a.len() > 1 && a[0] == b'-' && a[1..].iter().all(u8::is_ascii_digit) {
            v.push(flag.to_vec());
            v.push(a[1..].to_vec());
        } else {
            v.push(a.clone());
        }
    }
    v
}
