//! sandsh-git's three-way text merge against the host's `git merge-file` on generated files: a small alphabet of
//! lines so that changes collide, edits of every kind on both sides, files without a final
//! newline. Every line holds a letter: `merge-file` also joins conflicts separated only by
//! lines without letters or digits, which `git merge` does not.

use std::process::Command;

/// xorshift64: the same cases on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> usize {
        (self.next() % n) as usize
    }
}

fn file(lines: &[String], final_newline: bool) -> Vec<u8> {
    let mut s = lines.join("\n");
    if final_newline && !lines.is_empty() {
        s.push('\n');
    }
    s.into_bytes()
}

fn edit(rng: &mut Rng, base: &[String]) -> Vec<String> {
    let mut out = base.to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(out.len() as u64 + 1);
        match rng.below(3) {
            0 if at < out.len() => {
                out.remove(at);
            }
            1 if at < out.len() => out[at] = format!("{}{}", out[at], rng.below(3)),
            _ => out.insert(at, format!("n{}", rng.below(4))),
        }
    }
    out
}

fn host_merge(base: &[u8], ours: &[u8], theirs: &[u8]) -> Option<(Vec<u8>, bool)> {
    let dir = std::env::temp_dir().join(format!("sandsh-merge3-{}", std::process::id()));
    std::fs::create_dir_all(&dir).ok()?;
    for (name, data) in [("base", base), ("ours", ours), ("theirs", theirs)] {
        std::fs::write(dir.join(name), data).ok()?;
    }
    let out = Command::new("git")
        .current_dir(&dir)
        .args([
            "merge-file",
            "-p",
            "--diff-algorithm=histogram",
            "-L",
            "HEAD",
            "-L",
            "base",
        ])
        .args(["-L", "side", "ours", "base", "theirs"])
        .output()
        .ok()?;
    let status = out.status.code()?;
    assert!(
        status >= 0,
        "git merge-file failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some((out.stdout, status > 0))
}

/// The host's histogram hunks of `a` against `b`: (old start, old len, new start, new len)
/// as `-U0` headers give them.
fn host_hunks(a: &[u8], b: &[u8]) -> Vec<(usize, usize, usize, usize)> {
    let dir = std::env::temp_dir().join(format!("sandsh-merge3-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("a"), a).unwrap();
    std::fs::write(dir.join("b"), b).unwrap();
    let out = Command::new("git")
        .current_dir(&dir)
        .args(["diff", "--no-index", "--histogram", "-U0", "a", "b"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let num = |s: &str| -> (usize, usize) {
        let (st, len) = s.split_once(',').unwrap_or((s, "1"));
        let (st, len): (usize, usize) = (st.parse().unwrap(), len.parse().unwrap());
        (if len == 0 { st } else { st - 1 }, len)
    };
    text.lines()
        .filter_map(|l| l.strip_prefix("@@ -"))
        .map(|l| {
            let mut w = l.split(' ');
            let (a0, an) = num(w.next().unwrap());
            let (b0, bn) = num(w.next().unwrap().trim_start_matches('+'));
            (a0, an, b0, bn)
        })
        .collect()
}

fn our_hunks(a: &[u8], b: &[u8]) -> Vec<(usize, usize, usize, usize)> {
    sandsh_git::merge_hunks(a, b)
}

#[test]
fn merges_as_git_does() {
    if Command::new("git").arg("--version").output().is_err() {
        eprintln!("no git on this host: skipped");
        return;
    }
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut differ = Vec::new();
    let mut skipped = 0;
    for case in 0..400 {
        let n = rng.below(12);
        let base: Vec<String> = (0..n).map(|_| format!("l{}", rng.below(5))).collect();
        let ours = edit(&mut rng, &base);
        let theirs = edit(&mut rng, &base);
        let nl = [rng.below(4) > 0, rng.below(4) > 0, rng.below(4) > 0];
        let (b, o, t) = (file(&base, nl[0]), file(&ours, nl[1]), file(&theirs, nl[2]));
        let Some((want, want_conflict)) = host_merge(&b, &o, &t) else {
            panic!("could not run git merge-file");
        };
        if host_hunks(&b, &o) != our_hunks(&b, &o) || host_hunks(&b, &t) != our_hunks(&b, &t) {
            // imara-diff's histogram is not git's line for line where lines repeat (git
            // does not trim common ends first, and breaks ties its own way): the merge is
            // compared where the two sides' diffs are git's.
            skipped += 1;
            continue;
        }
        let (got_data, got_conflicted) = sandsh_git::merge_text(&b, &o, &t, "HEAD", "side");
        if got_data != want || got_conflicted != want_conflict {
            differ.push(format!(
                "case {case}\nbase   {:?}\nours   {:?}\ntheirs {:?}\ngit    {:?} ({want_conflict})\nsandsh {:?} ({})",
                String::from_utf8_lossy(&b),
                String::from_utf8_lossy(&o),
                String::from_utf8_lossy(&t),
                String::from_utf8_lossy(&want),
                String::from_utf8_lossy(&got_data),
                got_conflicted
            ));
        }
    }
    assert!(
        skipped < 40,
        "{skipped} of 400 cases have other diffs than git's histogram"
    );
    assert!(
        differ.is_empty(),
        "{} of 400 merges differ from git's:\n{}",
        differ.len(),
        differ[..differ.len().min(20)].join("\n\n")
    );
}
