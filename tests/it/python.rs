//! `python3` inside a session: what the differential suite (python_diff) cannot compare with
//! the host. Processes run inside the session, the limits hold (timeout, cancellation, memory,
//! output), files on mounts obey the mount, and what is not there says so.

use std::time::{Duration, Instant};

use sandsh::vfs::MountMode;
use sandsh::{ExecutionLimits, Kernel, KernelConfig};

fn run(script: &str) -> sandsh::ExecResult {
    Kernel::new(KernelConfig::default()).execute(script)
}

fn out(r: &sandsh::ExecResult) -> String {
    String::from_utf8_lossy(&r.stdout).into_owned()
}

fn err(r: &sandsh::ExecResult) -> String {
    String::from_utf8_lossy(&r.stderr).into_owned()
}

#[test]
fn subprocess_runs_commands_inside_the_session() {
    let r = run(r#"printf 'b\na\n' > /tmp/f
cd /tmp && python3 - <<'PY'
import subprocess, os
r = subprocess.run(["sort", "f"], capture_output=True, text=True)
print(repr(r.stdout), r.returncode)
print(subprocess.check_output("ls /tmp | wc -l", shell=True).decode().strip())
p = subprocess.run(["grep", "-c", "x"], input="x\ny\nx\n", capture_output=True, text=True)
print(p.stdout.strip(), p.returncode)
print(subprocess.run(["false"]).returncode)
try:
    subprocess.run(["nosuchcommand"])
except FileNotFoundError as e:
    print("not found:", e.filename)
try:
    subprocess.run(["false"], check=True)
except subprocess.CalledProcessError as e:
    print("failed:", e.returncode)
os.environ["FROM_PY"] = "yes"
print(subprocess.run(["sh", "-c", "echo $FROM_PY; pwd"], capture_output=True, text=True, cwd="/").stdout, end="")
print(subprocess.getoutput("echo hi; echo err >&2"))
print(os.system("exit 3") >> 8)
with os.popen("echo popen") as f:
    print(f.read().strip())
p = subprocess.Popen(["cat"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
out, _ = p.communicate("through cat\n")
print(out.strip(), p.returncode)
PY"#);
    assert_eq!(
        out(&r),
        "'a\\nb\\n' 0\n1\n2 0\n1\nnot found: nosuchcommand\nfailed: 1\nyes\n/\nhi\nerr\n3\npopen\nthrough cat 0\n",
        "stderr: {}",
        err(&r)
    );
    assert_eq!(r.exit_code, 0);
}

#[test]
fn inherited_output_reaches_the_session_in_order() {
    // As with a real child: Python's own buffered output comes out at its exit, after the
    // child's, when stdout is not a terminal.
    let r = run(
        "python3 -c 'import subprocess; print(\"first\"); subprocess.run([\"echo\", \"child\"])'",
    );
    assert_eq!(out(&r), "child\nfirst\n");
    let r = run(
        "python3 -c 'import subprocess, sys; print(\"first\", flush=True); subprocess.run([\"echo\", \"child\"])'",
    );
    assert_eq!(out(&r), "first\nchild\n");
}

#[test]
fn the_timeout_stops_a_busy_loop_within_a_second() {
    let mut k = Kernel::new(KernelConfig::default().timeout(Duration::from_millis(500)));
    let t = Instant::now();
    let r = k.execute("python3 -c 'while True: pass'");
    assert_eq!(r.exit_code, 124, "{}", err(&r));
    assert!(
        t.elapsed() < Duration::from_millis(1500),
        "{:?}",
        t.elapsed()
    );
    // The session goes on.
    assert_eq!(out(&k.execute("python3 -c 'print(1)'")), "1\n");
}

#[test]
fn cancel_stops_a_sleeping_script() {
    let mut k = Kernel::new(KernelConfig::default());
    let cancel = k.cancel_handle();
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        cancel.cancel();
    });
    let t = Instant::now();
    let r = k.execute("python3 -c 'import time; time.sleep(30)'");
    assert_eq!(r.exit_code, 130, "{}", err(&r));
    assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());
}

#[test]
fn the_memory_budget_charges_the_interpreter() {
    let limits = ExecutionLimits::standard().max_memory(192 << 20);
    let mut k = Kernel::new(KernelConfig::default().limits(limits));
    let r = k.execute("python3 -c 'b = bytearray(400 * 1024 * 1024); print(len(b))'");
    assert_ne!(r.exit_code, 0);
    assert!(!out(&r).contains("419430400"));
    assert!(err(&r).contains("memory"), "{}", err(&r));
    // Within the budget, a large allocation works.
    let mut k = Kernel::new(
        KernelConfig::default().limits(ExecutionLimits::standard().max_memory(192 << 20)),
    );
    let r = k.execute("python3 -c 'b = bytearray(50 * 1024 * 1024); print(len(b))'");
    assert_eq!(out(&r), "52428800\n", "{}", err(&r));
}

#[test]
fn a_closed_pipe_ends_the_interpreter_at_once() {
    let t = Instant::now();
    let r = run("python3 -c 'for i in range(10**9): print(i)' | head -3");
    assert_eq!(out(&r), "0\n1\n2\n");
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
}

#[test]
fn output_past_the_limit_is_cut_and_the_timeout_ends_the_loop() {
    // As for `yes`: what passes the output limit is dropped, and the session's timeout (this
    // test's watchdog too) ends a script that prints for ever.
    let limits = ExecutionLimits::standard().max_output_bytes(100_000);
    let mut k = Kernel::new(
        KernelConfig::default()
            .limits(limits)
            .timeout(Duration::from_secs(2)),
    );
    let t = Instant::now();
    let r = k.execute("python3 -c 'while True: print(\"y\" * 1000)'");
    assert_ne!(r.exit_code, 0);
    assert!(r.stdout.len() <= 100_000);
    assert!(t.elapsed() < Duration::from_secs(4), "{:?}", t.elapsed());
}

fn host_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("sandsh-py-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    std::fs::write(d.join("data.txt"), "host data\n").unwrap();
    d
}

#[test]
fn a_read_only_mount_refuses_writes_as_erofs() {
    let d = host_dir("ro");
    let mut k = Kernel::new(KernelConfig::default().mount(&d, "/data", MountMode::ReadOnly));
    let r = k.execute(
        "python3 -c '
print(open(\"/data/data.txt\").read(), end=\"\")
try:
    open(\"/data/new.txt\", \"w\")
except OSError as e:
    print(type(e).__name__, e.strerror)
'",
    );
    assert_eq!(
        out(&r),
        "host data\nOSError Read-only file system\n",
        "{}",
        err(&r)
    );
    assert!(!d.join("new.txt").exists());
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn an_overlay_takes_writes_and_leaves_the_host_untouched() {
    let d = host_dir("overlay");
    let mut k = Kernel::new(KernelConfig::default().mount(&d, "/data", MountMode::Overlay));
    let r = k.execute(
        "python3 -c 'open(\"/data/data.txt\", \"a\").write(\"more\\n\"); open(\"/data/new.txt\", \"w\").write(\"x\")'; cat /data/data.txt /data/new.txt",
    );
    assert_eq!(out(&r), "host data\nmore\nx", "{}", err(&r));
    assert_eq!(
        std::fs::read_to_string(d.join("data.txt")).unwrap(),
        "host data\n"
    );
    assert!(!d.join("new.txt").exists());
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn the_host_is_not_there() {
    let r = run("python3 -c '
import os, socket
print(os.path.exists(\"/etc/shadow\"), os.path.exists(\"/root\"))
try:
    socket.create_connection((\"127.0.0.1\", 22), timeout=1)
except Exception:
    print(\"socket refused\")
try:
    import urllib.request
    urllib.request.urlopen(\"http://127.0.0.1:1/\")
except Exception as e:
    print(\"url refused\", \"allow\" in str(e))
'");
    assert_eq!(
        out(&r),
        "False False\nsocket refused\nurl refused True\n",
        "{}",
        err(&r)
    );
}

#[test]
fn pip_says_the_sandbox_installs_nothing() {
    for script in [
        "pip install requests",
        "pip3 install x",
        "python3 -m pip install x",
    ] {
        let r = run(script);
        assert_eq!(r.exit_code, 1, "{script}");
        assert!(
            err(&r).contains("installing packages is not available"),
            "{script}: {}",
            err(&r)
        );
    }
}

#[test]
fn http_server_is_refused_with_its_reason() {
    let r = run("python3 -m http.server 8000");
    assert_eq!(r.exit_code, 1);
    assert_eq!(
        err(&r),
        "python3: http.server is not available in the sandbox: there are no sockets to serve on\n"
    );
}

/// `sys.executable` is where the shell finds python3, so the scripts that start another
/// interpreter with it work (the child runs inside the session too).
#[test]
fn sys_executable_starts_python_again() {
    let r = run("python3 -c '\
import subprocess, sys
print(sys.executable)
print(subprocess.run([sys.executable, \"-c\", \"print(6 * 7)\"], capture_output=True, text=True).stdout, end=\"\")
'; python3 -m no_such_module");
    assert_eq!(out(&r), "/usr/bin/python3\n42\n", "{}", err(&r));
    assert_eq!(
        err(&r),
        "/usr/bin/python3: No module named no_such_module\n"
    );
    assert_eq!(r.exit_code, 1);
}

#[test]
fn help_names_what_python3_cannot_do() {
    let r = run("help python3");
    let text = out(&r);
    assert!(text.contains("CPython 3.14"), "{text}");
    assert!(text.contains("subprocess"), "{text}");
}

#[test]
fn each_call_starts_fresh() {
    let mut k = Kernel::new(KernelConfig::default());
    k.execute("python3 -c 'import sys; sys.modules[\"json\"].dumps = None; x = 5'");
    let r = k.execute("python3 -c 'import json; print(json.dumps([1]), \"x\" in globals())'");
    assert_eq!(out(&r), "[1] False\n", "{}", err(&r));
}
