//! `-R`: GNU's random collation, an MD5 digest of a salt and each key, so equal keys sort
//! together. Holds the salt's source (`--random-source`, /dev/urandom, the clock), the
//! locale test that decides GNU's trailing NUL, and the per-line digests.

use sandsh_api::ToolCtx;

use super::compare::Cfg;
use super::fields::key_text;
use super::keys::{Key, Kind};
use crate::common::{diag, input, quote};

pub(super) type Digest16 = [u8; 16];

/// The key as GNU hashes it for -R: with -d/-i characters dropped and -f folding applied.
fn transformed<'a>(key: &'a [u8], k: &Key) -> std::borrow::Cow<'a, [u8]> {
    if !(k.dict || k.fold || k.nonprint) {
        return std::borrow::Cow::Borrowed(key);
    }
    std::borrow::Cow::Owned(
        key.iter()
            .copied()
            .filter(|&c| {
                (!k.dict || c == b' ' || c == b'\t' || c.is_ascii_alphanumeric())
                    && (!k.nonprint || (0x20..0x7f).contains(&c))
            })
            .map(|c| if k.fold { c.to_ascii_uppercase() } else { c })
            .collect(),
    )
}

/// GNU's `compare_random` digest: MD5 of the 16 random bytes then the (transformed) key.
pub(super) fn random_digest(key: &[u8], k: &Key, cfg: &Cfg) -> Digest16 {
    use sha2::Digest;
    let t = transformed(key, k);
    let mut h = cfg.salt.clone();
    if !t.is_empty() {
        h.update(&t);
        if cfg.nul_after_key {
            h.update([0u8]);
        }
    }
    let mut out = [0u8; 16];
    out.copy_from_slice(&h.finalize());
    out
}

/// The 16 bytes that key -R: the start of `--random-source` (GNU's `randread`: a shorter file
/// is an error), else the sandbox's /dev/urandom, else the clock.
pub(super) fn random_bytes(
    ctx: &mut dyn ToolCtx,
    source: Option<&[u8]>,
) -> Result<[u8; 16], String> {
    let mut buf = [0u8; 16];
    let Some(f) = source else {
        let from_dev = ctx
            .backend()
            .read(std::path::Path::new("/dev/urandom"), Some(0..16))
            .ok()
            .filter(|b| b.len() == 16);
        match from_dev {
            Some(b) => buf.copy_from_slice(&b),
            None => {
                let t = ctx
                    .now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map(|d| d.as_nanos())
                    .unwrap_or(0);
                buf.copy_from_slice(&t.to_le_bytes());
            }
        }
        return Ok(buf);
    };
    let name = diag::lossy(f);
    let mut src = input::open(ctx, f).map_err(|m| format!("open failed: {name}: {m}"))?;
    let mut got = 0;
    while got < buf.len() {
        match input::read_chunk(ctx, &mut src, &mut buf[got..]) {
            Ok(0) => return Err(format!("{}: end of file", quote::cquote(&name))),
            Ok(n) => got += n,
            Err(e) => return Err(format!("{}: {}", quote::cquote(&name), diag::io_msg(&e))),
        }
    }
    Ok(buf)
}

/// Whether the collation locale (LC_ALL, else LC_COLLATE, else LANG; unset is C) is C/POSIX.
pub(super) fn c_locale(ctx: &dyn ToolCtx) -> bool {
    let get = |n: &str| ctx.env_var(n).filter(|v| !v.is_empty());
    let v = get("LC_ALL")
        .or_else(|| get("LC_COLLATE"))
        .or_else(|| get("LANG"))
        .unwrap_or_else(|| b"C".to_vec());
    v == b"C" || v == b"POSIX"
}

/// The digests of a line's random keys, in key order (precomputed once per line for a sort).
pub(super) fn line_digests(line: &[u8], cfg: &Cfg, out: &mut Vec<Digest16>) {
    for k in cfg.keys.iter().filter(|k| k.kind == Kind::Random) {
        out.push(random_digest(key_text(line, k, cfg), k, cfg));
    }
}
