//! Redirections: opening VFS files and devices onto descriptors, dups, here-documents.

use std::sync::Arc;

use sandsh_syntax::ast::{RedirFd, RedirOp, Redirect, WordPart};
use sandsh_vfs::{FileType, VfsError, WriteMode};

use super::Shell;
use super::io::{self, Fd};

/// How a path is opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpenMode {
    Read,
    Write { clobber: bool },
    Append,
    ReadWrite,
}

impl Shell {
    /// Open `path` (as written by the user) for a redirection or a command.
    /// THREAT ESC-PATH-1, ESC-NET-1: every path resolves in the VFS (`/dev/tcp` and the like
    /// are refused); the host is reachable only through mounts.
    pub fn open_path(&self, path: &str, mode: OpenMode) -> Result<Fd, String> {
        self.open_path_as(path, mode, false)
    }

    /// [`Shell::open_path`] for a command's input operand: with `dir_is_error`, a directory
    /// opened for reading is the error `PATH: Is a directory` instead of a descriptor whose
    /// reads fail (see `ToolCtx::open_input`).
    pub fn open_path_as(
        &self,
        path: &str,
        mode: OpenMode,
        dir_is_error: bool,
    ) -> Result<Fd, String> {
        // Devices and descriptor aliases.
        match path {
            "/dev/null" => return Ok(Arc::new(io::Null)),
            "/dev/zero" => return Ok(Arc::new(io::Zero)),
            "/dev/urandom" | "/dev/random" => {
                let seed = self.env.start.elapsed().as_nanos() as u64 ^ 0x2545_f491_4f6c_dd1d;
                return Ok(io::Urandom::new(seed));
            }
            "/dev/stdin" => return self.dup_of(0),
            "/dev/stdout" => return self.dup_of(1),
            "/dev/stderr" => return self.dup_of(2),
            "/dev/tty" => return self.dup_of(if mode == OpenMode::Read { 0 } else { 2 }),
            _ => {}
        }
        if let Some(n) = path.strip_prefix("/dev/fd/")
            && let Ok(n) = n.parse::<u32>()
        {
            return self.dup_of(n);
        }
        let abs = self.resolve(path);
        if abs.components().count() > self.env.limits.max_path_depth {
            return Err(format!("{path}: File name too long"));
        }
        let be = &self.env.backend;
        let err = |e: VfsError| format!("{path}: {e}");
        match mode {
            OpenMode::Read => {
                // A regular file the backend can hold open (a host mount) is read through
                // that handle, found once; anything else is stat'ed and read by path.
                if let Ok(Some(reader)) = be.open_reader(&abs) {
                    return Ok(io::VfsFile::reader(be.clone(), abs, reader));
                }
                let m = be.stat(&abs).map_err(err)?;
                if m.is_dir() && dir_is_error {
                    return Err(format!("{path}: Is a directory"));
                }
                // A directory opens, as open(2) allows; each read then fails with EISDIR, which
                // `cat` reports, `read` reports as a read error and `mapfile` takes as the end.
                if m.file_type == FileType::CharDevice {
                    return Ok(Arc::new(io::Null));
                }
                Ok(io::VfsFile::new(be.clone(), abs, true, false, false))
            }
            OpenMode::Write { clobber } => {
                if let Ok(m) = be.stat(&abs) {
                    if m.is_dir() {
                        return Err(format!("{path}: Is a directory"));
                    }
                    if m.file_type == FileType::CharDevice {
                        return Ok(Arc::new(io::Null));
                    }
                    if self.opts.noclobber && !clobber && m.is_file() {
                        return Err(format!("{path}: cannot overwrite existing file"));
                    }
                }
                be.write(&abs, b"", WriteMode::Truncate, 0o666 & !self.umask)
                    .map_err(err)?;
                Ok(io::VfsFile::new(be.clone(), abs, false, true, false))
            }
            OpenMode::Append => {
                if let Ok(m) = be.stat(&abs) {
                    if m.is_dir() {
                        return Err(format!("{path}: Is a directory"));
                    }
                    if m.file_type == FileType::CharDevice {
                        return Ok(Arc::new(io::Null));
                    }
                } else {
                    be.write(&abs, b"", WriteMode::Append, 0o666 & !self.umask)
                        .map_err(err)?;
                }
                Ok(io::VfsFile::new(be.clone(), abs, false, true, true))
            }
            OpenMode::ReadWrite => {
                if be.stat(&abs).is_err() {
                    be.write(&abs, b"", WriteMode::Append, 0o666 & !self.umask)
                        .map_err(err)?;
                }
                Ok(io::VfsFile::new(be.clone(), abs, true, true, false))
            }
        }
    }

    fn dup_of(&self, n: u32) -> Result<Fd, String> {
        self.fds
            .get(n)
            .cloned()
            .ok_or_else(|| format!("/dev/fd/{n}: No such file or directory"))
    }

    /// Put back the descriptor table saved before `redirects` were applied, except the
    /// descriptors `{var}>…` allocated: bash leaves those open after the command.
    pub fn restore_fds(&mut self, mut saved: io::FdTable, redirects: &[Redirect]) {
        for r in redirects {
            if let RedirFd::Var(name) = &r.fd
                && let Some(n) = self
                    .vars
                    .get_str(name)
                    .and_then(|v| std::str::from_utf8(v).ok()?.parse::<u32>().ok())
                && n >= 10
                && saved.get(n).is_none()
                && let Some(f) = self.fds.get(n)
            {
                saved.set(n, Some(f.clone()));
            }
        }
        self.fds = saved;
    }

    /// After a builtin, function or compound command with `N>&M-` / `N<&M-`, bash leaves `M`
    /// closed: it restores `N` but not the descriptor the move took away.
    pub fn close_moved_sources(&mut self, redirects: &[Redirect]) {
        for r in redirects {
            if matches!(r.op, RedirOp::DupRead | RedirOp::DupWrite)
                && let Some(t) = r.target.as_plain_literal()
                && let Some(n) = t.strip_suffix('-')
                && let Ok(n) = n.parse::<u32>()
            {
                self.fds.set(n, None);
            }
        }
    }

    /// Apply redirections to the descriptor table. On failure prints the error and returns the
    /// status (1); the caller restores the table.
    pub fn apply_redirects(&mut self, redirects: &[Redirect]) -> Result<(), i32> {
        for r in redirects {
            if let Err(msg) = self.apply_redirect(r) {
                if !msg.is_empty() {
                    self.error(&msg);
                }
                return Err(1);
            }
        }
        Ok(())
    }

    fn redirect_target(&mut self, r: &Redirect) -> Result<Vec<u8>, String> {
        let fields = self
            .expand_word_fields(&r.target)
            .map_err(|_| String::new())?;
        if fields.len() != 1 {
            let src: String = r
                .target
                .parts
                .iter()
                .map(|p| match p {
                    WordPart::Literal(s) | WordPart::SingleQuoted(s) => s.clone(),
                    WordPart::Param(pe) => format!("${}", super::param::param_name(&pe.param)),
                    WordPart::BraceAlt(_) | WordPart::BraceSeq { .. } => {
                        super::print::word_src(&sandsh_syntax::ast::Word {
                            parts: vec![p.clone()],
                            span: r.target.span,
                        })
                    }
                    _ => String::new(),
                })
                .collect();
            return Err(format!("{src}: ambiguous redirect"));
        }
        Ok(fields.into_iter().next().unwrap_or_default())
    }

    fn apply_redirect(&mut self, r: &Redirect) -> Result<(), String> {
        let default_fd = match r.op {
            RedirOp::Read
            | RedirOp::ReadWrite
            | RedirOp::DupRead
            | RedirOp::HereDoc { .. }
            | RedirOp::HereString => 0,
            _ => 1,
        };
        let (fd, var_name) = match &r.fd {
            RedirFd::Default => (default_fd, None),
            RedirFd::Number(n) => (*n, None),
            RedirFd::Var(name) => {
                // `{v}>&-` closes the fd stored in v; otherwise allocate a new one >= 10.
                let closing = matches!(r.op, RedirOp::DupRead | RedirOp::DupWrite)
                    && r.target.as_plain_literal() == Some("-");
                if closing {
                    let n = self
                        .vars
                        .get_str(name)
                        .and_then(|v| std::str::from_utf8(v).ok()?.parse::<u32>().ok())
                        .ok_or_else(|| format!("{name}: ambiguous redirect"))?;
                    (n, None)
                } else {
                    (self.fds.free_from(10), Some(name.clone()))
                }
            }
        };
        let fd_to_set: Option<Fd> = match r.op {
            RedirOp::Read => {
                let t = self.redirect_target(r)?;
                Some(self.open_path(&String::from_utf8_lossy(&t), OpenMode::Read)?)
            }
            RedirOp::Write | RedirOp::Clobber => {
                let t = self.redirect_target(r)?;
                Some(self.open_path(
                    &String::from_utf8_lossy(&t),
                    OpenMode::Write {
                        clobber: r.op == RedirOp::Clobber,
                    },
                )?)
            }
            RedirOp::Append => {
                let t = self.redirect_target(r)?;
                Some(self.open_path(&String::from_utf8_lossy(&t), OpenMode::Append)?)
            }
            RedirOp::ReadWrite => {
                let t = self.redirect_target(r)?;
                Some(self.open_path(&String::from_utf8_lossy(&t), OpenMode::ReadWrite)?)
            }
            RedirOp::WriteBoth | RedirOp::AppendBoth => {
                let t = self.redirect_target(r)?;
                let mode = if r.op == RedirOp::WriteBoth {
                    OpenMode::Write { clobber: false }
                } else {
                    OpenMode::Append
                };
                let f = self.open_path(&String::from_utf8_lossy(&t), mode)?;
                self.fds.set(1, Some(f.clone()));
                self.fds.set(2, Some(f));
                return Ok(());
            }
            RedirOp::DupRead | RedirOp::DupWrite => {
                let t = self.redirect_target(r)?;
                let t = String::from_utf8_lossy(&t).into_owned();
                if t == "-" {
                    self.fds.set(fd, None);
                    return Ok(());
                }
                let (num, close_src) = match t.strip_suffix('-') {
                    Some(n) => (n, true),
                    None => (t.as_str(), false),
                };
                match num.parse::<u32>() {
                    Ok(src) => {
                        let f = self
                            .fds
                            .get(src)
                            .cloned()
                            .ok_or_else(|| format!("{src}: Bad file descriptor"))?;
                        if close_src {
                            self.fds.set(src, None);
                        }
                        Some(f)
                    }
                    Err(_) => {
                        // `>&file` and `1>&file` (not `2>&file`) send stdout and stderr there.
                        if r.op == RedirOp::DupWrite
                            && matches!(r.fd, RedirFd::Default | RedirFd::Number(1))
                        {
                            let f = self.open_path(&t, OpenMode::Write { clobber: false })?;
                            self.fds.set(1, Some(f.clone()));
                            self.fds.set(2, Some(f));
                            return Ok(());
                        }
                        return Err(format!("{t}: ambiguous redirect"));
                    }
                }
            }
            RedirOp::HereDoc { .. } => {
                let body = match r.target.parts.as_slice() {
                    [WordPart::SingleQuoted(s)] => s.as_bytes().to_vec(),
                    _ => self.expand_string(&r.target).map_err(|_| String::new())?,
                };
                Some(io::MemReader::new(body))
            }
            RedirOp::HereString => {
                let mut body = self.expand_string(&r.target).map_err(|_| String::new())?;
                body.push(b'\n');
                Some(io::MemReader::new(body))
            }
        };
        // As bash: the target is opened (and created) first, then the descriptor is refused.
        if fd >= io::OPEN_FILES && fd_to_set.is_some() {
            return Err(format!("{fd}: Bad file descriptor"));
        }
        if let Some(name) = var_name {
            let _ = self.vars.set_str(&name, fd.to_string().into_bytes());
        }
        self.fds.set(fd, fd_to_set);
        Ok(())
    }
}
