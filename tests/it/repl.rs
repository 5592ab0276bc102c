//! The REPL through a real pseudo-terminal (expectrl): what a person at a terminal sees.
//!
//! Every session gets temporary HOME and XDG directories (the user's real history and init file
//! are never touched) and a bounded expect timeout, so a broken REPL fails instead of hanging.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use expectrl::process::unix::WaitStatus;
use expectrl::session::OsSession;
use expectrl::{ControlCode, Expect, Regex, Session};

const TIMEOUT: Duration = Duration::from_secs(20);

/// The default prompt ends in `$ ` (the `$` possibly coloured), the status before it when
/// non-zero.
const PROMPT: &str = r"\$(?:\x1b\[[0-9;]*m)* ";

struct Repl {
    s: OsSession,
}

fn spawn(home: &Path, extra_env: &[(&str, &str)], args: &[&str]) -> Repl {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sandsh"));
    cmd.args(args)
        .env_clear()
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("TERM", "xterm-256color")
        .env("PATH", "/usr/bin:/bin");
    for (k, v) in extra_env {
        cmd.env(k, v);
    }
    let mut s = Session::spawn(cmd).expect("spawn sandsh in a pty");
    let _ = s.get_process_mut().set_window_size(120, 40);
    s.set_expect_timeout(Some(TIMEOUT));
    let mut r = Repl { s };
    r.prompt();
    r
}

fn plain(home: &Path) -> Repl {
    spawn(home, &[("NO_COLOR", "1")], &["--no-init"])
}

impl Repl {
    /// Wait for the primary prompt; returns what came before it.
    fn prompt(&mut self) -> String {
        let c = self.s.expect(Regex(PROMPT)).expect("prompt");
        String::from_utf8_lossy(c.before()).into_owned()
    }

    fn line(&mut self, text: &str) {
        self.s.send_line(text).expect("send line");
    }

    /// Wait for `re` (a regex); returns what came before the match and the match.
    fn expect_re(&mut self, re: &str) -> String {
        let c = self
            .s
            .expect(Regex(re))
            .unwrap_or_else(|e| panic!("expected /{re}/: {e}"));
        let mut all = String::from_utf8_lossy(c.before()).into_owned();
        all.push_str(&String::from_utf8_lossy(c.get(0).unwrap_or_default()));
        all
    }

    /// The exit status once the process ends.
    fn exit_status(&mut self) -> i32 {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            match self.s.get_process().status() {
                Ok(WaitStatus::Exited(_, code)) => return code,
                Ok(WaitStatus::Signaled(_, sig, _)) => panic!("killed by {sig:?}"),
                _ => {}
            }
            // Drain output so the child never blocks on a full pty.
            let mut buf = [0u8; 4096];
            let _ = self.s.try_read(&mut buf);
            assert!(Instant::now() < deadline, "sandsh did not exit");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

fn tempdir() -> tempfile::TempDir {
    tempfile::tempdir().expect("tempdir")
}

#[test]
fn prompt_appears_and_echo_prints() {
    let home = tempdir();
    let mut r = plain(home.path());
    r.line("echo hi");
    r.expect_re(r"\nhi\r?\n");
    r.prompt();
    // State persists across lines (one kernel).
    r.line("x=4; f() { echo f$1; }");
    r.prompt();
    r.line("f $x");
    r.expect_re(r"\nf4\r?\n");
}

#[test]
fn multi_line_if_completes_with_ps2() {
    let home = tempdir();
    let mut r = plain(home.path());
    r.line("if true; then");
    r.s.expect("> ").expect("PS2 after `if`");
    r.line("echo ye''s");
    r.s.expect("> ").expect("PS2 before `fi`");
    r.line("fi");
    r.expect_re(r"\nyes\r?\n");
    // A trailing pipe and an open quote continue too.
    r.prompt();
    r.line("echo 'a");
    r.s.expect("> ").expect("PS2 in quote");
    r.line("b' |");
    r.s.expect("> ").expect("PS2 after pipe");
    r.line("tr ab AB");
    r.expect_re(r"\nA\r?\nB'?\r?\n");
}

#[test]
fn tab_completes_commands_and_sandbox_paths() {
    let home = tempdir();
    let mut r = plain(home.path());
    r.line("mkdir -p dirxyz && echo content$((40+2)) > dirxyz/filexyz");
    r.prompt();
    r.s.send("ech\t").expect("send");
    r.s.expect("echo ").expect("ech<Tab> completes to echo");
    r.s.send("tab$((1+1))\r").expect("send");
    r.expect_re(r"\ntab2\r?\n");
    r.prompt();
    r.s.send("cat dirx\t").expect("send");
    r.s.expect("dirxyz/").expect("directory completed");
    r.s.send("fil\t").expect("send");
    r.s.expect("filexyz").expect("file completed");
    r.s.send("\r").expect("send");
    r.expect_re(r"\ncontent42\r?\n");
}

#[test]
fn ctrl_c_cancels_a_running_command_quickly() {
    let home = tempdir();
    let mut r = plain(home.path());
    r.line("sleep 30");
    r.s.expect("sleep 30").expect("echo of the command");
    std::thread::sleep(Duration::from_millis(300));
    let t = Instant::now();
    r.s.send(ControlCode::EndOfText).expect("send ^C");
    r.s.expect("[130] $ ").expect("prompt with status 130");
    let took = t.elapsed();
    assert!(took < Duration::from_secs(1), "Ctrl-C took {took:?}");
    r.line("echo next$((1+1))");
    r.expect_re(r"\nnext2\r?\n");
}

/// python3 in the REPL: it prints into the terminal, and Ctrl-C stops a busy loop in it as it
/// stops a builtin's.
#[test]
fn python3_runs_and_ctrl_c_stops_it() {
    guest_runs_and_ctrl_c_stops_it("python3 -c 'print(6 * 7)'", "python3 -c 'while True: pass'");
}

/// node in the REPL, as python3.
#[test]
fn node_runs_and_ctrl_c_stops_it() {
    guest_runs_and_ctrl_c_stops_it("node -p '6 * 7'", "node -e 'while (true) {}'");
}

/// `print` prints 42; `busy` never ends by itself.
fn guest_runs_and_ctrl_c_stops_it(print: &str, busy: &str) {
    let home = tempdir();
    let mut r = plain(home.path());
    r.line(print);
    r.expect_re(r"\n42\r?\n");
    r.prompt();
    r.line(busy);
    // Time for the line to be read and the interpreter to start.
    std::thread::sleep(Duration::from_millis(1000));
    let t = Instant::now();
    r.s.send(ControlCode::EndOfText).expect("send ^C");
    r.s.expect("[130] $ ").expect("prompt with status 130");
    let took = t.elapsed();
    assert!(took < Duration::from_secs(1), "Ctrl-C took {took:?}");
}

#[test]
fn ctrl_c_at_the_prompt_clears_the_line() {
    let home = tempdir();
    let mut r = plain(home.path());
    r.s.send("echo discarded").expect("send");
    r.s.send(ControlCode::EndOfText).expect("send ^C");
    r.prompt();
    r.line("echo kept$((1))");
    let out = r.expect_re(r"\nkept1\r?\n");
    assert!(!out.contains("discarded"), "{out:?}");
}

#[test]
fn ctrl_d_exits_with_the_last_status() {
    let home = tempdir();
    let mut r = plain(home.path());
    r.line("false");
    r.s.expect("[1] $ ").expect("prompt after false");
    r.s.send(ControlCode::EndOfTransmission).expect("send ^D");
    assert_eq!(r.exit_status(), 1);
}

#[test]
fn exit_n_sets_the_process_status() {
    let home = tempdir();
    let mut r = plain(home.path());
    r.line("exit 3");
    assert_eq!(r.exit_status(), 3);
}

#[test]
fn errors_never_kill_the_repl_and_parse_errors_point_at_the_column() {
    let home = tempdir();
    let mut r = plain(home.path());
    r.line("echo a; fi");
    let out = r.expect_re(r"\[2\] \$ ");
    assert!(
        out.contains("syntax error near unexpected token `fi'"),
        "{out:?}"
    );
    assert!(
        out.contains("input:1:9"),
        "diagnostic names line:column: {out:?}"
    );
    r.line("nosuchcmd");
    r.s.expect("[127] $ ").expect("status 127");
    r.line("echo alive");
    r.expect_re(r"\nalive\r?\n");
}

#[test]
fn history_survives_a_restart() {
    let home = tempdir();
    {
        let mut r = plain(home.path());
        r.line("echo remembered$((7*6))");
        r.expect_re(r"\nremembered42\r?\n");
        r.prompt();
        r.line("exit 0");
        assert_eq!(r.exit_status(), 0);
    }
    let file = home.path().join("data/sandsh/history");
    let text = std::fs::read_to_string(&file).expect("history file written");
    assert!(text.contains("echo remembered$((7*6))"), "{text}");
    let mut r = plain(home.path());
    // Up arrow (twice: `exit 0` is the last entry) recalls the previous session's command.
    r.s.send("\x1b[A").expect("send up");
    r.s.expect("exit 0").expect("last entry recalled");
    r.s.send("\x1b[A").expect("send up");
    r.s.expect("remembered$((7*6))").expect("recalled");
    r.s.send("\r").expect("send");
    r.expect_re(r"\nremembered42\r?\n");
    r.prompt();
    r.line("history");
    r.expect_re(r"\d+  echo remembered\$\(\(7\*6\)\)\r?\n");
}

#[test]
fn init_file_runs_inside_the_sandbox() {
    let home = tempdir();
    let dir = home.path().join("config/sandsh");
    std::fs::create_dir_all(&dir).expect("mkdir");
    std::fs::write(
        dir.join("init.sh"),
        "greet() { echo hello-from-$1; }\nINITVAR=42\n",
    )
    .expect("write init");
    let mut r = spawn(home.path(), &[("NO_COLOR", "1")], &[]);
    r.line("greet init; echo v=$INITVAR");
    r.expect_re(r"\nhello-from-init\r?\nv=42\r?\n");
    r.prompt();
    r.line("exit");
    assert_eq!(r.exit_status(), 0);

    // --init FILE replaces it; --no-init skips it.
    let other = home.path().join("other.sh");
    std::fs::write(&other, "OTHER=yes\n").expect("write");
    let other_arg = other.to_string_lossy().into_owned();
    let mut r = spawn(home.path(), &[("NO_COLOR", "1")], &["--init", &other_arg]);
    r.line("echo other=$OTHER init=${INITVAR:-unset}");
    r.expect_re(r"\nother=yes init=unset\r?\n");
    let mut r = plain(home.path());
    r.line("echo init=${INITVAR:-unset}");
    r.expect_re(r"\ninit=unset\r?\n");
}

/// SGR colour sequences (`ESC [ … m`).
fn has_sgr(s: &str) -> bool {
    let re = regex::Regex::new(r"\x1b\[[0-9;]*m").expect("regex");
    re.is_match(s)
}

#[test]
fn no_color_output_has_no_escape_codes() {
    let home = tempdir();
    let input = "echo \"str $HOME\" | cat # comment";
    let mut r = plain(home.path());
    r.line(input);
    let out = r.expect_re(r"\nstr /home/user\r?\n") + &r.prompt();
    assert!(out.contains("str /home/user"), "{out:?}");
    assert!(!has_sgr(&out), "colour codes under NO_COLOR: {out:?}");

    // Without NO_COLOR the same input is highlighted (so the check above can fail).
    let mut r = spawn(home.path(), &[], &["--no-init"]);
    r.line(input);
    let out = r.expect_re(r"\nstr /home/user\r?\n");
    assert!(has_sgr(&out), "no highlighting: {out:?}");
}

/// `ToolCtx::ask` reaches the hook the REPL installs (`Kernel::set_ask`); without one it is no.
#[test]
fn ask_goes_to_the_frontend_hook() {
    use std::sync::Arc;

    use sandsh::api::{Arg, CommandSpec, ExitStatus, RiskLevel, ToolCtx};

    struct Asker;
    static SPEC: CommandSpec = CommandSpec {
        name: "asker",
        group: "test",
        summary: "ask a question",
        usage: "asker QUESTION",
        description: "",
        options: &[],
        operands: &[],
        returns: "",
        examples: &[],
        errors: "",
        risk: RiskLevel::ReadOnly,
    };
    impl sandsh::api::Command for Asker {
        fn spec(&self) -> &CommandSpec {
            &SPEC
        }
        fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
            let q = String::from_utf8_lossy(&args[0]).into_owned();
            if ctx.confirm(&q) { 0 } else { 1 }
        }
    }
    let mut k = sandsh::Kernel::new(sandsh::KernelConfig::default().command(Arc::new(Asker)));
    assert_eq!(k.execute("asker 'delete it?'").exit_code, 1, "no hook: no");
    let asked = Arc::new(std::sync::Mutex::new(Vec::new()));
    let log = asked.clone();
    k.set_ask(Some(Arc::new(move |q: &str| {
        log.lock().expect("lock").push(q.to_string());
        Some(if q.contains("delete") { "yes" } else { "no" }.to_string())
    })));
    assert_eq!(k.execute("asker 'delete it?'").exit_code, 0);
    assert_eq!(k.execute("asker 'keep it?'").exit_code, 1);
    assert_eq!(*asked.lock().expect("lock"), ["delete it?", "keep it?"]);
}

/// The kernel queries the REPL uses: cwd, `$?`, variables, prompt escapes, names.
#[test]
fn kernel_frontend_queries() {
    let mut k = sandsh::Kernel::new(sandsh::KernelConfig::default());
    k.execute("mkdir -p /tmp/q && cd /tmp/q; f() { :; }; alias ll='ls -l'; myvar=1; false");
    assert_eq!(k.cwd(), "/tmp/q");
    assert_eq!(k.last_status(), 1);
    assert_eq!(k.var("myvar").as_deref(), Some("1"));
    assert_eq!(k.expand_prompt("\\u@\\h:\\W\\$ "), "user@sandbox:q$ ");
    let t = k.expand_prompt("\\t");
    assert!(t.len() == 8 && t.as_bytes()[2] == b':', "{t}");
    let n = k.completion_names();
    assert!(n.functions.contains(&"f".to_string()));
    assert!(n.aliases.iter().any(|(a, v)| a == "ll" && v == "ls -l"));
    assert!(n.variables.contains(&"myvar".to_string()));
    assert!(n.builtins.contains(&"cd".to_string()));
    assert!(n.commands.contains(&"ls".to_string()));
    assert!(k.command("ls").is_some());
    // `exit` is reported; in an interactive session the EXIT trap waits for it.
    k.set_interactive(true);
    let r = k.execute("trap 'echo bye' EXIT; echo line");
    assert_eq!(r.stdout_str(), "line\n");
    assert!(!k.exit_requested());
    let r = k.execute("exit 4");
    assert_eq!((r.exit_code, r.stdout_str().as_str()), (4, "bye\n"));
    assert!(k.exit_requested());
}

/// Regression: a cancelled loop or a fatal expansion error unwinds like `exit` inside the
/// interpreter; neither may end the REPL.
#[test]
fn cancel_and_fatal_errors_do_not_end_the_session() {
    let mut k = sandsh::Kernel::new(sandsh::KernelConfig::default());
    k.set_interactive(true);
    let r = k.execute("echo ${nope:?unset here}; echo not reached");
    assert_ne!(r.exit_code, 0);
    assert!(!k.exit_requested(), "a ${{x:?}} error is not `exit`");
    let cancel = k.cancel_handle();
    let t = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        cancel.cancel();
    });
    let r = k.execute("while true; do :; done");
    t.join().expect("join");
    assert_eq!(r.exit_code, 130);
    assert!(!k.exit_requested(), "a cancelled loop is not `exit`");
    k.execute("(exit 3); x=$(exit 4)");
    assert!(
        !k.exit_requested(),
        "exit in a subshell ends only the subshell"
    );
    k.execute("f() { exit 5; }; f");
    assert!(k.exit_requested());
}

#[test]
fn ctrl_c_in_a_busy_loop_returns_to_the_prompt() {
    let home = tempdir();
    let mut r = plain(home.path());
    r.line("while true; do :; done");
    r.s.expect("done").expect("echo");
    std::thread::sleep(Duration::from_millis(300));
    r.s.send(ControlCode::EndOfText).expect("send ^C");
    r.s.expect("[130] $ ").expect("prompt with status 130");
    r.line("echo alive$((1))");
    r.expect_re(r"\nalive1\r?\n");
}

/// The REPL's paths come from the `directories` crate only when `HOME` is set, so it never
/// falls back to the user database: under strace, neither run (with `HOME`, and without) opens
/// `nsswitch.conf` or an NSS library (THREAT ESC-ASLR-2). With `HOME` the history lands under
/// `$XDG_DATA_HOME`; without it there is none.
#[test]
#[cfg(target_os = "linux")]
fn repl_paths_make_no_user_database_lookup() {
    for with_home in [true, false] {
        let home = tempdir();
        let log = home.path().join("strace.log");
        let mut cmd = Command::new("strace");
        cmd.args(["-f", "-qq", "-e", "trace=%file", "-o"])
            .arg(&log)
            .arg(env!("CARGO_BIN_EXE_sandsh"))
            .env_clear()
            .env("XDG_DATA_HOME", home.path().join("data"))
            .env("XDG_CONFIG_HOME", home.path().join("config"))
            .env("TERM", "xterm-256color")
            .env("NO_COLOR", "1")
            .env("PATH", "/usr/bin:/bin");
        if with_home {
            cmd.env("HOME", home.path());
        }
        let mut s =
            Session::spawn(cmd).expect("spawn strace sandsh in a pty (apt-get install strace)");
        s.set_expect_timeout(Some(TIMEOUT));
        let mut r = Repl { s };
        r.prompt();
        r.line("echo traced");
        r.expect_re(r"\ntraced\r?\n");
        r.prompt();
        r.line("exit");
        assert_eq!(r.exit_status(), 0);
        let trace = std::fs::read_to_string(&log).expect("strace log");
        assert!(trace.contains("execve"), "strace traced nothing: {trace}");
        let nss: Vec<&str> = trace
            .lines()
            .filter(|l| l.contains("nsswitch") || l.contains("libnss") || l.contains("/etc/passwd"))
            .collect();
        assert!(
            nss.is_empty(),
            "HOME set: {with_home}; user database opened: {nss:?}"
        );
        let history = home.path().join("data/sandsh/history");
        assert_eq!(
            history.exists(),
            with_home,
            "history file with HOME set: {with_home}"
        );
    }
}
