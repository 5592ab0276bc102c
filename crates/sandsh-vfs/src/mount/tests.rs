//! Unit tests of [`MountTable`] and [`MountSpec`].

#![allow(
    clippy::disallowed_methods,
    reason = "the tests build and read the host trees the host backends serve"
)]

use super::*;

fn p(s: &str) -> &Path {
    Path::new(s)
}

fn table() -> (tempfile::TempDir, MountTable) {
    let tmp = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir(tmp.path().join("sub")).expect("mkdir");
    std::fs::write(tmp.path().join("sub/f"), "host file\n").expect("write");
    let t = MountTable::new(Arc::new(MemoryFs::with_default_tree("u")));
    (tmp, t)
}

fn read(t: &MountTable, path: &str) -> VfsResult<String> {
    t.read(p(path), None)
        .map(|v| String::from_utf8_lossy(&v).into_owned())
}

fn names(t: &MountTable, path: &str) -> Vec<String> {
    t.list(p(path))
        .expect("list")
        .into_iter()
        .map(|e| String::from_utf8_lossy(&e.name).into_owned())
        .collect()
}

fn spec(host: &Path, path: &str, mode: MountMode) -> MountSpec {
    MountSpec {
        host: host.to_path_buf(),
        path: PathBuf::from(path),
        mode,
    }
}

#[test]
fn parse_specs() {
    let s = MountSpec::parse("/srv/data:/data").expect("parse");
    assert_eq!(s.host, PathBuf::from("/srv/data"));
    assert_eq!(s.path, PathBuf::from("/data"));
    assert_eq!(s.mode, MountMode::ReadOnly);
    let s: MountSpec = "./x:/mnt/x/:overlay".parse().expect("parse");
    assert_eq!(
        (s.host.as_path(), s.path.as_path()),
        (p("./x"), p("/mnt/x"))
    );
    assert_eq!(s.mode, MountMode::Overlay);
    let s = MountSpec::parse("C:dir:/m:rw").expect("parse");
    assert_eq!(
        (s.host.as_path(), s.mode),
        (p("C:dir"), MountMode::ReadWrite)
    );
    assert_eq!("ro".parse(), Ok(MountMode::ReadOnly));
    assert_eq!(MountMode::Overlay.to_string(), "overlay");
}

#[test]
fn parse_errors_are_clear() {
    let err = |s: &str| MountSpec::parse(s).map(|_| ()).unwrap_err().to_string();
    assert_eq!(
        err("nocolon"),
        "invalid mount 'nocolon': expected HOST:PATH[:ro|:overlay|:rw]"
    );
    assert_eq!(
        err("/a:/b:rx"),
        "invalid mount mode 'rx' (expected ro, overlay or rw)"
    );
    assert_eq!(
        err("/a:rel:ro"),
        "invalid mount '/a:rel:ro': mount point 'rel' must be an absolute path"
    );
    assert_eq!(
        err(":/b"),
        "invalid mount ':/b': the host directory is empty"
    );
    assert_eq!(
        err("ro"),
        "invalid mount 'ro': expected HOST:PATH[:ro|:overlay|:rw]"
    );
}

#[test]
fn routes_by_longest_prefix() {
    let (tmp, t) = table();
    t.mount_spec(&spec(tmp.path(), "/mnt/host", MountMode::ReadOnly))
        .expect("mount");
    t.mount(p("/mnt/host/sub/mem"), Arc::new(MemoryFs::new()), "memory")
        .expect("nested mount");
    assert_eq!(read(&t, "/mnt/host/sub/f").as_deref(), Ok("host file\n"));
    t.write(
        p("/mnt/host/sub/mem/x"),
        b"in memory",
        WriteMode::Truncate,
        0o644,
    )
    .expect("write nested");
    assert_eq!(read(&t, "/mnt/host/sub/mem/x").as_deref(), Ok("in memory"));
    assert_eq!(
        t.write(p("/mnt/host/sub/g"), b"", WriteMode::Truncate, 0o644),
        Err(VfsError::ReadOnly)
    );
    assert_eq!(names(&t, "/mnt"), ["host"]);
    assert!(names(&t, "/mnt/host/sub").contains(&"mem".to_string()));
    assert_eq!(read(&t, "/etc/hostname").as_deref(), Ok("sandsh\n"));
    assert_eq!(
        t.canonicalize(p("/mnt/host/sub/../sub/f")),
        Ok(PathBuf::from("/mnt/host/sub/f"))
    );
    let infos = t.mounts();
    assert_eq!(infos.len(), 3);
    assert_eq!(infos[0].source, "memory");
    assert_eq!(
        infos[1].source,
        format!("host:{} (ro)", tmp.path().display())
    );
    assert!(infos[1].read_only);
    assert!(!t.read_only());
}

#[test]
fn mount_points_are_listed_and_busy() {
    let (tmp, t) = table();
    t.mount_spec(&spec(tmp.path(), "/srv/data", MountMode::ReadWrite))
        .expect("mount");
    assert!(names(&t, "/").contains(&"srv".to_string()));
    assert_eq!(names(&t, "/srv"), ["data"]);
    assert_eq!(t.remove(p("/srv"), true), Err(busy()));
    assert_eq!(t.remove(p("/srv/data"), true), Err(busy()));
    assert_eq!(t.rename(p("/srv/data"), p("/x")), Err(busy()));
    assert_eq!(
        t.mkdir(p("/srv/data"), 0o755, false),
        Err(VfsError::AlreadyExists)
    );
    assert_eq!(t.mkdir(p("/srv/data"), 0o755, true), Ok(()));
    assert!(tmp.path().join("sub/f").exists());
    t.unmount(p("/srv/data")).expect("unmount");
    assert_eq!(t.mounts().len(), 1);
    assert_eq!(t.unmount(p("/srv/data")), Err(VfsError::InvalidInput));
}

#[test]
fn cross_mount_rename_and_link_fail() {
    let (tmp, t) = table();
    t.mount_spec(&spec(tmp.path(), "/data", MountMode::ReadWrite))
        .expect("mount");
    t.write(p("/tmp/m"), b"mem", WriteMode::Truncate, 0o644)
        .expect("write");
    assert_eq!(
        t.rename(p("/tmp/m"), p("/data/m")),
        Err(VfsError::CrossDevice)
    );
    assert_eq!(
        t.rename(p("/data/sub/f"), p("/tmp/f")),
        Err(VfsError::CrossDevice)
    );
    assert_eq!(
        t.hard_link(p("/tmp/m"), p("/data/m")),
        Err(VfsError::CrossDevice)
    );
    t.rename(p("/data/sub/f"), p("/data/f2"))
        .expect("rename within");
    assert!(tmp.path().join("f2").exists());
}

#[test]
fn root_symlinks_lead_into_mounts() {
    let (tmp, t) = table();
    t.mount_spec(&spec(tmp.path(), "/mnt/h", MountMode::ReadOnly))
        .expect("mount");
    t.symlink(p("/mnt/h/sub"), p("/home/u/link"))
        .expect("symlink");
    t.symlink(p("../../mnt/h"), p("/home/u/rel"))
        .expect("symlink");
    assert_eq!(read(&t, "/home/u/link/f").as_deref(), Ok("host file\n"));
    assert_eq!(read(&t, "/home/u/rel/sub/f").as_deref(), Ok("host file\n"));
    assert_eq!(names(&t, "/home/u/link"), ["f"]);
    assert_eq!(
        t.lstat(p("/home/u/link")).map(|m| m.file_type),
        Ok(FileType::Symlink)
    );
    assert_eq!(
        t.canonicalize(p("/home/u/link/f")),
        Ok(PathBuf::from("/mnt/h/sub/f"))
    );
    assert_eq!(
        t.write(p("/home/u/link/new"), b"", WriteMode::Truncate, 0o644),
        Err(VfsError::ReadOnly)
    );
}

#[test]
fn overlay_tools_through_the_table() {
    let (tmp, t) = table();
    t.mount_spec(&spec(tmp.path(), "/work", MountMode::Overlay))
        .expect("mount");
    let tools: Vec<String> = t.list_tools().into_iter().map(|t| t.name).collect();
    assert_eq!(tools, ["vfs.diff", "vfs.commit", "vfs.reset"]);
    assert!(t.mounts()[1].source.starts_with("overlay:"));
    t.write(p("/work/sub/f"), b"edited\n", WriteMode::Truncate, 0o644)
        .expect("write");
    let diff = t
        .call_tool("vfs.diff", &[b"/work/sub".to_vec()])
        .expect("diff");
    let diff = String::from_utf8_lossy(&diff).into_owned();
    assert!(diff.starts_with("modified /work/sub/f\n"), "{diff}");
    assert!(diff.contains("-host file\n+edited\n"), "{diff}");
    assert_eq!(
        t.call_tool("vfs.diff", &[]).map(|v| v.len()),
        Ok(diff.len())
    );
    assert!(t.call_tool("vfs.diff", &[b"/tmp".to_vec()]).is_err());
    assert_eq!(
        std::fs::read_to_string(tmp.path().join("sub/f"))
            .ok()
            .as_deref(),
        Some("host file\n")
    );
    t.call_tool("vfs.commit", &[b"/work".to_vec()])
        .expect("commit");
    assert_eq!(
        std::fs::read_to_string(tmp.path().join("sub/f"))
            .ok()
            .as_deref(),
        Some("edited\n")
    );
    let out = t
        .call_tool("vfs.reset", &[b"/work".to_vec()])
        .expect("reset");
    assert_eq!(out, b"dropped 0 changes\n");
}

#[test]
fn no_mounts_is_plain_delegation() {
    let t = MountTable::default();
    t.mkdir(p("/a"), 0o755, false).expect("mkdir");
    t.symlink(p("a"), p("/l")).expect("symlink");
    t.write(p("/l/f"), b"x", WriteMode::Truncate, 0o644)
        .expect("write");
    assert_eq!(read(&t, "/a/f").as_deref(), Ok("x"));
    assert!(t.list_tools().is_empty());
    assert!(t.call_tool("vfs.diff", &[]).is_err());
}
