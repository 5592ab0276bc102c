//! `sort`'s command line: the parsed options, and how they become the comparison settings
//! ([`Cfg`]): keys inheriting the global ordering flags, the `-t` separator, the `-R` salt.
//! Separate from the command so that the run reads as the steps it takes.

use sandsh_api::opt;
use sandsh_api::{ExitStatus, ParsedArgs, ToolCtx};

use super::SPEC;
use super::compare::Cfg;
use super::keys::{Key, Kind, parse_key};
use super::random::{c_locale, random_bytes};
use crate::common::{diag, quote};

/// The command line, before it becomes a [`Cfg`].
#[derive(Default)]
pub(super) struct Options {
    /// The global ordering flags, which keys without flags of their own inherit.
    pub(super) global: Key,
    pub(super) keys: Vec<Key>,
    pub(super) tab: Option<u8>,
    pub(super) check: bool,
    pub(super) quiet: bool,
    pub(super) stable: bool,
    pub(super) unique: bool,
    pub(super) zero: bool,
    pub(super) merge: bool,
    pub(super) output: Option<String>,
}

impl Options {
    pub(super) fn parse(p: &ParsedArgs, ctx: &mut dyn ToolCtx) -> Result<Options, ExitStatus> {
        let mut o = Options::default();
        for (i, v) in &p.opts {
            let spec = &SPEC.options[*i];
            let v = v.as_deref().unwrap_or_default();
            match spec.short {
                Some(c @ ('b' | 'd' | 'f' | 'g' | 'i' | 'M' | 'h' | 'n' | 'R' | 'r' | 'V')) => {
                    let mut tmp = [0u8; 4];
                    o.global.set_flags(c.encode_utf8(&mut tmp), false);
                    if c == 'b' {
                        o.global.skip_eblanks = true;
                    }
                }
                Some('c') => o.check = true,
                Some('m') => o.merge = true,
                Some('C') => {
                    o.check = true;
                    o.quiet = true;
                }
                Some('k') => match parse_key(&diag::lossy(v)) {
                    Ok(k) => o.keys.push(k),
                    Err(m) => {
                        diag::err(ctx, "sort", &m);
                        return Err(2);
                    }
                },
                Some('o') => o.output = Some(diag::lossy(v)),
                Some('s') => o.stable = true,
                Some('t') => o.tab = Some(parse_tab(ctx, v, o.tab)?),
                Some('u') => o.unique = true,
                Some('z') => o.zero = true,
                _ => {}
            }
        }
        Ok(o)
    }

    /// The comparison settings: the keys (each inheriting the global flags unless it has
    /// its own; the global flags as the only key when they order), and the salt for `-R`.
    pub(super) fn cfg(&mut self, p: &ParsedArgs, ctx: &mut dyn ToolCtx) -> Result<Cfg, ExitStatus> {
        let g = self.global;
        let mut keys = std::mem::take(&mut self.keys);
        for k in &mut keys {
            if !k.has_ordering() {
                k.inherit(&g);
            }
        }
        if keys.is_empty()
            && g.has_ordering()
            && !(g.reverse
                && !(g.skip_sblanks || g.dict || g.fold || g.nonprint || g.kind != Kind::Text))
        {
            let mut k = g;
            k.reverse = g.reverse;
            keys.push(k);
        }
        let random = keys.iter().any(|k| k.kind == Kind::Random);
        let salt = if random {
            match random_bytes(ctx, p.value(opt!(SPEC, "random-source")).map(Vec::as_slice)) {
                Ok(b) => b,
                Err(m) => {
                    diag::err(ctx, "sort", &m);
                    return Err(2);
                }
            }
        } else {
            [0; 16]
        };
        Ok(Cfg {
            keys,
            tab: self.tab,
            reverse: g.reverse,
            stable: self.stable,
            unique: self.unique,
            salt: {
                use sha2::Digest;
                let mut h = md5::Md5::new();
                h.update(salt);
                h
            },
            nul_after_key: !c_locale(ctx),
        })
    }
}

/// The `-t` separator: one byte (`\0` for NUL), the same as any earlier `-t`.
fn parse_tab(ctx: &mut dyn ToolCtx, v: &[u8], tab: Option<u8>) -> Result<u8, ExitStatus> {
    let t = if v == b"\\0" { vec![0] } else { v.to_vec() };
    if t.len() != 1 {
        let m = if t.is_empty() {
            "empty tab".to_string()
        } else {
            format!("multi-character tab {}", quote::cquote(&diag::lossy(&t)))
        };
        diag::err(ctx, "sort", &m);
        return Err(2);
    }
    if tab.is_some_and(|x| x != t[0]) {
        diag::err(ctx, "sort", "incompatible tabs");
        return Err(2);
    }
    Ok(t[0])
}
