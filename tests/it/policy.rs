//! The command policy (deny/allow-only lists, confirmation at a risk level) through the shell
//! (`Kernel`), the tool layer (`BashTool`) and the CLI (`--deny`, `--allow-only`,
//! `--confirm-at`).

use std::process::{Command as Proc, Stdio};
use std::sync::{Arc, Mutex};

use sandsh::api::{Arg, Command, CommandSpec, ExitStatus, RiskLevel, ToolCtx};
use sandsh::kernel::CommandPolicy;
use sandsh::tool::{BashTool, Tool, ToolRequest, block_on};
use sandsh::vfs::MountMode;
use sandsh::{Kernel, KernelConfig};

/// `callit NAME ARGS…`: runs NAME through `ToolCtx::call` and prints its status.
struct CallIt;

static CALLIT: CommandSpec = CommandSpec {
    name: "callit",
    group: "test",
    summary: "call another command",
    usage: "callit NAME [ARGS]",
    description: "",
    options: &[],
    operands: &[],
    returns: "",
    examples: &[],
    errors: "",
    risk: RiskLevel::ReadOnly,
};

impl Command for CallIt {
    fn spec(&self) -> &CommandSpec {
        &CALLIT
    }
    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let Some(name) = args.first() else {
            return 2;
        };
        let name = String::from_utf8_lossy(name).into_owned();
        let status = ctx.call(&name, &args[1..]);
        let _ = writeln!(ctx.stdout(), "called:{status}");
        status
    }
}

fn kernel(policy: CommandPolicy) -> Kernel {
    Kernel::new(
        KernelConfig::default()
            .command(Arc::new(CallIt))
            .policy(policy),
    )
}

const DENIED: &str = "sandsh: curl: denied by policy (--deny curl)\n";

#[test]
fn deny_covers_every_way_to_reach_a_command() {
    let mut k = kernel(CommandPolicy::new().deny("curl"));
    for (script, status) in [
        ("curl http://x/", 126),
        ("command curl http://x/", 126),
        ("/usr/bin/curl http://x/", 126),
        ("cd /usr/bin && ./curl http://x/", 126),
        ("cp /usr/bin/curl /tmp/c && /tmp/c http://x/", 126),
        ("env curl http://x/", 126),
        ("env -i PATH=/usr/bin curl http://x/", 126),
        ("echo http://x/ | xargs curl", 126),
        ("timeout 1 curl http://x/", 126),
        ("bash -c 'curl http://x/'", 126),
        ("(curl http://x/)", 126),
        ("echo | curl http://x/", 126),
        ("x=$(curl http://x/); exit $?", 126),
        (
            "printf '#!/usr/bin/env curl\\n' > /tmp/s; chmod +x /tmp/s; /tmp/s",
            126,
        ),
        ("callit curl http://x/", 126),
    ] {
        let r = k.execute(script);
        assert_eq!(r.exit_code, status, "{script}: {}", r.stderr_str());
        assert!(
            r.stderr_str().ends_with(DENIED),
            "{script}: {:?}",
            r.stderr_str()
        );
    }
    // find -exec: the command is refused; find itself goes on (status 0, as GNU's with `;`).
    let r = k.execute("find /tmp -maxdepth 0 -exec curl {} \\;");
    assert_eq!(r.stderr_str(), DENIED);
    let r = k.execute("callit curl x");
    assert_eq!(r.stdout_str(), "called:126\n");
    // Everything else runs as before.
    let r = k.execute("echo hi | cat; type curl >/dev/null; echo $?");
    assert_eq!(r.stdout_str(), "hi\n0\n");
    assert_eq!(r.exit_code, 0);
}

#[test]
fn allow_only_keeps_builtins() {
    let mut k = kernel(CommandPolicy::new().allow("cat").allow("callit"));
    let r = k.execute("echo hi | cat; cd /tmp; pwd; test -d /; echo $?; ls");
    assert_eq!(r.stdout_str(), "hi\n/tmp\n0\n");
    assert_eq!(
        r.stderr_str(),
        "sandsh: ls: denied by policy (not in --allow-only)\n"
    );
    assert_eq!(r.exit_code, 126);
    let r = k.execute("callit wc -l </dev/null");
    assert_eq!(r.stdout_str(), "called:126\n");
}

#[test]
fn confirmation_at_a_risk_level_asks_the_session() {
    let asked = Arc::new(Mutex::new(Vec::<String>::new()));
    let mut k = kernel(CommandPolicy::new().confirm_at(RiskLevel::HighRisk));
    // No one to ask: refused.
    let r =
        k.execute("mkdir -p d/e; rm -r d; echo $?; test -d d && echo kept; rm -f none; echo $?");
    assert_eq!(r.stdout_str(), "126\nkept\n0\n");
    assert_eq!(
        r.stderr_str(),
        "sandsh: rm: not confirmed (high_risk; --confirm-at high_risk)\n"
    );
    // The session's ask hook answers.
    let log = asked.clone();
    k.set_ask(Some(Arc::new(move |q: &str| {
        log.lock().unwrap().push(q.to_string());
        Some(if q.contains("rm -r d") { "y" } else { "n" }.to_string())
    })));
    let r = k.execute("rm -r d; echo $?; test -d d || echo gone; rm -R other; echo $?");
    assert_eq!(r.stdout_str(), "0\ngone\n126\n");
    assert_eq!(
        *asked.lock().unwrap(),
        [
            "sandsh: rm -r d: high_risk command; run it? [y/N] ",
            "sandsh: rm -R other: high_risk command; run it? [y/N] "
        ]
    );
    // Reached through xargs too (a refused command is one that cannot be run: 126).
    let r = k.execute("mkdir o; echo o | xargs rm -r; echo $?; test -d o && echo kept");
    assert_eq!(r.stdout_str(), "126\nkept\n");
    // curl is high risk by its spec.
    let r = k.execute("curl -s http://127.0.0.1:9/; echo $?");
    assert!(
        r.stderr_str().contains("sandsh: curl: not confirmed"),
        "{}",
        r.stderr_str()
    );
}

#[test]
fn writes_on_a_read_write_mount_are_high_risk() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    std::fs::write(dir.path().join("f"), "x").unwrap();
    let questions = Arc::new(Mutex::new(Vec::<String>::new()));
    let log = questions.clone();
    let policy = CommandPolicy::new()
        .confirm_at(RiskLevel::HighRisk)
        .confirm_with(Arc::new(move |q: &str| {
            log.lock().unwrap().push(q.to_string());
            None
        }));
    let mut k = Kernel::new(
        KernelConfig::default()
            .mount(dir.path(), "/w", MountMode::ReadWrite)
            .policy(policy),
    );
    let r = k.execute(
        "cat /w/f; echo; touch /tmp/x; echo $?; cd /w; touch g; echo $?; rm -r sub; echo $?",
    );
    assert_eq!(r.stdout_str(), "x\n0\n126\n126\n");
    assert_eq!(
        *questions.lock().unwrap(),
        [
            "sandsh: touch g: high_risk command; run it? [y/N] ",
            "sandsh: rm -r sub: critical command; run it? [y/N] "
        ]
    );
    assert!(dir.path().join("sub").is_dir());
    assert!(!dir.path().join("g").exists());
}

#[test]
fn policy_survives_a_snapshot_restore() {
    let mut k = kernel(CommandPolicy::new().deny("curl"));
    let snap = k.snapshot().unwrap();
    k.restore(&snap).unwrap();
    let r = k.execute("curl x");
    assert_eq!(r.exit_code, 126);
    assert_eq!(r.stderr_str(), DENIED);
}

#[test]
fn a_builtin_cannot_be_denied() {
    let e = Kernel::try_new(KernelConfig::default().policy(CommandPolicy::new().deny("echo")))
        .err()
        .unwrap();
    assert!(e.contains("echo is a shell builtin"), "{e}");
}

// ---- the tool layer -------------------------------------------------------------------------

#[test]
fn bash_tool_applies_the_policy() {
    let t = BashTool::builder().deny("curl").deny("wget").build();
    let r = block_on(t.execute(ToolRequest::new("curl http://x/; echo $?; echo ok")));
    assert_eq!(r.stdout, "126\nok\n");
    assert_eq!(r.stderr, DENIED);
    assert!(!t.supported_commands().iter().any(|c| c == "curl"));
    assert!(t.supported_commands().iter().any(|c| c == "cat"));

    let yes = Arc::new(Mutex::new(true));
    let answer = yes.clone();
    let t = BashTool::builder()
        .policy(
            CommandPolicy::new()
                .confirm_at(RiskLevel::MediumRisk)
                .confirm_with(Arc::new(move |_q: &str| {
                    answer.lock().unwrap().then(|| "y".to_string())
                })),
        )
        .build();
    let r = block_on(t.execute(ToolRequest::new("touch f; rm f; echo $?")));
    assert_eq!(r.stdout, "0\n");
    *yes.lock().unwrap() = false;
    let r = block_on(t.execute(ToolRequest::new("touch f; rm f; echo $?; ls")));
    assert_eq!(r.stdout, "126\nf\n");
    assert_eq!(
        r.stderr,
        "sandsh: rm: not confirmed (medium_risk; --confirm-at medium_risk)\n"
    );
}

// ---- the CLI ----------------------------------------------------------------------------------

fn cli(args: &[&str]) -> (String, String, i32) {
    let out = Proc::new(env!("CARGO_BIN_EXE_sandsh"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run sandsh");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn cli_flags() {
    assert_eq!(
        cli(&["--deny", "curl", "-c", "curl http://x/"]),
        (String::new(), DENIED.to_string(), 126)
    );
    assert_eq!(
        cli(&[
            "--deny",
            "curl",
            "--deny",
            "wc",
            "-c",
            "echo a | xargs wc; command curl"
        ]),
        (
            String::new(),
            "sandsh: wc: denied by policy (--deny wc)\n".to_string() + DENIED,
            126
        )
    );
    assert_eq!(
        cli(&["--allow-only", "cat", "-c", "echo a | cat; ls"]),
        (
            "a\n".to_string(),
            "sandsh: ls: denied by policy (not in --allow-only)\n".to_string(),
            126
        )
    );
    assert_eq!(
        cli(&["--confirm-at", "high", "-c", "mkdir d; rm -r d; echo $?"]),
        (
            "126\n".to_string(),
            "sandsh: rm: not confirmed (high_risk; --confirm-at high_risk)\n".to_string(),
            0
        )
    );
    let (_, err, code) = cli(&["--confirm-at", "huge", "-c", "true"]);
    assert_eq!(code, 2);
    assert!(err.contains("--confirm-at: invalid risk 'huge'"), "{err}");
    let (_, err, code) = cli(&["--deny", "cd", "-c", "true"]);
    assert_eq!(code, 2);
    assert!(err.contains("cd is a shell builtin"), "{err}");
}
