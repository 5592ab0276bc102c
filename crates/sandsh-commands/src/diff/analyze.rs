//! The line comparison of GNU diffutils 3.8 (`analyze.c` and gnulib's `diffseq.h`), ported so
//! that hunks match GNU diff's exactly: identical prefix and suffix stripped, "confusing" lines
//! discarded, Myers' O(ND) middle-snake search with GNU's diagonal order and its
//! too-expensive cut-off, then `shift_boundaries` to slide and merge change groups.
//!
//! The divide-and-conquer runs on an explicit work list, so no input can overflow the stack.

/// One change: `deleted` lines of file 0 at `line0` replaced by `inserted` lines of file 1 at
/// `line1` (0-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Change {
    pub line0: usize,
    pub line1: usize,
    pub deleted: usize,
    pub inserted: usize,
}

/// A `changed` flag array with one sentinel slot on each side (index -1 and n are 0).
struct Flags(Vec<u8>);

impl Flags {
    fn new(n: usize) -> Flags {
        Flags(vec![0; n + 2])
    }
    fn get(&self, i: isize) -> bool {
        self.0[(i + 1) as usize] != 0
    }
    fn set(&mut self, i: isize, v: bool) {
        self.0[(i + 1) as usize] = u8::from(v);
    }
}

struct Ctx<'a> {
    xv: &'a [usize],
    yv: &'a [usize],
    fd: Vec<isize>,
    bd: Vec<isize>,
    off: isize,
    too_expensive: isize,
}

struct Part {
    xmid: isize,
    ymid: isize,
    lo_minimal: bool,
    hi_minimal: bool,
}

impl Ctx<'_> {
    fn eq(&self, x: isize, y: isize) -> bool {
        self.xv[x as usize] == self.yv[y as usize]
    }

    fn diag(&mut self, xoff: isize, xlim: isize, yoff: isize, ylim: isize, minimal: bool) -> Part {
        let o = self.off;
        let dmin = xoff - ylim;
        let dmax = xlim - yoff;
        let fmid = xoff - yoff;
        let bmid = xlim - ylim;
        let (mut fmin, mut fmax, mut bmin, mut bmax) = (fmid, fmid, bmid, bmid);
        let odd = (fmid - bmid) & 1 != 0;
        self.fd[(fmid + o) as usize] = xoff;
        self.bd[(bmid + o) as usize] = xlim;
        let mut c: isize = 1;
        loop {
            if fmin > dmin {
                fmin -= 1;
                self.fd[(fmin - 1 + o) as usize] = -1;
            } else {
                fmin += 1;
            }
            if fmax < dmax {
                fmax += 1;
                self.fd[(fmax + 1 + o) as usize] = -1;
            } else {
                fmax -= 1;
            }
            let mut d = fmax;
            while d >= fmin {
                let tlo = self.fd[(d - 1 + o) as usize];
                let thi = self.fd[(d + 1 + o) as usize];
                let x0 = if tlo < thi { thi } else { tlo + 1 };
                let (mut x, mut y) = (x0, x0 - d);
                while x < xlim && y < ylim && self.eq(x, y) {
                    x += 1;
                    y += 1;
                }
                self.fd[(d + o) as usize] = x;
                if odd && bmin <= d && d <= bmax && self.bd[(d + o) as usize] <= x {
                    return Part {
                        xmid: x,
                        ymid: y,
                        lo_minimal: true,
                        hi_minimal: true,
                    };
                }
                d -= 2;
            }
            if bmin > dmin {
                bmin -= 1;
                self.bd[(bmin - 1 + o) as usize] = isize::MAX;
            } else {
                bmin += 1;
            }
            if bmax < dmax {
                bmax += 1;
                self.bd[(bmax + 1 + o) as usize] = isize::MAX;
            } else {
                bmax -= 1;
            }
            let mut d = bmax;
            while d >= bmin {
                let tlo = self.bd[(d - 1 + o) as usize];
                let thi = self.bd[(d + 1 + o) as usize];
                let x0 = if tlo < thi { tlo } else { thi - 1 };
                let (mut x, mut y) = (x0, x0 - d);
                while xoff < x && yoff < y && self.eq(x - 1, y - 1) {
                    x -= 1;
                    y -= 1;
                }
                self.bd[(d + o) as usize] = x;
                if !odd && fmin <= d && d <= fmax && x <= self.fd[(d + o) as usize] {
                    return Part {
                        xmid: x,
                        ymid: y,
                        lo_minimal: true,
                        hi_minimal: true,
                    };
                }
                d -= 2;
            }
            if !minimal && c >= self.too_expensive {
                let mut fxybest = -1;
                let mut fxbest = 0;
                let mut d = fmax;
                while d >= fmin {
                    let mut x = self.fd[(d + o) as usize].min(xlim);
                    let mut y = x - d;
                    if ylim < y {
                        x = ylim + d;
                        y = ylim;
                    }
                    if fxybest < x + y {
                        fxybest = x + y;
                        fxbest = x;
                    }
                    d -= 2;
                }
                let mut bxybest = isize::MAX;
                let mut bxbest = 0;
                let mut d = bmax;
                while d >= bmin {
                    let mut x = xoff.max(self.bd[(d + o) as usize]);
                    let mut y = x - d;
                    if y < yoff {
                        x = yoff + d;
                        y = yoff;
                    }
                    if x + y < bxybest {
                        bxybest = x + y;
                        bxbest = x;
                    }
                    d -= 2;
                }
                return if (xlim + ylim) - bxybest < fxybest - (xoff + yoff) {
                    Part {
                        xmid: fxbest,
                        ymid: fxybest - fxbest,
                        lo_minimal: true,
                        hi_minimal: false,
                    }
                } else {
                    Part {
                        xmid: bxbest,
                        ymid: bxybest - bxbest,
                        lo_minimal: false,
                        hi_minimal: true,
                    }
                };
            }
            c += 1;
        }
    }
}

/// GNU's `discard_confusing_lines` over one pair of class vectors: 1 = no match in the other
/// file (certainly changed), and a run-based decision for lines with very many matches.
fn discards(a: &[usize], b: &[usize], nclasses: usize) -> [Vec<u8>; 2] {
    let mut counts = [vec![0usize; nclasses + 1], vec![0usize; nclasses + 1]];
    for &e in a {
        counts[0][e] += 1;
    }
    for &e in b {
        counts[1][e] += 1;
    }
    let vecs = [a, b];
    let mut out = [vec![0u8; a.len()], vec![0u8; b.len()]];
    for f in 0..2 {
        let equivs = vecs[f];
        let other = &counts[1 - f];
        let end = equivs.len();
        let mut many = 5usize;
        let mut tem = end / 64;
        loop {
            tem >>= 2;
            if tem == 0 {
                break;
            }
            many *= 2;
        }
        for i in 0..end {
            let nmatch = other[equivs[i]];
            if nmatch == 0 {
                out[f][i] = 1;
            } else if nmatch > many {
                out[f][i] = 2;
            }
        }
    }
    for d in &mut out {
        let end = d.len();
        let mut i = 0;
        while i < end {
            if d[i] == 2 {
                d[i] = 0;
            } else if d[i] != 0 {
                let mut provisional = 0usize;
                let mut j = i;
                while j < end {
                    if d[j] == 0 {
                        break;
                    }
                    if d[j] == 2 {
                        provisional += 1;
                    }
                    j += 1;
                }
                while j > i && d[j - 1] == 2 {
                    j -= 1;
                    d[j] = 0;
                    provisional -= 1;
                }
                let length = j - i;
                if provisional * 4 > length {
                    while j > i {
                        j -= 1;
                        if d[j] == 2 {
                            d[j] = 0;
                        }
                    }
                } else {
                    let mut minimum = 1usize;
                    let mut tem = length >> 2;
                    loop {
                        tem >>= 2;
                        if tem == 0 {
                            break;
                        }
                        minimum <<= 1;
                    }
                    minimum += 1;
                    let mut consec = 0usize;
                    let mut j: isize = 0;
                    while (j as usize) < length {
                        let k = i + j as usize;
                        if d[k] != 2 {
                            consec = 0;
                        } else {
                            consec += 1;
                            if minimum == consec {
                                j -= consec as isize;
                            } else if minimum < consec {
                                d[k] = 0;
                            }
                        }
                        j += 1;
                    }
                    keep_provisionals_at_end(d, i..i + length);
                    keep_provisionals_at_end(d, (i..i + length).rev());
                    i += length - 1;
                }
            }
            i += 1;
        }
    }
    out
}

/// One end of a run of discardable lines, scanned inwards as GNU's `discard_confusing_lines`
/// scans it: provisional discards (2) met before three real ones (1) in a row are kept after
/// all (0); a real one stops the scan past the first 8 lines.
fn keep_provisionals_at_end(d: &mut [u8], run: impl Iterator<Item = usize>) {
    let mut consec = 0;
    for (j, k) in run.enumerate() {
        if j >= 8 && d[k] == 1 {
            break;
        }
        if d[k] == 2 {
            consec = 0;
            d[k] = 0;
        } else if d[k] == 0 {
            consec = 0;
        } else {
            consec += 1;
        }
        if consec == 3 {
            break;
        }
    }
}

fn shift_boundaries(equivs: [&[usize]; 2], changed: &mut [Flags; 2]) {
    for (f, eq) in equivs.into_iter().enumerate() {
        let (me, other) = if f == 0 {
            let (a, b) = changed.split_at_mut(1);
            (&mut a[0], &b[0])
        } else {
            let (a, b) = changed.split_at_mut(1);
            (&mut b[0], &a[0])
        };
        let i_end = eq.len() as isize;
        let mut i: isize = 0;
        let mut j: isize = 0;
        loop {
            while i < i_end && !me.get(i) {
                while other.get(j) {
                    j += 1;
                }
                j += 1;
                i += 1;
            }
            if i == i_end {
                break;
            }
            let mut start = i;
            i += 1;
            while me.get(i) {
                i += 1;
            }
            while other.get(j) {
                j += 1;
            }
            let mut corresponding;
            loop {
                let runlength = i - start;
                while start > 0 && eq[(start - 1) as usize] == eq[(i - 1) as usize] {
                    start -= 1;
                    me.set(start, true);
                    i -= 1;
                    me.set(i, false);
                    while me.get(start - 1) {
                        start -= 1;
                    }
                    j -= 1;
                    while other.get(j) {
                        j -= 1;
                    }
                }
                corresponding = if other.get(j - 1) { i } else { i_end };
                while i != i_end && eq[start as usize] == eq[i as usize] {
                    me.set(start, false);
                    start += 1;
                    me.set(i, true);
                    i += 1;
                    while me.get(i) {
                        i += 1;
                    }
                    j += 1;
                    while other.get(j) {
                        j += 1;
                        corresponding = i;
                    }
                }
                if runlength == i - start {
                    break;
                }
            }
            while corresponding < i {
                start -= 1;
                me.set(start, true);
                i -= 1;
                me.set(i, false);
                j -= 1;
                while other.get(j) {
                    j -= 1;
                }
            }
        }
    }
}

/// Compare two sequences of equivalence classes (each >= 1, at most `nclasses`). `raw_a` and
/// `raw_b` are classes of the lines as written: as in GNU, the identical prefix and suffix are
/// found on the raw text and set aside, except for `horizon` lines (the context length) into
/// which changes may still slide. Returns the changes in order, or `None` when `cancelled`
/// says to stop.
pub fn diff(
    a: &[usize],
    b: &[usize],
    raw: (&[usize], &[usize]),
    nclasses: usize,
    horizon: usize,
    minimal: bool,
    cancelled: &dyn Fn() -> bool,
) -> Option<Vec<Change>> {
    let (raw_a, raw_b) = raw;
    let (na, nb) = (a.len(), b.len());
    let mut pre = 0;
    while pre < na && pre < nb && raw_a[pre] == raw_b[pre] {
        pre += 1;
    }
    let mut suf = 0;
    while suf < na - pre && suf < nb - pre && raw_a[na - 1 - suf] == raw_b[nb - 1 - suf] {
        suf += 1;
    }
    let lo = pre - pre.min(horizon);
    let cut = suf - suf.min(horizon);
    let ra = &a[lo..na - cut];
    let rb = &b[lo..nb - cut];
    let mut changed = [Flags::new(ra.len()), Flags::new(rb.len())];
    let disc = discards(ra, rb, nclasses);
    let mut und: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
    let mut real: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
    for (f, m) in [ra, rb].into_iter().enumerate() {
        for (i, &e) in m.iter().enumerate() {
            if minimal || disc[f][i] == 0 {
                und[f].push(e);
                real[f].push(i);
            } else {
                changed[f].set(i as isize, true);
            }
        }
    }
    let (nx, ny) = (und[0].len(), und[1].len());
    let mut diags = nx + ny + 3;
    let mut te: isize = 1;
    while diags != 0 {
        diags >>= 2;
        te <<= 1;
    }
    let mut ctx = Ctx {
        xv: &und[0],
        yv: &und[1],
        fd: vec![0; nx + ny + 3],
        bd: vec![0; nx + ny + 3],
        off: ny as isize + 1,
        too_expensive: te.max(4096),
    };
    let mut work: Vec<(isize, isize, isize, isize, bool)> =
        vec![(0, nx as isize, 0, ny as isize, minimal)];
    while let Some((mut xoff, mut xlim, mut yoff, mut ylim, min)) = work.pop() {
        if cancelled() {
            return None;
        }
        while xoff < xlim && yoff < ylim && ctx.eq(xoff, yoff) {
            xoff += 1;
            yoff += 1;
        }
        while xoff < xlim && yoff < ylim && ctx.eq(xlim - 1, ylim - 1) {
            xlim -= 1;
            ylim -= 1;
        }
        if xoff == xlim {
            for y in yoff..ylim {
                changed[1].set(real[1][y as usize] as isize, true);
            }
        } else if yoff == ylim {
            for x in xoff..xlim {
                changed[0].set(real[0][x as usize] as isize, true);
            }
        } else {
            let p = ctx.diag(xoff, xlim, yoff, ylim, min);
            work.push((p.xmid, xlim, p.ymid, ylim, p.hi_minimal));
            work.push((xoff, p.xmid, yoff, p.ymid, p.lo_minimal));
        }
    }
    shift_boundaries([ra, rb], &mut changed);
    let mut out = Vec::new();
    let (la, lb) = (ra.len() as isize, rb.len() as isize);
    let (mut i0, mut i1) = (0isize, 0isize);
    while i0 < la || i1 < lb {
        if changed[0].get(i0) || changed[1].get(i1) {
            let (l0, l1) = (i0, i1);
            while changed[0].get(i0) {
                i0 += 1;
            }
            while changed[1].get(i1) {
                i1 += 1;
            }
            out.push(Change {
                line0: lo + l0 as usize,
                line1: lo + l1 as usize,
                deleted: (i0 - l0) as usize,
                inserted: (i1 - l1) as usize,
            });
        }
        i0 += 1;
        i1 += 1;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(a: &[usize], b: &[usize]) -> Vec<(usize, usize, usize, usize)> {
        let n = a.iter().chain(b).copied().max().unwrap_or(0);
        diff(a, b, (a, b), n, 0, false, &|| false)
            .unwrap_or_default()
            .into_iter()
            .map(|c| (c.line0, c.line1, c.deleted, c.inserted))
            .collect()
    }

    #[test]
    fn basic_scripts() {
        assert_eq!(d(&[1, 2, 3], &[1, 2, 3]), vec![]);
        assert_eq!(d(&[1, 2, 3], &[1, 3]), vec![(1, 1, 1, 0)]);
        assert_eq!(d(&[], &[1, 2]), vec![(0, 0, 0, 2)]);
        assert_eq!(d(&[1, 2, 2], &[1, 2]), vec![(2, 2, 1, 0)]);
        assert_eq!(
            d(&[1, 2, 3, 4], &[1, 5, 3, 6]),
            vec![(1, 1, 1, 1), (3, 3, 1, 1)]
        );
    }
}
