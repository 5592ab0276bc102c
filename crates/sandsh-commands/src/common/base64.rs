//! The standard base64 alphabet (RFC 4648 section 4) and the encoding of whole 3-byte groups
//! in it: the fast path of `base64` and the `bytes` form of `rg --json`.
//!
//! Shared by two commands, so it lives here rather than in either: `rg` does not depend on the
//! `base64` command to encode a match that is not UTF-8.

/// The base64 alphabet, by six-bit value.
pub const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Encodes whole 3-byte groups of `inp` (its length a multiple of 3) as base64.
pub fn encode_b64_whole(inp: &[u8], out: &mut Vec<u8>) {
    out.reserve(inp.len() / 3 * 4);
    for g in inp.chunks_exact(3) {
        let n = (u32::from(g[0]) << 16) | (u32::from(g[1]) << 8) | u32::from(g[2]);
        out.extend_from_slice(&[
            B64[(n >> 18) as usize & 63],
            B64[(n >> 12) as usize & 63],
            B64[(n >> 6) as usize & 63],
            B64[n as usize & 63],
        ]);
    }
}
