//! Helpers shared by the test modules.

/// Small deterministic generator (xorshift), so that generated cases and their failures
/// reproduce.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// A number in `0..n`, as `u64`.
    pub fn below_u64(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// One of `items`.
    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

/// One case of a suite kept as shell text (`tests/hostile`, `tests/python`): `#### name`
/// starts a case; a `## key: value` (or `## key`) line is one of its directives, which each
/// suite reads its own way; every other line belongs to its script.
pub struct CaseText {
    pub file: String,
    pub name: String,
    pub script: String,
    pub directives: Vec<(String, String)>,
}

/// The cases of every `*.sh` file of `tests/DIR`, files in name order.
pub fn case_files(dir: &str) -> Vec<CaseText> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(dir);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "sh"))
        .collect();
    files.sort();
    let mut cases = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).expect("read case file");
        let file = f
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let mut cur: Option<CaseText> = None;
        for line in text.lines() {
            if let Some(name) = line.strip_prefix("#### ") {
                cases.extend(cur.take());
                cur = Some(CaseText {
                    file: file.clone(),
                    name: name.trim().to_string(),
                    script: String::new(),
                    directives: Vec::new(),
                });
            } else if let Some(c) = cur.as_mut() {
                if let Some(d) = line.strip_prefix("## ") {
                    let (key, value) = d.split_once(": ").unwrap_or((d.trim(), ""));
                    c.directives.push((key.to_string(), value.to_string()));
                } else {
                    c.script.push_str(line);
                    c.script.push('\n');
                }
            }
        }
        cases.extend(cur);
    }
    cases
}
