//! The integrator's API (issue 14): runtime toolsets, per-call overrides, preloaded files,
//! captured composition, `ask` with answers, and the output format switched mid-command.

use std::sync::{Arc, Mutex};

use sandsh::api::{Arg, CommandSpec, ExitStatus, OutputFormat, RiskLevel, ToolCtx};
use sandsh::{BashTool, ExecOptions, Kernel, KernelConfig, Tool, ToolRequest, Toolset, block_on};

/// A command whose name and output are fixed at construction.
struct Say {
    spec: CommandSpec,
    text: &'static str,
}

fn say(name: &'static str, text: &'static str) -> Arc<dyn sandsh::Command> {
    Arc::new(Say {
        spec: CommandSpec {
            name,
            group: "test",
            summary: "print a fixed line",
            usage: name,
            description: "",
            options: &[],
            operands: &[],
            returns: "",
            examples: &[],
            errors: "",
            risk: RiskLevel::ReadOnly,
        },
        text,
    })
}

impl sandsh::Command for Say {
    fn spec(&self) -> &CommandSpec {
        &self.spec
    }
    fn run(&self, _args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let _ = writeln!(ctx.stdout(), "{}", self.text);
        0
    }
}

fn out(k: &mut Kernel, script: &str) -> String {
    k.execute(script).stdout_str()
}

#[test]
fn a_toolset_comes_and_goes_everywhere_at_once() {
    let mut k = Kernel::new(KernelConfig::default());
    let set = Toolset::new("weather")
        .command(say("forecast", "sunny"))
        .command(say("grep", "not the real grep"));
    assert_eq!(k.register_toolset(&set), ["forecast", "grep"]);
    assert_eq!(k.toolsets(), ["weather"]);
    assert_eq!(out(&mut k, "forecast; grep"), "sunny\nnot the real grep\n");
    assert_eq!(
        out(
            &mut k,
            "type -t forecast; command -v forecast; ls /usr/bin/forecast"
        ),
        "file\n/usr/bin/forecast\n/usr/bin/forecast\n"
    );
    assert_eq!(
        out(&mut k, "/usr/bin/forecast; help forecast | sed -n 2p"),
        "sunny\n    forecast - print a fixed line\n"
    );
    assert!(
        k.completion_names()
            .commands
            .contains(&"forecast".to_string())
    );

    assert_eq!(
        k.unregister_toolset("weather"),
        Some(vec!["forecast".to_string(), "grep".to_string()])
    );
    assert_eq!(k.unregister_toolset("weather"), None);
    let r = k.execute("forecast");
    assert_eq!(r.exit_code, 127);
    assert!(
        r.stderr_str().contains("forecast: command not found"),
        "{}",
        r.stderr_str()
    );
    // The command the toolset had replaced is back, entry and all.
    assert_eq!(
        out(
            &mut k,
            "echo abc | grep b; test -e /usr/bin/forecast || echo gone"
        ),
        "abc\ngone\n"
    );
    assert!(
        !k.completion_names()
            .commands
            .contains(&"forecast".to_string())
    );
}

#[test]
fn single_commands_register_and_unregister() {
    let mut k = Kernel::new(KernelConfig::default());
    k.register(say("hello", "hi"));
    // Hashed before removal: the hash table is forgotten, not left pointing at nothing.
    assert_eq!(out(&mut k, "hello; hash | grep -c hello"), "hi\n1\n");
    assert!(k.unregister("hello"));
    assert!(!k.unregister("hello"));
    assert_eq!(k.execute("hello").exit_code, 127);
    // A script's own file at /usr/bin/NAME is kept.
    k.register(say("mine", "x"));
    k.execute("printf '#!/bin/sh\\necho own\\n' > /usr/bin/mine");
    k.unregister("mine");
    assert_eq!(out(&mut k, "cat /usr/bin/mine | tail -1"), "echo own\n");
}

#[test]
fn bash_tool_description_follows_toolsets() {
    let tool = BashTool::builder()
        .toolset(Toolset::new("a").command(say("alpha_cmd", "a")))
        .build();
    assert!(tool.description().contains("alpha_cmd"));
    let r = block_on(tool.execute(ToolRequest::new("alpha_cmd")));
    assert_eq!(r.stdout, "a\n");
    tool.register_toolset(Toolset::new("b").command(say("beta_cmd", "b")));
    assert!(tool.description().contains("beta_cmd"));
    assert!(tool.help().contains("beta_cmd"));
    assert_eq!(
        block_on(tool.execute(ToolRequest::new("beta_cmd"))).stdout,
        "b\n"
    );
    assert_eq!(
        tool.unregister_toolset("a"),
        Some(vec!["alpha_cmd".to_string()])
    );
    assert!(!tool.description().contains("alpha_cmd"));
    assert_eq!(
        block_on(tool.execute(ToolRequest::new("alpha_cmd"))).exit_code,
        127
    );
    // A reset session starts with the toolsets registered now.
    tool.reset();
    assert_eq!(
        block_on(tool.execute(ToolRequest::new("beta_cmd; alpha_cmd"))).stdout,
        "b\n"
    );
}

#[test]
fn per_call_env_and_cwd_last_one_call() {
    let mut k = Kernel::new(KernelConfig::default());
    k.execute("mkdir -p /work/sub; FOO=session; export KEEP=1");
    let r = k.execute_with(
        "pwd; echo $PWD $FOO $NEW; env | grep -c '^NEW=1$'; cd /tmp; SET_IN_CALL=yes",
        ExecOptions {
            env: vec![("FOO".into(), "call".into()), ("NEW".into(), "1".into())],
            cwd: Some("/work/sub".into()),
            ..ExecOptions::default()
        },
    );
    assert_eq!(r.stdout_str(), "/work/sub\n/work/sub call 1\n1\n");
    // Afterwards: the session's own directory and values; what the script set elsewhere stays.
    assert_eq!(
        out(&mut k, "pwd; echo ${FOO} ${NEW-unset} $KEEP $SET_IN_CALL"),
        "/home/user\nsession unset 1 yes\n"
    );

    let r = k.execute_with(
        "echo never",
        ExecOptions {
            cwd: Some("/nope".into()),
            ..ExecOptions::default()
        },
    );
    assert_eq!((r.exit_code, r.stdout_str()), (1, String::new()));
    assert_eq!(r.stderr_str(), "sandsh: /nope: No such file or directory\n");
    k.execute("readonly RO=1");
    let r = k.execute_with(
        "echo never",
        ExecOptions {
            env: vec![("OK".into(), "1".into()), ("RO".into(), "2".into())],
            ..ExecOptions::default()
        },
    );
    assert_eq!(r.exit_code, 1);
    assert!(
        r.stderr_str().contains("RO: readonly variable"),
        "{}",
        r.stderr_str()
    );
    assert_eq!(out(&mut k, "echo ${OK-unset} $RO"), "unset 1\n");
}

#[test]
fn files_and_host_directories_are_preloaded() {
    let host = std::env::temp_dir().join(format!("sandsh-preload-{}", std::process::id()));
    std::fs::create_dir_all(host.join("sub")).unwrap();
    std::fs::write(host.join("a.txt"), "A\n").unwrap();
    std::fs::write(host.join("sub/b.sh"), "echo B\n").unwrap();
    std::os::unix::fs::symlink("a.txt", host.join("link")).unwrap();
    let mut k = Kernel::try_new(
        KernelConfig::default()
            .file("/etc/app.conf", "x=1\n")
            .copy_dir(&host, "/project")
            .cwd("/project"),
    )
    .expect("preloads");
    std::fs::remove_dir_all(&host).unwrap();
    assert_eq!(
        out(
            &mut k,
            "cat /etc/app.conf; pwd; cat a.txt link; bash sub/b.sh; readlink link; find . | sort"
        ),
        "x=1\n/project\nA\nA\nB\na.txt\n.\n./a.txt\n./link\n./sub\n./sub/b.sh\n"
    );
    // The copy is the session's own: the host directory is gone and nothing changed there.
    let e = Kernel::try_new(KernelConfig::default().copy_dir("/no/such/dir", "/p")).err();
    assert!(e.unwrap().contains("copy_dir /no/such/dir"));
    let e = Kernel::try_new(KernelConfig::default().cwd("/missing")).err();
    assert_eq!(
        e.as_deref(),
        Some("cwd /missing: No such file or directory")
    );
}

/// A command that runs another with captured output and reports what it saw.
struct Wrap;
static WRAP: CommandSpec = CommandSpec {
    name: "wrap",
    group: "test",
    summary: "run a command and describe its output",
    usage: "wrap CMD [ARG]...",
    description: "",
    options: &[],
    operands: &[],
    returns: "",
    examples: &[],
    errors: "",
    risk: RiskLevel::ReadOnly,
};
impl sandsh::Command for Wrap {
    fn spec(&self) -> &CommandSpec {
        &WRAP
    }
    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let name = String::from_utf8_lossy(&args[0]).into_owned();
        let r = ctx.call_captured(&name, &args[1..], Some(b"in1\nin2\n"));
        let _ = writeln!(
            ctx.stdout(),
            "status={} out={:?} err={:?}",
            r.status,
            String::from_utf8_lossy(&r.stdout),
            String::from_utf8_lossy(&r.stderr)
        );
        0
    }
}

#[test]
fn call_captures_stdout_stderr_and_status() {
    let mut k = Kernel::new(KernelConfig::default().command(Arc::new(Wrap)));
    assert_eq!(
        out(
            &mut k,
            "wrap sort -r; wrap ls /nope; wrap bash -c 'cat; echo e >&2; exit 4'"
        ),
        "status=0 out=\"in2\\nin1\\n\" err=\"\"\n\
         status=2 out=\"\" err=\"ls: cannot access '/nope': No such file or directory\\n\"\n\
         status=4 out=\"in1\\nin2\\n\" err=\"e\\n\"\n"
    );
    // A callee that writes past the output limit stops the run, as `$(…)` does.
    let mut k = Kernel::new(
        KernelConfig::default()
            .command(Arc::new(Wrap))
            .limits(sandsh::ExecutionLimits::default().max_output_bytes(1000)),
    );
    let r = k.execute("wrap yes; echo after");
    assert_eq!(r.exit_code, 125);
    assert!(
        r.stderr_str().contains("--max-output-bytes"),
        "{}",
        r.stderr_str()
    );
}

/// A command that asks for a name, and one that asks yes/no.
struct Asker;
static ASKER: CommandSpec = CommandSpec {
    name: "asker",
    group: "test",
    summary: "ask",
    usage: "asker",
    description: "",
    options: &[],
    operands: &[],
    returns: "",
    examples: &[],
    errors: "",
    risk: RiskLevel::ReadOnly,
};
impl sandsh::Command for Asker {
    fn spec(&self) -> &CommandSpec {
        &ASKER
    }
    fn run(&self, _args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let name = ctx.ask("name? ");
        let sure = ctx.confirm("sure? ");
        let _ = writeln!(ctx.stdout(), "{name:?} {sure}");
        0
    }
}

#[test]
fn ask_returns_the_answer_and_confirm_sits_on_top() {
    let mut k = Kernel::new(KernelConfig::default().command(Arc::new(Asker)));
    assert_eq!(
        out(&mut k, "asker"),
        "None false\n",
        "no frontend: no answer"
    );
    let asked = Arc::new(Mutex::new(Vec::new()));
    let log = asked.clone();
    k.set_ask(Some(Arc::new(move |q: &str| {
        log.lock().unwrap().push(q.to_string());
        Some(
            if q == "name? " {
                "Ada Lovelace"
            } else {
                "Yes please"
            }
            .to_string(),
        )
    })));
    assert_eq!(out(&mut k, "asker"), "Some(\"Ada Lovelace\") true\n");
    assert_eq!(*asked.lock().unwrap(), ["name? ", "sure? "]);
    k.set_ask(Some(Arc::new(|_q: &str| Some("nope".to_string()))));
    assert_eq!(out(&mut k, "asker"), "Some(\"nope\") false\n");
}

/// A command that switches to JSON halfway through: what it prints afterwards is JSON, and so
/// is what a command it calls prints under `--json` of its own.
struct Switch;
static SWITCH: CommandSpec = CommandSpec {
    name: "switch",
    group: "test",
    summary: "switch formats",
    usage: "switch",
    description: "",
    options: &[],
    operands: &[],
    returns: "",
    examples: &[],
    errors: "",
    risk: RiskLevel::ReadOnly,
};
impl sandsh::Command for Switch {
    fn spec(&self) -> &CommandSpec {
        &SWITCH
    }
    fn structured(&self) -> bool {
        true
    }
    fn run(&self, _args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        for i in 0..2 {
            if ctx.output_format() == OutputFormat::Json {
                let _ = writeln!(ctx.stdout(), "{{\"step\":{i}}}");
            } else {
                let _ = writeln!(ctx.stdout(), "step {i}");
            }
            ctx.set_output_format(OutputFormat::Json);
        }
        0
    }
}

#[test]
fn output_format_switches_for_the_rest_of_the_command() {
    let mut k = Kernel::new(KernelConfig::default().command(Arc::new(Switch)));
    assert_eq!(
        out(&mut k, "switch; switch --json"),
        "step 0\n{\"step\":1}\n{\"step\":0}\n{\"step\":1}\n"
    );
}
