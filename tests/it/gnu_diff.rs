//! Differential tests: text utilities in sandsh against the GNU tools on this machine.
//!
//! Each case runs a command line over generated inputs, once in a fresh sandsh kernel (the
//! input written to its in-memory filesystem) and once through the host's bash with
//! `LC_ALL=C.UTF-8`, and compares stdout byte for byte. A case whose tool is missing on the
//! host is skipped.

use std::path::Path;

use crate::diff::Host;
use crate::util::Rng;
use sandsh::vfs::WriteMode;
use sandsh::{Kernel, KernelConfig};

fn inputs() -> Vec<Vec<u8>> {
    let words = [
        "apple", "Banana", "cherry", "10", "9", "-3", "2.5", "1e3", "0x10", "1K", "2M", "3G",
        "abc10", "abc9", "Jan", "feb", "DEC", "  lead", "a\tb", "x:y:z", "1:2:3", "", "zz", "é",
        "ß", "a1.10", "a1.9", "-0", "007", "~x", "1.50", "-.5", "0.05", "12.345", "-2.50", "3.",
    ];
    let mut out = vec![
        b"".to_vec(),
        b"one line no newline".to_vec(),
        b"b\na\nb\nA\na\n".to_vec(),
        b"x 3\ny 1\nz 2\nx 3\n\n".to_vec(),
        b"3.\n1.5\n0.05\n-2.50\n12.345\n-.5\n10\n-0\n1.50\nx\n007\n".to_vec(),
        b"1K\n2M\n-1K\n512\n1.5K\n0\n-0\n1024\n3G\n1M\n-2M\n0.5K\nabc\n\n1Q\n10k\n2M\n1.50K\n"
            .to_vec(),
        b"a 4.0K\nb 12M\nc 4.0K\nd 980K\ne 1.1G\nf 0\ng 12M\n".to_vec(),
    ];
    let mut r = Rng(0x9e37_79b9_7f4a_7c15);
    for n in [5, 20, 60] {
        let mut s = String::new();
        for _ in 0..n {
            let fields = 1 + r.next() % 4;
            for f in 0..fields {
                if f > 0 {
                    s.push_str(r.pick(&[" ", " ", "\t", ":", "  "]));
                }
                s.push_str(r.pick(&words));
            }
            s.push('\n');
        }
        out.push(s.into_bytes());
    }
    out
}

const CASES: &[&str] = &[
    "sort",
    "sort -r",
    "sort -n",
    "sort -nr",
    "sort -u",
    "sort -f",
    "sort -fu",
    "sort -b",
    "sort -k2",
    "sort -k2,2",
    "sort -k2,2n",
    "sort -k2,2 -s",
    "sort -t: -k2,2",
    "sort -t: -k3n -k1,1r",
    "sort -k1.2,1.3",
    "sort -h",
    "sort -hr",
    "sort -hu",
    "sort -k2,2h -s",
    "sort -k2,2hr -k1,1",
    "sort -g",
    "sort -V",
    "sort -M",
    "sort -d",
    "sort -bk2",
    "sort -n -u",
    "sort -t: -k2,2n -k1,1",
    "sort -k1,1nr -s",
    "sort -f -k2,2 -s",
    "sort -k1,1r -s",
    "sort -f -u -k1,1",
    "sort -k2,2r -k1,1",
    "uniq",
    "uniq -c",
    "uniq -d",
    "uniq -u",
    "uniq -i",
    "uniq -ic",
    "uniq -D",
    "uniq -Di",
    "uniq -D -f1",
    "uniq -f1",
    "uniq -s1",
    "uniq -w2",
    "cut -c1-3",
    "cut -c2,4-",
    "cut -b-2",
    "cut -d: -f2",
    "cut -d: -f1,3",
    "cut -d: -f2-",
    "cut -d: -s -f1",
    "cut -d: -f2 --complement",
    "cut -d: -f1,2 --output-delimiter=@",
    "cut -f1",
    "tr a-z A-Z",
    "tr -d aeiou",
    "tr -s ' '",
    "tr -cd '[:alnum:]\\n'",
    "tr '[:upper:]' '[:lower:]'",
    "tr -s '[:space:]' '\\n'",
    "tr abc x",
    "tr -t abc xy",
    "wc",
    "wc -l",
    "wc -w",
    "wc -c",
    "wc -m",
    "wc -L",
    "wc -lw",
    "head -n 3",
    "head -n -2",
    "head -c 5",
    "head -c -3",
    "tail -n 3",
    "tail -n +3",
    "tail -c 4",
    "tail -c +3",
    "od -c",
    "od -An -tx1",
    "od -An -c",
    "od -t x1",
    "od -t d1",
    "od -t o1",
    "od -A x -t x1",
    "od -A n -t c",
    "od",
    "od -t f4",
    "od -An -tf8",
    "od -f",
    "od -A d -t fD -t x4",
    "od -t x1z -t f4",
    "od -t d1 -t o2 -t x4 -A x",
];

const PLAIN: &[&str] = &[
    "seq 5",
    "seq 3 7",
    "seq 10 -3 1",
    "seq 0.5 0.25 2",
    "seq -w 8 11",
    "seq -s , 4",
    "seq -f %03g 3",
    "seq 1 0.1 1.5",
    "seq 5 1",
    "seq -1",
    "expr 3 + 4 '*' 2",
    "expr abc : 'a\\(.\\)'",
    "expr length hello",
    "expr substr hello 2 3",
    "expr index hello l",
    "expr 5 '>' 3",
    "expr 0 '|' 7",
    "basename /a/b/c.txt .txt",
    "basename -a /x/y /z/",
    "dirname /a/b/c a//b/ x",
    "printf 'a\\nb\\n' | tee /dev/null",
    "echo hello | od -c",
];

fn gnu(script: &str) -> Option<Vec<u8>> {
    Some(Host::new().run(script).stdout)
}

#[test]
fn text_tools_match_gnu() {
    let dir = std::env::temp_dir().join(format!("sandsh-gnu-diff-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let host_in = dir.join("in");
    let mut failures = Vec::new();
    let mut compared = 0;
    let mut k = Kernel::new(KernelConfig::default());
    let mut have = std::collections::HashMap::new();
    for input in inputs() {
        std::fs::write(&host_in, &input).expect("write input");
        k.backend()
            .write(Path::new("/tmp/in"), &input, WriteMode::Truncate, 0o644)
            .expect("vfs write");
        for case in CASES {
            let tool = case.split(' ').next().unwrap_or("");
            if !*have
                .entry(tool)
                .or_insert_with(|| super::diff::has_tool(tool))
            {
                continue;
            }
            let Some(want) = gnu(&format!("cd {} && {case} in", dir.display())) else {
                continue;
            };
            let got = k.execute(&format!("cd /tmp && {case} in")).stdout;
            compared += 1;
            if got != want {
                failures.push(format!(
                    "{case} over {:?}\n  gnu:    {:?}\n  sandsh: {:?}",
                    String::from_utf8_lossy(&input),
                    String::from_utf8_lossy(&want),
                    String::from_utf8_lossy(&got)
                ));
            }
        }
    }
    for case in PLAIN {
        let Some(want) = gnu(case) else { continue };
        let got = Kernel::new(KernelConfig::default()).execute(case).stdout;
        compared += 1;
        if got != want {
            failures.push(format!(
                "{case}\n  gnu:    {:?}\n  sandsh: {:?}",
                String::from_utf8_lossy(&want),
                String::from_utf8_lossy(&got)
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        failures.is_empty(),
        "{} of {compared} comparisons differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
