//! Device numbers and mounts as the sandbox reports them: the major/minor numbers of the
//! character devices under `/dev`, the mount holding a path and the device number of files on
//! it.
//!
//! The VFS keeps no device numbers; `stat`, `ls -l`, `df` and `find -xdev` need stable ones,
//! so they are derived here, from the device's name and from the backend's mount list.

use std::path::Path;

use sandsh_api::ToolCtx;
use sandsh_api::fs::{FileType, Metadata};

use super::paths;

/// Major and minor device numbers of the sandbox's character devices, as Linux numbers them
/// (the VFS keeps none; these are recognized by name under `/dev`).
pub fn rdev(path: &Path, m: &Metadata) -> (u32, u32) {
    if m.file_type != FileType::CharDevice {
        return (0, 0);
    }
    match path.to_str() {
        Some("/dev/null") => (1, 3),
        Some("/dev/zero") => (1, 5),
        Some("/dev/random") => (1, 8),
        Some("/dev/urandom") => (1, 9),
        Some("/dev/tty") => (5, 0),
        _ => (0, 0),
    }
}

/// The mount holding `path` (longest prefix of the backend's mount list) and its index in
/// that list; `None` when the backend reports no mounts.
pub fn mount_of(ctx: &dyn ToolCtx, path: &str) -> Option<(usize, sandsh_api::fs::MountInfo)> {
    let mounts = ctx.backend().mounts();
    let mut best: Option<(usize, sandsh_api::fs::MountInfo)> = None;
    for (i, m) in mounts.into_iter().enumerate() {
        let mp = m.path.to_string_lossy().into_owned();
        if paths::is_under(path, &mp)
            && best
                .as_ref()
                .is_none_or(|(_, b)| b.path.as_os_str().len() <= mp.len())
        {
            best = Some((i, m));
        }
    }
    best
}

/// The device number the sandbox reports for files under `path`: major 0 (virtual, as tmpfs),
/// minor 32 plus the index of the mount holding it.
pub fn device_of(ctx: &dyn ToolCtx, path: &str) -> (u32, u32) {
    (0, 32 + mount_of(ctx, path).map_or(0, |(i, _)| i as u32))
}
