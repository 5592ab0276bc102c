//! GNU-style option parsing driven by a command's [`super::CommandSpec`] option table.
//!
//! (Placeholder API: the commands work fills this in.)

use super::{Arg, CommandSpec};

/// The result of parsing: options in order of appearance and the operands.
#[derive(Debug, Default, Clone)]
pub struct ParsedArgs {
    /// (index into `spec.options`, value when the option takes one)
    pub opts: Vec<(usize, Option<Arg>)>,
    pub operands: Vec<Arg>,
}

/// A bad option or missing value, worded as GNU tools word it.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{message}")]
pub struct UsageError {
    pub message: String,
}

/// Parses arguments against a spec without building any per-call parser object.
pub struct ArgParser;

impl ArgParser {
    pub fn parse(spec: &CommandSpec, args: &[Arg]) -> Result<ParsedArgs, UsageError> {
        let _ = (spec, args);
        todo!()
    }
}
