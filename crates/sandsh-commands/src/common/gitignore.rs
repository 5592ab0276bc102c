//! Reading one ignore file (`.gitignore`, `.ignore`, `.rgignore`) from the VFS into the
//! `ignore` crate's gitignore matcher, shared by `rg`'s walk and `tree --gitignore`: the file
//! is read through the sandbox and fed line by line to `GitignoreBuilder` (which never
//! touches the host), with a cap on the wildcard patterns one file may hold.

use std::path::Path;

use ignore::gitignore::{Gitignore, GitignoreBuilder};
use sandsh_api::ToolCtx;

/// Wildcard patterns one ignore file may hold. The `ignore` crate compiles them into one
/// regex set, which cannot be interrupted: 10,000 build in about 0.4 s, 100,000 take seconds
/// and more than a gigabyte (ripgrep itself: 7.5 s, 1.3 GB). Literal names and `*.ext`
/// patterns are matched by hashing and are not counted.
pub const MAX_WILDCARDS: usize = 10_000;

fn is_wildcard(line: &str) -> bool {
    let l = line.trim();
    if l.is_empty() || l.starts_with('#') {
        return false;
    }
    let l = l
        .trim_start_matches('!')
        .trim_start_matches('/')
        .trim_end_matches('/');
    let simple_ext = l
        .strip_prefix("*.")
        .is_some_and(|e| !e.contains(['*', '?', '[', '{', '/', '\\']));
    !simple_ext && l.contains(['*', '?', '[', '{'])
}

/// The ignore file `file` of directory `dir`, `None` when there is none (or it cannot be
/// read); `Err` when it holds more wildcards than can be honoured. `hint` ends that message
/// (how the command skips ignore files).
pub fn read_ignore(
    ctx: &mut dyn ToolCtx,
    dir: &Path,
    file: &Path,
    hint: &str,
) -> Result<Option<Gitignore>, String> {
    let Ok(meta) = ctx.backend().stat(file) else {
        return Ok(None);
    };
    if !meta.is_file() {
        return Ok(None);
    }
    let Ok(data) = super::input::read_input(ctx, file.to_string_lossy().as_bytes()) else {
        return Ok(None);
    };
    let text = String::from_utf8_lossy(&data);
    let wild = text.lines().filter(|l| is_wildcard(l)).count();
    if wild > MAX_WILDCARDS {
        return Err(format!(
            "{}: {wild} wildcard patterns in one ignore file; at most {MAX_WILDCARDS} are supported ({hint})",
            file.display()
        ));
    }
    let mut b = GitignoreBuilder::new(dir);
    for (n, line) in text.lines().enumerate() {
        if n % 1024 == 0 && ctx.is_cancelled() {
            return Ok(None);
        }
        // A bad glob is skipped, as ripgrep warns and goes on.
        let _ = b.add_line(Some(file.to_path_buf()), line);
    }
    Ok(b.build().ok())
}
