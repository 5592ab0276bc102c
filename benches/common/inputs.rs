//! Generators of the inputs that look like real data: an application log (and a copy of it with
//! a few edits, for diff), a CSV table with a header, a JSON array and a directory tree.
//!
//! Everything is a pure function of the input name and size: the same bytes (and, for the tree,
//! the same names, sizes and mtimes) on every run.

use std::io::Write;
use std::path::Path;

use super::{InputSize, Rng, vocabulary};

const LEVELS: &[(&str, u64)] = &[
    ("INFO", 60),
    ("DEBUG", 20),
    ("WARN", 12),
    ("ERROR", 7),
    ("FATAL", 1),
];
const SERVICES: &[&str] = &["auth", "api", "db", "cache", "web", "queue", "billing"];
const METHODS: &[&str] = &["GET", "GET", "GET", "POST", "PUT", "DELETE"];
const PATHS: &[&str] = &[
    "/api/v1/items",
    "/api/v2/users",
    "/api/v2/orders",
    "/static/app.js",
    "/login",
    "/health",
];
const DOMAINS: &[&str] = &[
    "example.com",
    "example.org",
    "mail.test",
    "corp.example.net",
];
const ERRORS: &[&str] = &[
    "timeout after",
    "connection refused by",
    "db deadlock on",
    "cache miss storm in",
    "upstream reset from",
    "permission denied for",
];
const CITIES: &[&str] = &[
    "Paris", "Oslo", "Lima", "Quito", "Accra", "Hanoi", "Perth", "Cork", "Riga", "Bern",
];
const REGIONS: &[&str] = &[
    "eu-west", "eu-north", "us-east", "us-west", "ap-south", "sa-east",
];

struct Words {
    rng: Rng,
    vocab: Vec<Vec<u8>>,
}

impl Words {
    fn new(seed: u64) -> Words {
        let mut rng = Rng(seed);
        let vocab = vocabulary(&mut rng);
        Words { rng, vocab }
    }
    fn below(&mut self, n: u64) -> u64 {
        self.rng.below(n)
    }
    fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
        from[self.rng.below(from.len() as u64) as usize]
    }
    /// A word of the vocabulary, Zipf-ish like the `text` input.
    fn word(&mut self) -> String {
        let r = self.rng.below(self.vocab.len() as u64);
        let i = (r * r / self.vocab.len() as u64) as usize;
        String::from_utf8_lossy(&self.vocab[i]).into_owned()
    }
    fn ip(&mut self) -> String {
        // A few hundred frequent clients and a long tail.
        let n = self.below(1000);
        let n = n * n / 1000;
        match n % 3 {
            0 => format!("10.{}.{}.{}", n % 7, n % 251, (n * 7) % 254 + 1),
            1 => format!("192.168.{}.{}", n % 16, (n * 13) % 254 + 1),
            _ => format!(
                "{}.{}.{}.{}",
                80 + n % 120,
                (n * 3) % 256,
                (n * 11) % 256,
                n % 254 + 1
            ),
        }
    }
    fn email(&mut self) -> String {
        let user = self.word();
        let sep = if self.below(3) == 0 {
            format!(".{}", self.word())
        } else if self.below(4) == 0 {
            format!("{}", self.below(100))
        } else {
            String::new()
        };
        let domain = self.pick(DOMAINS);
        format!("{user}{sep}@{domain}")
    }
    fn level(&mut self) -> &'static str {
        let mut r = self.below(100);
        for (l, w) in LEVELS {
            if r < *w {
                return l;
            }
            r -= w;
        }
        "INFO"
    }
}

/// Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// One log line at `ms` milliseconds since the epoch.
fn log_line(w: &mut Words, ms: i64, out: &mut Vec<u8>) {
    let (y, mo, d) = civil_from_days(ms.div_euclid(86_400_000));
    let t = ms.rem_euclid(86_400_000);
    let level = w.level();
    let _ = write!(
        out,
        "{y:04}-{mo:02}-{d:02}T{:02}:{:02}:{:02}.{:03}Z {level} [{}-{}] {} {} \"{} {}/{}\" ",
        t / 3_600_000,
        t / 60_000 % 60,
        t / 1000 % 60,
        t % 1000,
        w.pick(SERVICES),
        w.below(8),
        w.ip(),
        w.email(),
        w.pick(METHODS),
        w.pick(PATHS),
        w.below(5000),
    );
    let status = match level {
        "ERROR" | "FATAL" => [500, 502, 503, 504][w.below(4) as usize],
        "WARN" => [404, 429, 401, 200][w.below(4) as usize],
        _ => [200, 200, 200, 201, 204, 304][w.below(6) as usize],
    };
    let _ = write!(out, "{status} {} ", w.below(200_000));
    match level {
        "ERROR" | "FATAL" => {
            let e = w.pick(ERRORS);
            let _ = write!(out, "{e} {}:{} ", w.ip(), 1000 + w.below(9000));
        }
        "WARN" if w.below(2) == 0 => {
            let _ = write!(out, "retry {} ", w.below(10));
        }
        _ => {}
    }
    for _ in 0..1 + w.below(7) {
        let word = w.word();
        out.extend_from_slice(word.as_bytes());
        out.push(b' ');
    }
    let dur = match w.below(50) {
        0 => 1000 + w.below(30_000),
        _ => w.below(800),
    };
    let _ = writeln!(out, "{dur}ms");
}

const LOG_SEED: u64 = 0x51ed_2701_beef_0003;
/// 2026-03-10T00:00:00Z in milliseconds.
const LOG_START_MS: i64 = 1_773_100_800_000;

fn log_bytes(target: usize) -> Vec<u8> {
    let mut w = Words::new(LOG_SEED);
    let mut out = Vec::with_capacity(target + 512);
    let mut ms = LOG_START_MS;
    // About 140,000 lines at 20 MB over a week: about 1.7 s apart on average.
    let step = (7 * 86_400_000 / (target as i64 / 150).max(1)).max(1) as u64;
    while out.len() < target {
        ms += w.below(2 * step) as i64;
        log_line(&mut w, ms, &mut out);
    }
    out
}

/// The log with about one line in 2,000 deleted, one in 2,000 changed and one in 2,000 inserted.
fn logb_bytes(log: &[u8]) -> Vec<u8> {
    let mut w = Words::new(LOG_SEED ^ 0xb);
    let mut out = Vec::with_capacity(log.len() + 4096);
    for line in log.split_inclusive(|&b| b == b'\n') {
        match w.below(2000) {
            0 => {}
            1 => {
                let mut l = line.to_vec();
                if let Some(p) = l.iter().position(|b| b.is_ascii_digit()) {
                    l[p] = b'0' + ((l[p] - b'0' + 1) % 10);
                }
                out.extend_from_slice(&l);
            }
            2 => {
                out.extend_from_slice(line);
                log_line(&mut w, LOG_START_MS, &mut out);
            }
            _ => out.extend_from_slice(line),
        }
    }
    out
}

fn table_bytes(target: usize) -> Vec<u8> {
    let mut w = Words::new(0x7ab1_e000_0000_0005);
    let mut out = Vec::with_capacity(target + 512);
    out.extend_from_slice(b"date,host,region,size,version,status,latency,user\n");
    let first = days_from_civil(2025, 1, 1);
    while out.len() < target {
        let (y, m, d) = civil_from_days(first + w.below(365) as i64);
        let size = match w.below(4) {
            0 => format!("{}", w.below(1024)),
            1 => format!("{}K", 1 + w.below(1000)),
            2 => format!("{}.{}M", 1 + w.below(999), w.below(10)),
            _ => format!("{}.{}G", 1 + w.below(20), w.below(10)),
        };
        let version = match w.below(8) {
            0 => format!(
                "{}.{}.{}-rc{}",
                1 + w.below(3),
                w.below(20),
                w.below(30),
                1 + w.below(3)
            ),
            _ => format!("{}.{}.{}", 1 + w.below(3), w.below(20), w.below(30)),
        };
        let status = ["ok", "ok", "ok", "fail", "retry"][w.below(5) as usize];
        let host = w.below(64);
        let region = w.pick(REGIONS);
        let lat = w.below(100_000);
        let user = w.word();
        let _ = writeln!(
            out,
            "{y:04}-{m:02}-{d:02},web-{host:02},{region},{size},{version},{status},{}.{:02},{user}",
            lat / 100,
            lat % 100
        );
    }
    out
}

fn json_bytes(target: usize) -> Vec<u8> {
    let mut w = Words::new(0x15_0000_0000_0006);
    let mut out = Vec::with_capacity(target + 512);
    out.extend_from_slice(b"[\n");
    let mut id = 0u64;
    while out.len() < target {
        id += 1;
        if id > 1 {
            out.extend_from_slice(b",\n");
        }
        let user = w.word();
        let email = w.email();
        let city = w.pick(CITIES);
        let level = w.level().to_ascii_lowercase();
        let ms = if w.below(20) == 0 {
            1000 + w.below(9000)
        } else {
            w.below(900)
        };
        let amount = w.below(100_000);
        let ok = w.below(10) != 0;
        let ntags = w.below(4);
        let tags: Vec<String> = (0..ntags).map(|_| format!("\"{}\"", w.word())).collect();
        let _ = write!(
            out,
            "{{\"id\":{id},\"user\":\"{user}\",\"email\":\"{email}\",\"city\":\"{city}\",\
             \"level\":\"{level}\",\"ms\":{ms},\"amount\":{amount},\"ok\":{ok},\"tags\":[{}]}}",
            tags.join(",")
        );
    }
    out.extend_from_slice(b"\n]\n");
    out
}

/// A tree of small files: `<project>/{logs,data,docs,archive/<year>}/...`, with mtimes at
/// midnight UTC (so `find -mtime` answers change only at midnight) and a `ref` file.
fn write_tree(size: InputSize, dir: &Path) -> std::io::Result<()> {
    let files = (4000 * size.bytes() / InputSize::Large.bytes()).max(40);
    let mut w = Words::new(0x7ee0_0000_0000_0007);
    let mut log_ms = LOG_START_MS;
    let first = days_from_civil(2021, 1, 1);
    let projects = [
        "atlas", "borealis", "cobalt", "delta", "ember", "fjord", "gale", "helix",
    ];
    let mut buf = Vec::new();
    for i in 0..files {
        let project = projects[i % projects.len()];
        let kind = w.below(10);
        let n = w.below(100_000);
        let rel = match kind {
            0..=3 => format!("{project}/logs/app-{n}.log"),
            4 | 5 => {
                let ext = if w.below(4) == 0 { "CSV" } else { "csv" };
                format!("{project}/data/part-{n}.{ext}")
            }
            6 => format!("{project}/data/rec-{n}.json"),
            7 => format!("{project}/docs/note{}-{n}.md", w.below(10)),
            _ => format!("{project}/archive/{}/old-{n}.log", 2021 + w.below(3)),
        };
        buf.clear();
        let lines = match w.below(8) {
            0 => 40 + w.below(60),
            _ => 1 + w.below(25),
        };
        for _ in 0..lines {
            match kind {
                4 | 5 => {
                    let _ = writeln!(
                        buf,
                        "{},{},{},{}",
                        n,
                        w.word(),
                        w.pick(CITIES),
                        w.below(10_000)
                    );
                }
                6 => {
                    let _ = writeln!(buf, "{{\"user\":\"{}\",\"n\":{}}}", w.word(), w.below(1000));
                }
                7 => {
                    for _ in 0..3 + w.below(9) {
                        buf.extend_from_slice(w.word().as_bytes());
                        buf.push(b' ');
                    }
                    buf.push(b'\n');
                }
                _ => {
                    log_ms += w.below(20_000) as i64;
                    log_line(&mut w, log_ms, &mut buf);
                }
            }
        }
        let path = dir.join(&rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        let f = std::fs::File::create(&path)?;
        (&f).write_all(&buf)?;
        let day = first + w.below(4 * 365) as i64;
        f.set_modified(midnight(day))?;
    }
    let f = std::fs::File::create(dir.join("ref"))?;
    f.set_modified(midnight(days_from_civil(2023, 6, 1)))?;
    Ok(())
}

fn midnight(day: i64) -> std::time::SystemTime {
    std::time::UNIX_EPOCH + std::time::Duration::from_secs(day as u64 * 86_400)
}

/// Writes one of the inputs of this module; `None` when `input` is not one of them.
pub fn generate(input: &str, size: InputSize, path: &Path) -> Option<std::io::Result<()>> {
    // 20 MB at the large size: a full tool run over 50 MB of each would take far longer than
    // the first 31 cases, and the ratios do not change with the size (linear commands).
    let target = size.bytes() * 2 / 5;
    let bytes = match input {
        "log" => log_bytes(target),
        "logb" => {
            let log = log_bytes(target);
            let plain = path.with_file_name(super::input_file_name("log", size));
            if !plain.exists()
                && let Err(e) = std::fs::write(&plain, &log)
            {
                return Some(Err(e));
            }
            logb_bytes(&log)
        }
        "table" => table_bytes(target),
        "json" => json_bytes(target),
        "tree" => {
            return Some(std::fs::create_dir_all(path).and_then(|()| write_tree(size, path)));
        }
        _ => return None,
    };
    Some(std::fs::write(path, bytes))
}
