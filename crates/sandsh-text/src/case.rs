//! Case mapping as glibc's `towupper`/`towlower` do it in C.UTF-8, for bash's `${x^^}`,
//! `declare -u`, sed's `\U` and awk's `toupper`: one character for one, the simple Unicode
//! mapping. `ß` stays `ß` (its full uppercase is `SS`), `İ` lowers to `i`.

/// The uppercase of `c`, or `c` when it has none of a single character.
pub fn upper(c: char) -> char {
    if c.is_ascii() {
        return c.to_ascii_uppercase();
    }
    let mut it = c.to_uppercase();
    match (it.next(), it.next()) {
        (Some(u), None) => u,
        _ => c,
    }
}

/// The lowercase of `c`. The one character whose full lowercase is longer, `İ` (`i` and a
/// combining dot), has `i` as its simple mapping.
pub fn lower(c: char) -> char {
    if c.is_ascii() {
        return c.to_ascii_lowercase();
    }
    c.to_lowercase().next().unwrap_or(c)
}

/// `s` with every character mapped by [`upper`].
pub fn upper_str(s: &str) -> String {
    s.chars().map(upper).collect()
}

/// `s` with every character mapped by [`lower`].
pub fn lower_str(s: &str) -> String {
    s.chars().map(lower).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checked against bash 5.2's `${x^^}` and `${x,,}` (glibc 2.36).
    #[test]
    fn single_character_mappings_as_glibc() {
        assert_eq!(upper_str("straße ǆ ŉa ﬀ"), "STRAßE Ǆ ŉA ﬀ");
        assert_eq!(lower_str("İSTANBUL ÅNGSTRÖM"), "istanbul ångström");
    }
}
