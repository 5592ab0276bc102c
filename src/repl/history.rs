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

/// `$XDG_DATA_HOME/sandsh/history`, by default `~/.local/share/sandsh/history`.
pub fn history_path() -> Option<PathBuf> {
    xdg_dir("XDG_DATA_HOME", ".local/share").map(|d| d.join("history"))
}

/// `$XDG_CONFIG_HOME/sandsh/init.sh`, by default `~/.config/sandsh/init.sh`.
pub fn init_path() -> Option<PathBuf> {
    xdg_dir("XDG_CONFIG_HOME", ".config").map(|d| d.join("init.sh"))
}

/// sandsh's directory under an XDG base directory: the variable when it holds an absolute
/// path, else `$HOME/default`. Only the environment is read: no user database lookup (which a
/// static binary cannot make; THREAT ESC-ASLR-1 keeps the binary static-pie), so without
/// `HOME` there is no history file.
fn xdg_dir(var: &str, default: &str) -> Option<PathBuf> {
    let from_env = |name: &str| {
        std::env::var_os(name)
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
    };
    from_env(var)
        .or_else(|| from_env("HOME").map(|h| h.join(default)))
        .map(|d| d.join("sandsh"))
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
