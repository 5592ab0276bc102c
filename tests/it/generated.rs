//! The committed man page and shell completions match what the binary generates.
//!
//! They are generated from the clap definition (`src/cli.rs`), which grows new flags; this test
//! fails when a flag changed without regenerating. Refresh them all with
//! `SANDSH_BLESS=1 cargo test --test it generated::`.

use std::path::Path;
use std::process::Command;

/// (committed file, `--generate` arguments)
const FILES: &[(&str, &[&str])] = &[
    ("man/sandsh.1", &["man"]),
    ("completions/sandsh.bash", &["completions", "bash"]),
    ("completions/_sandsh", &["completions", "zsh"]),
    ("completions/sandsh.fish", &["completions", "fish"]),
    ("completions/sandsh.elv", &["completions", "elvish"]),
    ("completions/_sandsh.ps1", &["completions", "powershell"]),
];

fn generate(args: &[&str]) -> Vec<u8> {
    let out = Command::new(env!("CARGO_BIN_EXE_sandsh"))
        .arg("--generate")
        .args(args)
        .output()
        .expect("run sandsh --generate");
    assert!(
        out.status.success(),
        "sandsh --generate {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        !out.stdout.is_empty(),
        "sandsh --generate {args:?} printed nothing"
    );
    out.stdout
}

#[test]
fn generated_files_are_up_to_date() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bless = std::env::var_os("SANDSH_BLESS").is_some();
    let mut stale = Vec::new();
    for (file, args) in FILES {
        let want = generate(args);
        let path = root.join(file);
        if bless {
            std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
            std::fs::write(&path, &want).expect("write");
            continue;
        }
        let have = std::fs::read(&path).unwrap_or_default();
        if have != want {
            stale.push(*file);
        }
    }
    assert!(
        stale.is_empty(),
        "out of date: {stale:?}\nrefresh with: SANDSH_BLESS=1 cargo test --test it generated::"
    );
}

#[test]
fn man_page_and_completions_name_the_real_flags() {
    let man = String::from_utf8(generate(&["man"])).expect("utf-8");
    assert!(man.contains(".TH sandsh 1"), "{man}");
    for flag in ["timeout", "mount", "no\\-init", "generate"] {
        assert!(man.contains(flag), "man page lacks {flag}");
    }
    let bash = String::from_utf8(generate(&["completions", "bash"])).expect("utf-8");
    assert!(bash.contains("--no-init") && bash.contains("--timeout"));
}

#[test]
fn unknown_shell_is_an_error() {
    let out = Command::new(env!("CARGO_BIN_EXE_sandsh"))
        .args(["--generate", "completions", "tcsh"])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown shell 'tcsh'"));
}

/// The README's limits table is the one `ExecutionLimits::markdown_table()` generates from the
/// limits table in `crates/sandsh-runtime/src/limits.rs`.
#[test]
fn readme_limits_table_is_up_to_date() {
    const BEGIN: &str = "<!-- limits table: generated from crates/sandsh-runtime/src/limits.rs; refresh with SANDSH_BLESS=1 cargo test --test it generated:: -->\n";
    const END: &str = "<!-- end of limits table -->\n";
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let readme = std::fs::read_to_string(&path).expect("read README.md");
    let start = readme
        .find(BEGIN)
        .expect("README lacks the limits table's start marker")
        + BEGIN.len();
    let end = start
        + readme[start..]
            .find(END)
            .expect("README lacks the limits table's end marker");
    let want = sandsh::kernel::ExecutionLimits::markdown_table();
    if std::env::var_os("SANDSH_BLESS").is_some() {
        let fresh = format!("{}{want}{}", &readme[..start], &readme[end..]);
        std::fs::write(&path, fresh).expect("write README.md");
        return;
    }
    assert_eq!(
        &readme[start..end],
        want,
        "README's limits table is out of date\nrefresh with: SANDSH_BLESS=1 cargo test --test it generated::"
    );
    for d in sandsh::limits::LIMITS {
        assert!(
            readme[start..end].contains(d.long),
            "README lacks {}",
            d.long
        );
    }
}
