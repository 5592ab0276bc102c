//! How two lines compare: the comparison settings ([`Cfg`]), text keys with `-d`/`-f`/`-i`, a
//! key by its kind, and the whole line key by key with GNU's last-resort comparison. The
//! collations of the other kinds live in [`super::numeric`], [`super::version`] and
//! [`super::random`].

use std::cmp::Ordering;

use super::fields::{is_blank, key_text};
use super::keys::{Key, Kind};
use super::numeric::{general_cmp, human_order, month, numcmp};
use super::random::{Digest16, random_digest};
use super::version::filevercmp;

pub(super) struct Cfg {
    pub(super) keys: Vec<Key>,
    pub(super) tab: Option<u8>,
    pub(super) reverse: bool,
    pub(super) stable: bool,
    pub(super) unique: bool,
    /// MD5 state after the 16 random bytes, as GNU's `random_md5_state` (-R).
    pub(super) salt: md5::Md5,
    /// Hash a key followed by a NUL, as GNU does in a UTF-8 locale (its `strxfrm` path); in
    /// the C/POSIX locale the key alone.
    pub(super) nul_after_key: bool,
}

fn text_cmp(a: &[u8], b: &[u8], k: &Key) -> Ordering {
    if !(k.dict || k.fold || k.nonprint) {
        return a.cmp(b);
    }
    let keep = |c: u8| {
        (!k.dict || is_blank(c) || c.is_ascii_alphanumeric())
            && (!k.nonprint || (0x20..0x7f).contains(&c))
    };
    let tr = |c: u8| if k.fold { c.to_ascii_uppercase() } else { c };
    let mut ia = a.iter().copied().filter(|c| keep(*c)).map(tr);
    let mut ib = b.iter().copied().filter(|c| keep(*c)).map(tr);
    loop {
        match (ia.next(), ib.next()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(x), Some(y)) => {
                if x != y {
                    return x.cmp(&y);
                }
            }
        }
    }
}

fn key_cmp(
    a: &[u8],
    b: &[u8],
    k: &Key,
    cfg: &Cfg,
    digests: Option<(&Digest16, &Digest16)>,
) -> Ordering {
    key_cmp_text(key_text(a, k, cfg), key_text(b, k, cfg), k, cfg, digests)
}

/// `key_cmp` on the keys' text, already extracted.
fn key_cmp_text(
    ka: &[u8],
    kb: &[u8],
    k: &Key,
    cfg: &Cfg,
    digests: Option<(&Digest16, &Digest16)>,
) -> Ordering {
    let o = match k.kind {
        Kind::Text => text_cmp(ka, kb, k),
        Kind::Numeric => numcmp(ka, kb),
        Kind::Human => human_order(ka)
            .cmp(&human_order(kb))
            .then_with(|| numcmp(ka, kb)),
        Kind::General => general_cmp(ka, kb),
        Kind::Month => month(ka).cmp(&month(kb)),
        Kind::Version => filevercmp(ka, kb),
        Kind::Random => {
            let o = match digests {
                Some((da, db)) => da.cmp(db),
                None => random_digest(ka, k, cfg).cmp(&random_digest(kb, k, cfg)),
            };
            o.then_with(|| text_cmp(ka, kb, k))
        }
    };
    if k.reverse { o.reverse() } else { o }
}

pub(super) fn compare(a: &[u8], b: &[u8], cfg: &Cfg) -> Ordering {
    compare_pre(a, b, &[], &[], cfg)
}

/// `compare` for lines decorated with their first key's text (no random keys).
pub(super) fn compare_dec(a: &(&[u8], &[u8]), b: &(&[u8], &[u8]), cfg: &Cfg) -> Ordering {
    let o = match cfg.keys.first() {
        Some(k) => key_cmp_text(a.1, b.1, k, cfg, None),
        None => Ordering::Equal,
    };
    if o != Ordering::Equal {
        return o;
    }
    compare_rest(a.0, b.0, 1, &[], &[], cfg)
}

/// `compare` with the lines' random-key digests precomputed (`line_digests`), or empty.
pub(super) fn compare_pre(
    a: &[u8],
    b: &[u8],
    da: &[Digest16],
    db: &[Digest16],
    cfg: &Cfg,
) -> Ordering {
    compare_rest(a, b, 0, da, db, cfg)
}

/// `compare_pre` from key `from` on (the earlier keys compared equal).
pub(super) fn compare_rest(
    a: &[u8],
    b: &[u8],
    from: usize,
    da: &[Digest16],
    db: &[Digest16],
    cfg: &Cfg,
) -> Ordering {
    let mut r = 0;
    for k in cfg.keys.iter().skip(from) {
        let pre = if k.kind == Kind::Random {
            r += 1;
            da.get(r - 1).zip(db.get(r - 1))
        } else {
            None
        };
        let o = key_cmp(a, b, k, cfg, pre);
        if o != Ordering::Equal {
            return o;
        }
    }
    if cfg.keys.is_empty() {
        let o = a.cmp(b);
        return if cfg.reverse { o.reverse() } else { o };
    }
    if cfg.stable || cfg.unique {
        return Ordering::Equal;
    }
    let o = a.cmp(b);
    if cfg.reverse { o.reverse() } else { o }
}
