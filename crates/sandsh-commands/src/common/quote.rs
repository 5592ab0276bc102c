//! Quoting names and values in messages as GNU prints them: the shell-escape quoting of file
//! names (`'a b'`, `"it's"`, `'a'$'\n'`), `quotef` (bare when shell-safe) and the curly
//! quotes of `‘value’`.
//!
//! One module for the quoting styles, because a name quoted differently in two commands is a
//! difference the GNU comparison tests catch; diagnostics ([`super::diag`]) and listings (`ls`,
//! `stat`, `rm`) all quote through here.

fn safe_char(c: char) -> bool {
    c.is_alphanumeric() || "%+,-./:=@_^".contains(c) || (!c.is_ascii() && !c.is_control())
}

/// GNU's `shell-escape` quoting of a file name: unchanged when nothing needs quoting (unless
/// `always`), `"it's"` for a lone quote, otherwise `'…'` with `$'\n'` pieces for control
/// characters.
pub fn gnu_quote(s: &str, always: bool) -> String {
    let needs = s.is_empty()
        || s.starts_with(['~', '#'])
        || s.chars().any(|c| !safe_char(c) && c != '~' && c != '#');
    if !needs && !always {
        return s.to_string();
    }
    let ctrl = s.chars().any(char::is_control);
    if s.contains('\'') && !ctrl && !s.contains(['"', '$', '`', '\\', '!']) {
        return format!("\"{s}\"");
    }
    // GNU's shell-escape style: a run of control characters is one `'$'\n\t'` piece, and the
    // quote reopens (`''`) only when ordinary text follows it.
    let mut out = String::from("'");
    let mut in_esc = false;
    for c in s.chars() {
        if c.is_control() {
            if !in_esc {
                out.push_str("'$'");
                in_esc = true;
            }
            match c {
                '\x07' => out.push_str("\\a"),
                '\x08' => out.push_str("\\b"),
                '\t' => out.push_str("\\t"),
                '\n' => out.push_str("\\n"),
                '\x0b' => out.push_str("\\v"),
                '\x0c' => out.push_str("\\f"),
                '\r' => out.push_str("\\r"),
                c => out.push_str(&format!("\\{:03o}", c as u32)),
            }
            continue;
        }
        if in_esc {
            out.push_str("''");
            in_esc = false;
        }
        if c == '\'' {
            out.push_str("'\\''");
        } else {
            out.push(c);
        }
    }
    out.push('\'');
    // `''$'\n''b'` opens with an empty '' piece when the name starts with a control
    // character; GNU keeps it, and so do we.
    out
}

/// GNU's quoting of a file name in diagnostics (`quoteaf`: `'x'`, `"it's"` for names with
/// quotes, `'a'$'\n'` for control characters).
pub fn quote(name: &str) -> String {
    gnu_quote(name, true)
}

/// GNU's `quotef`: a file name bare when it is shell-safe, else quoted as [`quote`] does.
pub fn quotef(name: &str) -> String {
    let safe = !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"._/-+:,@%^=".contains(&b));
    if safe { name.to_string() } else { quote(name) }
}

/// GNU's `quote()` in a UTF-8 locale: `‘x’` (used for values in messages such as
/// "invalid number of lines").
pub fn cquote(s: &str) -> String {
    format!("\u{2018}{s}\u{2019}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting() {
        assert_eq!(gnu_quote("f", true), "'f'");
        assert_eq!(gnu_quote("f", false), "f");
        assert_eq!(gnu_quote("a b", false), "'a b'");
        assert_eq!(gnu_quote("it's", true), "\"it's\"");
        assert_eq!(gnu_quote("n\nl", true), "'n'$'\\n''l'");
        assert_eq!(gnu_quote("", false), "''");
        // As GNU rm prints them: a run of control characters is one piece, none trails.
        assert_eq!(gnu_quote("a\n", true), "'a'$'\\n'");
        assert_eq!(gnu_quote("\nb", true), "''$'\\n''b'");
        assert_eq!(gnu_quote("a\n\tb", true), "'a'$'\\n\\t''b'");
        assert_eq!(gnu_quote("\x01", true), "''$'\\001'");
    }
}
