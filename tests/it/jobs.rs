//! Session jobs (issue 14 item 6): a background job started by one `execute` keeps running
//! across calls until it ends, is waited for, is killed, or the kernel is dropped.
//!
//! Every test runs under a watchdog thread, so a hang fails by the test's name instead of
//! stalling the suite. Outputs are compared with what bash prints (checked on the host with
//! `bash -c` and, for the interactive notices, `bash -i` on a pty).

use std::sync::mpsc;
use std::time::{Duration, Instant};

use sandsh::kernel::{ExecutionLimits, LIMIT_EXCEEDED_STATUS};
use sandsh::{JobState, Kernel, KernelConfig};

/// Run `f` on its own thread; panic with `name` when it takes longer than `secs`.
fn watchdog<T: Send + 'static>(name: &str, secs: u64, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    let h = std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    match rx.recv_timeout(Duration::from_secs(secs)) {
        Ok(v) => {
            let _ = h.join();
            v
        }
        Err(mpsc::RecvTimeoutError::Disconnected) => match h.join() {
            Err(p) => std::panic::resume_unwind(p),
            Ok(()) => panic!("{name}: no result"),
        },
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("{name}: hung for {secs}s"),
    }
}

/// Wait (up to 10 s) until no job of `k` is running.
fn settle(k: &Kernel) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while k.jobs().iter().any(|j| j.state == JobState::Running) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn kernel() -> Kernel {
    Kernel::new(KernelConfig::default())
}

#[test]
fn a_job_spans_two_calls_and_is_waited_for_in_the_second() {
    watchdog("spans_two_calls", 20, || {
        let mut k = kernel();
        let r = k.execute("(sleep 0.3; exit 7) & echo started $!");
        assert_eq!(r.exit_code, 0);
        let pid = r
            .stdout_str()
            .trim()
            .strip_prefix("started ")
            .unwrap()
            .to_string();
        // The call returned at once: the job is still running.
        let jobs = k.jobs();
        assert_eq!(jobs.len(), 1);
        assert_eq!(jobs[0].state, JobState::Running);
        assert_eq!(jobs[0].pid.to_string(), pid);
        assert_eq!(jobs[0].command, "( sleep 0.3; exit 7 ) &");
        let r = k.execute("echo \"last $!\"; wait $!; echo status $?");
        assert_eq!(r.stdout_str(), format!("last {pid}\nstatus 7\n"));
        assert!(k.jobs().is_empty());
        // Its status stays known to `wait PID` (as bash remembers its recent children).
        let r = k.execute(&format!("wait {pid}; echo $?"));
        assert_eq!(r.stdout_str(), "7\n");
    });
}

#[test]
fn wait_by_job_spec_and_with_no_arguments_across_calls() {
    watchdog("wait_spec", 20, || {
        let mut k = kernel();
        k.execute("(sleep 0.2; exit 3) & (sleep 0.1; exit 4) &");
        let r = k.execute("wait %1; echo $?; wait %2; echo $?");
        assert_eq!(r.stdout_str(), "3\n4\n");
        k.execute("sleep 0.1 & sleep 0.2 &");
        let r = k.execute("wait; echo $?; jobs");
        assert_eq!(r.stdout_str(), "0\n");
    });
}

#[test]
fn wait_n_returns_the_first_job_to_end() {
    watchdog("wait_n", 60, || {
        let mut k = kernel();
        k.execute("(sleep 60; exit 1) & (sleep 0.1; exit 9) &");
        let t = Instant::now();
        let r = k.execute("wait -n; echo $?");
        assert_eq!(r.stdout_str(), "9\n");
        // The first job to end, not the 60 s one (a generous bound: only a hang guard).
        assert!(t.elapsed() < Duration::from_secs(30));
        let r = k.execute("kill %1; wait -n; echo $?; wait -n; echo $?");
        assert_eq!(r.stdout_str(), "143\n127\n");
    });
}

#[test]
fn kill_a_job_across_calls() {
    watchdog("kill_across", 20, || {
        let mut k = kernel();
        k.execute("sleep 100 &");
        let r = k.execute("kill %1; echo $?");
        assert_eq!(r.stdout_str(), "0\n");
        let r = k.execute("wait %1; echo $?");
        assert_eq!(r.stdout_str(), "143\n");
        let r = k.execute("kill %1");
        assert_eq!(r.exit_code, 1);
        assert_eq!(r.stderr_str(), "sandsh: line 1: kill: %1: no such job\n");
    });
}

#[test]
fn jobs_lists_across_calls_as_bash_does() {
    watchdog("jobs_listing", 20, || {
        let mut k = kernel();
        k.execute("sleep 100 & sleep 100 &");
        k.execute("sleep 100 &");
        let pids: Vec<u32> = k.jobs().iter().map(|j| j.pid).collect();
        let r = k.execute("jobs");
        assert_eq!(
            r.stdout_str(),
            "[1]   Running                 sleep 100 &\n\
             [2]-  Running                 sleep 100 &\n\
             [3]+  Running                 sleep 100 &\n"
        );
        let r = k.execute("jobs -l %2");
        assert_eq!(
            r.stdout_str(),
            format!("[2]- {:>5} Running                 sleep 100 &\n", pids[1])
        );
        let r = k.execute("jobs -p");
        assert_eq!(
            r.stdout_str(),
            format!("{}\n{}\n{}\n", pids[0], pids[1], pids[2])
        );
        let r = k.execute("jobs %9");
        assert_eq!(r.exit_code, 1);
        assert_eq!(r.stderr_str(), "sandsh: line 1: jobs: %9: no such job\n");
        // A non-interactive shell forgets an ended job without listing it (bash -c).
        let r = k.execute("kill %2; wait %2; jobs");
        assert_eq!(
            r.stdout_str(),
            "[1]-  Running                 sleep 100 &\n\
             [3]+  Running                 sleep 100 &\n"
        );
        k.cancel_jobs();
        let r = k.execute("wait; jobs");
        assert_eq!(r.stdout_str(), "");
    });
}

#[test]
fn fg_waits_in_the_foreground_with_job_control() {
    watchdog("fg", 20, || {
        let mut k = kernel();
        // bash -c without job control refuses.
        k.execute("sleep 0.1 &");
        let r = k.execute("fg %1");
        assert_eq!(r.exit_code, 1);
        assert_eq!(r.stderr_str(), "sandsh: line 1: fg: no job control\n");
        k.execute("wait");
        let r = k.execute("set -m; (sleep 0.2; exit 5) &");
        assert_eq!(r.stdout_str(), "");
        let r = k.execute("fg; echo $?; fg");
        assert_eq!(r.stdout_str(), "( sleep 0.2; exit 5 )\n5\n");
        assert_eq!(r.stderr_str(), "sandsh: line 1: fg: current: no such job\n");
        let r = k.execute("sleep 100 & bg; kill %1");
        assert_eq!(
            r.stderr_str(),
            "sandsh: line 1: bg: job 1 already in background\n"
        );
    });
}

#[test]
fn dollar_bang_persists_across_calls() {
    watchdog("dollar_bang", 20, || {
        let mut k = kernel();
        let r = k.execute("echo \"[$!]\"; true & echo $!");
        let pid = r.stdout_str().lines().nth(1).unwrap().to_string();
        assert_eq!(r.stdout_str().lines().next(), Some("[]"));
        let r = k.execute("echo $!");
        assert_eq!(r.stdout_str().trim(), pid);
    });
}

#[test]
fn dropping_a_kernel_with_a_running_job_returns_promptly() {
    watchdog("drop_kernel", 20, || {
        let before = threads_now();
        for _ in 0..20 {
            let mut k = kernel();
            let r = k.execute("sleep 100 & while :; do :; done & echo ok");
            assert_eq!(r.stdout_str(), "ok\n");
            let t = Instant::now();
            drop(k);
            assert!(
                t.elapsed() < Duration::from_secs(3),
                "drop took {:?}",
                t.elapsed()
            );
        }
        let deadline = Instant::now() + Duration::from_secs(5);
        while threads_now() > before + 2 && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(threads_now() <= before + 2, "threads left behind");
    });
}

#[test]
fn the_job_cap_counts_jobs_of_earlier_calls() {
    watchdog("cap_across_calls", 20, || {
        let mut k = Kernel::new(
            KernelConfig::default().limits(ExecutionLimits::standard().max_background_jobs(3)),
        );
        for _ in 0..3 {
            assert_eq!(k.execute("sleep 100 &").exit_code, 0);
        }
        let r = k.execute("sleep 100 &");
        assert_eq!(r.exit_code, LIMIT_EXCEEDED_STATUS);
        assert!(
            r.stderr_str().contains("--max-background-jobs"),
            "{}",
            r.stderr_str()
        );
        // A slot freed by a job's end is free again.
        let r = k.execute("kill %1; wait %1; sleep 100 & echo $?");
        assert_eq!(r.stdout_str(), "0\n");
        assert_eq!(k.jobs().len(), 3);
    });
}

/// Pipeline stages start in order on the caller's thread (issue 46): a pipeline none of whose
/// stages waits for another takes no thread, so it runs under a job cap of 0; one whose first
/// stage fills its pipe (`yes | head`) needs threads for the rest, and the cap says so by name.
#[test]
fn pipelines_take_a_thread_only_when_a_stage_would_wait() {
    watchdog("pipelines_without_threads", 20, || {
        let mut k = Kernel::new(
            KernelConfig::default().limits(ExecutionLimits::standard().max_background_jobs(0)),
        );
        let r = k.execute("printf 'b\\na\\n' | sort | cat | tr ab xy; echo \"${PIPESTATUS[@]}\"");
        assert_eq!(r.stdout_str(), "x\ny\n0 0 0 0\n", "{}", r.stderr_str());
        let r = k.execute("yes | head -n 1");
        assert_eq!(r.exit_code, LIMIT_EXCEEDED_STATUS);
        assert!(
            r.stderr_str().contains("--max-background-jobs"),
            "{}",
            r.stderr_str()
        );
    });
}

#[test]
fn output_written_after_the_call_comes_with_the_next_call() {
    watchdog("output_after", 20, || {
        let mut k = kernel();
        let r = k.execute("(sleep 0.2; echo late; echo oops >&2) & echo now");
        assert_eq!(r.stdout_str(), "now\n");
        settle(&k);
        let r = k.execute("echo next");
        assert_eq!(r.stdout_str(), "late\nnext\n");
        assert_eq!(r.stderr_str(), "oops\n");
        // While a later call runs, a job writes into that call's output.
        k.execute("(sleep 0.2; echo during) &");
        let r = k.execute("sleep 1.5; echo after");
        assert_eq!(r.stdout_str(), "during\nafter\n");
        // Or a frontend takes it between calls.
        k.execute("(sleep 0.2; echo between) &");
        settle(&k);
        assert_eq!(k.take_job_output(), (b"between\n".to_vec(), Vec::new()));
        assert_eq!(k.execute("true").stdout_str(), "");
    });
}

#[test]
fn output_between_calls_is_bounded_by_the_output_limit() {
    watchdog("output_bounded", 30, || {
        let mut k = Kernel::new(
            KernelConfig::default().limits(ExecutionLimits::standard().max_output_bytes(1000)),
        );
        k.execute("(sleep 0.1; while :; do echo yyyyyyyyyyyyyyyyyyy; done) &");
        std::thread::sleep(Duration::from_millis(400));
        let (out, _) = k.take_job_output();
        assert!(out.len() <= 1000, "{} bytes kept", out.len());
        k.execute("kill %1; wait");
        std::thread::sleep(Duration::from_millis(100));
        let _ = k.take_job_output();
        k.execute("(sleep 0.1; while :; do echo yyyyyyyyyyyyyyyyyyy; done) &");
        std::thread::sleep(Duration::from_millis(400));
        let r = k.execute("kill %1; wait");
        // The limit's bytes, and the two lines that say where the stream was cut.
        assert!(r.stdout.len() <= 1300, "{} bytes", r.stdout.len());
        assert!(r.stderr_str().contains("truncated"), "{}", r.stderr_str());
    });
}

#[test]
fn cancel_stops_the_run_but_not_the_jobs_unless_asked() {
    watchdog("cancel_scope", 20, || {
        let mut k = kernel();
        k.execute("sleep 100 &");
        let h = k.cancel_handle();
        let t = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(200));
            h.cancel();
        });
        let r = k.execute("sleep 100");
        t.join().unwrap();
        assert_eq!(r.exit_code, 130);
        assert_eq!(k.jobs()[0].state, JobState::Running);
        // Now with the jobs.
        let h = k.jobs_cancel_handle();
        let t = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(200));
            h.cancel_with_foreground();
        });
        let r = k.execute("sleep 100");
        t.join().unwrap();
        assert_eq!(r.exit_code, 130);
        let r = k.execute("wait %1; echo $?; sleep 0.1 & wait $!; echo $?");
        assert_eq!(r.stdout_str(), "130\n0\n");
    });
}

#[test]
fn jobs_of_subshells_and_substitutions_end_with_their_run() {
    watchdog("subshell_jobs", 20, || {
        let mut k = kernel();
        let r = k.execute("( sleep 100 & ); x=$(sleep 100 >/dev/null & echo s); echo $x");
        assert_eq!(r.stdout_str(), "s\n");
        assert!(k.jobs().is_empty());
        let r = k.execute("jobs");
        assert_eq!(r.stdout_str(), "");
    });
}

#[test]
fn interactive_sessions_print_notices_as_bash_does() {
    watchdog("notices", 20, || {
        let mut k = kernel();
        k.set_interactive(true);
        let r = k.execute("sleep 0.1 &");
        let pid = k.jobs()[0].pid;
        assert_eq!(r.stderr_str(), format!("[1] {pid}\n"));
        settle(&k);
        assert_eq!(k.job_notices(), "[1]+  Done                    sleep 0.1\n");
        assert_eq!(k.job_notices(), "");
        k.execute("(exit 3) & sleep 100 &");
        while k.jobs()[0].state == JobState::Running {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert_eq!(
            k.job_notices(),
            "[1]-  Exit 3                  ( exit 3 )\n"
        );
        k.execute("kill %2");
        settle(&k);
        assert_eq!(k.job_notices(), "[2]+  Terminated              sleep 100\n");
        // An interactive `jobs` lists an ended job once, then forgets it.
        k.execute("true &");
        settle(&k);
        let r = k.execute("jobs; jobs");
        assert_eq!(r.stdout_str(), "[1]+  Done                    true\n");
    });
}

fn threads_now() -> usize {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("Threads:"))
                .and_then(|n| n.trim().parse().ok())
        })
        .unwrap_or(0)
}

/// The REPL on a pty: `&` prints `[1] PID`, an ended job's notice comes before the next
/// prompt, a job started on one line is listed and waited for on the next.
#[test]
#[cfg(target_os = "linux")]
fn repl_prints_job_numbers_and_done_notices() {
    use expectrl::{Expect, Regex, Session};
    watchdog("repl_notices", 60, || {
        let home = tempfile::tempdir().expect("tempdir");
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_sandsh"));
        cmd.arg("--no-init")
            .env_clear()
            .env("HOME", home.path())
            .env("XDG_DATA_HOME", home.path().join("data"))
            .env("XDG_CONFIG_HOME", home.path().join("config"))
            .env("TERM", "xterm-256color")
            .env("NO_COLOR", "1")
            .env("PATH", "/usr/bin:/bin");
        let mut s = Session::spawn(cmd).expect("spawn sandsh in a pty");
        s.set_expect_timeout(Some(Duration::from_secs(20)));
        let prompt = r"\$ ";
        s.expect(Regex(prompt)).expect("first prompt");
        s.send_line("sleep 0.2 &").unwrap();
        s.expect(Regex(r"\[1\] \d+\r?\n")).expect("[1] PID");
        s.expect(Regex(prompt)).expect("prompt");
        std::thread::sleep(Duration::from_millis(600));
        s.send_line("echo hi").unwrap();
        s.expect(Regex(
            r"hi\r?\n\[1\]\+  Done                    sleep 0\.2\r?\n",
        ))
        .expect("Done notice after the next command");
        s.expect(Regex(prompt)).expect("prompt");
        s.send_line("sleep 100 &").unwrap();
        s.expect(Regex(r"\[1\] \d+\r?\n")).expect("[1] PID");
        s.expect(Regex(prompt)).expect("prompt");
        s.send_line("jobs").unwrap();
        s.expect(Regex(r"\[1\]\+  Running                 sleep 100 &"))
            .expect("jobs on the next line");
        s.expect(Regex(prompt)).expect("prompt");
        s.send_line("kill %1; wait %1; echo \"st=$?\"").unwrap();
        s.expect(Regex(r"st=143"))
            .expect("status of the killed job");
        s.expect(Regex(prompt)).expect("prompt");
        s.send_line("exit").unwrap();
    });
}

/// BashTool keeps one kernel across calls, so a job spans tool calls; `fresh_per_call(true)`
/// ends it with its call.
#[test]
fn bash_tool_jobs_span_tool_calls() {
    use sandsh::tool::{BashTool, Tool, ToolRequest, block_on};
    watchdog("bash_tool_jobs", 20, || {
        let t = BashTool::builder().build();
        let r = block_on(t.execute(ToolRequest::new(
            "(sleep 0.2; echo done; exit 4) & echo started",
        )));
        assert_eq!(r.stdout, "started\n");
        let r = block_on(t.execute(ToolRequest::new("wait %1; echo status $?")));
        assert_eq!(r.stdout, "done\nstatus 4\n");
        let t = BashTool::builder().fresh_per_call(true).build();
        let start = Instant::now();
        block_on(t.execute(ToolRequest::new("sleep 100 &")));
        assert!(start.elapsed() < Duration::from_secs(5));
        let r = block_on(t.execute(ToolRequest::new("jobs; wait %1")));
        assert_eq!(r.stdout, "");
        assert_eq!(r.exit_code, 127);
    });
}

/// One script through sandsh (one `execute`, as `sandsh -c`) and through `bash -c`: stdout,
/// stderr (with bash's `bash:` prefix read as `sandsh:`) and status must match. Jobs that
/// outlive the script are killed on both sides.
#[test]
fn job_builtins_match_bash_within_one_script() {
    let cases = [
        "(exit 5) & wait $!; echo $?",
        "sleep 0.2 & sleep 0.3 & jobs; wait; echo done $?; jobs",
        "sleep 1 & jobs -l | sed 's/  *[0-9][0-9]* / PID /'; kill %1; wait %1; echo $?",
        "sleep 1 & [ \"$(jobs -p)\" = \"$!\" ] && echo same; kill %1",
        "(sleep 0.3; exit 1) & (exit 9) & wait -n; echo $?; wait -n; echo $?; wait -n; echo $?",
        "wait %1; echo $?",
        "kill %3; echo $?",
        "jobs %2; echo $?",
        "sleep 1 & fg; echo $?; kill %1",
        "sleep 1 & (sleep 0.1 & jobs); (jobs -p | wc -l); (kill %1; echo k$?); x=$(jobs); echo \"[$x]\"; kill %1",
        "set -m; (exit 3) & sleep 0.2; echo x; true & sleep 0.1; echo y",
        "set -m; (sleep 0.2; exit 6) & fg %1; echo $?; fg; echo $?",
        "set -m; sleep 1 & bg; echo $?; disown; jobs; echo end",
        "sleep 0.1 & disown %1; echo $?; jobs; disown %4; echo $?",
        "sleep 1 & sleep 1 & jobs -r; kill %1 %2; wait; echo $?",
    ];
    watchdog("differential", 120, move || {
        let mut failures = Vec::new();
        for script in cases {
            let mut k = kernel();
            k.set_command_mode(true);
            let r = k.execute(script);
            let host = std::process::Command::new("/bin/bash")
                .arg("-c")
                .arg(format!("{script}\n kill $(jobs -p) 2>/dev/null; true"))
                .env("LC_ALL", "C.UTF-8")
                .output()
                .expect("bash");
            let bash_err = String::from_utf8_lossy(&host.stderr).replace("/bin/bash: ", "sandsh: ");
            let ours = (r.stdout_str(), r.stderr_str(), r.exit_code);
            let theirs = (
                String::from_utf8_lossy(&host.stdout).into_owned(),
                bash_err,
                host.status.code().unwrap_or(-1),
            );
            if ours != theirs {
                failures.push(format!(
                    "{script}\n  sandsh: {ours:?}\n  bash:   {theirs:?}"
                ));
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    });
}
