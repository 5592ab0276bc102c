//! CLI-level tests of the `sandsh` binary: invocation forms, options, exit statuses.

use std::io::Write;
use std::process::{Command, Stdio};

fn sandsh() -> Command {
    // scripts/cancel-stress runs these tests from a copy of the binary, which a build running
    // meanwhile cannot replace.
    match std::env::var_os("SANDSH_TEST_BIN") {
        Some(b) => Command::new(b),
        None => Command::new(env!("CARGO_BIN_EXE_sandsh")),
    }
}

fn run(args: &[&str], stdin: &str) -> (String, String, i32) {
    let mut child = sandsh()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn sandsh");
    // A shell that refuses its arguments exits without reading its input, so
    // the write may meet a closed pipe; what it printed is what is checked.
    match child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
    {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => panic!("write stdin: {e}"),
        _ => {}
    }
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

/// Syntax errors under `-c` and in `eval` are named as bash 5.2 names them (checked against
/// `bash -c`): `-c:` before the line, "unexpected end of file" on the line after the text, and
/// the offending text of an `eval` string on a second line.
#[test]
fn syntax_errors_under_dash_c_and_eval_as_bash() {
    let cases: &[(&str, &str)] = &[
        (
            "if",
            "sandsh: -c: line 2: syntax error: unexpected end of file\n",
        ),
        (
            "echo )",
            "sandsh: -c: line 1: syntax error near unexpected token `)'\nsandsh: -c: line 1: `echo )'\n",
        ),
        (
            "eval ')'",
            "sandsh: eval: line 1: syntax error near unexpected token `)'\nsandsh: eval: line 1: `)'\n",
        ),
        (
            "eval 'if true'",
            "sandsh: eval: line 2: syntax error: unexpected end of file\n",
        ),
        (
            "eval 'if true\n'",
            "sandsh: eval: line 3: syntax error: unexpected end of file\n",
        ),
    ];
    for (script, want) in cases {
        let (_, err, code) = run(&["-c", script], "");
        assert_eq!((err.as_str(), code), (*want, 2), "{script}");
    }
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

fn tmpdir(tag: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("sandsh-cli-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("mkdir");
    d
}

#[test]
fn snapshot_persists_between_invocations() {
    let d = tmpdir("snap");
    let snap = d.join("s.snap");
    let s = snap.to_str().expect("utf8");
    let (_, err, code) = run(
        &[
            "--snapshot",
            s,
            "-c",
            "x=7; f() { echo f$1; }; echo kept > /tmp/k; cd /tmp",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let (out, _, _) = run(&["--snapshot", s, "-c", "echo $x; f 1; cat k; pwd"], "");
    assert_eq!(out, "7\nf1\nkept\n/tmp\n");
    std::fs::write(&snap, b"not a snapshot").expect("write");
    let (_, err, code) = run(&["--snapshot", s, "-c", "echo hi"], "");
    assert_eq!(code, 2);
    assert!(err.contains("not a sandsh snapshot"), "{err}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn killing_during_a_save_leaves_old_or_new_snapshot() {
    let d = tmpdir("kill");
    let snap = d.join("s.snap");
    let s = snap.to_str().expect("utf8").to_string();
    // A first, small snapshot.
    let (_, _, code) = run(&["--snapshot", &s, "-c", "echo old > /marker"], "");
    assert_eq!(code, 0);
    // Large saves, killed at different moments.
    let script = "echo new > /marker; i=0; while ((i<3000)); do printf '%4096d' $i > /tmp/f$i; ((i++)); done";
    for delay_ms in [5u64, 20, 40, 60, 80, 100, 130, 160, 200, 260] {
        let mut child = sandsh()
            .args(["--snapshot", &s, "-c", script])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn");
        std::thread::sleep(std::time::Duration::from_millis(delay_ms));
        let _ = child.kill();
        let _ = child.wait();
        let (out, err, code) = run(&["--snapshot", &s, "-c", "cat /marker"], "");
        assert_eq!(code, 0, "after kill at {delay_ms} ms: {err}");
        assert!(
            out == "old\n" || out == "new\n",
            "after kill at {delay_ms} ms: {out:?}"
        );
        // Put the old snapshot back for the next round.
        let (_, _, _) = run(
            &["--snapshot", &s, "-c", "echo old > /marker; rm -f /tmp/f*"],
            "",
        );
    }
    let leftovers: Vec<_> = std::fs::read_dir(&d)
        .expect("readdir")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        leftovers
            .iter()
            .all(|n| n == "s.snap" || n.contains(".tmp.")),
        "{leftovers:?}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn mount_flag_and_errors() {
    let d = tmpdir("mount");
    std::fs::write(d.join("h.txt"), "host\n").expect("write");
    let m = format!("{}:/data:ro", d.display());
    let (out, _, code) = run(
        &["--mount", &m, "-c", "cat /data/h.txt; mount | tail -n 1"],
        "",
    );
    assert_eq!(code, 0);
    assert!(out.starts_with("host\nhost:"), "{out}");
    let (_, err, code) = run(&["--mount", "/nonexistent/x:/data", "-c", "true"], "");
    assert_eq!(code, 2);
    assert!(err.contains("/nonexistent/x"), "{err}");
    let (_, err, code) = run(&["--mount", "nocolon", "-c", "true"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--mount"), "{err}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn json_output_is_one_object() {
    let (out, _, code) = run(&["--json", "-c", "echo hi; echo oops >&2; exit 3"], "");
    assert_eq!(code, 3);
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(v["stdout"], "hi\n");
    assert_eq!(v["stderr"], "oops\n");
    assert_eq!(v["exit_code"], 3);
    assert_eq!(v["error"], serde_json::Value::Null);
    assert_eq!(v["stdout_truncated"], false);
    assert!(v["duration_ms"].is_u64());
    let (out, _, code) = run(&["--json", "-c", "echo a; if then"], "");
    assert_eq!(code, 2);
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(v["error"], "parse_error");
    assert_eq!(
        v["diagnostic"]["message"],
        "syntax error near unexpected token `then'"
    );
    assert_eq!(v["diagnostic"]["labels"][0]["span"]["offset"], 11);
}

#[test]
fn timeout_flag() {
    let (out, err, code) = run(
        &[
            "--timeout",
            "300ms",
            "-c",
            "echo start; while :; do :; done",
        ],
        "",
    );
    assert_eq!(out, "start\n");
    assert_eq!(err, "sandsh: timed out after 300ms\n");
    assert_eq!(code, 124);
}

#[test]
fn output_is_streamed_as_produced() {
    use std::io::BufRead;
    // A handshake, not a clock: the script prints a line, then waits for a marker file that
    // the test writes only after it has read that line. Output held back until the end
    // would leave the first read waiting until the hang guard releases the script.
    let dir = tempfile::tempdir().expect("tempdir");
    let go = dir.path().join("go");
    let mut child = sandsh()
        .arg("--mount")
        .arg(format!("{}:/h:ro", dir.path().display()))
        .args([
            "-c",
            "echo first; until [ -e /h/go ]; do sleep 0.05; done; echo second",
        ])
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn");
    let guard = {
        let go = go.clone();
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_secs(60));
            let _ = std::fs::write(go, "");
        })
    };
    let mut lines = std::io::BufReader::new(child.stdout.take().expect("stdout")).lines();
    let first = lines.next().expect("line").expect("read");
    assert_eq!(first, "first");
    assert!(
        !go.exists(),
        "the first line came only after the script was released"
    );
    std::fs::write(&go, "").expect("marker");
    assert_eq!(lines.next().expect("line").expect("read"), "second");
    let _ = child.wait();
    drop(guard);
}

#[test]
fn system_prompt_and_tool_help_follow_the_configuration() {
    let (out, _, code) = run(&["--system-prompt"], "");
    assert_eq!(code, 0);
    assert!(out.starts_with("# Bash Tool\n"), "{out}");
    assert!(
        out.contains("Input: {\"commands\": \"<bash commands>\"}"),
        "{out}"
    );
    let (out, _, code) = run(&["--tool-help", "--profile", "strict"], "");
    assert_eq!(code, 0);
    assert!(out.contains("NAME\n"), "{out}");
    assert!(out.contains("CONFIGURATION"), "{out}");
    assert!(out.contains("10000 iterations"), "{out}");
}

/// `sandsh -c 'while :; do echo y; done' | head -n 1`: like bash, the shell dies of SIGPIPE
/// when its reader goes away instead of looping on failing writes.
#[cfg(unix)]
#[test]
fn closed_stdout_ends_the_shell_with_sigpipe() {
    use std::io::{BufRead, BufReader};
    use std::os::unix::process::ExitStatusExt;
    use std::time::{Duration, Instant};
    let mut child = sandsh()
        .args(["-c", "while :; do echo y; done"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn sandsh");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("read");
    assert_eq!(line, "y\n");
    // The reader is dropped here.
    let start = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break s;
        }
        if start.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            panic!("sandsh kept running after its stdout was closed");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    assert_eq!(status.signal(), Some(libc::SIGPIPE), "{status:?}");
}

/// THREAT DOS-CANCEL-2: a read of the CLI's own stdin wakes at the timeout, not when the
/// writer (here: nobody, for 30 s) finally writes or closes.
#[test]
fn timeout_wakes_a_read_of_host_stdin() {
    let start = std::time::Instant::now();
    let mut child = sandsh()
        .args(["--timeout", "500ms", "-c", "read x; echo never"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn sandsh");
    // Keep the write end open and silent.
    let _stdin = child.stdin.take();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    let out = rx
        .recv_timeout(std::time::Duration::from_secs(20))
        .expect("sandsh did not end at its timeout")
        .expect("wait");
    assert_eq!(out.status.code(), Some(124));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    assert!(start.elapsed() < std::time::Duration::from_secs(10));
}

/// THREAT INJ-TERM-1: `--json` output carries control characters escaped, never raw.
#[test]
fn json_output_escapes_control_characters() {
    let (out, _, _) = run(
        &[
            "--json",
            "-c",
            "printf '\\e[2J\\e]0;x\\a'; printf '\\e[31m' >&2",
        ],
        "",
    );
    assert!(!out.contains('\u{1b}') && !out.contains('\u{7}'), "{out:?}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(v["stdout"], "\u{1b}[2J\u{1b}]0;x\u{7}");
    assert_eq!(v["stderr"], "\u{1b}[31m");
}

/// THREAT ESC-ASLR-1: the binary is position-independent (ELF type ET_DYN: a PIE, static or
/// not), so the loader places it at a random address.
#[test]
#[cfg(target_os = "linux")]
fn the_binary_is_position_independent() {
    let data = std::fs::read(env!("CARGO_BIN_EXE_sandsh")).expect("read the binary");
    assert_eq!(&data[..4], b"\x7fELF");
    let e_type = u16::from_le_bytes([data[16], data[17]]);
    assert_eq!(e_type, 3, "ET_DYN expected (PIE); got {e_type}");
}

/// THREAT ESC-ASLR-2: a statically linked glibc cannot load NSS modules, so a user-database or
/// resolver lookup in the binary would silently misbehave (or load the host's libraries at run
/// time). The binary's own code links none: its symbol table (read with binutils' `nm`, which
/// the C linker this build needs comes with) defines no NSS entry point but those the session
/// stores' clients bring (`redis`, `tokio-postgres`: `getaddrinfo` and what it calls, `getpwuid_r`), which never
/// run: `--session-store` takes IP addresses only and a PostgreSQL URL must name its user
/// (`src/store/mod.rs`, `literal_hosts`).
#[test]
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn the_binary_makes_no_nss_lookups() {
    let out = std::process::Command::new("nm")
        .args(["--defined-only", env!("CARGO_BIN_EXE_sandsh")])
        .output()
        .expect("run nm (binutils)");
    assert!(out.status.success(), "nm failed");
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(table.lines().count() > 1000, "no symbol table: {table}");
    let stores_bring = |name: &str| {
        matches!(
            name,
            "getaddrinfo" | "getpwuid_r" | "gethostbyname2_r" | "getservbyname_r"
        ) || name.starts_with("_nss_files_")
            || name.starts_with("_nss_dns_")
            || name == "_nss_netgroup_parseline"
    };
    let nss: Vec<&str> = table
        .lines()
        .filter_map(|l| l.split_whitespace().nth(2))
        .filter(|name| !stores_bring(name))
        .filter(|name| {
            matches!(
                *name,
                "getpwuid_r"
                    | "getpwnam_r"
                    | "getgrgid_r"
                    | "getgrnam_r"
                    | "getaddrinfo"
                    | "gethostbyname_r"
                    | "gethostbyname2_r"
                    | "getservbyname_r"
            ) || name.starts_with("_nss_")
        })
        .collect();
    assert!(nss.is_empty(), "the binary defines NSS lookups: {nss:?}");
}

#[test]
fn cwd_and_env_flags() {
    let d = tmpdir("cwd");
    std::fs::write(d.join("f.txt"), "in the mount\n").expect("write");
    let m = format!("{}:/work:overlay", d.display());
    let (out, err, code) = run(
        &[
            "--mount",
            &m,
            "--cwd",
            "/work",
            "-c",
            "pwd; cat f.txt; echo $PWD",
        ],
        "",
    );
    assert_eq!(
        (out.as_str(), code),
        ("/work\nin the mount\n/work\n", 0),
        "{err}"
    );
    let (_, err, code) = run(&["--cwd", "/nope", "-c", "true"], "");
    assert_eq!(
        (err.as_str(), code),
        ("sandsh: cwd /nope: No such file or directory\n", 2)
    );

    // Only the host variables named pass through; NAME=VALUE sets one.
    let out = sandsh()
        .args([
            "--env",
            "PASSED",
            "--env",
            "SET=a=b",
            "--env",
            "ABSENT_ON_HOST",
            "-c",
        ])
        .arg("echo $PASSED $SET ${ABSENT_ON_HOST-unset} ${NOT_PASSED-unset}; env | grep -c PASSED")
        .env("PASSED", "from host")
        .env("NOT_PASSED", "secret")
        .env_remove("ABSENT_ON_HOST")
        .output()
        .expect("run");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "from host a=b unset unset\n1\n"
    );
    let (_, err, code) = run(&["--env", "1BAD", "-c", "true"], "");
    assert_eq!(
        (err.as_str(), code),
        ("sandsh: --env: `1BAD': not a valid identifier\n", 2)
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn unknown_option_is_refused_as_bash_refuses_it() {
    let (out, err, code) = run(&["--bogus"], "echo ran\n");
    assert_eq!((out.as_str(), code), ("", 2), "stderr: {err}");
    assert!(
        err.starts_with("sandsh: --bogus: invalid option\nUsage: sandsh "),
        "{err}"
    );
    let (_, err, code) = run(&["-Z"], "");
    assert_eq!(code, 2, "{err}");
    // After -c the commands and $0 may look like options; `-` is standard input.
    let (out, _, code) = run(&["-c", "echo \"$0\"", "--bogus"], "");
    assert_eq!((out.as_str(), code), ("--bogus\n", 0));
    let (out, _, code) = run(&["-"], "echo stdin\n");
    assert_eq!((out.as_str(), code), ("stdin\n", 0));
}

#[test]
fn mcp_servers_refuse_stray_arguments() {
    let (out, err, code) = run(
        &["--mcp-http", "127.0.0.1:0", "--session-stor", "redis://x"],
        "",
    );
    assert_eq!((out.as_str(), code), ("", 2), "stderr: {err}");
    assert!(
        err.starts_with("sandsh: --mcp-http: unexpected argument '--session-stor'\n"),
        "{err}"
    );
    let (_, err, code) = run(&["--mcp", "extra"], "");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--mcp: unexpected argument 'extra'"), "{err}");
}

#[test]
fn dash_reads_the_script_from_stdin_with_arguments() {
    let (out, _, code) = run(&["-", "a", "b"], "echo \"$#:$1:$2\"\n");
    assert_eq!((out.as_str(), code), ("2:a:b\n", 0));
}
