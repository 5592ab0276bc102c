//! CLI-level tests of the `sandsh` binary: invocation forms, options, exit statuses.

use std::io::Write;
use std::process::{Command, Stdio};

fn sandsh() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sandsh"))
}

fn run(args: &[&str], stdin: &str) -> (String, String, i32) {
    let mut child = sandsh()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn sandsh");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    let out = child.wait_with_output().expect("wait");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn dash_c_sets_dollar0_and_positionals() {
    let (out, _, code) = run(&["-c", "echo \"$0|$1|$2|$#\"", "name", "a b", "c"], "");
    assert_eq!(out, "name|a b|c|2\n");
    assert_eq!(code, 0);
}

#[test]
fn exit_status_is_the_scripts() {
    assert_eq!(run(&["-c", "exit 3"], "").2, 3);
    assert_eq!(run(&["-c", "false"], "").2, 1);
    assert_eq!(run(&["-c", "nosuchcommand"], "").2, 127);
}

#[test]
fn script_on_stdin_runs() {
    let (out, _, code) = run(&[], "x=1\necho $((x+1))\nexit 4\necho never\n");
    assert_eq!(out, "2\n");
    assert_eq!(code, 4);
}

#[test]
fn stdin_reaches_commands_with_dash_c() {
    let (out, _, _) = run(&["-c", "read a; echo \"got $a\"; cat"], "first\nrest\n");
    assert_eq!(out, "got first\nrest\n");
}

#[test]
fn script_file_with_args() {
    let dir = std::env::temp_dir().join(format!("sandsh-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("mkdir");
    let f = dir.join("s.sh");
    std::fs::write(&f, "echo \"$# $1\"\nf() { echo \"${FUNCNAME[@]}\"; }\nf\n").expect("write");
    let (out, _, code) = run(&[f.to_str().expect("utf8"), "arg1"], "");
    assert_eq!(out, "1 arg1\nf main\n");
    assert_eq!(code, 0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn missing_script_file_is_127() {
    let (_, err, code) = run(&["/nonexistent/x.sh"], "");
    assert_eq!(code, 127);
    assert!(err.contains("No such file or directory"), "{err}");
}

#[test]
fn shell_options() {
    assert_eq!(run(&["-e", "-c", "false; echo no"], "").0, "");
    assert_eq!(run(&["-u", "-c", "echo $unset; echo no"], "").2, 127);
    assert_eq!(
        run(&["-o", "pipefail", "-c", "false | true; echo $?"], "").0,
        "1\n"
    );
    let (out, err, _) = run(&["-x", "-c", "echo hi"], "");
    assert_eq!(out, "hi\n");
    assert_eq!(err, "+ echo hi\n");
}

#[test]
fn syntax_error_is_status_2_after_earlier_lines_ran() {
    let (out, err, code) = run(&[], "echo before\nif then\necho after\n");
    assert_eq!(out, "before\n");
    assert_eq!(code, 2);
    assert!(
        err.contains("syntax error near unexpected token `then'"),
        "{err}"
    );
}

#[test]
fn version_and_help() {
    let (out, _, code) = run(&["--version"], "");
    assert!(out.starts_with("sandsh "), "{out}");
    assert_eq!(code, 0);
    let (out, _, code) = run(&["--help"], "");
    assert!(out.contains("-c COMMANDS"), "{out}");
    assert_eq!(code, 0);
}

#[test]
fn host_filesystem_is_not_visible() {
    let dir = std::env::temp_dir().join(format!("sandsh-host-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("mkdir");
    let f = dir.join("secret.txt");
    std::fs::write(&f, "host data\n").expect("write");
    let script = format!(
        "cat {} 2>/dev/null; echo $?; echo x > {}/new 2>/dev/null; echo $?",
        f.display(),
        dir.display()
    );
    let (out, _, code) = run(&["-c", &script], "");
    assert_eq!(out, "1\n1\n");
    assert_eq!(code, 0);
    assert!(!dir.join("new").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
