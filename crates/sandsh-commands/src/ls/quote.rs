//! How `ls` shows a name: GNU's quoting styles (`--quoting-style`, `-b`, `-N`, `-Q`) and `-q`'s
//! question marks, as GNU ls prints them when its output is not a terminal (literal by default).

/// `--quoting-style=WORD`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(super) enum Style {
    #[default]
    Literal,
    Shell,
    ShellAlways,
    ShellEscape,
    ShellEscapeAlways,
    C,
    /// `c-maybe`: C quoting only for names that need it.
    CMaybe,
    Escape,
    Locale,
}

/// The style and `-q` from the arguments, the last option winning as in GNU ls. `Err` names
/// an unknown `--quoting-style` word.
pub(super) fn from_args(args: &[Vec<u8>]) -> Result<(Style, bool), String> {
    let mut style = Style::Literal;
    let mut qmark = false;
    let mut args = args.iter();
    while let Some(a) = args.next() {
        if a == b"--" {
            break;
        }
        let a = String::from_utf8_lossy(a);
        if let Some(long) = a.strip_prefix("--") {
            let value = match long.split_once('=') {
                Some((n, v)) => Some((n, v.to_string())),
                None => Some((long, String::new())),
            };
            match value {
                Some((n, v)) if n.len() > 2 && "quoting-style".starts_with(n) => {
                    let v = if long.contains('=') {
                        v
                    } else {
                        args.next()
                            .map(|x| String::from_utf8_lossy(x).into_owned())
                            .unwrap_or_default()
                    };
                    style = parse(&v).ok_or(v)?;
                }
                _ => match long {
                    "escape" => style = Style::Escape,
                    "literal" => style = Style::Literal,
                    "quote-name" => style = Style::C,
                    "hide-control-chars" => qmark = true,
                    "show-control-chars" => qmark = false,
                    _ => {}
                },
            }
            continue;
        }
        if let Some(short) = a.strip_prefix('-') {
            for c in short.chars() {
                match c {
                    'b' => style = Style::Escape,
                    'N' => style = Style::Literal,
                    'Q' => style = Style::C,
                    'q' => qmark = true,
                    _ => {}
                }
            }
        }
    }
    Ok((style, qmark))
}

fn parse(v: &str) -> Option<Style> {
    Some(match v {
        "literal" => Style::Literal,
        "shell" => Style::Shell,
        "shell-always" => Style::ShellAlways,
        "shell-escape" => Style::ShellEscape,
        "shell-escape-always" => Style::ShellEscapeAlways,
        "c" => Style::C,
        "c-maybe" => Style::CMaybe,
        "escape" => Style::Escape,
        "locale" | "clocale" => Style::Locale,
        _ => return None,
    })
}

/// The valid `--quoting-style` words, for the error message.
pub(super) const WORDS: &[&str] = &[
    "literal",
    "shell",
    "shell-always",
    "shell-escape",
    "shell-escape-always",
    "c",
    "c-maybe",
    "escape",
    "locale",
    "clocale",
];

/// C's escape for a nongraphic character: `\n`, `\t`…, else `\ooo` per byte.
fn c_escape(c: char, out: &mut String) {
    match c {
        '\x07' => out.push_str("\\a"),
        '\x08' => out.push_str("\\b"),
        '\x0c' => out.push_str("\\f"),
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        '\x0b' => out.push_str("\\v"),
        c => {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("\\{b:03o}"));
            }
        }
    }
}

/// A character the shell would take specially (gnulib's list; `#` and `~` only first).
fn shell_special(c: char, first: bool) -> bool {
    matches!(
        c,
        ' ' | '!'
            | '"'
            | '$'
            | '&'
            | '\''
            | '('
            | ')'
            | '*'
            | ';'
            | '<'
            | '='
            | '>'
            | '?'
            | '['
            | '\\'
            | '^'
            | '`'
            | '|'
    ) || (first && matches!(c, '#' | '~'))
        || c.is_control()
}

/// `name` as GNU ls shows it in `style` (`-q`: nongraphic characters left by the style become
/// `?`).
pub(super) fn quote(name: &str, style: Style, qmark: bool) -> String {
    let mut out = String::with_capacity(name.len() + 2);
    let style = match style {
        Style::CMaybe if name.contains(|c: char| c.is_control() || c == '"' || c == '\\') => {
            Style::C
        }
        Style::CMaybe => Style::Literal,
        s => s,
    };
    match style {
        Style::Literal | Style::CMaybe => out.push_str(name),
        Style::Escape | Style::C | Style::Locale => {
            let (open, close) = match style {
                Style::C => ("\"", "\""),
                Style::Locale => ("\u{2018}", "\u{2019}"),
                _ => ("", ""),
            };
            out.push_str(open);
            for c in name.chars() {
                match c {
                    '\\' => out.push_str("\\\\"),
                    '"' if style == Style::C => out.push_str("\\\""),
                    ' ' if style == Style::Escape => out.push_str("\\ "),
                    c if c.is_control() => c_escape(c, &mut out),
                    c => out.push(c),
                }
            }
            out.push_str(close);
        }
        Style::Shell | Style::ShellAlways | Style::ShellEscape | Style::ShellEscapeAlways => {
            let always = matches!(style, Style::ShellAlways | Style::ShellEscapeAlways);
            let escape = matches!(style, Style::ShellEscape | Style::ShellEscapeAlways);
            let needs = name.is_empty()
                || name
                    .chars()
                    .enumerate()
                    .any(|(i, c)| shell_special(c, i == 0));
            if !needs && !always {
                out.push_str(name);
            } else {
                let ctrl = escape && name.chars().any(char::is_control);
                if name.contains('\'') && !ctrl && !name.contains(['"', '$', '`', '\\', '!']) {
                    out.push('"');
                    out.push_str(name);
                    out.push('"');
                } else {
                    out.push('\'');
                    for c in name.chars() {
                        if c == '\'' {
                            out.push_str("'\\''");
                        } else if escape && c.is_control() {
                            out.push_str("'$'");
                            c_escape(c, &mut out);
                            out.push('\'');
                            out.push('\'');
                        } else {
                            out.push(c);
                        }
                    }
                    out.push('\'');
                    // `'nl'$'\n'''` ends with an empty piece that GNU leaves out.
                    if let Some(s) = out.strip_suffix("''")
                        && escape
                        && name.chars().next_back().is_some_and(char::is_control)
                    {
                        out = s.to_string();
                    }
                }
            }
        }
    }
    if qmark {
        out = out
            .chars()
            .map(|c| if c.is_control() { '?' } else { c })
            .collect();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn styles() {
        assert_eq!(quote("a b", Style::Escape, false), "a\\ b");
        assert_eq!(quote("nl\nx", Style::Escape, false), "nl\\nx");
        assert_eq!(quote("tab\there", Style::Literal, true), "tab?here");
        assert_eq!(quote("dq\"x", Style::C, false), "\"dq\\\"x\"");
        assert_eq!(quote("bell\x07", Style::ShellEscape, false), "'bell'$'\\a'");
        assert_eq!(quote("nl\nx", Style::ShellEscape, false), "'nl'$'\\n''x'");
        assert_eq!(quote("\nl", Style::ShellEscape, false), "''$'\\n''l'");
        assert_eq!(quote("q'uote", Style::Shell, false), "\"q'uote\"");
        assert_eq!(quote("it's $x", Style::Shell, false), "'it'\\''s $x'");
        assert_eq!(quote("x=y", Style::Shell, false), "'x=y'");
        assert_eq!(quote("a~b", Style::Shell, false), "a~b");
        assert_eq!(quote("~b", Style::Shell, false), "'~b'");
        assert_eq!(quote("plain", Style::ShellAlways, false), "'plain'");
    }
}
