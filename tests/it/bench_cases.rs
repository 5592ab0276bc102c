//! Every benchmark case's output, run in-process by sandsh, equals bash's.
//!
//! The benchmark (`benches/shell.rs`) times these scripts; this test keeps them honest as a
//! correctness suite in `cargo test`. Cases marked `# known-mismatch:` are expected to differ
//! (the reason names the bug) and are reported when they start to pass. Skipped when bash is not
//! installed.
//!
//! A case's `# iterations:` counts executions of its loop bodies. A debug build runs the interpreter 10–30× slower than release, so by default only cases of at
//! most `LIGHT_ITERATIONS` iterations run here (a few seconds); `SANDSH_BENCH_CASES=all` runs
//! every case, and `cargo bench --bench shell -- --check` checks them all in release, all three
//! ways (in-process, cold `sandsh -c`, bash).
//!
//! Tool cases (`benches/cases/tools/`) run here over 256 KB versions of their generated inputs,
//! mounted read-only at their host path: the timed command and its `# check:` script both.

#[path = "../../benches/common/mod.rs"]
mod common;

use std::sync::Mutex;

const LIGHT_ITERATIONS: u64 = 1000;

#[test]
fn bench_cases_match_bash() {
    let Some(bash) = common::bash_path() else {
        eprintln!("skipped: bash not found");
        return;
    };
    let all = common::load_cases(&common::cases_dir()).expect("load cases");
    assert!(all.len() >= 60, "only {} cases", all.len());
    // Issue 26: at least 60 tool cases beyond the first 31.
    let tools = all.iter().filter(|c| c.input.is_some()).count();
    assert!(tools >= 91, "only {tools} tool cases");
    let everything = std::env::var("SANDSH_BENCH_CASES").is_ok_and(|v| v == "all");
    let cases: Vec<_> = all
        .into_iter()
        .filter(|c| everything || c.iterations <= LIGHT_ITERATIONS)
        .collect();
    eprintln!("checking {} bench cases against bash", cases.len());
    let scratch = common::Scratch::new("bench-cases").expect("scratch dir");
    let data = scratch.0.join("data");
    common::generate_inputs(&data, &cases, &[common::InputSize::Tiny]).expect("generate inputs");
    let next = Mutex::new(0usize);
    let failures = Mutex::new(Vec::new());
    let fixed = Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| {
                loop {
                    let i = {
                        let mut n = next.lock().expect("lock");
                        *n += 1;
                        *n - 1
                    };
                    let Some(case) = cases.get(i) else { break };
                    // Each case's bash run gets its own directory: cases run in parallel and
                    // several write files of the same name.
                    let dir = scratch.0.join(format!("case-{i}"));
                    std::fs::create_dir_all(&dir).expect("case dir");
                    let d = case.input.as_ref().map(|_| data.as_path());
                    let tiny = common::InputSize::Tiny;
                    let scripts: Vec<String> = std::iter::once(case.script_in(d, tiny))
                        .chain(case.check_in(d, tiny))
                        .collect();
                    let mut kernel = sandsh::Kernel::new(common::kernel_config(d));
                    let (mut want, mut got) = (None, None);
                    for script in &scripts {
                        let w = common::run_process(&bash, script, &dir).expect("run bash");
                        let g = common::run_inproc(&mut kernel, script);
                        let differs = !g.matches(&w);
                        (want, got) = (Some(w), Some(g));
                        if differs {
                            break;
                        }
                    }
                    let (Some(want), Some(got)) = (want, got) else {
                        continue;
                    };
                    match (got.matches(&want), &case.known_mismatch) {
                        (true, None) | (false, Some(_)) => {}
                        (true, Some(_)) => fixed.lock().expect("lock").push(case.id.clone()),
                        (false, None) => failures.lock().expect("lock").push(format!(
                            "{}: {}",
                            case.id,
                            common::describe_mismatch(&want, &got)
                        )),
                    }
                }
            });
        }
    });
    let fixed = fixed.into_inner().expect("lock");
    if !fixed.is_empty() {
        eprintln!("now matching bash, remove `# known-mismatch:` from: {fixed:?}");
    }
    let failures = failures.into_inner().expect("lock");
    assert!(
        failures.is_empty(),
        "sandsh differs from bash:\n{}",
        failures.join("\n")
    );
}
