//! The ERE that `[[ s =~ word ]]` compiles, built from the expanded word the way bash's
//! `quote_string_for_globbing(…, QGLOB_REGEXP)` builds it.
//!
//! Quoted characters must match themselves, so outside a bracket expression an ERE-special
//! quoted character gets a backslash. Inside a bracket expression a backslash is literal in a
//! POSIX ERE, so a quoted character is copied bare there, and a quoted `]` does not close the
//! bracket: `^[^\]]+` is the ERE `^[^]]+`, "one or more characters other than `]`". A `[` whose
//! bracket never closes is rescanned as ordinary text.

/// Characters special in a POSIX ERE (bash's `ere_char`): `]` and `}` are not among them.
fn ere_char(c: u8) -> bool {
    b".[\\()*+?{|^$".contains(&c)
}

/// The regex source for pattern segments `(text, active)`; inactive text was quoted.
pub fn regex_source(segs: &[(Vec<u8>, bool)]) -> Vec<u8> {
    let chars: Vec<(u8, bool)> = segs
        .iter()
        .flat_map(|(text, active)| text.iter().map(move |&c| (c, !*active)))
        .collect();
    let mut re = Vec::with_capacity(chars.len() * 2);
    let mut i = 0;
    while i < chars.len() {
        let (c, quoted) = chars[i];
        i += 1;
        if quoted {
            if ere_char(c) {
                re.push(b'\\');
            }
            re.push(c);
        } else if c == b'[' {
            re.push(c);
            if let Some((body, next)) = bracket_body(&chars, i) {
                re.extend_from_slice(&body);
                i = next;
            }
        } else {
            re.push(c);
        }
    }
    re
}

/// The rest of a bracket expression opened just before `start`, through its closing `]`, and
/// the index after it; `None` when it never closes.
fn bracket_body(chars: &[(u8, bool)], start: usize) -> Option<(Vec<u8>, usize)> {
    let at = |k: usize| chars.get(k).copied();
    let unquoted = |k: usize, want: u8| at(k) == Some((want, false));
    let mut out = Vec::new();
    let mut k = start;
    // A leading `^` and then a leading `]` are part of the set, not its end.
    if unquoted(k, b'^') {
        out.push(b'^');
        k += 1;
    }
    if unquoted(k, b']') {
        out.push(b']');
        k += 1;
    }
    let (mut cclass, mut equiv, mut collsym) = (false, false, false);
    loop {
        let (c, quoted) = at(k)?;
        k += 1;
        if quoted {
            out.push(c);
        } else if c == b'[' && matches!(at(k), Some((b':' | b'=' | b'.', false))) {
            let (d, _) = at(k)?;
            out.extend_from_slice(&[c, d]);
            k += 1;
            match d {
                b':' => cclass = true,
                b'=' => equiv = true,
                _ => collsym = true,
            }
            // A `]` can be the character named in `[=]=]` and `[.].]`.
            if d != b':' && unquoted(k, b']') {
                out.push(b']');
                k += 1;
            }
        } else if matches!(c, b':' | b'=' | b'.')
            && unquoted(k, b']')
            && ((c == b':' && cclass) || (c == b'=' && equiv) || (c == b'.' && collsym))
        {
            out.extend_from_slice(&[c, b']']);
            k += 1;
            match c {
                b':' => cclass = false,
                b'=' => equiv = false,
                _ => collsym = false,
            }
        } else {
            out.push(c);
        }
        if unquoted(k, b']') {
            out.push(b']');
            return Some((out, k + 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::regex_source;

    fn segs(parts: &[(&str, bool)]) -> Vec<(Vec<u8>, bool)> {
        parts
            .iter()
            .map(|(t, a)| (t.as_bytes().to_vec(), *a))
            .collect()
    }

    fn src(parts: &[(&str, bool)]) -> String {
        String::from_utf8(regex_source(&segs(parts))).unwrap()
    }

    #[test]
    fn quoted_bracket_inside_set_is_bare_and_does_not_close_it() {
        assert_eq!(src(&[("^[^", true), ("]", false), ("]+", true)]), "^[^]]+");
    }

    #[test]
    fn quoted_specials_outside_sets_get_a_backslash_but_not_close_brackets() {
        assert_eq!(src(&[("]}.", false)]), "]}\\.");
        assert_eq!(src(&[("^", true), ("[", false), ("(", true)]), "^\\[(");
    }

    #[test]
    fn unclosed_bracket_is_rescanned_as_text() {
        assert_eq!(src(&[("[", true), ("]", false)]), "[]");
        assert_eq!(src(&[("a[", true), (".", false)]), "a[\\.");
    }

    #[test]
    fn classes_stay_whole() {
        assert_eq!(
            src(&[("[[:alpha:]", true), (":", false), ("]+", true)]),
            "[[:alpha:]:]+"
        );
    }
}
