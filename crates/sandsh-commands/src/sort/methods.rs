//! How `sort` sorts: the fastest method the keys allow, each charging its overhead to the
//! session's memory budget.

use std::cmp::Ordering;

use sandsh_api::{Charge, ExitStatus, ToolCtx};

use super::compare::{Cfg, compare, compare_dec, compare_pre, compare_rest};
use super::fields::key_text;
use super::keys::Kind;
use super::numeric::{human_order, num_parts};
use super::random::line_digests;
use crate::common::{diag, input};

/// Splits `data` into records and sorts them (then drops duplicates for `-u`), with the
/// fastest method the keys allow.
pub(super) fn sort_lines<'a>(
    ctx: &mut dyn ToolCtx,
    data: &'a [u8],
    delim: u8,
    cfg: &Cfg,
) -> Result<Vec<&'a [u8]>, ExitStatus> {
    let mut lines = input::split_records(data, delim);
    // Without -s or -u two lines compare equal only when they are the same bytes (the
    // last-resort comparison), so an unstable sort gives the same output, faster.
    let need_stable = cfg.stable || cfg.unique;
    let randoms = cfg.keys.iter().filter(|k| k.kind == Kind::Random).count();
    let kept = if randoms > 0 {
        lines = sort_by_digests(ctx, &lines, cfg, randoms, need_stable)?;
        if cfg.unique {
            lines.dedup_by(|b, a| compare(a, b, cfg) == Ordering::Equal);
        }
        lines.len()
    } else if cfg.keys.is_empty() {
        sort_whole_lines(ctx, &mut lines, cfg, need_stable)?
    } else if let Some(dec) = integer_keys(&lines, cfg) {
        sort_integer_keys(ctx, dec, &mut lines, cfg, need_stable)?
    } else {
        sort_decorated(ctx, &mut lines, cfg, need_stable)?
    };
    lines.truncate(kept);
    Ok(lines)
}

/// Charges `bytes` of sorting overhead to the session's memory budget.
fn hold(ctx: &mut dyn ToolCtx, bytes: usize) -> Result<Charge, ExitStatus> {
    let mut charge = ctx.memory().charge();
    if let Err(e) = charge.set(bytes) {
        let e = input::memory_error(e);
        diag::err(ctx, "sort", &diag::io_msg(&e));
        return Err(2);
    }
    Ok(charge)
}

/// Entries sorted in parallel from this many on (below, a thread costs more than it saves).
const PARALLEL_FROM: usize = 1 << 15;

/// Sorts `dec` (the lines decorated with what makes them faster to compare) and writes its
/// lines back into `lines` in that order, and returns how many it wrote: with `unique` (`-u`),
/// a line whose entry compares equal to the last one written is left out, as GNU keeps the
/// first of equal lines, without finding the keys again. From [`PARALLEL_FROM`] entries on,
/// with a second core, the two halves sort at once (GNU sort also sorts on every core it has)
/// and merge straight into `lines`, taking the first half's entry on a tie (so a stable sort
/// stays stable), which needs no memory beyond what is already held.
fn sort_into<'a, T: Copy + Send>(
    dec: &mut [T],
    lines: &mut [&'a [u8]],
    line: impl Fn(&T) -> &'a [u8],
    cmp: impl Fn(&T, &T) -> Ordering + Sync,
    stable: bool,
    unique: bool,
) -> usize {
    let sort = |part: &mut [T]| {
        if stable {
            part.sort_by(&cmp);
        } else {
            part.sort_unstable_by(&cmp);
        }
    };
    let mut written = 0;
    let mut last: Option<T> = None;
    let mut emit = |e: T| {
        if unique && last.is_some_and(|l| cmp(&l, &e) == Ordering::Equal) {
            return;
        }
        lines[written] = line(&e);
        written += 1;
        last = Some(e);
    };
    if dec.len() < PARALLEL_FROM {
        sort(dec);
        dec.iter().for_each(|&e| emit(e));
        return written;
    }
    let mid = dec.len() / 2;
    let (left, right) = dec.split_at_mut(mid);
    sandsh_api::parallel::join(|| sort(left), || sort(right));
    let (mut i, mut j) = (0, 0);
    loop {
        let e = match (left.get(i), right.get(j)) {
            (Some(l), Some(r)) if cmp(r, l) == Ordering::Less => {
                j += 1;
                *r
            }
            (Some(l), _) => {
                i += 1;
                *l
            }
            (None, Some(r)) => {
                j += 1;
                *r
            }
            (None, None) => break,
        };
        emit(e);
    }
    written
}

/// The first 8 bytes of `key` (upper-cased with `fold`, zero-padded) as a big-endian number:
/// a smaller number means a smaller key, and a key of at most 8 bytes is whole in it.
fn prefix8(key: &[u8], fold: bool) -> u64 {
    let mut p = [0u8; 8];
    for (d, &c) in p.iter_mut().zip(key) {
        *d = if fold { c.to_ascii_uppercase() } else { c };
    }
    u64::from_be_bytes(p)
}

/// Random keys (`-R`): one digest per line and random key, computed once (GNU hashes per
/// comparison).
fn sort_by_digests<'a>(
    ctx: &mut dyn ToolCtx,
    lines: &[&'a [u8]],
    cfg: &Cfg,
    randoms: usize,
    need_stable: bool,
) -> Result<Vec<&'a [u8]>, ExitStatus> {
    let _charge = hold(ctx, lines.len() * (randoms * 16 + 8))?;
    let mut dig = Vec::with_capacity(lines.len() * randoms);
    for (i, l) in lines.iter().enumerate() {
        if i % 4096 == 0 && ctx.is_cancelled() {
            return Err(130);
        }
        line_digests(l, cfg, &mut dig);
    }
    let d = |i: usize| &dig[i * randoms..(i + 1) * randoms];
    let mut idx: Vec<usize> = (0..lines.len()).collect();
    let cmp = |&i: &usize, &j: &usize| compare_pre(lines[i], lines[j], d(i), d(j), cfg);
    if need_stable {
        idx.sort_by(cmp);
    } else {
        idx.sort_unstable_by(cmp);
    }
    Ok(idx.into_iter().map(|i| lines[i]).collect())
}

/// No keys, whole-line byte order: compare 8-byte prefixes held beside the pointers first,
/// so most comparisons never touch the lines.
fn sort_whole_lines(
    ctx: &mut dyn ToolCtx,
    lines: &mut [&[u8]],
    cfg: &Cfg,
    need_stable: bool,
) -> Result<usize, ExitStatus> {
    let rev = cfg.reverse;
    let _charge = hold(ctx, lines.len() * 24)?;
    let mut dec: Vec<(u64, &[u8])> = lines.iter().map(|l| (prefix8(l, false), *l)).collect();
    let cmp = |a: &(u64, &[u8]), b: &(u64, &[u8])| {
        let o = a.0.cmp(&b.0).then_with(|| a.1.cmp(b.1));
        if rev { o.reverse() } else { o }
    };
    Ok(sort_into(
        &mut dec,
        lines,
        |e| e.1,
        cmp,
        need_stable,
        cfg.unique,
    ))
}

/// A numeric or human first key that is a fixed-point number on every line (`dec`: the
/// numbers beside the lines): compare the numbers without touching the lines (random memory
/// accesses dominate).
fn sort_integer_keys<'a>(
    ctx: &mut dyn ToolCtx,
    mut dec: Vec<(i64, &'a [u8])>,
    lines: &mut [&'a [u8]],
    cfg: &Cfg,
    need_stable: bool,
) -> Result<usize, ExitStatus> {
    let _charge = hold(ctx, dec.len() * 24)?;
    let rev = cfg.keys[0].reverse;
    let cmp = |a: &(i64, &[u8]), b: &(i64, &[u8])| {
        let o = if rev { b.0.cmp(&a.0) } else { a.0.cmp(&b.0) };
        o.then_with(|| compare_rest(a.1, b.1, 1, &[], &[], cfg))
    };
    Ok(sort_into(
        &mut dec,
        lines,
        |e| e.1,
        cmp,
        need_stable,
        cfg.unique,
    ))
}

/// A line, its first key's text, and that key's 8-byte prefix as a number (`sort_decorated`).
type Prefixed<'a> = (u64, (&'a [u8], &'a [u8]));

/// Other keys: decorate, so the first key's text is found once per line, not per comparison.
fn sort_decorated(
    ctx: &mut dyn ToolCtx,
    lines: &mut [&[u8]],
    cfg: &Cfg,
    need_stable: bool,
) -> Result<usize, ExitStatus> {
    let _charge = hold(ctx, lines.len() * 40)?;
    let k0 = &cfg.keys[0];
    // A text key (plain or -f) also keeps its first 8 bytes, folded and zero-padded, as a
    // number: a smaller prefix means a smaller key, so most comparisons stop there.
    let prefixed = k0.kind == Kind::Text && !k0.dict && !k0.nonprint;
    let mut dec: Vec<Prefixed> = lines
        .iter()
        .map(|l| {
            let key = key_text(l, k0, cfg);
            let p = if prefixed { prefix8(key, k0.fold) } else { 0 };
            (p, (*l, key))
        })
        .collect();
    let rev = |o: Ordering| if k0.reverse { o.reverse() } else { o };
    let cmp = |a: &Prefixed, b: &Prefixed| {
        let o = a.0.cmp(&b.0);
        if o != Ordering::Equal {
            return rev(o);
        }
        let ((la, ka), (lb, kb)) = (a.1, b.1);
        // Keys of at most 8 bytes are whole in their prefixes: with the prefixes equal, the
        // shorter key is the longer one's start, so only the lengths are left to compare.
        if prefixed && ka.len() <= 8 && kb.len() <= 8 {
            return rev(ka.len().cmp(&kb.len()))
                .then_with(|| compare_rest(la, lb, 1, &[], &[], cfg));
        }
        compare_dec(&a.1, &b.1, cfg)
    };
    Ok(sort_into(
        &mut dec,
        lines,
        |e| e.1.0,
        cmp,
        need_stable,
        cfg.unique,
    ))
}

/// Each line's first-key value when that key is -n or -h and every line's key is a decimal
/// number that fits 18 digits as fixed point (as `numcmp` reads it: integer digits plus the
/// widest fraction, trailing zeros dropped), scaled by the same power of ten; else `None`.
/// For -h the suffix order (`human_order`, which GNU compares first) is packed above the
/// value as `order * 10^18 + value`: exact, since |value| < 10^18, |order| <= 8, and a
/// non-zero order has the value's sign, so the packed integers sort as (order, value) pairs.
fn integer_keys<'a>(lines: &[&'a [u8]], cfg: &Cfg) -> Option<Vec<(i64, &'a [u8])>> {
    const ORDER_UNIT: i64 = 1_000_000_000_000_000_000;
    let k = cfg.keys.first()?;
    if !matches!(k.kind, Kind::Numeric | Kind::Human) {
        return None;
    }
    // First pass: the widest fraction, so every value can share one scale.
    let (mut int_w, mut frac_w) = (0, 0);
    for l in lines {
        let (_, int, frac, _) = num_parts(key_text(l, k, cfg));
        int_w = int_w.max(int.len());
        frac_w = frac_w.max(frac.len());
        if int_w + frac_w > 18 {
            return None;
        }
    }
    let digits = |v: i64, ds: &[u8]| ds.iter().fold(v, |v, &d| v * 10 + i64::from(d - b'0'));
    let mut out = Vec::with_capacity(lines.len());
    for l in lines {
        let key = key_text(l, k, cfg);
        let (neg, int, frac, _) = num_parts(key);
        let mut v = digits(digits(0, int), frac);
        for _ in frac.len()..frac_w {
            v *= 10;
        }
        let order = if k.kind == Kind::Human {
            i64::from(human_order(key)) * ORDER_UNIT
        } else {
            0
        };
        out.push((order + if neg { -v } else { v }, *l));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The parallel path (two sorted halves merged into `lines`) gives exactly what one sort
    /// gives, ties in their input order when stable.
    #[test]
    fn halves_merge_as_one_sort() {
        let n = PARALLEL_FROM * 3 + 7;
        let texts: Vec<Vec<u8>> = (0..n)
            .map(|i| format!("{:05} {i}", (i * 7919) % 1000).into_bytes())
            .collect();
        for stable in [false, true] {
            let mut dec: Vec<(u64, &[u8])> = texts
                .iter()
                .map(|t| (u64::from(t[0] ^ t[4]), &t[..]))
                .collect();
            // Ties on the decoration alone: stability decides their order.
            let cmp = |a: &(u64, &[u8]), b: &(u64, &[u8])| a.0.cmp(&b.0);
            let mut want = dec.clone();
            want.sort_by(cmp);
            let mut lines = vec![&b""[..]; n];
            sort_into(&mut dec, &mut lines, |e| e.1, cmp, stable, false);
            let keys: Vec<u64> = lines.iter().map(|l| u64::from(l[0] ^ l[4])).collect();
            assert!(keys.is_sorted(), "stable={stable}");
            if stable {
                let want: Vec<&[u8]> = want.iter().map(|e| e.1).collect();
                assert_eq!(lines, want);
            }
        }
    }
}
