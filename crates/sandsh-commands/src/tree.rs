//! `tree`: list the contents of directories in a tree-like format, as tree 2.x prints it
//! (UTF-8 line drawing with tree's no-break spaces, the "N directories, M files" report,
//! `-L -a -d -I -P -f -i -F -s -h -r --dirsfirst --noreport --charset=ascii -l`).
//!
//! Entries sort by name in byte order (the VFS lists sorted). As tree 2.1 does, the report
//! counts a top directory only when something was listed under it; a symlink to a directory
//! counts as a directory (and is descended into only with `-l`).

use sandsh_api::OptSpec;
use sandsh_api::fs::FileType;
use sandsh_api::opt;
use sandsh_api::{
    Arg, ArgSpec, ArgType, CommandSpec, Example, ExitStatus, ParsedArgs, ParsedCommand, RiskLevel,
    ToolCtx,
};
use sandsh_text::pattern::{Pattern, PatternOptions};

use super::util;

pub struct Tree;

static SPEC: CommandSpec = CommandSpec {
    name: "tree",
    group: "fs",
    summary: "list contents of directories in a tree-like format",
    usage: "tree [OPTION]... [DIRECTORY]...",
    description: "List the contents of each DIRECTORY (default .) as a tree, followed by a count of the directories and files listed. Patterns (-I, -P) are shell wildcards matched against entry names; alternatives are separated by |.",
    options: &[
        OptSpec::new("-a", "all files are listed (including hidden ones)"),
        OptSpec::new("-d", "list directories only"),
        OptSpec::new("-l", "follow symbolic links like directories"),
        OptSpec::new("-f", "print the full path prefix for each file"),
        OptSpec::new("-i", "don't print indentation lines"),
        OptSpec::new("-L LEVEL", "descend only LEVEL directories deep"),
        OptSpec::new("-P PATTERN", "list only those files that match the pattern"),
        OptSpec::new("-I PATTERN", "do not list files that match the pattern"),
        OptSpec::new("--noreport", "turn off the file/directory count at the end"),
        OptSpec::new(
            "-F",
            "append / for directories, * for executables, | for fifos",
        ),
        OptSpec::new("-s", "print the size in bytes of each file"),
        OptSpec::new("-h", "print sizes in a more human readable way"),
        OptSpec::new("-r", "sort in reverse alphabetic order"),
        OptSpec::new("--dirsfirst", "list directories before files"),
        OptSpec::new(
            "--charset=X",
            "use charset X for line drawing (ascii for plain ASCII)",
        ),
        OptSpec::new("-n", "turn colorization off (always the case)"),
        OptSpec::new(
            "-U",
            "leave files unsorted (entries come in name order anyway)",
        ),
    ],
    operands: &[ArgSpec::optional(
        "DIRECTORY",
        ArgType::Path,
        "directories to list (default .)",
    )
    .repeated()],
    returns: "the tree, then a blank line and the count of directories and files",
    examples: &[
        Example {
            description: "a small tree",
            script: "mkdir -p p/q && touch p/a p/q/b && tree --charset=ascii p",
            stdout: "p\n|-- a\n`-- q\n    `-- b\n\n2 directories, 2 files\n",
        },
        Example {
            description: "directories only, one level",
            script: "mkdir -p p/q/r p/s && tree -d -L 1 -i p",
            stdout: "p\nq\ns\n\n3 directories\n",
        },
    ],
    errors: "exit 2 when a DIRECTORY does not exist; 1 for an invalid level",
    risk: RiskLevel::ReadOnly,
};

/// Deepest nesting listed (symlink loops with -l end here).
const MAX_DEPTH: usize = 10_000;

struct Cfg {
    all: bool,
    dirs_only: bool,
    follow: bool,
    full: bool,
    indent: bool,
    level: Option<usize>,
    only: Vec<Pattern>,
    ignore: Vec<Pattern>,
    classify: bool,
    size: bool,
    human: bool,
    reverse: bool,
    dirsfirst: bool,
    ascii: bool,
}

struct State {
    dirs: u64,
    files: u64,
    out: Vec<u8>,
}

fn patterns(v: Vec<&Arg>) -> Vec<Pattern> {
    v.into_iter()
        .flat_map(|a| {
            util::lossy(a)
                .split('|')
                .map(|p| Pattern::new(p.as_bytes(), PatternOptions::default()))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// tree's `-h`: `   3`, `4.9K`, ` 98K`.
fn human(n: u64) -> String {
    if n < 1024 {
        return format!("{n:>4}");
    }
    let units = ['K', 'M', 'G', 'T', 'P', 'E'];
    let mut v = n as f64 / 1024.0;
    let mut u = 0;
    while v >= 1024.0 && u < units.len() - 1 {
        v /= 1024.0;
        u += 1;
    }
    if v < 9.95 {
        format!("{v:>3.1}{}", units[u])
    } else {
        format!("{v:>3.0}{}", units[u])
    }
}

struct Item {
    name: String,
    path: String,
    ftype: FileType,
    /// The target's type, for symlinks that resolve.
    target_type: Option<FileType>,
    target: Option<String>,
    size: u64,
    exec: bool,
    /// The directory this entry leads into (the target's inode for a symlink).
    dir_ino: u64,
}

impl Item {
    fn is_dir_like(&self) -> bool {
        self.ftype == FileType::Dir || self.target_type == Some(FileType::Dir)
    }
}

fn label(c: &Cfg, it: &Item) -> String {
    let mut s = String::new();
    if c.size || c.human {
        let n = if c.human {
            human(it.size)
        } else {
            format!("{:>11}", it.size)
        };
        s.push_str(&format!("[{n}]  "));
    }
    s.push_str(if c.full { &it.path } else { &it.name });
    if let Some(t) = &it.target {
        s.push_str(" -> ");
        s.push_str(t);
        if c.classify && it.target_type == Some(FileType::Dir) {
            s.push('/');
        }
    } else if c.classify {
        match it.ftype {
            FileType::Dir => s.push('/'),
            FileType::Fifo => s.push('|'),
            FileType::File if it.exec => s.push('*'),
            _ => {}
        }
    }
    s
}

/// An entry as listed: `listed` is its metadata from the listing, when the backend gave it
/// (else it is `lstat`ed by path).
fn item(
    ctx: &dyn ToolCtx,
    name: String,
    path: String,
    listed: Option<sandsh_api::fs::Metadata>,
) -> Option<Item> {
    let abs = ctx.resolve_path(&path);
    let m = match listed {
        Some(m) => m,
        None => ctx.backend().lstat(&abs).ok()?,
    };
    let mut dir_ino = m.ino;
    let (target, target_type) = if m.is_symlink() {
        let t = ctx.backend().stat(&abs).ok();
        if let Some(t) = &t {
            dir_ino = t.ino;
        }
        (
            ctx.backend()
                .read_link(&abs)
                .ok()
                .map(|t| t.to_string_lossy().into_owned()),
            t.map(|t| t.file_type),
        )
    } else {
        (None, None)
    };
    Some(Item {
        name,
        path,
        ftype: m.file_type,
        target_type,
        target,
        size: m.size,
        exec: m.mode & 0o111 != 0,
        dir_ino,
    })
}

/// The listed entries of a directory, filtered and ordered as the options say.
fn list_items(ctx: &mut dyn ToolCtx, c: &Cfg, dir: &str) -> Vec<Item> {
    let abs = ctx.resolve_path(dir);
    // With each entry's metadata where the backend has it (a host directory `statx`es its
    // entries by name, as tree's `fstatat`), not an `lstat` by path for each.
    let Ok(list) = ctx.backend().list_with_metadata(&abs) else {
        return Vec::new();
    };
    let mut items = Vec::new();
    for (e, listed) in list {
        let name = util::lossy(&e.name);
        if !c.all && name.starts_with('.') {
            continue;
        }
        if c.ignore.iter().any(|p| p.matches(name.as_bytes())) {
            continue;
        }
        let path = util::join_name(dir, &name);
        let Some(it) = item(ctx, name, path, listed) else {
            continue;
        };
        let dir_like = it.is_dir_like();
        if c.dirs_only && !dir_like {
            continue;
        }
        if !dir_like && !c.only.is_empty() && !c.only.iter().any(|p| p.matches(it.name.as_bytes()))
        {
            continue;
        }
        items.push(it);
    }
    if c.reverse {
        items.reverse();
    }
    if c.dirsfirst {
        items.sort_by_key(|it| !it.is_dir_like());
    }
    items
}

/// Print the tree under `root`, depth first with an explicit stack (no recursion). False
/// when cancelled or too deep (reported).
fn walk(ctx: &mut dyn ToolCtx, c: &Cfg, st: &mut State, root: &Item) -> bool {
    struct Frame {
        items: Vec<Item>,
        next: usize,
        prefix: String,
        ino: u64,
    }
    let (tee, elbow, pipe, blank) = if c.ascii {
        ("|-- ", "`-- ", "|   ", "    ")
    } else {
        (
            "\u{251c}\u{2500}\u{2500} ",
            "\u{2514}\u{2500}\u{2500} ",
            "\u{2502}\u{a0}\u{a0} ",
            "    ",
        )
    };
    let items = list_items(ctx, c, &root.path);
    if !items.is_empty() {
        st.dirs += 1;
    }
    // The root counts by its own inode (a symlink root is not its target, as in tree).
    let root_ino = ctx
        .backend()
        .lstat(&ctx.resolve_path(&root.path))
        .map_or(0, |m| m.ino);
    let mut stack = vec![Frame {
        items,
        next: 0,
        prefix: String::new(),
        ino: root_ino,
    }];
    loop {
        let depth = stack.len();
        // A followed symlink back into a directory being listed is a loop (tree's check).
        let looping = stack
            .last()
            .and_then(|t| t.items.get(t.next))
            .is_some_and(|it| {
                c.follow
                    && it.ftype == FileType::Symlink
                    && stack.iter().any(|f| f.ino == it.dir_ino)
            });
        let Some(top) = stack.last_mut() else {
            break;
        };
        if ctx.is_cancelled() {
            return false;
        }
        if top.next >= top.items.len() {
            stack.pop();
            continue;
        }
        let k = top.next;
        top.next += 1;
        let last = top.next == top.items.len();
        let it = &top.items[k];
        if c.indent {
            st.out.extend_from_slice(top.prefix.as_bytes());
            st.out
                .extend_from_slice(if last { elbow } else { tee }.as_bytes());
        }
        st.out.extend_from_slice(label(c, it).as_bytes());
        if looping {
            st.out.extend_from_slice(b"  [recursive, not followed]");
        }
        st.out.push(b'\n');
        if it.is_dir_like() {
            st.dirs += 1;
        } else {
            st.files += 1;
        }
        if st.out.len() > util::CHUNK {
            let _ = util::out(ctx, &st.out);
            st.out.clear();
        }
        let descend = !looping
            && (it.ftype == FileType::Dir || (c.follow && it.target_type == Some(FileType::Dir)));
        if descend && c.level.is_none_or(|l| depth < l) {
            if depth > MAX_DEPTH {
                let _ = util::out(ctx, &st.out);
                st.out.clear();
                let path = it.path.clone();
                util::err(
                    ctx,
                    "tree",
                    &format!(
                        "{path}: directory tree deeper than {MAX_DEPTH} levels is not supported"
                    ),
                );
                return false;
            }
            let prefix = format!("{}{}", top.prefix, if last { blank } else { pipe });
            let path = it.path.clone();
            let ino = it.dir_ino;
            let items = list_items(ctx, c, &path);
            stack.push(Frame {
                items,
                next: 0,
                prefix,
                ino,
            });
        }
    }
    true
}

impl ParsedCommand for Tree {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let level = match p.value(opt!(SPEC, "L")) {
            Some(v) => match util::lossy(v).parse::<usize>() {
                Ok(n) if n > 0 => Some(n),
                _ => {
                    util::err(ctx, "tree", "Invalid level, must be greater than 0.");
                    return 1;
                }
            },
            None => None,
        };
        let c = Cfg {
            all: p.has(opt!(SPEC, "a")),
            dirs_only: p.has(opt!(SPEC, "d")),
            follow: p.has(opt!(SPEC, "l")),
            full: p.has(opt!(SPEC, "f")),
            indent: !p.has(opt!(SPEC, "i")),
            level,
            only: patterns(p.values(opt!(SPEC, "P"))),
            ignore: patterns(p.values(opt!(SPEC, "I"))),
            classify: p.has(opt!(SPEC, "F")),
            size: p.has(opt!(SPEC, "s")),
            human: p.has(opt!(SPEC, "h")),
            reverse: p.has(opt!(SPEC, "r")),
            dirsfirst: p.has(opt!(SPEC, "dirsfirst")),
            ascii: p
                .value(opt!(SPEC, "charset"))
                .is_some_and(|v| util::lossy(v).eq_ignore_ascii_case("ascii")),
        };
        let ops: Vec<String> = if p.operands.is_empty() {
            vec![".".into()]
        } else {
            p.operands.iter().map(|o| util::lossy(o)).collect()
        };
        let mut st = State {
            dirs: 0,
            files: 0,
            out: Vec::new(),
        };
        let mut status = 0;
        for op in &ops {
            match item(ctx, op.clone(), op.clone(), None) {
                Some(mut it) if it.is_dir_like() => {
                    // A top directory named through a symlink is shown by its name alone.
                    it.target = None;
                    st.out.extend_from_slice(label(&c, &it).as_bytes());
                    st.out.push(b'\n');
                    if !walk(ctx, &c, &mut st, &it) {
                        let _ = util::out(ctx, &st.out);
                        return if ctx.is_cancelled() { 130 } else { 1 };
                    }
                }
                Some(_) => {
                    st.out
                        .extend_from_slice(format!("{op}  [error opening dir]\n").as_bytes());
                    st.files += 1;
                }
                None => {
                    st.out
                        .extend_from_slice(format!("{op}  [error opening dir]\n").as_bytes());
                    status = 2;
                }
            }
        }
        if !p.has(opt!(SPEC, "noreport")) {
            let plural =
                |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
            let mut report = format!("\n{}", plural(st.dirs, "directory", "directories"));
            if !c.dirs_only {
                report.push_str(&format!(", {}", plural(st.files, "file", "files")));
            }
            report.push('\n');
            st.out.extend_from_slice(report.as_bytes());
        }
        util::emit(ctx, &st.out, status)
    }
}

#[cfg(test)]
mod tests {
    use super::Tree;
    use crate::testing::{TestCtx, run};
    use std::path::Path;

    fn ctx() -> TestCtx {
        let c = TestCtx::new();
        let b = c.backend.clone();
        let _ = b.mkdir(Path::new("/home/user/d/sub/deep"), 0o755, true);
        let _ = b.mkdir(Path::new("/home/user/empty"), 0o755, true);
        for f in ["d/a", "d/sub/big", "d/sub/deep/z", "d/.h"] {
            let _ = b.write(
                &c.cwd.join(f),
                b"abc",
                sandsh_api::fs::WriteMode::Truncate,
                0o644,
            );
        }
        let _ = b.symlink(Path::new("a"), Path::new("/home/user/d/l"));
        c
    }

    fn tree(args: &[&str]) -> (i32, String) {
        let mut c = ctx();
        let s = run(&Tree, args, &mut c);
        (s, c.out_str())
    }

    #[test]
    fn layout() {
        assert_eq!(
            tree(&["d"]).1,
            "d\n\u{251c}\u{2500}\u{2500} a\n\u{251c}\u{2500}\u{2500} l -> a\n\u{2514}\u{2500}\u{2500} sub\n    \u{251c}\u{2500}\u{2500} big\n    \u{2514}\u{2500}\u{2500} deep\n        \u{2514}\u{2500}\u{2500} z\n\n3 directories, 4 files\n"
        );
        assert_eq!(
            tree(&["--charset=ascii", "-a", "-L", "1", "d"]).1,
            "d\n|-- .h\n|-- a\n|-- l -> a\n`-- sub\n\n2 directories, 3 files\n"
        );
        assert_eq!(
            tree(&["-d", "-f", "-i", "d"]).1,
            "d\nd/sub\nd/sub/deep\n\n3 directories\n"
        );
        assert_eq!(
            tree(&["-i", "-I", "sub|a", "d"]).1,
            "d\nl -> a\n\n1 directory, 1 file\n"
        );
        assert_eq!(
            tree(&["--noreport", "-i", "-P", "b*", "d"]).1,
            "d\nsub\nbig\ndeep\n"
        );
        assert_eq!(tree(&["empty"]).1, "empty\n\n0 directories, 0 files\n");
    }

    #[test]
    fn errors() {
        assert_eq!(
            tree(&["nope"]),
            (
                2,
                "nope  [error opening dir]\n\n0 directories, 0 files\n".into()
            )
        );
        assert_eq!(
            tree(&["d/a"]),
            (
                0,
                "d/a  [error opening dir]\n\n0 directories, 1 file\n".into()
            )
        );
        let mut c = ctx();
        assert_eq!(run(&Tree, &["-L", "0"], &mut c), 1);
        assert_eq!(
            c.err_str(),
            "tree: Invalid level, must be greater than 0.\n"
        );
    }

    #[test]
    fn deep_trees_walk_without_recursion() {
        let mut c = TestCtx::new();
        let deep = format!("/home/user/x{}", "/d".repeat(1500));
        let _ = c.backend.mkdir(Path::new(&deep), 0o755, true);
        assert_eq!(run(&Tree, &["-d", "--noreport", "-i", "x"], &mut c), 0);
        assert_eq!(c.out_str().lines().count(), 1501);
    }

    #[test]
    fn symlink_loops_are_not_followed() {
        let mut c = TestCtx::new();
        let _ = c.backend.mkdir(Path::new("/home/user/x"), 0o755, true);
        let _ = c.backend.write(
            Path::new("/home/user/x/f"),
            b"",
            sandsh_api::fs::WriteMode::Truncate,
            0o644,
        );
        let _ = c
            .backend
            .symlink(Path::new("."), Path::new("/home/user/x/loop"));
        assert_eq!(run(&Tree, &["-l", "--charset=ascii", "x"], &mut c), 0);
        assert_eq!(
            c.out_str(),
            "x\n|-- f\n`-- loop -> .  [recursive, not followed]\n\n2 directories, 1 file\n"
        );
        c.out.clear();
        assert_eq!(run(&Tree, &["-l", "--charset=ascii", "x/loop"], &mut c), 0);
        assert_eq!(
            c.out_str(),
            "x/loop\n|-- f\n`-- loop -> .\n    |-- f\n    `-- loop -> .  [recursive, not followed]\n\n3 directories, 2 files\n"
        );
    }

    #[test]
    fn sizes() {
        assert_eq!(super::human(3), "   3");
        assert_eq!(super::human(5000), "4.9K");
        assert_eq!(super::human(100_000), " 98K");
        assert_eq!(super::human(4096), "4.0K");
    }
}
