//! Asking the user a yes/no question on standard input, as `rm -i`, `cp -i` and `mv -i` do.
//!
//! The question goes to stderr and the answer is read a byte at a time so that no more of
//! standard input is consumed than the one line (`yes | rm -i *` answers each prompt in turn).

use sandsh_api::ToolCtx;

/// Ask as GNU `rm -i`/`cp -i`/`mv -i` do: the prompt goes to stderr and the answer is one line
/// of standard input (the terminal in the REPL, the pipe in `yes | rm -i *`). Yes only for an
/// answer starting with `y` or `Y`; end of input, or a line longer than 4 KiB, is no.
pub fn ask_stdin(ctx: &mut dyn ToolCtx, prompt: &str) -> bool {
    let _ = write!(ctx.stderr(), "{prompt}");
    let _ = ctx.stderr().flush();
    let mut line = Vec::new();
    let mut byte = [0u8; 1];
    while !ctx.is_cancelled() && line.len() < 4096 {
        match ctx.stdin().read(&mut byte) {
            Ok(1) if byte[0] == b'\n' => break,
            Ok(1) => line.push(byte[0]),
            _ => break,
        }
    }
    let answer = line.iter().position(|b| !b.is_ascii_whitespace());
    answer.is_some_and(|i| matches!(line[i], b'y' | b'Y'))
}
