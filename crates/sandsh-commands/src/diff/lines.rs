//! A side of the comparison as lines: split with their terminators, binary or not, and the
//! normalization `-i`, `-b` and `-w` compare by (`-B` asks [`is_blank`]).

use super::options::Opts;

/// One side of a comparison: its lines borrow the file's bytes.
pub(super) struct Input<'a> {
    /// Lines with their terminators (the last may lack one).
    pub(super) lines: Vec<&'a [u8]>,
    pub(super) binary: bool,
}

/// The lines of `data` with their terminators (the last may lack one).
pub(super) fn split_lines(data: &[u8]) -> Vec<&[u8]> {
    let mut v = Vec::with_capacity(memchr::memchr_iter(b'\n', data).count() + 1);
    let mut start = 0;
    for i in memchr::memchr_iter(b'\n', data) {
        v.push(&data[start..=i]);
        start = i + 1;
    }
    if start < data.len() {
        v.push(&data[start..]);
    }
    v
}

pub(super) fn normalize(o: &Opts, line: &[u8]) -> Vec<u8> {
    let (body, nl) = match line.last() {
        Some(b'\n') => (&line[..line.len() - 1], true),
        _ => (line, false),
    };
    let mut body = body;
    if o.strip_cr && body.last() == Some(&b'\r') {
        body = &body[..body.len() - 1];
    }
    let mut out: Vec<u8> = Vec::with_capacity(body.len() + 1);
    if o.all_space {
        out.extend(body.iter().filter(|b| !b.is_ascii_whitespace()));
    } else if o.space_change {
        // Runs of white space compare as one space; trailing white space is ignored.
        let mut in_space = false;
        for &b in body {
            if b.is_ascii_whitespace() {
                in_space = true;
            } else {
                if in_space {
                    out.push(b' ');
                }
                in_space = false;
                out.push(b);
            }
        }
    } else {
        out.extend_from_slice(body);
    }
    if o.icase {
        out.make_ascii_lowercase();
    }
    if nl || o.all_space || o.space_change {
        out.push(b'\n');
    }
    out
}

pub(super) fn is_blank(line: &[u8]) -> bool {
    line.iter().all(|b| *b == b'\n')
}
