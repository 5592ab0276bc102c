//! Escape attempts against host mounts, in every mount mode.
//!
//! Each test builds a host directory with a secret *beside* the mounted directory and symlinks
//! inside it that point out (absolute, relative climbing, a symlinked directory), mounts it
//! read-only, as an overlay and read-write, and tries to read, write, rename, link and chmod
//! its way out. It asserts that no outside data is ever returned and that the host outside the
//! mount (and, for ro and overlay, inside it) is byte for byte unchanged.

use std::collections::BTreeMap;
use std::fs;
use std::os::unix::fs::{MetadataExt, symlink};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use sandsh::vfs::{
    HostFs, KernelBackend, MemoryFs, MountMode, MountSpec, MountTable, OverlayFs, VfsError,
    WriteMode,
};

const SECRET: &str = "TOP SECRET outside the mount\n";
const MODES: [MountMode; 3] = [
    MountMode::ReadOnly,
    MountMode::Overlay,
    MountMode::ReadWrite,
];

struct Host {
    tmp: tempfile::TempDir,
}

impl Host {
    fn root(&self) -> &Path {
        self.tmp.path()
    }
    fn mnt(&self) -> PathBuf {
        self.root().join("mnt")
    }
    fn outside(&self) -> PathBuf {
        self.root().join("outside")
    }
}

/// `outside/secret.txt` next to `mnt/`, which holds a file and links leading out.
fn host() -> Host {
    let tmp = tempfile::tempdir().expect("tempdir");
    let h = Host { tmp };
    let (mnt, out) = (h.mnt(), h.outside());
    fs::create_dir_all(out.join("subdir")).expect("mkdir");
    fs::write(out.join("secret.txt"), SECRET).expect("write");
    fs::create_dir_all(mnt.join("sub/deeper")).expect("mkdir");
    fs::write(mnt.join("file.txt"), "inside\n").expect("write");
    fs::write(mnt.join("sub/inner.txt"), "inner\n").expect("write");
    symlink(out.join("secret.txt"), mnt.join("abs_link")).expect("ln");
    symlink("/etc/passwd", mnt.join("etc_link")).expect("ln");
    symlink("../outside/secret.txt", mnt.join("rel_link")).expect("ln");
    symlink("../../../../../../../../etc/passwd", mnt.join("deep_rel")).expect("ln");
    symlink("../outside", mnt.join("dir_link")).expect("ln");
    symlink(&out, mnt.join("abs_dir_link")).expect("ln");
    symlink("../../outside/secret.txt", mnt.join("sub/up")).expect("ln");
    symlink("../../../outside", mnt.join("sub/deeper/updir")).expect("ln");
    symlink("sub/inner.txt", mnt.join("ok_link")).expect("ln");
    h
}

/// Everything under `dir`: kind, content or target, mode, mtime.
fn digest(dir: &Path) -> BTreeMap<PathBuf, (String, Vec<u8>, u32, i64)> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).expect("read_dir") {
            let path = e.expect("entry").path();
            let m = fs::symlink_metadata(&path).expect("lstat");
            let (kind, content) = if m.file_type().is_symlink() {
                let t = fs::read_link(&path).expect("readlink");
                ("link", t.as_os_str().as_encoded_bytes().to_vec())
            } else if m.is_dir() {
                stack.push(path.clone());
                ("dir", Vec::new())
            } else {
                ("file", fs::read(&path).expect("read"))
            };
            out.insert(
                path.strip_prefix(dir).expect("prefix").to_path_buf(),
                (kind.to_string(), content, m.mode(), m.mtime()),
            );
        }
    }
    out
}

fn table(h: &Host, mode: MountMode) -> MountTable {
    let t = MountTable::new(Arc::new(MemoryFs::with_default_tree("u")));
    t.mount_spec(&MountSpec {
        host: h.mnt(),
        path: PathBuf::from("/mnt/data"),
        mode,
    })
    .expect("mount");
    t
}

fn p(s: &str) -> &Path {
    Path::new(s)
}

/// Fails the test if `data` holds anything from outside the mount.
fn assert_clean(what: &str, data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    assert!(!text.contains("TOP SECRET"), "{what} leaked the secret");
    if let Ok(passwd) = fs::read_to_string("/etc/passwd") {
        assert!(
            text != passwd || passwd.is_empty(),
            "{what} returned the host's /etc/passwd"
        );
    }
}

const ESCAPING_LINKS: [&str; 7] = [
    "/mnt/data/abs_link",
    "/mnt/data/etc_link",
    "/mnt/data/rel_link",
    "/mnt/data/deep_rel",
    "/mnt/data/sub/up",
    "/mnt/data/dir_link/secret.txt",
    "/mnt/data/abs_dir_link/secret.txt",
];

#[test]
fn reads_through_escaping_symlinks_fail_in_every_mode() {
    for mode in MODES {
        let h = host();
        let t = table(&h, mode);
        for link in ESCAPING_LINKS
            .iter()
            .copied()
            .chain(["/mnt/data/sub/deeper/updir/secret.txt"])
        {
            let r = t.read(p(link), None);
            assert!(r.is_err(), "{mode}: reading {link} succeeded: {r:?}");
            if let Ok(d) = &r {
                assert_clean(link, d);
            }
            assert!(t.stat(p(link)).is_err(), "{mode}: stat {link}");
            assert!(
                t.open_reader(p(link)).is_err(),
                "{mode}: open_reader {link}"
            );
            assert!(t.canonicalize(p(link)).is_err(), "{mode}: realpath {link}");
            assert!(!t.exists(p(link)), "{mode}: exists {link}");
        }
        for dir in [
            "/mnt/data/dir_link",
            "/mnt/data/abs_dir_link",
            "/mnt/data/sub/deeper/updir",
        ] {
            assert!(t.list(p(dir)).is_err(), "{mode}: listing {dir}");
            assert!(
                t.list_with_metadata(p(dir)).is_err(),
                "{mode}: listing {dir} with metadata"
            );
        }
        // The links themselves are visible as links, with their stored targets.
        assert_eq!(
            t.read_link(p("/mnt/data/etc_link")),
            Ok(PathBuf::from("/etc/passwd"))
        );
        assert!(
            t.lstat(p("/mnt/data/dir_link"))
                .is_ok_and(|m| m.is_symlink())
        );
        // Links that stay inside work.
        assert_eq!(
            t.read(p("/mnt/data/ok_link"), None),
            Ok(b"inner\n".to_vec())
        );
    }
}

#[test]
fn directory_handles_open_only_the_directorys_own_files() {
    for mode in MODES {
        let h = host();
        let t = table(&h, mode);
        let Some(d) = t.open_dir(p("/mnt/data")).expect("open_dir") else {
            // An overlay's handles could go stale: it opens by path.
            assert_eq!(mode, MountMode::Overlay, "{mode}: no directory handle");
            continue;
        };
        assert_ne!(
            mode,
            MountMode::Overlay,
            "an overlay gave a directory handle"
        );
        let r = d.open_reader(b"file.txt").expect("open").expect("a handle");
        let mut buf = [0u8; 64];
        let n = r.read_at(0, &mut buf).expect("read");
        assert_eq!(&buf[..n], b"inside\n", "{mode}");
        // Symlinks are not followed on the handle, even one that stays inside: the caller
        // opens those by path, where the mount's rules apply.
        for link in ["abs_link", "etc_link", "rel_link", "deep_rel", "ok_link"] {
            let r = d.open_reader(link.as_bytes());
            assert!(r.is_err(), "{mode}: {link} opened on the handle");
        }
        // Only one component, and never `.` or `..`.
        for name in ["..", ".", "", "sub/inner.txt", "../outside/secret.txt"] {
            assert!(
                matches!(d.open_reader(name.as_bytes()), Ok(None)),
                "{mode}: {name:?} opened on the handle"
            );
        }
        assert_eq!(
            d.open_reader(b"sub").err(),
            Some(VfsError::IsADirectory),
            "{mode}"
        );
        // A directory behind an escaping link gives no handle.
        for dir in ["/mnt/data/dir_link", "/mnt/data/sub/deeper/updir"] {
            assert!(t.open_dir(p(dir)).is_err(), "{mode}: open_dir {dir}");
        }
        // A mount point inside the directory is not the directory's own file.
        let other = h.root().join("other");
        fs::create_dir_all(&other).expect("mkdir");
        t.mount_spec(&MountSpec {
            host: other,
            path: PathBuf::from("/mnt/data/sub"),
            mode,
        })
        .expect("mount");
        let d = t
            .open_dir(p("/mnt/data"))
            .expect("open_dir")
            .expect("handle");
        assert!(matches!(d.open_reader(b"sub"), Ok(None)), "{mode}");
    }
    // The memory root keeps no handles.
    let h = host();
    let t = table(&h, MountMode::ReadOnly);
    assert!(matches!(t.open_dir(p("/tmp")), Ok(None)));
}

#[test]
fn dot_dot_cannot_leave_the_mount() {
    for mode in MODES {
        let h = host();
        let t = table(&h, mode);
        // Lexically normalized by the shell: ends up in the memory root, not on the host.
        let path = sandsh::vfs::normalize(p("/mnt/data"), p("../../outside/secret.txt"));
        assert_eq!(t.read(&path, None), Err(VfsError::NotFound), "{mode}");
        // Raw `..` handed straight to the backends (breaking the normalized-path contract)
        // is refused too.
        let backend: Box<dyn KernelBackend> = match mode {
            MountMode::Overlay => Box::new(OverlayFs::open(&h.mnt()).expect("overlay")),
            _ => Box::new(HostFs::open(&h.mnt(), mode == MountMode::ReadOnly).expect("host")),
        };
        for raw in ["/../outside/secret.txt", "/sub/../../outside/secret.txt"] {
            let r = backend.read(p(raw), None);
            assert!(r.is_err(), "{mode}: raw {raw}: {r:?}");
            assert!(backend.list(p("/..")).is_err(), "{mode}: list /..");
        }
    }
}

#[test]
fn writes_through_escaping_symlinks_fail_and_leave_the_host_alone() {
    for mode in MODES {
        let h = host();
        let before_out = digest(&h.outside());
        let before_mnt = digest(&h.mnt());
        let t = table(&h, mode);
        for link in ESCAPING_LINKS {
            assert!(
                t.write(p(link), b"pwned", WriteMode::Truncate, 0o644)
                    .is_err(),
                "{mode}: write {link}"
            );
            assert!(
                t.append(p(link), b"pwned").is_err(),
                "{mode}: append {link}"
            );
            assert!(t.truncate(p(link), 0).is_err(), "{mode}: truncate {link}");
            assert!(t.chmod(p(link), 0o777).is_err(), "{mode}: chmod {link}");
            assert!(
                t.set_mtime(p(link), std::time::UNIX_EPOCH).is_err(),
                "{mode}: touch {link}"
            );
        }
        for dir in ["/mnt/data/dir_link", "/mnt/data/abs_dir_link"] {
            let new = format!("{dir}/new.txt");
            assert!(
                t.write(p(&new), b"pwned", WriteMode::CreateNew, 0o644)
                    .is_err(),
                "{mode}: create {new}"
            );
            assert!(
                t.mkdir(p(&format!("{dir}/evil")), 0o755, true).is_err(),
                "{mode}: mkdir under {dir}"
            );
            assert!(
                t.remove(p(&format!("{dir}/secret.txt")), false).is_err(),
                "{mode}: rm under {dir}"
            );
            assert!(
                t.rename(p("/mnt/data/file.txt"), p(&format!("{dir}/stolen")))
                    .is_err(),
                "{mode}: mv into {dir}"
            );
            assert!(
                t.symlink(p("x"), p(&format!("{dir}/l"))).is_err(),
                "{mode}: ln -s under {dir}"
            );
            assert!(
                t.hard_link(p("/mnt/data/file.txt"), p(&format!("{dir}/hl")))
                    .is_err(),
                "{mode}: ln under {dir}"
            );
        }
        // New links that point out are refused (a host program could follow them later).
        for target in ["/etc/passwd", "../outside", "sub/../../outside"] {
            assert!(
                t.symlink(p(target), p("/mnt/data/new_link")).is_err(),
                "{mode}: ln -s {target}"
            );
        }
        // Cross-mount renames and links fail with EXDEV; nothing moves.
        assert_eq!(
            t.rename(p("/mnt/data/file.txt"), p("/tmp/file.txt")),
            Err(VfsError::CrossDevice)
        );
        assert_eq!(
            t.hard_link(p("/mnt/data/file.txt"), p("/tmp/hl")),
            Err(VfsError::CrossDevice)
        );
        t.write(p("/tmp/mem"), b"memory", WriteMode::Truncate, 0o644)
            .expect("write memory");
        assert_eq!(
            t.rename(p("/tmp/mem"), p("/mnt/data/mem")),
            Err(VfsError::CrossDevice)
        );
        assert_eq!(digest(&h.outside()), before_out, "{mode}: outside changed");
        assert_eq!(digest(&h.mnt()), before_mnt, "{mode}: mount changed");
    }
}

#[test]
fn removing_a_symlinked_dir_removes_only_the_link() {
    for mode in [MountMode::Overlay, MountMode::ReadWrite] {
        let h = host();
        let before_out = digest(&h.outside());
        let t = table(&h, mode);
        t.remove(p("/mnt/data/dir_link"), true).expect("rm -r link");
        t.remove(p("/mnt/data/abs_dir_link"), true)
            .expect("rm -r link");
        assert!(t.lstat(p("/mnt/data/dir_link")).is_err());
        assert_eq!(digest(&h.outside()), before_out, "{mode}: outside changed");
        assert_eq!(
            fs::symlink_metadata(h.mnt().join("dir_link")).is_ok(),
            mode == MountMode::Overlay,
            "{mode}"
        );
    }
}

#[test]
fn read_only_mount_refuses_all_writes() {
    let h = host();
    let before = digest(h.root());
    let t = table(&h, MountMode::ReadOnly);
    let ro = Err(VfsError::ReadOnly);
    assert_eq!(
        t.write(p("/mnt/data/file.txt"), b"x", WriteMode::Truncate, 0o644),
        ro
    );
    assert_eq!(
        t.write(p("/mnt/data/new"), b"x", WriteMode::Truncate, 0o644),
        ro
    );
    assert_eq!(t.mkdir(p("/mnt/data/d"), 0o755, false), ro);
    assert_eq!(t.remove(p("/mnt/data/file.txt"), false), ro);
    assert_eq!(t.rename(p("/mnt/data/file.txt"), p("/mnt/data/f2")), ro);
    assert_eq!(t.chmod(p("/mnt/data/file.txt"), 0o600), ro);
    assert_eq!(t.symlink(p("file.txt"), p("/mnt/data/l")), ro);
    assert_eq!(
        t.mounts()[1].source,
        format!("host:{} (ro)", h.mnt().display())
    );
    assert_eq!(digest(h.root()), before);
}

#[test]
fn symlink_swap_race_never_leaks() {
    // A host process keeps swapping `race` between a real directory and a symlink to the
    // outside while the sandbox reads through it.
    for mode in MODES {
        let h = host();
        let mnt = h.mnt();
        fs::create_dir(mnt.join("race")).expect("mkdir");
        fs::write(mnt.join("race/secret.txt"), "decoy inside\n").expect("write");
        let t = table(&h, mode);
        let stop = Arc::new(AtomicBool::new(false));
        let swapper = {
            let (stop, mnt) = (stop.clone(), mnt.clone());
            std::thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let _ = fs::rename(mnt.join("race"), mnt.join("race_real"));
                    let _ = symlink("../outside", mnt.join("race"));
                    let _ = fs::remove_file(mnt.join("race"));
                    let _ = fs::rename(mnt.join("race_real"), mnt.join("race"));
                }
            })
        };
        let mut inside = 0;
        // At least 3000 rounds, and more until one read got through: on a loaded machine the
        // swapper can win every round of the first 3000 (seen in CI), proving nothing.
        let start = std::time::Instant::now();
        let mut round = 0;
        while round < 3000 || (inside == 0 && start.elapsed() < std::time::Duration::from_secs(20))
        {
            round += 1;
            if let Ok(d) = t.read(p("/mnt/data/race/secret.txt"), None) {
                assert_clean("race read", &d);
                inside += 1;
            }
            if let Ok(Some(r)) = t.open_reader(p("/mnt/data/race/secret.txt")) {
                let mut buf = [0u8; 64];
                let n = r.read_at(0, &mut buf).unwrap_or(0);
                assert_clean("race handle read", &buf[..n]);
            }
            if let Ok(Some(d)) = t.open_dir(p("/mnt/data/race"))
                && let Ok(Some(r)) = d.open_reader(b"secret.txt")
            {
                let mut buf = [0u8; 64];
                let n = r.read_at(0, &mut buf).unwrap_or(0);
                assert_clean("race directory handle read", &buf[..n]);
            }
            if let Ok(entries) = t.list(p("/mnt/data/race")) {
                assert!(
                    entries.iter().all(|e| e.name != b"subdir"),
                    "{mode}: listed outside"
                );
            }
        }
        stop.store(true, Ordering::Relaxed);
        swapper.join().expect("join");
        // The race must not have prevented every read (the test would prove nothing).
        assert!(inside > 0, "{mode}: no read got through");
    }
}

#[test]
fn overlay_changes_stay_in_memory_until_commit() {
    let h = host();
    let before = digest(h.root());
    let before_out = digest(&h.outside());
    let t = table(&h, MountMode::Overlay);
    t.write(
        p("/mnt/data/file.txt"),
        b"inside\nedited\n",
        WriteMode::Truncate,
        0o644,
    )
    .expect("write");
    t.write(
        p("/mnt/data/new.txt"),
        b"brand new\n",
        WriteMode::CreateNew,
        0o644,
    )
    .expect("create");
    t.remove(p("/mnt/data/sub/inner.txt"), false).expect("rm");
    t.rename(p("/mnt/data/sub"), p("/mnt/data/moved"))
        .expect("mv dir");
    t.chmod(p("/mnt/data/new.txt"), 0o600).expect("chmod");
    assert_eq!(
        t.read(p("/mnt/data/file.txt"), None),
        Ok(b"inside\nedited\n".to_vec())
    );
    assert!(t.stat(p("/mnt/data/sub")).is_err());
    assert!(
        t.stat(p("/mnt/data/moved/deeper"))
            .is_ok_and(|m| m.is_dir())
    );
    assert_eq!(digest(h.root()), before, "the host changed before commit");

    let diff = t
        .call_tool("vfs.diff", &[b"/mnt/data".to_vec()])
        .expect("diff");
    let diff = String::from_utf8(diff).expect("utf8");
    assert!(diff.contains("modified /mnt/data/file.txt\n"), "{diff}");
    assert!(diff.contains("added    /mnt/data/moved/\n"), "{diff}");
    assert!(diff.contains("added    /mnt/data/new.txt\n"), "{diff}");
    assert!(diff.contains("deleted  /mnt/data/sub/\n"), "{diff}");
    assert!(
        diff.contains("--- a/file.txt\n+++ b/file.txt\n@@ -1 +1,2 @@\n inside\n+edited\n"),
        "{diff}"
    );

    // reset drops everything.
    t.call_tool("vfs.reset", &[b"/mnt/data".to_vec()])
        .expect("reset");
    assert_eq!(
        t.read(p("/mnt/data/file.txt"), None),
        Ok(b"inside\n".to_vec())
    );
    assert!(t.stat(p("/mnt/data/new.txt")).is_err());

    // commit writes back.
    t.write(
        p("/mnt/data/file.txt"),
        b"committed\n",
        WriteMode::Truncate,
        0o644,
    )
    .expect("write");
    t.remove(p("/mnt/data/sub/inner.txt"), false).expect("rm");
    t.mkdir(p("/mnt/data/newdir/x"), 0o755, true)
        .expect("mkdir");
    let out = t
        .call_tool("vfs.commit", &[b"/mnt/data".to_vec()])
        .expect("commit");
    assert!(
        String::from_utf8_lossy(&out).starts_with("committed 4 changes"),
        "{out:?}"
    );
    assert_eq!(
        fs::read_to_string(h.mnt().join("file.txt")).ok().as_deref(),
        Some("committed\n")
    );
    assert!(!h.mnt().join("sub/inner.txt").exists());
    assert!(h.mnt().join("newdir/x").is_dir());
    assert_eq!(
        digest(&h.outside()),
        before_out,
        "commit touched the outside"
    );
    assert_eq!(
        t.call_tool("vfs.diff", &[b"/mnt/data".to_vec()]),
        Ok(Vec::new())
    );
}

#[test]
fn mount_errors_name_the_host_path() {
    let err = MountSpec::parse("/definitely/not/here:/x:overlay")
        .expect("parse")
        .open()
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert_eq!(err, "/definitely/not/here: No such file or directory");
    let h = host();
    let file = h.mnt().join("file.txt");
    let err = HostFs::open(&file, true).map(|_| ()).unwrap_err();
    assert_eq!(err, VfsError::NotADirectory);
}
