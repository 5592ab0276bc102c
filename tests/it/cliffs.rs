//! The cliff detector (issue 26): every regex-taking command, over an input and one ten times
//! larger, must take at most about twenty times longer. A linear search grows ten times; the
//! cliffs this guards against (a buffer-wide search asking for full match bounds, a scan that
//! restarts from each candidate) grow a hundred times or more.
//!
//! This is a hang guard, not a benchmark: the sizes are small enough for a debug build, every
//! time is the best of a few runs, a time under [`FLOOR`] counts as [`FLOOR`] (so scheduling
//! noise on a small input cannot fail a case), and a case that looks super-linear is measured
//! again before it fails. Backtracking engines (back-references, `grep -P`) may be
//! super-linear by nature; they get their own test: they must end within the script timeout,
//! cancelled if need be.
//!
//! Checked against the bug it was written for: with grep's old buffer search (full bounds of
//! the per-line pattern, where `.*` runs across lines) the grep cases here grew 40 to 90 times
//! and failed.

use std::time::{Duration, Instant};

use sandsh::{Kernel, KernelConfig};

use super::util::Rng;

/// Times below this are taken as this: what a loaded two-core machine can add to any run.
const FLOOR: Duration = Duration::from_millis(50);
/// The most the time may grow when the input grows ten times.
const MAX_GROWTH: u32 = 20;
/// Lines of the small input (23 kB); the large one has ten times as many. grep reads 128 kB
/// at a time and searches what it read as one buffer, so a search that is quadratic in its
/// buffer shows only below that size.
const SMALL_LINES: usize = 400;

const WORDS: &[&str] = &[
    "alpha", "beta", "gamma", "delta", "epsilon", "eta", "theta", "iota", "kappa", "lambda", "mu",
    "nu", "xi", "omicron", "pi", "rho", "sigma", "tau", "upsilon", "phi", "chi", "psi", "omega",
];
const LEVELS: &[&str] = &["ERROR", "error", "warn", "WARN", "info", "DEBUG"];

/// A log like the one of the issue: `2024-01-05 ERROR gamma iota delta …`.
fn log(lines: usize) -> Vec<u8> {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut out = Vec::with_capacity(lines * 60);
    for _ in 0..lines {
        out.extend_from_slice(
            format!("2024-01-{:02} {}", 1 + rng.below(28), rng.pick(LEVELS)).as_bytes(),
        );
        for _ in 0..4 + rng.below(6) {
            out.push(b' ');
            out.extend_from_slice(rng.pick(WORDS).as_bytes());
        }
        out.push(b'\n');
    }
    out
}

/// Bytes of `/d/long` per line of the log: 1 MB for the small input. A reader that searches
/// the whole record again after each chunk it reads (64 to 128 kB) is quadratic only in
/// records much longer than a chunk.
const LONG_LINE_PER_LINE: usize = 2_500;

/// One line of `len` bytes, words of `x` without a newline in sight.
fn long_line(len: usize) -> Vec<u8> {
    let mut v: Vec<u8> = (0..len)
        .map(|i| if i % 64 == 63 { b' ' } else { b'x' })
        .collect();
    v.push(b'\n');
    v
}

/// A kernel holding the inputs of one size: `/d/log` (lines), `/d/line` (the same bytes as one
/// line), `/d/long` (a longer line), `/d/log.json` (the lines as a JSON array of strings) and
/// `/d/tree` (one file per twenty lines).
fn kernel(lines: usize) -> Kernel {
    let log = log(lines);
    let mut line: Vec<u8> = log
        .iter()
        .map(|&b| if b == b'\n' { b' ' } else { b })
        .collect();
    line.push(b'\n');
    let text = String::from_utf8_lossy(&log);
    let json = serde_json::to_string(&text.lines().collect::<Vec<_>>()).expect("json");
    let mut cfg = KernelConfig::default()
        .timeout(Duration::from_secs(300))
        .file("/d/long", long_line(lines * LONG_LINE_PER_LINE))
        .file("/d/log", log.clone())
        .file("/d/line", line)
        .file("/d/log.json", json);
    for i in 0..lines / 20 {
        cfg = cfg.file(format!("/d/tree/d{}/f{i}.txt", i % 37), b"x\n".to_vec());
    }
    Kernel::new(cfg)
}

/// The best of `runs` runs of `script` (after one run that warms up and is checked).
fn best_of(k: &mut Kernel, script: &str, runs: usize) -> Duration {
    let r = k.execute(script);
    assert_eq!(
        (r.exit_code, r.stderr_str()),
        (0, String::new()),
        "{script} failed; stdout: {}",
        r.stdout_str()
    );
    assert!(!r.stdout.is_empty(), "{script} printed nothing");
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            k.execute(script);
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// Fail when `script` takes more than [`MAX_GROWTH`] times longer on the large input than on
/// the small one (each time at least [`FLOOR`]), three times in a row.
fn no_cliff(script: &str) {
    let mut small = kernel(SMALL_LINES);
    let mut large = kernel(SMALL_LINES * 10);
    let mut seen = Vec::new();
    for _ in 0..3 {
        let s = best_of(&mut small, script, 3).max(FLOOR);
        let l = best_of(&mut large, script, 2).max(FLOOR);
        eprintln!("{script}: {s:?} -> {l:?}");
        if l <= s * MAX_GROWTH {
            return;
        }
        seen.push((s, l));
    }
    panic!("{script}: time grew more than {MAX_GROWTH}x for 10x the input: {seen:?}");
}

macro_rules! cliffs {
    ($($name:ident: $script:expr;)*) => {
        $(
            #[test]
            fn $name() {
                no_cliff($script);
            }
        )*
    };
}

cliffs! {
    grep_dot_star: "grep -c 'error.*omega' /d/log";
    grep_icase: "grep -ic 'ERROR.*omega' /d/log";
    grep_icase_ere: "grep -icE 'ERROR.*omega' /d/log";
    grep_alternation: "grep -E 'error.*omega|warn.*kappa' /d/log | wc -l";
    grep_several_e: "grep -c -e 'error.*omega' -e 'warn.*kappa' /d/log";
    grep_only_matching: "grep -o 'error.*omega' /d/log | wc -l";
    grep_only_matching_long_line: "grep -o 'e[a-z]*a' /d/line | wc -l";
    grep_color: "grep --color=always 'error.*omega' /d/log | wc -l";
    grep_word: "grep -cw 'error.*omega' /d/log";
    grep_line: "grep -cx '.*error.*omega.*' /d/log";
    grep_invert: "grep -cv 'error.*omega' /d/log";
    grep_numbered: "grep -n 'error.*omega' /d/log | tail -1";
    grep_files_without_match: "grep -L 'ZZZ.*omega' /d/log; true";
    grep_fixed_icase: "grep -ciF 'ERROR gamma' /d/log";
    grep_long_line: "grep -c 'error.*omega' /d/line";
    sed_address: "sed -n '/error.*omega/p' /d/log | wc -l";
    sed_substitute: "sed 's/error.*omega/X/' /d/log | wc -l";
    sed_substitute_global_long_line: "sed 's/e[a-z]*a/X/g' /d/line | wc -c";
    awk_match_operator: "awk '$0 ~ /error.*omega/ {n++} END {print n}' /d/log";
    awk_match_function: "awk '{n += match($0, /error.*omega/)} END {print n}' /d/log";
    awk_gsub_long_line: "awk '{n += gsub(/e[a-z]*a/, \"X\")} END {print n}' /d/line";
    expr_long_string: "s=$(cat /d/line); expr \"$s\" : '.*omega'";
    cond_regex_long_string: "s=$(cat /d/line); [[ $s =~ error.*omega ]] && echo yes";
    csplit_pattern: "cd /tmp && csplit -s /d/log '/ZZZ.*omega/' 2>/dev/null; csplit /d/log '/error.*omega/' | wc -l";
    find_regex: "find /d/tree -regex '.*/d1[0-9]*/f.*\\.txt' | wc -l";
    nl_body_pattern: "nl -bp'error.*omega' /d/log | tail -1";
    jq_test: "jq '[.[] | select(test(\"error.*omega\"))] | length' /d/log.json";
}

// Every command that reads records, over one record far longer than a read: each must find
// the record's end by searching what it read once.
cliffs! {
    long_record_grep: "grep -c x /d/long";
    long_record_sed: "sed -n '/y/p; $=' /d/long";
    long_record_awk: "awk '/y/ {n++} END {print NR}' /d/long";
    long_record_cut: "cut -c1-3 /d/long";
    long_record_head: "head -n1 /d/long | wc -c";
    long_record_tail: "tail -n1 /d/long | wc -c";
    long_record_uniq: "uniq -c /d/long | wc -c";
    long_record_rev: "rev /d/long | wc -c";
    long_record_nl: "nl /d/long | wc -c";
    long_record_paste: "paste - /d/long | wc -c";
    long_record_sort: "sort /d/long | wc -c";
    long_record_tac: "tac /d/long | wc -c";
    long_record_fold: "fold -w 100 /d/long | wc -l";
    long_record_tr: "tr x y < /d/long | wc -c";
    long_record_wc: "wc /d/long";
    long_record_read: "IFS= read -r l < /d/long; echo ${#l}";
    long_record_mapfile: "mapfile -t a < /d/long; echo ${#a[0]}";
    long_record_jq_raw: "jq -R length /d/long";
    long_record_comm: "comm -12 /d/long /d/long | wc -c";
    long_record_expand: "expand /d/long | wc -c";
    long_record_fmt: "fmt -w 70 /d/long | wc -l";
}

// Shell patterns over one long string: a substitution or suffix removal finds where a match
// starts in one pass, not by a run from every position.
cliffs! {
    pattern_substitute_no_match: "s=$(cat /d/line); r=${s//*ZZZ/-}; echo ${#r}";
    pattern_substitute_many: "s=$(cat /d/line); r=${s//e?a/X}; echo ${#r}";
    pattern_substitute_first: "s=$(cat /d/line); r=${s/omega*ZZZ/-}; echo ${#r}";
    pattern_substitute_extglob: "shopt -s extglob; s=$(cat /d/line); r=${s//+([a-z])/w}; echo ${#r}";
    pattern_substitute_suffix: "s=$(cat /d/line); r=${s/%a*[0-9]/-}; echo ${#r}";
    pattern_remove_suffix: "s=$(cat /d/line); r=${s%o?ega*}; echo ${#r}";
    pattern_remove_longest_suffix: "s=$(cat /d/line); r=${s%%[0-9]-*a}; echo ${#r}";
    pattern_match_long_string: "s=$(cat /d/line); [[ $s == *error*omega* ]] && echo yes";
}

/// Back-references and `grep -P` run on backtracking engines, which may be super-linear: they
/// must still end within the script timeout (cancelled at the deadline if need be).
#[test]
fn backtracking_stays_within_the_timeout() {
    let cases = [
        "grep -c '\\(e[a-z]*\\).*\\1' /d/log",
        "grep -c '\\(e[a-z]*\\).*\\1' /d/line",
        "grep -cP '(\\w+) .*\\1' /d/line",
        "grep -cE '(a|aa)+$' /d/line",
        "sed -n '/\\(a*\\)*\\1b/p' /d/line",
    ];
    let timeout = Duration::from_secs(3);
    let mut k = kernel(SMALL_LINES * 10);
    k.set_timeout(Some(timeout));
    for script in cases {
        let t = Instant::now();
        let r = k.execute(script);
        let took = t.elapsed();
        assert!(
            matches!(r.exit_code, 0 | 1 | 124),
            "{script}: status {} ({})",
            r.exit_code,
            r.stderr_str()
        );
        assert!(
            took < timeout + Duration::from_secs(5),
            "{script} took {took:?} with a timeout of {timeout:?}"
        );
    }
}
