//! GNU gzip's exact bytes: `sandsh-deflate` (and `gzip`, `tar -z` through sandsh) against the
//! host's `/usr/bin/gzip` (1.12) on a corpus of inputs, at every level, compared byte for byte
//! as `cmp` does. A difference names the input, the level and the first differing offset.

use std::path::{Path, PathBuf};

use crate::diff::{self, Host};
use sandsh::vfs::MountMode;
use sandsh::{Kernel, KernelConfig};

/// A temporary host directory, removed at the end.
struct TempDir(PathBuf);

impl TempDir {
    fn new(tag: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("sandsh-gzip-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// xorshift64*: a fixed, seeded stream (the corpus is the same on every run).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
}

const WORDS: &[&str] = &[
    "the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "fn", "let", "mut", "self",
    "return", "match", "impl", "struct", "{", "}", "(", ")", ";", "=", "==", "gzip", "deflate",
    "window", "hash", "chain", "block", "tree", "0", "1", "42", "1024", "#", "//", "\"str\"",
];

/// Text: words, punctuation, indentation and lines, like source code or prose.
fn text(rng: &mut Rng, n: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(n + 16);
    while out.len() < n {
        if rng.below(12) == 0 {
            out.push(b'\n');
            out.extend(std::iter::repeat_n(b' ', rng.below(4) * 4));
        } else {
            out.extend_from_slice(WORDS[rng.below(WORDS.len())].as_bytes());
            out.push(b' ');
        }
    }
    out.truncate(n);
    out
}

/// Binary: records of little-endian integers, runs of zeros, some noise (like an executable).
fn binary(rng: &mut Rng, n: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(n + 64);
    while out.len() < n {
        match rng.below(4) {
            0 => out.extend(std::iter::repeat_n(0u8, rng.below(200))),
            1 => {
                let n = rng.below(64);
                out.extend_from_slice(&rng.bytes(n));
            }
            _ => {
                for _ in 0..rng.below(16) {
                    out.extend_from_slice(&(rng.below(4096) as u32 * 8).to_le_bytes());
                }
            }
        }
    }
    out.truncate(n);
    out
}

/// Mixed: text, noise, runs and repeated phrases, chunk by chunk.
fn mixed(rng: &mut Rng, n: usize) -> Vec<u8> {
    let base = text(rng, 200_000);
    let mut out = Vec::with_capacity(n + 50_000);
    while out.len() < n {
        match rng.below(5) {
            0 => {
                let at = rng.below(base.len() - 40_000);
                out.extend_from_slice(&base[at..at + rng.below(40_000)]);
            }
            1 => {
                let n = rng.below(4000);
                out.extend_from_slice(&rng.bytes(n));
            }
            2 => out.extend(std::iter::repeat_n(rng.next() as u8, rng.below(2000))),
            3 => {
                let n = 1 + rng.below(12);
                let unit = rng.bytes(n);
                for _ in 0..rng.below(300) {
                    out.extend_from_slice(&unit);
                }
            }
            _ => out.extend((0..rng.below(3000)).map(|_| b"acgt"[rng.below(4)])),
        }
    }
    out.truncate(n);
    out
}

/// The corpus: (class, input).
fn corpus() -> Vec<(String, Vec<u8>)> {
    let mut rng = Rng(0x5eed_0000_0047);
    let mut c: Vec<(String, Vec<u8>)> = vec![
        ("empty".into(), Vec::new()),
        ("one byte".into(), b"a".to_vec()),
        ("two bytes".into(), b"ab".to_vec()),
        ("text 200k".into(), text(&mut rng, 200_000)),
        ("binary 300k".into(), binary(&mut rng, 300_000)),
        ("random 100k".into(), rng.bytes(100_000)),
        ("zeros 1M".into(), vec![0; 1_000_000]),
        ("repeated phrase 500k".into(), b"abcdefghij".repeat(50_000)),
        (
            "two letters 300k".into(),
            (0..300_000).map(|_| b"ab"[rng.below(2)]).collect(),
        ),
    ];
    // Around the window (32 KiB), the refill point (64 KiB - 262) and the window's end.
    for n in [
        32767, 32768, 32769, 65274, 65275, 65300, 65535, 65536, 65537, 98304, 131073,
    ] {
        c.push((format!("text {n}"), text(&mut rng, n)));
        c.push((format!("random {n}"), rng.bytes(n)));
        c.push((
            format!("phrase {n}"),
            b"hello world ".repeat(n / 12 + 1)[..n].to_vec(),
        ));
        c.push((format!("mixed {n}"), mixed(&mut rng, n)));
    }
    c.push(("mixed 3M".into(), mixed(&mut rng, 3_000_000)));
    c
}

/// Where two outputs first differ, as `cmp` says it (1-based), or None when equal.
fn first_difference(a: &[u8], b: &[u8]) -> Option<usize> {
    if a == b {
        return None;
    }
    let common = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    Some(common + 1)
}

/// The host's `gzip -LEVEL -c -n` of `data`.
fn host_gzip(dir: &Path, data: &[u8], level: u32) -> Vec<u8> {
    let f = dir.join("in");
    std::fs::write(&f, data).expect("write input");
    let r = Host::new().dir(dir).run(&format!("gzip -{level} -c -n in"));
    assert_eq!(
        r.status,
        0,
        "host gzip failed: {}",
        String::from_utf8_lossy(&r.stderr)
    );
    r.stdout
}

/// Compare every input at every level; panic with the list of differences.
fn compare(inputs: &[(String, Vec<u8>)], levels: &[u32]) {
    let dir = TempDir::new("corpus");
    let mut diffs = Vec::new();
    let mut cases = 0;
    for (class, data) in inputs {
        for &level in levels {
            cases += 1;
            let ours = sandsh_deflate::gzip(data, level, &sandsh_deflate::Header::default());
            let theirs = host_gzip(&dir.0, data, level);
            if let Some(at) = first_difference(&ours, &theirs) {
                diffs.push(format!(
                    "{class} -{level}: differ at byte {at} (sizes {} and gzip's {})",
                    ours.len(),
                    theirs.len()
                ));
            }
        }
    }
    assert!(
        diffs.is_empty(),
        "{} of {cases} differ from GNU gzip:\n{}",
        diffs.len(),
        diffs.join("\n")
    );
}

#[test]
fn corpus_equals_gnu_gzip_at_every_level() {
    if !diff::require("gzip", "gzip --version") {
        return;
    }
    compare(&corpus(), &[1, 2, 3, 4, 5, 6, 7, 8, 9]);
}

/// ~50 MB of mixed content at every level (slow in a debug build: run with `--ignored`).
#[test]
#[ignore]
fn fifty_megabytes_equal_gnu_gzip() {
    if !diff::require("gzip", "gzip --version") {
        return;
    }
    let mut rng = Rng(0x50_0000);
    compare(
        &[("mixed 50M".into(), mixed(&mut rng, 50_000_000))],
        &[1, 2, 3, 4, 5, 6, 7, 8, 9],
    );
}

/// `gzip` and `tar -z` in sandsh write what the host's gzip and GNU tar's gzip filter write:
/// name and time in the header, `-n`, `-k`, levels, and the gzip layer of a tarball.
#[test]
fn gzip_and_tar_z_through_sandsh() {
    if !diff::require("gzip", "gzip --version") || !diff::require("tar", "tar --version") {
        return;
    }
    let dir = TempDir::new("cmd");
    let mut rng = Rng(7);
    std::fs::create_dir_all(dir.0.join("h/d")).expect("mkdir");
    std::fs::write(dir.0.join("h/f.txt"), text(&mut rng, 150_000)).expect("write");
    std::fs::write(dir.0.join("h/d/m.bin"), mixed(&mut rng, 90_000)).expect("write");
    std::fs::write(dir.0.join("h/d/e"), b"").expect("write");
    let r = Host::new()
        .dir(&dir.0)
        .run("find h -exec touch -d '2024-05-06 07:08:09' {} + && cp -a h s");
    assert_eq!(r.status, 0);
    let mut k = Kernel::new(KernelConfig::default().mount(&dir.0, "/mnt/t", MountMode::ReadWrite));
    // Each case: one script run in sandsh in s/ and on the host in h/; the files it names
    // after `:` are compared byte for byte (and stdout).
    let cases: &[(&str, &[&str])] = &[
        ("gzip -c f.txt > c.gz", &["c.gz"]),
        ("gzip -n -c f.txt > n.gz", &["n.gz"]),
        ("gzip -N -9 -c f.txt > n9.gz", &["n9.gz"]),
        ("gzip -1 -c d/m.bin > m1.gz", &["m1.gz"]),
        ("cat f.txt | gzip > p.gz", &["p.gz"]),
        // Redirected from a file, standard input keeps the file's time (no name).
        (
            "gzip -c < f.txt > r.gz && gzip -n < f.txt > rn.gz",
            &["r.gz", "rn.gz"],
        ),
        (
            "gzip -k d/m.bin && gzip -4 -k d/e",
            &["d/m.bin.gz", "d/e.gz"],
        ),
        ("gzip -c f.txt | wc -c; gzip -c f.txt | cksum", &[]),
    ];
    let mut failures = Vec::new();
    for (script, files) in cases {
        let r = k.execute(&format!("cd /mnt/t/s && {{ {script}\n}}"));
        let h = Host::new().dir(&dir.0.join("h")).run(script);
        if (r.stdout.clone(), r.exit_code) != (h.stdout.clone(), h.status) {
            failures.push(format!(
                "{script}: sandsh {:?} {} vs host {:?} {}",
                String::from_utf8_lossy(&r.stdout),
                r.exit_code,
                String::from_utf8_lossy(&h.stdout),
                h.status
            ));
        }
        for f in *files {
            let ours = std::fs::read(dir.0.join("s").join(f)).unwrap_or_default();
            let theirs = std::fs::read(dir.0.join("h").join(f)).unwrap_or_default();
            if let Some(at) = first_difference(&ours, &theirs) {
                failures.push(format!("{script}: {f} differs at byte {at}"));
            }
        }
    }
    // tar -z: sandsh's tarball is, byte for byte, what the host's gzip makes of its tar stream
    // (GNU tar runs `gzip` with no name and time 0 at level 6).
    let r = k.execute("cd /mnt/t/s && tar -czf ../s.tgz d f.txt");
    assert_eq!(r.exit_code, 0, "{}", String::from_utf8_lossy(&r.stderr));
    let h = Host::new()
        .dir(&dir.0)
        .run("gzip -dc s.tgz > s.tar && gzip -c -n s.tar > h.tgz && cmp s.tgz h.tgz && echo same");
    if h.stdout != b"same\n" {
        failures.push(format!("tar -czf: {}", String::from_utf8_lossy(&h.stdout)));
    }
    // And GNU tar's own -z output has the same gzip layer (header: no name, time 0, OS 3).
    let h = Host::new()
        .dir(&dir.0)
        .run("cd h && tar -czf ../g.tgz d f.txt && cd .. && gzip -dc g.tgz > g.tar && gzip -c -n g.tar | cmp - g.tgz && echo same");
    if h.stdout != b"same\n" {
        failures.push(format!(
            "GNU tar -czf is not gzip -n: {}",
            String::from_utf8_lossy(&h.stdout)
        ));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
