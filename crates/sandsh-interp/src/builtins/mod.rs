//! Shell builtins: the commands that read or change interpreter state, so they live here rather
//! than in `sandsh-commands` (which only sees `ToolCtx`).

mod alias;
mod bash;
mod command;
mod complete;
mod declare;
mod dirs;
mod eval;
mod fixed;
mod flow;
mod getopts;
mod hash;
mod help;
mod jobs;
mod options;
mod output;
mod read;
mod set;
pub(super) mod table;
mod test;
mod timeout;
mod ulimit;
mod umask;
mod usage;
mod wait;

pub use complete::CompSpecs;
pub use table::{PROGRAMS, names};

use super::expand::ExpAssign;
use super::{Res, Shell, io};

/// A builtin: the shell, argv (argv[0] is the name), the declaration-assignment arguments and
/// their positions in argv.
pub type Builtin = fn(&mut Shell, &[Vec<u8>], &[ExpAssign], &[usize]) -> Res<i32>;

/// The builtin called `name`.
pub fn lookup(name: &str) -> Option<Builtin> {
    table::find(name).map(|b| b.run)
}

/// The builtin called `name` as bash knows it (none for [`PROGRAMS`], which bash runs as
/// files): what `type`, `builtin` and `hash` go by.
pub fn bash_lookup(name: &str) -> Option<Builtin> {
    table::bash_builtin(name).map(|b| b.run)
}

/// POSIX special builtins: prefix assignments persist and errors are fatal.
pub fn is_special(name: &str) -> bool {
    table::find(name).is_some_and(|b| b.special)
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
                Err(e) if sandsh_api::is_cancelled(&e) => Err(super::Flow::Exit(130)),
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
