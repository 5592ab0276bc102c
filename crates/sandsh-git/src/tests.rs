//! `git` on a bare context (no session): the command line, what is refused, and object ids
//! that must equal the host git's. The differential suite against the host's git is
//! `tests/git/*.sh` (`tests/it/git_diff.rs`), with the round trips of repositories.

use sandsh_api::{BufferCtx, Command};

fn git(ctx: &mut BufferCtx, args: &[&str]) -> i32 {
    let args: Vec<Vec<u8>> = args.iter().map(|a| a.as_bytes().to_vec()).collect();
    ctx.out.clear();
    ctx.err.clear();
    crate::Git.run(&args, ctx)
}

fn ctx() -> BufferCtx {
    let mut c = BufferCtx::new();
    for (k, v) in [
        ("GIT_AUTHOR_NAME", "A U Thor"),
        ("GIT_AUTHOR_EMAIL", "author@example.com"),
        ("GIT_COMMITTER_NAME", "C O Mitter"),
        ("GIT_COMMITTER_EMAIL", "committer@example.com"),
        ("GIT_AUTHOR_DATE", "1700000000 +0000"),
        ("GIT_COMMITTER_DATE", "1700000000 +0000"),
    ] {
        c.env.push((k.into(), v.as_bytes().to_vec()));
    }
    c
}

#[test]
fn version_help_and_unknown_commands() {
    let mut c = ctx();
    assert_eq!(git(&mut c, &["--version"]), 0);
    assert_eq!(c.out_str(), format!("git version {}\n", crate::GIT_VERSION));
    assert_eq!(git(&mut c, &[]), 1);
    assert!(c.out_str().starts_with("usage: git [-v | --version]"));
    assert_eq!(git(&mut c, &["help"]), 0);
    assert_eq!(git(&mut c, &["frobnicate"]), 1);
    assert_eq!(
        c.err_str(),
        "git: 'frobnicate' is not a git command. See 'git --help'.\n"
    );
    assert_eq!(git(&mut c, &["--frobnicate"]), 129);
}

#[test]
fn what_is_not_supported_says_so_with_status_129() {
    let mut c = ctx();
    assert_eq!(git(&mut c, &["init", "-q"]), 0);
    for args in [
        &["stash", "branch", "x"][..],
        &["merge", "-s", "ours", "x"],
        &["rebase", "main"],
        &["clone", "--depth", "1", "a", "b"],
        &["add", "-p"],
        &["commit", "--fixup=HEAD"],
        &["log", "--follow"],
        &["diff", "--word-diff"],
    ] {
        assert_eq!(git(&mut c, args), 129, "{args:?}");
        assert!(
            c.err_str().contains("not supported by sandsh's git"),
            "{args:?}: {}",
            c.err_str()
        );
        assert!(c.out.is_empty(), "{args:?} printed {}", c.out_str());
    }
    assert_eq!(git(&mut c, &["commit", "--bogus"]), 129);
    assert!(c.err_str().starts_with("error: unknown option `bogus'"));
}

/// With fixed identity and dates the ids are the host git's (computed with git 2.47).
#[test]
fn commits_have_the_hosts_ids() {
    let mut c = ctx().file("README.md", b"hello\n");
    assert_eq!(git(&mut c, &["init", "-q", "-b", "main"]), 0);
    assert_eq!(git(&mut c, &["add", "README.md"]), 0);
    assert_eq!(git(&mut c, &["commit", "-q", "-m", "Initial commit"]), 0);
    assert_eq!(
        git(
            &mut c,
            &["rev-parse", "HEAD", "HEAD^{tree}", "HEAD:README.md"]
        ),
        0
    );
    assert_eq!(
        c.out_str(),
        "c7c56a4e68937dbb396c025245b871fee03aac7d\n853694aae8816094a0d875fee7ea26278dbf5d0f\nce013625030ba8dba906f756967f9e9ca394464a\n"
    );
    assert_eq!(git(&mut c, &["status", "--porcelain"]), 0);
    assert_eq!(c.out_str(), "");
}

#[test]
fn a_closed_repository_is_not_found() {
    let mut c = ctx();
    assert_eq!(git(&mut c, &["status"]), 128);
    assert_eq!(
        c.err_str(),
        "fatal: not a git repository (or any of the parent directories): .git\n"
    );
}

/// blame does not follow a file across a rename (git does): it says so rather than blame
/// every line on the commit that renamed it; options that change which lines move are
/// refused the same way.
#[test]
fn blame_refuses_what_it_cannot_follow() {
    let mut c = ctx().file("a.txt", b"one\ntwo\nthree\n");
    assert_eq!(git(&mut c, &["init", "-q", "-b", "main"]), 0);
    assert_eq!(git(&mut c, &["add", "a.txt"]), 0);
    assert_eq!(git(&mut c, &["commit", "-q", "-m", "one"]), 0);
    assert_eq!(git(&mut c, &["blame", "-s", "a.txt"]), 0);
    assert_eq!(
        c.out_str(),
        "^ae183ae 1) one\n^ae183ae 2) two\n^ae183ae 3) three\n"
    );
    assert_eq!(git(&mut c, &["mv", "a.txt", "b.txt"]), 0);
    assert_eq!(git(&mut c, &["commit", "-q", "-m", "rename"]), 0);
    for args in [
        &["blame", "b.txt"][..],
        &["blame", "-w", "b.txt"],
        &["blame", "-M", "b.txt"],
        &["blame", "HEAD~1..HEAD", "--", "b.txt"],
        &["blame", "-L", "/two/,+1", "b.txt"],
    ] {
        assert_eq!(git(&mut c, args), 129, "{args:?}");
        assert!(
            c.err_str().contains("not supported by sandsh's git"),
            "{args:?}: {}",
            c.err_str()
        );
        assert!(c.out.is_empty(), "{args:?} printed {}", c.out_str());
    }
}
