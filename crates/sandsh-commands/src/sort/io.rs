//! `sort`'s reading and writing: every input into one buffer (or each on its own for `-c` and
//! `-m`), and the sorted records to stdout or the `-o` file (which may be an input, so it is
//! written only after everything is read).

use sandsh_api::{Arg, ExitStatus, ToolCtx};

use crate::common::input;
use crate::common::{diag, output};

/// Concatenated inputs and per-file inputs (if each file should be kept on its own; -c/-m).
type Inputs = (Vec<u8>, Vec<(String, Vec<u8>)>);

/// Reads every input: into one buffer of delimited records, or, for `-c` and `-m`
/// (`per_file`), each file on its own.
pub(super) fn read_inputs(
    ctx: &mut dyn ToolCtx,
    files: &[Arg],
    delim: u8,
    per_file: bool,
) -> Result<Inputs, ExitStatus> {
    let mut data = Vec::new();
    let mut each = Vec::new();
    for f in files {
        let name = diag::lossy(f);
        let r = match input::open_source(ctx, f) {
            Ok(mut src) => {
                input::read_all(ctx, &mut src).map_err(|e| ("read failed", diag::io_msg(&e)))
            }
            // GNU opens a directory fine and fails on the read.
            Err(e) if e.kind() == std::io::ErrorKind::IsADirectory => {
                Err(("read failed", diag::io_msg(&e)))
            }
            Err(e) => Err(("cannot read", diag::io_msg(&e))),
        };
        match r {
            Ok(d) => {
                if per_file {
                    each.push((name, d));
                } else {
                    data.extend_from_slice(&d);
                    if !d.is_empty() && d.last() != Some(&delim) {
                        data.push(delim);
                    }
                }
            }
            Err((what, m)) => {
                diag::err(ctx, "sort", &format!("{what}: {name}: {m}"));
                return Err(2);
            }
        }
    }
    Ok((data, each))
}

/// Writes the records, each followed by `delim`, to stdout or the `-o` file.
pub(super) fn write_lines(
    ctx: &mut dyn ToolCtx,
    lines: &[&[u8]],
    capacity: usize,
    delim: u8,
    output: Option<String>,
) -> ExitStatus {
    let mut out = Vec::with_capacity(capacity);
    for l in lines {
        out.extend_from_slice(l);
        out.push(delim);
    }
    match output {
        Some(path) => {
            let r = output::OutFile::create(ctx, &path, false).and_then(|mut f| f.write(ctx, &out));
            if let Err(e) = r {
                diag::err(ctx, "sort", &format!("open failed: {path}: {e}"));
                return 2;
            }
            0
        }
        None => {
            for chunk in out.chunks(input::CHUNK) {
                if ctx.is_cancelled() {
                    return 130;
                }
                if !output::out(ctx, chunk) {
                    return 2;
                }
            }
            0
        }
    }
}
