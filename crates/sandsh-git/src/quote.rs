//! Paths as git prints them: C-style quoting (`"t\303\251st"`) for a path with a double
//! quote, a backslash, a control character or (with `core.quotePath`, the default) a byte
//! above 0x7f.

/// The path quoted as git quotes it, or `None` when it needs no quoting.
pub(crate) fn quote_c(path: &[u8]) -> Option<String> {
    let needs = path
        .iter()
        .any(|&b| b < 0x20 || b == b'"' || b == b'\\' || b >= 0x7f);
    if !needs {
        return None;
    }
    let mut s = String::from("\"");
    for &b in path {
        match b {
            b'"' => s.push_str("\\\""),
            b'\\' => s.push_str("\\\\"),
            b'\n' => s.push_str("\\n"),
            b'\t' => s.push_str("\\t"),
            0x07 => s.push_str("\\a"),
            0x08 => s.push_str("\\b"),
            0x0c => s.push_str("\\f"),
            0x0d => s.push_str("\\r"),
            0x0b => s.push_str("\\v"),
            b if !(0x20..0x7f).contains(&b) => s.push_str(&format!("\\{b:03o}")),
            b => s.push(b as char),
        }
    }
    s.push('"');
    Some(s)
}

/// The path as git prints it: quoted when needed.
pub(crate) fn show(path: &[u8]) -> String {
    quote_c(path).unwrap_or_else(|| String::from_utf8_lossy(path).into_owned())
}

/// The path as `git status -s` prints it: quoted also when it holds a space.
pub(crate) fn show_sp(path: &[u8]) -> String {
    if path.contains(&b' ') && quote_c(path).is_none() {
        return format!("\"{}\"", String::from_utf8_lossy(path));
    }
    show(path)
}

/// `prefix` + path, quoted as a whole when the path needs it (`"a/t\303\251"`).
pub(crate) fn show_prefixed(prefix: &str, path: &[u8]) -> String {
    let mut full = prefix.as_bytes().to_vec();
    full.extend_from_slice(path);
    show(&full)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting_follows_core_quote_path() {
        assert_eq!(show(b"plain name.txt"), "plain name.txt");
        assert_eq!(show("té".as_bytes()), "\"t\\303\\251\"");
        assert_eq!(show(b"a\"b"), "\"a\\\"b\"");
        assert_eq!(show(b"tab\there"), "\"tab\\there\"");
    }
}
