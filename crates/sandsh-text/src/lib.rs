//! Text helpers shared by the interpreter and commands: glob patterns, pathname expansion,
//! printf formatting, shell quoting and backslash escapes.
//!
//! They live below both `interp/` and `commands/` so that `case`, `[[ ]]`, `${x#p}`, `find
//! -name`, `printf` the builtin and `printf` the command all share one implementation checked
//! against bash.

pub mod case;
pub mod duration;
pub mod escape;
pub mod pattern;
pub mod printf;
pub mod quote;
pub mod re_lite;
pub mod regex;
pub mod strftime;
#[cfg(test)]
mod test_rng;
pub mod translit;
