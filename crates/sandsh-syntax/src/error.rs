//! Parse errors: typed, with a source span, printed the way bash prints them.

use super::ast::Span;

/// A syntax error with the location it was found at.
///
/// `Display` gives bash's wording (`syntax error near unexpected token `fi'`); the caller adds
/// the `sandsh: line N: ` prefix. `incomplete` is true when the input ended in the middle of a
/// construct (open quote, `if` without `fi`, trailing `|`, unterminated here-document), which the
/// REPL uses to ask for a continuation line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
#[error("{message}")]
pub struct ParseError {
    pub message: String,
    #[label("here")]
    pub span: miette::SourceSpan,
    /// 1-based line of the error.
    pub line: u32,
    pub incomplete: bool,
    /// An error inside `[[ … ]]`: bash prints only its message (none when the message is
    /// empty), without the offending line.
    pub in_conditional: bool,
}

impl ParseError {
    pub fn new(message: impl Into<String>, span: Span, line: u32, incomplete: bool) -> Self {
        ParseError {
            message: message.into(),
            span: (span.start, span.end.saturating_sub(span.start)).into(),
            line,
            incomplete,
            in_conditional: false,
        }
    }

    /// `syntax error near unexpected token `tok'`
    pub fn unexpected(token: &str, span: Span, line: u32) -> Self {
        Self::new(
            format!("syntax error near unexpected token `{token}'"),
            span,
            line,
            false,
        )
    }

    /// `syntax error: unexpected end of file`
    pub fn eof(span: Span, line: u32) -> Self {
        Self::new("syntax error: unexpected end of file", span, line, true)
    }
}
