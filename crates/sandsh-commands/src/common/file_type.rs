//! File types as the commands name them: `stat %F`'s words, the `st_mode` type bits, `ls -l`'s
//! letter, the `--json` kinds, and where a symbolic link points.
//!
//! The VFS's [`FileType`] is one enum; each GNU tool spells it its own way, and these tables
//! keep each spelling in one place so `ls`, `stat`, `find` and `tree` agree.

use std::path::Path;

use sandsh_api::ToolCtx;
use sandsh_api::fs::{FileType, Metadata};

/// What `stat %F` calls a file type.
pub fn type_name(m: &Metadata) -> &'static str {
    match m.file_type {
        FileType::File if m.size == 0 => "regular empty file",
        FileType::File => "regular file",
        FileType::Dir => "directory",
        FileType::Symlink => "symbolic link",
        FileType::CharDevice => "character special file",
        FileType::Fifo => "fifo",
    }
}

/// The `st_mode` type bits.
pub fn type_bits(t: FileType) -> u32 {
    match t {
        FileType::File => 0o100000,
        FileType::Dir => 0o040000,
        FileType::Symlink => 0o120000,
        FileType::CharDevice => 0o020000,
        FileType::Fifo => 0o010000,
    }
}

/// The `ls -l` type letter.
pub fn type_char(t: FileType) -> char {
    match t {
        FileType::Dir => 'd',
        FileType::Symlink => 'l',
        FileType::CharDevice => 'c',
        FileType::Fifo => 'p',
        FileType::File => '-',
    }
}

/// The file type as the `--json` forms of `ls`, `find` and `stat` name it.
pub fn json_kind(t: FileType) -> &'static str {
    match t {
        FileType::File => "file",
        FileType::Dir => "directory",
        FileType::Symlink => "symlink",
        FileType::CharDevice => "char_device",
        FileType::Fifo => "fifo",
    }
}

/// Where the symbolic link `meta` describes (at `abs`) points, as `ls -l` and `stat` print
/// it; `None` for anything else, or a link that cannot be read.
pub fn link_target(ctx: &dyn ToolCtx, abs: &Path, meta: &Metadata) -> Option<String> {
    if !meta.is_symlink() {
        return None;
    }
    let target = ctx.backend().read_link(abs).ok()?;
    Some(target.to_string_lossy().into_owned())
}
