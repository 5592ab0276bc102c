//! Where a key starts and ends in a line: GNU's `begfield` and `limfield`, fields with their
//! leading blanks unless `b` is given. Kept apart from the comparisons, which only see the
//! key's bytes.

use super::compare::Cfg;
use super::keys::Key;

pub(super) fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t' || b == b'\n'
}

fn begfield(line: &[u8], k: &Key, tab: Option<u8>) -> usize {
    let lim = line.len();
    let mut p = 0;
    let mut sword = k.sword;
    match tab {
        Some(t) => {
            while p < lim && sword > 0 {
                while p < lim && line[p] != t {
                    p += 1;
                }
                if p < lim {
                    p += 1;
                }
                sword -= 1;
            }
        }
        None => {
            while p < lim && sword > 0 {
                while p < lim && is_blank(line[p]) {
                    p += 1;
                }
                while p < lim && !is_blank(line[p]) {
                    p += 1;
                }
                sword -= 1;
            }
        }
    }
    if k.skip_sblanks {
        while p < lim && is_blank(line[p]) {
            p += 1;
        }
    }
    lim.min(p.saturating_add(k.schar))
}

fn limfield(line: &[u8], k: &Key, tab: Option<u8>) -> usize {
    let lim = line.len();
    let Some(mut eword) = k.eword else { return lim };
    let echar = k.echar;
    if echar == 0 {
        eword += 1;
    }
    let mut p = 0;
    match tab {
        Some(t) => {
            while p < lim && eword > 0 {
                eword -= 1;
                while p < lim && line[p] != t {
                    p += 1;
                }
                if p < lim && (eword > 0 || echar > 0) {
                    p += 1;
                }
            }
        }
        None => {
            while p < lim && eword > 0 {
                eword -= 1;
                while p < lim && is_blank(line[p]) {
                    p += 1;
                }
                while p < lim && !is_blank(line[p]) {
                    p += 1;
                }
            }
        }
    }
    if echar != 0 {
        if k.skip_eblanks {
            while p < lim && is_blank(line[p]) {
                p += 1;
            }
        }
        p = lim.min(p.saturating_add(echar));
    }
    p
}

pub(super) fn key_text<'a>(line: &'a [u8], k: &Key, cfg: &Cfg) -> &'a [u8] {
    let beg = begfield(line, k, cfg.tab);
    &line[beg..limfield(line, k, cfg.tab).max(beg)]
}
