//! The standard base64 alphabet (RFC 4648 section 4) and the encoding in it: whole 3-byte
//! groups (the fast path of `base64`) and a whole input with its padding (the `bytes` form of
//! `rg --json`).
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

/// Encodes all of `inp` as base64, the last group padded with `=`.
#[cfg_attr(not(feature = "rg"), allow(dead_code))]
pub fn encode_b64(inp: &[u8], out: &mut Vec<u8>) {
    let whole = inp.len() / 3 * 3;
    encode_b64_whole(&inp[..whole], out);
    let tail = &inp[whole..];
    if tail.is_empty() {
        return;
    }
    let b0 = u32::from(tail[0]);
    let b1 = tail.get(1).map_or(0, |&b| u32::from(b));
    let n = (b0 << 16) | (b1 << 8);
    out.push(B64[(n >> 18) as usize & 63]);
    out.push(B64[(n >> 12) as usize & 63]);
    out.push(if tail.len() == 2 {
        B64[(n >> 6) as usize & 63]
    } else {
        b'='
    });
    out.push(b'=');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn padded_as_rfc_4648() {
        for (inp, want) in [
            (&b""[..], ""),
            (b"f", "Zg=="),
            (b"fo", "Zm8="),
            (b"foo", "Zm9v"),
            (b"foob", "Zm9vYg=="),
            (b"ab\xff\n", "YWL/Cg=="),
        ] {
            let mut out = Vec::new();
            encode_b64(inp, &mut out);
            assert_eq!(String::from_utf8_lossy(&out), want, "{inp:?}");
        }
    }
}
