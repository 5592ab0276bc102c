//! The terminal as seen by a running command: standard input that gives up when the run is
//! cancelled, and the `[y/N]` question behind `ToolCtx::ask`.
//!
//! A blocking `read(0)` cannot be interrupted by the cancellation token, so a `cat` waiting for
//! the keyboard would keep Ctrl-C from returning to the prompt; polling with a short timeout and
//! checking the token between polls keeps Ctrl-C under a second.

use std::io::{Read, Write};
use std::sync::Arc;

use sandsh::kernel::{AskHook, CancelToken};

/// Standard input of a command run from the REPL (end of file once the run is cancelled).
pub struct TtyStdin {
    pub cancel: CancelToken,
}

impl Read for TtyStdin {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        read_cancellable(&self.cancel, buf)
    }
}

fn read_cancellable(cancel: &CancelToken, buf: &mut [u8]) -> std::io::Result<usize> {
    if buf.is_empty() {
        return Ok(0);
    }
    loop {
        if cancel.is_cancelled() {
            return Ok(0);
        }
        let mut pfd = libc::pollfd {
            fd: 0,
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: `pfd` is a valid pollfd for the duration of the call.
        let r = unsafe { libc::poll(&mut pfd, 1, 100) };
        if r < 0 {
            let e = std::io::Error::last_os_error();
            if e.kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            return Err(e);
        }
        if r == 0 {
            continue;
        }
        // SAFETY: `buf` is valid for writes of `buf.len()` bytes.
        let n = unsafe { libc::read(0, buf.as_mut_ptr().cast(), buf.len()) };
        if n < 0 {
            let e = std::io::Error::last_os_error();
            if e.kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            return Err(e);
        }
        return Ok(n as usize);
    }
}

/// The hook answering `ToolCtx::ask`: print the question on stderr as given, read one line
/// from the terminal; no answer at end of input or on ^C.
pub fn ask_hook(cancel: CancelToken) -> AskHook {
    Arc::new(move |prompt: &str| {
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "{prompt}");
        let _ = err.flush();
        drop(err);
        let mut line = Vec::new();
        let mut byte = [0u8; 1];
        let mut ended = false;
        loop {
            match read_cancellable(&cancel, &mut byte) {
                Ok(1) if byte[0] == b'\n' => {
                    ended = true;
                    break;
                }
                Ok(1) => line.push(byte[0]),
                _ => break,
            }
        }
        if !ended && line.is_empty() {
            return None;
        }
        Some(String::from_utf8_lossy(&line).into_owned())
    })
}
