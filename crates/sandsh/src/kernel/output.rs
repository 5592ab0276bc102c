//! A run's output past `--max-output-bytes`: the head and the tail are kept (where the command
//! started and where it failed), the whole stream is saved as a file in the VFS within the
//! session's quota (the oldest saved file removed first), and the kept text ends with one line
//! naming the file and the sizes, so a model reads the end of a long build log and can `grep`
//! or `tail` the rest.

use std::path::{Path, PathBuf};

use sandsh_interp::io::{Cut, Shape};
use sandsh_vfs::{KernelBackend, VfsError, WriteMode};

use crate::config::OutputConfig;

/// Where the streams that passed the output limit are saved: `N.stdout`, `N.stderr`, numbered
/// in the order of the runs.
pub const OUTPUT_DIR: &str = "/tmp/sandsh-output";

/// How a stream that passed the limit was kept, for structured results (`stdout_cut`,
/// `stderr_cut`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct OutputCut {
    /// Bytes the stream had in all.
    pub total: u64,
    /// Bytes kept from its start and from its end.
    pub head: usize,
    pub tail: usize,
    /// The file holding the stream (all of it when `saved == total`), if one was written.
    pub file: Option<String>,
    pub saved: u64,
}

/// The shape the captures of a run take under `output` (none: only the head is kept).
pub(super) fn shape(output: &OutputConfig, limit: usize) -> Option<Shape> {
    let share = output.head();
    if share >= 1.0 {
        return None;
    }
    Some(Shape {
        head: (limit as f64 * share) as usize,
        save: usize::try_from(output.save_quota()).unwrap_or(usize::MAX),
    })
}

/// The text a cut stream is returned as, and what it says about the cut. `stream` names it
/// (`stdout`, `stderr`); the saved copy is written through `backend` as run `number`'s, within
/// `quota`.
pub(super) fn settle(
    backend: &dyn KernelBackend,
    cut: Cut,
    (number, stream): (u64, &str),
    limit: usize,
    quota: u64,
) -> (Vec<u8>, OutputCut) {
    let Cut {
        mut head,
        mut tail,
        tail_starts_line,
        total,
        saved,
    } = cut;
    // Whole lines where a line ends near the cut (a line cut in two reads as another line).
    if let Some(i) = head.iter().rposition(|b| *b == b'\n')
        && i + 1 >= head.len() / 2
    {
        head.truncate(i + 1);
    }
    if !tail_starts_line
        && let Some(i) = tail.iter().position(|b| *b == b'\n')
        && i < tail.len() / 2
    {
        tail.drain(..=i);
    }
    let file = if saved.is_empty() {
        None
    } else {
        save(backend, (number, stream), &saved, quota).ok()
    };
    let info = OutputCut {
        total,
        head: head.len(),
        tail: tail.len(),
        saved: if file.is_some() {
            saved.len() as u64
        } else {
            0
        },
        file,
    };
    let omitted = total - head.len() as u64 - tail.len() as u64;
    let mut text = head;
    if !text.is_empty() && !text.ends_with(b"\n") {
        text.push(b'\n');
    }
    text.extend_from_slice(format!("[... {omitted} bytes omitted ...]\n").as_bytes());
    text.extend_from_slice(&tail);
    if !tail.is_empty() && !tail.ends_with(b"\n") {
        text.push(b'\n');
    }
    let flag = crate::limits::Limit::OutputBytes.long();
    let whole = match &info.file {
        Some(f) if info.saved == total => format!("the whole {stream} is in {f}"),
        Some(f) => format!("its first {} bytes are in {f}", info.saved),
        None => format!("raise {flag} to keep more"),
    };
    text.extend_from_slice(
        format!(
            "[sandsh: {stream} was {total} bytes, over {flag} ({limit}): shown are its first {} \
             and last {} bytes; {whole}]\n",
            info.head, info.tail
        )
        .as_bytes(),
    );
    (text, info)
}

/// Write `data` as the next saved stream and remove the oldest saved files past `quota`; the
/// file's path.
fn save(
    backend: &dyn KernelBackend,
    (number, stream): (u64, &str),
    data: &[u8],
    quota: u64,
) -> Result<String, VfsError> {
    let dir = Path::new(OUTPUT_DIR);
    match backend.mkdir(dir, 0o755, true) {
        Ok(()) | Err(VfsError::AlreadyExists) => {}
        Err(e) => return Err(e),
    }
    let saved = saved_files(backend);
    let mut held: u64 = saved.iter().map(|s| s.2).sum::<u64>() + data.len() as u64;
    for (_, path, size) in &saved {
        if held <= quota {
            break;
        }
        if backend.remove(path, false).is_ok() {
            held -= size;
        }
    }
    let path = format!("{OUTPUT_DIR}/{number}.{stream}");
    backend.write(Path::new(&path), data, WriteMode::Truncate, 0o644)?;
    Ok(path)
}

/// The saved streams, oldest first: (run number, path, size).
fn saved_files(backend: &dyn KernelBackend) -> Vec<(u64, PathBuf, u64)> {
    let dir = Path::new(OUTPUT_DIR);
    let mut saved: Vec<(u64, PathBuf, u64)> = backend
        .list_with_metadata(dir)
        .unwrap_or_default()
        .into_iter()
        .filter_map(|(entry, meta)| {
            let name = std::str::from_utf8(&entry.name).ok()?;
            let (n, _) = name.split_once('.')?;
            let path = dir.join(name);
            let size = match meta {
                Some(m) => m.size,
                None => backend.lstat(&path).map_or(0, |m| m.size),
            };
            Some((n.parse().ok()?, path, size))
        })
        .collect();
    saved.sort();
    saved
}

/// The number the streams of this run are saved under: one past the last saved.
pub(super) fn next_number(backend: &dyn KernelBackend) -> u64 {
    saved_files(backend).last().map_or(0, |s| s.0) + 1
}
