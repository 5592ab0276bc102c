//! Differential tests for find, xargs, date, diff/cmp/patch, checksums and base64/base32:
//! each case runs in a fresh-ish sandsh kernel and through the host's bash with
//! `LC_ALL=C.UTF-8`, and stdout plus the exit status (`rc=N` appended) must match byte for byte.
//!
//! The same directory tree is built in the VFS and in a host temp dir. On tmpfs (`/dev/shm`)
//! readdir returns entries newest first, so each directory's entries are created in reverse
//! name order and GNU find then walks in the sorted order the VFS lists. Elsewhere the host's
//! order is unknown and the find cases compare sorted output instead.

use std::path::{Path, PathBuf};

use crate::diff::Host;
use crate::util::Rng;
use sandsh::vfs::WriteMode;
use sandsh::{Kernel, KernelConfig};

enum Node {
    Dir(&'static str),
    File(&'static str, &'static [u8], u32),
    Link(&'static str, &'static str),
}

const TREE: &[Node] = &[
    Node::Dir("a"),
    Node::Dir("a/b"),
    Node::Dir("a/b/deep"),
    Node::Dir("c"),
    Node::Dir("empty"),
    Node::Dir("skip"),
    Node::File("a/x.txt", b"hello\nworld\n", 0o644),
    Node::File("a/y.md", b"# title\n", 0o600),
    Node::File("a/b/Z.TXT", b"", 0o644),
    Node::File("a/b/deep/run.sh", b"#!/bin/sh\necho hi\n", 0o755),
    Node::File("c/big.bin", &[b'x'; 3000], 0o644),
    Node::File("c/two words.txt", b"two\n", 0o644),
    Node::File("c/.hidden", b"h\n", 0o640),
    Node::File("skip/inner.txt", b"inner\n", 0o644),
    Node::File("top.txt", b"top\n", 0o644),
    Node::File("empty.txt", b"", 0o644),
    Node::Link("ln-file", "top.txt"),
    Node::Link("ln-dir", "a/b"),
    Node::Link("dangling", "nowhere"),
];

fn build_host(root: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let _ = std::fs::remove_dir_all(root);
    std::fs::create_dir_all(root).expect("root");
    // Create the entries of each directory newest-last in reverse name order.
    let mut dirs: Vec<&str> = vec![""];
    dirs.extend(TREE.iter().filter_map(|n| match n {
        Node::Dir(d) => Some(*d),
        _ => None,
    }));
    for d in dirs {
        let mut kids: Vec<&Node> = TREE
            .iter()
            .filter(|n| {
                let p = match n {
                    Node::Dir(p) | Node::File(p, _, _) | Node::Link(p, _) => *p,
                };
                let parent = p.rsplit_once('/').map_or("", |(a, _)| a);
                parent == d
            })
            .collect();
        kids.sort_by(|x, y| name(y).cmp(name(x)));
        for n in kids {
            match n {
                Node::Dir(p) => std::fs::create_dir(root.join(p)).expect("dir"),
                Node::File(p, data, mode) => {
                    std::fs::write(root.join(p), data).expect("file");
                    std::fs::set_permissions(root.join(p), std::fs::Permissions::from_mode(*mode))
                        .expect("chmod");
                }
                Node::Link(p, t) => std::os::unix::fs::symlink(t, root.join(p)).expect("link"),
            }
        }
    }
}

fn name(n: &Node) -> &str {
    match n {
        Node::Dir(p) | Node::File(p, _, _) | Node::Link(p, _) => p.rsplit('/').next().unwrap_or(p),
    }
}

fn build_vfs(k: &Kernel) {
    let b = k.backend();
    let root = PathBuf::from("/tree");
    b.mkdir(&root, 0o755, true).expect("mkdir");
    for n in TREE {
        match n {
            Node::Dir(p) => b.mkdir(&root.join(p), 0o755, true).expect("mkdir"),
            Node::File(p, data, mode) => {
                b.write(&root.join(p), data, WriteMode::Truncate, 0o644)
                    .expect("write");
                b.chmod(&root.join(p), *mode).expect("chmod");
            }
            Node::Link(p, t) => b.symlink(Path::new(t), &root.join(p)).expect("symlink"),
        }
    }
}

pub(crate) fn host(dir: &Path, script: &str) -> Vec<u8> {
    Host::new()
        .dir(dir)
        .env("TZ", "UTC")
        .run(&format!("{script}\necho \"rc=$?\""))
        .stdout
}

pub(crate) fn sandsh(k: &mut Kernel, cwd: &str, script: &str) -> Vec<u8> {
    k.execute(&format!("cd {cwd}\n{script}\necho \"rc=$?\""))
        .stdout
}

fn sorted(b: &[u8]) -> Vec<u8> {
    let mut lines: Vec<&[u8]> = b.split(|&c| c == b'\n').collect();
    lines.sort();
    lines.join(&b'\n')
}

pub(crate) fn check(failures: &mut Vec<String>, case: &str, want: &[u8], got: &[u8]) {
    if want != got {
        failures.push(format!(
            "{case}\n  gnu:    {:?}\n  sandsh: {:?}",
            String::from_utf8_lossy(want),
            String::from_utf8_lossy(got)
        ));
    }
}

pub(crate) fn report(failures: Vec<String>, compared: usize) {
    assert!(
        failures.is_empty(),
        "{} of {compared} comparisons differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

const FIND_CASES: &[&str] = &[
    "find",
    "find .",
    "find . -name '*.txt'",
    "find . -iname '*.TXT'",
    "find . -name '.*'",
    "find . -name '[a-c]*'",
    "find . -type f",
    "find . -type d",
    "find . -type l",
    "find . -type f,l",
    "find . -xtype l",
    "find -L . -type f",
    "find -L . -type l",
    "find -L . -name Z.TXT",
    "find -H ln-dir",
    "find ln-dir",
    "find ln-dir/",
    "find . -maxdepth 1",
    "find . -mindepth 2",
    "find . -maxdepth 2 -mindepth 1 -type d",
    "find . -maxdepth 0",
    "find . -path './a/*'",
    "find . -ipath '*B*'",
    "find . -wholename '*deep*'",
    "find . -regex '.*\\.txt'",
    "find . -regex '.*/\\(x\\|y\\).*'",
    "find . -regex '.*[xy]+.*'",
    "find . -regextype posix-extended -regex '.*/(x|y)\\..*'",
    "find . -iregex '.*\\.TXT'",
    "find . -empty",
    "find . -type f -empty",
    "find . -type f -size 0",
    "find . -type f -size +1k",
    "find . -type f -size -2",
    "find . -type f -size 12c",
    "find . -type f -size -1M",
    "find . -type f -perm 644",
    "find . -type f -perm -u+x",
    "find . -type f -perm /111",
    "find . -type f -perm -600",
    "find . -type f -perm /o+r",
    "find . -type f -perm 600",
    "find . -type f -links 1",
    "find . ! -name '*.txt'",
    "find . -not -type d",
    "find . -name a -prune -o -print",
    "find . -name skip -prune -o -type f -print",
    "find . \\( -name '*.txt' -o -name '*.md' \\) -print",
    "find . -type f -name '*.txt' -o -type d -name b",
    "find . -name x.txt -print , -name y.md -print",
    "find . -true -a -false -o -name top.txt",
    "find . -type f ! \\( -name '*.txt' -o -name '*.sh' \\)",
    "find . -print0",
    "find . -type f -printf '%p %f %h %d %y %m %M\\n'",
    "find . -type f -printf '%s %P|%H\\n'",
    "find . -printf '%-10f|%5d|%.3p\\n'",
    "find . -type l -printf '%l %Y\\n'",
    "find . -printf '\\101\\t%%\\n'",
    "find . -maxdepth 1 -printf '%f\\c'",
    "find . -depth",
    "find . -depth -name a",
    "find . -quit",
    "find . -type f -print -quit",
    "find a c",
    "find top.txt a/b",
    "find a/",
    "find a// -maxdepth 1",
    "find ./a/../c",
    "find nosuch .",
    "find . -foo",
    "find . -name",
    "find . -type q",
    "find . -maxdepth x",
    "find . -name x foo",
    "find . \\(",
    "find . -exec",
    "find . -type f -exec echo {} \\;",
    "find . -type f -exec echo {} +",
    "find . -type f -exec echo 'x{}y' \\;",
    "find . -name '*.txt' -exec cat {} \\;",
    "find . -type f -execdir echo {} \\;",
    "find . -type d -execdir echo {} +",
    "find . -name '*.md' -exec false \\; -o -print",
    "find . -type f -exec test -s {} \\; -print",
    "find . -name x.txt -exec false {} +",
    "find . -print -name a -prune",
    "find a -mindepth 1 -depth -print",
    "find . -name '*.txt' | sort",
    "mkdir -p scratch/q/r && touch scratch/q/r/s scratch/q/t && find scratch -delete; find scratch; echo $?",
    "mkdir -p scratch2/q && touch scratch2/q/keep scratch2/q/del.tmp && find scratch2 -name '*.tmp' -delete && find scratch2; rm -rf scratch2",
    "mkdir -p scratch3/d && find scratch3 -name d -delete -o -print; rm -rf scratch3",
    "find . -name '*.txt' -print0 | xargs -0 cat",
    "find . -name '*.txt' -o -name '*.md' -print",
    "find . -path ./a -prune -o -print",
    "find . -path ./a -prune -o -type f -print",
    "find . -maxdepth 1 -name '*' -printf '%f\\n'",
    "find -L . -xtype l",
    "find . -type f -size -1k",
    "find . -type f -size +0",
    "find . -type d -empty",
    "find . -links +1 -type d",
    "find . -newer top.txt -name nothing",
    "find . -samefile top.txt",
    "find -L . -samefile top.txt",
    "find . -lname '*.txt'",
    "find . -ilname 'A/*'",
    "find . -type l -xtype d",
    "find . -mindepth 1 -maxdepth 1 -type d -printf '%p %y\\n' | sort -r",
    "find . -false -o -type l",
    "find . ! \\( -type d -o -type l \\) -name '*.*'",
    "find . -name '*.txt' -exec echo {} + -o -name '*.md' -print",
    "find a -printf '%d %p\\n' -maxdepth 1",
    "find . -regex '\\./[a-c].*' -type f",
    "find . -regextype posix-basic -regex '.*/[xy]\\.\\(txt\\|md\\)'",
    "find . -regextype egrep -regex '.*(big|run)\\..*'",
    "find . -name '\\.hidden' -o -name '[.]hidden'",
    "find -P . -maxdepth 1 -type l -printf '%p -> %l\\n'",
    "find ./ -maxdepth 1 -type d",
    "find . -maxdepth 1 -type f -fprint ../fp-out; cat ../fp-out; rm ../fp-out",
    "find . -print -o -print",
    "find . -maxdepth 1 -true , -false",
    "find . -maxdepth 1 -name a -exec true \\; -print",
    "find . -mindepth 3",
    "find . -maxdepth -1",
    "find . -perm /u=x,g=x -type f",
    "find . -perm -g=r -type f",
    "find . -type f -perm -o=r -name '*.md'",
    "diff -r a c",
    "diff -rq a c",
    "diff -rN a c",
    "diff -r -u a c > /dev/null",
    "diff a skip",
    "diff top.txt c",
    "diff a nosuch",
    "diff -q top.txt empty.txt",
    "diff -s top.txt top.txt",
    "diff a/x.txt 'c/two words.txt'",
    "diff -u a/x.txt a/x.txt",
    "cmp top.txt a/x.txt",
    "cmp top.txt top.txt",
    "cmp empty.txt top.txt",
    "cmp -l a/x.txt top.txt",
    "cmp -s c/big.bin c/big.bin",
    "cmp top.txt nosuch",
    "cmp -n 2 a/x.txt a/y.md",
    "cmp -b a/x.txt a/y.md",
    "cmp -i 1 top.txt a/x.txt",
    "find . -type f -name '*.txt' | xargs wc -l",
    "find . -type f | xargs -n 2 echo",
    "find . -type f -print0 | xargs -0 -I{} echo '[{}]'",
];

#[test]
fn find_matches_gnu() {
    let shm = Path::new("/dev/shm");
    let ordered = shm.is_dir();
    let base = if ordered {
        shm.to_path_buf()
    } else {
        std::env::temp_dir()
    };
    let root = base.join(format!("sandsh-utils-a-{}", std::process::id()));
    build_host(&root);
    let mut k = Kernel::new(KernelConfig::default());
    build_vfs(&k);
    let mut failures = Vec::new();
    let mut compared = 0;
    for case in FIND_CASES {
        let mut want = host(&root, case);
        let mut got = sandsh(&mut k, "/tree", case);
        if !ordered {
            want = sorted(&want);
            got = sorted(&got);
        }
        compared += 1;
        check(&mut failures, case, &want, &got);
    }
    let _ = std::fs::remove_dir_all(&root);
    report(failures, compared);
}

/// Cases that need no tree: each runs in an empty scratch directory.
const PLAIN_CASES: &[&str] = &[
    "printf '  a b  \\n c\\\\ d \"e f\" '\"'g h'\"'\\n' | xargs -I{} echo \"[{}]\"",
    "printf 'a b\\nc d \\ne\\nf\\n' | xargs -L 1 echo",
    "printf 'a b\\nc d \\ne\\nf\\n' | xargs -L 2",
    "printf \"a 'b\\n\" | xargs echo",
    "printf 'a \"b\\n' | xargs echo",
    "printf 'a\\n\\nb\\n' | xargs -d '\\n' -n1 echo x",
    "printf '' | xargs echo hi",
    "printf '' | xargs -r echo hi",
    "printf 'a b c\\n' | xargs -t -n 2 echo",
    "printf 'a\\nb\\n' | xargs sh -c 'exit 3'",
    "printf 'a\\nb\\n' | xargs -n1 sh -c 'exit 255'",
    "printf 'a b STOP c\\n' | xargs -E STOP echo",
    "printf 'a b STOP c\\n' | xargs -eSTOP echo",
    "printf 'abc def\\n' | xargs -s 10 echo",
    "printf 'abcdefghijkl\\n' | xargs -s 10 echo",
    "printf 'a b c d\\n' | xargs -x -s 12 -n 3 echo",
    "xargs -n 0 echo </dev/null",
    "printf 'a\\\\\\nb c\\n' | xargs -n1 echo",
    "printf 'a\"b c\"d\\n' | xargs -n1",
    "printf 'x\\0y z\\0' | xargs -0 -n1 echo",
    "printf 'x\\0y z' | xargs -0 echo",
    "printf 'a b\\n' | xargs -i echo '<{}>'",
    "printf 'a b\\n' | xargs -I XX echo XX-XX",
    "printf '1 2 3 4 5\\n' | xargs -P 1 -n 2 echo",
    "printf 'a\\tb\\n' | xargs -d '\\t' echo",
    "printf 'aXbXc' | xargs -dX echo",
    "printf 'ab\\n' | xargs -d 'xy' echo",
    "printf 'a b\\n' | xargs --max-args=1 echo",
    "printf 'a b\\n' | xargs -E a echo",
    "printf 'a\\n  \\nb\\n' | xargs -L1 echo",
    "printf 'one two three four five six seven\\n' | xargs -n 3",
    "printf '%s\\n' 1 2 3 4 5 6 7 8 9 10 | xargs -L 3 echo",
    "printf 'a\\nb\\n' | xargs -I{} sh -c 'echo {}; exit 2'",
    "printf 'x y\\n' > in && xargs -a in echo got",
    "xargs -a nonexist echo",
    "printf 'a b\\n' | xargs --verbose echo",
    "printf 'a\\n' | xargs -Q",
    "echo a b c | xargs -n2 -r",
    "printf '\\n\\n' | xargs echo x",
    "printf 'a\\r\\nb\\r\\n' | xargs echo | od -c",
    "printf '\\xff\\xfe a\\n' | xargs echo | od -c",
    "date -d @1700000000",
    "date -u -d @0",
    "date -d @1700000000 +'%a %A %b %B %c %C %d %D %e %F %g %G %h %H %I %j %k %l %m %M %n %p %P %q %r %R %s %S %t %T %u %U %V %w %W %x %X %y %Y %z %:z %::z %:::z %Z %%'",
    "date -d @1700000000 '+%-d|%_m|%05Y|%^a|%#Z|%#p|%10A|%3N|%q|%P|%-5H|%_5H|%010s|%^B|%#b|%-j|%Ey|%Oe|%Q'",
    "TZ=America/New_York date -d @1700000000",
    "TZ=Asia/Kolkata date -d '2024-06-01 12:00' +'%F %T %z %Z %:::z'",
    "TZ=Europe/Berlin date -d '2024-07-01'",
    "TZ=Europe/Berlin date -u -d '2024-07-01 12:00'",
    // tr's checks of string2 when translating, with GNU's messages.
    "tr a-z '[:upper:]' <<< abc 2>&1; echo rc=$?; tr a-c '[=x=]' <<< abc 2>&1; echo rc=$?",
    "tr a-z '[:digit:]' <<< abc 2>&1; echo rc=$?; tr 'x[:lower:]' 'y[:upper:]' <<< xabc",
    "tr 'x[:lower:]' '[:upper:]y' <<< xabc 2>&1; echo rc=$?; tr -c '[:lower:]' '[:upper:]' <<< aB1 2>&1; echo rc=$?",
    "tr -d '[:digit:]' '[:upper:]' <<< a1 2>&1; echo rc=$?; tr -t a-z '[:upper:]' <<< abc 2>&1; echo rc=$?",
    "od no-such 2>&1; echo rc=$?; printf 'a\\nb\\n' > w.txt; wc -l no-such w.txt 2>&1",
    // GNU reads a signed number after a time of day as its zone: `+1 hour` is UTC+1, then
    // one hour.
    "date -u -d '2024-01-15 10:00 +1 hour' '+%F %T'",
    "date -u -d '2024-01-15 10:00 -1 day' '+%F %T'; date -u -d '2024-01-15T10:00:00 -2 hours' '+%F %T'",
    "date -u -d '2024-01-15 10:00:30 + 3 weeks ago' '+%F %T'; date -u -d '12:30 +2 days' '+%T'",
    "date -u -d '2024-01-15 10:00 -30 minutes' '+%F %T'; echo $?",
    "date -u -d '2024-01-15 +3 days' '+%F %T'; date -u -d '2024-01-15 10:00 1 hour ago' '+%F %T'",
    "TZ=UTC0 date -d @86400",
    "TZ=EST5EDT date -d @1700000000",
    "date -d '2024-02-28 + 1 day' +%F",
    "date -d '2024-01-31 +1 month' +%F",
    "date -d '2024-03-10 12:00 UTC' -Iseconds",
    "date -d 'Jan 5 2020' +%F",
    "date -d '5 Jan 2020'",
    "date -d '2020-01-05T10:20:30Z'",
    "date -d '10/20/2021' +%F",
    "date -d '2021-10-20 3pm'",
    "date -d '2021-10-20 15:04:05.25' +%T.%N",
    "date -d @-1",
    "date -d '@1700000000.987654321' +%s.%N",
    "date -d '2024-01-01 2 hours ago'",
    "date -d '2024-01-01 3 days ago' +%F",
    "date -d 'tomorrow' +%F",
    "date -d 'yesterday' -u +%F",
    "date -d foo",
    "date -d '2024-02-30'",
    "date -Ifoo",
    "date -d @1 x",
    "date --rfc-3339",
    "date -d @1 +%s +%s",
    "date -u -d @1700000000 -R",
    "date -u -d @1700000000 -I",
    "date -u -d @1700000000 -Ihours",
    "date -u -d @1700000000 -Iminutes",
    "date -u -d @1700000000.25 -Ins",
    "date -u -d @1700000000 --rfc-3339=seconds",
    "date -u -d @1700000000 --iso-8601=sec",
    "date -d @1 -I -R",
    "touch -d @1700000000 f && date -r f +%s && date -u -r f",
    "date -r nonexist",
    "printf '@1\\nfoo\\n@2\\n' | date -f - +%s",
    "date -d @1700000000 --bogus",
    "date -d '2024-05-15 next friday' +%F",
    "date -d '2024-05-15 last month' +%F",
    "date -d '2024-05-15 + 2 weeks' +%F",
    "date -d '2024-05-15 noon' +%T",
    "date -d '2024-05-15 midnight' +%T",
    "date -d '2024-12-31 +1 day' +%F",
    "date -d '2024-03-31 -1 month' +%F",
    "date -d 'May 15, 2024 14:30' '+%F %R'",
    "date -d '15 May 2024 2:30 pm' '+%F %R'",
    "date -d '2024-05-15 14:30:00 +0200' -u '+%F %T'",
    "date -d '2024-05-15T14:30:00-05:00' -u '+%F %T'",
    "date -d '2024-05-15 EST' -u '+%F %T'",
    "date -d '20240515' +%F",
    "date -d '2024-05-15 1 year ago' +%F",
    "date -d '2024-05-15 +10 seconds' +%T",
    "date -d '2024-05-15 fortnight' +%F",
    "date -d 'friday 2024-05-15' +%F",
    "date -d '@0' '+%Y %j %U %W %V %G %u %w'",
    "date -d '2021-01-03' '+%Y %j %U %W %V %G %g %u %w'",
    "date -d '2020-12-31' '+%j %U %W %V %G'",
    "TZ=Asia/Tokyo date -d '2024-01-01 00:00' +%s",
    "TZ=America/Los_Angeles date -d '2024-11-03 01:30' '+%F %T %Z'",
    "TZ=':Europe/London' date -d @1700000000",
    "TZ= date -d @1700000000",
    "date -u -d @1700000000 '+%:z %::z %:::z %Z'",
    "date -d @1700000000 '+%%s=%s %%N=%N'",
    "seq 1 10 > f; { seq 1 4; echo five; seq 6 10; } > g; diff -u f g > p; { echo a; echo b; cat f; } > f3; cp p p3; patch f3 < p3; echo $?; cat f3; ls",
    "seq 1 10 > f; { seq 1 4; echo five; seq 6 10; } > g; diff -u f g > p; { seq 1 3; echo four; seq 5 10; } > f4; patch f4 < p; echo $?; cat f4.rej | tail -n +3; ls",
    "seq 1 10 > f; { seq 1 4; echo five; seq 6 10; } > g; diff -u f g > p; { seq 1 5; echo six; seq 7 10; } > f5; patch f5 < p; echo $?; cat f5",
    "seq 1 10 > f; { seq 1 4; echo five; seq 6 10; } > g; diff -u f g > p; patch -N g p; echo $?; patch -R g p; cat g",
    "seq 1 10 > f; { seq 1 4; echo five; seq 6 10; } > g; diff -u f g > p; patch --dry-run f p; cat f | head -5",
    "printf 'x\\n' > nf; diff -u /dev/null nf > pn; rm nf; patch < pn; echo $?; cat nf; patch -R < pn; echo $?; ls",
    "mkdir -p sub; seq 3 > sub/z; seq 4 > z2; diff -u sub/z z2 > pz0; { echo '--- a/sub/z'; echo '+++ b/sub/z'; tail -n +3 pz0; } > pz; patch -p1 < pz; echo $?; cat sub/z; patch -p1 -N < pz; echo $?",
    "printf 'a\\nb\\nc\\nd\\ne\\nf\\ng\\nh\\n' > m; printf 'a\\nB\\nc\\nd\\ne\\nf\\nG\\nh\\n' > m2; diff -U1 m m2 > pm; printf 'z\\na\\nb\\nc\\nd\\ne\\nf\\ng\\nh\\n' > t; patch t pm; echo $?; cat t",
    "printf 'a\\nb\\nc\\n' > m; printf 'a\\nc\\n' > m2; diff -u m m2 > pm; printf 'a\\nX\\nb\\nc\\nY\\n' > t; patch -i pm t; echo $?; cat t",
    // hunks with no file header: applied to the file named, garbage without one
    "printf '@@ -1,2 +1,2 @@\\n a\\n-b\\n+c\\n' > hp; printf 'a\\nb\\n' > hf; patch < hp 2>&1; echo $?; patch hf < hp; echo $?; cat hf",
    "printf 'a\\nb\\n' > hf; printf '@@ -1 +1 @@\\n-zz\\n+y\\n' | patch hf; echo $?; ls; cat hf.rej",
    "printf 'not a patch\\n' | patch; echo $?",
    "printf 'garbage\\n' | sha1sum -c",
    "printf 'da39a3ee5e6b4b0d3255bfef95601890afd80709  nosuch\\n' | sha1sum -c",
    "printf 'da39a3ee5e6b4b0d3255bfef95601890afd80709  nosuch\\nbad\\n' | sha1sum -c --ignore-missing",
    "printf '' > e; sha1sum e > s; echo bad >> s; sha1sum -c s; echo $?; sha1sum --strict -c s",
    "printf abc > t; sha256sum --tag t > s; sha256sum -c s; md5sum t | md5sum -c",
    "printf abc > t; b2sum -l 128 t > s; b2sum -c s; b2sum --tag t | b2sum -c",
    "printf abc > 'we\\ird'; sha1sum 'we\\ird' > s; cat s; sha1sum -c s",
    "sha256sum nosuch; echo $?",
    "printf abc | sha1sum --status",
    "printf 'YWI' | base64 -d",
    "printf 'YWI=\\nYWI=' | base64 -d",
    "printf 'Y W\\nI=' | base64 -d",
    "printf 'YW*I=' | base64 -d",
    "printf 'YW*I=' | base64 -di",
    "printf 'MFRGG===' | base32 -d",
    "printf 'MFRA' | base32 -d",
    "printf 'mfrgg===' | base32 -d",
    "printf 'YQ==YQ' | base64 -d",
    "base64 -w x </dev/null",
    "base64 nosuch",
    "base64 a b",
    "printf '' | base64",
    "head -c 1000 /dev/zero | base64 | base64 -d | wc -c",
    "printf '\\xff\\x00\\x01' | base32 | base32 -d | od -An -tx1",
    "printf abc | b2sum -l 12",
    "printf abc | b2sum -l 1024",
    "printf abc | cksum -a foo",
];

#[test]
fn plain_matches_gnu() {
    let base = std::env::temp_dir().join(format!("sandsh-utils-a-plain-{}", std::process::id()));
    let mut failures = Vec::new();
    let mut compared = 0;
    for case in PLAIN_CASES {
        let _ = std::fs::remove_dir_all(&base);
        std::fs::create_dir_all(&base).expect("dir");
        let want = host(&base, case);
        let mut k = Kernel::new(KernelConfig::default());
        let _ = k.execute("mkdir -p /tmp/w");
        let got = sandsh(&mut k, "/tmp/w", case);
        compared += 1;
        check(&mut failures, case, &want, &got);
    }
    let _ = std::fs::remove_dir_all(&base);
    report(failures, compared);
}

/// Pairs of inputs: hand-picked awkward ones, then random edits of random texts over a small
/// alphabet of lines (so that repeated lines make the alignment ambiguous).
fn pairs() -> Vec<(Vec<u8>, Vec<u8>)> {
    let mut v: Vec<(Vec<u8>, Vec<u8>)> = vec![
        (b"".to_vec(), b"".to_vec()),
        (b"".to_vec(), b"a\n".to_vec()),
        (b"a\n".to_vec(), b"".to_vec()),
        (b"a\nb".to_vec(), b"a\nb\n".to_vec()),
        (b"a\nb".to_vec(), b"a\nc".to_vec()),
        (b"x\r\ny\r\n".to_vec(), b"x\ny\r\n".to_vec()),
        (b"A  b\n\tc \n".to_vec(), b"a b\nc\n".to_vec()),
        (b"\xff\xfe\n1\n".to_vec(), b"\xff\n1\n".to_vec()),
        (b"a\n\nb\n".to_vec(), b"a\nb\n\n".to_vec()),
        (b"a\0b".to_vec(), b"a\0c".to_vec()),
        (
            b"c\nx\n}\n}\n  x\nx\n".to_vec(),
            b"c\nd\n}\n}\nx\n".to_vec(),
        ),
        (
            b"c\nx\n}\n}\n  x\nx\nx\n".to_vec(),
            b"c\nd\n}\n}\nx\nx\n".to_vec(),
        ),
    ];
    let alpha = ["a", "b", "c", "d", "", "  x", "x", "{", "}", "return 0;"];
    let mut r = Rng(0x2545_f491_4f6c_dd1d);
    for round in 0..60 {
        let n = 1 + r.below_u64(if round < 40 { 12 } else { 60 });
        let mut a: Vec<&str> = (0..n)
            .map(|_| alpha[r.below_u64(alpha.len() as u64) as usize])
            .collect();
        let mut b = a.clone();
        for _ in 0..(1 + r.below_u64(5)) {
            let len = b.len() as u64;
            match r.below_u64(3) {
                0 if len > 0 => {
                    b.remove(r.below_u64(len) as usize);
                }
                1 => b.insert(
                    r.below_u64(len + 1) as usize,
                    alpha[r.below_u64(alpha.len() as u64) as usize],
                ),
                _ if len > 0 => {
                    let i = r.below_u64(len) as usize;
                    b[i] = alpha[r.below_u64(alpha.len() as u64) as usize];
                }
                _ => {}
            }
        }
        if round % 7 == 3 {
            a.reverse();
        }
        let join = |v: &[&str], nl: bool| {
            let mut s = v.join("\n");
            if nl && !v.is_empty() {
                s.push('\n');
            }
            s.into_bytes()
        };
        v.push((join(&a, round % 11 != 5), join(&b, round % 13 != 7)));
    }
    v
}

const DIFF_CASES: &[&str] = &[
    "diff a b",
    "diff -u --label A --label B a b",
    "diff -c --label A --label B a b",
    "diff -U1 --label A --label B a b",
    "diff -U0 --label A --label B a b",
    "diff -p -U1 --label A --label B a b",
    "diff -p -c --label A --label B a b",
    "diff -C1 --label A --label B a b",
    "diff -q a b",
    "diff -s a b",
    "diff -i a b",
    "diff -b a b",
    "diff -w a b",
    "diff -B a b",
    "diff --strip-trailing-cr a b",
    "diff -a a b",
    "diff -d a b",
    "diff -y a b",
    "diff -y -W 40 --suppress-common-lines a b",
    "diff -y -W 31 --left-column a b",
    "diff -y -B -W 50 a b",
    "diff -y -w -t -W 45 a b",
    "diff -T -t a b",
    "cmp a b",
    "cmp -s a b",
    "cmp -l a b",
    "diff -u a b > p; patch -s a p -o out && cmp out b && echo patched",
    "sha256sum a b",
    "md5sum --tag a",
    "b2sum a",
    "b2sum -l 256 b",
    "sha1sum a b > s; sha1sum -c s; printf x >> b; sha1sum -c s; sha1sum --quiet -c s",
    "cksum a b",
    "cksum < a",
    "cksum -a sysv a",
    "cksum -a bsd b",
    "cksum -a sha256 a",
    "cksum --untagged -a md5 b",
    "base64 a",
    "base64 -w 10 b",
    "base64 a | base64 -d | cmp - a",
    "base32 b",
    "base32 -w 0 a",
    "base32 a | base32 -d | cmp - a",
    "sha512sum -z a | od -c",
    "sha224sum -b a",
    "sha384sum --tag b",
];

#[test]
fn diff_matches_gnu() {
    let dir = std::env::temp_dir().join(format!("sandsh-utils-a-diff-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let mut k = Kernel::new(KernelConfig::default());
    let _ = k.execute("mkdir -p /tmp/d");
    let mut failures = Vec::new();
    let mut compared = 0;
    for (a, b) in pairs() {
        std::fs::write(dir.join("a"), &a).expect("a");
        std::fs::write(dir.join("b"), &b).expect("b");
        let be = k.backend();
        be.write(Path::new("/tmp/d/a"), &a, WriteMode::Truncate, 0o644)
            .expect("a");
        be.write(Path::new("/tmp/d/b"), &b, WriteMode::Truncate, 0o644)
            .expect("b");
        for case in DIFF_CASES {
            let tool = case.split(' ').next().unwrap_or("");
            if k.execute(&format!("type {tool} >/dev/null 2>&1")).exit_code != 0 {
                continue;
            }
            let want = host(&dir, case);
            let got = sandsh(&mut k, "/tmp/d", case);
            compared += 1;
            if want != got {
                failures.push(format!(
                    "{case} over a={:?} b={:?}\n  gnu:    {:?}\n  sandsh: {:?}",
                    String::from_utf8_lossy(&a),
                    String::from_utf8_lossy(&b),
                    String::from_utf8_lossy(&want),
                    String::from_utf8_lossy(&got)
                ));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    report(failures, compared);
}
