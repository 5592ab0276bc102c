//! The embedder's hooks around every registered command (`sandsh::api::hooks`): seen before
//! it runs (run, refuse, or run another argv) and after it ends; builtins are not hooked.

use std::sync::{Arc, Mutex};

use sandsh::api::hooks::{CommandCall, CommandEnd, CommandHooks, Verdict};
use sandsh::{Kernel, KernelConfig};

#[derive(Default)]
struct Recorder {
    before: Mutex<Vec<String>>,
    after: Mutex<Vec<(String, i32, u64, u64)>>,
}

impl CommandHooks for Recorder {
    fn before_command(&self, call: &CommandCall<'_>) -> Verdict {
        let args: Vec<String> = call
            .args
            .iter()
            .map(|a| String::from_utf8_lossy(a).into_owned())
            .collect();
        self.before.lock().unwrap().push(format!(
            "{} [{}] in {} ({})",
            call.name,
            args.join(" "),
            call.cwd.display(),
            call.risk.as_str()
        ));
        match call.name {
            "rm" => Verdict::Deny {
                message: "rm: refused by the platform".to_string(),
                status: 126,
            },
            "curl" => Verdict::Argv(vec![b"echo".to_vec(), b"no network here".to_vec()]),
            "wc" if call.args.is_empty() => Verdict::Argv(vec![b"wc".to_vec(), b"-l".to_vec()]),
            _ => Verdict::Run,
        }
    }

    fn after_command(&self, end: &CommandEnd<'_>) {
        self.after.lock().unwrap().push((
            end.name.to_string(),
            end.status,
            end.stdout_bytes,
            end.stderr_bytes,
        ));
    }
}

fn kernel(hooks: Arc<Recorder>) -> Kernel {
    Kernel::new(KernelConfig::default().hooks(hooks))
}

#[test]
fn every_command_is_seen_before_and_after_it_runs() {
    let rec = Arc::new(Recorder::default());
    let mut k = kernel(rec.clone());
    let r = k.execute("cd /tmp; echo hi > f; cat f; ls nope; printf 'a\\nb\\n' | wc");
    assert_eq!(r.stdout_str(), "hi\n2\n");
    let before = rec.before.lock().unwrap().clone();
    // echo, cd and printf are builtins: not hooked.
    assert_eq!(
        before,
        [
            "cat [f] in /tmp (read_only)",
            "ls [nope] in /tmp (read_only)",
            "wc [] in /tmp (read_only)",
        ]
    );
    let after = rec.after.lock().unwrap().clone();
    assert_eq!(after[0], ("cat".to_string(), 0, 3, 0));
    assert_eq!(after[1].0, "ls");
    assert_eq!(after[1].1, 2);
    assert!(after[1].3 > 0, "ls wrote its error: {after:?}");
    // The replacement ran (`wc -l`), and after_command names what ran.
    assert_eq!(after[2], ("wc".to_string(), 0, 2, 0));
}

#[test]
fn a_hook_refuses_or_replaces_a_command_however_it_is_reached() {
    let rec = Arc::new(Recorder::default());
    let mut k = kernel(rec.clone());
    let r = k.execute("touch /tmp/x; rm /tmp/x; echo \"rm=$?\"; ls /tmp/x");
    assert_eq!(r.stdout_str(), "rm=126\n/tmp/x\n");
    assert_eq!(r.stderr_str(), "rm: refused by the platform\n");
    // Through xargs, env and a path: the same.
    let r = k.execute(
        "echo /tmp/x | xargs rm; echo $?; env rm /tmp/x; echo $?; /usr/bin/rm /tmp/x; echo $?",
    );
    // xargs reports a command that could not run as 126, as GNU xargs does.
    assert_eq!(r.stdout_str(), "126\n126\n126\n");
    let r = k.execute("curl -s https://example.com/");
    assert_eq!(r.stdout_str(), "no network here\n");
    // A refused command is not reported as ended.
    assert!(
        !rec.after.lock().unwrap().iter().any(|(n, ..)| n == "rm"),
        "{:?}",
        rec.after.lock().unwrap()
    );
}

#[test]
fn the_policy_judges_first_and_judges_a_replacement() {
    struct ToRm;
    impl CommandHooks for ToRm {
        fn before_command(&self, call: &CommandCall<'_>) -> Verdict {
            assert_ne!(call.name, "rm", "a denied command never reaches the hooks");
            Verdict::Argv(vec![b"rm".to_vec(), b"-rf".to_vec(), b"/tmp".to_vec()])
        }
    }
    let mut k = Kernel::new(
        KernelConfig::default()
            .hooks(Arc::new(ToRm))
            .policy(sandsh::kernel::CommandPolicy::new().deny("rm")),
    );
    let r = k.execute("rm /tmp; ls /tmp >/dev/null; echo $?");
    assert_eq!(r.stdout_str(), "126\n");
    assert_eq!(
        r.stderr_str(),
        "sandsh: rm: denied by policy (--deny rm)\nsandsh: rm: denied by policy (--deny rm)\n"
    );
}

#[test]
fn the_risk_a_hook_sees_is_raised_by_the_arguments() {
    let rec = Arc::new(Recorder::default());
    let mut k = kernel(rec.clone());
    k.execute("mkdir -p /tmp/d; rm -r /tmp/d");
    let before = rec.before.lock().unwrap().clone();
    assert_eq!(
        before.last().unwrap(),
        "rm [-r /tmp/d] in /home/user (high_risk)"
    );
}
