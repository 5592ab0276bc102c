//! Files and host directories copied into a new session's VFS (`KernelConfig::file`,
//! `KernelConfig::copy_dir`). The copy goes through the backend, so it counts against the VFS
//! limits like any write; host symlinks are copied as symlinks, never followed.

use std::path::{Path, PathBuf};

use sandsh_vfs::{KernelBackend, VfsError, WriteMode, normalize};

/// Write the configured files and copies; the first failure, as a message.
pub(super) fn preload(
    backend: &dyn KernelBackend,
    files: &[(String, Vec<u8>)],
    copies: &[(PathBuf, String)],
) -> Result<(), String> {
    for (host, to) in copies {
        let to = normalize(Path::new("/"), Path::new(to));
        copy_dir(backend, host, &to).map_err(|e| format!("copy_dir {}: {e}", host.display()))?;
    }
    for (path, data) in files {
        let p = normalize(Path::new("/"), Path::new(path));
        write_file(backend, &p, data, 0o644).map_err(|e| format!("file {path}: {e}"))?;
    }
    Ok(())
}

fn write_file(backend: &dyn KernelBackend, p: &Path, data: &[u8], mode: u32) -> Result<(), String> {
    if let Some(parent) = p.parent() {
        backend
            .mkdir(parent, 0o755, true)
            .or_else(|e| match e {
                VfsError::AlreadyExists => Ok(()),
                e => Err(e),
            })
            .map_err(|e| e.to_string())?;
    }
    backend
        .write(p, data, WriteMode::Truncate, mode)
        .map_err(|e| e.to_string())
}

#[allow(
    clippy::disallowed_methods,
    reason = "KernelConfig::copy_dir: the embedder asks for this host directory to be copied in"
)]
fn copy_dir(backend: &dyn KernelBackend, host: &Path, to: &Path) -> Result<(), String> {
    #[cfg(unix)]
    use std::os::unix::fs::PermissionsExt;
    // No host files in the browser build (std::fs fails there), but the code must build.
    #[cfg(not(unix))]
    let mode_of = |_: &std::fs::Permissions| 0o644;
    #[cfg(unix)]
    let mode_of = |p: &std::fs::Permissions| p.mode() & 0o7777;
    let meta = std::fs::metadata(host).map_err(|e| e.to_string())?;
    if !meta.is_dir() {
        return Err("not a directory".to_string());
    }
    let mut stack = vec![(host.to_path_buf(), to.to_path_buf())];
    while let Some((from, to)) = stack.pop() {
        match backend.mkdir(&to, 0o755, true) {
            Ok(()) | Err(VfsError::AlreadyExists) => {}
            Err(e) => return Err(format!("{}: {e}", to.display())),
        }
        let entries = std::fs::read_dir(&from).map_err(|e| format!("{}: {e}", from.display()))?;
        for entry in entries {
            let entry = entry.map_err(|e| format!("{}: {e}", from.display()))?;
            let src = entry.path();
            let dst = to.join(entry.file_name());
            let m =
                std::fs::symlink_metadata(&src).map_err(|e| format!("{}: {e}", src.display()))?;
            let ft = m.file_type();
            if ft.is_dir() {
                stack.push((src, dst));
            } else if ft.is_symlink() {
                let target =
                    std::fs::read_link(&src).map_err(|e| format!("{}: {e}", src.display()))?;
                backend
                    .symlink(&target, &dst)
                    .map_err(|e| format!("{}: {e}", dst.display()))?;
            } else if ft.is_file() {
                let data = std::fs::read(&src).map_err(|e| format!("{}: {e}", src.display()))?;
                backend
                    .write(&dst, &data, WriteMode::Truncate, mode_of(&m.permissions()))
                    .map_err(|e| format!("{}: {e}", dst.display()))?;
            }
            // Sockets, fifos and devices are not copied.
        }
    }
    Ok(())
}
