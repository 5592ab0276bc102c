//! `-z/--search-zip`: compressed files searched through their decompressors, as ripgrep does.
//!
//! ripgrep picks a decompression command by the file's name (its `grep-cli` table) and searches
//! what the command writes; when the command does not exist it searches the file as it is, and
//! when the command fails it reports the command's standard error and counts an error. Here the
//! commands are the sandbox's own (`gzip`, `bzip2`, `xz`): a format sandsh has no command for
//! (`.lz4`, `.br`, `.zst`, `.Z`) is searched as it is, as ripgrep does on a host without the
//! tool. The decompressed data is captured through the context, so it counts against the
//! memory budget and the output limit (a decompression bomb stops the run).

use sandsh_api::{Arg, ToolCtx};

use super::walk::Subject;

/// ripgrep 13's decompression commands by file-name glob (`*.gz`, …).
const COMMANDS: &[(&str, &[&str])] = &[
    (".gz", &["gzip", "-d", "-c"]),
    (".tgz", &["gzip", "-d", "-c"]),
    (".bz2", &["bzip2", "-d", "-c"]),
    (".tbz2", &["bzip2", "-d", "-c"]),
    (".xz", &["xz", "-d", "-c"]),
    (".txz", &["xz", "-d", "-c"]),
    (".lz4", &["lz4", "-d", "-c"]),
    (".lzma", &["xz", "--format=lzma", "-d", "-c"]),
    (".br", &["brotli", "-d", "-c"]),
    (".zst", &["zstd", "-q", "-d", "-c"]),
    (".zstd", &["zstd", "-q", "-d", "-c"]),
    (".Z", &["uncompress", "-c"]),
];

/// What a decompressor gave for a file.
pub enum Unzipped {
    /// Not a compressed name, or no command for it here: search the file itself.
    AsIs,
    Data(Vec<u8>),
    /// The command failed: its standard error, as ripgrep reports it.
    Failed(Vec<u8>),
    Cancelled,
}

/// Runs the decompressor `s`'s name asks for.
pub fn unzip(ctx: &mut dyn ToolCtx, s: &Subject) -> Unzipped {
    let name = s
        .abs
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    let Some((_, argv)) = COMMANDS.iter().find(|(ext, _)| name.ends_with(ext)) else {
        return Unzipped::AsIs;
    };
    if ctx.registry().get(argv[0]).is_none() {
        return Unzipped::AsIs;
    }
    let mut args: Vec<Arg> = argv[1..].iter().map(|a| a.as_bytes().to_vec()).collect();
    args.push(s.shown.as_bytes().to_vec());
    let out = ctx.call_captured(argv[0], &args, Some(&[]));
    if ctx.is_cancelled() {
        return Unzipped::Cancelled;
    }
    if out.status == 0 {
        Unzipped::Data(out.stdout)
    } else {
        Unzipped::Failed(out.stderr)
    }
}
