//! Archives and compressed files in real formats: `tar`, `gzip`/`gunzip`/`zcat`,
//! `bzip2`/`bunzip2`/`bzcat`, `xz`/`unxz`/`xzcat`, `zip` and `unzip`.
//!
//! Every archive written here opens with the standard tools (GNU tar, gzip, bzip2, xz-utils,
//! Info-ZIP unzip) and the reverse: the formats come from well-kept crates (`tar`, `flate2`,
//! `bzip2`, `lzma-rust2`, `zip`), never from a private encoding. Files are reached only through
//! the context's VFS backend, as streams ([`io`]); member names from an archive are untrusted
//! and placed through [`safepath`].

mod compress;
mod io;
mod safepath;
mod tar;
mod unzip;
mod zip;

pub use compress::{BUNZIP2, BZCAT, BZIP2, GUNZIP, GZIP, UNXZ, XZ, XZCAT, ZCAT};
pub use tar::Tar;
pub use unzip::Unzip;
pub use zip::Zip;

/// Register the archive and compression commands (the `archive` feature's group).
pub fn register(r: &crate::Registry) {
    use std::sync::Arc;
    r.register(Arc::new(GZIP));
    r.register(Arc::new(GUNZIP));
    r.register(Arc::new(ZCAT));
    r.register(Arc::new(BZIP2));
    r.register(Arc::new(BUNZIP2));
    r.register(Arc::new(BZCAT));
    r.register(Arc::new(XZ));
    r.register(Arc::new(UNXZ));
    r.register(Arc::new(XZCAT));
    r.register(Arc::new(Tar));
    r.register(Arc::new(Zip));
    r.register(Arc::new(Unzip));
}
