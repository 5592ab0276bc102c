//! `declare -p`'s line for a variable: what `declare -p` prints and `${x@A}` expands to.

use super::{Attrs, Value, Var};

/// `"…"` quoting as `declare -p` prints values.
/// A value as `declare -p` quotes it: `$'…'` when it holds a control character or bytes that
/// are not UTF-8 (bash's `ansic_quote`), else double quotes with `"`, `\`, `$` and `` ` ``
/// escaped.
fn dq(v: &[u8]) -> String {
    if sandsh_text::quote::needs_ansi_c(v) {
        return String::from_utf8_lossy(&sandsh_text::quote::ansi_c_quote(v)).into_owned();
    }
    let mut s = String::from("\"");
    for c in String::from_utf8_lossy(v).chars() {
        if matches!(c, '"' | '\\' | '$' | '`') {
            s.push('\\');
        }
        s.push(c);
    }
    s.push('"');
    s
}

fn attr_flags(a: Attrs, value: Option<&Value>) -> String {
    let s = super::attr_letters(a, value);
    if s.is_empty() { "-".to_string() } else { s }
}

/// One `declare -p` line.
pub fn declare_line(name: &str, v: &Var) -> String {
    let flags = attr_flags(v.attrs, v.value.as_ref());
    match &v.value {
        None => format!("declare -{flags} {name}"),
        Some(Value::Str(s)) => format!("declare -{flags} {name}={}", dq(s)),
        Some(Value::Indexed(m)) => {
            let items: Vec<String> = m.iter().map(|(k, v)| format!("[{k}]={}", dq(v))).collect();
            format!("declare -{flags} {name}=({})", items.join(" "))
        }
        Some(Value::Assoc(m)) => {
            let items: Vec<String> = m
                .entries()
                .into_iter()
                .map(|(k, v)| {
                    let key = String::from_utf8_lossy(k);
                    let key = if assoc_key_needs_quotes(k) {
                        dq(k)
                    } else {
                        key.into_owned()
                    };
                    format!("[{key}]={} ", dq(v))
                })
                .collect();
            format!("declare -{flags} {name}=({})", items.concat())
        }
    }
}

/// Whether `declare -p` double-quotes an associative key, as bash does for shell
/// metacharacters, a leading `#`, a `~` that could start a tilde prefix, and `@`.
fn assoc_key_needs_quotes(k: &[u8]) -> bool {
    k == b"@"
        || k.first() == Some(&b'#')
        || k.iter().enumerate().any(|(i, &c)| {
            b" \t\n'\"\\|&;()<>!{}*[?]^$`".contains(&c)
                || (c == b'~' && (i == 0 || matches!(k[i - 1], b'=' | b':')))
        })
}
