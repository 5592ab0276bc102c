//! Building a replacement: GNU's `append_replacement` and `str_append_modified`, with the
//! `\U \L \u \l \E` case conversions applied per character (invalid UTF-8 bytes pass
//! through unchanged, and a one-shot `\u`/`\l` carries over an empty group as in GNU).

use super::parse::{
    REPL_LOWER, REPL_LOWER_FIRST, REPL_MODIFIERS, REPL_UPPER, REPL_UPPER_FIRST, ReplPart,
};
use super::re::Locs;

/// GNU's `append_replacement`.
/// About how many bytes [`append_replacement`] adds (case conversion may change a few).
pub fn replacement_len(parts: &[ReplPart], locs: &Locs) -> usize {
    parts
        .iter()
        .map(|p| p.prefix.len() + p.group.and_then(|g| locs.get(g)).map_or(0, |(s, e)| e - s))
        .sum()
}

pub fn append_replacement(out: &mut Vec<u8>, parts: &[ReplPart], line: &[u8], locs: &Locs) {
    let mut repl_mod: u8 = 0;
    for p in parts {
        let mut cur = if p.case & REPL_MODIFIERS != 0 {
            p.case
        } else {
            p.case | repl_mod
        };
        repl_mod = 0;
        if !p.prefix.is_empty() {
            append_modified(out, &p.prefix, cur);
            cur &= !REPL_MODIFIERS;
        }
        if let Some(g) = p.group {
            match locs.get(g) {
                Some((s, e)) if s == e => {
                    if p.case & REPL_MODIFIERS != 0 {
                        repl_mod = cur & REPL_MODIFIERS;
                    }
                }
                Some((s, e)) => append_modified(out, &line[s..e], cur),
                None => {
                    if p.case & REPL_MODIFIERS != 0 {
                        repl_mod = cur & REPL_MODIFIERS;
                    }
                }
            }
        }
    }
}

fn case_map(c: char, upper: bool) -> char {
    if upper {
        sandsh_text::case::upper(c)
    } else {
        sandsh_text::case::lower(c)
    }
}

/// GNU's `str_append_modified`: case conversion by character; invalid bytes pass through.
fn append_modified(out: &mut Vec<u8>, s: &[u8], mut ty: u8) {
    if ty == 0 {
        out.extend_from_slice(s);
        return;
    }
    let mut i = 0;
    while i < s.len() {
        let l = super::parse::utf8_len(&s[i..]);
        let ch = std::str::from_utf8(&s[i..i + l])
            .ok()
            .and_then(|x| x.chars().next());
        let Some(c) = ch else {
            ty &= !(REPL_LOWER_FIRST | REPL_UPPER_FIRST);
            if ty == 0 {
                out.extend_from_slice(&s[i..]);
                return;
            }
            out.push(s[i]);
            i += 1;
            continue;
        };
        i += l;
        let mut buf = [0u8; 4];
        if ty & (REPL_UPPER_FIRST | REPL_LOWER_FIRST) != 0 {
            let m = case_map(c, ty & REPL_UPPER_FIRST != 0);
            ty &= !(REPL_LOWER_FIRST | REPL_UPPER_FIRST);
            out.extend_from_slice(m.encode_utf8(&mut buf).as_bytes());
            if ty == 0 {
                out.extend_from_slice(&s[i..]);
                return;
            }
        } else {
            let m = case_map(c, ty & REPL_UPPER != 0);
            debug_assert!(ty & (REPL_UPPER | REPL_LOWER) != 0);
            out.extend_from_slice(m.encode_utf8(&mut buf).as_bytes());
        }
    }
}
