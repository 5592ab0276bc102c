//! Paths as bytes on every target: std's `OsStrExt`/`OsStringExt` on Unix, the same two traits
//! in the browser build (wasm32-unknown-unknown has no `std::os::unix`, but its `OsStr` is the
//! same byte string: std keeps it as bytes on every target but Windows, so any bytes are a valid
//! encoding there). Import them from here, never from `std::os::unix`, and a path's bytes mean
//! the same everywhere.

#[cfg(unix)]
pub use std::os::unix::ffi::{OsStrExt, OsStringExt};

#[cfg(not(unix))]
pub use bytes::{OsStrExt, OsStringExt};

#[cfg(not(unix))]
mod bytes {
    use std::ffi::{OsStr, OsString};

    /// `std::os::unix::ffi::OsStrExt`, for targets whose `OsStr` is bytes.
    pub trait OsStrExt {
        fn from_bytes(slice: &[u8]) -> &Self;
        fn as_bytes(&self) -> &[u8];
    }

    impl OsStrExt for OsStr {
        fn from_bytes(slice: &[u8]) -> &OsStr {
            // SAFETY: on the targets this module is built for (wasm32), `OsStr` is a plain byte
            // string (std's `os_str::bytes`): every byte sequence is a valid encoding.
            unsafe { OsStr::from_encoded_bytes_unchecked(slice) }
        }
        fn as_bytes(&self) -> &[u8] {
            self.as_encoded_bytes()
        }
    }

    /// `std::os::unix::ffi::OsStringExt`, for targets whose `OsString` is bytes.
    pub trait OsStringExt {
        fn from_vec(vec: Vec<u8>) -> Self;
        fn into_vec(self) -> Vec<u8>;
    }

    impl OsStringExt for OsString {
        fn from_vec(vec: Vec<u8>) -> OsString {
            // SAFETY: as in `OsStrExt::from_bytes`.
            unsafe { OsString::from_encoded_bytes_unchecked(vec) }
        }
        fn into_vec(self) -> Vec<u8> {
            self.into_encoded_bytes()
        }
    }
}
