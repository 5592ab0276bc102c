//! Differential tests for `rg` against Debian's ripgrep 13 on this machine: the same command
//! lines run by host `rg` in a temporary directory and by sandsh over a copy of that tree in
//! its VFS; stdout and exit status byte for byte. The host runs get `--sort path` (sandsh
//! always walks sorted by path, as its `--help` says), and stdin from `/dev/null` so that
//! both search the working directory.

use std::path::Path;

use sandsh::vfs::WriteMode;
use sandsh::{Kernel, KernelConfig};

use crate::diff::{self, Host};

fn have_rg() -> bool {
    diff::require(
        "ripgrep (apt-get install ripgrep)",
        "rg --version | grep -q '^ripgrep 13'",
    )
}

/// The tree both sides search: a git repository with ignore files at several levels,
/// hidden files, several file types and a binary file.
fn tree() -> Vec<(&'static str, Vec<u8>)> {
    vec![
        (".git/HEAD", b"ref: refs/heads/main\n".to_vec()),
        (".gitignore", b"*.log\nbuild/\n!keep.log\n".to_vec()),
        (".ignore", b"secret.txt\n".to_vec()),
        ("README.md", b"# Title\nfoo in readme\nFoo upper\n".to_vec()),
        ("a.txt", b"foo\nbar\nbaz\nfoo bar\nqux\n".to_vec()),
        ("app.log", b"foo in a log\n".to_vec()),
        ("keep.log", b"foo kept\n".to_vec()),
        ("secret.txt", b"foo secret\n".to_vec()),
        (".hidden.txt", b"foo hidden\n".to_vec()),
        ("bin.dat", b"foo\0bar\nfoo\n".to_vec()),
        // Lines that are not UTF-8, 1, 2 and 3 bytes past a whole base64 group (`--json`'s bytes).
        (
            "latin1.txt",
            b"caf\xe9\nna\xefve foo\nfoo \xff\xfe\n".to_vec(),
        ),
        ("build/out.txt", b"foo built\n".to_vec()),
        (
            "src/main.rs",
            b"fn main() {\n    let foo = 1;\n    println!(\"{}\", foo);\n}\n".to_vec(),
        ),
        (
            "src/lib.py",
            b"def foo():\n    return 'foobar'\n\n\nclass Foo:\n    pass\n".to_vec(),
        ),
        ("src/.rgignore", b"gen.rs\n".to_vec()),
        ("src/gen.rs", b"// foo generated\n".to_vec()),
        ("src/nested/.gitignore", b"*.tmp\n".to_vec()),
        ("src/nested/deep.tmp", b"foo tmp\n".to_vec()),
        (
            "src/nested/deep.rs",
            b"const FOO: u8 = 0; // foo\nx\ny\nz\nfoo again\n".to_vec(),
        ),
        (
            "notes/todo.md",
            b"- TODO: foo\n- done\n- TODO: bar\n".to_vec(),
        ),
        ("notes/no-newline.txt", b"last foo".to_vec()),
        (
            "words.txt",
            b"a -foo b\nx-foo\n-foo\nfoo- bar\nfoo-\nfoo foo,foo\na foo-foo\n".to_vec(),
        ),
    ]
}

const CASES: &[&str] = &[
    "rg foo",
    "rg -n foo",
    "rg -N foo",
    "rg -i FOO",
    "rg -S Foo",
    "rg -S foo",
    "rg -s Foo",
    "rg -w foo",
    // ripgrep's -w: a non-word character or the line's edge on each side, not \\b.
    "rg -nw -- -foo words.txt",
    "rg -nw 'foo-' words.txt",
    "rg -now foo words.txt",
    "rg -w --count-matches foo words.txt",
    "rg -w --json foo words.txt",
    "rg -w -r '[$0]' foo words.txt",
    "rg -w -r '<$1>' 'f(o)o' words.txt",
    "rg -nw --column 'foo|-foo' words.txt",
    "rg -x foo",
    "rg -F 'foo()'",
    "rg -e foo -e TODO",
    "rg -l foo",
    "rg --files-with-matches TODO",
    "rg --files-without-match foo",
    "rg -c foo",
    "rg --count-matches foo",
    "rg -o 'fo+'",
    "rg -v foo a.txt",
    "rg -A1 foo",
    "rg -B1 TODO",
    "rg -C1 foo src",
    "rg -n -C2 foo a.txt src/nested/deep.rs",
    "rg -g '*.rs' foo",
    "rg -g '!*.rs' foo",
    "rg -g '!src' foo",
    "rg --iglob '*.MD' foo",
    "rg -t py foo",
    "rg -t rust -t md foo",
    "rg -T rust foo",
    "rg --hidden foo",
    "rg --no-ignore foo",
    "rg -u foo",
    "rg -uu foo",
    "rg --files",
    "rg --files src",
    "rg --files -g '*.md'",
    "rg --hidden --files",
    "rg -r bar foo a.txt",
    "rg -o -r '[$1]' 'fo(o+)' a.txt",
    "rg -r '${x}!' '(?P<x>TODO)' notes",
    "rg -m1 foo",
    "rg -m1 -A1 foo a.txt",
    "rg --max-depth 1 foo",
    "rg --max-depth 0 foo src",
    "rg -0 -l foo",
    "rg --null foo a.txt README.md",
    "rg -H foo a.txt",
    "rg --no-filename foo src",
    "rg -I foo src",
    "rg --heading foo",
    "rg --heading -n -C1 foo src",
    "rg --no-heading foo src",
    "rg --column foo src",
    "rg --vimgrep foo src",
    "rg -q foo",
    "rg -q nothing-here",
    "rg nothing-here",
    "rg --color never foo a.txt",
    "rg --trim foo src",
    "rg -M 10 foo src",
    "rg foo bin.dat",
    "rg -c foo bin.dat a.txt",
    "rg foo app.log",
    "rg foo build",
    "rg foo ./",
    "rg foo . -l",
    "rg foo src/",
    "rg foo missing.txt a.txt",
    "rg '[' a.txt",
    "rg foo notes/no-newline.txt",
    "cd src && rg foo",
    "cd src/nested && rg foo",
    "cd notes && rg -n TODO ..",
    "rg '^\\s+\\w+' src",
    "rg 'foo$' a.txt",
    "rg -f notes/todo.md a.txt",
    "rg -v -c foo a.txt",
];

/// ripgrep's `--json` stats hold timings: compared without them.
fn without_timings(b: &[u8]) -> String {
    let s = String::from_utf8_lossy(b);
    let re = regex::Regex::new(r#""(elapsed|elapsed_total)":\{[^}]*\}"#).expect("regex");
    re.replace_all(&s, "\"$1\":{}").into_owned()
}

#[test]
fn rg_matches_ripgrep() {
    if !have_rg() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("sandsh-rg-diff-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut k = Kernel::new(KernelConfig::default());
    for (name, data) in tree() {
        let p = dir.join(name);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
        std::fs::write(&p, &data).expect("write");
        let v = Path::new("/tmp/r").join(name);
        k.backend()
            .mkdir(v.parent().expect("parent"), 0o755, true)
            .expect("vfs mkdir");
        k.backend()
            .write(&v, &data, WriteMode::Truncate, 0o644)
            .expect("vfs write");
    }
    let mut cases: Vec<String> = CASES.iter().map(|s| s.to_string()).collect();
    cases.push("rg --json foo a.txt".into());
    cases.push("rg --json -C1 TODO notes".into());
    cases.push("rg --json foo notes/no-newline.txt src/lib.py".into());
    cases.push("rg --json -e caf -e foo latin1.txt".into());
    let mut failures = Vec::new();
    for case in &cases {
        // The host walks in directory order unless told to sort.
        let host_case = case.replacen("rg ", "rg --sort path ", 1);
        let want = Host::new()
            .dir(&dir)
            .run(&format!("{host_case} < /dev/null"));
        let r = k.execute(&format!("cd /tmp/r && {case}"));
        let (got, exp) = if case.contains("--json") {
            (without_timings(&r.stdout), without_timings(&want.stdout))
        } else {
            (
                String::from_utf8_lossy(&r.stdout).into_owned(),
                String::from_utf8_lossy(&want.stdout).into_owned(),
            )
        };
        if got != exp || r.exit_code != want.status {
            failures.push(format!(
                "{case}\n  rg:     {exp:?} status {}\n  sandsh: {got:?} status {} stderr {:?}",
                want.status,
                r.exit_code,
                String::from_utf8_lossy(&r.stderr),
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        failures.is_empty(),
        "{} of {} rg cases differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

#[test]
fn rg_reads_piped_stdin_and_reports_version() {
    let mut k = Kernel::new(KernelConfig::default());
    let r = k.execute("printf 'one\\ntwo\\n' | rg -n o; rg --version | head -1");
    assert_eq!(
        String::from_utf8_lossy(&r.stdout),
        "1:one\n2:two\nripgrep 13.0.0\n"
    );
}

/// `-z`: the same files compressed on both sides (by host gzip/bzip2/xz and by sandsh's), then
/// searched; stdout, stderr (a file that is not what its name says) and status compared.
#[test]
fn rg_search_zip_matches_ripgrep() {
    if !have_rg() || !diff::require("xz (apt-get install xz-utils)", "command -v xz") {
        return;
    }
    let setup = "printf 'hello world\\nfoo\\n' > a.txt && gzip -k a.txt && cp a.txt b.txt \
        && bzip2 -k b.txt && cp a.txt c.txt && xz -k c.txt && gzip -c a.txt > d.tgz \
        && printf 'not gz hello\\n' > bad.gz && printf 'hello\\n' > plain.txt \
        && mkdir sub && printf 'deep hello\\n' | gzip > sub/e.txt.gz";
    let dir = std::env::temp_dir().join(format!("sandsh-rg-z-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("mkdir");
    assert_eq!(Host::new().dir(&dir).run(setup).status, 0, "host setup");
    let mut k = Kernel::new(KernelConfig::default());
    let r = k.execute(&format!("mkdir -p /tmp/z && cd /tmp/z && {setup}"));
    assert_eq!(r.exit_code, 0, "{}", String::from_utf8_lossy(&r.stderr));
    let cases = [
        "rg -z hello",
        "rg -z -c hello",
        "rg -z -l hello",
        "rg -z -n foo c.txt.xz b.txt.bz2 a.txt.gz",
        "rg -z hello d.tgz sub",
        "rg -z -g '!bad.gz' hello",
        "rg -z -v hello a.txt.gz",
        "rg -z nothing-here a.txt.gz",
        "rg -c hello a.txt.gz plain.txt",
        "rg -z hello bad.gz",
        "rg -z -s hello bad.gz plain.txt",
    ];
    let mut failures = Vec::new();
    for case in cases {
        let host_case = case.replacen("rg ", "rg --sort path ", 1);
        let want = Host::new()
            .dir(&dir)
            .run(&format!("{host_case} < /dev/null"));
        let r = k.execute(&format!("cd /tmp/z && {case}"));
        if r.stdout != want.stdout || r.stderr != want.stderr || r.exit_code != want.status {
            failures.push(format!(
                "{case}\n  rg:     {:?} {:?} status {}\n  sandsh: {:?} {:?} status {}",
                String::from_utf8_lossy(&want.stdout),
                String::from_utf8_lossy(&want.stderr),
                want.status,
                String::from_utf8_lossy(&r.stdout),
                String::from_utf8_lossy(&r.stderr),
                r.exit_code,
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
