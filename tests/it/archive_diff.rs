//! Differential tests: the archive commands (tar, gzip, bzip2, xz, zip, unzip) in sandsh
//! against the real tools on this machine, in both directions.
//!
//! A host directory holds a fixture tree with awkward content (an empty file, no trailing
//! newline, CRLF, bytes that are not UTF-8, a long line, a 150-byte name, nesting, a symbolic
//! link) and fixed times. It is mounted read-write into a sandsh kernel at `/mnt/h`, so:
//! - archives written by sandsh are opened with `/usr/bin/tar`, `gzip`, `bzip2`, `xz`,
//!   `unzip` on the host and their contents compared with the originals;
//! - archives written by the host tools are opened by sandsh and their contents compared;
//! - the same command line runs through both (each in its own copy of the tree) and stdout and
//!   exit status must match byte for byte;
//! - hostile archives (made on the host with Python's tarfile/zipfile) must be refused, and a
//!   decompression bomb must stop at the VFS limits with a message.
//!
//! A case whose host tool is missing is skipped (the CI image installs bzip2, xz-utils, zip
//! and unzip).

use std::path::{Path, PathBuf};

use crate::diff::{self, Host};
use sandsh::kernel::ExecutionLimits;
use sandsh::vfs::MountMode;
use sandsh::{Kernel, KernelConfig};

fn host(dir: &Path, script: &str) -> (Vec<u8>, i32) {
    let r = Host::new().dir(dir).env("TZ", "UTC").run(script);
    (r.stdout, r.status)
}

fn have(tools: &[&str]) -> bool {
    tools
        .iter()
        .all(|t| diff::require(t, &format!("command -v {t}")))
}

struct Fixture {
    dir: PathBuf,
}

impl Drop for Fixture {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A host directory with the fixture tree in `src/`.
fn fixture(tag: &str) -> Fixture {
    let dir = std::env::temp_dir().join(format!("sandsh-archive-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let long_name = "n".repeat(150);
    let script = format!(
        r#"set -e
mkdir -p src/sub/deeper
: > src/empty
printf 'no newline' > src/nonl
printf 'a\r\nb\r\n' > src/crlf
printf '\xff\xfe\x80 bytes\n' > src/binary
head -c 100000 /dev/zero | tr '\0' 'x' > src/longline
seq 1 3000 > src/sub/numbers
echo deep > src/sub/deeper/file
echo long > src/sub/{long_name}
ln -s numbers src/sub/link
chmod 755 src/sub/numbers
find src -exec touch -h -d '2024-05-06 07:08:09' {{}} +
"#
    );
    let (_, st) = host(&dir, &script);
    assert_eq!(st, 0, "fixture setup failed");
    Fixture { dir }
}

fn kernel(dir: &Path) -> Kernel {
    Kernel::new(KernelConfig::default().mount(dir, "/mnt/h", MountMode::ReadWrite))
}

fn sandsh(k: &mut Kernel, script: &str) -> (Vec<u8>, i32, String) {
    let r = k.execute(&format!("export TZ=UTC; cd /mnt/h && {{ {script}\n}}"));
    (
        r.stdout,
        r.exit_code,
        String::from_utf8_lossy(&r.stderr).into_owned(),
    )
}

fn s(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Archives written in sandsh open with the host tools, with the same contents.
#[test]
fn sandsh_writes_host_reads() {
    if !have(&["tar", "gzip", "bzip2", "xz", "unzip"]) {
        return;
    }
    let f = fixture("w");
    let mut k = kernel(&f.dir);
    let (out, st, err) = sandsh(
        &mut k,
        "tar cf s.tar src && tar czf s.tgz src && tar cjf s.tbz src && tar cJf s.txz src \
         && tar --format=ustar -cf s-ustar.tar src/sub/deeper src/nonl && zip -qr s.zip src \
         && gzip -c src/sub/numbers > n.gz && bzip2 -c src/sub/numbers > n.bz2 \
         && xz -c src/sub/numbers > n.xz && gzip -9 -c src/binary > b.gz && echo ok",
    );
    assert_eq!((s(&out), st), ("ok\n".into(), 0), "{err}");
    let mut failures = Vec::new();
    let checks: &[(&str, &str)] = &[
        // The names (GNU order by name) are what GNU tar itself writes with --sort=name.
        ("tar tf s.tar", "tar --sort=name -cf - src | tar tf -"),
        ("tar tzf s.tgz", "tar --sort=name -cf - src | tar tf -"),
        ("tar tjf s.tbz", "tar --sort=name -cf - src | tar tf -"),
        ("tar tJf s.txz", "tar --sort=name -cf - src | tar tf -"),
        (
            "tar tf s-ustar.tar",
            "tar --format=ustar --sort=name -cf - src/sub/deeper src/nonl | tar tf -",
        ),
        // Extracted trees are identical to the originals (contents, modes, links).
        (
            "for a in s.tar s.tgz s.tbz s.txz; do rm -rf x && mkdir x && tar xf $a -C x && diff -r --no-dereference src x/src && echo same; done; rm -rf x && mkdir x && tar xf s-ustar.tar -C x && diff -r src/sub/deeper x/src/sub/deeper && cmp src/nonl x/src/nonl && echo same",
            "for a in 1 2 3 4 5; do echo same; done",
        ),
        (
            "rm -rf x && mkdir x && tar xf s.tar -C x && find x/src -newer src/empty -o -type f -printf '%TY-%Tm-%Td %TH:%TM %p\\n' | sort",
            "find src -newer src/empty -o -type f -printf '%TY-%Tm-%Td %TH:%TM x/%p\\n' | sort",
        ),
        (
            "rm -rf x && mkdir x && cd x && unzip -q ../s.zip && cd .. && diff -r src x/src && echo same",
            "echo same",
        ),
        (
            "unzip -tq s.zip",
            "echo 'No errors detected in compressed data of s.zip.'",
        ),
        (
            "gzip -dc n.gz | cmp - src/sub/numbers && bzip2 -dc n.bz2 | cmp - src/sub/numbers && xz -dc n.xz | cmp - src/sub/numbers && gzip -dc b.gz | cmp - src/binary && echo same",
            "echo same",
        ),
        (
            "gzip -t n.gz b.gz && bzip2 -t n.bz2 && xz -t n.xz; echo $?",
            "echo 0",
        ),
        (
            "gzip -l n.gz",
            "gzip -c src/sub/numbers | wc -c >/dev/null; gzip -l n.gz",
        ),
        (
            "tar tvf s.tar | awk '{print $1, $3, $4, $5, $6}'",
            "tar tvf s.tar | awk '{print $1, $3, $4, $5, $6}'",
        ),
    ];
    for (check, want) in checks {
        let got = host(&f.dir, check);
        let exp = host(&f.dir, want);
        if got != exp {
            failures.push(format!(
                "{check}\n  host read: {:?} (status {})\n  expected:  {:?} (status {})",
                s(&got.0),
                got.1,
                s(&exp.0),
                exp.1
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Archives written by the host tools open in sandsh, with the same contents and listings.
#[test]
fn host_writes_sandsh_reads() {
    if !have(&["tar", "gzip", "bzip2", "xz", "zip", "unzip", "md5sum"]) {
        return;
    }
    let f = fixture("r");
    let (_, st) = host(
        &f.dir,
        "tar --sort=name --owner=0 --group=0 --numeric-owner -cf h.tar src \
         && tar --sort=name -czf h.tgz src && tar --sort=name -cjf h.tbz src \
         && tar --sort=name -cJf h.txz src && tar --format=ustar --sort=name -cf h-ustar.tar src/sub/deeper \
         && tar --format=posix --sort=name -cf h-pax.tar src \
         && zip -qry h.zip src && gzip -c src/sub/numbers > n.gz && bzip2 -c src/sub/numbers > n.bz2 \
         && xz -c src/sub/numbers > n.xz && cat n.gz n.gz > two.gz",
    );
    assert_eq!(st, 0);
    let mut k = kernel(&f.dir);
    let mut failures = Vec::new();
    // Contents: md5 of every extracted regular file, as the host computes it over src.
    let (want_sums, _) = host(
        &f.dir,
        "cd src && find . -type f | LC_ALL=C sort | xargs md5sum",
    );
    for a in ["h.tar", "h.tgz", "h.tbz", "h.txz", "h-pax.tar"] {
        let (got, st, err) = sandsh(
            &mut k,
            &format!(
                "rm -rf /tmp/x && mkdir /tmp/x && tar xf {a} -C /tmp/x && cd /tmp/x/src && find . -type f | LC_ALL=C sort | xargs md5sum"
            ),
        );
        if got != want_sums || st != 0 {
            failures.push(format!("extract {a}: status {st} {err}\n{}", s(&got)));
        }
        let (link, _, _) = sandsh(&mut k, "readlink /tmp/x/src/sub/link");
        if link != b"numbers\n" {
            failures.push(format!("{a}: symlink {:?}", s(&link)));
        }
    }
    let (got, st, err) = sandsh(
        &mut k,
        "rm -rf /tmp/z && mkdir /tmp/z && unzip -q h.zip -d /tmp/z && cd /tmp/z/src && find . -type f | LC_ALL=C sort | xargs md5sum",
    );
    if got != want_sums || st != 0 {
        failures.push(format!("unzip h.zip: status {st} {err}\n{}", s(&got)));
    }
    // The same command line on the same archive: stdout and status match.
    let same = [
        "tar tvf h.tar",
        "tar tf h.tgz",
        "tar tvf h-ustar.tar --numeric-owner",
        "tar xf h-ustar.tar -O",
        "tar tf h-pax.tar",
        "tar tf h.tar src/sub/deeper",
        "tar tf h.tar nothere",
        "tar xOf h.tar src/sub/numbers | md5sum",
        "tar xzOf h.tgz src/crlf | od -c",
        "zcat n.gz | tail -n 2",
        "zcat two.gz | wc -l",
        "bzcat n.bz2 | head -n 3",
        "xzcat n.xz | md5sum",
        "gzip -l n.gz",
        "gzip -l n.gz h.tgz",
        "unzip -l h.zip",
        "unzip -p h.zip src/nonl",
        "unzip -l h.zip 'src/sub/*'",
    ];
    for case in same {
        let want = host(&f.dir, case);
        let (got, st, err) = sandsh(&mut k, case);
        if (got.clone(), st) != want {
            failures.push(format!(
                "{case}\n  host:   {:?} ({})\n  sandsh: {:?} ({st}) {err}",
                s(&want.0),
                want.1,
                s(&got)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The same command lines through both, each in its own copy of the tree.
#[test]
fn options_match_host() {
    if !have(&["tar", "gzip", "bzip2", "xz", "zip", "unzip"]) {
        return;
    }
    let f = fixture("o");
    let mut k = kernel(&f.dir);
    let cases = [
        // gzip family
        "gzip -k src/nonl && ls src/nonl* && gzip -dc src/nonl.gz",
        "gzip src/empty; echo $?; ls src | grep empty; gunzip src/empty.gz; echo $?; ls src | grep empty",
        "gzip src/nonl; gzip src/nonl.gz; echo $?",
        "touch src/crlf.gz; gzip src/crlf; echo $?; gzip -f src/crlf; echo $?; ls src | grep crlf",
        "gzip -d src/nonl; echo $?",
        "gzip nothere; echo $?",
        "gzip src/sub; echo $?",
        "gzip -r src/sub; echo $?; find src/sub | sort; gunzip -r src/sub; echo $?; find src/sub | sort",
        "printf 'not gzip' | gzip -d; echo $?",
        "printf 'not gzip' | zcat -f",
        "printf 'hello' | gzip -1 | gzip -dc",
        "gzip -c src/longline | gzip -d | wc -c",
        "echo hi | gzip | head -c 15 | gzip -dc; echo $?",
        "(echo a | gzip; echo junk) | gzip -dc; echo $?",
        "gzip -c src/binary > b.gz && gzip -l b.gz",
        "gzip -S .zz -k src/nonl && ls src | grep nonl && gzip -d -S .zz src/nonl.zz; echo $?",
        // bzip2 / xz
        "bzip2 -k src/nonl && bunzip2 -c src/nonl.bz2",
        "bzip2 src/nonl; bzip2 src/nonl.bz2; echo $?",
        "bzip2 nothere; echo $?",
        "printf junk | bzip2 -d; echo $?",
        "bzip2 src/crlf && bunzip2 src/crlf.bz2 && od -c src/crlf",
        "xz -k src/nonl && unxz -c src/nonl.xz",
        "xz src/nonl; xz src/nonl.xz; echo $?",
        "xz nothere; echo $?",
        "printf junk | xz -d; echo $?",
        "xz -c src/binary | xzcat | od -c",
        "echo hi | xz | head -c 30 | xz -dc >/dev/null; echo $?",
        "seq 1 500 | xz -1 | xz -d | tail -n 1",
        "seq 1 500 | bzip2 -1 | bzcat | tail -n 1",
        // tar
        "tar --sort=name -cf a.tar src && tar tf a.tar | head -n 4",
        "ln src/nonl src/hard && tar --sort=name -cvf a.tar src/nonl src/hard && tar tvf a.tar | cut -c1-10,30- && mkdir o && tar xf a.tar -C o && stat -c %h o/src/hard",
        ": > e.tar; tar tf e.tar; echo $?",
        "touch src/$'tab\\there' src/$'nl\\nhere' && tar --sort=name -cf a.tar src && tar tf a.tar | grep -a -e nl -e tab",
        "printf x | tar tf -; echo $?",
        "tar cvf a.tar src/sub/deeper",
        "tar cvf - src/sub/deeper | tar tf -",
        "tar cf a.tar src/nonl nothere; echo $?; tar tf a.tar",
        "tar cf a.tar; echo $?",
        "tar tf missing.tar; echo $?",
        "tar --sort=name --exclude='*.txt' --exclude=numbers -cf a.tar src/sub && tar tf a.tar",
        "tar -C src -cf a.tar sub/deeper && tar tf a.tar",
        "tar cf a.tar src/sub/deeper && mkdir o && tar xf a.tar -C o --strip-components=2 && find o | sort",
        "tar czf a.tgz src/sub/deeper && tar xvzf a.tgz && cat src/sub/deeper/file",
        "tar cf a.tar src/nonl && tar rf a.tar src/crlf && tar tf a.tar",
        "tar cf a.tar src/sub/deeper && touch -d '2030-01-01' src/sub/deeper/file && tar uf a.tar src/sub/deeper && tar tf a.tar",
        "tar cf a.tar src/sub/numbers && mkdir o && tar xf a.tar -C o && stat -c '%a %Y' o/src/sub/numbers",
        "tar cf a.tar src/nonl && mkdir o && cd o && tar xf ../a.tar && echo changed > src/nonl && tar xkf ../a.tar; echo $?; cat src/nonl",
        "tar cf a.tar src/nonl && tar xf a.tar nothere; echo $?",
        "tar --sort=name -cf a.tar src && tar tf a.tar --wildcards '*deep*' 'src/c*'",
        "tar --sort=name -cf a.tar src && mkdir o && tar xf a.tar -C o --wildcards '*/numbers' && find o | sort",
        "echo junk > j.tar; tar tf j.tar; echo $?",
        "tar cf - src/sub/deeper | tar xzf -; echo $?",
        "tar; echo $?",
        "tar -ct; echo $?",
        "cd src && tar --sort=name -cf ../a.tar . && tar tf ../a.tar | head -n 3",
        "tar cf a.tar /mnt/h/src/nonl 2>/dev/null || tar cf a.tar $PWD/src/nonl; tar tf a.tar | sed 's,^.*src,src,'",
        // zip / unzip
        "zip -q a.zip src/nonl src/crlf && unzip -l a.zip | awk '{print $1, $4}'",
        "zip a.zip src/sub/deeper/file src/nonl",
        "zip -j a.zip src/sub/deeper/file src/nonl && unzip -l a.zip | awk '{print $1, $4}'",
        "zip -qr a.zip src/sub -x 'src/sub/deeper/*' && unzip -l a.zip | awk '{print $1, $4}' | sort",
        "zip q.zip nothere; echo $?",
        "zip -q a.zip src/nonl && zip a.zip src/nonl && unzip -l a.zip | tail -n 1",
        "zip -q a.zip src/nonl && mkdir o && unzip a.zip -d o && cat o/src/nonl",
        "zip -q a.zip src/nonl && mkdir o && unzip -q a.zip -d o && unzip -n a.zip -d o; echo $?",
        "zip -q a.zip src/nonl && mkdir o && unzip -q a.zip -d o && unzip -oq a.zip -d o; echo $?",
        "zip -q a.zip src/nonl src/crlf && unzip -p a.zip src/crlf | od -c",
        "zip -q a.zip src/nonl && unzip -q a.zip nothere -d o; echo $?",
        "unzip nope.zip; echo $?",
        "zip -qr a.zip src/sub/deeper src/nonl && mkdir o && unzip -qj a.zip -d o && ls o",
        "echo junk > j.zip; unzip -l j.zip; echo $?",
        "zip -q a.zip src/nonl && unzip -t a.zip",
    ];
    let mut failures = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        let prelude = format!("rm -rf w{i} && mkdir w{i} && cp -rp src w{i}/ && cd w{i} && ");
        let host_dir = f.dir.clone();
        let want = host(&host_dir, &format!("{prelude}{{ {case}\n}} 2>/dev/null"));
        let (got, st, err) = sandsh(
            &mut k,
            &format!(
                "rm -rf s{i} && mkdir s{i} && cp -rp src s{i}/ && cd s{i} && {{ {case}\n}} 2>/dev/null"
            ),
        );
        if (got.clone(), st) != want {
            failures.push(format!(
                "{case}\n  host:   {:?} ({})\n  sandsh: {:?} ({st}) {err}",
                s(&want.0),
                want.1,
                s(&got)
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// Hostile archives made on the host are refused, and nothing lands outside the target.
#[test]
fn hostile_archives_are_refused() {
    if !have(&["python3"]) {
        return;
    }
    let f = fixture("h");
    let (_, st) = host(
        &f.dir,
        r#"python3 - <<'EOF'
import tarfile, io, zipfile
t = tarfile.open('evil.tar', 'w', format=tarfile.GNU_FORMAT)
def add(name, data=b'x\n', typ=tarfile.REGTYPE, link=''):
    i = tarfile.TarInfo(name); i.type = typ; i.linkname = link
    i.size = len(data) if typ == tarfile.REGTYPE else 0
    t.addfile(i, io.BytesIO(data) if typ == tarfile.REGTYPE else None)
add('ok.txt'); add('../evil.txt'); add('a/../../e2'); add('/abs.txt')
add('ln', typ=tarfile.SYMTYPE, link='/etc'); add('ln/passwd', b'pwned\n')
add('up', typ=tarfile.SYMTYPE, link='../..'); add('up/escaped', b'pwned\n')
add('hl', typ=tarfile.LNKTYPE, link='../outside')
t.close()
z = zipfile.ZipFile('evil.zip', 'w')
z.writestr('ok.txt', 'x\n'); z.writestr('../evil.txt', 'x\n'); z.writestr('/abs.txt', 'x\n')
i = zipfile.ZipInfo('esc'); i.external_attr = 0o120777 << 16; z.writestr(i, '../../etc/passwd')
z.close()
EOF"#,
    );
    assert_eq!(st, 0);
    let mut k = kernel(&f.dir);
    let (out, st, err) = sandsh(
        &mut k,
        "mkdir -p /tmp/t/x && cp evil.tar /tmp/t/ && cd /tmp/t/x && tar xf ../evil.tar; echo status=$?; find /tmp/t | sort",
    );
    let out = s(&out);
    assert_eq!(st, 0);
    assert!(out.starts_with("status=2\n"), "{out}");
    assert_eq!(
        out.lines().skip(1).collect::<Vec<_>>(),
        [
            "/tmp/t",
            "/tmp/t/evil.tar",
            "/tmp/t/x",
            "/tmp/t/x/abs.txt",
            // The refused links' later members land in plain directories inside x.
            "/tmp/t/x/ln",
            "/tmp/t/x/ln/passwd",
            "/tmp/t/x/ok.txt",
            "/tmp/t/x/up",
            "/tmp/t/x/up/escaped",
        ],
        "{err}"
    );
    for m in [
        "tar: Removing leading `../' from member names",
        "tar: ../evil.txt: Member name contains '..'",
        "tar: a/../../e2: Member name contains '..'",
        "tar: Removing leading `/' from member names",
        "tar: ln: Cannot create symlink to ‘/etc’",
        "tar: up: Cannot create symlink to ‘../..’",
        "tar: hl: Cannot hard link to ‘outside’",
        "tar: Exiting with failure status due to previous errors",
    ] {
        assert!(err.contains(m), "missing {m:?} in:\n{err}");
    }
    let (out, _, err) = sandsh(
        &mut k,
        "mkdir -p /tmp/u && cd /tmp/u && unzip -q /mnt/h/evil.zip -d x; echo status=$?; find /tmp/u | sort",
    );
    assert_eq!(
        s(&out),
        "status=1\n/tmp/u\n/tmp/u/x\n/tmp/u/x/abs.txt\n/tmp/u/x/ok.txt\n",
        "{err}"
    );
    assert!(err.contains("refusing ../evil.txt"), "{err}");
    assert!(err.contains("refusing symbolic link x/esc"), "{err}");
    // Extracting straight into the mounted host directory: nothing escapes it.
    let (out, _, _) = sandsh(&mut k, "mkdir in && cd in && tar xf ../evil.tar; echo $?");
    assert_eq!(s(&out), "2\n");
    assert!(!f.dir.join("evil.txt").exists());
    assert!(!f.dir.join("e2").exists());
    assert!(!f.dir.join("in/ln").is_symlink());
    assert!(!f.dir.join("in/up").is_symlink());
    assert!(!f.dir.parent().unwrap_or(&f.dir).join("escaped").exists());
}

/// A small archive that expands past the VFS limits stops with a message and leaves no
/// partial output.
#[test]
fn decompression_bombs_stop_at_the_limits() {
    let f = fixture("b");
    let (_, st) = host(
        &f.dir,
        "head -c 20000000 /dev/zero > zeros && gzip -c zeros > bomb.gz && xz -c zeros > bomb.xz \
         && bzip2 -c zeros > bomb.bz2 && tar czf bomb.tgz zeros && zip -q bomb.zip zeros && rm zeros",
    );
    assert_eq!(st, 0);
    let mut limits = ExecutionLimits::standard();
    limits.max_file_size = 4 << 20;
    let mut k = Kernel::new(KernelConfig::default().limits(limits).mount(
        &f.dir,
        "/mnt/h",
        MountMode::ReadOnly,
    ));
    for (script, status) in [
        ("cp /mnt/h/bomb.gz /tmp/ && gunzip /tmp/bomb.gz", 1),
        ("cp /mnt/h/bomb.xz /tmp/ && unxz /tmp/bomb.xz", 1),
        ("cp /mnt/h/bomb.bz2 /tmp/ && bunzip2 /tmp/bomb.bz2", 1),
        ("mkdir -p /tmp/t && tar xzf /mnt/h/bomb.tgz -C /tmp/t", 2),
        ("unzip -q /mnt/h/bomb.zip -d /tmp/z", 50),
    ] {
        let r = k.execute(script);
        let err = String::from_utf8_lossy(&r.stderr);
        assert_eq!(r.exit_code, status, "{script}: {err}");
        assert!(
            err.contains("File too large") || err.contains("No space left"),
            "{script}: {err}"
        );
        let left = k.execute("ls /tmp/bomb /tmp/t/zeros /tmp/z/zeros 2>/dev/null | wc -l");
        assert_eq!(left.stdout, b"0\n", "{script} left partial output");
    }
}

/// Endless input: every archive command stops promptly when the run is cancelled (here by the
/// script timeout), with the timeout's status.
#[test]
fn endless_input_is_cancelled_promptly() {
    let mut k = Kernel::new(KernelConfig::default());
    // Text that compresses slowly (zeros compress faster than the timeout).
    let setup = k.execute("mkdir -p /tmp/d && seq 1 20000000 > /tmp/d/f");
    assert_eq!(setup.exit_code, 0);
    k.set_timeout(Some(std::time::Duration::from_secs(1)));
    for script in [
        "yes | gzip -c > /dev/null",
        // -1: one block sort (not interruptible) is 100 kB, not 900 kB, in a debug build.
        "yes | bzip2 -1 -c > /dev/null",
        "yes | xz -0 -c > /dev/null",
        "yes | gzip -c | gzip -dc > /dev/null",
        "yes | zcat -f > /dev/null",
        "tar czf - /tmp/d > /dev/null",
        "tar cf - /tmp/d | gzip -9 | tar xzOf - > /dev/null",
    ] {
        let t = std::time::Instant::now();
        let r = k.execute(script);
        assert_eq!(
            r.exit_code,
            124,
            "{script}: {}",
            String::from_utf8_lossy(&r.stderr)
        );
        assert!(
            t.elapsed() < std::time::Duration::from_secs(6),
            "{script} took {:?}",
            t.elapsed()
        );
    }
}
