//! Run a script file in-process on one warm kernel, several times: the workload the benchmark's
//! "in-process" column measures, in a form profilers can attach to (it links dynamically, so
//! valgrind's DHAT and memcheck can see its allocations).
//!
//! ```text
//! cargo build --release --example run_in_process
//! valgrind --tool=dhat target/release/examples/run_in_process SCRIPT [RUNS]
//! perf record -g target/release/examples/run_in_process SCRIPT 20
//! ```

use sandsh::{Kernel, KernelConfig};

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: run_in_process SCRIPT [RUNS]");
        std::process::exit(2);
    };
    let runs: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(1);
    let script = match std::fs::read_to_string(&path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("run_in_process: {path}: {e}");
            std::process::exit(2);
        }
    };
    let mut kernel = Kernel::new(KernelConfig::default());
    let mut status = 0;
    for i in 0..runs {
        let r = kernel.execute(&script);
        if i == 0 {
            print!("{}", String::from_utf8_lossy(&r.stdout));
            eprint!("{}", String::from_utf8_lossy(&r.stderr));
        }
        status = r.exit_code;
    }
    std::process::exit(status);
}
