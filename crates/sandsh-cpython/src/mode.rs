//! A file's permission bits for the guest: WASI preview1 has no mode in a file's status and no
//! call to change one, so sandsh's driver (`boot.py`) asks over the bridge, method
//! [`METHOD`]: `get PATH` and `lget PATH` (the bits of the file, or of the link itself), and
//! `set MODE PATH` (`chmod`). The reply is `ok BITS` or `err ERRNO` (WASI's number, which the
//! guest's `OSError` maps to its class).

use std::path::Path;

use sandsh_vfs::KernelBackend;

use crate::guest::Errno;

pub(crate) const METHOD: &str = "SANDSH-MODE";

/// Answer one request (see the module documentation).
pub(crate) fn answer(backend: &dyn KernelBackend, request: &str) -> String {
    match run(backend, request) {
        Ok(bits) => format!("ok {bits}"),
        Err(e) => format!("err {}", e as i32),
    }
}

fn run(backend: &dyn KernelBackend, request: &str) -> Result<u32, Errno> {
    let (op, rest) = request.split_once(' ').ok_or(Errno::Inval)?;
    match op {
        "get" => Ok(backend.stat(Path::new(rest))?.mode & 0o7777),
        "lget" => Ok(backend.lstat(Path::new(rest))?.mode & 0o7777),
        "set" => {
            let (bits, path) = rest.split_once(' ').ok_or(Errno::Inval)?;
            let bits = bits.parse::<u32>().map_err(|_| Errno::Inval)? & 0o7777;
            backend.chmod(Path::new(path), bits)?;
            Ok(bits)
        }
        _ => Err(Errno::Inval),
    }
}
