//! Per-call cost inside a warm session: the scripts of the speed issue's table, each run many
//! times on one `Kernel`, medians in microseconds. Not the Python package's figure (that adds
//! the binding, `benches/python`), but the same work without it, quick to rerun:
//! `cargo bench --bench per_call` (or `-- N` calls per script).

use std::time::Instant;

use sandsh::{Kernel, KernelConfig};

/// The issue's table: (label, script). `f` is a small file laid down first.
const CASES: &[(&str, &str)] = &[
    ("echo hi", "echo hi"),
    ("echo hi | cat", "echo hi | cat"),
    ("head -n 2 f | tail -n 1", "head -n 2 f | tail -n 1"),
    ("sort f | uniq -c | wc -l", "sort f | uniq -c | wc -l"),
    (
        "for … | paste -sd- -",
        "for f in x y z; do echo $f; done | paste -sd- -",
    ),
    (
        "awk '{s+=$2} END {print s}' f",
        "awk '{s+=$2} END {print s}' f",
    ),
    ("agent-like script", AGENT),
];

const AGENT: &str = r#"cd /tmp/work
ls | wc -l
grep -c a f
cat f | sort | uniq | head -n 3
echo "$(wc -l < f) lines"
for x in 1 2 3; do echo "item $x"; done | tail -n 1
sed -n '2p' f
printf '%s\n' a b c | tr a-z A-Z | paste -sd, -
test -f f && echo yes
awk '{print $1}' f | sort -u | wc -l
echo done
"#;

const FILE: &str = "banana 3\napple 5\ncherry 7\napple 2\ndate 1\n";

fn main() {
    let calls: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(2000);
    let mut kernel = Kernel::new(KernelConfig::default());
    let setup = format!("mkdir -p /tmp/work && cd /tmp/work && printf '%s' '{FILE}' > f");
    assert_eq!(kernel.execute(&setup).exit_code, 0);
    println!("| script | median µs | p10 | p90 |\n|---|---:|---:|---:|");
    for (label, script) in CASES {
        let first = kernel.execute(script);
        assert_eq!(
            first.exit_code,
            0,
            "{label}: {}",
            String::from_utf8_lossy(&first.stderr)
        );
        for _ in 0..calls / 10 {
            kernel.execute(script);
        }
        let mut t: Vec<f64> = (0..calls)
            .map(|_| {
                let start = Instant::now();
                kernel.execute(script);
                start.elapsed().as_secs_f64() * 1e6
            })
            .collect();
        t.sort_by(f64::total_cmp);
        let at = |q: f64| t[((t.len() - 1) as f64 * q) as usize];
        println!(
            "| `{label}` | {:.1} | {:.1} | {:.1} |",
            at(0.5),
            at(0.1),
            at(0.9)
        );
    }
}
