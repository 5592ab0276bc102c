//! `du`: estimate file space usage.
//!
//! The VFS keeps no block counts; disk usage is the size rounded up to 4 KiB blocks for
//! regular files, one block for a directory and nothing for symlinks and devices
//! ([`blocks::blocks512`], shared with `stat %b` and `ls -l` totals). `--apparent-size` and
//! `-b` count bytes instead (a directory's apparent size is 4096 as on ext4, a symlink's the
//! length of its target). Entries are visited in name order (the VFS lists sorted), where GNU
//! follows the host's directory order. Hard links are counted once.

use sandsh_api::OptSpec;
use sandsh_api::fs::Metadata;
use std::collections::HashSet;

use sandsh_api::{
    ArgSpec, ArgType, CommandSpec, Example, ExitStatus, OutputFormat, ParsedArgs, ParsedCommand,
    RiskLevel, ToolCtx,
};
use sandsh_text::pattern::{Pattern, PatternOptions};

use crate::common::{blocks, diag, input, output, paths, quote, sizes};

pub struct Du;

static SPEC: CommandSpec = CommandSpec {
    name: "du",
    group: "fs",
    summary: "estimate file space usage",
    usage: "du [OPTION]... [FILE]...",
    description: "Summarize device usage of the set of FILEs, recursively for directories, in 1024-byte units by default. Usage is the size rounded up to 4 KiB blocks (a directory is one block, a symlink none), consistent with stat %b.\n\nWith --json, prints a JSON array of {\"path\", \"size\" (bytes in the mode asked for: disk usage, or apparent size with -b/--apparent-size), \"disk_usage\" (bytes), \"apparent_size\" (bytes), \"inodes\"}, one per line du would print (the -c total has path \"total\").",
    options: &[
        OptSpec::new("-0, --null", "end each output line with NUL, not newline"),
        OptSpec::new(
            "-a, --all",
            "write counts for all files, not just directories",
        ),
        OptSpec::new(
            "--apparent-size",
            "print apparent sizes rather than device usage",
        ),
        OptSpec::new(
            "-B, --block-size=SIZE",
            "scale sizes by SIZE before printing them (e.g. -BM)",
        ),
        OptSpec::new(
            "-b, --bytes",
            "equivalent to --apparent-size --block-size=1",
        ),
        OptSpec::new("-c, --total", "produce a grand total"),
        OptSpec::new(
            "-D, --dereference-args",
            "dereference only symlinks that are listed on the command line",
        ),
        OptSpec::new(
            "-d, --max-depth=N",
            "print the total for a directory only if it is N or fewer levels below the command line argument",
        ),
        OptSpec::new("-H", "equivalent to --dereference-args (-D)"),
        OptSpec::new(
            "-h, --human-readable",
            "print sizes in human readable format (e.g., 1K 234M 2G)",
        ),
        OptSpec::new(
            "--inodes",
            "list inode usage information instead of block usage",
        ),
        OptSpec::new("-k", "like --block-size=1K"),
        OptSpec::new("-L, --dereference", "dereference all symbolic links"),
        OptSpec::new("-m", "like --block-size=1M"),
        OptSpec::new(
            "-P, --no-dereference",
            "don't follow any symbolic links (this is the default)",
        ),
        OptSpec::new(
            "-S, --separate-dirs",
            "for directories do not include size of subdirectories",
        ),
        OptSpec::new("--si", "like -h, but use powers of 1000 not 1024"),
        OptSpec::new("-s, --summarize", "display only a total for each argument"),
        OptSpec::new(
            "-x, --one-file-system",
            "skip directories on different file systems",
        ),
        OptSpec::new("--exclude=PATTERN", "exclude files that match PATTERN"),
    ],
    operands: &[
        ArgSpec::optional("FILE", ArgType::Path, "files or directories (default .)").repeated(),
    ],
    returns: "lines of SIZE<TAB>PATH (or a JSON array with --json)",
    examples: &[
        Example {
            description: "usage of a tree, in 1K blocks",
            script: "mkdir -p t/s && printf abc > t/f && printf '%05000d' 0 > t/s/g && du t",
            stdout: "12\tt/s\n20\tt\n",
        },
        Example {
            description: "apparent sizes in bytes, every file, with a total",
            script: "mkdir t && printf abc > t/f && du -abc t",
            stdout: "3\tt/f\n4099\tt\n4099\ttotal\n",
        },
    ],
    errors: "exit 1 when a FILE cannot be read (the others are still counted); 1 for bad options",
    risk: RiskLevel::ReadOnly,
};

#[derive(Clone, Copy, Default)]
struct Sum {
    blocks: u64,
    bytes: u64,
    inodes: u64,
}

impl Sum {
    fn add(&mut self, o: Sum) {
        self.blocks += o.blocks;
        self.bytes += o.bytes;
        self.inodes += o.inodes;
    }
}

enum Unit {
    Scale(u64, String),
    Human(bool),
}

struct Walker {
    all: bool,
    apparent: bool,
    inodes: bool,
    separate: bool,
    max_depth: Option<usize>,
    deref_all: bool,
    unit: Unit,
    eol: u8,
    exclude: Vec<Pattern>,
    seen: HashSet<u64>,
    json: bool,
    items: Vec<serde_json::Value>,
    out: Vec<u8>,
    status: i32,
}

impl Walker {
    fn show(&mut self, s: Sum, path: &str) {
        if self.json {
            let size = if self.apparent {
                s.bytes
            } else {
                s.blocks * 512
            };
            self.items.push(serde_json::json!({
                "path": path,
                "size": size,
                "disk_usage": s.blocks * 512,
                "apparent_size": s.bytes,
                "inodes": s.inodes,
            }));
            return;
        }
        let text = if self.inodes {
            s.inodes.to_string()
        } else {
            let bytes = if self.apparent {
                s.bytes
            } else {
                s.blocks * 512
            };
            match &self.unit {
                Unit::Human(si) => sizes::human(bytes, *si),
                Unit::Scale(n, suffix) => format!("{}{suffix}", bytes.div_ceil(*n)),
            }
        };
        self.out.extend_from_slice(text.as_bytes());
        self.out.push(b'\t');
        self.out.extend_from_slice(path.as_bytes());
        self.out.push(self.eol);
    }

    fn excluded(&self, name: &str) -> bool {
        self.exclude.iter().any(|p| p.matches(name.as_bytes()))
    }

    /// Stat one path and account for it: `None` when it is missing (reported) or a hard
    /// link already counted, else its metadata and own usage. `listed` is the entry's
    /// metadata from its directory's listing, when the backend gave it (a symlink's stands
    /// only when links are not followed).
    fn visit(
        &mut self,
        ctx: &mut dyn ToolCtx,
        path: &str,
        follow: bool,
        listed: Option<Metadata>,
    ) -> Option<(Metadata, Sum)> {
        let follows = follow || self.deref_all;
        let r = match listed {
            Some(m) if !(follows && m.is_symlink()) => Ok(m),
            _ if follows => ctx.backend().stat(&ctx.resolve_path(path)),
            _ => ctx.backend().lstat(&ctx.resolve_path(path)),
        };
        let meta = match r {
            Ok(m) => m,
            Err(e) => {
                self.flush(ctx);
                diag::err(
                    ctx,
                    "du",
                    &format!("cannot access {}: {e}", quote::quote(path)),
                );
                self.status = 1;
                return None;
            }
        };
        // Hard links count once; under -L every directory too, since links may reach one
        // twice (GNU du's `hash_all`).
        let tracked = self.deref_all || (meta.nlink > 1 && !meta.is_dir());
        if tracked && !self.seen.insert(meta.ino) {
            return None;
        }
        let own = Sum {
            blocks: blocks::blocks512(&meta),
            bytes: meta.size,
            inodes: 1,
        };
        Some((meta, own))
    }

    /// List a directory for the walk, with each entry's metadata where the backend has it
    /// (a host directory `statx`es its entries by name, as GNU du's `fstatat`, not each path
    /// from the mount's root); errors reported, the directory still counts.
    fn entries(&mut self, ctx: &mut dyn ToolCtx, path: &str) -> Vec<(String, Option<Metadata>)> {
        match ctx.backend().list_with_metadata(&ctx.resolve_path(path)) {
            Ok(v) => v
                .into_iter()
                .map(|(e, m)| (diag::lossy(&e.name), m))
                .filter(|(n, _)| !self.excluded(n))
                .collect(),
            Err(e) => {
                self.flush(ctx);
                diag::err(
                    ctx,
                    "du",
                    &format!("cannot read directory {}: {e}", quote::quote(path)),
                );
                self.status = 1;
                Vec::new()
            }
        }
    }

    /// Walk one operand, depth first with an explicit stack (no recursion, so any depth is
    /// safe). `None` when cancelled.
    fn walk(&mut self, ctx: &mut dyn ToolCtx, root: &str, follow: bool) -> Option<Sum> {
        struct Frame {
            path: String,
            depth: usize,
            total: Sum,
            names: Vec<(String, Option<Metadata>)>,
            next: usize,
        }
        let Some((meta, own)) = self.visit(ctx, root, follow, None) else {
            return Some(Sum::default());
        };
        if !meta.is_dir() {
            self.show(own, root);
            return Some(own);
        }
        let names = self.entries(ctx, root);
        let mut stack = vec![Frame {
            path: root.to_string(),
            depth: 0,
            total: own,
            names,
            next: 0,
        }];
        loop {
            if ctx.is_cancelled() {
                return None;
            }
            let top = stack.last_mut()?;
            if top.next < top.names.len() {
                let (name, listed) = &mut top.names[top.next];
                let child = paths::join_name(&top.path, name);
                let listed = listed.take();
                top.next += 1;
                let depth = top.depth + 1;
                let Some((meta, own)) = self.visit(ctx, &child, false, listed) else {
                    continue;
                };
                if meta.is_dir() {
                    let names = self.entries(ctx, &child);
                    stack.push(Frame {
                        path: child,
                        depth,
                        total: own,
                        names,
                        next: 0,
                    });
                } else {
                    if self.all && self.max_depth.is_none_or(|m| depth <= m) {
                        self.show(own, &child);
                    }
                    if let Some(parent) = stack.last_mut() {
                        parent.total.add(own);
                    }
                }
                continue;
            }
            let done = stack.pop()?;
            if self.max_depth.is_none_or(|m| done.depth <= m) {
                self.show(done.total, &done.path);
            }
            if self.out.len() > input::CHUNK {
                self.flush(ctx);
            }
            match stack.last_mut() {
                Some(parent) => {
                    if !self.separate {
                        parent.total.add(done.total);
                    }
                }
                None => return Some(done.total),
            }
        }
    }

    fn flush(&mut self, ctx: &mut dyn ToolCtx) {
        if !self.out.is_empty() {
            let _ = output::out(ctx, &self.out);
            self.out.clear();
        }
    }
}

/// `-B SIZE`: a multiplier with an optional unit; a unit without a number is printed as a
/// suffix (`-BM` prints `1M`).
fn block_size(s: &str) -> Option<Unit> {
    let digits_end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    let n: u64 = if digits_end == 0 {
        1
    } else {
        s[..digits_end].parse().ok()?
    };
    let suf = &s[digits_end..];
    let (mult, shown): (u64, &str) = match suf {
        "" => (1, ""),
        "K" | "k" | "KiB" => (1 << 10, "K"),
        "M" | "MiB" => (1 << 20, "M"),
        "G" | "GiB" => (1 << 30, "G"),
        "T" | "TiB" => (1 << 40, "T"),
        "KB" | "kB" => (1000, "kB"),
        "MB" => (1_000_000, "MB"),
        "GB" => (1_000_000_000, "GB"),
        _ => return None,
    };
    let size = n.checked_mul(mult)?;
    if size == 0 {
        return None;
    }
    let suffix = if digits_end == 0 {
        shown.to_string()
    } else {
        String::new()
    };
    Some(Unit::Scale(size, suffix))
}

impl ParsedCommand for Du {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn structured(&self) -> bool {
        true
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let mut w = Walker {
            all: false,
            apparent: false,
            inodes: false,
            separate: false,
            max_depth: None,
            deref_all: false,
            unit: Unit::Scale(1024, String::new()),
            eol: b'\n',
            exclude: Vec::new(),
            seen: HashSet::new(),
            json: ctx.output_format() == OutputFormat::Json,
            items: Vec::new(),
            out: Vec::new(),
            status: 0,
        };
        let mut summarize = false;
        let mut deref_args = false;
        let mut total = false;
        for (i, v) in &p.opts {
            let o = &SPEC.options[*i];
            let v = v.as_ref().map(|v| diag::lossy(v));
            match (o.short, o.long) {
                (Some('0'), _) => w.eol = 0,
                (Some('a'), _) => w.all = true,
                (_, Some("apparent-size")) => w.apparent = true,
                (Some('B'), _) => {
                    let v = v.unwrap_or_default();
                    match block_size(&v) {
                        Some(u) => w.unit = u,
                        None => {
                            diag::err(
                                ctx,
                                "du",
                                &format!("invalid --block-size argument {}", quote::cquote(&v)),
                            );
                            return 1;
                        }
                    }
                }
                (Some('b'), _) => {
                    w.apparent = true;
                    w.unit = Unit::Scale(1, String::new());
                }
                (Some('c'), _) => total = true,
                (Some('D'), _) | (Some('H'), _) => deref_args = true,
                (Some('d'), _) => {
                    let v = v.unwrap_or_default();
                    match v.parse::<usize>() {
                        Ok(n) => w.max_depth = Some(n),
                        Err(_) => {
                            return diag::usage(
                                ctx,
                                &SPEC,
                                &format!("du: invalid maximum depth {}", quote::cquote(&v)),
                                1,
                            );
                        }
                    }
                }
                (Some('h'), _) => w.unit = Unit::Human(false),
                (_, Some("si")) => w.unit = Unit::Human(true),
                (_, Some("inodes")) => w.inodes = true,
                (Some('k'), _) => w.unit = Unit::Scale(1024, String::new()),
                (Some('m'), _) => w.unit = Unit::Scale(1 << 20, String::new()),
                (Some('L'), _) => w.deref_all = true,
                (Some('P'), _) => w.deref_all = false,
                (Some('S'), _) => w.separate = true,
                (Some('s'), _) => summarize = true,
                (_, Some("exclude")) => {
                    let pat = v.unwrap_or_default();
                    w.exclude
                        .push(Pattern::new(pat.as_bytes(), PatternOptions::default()));
                }
                _ => {}
            }
        }
        if summarize {
            if let Some(d) = w.max_depth
                && d != 0
            {
                return diag::usage(
                    ctx,
                    &SPEC,
                    &format!("du: warning: summarizing conflicts with --max-depth={d}"),
                    1,
                );
            }
            w.max_depth = Some(0);
        }
        let ops: Vec<String> = if p.operands.is_empty() {
            vec![".".to_string()]
        } else {
            p.operands.iter().map(|o| diag::lossy(o)).collect()
        };
        let mut grand = Sum::default();
        for op in &ops {
            match w.walk(ctx, op, deref_args) {
                Some(s) => grand.add(s),
                None => return 130,
            }
        }
        if total {
            w.show(grand, "total");
        }
        if w.json {
            let v = serde_json::Value::Array(std::mem::take(&mut w.items));
            w.out = format!("{v}\n").into_bytes();
        }
        if !output::out(ctx, &w.out) {
            return 141;
        }
        w.status
    }
}

#[cfg(test)]
mod tests {
    use super::Du;
    use crate::common::testing::{TestCtx, run};
    use std::path::Path;

    fn ctx() -> TestCtx {
        let c = TestCtx::new().file("e", b"").file("a", b"abc");
        let _ = c
            .backend
            .mkdir(Path::new("/home/user/d/sub/deep"), 0o755, true);
        let _ = c.backend.write(
            Path::new("/home/user/d/sub/big"),
            &[b'0'; 5000],
            sandsh_api::fs::WriteMode::Truncate,
            0o644,
        );
        let _ = c.backend.write(
            Path::new("/home/user/d/a"),
            b"abc",
            sandsh_api::fs::WriteMode::Truncate,
            0o644,
        );
        let _ = c
            .backend
            .symlink(Path::new("a"), Path::new("/home/user/d/l"));
        c
    }

    fn du(args: &[&str]) -> (i32, String, String) {
        let mut c = ctx();
        let s = run(&Du, args, &mut c);
        (s, c.out_str(), c.err_str())
    }

    #[test]
    fn sizes() {
        assert_eq!(du(&["d"]).1, "4\td/sub/deep\n16\td/sub\n24\td\n");
        assert_eq!(
            du(&["-b", "d"]).1,
            "4096\td/sub/deep\n13192\td/sub\n17292\td\n"
        );
        assert_eq!(du(&["-sh", "d"]).1, "24K\td\n");
        assert_eq!(
            du(&["--apparent-size", "d"]).1,
            "4\td/sub/deep\n13\td/sub\n17\td\n"
        );
        assert_eq!(du(&["-m", "-s", "d"]).1, "1\td\n");
        assert_eq!(du(&["-S", "d"]).1, "4\td/sub/deep\n12\td/sub\n8\td\n");
        assert_eq!(du(&["--inodes", "d"]).1, "1\td/sub/deep\n3\td/sub\n6\td\n");
        assert_eq!(du(&["-d", "0", "d"]).1, "24\td\n");
        assert_eq!(du(&["-BM", "-s", "d"]).1, "1M\td\n");
        assert_eq!(
            du(&["-ab", "d"]).1,
            "3\td/a\n1\td/l\n5000\td/sub/big\n4096\td/sub/deep\n13192\td/sub\n17292\td\n"
        );
        assert_eq!(du(&["-bc", "a", "e"]).1, "3\ta\n0\te\n3\ttotal\n");
        assert_eq!(du(&["--exclude=s*", "d"]).1, "8\td\n");
    }

    #[test]
    fn deep_trees_walk_without_recursion() {
        let mut c = TestCtx::new();
        let deep = format!("/home/user/x{}", "/d".repeat(1500));
        let _ = c.backend.mkdir(Path::new(&deep), 0o755, true);
        assert_eq!(run(&Du, &["-s", "--inodes", "x"], &mut c), 0);
        assert_eq!(c.out_str(), "1501\tx\n");
    }

    #[test]
    fn errors() {
        let (s, o, e) = du(&["nope", "a"]);
        assert_eq!((s, o.as_str()), (1, "4\ta\n"));
        assert_eq!(e, "du: cannot access 'nope': No such file or directory\n");
        let (s, _, e) = du(&["-d", "x", "d"]);
        assert_eq!(s, 1);
        assert!(e.starts_with("du: invalid maximum depth \u{2018}x\u{2019}\n"));
    }
}
