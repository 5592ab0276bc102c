//! Text helpers shared by the interpreter and commands: glob patterns, printf formatting.
