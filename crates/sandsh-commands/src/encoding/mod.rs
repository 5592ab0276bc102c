//! The RFC 4648 encodings: `base64`, `base32` and `basenc`, and the codec they share, which
//! encodes or decodes data as GNU coreutils 9 does.
//!
//! The codec streams: input is read a chunk at a time and encoded in whole groups (3 or 5 bytes),
//! or decoded in whole groups of 4 or 8 characters, carrying the remainder across chunks.
//! Decoding follows gnulib's `decode_4`/`decode_8`: bytes decoded before an error are written,
//! then `invalid input` is reported.

use sandsh_api::{Arg, CommandSpec, ExitStatus, OptSpec, ToolCtx};

use crate::common::base64::{B64, encode_b64_whole};
use crate::common::{diag, input, output, quote};

mod base64;
mod basenc;

pub use base64::{Base32, Base64};
pub use basenc::Basenc;

/// An alphabet `run` streams; `basenc` picks the URL-safe and extended-hex variants.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Kind {
    B64,
    B32,
    B64Url,
    B32Hex,
}

/// The options every command of the family takes.
const DECODE: OptSpec = OptSpec::new("-d, --decode", "decode data");
const IGNORE_GARBAGE: OptSpec = OptSpec::new(
    "-i, --ignore-garbage",
    "when decoding, ignore non-alphabet characters",
);
const WRAP: OptSpec = OptSpec::new(
    "-w, --wrap=COLS",
    "wrap encoded lines after COLS character (default 76); 0 disables line wrapping",
);

const B32: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const B64URL: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const B32HEX: &[u8; 32] = b"0123456789ABCDEFGHIJKLMNOPQRSTUV";

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::B64 => "base64",
            Kind::B32 => "base32",
            Kind::B64Url | Kind::B32Hex => "basenc",
        }
    }
    fn alphabet(self) -> &'static [u8] {
        match self {
            Kind::B64 => B64,
            Kind::B32 => B32,
            Kind::B64Url => B64URL,
            Kind::B32Hex => B32HEX,
        }
    }
    fn value(self, c: u8) -> Option<u8> {
        match self {
            Kind::B64Url | Kind::B32Hex => self
                .alphabet()
                .iter()
                .position(|&a| a == c)
                .map(|i| i as u8),
            Kind::B64 => match c {
                b'A'..=b'Z' => Some(c - b'A'),
                b'a'..=b'z' => Some(c - b'a' + 26),
                b'0'..=b'9' => Some(c - b'0' + 52),
                b'+' => Some(62),
                b'/' => Some(63),
                _ => None,
            },
            Kind::B32 => match c {
                b'A'..=b'Z' => Some(c - b'A'),
                b'2'..=b'7' => Some(c - b'2' + 26),
                _ => None,
            },
        }
    }
    /// (input bytes per group, output chars per group)
    fn group(self) -> (usize, usize) {
        match self {
            Kind::B64 | Kind::B64Url => (3, 4),
            Kind::B32 | Kind::B32Hex => (5, 8),
        }
    }
}

/// Base64 alphabet values by byte; 0xff outside the alphabet (the decoding fast path).
static B64_VALUE: [u8; 256] = {
    let mut t = [0xffu8; 256];
    let mut i = 0;
    while i < 64 {
        t[B64[i] as usize] = i as u8;
        i += 1;
    }
    t
};

/// Appends `enc` to `out`, breaking lines every `wrap` columns (0: never); `col` carries the
/// current column across calls.
fn wrap_into(enc: &[u8], wrap: usize, col: &mut usize, out: &mut Vec<u8>) {
    if wrap == 0 {
        out.extend_from_slice(enc);
        return;
    }
    let mut rest = enc;
    while !rest.is_empty() {
        let take = (wrap - *col).min(rest.len());
        out.extend_from_slice(&rest[..take]);
        rest = &rest[take..];
        *col += take;
        if *col == wrap {
            out.push(b'\n');
            *col = 0;
        }
    }
}

fn encode_group(k: Kind, inp: &[u8], out: &mut Vec<u8>) {
    let alpha = k.alphabet();
    match k {
        Kind::B64 | Kind::B64Url => {
            let b = [inp[0], *inp.get(1).unwrap_or(&0), *inp.get(2).unwrap_or(&0)];
            let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
            let chars = inp.len() + 1;
            for i in 0..4 {
                if i < chars {
                    out.push(alpha[((n >> (18 - 6 * i)) & 63) as usize]);
                } else {
                    out.push(b'=');
                }
            }
        }
        Kind::B32 | Kind::B32Hex => {
            let mut b = [0u8; 5];
            b[..inp.len()].copy_from_slice(inp);
            let n = b.iter().fold(0u64, |a, &x| (a << 8) | u64::from(x));
            let chars = (inp.len() * 8).div_ceil(5);
            for i in 0..8 {
                if i < chars {
                    out.push(alpha[((n >> (35 - 5 * i)) & 31) as usize]);
                } else {
                    out.push(b'=');
                }
            }
        }
    }
}

/// gnulib's decode_4 / decode_8 on one (possibly short) group; false on invalid input, after
/// writing whatever decoded before the problem.
fn decode_group(k: Kind, g: &[u8], out: &mut Vec<u8>) -> bool {
    let v = |i: usize| g.get(i).and_then(|c| k.value(*c));
    let is = |i: usize, c: u8| g.get(i) == Some(&c);
    match k {
        Kind::B64 | Kind::B64Url => {
            if g.len() < 2 {
                return false;
            }
            let (Some(a), Some(b)) = (v(0), v(1)) else {
                return false;
            };
            out.push((a << 2) | (b >> 4));
            if g.len() == 2 {
                return false;
            }
            if is(2, b'=') {
                return g.len() == 4 && is(3, b'=');
            }
            let Some(c) = v(2) else {
                return false;
            };
            out.push(((b << 4) & 0xf0) | (c >> 2));
            if g.len() == 3 {
                return false;
            }
            if is(3, b'=') {
                return g.len() == 4;
            }
            let Some(d) = v(3) else {
                return false;
            };
            out.push(((c << 6) & 0xc0) | d);
            true
        }
        Kind::B32 | Kind::B32Hex => {
            if g.len() < 8 {
                return false;
            }
            let (Some(a), Some(b)) = (v(0), v(1)) else {
                return false;
            };
            out.push((a << 3) | (b >> 2));
            let pads = |from: usize| (from..8).all(|i| is(i, b'='));
            if is(2, b'=') {
                return pads(2);
            }
            let (Some(c), Some(d)) = (v(2), v(3)) else {
                return false;
            };
            out.push((b << 6) | (c << 1) | (d >> 4));
            if is(4, b'=') {
                return pads(4);
            }
            let Some(e) = v(4) else {
                return false;
            };
            out.push((d << 4) | (e >> 1));
            if is(5, b'=') {
                return pads(5);
            }
            let (Some(f), Some(gg)) = (v(5), v(6)) else {
                return false;
            };
            out.push((e << 7) | (f << 2) | (gg >> 3));
            if is(7, b'=') {
                return true;
            }
            let Some(h) = v(7) else {
                return false;
            };
            out.push((gg << 5) | h);
            true
        }
    }
}

/// Encode or decode (`-d`, `-i`, `-w` as in `spec`) with alphabet `k`.
fn run(k: Kind, spec: &CommandSpec, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
    let name = k.name();
    let p = match diag::parse_or_usage(spec, args, ctx, 1) {
        Ok(p) => p,
        Err(s) => return s,
    };
    let decode = p.has(spec.find("d"));
    let garbage = p.has(spec.find("i"));
    let wrap = match p.value(spec.find("w")) {
        Some(v) => match diag::lossy(v).parse::<u64>() {
            Ok(n) => n as usize,
            Err(_) => {
                diag::err(
                    ctx,
                    name,
                    &format!("invalid wrap size: {}", quote::cquote(&diag::lossy(v))),
                );
                return 1;
            }
        },
        None => 76,
    };
    if p.operands.len() > 1 {
        return diag::usage(
            ctx,
            spec,
            &format!(
                "{name}: extra operand {}",
                quote::cquote(&diag::lossy(&p.operands[1]))
            ),
            1,
        );
    }
    let file = p.operands.first().cloned().unwrap_or_else(|| b"-".to_vec());
    let mut src = match input::open(ctx, &file) {
        Ok(s) => s,
        Err(m) => {
            diag::err(ctx, name, &format!("{}: {m}", diag::lossy(&file)));
            return 1;
        }
    };
    let (gin, gout) = k.group();
    let mut buf = vec![0u8; input::CHUNK];
    let mut pending: Vec<u8> = Vec::with_capacity(gout);
    let mut out: Vec<u8> = Vec::with_capacity(input::CHUNK * 2);
    let mut col = 0usize;
    let mut any = false;
    let mut enc: Vec<u8> = Vec::with_capacity(input::CHUNK / gin * gout + gout);
    loop {
        if ctx.is_cancelled() {
            return 130;
        }
        let n = match input::read_chunk(ctx, &mut src, &mut buf) {
            Ok(n) => n,
            Err(e) => {
                diag::err(
                    ctx,
                    name,
                    &format!("{}: {}", diag::lossy(&file), diag::io_msg(&e)),
                );
                return 1;
            }
        };
        if decode {
            let data = &buf[..n];
            // GNU's base64url decoder maps its alphabet onto base64's per buffer and rejects
            // the whole buffer when it holds base64's own '+' or '/'.
            if matches!(k, Kind::B64Url) && !garbage && data.iter().any(|&c| c == b'+' || c == b'/')
            {
                output::out(ctx, &out);
                diag::err(ctx, name, "invalid input");
                return 1;
            }
            let mut i = 0;
            while i < data.len() {
                // Fast path: a whole group of four alphabet characters at a group boundary.
                if matches!(k, Kind::B64) && pending.is_empty() && i + 4 <= data.len() {
                    let v = |j: usize| B64_VALUE[data[i + j] as usize];
                    let (a, b, c, d) = (v(0), v(1), v(2), v(3));
                    if (a | b | c | d) < 64 {
                        out.extend_from_slice(&[
                            (a << 2) | (b >> 4),
                            (b << 4) | (c >> 2),
                            (c << 6) | d,
                        ]);
                        i += 4;
                        continue;
                    }
                }
                let c = data[i];
                i += 1;
                if c == b'\n' {
                    continue;
                }
                if garbage && c != b'=' && k.value(c).is_none() {
                    continue;
                }
                pending.push(c);
                if pending.len() == gout {
                    if !decode_group(k, &pending, &mut out) {
                        output::out(ctx, &out);
                        diag::err(ctx, name, "invalid input");
                        return 1;
                    }
                    pending.clear();
                }
            }
            if n == 0 {
                if !pending.is_empty() && !decode_group(k, &pending, &mut out) {
                    output::out(ctx, &out);
                    diag::err(ctx, name, "invalid input");
                    return 1;
                }
                if !output::out(ctx, &out) {
                    return 1;
                }
                return 0;
            }
        } else {
            pending.extend_from_slice(&buf[..n]);
            let whole = if n == 0 {
                pending.len()
            } else {
                pending.len() / gin * gin
            };
            enc.clear();
            let fast = if matches!(k, Kind::B64) {
                whole / 3 * 3
            } else {
                0
            };
            encode_b64_whole(&pending[..fast], &mut enc);
            for g in pending[fast..whole].chunks(gin) {
                encode_group(k, g, &mut enc);
            }
            pending.drain(..whole);
            any |= !enc.is_empty();
            wrap_into(&enc, wrap, &mut col, &mut out);
            if n == 0 {
                if wrap > 0 && any && col > 0 {
                    out.push(b'\n');
                }
                return if output::out(ctx, &out) { 0 } else { 1 };
            }
        }
        if out.len() >= input::CHUNK {
            if !output::out(ctx, &out) {
                return 1;
            }
            out.clear();
        }
    }
}
