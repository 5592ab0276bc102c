//! Diagnostics as the GNU tools print them: usage errors with the "Try --help" line,
//! `name: message` lines, and the errno wording of io and VFS errors (names in them
//! are quoted by [`super::quote`]).
//!
//! One place for the wording, so that a message compared against GNU's output in the
//! differential tests reads the same in every command.

use sandsh_api::fs::VfsError;
use sandsh_api::{ArgParser, CommandSpec, ParsedArgs, ToolCtx};

use super::quote::cquote;

/// Parse arguments or print the GNU-style usage error and return `status`.
pub fn parse_or_usage(
    spec: &CommandSpec,
    args: &[Vec<u8>],
    ctx: &mut dyn ToolCtx,
    status: i32,
) -> Result<ParsedArgs, i32> {
    match ArgParser::parse(spec, args) {
        Ok(p) => Ok(p),
        Err(e) => {
            e.report(ctx, spec);
            Err(status)
        }
    }
}

/// Print `message` and the "Try --help" line; return `status`.
pub fn usage(ctx: &mut dyn ToolCtx, spec: &CommandSpec, message: &str, status: i32) -> i32 {
    sandsh_api::usage_lines(ctx, spec, message);
    status
}

/// Print `name: msg` to stderr.
pub fn err(ctx: &mut dyn ToolCtx, name: &str, msg: &str) {
    let _ = writeln!(ctx.stderr(), "{name}: {msg}");
}

/// The text of an io error as GNU tools print it.
pub fn io_msg(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "No such file or directory".into(),
        std::io::ErrorKind::PermissionDenied => "Permission denied".into(),
        std::io::ErrorKind::IsADirectory => "Is a directory".into(),
        _ => e.to_string(),
    }
}

/// The text of a VFS error (errno wording).
pub fn vfs_msg(e: &VfsError) -> String {
    e.to_string()
}

/// An operand as text (invalid UTF-8 decoded lossily; VFS paths are resolved from text).
pub fn lossy(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// GNU argmatch's complaint about an option's argument: `CMD: invalid argument ‘ARG’ for
/// ‘OPTION’`, then the valid arguments, one line per group of synonyms.
pub fn invalid_argument(cmd: &str, arg: &str, option: &str, groups: &[&[&str]]) -> String {
    let mut m = format!(
        "{cmd}: invalid argument {} for {}\nValid arguments are:",
        cquote(arg),
        cquote(option)
    );
    for g in groups {
        let words: Vec<String> = g.iter().map(|w| cquote(w)).collect();
        m.push_str(&format!("\n  - {}", words.join(", ")));
    }
    m
}

/// How GNU tools name an operand in headers and messages (`-` is "standard input").
pub fn display_name(f: &[u8]) -> String {
    if f == b"-" {
        "standard input".to_string()
    } else {
        lossy(f)
    }
}

/// Checks that there are `min` operands and, with `max`, no more, as GNU does: else prints
/// "missing operand", "missing operand after ‘LAST’" or "extra operand ‘X’" with the usage
/// hint and gives status 1.
pub fn operand_count(
    ctx: &mut dyn ToolCtx,
    spec: &CommandSpec,
    operands: &[Vec<u8>],
    min: usize,
    max: Option<usize>,
) -> Result<(), i32> {
    let name = spec.name;
    let message = match operands.last() {
        None if min > 0 => format!("{name}: missing operand"),
        Some(last) if operands.len() < min => {
            format!("{name}: missing operand after {}", cquote(&lossy(last)))
        }
        _ => match max.and_then(|max| operands.get(max)) {
            Some(extra) => format!("{name}: extra operand {}", cquote(&lossy(extra))),
            None => return Ok(()),
        },
    };
    Err(usage(ctx, spec, &message, 1))
}

/// Prints `name: msg` and gives status 1: the usual ending of a command that cannot go on.
pub fn fail(ctx: &mut dyn ToolCtx, name: &str, msg: &str) -> i32 {
    err(ctx, name, msg);
    1
}
