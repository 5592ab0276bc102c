//! The current record (`$0`) and its fields.
//!
//! Fields are split lazily, on the first access to a field or NF, into byte ranges of the
//! record text; nothing is copied until a field is read. Assigning a field or NF switches to
//! owned field values and rebuilds `$0` with OFS, as awk requires.

use std::rc::Rc;

use super::re::Re;
use super::value::{Value, empty_str, str_from};

/// How FS splits a record.
pub enum Splitter {
    /// FS = " ": runs of blanks and newlines, leading and trailing ignored
    Space,
    /// a single literal byte
    Byte(u8),
    /// FS = "": every character is a field
    Chars,
    Regex(Rc<Re>),
    /// gawk's FPAT: the fields are the matches of the regexp, not the text between them
    Pattern(Rc<Re>),
}

#[derive(Default)]
pub struct Record {
    pub text: Vec<u8>,
    split: bool,
    ranges: Vec<(usize, usize)>,
    /// owned fields once any field was assigned
    fields: Option<Vec<Value>>,
    nf: usize,
}

impl Record {
    pub fn set(&mut self, text: &[u8]) {
        self.text.clear();
        self.text.extend_from_slice(text);
        self.split = false;
        self.fields = None;
    }

    /// Install `buf` as the new record text; the old text's buffer is handed back for reuse.
    pub fn swap_text(&mut self, buf: &mut Vec<u8>) {
        std::mem::swap(&mut self.text, buf);
        self.split = false;
        self.fields = None;
    }

    pub fn set_owned(&mut self, text: Vec<u8>) {
        self.text = text;
        self.split = false;
        self.fields = None;
    }

    pub fn ensure_split(&mut self, sp: &Splitter, paragraph: bool) {
        if self.split {
            return;
        }
        self.split = true;
        self.ranges.clear();
        split_into(&self.text, sp, paragraph, &mut self.ranges);
        self.nf = self.ranges.len();
    }

    pub fn nf(&mut self, sp: &Splitter, paragraph: bool) -> usize {
        self.ensure_split(sp, paragraph);
        self.nf
    }

    pub fn field(&mut self, i: usize, sp: &Splitter, paragraph: bool) -> Value {
        if i == 0 {
            return Value::strnum(&self.text);
        }
        self.ensure_split(sp, paragraph);
        if let Some(f) = &self.fields {
            return f
                .get(i - 1)
                .cloned()
                .unwrap_or_else(|| Value::Str(empty_str()));
        }
        match self.ranges.get(i - 1) {
            Some(&(a, b)) => Value::strnum(&self.text[a..b]),
            // fields past NF are empty strings (not numeric), as in gawk
            None => Value::Str(empty_str()),
        }
    }

    /// The bytes of field `i` when it is an unmodified slice of the record.
    pub fn field_slice(&mut self, i: usize, sp: &Splitter, paragraph: bool) -> Option<&[u8]> {
        if i == 0 {
            return Some(&self.text);
        }
        self.ensure_split(sp, paragraph);
        if self.fields.is_some() {
            return None;
        }
        match self.ranges.get(i - 1) {
            Some(&(a, b)) => Some(&self.text[a..b]),
            None => Some(&[]),
        }
    }

    fn own(&mut self) -> &mut Vec<Value> {
        if self.fields.is_none() {
            let v: Vec<Value> = self
                .ranges
                .iter()
                .map(|&(a, b)| Value::strnum(&self.text[a..b]))
                .collect();
            self.fields = Some(v);
        }
        self.fields.get_or_insert_with(Vec::new)
    }

    pub fn set_field(
        &mut self,
        i: usize,
        v: Value,
        sp: &Splitter,
        paragraph: bool,
        ofs: &[u8],
        convfmt: &[u8],
    ) {
        if i == 0 {
            let s = v.to_str_with(convfmt);
            self.set(&s);
            return;
        }
        self.ensure_split(sp, paragraph);
        let f = self.own();
        if f.len() < i {
            f.resize(i, Value::Str(empty_str()));
        }
        f[i - 1] = v;
        self.nf = self.nf.max(i);
        self.rebuild(ofs, convfmt);
    }

    pub fn set_nf(&mut self, n: usize, sp: &Splitter, paragraph: bool, ofs: &[u8], convfmt: &[u8]) {
        self.ensure_split(sp, paragraph);
        let f = self.own();
        f.resize(n, Value::Str(empty_str()));
        self.nf = n;
        self.rebuild(ofs, convfmt);
    }

    fn rebuild(&mut self, ofs: &[u8], convfmt: &[u8]) {
        let mut t = Vec::with_capacity(self.text.len() + 8);
        if let Some(f) = &self.fields {
            for (k, v) in f.iter().enumerate() {
                if k > 0 {
                    t.extend_from_slice(ofs);
                }
                v.write_to(&mut t, convfmt);
            }
        }
        self.text = t;
    }
}

fn is_space(b: u8) -> bool {
    b == b' ' || b == b'\t' || b == b'\n'
}

/// Split `text` by `sp` into byte ranges.
pub fn split_into(text: &[u8], sp: &Splitter, paragraph: bool, out: &mut Vec<(usize, usize)>) {
    match sp {
        Splitter::Space => {
            let mut i = 0;
            let n = text.len();
            loop {
                while i < n && is_space(text[i]) {
                    i += 1;
                }
                if i >= n {
                    break;
                }
                let s = i;
                while i < n && !is_space(text[i]) {
                    i += 1;
                }
                out.push((s, i));
            }
        }
        Splitter::Byte(c) => {
            if text.is_empty() {
                return;
            }
            let c = *c;
            let mut s = 0;
            if paragraph && c != b'\n' {
                for (i, &b) in text.iter().enumerate() {
                    if b == c || b == b'\n' {
                        out.push((s, i));
                        s = i + 1;
                    }
                }
            } else {
                for i in memchr::memchr_iter(c, text) {
                    out.push((s, i));
                    s = i + 1;
                }
            }
            out.push((s, text.len()));
        }
        Splitter::Chars => {
            for (a, b, _) in bstr::ByteSlice::char_indices(text) {
                out.push((a, b));
            }
        }
        Splitter::Pattern(re) => split_by_pattern(text, re, out),
        Splitter::Regex(re) => {
            if text.is_empty() {
                return;
            }
            let mut s = 0;
            let mut pos = 0;
            while pos <= text.len() {
                let Some((a, b)) = re.find_at(text, pos) else {
                    break;
                };
                if b == a {
                    // empty matches do not split
                    pos = a + 1;
                    continue;
                }
                if paragraph {
                    // newlines also separate in paragraph mode
                    push_nl_split(text, s, a, out);
                } else {
                    out.push((s, a));
                }
                s = b;
                pos = b;
            }
            if paragraph {
                push_nl_split(text, s, text.len(), out);
            } else {
                out.push((s, text.len()));
            }
        }
    }
}

/// gawk's FPAT splitting: each match is a field; a null match is a (null) field unless it
/// comes right after a non-null one, and the text between matches is dropped.
fn split_by_pattern(text: &[u8], re: &Re, out: &mut Vec<(usize, usize)>) {
    if text.is_empty() {
        return;
    }
    let mut scan = 0;
    let mut prev_end = None;
    while scan <= text.len() {
        let Some((a, b)) = re.find_at(text, scan) else {
            break;
        };
        if b > a {
            out.push((a, b));
            prev_end = Some(b);
            scan = b;
            continue;
        }
        if prev_end != Some(a) {
            out.push((a, a));
            prev_end = Some(a);
        }
        // Step over one character (the separator).
        scan = a + text[a..]
            .first()
            .map_or(1, |&c| match c {
                0xc0..=0xdf => 2,
                0xe0..=0xef => 3,
                0xf0..=0xf7 => 4,
                _ => 1,
            })
            .min(text.len() - a)
            .max(1);
    }
}

fn push_nl_split(text: &[u8], s: usize, e: usize, out: &mut Vec<(usize, usize)>) {
    let mut st = s;
    for (i, &b) in text.iter().enumerate().take(e).skip(s) {
        if b == b'\n' {
            out.push((st, i));
            st = i + 1;
        }
    }
    out.push((st, e));
}

/// Split a string into owned values (for `split()`), with gawk's rules.
pub fn split_values(text: &[u8], sp: &Splitter) -> Vec<Value> {
    let mut r = Vec::new();
    split_into(text, sp, false, &mut r);
    r.into_iter()
        .map(|(a, b)| Value::StrNum(str_from(&text[a..b])))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(text: &[u8], sp: &Splitter, paragraph: bool) -> Vec<Vec<u8>> {
        let mut r = Vec::new();
        split_into(text, sp, paragraph, &mut r);
        r.into_iter().map(|(a, b)| text[a..b].to_vec()).collect()
    }

    #[test]
    fn splitting() {
        assert_eq!(
            fields(b"  a \tb\n", &Splitter::Space, false),
            vec![b"a".to_vec(), b"b".to_vec()]
        );
        assert_eq!(
            fields(b"a,,b", &Splitter::Byte(b','), false),
            vec![b"a".to_vec(), b"".to_vec(), b"b".to_vec()]
        );
        assert!(fields(b"", &Splitter::Byte(b','), false).is_empty());
        assert_eq!(fields("é1".as_bytes(), &Splitter::Chars, false).len(), 2);
        assert_eq!(
            fields(b"a:b\nc", &Splitter::Byte(b':'), true),
            vec![b"a".to_vec(), b"b".to_vec(), b"c".to_vec()]
        );
    }

    #[test]
    fn assignment_rebuilds_record() {
        let mut r = Record::default();
        r.set(b"a b c");
        r.set_field(
            5,
            Value::from_bytes(b"e"),
            &Splitter::Space,
            false,
            b"-",
            b"%.6g",
        );
        assert_eq!(r.text, b"a-b-c--e");
        r.set_nf(2, &Splitter::Space, false, b"-", b"%.6g");
        assert_eq!(r.text, b"a-b");
    }
}
