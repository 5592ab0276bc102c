//! Differential tests: sandsh's `git` (gitoxide's formats over the VFS) against the host's
//! git, and round trips of repositories between the two.
//!
//! Cases live in `tests/git/*.sh`, written as agents use git: init, add, commit, status,
//! log, diff after an edit, branches, ignore rules, undoing. Each runs once in a fresh
//! sandsh session and once through the host's bash and git, both in an empty working
//! directory with the same identity, dates and time zone (the prelude below: `tick`
//! advances the clock a minute), so object ids compare exactly. stdout and the exit status
//! must match byte for byte; the case directory's path prints as `$CASE` on both sides.
//! `SANDSH_GIT_CASE=WORD` runs only the cases whose file or name contains WORD.
//!
//! ```text
//! #### name          a case starts; its script runs to the next #### line
//! ## stderr          stderr must match too
//! ```

use std::path::Path;

use crate::diff::{self, Host};
use sandsh::{Kernel, KernelConfig};

/// The same on both sides: identity, dates, time zone, no system or user configuration but
/// `init.defaultBranch`.
const PRELUDE: &str = r#"export GIT_AUTHOR_NAME='A U Thor' GIT_AUTHOR_EMAIL=author@example.com
export GIT_COMMITTER_NAME='C O Mitter' GIT_COMMITTER_EMAIL=committer@example.com
export GIT_AUTHOR_DATE='1700000000 +0000' GIT_COMMITTER_DATE='1700000000 +0000'
export TZ=UTC GIT_CONFIG_NOSYSTEM=1
T=1700000000
tick() { T=$((T + 60)); export GIT_AUTHOR_DATE="$T +0000" GIT_COMMITTER_DATE="$T +0000"; }
git config --global init.defaultBranch main
"#;

fn load() -> Vec<crate::util::CaseText> {
    let only = std::env::var("SANDSH_GIT_CASE").ok();
    crate::util::case_files("git")
        .into_iter()
        .filter(|c| {
            only.as_deref()
                .is_none_or(|w| c.name.contains(w) || c.file.contains(w))
        })
        .collect()
}

struct Outcome {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    status: i32,
}

fn sandsh(script: &str) -> (Outcome, Kernel) {
    let mut k = Kernel::new(KernelConfig::default());
    let r = k.execute(&format!(
        "export HOME=/tmp/home\nmkdir -p /tmp/case /tmp/home && cd /tmp/case\n{PRELUDE}{script}"
    ));
    (
        Outcome {
            stdout: r.stdout,
            stderr: r.stderr,
            status: r.exit_code,
        },
        k,
    )
}

fn host(dir: &Path, script: &str) -> Outcome {
    let home = dir.join("home");
    let case = dir.join("case");
    std::fs::create_dir_all(&home).expect("temp dir");
    std::fs::create_dir_all(&case).expect("temp dir");
    let r = Host::new()
        .dir(&case)
        .env("HOME", home.to_str().unwrap_or_default())
        .unset("XDG_CONFIG_HOME")
        .unset("GIT_DIR")
        .unset("GIT_WORK_TREE")
        .run(&format!("{PRELUDE}{script}"));
    Outcome {
        stdout: r.stdout,
        stderr: r.stderr,
        status: r.status,
    }
}

fn normalise(out: &[u8], case_dir: &str) -> Vec<u8> {
    String::from_utf8_lossy(out)
        .replace(case_dir, "$CASE")
        .into_bytes()
}

fn require_git() -> bool {
    diff::require("git", "git --version")
}

#[test]
fn git_matches_the_hosts_git() {
    if !require_git() {
        return;
    }
    let cases = load();
    assert!(!cases.is_empty(), "tests/git holds the cases");
    let base = std::env::temp_dir().join(format!("sandsh-git-diff-{}", std::process::id()));
    let mut failures = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        let dir = base.join(i.to_string());
        let want = host(&dir, &case.script);
        let host_case = dir.join("case").canonicalize().expect("case dir");
        let want_out = normalise(&want.stdout, &host_case.to_string_lossy());
        let want_err = normalise(&want.stderr, &host_case.to_string_lossy());
        let (got, _) = sandsh(&case.script);
        let got_out = normalise(&got.stdout, "/tmp/case");
        let got_err = normalise(&got.stderr, "/tmp/case");
        let stderr_too = case.directives.iter().any(|(k, _)| k == "stderr");
        if got_out != want_out || got.status != want.status || (stderr_too && got_err != want_err) {
            failures.push(format!(
                "{} / {}\n  host:   {:?} (status {})\n          {:?}\n  sandsh: {:?} (status {})\n          {:?}",
                case.file,
                case.name,
                String::from_utf8_lossy(&want_out),
                want.status,
                String::from_utf8_lossy(&want_err),
                String::from_utf8_lossy(&got_out),
                got.status,
                String::from_utf8_lossy(&got_err),
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&base);
    assert!(
        failures.is_empty(),
        "{} of {} cases differ from the host's git:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

/// Copy a VFS tree out to the host.
fn copy_out(k: &Kernel, from: &Path, to: &Path) {
    let be = k.backend();
    std::fs::create_dir_all(to).expect("mkdir");
    for e in be.list(from).expect("list") {
        let name = String::from_utf8_lossy(&e.name).into_owned();
        let src = from.join(&name);
        let dst = to.join(&name);
        match e.file_type {
            sandsh::vfs::FileType::Dir => copy_out(k, &src, &dst),
            sandsh::vfs::FileType::Symlink => {
                let t = be.read_link(&src).expect("readlink");
                std::os::unix::fs::symlink(t, &dst).expect("symlink");
            }
            _ => {
                std::fs::write(&dst, be.read(&src, None).expect("read")).expect("write");
                let m = be.stat(&src).expect("stat");
                use std::os::unix::fs::PermissionsExt;
                std::fs::set_permissions(&dst, std::fs::Permissions::from_mode(m.mode))
                    .expect("chmod");
            }
        }
    }
}

/// A repository made in sandsh, copied out, passes the host's `git fsck --strict`, reads
/// back with the same log, and is clean to the host's `git status`.
#[test]
fn a_sandsh_repository_passes_the_hosts_fsck() {
    if !require_git() {
        return;
    }
    let script = r#"git init -q repo && cd repo
mkdir -p src docs && printf 'fn main() {}\n' > src/main.rs && echo '# Demo' > README.md
printf 'target/\n*.log\n' > .gitignore && echo 'x' > debug.log
ln -s README.md link && printf '#!/bin/sh\necho hi\n' > run.sh && chmod +x run.sh
git add -A && git commit -q -m 'first commit'
tick; echo 'more' >> README.md && git commit -qam 'second: edit the readme'
tick; git switch -q -c feature && echo 'pub fn f() {}' > src/lib.rs && git add src && git commit -q -m 'add lib'
tick; git tag -a v1 -m 'release one' && git tag light
git switch -q main && git mv docs/../README.md README && git commit -q -m 'rename'
tick; git merge -q --no-ff feature -m 'merge the feature'
git log --format='%H %s' --all
"#;
    let (got, k) = sandsh(script);
    assert_eq!(got.status, 0, "{}", String::from_utf8_lossy(&got.stderr));
    let dir = std::env::temp_dir().join(format!("sandsh-git-rt-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_out(&k, Path::new("/tmp/case/repo"), &dir);
    let fsck = Host::new()
        .dir(&dir)
        .run("git fsck --strict --no-dangling 2>&1; echo status=$?");
    assert_eq!(
        String::from_utf8_lossy(&fsck.stdout),
        "status=0\n",
        "the host's git fsck on a sandsh repository"
    );
    let log = Host::new().dir(&dir).run("git log --format='%H %s' --all");
    assert_eq!(log.stdout, got.stdout, "the same log on the host");
    let st = Host::new()
        .dir(&dir)
        .run("git status --porcelain; git diff HEAD --stat");
    assert_eq!(
        String::from_utf8_lossy(&st.stdout),
        "",
        "clean to the host's git"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A repository made by the host's git (packed by `git gc`, with loose objects after it)
/// reads back in sandsh as the host reads it.
#[test]
fn a_host_repository_reads_back_identically() {
    if !require_git() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("sandsh-git-in-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("mkdir");
    let make = format!(
        "{PRELUDE}git init -q repo && cd repo && for i in 1 2 3 4 5; do tick; seq 1 $((i * 50)) > f.txt; echo $i > n$i; git add . && git commit -q -m \"commit $i\"; done; git gc -q; tick; echo loose > after && git add after && git commit -q -m 'after gc'; git tag v1 HEAD~2"
    );
    let home = dir.join("home");
    std::fs::create_dir_all(&home).expect("mkdir");
    let r = Host::new()
        .dir(&dir)
        .env("HOME", home.to_str().unwrap_or_default())
        .run(&make);
    assert_eq!(r.status, 0, "{}", String::from_utf8_lossy(&r.stderr));
    let read = "cd repo && git log --stat && git show v1 && git status && git diff HEAD~3 --numstat && git ls-files -s | head -3 && git cat-file -p HEAD^{tree}";
    let want = Host::new()
        .dir(&dir)
        .env("HOME", home.to_str().unwrap_or_default())
        .run(&format!("{PRELUDE}{read}"));
    let mut k = Kernel::new(KernelConfig::default().copy_dir(&dir, "/tmp/in"));
    let got = k.execute(&format!(
        "export HOME=/tmp/in/home\ncd /tmp/in\n{PRELUDE}{read}"
    ));
    assert_eq!(
        String::from_utf8_lossy(&got.stdout),
        String::from_utf8_lossy(&want.stdout),
        "{}",
        String::from_utf8_lossy(&got.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
