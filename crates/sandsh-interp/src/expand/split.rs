//! Field splitting: segments cut on IFS as bash does (IFS whitespace runs and single
//! non-whitespace separators, quoted empty pieces kept, forced breaks between `"$@"`'s words).

use super::{Field, Seg};
use crate::Shell;

impl Shell {
    /// Cut segments into fields on IFS.
    pub fn split_fields(&self, segs: &[Seg]) -> Vec<Field> {
        let mut ifs: Option<Vec<u8>> = None;
        let mut fields = Vec::new();
        let mut cur = Field::default();
        let mut started = false;
        for seg in segs {
            match seg {
                Seg::Break => {
                    if started {
                        fields.push(std::mem::take(&mut cur));
                    }
                    started = false;
                }
                Seg::Text {
                    s,
                    quoted,
                    split: false,
                } => {
                    cur.push(s, !quoted);
                    if *quoted || !s.is_empty() {
                        started = true;
                    }
                }
                Seg::Text { s, split: true, .. } => {
                    let ifs = ifs.get_or_insert_with(|| self.ifs());
                    if ifs.is_empty() {
                        cur.push(s, true);
                        if !s.is_empty() {
                            started = true;
                        }
                        continue;
                    }
                    // The length of the IFS character at `s[i..]` (0: none). A multibyte IFS
                    // character separates as a whole (`IFS=ç`).
                    let ifs_at = |i: usize| ifs_char_at(ifs, s, i);
                    let is_ws = |c: u8| matches!(c, b' ' | b'\t' | b'\n') && ifs.contains(&c);
                    let mut i = 0;
                    while i < s.len() {
                        if ifs_at(i) == 0 {
                            let start = i;
                            while i < s.len() && ifs_at(i) == 0 {
                                i += 1;
                            }
                            cur.push(&s[start..i], true);
                            started = true;
                            continue;
                        }
                        let mut j = i;
                        while j < s.len() && is_ws(s[j]) {
                            j += 1;
                        }
                        let mut nonws = false;
                        if j < s.len() && ifs_at(j) > 0 && !is_ws(s[j]) {
                            nonws = true;
                            j += ifs_at(j);
                            while j < s.len() && is_ws(s[j]) {
                                j += 1;
                            }
                        }
                        if nonws || started {
                            fields.push(std::mem::take(&mut cur));
                            // A huge split checks for cancellation as it goes; what it
                            // returns then is never used, since the run is ending.
                            if fields.len() % 4096 == 0 && self.is_cancelled() {
                                return fields;
                            }
                        }
                        started = false;
                        i = j;
                    }
                }
            }
        }
        if started {
            fields.push(cur);
        }
        fields
    }
}
/// Source-like text of a brace part (used where braces are not expanded).
/// The length of the IFS character that `s[i..]` starts with, 0 when none. ASCII IFS bytes
/// match alone; a multibyte IFS character matches only as a whole (a continuation byte never
/// starts one, so this cannot match inside another character).
fn ifs_char_at(ifs: &[u8], s: &[u8], i: usize) -> usize {
    let c = s[i];
    if c < 0x80 {
        return usize::from(ifs.contains(&c));
    }
    let mut k = 0;
    while k < ifs.len() {
        let n = bstr::decode_utf8(&ifs[k..]).1.max(1);
        if s[i..].starts_with(&ifs[k..k + n]) {
            return n;
        }
        k += n;
    }
    0
}
