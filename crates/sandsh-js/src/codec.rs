//! Buffer's encodings, as Node reads and writes them: utf8 (invalid sequences become U+FFFD),
//! latin1/binary, ascii, hex (up to the first pair that is not hex), base64 and base64url
//! (lenient: whitespace and padding anywhere, either alphabet), utf16le/ucs2.

/// What Node calls an encoding, normalized; `None` for one it does not know.
pub(crate) fn normalize(enc: &str) -> Option<&'static str> {
    Some(match enc.to_ascii_lowercase().as_str() {
        "utf8" | "utf-8" | "" => "utf8",
        "latin1" | "binary" => "latin1",
        "ascii" => "ascii",
        "hex" => "hex",
        "base64" => "base64",
        "base64url" => "base64url",
        "utf16le" | "utf-16le" | "ucs2" | "ucs-2" => "utf16le",
        _ => return None,
    })
}

/// A string's bytes in `enc` (the string as UTF-16 code units).
pub(crate) fn encode(units: &[u16], enc: &str) -> Vec<u8> {
    match enc {
        "latin1" | "ascii" => units.iter().map(|&u| u as u8).collect(),
        "hex" => {
            let digits: Vec<u8> = units
                .iter()
                .map(|&u| if u < 128 { u as u8 } else { b'?' })
                .collect();
            let mut out = Vec::with_capacity(digits.len() / 2);
            for pair in digits.chunks_exact(2) {
                match (hex_val(pair[0]), hex_val(pair[1])) {
                    (Some(a), Some(b)) => out.push(a << 4 | b),
                    _ => break,
                }
            }
            out
        }
        "base64" | "base64url" => base64_decode(units),
        "utf16le" => units.iter().flat_map(|u| u.to_le_bytes()).collect(),
        _ => String::from_utf16_lossy(units).into_bytes(),
    }
}

/// Bytes as a string in `enc`, as UTF-16 code units.
pub(crate) fn decode(bytes: &[u8], enc: &str) -> Vec<u16> {
    match enc {
        "latin1" => bytes.iter().map(|&b| b as u16).collect(),
        "ascii" => bytes.iter().map(|&b| (b & 0x7f) as u16).collect(),
        "hex" => {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            let mut out = Vec::with_capacity(bytes.len() * 2);
            for b in bytes {
                out.push(HEX[(b >> 4) as usize] as u16);
                out.push(HEX[(b & 15) as usize] as u16);
            }
            out
        }
        "base64" => base64_encode(bytes, false),
        "base64url" => base64_encode(bytes, true),
        "utf16le" => bytes
            .chunks_exact(2)
            .map(|p| u16::from_le_bytes([p[0], p[1]]))
            .collect(),
        _ => String::from_utf8_lossy(bytes).encode_utf16().collect(),
    }
}

fn hex_val(c: u8) -> Option<u8> {
    match c {
        b'0'..=b'9' => Some(c - b'0'),
        b'a'..=b'f' => Some(c - b'a' + 10),
        b'A'..=b'F' => Some(c - b'A' + 10),
        _ => None,
    }
}

fn base64_encode(bytes: &[u8], url: bool) -> Vec<u16> {
    let table: &[u8; 64] = if url {
        b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    } else {
        b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    };
    let mut out = Vec::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (b[0] as u32) << 16 | (b[1] as u32) << 8 | b[2] as u32;
        let chars = [(n >> 18) & 63, (n >> 12) & 63, (n >> 6) & 63, n & 63];
        for (i, c) in chars.iter().enumerate() {
            if i <= chunk.len() {
                out.push(table[*c as usize] as u16);
            } else if !url {
                out.push(b'=' as u16);
            }
        }
    }
    out
}

fn base64_decode(units: &[u16]) -> Vec<u8> {
    let mut out = Vec::with_capacity(units.len() * 3 / 4);
    let mut acc = 0u32;
    let mut bits = 0;
    for &u in units {
        let v = match u {
            0x41..=0x5a => u - 0x41,
            0x61..=0x7a => u - 0x61 + 26,
            0x30..=0x39 => u - 0x30 + 52,
            0x2b | 0x2d => 62,
            0x2f | 0x5f => 63,
            0x3d => break,
            _ => continue,
        } as u32;
        acc = acc << 6 | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn units(s: &str) -> Vec<u16> {
        s.encode_utf16().collect()
    }

    #[test]
    fn base64_round_trips_and_is_lenient() {
        assert_eq!(
            String::from_utf16_lossy(&decode(b"hello", "base64")),
            "aGVsbG8="
        );
        assert_eq!(encode(&units("aGVs bG8="), "base64"), b"hello");
        assert_eq!(encode(&units("aGVsbG8"), "base64url"), b"hello");
        assert_eq!(
            String::from_utf16_lossy(&decode(&[0xfb, 0xff], "base64url")),
            "-_8"
        );
    }

    #[test]
    fn hex_stops_at_the_first_bad_pair() {
        assert_eq!(encode(&units("0a1Bzz11"), "hex"), [0x0a, 0x1b]);
        assert_eq!(String::from_utf16_lossy(&decode(&[0, 255], "hex")), "00ff");
    }
}
