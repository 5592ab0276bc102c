//! The encoding analysis for text: ASCII, UTF-8, UTF-16, ISO-8859 or non-ISO extended ASCII,
//! and libmagic's remarks on the decoded characters (line terminators, long lines, escapes,
//! overstriking). Apart from the magic numbers because it looks at every byte, not a header.

/// libmagic's MAXLINELEN.
const LONG_LINE: usize = 300;

/// libmagic's text characters: BEL..CR, ESC and printable ASCII.
fn text_ascii(b: u8) -> bool {
    matches!(b, 0x07..=0x0d | 0x1b | 0x20..=0x7e)
}

/// The encoding of text: description, MIME charset and the decoded characters.
pub(super) fn encoding(data: &[u8]) -> Option<(&'static str, &'static str, Vec<u32>)> {
    if data.len() >= 2 && (data[..2] == [0xff, 0xfe] || data[..2] == [0xfe, 0xff]) {
        let le = data[0] == 0xff;
        let units: Vec<u32> = data[2..]
            .chunks(2)
            .map(|c| {
                let (a, b) = (c[0] as u32, *c.get(1).unwrap_or(&0) as u32);
                if le { a | (b << 8) } else { (a << 8) | b }
            })
            .collect();
        return Some(if le {
            (
                "Unicode text, UTF-16, little-endian text",
                "utf-16le",
                units,
            )
        } else {
            ("Unicode text, UTF-16, big-endian text", "utf-16be", units)
        });
    }
    if data.iter().all(|&b| text_ascii(b)) {
        return Some((
            "ASCII text",
            "us-ascii",
            data.iter().map(|&b| b as u32).collect(),
        ));
    }
    if let Ok(s) = std::str::from_utf8(data)
        && s.chars().all(|c| !c.is_ascii() || text_ascii(c as u8))
    {
        let chars: Vec<u32> = s.chars().map(|c| c as u32).collect();
        if s.starts_with('\u{feff}') {
            return Some((
                "Unicode text, UTF-8 (with BOM) text",
                "utf-8",
                chars[1..].to_vec(),
            ));
        }
        return Some(("Unicode text, UTF-8 text", "utf-8", chars));
    }
    if data.iter().all(|&b| text_ascii(b) || b >= 0xa0) {
        return Some((
            "ISO-8859 text",
            "iso-8859-1",
            data.iter().map(|&b| b as u32).collect(),
        ));
    }
    if data.iter().all(|&b| text_ascii(b) || b >= 0x80) {
        return Some((
            "Non-ISO extended-ASCII text",
            "unknown-8bit",
            data.iter().map(|&b| b as u32).collect(),
        ));
    }
    None
}

/// libmagic's remarks on text: long lines, line terminators, escapes, overstriking.
pub(super) fn remarks(chars: &[u32]) -> String {
    let (mut crlf, mut cr, mut lf) = (0usize, 0usize, 0usize);
    let (mut esc, mut bs) = (false, false);
    let (mut line, mut longest) = (0usize, 0usize);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            0x0d => {
                if chars.get(i + 1) == Some(&0x0a) {
                    crlf += 1;
                    i += 1;
                } else {
                    cr += 1;
                }
                longest = longest.max(line);
                line = 0;
            }
            0x0a => {
                lf += 1;
                longest = longest.max(line);
                line = 0;
            }
            _ => {
                if c == 0x1b {
                    esc = true;
                }
                if c == 0x08 {
                    bs = true;
                }
                line += 1;
            }
        }
        i += 1;
    }
    longest = longest.max(line);
    let mut s = String::new();
    if longest > LONG_LINE {
        s.push_str(&format!(", with very long lines ({longest})"));
    }
    if crlf + cr + lf == 0 {
        s.push_str(", with no line terminators");
    } else if crlf + cr > 0 {
        let mut kinds = Vec::new();
        if crlf > 0 {
            kinds.push("CRLF");
        }
        if cr > 0 {
            kinds.push("CR");
        }
        if lf > 0 {
            kinds.push("LF");
        }
        s.push_str(&format!(", with {} line terminators", kinds.join(", ")));
    }
    if esc {
        s.push_str(", with escape sequences");
    }
    if bs {
        s.push_str(", with overstriking");
    }
    s
}
