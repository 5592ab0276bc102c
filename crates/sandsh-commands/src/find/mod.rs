//! `find`: search for files in a directory hierarchy, as GNU findutils 4.9 does.
//!
//! The expression is parsed once ([`parse`]) into a tree with GNU precedence and evaluated per
//! file ([`eval`]). The walk is iterative (an explicit stack), so deep trees cannot overflow the
//! stack; directories are read in the order the VFS lists them (sorted by name). `-exec` runs
//! commands inside sandsh through [`ToolCtx::call`]; `-execdir` runs them in a subshell that
//! changes to the file's directory first.

mod eval;
mod parse;
mod printf;
mod regex;

use sandsh_api::os_str::OsStrExt;
use std::ffi::OsStr;
use std::path::PathBuf;
use std::rc::Rc;

use sandsh_api::fs::{FileType, Metadata};
use sandsh_api::{
    Arg, ArgSpec, ArgType, Command, CommandSpec, Example, ExitStatus, OptSpec, OutputFormat,
    RiskLevel, ToolCtx,
};

use eval::{Entry, Eval};
use parse::{Env, Expr, Parser, Prim};

use crate::common::users::Table;

pub struct Find;

static SPEC: CommandSpec = CommandSpec {
    name: "find",
    group: "fs",
    summary: "search for files in a directory hierarchy",
    usage: "find [-H] [-L] [-P] [starting-point...] [expression]",
    description: "Walk each starting point (default .) and evaluate the expression for every file, as GNU find does. \
Operators, by precedence: ( EXPR ), ! EXPR / -not EXPR, EXPR -a EXPR / -and / juxtaposition, EXPR -o EXPR / -or, EXPR , EXPR.\n\
Global options: -maxdepth N -mindepth N -depth -daystart -follow -regextype TYPE -xdev -noleaf.\n\
Tests (N may be +N for more than N, -N for less): -name -iname -path -ipath -wholename -iwholename -regex -iregex (emacs syntax by default) -lname -ilname \
-type C and -xtype C (f d l p s b c, comma lists) -size N[cwbkMG] -mtime -mmin -atime -amin -ctime -cmin -newer FILE -anewer -cnewer -newermt DATE -newerat -newerct -samefile FILE -empty \
-perm MODE / -MODE / /MODE -user -group -uid -gid -nouser -nogroup -links -inum -readable -writable -executable -true -false.\n\
Actions: -print -print0 -printf FMT -fprint FILE -fprint0 FILE -fprintf FILE FMT -ls -fls FILE -prune -quit -delete \
-exec CMD {} ; -exec CMD {} + -execdir CMD {} ; -execdir CMD {} + -ok CMD {} ; -okdir CMD {} ; (answered through the sandbox's ask hook).\n\
-printf directives: %p %f %h %H %P %s %m %M %t %a %c %T@ %Tk %Ak %Ck %u %U %g %G %d %y %Y %l %n %i %k %b %% with flags, width and precision, and escapes \\n \\t \\0 \\c \\NNN.\n\
With --json each printed file is one JSON object per line: path, name, type (file, directory, symlink, fifo, char_device), size (bytes), mode (a number, as ls --json and stat --json give it), permissions (as ls -l shows them), mtime (RFC 3339), depth, and target for symlinks. \
Times are UTC. The sandbox has one file system, so -xdev is accepted and has no effect.",
    options: &[
        OptSpec::new("-P", "never follow symbolic links (the default)"),
        OptSpec::new("-L", "follow symbolic links"),
        OptSpec::new("-H", "follow symbolic links named on the command line only"),
    ],
    operands: &[
        ArgSpec::optional(
            "STARTING-POINT",
            ArgType::Path,
            "where to start (default .)",
        )
        .repeated(),
        ArgSpec::optional(
            "EXPRESSION",
            ArgType::String,
            "tests, actions and operators",
        )
        .repeated(),
    ],
    returns: "the paths the expression prints (one per line by default), or JSON objects with --json",
    examples: &[
        Example {
            description: "files by name",
            script: "mkdir -p d/s && touch d/a.txt d/s/b.txt d/c.md && find d -name '*.txt'",
            stdout: "d/a.txt\nd/s/b.txt\n",
        },
        Example {
            description: "directories only, not below depth 1",
            script: "mkdir -p d/s/t && find d -maxdepth 1 -type d",
            stdout: "d\nd/s\n",
        },
        Example {
            description: "custom output",
            script: "mkdir d && printf abc > d/f && find d -type f -printf '%f %s\\n'",
            stdout: "f 3\n",
        },
        Example {
            description: "run a command on the matches",
            script: "mkdir d && touch d/x d/y && find d -type f -exec echo found {} \\;",
            stdout: "found d/x\nfound d/y\n",
        },
        Example {
            description: "skip a directory",
            script: "mkdir -p d/skip d/keep && touch d/skip/f d/keep/f && find d -name skip -prune -o -type f -print",
            stdout: "d/keep/f\n",
        },
    ],
    errors: "exit 1 when a starting point or directory cannot be read, a -delete or -exec ... + fails, or the expression is invalid (unknown predicate, missing argument)",
    risk: RiskLevel::MediumRisk,
};

/// Ancestors of a directory (for loop detection under -L).
struct Anc {
    ino: u64,
    path: Vec<u8>,
    up: Option<Rc<Anc>>,
}

enum Frame {
    Visit {
        path: Vec<u8>,
        abs: PathBuf,
        depth: usize,
        start: Rc<Vec<u8>>,
        anc: Option<Rc<Anc>>,
        /// What the parent's listing gave (None for a starting point).
        listed: Option<Listed>,
    },
    Post(Entry),
}

/// What a directory listing told of an entry.
enum Listed {
    /// Its type only.
    Type(FileType),
    /// Its `lstat` metadata, taken beside the listing (a host directory gives it for the cost
    /// of one `fstatat` on the entry's name).
    Meta(Box<Metadata>),
}

/// Whether evaluating `e` reads more of a file than its name, path and type. When it does not
/// (`find DIR -name '*.log'`, `-type d -prune`, `-regex`), a file the directory listing typed
/// is never stat'ed, as GNU find uses `d_type`: on a host mount each stat is an
/// `openat2(RESOLVE_BENEATH)` from the mount's root.
fn needs_stat(e: &Expr) -> bool {
    match e {
        Expr::Prim(p) => !matches!(
            p,
            Prim::True
                | Prim::False
                | Prim::Name(_)
                | Prim::Path(_)
                | Prim::Regex(_)
                | Prim::Type(_)
                | Prim::Prune
                | Prim::Quit
                | Prim::Print { .. }
        ),
        Expr::Not(x) => needs_stat(x),
        Expr::And(v) | Expr::Or(v) | Expr::Comma(v) => v.iter().any(needs_stat),
    }
}

/// The metadata of a file known only by its listed type (see [`needs_stat`]).
fn typed_only(file_type: FileType) -> Metadata {
    Metadata {
        file_type,
        mode: 0,
        size: 0,
        mtime: std::time::UNIX_EPOCH,
        atime: std::time::UNIX_EPOCH,
        ctime: std::time::UNIX_EPOCH,
        ino: 0,
        nlink: 0,
        uid: 0,
        gid: 0,
    }
}

struct FindEnv<'a> {
    ctx: &'a dyn ToolCtx,
    follow: bool,
    names: &'a Table,
}

impl Env for FindEnv<'_> {
    fn reference(&mut self, path: &[u8]) -> Result<Metadata, String> {
        let p = self.ctx.resolve_path(&String::from_utf8_lossy(path));
        let r = if self.follow {
            self.ctx.backend().stat(&p)
        } else {
            self.ctx.backend().lstat(&p)
        };
        r.map_err(|e| format!("\u{2018}{}\u{2019}: {e}", String::from_utf8_lossy(path)))
    }
    fn user_id(&self, name: &str) -> Option<u32> {
        self.names.uid_of(name)
    }
    fn date_time(&self, text: &str) -> Option<std::time::SystemTime> {
        crate::common::date_parse::parse_in_ctx(self.ctx, text)
    }
    fn group_id(&self, name: &str) -> Option<u32> {
        self.names.gid_of(name)
    }
}

fn err(ctx: &mut dyn ToolCtx, m: &str) {
    let _ = writeln!(ctx.stderr(), "find: {m}");
}

fn q(b: &[u8]) -> String {
    format!("\u{2018}{}\u{2019}", String::from_utf8_lossy(b))
}

fn looks_like_expr(a: &[u8]) -> bool {
    (a.len() > 1 && a[0] == b'-') || matches!(a, b"(" | b")" | b"!" | b",")
}

impl Command for Find {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn structured(&self) -> bool {
        true
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        // Leading options.
        let mut follow = 'P';
        let mut i = 0;
        while i < args.len() {
            match args[i].as_slice() {
                b"-P" => follow = 'P',
                b"-L" => follow = 'L',
                b"-H" => follow = 'H',
                b"-D" => {
                    i += 1;
                    if i >= args.len() {
                        err(ctx, "missing argument to `-D'");
                        return 1;
                    }
                }
                a if a.starts_with(b"-O") => {}
                b"--" => {
                    i += 1;
                    break;
                }
                _ => break,
            }
            i += 1;
        }
        let mut paths: Vec<Vec<u8>> = Vec::new();
        while i < args.len() && !looks_like_expr(&args[i]) {
            paths.push(args[i].clone());
            i += 1;
        }
        if paths.is_empty() {
            paths.push(b".".to_vec());
        }
        let names = Table::load(ctx);
        let (expr, globals) = {
            let mut env = FindEnv {
                ctx: &*ctx,
                follow: follow != 'P',
                names: &names,
            };
            let mut p = Parser::new(&args[i..], &mut env, follow == 'L');
            match p.parse() {
                Ok(e) => (e, p.g),
                Err(m) => {
                    err(ctx, &m);
                    return 1;
                }
            }
        };
        let warnings: Vec<String> = collect_warnings(expr.as_ref());
        for w in warnings {
            err(ctx, &w);
        }
        let print = Expr::Prim(Prim::Print {
            nul: false,
            file: None,
        });
        let expr = match expr {
            None => print,
            Some(e) if !globals.has_action => Expr::And(vec![e, print]),
            Some(e) => e,
        };
        let follow_all = globals.follow;
        let json = ctx.output_format() == OutputFormat::Json;
        let now = ctx.now();
        let mut ev = Eval::new(globals, now, json, ctx);
        ev.self_uid = ctx
            .var("USER")
            .map(|v| v.to_string_lossy())
            .and_then(|u| names.uid_of(&u))
            .unwrap_or(0);
        ev.names = names;
        if !ev.open_files(ctx) {
            return 1;
        }
        for start in paths {
            if ev.quit {
                break;
            }
            if start.is_empty() {
                err(ctx, &format!("{}: No such file or directory", q(&start)));
                ev.status = 1;
                continue;
            }
            let abs = ctx.resolve_path(&String::from_utf8_lossy(&start));
            let start_rc = Rc::new(start.clone());
            let mut stack = vec![Frame::Visit {
                path: start,
                abs,
                depth: 0,
                start: start_rc,
                anc: None,
                listed: None,
            }];
            if walk(&mut stack, &expr, &mut ev, ctx, follow, follow_all).is_err() {
                ev.finish(ctx);
                return 130;
            }
        }
        ev.finish(ctx);
        if ev.broken {
            return 141;
        }
        ev.status
    }
}

fn collect_warnings(e: Option<&Expr>) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack: Vec<&Expr> = e.into_iter().collect();
    while let Some(e) = stack.pop() {
        match e {
            Expr::Prim(Prim::Printf { fmt, .. }) => out.extend(fmt.warnings.iter().cloned()),
            Expr::Prim(_) => {}
            Expr::Not(x) => stack.push(x),
            Expr::And(v) | Expr::Or(v) | Expr::Comma(v) => stack.extend(v.iter()),
        }
    }
    out
}

fn child_path(parent: &[u8], name: &[u8]) -> Vec<u8> {
    let mut p = Vec::with_capacity(parent.len() + name.len() + 1);
    p.extend_from_slice(parent);
    if p.last() != Some(&b'/') {
        p.push(b'/');
    }
    p.extend_from_slice(name);
    p
}

/// Walk one starting point. `Err` when cancelled.
fn walk(
    stack: &mut Vec<Frame>,
    expr: &Expr,
    ev: &mut Eval,
    ctx: &mut dyn ToolCtx,
    mode: char,
    follow_all: bool,
) -> Result<(), ()> {
    // -L compares inode numbers to find loops; --json prints every file's metadata.
    let stat_all = follow_all || ev.json || needs_stat(expr);
    while let Some(frame) = stack.pop() {
        if ctx.is_cancelled() {
            return Err(());
        }
        if ev.quit {
            return Ok(());
        }
        let (path, abs, depth, start, anc, listed) = match frame {
            Frame::Post(entry) => {
                if entry.depth >= ev.g.mindepth {
                    ev.eval(expr, &entry, ctx);
                }
                continue;
            }
            Frame::Visit {
                path,
                abs,
                depth,
                start,
                anc,
                listed,
            } => (path, abs, depth, start, anc, listed),
        };
        let follow = follow_all || (mode == 'H' && depth == 0);
        let backend = ctx.backend().clone();
        let lst = match listed {
            Some(Listed::Meta(m)) => Ok(*m),
            Some(Listed::Type(t)) if !stat_all && t != FileType::Symlink => Ok(typed_only(t)),
            _ => backend.lstat(&abs),
        };
        let meta = match lst {
            Ok(m)
                if m.is_symlink()
                    && (follow || (depth == 0 && path.len() > 1 && path.ends_with(b"/"))) =>
            {
                backend.stat(&abs).unwrap_or(m)
            }
            Ok(m) => m,
            Err(e) => {
                err(ctx, &format!("{}: {e}", q(&path)));
                ev.status = 1;
                continue;
            }
        };
        let link = if meta.is_symlink() {
            backend
                .read_link(&abs)
                .ok()
                .map(|p| p.as_os_str().as_bytes().to_vec())
        } else {
            None
        };
        let target_type = if meta.is_symlink() {
            backend.stat(&abs).ok().map(|m| m.file_type)
        } else {
            Some(meta.file_type)
        };
        let is_dir = meta.is_dir();
        if is_dir && follow_all {
            let mut a = anc.as_deref();
            let mut looped = None;
            while let Some(x) = a {
                if x.ino == meta.ino {
                    looped = Some(x.path.clone());
                    break;
                }
                a = x.up.as_deref();
            }
            if let Some(lp) = looped {
                err(
                    ctx,
                    &format!(
                        "File system loop detected; {} is part of the same file system loop as {}.",
                        q(&path),
                        q(&lp)
                    ),
                );
                ev.status = 1;
                continue;
            }
        }
        let ino = meta.ino;
        let entry = Entry {
            path,
            start: start.as_ref().clone(),
            abs,
            depth,
            meta,
            link,
            target_type,
        };
        let below_max = ev.g.maxdepth.is_none_or(|m| depth < m);
        let mut descend = is_dir && below_max;
        if !ev.g.depth_first && depth >= ev.g.mindepth {
            ev.prune = false;
            ev.eval(expr, &entry, ctx);
            if ev.prune {
                descend = false;
            }
            if ev.quit {
                return Ok(());
            }
        }
        if !descend {
            if ev.g.depth_first && depth >= ev.g.mindepth {
                ev.eval(expr, &entry, ctx);
            }
            continue;
        }
        // Where every entry is stat'ed anyway, the listing brings the metadata along.
        let listing = if stat_all {
            backend.list_with_metadata(&entry.abs)
        } else {
            backend
                .list(&entry.abs)
                .map(|l| l.into_iter().map(|e| (e, None)).collect())
        };
        let children = match listing {
            Ok(l) => l,
            Err(e) => {
                err(ctx, &format!("{}: {e}", q(&entry.path)));
                ev.status = 1;
                Vec::new()
            }
        };
        let next_anc = if follow_all {
            Some(Rc::new(Anc {
                ino,
                path: entry.path.clone(),
                up: anc,
            }))
        } else {
            None
        };
        if !children.is_empty() {
            ev.flush_dir_batches(ctx);
        }
        let parent_path = entry.path.clone();
        let parent_abs = entry.abs.clone();
        if ev.g.depth_first {
            stack.push(Frame::Post(entry));
        }
        for (c, meta) in children.into_iter().rev() {
            stack.push(Frame::Visit {
                path: child_path(&parent_path, &c.name),
                abs: parent_abs.join(OsStr::from_bytes(&c.name)),
                depth: depth + 1,
                start: start.clone(),
                anc: next_anc.clone(),
                listed: Some(match meta {
                    Some(m) => Listed::Meta(Box::new(m)),
                    None => Listed::Type(c.file_type),
                }),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
