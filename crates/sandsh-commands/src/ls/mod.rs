//! `ls`: list directory contents.
//!
//! sandsh output is never a terminal, so entries are printed one per line (GNU's non-tty
//! default) and never colored. Names sort in byte order (C.UTF-8). Times are shown in UTC.
//! `-l` block totals assume 4 KiB allocation units, since the VFS has no block counts.

use std::cmp::Ordering;
use std::time::{SystemTime, UNIX_EPOCH};

use sandsh_api::fs::{FileType, Metadata};
use sandsh_api::opt;
use sandsh_api::{
    Arg, ArgSpec, ArgType, Command, CommandSpec, Example, ExitStatus, OptSpec, OutputFormat,
    RiskLevel, ToolCtx,
};
use sandsh_text::strftime::{gmtime, strftime};

use crate::common::users::Table;

mod quote;
use crate::common::mode;
use crate::common::quote::{cquote, quote as quote_name};
use crate::common::{diag, file_type, input, output, paths, sizes, time_format};

pub struct Ls;

static SPEC: CommandSpec = CommandSpec {
    name: "ls",
    group: "fs",
    summary: "list directory contents",
    usage: "ls [OPTION]... [FILE]...",
    description: "List information about the FILEs (the current directory by default). Entries are sorted by name in byte order and printed one per line (output is never a terminal). Times are UTC.\n\nWith --json, prints one JSON array of entries {\"name\", \"path\", \"type\" (file|directory|symlink|char_device|fifo), \"size\" (bytes), \"mode\" (number), \"permissions\", \"links\", \"inode\", \"uid\", \"user\", \"gid\", \"group\", \"mtime\" (RFC 3339), \"target\" (symlinks)}: the operands' entries and, for directories, their contents (recursively with -R), in listing order.",
    options: &[
        OptSpec::new(
            "-1",
            "list one file per line (the default: output is never a terminal)",
        ),
        OptSpec::new(
            "-m",
            "fill the width with a comma-separated list of entries",
        ),
        OptSpec::new(
            "--format=WORD",
            "commas -m, long -l, single-column -1, verbose -l (the last of -1, -l, -m, -n, --format and --full-time wins)",
        ),
        OptSpec::new(
            "-w, --width=COLS",
            "with -m, the line width (default $COLUMNS, else 80); 0 means no limit",
        ),
        OptSpec::new("-a, --all", "do not ignore entries starting with ."),
        OptSpec::new("-A, --almost-all", "do not list implied . and .."),
        OptSpec::new(
            "-d, --directory",
            "list directories themselves, not their contents",
        ),
        OptSpec::new(
            "-F, --classify",
            "append indicator (one of */=>@|) to entries",
        ),
        OptSpec::new(
            "-h, --human-readable",
            "with -l, print sizes like 1K 234M 2G",
        ),
        OptSpec::new("-l", "use a long listing format"),
        OptSpec::new("-p", "append / indicator to directories"),
        OptSpec::new("-r, --reverse", "reverse order while sorting"),
        OptSpec::new("-R, --recursive", "list subdirectories recursively"),
        OptSpec::new("-S", "sort by file size, largest first"),
        OptSpec::new("-t", "sort by time, newest first"),
        OptSpec::new("-U", "do not sort; list entries in directory order"),
        OptSpec::new(
            "-s, --size",
            "print the allocated size of each file, in 1 KiB blocks (with -h, human-readable)",
        ),
        OptSpec::new("-i, --inode", "print the index number of each file"),
        OptSpec::new(
            "-n, --numeric-uid-gid",
            "like -l, but list numeric user and group IDs",
        ),
        OptSpec::new(
            "--color=WHEN",
            "color the output WHEN: never, auto (no color: output is never a terminal); always is not supported",
        ),
        OptSpec::new(
            "--time-style=STYLE",
            "time/date format with -l: full-iso, long-iso, iso, locale, or +FORMAT",
        ),
        OptSpec::new("--full-time", "like -l --time-style=full-iso"),
        OptSpec::new(
            "-b, --escape",
            "print C-style escapes for nongraphic characters",
        ),
        OptSpec::new(
            "-q, --hide-control-chars",
            "print ? instead of nongraphic characters",
        ),
        OptSpec::new(
            "--show-control-chars",
            "show nongraphic characters as-is (the default, output is never a terminal)",
        ),
        OptSpec::new("-N, --literal", "print entry names without quoting"),
        OptSpec::new("-Q, --quote-name", "enclose entry names in double quotes"),
        OptSpec::new(
            "--quoting-style=WORD",
            "use quoting style WORD for entry names: literal, locale, shell, shell-always, shell-escape, shell-escape-always, c, c-maybe, escape (the last of -b, -N, -Q and this option wins)",
        ),
    ],
    operands: &[
        ArgSpec::optional("FILE", ArgType::Path, "files or directories (default .)").repeated(),
    ],
    returns: "the names (or long listings), one per line",
    examples: &[
        Example {
            description: "list a directory",
            script: "mkdir d && touch d/b d/a && ls d",
            stdout: "a\nb\n",
        },
        Example {
            description: "typed JSON",
            script: "mkdir d && printf abc > d/f && ls --json d | jq -c '.[] | [.name, .type, .size]'",
            stdout: "[\"f\",\"file\",3]\n",
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
    inode: bool,
    /// `-s`: each entry's allocated size first, and a total line.
    blocks: bool,
    numeric: bool,
    style: TimeStyle,
    /// How names are shown (`-b`, `-N`, `-Q`, `--quoting-style`), and `-q`.
    quoting: quote::Style,
    qmark: bool,
    /// `-m`: names separated by commas, filling lines of `width` columns (0: no limit).
    commas: bool,
    width: usize,
}

/// How entries are laid out: the last of `-1`, `-l`, `-m`, `-n`, `--full-time` and
/// `--format` wins, as in GNU ls.
#[derive(Clone, Copy, PartialEq)]
enum Format {
    Single,
    Long,
    Commas,
}

impl Format {
    fn from_word(w: &str) -> Option<Format> {
        Some(match w {
            "long" | "verbose" => Format::Long,
            "commas" => Format::Commas,
            "single-column" => Format::Single,
            _ => return None,
        })
    }

    /// The format the arguments leave (before `--`), or `Err(word)` for a `--format`
    /// argument that is not one of its words.
    fn from_args(args: &[Arg]) -> Result<Format, String> {
        let mut f = Format::Single;
        for a in args {
            let a = diag::lossy(a);
            if a == "--" {
                break;
            }
            if let Some(long) = a.strip_prefix("--") {
                if long == "full-time" {
                    f = Format::Long;
                } else if let Some(w) = long.strip_prefix("format=") {
                    f = Format::from_word(w).ok_or_else(|| w.to_string())?;
                }
                continue;
            }
            let Some(cluster) = a.strip_prefix('-') else {
                continue;
            };
            for c in cluster.chars() {
                match c {
                    'l' | 'n' => f = Format::Long,
                    'm' => f = Format::Commas,
                    '1' => f = Format::Single,
                    // The rest of the cluster is the option's value.
                    'w' => break,
                    _ => {}
                }
            }
        }
        Ok(f)
    }
}

/// `--time-style`: how `-l` prints times.
#[derive(Default, Clone)]
enum TimeStyle {
    #[default]
    Locale,
    FullIso,
    LongIso,
    Iso,
    Format(String),
}

impl TimeStyle {
    fn parse(s: &str) -> Option<TimeStyle> {
        if let Some(f) = s.strip_prefix('+') {
            // A second format for recent files follows a newline; the first one serves both.
            return Some(TimeStyle::Format(
                f.split('\n').next().unwrap_or("").to_string(),
            ));
        }
        Some(match s.strip_prefix("posix-").unwrap_or(s) {
            "full-iso" => TimeStyle::FullIso,
            "long-iso" => TimeStyle::LongIso,
            "iso" => TimeStyle::Iso,
            "locale" => TimeStyle::Locale,
            _ => return None,
        })
    }
}

struct Entry {
    name: String,
    /// Path for stat and recursion.
    path: String,
    meta: Metadata,
    target: Option<String>,
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

/// `-h`: GNU's powers of 1024, rounding up (`4.0K`, `106K`).
fn human(n: u64) -> String {
    sizes::human(n, false)
}

fn secs(t: SystemTime) -> i64 {
    match t.duration_since(UNIX_EPOCH) {
        Ok(d) => d.as_secs() as i64,
        Err(e) => -(e.duration().as_secs() as i64),
    }
}

fn date(t: SystemTime, now: SystemTime, style: &TimeStyle) -> String {
    let fmt = |f: &str| String::from_utf8_lossy(&strftime(f.as_bytes(), secs(t))).into_owned();
    let recent = secs(t) > secs(now) - 31_556_952 / 2 && secs(t) <= secs(now) + 60 * 60;
    match style {
        TimeStyle::Locale => {}
        TimeStyle::FullIso => return time_format::stat_time(t),
        TimeStyle::LongIso => return fmt("%Y-%m-%d %H:%M"),
        TimeStyle::Iso if recent => return fmt("%m-%d %H:%M"),
        TimeStyle::Iso => return fmt("%Y-%m-%d "),
        TimeStyle::Format(f) => return fmt(f),
    }
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
    json: bool,
    items: Vec<serde_json::Value>,
    names: Table,
    now: SystemTime,
    status: i32,
}

impl Lister<'_> {
    fn owner(&self, id: u32, group: bool) -> String {
        if self.c.numeric {
            return id.to_string();
        }
        let name = if group {
            self.names.group_name(id)
        } else {
            self.names.user_name(id)
        };
        name.map_or_else(|| id.to_string(), str::to_string)
    }

    fn json_entry(&self, e: &Entry) -> serde_json::Value {
        let m = &e.meta;
        let kind = file_type::json_kind(m.file_type);
        let mut v = serde_json::json!({
            "name": e.name,
            "path": e.path,
            "type": kind,
            "size": m.size,
            "mode": m.mode & 0o7777,
            "permissions": mode::render(file_type::type_char(m.file_type), m.mode),
            "links": m.nlink,
            "inode": m.ino,
            "uid": m.uid,
            "user": self.names.user_name(m.uid),
            "gid": m.gid,
            "group": self.names.group_name(m.gid),
            "mtime": time_format::rfc3339(m.mtime),
        });
        if let (Some(t), Some(o)) = (&e.target, v.as_object_mut()) {
            o.insert("target".into(), serde_json::Value::String(t.clone()));
        }
        v
    }

    /// Print `entries`; the column widths also fit `also` (GNU sizes the block of file
    /// operands to the directory operands as well, though those are listed later).
    /// A name as the quoting options show it.
    fn shown(&self, name: &str) -> String {
        quote::quote(name, self.c.quoting, self.c.qmark)
    }

    fn print(&mut self, entries: &[Entry], also: &[Entry], out: &mut Vec<u8>) {
        if self.json {
            let items: Vec<serde_json::Value> = entries
                .iter()
                .filter(|e| e.name != "." && e.name != "..")
                .map(|e| self.json_entry(e))
                .collect();
            self.items.extend(items);
            return;
        }
        let sized = || entries.iter().chain(also);
        let wi = if self.c.inode {
            sized()
                .map(|e| e.meta.ino.to_string().len())
                .max()
                .unwrap_or(1)
        } else {
            0
        };
        let in_human = self.c.human;
        let size_blocks = |e: &Entry| {
            if in_human {
                human(blocks(e) * 1024)
            } else {
                blocks(e).to_string()
            }
        };
        let wb = if self.c.blocks {
            sized().map(|e| size_blocks(e).len()).max().unwrap_or(1)
        } else {
            0
        };
        let ino = |e: &Entry| {
            let mut s = String::new();
            if wi > 0 {
                s = format!("{:>wi$} ", e.meta.ino);
            }
            if wb > 0 {
                s.push_str(&format!("{:>wb$} ", size_blocks(e)));
            }
            s
        };
        if self.c.commas {
            self.print_commas(entries, out);
            return;
        }
        if !self.c.long {
            for e in entries {
                out.extend_from_slice(ino(e).as_bytes());
                out.extend_from_slice(self.shown(&e.name).as_bytes());
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
        let wl = sized()
            .map(|e| e.meta.nlink.to_string().len())
            .max()
            .unwrap_or(1);
        let wu = sized()
            .map(|e| self.owner(e.meta.uid, false).len())
            .max()
            .unwrap_or(1);
        let wg = sized()
            .map(|e| self.owner(e.meta.gid, true).len())
            .max()
            .unwrap_or(1);
        let ws = sized().map(|e| size_of(e).len()).max().unwrap_or(1);
        for e in entries {
            let line = format!(
                "{}{} {:>wl$} {:<wu$} {:<wg$} {:>ws$} {} {}{}",
                ino(e),
                mode::render(file_type::type_char(e.meta.file_type), e.meta.mode),
                e.meta.nlink,
                self.owner(e.meta.uid, false),
                self.owner(e.meta.gid, true),
                size_of(e),
                date(e.meta.mtime, self.now, &self.c.style),
                self.shown(&e.name),
                indicator(e, self.c),
            );
            out.extend_from_slice(line.as_bytes());
            if let Some(t) = &e.target {
                out.extend_from_slice(format!(" -> {}", self.shown(t)).as_bytes());
            }
            out.push(b'\n');
        }
    }

    /// `-m`: GNU's fill, a line broken where the next name and its `, ` would reach the width;
    /// the inode and size columns are not padded.
    fn print_commas(&self, entries: &[Entry], out: &mut Vec<u8>) {
        if entries.is_empty() {
            return;
        }
        let mut pos = 0;
        for (i, e) in entries.iter().enumerate() {
            let mut item = String::new();
            if self.c.inode {
                item.push_str(&format!("{} ", e.meta.ino));
            }
            if self.c.blocks {
                let b = blocks(e);
                let b = if self.c.human {
                    human(b * 1024)
                } else {
                    b.to_string()
                };
                item.push_str(&format!("{b} "));
            }
            item.push_str(&self.shown(&e.name));
            item.push_str(indicator(e, self.c));
            let len = display_width(&item);
            if i > 0 {
                if self.c.width == 0 || pos + len + 2 < self.c.width {
                    pos += 2;
                    out.extend_from_slice(b", ");
                } else {
                    pos = 0;
                    out.extend_from_slice(b",\n");
                }
            }
            out.extend_from_slice(item.as_bytes());
            pos += len;
        }
        out.push(b'\n');
    }

    fn read_dir(&mut self, ctx: &mut dyn ToolCtx, dir: &str) -> Option<Vec<Entry>> {
        let abs = ctx.resolve_path(dir);
        let list = match ctx.backend().list(&abs) {
            Ok(l) => l,
            Err(e) => {
                diag::err(
                    ctx,
                    "ls",
                    &format!("cannot open directory {}: {e}", quote_name(dir)),
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
            let n = diag::lossy(&e.name);
            if n.starts_with('.') && !(self.c.all || self.c.almost) {
                continue;
            }
            names.push(n);
        }
        let mut v = Vec::new();
        for n in names {
            let path = paths::join_name(dir, &n);
            if let Some(e) = entry(ctx, &n, &path, self.c.long || self.json) {
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
        if header && !self.json {
            if !*first {
                out.push(b'\n');
            }
            out.extend_from_slice(format!("{dir}:\n").as_bytes());
        }
        *first = false;
        if (self.c.long || self.c.blocks) && !self.json {
            let blocks: u64 = entries.iter().map(blocks).sum();
            let total = if self.c.human {
                human(blocks * 1024)
            } else {
                blocks.to_string()
            };
            out.extend_from_slice(format!("total {total}\n").as_bytes());
        }
        self.print(&entries, &[], out);
        if out.len() > input::CHUNK {
            let _ = output::out(ctx, out);
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
    let target = if long {
        file_type::link_target(ctx, &abs, &meta)
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

    fn structured(&self) -> bool {
        true
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        // `--color` alone means `--color=always`... for a terminal; GNU's optional argument.
        let mut fixed: Vec<Arg> = Vec::with_capacity(args.len());
        let mut ended = false;
        for a in args {
            if a == b"--" {
                ended = true;
            }
            if !ended && a == b"--color" {
                fixed.push(b"--color=always".to_vec());
            } else {
                fixed.push(a.clone());
            }
        }
        let p = match diag::parse_or_usage(&SPEC, &fixed, ctx, 2) {
            Ok(p) => p,
            Err(s) => return s,
        };
        if let Some(w) = p.value(opt!(SPEC, "color")) {
            match diag::lossy(w).as_str() {
                "never" | "no" | "none" | "auto" | "tty" | "if-tty" => {}
                "always" | "yes" | "force" => {
                    diag::err(
                        ctx,
                        "ls",
                        "--color=always is not supported (output is never a terminal)",
                    );
                    return 2;
                }
                other => {
                    let msg = diag::invalid_argument(
                        "ls",
                        other,
                        "--color",
                        &[
                            &["always", "yes", "force"],
                            &["never", "no", "none"],
                            &["auto", "tty", "if-tty"],
                        ],
                    );
                    return diag::usage(ctx, &SPEC, &msg, 1);
                }
            }
        }
        let full_time = p.has(opt!(SPEC, "full-time"));
        let style = match p.value(opt!(SPEC, "time-style")).map(|v| diag::lossy(v)) {
            Some(v) => match TimeStyle::parse(&v) {
                Some(t) => t,
                None => {
                    let msg = format!(
                        "ls: invalid argument {} for {}\nValid arguments are:\n  - [posix-]full-iso\n  - [posix-]long-iso\n  - [posix-]iso\n  - [posix-]locale\n  - +FORMAT (e.g., +%H:%M) for a 'date'-style format",
                        cquote(&v),
                        cquote("time style")
                    );
                    return diag::usage(ctx, &SPEC, &msg, 2);
                }
            },
            None if full_time => TimeStyle::FullIso,
            None => TimeStyle::Locale,
        };
        let (quoting, qmark) = match quote::from_args(&fixed) {
            Ok(q) => q,
            Err(v) => {
                let words: Vec<&[&str]> = quote::WORDS.iter().map(std::slice::from_ref).collect();
                let msg = diag::invalid_argument("ls", &v, "--quoting-style", &words);
                return diag::usage(ctx, &SPEC, &msg, 1);
            }
        };
        let format = match Format::from_args(&fixed) {
            Ok(f) => f,
            Err(w) => {
                if matches!(w.as_str(), "horizontal" | "across" | "vertical") {
                    let m = format!("--format={w} is not supported (entries in columns)");
                    diag::err(ctx, "ls", &m);
                    return 2;
                }
                let msg = diag::invalid_argument(
                    "ls",
                    &w,
                    "--format",
                    &[
                        &["verbose", "long"],
                        &["commas"],
                        &["horizontal", "across"],
                        &["vertical"],
                        &["single-column"],
                    ],
                );
                return diag::usage(ctx, &SPEC, &msg, 1);
            }
        };
        let width = match p.value(opt!(SPEC, "width")) {
            Some(v) => match diag::lossy(v).parse::<usize>() {
                Ok(n) => n,
                Err(_) => {
                    let m = format!("invalid line width: {}", cquote(&diag::lossy(v)));
                    diag::err(ctx, "ls", &m);
                    return 2;
                }
            },
            None => ctx
                .env_var("COLUMNS")
                .and_then(|v| diag::lossy(&v).parse::<usize>().ok())
                .filter(|n| *n > 0)
                .unwrap_or(80),
        };
        let h = |n: &str| p.has(SPEC.find(n));
        let c = Cfg {
            commas: format == Format::Commas,
            width,
            quoting,
            qmark,
            inode: h("i"),
            blocks: h("s"),
            numeric: h("n"),
            style,
            all: h("a"),
            almost: h("A"),
            dirs: h("d"),
            classify: h("F"),
            slash: h("p"),
            human: h("h"),
            long: format == Format::Long,
            reverse: h("r"),
            recursive: h("R"),
            by_size: h("S"),
            by_time: h("t"),
            unsorted: h("U"),
        };
        let json = ctx.output_format() == OutputFormat::Json;
        let names = if c.long || json {
            Table::load(ctx)
        } else {
            Table::default()
        };
        let mut l = Lister {
            c: &c,
            json,
            items: Vec::new(),
            names,
            now: ctx.now(),
            status: 0,
        };
        let ops: Vec<String> = if p.operands.is_empty() {
            vec![".".into()]
        } else {
            p.operands.iter().map(|o| diag::lossy(o)).collect()
        };
        let mut files = Vec::new();
        let mut dirs = Vec::new();
        for o in &ops {
            let abs = ctx.resolve_path(o);
            let Ok(lmeta) = ctx.backend().lstat(&abs) else {
                diag::err(
                    ctx,
                    "ls",
                    &format!("cannot access {}: No such file or directory", quote_name(o)),
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
            } else if let Some(e) = entry(ctx, o, o, c.long || json) {
                files.push(e);
            }
        }
        sort_entries(&mut files, &c);
        sort_entries(&mut dirs, &c);
        let mut out = Vec::new();
        l.print(&files, &dirs, &mut out);
        let header = ops.len() > 1 || c.recursive;
        let mut first = files.is_empty();
        for d in &dirs {
            l.list_dir(ctx, &d.path, header, &mut first, &mut out);
        }
        if l.json {
            out = format!(
                "{}\n",
                serde_json::Value::Array(std::mem::take(&mut l.items))
            )
            .into_bytes();
        }
        if !output::out(ctx, &out) {
            return 2;
        }
        l.status
    }
}

/// The columns `s` takes on a terminal: wide characters count two, combining and control
/// characters none.
fn display_width(s: &str) -> usize {
    use unicode_width::UnicodeWidthChar;
    s.chars().map(|c| c.width().unwrap_or(0)).sum()
}

#[cfg(test)]
mod tests {
    use super::{Ls, human};
    use crate::common::testing::{TestCtx, run};

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
    fn inode_numeric_styles() {
        let mut ctx = TestCtx::new().file("b", b"1234");
        assert_eq!(run(&Ls, &["-n", "b"], &mut ctx), 0);
        assert!(
            ctx.out_str().starts_with("-rw-r--r-- 1 1000 1000 4 "),
            "{}",
            ctx.out_str()
        );
        ctx.out.clear();
        run(&Ls, &["-i", "b"], &mut ctx);
        let ino = ctx
            .backend
            .stat(&ctx.cwd.join("b"))
            .map(|m| m.ino)
            .unwrap_or(0);
        assert_eq!(ctx.out_str(), format!("{ino} b\n"));
        ctx.out.clear();
        run(&Ls, &["-l", "--time-style=+%Y", "b"], &mut ctx);
        assert!(
            ctx.out_str().ends_with(" 4 20") || ctx.out_str().contains(" 4 2"),
            "{}",
            ctx.out_str()
        );
        ctx.out.clear();
        assert_eq!(run(&Ls, &["--color=always", "b"], &mut ctx), 2);
        assert_eq!(run(&Ls, &["--color=never", "b"], &mut ctx), 0);
        assert_eq!(ctx.out_str(), "b\n");
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
