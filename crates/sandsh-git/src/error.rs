//! How a git command fails: git's message forms (`fatal:`, `error:`, usage) and its statuses
//! (128 for a fatal error, 129 for a usage error), carried as one typed value to the top of
//! the command, which prints it once.

use sandsh_vfs::VfsError;

/// A failure, with the status git exits with.
#[derive(Debug)]
pub(crate) enum Fail {
    /// `fatal: MSG`, status 128.
    Fatal(String),
    /// Text printed as it is (already worded), with the given status.
    Raw(String, i32),
    /// A usage error: the text (with its `usage:` lines), status 129.
    Usage(String),
    /// The run was cancelled (timeout, Ctrl-C, a closed pipe).
    Cancelled,
    /// Standard output was closed under us.
    Pipe,
}

pub(crate) type Res<T> = Result<T, Fail>;

impl Fail {
    pub(crate) fn fatal(msg: impl Into<String>) -> Fail {
        Fail::Fatal(msg.into())
    }

    /// What a VFS error on `path` reads as, in git's words for a system call that failed.
    pub(crate) fn io(what: &str, path: &std::path::Path, e: VfsError) -> Fail {
        Fail::Fatal(format!("{what} '{}': {e}", path.display()))
    }

    /// A subcommand or option git has and this git does not (yet): said plainly, with git's
    /// status for an option it does not know.
    pub(crate) fn unsupported(what: &str) -> Fail {
        Fail::Raw(
            format!("fatal: {what} is not supported by sandsh's git yet\n"),
            129,
        )
    }

    /// The text to print on stderr and the status.
    pub(crate) fn render(self) -> (String, i32) {
        match self {
            Fail::Fatal(m) => (format!("fatal: {m}\n"), 128),
            Fail::Raw(m, s) => (m, s),
            Fail::Usage(m) => (m, 129),
            Fail::Cancelled => (String::new(), 130),
            Fail::Pipe => (String::new(), 141),
        }
    }
}
