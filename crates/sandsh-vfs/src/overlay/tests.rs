//! Unit tests of [`OverlayFs`]: every change stays in memory until `commit`.

#![allow(
    clippy::disallowed_methods,
    reason = "the tests build and read the host trees the host backends serve"
)]

use super::*;
use std::fs;

fn p(s: &str) -> &Path {
    Path::new(s)
}

/// A host tree: `a.txt`, `d/b.txt`, `d/sub/c.txt`, `ln -> a.txt`.
fn setup() -> (tempfile::TempDir, OverlayFs) {
    let tmp = tempfile::tempdir().expect("tempdir");
    let h = tmp.path();
    fs::write(h.join("a.txt"), "one\ntwo\nthree\n").expect("write");
    let mode = std::os::unix::fs::PermissionsExt::from_mode(0o644);
    fs::set_permissions(h.join("a.txt"), mode).expect("chmod");
    fs::create_dir_all(h.join("d/sub")).expect("mkdir");
    fs::write(h.join("d/b.txt"), "bee\n").expect("write");
    fs::write(h.join("d/sub/c.txt"), "sea\n").expect("write");
    std::os::unix::fs::symlink("a.txt", h.join("ln")).expect("symlink");
    let ov = OverlayFs::open(h).expect("overlay");
    (tmp, ov)
}

fn read(ov: &OverlayFs, path: &str) -> VfsResult<String> {
    ov.read(p(path), None)
        .map(|v| String::from_utf8_lossy(&v).into_owned())
}

fn names(ov: &OverlayFs, path: &str) -> Vec<String> {
    ov.list(p(path))
        .expect("list")
        .into_iter()
        .map(|e| String::from_utf8_lossy(&e.name).into_owned())
        .collect()
}

fn host(tmp: &tempfile::TempDir, rel: &str) -> Option<String> {
    fs::read_to_string(tmp.path().join(rel)).ok()
}

#[test]
fn reads_see_the_host() {
    let (_tmp, ov) = setup();
    assert_eq!(read(&ov, "/a.txt").as_deref(), Ok("one\ntwo\nthree\n"));
    assert_eq!(read(&ov, "/ln").as_deref(), Ok("one\ntwo\nthree\n"));
    assert_eq!(names(&ov, "/"), ["a.txt", "d", "ln"]);
    assert_eq!(ov.diff(), Ok(vec![]));
    assert!(!ov.read_only());
}

#[test]
fn writes_stay_in_memory() {
    let (tmp, ov) = setup();
    ov.write(p("/a.txt"), b"changed\n", WriteMode::Truncate, 0o644)
        .expect("write");
    ov.append(p("/d/b.txt"), b"more\n").expect("append");
    ov.write(p("/d/sub/new.txt"), b"new\n", WriteMode::CreateNew, 0o600)
        .expect("create");
    assert_eq!(read(&ov, "/a.txt").as_deref(), Ok("changed\n"));
    assert_eq!(read(&ov, "/d/b.txt").as_deref(), Ok("bee\nmore\n"));
    assert_eq!(names(&ov, "/d/sub"), ["c.txt", "new.txt"]);
    assert_eq!(host(&tmp, "a.txt").as_deref(), Some("one\ntwo\nthree\n"));
    assert_eq!(host(&tmp, "d/b.txt").as_deref(), Some("bee\n"));
    assert_eq!(host(&tmp, "d/sub/new.txt"), None);
    // A copied-up file keeps the host's mode.
    assert_eq!(
        ov.stat(p("/a.txt")).map(|m| m.mode),
        fs::metadata(tmp.path().join("a.txt"))
            .map(|m| std::os::unix::fs::PermissionsExt::mode(&m.permissions()) & 0o7777)
            .map_err(|_| VfsError::NotFound)
    );
}

#[test]
fn delete_hides_host_entries() {
    let (tmp, ov) = setup();
    assert_eq!(ov.remove(p("/d"), false), Err(VfsError::NotEmpty));
    ov.remove(p("/d/b.txt"), false).expect("rm");
    assert_eq!(read(&ov, "/d/b.txt"), Err(VfsError::NotFound));
    assert_eq!(names(&ov, "/d"), ["sub"]);
    ov.remove(p("/d"), true).expect("rm -r");
    assert_eq!(ov.stat(p("/d/sub/c.txt")), Err(VfsError::NotFound));
    assert_eq!(names(&ov, "/"), ["a.txt", "ln"]);
    // Recreated: opaque, the host's old contents stay hidden.
    ov.mkdir(p("/d"), 0o755, false).expect("mkdir");
    assert!(names(&ov, "/d").is_empty());
    assert_eq!(host(&tmp, "d/b.txt").as_deref(), Some("bee\n"));
}

#[test]
fn rename_moves_whole_trees() {
    let (tmp, ov) = setup();
    ov.rename(p("/d"), p("/e")).expect("rename dir");
    assert_eq!(read(&ov, "/e/sub/c.txt").as_deref(), Ok("sea\n"));
    assert_eq!(ov.stat(p("/d")), Err(VfsError::NotFound));
    ov.rename(p("/a.txt"), p("/e/a2.txt")).expect("rename file");
    assert_eq!(names(&ov, "/"), ["e", "ln"]);
    assert_eq!(read(&ov, "/ln"), Err(VfsError::NotFound));
    assert_eq!(
        ov.rename(p("/e"), p("/e/sub/x")),
        Err(VfsError::InvalidInput)
    );
    assert!(tmp.path().join("d/sub/c.txt").exists());
    assert!(tmp.path().join("a.txt").exists());
}

#[test]
fn chmod_mtime_symlinks_links() {
    let (_tmp, ov) = setup();
    ov.chmod(p("/d"), 0o700).expect("chmod");
    assert_eq!(ov.stat(p("/d")).map(|m| m.mode), Ok(0o700));
    let t = std::time::UNIX_EPOCH + std::time::Duration::from_secs(42);
    ov.set_mtime(p("/a.txt"), t).expect("touch");
    assert_eq!(ov.stat(p("/a.txt")).map(|m| m.mtime), Ok(t));
    ov.symlink(p("d/sub"), p("/s")).expect("symlink");
    assert_eq!(read(&ov, "/s/c.txt").as_deref(), Ok("sea\n"));
    assert_eq!(
        ov.canonicalize(p("/s/c.txt")),
        Ok(PathBuf::from("/d/sub/c.txt"))
    );
    assert_eq!(ov.read_link(p("/ln")), Ok(PathBuf::from("a.txt")));
    ov.hard_link(p("/d/b.txt"), p("/hl")).expect("link");
    ov.append(p("/hl"), b"x").expect("append");
    assert_eq!(read(&ov, "/d/b.txt").as_deref(), Ok("bee\nx"));
    assert_eq!(
        ov.symlink(p("/etc/passwd"), p("/abs")),
        Err(VfsError::PermissionDenied)
    );
    assert!(ov.remove(p("/"), true).is_err());
}

#[test]
fn diff_lists_changes_with_patches() {
    let (_tmp, ov) = setup();
    ov.write(
        p("/a.txt"),
        b"one\nTWO\nthree\n",
        WriteMode::Truncate,
        0o644,
    )
    .expect("write");
    ov.write(p("/new.txt"), b"hello\n", WriteMode::Truncate, 0o644)
        .expect("write");
    ov.remove(p("/d/b.txt"), false).expect("rm");
    ov.mkdir(p("/nd/x"), 0o755, true).expect("mkdir");
    let changes = ov.diff().expect("diff");
    let summary: Vec<(ChangeKind, String)> = changes
        .iter()
        .map(|c| (c.kind, c.path.display().to_string()))
        .collect();
    assert_eq!(
        summary,
        vec![
            (ChangeKind::Modified, "/a.txt".to_string()),
            (ChangeKind::Deleted, "/d/b.txt".to_string()),
            (ChangeKind::Added, "/nd".to_string()),
            (ChangeKind::Added, "/nd/x".to_string()),
            (ChangeKind::Added, "/new.txt".to_string()),
        ]
    );
    let text = ov.diff_text(p("/mnt")).expect("diff text");
    assert!(text.starts_with("modified /mnt/a.txt\ndeleted  /mnt/d/b.txt\nadded    /mnt/nd/\n"));
    assert!(text.contains("--- a/a.txt\n+++ b/a.txt\n@@ -1,3 +1,3 @@\n one\n-two\n+TWO\n three\n"));
    assert!(text.contains("--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1 @@\n+hello\n"));
    assert!(text.contains("--- a/d/b.txt\n+++ /dev/null\n"));
}

#[test]
fn binary_and_mode_changes() {
    let (_tmp, ov) = setup();
    ov.write(p("/bin.dat"), b"\x00\x01\xff", WriteMode::Truncate, 0o644)
        .expect("write");
    ov.chmod(p("/a.txt"), 0o755).expect("chmod");
    let text = ov.diff_text(p("/")).expect("diff");
    assert!(
        text.contains("modified /a.txt (mode 644 -> 755)\n"),
        "{text}"
    );
    assert!(text.contains("added    /bin.dat (binary)\n"), "{text}");
}

#[test]
fn commit_writes_back_and_reset_drops() {
    let (tmp, ov) = setup();
    ov.write(p("/a.txt"), b"new a\n", WriteMode::Truncate, 0o644)
        .expect("write");
    ov.remove(p("/d/sub"), true).expect("rm");
    ov.mkdir(p("/made"), 0o750, false).expect("mkdir");
    ov.write(p("/made/f"), b"f\n", WriteMode::Truncate, 0o600)
        .expect("write");
    ov.symlink(p("made/f"), p("/l2")).expect("symlink");
    ov.rename(p("/ln"), p("/ln2")).expect("rename");
    let out = ov.call_tool("commit", &[]).expect("commit");
    assert!(String::from_utf8_lossy(&out).starts_with("committed "));
    assert_eq!(host(&tmp, "a.txt").as_deref(), Some("new a\n"));
    assert!(!tmp.path().join("d/sub").exists());
    assert_eq!(host(&tmp, "made/f").as_deref(), Some("f\n"));
    assert_eq!(host(&tmp, "l2").as_deref(), Some("f\n"));
    assert_eq!(
        fs::read_link(tmp.path().join("ln2")).ok(),
        Some(PathBuf::from("a.txt"))
    );
    assert!(fs::symlink_metadata(tmp.path().join("ln")).is_err());
    assert_eq!(ov.diff(), Ok(vec![]));

    ov.write(p("/a.txt"), b"dropped\n", WriteMode::Truncate, 0o644)
        .expect("write");
    ov.remove(p("/made"), true).expect("rm");
    assert_eq!(ov.reset(), Ok(2));
    assert_eq!(read(&ov, "/a.txt").as_deref(), Ok("new a\n"));
    assert_eq!(read(&ov, "/made/f").as_deref(), Ok("f\n"));
    assert_eq!(host(&tmp, "a.txt").as_deref(), Some("new a\n"));
}

#[test]
fn type_change_is_delete_then_add() {
    let (tmp, ov) = setup();
    ov.remove(p("/d"), true).expect("rm");
    ov.write(p("/d"), b"now a file\n", WriteMode::Truncate, 0o644)
        .expect("write");
    let kinds: Vec<ChangeKind> = ov.diff().expect("diff").iter().map(|c| c.kind).collect();
    assert_eq!(kinds, [ChangeKind::Deleted, ChangeKind::Added]);
    ov.commit().expect("commit");
    assert_eq!(host(&tmp, "d").as_deref(), Some("now a file\n"));
}

#[test]
fn whiteout_prefix_does_not_hide_siblings() {
    let (tmp, ov) = setup();
    fs::write(tmp.path().join("d-x"), "sibling\n").expect("write");
    ov.remove(p("/d/b.txt"), false).expect("rm");
    assert_eq!(read(&ov, "/d-x").as_deref(), Ok("sibling\n"));
    assert_eq!(ov.diff().map(|d| d.len()), Ok(1));
}

#[test]
fn directory_links_count_merged_subdirectories() {
    let (_tmp, ov) = setup();
    // The root lives in the upper layer; its links still count the host's `d`.
    assert_eq!(ov.stat(p("/")).map(|m| m.nlink), Ok(3));
    ov.mkdir(p("/e"), 0o755, false).expect("mkdir");
    ov.mkdir(p("/d/sub2"), 0o755, false).expect("mkdir");
    assert_eq!(ov.stat(p("/")).map(|m| m.nlink), Ok(4));
    assert_eq!(ov.stat(p("/d")).map(|m| m.nlink), Ok(4));
    ov.remove(p("/d/sub"), true).expect("rm");
    assert_eq!(ov.lstat(p("/d")).map(|m| m.nlink), Ok(3));
}

#[test]
fn readers_of_host_files_go_stale_on_any_change() {
    let (_tmp, ov) = setup();
    let r = ov
        .open_reader(p("/ln"))
        .expect("open")
        .expect("a host file gives a handle");
    let mut buf = [0u8; 64];
    assert_eq!(r.read_at(4, &mut buf), Ok(10));
    assert_eq!(&buf[..10], b"two\nthree\n");
    assert!(r.is_current());
    // A change anywhere (here, a copy-up of the file itself) makes the handle stale: its
    // reader reads by path again, and sees the upper layer.
    ov.append(p("/a.txt"), b"four\n").expect("append");
    assert!(!r.is_current());
    // An upper file gives no handle; a missing one and a directory are errors.
    assert!(matches!(ov.open_reader(p("/a.txt")), Ok(None)));
    assert!(ov.open_reader(p("/nope")).is_err());
    assert!(ov.open_reader(p("/d")).is_err());
}

#[test]
fn listings_with_metadata_match_lstat() {
    let (_tmp, ov) = setup();
    ov.remove(p("/d/b.txt"), false).expect("rm");
    ov.write(p("/new"), b"x", WriteMode::Truncate, 0o644)
        .expect("write");
    for dir in ["/", "/d", "/d/sub"] {
        let listed = ov.list_with_metadata(p(dir)).expect("list");
        let names: Vec<_> = listed.iter().map(|(e, _)| e.name.clone()).collect();
        let plain: Vec<_> = ov
            .list(p(dir))
            .expect("list")
            .into_iter()
            .map(|e| e.name)
            .collect();
        assert_eq!(names, plain, "{dir}");
        for (e, m) in listed {
            if let Some(m) = m {
                let path = from_bytes(&walk::child(dir.as_bytes(), &e.name));
                assert_eq!(Ok(m), ov.lstat(&path), "{}", path.display());
            }
        }
    }
    // `/d/sub` is the host's alone: its entries come with their metadata.
    assert!(
        ov.list_with_metadata(p("/d/sub"))
            .expect("list")
            .iter()
            .all(|(_, m)| m.is_some())
    );
}
