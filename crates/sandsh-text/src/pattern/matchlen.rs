//! bash's count of how many characters a pattern matches (`umatchlen`), which `${x/p/r}`
//! uses to try only matches of that length when the pattern has no `*` or extglob group.
//!
//! The count finds a bracket expression's end at the first `]` after its first character,
//! without knowing `!` or `^`: `[!]]` counts as two characters, so bash's `${x//[!]]/y}`
//! never matches. Applying the count as a filter gives the same results: for every other
//! fixed-length pattern it is the length each match has anyway.

use super::dec;

/// The pattern as bash's code sees it: characters, a quoted one preceded by a backslash.
fn units(b: &[u8], act: &[bool], bytes: bool) -> Vec<u32> {
    let mut out = Vec::with_capacity(b.len() + 4);
    let mut i = 0;
    while i < b.len() {
        let (c, n) = dec(b, i, bytes);
        if !act.get(i).copied().unwrap_or(true) {
            out.push(u32::from(b'\\'));
        }
        out.push(c);
        i += n;
    }
    out
}

const fn u(c: u8) -> u32 {
    c as u32
}

/// The fixed match length bash computes, in characters; `None` when a `*` or an extglob
/// group makes it variable.
pub(super) fn bash_match_len(b: &[u8], act: &[bool], bytes: bool) -> Option<usize> {
    let p = units(b, act, bytes);
    let at = |i: usize| p.get(i).copied().unwrap_or(0);
    let mut n = 0usize;
    let mut i = 0;
    while i < p.len() {
        let c = p[i];
        i += 1;
        match c {
            _ if c == u(b'\\') => {
                n += 1;
                if i < p.len() {
                    i += 1;
                }
            }
            _ if c == u(b'*') => return None,
            _ if [u(b'?'), u(b'+'), u(b'!'), u(b'@')].contains(&c) && at(i) == u(b'(') => {
                return None;
            }
            _ if c == u(b'[') => {
                let mut bracklen = 1;
                let (mut cclass, mut collsym, mut equiv) = (false, false, false);
                let mut ch = at(i);
                i += 1;
                loop {
                    if ch == 0 {
                        // No closing `]`: each character counts.
                        return Some(n + bracklen);
                    } else if ch == u(b'\\') {
                        bracklen += 1;
                        if at(i) == 0 || at(i + 1) == 0 {
                            return Some(n + bracklen);
                        }
                        i += 1;
                    } else if ch == u(b'[') && at(i) == u(b':') {
                        i += 1;
                        bracklen += 1;
                        cclass = true;
                    } else if cclass && ch == u(b':') && at(i) == u(b']') {
                        i += 1;
                        bracklen += 1;
                        cclass = false;
                    } else if ch == u(b'[') && (at(i) == u(b'.') || at(i) == u(b'=')) {
                        let dot = at(i) == u(b'.');
                        i += 1;
                        bracklen += 1;
                        if at(i) == u(b']') {
                            i += 1;
                            bracklen += 1;
                        }
                        if dot {
                            collsym = true;
                        } else {
                            equiv = true;
                        }
                    } else if (collsym && ch == u(b'.') || equiv && ch == u(b'='))
                        && at(i) == u(b']')
                    {
                        i += 1;
                        bracklen += 1;
                        collsym = false;
                        equiv = false;
                    } else {
                        bracklen += 1;
                    }
                    ch = at(i);
                    i += 1;
                    if ch == u(b']') {
                        break;
                    }
                }
                n += 1;
            }
            _ => n += 1,
        }
    }
    Some(n)
}
