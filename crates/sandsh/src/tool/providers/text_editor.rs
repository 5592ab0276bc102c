//! `str_replace_based_edit_tool`: the text-editor tool models are trained on (Anthropic's
//! `text_editor` / `str_replace_editor`), over a sandbox's virtual filesystem.
//!
//! Input `{command, path, view_range?, file_text?, old_str?, new_str?, insert_line?}`:
//!
//! - `view`: a file numbered as `cat -n` prints it (optionally lines `[start, end]`, `-1` for
//!   the end), or a directory's files and directories up to 2 levels deep, hidden ones left
//!   out. The only command that does not write.
//! - `create`: a new file; an existing one is not overwritten (as Anthropic's tool does).
//! - `str_replace`: replace `old_str`, which must occur exactly once; otherwise nothing is
//!   written and the answer says how many occurrences it found and on which lines.
//! - `insert`: `new_str` after line `insert_line` (0: at the start).
//! - `undo_edit`: revert this tool's last edit of the file (a `create` is undone by removing
//!   the file).
//!
//! It reads and writes through the kernel's [`KernelBackend`], so it sees exactly what the
//! paired shell sees (memory filesystem and mounts): a read-only mount refuses writes with
//! `Read-only file system`, and the filesystem's size limits and memory budget apply to what
//! it writes. Paths must be absolute and are confined to a set of roots (lexically and through
//! symlink resolution, as `filesystem` does). Files are read up to `max_size` bytes; the undo
//! history is bounded (entries and bytes, the oldest dropped first).
//!
//! Differences from Anthropic's reference implementation, on purpose: tabs are kept (it
//! expands them to spaces when editing); lines are counted as `cat -n` counts them (a final
//! newline does not start an extra, empty line); with several occurrences, the lines listed
//! are where each occurrence starts (so multi-line `old_str`s are located too).

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use serde_json::{Value, json};

use super::{execute_json, provider_identity, str_arg, tool_output_schema};
use crate::tool::traits::{
    RiskLevel, Tool, ToolError, ToolOutput, ToolRequest, ToolResponse, ToolResult,
};
use sandsh_vfs::{FileType, KernelBackend, VfsError, WriteMode};

/// The tool's name (Anthropic's current name for it).
pub const TEXT_EDITOR_TOOL_NAME: &str = "str_replace_based_edit_tool";
const NAME: &str = TEXT_EDITOR_TOOL_NAME;
const SHORT: &str = "View, create and edit text files";
/// Lines of context shown around an edit.
const SNIPPET_LINES: usize = 4;
/// Characters of `view` output shown before it is clipped.
const DEFAULT_VIEW_LIMIT: usize = 16_000;
/// Entries of a directory listing shown before it is clipped.
const MAX_LISTING: usize = 10_000;
/// Undo entries kept (all files together).
const MAX_HISTORY: usize = 256;
const CLIPPED: &str = "<response clipped><NOTE>To save on context only part of this file has \
    been shown to you. You should retry this tool after you have searched inside the file with \
    `grep -n` in order to find the line numbers of what you are looking for.</NOTE>";

/// One undo step: the file's content before an edit (`None`: it did not exist).
struct Undo {
    path: PathBuf,
    before: Option<Vec<u8>>,
}

#[derive(Default)]
struct History {
    entries: VecDeque<Undo>,
    bytes: usize,
}

impl History {
    fn push(&mut self, path: PathBuf, before: Option<Vec<u8>>, max_bytes: usize) {
        let n = before.as_ref().map_or(0, Vec::len);
        if n > max_bytes {
            // Too big to keep: older steps of this file would skip it, so forget them too.
            self.forget(&path);
            return;
        }
        self.bytes += n;
        self.entries.push_back(Undo { path, before });
        while self.entries.len() > MAX_HISTORY || self.bytes > max_bytes {
            match self.entries.pop_front() {
                Some(u) => self.bytes -= u.before.as_ref().map_or(0, Vec::len),
                None => break,
            }
        }
    }

    fn pop(&mut self, path: &Path) -> Option<Undo> {
        let i = self.entries.iter().rposition(|u| u.path == path)?;
        let u = self.entries.remove(i)?;
        self.bytes -= u.before.as_ref().map_or(0, Vec::len);
        Some(u)
    }

    fn forget(&mut self, path: &Path) {
        let mut freed = 0;
        self.entries.retain(|u| {
            let keep = u.path != path;
            if !keep {
                freed += u.before.as_ref().map_or(0, Vec::len);
            }
            keep
        });
        self.bytes -= freed;
    }
}

/// The text-editor tool over a sandbox's filesystem.
pub struct TextEditorTool {
    backend: Arc<dyn KernelBackend>,
    max_size: usize,
    view_limit: usize,
    history_bytes: usize,
    roots: Vec<PathBuf>,
    history: Mutex<History>,
}

/// A failure reported to the model as the tool's answer (`is_error`), in the words of
/// Anthropic's tool.
struct Refusal(String);

type Answer = Result<String, Refusal>;

fn refuse<T>(msg: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal(msg.into()))
}

impl TextEditorTool {
    /// Edit files of `backend`, reading files of at most `max_size` bytes. Without
    /// [`TextEditorTool::root`]s the whole virtual filesystem is reachable.
    pub fn new(backend: Arc<dyn KernelBackend>, max_size: usize) -> Self {
        TextEditorTool {
            backend,
            max_size,
            view_limit: DEFAULT_VIEW_LIMIT,
            history_bytes: max_size.saturating_mul(8).max(1 << 20),
            roots: Vec::new(),
            history: Mutex::new(History::default()),
        }
    }

    /// Allow paths under `dir` (absolute, in the virtual filesystem).
    pub fn root(mut self, dir: impl AsRef<Path>) -> Self {
        self.roots
            .push(sandsh_vfs::normalize(Path::new("/"), dir.as_ref()));
        self
    }

    /// Clip `view` output after `chars` characters (16,000 by default).
    pub fn view_limit(mut self, chars: usize) -> Self {
        self.view_limit = chars;
        self
    }

    /// Keep at most `bytes` of file contents for `undo_edit` (8 × `max_size` by default, at
    /// least 1 MiB).
    pub fn history_limit(mut self, bytes: usize) -> Self {
        self.history_bytes = bytes;
        self
    }

    fn inside(&self, p: &Path) -> bool {
        self.roots.is_empty() || self.roots.iter().any(|r| p.starts_with(r))
    }

    /// The normalized path, checked against the roots (also after resolving symlinks, of the
    /// path or, for a file not there yet, of its directory).
    fn confine(&self, raw: &str) -> ToolResult<PathBuf> {
        let p = sandsh_vfs::normalize(Path::new("/"), Path::new(raw));
        let outside = || {
            let roots: Vec<String> = self.roots.iter().map(|r| r.display().to_string()).collect();
            ToolError::PermissionDenied(format!(
                "{raw} is outside the sandbox (allowed: {})",
                roots.join(", ")
            ))
        };
        if !self.inside(&p) {
            return Err(outside());
        }
        let real = self.backend.canonicalize(&p).or_else(|_| {
            let parent = p.parent().unwrap_or(Path::new("/"));
            self.backend.canonicalize(parent)
        });
        if let Ok(real) = real
            && !self.inside(&real)
        {
            return Err(outside());
        }
        Ok(p)
    }

    fn read(&self, p: &Path, size: u64) -> Result<Vec<u8>, Refusal> {
        if size > self.max_size as u64 {
            return refuse(format!(
                "The file {} is {size} bytes; this editor reads files up to {} bytes. \
                 Use the shell (grep -n, sed -n) to work on it.",
                p.display(),
                self.max_size
            ));
        }
        self.backend
            .read(p, None)
            .or_else(|e| refuse(format!("Ran into {e} while trying to read {}", p.display())))
    }

    fn read_text(&self, p: &Path, size: u64) -> Result<String, Refusal> {
        let data = self.read(p, size)?;
        String::from_utf8(data).or_else(|_| {
            refuse(format!(
                "The file {} is not valid UTF-8 text; this editor edits text files only.",
                p.display()
            ))
        })
    }

    fn write(&self, p: &Path, data: &[u8], mode: WriteMode) -> Result<(), Refusal> {
        self.backend.write(p, data, mode, 0o644).or_else(|e| {
            refuse(format!(
                "Ran into {e} while trying to write to {}",
                p.display()
            ))
        })
    }

    fn record(&self, p: &Path, before: Option<Vec<u8>>) {
        let mut h = self.history.lock().unwrap_or_else(|e| e.into_inner());
        h.push(p.to_path_buf(), before, self.history_bytes);
    }

    fn run(&self, args: &Value) -> ToolResult<ToolOutput> {
        let command = str_arg(args, "command").unwrap_or("");
        let raw = str_arg(args, "path").unwrap_or("");
        let answer = self.answer(command, raw, args)?;
        Ok(match answer {
            Ok(text) => ToolOutput::success(Value::String(text))
                .with_metadata("read_only", command == "view"),
            Err(Refusal(msg)) => ToolOutput::failure(Value::String(msg.clone()), msg),
        })
    }

    fn answer(&self, command: &str, raw: &str, args: &Value) -> ToolResult<Answer> {
        if !matches!(
            command,
            "view" | "create" | "str_replace" | "insert" | "undo_edit"
        ) {
            return Ok(refuse(format!(
                "Unrecognized command {command}. The allowed commands for the {NAME} tool \
                 are: view, create, str_replace, insert, undo_edit"
            )));
        }
        if raw.contains('\0') {
            return Err(ToolError::InvalidArguments(format!("invalid path {raw:?}")));
        }
        if !raw.starts_with('/') {
            return Ok(refuse(format!(
                "The path {raw} is not an absolute path, it should start with `/`. \
                 Maybe you meant /{raw}?"
            )));
        }
        let p = self.confine(raw)?;
        let shown = p.display().to_string();
        let meta = self.backend.stat(&p).ok();
        match (&meta, command) {
            (None, "create") => {}
            (None, "undo_edit") => {}
            (None, _) => {
                return Ok(refuse(format!(
                    "The path {shown} does not exist. Please provide a valid path."
                )));
            }
            (Some(_), "create") => {
                return Ok(refuse(format!(
                    "File already exists at: {shown}. Cannot overwrite files using command \
                     `create`."
                )));
            }
            (Some(m), c) if m.is_dir() && c != "view" => {
                return Ok(refuse(format!(
                    "The path {shown} is a directory and only the `view` command can be used \
                     on directories"
                )));
            }
            (Some(m), _) if !m.is_dir() && m.file_type != FileType::File => {
                return Ok(refuse(format!(
                    "The path {shown} is not a regular file or directory"
                )));
            }
            _ => {}
        }
        let size = meta.as_ref().map_or(0, |m| m.size);
        Ok(match command {
            "view" if meta.as_ref().is_some_and(|m| m.is_dir()) => self.view_dir(&p, args),
            "view" => self.view_file(&p, size, args),
            "create" => self.create(&p, args),
            "str_replace" => self.str_replace(&p, size, args),
            "insert" => self.insert(&p, size, args),
            _ => self.undo(&p),
        })
    }

    fn view_dir(&self, p: &Path, args: &Value) -> Answer {
        if args
            .get("view_range")
            .and_then(Value::as_array)
            .is_some_and(|a| !a.is_empty())
        {
            return refuse(
                "The `view_range` parameter is not allowed when `path` points to a directory.",
            );
        }
        let mut lines = vec![p.display().to_string()];
        let mut clipped = false;
        self.walk(p, 1, &mut lines, &mut clipped);
        let mut out = format!(
            "Here's the files and directories up to 2 levels deep in {}, excluding hidden \
             items:\n",
            p.display()
        );
        for l in &lines {
            out.push_str(l);
            out.push('\n');
        }
        if clipped {
            out.push_str(&format!("<response clipped after {MAX_LISTING} entries>\n"));
        }
        out.push('\n');
        Ok(out)
    }

    fn walk(&self, dir: &Path, depth: usize, lines: &mut Vec<String>, clipped: &mut bool) {
        let Ok(mut entries) = self.backend.list(dir) else {
            return;
        };
        entries.sort_by(|a, b| a.name.cmp(&b.name));
        for e in entries {
            if e.name.first() == Some(&b'.') {
                continue;
            }
            if lines.len() > MAX_LISTING {
                *clipped = true;
                return;
            }
            let child = dir.join(String::from_utf8_lossy(&e.name).as_ref());
            lines.push(child.display().to_string());
            if depth < 2 && e.file_type == FileType::Dir {
                self.walk(&child, depth + 1, lines, clipped);
            }
        }
    }

    fn view_file(&self, p: &Path, size: u64, args: &Value) -> Answer {
        let data = self.read(p, size)?;
        let text = String::from_utf8_lossy(&data);
        let lines: Vec<&str> = split_lines(&text);
        let n = lines.len() as i64;
        let mut first = 1i64;
        let mut last = n;
        if let Some(range) = args.get("view_range").and_then(Value::as_array)
            && !range.is_empty()
        {
            let nums: Vec<i64> = range.iter().filter_map(Value::as_i64).collect();
            if nums.len() != 2 || range.len() != 2 {
                return refuse("Invalid `view_range`. It should be a list of two integers.");
            }
            let (a, b) = (nums[0], nums[1]);
            let shown = format!("[{a}, {b}]");
            if a < 1 || a > n {
                return refuse(format!(
                    "Invalid `view_range`: {shown}. Its first element `{a}` should be within \
                     the range of lines of the file: [1, {n}]"
                ));
            }
            if b > n {
                return refuse(format!(
                    "Invalid `view_range`: {shown}. Its second element `{b}` should be smaller \
                     than the number of lines in the file: `{n}`"
                ));
            }
            if b != -1 && b < a {
                return refuse(format!(
                    "Invalid `view_range`: {shown}. Its second element `{b}` should be larger \
                     or equal than its first `{a}`"
                ));
            }
            first = a;
            last = if b == -1 { n } else { b };
        }
        let slice = if n == 0 {
            &lines[..]
        } else {
            &lines[(first - 1) as usize..last as usize]
        };
        Ok(numbered(
            slice,
            &p.display().to_string(),
            first as usize,
            self.view_limit,
        ))
    }

    fn create(&self, p: &Path, args: &Value) -> Answer {
        let Some(text) = str_arg(args, "file_text") else {
            return refuse("Parameter `file_text` is required for command: create");
        };
        self.write(p, text.as_bytes(), WriteMode::CreateNew)?;
        self.record(p, None);
        Ok(format!("File created successfully at: {}", p.display()))
    }

    fn str_replace(&self, p: &Path, size: u64, args: &Value) -> Answer {
        let Some(old) = str_arg(args, "old_str") else {
            return refuse("Parameter `old_str` is required for command: str_replace");
        };
        let new = str_arg(args, "new_str").unwrap_or("");
        let shown = p.display().to_string();
        if old.is_empty() {
            return refuse(format!(
                "No replacement was performed: old_str is empty, so it does not identify a \
                 place in {shown}."
            ));
        }
        let text = self.read_text(p, size)?;
        let starts: Vec<usize> = text.match_indices(old).map(|(i, _)| i).collect();
        match starts.len() {
            0 => {
                return refuse(format!(
                    "No replacement was performed, old_str `{old}` did not appear verbatim in \
                     {shown}."
                ));
            }
            1 => {}
            count => {
                let mut lines: Vec<usize> = starts.iter().map(|&i| line_of(&text, i)).collect();
                lines.dedup();
                let list: Vec<String> = lines.iter().map(usize::to_string).collect();
                return refuse(format!(
                    "No replacement was performed. Multiple occurrences ({count}) of old_str \
                     `{old}` in lines [{}]. Please ensure it is unique",
                    list.join(", ")
                ));
            }
        }
        let at = starts[0];
        let mut edited = String::with_capacity(text.len() - old.len() + new.len());
        edited.push_str(&text[..at]);
        edited.push_str(new);
        edited.push_str(&text[at + old.len()..]);
        self.write(p, edited.as_bytes(), WriteMode::Truncate)?;
        self.record(p, Some(text.clone().into_bytes()));
        let line = line_of(&text, at) - 1;
        let start = line.saturating_sub(SNIPPET_LINES);
        let end = line + SNIPPET_LINES + new.matches('\n').count();
        let all = split_lines(&edited);
        let snippet = &all[start.min(all.len())..(end + 1).min(all.len())];
        Ok(format!(
            "The file {shown} has been edited. {}Review the changes and make sure they are as \
             expected. Edit the file again if necessary.",
            numbered(
                snippet,
                &format!("a snippet of {shown}"),
                start + 1,
                self.view_limit
            )
        ))
    }

    fn insert(&self, p: &Path, size: u64, args: &Value) -> Answer {
        let Some(at) = args.get("insert_line").and_then(Value::as_i64) else {
            return refuse("Parameter `insert_line` is required for command: insert");
        };
        let Some(new) = str_arg(args, "new_str") else {
            return refuse("Parameter `new_str` is required for command: insert");
        };
        let text = self.read_text(p, size)?;
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        let n = lines.len() as i64;
        if at < 0 || at > n {
            return refuse(format!(
                "Invalid `insert_line` parameter: {at}. It should be within the range of lines \
                 of the file: [0, {n}]"
            ));
        }
        let at = at as usize;
        let mut edited = String::with_capacity(text.len() + new.len() + 2);
        for l in &lines[..at] {
            edited.push_str(l);
        }
        if !edited.is_empty() && !edited.ends_with('\n') {
            edited.push('\n');
        }
        edited.push_str(new);
        let rest = &lines[at..];
        if !rest.is_empty() && !new.ends_with('\n') {
            edited.push('\n');
        }
        for l in rest {
            edited.push_str(l);
        }
        self.write(p, edited.as_bytes(), WriteMode::Truncate)?;
        self.record(p, Some(text.clone().into_bytes()));
        let start = at.saturating_sub(SNIPPET_LINES);
        let end = at + split_lines(new).len().max(1) + SNIPPET_LINES;
        let all = split_lines(&edited);
        let snippet = &all[start.min(all.len())..end.min(all.len())];
        Ok(format!(
            "The file {} has been edited. {}Review the changes and make sure they are as \
             expected (correct indentation, no duplicate lines, etc). Edit the file again if \
             necessary.",
            p.display(),
            numbered(
                snippet,
                "a snippet of the edited file",
                start + 1,
                self.view_limit
            )
        ))
    }

    fn undo(&self, p: &Path) -> Answer {
        let shown = p.display().to_string();
        let step = {
            let mut h = self.history.lock().unwrap_or_else(|e| e.into_inner());
            h.pop(p)
        };
        let Some(step) = step else {
            return refuse(format!("No edit history found for {shown}."));
        };
        match step.before {
            None => {
                if let Err(e) = self.backend.remove(p, false)
                    && e != VfsError::NotFound
                {
                    self.record(p, None);
                    return refuse(format!("Ran into {e} while trying to remove {shown}"));
                }
                Ok(format!(
                    "Last edit to {shown} undone successfully. The file did not exist before \
                     it was created, so it has been removed."
                ))
            }
            Some(before) => {
                if let Err(r) = self.write(p, &before, WriteMode::Truncate) {
                    let mut h = self.history.lock().unwrap_or_else(|e| e.into_inner());
                    h.push(p.to_path_buf(), Some(before), self.history_bytes);
                    return Err(r);
                }
                let text = String::from_utf8_lossy(&before);
                Ok(format!(
                    "Last edit to {shown} undone successfully. {}",
                    numbered(&split_lines(&text), &shown, 1, self.view_limit)
                ))
            }
        }
    }
}

/// The lines of `text` as `cat -n` counts them (without their newlines).
fn split_lines(text: &str) -> Vec<&str> {
    text.split_inclusive('\n')
        .map(|l| l.strip_suffix('\n').unwrap_or(l))
        .collect()
}

/// The 1-based line on which byte `at` of `text` is.
fn line_of(text: &str, at: usize) -> usize {
    text.as_bytes()[..at]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// `Here's the result of running `cat -n` on WHAT:` and the lines numbered from `first`,
/// clipped after `limit` characters.
fn numbered(lines: &[&str], what: &str, first: usize, limit: usize) -> String {
    let mut body = String::new();
    for (i, l) in lines.iter().enumerate() {
        body.push_str(&format!("{:6}\t{l}\n", first + i));
        if body.len() > limit {
            break;
        }
    }
    if body.len() > limit {
        let mut cut = limit;
        while !body.is_char_boundary(cut) {
            cut -= 1;
        }
        body.truncate(cut);
        body.push_str(CLIPPED);
        body.push('\n');
    }
    format!("Here's the result of running `cat -n` on {what}:\n{body}")
}

#[async_trait]
impl Tool for TextEditorTool {
    provider_identity!();
    fn description(&self) -> String {
        format!(
            "{SHORT} in the sandbox's virtual filesystem (the shell's files and mounts). \
             Commands: `view` shows a file numbered as `cat -n` does (optionally lines \
             view_range [start, end], -1 for the last line) or lists a directory 2 levels deep; \
             `create` writes a new file (never overwrites); `str_replace` replaces old_str, \
             which must occur exactly once, with new_str; `insert` puts new_str after line \
             insert_line (0: at the start); `undo_edit` reverts the last edit of a file. Paths \
             are absolute. `view` only reads; the other commands write. Files up to {} bytes.",
            self.max_size
        )
    }
    fn input_schema(&self) -> Value {
        json!({
            "type": "object",
            "required": ["command", "path"],
            "properties": {
                "command": {
                    "type": "string",
                    "enum": ["view", "create", "str_replace", "insert", "undo_edit"],
                    "description": "The command to run"
                },
                "path": {
                    "type": "string",
                    "minLength": 1,
                    "description": "Absolute path of the file or directory"
                },
                "view_range": {
                    "type": "array",
                    "items": {"type": "integer"},
                    "description": "view: [start, end] lines to show (1-based; end -1: to the end)"
                },
                "file_text": {
                    "type": "string",
                    "description": "create: the content of the new file"
                },
                "old_str": {
                    "type": "string",
                    "description": "str_replace: the text to replace (must occur exactly once)"
                },
                "new_str": {
                    "type": "string",
                    "description": "str_replace: the replacement (empty when absent); insert: the text to insert"
                },
                "insert_line": {
                    "type": "integer",
                    "description": "insert: the line after which new_str goes (0: at the start)"
                }
            },
            "additionalProperties": false
        })
    }
    fn output_schema(&self) -> Value {
        tool_output_schema("string")
    }
    async fn execute(&self, req: ToolRequest) -> ToolResponse {
        execute_json(&req, &self.input_schema(), |a| self.run(a))
    }
    /// Medium: every command but `view` changes files (`view` is read-only; see the
    /// `read_only` metadata of each answer).
    fn risk_level(&self) -> RiskLevel {
        RiskLevel::MediumRisk
    }
    fn describe_call(&self, args: &Value) -> String {
        format!(
            "{} {}",
            str_arg(args, "command").unwrap_or("?"),
            str_arg(args, "path").unwrap_or("?")
        )
    }
    async fn call(&self, args: Value) -> ToolResult<ToolOutput> {
        self.run(&args)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tool::block_on;
    use sandsh_vfs::MemoryFs;

    fn setup(max: usize) -> (Arc<MemoryFs>, TextEditorTool) {
        let fs = Arc::new(MemoryFs::with_default_tree("agent"));
        fs.write(
            Path::new("/home/agent/a.txt"),
            b"one\ntwo\nthree\n",
            WriteMode::Truncate,
            0o644,
        )
        .unwrap();
        fs.write(Path::new("/etc/secret"), b"x", WriteMode::Truncate, 0o600)
            .unwrap();
        fs.symlink(Path::new("/etc"), Path::new("/home/agent/etc"))
            .unwrap();
        let t = TextEditorTool::new(fs.clone(), max)
            .root("/home/agent")
            .root("/tmp");
        (fs, t)
    }

    fn call(t: &TextEditorTool, args: Value) -> ToolOutput {
        block_on(t.call(args)).unwrap()
    }

    fn text(o: &ToolOutput) -> &str {
        o.content.as_str().unwrap()
    }

    fn read(fs: &MemoryFs, p: &str) -> String {
        String::from_utf8(fs.read(Path::new(p), None).unwrap()).unwrap()
    }

    #[test]
    fn view_numbers_lines_and_ranges() {
        let (_, t) = setup(1024);
        let o = call(&t, json!({"command": "view", "path": "/home/agent/a.txt"}));
        assert!(o.success);
        assert_eq!(
            text(&o),
            "Here's the result of running `cat -n` on /home/agent/a.txt:\n     1\tone\n     2\ttwo\n     3\tthree\n"
        );
        let o = call(
            &t,
            json!({"command": "view", "path": "/home/agent/a.txt", "view_range": [2, -1]}),
        );
        assert!(text(&o).ends_with("     2\ttwo\n     3\tthree\n"));
        let o = call(
            &t,
            json!({"command": "view", "path": "/home/agent/a.txt", "view_range": [2, 9]}),
        );
        assert!(!o.success);
        assert_eq!(
            text(&o),
            "Invalid `view_range`: [2, 9]. Its second element `9` should be smaller than the number of lines in the file: `3`"
        );
        let o = call(
            &t,
            json!({"command": "view", "path": "/home/agent/a.txt", "view_range": [0, 2]}),
        );
        assert!(text(&o).contains("should be within the range of lines of the file: [1, 3]"));
        let o = call(
            &t,
            json!({"command": "view", "path": "/home/agent/a.txt", "view_range": [3, 2]}),
        );
        assert!(text(&o).contains("should be larger or equal than its first `3`"));
        let o = call(
            &t,
            json!({"command": "view", "path": "/home/agent/a.txt", "view_range": [1]}),
        );
        assert_eq!(
            text(&o),
            "Invalid `view_range`. It should be a list of two integers."
        );
    }

    #[test]
    fn view_lists_two_levels_without_hidden() {
        let (fs, t) = setup(1024);
        fs.mkdir(Path::new("/tmp/d/e/f"), 0o755, true).unwrap();
        fs.write(Path::new("/tmp/d/.h"), b"", WriteMode::Truncate, 0o644)
            .unwrap();
        fs.write(Path::new("/tmp/d/x"), b"", WriteMode::Truncate, 0o644)
            .unwrap();
        let o = call(&t, json!({"command": "view", "path": "/tmp/d"}));
        assert_eq!(
            text(&o),
            "Here's the files and directories up to 2 levels deep in /tmp/d, excluding hidden items:\n/tmp/d\n/tmp/d/e\n/tmp/d/e/f\n/tmp/d/x\n\n"
        );
        let o = call(
            &t,
            json!({"command": "view", "path": "/tmp/d", "view_range": [1, 2]}),
        );
        assert!(!o.success);
    }

    #[test]
    fn create_does_not_overwrite_and_undo_removes() {
        let (fs, t) = setup(1024);
        let o = call(
            &t,
            json!({"command": "create", "path": "/tmp/n.txt", "file_text": "hi\n"}),
        );
        assert_eq!(text(&o), "File created successfully at: /tmp/n.txt");
        assert_eq!(read(&fs, "/tmp/n.txt"), "hi\n");
        let o = call(
            &t,
            json!({"command": "create", "path": "/tmp/n.txt", "file_text": "x"}),
        );
        assert!(!o.success);
        assert_eq!(
            text(&o),
            "File already exists at: /tmp/n.txt. Cannot overwrite files using command `create`."
        );
        let o = call(&t, json!({"command": "undo_edit", "path": "/tmp/n.txt"}));
        assert!(o.success, "{o:?}");
        assert!(!fs.exists(Path::new("/tmp/n.txt")));
        let o = call(&t, json!({"command": "create", "path": "/tmp/n.txt"}));
        assert_eq!(
            text(&o),
            "Parameter `file_text` is required for command: create"
        );
    }

    #[test]
    fn str_replace_requires_exactly_one_match() {
        let (fs, t) = setup(1024);
        let p = "/home/agent/a.txt";
        let o = call(
            &t,
            json!({"command": "str_replace", "path": p, "old_str": "four", "new_str": "4"}),
        );
        assert_eq!(
            text(&o),
            "No replacement was performed, old_str `four` did not appear verbatim in /home/agent/a.txt."
        );
        let o = call(
            &t,
            json!({"command": "str_replace", "path": p, "old_str": "o", "new_str": "0"}),
        );
        assert_eq!(
            text(&o),
            "No replacement was performed. Multiple occurrences (2) of old_str `o` in lines [1, 2]. Please ensure it is unique"
        );
        assert_eq!(read(&fs, p), "one\ntwo\nthree\n");
        let o = call(
            &t,
            json!({"command": "str_replace", "path": p, "old_str": "two\n", "new_str": "2\n2b\n"}),
        );
        assert!(o.success);
        assert_eq!(read(&fs, p), "one\n2\n2b\nthree\n");
        assert_eq!(
            text(&o),
            "The file /home/agent/a.txt has been edited. Here's the result of running `cat -n` on a snippet of /home/agent/a.txt:\n     1\tone\n     2\t2\n     3\t2b\n     4\tthree\nReview the changes and make sure they are as expected. Edit the file again if necessary."
        );
        let o = call(&t, json!({"command": "undo_edit", "path": p}));
        assert!(text(&o).starts_with("Last edit to /home/agent/a.txt undone successfully."));
        assert_eq!(read(&fs, p), "one\ntwo\nthree\n");
        let o = call(&t, json!({"command": "undo_edit", "path": p}));
        assert_eq!(text(&o), "No edit history found for /home/agent/a.txt.");
    }

    #[test]
    fn insert_after_a_line() {
        let (fs, t) = setup(1024);
        let p = "/home/agent/a.txt";
        call(
            &t,
            json!({"command": "insert", "path": p, "insert_line": 0, "new_str": "zero"}),
        );
        assert_eq!(read(&fs, p), "zero\none\ntwo\nthree\n");
        call(
            &t,
            json!({"command": "insert", "path": p, "insert_line": 4, "new_str": "four\n"}),
        );
        assert_eq!(read(&fs, p), "zero\none\ntwo\nthree\nfour\n");
        let o = call(
            &t,
            json!({"command": "insert", "path": p, "insert_line": 9, "new_str": "x"}),
        );
        assert_eq!(
            text(&o),
            "Invalid `insert_line` parameter: 9. It should be within the range of lines of the file: [0, 5]"
        );
        // No final newline: the insert at the end keeps it that way.
        fs.write(Path::new("/tmp/n"), b"a", WriteMode::Truncate, 0o644)
            .unwrap();
        call(
            &t,
            json!({"command": "insert", "path": "/tmp/n", "insert_line": 1, "new_str": "b"}),
        );
        assert_eq!(read(&fs, "/tmp/n"), "a\nb");
        call(&t, json!({"command": "undo_edit", "path": "/tmp/n"}));
        call(&t, json!({"command": "undo_edit", "path": p}));
        assert_eq!(read(&fs, "/tmp/n"), "a");
        assert_eq!(read(&fs, p), "zero\none\ntwo\nthree\n");
    }

    #[test]
    fn paths_are_absolute_existing_and_confined() {
        let (_, t) = setup(1024);
        let o = call(&t, json!({"command": "view", "path": "a.txt"}));
        assert!(text(&o).starts_with("The path a.txt is not an absolute path"));
        let o = call(&t, json!({"command": "view", "path": "/tmp/none"}));
        assert_eq!(
            text(&o),
            "The path /tmp/none does not exist. Please provide a valid path."
        );
        for p in [
            "/etc/secret",
            "/home/agent/../../etc/secret",
            "/home/agent/etc/x",
        ] {
            let r = block_on(t.call(json!({"command": "create", "path": p, "file_text": ""})));
            assert!(matches!(r, Err(ToolError::PermissionDenied(_))), "{p}");
        }
        let o = call(
            &t,
            json!({"command": "str_replace", "path": "/tmp", "old_str": "a"}),
        );
        assert!(text(&o).contains("is a directory and only the `view` command"));
    }

    #[test]
    fn size_limit_and_binary_files() {
        let (fs, t) = setup(8);
        let o = call(
            &t,
            json!({"command": "str_replace", "path": "/home/agent/a.txt", "old_str": "one"}),
        );
        assert!(text(&o).contains("this editor reads files up to 8 bytes"));
        fs.write(Path::new("/tmp/b"), b"\xff\n", WriteMode::Truncate, 0o644)
            .unwrap();
        let o = call(
            &t,
            json!({"command": "str_replace", "path": "/tmp/b", "old_str": "x"}),
        );
        assert!(text(&o).contains("not valid UTF-8"));
    }

    #[test]
    fn long_views_are_clipped() {
        let (fs, t) = setup(1 << 20);
        let t = t.view_limit(100);
        let big = "line\n".repeat(1000);
        fs.write(
            Path::new("/tmp/big"),
            big.as_bytes(),
            WriteMode::Truncate,
            0o644,
        )
        .unwrap();
        let o = call(&t, json!({"command": "view", "path": "/tmp/big"}));
        assert!(text(&o).contains("<response clipped>"));
        assert!(text(&o).len() < 600);
    }

    #[test]
    fn execute_takes_json_arguments() {
        let (_, t) = setup(1024);
        let r = block_on(t.execute(ToolRequest::new(
            r#"{"command":"view","path":"/home/agent/a.txt","view_range":[3,3]}"#,
        )));
        assert_eq!(r.exit_code, 0);
        assert!(r.stdout.ends_with("     3\tthree\n"), "{r:?}");
        let r = block_on(t.execute(ToolRequest::new(
            r#"{"command":"undo_edit","path":"/home/agent/a.txt"}"#,
        )));
        assert_eq!(r.exit_code, 1);
        assert_eq!(r.stderr, "No edit history found for /home/agent/a.txt.\n");
        let bad = block_on(t.execute(ToolRequest::new("view it")));
        assert_eq!(bad.error.as_deref(), Some("invalid_arguments"));
        assert_eq!(t.risk_level(), RiskLevel::MediumRisk);
        assert!(t.help().contains("str_replace_based_edit_tool"));
    }

    #[test]
    fn history_is_bounded() {
        let mut h = History::default();
        for i in 0..(MAX_HISTORY + 10) {
            h.push(PathBuf::from("/f"), Some(vec![b'x'; i % 3]), 1 << 20);
        }
        assert_eq!(h.entries.len(), MAX_HISTORY);
        h.push(PathBuf::from("/g"), Some(vec![0; 100]), 50);
        assert!(h.pop(Path::new("/g")).is_none());
        let total: usize = h
            .entries
            .iter()
            .map(|u| u.before.as_ref().map_or(0, Vec::len))
            .sum();
        assert_eq!(total, h.bytes);
    }
}
