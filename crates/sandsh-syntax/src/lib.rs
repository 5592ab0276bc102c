//! Pure bash syntax: lexer, parser, AST, arithmetic and patterns.
//!
//! Nothing here touches interpreter state; the only input from outside is an optional alias
//! table, consulted while lexing because bash expands aliases on the token stream. Scripts are
//! parsed one complete command (one logical line) at a time with [`Parser::next_command`], so
//! that an alias defined on one line applies to the next and a syntax error late in a script does
//! not stop the lines before it from running, exactly as bash reads its input.

pub mod arith;
pub mod ast;
mod brace;
mod cond;
mod error;
mod heredoc;
pub mod highlight;
mod lexer;
pub mod names;
mod parser;
pub mod print;
#[cfg(test)]
mod tests;
mod word;

pub use brace::{brace_word, tilde_prefix};
pub use error::ParseError;
pub use names::{RESERVED_WORDS, is_name};
pub use parser::{Parser, STACK_EXHAUSTED};

/// Alias lookup used by the parser when alias expansion is on.
pub trait AliasLookup {
    /// The replacement text of alias `name`, if defined.
    fn alias(&self, name: &str) -> Option<String>;
}

impl AliasLookup for std::collections::HashMap<String, String> {
    fn alias(&self, name: &str) -> Option<String> {
        self.get(name).cloned()
    }
}

/// Parse a whole script (no alias expansion).
pub fn parse(src: &str) -> Result<ast::List, ParseError> {
    let mut parser = Parser::new(src);
    let mut all = ast::List::default();
    while let Some(list) = parser.next_command(None)? {
        all.items.extend(list.items);
    }
    Ok(all)
}
