//! Recursive-descent parser (placeholder: the parser work fills this in).

use super::{AliasLookup, ParseError, ast};

/// Parses a script one complete command at a time.
pub struct Parser<'a> {
    src: &'a str,
}

impl<'a> Parser<'a> {
    pub fn new(src: &'a str) -> Self {
        Parser { src }
    }

    /// The next complete command (everything up to an unquoted newline that ends a command,
    /// including pending here-document bodies), or `None` at end of input.
    pub fn next_command(
        &mut self,
        aliases: Option<&dyn AliasLookup>,
    ) -> Result<Option<ast::List>, ParseError> {
        let _ = (aliases, self.src);
        todo!()
    }

    /// 1-based line number of the next unread input.
    pub fn line(&self) -> u32 {
        todo!()
    }
}
