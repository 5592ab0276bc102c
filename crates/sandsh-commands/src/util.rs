//! Helpers that belong to no one concept yet: prompting (`rm -i`), running a program
//! (`nice`, `nohup`), GNU size suffixes, path names and `cp`-style operand pairs.
//!
//! The reading, writing and diagnostic helpers that used to live here moved to [`crate::input`],
//! [`crate::output`] and [`crate::diag`]; they are re-exported under their old names so that
//! callers can move over one at a time.

use std::path::PathBuf;

use sandsh_api::{Arg, ExitStatus, ToolCtx};

pub use crate::diag::{
    cquote, display_name, err, invalid_argument, io_msg, lossy, parse_or_usage, quote, quotef,
    usage, vfs_msg,
};
pub use crate::input::{
    CHUNK, Lines, Source, files_or_stdin, is_dir, memory_error, open, read_all, read_chunk,
    read_input, split_records,
};
pub use crate::obsolete::legacy_count;
pub use crate::output::{OutFile, emit, is_fd_path, out};

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

/// Resolve an operand to an absolute VFS path.
pub fn abs(ctx: &dyn ToolCtx, path: &str) -> PathBuf {
    ctx.resolve_path(path)
}

/// The program `execvp` would run for `name` (see [`sandsh_api::search_program`]), as a path
/// to pass to [`ToolCtx::call`].
pub fn exec_search(
    ctx: &dyn ToolCtx,
    name: &str,
    path: Option<&[u8]>,
) -> Result<String, sandsh_api::ExecError> {
    sandsh_api::search_program(name, path, |p| {
        ctx.backend().stat(&ctx.resolve_path(p)).ok()
    })
}

/// Run the program `argv` as a utility that execs it does (`nice`, `nohup`, `stdbuf`):
/// found by [`exec_search`]; when it cannot be run, `failed(name, reason)` is the message
/// printed after `who: ` and the status is 127 (not found) or 126.
pub fn run_program(
    ctx: &mut dyn ToolCtx,
    who: &str,
    argv: &[Arg],
    failed: impl Fn(&str, &str) -> String,
) -> ExitStatus {
    let name = lossy(&argv[0]);
    match exec_search(ctx, &name, env_path(ctx).as_deref()) {
        Ok(prog) => ctx.call(&prog, &argv[1..]),
        Err(e) => {
            err(ctx, who, &failed(&name, e.reason));
            e.status
        }
    }
}

/// The `PATH` a command run from `ctx` is looked up in (see [`exec_search`]); `None` when unset.
pub fn env_path(ctx: &dyn ToolCtx) -> Option<Vec<u8>> {
    ctx.env()
        .into_iter()
        .find(|(k, _)| k == "PATH")
        .map(|(_, v)| v)
}

/// Parse a GNU size/count with optional multiplier suffix (`10`, `2K`, `1MB`, `3KiB`, `b`).
pub fn parse_size(s: &str) -> Option<u64> {
    let digits_end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    if digits_end == 0 {
        return None;
    }
    let n: u64 = s[..digits_end].parse().ok()?;
    let suf = &s[digits_end..];
    let mult: u64 = match suf {
        "" => 1,
        "b" => 512,
        "kB" | "KB" => 1000,
        "K" | "k" | "KiB" | "kiB" => 1024,
        "MB" => 1000 * 1000,
        "M" | "MiB" => 1 << 20,
        "GB" => 1000 * 1000 * 1000,
        "G" | "GiB" => 1 << 30,
        "TB" => 1_000_000_000_000,
        "T" | "TiB" => 1 << 40,
        _ => return None,
    };
    n.checked_mul(mult).or(Some(u64::MAX))
}

/// The final component of a path as GNU `basename` computes it.
pub fn base_name(p: &[u8]) -> &[u8] {
    let trimmed = trim_slashes(p);
    if trimmed.is_empty() {
        return if p.is_empty() { b"" } else { b"/" };
    }
    match trimmed.iter().rposition(|&b| b == b'/') {
        Some(i) => &trimmed[i + 1..],
        None => trimmed,
    }
}

/// `p` without trailing slashes (but `/` stays empty-trimmed to "").
pub fn trim_slashes(p: &[u8]) -> &[u8] {
    let mut end = p.len();
    while end > 0 && p[end - 1] == b'/' {
        end -= 1;
    }
    &p[..end]
}

/// Join a directory operand and a name with one slash.
pub fn join_name(dir: &str, name: &str) -> String {
    if dir.ends_with('/') {
        format!("{dir}{name}")
    } else {
        format!("{dir}/{name}")
    }
}

/// The (source, destination) pairs of `cp`/`mv`/`ln` operands: into a directory (last
/// operand, or `-t DIR`) unless `-T`; otherwise exactly SOURCE DEST. Errors are GNU's
/// messages (without the command prefix).
pub fn copy_pairs(
    ctx: &dyn ToolCtx,
    operands: &[Vec<u8>],
    target_dir: Option<&[u8]>,
    no_target_dir: bool,
) -> Result<Vec<(String, String)>, String> {
    let ops: Vec<String> = operands.iter().map(|o| lossy(o)).collect();
    if let Some(t) = target_dir {
        let t = lossy(t);
        if !is_dir(ctx, &t) {
            return Err(format!("target directory {}: Not a directory", quote(&t)));
        }
        if ops.is_empty() {
            return Err("missing file operand".into());
        }
        return Ok(ops
            .iter()
            .map(|s| (s.clone(), join_name(&t, &lossy(base_name(s.as_bytes())))))
            .collect());
    }
    match ops.len() {
        0 => Err("missing file operand".into()),
        1 => Err(format!(
            "missing destination file operand after {}",
            quote(&ops[0])
        )),
        n => {
            let dest = &ops[n - 1];
            if no_target_dir {
                if n > 2 {
                    return Err(format!("extra operand {}", quote(&ops[2])));
                }
                return Ok(vec![(ops[0].clone(), dest.clone())]);
            }
            if is_dir(ctx, dest) {
                Ok(ops[..n - 1]
                    .iter()
                    .map(|s| (s.clone(), join_name(dest, &lossy(base_name(s.as_bytes())))))
                    .collect())
            } else if n > 2 {
                Err(format!("target {}: Not a directory", quote(dest)))
            } else {
                Ok(vec![(ops[0].clone(), dest.clone())])
            }
        }
    }
}

/// The columns `s` takes on a terminal: wide characters count two, combining and control
/// characters none.
pub fn display_width(s: &str) -> usize {
    use unicode_width::UnicodeWidthChar;
    s.chars().map(|c| c.width().unwrap_or(0)).sum()
}
