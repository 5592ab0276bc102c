//! Shell builtins: the commands that read or change interpreter state, so they live here rather
//! than in `src/commands/` (which only sees `ToolCtx`).

mod core;
mod declare;
mod flow;
mod getopts;
mod help;
mod jobs;
mod read;
mod set;
mod test;
mod timeout;
mod ulimit;

pub use declare::declare_line;
pub use set::set_named_option;

use super::expand::ExpAssign;
use super::{Res, Shell, io};

/// A builtin: the shell, argv (argv[0] is the name), the declaration-assignment arguments and
/// their positions in argv.
pub type Builtin = fn(&mut Shell, &[Vec<u8>], &[ExpAssign], &[usize]) -> Res<i32>;

/// Every builtin name, sorted (for `type`, `compgen -b`, `enable`).
#[allow(dead_code)]
pub const NAMES: &[&str] = &[
    ".",
    ":",
    "[",
    "alias",
    "bash",
    "bg",
    "break",
    "builtin",
    "caller",
    "cd",
    "command",
    "continue",
    "declare",
    "dirs",
    "disown",
    "echo",
    "eval",
    "exec",
    "exit",
    "export",
    "false",
    "fg",
    "getopts",
    "hash",
    "help",
    "jobs",
    "kill",
    "let",
    "local",
    "mapfile",
    "popd",
    "printf",
    "pushd",
    "pwd",
    "read",
    "readarray",
    "readonly",
    "return",
    "set",
    "sh",
    "shift",
    "shopt",
    "source",
    "test",
    "times",
    "timeout",
    "trap",
    "true",
    "type",
    "typeset",
    "ulimit",
    "umask",
    "unalias",
    "unset",
    "wait",
];

pub fn lookup(name: &str) -> Option<Builtin> {
    Some(match name {
        ":" | "true" => core::true_,
        "false" => core::false_,
        "echo" => core::echo,
        "printf" => core::printf,
        "cd" => core::cd,
        "pwd" => core::pwd,
        "pushd" => core::pushd,
        "popd" => core::popd,
        "dirs" => core::dirs,
        "eval" => core::eval,
        "source" | "." => core::source,
        "exec" => core::exec,
        "command" => core::command,
        "builtin" => core::builtin,
        "type" => core::type_,
        "hash" => core::hash,
        "alias" => core::alias,
        "unalias" => core::unalias,
        "umask" => core::umask,
        "times" => core::times,
        "bash" | "sh" => core::bash,
        "exit" => flow::exit,
        "return" => flow::return_,
        "break" => flow::break_,
        "continue" => flow::continue_,
        "shift" => flow::shift,
        "let" => flow::let_,
        "declare" | "typeset" => declare::declare,
        "local" => declare::local,
        "export" => declare::export,
        "readonly" => declare::readonly,
        "unset" => declare::unset,
        "set" => set::set,
        "shopt" => set::shopt,
        "read" => read::read,
        "mapfile" | "readarray" => read::mapfile,
        "test" => test::test,
        "[" => test::bracket,
        "getopts" => getopts::getopts,
        "wait" => jobs::wait,
        "jobs" => jobs::jobs,
        "fg" => jobs::fg,
        "bg" => jobs::bg,
        "disown" => jobs::disown,
        "kill" => jobs::kill,
        "trap" => jobs::trap,
        "help" => help::help,
        "caller" => help::caller,
        "timeout" => timeout::timeout,
        "ulimit" => ulimit::ulimit,
        _ => return None,
    })
}

/// POSIX special builtins: prefix assignments persist and errors are fatal.
pub fn is_special(name: &str) -> bool {
    matches!(
        name,
        "break"
            | ":"
            | "continue"
            | "."
            | "eval"
            | "exec"
            | "exit"
            | "export"
            | "readonly"
            | "return"
            | "set"
            | "shift"
            | "trap"
            | "unset"
            | "source"
            | "declare"
            | "typeset"
            | "local"
    )
}

impl Shell {
    /// Write to stdout from a builtin. A broken pipe ends the (sub)shell with 141, as SIGPIPE
    /// ends bash.
    pub fn out(&self, data: &[u8]) -> Res<()> {
        self.write_to(1, data)
    }

    pub fn write_to(&self, fd: u32, data: &[u8]) -> Res<()> {
        match self.fds.get(fd) {
            Some(f) => match io::write_all(&**f, data) {
                Ok(()) => Ok(()),
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(super::Flow::Exit(141)),
                Err(e) if crate::api::is_cancelled(&e) => Err(super::Flow::Exit(130)),
                Err(e) => {
                    self.error(&format!("write error: {e}"));
                    Ok(())
                }
            },
            None => {
                self.error("write error: Bad file descriptor");
                Ok(())
            }
        }
    }

    /// Print `name: msg` for a builtin error.
    pub fn builtin_error(&self, name: &str, msg: &str) {
        self.error(&format!("{name}: {msg}"));
    }
}

/// Argument as lossy text.
pub fn text(a: &[u8]) -> String {
    String::from_utf8_lossy(a).into_owned()
}
