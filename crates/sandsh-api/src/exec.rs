//! How utilities that run a program by name (`env`, `xargs`, `find -exec`, `timeout`) find it:
//! as `execvp` does, not as the shell does.

use sandsh_vfs::Metadata;

use super::ExitStatus;

/// Why a program cannot be run: its status (127 not found, 126 not executable) and the
/// system's reason, for messages such as `env: ‘x’: No such file or directory`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExecError {
    pub status: ExitStatus,
    pub reason: &'static str,
}

const NOT_FOUND: ExecError = ExecError {
    status: 127,
    reason: "No such file or directory",
};
const DENIED: ExecError = ExecError {
    status: 126,
    reason: "Permission denied",
};

/// The path of the program `execvp` would run for `name`: a name with a `/` as it is; any
/// other looked up in `path` (the `PATH` the program gets, `/bin:/usr/bin` when unset, as
/// execvp does; an empty element is the current directory). `stat` gives a path's metadata.
/// Shell functions and builtins are not programs, so `env cd` fails as on Linux; every
/// registered command has its `/usr/bin` entry, so it is found.
pub fn search_program(
    name: &str,
    path: Option<&[u8]>,
    stat: impl Fn(&str) -> Option<Metadata>,
) -> Result<String, ExecError> {
    let runnable = |p: &str| match stat(p) {
        Some(m) if m.is_file() && m.mode & 0o111 != 0 => Ok(()),
        Some(_) => Err(DENIED),
        None => Err(NOT_FOUND),
    };
    if name.is_empty() {
        return Err(NOT_FOUND);
    }
    if name.contains('/') {
        return runnable(name).map(|()| name.to_string());
    }
    let mut denied = false;
    for dir in path.unwrap_or(b"/bin:/usr/bin").split(|&b| b == b':') {
        let dir = if dir.is_empty() {
            "."
        } else {
            std::str::from_utf8(dir).unwrap_or("")
        };
        let full = format!("{dir}/{name}");
        match runnable(&full) {
            Ok(()) => return Ok(full),
            Err(e) => denied |= e == DENIED,
        }
    }
    Err(if denied { DENIED } else { NOT_FOUND })
}
