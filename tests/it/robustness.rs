//! "No panic on any input": generated scripts (fragments of real syntax glued at random, plus
//! byte noise) run through fresh kernels with strict limits and a timeout. A panic anywhere
//! fails the test with the script that caused it.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::util::Rng;
use sandsh::kernel::ExecutionLimits;
use sandsh::{Kernel, KernelConfig};

const FRAGMENTS: &[&str] = &[
    "echo",
    "x=1",
    "$x",
    "${x:-d}",
    "${x#*}",
    "${x//a/b}",
    "${#x}",
    "${x:1:2}",
    "${!x}",
    "${x@Q}",
    "$((1+2))",
    "$(( x / 0 ))",
    "$(echo a)",
    "`echo b`",
    "\"q $x\"",
    "'s'",
    "$'\\x41'",
    "a=(1 2 3)",
    "${a[@]}",
    "${a[-1]}",
    "declare -A m",
    "m[k]=v",
    "${m[k]}",
    "|",
    "||",
    "&&",
    ";",
    "&",
    "\n",
    "{",
    "}",
    "(",
    ")",
    "if",
    "then",
    "else",
    "fi",
    "for",
    "in",
    "do",
    "done",
    "while",
    "until",
    "case",
    "esac",
    ";;",
    "*)",
    "[[",
    "]]",
    "-n",
    "==",
    "=~",
    "!",
    "<",
    ">",
    ">>",
    "2>&1",
    "<<<",
    "<<EOF\nbody $x\nEOF\n",
    "f()",
    "{ :; }",
    "return",
    "break",
    "continue",
    "exit 3",
    "local y",
    "shift",
    "set -e",
    "set -u",
    "set -o pipefail",
    "trap 'echo t' EXIT",
    "eval 'echo e'",
    "read -r r",
    "printf '%s %d\\n' a 1",
    "cat",
    "sort",
    "head -n 1",
    "wc -l",
    "tr a-z A-Z",
    "seq 3",
    "true",
    "false",
    "test -f /x",
    "[ 1 -lt 2 ]",
    "((i++))",
    "let i+=1",
    "getopts ab o",
    "mapfile -t l",
    "echo {1..3}",
    "echo *",
    "cd /tmp",
    "pwd",
    "unset x",
    "export E=1",
    "bash -c 'echo n'",
    "$@",
    "$#",
    "$?",
    "$$",
    "~",
    "\\",
    "\"",
    "'",
    "`",
    "$(",
    "${",
    "$((",
    "[[ a",
    "case x in",
];

fn script(rng: &mut Rng) -> String {
    let n = 1 + rng.below(14);
    let mut s = String::new();
    for _ in 0..n {
        if rng.below(12) == 0 {
            // raw noise
            let len = 1 + rng.below(6);
            for _ in 0..len {
                let c = (rng.below(94) as u8 + 32) as char;
                s.push(c);
            }
        } else {
            s.push_str(FRAGMENTS[rng.below(FRAGMENTS.len())]);
        }
        s.push(if rng.below(3) == 0 { ';' } else { ' ' });
    }
    s
}

#[test]
fn generated_scripts_never_panic() {
    let panics: Arc<Mutex<Vec<String>>> = Arc::new(Mutex::new(Vec::new()));
    let p2 = panics.clone();
    let prev = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        p2.lock().map(|mut v| v.push(info.to_string())).ok();
    }));
    let count = AtomicUsize::new(0);
    let mut rng = Rng(0x5eed_1234_abcd_ef01);
    let limits = ExecutionLimits::strict()
        .max_commands(2_000)
        .max_loop_iterations(200)
        .max_output_bytes(64 << 10);
    let mut failures = Vec::new();
    for _ in 0..1500 {
        let src = script(&mut rng);
        let mut k = Kernel::new(
            KernelConfig::default()
                .limits(limits.clone())
                .timeout(Duration::from_secs(2)),
        );
        let before = panics.lock().map(|v| v.len()).unwrap_or(0);
        let _ = k.execute(&src);
        count.fetch_add(1, Ordering::Relaxed);
        let after = panics.lock().map(|v| v.len()).unwrap_or(0);
        if after > before {
            let msg = panics
                .lock()
                .map(|v| v[after - 1].clone())
                .unwrap_or_default();
            failures.push(format!("{src:?}\n  -> {msg}"));
            if failures.len() >= 5 {
                break;
            }
        }
    }
    std::panic::set_hook(prev);
    assert!(failures.is_empty(), "panics:\n{}", failures.join("\n"));
    assert!(count.load(Ordering::Relaxed) > 0);
}
