//! Three-way text merge of one file, with the result `git merge` leaves in the working tree.
//!
//! Each side is diffed against the base (histogram, hunks slid without the indent
//! heuristic). The two lists of changes are walked together in base order: a change that
//! does not touch the other side's (a gap of at least one unchanged base line between them)
//! is taken from its side; the same change made on both sides is taken once; changes that
//! overlap or touch become one region in conflict, grown while further changes touch it.
//! A region in conflict is then narrowed: its two sides are diffed against each other, the
//! lines they share leave the conflict, and each remaining difference is a conflict of its
//! own. Finally conflicts at most three lines apart are joined into one. This is git's
//! "zealous" merge level, the one `git merge` uses, as observed on git 2.47; conflicts are
//! written with seven-character markers and the two labels, and a side whose last line has
//! no newline gets one before the next marker.

use crate::textdiff::{lines, merge_hunks};

/// The outcome of a text merge.
pub(crate) struct Merged {
    pub data: Vec<u8>,
    /// Whether a conflict was left marked in `data`.
    pub conflicted: bool,
}

/// A change of one side against the base: base lines `b0..b1` became side lines `s0..s1`.
#[derive(Clone, Copy)]
struct Change {
    b0: usize,
    b1: usize,
    s0: usize,
    s1: usize,
}

/// What a region of the result holds.
#[derive(Clone, Copy, PartialEq)]
enum Take {
    /// Both sides, in conflict.
    Conflict,
    /// Their lines in place of ours.
    Theirs,
    /// Our lines: a change of ours alone, or a conflict whose sides turned out the same.
    Ours,
}

/// A region of the result: our lines `o0..o0+on`, their lines `t0..t0+tn`.
#[derive(Clone, Copy)]
struct Region {
    take: Take,
    o0: usize,
    on: usize,
    t0: usize,
    tn: usize,
}

impl Region {
    /// Our change `x` alone, their lines starting at `t0`.
    fn ours(x: &Change, t0: usize) -> Region {
        Region {
            take: Take::Ours,
            o0: x.s0,
            on: x.s1 - x.s0,
            t0,
            tn: x.b1 - x.b0,
        }
    }

    /// Their change `y` alone, our lines starting at `o0`.
    fn theirs(y: &Change, o0: usize) -> Region {
        Region {
            take: Take::Theirs,
            o0,
            on: y.b1 - y.b0,
            t0: y.s0,
            tn: y.s1 - y.s0,
        }
    }
}

fn changes(base: &[u8], side: &[u8]) -> Vec<Change> {
    merge_hunks(base, side)
        .into_iter()
        .map(|h| Change {
            b0: h.before.start as usize,
            b1: h.before.end as usize,
            s0: h.after.start as usize,
            s1: h.after.end as usize,
        })
        .collect()
}

/// Adds a region, joining it to the last one when the two overlap or touch on either side;
/// a region joined from different kinds is in conflict.
fn push(regions: &mut Vec<Region>, r: Region) {
    if let Some(last) = regions.last_mut()
        && (r.o0 <= last.o0 + last.on || r.t0 <= last.t0 + last.tn)
    {
        if last.take != r.take {
            last.take = Take::Conflict;
        }
        last.on = r.o0 + r.on - last.o0;
        last.tn = r.t0 + r.tn - last.t0;
        return;
    }
    regions.push(r);
}

/// The regions of the result: each side's changes, and conflicts where they overlap.
fn regions(
    ours: &[Change],
    theirs: &[Change],
    o: &[&[u8]],
    t: &[&[u8]],
    lens: [usize; 3],
) -> Vec<Region> {
    let [base_len, ours_len, theirs_len] = lens;
    let mut out = Vec::new();
    let (mut i, mut j) = (0, 0);
    while let (Some(x), Some(y)) = (ours.get(i), theirs.get(j)) {
        if x.b1 < y.b0 {
            // Ours alone, where their lines are shifted by their changes before `y`.
            let t0 = x.b0 + y.s0 - y.b0;
            push(&mut out, Region::ours(x, t0));
            i += 1;
            continue;
        }
        if y.b1 < x.b0 {
            // Theirs alone, where our lines are shifted by our changes before `x`.
            let o0 = y.b0 + x.s0 - x.b0;
            push(&mut out, Region::theirs(y, o0));
            j += 1;
            continue;
        }
        let same = x.b0 == y.b0 && x.b1 == y.b1 && o[x.s0..x.s1] == t[y.s0..y.s1];
        if !same {
            let b0 = x.b0.min(y.b0);
            let b1 = x.b1.max(y.b1);
            // Where an earlier change of ours lies between `b0` and `x`, `o0` is off by
            // its length; the region then joins the one that change made, as in git.
            let o0 = x.s0.saturating_sub(x.b0 - b0);
            let t0 = y.s0.saturating_sub(y.b0 - b0);
            let o1 = x.s1 + (b1 - x.b1);
            let t1 = y.s1 + (b1 - y.b1);
            push(
                &mut out,
                Region {
                    take: Take::Conflict,
                    o0,
                    on: o1 - o0,
                    t0,
                    tn: t1 - t0,
                },
            );
        }
        if x.b1 >= y.b1 {
            j += 1;
        }
        if y.b1 >= x.b1 {
            i += 1;
        }
    }
    // What is left of one side: the other's lines are shifted by all of its changes.
    for x in &ours[i..] {
        let t0 = x.b0 + theirs_len - base_len;
        push(&mut out, Region::ours(x, t0));
    }
    for y in &theirs[j..] {
        let o0 = y.b0 + ours_len - base_len;
        push(&mut out, Region::theirs(y, o0));
    }
    out
}

/// Narrows each conflict to the lines where its two sides differ, one conflict per
/// difference; a conflict whose sides are the same is ours.
fn narrow(regions: Vec<Region>, o: &[&[u8]], t: &[&[u8]]) -> Vec<Region> {
    let mut out = Vec::with_capacity(regions.len());
    for r in regions {
        if r.take != Take::Conflict || r.on == 0 || r.tn == 0 {
            out.push(r);
            continue;
        }
        let a = o[r.o0..r.o0 + r.on].concat();
        let b = t[r.t0..r.t0 + r.tn].concat();
        let diffs = merge_hunks(&a, &b);
        if diffs.is_empty() {
            out.push(Region {
                take: Take::Ours,
                ..r
            });
            continue;
        }
        for h in diffs {
            out.push(Region {
                take: Take::Conflict,
                o0: r.o0 + h.before.start as usize,
                on: h.before.len(),
                t0: r.t0 + h.after.start as usize,
                tn: h.after.len(),
            });
        }
    }
    out
}

/// Joins conflicts that follow each other with at most three lines between them.
fn join(regions: Vec<Region>) -> Vec<Region> {
    let mut out: Vec<Region> = Vec::with_capacity(regions.len());
    for r in regions {
        if let Some(last) = out.last_mut()
            && last.take == Take::Conflict
            && r.take == Take::Conflict
            && r.o0 - (last.o0 + last.on) <= 3
        {
            last.on = r.o0 + r.on - last.o0;
            last.tn = r.t0 + r.tn - last.t0;
            continue;
        }
        out.push(r);
    }
    out
}

/// Appends `lines`, ending the last with a newline when `close` and it has none.
fn copy(out: &mut Vec<u8>, lines: &[&[u8]], close: bool) {
    for l in lines {
        out.extend_from_slice(l);
    }
    if close && lines.last().is_some_and(|l| !l.ends_with(b"\n")) {
        out.push(b'\n');
    }
}

fn marker(out: &mut Vec<u8>, c: u8, label: &str) {
    out.extend_from_slice(&[c; 7]);
    if !label.is_empty() {
        out.push(b' ');
        out.extend_from_slice(label.as_bytes());
    }
    out.push(b'\n');
}

/// Merge `ours` and `theirs`, both descended from `base`; conflicts are marked with
/// `<<<<<<< ours_label`, `=======`, `>>>>>>> theirs_label`.
pub(crate) fn merge(
    base: &[u8],
    ours: &[u8],
    theirs: &[u8],
    ours_label: &str,
    theirs_label: &str,
) -> Merged {
    let b = lines(base);
    let o = lines(ours);
    let t = lines(theirs);
    let lens = [b.len(), o.len(), t.len()];
    let found = regions(&changes(base, ours), &changes(base, theirs), &o, &t, lens);
    let found = join(narrow(found, &o, &t));
    let mut data = Vec::with_capacity(ours.len().max(theirs.len()));
    let mut conflicted = false;
    let mut at = 0;
    for r in &found {
        match r.take {
            Take::Ours => continue,
            Take::Theirs => {
                copy(&mut data, &o[at..r.o0], false);
                copy(&mut data, &t[r.t0..r.t0 + r.tn], false);
            }
            Take::Conflict => {
                conflicted = true;
                copy(&mut data, &o[at..r.o0], false);
                marker(&mut data, b'<', ours_label);
                copy(&mut data, &o[r.o0..r.o0 + r.on], true);
                marker(&mut data, b'=', "");
                copy(&mut data, &t[r.t0..r.t0 + r.tn], true);
                marker(&mut data, b'>', theirs_label);
            }
        }
        at = r.o0 + r.on;
    }
    copy(&mut data, &o[at..], false);
    Merged { data, conflicted }
}
