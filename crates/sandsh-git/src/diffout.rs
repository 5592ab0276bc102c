//! Comparing two snapshots (trees, the index, the working tree) and printing the result as
//! git does: patches (`diff --git`…), `--stat`, `--numstat`, `--shortstat`,
//! `--name-only`, `--name-status`, with renames found as git finds them by default.

use std::collections::BTreeMap;

use gix_hash::ObjectId;

use crate::error::Res;
use crate::odb::SHA1;
use crate::quote::{quote_c, show, show_prefixed};
use crate::repo::{Git, Repo};
use crate::textdiff;

pub(crate) type Files = BTreeMap<Vec<u8>, (u32, ObjectId)>;

/// One changed path (two for a rename).
#[derive(Clone, Debug)]
pub(crate) struct Change {
    pub old_path: Vec<u8>,
    pub new_path: Vec<u8>,
    pub old: Option<(u32, ObjectId)>,
    pub new: Option<(u32, ObjectId)>,
    /// Similarity of a rename, in percent.
    pub rename: Option<u32>,
}

impl Change {
    /// git's status letter: A, D, M, T (type changed), R.
    pub fn letter(&self) -> char {
        match (&self.old, &self.new) {
            _ if self.rename.is_some() => 'R',
            (None, Some(_)) => 'A',
            (Some(_), None) => 'D',
            (Some((a, _)), Some((b, _))) if a & 0o170000 != b & 0o170000 => 'T',
            _ => 'M',
        }
    }
}

/// The changes from `old` to `new`, sorted by path.
pub(crate) fn compare(old: &Files, new: &Files) -> Vec<Change> {
    let mut out = Vec::new();
    for (p, o) in old {
        match new.get(p) {
            Some(n) if n == o => {}
            n => out.push(Change {
                old_path: p.clone(),
                new_path: p.clone(),
                old: Some(*o),
                new: n.copied(),
                rename: None,
            }),
        }
    }
    for (p, n) in new {
        if !old.contains_key(p) {
            out.push(Change {
                old_path: p.clone(),
                new_path: p.clone(),
                old: None,
                new: Some(*n),
                rename: None,
            });
        }
    }
    out.sort_by(|a, b| a.new_path.cmp(&b.new_path));
    out
}

/// Where content comes from: the object database, or the working tree's files (by id).
pub(crate) struct Source<'r> {
    pub repo: &'r Repo,
    pub work: BTreeMap<ObjectId, Vec<u8>>,
}

impl Source<'_> {
    pub fn content(&self, id: &ObjectId) -> Res<Vec<u8>> {
        if id.is_null() {
            return Ok(Vec::new());
        }
        if let Some(d) = self.work.get(id) {
            return Ok(d.clone());
        }
        if *id == ObjectId::empty_blob(SHA1) {
            return Ok(Vec::new());
        }
        Ok(self.repo.object(id)?.1)
    }
}

/// Pair deleted and added files into renames: identical content first, then by git's
/// similarity estimate (at least 50 %).
pub(crate) fn find_renames(changes: Vec<Change>, src: &Source) -> Res<Vec<Change>> {
    let deleted: Vec<usize> = (0..changes.len())
        .filter(|&i| {
            changes[i].new.is_none()
                && changes[i]
                    .old
                    .is_some_and(|o| o.0 & 0o170000 == 0o100000 || o.0 == 0o120000)
        })
        .collect();
    let added: Vec<usize> = (0..changes.len())
        .filter(|&i| {
            changes[i].old.is_none()
                && changes[i]
                    .new
                    .is_some_and(|n| n.0 & 0o170000 == 0o100000 || n.0 == 0o120000)
        })
        .collect();
    if deleted.is_empty() || added.is_empty() {
        return Ok(changes);
    }
    let mut used_d = vec![false; changes.len()];
    let mut pairs: Vec<(usize, usize, u32)> = Vec::new();
    // Exact renames.
    for &a in &added {
        let aid = changes[a].new.map(|n| n.1);
        if let Some(&d) = deleted
            .iter()
            .filter(|&&d| !used_d[d] && changes[d].old.map(|o| o.1) == aid)
            .min_by_key(|&&d| basename_distance(&changes[d].old_path, &changes[a].new_path))
        {
            used_d[d] = true;
            pairs.push((d, a, 100));
        }
    }
    // Inexact renames, best score first.
    let left_a: Vec<usize> = added
        .iter()
        .copied()
        .filter(|a| !pairs.iter().any(|p| p.1 == *a))
        .collect();
    let left_d: Vec<usize> = deleted.iter().copied().filter(|d| !used_d[*d]).collect();
    if !left_a.is_empty() && !left_d.is_empty() && left_a.len() * left_d.len() <= 400 * 400 {
        let mut scores = Vec::new();
        let mut d_data = Vec::new();
        for &d in &left_d {
            d_data.push(src.content(&changes[d].old.map(|o| o.1).unwrap_or(ObjectId::null(SHA1)))?);
        }
        for &a in &left_a {
            let ad = src.content(&changes[a].new.map(|n| n.1).unwrap_or(ObjectId::null(SHA1)))?;
            for (k, &d) in left_d.iter().enumerate() {
                let s = similarity(&d_data[k], &ad);
                if s >= 50 {
                    scores.push((s, d, a));
                }
            }
        }
        scores.sort_by_key(|x| std::cmp::Reverse(x.0));
        let mut used_a: Vec<usize> = Vec::new();
        for (s, d, a) in scores {
            if used_d[d] || used_a.contains(&a) {
                continue;
            }
            used_d[d] = true;
            used_a.push(a);
            pairs.push((d, a, s));
        }
    }
    let mut out: Vec<Change> = Vec::new();
    let mut gone = vec![false; changes.len()];
    for &(d, a, s) in &pairs {
        gone[d] = true;
        gone[a] = true;
        out.push(Change {
            old_path: changes[d].old_path.clone(),
            new_path: changes[a].new_path.clone(),
            old: changes[d].old,
            new: changes[a].new,
            rename: Some(s),
        });
    }
    for (i, c) in changes.into_iter().enumerate() {
        if !gone[i] {
            out.push(c);
        }
    }
    out.sort_by(|a, b| a.new_path.cmp(&b.new_path));
    Ok(out)
}

fn basename_distance(a: &[u8], b: &[u8]) -> usize {
    let base = |p: &[u8]| p.rsplit(|&c| c == b'/').next().unwrap_or(p).to_vec();
    usize::from(base(a) != base(b))
}

/// git's similarity estimate (diffcore-delta): content cut into chunks at newlines or 64
/// bytes, each chunk counted by a hash; the bytes the destination shares with the source
/// over the larger size, in percent.
pub(crate) fn similarity(src: &[u8], dst: &[u8]) -> u32 {
    let max = src.len().max(dst.len());
    if max == 0 {
        return 100;
    }
    let min = src.len().min(dst.len());
    if (max as u64) * 30_000 < ((max - min) as u64) * 60_000 {
        return 0;
    }
    let a = chunks(src);
    let b = chunks(dst);
    let mut copied: u64 = 0;
    for (h, cnt) in &b {
        if let Some(sc) = a.get(h) {
            copied += (*cnt).min(*sc);
        }
    }
    let score = copied * 60_000 / max as u64;
    (score * 100 / 60_000) as u32
}

fn chunks(data: &[u8]) -> BTreeMap<u32, u64> {
    let mut out = BTreeMap::new();
    let mut n = 0;
    let mut accum1: u32 = 0;
    let mut accum2: u32 = 0;
    let mut i = 0;
    while i < data.len() {
        let c = data[i] as u32;
        let old1 = accum1;
        accum1 = (accum1 << 7) ^ (accum2 >> 25);
        accum2 = (accum2 << 7) ^ (old1 >> 25);
        accum1 = accum1.wrapping_add(c);
        n += 1;
        i += 1;
        if n < 64 && c != b'\n' as u32 {
            continue;
        }
        let h = (accum1.wrapping_add(accum2.wrapping_mul(0x61))) % 107_927;
        *out.entry(h).or_insert(0) += n as u64;
        n = 0;
        accum1 = 0;
        accum2 = 0;
    }
    if n > 0 {
        let h = (accum1.wrapping_add(accum2.wrapping_mul(0x61))) % 107_927;
        *out.entry(h).or_insert(0) += n as u64;
    }
    out
}

/// How to print a diff.
#[derive(Clone, Debug)]
pub(crate) struct Format {
    pub patch: bool,
    pub stat: bool,
    pub numstat: bool,
    pub shortstat: bool,
    pub name_only: bool,
    pub name_status: bool,
    pub context: u32,
    pub src_prefix: String,
    pub dst_prefix: String,
    pub stat_width: usize,
}

impl Default for Format {
    fn default() -> Self {
        Format {
            patch: true,
            stat: false,
            numstat: false,
            shortstat: false,
            name_only: false,
            name_status: false,
            context: 3,
            src_prefix: "a/".into(),
            dst_prefix: "b/".into(),
            stat_width: 80,
        }
    }
}

fn abbrev(id: &ObjectId) -> String {
    id.to_hex_with_len(7).to_string()
}

/// The patch for one change.
pub(crate) fn patch(c: &Change, src: &Source, f: &Format) -> Res<Vec<u8>> {
    let mut out = String::new();
    let a = show_prefixed(&f.src_prefix, &c.old_path);
    let b = show_prefixed(&f.dst_prefix, &c.new_path);
    out.push_str(&format!("diff --git {a} {b}\n"));
    let zero = "0000000".to_string();
    match (&c.old, &c.new) {
        (None, Some((m, _))) => out.push_str(&format!("new file mode {m:o}\n")),
        (Some((m, _)), None) => out.push_str(&format!("deleted file mode {m:o}\n")),
        (Some((om, _)), Some((nm, _))) if om != nm => {
            out.push_str(&format!("old mode {om:o}\nnew mode {nm:o}\n"));
        }
        _ => {}
    }
    if let Some(s) = c.rename {
        out.push_str(&format!(
            "similarity index {s}%\nrename from {}\nrename to {}\n",
            show(&c.old_path),
            show(&c.new_path)
        ));
    }
    let old_id = c.old.map(|o| o.1);
    let new_id = c.new.map(|n| n.1);
    if old_id == new_id {
        return Ok(out.into_bytes());
    }
    let index_mode = match (&c.old, &c.new) {
        (Some((om, _)), Some((nm, _))) if om == nm => format!(" {om:o}"),
        _ => String::new(),
    };
    out.push_str(&format!(
        "index {}..{}{index_mode}\n",
        old_id.as_ref().map(abbrev).unwrap_or_else(|| zero.clone()),
        new_id.as_ref().map(abbrev).unwrap_or(zero)
    ));
    let od = match &old_id {
        Some(id) => src.content(id)?,
        None => Vec::new(),
    };
    let nd = match &new_id {
        Some(id) => src.content(id)?,
        None => Vec::new(),
    };
    let (la, lb) = (
        if c.old.is_some() {
            a.clone()
        } else {
            "/dev/null".into()
        },
        if c.new.is_some() {
            b.clone()
        } else {
            "/dev/null".into()
        },
    );
    if textdiff::is_binary(&od) || textdiff::is_binary(&nd) {
        out.push_str(&format!("Binary files {la} and {lb} differ\n"));
        return Ok(out.into_bytes());
    }
    if od.is_empty() && nd.is_empty() {
        return Ok(out.into_bytes());
    }
    out.push_str(&format!("--- {la}\n+++ {lb}\n"));
    let mut bytes = out.into_bytes();
    bytes.extend(textdiff::unified(&od, &nd, f.context));
    Ok(bytes)
}

/// One file's line counts (`None` for binary content).
pub(crate) fn numbers(c: &Change, src: &Source) -> Res<Option<(usize, usize)>> {
    let od = match &c.old {
        Some((_, id)) => src.content(id)?,
        None => Vec::new(),
    };
    let nd = match &c.new {
        Some((_, id)) => src.content(id)?,
        None => Vec::new(),
    };
    if textdiff::is_binary(&od) || textdiff::is_binary(&nd) {
        return Ok(None);
    }
    if c.old.map(|o| o.1) == c.new.map(|n| n.1) {
        return Ok(Some((0, 0)));
    }
    Ok(Some(textdiff::counts(&od, &nd)))
}

/// `old => new`, or `dir/{old => new}` with the common parts taken out, as git shows a
/// rename in `--stat`.
pub(crate) fn rename_name(a: &[u8], b: &[u8]) -> String {
    if quote_c(a).is_some() || quote_c(b).is_some() {
        return format!("{} => {}", show(a), show(b));
    }
    let mut pfx = 0;
    let mut i = 0;
    while i < a.len() && i < b.len() && a[i] == b[i] {
        if a[i] == b'/' {
            pfx = i + 1;
        }
        i += 1;
    }
    let adj = usize::from(pfx > 0);
    let mut sfx = 0;
    let (mut oa, mut ob) = (a.len() as isize - 1, b.len() as isize - 1);
    let lo = pfx as isize - adj as isize;
    while oa >= lo && ob >= lo && oa >= 0 && ob >= 0 && a[oa as usize] == b[ob as usize] {
        if a[oa as usize] == b'/' {
            sfx = a.len() - oa as usize;
        }
        oa -= 1;
        ob -= 1;
    }
    let amid = a.len().saturating_sub(pfx + sfx);
    let bmid = b.len().saturating_sub(pfx + sfx);
    let s = |x: &[u8]| String::from_utf8_lossy(x).into_owned();
    if pfx + sfx > 0 {
        format!(
            "{}{{{} => {}}}{}",
            s(&a[..pfx]),
            s(&a[pfx..pfx + amid]),
            s(&b[pfx..pfx + bmid]),
            s(&a[a.len() - sfx..])
        )
    } else {
        format!("{} => {}", s(&a[pfx..pfx + amid]), s(&b[pfx..pfx + bmid]))
    }
}

fn stat_name(c: &Change) -> String {
    if c.rename.is_some() {
        rename_name(&c.old_path, &c.new_path)
    } else {
        show(&c.new_path)
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// ` 2 files changed, 3 insertions(+), 1 deletion(-)`
pub(crate) fn summary_line(files: usize, add: usize, del: usize) -> String {
    let mut s = format!(" {}", plural(files, "file changed", "files changed"));
    if add > 0 || del == 0 {
        s.push_str(&format!(
            ", {}",
            plural(add, "insertion(+)", "insertions(+)")
        ));
    }
    if del > 0 || add == 0 {
        s.push_str(&format!(", {}", plural(del, "deletion(-)", "deletions(-)")));
    }
    s.push('\n');
    s
}

fn scale(it: usize, width: usize, max: usize) -> usize {
    if it == 0 {
        0
    } else {
        1 + it * (width - 1) / max
    }
}

/// `--stat`'s lines and summary.
pub(crate) fn stat(changes: &[Change], src: &Source, width: usize) -> Res<String> {
    let mut rows = Vec::new();
    let mut bins: Vec<Option<String>> = Vec::new();
    for c in changes {
        let n = numbers(c, src)?;
        bins.push(if n.is_none() {
            let size = |s: &Option<(u32, ObjectId)>| -> Res<usize> {
                Ok(match s {
                    Some((_, id)) => src.content(id)?.len(),
                    None => 0,
                })
            };
            Some(format!("{} -> {} bytes", size(&c.old)?, size(&c.new)?))
        } else {
            None
        });
        rows.push((stat_name(c), n, c));
    }
    let bin_width = bins
        .iter()
        .flatten()
        .map(|b| b.len() + 4)
        .max()
        .unwrap_or(0);
    if rows.is_empty() {
        return Ok(String::new());
    }
    let max_len = rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(0);
    let max_change = rows
        .iter()
        .map(|r| r.1.map_or(0, |(a, d)| a + d))
        .max()
        .unwrap_or(0);
    let has_bin = rows.iter().any(|r| r.1.is_none());
    let mut number_width = max_change.to_string().len();
    if has_bin && number_width < 3 {
        number_width = 3;
    }
    let mut width = width;
    if width < 16 + 6 + number_width {
        width = 16 + 6 + number_width;
    }
    let mut graph_width = if max_change + 4 > bin_width {
        max_change
    } else {
        bin_width - 4
    };
    let mut name_width = max_len;
    if name_width + number_width + 6 + graph_width > width {
        if graph_width > (width * 3 / 8).saturating_sub(number_width + 6) {
            graph_width = (width * 3 / 8).saturating_sub(number_width + 6);
            if graph_width < 6 {
                graph_width = 6;
            }
        }
        if name_width > width.saturating_sub(number_width + 6 + graph_width) {
            name_width = width.saturating_sub(number_width + 6 + graph_width);
        } else {
            graph_width = width - number_width - 6 - name_width;
        }
    }
    let mut out = String::new();
    let (mut tadd, mut tdel) = (0, 0);
    for (k, (name, nums, _)) in rows.iter().enumerate() {
        let len = name.chars().count();
        let shown = if len > name_width {
            let keep = name_width.saturating_sub(3);
            let tail: String = name.chars().skip(len - keep).collect();
            // git cuts at a directory boundary when it can.
            let tail = match tail.find('/') {
                Some(p) if p + 1 < tail.len() => tail[p..].to_string(),
                _ => tail,
            };
            format!("...{tail}")
        } else {
            name.clone()
        };
        match nums {
            None => {
                let text = bins[k].clone().unwrap_or_default();
                out.push_str(&format!(
                    " {shown:<name_width$} | {:>number_width$} {text}\n",
                    "Bin"
                ));
            }
            Some((a, d)) => {
                tadd += a;
                tdel += d;
                let (mut pa, mut pd) = (*a, *d);
                if graph_width <= max_change && max_change > 0 {
                    let mut total = scale(a + d, graph_width, max_change);
                    if total < 2 && *a > 0 && *d > 0 {
                        total = 2;
                    }
                    if a < d {
                        pa = scale(*a, graph_width, max_change);
                        pd = total - pa;
                    } else {
                        pd = scale(*d, graph_width, max_change);
                        pa = total - pd;
                    }
                }
                let n = a + d;
                out.push_str(&format!(
                    " {shown:<name_width$} | {n:>number_width$}{}{}{}\n",
                    if n > 0 { " " } else { "" },
                    "+".repeat(pa),
                    "-".repeat(pd)
                ));
            }
        }
    }
    out.push_str(&summary_line(rows.len(), tadd, tdel));
    Ok(out)
}

/// Print `changes` in the formats `f` asks for.
pub(crate) fn print(
    g: &mut Git,
    changes: &[Change],
    src: &Source,
    f: &Format,
    prefix: &str,
) -> Res<()> {
    let rel = |p: &[u8]| -> Vec<u8> {
        if prefix.is_empty() {
            p.to_vec()
        } else {
            crate::repo::relative_to(&String::from_utf8_lossy(p), prefix).into_bytes()
        }
    };
    if f.name_only {
        for c in changes {
            g.check()?;
            let line = format!("{}\n", show(&rel(&c.new_path)));
            g.outs(&line)?;
        }
        return Ok(());
    }
    if f.name_status {
        for c in changes {
            g.check()?;
            let line = match c.rename {
                Some(s) => format!(
                    "R{s:03}\t{}\t{}\n",
                    show(&rel(&c.old_path)),
                    show(&rel(&c.new_path))
                ),
                None => format!("{}\t{}\n", c.letter(), show(&rel(&c.new_path))),
            };
            g.outs(&line)?;
        }
        return Ok(());
    }
    if f.numstat {
        for c in changes {
            g.check()?;
            let name = if c.rename.is_some() {
                rename_name(&c.old_path, &c.new_path)
            } else {
                show(&c.new_path)
            };
            let line = match numbers(c, src)? {
                Some((a, d)) => format!("{a}\t{d}\t{name}\n"),
                None => format!("-\t-\t{name}\n"),
            };
            g.outs(&line)?;
        }
    }
    if f.stat {
        let s = stat(changes, src, f.stat_width)?;
        g.outs(&s)?;
    } else if f.shortstat && !changes.is_empty() {
        let (mut a, mut d) = (0, 0);
        for c in changes {
            if let Some((x, y)) = numbers(c, src)? {
                a += x;
                d += y;
            }
        }
        g.outs(&summary_line(changes.len(), a, d))?;
    }
    if f.patch {
        if (f.stat || f.numstat || f.shortstat) && !changes.is_empty() {
            g.outs("\n")?;
        }
        for c in changes {
            g.check()?;
            let p = patch(c, src, f)?;
            g.out(&p)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renames_show_their_common_parts_once() {
        assert_eq!(rename_name(b"a.txt", b"b.txt"), "a.txt => b.txt");
        assert_eq!(rename_name(b"src/a.rs", b"src/b.rs"), "src/{a.rs => b.rs}");
        assert_eq!(rename_name(b"a/x/f", b"b/x/f"), "{a => b}/x/f");
        assert_eq!(rename_name(b"f", b"d/f"), "f => d/f");
    }

    #[test]
    fn summary_lines() {
        assert_eq!(summary_line(1, 1, 0), " 1 file changed, 1 insertion(+)\n");
        assert_eq!(
            summary_line(2, 3, 1),
            " 2 files changed, 3 insertions(+), 1 deletion(-)\n"
        );
        assert_eq!(
            summary_line(1, 0, 0),
            " 1 file changed, 0 insertions(+), 0 deletions(-)\n"
        );
    }
}
