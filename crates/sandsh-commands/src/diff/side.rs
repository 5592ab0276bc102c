//! The side-by-side format (`-y`): each line of the first file in a left column, the line of
//! the second beside it in a right column, and a gutter mark between them (`|` changed,
//! `<` only on the left, `>` only on the right, `(`/`)` for `--left-column` and common lines
//! of unequal count, `/` and `\` for a changed pair of which one lacks its newline).
//!
//! GNU diffutils 3.8's `side.c` decides every column, so the layout follows its arithmetic:
//! the half width and the right column's offset come from `-W` and the tab size (a column
//! boundary on a tab stop unless `-t`), tabs inside a line advance to the next stop of the
//! line's own columns, characters count their display width in the UTF-8 locale (wide ones
//! 2, combining ones 0), invalid bytes and other non-printing characters are copied without
//! taking a column, and a line is cut where the next character would pass the half width.
//! Padding is written with tabs as far as tab stops allow, then spaces (all spaces with `-t`).

use unicode_width::UnicodeWidthChar;

use super::analyze::Change;
use super::lines::Input;
use super::options::Opts;

/// GNU's `GUTTER_WIDTH_MINIMUM`.
const GUTTER: usize = 3;

/// Where the columns are.
struct Layout<'c> {
    /// The widest a half line prints.
    half: usize,
    /// The column the right half starts at.
    col2: usize,
    tab: usize,
    expand: bool,
    cancel: &'c dyn Fn() -> bool,
}

impl<'c> Layout<'c> {
    /// GNU's: the half width as large as possible, then the gutter; a half line plus the
    /// gutter a whole number of tab stops unless tabs are expanded.
    fn new(o: &Opts, cancel: &'c dyn Fn() -> bool) -> Layout<'c> {
        let t = if o.expand_tabs { 1 } else { o.tabsize };
        let w = o.side.width;
        let tg = t.saturating_add(GUTTER);
        let unaligned = (w >> 1) + (tg >> 1) + (w & tg & 1);
        let off = unaligned - unaligned % t;
        let half = if off <= GUTTER || w <= off {
            0
        } else {
            (off - GUTTER).min(w - off)
        };
        Layout {
            half,
            col2: if half > 0 { off } else { w },
            tab: o.tabsize,
            expand: o.expand_tabs,
            cancel,
        }
    }

    /// Pad from column `from` to `to` (tabs to the stops on the way unless `-t`, then
    /// spaces); the column reached.
    fn pad(&self, out: &mut Vec<u8>, mut from: usize, to: usize) -> usize {
        if !self.expand {
            let first = from + self.tab - from % self.tab;
            if first <= to {
                let tabs = (to - first) / self.tab + 1;
                fill(out, b'\t', tabs, self.cancel);
                from = first + (tabs - 1) * self.tab;
            }
        }
        if from < to {
            fill(out, b' ', to - from, self.cancel);
        }
        to
    }

    /// Print a line (its newline left out) cut to the half width, as GNU's
    /// `print_half_line`; `indent` is where the half starts, for a carriage return to come
    /// back to. Returns the last column written.
    fn half_line(&self, out: &mut Vec<u8>, line: &[u8], indent: usize) -> usize {
        let bound = self.half;
        let (mut inp, mut outp) = (0usize, 0usize);
        let mut i = 0;
        while i < line.len() {
            let c = line[i];
            i += 1;
            match c {
                b'\n' => return outp,
                b'\t' => {
                    let spaces = self.tab - inp % self.tab;
                    if inp == outp {
                        let stop = outp + spaces;
                        if self.expand {
                            let stop = stop.min(bound);
                            if outp < stop {
                                fill(out, b' ', stop - outp, self.cancel);
                                outp = stop;
                            }
                        } else if stop < bound {
                            outp = stop;
                            out.push(c);
                        }
                    }
                    inp = inp.saturating_add(spaces);
                }
                b'\r' => {
                    out.push(c);
                    self.pad(out, 0, indent);
                    inp = 0;
                    outp = 0;
                }
                8 => {
                    if inp != 0 {
                        inp -= 1;
                        if inp < bound {
                            if outp <= inp {
                                // Make up for a tab suppressed past the bound.
                                fill(out, b' ', inp - outp, self.cancel);
                                outp = inp;
                            } else {
                                outp = inp;
                                out.push(c);
                            }
                        }
                    }
                }
                b' '..=b'~' => {
                    inp = inp.saturating_add(1);
                    if inp <= bound {
                        outp = inp;
                        out.push(c);
                    }
                }
                0 | 0x0b | 0x0c => {
                    if inp < bound {
                        out.push(c);
                    }
                }
                // Other ASCII control characters: printed, no column.
                1..=0x1f | 0x7f => {
                    if inp <= bound {
                        outp = inp;
                        out.push(c);
                    }
                }
                _ => match decode(&line[i - 1..]) {
                    Some((ch, len)) => {
                        inp = inp.saturating_add(width(ch));
                        if inp <= bound {
                            outp = inp;
                            out.extend_from_slice(&line[i - 1..i - 1 + len]);
                        }
                        i += len - 1;
                    }
                    // An invalid byte: copied, no column.
                    None => {
                        if inp < bound {
                            out.push(c);
                        }
                    }
                },
            }
        }
        outp
    }

    /// One output line, as GNU's `print_1sdiff_line`: the left half (none for `>` and `)`),
    /// the gutter mark (none for a common line), the right half (none for `<` and `(`), and a
    /// newline when either line had one.
    fn line(&self, out: &mut Vec<u8>, left: Option<&[u8]>, mut sep: u8, right: Option<&[u8]>) {
        let has_nl = |l: &[u8]| l.last() == Some(&b'\n');
        let mut newline = false;
        let mut col = 0;
        if let Some(l) = left {
            newline = has_nl(l);
            col = self.half_line(out, l, 0);
        }
        if sep != b' ' {
            col = self.pad(out, col, (self.half + self.col2 - 1) / 2) + 1;
            if sep == b'|' && right.is_some_and(|r| newline != has_nl(r)) {
                sep = if newline { b'/' } else { b'\\' };
            }
            out.push(sep);
        }
        if let Some(r) = right {
            newline |= has_nl(r);
            if r.first() != Some(&b'\n') {
                col = self.pad(out, col, self.col2);
                self.half_line(out, r, col);
            }
        }
        if newline {
            out.push(b'\n');
        }
    }
}

/// Append `n` copies of `b` (a space or a tab), copied a page at a time: a width of
/// billions (`-W`, as GNU allows) grows the output by doubling, fast, until the memory
/// budget stops it, instead of asking for it all at once.
pub(super) fn fill(out: &mut Vec<u8>, b: u8, mut n: usize, cancel: &dyn Fn() -> bool) {
    const SPACES: [u8; 4096] = [b' '; 4096];
    const TABS: [u8; 4096] = [b'\t'; 4096];
    let page: &[u8] = if b == b'\t' { &TABS } else { &SPACES };
    while n > 0 && (n <= page.len() || !cancel()) {
        let k = n.min(page.len());
        out.extend_from_slice(&page[..k]);
        n -= k;
    }
}

/// The character a UTF-8 sequence at the start of `s` encodes, and its length; None when
/// the bytes are not valid UTF-8 there (as `mbrtowc` fails in the UTF-8 locale).
fn decode(s: &[u8]) -> Option<(char, usize)> {
    let len = match s[0] {
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return None,
    };
    let ch = std::str::from_utf8(s.get(..len)?).ok()?.chars().next()?;
    Some((ch, len))
}

/// The columns a character takes, as glibc's `wcwidth` counts them in `C.UTF-8` (non-printing
/// characters take none; the prepended concatenation marks and the soft hyphen one).
/// glibc 2.36 knows Unicode 14 while `unicode-width` knows a later version: characters
/// assigned since may count differently.
fn width(ch: char) -> usize {
    match ch {
        '\u{ad}'
        | '\u{600}'..='\u{605}'
        | '\u{6dd}'
        | '\u{70f}'
        | '\u{890}'
        | '\u{891}'
        | '\u{8e2}'
        | '\u{110bd}'
        | '\u{110cd}' => 1,
        '\u{2028}' | '\u{2029}' => 0,
        c => c.width().unwrap_or(0).min(2),
    }
}

/// Print both files side by side; `changes` are the differences that count (after `-B`),
/// every other line is common (paired while both sides have one).
pub(super) fn render(
    o: &Opts,
    (a, b): (&Input, &Input),
    changes: &[Change],
    out: &mut Vec<u8>,
    cancel: &dyn Fn() -> bool,
) {
    let l = Layout::new(o, cancel);
    let common = |out: &mut Vec<u8>, i0: usize, e0: usize, i1: usize, e1: usize| {
        if o.side.suppress_common {
            return;
        }
        let (mut i, mut j) = (i0, i1);
        if !o.side.left_column {
            while i < e0 && j < e1 {
                l.line(out, Some(a.lines[i]), b' ', Some(b.lines[j]));
                i += 1;
                j += 1;
            }
            for r in &b.lines[j..e1] {
                l.line(out, None, b')', Some(r));
            }
        }
        for lf in &a.lines[i..e0] {
            l.line(out, Some(lf), b'(', None);
        }
    };
    let (mut i0, mut i1) = (0, 0);
    for c in changes {
        common(out, i0, c.line0, i1, c.line1);
        let pairs = c.deleted.min(c.inserted);
        for k in 0..pairs {
            let (x, y) = (a.lines[c.line0 + k], b.lines[c.line1 + k]);
            l.line(out, Some(x), b'|', Some(y));
        }
        for r in &b.lines[c.line1 + pairs..c.line1 + c.inserted] {
            l.line(out, None, b'>', Some(r));
        }
        for lf in &a.lines[c.line0 + pairs..c.line0 + c.deleted] {
            l.line(out, Some(lf), b'<', None);
        }
        i0 = c.line0 + c.deleted;
        i1 = c.line1 + c.inserted;
    }
    common(out, i0, a.lines.len(), i1, b.lines.len());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diff::options::{SideOpts, Style};

    fn layout(width: usize, expand: bool) -> Layout<'static> {
        let mut o = Opts::new();
        o.style = Style::Side;
        o.tabsize = 8;
        o.side = SideOpts {
            width,
            left_column: false,
            suppress_common: false,
        };
        o.expand_tabs = expand;
        Layout::new(&o, &|| false)
    }

    #[test]
    fn gnu_column_arithmetic() {
        // diff -y -W N: the half width and the right column's offset GNU 3.8 uses.
        let l = layout(130, false);
        assert_eq!((l.half, l.col2), (61, 64));
        let l = layout(40, false);
        assert_eq!((l.half, l.col2), (16, 24));
        let l = layout(30, false);
        assert_eq!((l.half, l.col2), (13, 16));
        let l = layout(40, true);
        assert_eq!((l.half, l.col2), (18, 22));
        let l = layout(5, false);
        assert_eq!((l.half, l.col2), (0, 5));
    }

    #[test]
    fn half_line_cuts_and_tabs() {
        let l = layout(30, false);
        let mut out = Vec::new();
        // Wide characters cut before the one that would pass the bound (13).
        let end = l.half_line(&mut out, "日本語のテキストです\n".as_bytes(), 0);
        assert_eq!(
            (String::from_utf8_lossy(&out).as_ref(), end),
            ("日本語のテキ", 12)
        );
        out.clear();
        // A tab whose stop is past the bound (5 at -W 20) is not printed, nor what follows.
        let l = layout(20, false);
        assert_eq!(l.half_line(&mut out, b"ab\tc\n", 0), 2);
        assert_eq!(out, b"ab");
    }
}
