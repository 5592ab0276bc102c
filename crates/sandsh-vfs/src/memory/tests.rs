//! Unit tests of [`MemoryFs`], each checking the errno a Linux syscall would give.

use super::*;
use crate::{KernelBackend, VfsError, VfsResult, WriteMode};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

fn p(s: &str) -> &Path {
    Path::new(s)
}

fn fs() -> MemoryFs {
    MemoryFs::new()
}

fn put(fs: &MemoryFs, path: &str, data: &str) {
    fs.write(p(path), data.as_bytes(), WriteMode::Truncate, 0o644)
        .expect("write");
}

fn read(fs: &MemoryFs, path: &str) -> VfsResult<String> {
    fs.read(p(path), None)
        .map(|v| String::from_utf8_lossy(&v).into_owned())
}

fn names(fs: &MemoryFs, path: &str) -> Vec<String> {
    fs.list(p(path))
        .expect("list")
        .into_iter()
        .map(|e| String::from_utf8_lossy(&e.name).into_owned())
        .collect()
}

#[test]
fn write_read_roundtrip() {
    let fs = fs();
    put(&fs, "/a", "hello");
    assert_eq!(read(&fs, "/a").as_deref(), Ok("hello"));
    fs.append(p("/a"), b" world").expect("append");
    assert_eq!(read(&fs, "/a").as_deref(), Ok("hello world"));
    put(&fs, "/a", "x");
    assert_eq!(read(&fs, "/a").as_deref(), Ok("x"));
    assert_eq!(fs.stat(p("/a")).map(|m| m.size), Ok(1));
    assert_eq!(fs.stat(p("/a")).map(|m| m.mode), Ok(0o644));
    assert_eq!(fs.stat(p("/a")).map(|m| m.uid), Ok(1000));
}

#[test]
fn read_range_clamps() {
    let fs = fs();
    put(&fs, "/a", "0123456789");
    assert_eq!(fs.read(p("/a"), Some(2..5)), Ok(b"234".to_vec()));
    assert_eq!(fs.read(p("/a"), Some(8..50)), Ok(b"89".to_vec()));
    assert_eq!(fs.read(p("/a"), Some(20..50)), Ok(vec![]));
    #[allow(clippy::reversed_empty_ranges)]
    let r = fs.read(p("/a"), Some(5..2));
    assert_eq!(r, Ok(vec![]));
}

#[test]
fn write_at_zero_fills() {
    let fs = fs();
    fs.write(p("/a"), b"xy", WriteMode::At(3), 0o600)
        .expect("write");
    assert_eq!(fs.read(p("/a"), None), Ok(b"\0\0\0xy".to_vec()));
    fs.write(p("/a"), b"A", WriteMode::At(1), 0o600)
        .expect("write");
    assert_eq!(fs.read(p("/a"), None), Ok(b"\0A\0xy".to_vec()));
    fs.write(p("/a"), b"BCDEF", WriteMode::At(4), 0o600)
        .expect("write");
    assert_eq!(fs.read(p("/a"), None), Ok(b"\0A\0xBCDEF".to_vec()));
    assert_eq!(fs.stat(p("/a")).map(|m| m.mode), Ok(0o600));
    assert_eq!(fs.usage().total_bytes, 9);
}

#[test]
fn create_new_is_exclusive() {
    let fs = fs();
    fs.write(p("/a"), b"1", WriteMode::CreateNew, 0o644)
        .expect("first");
    assert_eq!(
        fs.write(p("/a"), b"2", WriteMode::CreateNew, 0o644),
        Err(VfsError::AlreadyExists)
    );
    fs.symlink(p("/nowhere"), p("/dangling")).expect("symlink");
    assert_eq!(
        fs.write(p("/dangling"), b"2", WriteMode::CreateNew, 0o644),
        Err(VfsError::AlreadyExists)
    );
}

#[test]
fn write_errors() {
    let fs = fs();
    fs.mkdir(p("/d"), 0o755, false).expect("mkdir");
    assert_eq!(
        fs.write(p("/d"), b"x", WriteMode::Truncate, 0o644),
        Err(VfsError::IsADirectory)
    );
    assert_eq!(fs.read(p("/d"), None), Err(VfsError::IsADirectory));
    put(&fs, "/f", "x");
    assert_eq!(
        fs.write(p("/f/g"), b"x", WriteMode::Truncate, 0o644),
        Err(VfsError::NotADirectory)
    );
    assert_eq!(fs.stat(p("/f/g")), Err(VfsError::NotADirectory));
    assert_eq!(
        fs.write(p("/nope/g"), b"x", WriteMode::Truncate, 0o644),
        Err(VfsError::NotFound)
    );
    assert_eq!(read(&fs, "/missing"), Err(VfsError::NotFound));
    assert_eq!(fs.list(p("/f")), Err(VfsError::NotADirectory));
    assert_eq!(fs.truncate(p("/d"), 0), Err(VfsError::IsADirectory));
    assert_eq!(fs.truncate(p("/zz"), 0), Err(VfsError::NotFound));
}

#[test]
fn truncate_extends_and_shrinks() {
    let fs = fs();
    put(&fs, "/a", "hello");
    fs.truncate(p("/a"), 2).expect("shrink");
    assert_eq!(read(&fs, "/a").as_deref(), Ok("he"));
    fs.truncate(p("/a"), 4).expect("grow");
    assert_eq!(fs.read(p("/a"), None), Ok(b"he\0\0".to_vec()));
    assert_eq!(fs.usage().total_bytes, 4);
}

#[test]
fn list_is_sorted_by_bytes() {
    let fs = fs();
    for n in ["b", "B", "a", "_x", "\u{e9}", "a.txt"] {
        put(&fs, &format!("/{n}"), "");
    }
    fs.mkdir(p("/c"), 0o755, false).expect("mkdir");
    assert_eq!(
        names(&fs, "/"),
        ["B", "_x", "a", "a.txt", "b", "c", "\u{e9}"]
    );
    let e = fs.list(p("/")).expect("list");
    assert_eq!(e[5].file_type, FileType::Dir);
    assert_eq!(e[0].file_type, FileType::File);
}

#[test]
fn mkdir_semantics() {
    let fs = fs();
    fs.mkdir(p("/a"), 0o755, false).expect("mkdir");
    assert_eq!(
        fs.mkdir(p("/a"), 0o755, false),
        Err(VfsError::AlreadyExists)
    );
    fs.mkdir(p("/a"), 0o755, true).expect("mkdir -p existing");
    assert_eq!(fs.mkdir(p("/x/y"), 0o755, false), Err(VfsError::NotFound));
    fs.mkdir(p("/x/y/z"), 0o700, true).expect("mkdir -p");
    assert_eq!(fs.stat(p("/x/y/z")).map(|m| m.mode), Ok(0o700));
    assert_eq!(fs.stat(p("/x/y")).map(|m| m.mode), Ok(0o700));
    assert!(fs.stat(p("/x/y")).expect("stat").is_dir());
    put(&fs, "/f", "");
    assert_eq!(fs.mkdir(p("/f"), 0o755, true), Err(VfsError::AlreadyExists));
    assert_eq!(
        fs.mkdir(p("/f"), 0o755, false),
        Err(VfsError::AlreadyExists)
    );
    assert_eq!(
        fs.mkdir(p("/f/g"), 0o755, true),
        Err(VfsError::NotADirectory)
    );
    assert_eq!(
        fs.mkdir(p("/f/g"), 0o755, false),
        Err(VfsError::NotADirectory)
    );
    assert_eq!(fs.mkdir(p("/"), 0o755, false), Err(VfsError::AlreadyExists));
    fs.mkdir(p("/"), 0o755, true).expect("mkdir -p /");
    // mkdir -p through a symlink to a directory.
    fs.symlink(p("x"), p("/lx")).expect("symlink");
    fs.mkdir(p("/lx/new/deep"), 0o755, true)
        .expect("through link");
    assert!(fs.stat(p("/x/new/deep")).expect("stat").is_dir());
    // mkdir on a dangling symlink: EEXIST.
    fs.symlink(p("/none"), p("/dl")).expect("symlink");
    assert_eq!(
        fs.mkdir(p("/dl"), 0o755, false),
        Err(VfsError::AlreadyExists)
    );
}

#[test]
fn remove_semantics() {
    let fs = fs();
    fs.mkdir(p("/d/e"), 0o755, true).expect("mkdir");
    put(&fs, "/d/e/f", "abc");
    assert_eq!(fs.remove(p("/d"), false), Err(VfsError::NotEmpty));
    assert_eq!(fs.remove(p("/nope"), false), Err(VfsError::NotFound));
    assert!(fs.remove(p("/"), true).is_err());
    assert_eq!(
        fs.usage(),
        MemoryFsUsage {
            total_bytes: 3,
            files: 3
        }
    );
    fs.remove(p("/d"), true).expect("rm -r");
    assert_eq!(fs.stat(p("/d")), Err(VfsError::NotFound));
    assert_eq!(
        fs.usage(),
        MemoryFsUsage {
            total_bytes: 0,
            files: 0
        }
    );
    fs.mkdir(p("/empty"), 0o755, false).expect("mkdir");
    fs.remove(p("/empty"), false).expect("rmdir");
    assert!(names(&fs, "/").is_empty());
    assert_eq!(fs.stat(p("/")).map(|m| m.nlink), Ok(2));
}

#[test]
fn remove_symlink_not_target() {
    let fs = fs();
    fs.mkdir(p("/d"), 0o755, false).expect("mkdir");
    put(&fs, "/d/f", "x");
    fs.symlink(p("/d"), p("/l")).expect("symlink");
    fs.remove(p("/l"), true).expect("rm link");
    assert_eq!(read(&fs, "/d/f").as_deref(), Ok("x"));
}

#[test]
fn rename_semantics() {
    let fs = fs();
    put(&fs, "/a", "A");
    put(&fs, "/b", "B");
    fs.rename(p("/a"), p("/b")).expect("rename over file");
    assert_eq!(read(&fs, "/b").as_deref(), Ok("A"));
    assert_eq!(read(&fs, "/a"), Err(VfsError::NotFound));
    assert_eq!(fs.usage().total_bytes, 1);
    assert_eq!(fs.rename(p("/a"), p("/c")), Err(VfsError::NotFound));

    fs.mkdir(p("/d1/sub"), 0o755, true).expect("mkdir");
    fs.mkdir(p("/d2"), 0o755, false).expect("mkdir");
    fs.mkdir(p("/d3/x"), 0o755, true).expect("mkdir");
    // dir over empty dir: ok
    fs.rename(p("/d1"), p("/d2")).expect("dir over empty dir");
    assert!(fs.stat(p("/d2/sub")).expect("stat").is_dir());
    // dir over non-empty dir
    assert_eq!(fs.rename(p("/d2"), p("/d3")), Err(VfsError::NotEmpty));
    // dir over file
    assert_eq!(fs.rename(p("/d2"), p("/b")), Err(VfsError::NotADirectory));
    // file over dir
    assert_eq!(fs.rename(p("/b"), p("/d3")), Err(VfsError::IsADirectory));
    // dir into itself
    assert_eq!(
        fs.rename(p("/d2"), p("/d2/sub/x")),
        Err(VfsError::InvalidInput)
    );
    assert_eq!(
        fs.rename(p("/d2"), p("/d2/new")),
        Err(VfsError::InvalidInput)
    );
    // to itself: no-op
    fs.rename(p("/d2"), p("/d2")).expect("self rename");
    // into missing parent
    assert_eq!(fs.rename(p("/b"), p("/no/b")), Err(VfsError::NotFound));
    // move a dir elsewhere: `..` of it now resolves to its new parent
    fs.rename(p("/d2/sub"), p("/d3/x/moved")).expect("move");
    fs.symlink(p("../.."), p("/d3/x/moved/up"))
        .expect("symlink");
    assert_eq!(
        fs.canonicalize(p("/d3/x/moved/up")),
        Ok(PathBuf::from("/d3"))
    );
    // nlink of dirs follows subdirectories
    assert_eq!(fs.stat(p("/d2")).map(|m| m.nlink), Ok(2));
    assert_eq!(fs.stat(p("/d3/x")).map(|m| m.nlink), Ok(3));
}

#[test]
fn rename_hard_links_to_same_inode_is_noop() {
    let fs = fs();
    put(&fs, "/a", "A");
    fs.hard_link(p("/a"), p("/b")).expect("link");
    fs.rename(p("/a"), p("/b")).expect("rename");
    assert_eq!(read(&fs, "/a").as_deref(), Ok("A"));
    assert_eq!(read(&fs, "/b").as_deref(), Ok("A"));
}

#[test]
fn rename_symlink_moves_link() {
    let fs = fs();
    put(&fs, "/t", "T");
    fs.symlink(p("t"), p("/l")).expect("symlink");
    fs.rename(p("/l"), p("/m")).expect("rename");
    assert_eq!(fs.read_link(p("/m")), Ok(PathBuf::from("t")));
    assert_eq!(read(&fs, "/m").as_deref(), Ok("T"));
}

#[test]
fn symlinks_resolve() {
    let fs = fs();
    fs.mkdir(p("/a/b"), 0o755, true).expect("mkdir");
    put(&fs, "/a/b/f", "F");
    fs.symlink(p("b"), p("/a/rel")).expect("rel");
    fs.symlink(p("/a/b/f"), p("/abs")).expect("abs");
    fs.symlink(p("../../a/./b//"), p("/a/b/up"))
        .expect("dotdot");
    assert_eq!(read(&fs, "/a/rel/f").as_deref(), Ok("F"));
    assert_eq!(read(&fs, "/abs").as_deref(), Ok("F"));
    assert_eq!(read(&fs, "/a/b/up/f").as_deref(), Ok("F"));
    assert!(fs.lstat(p("/abs")).expect("lstat").is_symlink());
    assert!(fs.stat(p("/abs")).expect("stat").is_file());
    assert_eq!(fs.lstat(p("/abs")).map(|m| m.size), Ok(6));
    assert_eq!(fs.read_link(p("/a/rel")), Ok(PathBuf::from("b")));
    assert_eq!(fs.read_link(p("/a/b/f")), Err(VfsError::InvalidInput));
    assert_eq!(fs.canonicalize(p("/a/rel/f")), Ok(PathBuf::from("/a/b/f")));
    assert_eq!(fs.canonicalize(p("/a/b/up")), Ok(PathBuf::from("/a/b")));
    assert_eq!(fs.canonicalize(p("/")), Ok(PathBuf::from("/")));
    assert_eq!(fs.canonicalize(p("/a/zz")), Err(VfsError::NotFound));
    assert_eq!(names(&fs, "/a/rel"), ["f", "up"]);
    assert_eq!(fs.symlink(p("x"), p("/abs")), Err(VfsError::AlreadyExists));
    // write through a symlink writes the target
    put(&fs, "/abs", "G");
    assert_eq!(read(&fs, "/a/b/f").as_deref(), Ok("G"));
    // write through a dangling symlink creates the target
    fs.symlink(p("/a/new"), p("/dang")).expect("dangling");
    assert!(!fs.exists(p("/dang")));
    put(&fs, "/dang", "N");
    assert_eq!(read(&fs, "/a/new").as_deref(), Ok("N"));
    // symlink to root
    fs.symlink(p("/"), p("/a/root")).expect("root link");
    assert_eq!(fs.canonicalize(p("/a/root/a/b")), Ok(PathBuf::from("/a/b")));
}

#[test]
fn symlink_loops() {
    let fs = fs();
    fs.symlink(p("/l2"), p("/l1")).expect("l1");
    fs.symlink(p("/l1"), p("/l2")).expect("l2");
    assert_eq!(fs.stat(p("/l1")), Err(VfsError::TooManyLinks));
    assert_eq!(read(&fs, "/l1/x"), Err(VfsError::TooManyLinks));
    assert!(fs.lstat(p("/l1")).expect("lstat").is_symlink());
    fs.symlink(p("self"), p("/self")).expect("self");
    assert_eq!(fs.stat(p("/self")), Err(VfsError::TooManyLinks));
    // A chain of exactly 40 links resolves, 41 does not.
    put(&fs, "/t0", "end");
    for i in 1..=41 {
        fs.symlink(
            Path::new(&format!("/t{}", i - 1)),
            Path::new(&format!("/t{i}")),
        )
        .expect("chain");
    }
    assert_eq!(read(&fs, "/t40").as_deref(), Ok("end"));
    assert_eq!(read(&fs, "/t41"), Err(VfsError::TooManyLinks));
    assert_eq!(fs.symlink(p(""), p("/e")), Err(VfsError::NotFound));
}

#[test]
fn hard_links_share_inode() {
    let fs = fs();
    put(&fs, "/a", "A");
    fs.hard_link(p("/a"), p("/b")).expect("link");
    let (ma, mb) = (fs.stat(p("/a")).expect("a"), fs.stat(p("/b")).expect("b"));
    assert_eq!(ma.ino, mb.ino);
    assert_eq!(ma.nlink, 2);
    put(&fs, "/b", "BB");
    assert_eq!(read(&fs, "/a").as_deref(), Ok("BB"));
    fs.remove(p("/a"), false).expect("rm");
    assert_eq!(read(&fs, "/b").as_deref(), Ok("BB"));
    assert_eq!(fs.stat(p("/b")).map(|m| m.nlink), Ok(1));
    assert_eq!(fs.usage().total_bytes, 2);
    fs.remove(p("/b"), false).expect("rm");
    assert_eq!(fs.usage(), MemoryFsUsage::default());
    fs.mkdir(p("/d"), 0o755, false).expect("mkdir");
    assert!(fs.hard_link(p("/d"), p("/d2")).is_err());
    put(&fs, "/c", "");
    assert_eq!(fs.hard_link(p("/c"), p("/d")), Err(VfsError::AlreadyExists));
    assert_eq!(fs.hard_link(p("/zz"), p("/y")), Err(VfsError::NotFound));
}

#[test]
fn recursive_remove_keeps_outside_hard_links() {
    let fs = fs();
    fs.mkdir(p("/d"), 0o755, false).expect("mkdir");
    put(&fs, "/d/f", "data");
    fs.hard_link(p("/d/f"), p("/keep")).expect("link");
    fs.remove(p("/d"), true).expect("rm -r");
    assert_eq!(read(&fs, "/keep").as_deref(), Ok("data"));
    assert_eq!(fs.stat(p("/keep")).map(|m| m.nlink), Ok(1));
    assert_eq!(
        fs.usage(),
        MemoryFsUsage {
            total_bytes: 4,
            files: 1
        }
    );
}

#[test]
fn chmod_and_times_use_clock() {
    let t = Arc::new(Mutex::new(UNIX_EPOCH + Duration::from_secs(1000)));
    let t2 = Arc::clone(&t);
    let clock: Clock = Arc::new(move || *t2.lock().expect("clock"));
    let fs = MemoryFs::new().with_clock(clock);
    put(&fs, "/a", "x");
    let m = fs.stat(p("/a")).expect("stat");
    assert_eq!(m.mtime, UNIX_EPOCH + Duration::from_secs(1000));
    *t.lock().expect("clock") = UNIX_EPOCH + Duration::from_secs(2000);
    fs.chmod(p("/a"), 0o100755).expect("chmod");
    let m = fs.stat(p("/a")).expect("stat");
    assert_eq!(m.mode, 0o755);
    assert_eq!(m.mtime, UNIX_EPOCH + Duration::from_secs(1000));
    assert_eq!(m.ctime, UNIX_EPOCH + Duration::from_secs(2000));
    fs.append(p("/a"), b"y").expect("append");
    assert_eq!(
        fs.stat(p("/a")).map(|m| m.mtime),
        Ok(UNIX_EPOCH + Duration::from_secs(2000))
    );
    assert_eq!(
        fs.stat(p("/")).map(|m| m.mtime),
        Ok(UNIX_EPOCH + Duration::from_secs(1000))
    );
    fs.set_mtime(p("/a"), UNIX_EPOCH + Duration::from_secs(5))
        .expect("touch -d");
    let m = fs.stat(p("/a")).expect("stat");
    assert_eq!(
        (m.mtime, m.atime),
        (
            UNIX_EPOCH + Duration::from_secs(5),
            UNIX_EPOCH + Duration::from_secs(5)
        )
    );
    // creating an entry updates the directory's mtime
    *t.lock().expect("clock") = UNIX_EPOCH + Duration::from_secs(3000);
    put(&fs, "/b", "");
    assert_eq!(
        fs.stat(p("/")).map(|m| m.mtime),
        Ok(UNIX_EPOCH + Duration::from_secs(3000))
    );
}

#[test]
fn limits_are_enforced() {
    let fs = MemoryFs::new().with_limits(MemoryFsLimits {
        max_total_bytes: Some(10),
        max_files: Some(3),
        max_file_size: Some(6),
    });
    put(&fs, "/a", "123456");
    assert_eq!(
        fs.write(p("/b"), b"1234567", WriteMode::Truncate, 0o644),
        Err(VfsError::FileTooLarge)
    );
    assert_eq!(fs.append(p("/a"), b"7"), Err(VfsError::FileTooLarge));
    assert_eq!(fs.truncate(p("/a"), 7), Err(VfsError::FileTooLarge));
    put(&fs, "/b", "1234");
    assert_eq!(
        fs.write(p("/c"), b"1", WriteMode::Truncate, 0o644),
        Err(VfsError::NoSpace)
    );
    put(&fs, "/c", "");
    assert_eq!(fs.mkdir(p("/d"), 0o755, false), Err(VfsError::NoSpace));
    assert_eq!(fs.symlink(p("a"), p("/l")), Err(VfsError::NoSpace));
    // overwriting in place within the budget is fine
    put(&fs, "/a", "abcdef");
    fs.remove(p("/b"), false).expect("rm");
    put(&fs, "/d", "1234");
    assert_eq!(
        fs.usage(),
        MemoryFsUsage {
            total_bytes: 10,
            files: 3
        }
    );
    assert_eq!(
        fs.write(p("/a"), b"x", WriteMode::At(u64::MAX), 0o644),
        Err(VfsError::FileTooLarge)
    );
}

#[test]
fn huge_offsets_fail_cleanly() {
    let fs = fs();
    assert!(
        fs.write(p("/a"), b"x", WriteMode::At(u64::MAX - 1), 0o644)
            .is_err()
    );
    assert!(
        fs.write(p("/a"), b"x", WriteMode::At(1 << 62), 0o644)
            .is_err()
    );
    assert!(fs.truncate(p("/a"), 1 << 62).is_err());
}

#[test]
fn default_tree() {
    let fs = MemoryFs::with_default_tree("agent");
    assert!(fs.stat(p("/home/agent")).expect("home").is_dir());
    assert_eq!(
        fs.stat(p("/home/agent")).map(|m| (m.mode, m.uid)),
        Ok((0o755, 1000))
    );
    assert_eq!(fs.stat(p("/tmp")).map(|m| m.mode), Ok(0o1777));
    for d in ["/bin", "/usr/bin", "/dev/fd", "/etc"] {
        assert!(fs.stat(p(d)).expect(d).is_dir());
    }
    assert_eq!(
        names(&fs, "/dev"),
        [
            "fd", "null", "random", "stderr", "stdin", "stdout", "tty", "urandom", "zero"
        ]
    );
    assert_eq!(
        fs.stat(p("/dev/null")).map(|m| m.file_type),
        Ok(FileType::CharDevice)
    );
    assert!(
        read(&fs, "/etc/passwd")
            .expect("passwd")
            .contains("agent:x:1000:1000")
    );
    // devices
    fs.write(p("/dev/null"), b"gone", WriteMode::Truncate, 0o644)
        .expect("null");
    assert_eq!(fs.read(p("/dev/null"), None), Ok(vec![]));
    assert_eq!(fs.read(p("/dev/zero"), Some(0..5)), Ok(vec![0; 5]));
    let r1 = fs.read(p("/dev/urandom"), Some(0..32)).expect("urandom");
    let r2 = fs.read(p("/dev/urandom"), Some(0..32)).expect("urandom");
    assert_eq!(r1.len(), 32);
    assert_ne!(r1, r2);
    assert_eq!(fs.read(p("/dev/urandom"), None).map(|v| v.len()), Ok(65536));
    assert_eq!(fs.read(p("/dev/stdin"), None), Err(VfsError::Unsupported));
    fs.truncate(p("/dev/null"), 0).expect("truncate null");
}

#[test]
fn inode_numbers_are_unique() {
    let fs = fs();
    put(&fs, "/a", "");
    put(&fs, "/b", "");
    fs.mkdir(p("/c"), 0o755, false).expect("mkdir");
    let inos: Vec<u64> = ["/", "/a", "/b", "/c"]
        .iter()
        .map(|x| fs.stat(p(x)).expect("stat").ino)
        .collect();
    let mut sorted = inos.clone();
    sorted.dedup();
    assert_eq!(sorted.len(), 4);
}

#[test]
fn concurrent_writers() {
    let fs = Arc::new(MemoryFs::new());
    fs.mkdir(p("/d"), 0o755, false).expect("mkdir");
    let handles: Vec<_> = (0..4)
        .map(|t| {
            let fs = Arc::clone(&fs);
            std::thread::spawn(move || {
                for i in 0..200 {
                    let path = format!("/d/f{t}_{i}");
                    fs.write(Path::new(&path), b"x", WriteMode::Truncate, 0o644)
                        .expect("write");
                    fs.append(Path::new("/d/log"), b"y").expect("append");
                }
            })
        })
        .collect();
    for h in handles {
        h.join().expect("join");
    }
    assert_eq!(fs.list(p("/d")).map(|l| l.len()), Ok(801));
    assert_eq!(fs.stat(p("/d/log")).map(|m| m.size), Ok(800));
}

#[test]
fn arbitrary_byte_names() {
    use std::os::unix::ffi::OsStrExt;
    let fs = fs();
    let name = std::ffi::OsStr::from_bytes(b"/\xff\x01name");
    fs.write(Path::new(name), b"z", WriteMode::Truncate, 0o644)
        .expect("write");
    assert_eq!(
        fs.list(p("/")).expect("list")[0].name,
        b"\xff\x01name".to_vec()
    );
}

#[test]
fn a_fork_shares_the_tree_and_each_side_keeps_its_own_changes() {
    let base = MemoryFs::with_default_tree("u");
    put(&base, "/usr/bin/tool", "original");
    put(&base, "/tmp/shared", "s");
    let a = base.fork();
    let b = base.fork();
    // Each side's changes stay its own: contents, new files, removals, renames.
    put(&a, "/usr/bin/tool", "changed in a");
    put(&b, "/tmp/only_b", "b");
    b.remove(p("/tmp/shared"), false).expect("remove");
    a.rename(p("/tmp/shared"), p("/tmp/moved")).expect("rename");
    assert_eq!(read(&a, "/usr/bin/tool").unwrap(), "changed in a");
    assert_eq!(read(&b, "/usr/bin/tool").unwrap(), "original");
    assert_eq!(read(&base, "/usr/bin/tool").unwrap(), "original");
    assert_eq!(names(&a, "/tmp"), ["moved"]);
    assert_eq!(names(&b, "/tmp"), ["only_b"]);
    assert_eq!(names(&base, "/tmp"), ["shared"]);
    // Usage is each side's own too.
    assert_eq!(a.usage().files, base.usage().files);
    assert_eq!(b.usage().files, base.usage().files);
    // (b: one byte gone, one come.)
    assert_eq!(b.usage().total_bytes, base.usage().total_bytes);
    assert_eq!(
        a.usage().total_bytes,
        base.usage().total_bytes + "changed in a".len() as u64 - "original".len() as u64
    );
}
