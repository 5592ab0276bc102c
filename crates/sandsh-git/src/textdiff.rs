//! Line diffs as git prints them: Myers (`imara-diff`, git's own algorithm, with its
//! indent heuristic for sliding hunks), hunks of `-U` context lines merged when the gap
//! between changes is at most twice the context, `@@ -a,b +c,d @@` headers with git's
//! default function-name line, and `\ No newline at end of file`.

use imara_diff::{Algorithm, Diff, InternedInput};

/// The lines of `data`, each with its newline.
pub(crate) fn lines(data: &[u8]) -> Vec<&[u8]> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, &b) in data.iter().enumerate() {
        if b == b'\n' {
            out.push(&data[start..=i]);
            start = i + 1;
        }
    }
    if start < data.len() {
        out.push(&data[start..]);
    }
    out
}

/// Whether git would call this content binary (a NUL in its first 8000 bytes).
pub(crate) fn is_binary(data: &[u8]) -> bool {
    data[..data.len().min(8000)].contains(&0)
}

/// The changed line ranges: (old start, old end, new start, new end), 0-based, half-open.
pub(crate) fn hunks(old: &[u8], new: &[u8]) -> Vec<(u32, u32, u32, u32)> {
    let input = InternedInput::new(old, new);
    let mut diff = Diff::compute(Algorithm::Myers, &input);
    diff.postprocess_lines(&input);
    diff.hunks()
        .map(|h| (h.before.start, h.before.end, h.after.start, h.after.end))
        .collect()
}

/// The changed line ranges as a merge computes them: histogram, hunks slid to git's
/// canonical place without the indent heuristic.
pub(crate) fn merge_hunks(old: &[u8], new: &[u8]) -> Vec<imara_diff::Hunk> {
    let input = InternedInput::new(old, new);
    let mut diff = Diff::compute(Algorithm::Histogram, &input);
    diff.postprocess_no_heuristic(&input);
    diff.hunks().collect()
}

/// Lines added and removed.
pub(crate) fn counts(old: &[u8], new: &[u8]) -> (usize, usize) {
    hunks(old, new).iter().fold((0, 0), |(a, d), h| {
        (a + (h.3 - h.2) as usize, d + (h.1 - h.0) as usize)
    })
}

/// git's default function-name line: one starting with a letter, `_` or `$`, cut to 80
/// bytes, trailing white space dropped.
fn func_line(line: &[u8]) -> Option<Vec<u8>> {
    let c = *line.first()?;
    if !(c.is_ascii_alphabetic() || c == b'_' || c == b'$') {
        return None;
    }
    let mut l = &line[..line.len().min(80)];
    while let Some((&last, rest)) = l.split_last() {
        if last.is_ascii_whitespace() {
            l = rest;
        } else {
            break;
        }
    }
    Some(l.to_vec())
}

fn range(start: u32, len: u32) -> String {
    let first = if len == 0 { start } else { start + 1 };
    if len == 1 {
        format!("{first}")
    } else {
        format!("{first},{len}")
    }
}

/// The hunks of a unified diff (from the first `@@` on) of `old` against `new`.
pub(crate) fn unified(old: &[u8], new: &[u8], context: u32) -> Vec<u8> {
    let a = lines(old);
    let b = lines(new);
    let changes = hunks(old, new);
    let mut out = Vec::new();
    let mut func: Option<Vec<u8>> = None;
    let mut func_searched_to: i64 = -1;
    let mut i = 0;
    while i < changes.len() {
        // Merge the changes whose gaps are at most 2 * context.
        let mut j = i;
        while j + 1 < changes.len() && changes[j + 1].0 - changes[j].1 <= 2 * context {
            j += 1;
        }
        let (first, last) = (changes[i], changes[j]);
        let s1 = first.0.saturating_sub(context);
        let e1 = (last.1 + context).min(a.len() as u32);
        let s2 = first.2 - (first.0 - s1);
        let e2 = last.3 + (e1 - last.1);
        // The function line: searched backwards from the line before the hunk down to
        // where the previous search began, keeping the previous one when none is found.
        let mut l = s1 as i64 - 1;
        while l > func_searched_to && l >= 0 {
            if let Some(f) = func_line(a[l as usize]) {
                func = Some(f);
                break;
            }
            l -= 1;
        }
        func_searched_to = s1 as i64 - 1;
        out.extend_from_slice(
            format!("@@ -{} +{} @@", range(s1, e1 - s1), range(s2, e2 - s2)).as_bytes(),
        );
        if let Some(f) = &func {
            out.push(b' ');
            out.extend_from_slice(f);
        }
        out.push(b'\n');
        let push = |out: &mut Vec<u8>, sign: u8, line: &[u8]| {
            out.push(sign);
            out.extend_from_slice(line);
            if !line.ends_with(b"\n") {
                out.extend_from_slice(b"\n\\ No newline at end of file\n");
            }
        };
        let mut pa = s1;
        for c in &changes[i..=j] {
            while pa < c.0 {
                push(&mut out, b' ', a[pa as usize]);
                pa += 1;
            }
            for k in c.0..c.1 {
                push(&mut out, b'-', a[k as usize]);
            }
            for k in c.2..c.3 {
                push(&mut out, b'+', b[k as usize]);
            }
            pa = c.1;
        }
        while pa < e1 {
            push(&mut out, b' ', a[pa as usize]);
            pa += 1;
        }
        i = j + 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hunk_headers_and_context() {
        let old = b"a\nb\nc\nd\ne\nf\ng\nh\n";
        let new = b"a\nb\nc\nD\ne\nf\ng\nh\n";
        let u = String::from_utf8(unified(old, new, 3)).unwrap();
        assert_eq!(u, "@@ -1,7 +1,7 @@\n a\n b\n c\n-d\n+D\n e\n f\n g\n");
        let u = String::from_utf8(unified(b"", b"x\n", 3)).unwrap();
        assert_eq!(u, "@@ -0,0 +1 @@\n+x\n");
        let u = String::from_utf8(unified(b"x", b"y", 3)).unwrap();
        assert_eq!(
            u,
            "@@ -1 +1 @@\n-x\n\\ No newline at end of file\n+y\n\\ No newline at end of file\n"
        );
    }

    #[test]
    fn function_lines_come_from_the_old_side() {
        let old = b"fn main() {\n  1\n  2\n  3\n  4\n  5\n}\n";
        let new = b"fn main() {\n  1\n  2\n  3\n  4\n  five\n}\n";
        let u = String::from_utf8(unified(old, new, 3)).unwrap();
        assert!(u.starts_with("@@ -3,5 +3,5 @@ fn main() {\n"), "{u}");
    }
}
