//! The SQL functions the sqlite3 CLI adds to every connection and scripts use: `REGEXP`
//! (`X REGEXP Y` is `regexp(Y, X)`) and `regexpi`, as the CLI's built-in `regexp` extension
//! defines them. The pattern is compiled once per statement (SQLite's auxiliary data) on the
//! regex crate; the CLI's own engine is a small NFA with the same syntax for what scripts write
//! (`. * + ? {m,n} [...] ^ $ | ( ) \d \w \s \b` and their negations), whose error messages
//! are kept for the common mistakes.

use std::sync::Arc;

use regex::{Regex, RegexBuilder};
use regex_syntax::ast::ErrorKind;
use rusqlite::functions::{Context, FunctionFlags};
use rusqlite::types::ValueRef;

type BoxError = Box<dyn std::error::Error + Send + Sync + 'static>;

/// Registers `regexp(PATTERN, TEXT)` and `regexpi(PATTERN, TEXT)`.
pub fn register(conn: &rusqlite::Connection) -> rusqlite::Result<()> {
    let flags = || FunctionFlags::SQLITE_UTF8 | FunctionFlags::SQLITE_DETERMINISTIC;
    conn.create_scalar_function("regexp", 2, flags(), |ctx| regexp(ctx, false))?;
    conn.create_scalar_function("regexpi", 2, flags(), |ctx| regexp(ctx, true))
}

/// 1 when TEXT holds a match of PATTERN anywhere, 0 when not, NULL when either is NULL.
fn regexp(ctx: &Context<'_>, icase: bool) -> rusqlite::Result<Option<bool>> {
    if matches!(ctx.get_raw(0), ValueRef::Null) || matches!(ctx.get_raw(1), ValueRef::Null) {
        return Ok(None);
    }
    let re: Arc<Regex> = ctx.get_or_create_aux(0, |v| -> Result<Regex, BoxError> {
        let pat = match v {
            ValueRef::Text(t) | ValueRef::Blob(t) => String::from_utf8_lossy(t).into_owned(),
            ValueRef::Integer(i) => i.to_string(),
            ValueRef::Real(r) => r.to_string(),
            ValueRef::Null => String::new(),
        };
        compile(&pat, icase).map_err(Into::into)
    })?;
    let text = match ctx.get_raw(1) {
        ValueRef::Text(t) | ValueRef::Blob(t) => String::from_utf8_lossy(t).into_owned(),
        ValueRef::Integer(i) => i.to_string(),
        ValueRef::Real(_) => ctx.get::<String>(1)?,
        ValueRef::Null => return Ok(None),
    };
    Ok(Some(re.is_match(&text)))
}

/// The pattern compiled, or the CLI's message for the mistake.
fn compile(pat: &str, icase: bool) -> Result<Regex, String> {
    if let Err(e) = regex_syntax::ast::parse::Parser::new().parse(pat) {
        let at = pat[e.span().start.offset..].chars().next().unwrap_or(' ');
        return Err(match e.kind() {
            ErrorKind::GroupUnclosed => "unmatched '('".into(),
            ErrorKind::GroupUnopened => "unrecognized character".into(),
            ErrorKind::ClassUnclosed => "unclosed '['".into(),
            ErrorKind::RepetitionMissing => format!("'{at}' without operand"),
            ErrorKind::RepetitionCountUnclosed => "unmatched '{'".into(),
            ErrorKind::RepetitionCountInvalid => "n less than m in '{m,n}'".into(),
            ErrorKind::EscapeUnrecognized => "unknown \\ escape".into(),
            k => k.to_string(),
        });
    }
    RegexBuilder::new(pat)
        .case_insensitive(icase)
        .build()
        .map_err(|e| match e {
            regex::Error::CompiledTooBig(_) => "pattern too big".to_string(),
            e => e.to_string(),
        })
}

#[cfg(test)]
mod tests {
    use super::compile;

    #[test]
    fn messages_of_the_cli() {
        for (p, m) in [
            ("(", "unmatched '('"),
            ("[", "unclosed '['"),
            (")", "unrecognized character"),
            ("*a", "'*' without operand"),
            ("a{", "unmatched '{'"),
            ("a{2,1}", "n less than m in '{m,n}'"),
            ("\\q", "unknown \\ escape"),
        ] {
            assert_eq!(compile(p, false).err().as_deref(), Some(m), "{p}");
        }
        assert!(compile("^a.c$", false).is_ok_and(|r| r.is_match("abc")));
        assert!(compile("B", true).is_ok_and(|r| r.is_match("abc")));
    }
}
