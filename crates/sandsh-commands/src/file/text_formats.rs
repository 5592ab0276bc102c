//! Text with a format of its own: scripts by their `#!` line, libmagic's CSV and JSON/NDJSON
//! tests. Checked before the encoding analysis, which describes whatever text is left.

/// What a `#!` line names: (description, MIME type).
pub(super) fn script(first: &str) -> Option<(String, &'static str)> {
    let rest = first.strip_prefix("#!")?.trim();
    let mut words = rest.split_whitespace();
    let mut prog = words.next()?;
    if prog.ends_with("/env") {
        prog = words.find(|w| !w.starts_with('-'))?;
    }
    let base = prog.rsplit('/').next().unwrap_or(prog);
    let known = |b: &str| -> Option<(&'static str, &'static str)> {
        Some(match b {
            "sh" => ("POSIX shell script", "text/x-shellscript"),
            "bash" => ("Bourne-Again shell script", "text/x-shellscript"),
            "zsh" => ("Paul Falstad's zsh script", "text/x-shellscript"),
            "dash" | "ksh" => ("Korn shell script", "text/x-shellscript"),
            "awk" | "gawk" | "mawk" => ("awk script", "text/x-awk"),
            "ruby" => ("Ruby script", "text/x-ruby"),
            "perl" => ("Perl script text", "text/x-perl"),
            "node" | "nodejs" => ("Node.js script", "application/javascript"),
            _ if b.starts_with("python") => ("Python script", "text/x-script.python"),
            _ => return None,
        })
    };
    match known(base) {
        Some((d, m)) => Some((d.to_string(), m)),
        None => Some((format!("a {prog} script"), "text/plain")),
    }
}

/// libmagic's is_csv: more than two lines (ten are enough) with the same number of commas,
/// at least one; a quoted field ("…", with "" inside) hides its commas and newlines.
pub(super) fn is_csv(text: &[u8]) -> bool {
    const LINES: usize = 10;
    let (mut fields, mut first, mut lines) = (0usize, 0usize, 0usize);
    let mut i = 0;
    while i < text.len() {
        let c = text[i];
        i += 1;
        match c {
            b'"' => {
                // Up to the first character after the closing quote ("" is an escaped quote).
                let mut open = false;
                while i < text.len() {
                    match (text[i], open) {
                        (b'"', false) => open = true,
                        (b'"', true) => open = false,
                        (_, true) => break,
                        _ => {}
                    }
                    i += 1;
                }
            }
            b',' => fields += 1,
            b'\n' => {
                lines += 1;
                if lines == LINES {
                    return first != 0 && first == fields;
                }
                if first == 0 {
                    if fields == 0 {
                        return false;
                    }
                    first = fields;
                } else if first != fields {
                    return false;
                }
                fields = 0;
            }
            _ => {}
        }
    }
    first != 0 && lines > 2
}

/// libmagic's is_json: an object or array (or several, one per line: NDJSON).
pub(super) fn json_kind(text: &[u8]) -> Option<(&'static str, &'static str)> {
    let t = text.trim_ascii();
    if !(t.starts_with(b"{") || t.starts_with(b"[")) {
        return None;
    }
    if serde_json::from_slice::<serde_json::Value>(t).is_ok() {
        return Some(("JSON text data", "application/json"));
    }
    let mut lines = 0;
    for line in t.split(|&b| b == b'\n') {
        let l = line.trim_ascii();
        if l.is_empty() {
            continue;
        }
        match serde_json::from_slice::<serde_json::Value>(l) {
            Ok(v) if v.is_object() || v.is_array() => lines += 1,
            _ => return None,
        }
    }
    (lines > 1).then_some(("New Line Delimited JSON text data", "application/x-ndjson"))
}
