//! The cancellation error: how a read, a write or a wait says "the run was cancelled".
//!
//! Cancellation must never travel as `io::ErrorKind::Interrupted`: std's `write_all`,
//! `read_to_end`, `read_exact` and `BufWriter` retry that kind, and so does any hand-written
//! "EINTR, try again" loop, so a cancelled pipe read signalled that way spins for ever (THREAT
//! DOS-CANCEL-1). [`Cancelled`] is an ordinary `io::ErrorKind::Other` error carrying this type,
//! which no retry loop treats as transient; [`is_cancelled`] recognises it wherever it surfaces.

use std::io;

/// The payload of a cancellation error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("cancelled")]
pub struct Cancelled;

impl Cancelled {
    /// A fresh `io::Error` meaning "the run was cancelled".
    pub fn io() -> io::Error {
        io::Error::other(Cancelled)
    }
}

impl From<Cancelled> for io::Error {
    fn from(c: Cancelled) -> io::Error {
        io::Error::other(c)
    }
}

/// Whether `e` is (or wraps) a cancellation.
pub fn is_cancelled(e: &io::Error) -> bool {
    e.get_ref().is_some_and(|inner| inner.is::<Cancelled>())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};

    /// A reader that is always cancelled: std's helpers must give up at once, not retry.
    struct AlwaysCancelled;

    impl Read for AlwaysCancelled {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            Err(Cancelled::io())
        }
    }

    impl Write for AlwaysCancelled {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(Cancelled::io())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn std_helpers_do_not_retry_a_cancellation() {
        let mut v = Vec::new();
        let e = AlwaysCancelled.read_to_end(&mut v).unwrap_err();
        assert!(is_cancelled(&e));
        let e = AlwaysCancelled.write_all(b"x").unwrap_err();
        assert!(is_cancelled(&e));
        let mut b = [0u8; 4];
        assert!(is_cancelled(
            &AlwaysCancelled.read_exact(&mut b).unwrap_err()
        ));
        let mut w = io::BufWriter::new(AlwaysCancelled);
        let _ = w.write(b"abc");
        assert!(is_cancelled(&w.flush().unwrap_err()));
    }

    #[test]
    fn other_errors_are_not_cancellations() {
        assert!(!is_cancelled(&io::Error::other("cancelled")));
        assert!(!is_cancelled(&io::ErrorKind::Interrupted.into()));
    }
}
