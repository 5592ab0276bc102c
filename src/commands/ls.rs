//! `ls`: list directory contents.
//!
//! sandsh output is never a terminal, so entries are printed one per line (GNU's non-tty
//! default) and never colored. Names sort in byte order (C.UTF-8). Times are shown in UTC.
//! `-l` block totals assume 4 KiB allocation units, since the VFS has no block counts.

use std::cmp::Ordering;
use std::time::{SystemTime, UNIX_EPOCH};

use crate::api::{
    Arg, ArgSpec, ArgType, Command, CommandSpec, Example, ExitStatus, OptSpec, RiskLevel, ToolCtx,
};
use crate::text::strftime::gmtime;
use crate::vfs::{FileType, Metadata};

use super::{mode, util};

pub struct Ls;

static SPEC: CommandSpec = CommandSpec {
    name: "ls",
    group: "fs",
    summary: "list directory contents",
    usage: "ls [OPTION]... [FILE]...",
    description: "List information about the FILEs (the current directory by default). Entries are sorted by name in byte order and printed one per line (output is never a terminal). Times are UTC.",
    options: &[
        OptSpec {
            short: Some('1'),
            long: None,
            value: None,
            help: "list one file per line (always the case here)",
        },
        OptSpec {
            short: Some('a'),
            long: Some("all"),
            value: None,
            help: "do not ignore entries starting with .",
        },
        OptSpec {
            short: Some('A'),
            long: Some("almost-all"),
            value: None,
            help: "do not list implied . and ..",
        },
        OptSpec {
            short: Some('d'),
            long: Some("directory"),
            value: None,
            help: "list directories themselves, not their contents",
        },
        OptSpec {
            short: Some('F'),
            long: Some("classify"),
            value: None,
            help: "append indicator (one of */=>@|) to entries",
        },
        OptSpec {
            short: Some('h'),
            long: Some("human-readable"),
            value: None,
            help: "with -l, print sizes like 1K 234M 2G",
        },
        OptSpec {
            short: Some('l'),
            long: None,
            value: None,
            help: "use a long listing format",
        },
        OptSpec {
            short: Some('p'),
            long: None,
            value: None,
            help: "append / indicator to directories",
        },
        OptSpec {
            short: Some('r'),
            long: Some("reverse"),
            value: None,
            help: "reverse order while sorting",
        },
        OptSpec {
            short: Some('R'),
            long: Some("recursive"),
            value: None,
            help: "list subdirectories recursively",
        },
        OptSpec {
            short: Some('S'),
            long: None,
            value: None,
            help: "sort by file size, largest first",
        },
        OptSpec {
            short: Some('t'),
            long: None,
            value: None,
            help: "sort by time, newest first",
        },
        OptSpec {
            short: Some('U'),
            long: None,
            value: None,
            help: "do not sort; list entries in directory order",
        },
    ],
    operands: &[ArgSpec {
        name: "FILE",
        kind: ArgType::Path,
        description: "files or directories (default .)",
        required: false,
        repeated: true,
    }],
    returns: "the names (or long listings), one per line",
    examples: &[
        Example {
            description: "list a directory",
            script: "mkdir d && touch d/b d/a && ls d",
            stdout: "a\nb\n",
        },
        Example {
            description: "classify",
            script: "mkdir -p x/sub && touch x/f && ls -F x",
            stdout: "f\nsub/\n",
        },
    ],
    errors: "exit 2 when an operand does not exist (the others are still listed), 1 for an unreadable subdirectory",
    risk: RiskLevel::ReadOnly,
};

#[derive(Default)]
struct Cfg {
    all: bool,
    almost: bool,
    dirs: bool,
    classify: bool,
    slash: bool,
    human: bool,
    long: bool,
    reverse: bool,
    recursive: bool,
    by_size: bool,
    by_time: bool,
    unsorted: bool,
}

struct Entry {
    name: String,
    /// Path for stat and recursion.
    path: String,
    meta: Metadata,
    target: Option<String>,
}

fn type_char(t: FileType) -> char {
    match t {
        FileType::Dir => 'd',
        FileType::Symlink => 'l',
        FileType::CharDevice => 'c',
        FileType::Fifo => 'p',
        FileType::File => '-',
    }
}

fn indicator(e: &Entry, c: &Cfg) -> &'static str {
    match e.meta.file_type {
        FileType::Dir if c.classify || c.slash => "/",
        FileType::Symlink if c.classify && !c.long => "@",
        FileType::Fifo if c.classify => "|",
        FileType::File if c.classify && e.meta.mode & 0o111 != 0 => "*",
        _ => "",
    }
}

fn human(n: u64) -> String {
    if n < 1024 {
        return n.to_string();
    }
    let units = ['K', 'M', 'G', 'T', 'P', 'E'];
    let mut v = n as f64;
    let mut u = 0;
    v /= 1024.0;
    while v >= 1024.0 && u < units.len() - 1 {
        v /= 1024.0;
        u += 1;
    }
    if v < 10.0 {
        let r = (v * 10.0).ceil() / 10.0;
        if r >= 10.0 {
            format!("{}{}", r as u64, units[u])
        } else {
            format!("{r:.1}{}", units[u])
        }
    } else {
        let r = v.ceil();
        if r >= 1024.0 && u < units.len() - 1 {
            format!("1.0{}", units[u + 1])
        } else {
            format!("{}{}", r as u64, units[u])
        }
    }
}

fn secs(t: SystemTime) -> i64 {
    match t.duration_since(UNIX_EPOCH) {
        Ok(d) => d.as_secs() as i64,
        Err(e) => -(e.duration().as_secs() as i64),
    }
}

fn date(t: SystemTime, now: SystemTime) -> String {
    const MON: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let s = secs(t);
    let tm = gmtime(s);
    let m = MON[(tm.month.clamp(1, 12) - 1) as usize];
    let six_months = 31_556_952 / 2;
    let n = secs(now);
    if s > n - six_months && s <= n + 60 * 60 {
        format!("{m} {:>2} {:02}:{:02}", tm.day, tm.hour, tm.min)
    } else {
        format!("{m} {:>2}  {}", tm.day, tm.year)
    }
}

fn users(ctx: &dyn ToolCtx, file: &str) -> Vec<(u32, String)> {
    let data = ctx
        .backend()
        .read(std::path::Path::new(file), None)
        .unwrap_or_default();
    String::from_utf8_lossy(&data)
        .lines()
        .filter_map(|l| {
            let mut f = l.split(':');
            let name = f.next()?.to_string();
            let id = f.nth(1)?.parse().ok()?;
            Some((id, name))
        })
        .collect()
}

fn sort_entries(v: &mut [Entry], c: &Cfg) {
    if c.unsorted {
        return;
    }
    v.sort_by(|a, b| {
        let o = if c.by_size {
            b.meta.size.cmp(&a.meta.size)
        } else if c.by_time {
            b.meta.mtime.cmp(&a.meta.mtime)
        } else {
            Ordering::Equal
        };
        o.then_with(|| a.name.as_bytes().cmp(b.name.as_bytes()))
    });
    if c.reverse {
        v.reverse();
    }
}

struct Lister<'a> {
    c: &'a Cfg,
    users: Vec<(u32, String)>,
    groups: Vec<(u32, String)>,
    now: SystemTime,
    status: i32,
}

impl Lister<'_> {
    fn owner(&self, id: u32, group: bool) -> String {
        let t = if group { &self.groups } else { &self.users };
        t.iter()
            .find(|(i, _)| *i == id)
            .map_or_else(|| id.to_string(), |(_, n)| n.clone())
    }

    fn print(&self, entries: &[Entry], out: &mut Vec<u8>) {
        if !self.c.long {
            for e in entries {
                out.extend_from_slice(e.name.as_bytes());
                out.extend_from_slice(indicator(e, self.c).as_bytes());
                out.push(b'\n');
            }
            return;
        }
        let size_of = |e: &Entry| {
            if self.c.human {
                human(e.meta.size)
            } else {
                e.meta.size.to_string()
            }
        };
        let wl = entries
            .iter()
            .map(|e| e.meta.nlink.to_string().len())
            .max()
            .unwrap_or(1);
        let wu = entries
            .iter()
            .map(|e| self.owner(e.meta.uid, false).len())
            .max()
            .unwrap_or(1);
        let wg = entries
            .iter()
            .map(|e| self.owner(e.meta.gid, true).len())
            .max()
            .unwrap_or(1);
        let ws = entries.iter().map(|e| size_of(e).len()).max().unwrap_or(1);
        for e in entries {
            let line = format!(
                "{} {:>wl$} {:<wu$} {:<wg$} {:>ws$} {} {}{}",
                mode::render(type_char(e.meta.file_type), e.meta.mode),
                e.meta.nlink,
                self.owner(e.meta.uid, false),
                self.owner(e.meta.gid, true),
                size_of(e),
                date(e.meta.mtime, self.now),
                e.name,
                indicator(e, self.c),
            );
            out.extend_from_slice(line.as_bytes());
            if let Some(t) = &e.target {
                out.extend_from_slice(format!(" -> {t}").as_bytes());
            }
            out.push(b'\n');
        }
    }

    fn read_dir(&mut self, ctx: &mut dyn ToolCtx, dir: &str) -> Option<Vec<Entry>> {
        let abs = ctx.resolve_path(dir);
        let list = match ctx.backend().list(&abs) {
            Ok(l) => l,
            Err(e) => {
                util::err(
                    ctx,
                    "ls",
                    &format!("cannot open directory {}: {e}", util::quote(dir)),
                );
                self.status = self.status.max(1);
                return None;
            }
        };
        let mut names: Vec<String> = Vec::new();
        if self.c.all {
            names.push(".".into());
            names.push("..".into());
        }
        for e in list {
            let n = util::lossy(&e.name);
            if n.starts_with('.') && !(self.c.all || self.c.almost) {
                continue;
            }
            names.push(n);
        }
        let mut v = Vec::new();
        for n in names {
            let path = util::join_name(dir, &n);
            if let Some(e) = entry(ctx, &n, &path, self.c.long) {
                v.push(e);
            }
        }
        sort_entries(&mut v, self.c);
        Some(v)
    }

    fn list_dir(
        &mut self,
        ctx: &mut dyn ToolCtx,
        dir: &str,
        header: bool,
        first: &mut bool,
        out: &mut Vec<u8>,
    ) {
        if ctx.is_cancelled() {
            return;
        }
        let Some(entries) = self.read_dir(ctx, dir) else {
            return;
        };
        if header {
            if !*first {
                out.push(b'\n');
            }
            out.extend_from_slice(format!("{dir}:\n").as_bytes());
        }
        *first = false;
        if self.c.long {
            let blocks: u64 = entries.iter().map(blocks).sum();
            out.extend_from_slice(format!("total {blocks}\n").as_bytes());
        }
        self.print(&entries, out);
        if out.len() > util::CHUNK {
            let _ = util::out(ctx, out);
            out.clear();
        }
        if self.c.recursive {
            for e in &entries {
                if e.meta.is_dir() && e.name != "." && e.name != ".." {
                    self.list_dir(ctx, &e.path, true, first, out);
                }
            }
        }
    }
}

fn blocks(e: &Entry) -> u64 {
    match e.meta.file_type {
        FileType::File => e.meta.size.div_ceil(4096) * 4,
        FileType::Dir => 4,
        _ => 0,
    }
}

fn entry(ctx: &dyn ToolCtx, name: &str, path: &str, long: bool) -> Option<Entry> {
    let abs = ctx.resolve_path(path);
    let meta = ctx.backend().lstat(&abs).ok()?;
    let target = if meta.is_symlink() && long {
        ctx.backend()
            .read_link(&abs)
            .ok()
            .map(|t| t.to_string_lossy().into_owned())
    } else {
        None
    };
    Some(Entry {
        name: name.to_string(),
        path: path.to_string(),
        meta,
        target,
    })
}

impl Command for Ls {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let p = match util::parse_or_usage(&SPEC, args, ctx, 2) {
            Ok(p) => p,
            Err(s) => return s,
        };
        let h = |n: &str| p.has(&SPEC, n);
        let c = Cfg {
            all: h("a"),
            almost: h("A"),
            dirs: h("d"),
            classify: h("F"),
            slash: h("p"),
            human: h("h"),
            long: h("l"),
            reverse: h("r"),
            recursive: h("R"),
            by_size: h("S"),
            by_time: h("t"),
            unsorted: h("U"),
        };
        let (users, groups) = if c.long {
            (users(ctx, "/etc/passwd"), users(ctx, "/etc/group"))
        } else {
            (Vec::new(), Vec::new())
        };
        let mut l = Lister {
            c: &c,
            users,
            groups,
            now: ctx.now(),
            status: 0,
        };
        let ops: Vec<String> = if p.operands.is_empty() {
            vec![".".into()]
        } else {
            p.operands.iter().map(|o| util::lossy(o)).collect()
        };
        let mut files = Vec::new();
        let mut dirs = Vec::new();
        for o in &ops {
            let abs = ctx.resolve_path(o);
            let Ok(lmeta) = ctx.backend().lstat(&abs) else {
                util::err(
                    ctx,
                    "ls",
                    &format!(
                        "cannot access {}: No such file or directory",
                        util::quote(o)
                    ),
                );
                l.status = 2;
                continue;
            };
            // Operands that are symlinks to directories are followed (unless -l or -d).
            let follow = lmeta.is_symlink() && !c.long && !c.dirs;
            let meta = if follow {
                ctx.backend().stat(&abs).unwrap_or(lmeta.clone())
            } else {
                lmeta.clone()
            };
            let is_dir = meta.is_dir()
                || (lmeta.is_symlink()
                    && !c.dirs
                    && ctx.backend().stat(&abs).is_ok_and(|m| m.is_dir())
                    && !o.ends_with('/')
                    && !c.long)
                || (lmeta.is_symlink()
                    && o.ends_with('/')
                    && ctx.backend().stat(&abs).is_ok_and(|m| m.is_dir()));
            if is_dir && !c.dirs {
                dirs.push(Entry {
                    name: o.clone(),
                    path: o.clone(),
                    meta,
                    target: None,
                });
            } else if let Some(e) = entry(ctx, o, o, c.long) {
                files.push(e);
            }
        }
        sort_entries(&mut files, &c);
        sort_entries(&mut dirs, &c);
        let mut out = Vec::new();
        l.print(&files, &mut out);
        let header = ops.len() > 1 || c.recursive;
        let mut first = files.is_empty();
        for d in &dirs {
            l.list_dir(ctx, &d.path, header, &mut first, &mut out);
        }
        if !util::out(ctx, &out) {
            return 2;
        }
        l.status
    }
}

#[cfg(test)]
mod tests {
    use super::{Ls, human};
    use crate::commands::testing::{TestCtx, run};

    #[test]
    fn listing() {
        let mut ctx = TestCtx::new()
            .file("b", b"1234")
            .file(".h", b"")
            .file("a", b"");
        let _ = ctx.backend.mkdir(&ctx.cwd.join("d"), 0o755, false);
        assert_eq!(run(&Ls, &[], &mut ctx), 0);
        assert_eq!(ctx.out_str(), "a\nb\nd\n");
        ctx.out.clear();
        run(&Ls, &["-A", "-p", "-r"], &mut ctx);
        assert_eq!(ctx.out_str(), "d/\nb\na\n.h\n");
        ctx.out.clear();
        run(&Ls, &["-S"], &mut ctx);
        let o = ctx.out_str();
        assert!(o.find("b\n") < o.find("a\n"), "{o}");
        ctx.out.clear();
        run(&Ls, &["-l", "b"], &mut ctx);
        let out = ctx.out_str();
        assert!(out.starts_with("-rw-r--r-- 1 user user 4 "), "{out}");
        assert!(out.ends_with(" b\n"));
        ctx.out.clear();
        assert_eq!(run(&Ls, &["nope", "a"], &mut ctx), 2);
        assert_eq!(
            ctx.err_str(),
            "ls: cannot access 'nope': No such file or directory\n"
        );
        assert_eq!(ctx.out_str(), "a\n");
    }

    #[test]
    fn human_sizes() {
        assert_eq!(human(1023), "1023");
        assert_eq!(human(1024), "1.0K");
        assert_eq!(human(1536), "1.5K");
        assert_eq!(human(10 * 1024), "10K");
        assert_eq!(human(5 * 1024 * 1024), "5.0M");
    }
}
