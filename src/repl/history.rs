//! The `history` command of the REPL and where the history file lives.
//!
//! The history belongs to the line editor, outside the sandbox, so `history` is a command the
//! REPL registers through the public `KernelConfig::command` hook rather than a shell builtin: it
//! reads a shared copy of the entries, and `history -c` asks the REPL to clear them after the run.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use sandsh::api::{
    Arg, ArgSpec, ArgType, Command, CommandSpec, ExitStatus, OptSpec, RiskLevel, ToolCtx,
};

/// Entries shared between the editor (writer) and the `history` command (reader).
#[derive(Default)]
pub struct Shared {
    pub entries: Mutex<Vec<String>>,
    pub clear_requested: AtomicBool,
}

/// `$XDG_DATA_HOME/sandsh/history`, by default `~/.local/share/sandsh/history` (the
/// platform's data directory elsewhere).
pub fn history_path() -> Option<PathBuf> {
    project_dirs().map(|d| d.data_dir().join("history"))
}

/// `$XDG_CONFIG_HOME/sandsh/init.sh`, by default `~/.config/sandsh/init.sh` (the platform's
/// configuration directory elsewhere).
pub fn init_path() -> Option<PathBuf> {
    project_dirs().map(|d| d.config_dir().join("init.sh"))
}

/// sandsh's directories from the `directories` crate, asked only when `HOME` holds an absolute
/// path: without one the crate falls back to the user database (`getpwuid_r`), a lookup a
/// static binary cannot make (THREAT ESC-ASLR-2). Without `HOME` there is no history file and
/// no init file; `tests/it/repl.rs` checks under strace that the REPL opens no NSS file.
fn project_dirs() -> Option<directories::ProjectDirs> {
    let home = PathBuf::from(std::env::var_os("HOME")?);
    if !home.is_absolute() {
        return None;
    }
    directories::ProjectDirs::from("", "", "sandsh")
}

pub struct History(pub Arc<Shared>);

static SPEC: CommandSpec = CommandSpec {
    name: "history",
    group: "shell",
    summary: "show the REPL's command history",
    usage: "history [-c] [N]",
    description: "Print the commands entered in the REPL, numbered, oldest first; with N, only the last N. The history is kept in the user's data directory (sandsh/history) and shared by every REPL of the user.",
    options: &[OptSpec {
        short: Some('c'),
        long: None,
        value: None,
        help: "clear the history of this session",
    }],
    operands: &[ArgSpec {
        name: "N",
        kind: ArgType::Integer,
        description: "how many of the last entries to show",
        required: false,
        repeated: false,
    }],
    returns: "the numbered entries",
    examples: &[],
    errors: "exit 2 on an invalid option or count",
    risk: RiskLevel::ReadOnly,
};

impl Command for History {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let mut count: Option<usize> = None;
        for a in args {
            let a = String::from_utf8_lossy(a);
            if a == "-c" {
                self.0.clear_requested.store(true, Ordering::SeqCst);
                if let Ok(mut e) = self.0.entries.lock() {
                    e.clear();
                }
                return 0;
            }
            match a.parse::<usize>() {
                Ok(n) if count.is_none() => count = Some(n),
                _ => {
                    let _ = writeln!(ctx.stderr(), "history: {a}: invalid argument");
                    let _ = writeln!(ctx.stderr(), "history: usage: {}", SPEC.usage);
                    return 2;
                }
            }
        }
        let entries = match self.0.entries.lock() {
            Ok(e) => e.clone(),
            Err(_) => return 1,
        };
        let skip = count.map_or(0, |n| entries.len().saturating_sub(n));
        let mut out = String::new();
        for (i, e) in entries.iter().enumerate().skip(skip) {
            out.push_str(&format!("{:5}  {}\n", i + 1, e));
        }
        if ctx.stdout().write_all(out.as_bytes()).is_err() {
            return 1;
        }
        0
    }
}
