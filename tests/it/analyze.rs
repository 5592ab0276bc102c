//! `analyze(script)` and the read-only auto-approval (issue 45, items 1 and 7): the CLI's
//! `--analyze`; no panic over the spec suite's scripts (and the Oils suite's, when present);
//! and the property behind the approval: a script the report calls read-only changes no file
//! and reaches no network when it runs, and runs without a question under
//! `confirm_at = read_only` with `approve_read_only`.

use std::collections::BTreeMap;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Command as Proc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use crate::util::Rng;
use sandsh::api::RiskLevel;
use sandsh::kernel::CommandPolicy;
use sandsh::vfs::KernelBackend;
use sandsh::{Kernel, KernelConfig};

#[test]
fn cli_prints_the_report() {
    let out = Proc::new(env!("CARGO_BIN_EXE_sandsh"))
        .args(["--analyze", "--confirm-at", "medium", "-c"])
        .arg("cat a.txt | grep x > out.txt; rm -r d; eval \"$c\"")
        .output()
        .expect("run sandsh");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let names: Vec<&str> = v["commands"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c["name"].as_str())
        .collect();
    assert_eq!(names, ["cat", "grep", "rm", "eval"]);
    assert_eq!(v["commands"][2]["risk"], "high_risk");
    assert_eq!(v["commands"][2]["confirm"], true);
    assert_eq!(v["highest_risk"], "high_risk");
    assert_eq!(v["files"][1]["path"], "out.txt");
    assert_eq!(v["files"][1]["access"], "write");
    assert_eq!(v["opaque"][0]["kind"], "eval");
    assert_eq!(v["opaque"][0]["column"], 40);
    assert_eq!(v["read_only"], false);
    // Nothing ran: no file was made, nothing printed but the report.
    assert!(out.stderr.is_empty());
}

/// Every case of the spec suite (and of the Oils suite under /work/shared/conformance when it
/// is there) analyses without a panic.
#[test]
fn spec_scripts_never_panic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = sh_files(&root.join("tests/spec"));
    let local = files.len();
    files.extend(sh_files(Path::new("/work/shared/conformance")));
    let kernel = Kernel::new(KernelConfig::default());
    let mut cases = 0;
    for f in &files {
        let text = String::from_utf8_lossy(&std::fs::read(f).unwrap_or_default()).into_owned();
        for case in text.split("\n#### ").skip(1) {
            let code: String = case
                .lines()
                .skip(1)
                .take_while(|l| !l.starts_with("## "))
                .map(|l| format!("{l}\n"))
                .collect();
            let r =
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| kernel.analyze(&code)));
            assert!(r.is_ok(), "{}: analyze panicked on:\n{code}", f.display());
            cases += 1;
        }
    }
    assert!(local > 50 && cases > 1000, "{local} files, {cases} cases");
}

fn sh_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(rd) = std::fs::read_dir(dir) else {
        return out;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(sh_files(&p));
        } else if p.to_string_lossy().ends_with(".test.sh") {
            out.push(p);
        }
    }
    out.sort();
    out
}

/// Commands agents run, read-only ones and writers, and the constructs that hide effects.
const FRAGMENTS: &[&str] = &[
    "cat /data/a.txt",
    "head -n 1 /data/a.txt",
    "tail -n1 /data/b.txt",
    "wc -l /data/a.txt /data/b.txt",
    "grep -n b /data/a.txt",
    "grep -r a /data",
    "sort -u /data/b.txt",
    "sort /data/b.txt -o /data/sorted",
    "sort -mo/data/sorted2 /data/b.txt",
    "uniq /data/b.txt /data/uniq",
    "shuf -o /data/shuf /data/a.txt",
    "tree -o /data/tree /data",
    "xxd /data/a.txt /data/xxd",
    "iconv -f utf-8 -t ascii -o /data/ic /data/a.txt",
    "ls -la /data",
    "find /data -name '*.txt'",
    "find /data -name x -delete",
    "find /data -type f -exec touch {} +",
    "echo hi",
    "printf '%s\\n' a b",
    "echo x > /dev/null",
    "echo x >/data/out",
    "echo x >> /data/a.txt",
    "echo x >| /data/clob",
    "echo x &> /data/both",
    "cat <> /data/rw",
    "exec 3> /data/fd",
    "{ echo a; } {v}>/data/fdvar",
    ": > /data/a.txt",
    "touch /data/t",
    "mkdir /data/d",
    "cp /data/a.txt /data/c",
    "mv /data/b.txt /data/m",
    "rm -f /data/a.txt",
    "ln -s /data/a.txt /data/l",
    "tee /data/tee < /data/a.txt",
    "sed -n 1p /data/a.txt",
    "sed -i s/a/z/ /data/a.txt",
    "awk '{print > \"/data/awk\"}' /data/a.txt",
    "dd if=/data/a.txt of=/data/dd",
    "tar cf /data/x.tar /data/a.txt",
    "mktemp",
    "x=1",
    "x='a[$(touch /data/inj)]'",
    "echo $(( $x ))",
    "echo $((x + 1))",
    "[[ $x -eq 1 ]]",
    "printf -v \"$x\" 1",
    "echo ${!x}",
    "eval \"$x\"",
    "eval 'touch /data/ev'",
    "bash -c 'cat /data/a.txt'",
    "bash -c 'touch /data/bc'",
    "sh -c \"$x\"",
    "trap 'touch /data/trap' EXIT",
    "f() { touch /data/fn; }",
    "f",
    "g() { cat /data/a.txt; }; g",
    "echo /data/xa | xargs touch",
    "command touch /data/cmd",
    "env touch /data/env",
    "timeout 5 touch /data/to",
    "nohup cat /data/a.txt",
    "\\touch /data/bs",
    "'touch' /data/q",
    "$'touch' /data/ansi",
    "t=touch; $t /data/dyn",
    "history -w /data/hist",
    "mapfile -C 'touch /data/mf' -c 1 < /data/a.txt",
    "read -r line < /data/a.txt",
    "cd /data && ls",
    "PATH=/data:$PATH",
    "curl -s http://127.0.0.1:PORT/",
    "wget -q -O - http://127.0.0.1:PORT/",
    "jq . /data/j.json",
    "diff /data/a.txt /data/b.txt",
    "md5sum /data/a.txt",
    "base64 /data/a.txt",
    "od -c /data/a.txt",
    "cut -c1 /data/a.txt",
    "stat /data/a.txt",
    "du -s /data",
];

const JOINS: &[&str] = &["; ", " | ", " && ", " || ", "\n"];

fn session(port: u16) -> KernelConfig {
    KernelConfig::default()
        .file("/data/a.txt", "alpha\nbeta\n")
        .file("/data/b.txt", "b\na\nb\n")
        .file("/data/j.json", "{\"k\": 1}\n")
        .allow_net(format!("http://127.0.0.1:{port}/"))
}

/// Every file under `dir` with its contents and mode (mtimes change on reads of nothing).
fn listing(b: &dyn KernelBackend, dir: &Path, out: &mut BTreeMap<PathBuf, (Vec<u8>, u32)>) {
    for e in b.list(dir).unwrap_or_default() {
        let p = dir.join(String::from_utf8_lossy(&e.name).as_ref());
        let meta = b.lstat(&p).ok();
        let data = b.read(&p, None).unwrap_or_default();
        out.insert(p.clone(), (data, meta.as_ref().map_or(0, |m| m.mode)));
        if meta.as_ref().is_some_and(|m| m.is_dir())
            && !p.starts_with("/proc")
            && !p.starts_with("/dev")
        {
            listing(b, &p, out);
        }
    }
}

fn snapshot(k: &Kernel) -> BTreeMap<PathBuf, (Vec<u8>, u32)> {
    let mut out = BTreeMap::new();
    listing(&*k.backend(), Path::new("/"), &mut out);
    out
}

/// The property: over generated scripts, each one the report calls read-only changes no file,
/// makes no connection, and under `confirm_at = read_only` + `approve_read_only` runs without
/// one question.
#[test]
fn scripts_marked_read_only_change_nothing() {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    listener.set_nonblocking(true).expect("nonblocking");
    let port = listener.local_addr().expect("addr").port();
    let asked = Arc::new(AtomicUsize::new(0));
    let questions = Arc::new(Mutex::new(Vec::new()));
    let mut rng = Rng(0x4e_a11a);
    let (mut read_only, mut total) = (0, 0);
    for _ in 0..400 {
        let n = 1 + rng.below(3);
        let mut script = String::new();
        for i in 0..n {
            if i > 0 {
                script.push_str(rng.pick(JOINS));
            }
            script.push_str(&rng.pick(FRAGMENTS).replace("PORT", &port.to_string()));
        }
        total += 1;
        let (a, q) = (asked.clone(), questions.clone());
        let policy = CommandPolicy::new()
            .confirm_at(RiskLevel::ReadOnly)
            .approve_read_only(true)
            .confirm_with(Arc::new(move |question: &str| {
                a.fetch_add(1, Ordering::SeqCst);
                q.lock().map(|mut v| v.push(question.to_string())).ok();
                Some("n".into())
            }));
        let mut k = Kernel::new(session(port).policy(policy));
        let report = k.analyze(&script);
        if !report.read_only {
            continue;
        }
        read_only += 1;
        let before = snapshot(&k);
        let asked_before = asked.load(Ordering::SeqCst);
        let r = k.execute(&script);
        assert_eq!(
            asked.load(Ordering::SeqCst),
            asked_before,
            "an approved script was asked about: {script:?}: {:?}",
            questions.lock().map(|q| q.clone()).unwrap_or_default()
        );
        let after = snapshot(&k);
        let changed: Vec<_> = after
            .iter()
            .filter(|(p, v)| before.get(*p) != Some(*v))
            .map(|(p, _)| p.clone())
            .chain(before.keys().filter(|p| !after.contains_key(*p)).cloned())
            .collect();
        assert!(
            changed.is_empty(),
            "read-only script {script:?} changed {changed:?} (exit {}, stderr {})",
            r.exit_code,
            String::from_utf8_lossy(&r.stderr)
        );
        assert!(
            listener.accept().is_err(),
            "read-only script {script:?} connected"
        );
    }
    assert!(
        read_only >= 40 && read_only < total,
        "{read_only} of {total} read-only"
    );
}

/// The approval is what lets a read-only script through: without it the same script is asked
/// about (and refused), and a script that writes is asked about even with it.
#[test]
fn approval_needs_the_option_and_a_read_only_report() {
    let run = |approve: bool, script: &str| {
        let asked = Arc::new(AtomicUsize::new(0));
        let a = asked.clone();
        let policy = CommandPolicy::new()
            .confirm_at(RiskLevel::ReadOnly)
            .approve_read_only(approve)
            .confirm_with(Arc::new(move |_: &str| {
                a.fetch_add(1, Ordering::SeqCst);
                Some("n".into())
            }));
        let mut k = Kernel::new(session(9).policy(policy));
        let r = k.execute(script);
        (r.exit_code, asked.load(Ordering::SeqCst))
    };
    assert_eq!(run(true, "cat /data/a.txt | wc -l"), (0, 0));
    assert_eq!(run(false, "cat /data/a.txt | wc -l").1, 2);
    assert_eq!(run(true, "cat /data/a.txt > /data/c"), (126, 1));
    // Through the session config, as every frontend sets it.
    let mut s = sandsh::SessionConfig::default();
    s.set(
        "policy",
        &serde_json::json!({"confirm_at": "read_only", "approve_read_only": true}),
    )
    .expect("policy");
    let mut k = Kernel::new(KernelConfig::from(s));
    assert_eq!(k.execute("head -n1 /etc/passwd >/dev/null").exit_code, 0);
    assert_eq!(k.execute("head -n1 /etc/passwd > /tmp/x").exit_code, 126);
}
