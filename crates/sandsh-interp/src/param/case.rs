//! Case conversion: `${x^}`, `${x^^}`, `${x,}`, `${x,,}`, `${x~}`, `${x~~}`, each with an
//! optional pattern that limits which characters change.

use sandsh_syntax::ast::CaseMode;

use super::growth::{Growth, Halt};
use crate::pat::Pat;

/// `${x^}`, `${x^^}`, `${x,}`, `${x,,}`, `${x~}`, `${x~~}` with an optional pattern; `growth`
/// may stop a long conversion.
pub fn case_convert(
    s: &[u8],
    mode: CaseMode,
    all: bool,
    pat: Option<&Pat>,
    growth: &mut Growth,
) -> Result<Vec<u8>, Halt> {
    let text = String::from_utf8_lossy(s);
    let mut out = String::with_capacity(s.len());
    for (i, c) in text.chars().enumerate() {
        if i > 0 && !all {
            // The rest is copied unchanged: in one piece.
            let at = text.char_indices().nth(i).map_or(text.len(), |(at, _)| at);
            out.push_str(&text[at..]);
            break;
        }
        growth.grew(out.len())?;
        let mut buf = [0u8; 4];
        let matches = pat.is_none_or(|p| p.matches(c.encode_utf8(&mut buf).as_bytes()));
        if !matches {
            out.push(c);
            continue;
        }
        use sandsh_text::case::{lower, upper};
        out.push(match mode {
            CaseMode::Upper => upper(c),
            CaseMode::Lower => lower(c),
            CaseMode::Toggle if c.is_uppercase() => lower(c),
            CaseMode::Toggle => upper(c),
        });
    }
    growth.grew(out.len())?;
    Ok(out.into_bytes())
}
