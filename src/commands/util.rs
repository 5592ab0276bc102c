//! Small helpers shared by commands: usage errors, reading operands or stdin.

use std::io::Read;

use crate::api::{ArgParser, CommandSpec, ParsedArgs, ToolCtx};

/// Parse arguments or print the GNU-style usage error and return status 2... or 1 as the
/// command prefers (`status`).
pub fn parse_or_usage(
    spec: &CommandSpec,
    args: &[Vec<u8>],
    ctx: &mut dyn ToolCtx,
    status: i32,
) -> Result<ParsedArgs, i32> {
    match ArgParser::parse(spec, args) {
        Ok(p) => Ok(p),
        Err(e) => {
            let _ = writeln!(
                ctx.stderr(),
                "{}\nTry '{} --help' for more information.",
                e.message,
                spec.name
            );
            Err(status)
        }
    }
}

/// Print `name: msg` to stderr.
pub fn err(ctx: &mut dyn ToolCtx, name: &str, msg: &str) {
    let _ = writeln!(ctx.stderr(), "{name}: {msg}");
}

/// Read a whole input: `-` or no operand is stdin.
pub fn read_input(ctx: &mut dyn ToolCtx, operand: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut buf = Vec::new();
    if operand == b"-" {
        ctx.stdin().read_to_end(&mut buf)?;
    } else {
        let path = String::from_utf8_lossy(operand).into_owned();
        ctx.open_read(&path)?.read_to_end(&mut buf)?;
    }
    Ok(buf)
}

/// The text of an io error as GNU tools print it.
pub fn io_msg(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "No such file or directory".into(),
        std::io::ErrorKind::PermissionDenied => "Permission denied".into(),
        _ => e.to_string(),
    }
}
