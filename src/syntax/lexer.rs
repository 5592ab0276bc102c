//! Lexer (placeholder: the parser work fills this in).
