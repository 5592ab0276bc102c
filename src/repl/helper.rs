//! The line editor's helper: highlighting from sandsh's own lexer, completion from the session
//! (command names, variables, sandbox paths, options from `CommandSpec`), hints from history.
//!
//! The helper never touches the kernel while a command runs: before each prompt the REPL copies
//! what completion needs (names, cwd) into [`SessionView`]; paths are listed through the
//! kernel's filesystem handle, so completion sees the sandbox and its mounts, never the host.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use nu_ansi_term::{Color, Style};
use rustyline::completion::{Completer, Pair};
use rustyline::highlight::{CmdKind, Highlighter};
use rustyline::hint::{Hinter, HistoryHinter};
use rustyline::validate::Validator;
use rustyline::{Context, Helper};

use sandsh::api::Command;
use sandsh::kernel::CompletionNames;
use sandsh::syntax::highlight::{TokenClass, highlight};
use sandsh::vfs::KernelBackend;

/// Shell reserved words (completed and highlighted as existing commands).
pub const KEYWORDS: &[&str] = &[
    "if", "then", "else", "elif", "fi", "case", "esac", "for", "select", "while", "until", "do",
    "done", "in", "function", "time", "[[", "]]", "{", "}", "!",
];

/// What completion and highlighting know about the session, refreshed before each prompt.
pub struct SessionView {
    pub names: CompletionNames,
    /// Every runnable name (builtins, commands, functions, aliases, keywords).
    pub runnable: HashSet<String>,
    pub cwd: String,
    pub home: String,
    pub commands: HashMap<String, Arc<dyn Command>>,
    pub backend: Arc<dyn KernelBackend>,
}

impl SessionView {
    pub fn set_names(&mut self, names: CompletionNames) {
        let mut r: HashSet<String> = HashSet::new();
        r.extend(names.builtins.iter().cloned());
        r.extend(names.commands.iter().cloned());
        r.extend(names.functions.iter().cloned());
        r.extend(names.aliases.iter().map(|a| a.0.clone()));
        r.extend(KEYWORDS.iter().map(|s| s.to_string()));
        self.runnable = r;
        self.names = names;
    }

    fn resolve(&self, p: &str) -> PathBuf {
        let expanded = if p == "~" {
            self.home.clone()
        } else if let Some(rest) = p.strip_prefix("~/") {
            format!("{}/{rest}", self.home)
        } else {
            p.to_string()
        };
        if expanded.starts_with('/') {
            PathBuf::from(expanded)
        } else {
            Path::new(&self.cwd).join(expanded)
        }
    }
}

pub struct ReplHelper {
    pub view: SessionView,
    pub color: bool,
    /// Lines already entered of an incomplete command (highlighting needs their context).
    pub pending: String,
    /// The prompt with its colours (rustyline gets the plain text for width).
    pub styled_prompt: String,
    hinter: HistoryHinter,
}

impl ReplHelper {
    pub fn new(view: SessionView, color: bool) -> Self {
        ReplHelper {
            view,
            color,
            pending: String::new(),
            styled_prompt: String::new(),
            hinter: HistoryHinter::new(),
        }
    }

    fn style(&self, class: TokenClass, text: &str) -> Style {
        match class {
            TokenClass::Command => {
                let exists = self.view.runnable.contains(text)
                    || (text.contains('/') && self.view.backend.exists(&self.view.resolve(text)));
                if exists {
                    Color::Green.bold()
                } else {
                    Color::Red.bold()
                }
            }
            TokenClass::Keyword => Color::Magenta.bold(),
            TokenClass::String => Style::new().fg(Color::Yellow),
            TokenClass::Variable => Style::new().fg(Color::Cyan),
            TokenClass::Assignment => Style::new().fg(Color::Cyan),
            TokenClass::Operator => Style::new().fg(Color::LightBlue).bold(),
            TokenClass::Redirect => Style::new().fg(Color::LightBlue),
            TokenClass::Comment => Style::new().fg(Color::DarkGray).italic(),
            TokenClass::Error => Style::new().fg(Color::Red).underline(),
        }
    }

    /// `line` with ANSI colours, classified in the context of the pending lines.
    pub fn colorize(&self, line: &str) -> String {
        let base = if self.pending.is_empty() {
            0
        } else {
            self.pending.len()
        };
        let full: Cow<str> = if base == 0 {
            Cow::Borrowed(line)
        } else {
            Cow::Owned(format!("{}{line}", self.pending))
        };
        let mut out = String::with_capacity(line.len() * 2);
        let mut at = base;
        for t in highlight(&full) {
            if t.end <= base {
                continue;
            }
            let start = t.start.max(base);
            if start < at || !full.is_char_boundary(start) || !full.is_char_boundary(t.end) {
                continue;
            }
            out.push_str(&full[at..start]);
            let text = &full[start..t.end];
            out.push_str(&self.style(t.class, text).paint(text).to_string());
            at = t.end;
        }
        out.push_str(full.get(at..).unwrap_or(""));
        out
    }
}

impl Helper for ReplHelper {}

impl Validator for ReplHelper {}

impl Hinter for ReplHelper {
    type Hint = String;
    fn hint(&self, line: &str, pos: usize, ctx: &Context<'_>) -> Option<String> {
        if line.trim().is_empty() {
            return None;
        }
        self.hinter.hint(line, pos, ctx)
    }
}

impl Highlighter for ReplHelper {
    fn highlight<'l>(&self, line: &'l str, _pos: usize) -> Cow<'l, str> {
        if !self.color || line.is_empty() {
            return Cow::Borrowed(line);
        }
        Cow::Owned(self.colorize(line))
    }

    fn highlight_prompt<'b, 's: 'b, 'p: 'b>(
        &'s self,
        prompt: &'p str,
        _default: bool,
    ) -> Cow<'b, str> {
        if self.color && !self.styled_prompt.is_empty() {
            Cow::Borrowed(&self.styled_prompt)
        } else {
            Cow::Borrowed(prompt)
        }
    }

    fn highlight_hint<'h>(&self, hint: &'h str) -> Cow<'h, str> {
        if !self.color {
            return Cow::Borrowed(hint);
        }
        Cow::Owned(Color::DarkGray.paint(hint).to_string())
    }

    fn highlight_char(&self, _line: &str, _pos: usize, kind: CmdKind) -> bool {
        self.color && kind != CmdKind::MoveCursor
    }
}

/// Characters that end a word for completion.
fn is_break(c: char) -> bool {
    matches!(
        c,
        ' ' | '\t' | '\n' | ';' | '|' | '&' | '<' | '>' | '(' | ')' | '`' | '"' | '\''
    )
}

/// Whether a word starting at `start` is in command position.
fn command_position(line: &str, start: usize) -> bool {
    let before = line[..start].trim_end();
    if before.is_empty() {
        return true;
    }
    if before.ends_with([';', '|', '&', '(', '{', '!', '\n', '`']) || before.ends_with("$(") {
        return true;
    }
    let last = before
        .rsplit(|c: char| c.is_whitespace() || matches!(c, ';' | '|' | '&' | '('))
        .next()
        .unwrap_or("");
    matches!(
        last,
        "then" | "do" | "else" | "elif" | "if" | "while" | "until" | "time" | "sudo"
    )
}

/// Backslash-escape what the shell would split or expand in a completed name.
fn escape(name: &str) -> String {
    let mut s = String::with_capacity(name.len());
    for c in name.chars() {
        if matches!(
            c,
            ' ' | '\t'
                | '\\'
                | '\''
                | '"'
                | '$'
                | '`'
                | '&'
                | ';'
                | '|'
                | '<'
                | '>'
                | '('
                | ')'
                | '*'
                | '?'
                | '['
                | ']'
                | '#'
                | '!'
                | '{'
                | '}'
        ) {
            s.push('\\');
        }
        s.push(c);
    }
    s
}

impl ReplHelper {
    fn complete_variable(&self, word: &str) -> Vec<Pair> {
        let (prefix, braced) = if let Some(p) = word.strip_prefix("${") {
            (p, true)
        } else {
            (word.strip_prefix('$').unwrap_or(word), false)
        };
        self.view
            .names
            .variables
            .iter()
            .filter(|v| v.starts_with(prefix))
            .map(|v| Pair {
                display: v.clone(),
                replacement: if braced {
                    format!("${{{v}}}")
                } else {
                    format!("${v}")
                },
            })
            .collect()
    }

    fn complete_command(&self, word: &str) -> Vec<Pair> {
        let mut all: Vec<&str> = Vec::new();
        let n = &self.view.names;
        all.extend(n.builtins.iter().map(String::as_str));
        all.extend(n.commands.iter().map(String::as_str));
        all.extend(n.functions.iter().map(String::as_str));
        all.extend(n.aliases.iter().map(|a| a.0.as_str()));
        all.extend(KEYWORDS.iter().copied());
        all.retain(|c| c.starts_with(word));
        all.sort_unstable();
        all.dedup();
        all.into_iter()
            .map(|c| Pair {
                display: c.to_string(),
                replacement: format!("{c} "),
            })
            .collect()
    }

    fn complete_option(&self, cmd: &str, word: &str) -> Vec<Pair> {
        let Some(c) = self.view.commands.get(cmd) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for o in c.spec().options {
            let forms = [
                o.long.map(|l| format!("--{l}")),
                o.short.map(|s| format!("-{s}")),
            ];
            for f in forms.into_iter().flatten() {
                if f.starts_with(word) {
                    let shown = match o.value {
                        Some(v) => format!("{f} {v}"),
                        None => f.clone(),
                    };
                    out.push(Pair {
                        display: format!("{shown:<24} {}", o.help),
                        replacement: if o.value.is_some() && f.starts_with("--") {
                            format!("{f}=")
                        } else {
                            format!("{f} ")
                        },
                    });
                    break;
                }
            }
        }
        out
    }

    fn complete_path(&self, word: &str, dirs_only: bool) -> Vec<Pair> {
        let unescaped = word.replace('\\', "");
        let (dir_part, file_prefix) = match unescaped.rfind('/') {
            Some(i) => (&unescaped[..=i], &unescaped[i + 1..]),
            None => ("", unescaped.as_str()),
        };
        let dir = if dir_part.is_empty() {
            PathBuf::from(&self.view.cwd)
        } else {
            self.view.resolve(dir_part)
        };
        let Ok(entries) = self.view.backend.list(&dir) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for e in entries {
            let name = String::from_utf8_lossy(&e.name).into_owned();
            if !name.starts_with(file_prefix)
                || (name.starts_with('.') && !file_prefix.starts_with('.'))
            {
                continue;
            }
            let is_dir = self
                .view
                .backend
                .stat(&dir.join(&name))
                .is_ok_and(|m| m.is_dir());
            if dirs_only && !is_dir {
                continue;
            }
            let full = format!("{dir_part}{name}");
            out.push(Pair {
                display: if is_dir { format!("{name}/") } else { name },
                replacement: if is_dir {
                    format!("{}/", escape(&full))
                } else {
                    format!("{} ", escape(&full))
                },
            });
        }
        out
    }
}

impl Completer for ReplHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let head = &line[..pos];
        // `${na` / `$na`: variables.
        if let Some(d) = head.rfind('$') {
            let w = &head[d..];
            let body = w.trim_start_matches('$').trim_start_matches('{');
            if body.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && !body.starts_with(|c: char| c.is_ascii_digit())
            {
                return Ok((d, self.complete_variable(w)));
            }
        }
        let mut start = pos;
        for (i, c) in head.char_indices().rev() {
            if is_break(c) && !(i > 0 && head.as_bytes()[i - 1] == b'\\') {
                break;
            }
            start = i;
        }
        if start == pos && head.ends_with(|c: char| !is_break(c)) {
            start = pos;
        }
        let word = &head[start..];
        if command_position(line, start) && !word.contains('/') {
            return Ok((start, self.complete_command(word)));
        }
        // Options of the command being typed.
        let cmd = head[..start]
            .rsplit([';', '|', '&', '(', '\n'])
            .next()
            .unwrap_or("")
            .split_whitespace()
            .find(|w| !w.contains('='))
            .unwrap_or("");
        if word.starts_with('-') {
            return Ok((start, self.complete_option(cmd, word)));
        }
        // Commands that take a command name.
        if matches!(cmd, "help" | "type" | "command" | "builtin" | "which") {
            let mut c = self.complete_command(word);
            if cmd == "help" {
                for t in ["syntax", "limits", "mounts", "json"] {
                    if t.starts_with(word) {
                        c.push(Pair {
                            display: t.to_string(),
                            replacement: format!("{t} "),
                        });
                    }
                }
            }
            return Ok((start, c));
        }
        let dirs_only = matches!(cmd, "cd" | "pushd" | "rmdir");
        Ok((start, self.complete_path(word, dirs_only)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_position_rules() {
        assert!(command_position("ec", 0));
        assert!(command_position("ls | gr", 5));
        assert!(command_position("if tr", 3));
        assert!(!command_position("echo fo", 5));
    }

    #[test]
    fn escape_special_characters() {
        assert_eq!(escape("a b$c"), "a\\ b\\$c");
    }
}
