//! `tree`: list the contents of directories in a tree-like format, byte for byte as tree
//! 2.1.0 prints it: UTF-8 line drawing with tree's no-break spaces, the metadata bracket
//! (`-p -u -g -s -h --si -D --inodes --device`), the sorts (`-t -c -v -U -r --sort
//! --dirsfirst --filesfirst`), name escaping (`-q -N -Q`), filtering (`-a -d -P -I
//! --ignore-case --matchdirs --prune --filelimit --gitignore`), `--du`, and the `-J` (JSON)
//! and `-X` (XML) listings with their report.
//!
//! The walk ([`walk`]) follows tree's `emit_tree`/`listdir`/`getfulltree` and drives the
//! listing calls of [`format`] in tree's order, so that tree's quirks (the report of `--du`
//! sums the listed entries, not the top directory; JSON after an error is not valid JSON)
//! come out the same. Times are shown in UTC. `-c` sorts by the VFS's status-change time.
//! `--gitignore` reads `.gitignore` files with the `ignore` crate's matcher (git's rules: the
//! deepest file with a say decides), where tree 2.1.0 has its own simpler matcher; the two
//! agree on ordinary ignore files. Colour (`-C`) is refused: output is never coloured.

mod format;
mod walk;

use sandsh_api::OptSpec;
use sandsh_api::opt;
use sandsh_api::{
    Arg, ArgSpec, ArgType, CommandSpec, Example, ExitStatus, ParsedArgs, ParsedCommand, RiskLevel,
    ToolCtx,
};
use sandsh_text::pattern::{Pattern, PatternOptions};

use crate::common::{diag, output};
use format::Out;
use walk::{Stop, Totals, Walk, stat2info};

pub struct Tree;

static SPEC: CommandSpec = CommandSpec {
    name: "tree",
    group: "fs",
    summary: "list contents of directories in a tree-like format",
    usage: "tree [OPTION]... [DIRECTORY]...",
    description: "List the contents of each DIRECTORY (default .) as a tree, followed by a count of the directories and files listed, as tree 2.1.0 does. Patterns (-P, -I) are shell wildcards matched against entry names; alternatives are separated by |, and a trailing / matches directories only. Times are shown in UTC. Not supported: -C (output is never coloured; refused with status 2), -H/-R (HTML), -x, -A, -S, --fromfile, --info.",
    options: &[
        OptSpec::new("-a", "all files are listed (including hidden ones)"),
        OptSpec::new("-d", "list directories only"),
        OptSpec::new("-l", "follow symbolic links like directories"),
        OptSpec::new("-f", "print the full path prefix for each file"),
        OptSpec::new("-i", "don't print indentation lines"),
        OptSpec::new("-L LEVEL", "descend only LEVEL directories deep"),
        OptSpec::new("-P PATTERN", "list only those files that match the pattern"),
        OptSpec::new("-I PATTERN", "do not list files that match the pattern"),
        OptSpec::new(
            "--gitignore",
            "filter by .gitignore files (git's rules, through the ignore crate)",
        ),
        OptSpec::new("--ignore-case", "ignore case when pattern matching"),
        OptSpec::new(
            "--matchdirs",
            "include directory names in -P pattern matching",
        ),
        OptSpec::new("--prune", "prune empty directories from the output"),
        OptSpec::new("--noreport", "turn off the file/directory count at the end"),
        OptSpec::new(
            "--charset=X",
            "use charset X for line drawing (ascii for plain ASCII)",
        ),
        OptSpec::new(
            "--filelimit=N",
            "do not descend directories with more than N entries",
        ),
        OptSpec::new(
            "-o FILE",
            "write the output to FILE instead of standard output",
        ),
        OptSpec::new("-q", "print non-printable characters as '?'"),
        OptSpec::new("-N", "print non-printable characters as is"),
        OptSpec::new("-Q", "quote file names in double quotes"),
        OptSpec::new("-p", "print the permissions of each file"),
        OptSpec::new("-u", "print the file owner (or uid)"),
        OptSpec::new("-g", "print the file group (or gid)"),
        OptSpec::new("-s", "print the size in bytes of each file"),
        OptSpec::new("-h", "print sizes in a more human readable way"),
        OptSpec::new("--si", "like -h, but in SI units (powers of 1000)"),
        OptSpec::new("--du", "size directories by their contents (implies -s)"),
        OptSpec::new(
            "-D",
            "print the date of last modification (with -c, of status change)",
        ),
        OptSpec::new(
            "--timefmt=FORMAT",
            "print and format dates by the strftime FORMAT (implies -D)",
        ),
        OptSpec::new("--inodes", "print the inode number of each file"),
        OptSpec::new("--device", "print the device number of each file"),
        OptSpec::new(
            "-F",
            "append / for directories, * for executables, | for fifos, = for sockets",
        ),
        OptSpec::new("-v", "sort files by version"),
        OptSpec::new("-t", "sort files by last modification time"),
        OptSpec::new(
            "-c",
            "sort files by last status change time (the VFS's ctime)",
        ),
        OptSpec::new(
            "-U",
            "leave files unsorted (the VFS lists them in name order)",
        ),
        OptSpec::new("-r", "reverse the order of the sort"),
        OptSpec::new("--dirsfirst", "list directories before files"),
        OptSpec::new("--filesfirst", "list files before directories"),
        OptSpec::new(
            "--sort=X",
            "sort by X: name, version, size, mtime, ctime or none",
        ),
        OptSpec::new("-n", "turn colorization off (always the case)"),
        OptSpec::new("-C", "turn colorization on: not supported (status 2)"),
        OptSpec::new("-J", "print the tree as JSON"),
        OptSpec::new("-X", "print the tree as XML"),
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
        Example {
            description: "JSON with sizes, on one line",
            script: "mkdir p && printf abc > p/a && tree -J -s -i p",
            stdout: "[{\"type\":\"directory\",\"name\":\"p\",\"size\":4096,\"contents\":[{\"type\":\"file\",\"name\":\"a\",\"size\":3}]},{\"type\":\"report\",\"directories\":1,\"files\":1}]\n",
        },
    ],
    errors: "exit 2 when a DIRECTORY does not exist or a directory could not be opened; 1 for an invalid level, sort or output file",
    risk: RiskLevel::ReadOnly,
};

/// Deepest nesting listed (symlink loops with -l end here).
pub const MAX_DEPTH: usize = 10_000;

#[derive(Clone, Copy, PartialEq, Eq, Default)]
pub enum Format {
    #[default]
    Text,
    Json,
    Xml,
}

#[derive(Clone, Copy, PartialEq, Eq, Default)]
pub enum SortBy {
    None,
    #[default]
    Name,
    Version,
    Size,
    Mtime,
    Ctime,
}

/// One `-P`/`-I` alternative: a trailing `/` matches directories only.
struct Pat {
    pat: Pattern,
    dir_only: bool,
}

#[derive(Default)]
pub struct Cfg {
    all: bool,
    dirs_only: bool,
    follow: bool,
    full: bool,
    indent: bool,
    /// `-L`: entries deeper than this are not listed.
    level: Option<usize>,
    only: Vec<Pat>,
    ignore: Vec<Pat>,
    gitignore: bool,
    matchdirs: bool,
    prune: bool,
    filelimit: usize,
    classify: bool,
    size: bool,
    human: bool,
    si: bool,
    du: bool,
    perms: bool,
    user: bool,
    group: bool,
    date: bool,
    ctime: bool,
    timefmt: Option<String>,
    inodes: bool,
    device: bool,
    quote: bool,
    literal: bool,
    question: bool,
    sort: SortBy,
    reverse: bool,
    dirsfirst: bool,
    filesfirst: bool,
    ascii: bool,
    charset: String,
    format: Format,
    noreport: bool,
    to_file: bool,
    users: Option<crate::common::users::Table>,
    now: i64,
}

impl Cfg {
    #[cfg(test)]
    fn test_human() -> Cfg {
        Cfg {
            human: true,
            size: true,
            ..Cfg::default()
        }
    }

    fn matches(pats: &[Pat], name: &[u8], isdir: bool) -> bool {
        pats.iter()
            .any(|p| (!p.dir_only || isdir) && p.pat.matches(name))
    }

    fn matches_only(&self, name: &[u8], isdir: bool) -> bool {
        Self::matches(&self.only, name, isdir)
    }

    fn matches_ignore(&self, name: &[u8], isdir: bool) -> bool {
        Self::matches(&self.ignore, name, isdir)
    }
}

fn patterns(v: Vec<&Arg>, nocase: bool) -> Vec<Pat> {
    // Wildcards do not match `/` (tree's `patmatch`; it matters for `--matchdirs`, which
    // matches paths).
    let opts = PatternOptions {
        nocase,
        pathname: true,
        dotglob: true,
        ..PatternOptions::default()
    };
    v.into_iter()
        .flat_map(|a| {
            diag::lossy(a)
                .split('|')
                .map(|p| {
                    let (p, dir_only) = match p.strip_suffix('/') {
                        Some(s) if !s.is_empty() => (s, true),
                        _ => (p, false),
                    };
                    Pat {
                        pat: Pattern::new(p.as_bytes(), opts),
                        dir_only,
                    }
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The options, or the exit status of a refusal (already reported).
fn config(p: &ParsedArgs, ctx: &mut dyn ToolCtx) -> Result<Cfg, ExitStatus> {
    let level = match p.value(opt!(SPEC, "L")) {
        Some(v) => match diag::lossy(v).parse::<usize>() {
            Ok(n) if n > 0 => Some(n),
            _ => {
                diag::err(ctx, "tree", "Invalid level, must be greater than 0.");
                return Err(1);
            }
        },
        None => None,
    };
    if p.has(opt!(SPEC, "C")) {
        diag::err(
            ctx,
            "tree",
            "-C: forced colour is not supported (output is never coloured)",
        );
        return Err(2);
    }
    let mut sort = SortBy::Name;
    let mut ctime = false;
    for (i, v) in &p.opts {
        let id = Some(sandsh_api::OptId(*i));
        if id == Some(opt!(SPEC, "t")) {
            sort = SortBy::Mtime;
        } else if id == Some(opt!(SPEC, "c")) {
            sort = SortBy::Ctime;
            ctime = true;
        } else if id == Some(opt!(SPEC, "v")) {
            sort = SortBy::Version;
        } else if id == Some(opt!(SPEC, "U")) {
            sort = SortBy::None;
        } else if id == Some(opt!(SPEC, "sort")) {
            let name = v.as_ref().map(|a| diag::lossy(a)).unwrap_or_default();
            sort = match name.to_ascii_lowercase().as_str() {
                "name" => SortBy::Name,
                "version" => SortBy::Version,
                "size" => SortBy::Size,
                "mtime" => SortBy::Mtime,
                "ctime" => SortBy::Ctime,
                "none" => SortBy::None,
                _ => {
                    // tree ends the message on stdout, with the list of sorts.
                    let _ = write!(
                        ctx.stderr(),
                        "tree: Sort type '{name}' not valid, should be one of: "
                    );
                    let _ = output::out(ctx, b"name,version,size,mtime,ctime\n");
                    return Err(1);
                }
            };
        }
    }
    let nocase = p.has(opt!(SPEC, "ignore-case"));
    let format = p
        .opts
        .iter()
        .rev()
        .find_map(|(i, _)| {
            let id = Some(sandsh_api::OptId(*i));
            if id == Some(opt!(SPEC, "J")) {
                Some(Format::Json)
            } else if id == Some(opt!(SPEC, "X")) {
                Some(Format::Xml)
            } else {
                None
            }
        })
        .unwrap_or(Format::Text);
    let charset = p.value(opt!(SPEC, "charset")).map(|v| diag::lossy(v));
    let ascii = charset.as_deref().is_some_and(|c| {
        ["ascii", "us-ascii", "ansi_x3.4-1968"]
            .iter()
            .any(|a| c.eq_ignore_ascii_case(a))
    });
    let si = p.has(opt!(SPEC, "si"));
    let du = p.has(opt!(SPEC, "du"));
    let human = p.has(opt!(SPEC, "h")) || si;
    let user = p.has(opt!(SPEC, "u"));
    let group = p.has(opt!(SPEC, "g"));
    let timefmt = p.value(opt!(SPEC, "timefmt")).map(|v| diag::lossy(v));
    let dirs_only = p.has(opt!(SPEC, "d"));
    let filelimit = p.value(opt!(SPEC, "filelimit")).map_or(0, |v| {
        // atoi: leading digits, anything else is 0.
        let s = diag::lossy(v);
        let s = s.trim_start();
        let digits: String = s.chars().take_while(char::is_ascii_digit).collect();
        digits.parse::<usize>().unwrap_or(0)
    });
    Ok(Cfg {
        all: p.has(opt!(SPEC, "a")),
        dirs_only,
        follow: p.has(opt!(SPEC, "l")),
        full: p.has(opt!(SPEC, "f")),
        indent: !p.has(opt!(SPEC, "i")),
        level,
        only: patterns(p.values(opt!(SPEC, "P")), nocase),
        ignore: patterns(p.values(opt!(SPEC, "I")), nocase),
        gitignore: p.has(opt!(SPEC, "gitignore")),
        matchdirs: p.has(opt!(SPEC, "matchdirs")),
        prune: p.has(opt!(SPEC, "prune")) && !dirs_only,
        filelimit,
        classify: p.has(opt!(SPEC, "F")),
        size: p.has(opt!(SPEC, "s")) || human || du,
        human,
        si,
        du,
        perms: p.has(opt!(SPEC, "p")),
        user,
        group,
        date: p.has(opt!(SPEC, "D")) || timefmt.is_some(),
        ctime,
        timefmt,
        inodes: p.has(opt!(SPEC, "inodes")),
        device: p.has(opt!(SPEC, "device")),
        quote: p.has(opt!(SPEC, "Q")),
        literal: p.has(opt!(SPEC, "N")),
        question: p.has(opt!(SPEC, "q")),
        sort,
        reverse: p.has(opt!(SPEC, "r")),
        dirsfirst: p.has(opt!(SPEC, "dirsfirst")),
        filesfirst: p.has(opt!(SPEC, "filesfirst")) && !p.has(opt!(SPEC, "dirsfirst")),
        ascii,
        charset: charset.unwrap_or_else(|| "UTF-8".into()),
        format,
        noreport: p.has(opt!(SPEC, "noreport")),
        to_file: p.has(opt!(SPEC, "o")),
        users: (user || group).then(|| crate::common::users::Table::load(ctx)),
        now: crate::common::time_format::split_time(ctx.now()).0,
    })
}

/// tree's `emit_tree()`: every operand, then the report.
fn emit(
    ctx: &mut dyn ToolCtx,
    c: &Cfg,
    w: &mut Walk<'_>,
    out: &mut Out<'_>,
    ops: &[String],
) -> Result<(), Stop> {
    let full_tree = c.du || c.prune || c.matchdirs;
    let mut tot = Totals::default();
    out.intro();
    for (i, op) in ops.iter().enumerate() {
        let mut name = op.clone();
        if c.full {
            while name.len() > 1 && name.ends_with('/') {
                name.pop();
            }
        }
        let more = i + 1 < ops.len();
        let mut dir = None;
        let mut n: i64 = -1;
        let mut ig = false;
        let mut info = match ctx.backend().lstat(&ctx.resolve_path(&name)) {
            Ok(m) => {
                w.save_ino(m.ino);
                let mut info = stat2info(&m, name.as_bytes());
                if c.device {
                    info.dev = walk::dev_number(ctx, &name);
                }
                if full_tree {
                    let (d, err) = w.full_tree(ctx, &name, &mut info.size)?;
                    n = if err.is_some() { -1 } else { 0 };
                    dir = d;
                } else {
                    ig = w.push_files(ctx, &name);
                    match w.read_dir(ctx, &name, true) {
                        Ok(v) => {
                            n = v.len() as i64;
                            dir = (!v.is_empty()).then_some(v);
                        }
                        Err(()) => n = -1,
                    }
                }
                out.printinfo(&mut info, 0);
                Some(info)
            }
            Err(_) => None,
        };
        let needsclosed = out.printfile(name.as_bytes(), info.as_ref(), dir.is_some() || n != 0);
        let mut sub = Totals {
            size: if c.du {
                info.as_ref().map_or(0, |i| i.size)
            } else {
                0
            },
            ..Totals::default()
        };
        if dir.is_none() && n != 0 {
            out.error("error opening dir");
            out.newline(more);
            if info.is_none() {
                w.errors += 1;
            } else {
                sub.files += 1;
            }
        } else if c.filelimit > 0 && n > c.filelimit as i64 {
            out.error(&format!("{n} entries exceeds filelimit, not opening dir"));
            out.newline(more);
            sub.dirs += 1;
        } else {
            out.newline(false);
            if let Some(d) = dir.take() {
                sub = w.listdir(ctx, out, &name, d, full_tree)?;
                sub.dirs += 1;
            }
        }
        if needsclosed {
            let tag = info.as_mut().map_or("", |i| i.tag);
            out.close(tag, 0, more);
        }
        tot += sub;
        w.pop_files(ig);
    }
    if !c.noreport {
        out.report(tot.dirs, tot.files, tot.size);
    }
    out.outtro();
    Ok(())
}

impl ParsedCommand for Tree {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let c = match config(&p, ctx) {
            Ok(c) => c,
            Err(s) => return s,
        };
        let ops: Vec<String> = if p.operands.is_empty() {
            vec![".".into()]
        } else {
            p.operands.iter().map(|o| diag::lossy(o)).collect()
        };
        let mut w = Walk::new(&c);
        #[cfg(feature = "rg")]
        if let Some(dir) = c.gitignore.then(|| ctx.env_var("GIT_DIR")).flatten() {
            let dir = String::from_utf8_lossy(&dir).into_owned();
            w.push_exclude(ctx, &format!("{dir}/info/exclude"));
        }
        #[cfg(not(feature = "rg"))]
        if c.gitignore {
            diag::err(
                ctx,
                "tree",
                "--gitignore is not supported in this build (the rg feature is off)",
            );
            return 2;
        }
        let mut out = Out {
            c: &c,
            buf: Vec::new(),
            dirs: vec![0; 2],
        };
        let r = emit(ctx, &c, &mut w, &mut out, &ops);
        let status = match r {
            Ok(()) => i32::from(w.errors > 0) * 2,
            Err(Stop::Cancelled) => {
                let _ = output::out(ctx, &out.buf);
                return 130;
            }
            Err(Stop::Fatal(m)) => {
                let _ = output::out(ctx, &out.buf);
                diag::err(ctx, "tree", &m);
                return 1;
            }
        };
        if let Some(file) = p.value(opt!(SPEC, "o")) {
            let name = diag::lossy(file);
            let written = if output::is_fd_path(&name) {
                output::OutFile::create(ctx, &name, false).and_then(|mut f| f.write(ctx, &out.buf))
            } else {
                crate::common::output::write_file(ctx, &name, &out.buf).map_err(|e| e.to_string())
            };
            if written.is_err() {
                diag::err(ctx, "tree", &format!("invalid filename '{name}'"));
                return 1;
            }
            return status;
        }
        output::emit(ctx, &out.buf, status)
    }
}

#[cfg(test)]
mod tests {
    use super::Tree;
    use crate::common::testing::{TestCtx, run};
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
        let c = super::Cfg::test_human();
        let h = |n| super::format::psize(&c, n);
        assert_eq!(h(3), "    3");
        assert_eq!(h(5000), " 4.9K");
        assert_eq!(h(100_000), "  98K");
        assert_eq!(h(4096), " 4.0K");
        // tree 2.1.0 picks the decimals by the integer quotient.
        assert_eq!(h(10_239), " 10.0K");
    }

    #[test]
    fn version_order() {
        use std::cmp::Ordering::*;
        let v = |a: &str, b: &str| super::format::strverscmp(a.as_bytes(), b.as_bytes());
        assert_eq!(v("item#99", "item#100"), Less);
        assert_eq!(v("alpha1", "alpha001"), Greater);
        assert_eq!(v("part1_f012", "part1_f01"), Greater);
        assert_eq!(v("foo.009", "foo.0"), Less);
        assert_eq!(v("a", "a"), Equal);
    }

    #[test]
    fn colour_is_refused() {
        let mut c = ctx();
        assert_eq!(run(&Tree, &["-C", "d"], &mut c), 2);
        assert!(c.err_str().contains("-C"));
        assert_eq!(c.out_str(), "");
    }

    #[test]
    fn output_file() {
        let mut c = ctx();
        assert_eq!(
            run(&Tree, &["-o", "t.txt", "--noreport", "-i", "d/sub"], &mut c),
            0
        );
        assert_eq!(c.out_str(), "");
        let data = c
            .backend
            .read(Path::new("/home/user/t.txt"), None)
            .unwrap_or_default();
        assert_eq!(String::from_utf8_lossy(&data), "d/sub\nbig\ndeep\nz\n");
    }

    #[test]
    fn json_and_xml() {
        assert_eq!(
            tree(&["-J", "-i", "-s", "d/sub/deep"]).1,
            "[{\"type\":\"directory\",\"name\":\"d/sub/deep\",\"size\":4096,\"contents\":[{\"type\":\"file\",\"name\":\"z\",\"size\":3}]},{\"type\":\"report\",\"directories\":1,\"files\":1}]\n"
        );
        assert_eq!(
            tree(&["-X", "d/sub/deep"]).1,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<tree>\n  <directory name=\"d/sub/deep\">\n    <file name=\"z\"></file>\n  </directory>\n  <report>\n    <directories>1</directories>\n    <files>1</files>\n  </report>\n</tree>\n"
        );
    }

    #[test]
    fn du_prune_and_filelimit() {
        assert_eq!(
            tree(&["--du", "-i", "d/sub"]).1,
            "[       8198]  d/sub\n[          3]  big\n[       4099]  deep\n[          3]  z\n\n        4105 bytes used in 2 directories, 2 files\n"
        );
        assert_eq!(
            tree(&["--prune", "-i", "-P", "z", "d"]).1,
            "d\nsub\ndeep\nz\n\n3 directories, 1 file\n"
        );
        assert_eq!(
            tree(&["--filelimit", "1", "-i", "d/sub"]).1,
            "d/sub  [2 entries exceeds filelimit, not opening dir]\n\n1 directory, 0 files\n"
        );
    }

    #[test]
    fn names_that_are_not_utf8_are_escaped_byte_by_byte() {
        let mut c = super::Cfg::default();
        let show = |c: &super::Cfg, raw: &[u8]| {
            let mut out = Vec::new();
            super::format::printit(c, &mut out, raw);
            out
        };
        assert_eq!(show(&c, b"\xff y\t"), b"\\377\\ y\\t".to_vec());
        c.question = true;
        assert_eq!(show(&c, b"\xff y\x01"), b"\xff\\ y?".to_vec());
        c.question = false;
        c.quote = true;
        assert_eq!(show(&c, b"\xff \""), b"\"\\377 \\\"\"".to_vec());
        assert_eq!(show(&c, "a b\u{7}".as_bytes()), b"\"a b\\007\"".to_vec());
    }
}
