//! The one table of what commands do to files and the network, by their operands and
//! options. Which options take a value comes from each command's own `CommandSpec` (parsed
//! with the command API's `ArgParser`, as the command parses them); this table adds only what a
//! spec does not say: which operands and option values are files, and how they are touched.

use sandsh_api::{ArgParser, CommandSpec};

use super::report::Access;

/// What a command's operands are.
#[derive(Clone, Copy)]
pub(super) enum Operands {
    /// Every operand is a file touched this way.
    All(Access),
    /// The first operand is data (a pattern, a script, a mode, an owner) unless one of
    /// these options supplied it; the rest are files touched this way.
    AfterFirst(Access, &'static [&'static str]),
    /// The last operand is the destination (`cp`, `mv`, `ln`): the others are the sources.
    Dest { source: Access, dest: Access },
    /// `[INPUT [OUTPUT]]` (`uniq`, `xxd`).
    InOut,
    /// URLs (`curl`, `wget`).
    Urls,
    /// Nothing the table knows of.
    None,
}

/// One row: a command, its operands, its options that name files, and the option that makes
/// it edit its files in place (`sed -i`, `yq -i`).
pub(super) struct FileRule {
    pub name: &'static str,
    pub operands: Operands,
    /// (option as the spec names it: a short letter or a long name, access)
    pub options: &'static [(&'static str, Access)],
    pub in_place: Option<&'static str>,
    /// Writes files whose names the words do not give (`wget URL`, `mktemp`, `split`).
    pub writes_unnamed: bool,
}

const fn rule(name: &'static str, operands: Operands) -> FileRule {
    FileRule {
        name,
        operands,
        options: &[],
        in_place: None,
        writes_unnamed: false,
    }
}

const fn opts(mut r: FileRule, options: &'static [(&'static str, Access)]) -> FileRule {
    r.options = options;
    r
}

const fn unnamed(mut r: FileRule) -> FileRule {
    r.writes_unnamed = true;
    r
}

use Access::{Append, Delete, Move, Read, Write};
use Operands::{AfterFirst, All, Dest, InOut, Urls};

const PATTERN_OPTS: &[&str] = &["e", "f", "regexp", "file"];
const SCRIPT_OPTS: &[&str] = &["e", "f", "expression", "file"];
const OUT: &[(&str, Access)] = &[("o", Write), ("output", Write)];

/// The table (one row a command; commands not here touch no file the analysis can name).
pub(super) static RULES: &[FileRule] = &[
    rule("cat", All(Read)),
    rule("head", All(Read)),
    rule("tail", All(Read)),
    rule("wc", All(Read)),
    opts(rule("sort", All(Read)), OUT),
    opts(rule("shuf", All(Read)), OUT),
    rule("tac", All(Read)),
    rule("nl", All(Read)),
    rule("rev", All(Read)),
    rule("cut", All(Read)),
    rule("paste", All(Read)),
    rule("fold", All(Read)),
    rule("fmt", All(Read)),
    rule("od", All(Read)),
    rule("hexdump", All(Read)),
    rule("strings", All(Read)),
    rule("base64", All(Read)),
    rule("base32", All(Read)),
    rule("md5sum", All(Read)),
    rule("sha1sum", All(Read)),
    rule("sha256sum", All(Read)),
    rule("sha512sum", All(Read)),
    rule("cksum", All(Read)),
    rule("file", All(Read)),
    rule("cmp", All(Read)),
    rule("diff", All(Read)),
    rule("comm", All(Read)),
    rule("join", All(Read)),
    rule("column", All(Read)),
    rule("tsort", All(Read)),
    rule("less", All(Read)),
    rule("more", All(Read)),
    opts(rule("iconv", All(Read)), OUT),
    opts(rule("tree", Operands::None), &[("o", Write)]),
    rule("uniq", InOut),
    rule("xxd", InOut),
    opts(
        rule("grep", AfterFirst(Read, PATTERN_OPTS)),
        &[("f", Read), ("file", Read)],
    ),
    opts(
        rule("egrep", AfterFirst(Read, PATTERN_OPTS)),
        &[("f", Read), ("file", Read)],
    ),
    opts(
        rule("fgrep", AfterFirst(Read, PATTERN_OPTS)),
        &[("f", Read), ("file", Read)],
    ),
    opts(
        rule("rg", AfterFirst(Read, PATTERN_OPTS)),
        &[("f", Read), ("file", Read)],
    ),
    FileRule {
        in_place: Some("i"),
        ..opts(
            rule("sed", AfterFirst(Read, SCRIPT_OPTS)),
            &[("f", Read), ("file", Read)],
        )
    },
    opts(
        rule("awk", AfterFirst(Read, &["f", "file"])),
        &[("f", Read), ("file", Read)],
    ),
    opts(
        rule("jq", AfterFirst(Read, &["from-file"])),
        &[("rawfile", Read), ("slurpfile", Read)],
    ),
    FileRule {
        in_place: Some("i"),
        ..rule("yq", AfterFirst(Read, &[]))
    },
    opts(rule("tee", All(Write)), &[]),
    rule("touch", All(Write)),
    rule("mkdir", All(Write)),
    rule("mkfifo", All(Write)),
    rule("truncate", All(Write)),
    rule("rm", All(Delete)),
    rule("rmdir", All(Delete)),
    rule("unlink", All(Delete)),
    rule("shred", All(Delete)),
    rule(
        "cp",
        Dest {
            source: Read,
            dest: Write,
        },
    ),
    rule(
        "mv",
        Dest {
            source: Move,
            dest: Write,
        },
    ),
    rule(
        "ln",
        Dest {
            source: Read,
            dest: Write,
        },
    ),
    rule(
        "link",
        Dest {
            source: Read,
            dest: Write,
        },
    ),
    rule(
        "install",
        Dest {
            source: Read,
            dest: Write,
        },
    ),
    rule("chmod", AfterFirst(Write, &["reference"])),
    rule("chown", AfterFirst(Write, &["reference"])),
    rule("chgrp", AfterFirst(Write, &["reference"])),
    unnamed(rule("split", All(Read))),
    unnamed(rule("csplit", All(Read))),
    unnamed(rule("mktemp", Operands::None)),
    unnamed(opts(
        rule("patch", All(Write)),
        &[("i", Read), ("input", Read)],
    )),
    rule("gzip", All(Write)),
    rule("gunzip", All(Write)),
    rule("bzip2", All(Write)),
    rule("bunzip2", All(Write)),
    rule("xz", All(Write)),
    rule("unxz", All(Write)),
    unnamed(rule("tar", Operands::None)),
    unnamed(rule("zip", All(Write))),
    unnamed(rule("unzip", All(Read))),
    rule("sqlite3", AfterFirst(Write, &[])),
    opts(
        rule("curl", Urls),
        &[
            ("o", Write),
            ("output", Write),
            ("T", Read),
            ("upload-file", Read),
        ],
    ),
    unnamed(opts(
        rule("wget", Urls),
        &[
            ("O", Write),
            ("output-document", Write),
            ("a", Append),
            ("o", Write),
        ],
    )),
];

/// The row of `name`, if the table has one.
pub(super) fn rule_of(name: &str) -> Option<&'static FileRule> {
    RULES.iter().find(|r| r.name == name)
}

/// What one invocation touches: files, and the indices of URL arguments. `args` holds each argument's text, `None` when it expands: such an
/// argument is taken for an operand.
pub(super) struct Touched {
    /// (the path, `None` when it expands; the argument it is in, when it is a whole one)
    pub files: Vec<(Option<String>, Option<usize>, Access)>,
    pub urls: Vec<usize>,
}

/// What `rule` says `args` touch, with `spec` (the registered command's) telling which
/// options take a value.
pub(super) fn touched(
    rule: &FileRule,
    spec: Option<&CommandSpec>,
    args: &[Option<String>],
) -> Touched {
    // Placeholders stand for expanded words; they parse as operands.
    let marks: Vec<Vec<u8>> = args
        .iter()
        .enumerate()
        .map(|(i, a)| match a {
            Some(t) => t.as_bytes().to_vec(),
            None => format!("\u{0}{i}").into_bytes(),
        })
        .collect();
    let index_of = |v: &[u8]| -> Option<usize> {
        let s = std::str::from_utf8(v).ok()?;
        if let Some(n) = s.strip_prefix('\u{0}') {
            return n.parse().ok();
        }
        marks.iter().position(|m| m == v)
    };
    let (opts, operands) = match spec.map(|s| (s, ArgParser::parse(s, &marks))) {
        Some((s, Ok(p))) => (
            p.opts
                .into_iter()
                .map(|(i, v)| (s.options[i].short, s.options[i].long, v))
                .collect(),
            p.operands,
        ),
        // No spec, or words the spec refuses (the command parses by hand, or fails).
        _ => naive(rule, &marks),
    };
    let named = |want: &str| -> Vec<&Option<Vec<u8>>> {
        opts.iter()
            .filter(|(short, long, _)| {
                *long == Some(want) || short.is_some_and(|c| want.len() == 1 && want.starts_with(c))
            })
            .map(|(_, _, v)| v)
            .collect()
    };
    let mut out = Touched {
        files: Vec::new(),
        urls: Vec::new(),
    };
    // Each option given once, with the access of the first row naming it (`-f` and
    // `--file` are one option).
    for (short, long, v) in &opts {
        let names =
            |o: &str| *long == Some(o) || short.is_some_and(|c| o.len() == 1 && o.starts_with(c));
        let Some(&(_, access)) = rule.options.iter().find(|(o, _)| names(o)) else {
            continue;
        };
        if let Some(v) = v.as_deref().filter(|v| *v != b"-") {
            out.files.push((path_of(v), index_of(v), access));
        }
    }
    let in_place = rule.in_place.is_some_and(|o| !named(o).is_empty());
    let operand = |out: &mut Touched, v: &[u8], access: Access| {
        if v != b"-" {
            let access = if in_place && access == Read {
                Write
            } else {
                access
            };
            out.files.push((path_of(v), index_of(v), access));
        }
    };
    match rule.operands {
        All(a) => operands.iter().for_each(|v| operand(&mut out, v, a)),
        AfterFirst(a, given) => {
            let skip = usize::from(!given.iter().any(|g| !named(g).is_empty()));
            operands
                .iter()
                .skip(skip)
                .for_each(|v| operand(&mut out, v, a));
        }
        Dest { source, dest } => {
            if let Some((last, rest)) = operands.split_last() {
                rest.iter().for_each(|v| operand(&mut out, v, source));
                operand(&mut out, last, dest);
            }
        }
        InOut => {
            if let Some(v) = operands.first() {
                operand(&mut out, v, Read);
            }
            if let Some(v) = operands.get(1) {
                operand(&mut out, v, Write);
            }
        }
        Urls => out.urls.extend(operands.iter().filter_map(|v| index_of(v))),
        Operands::None => {}
    }
    out
}

/// A word's text as a path; `None` for an expanded word's placeholder.
fn path_of(v: &[u8]) -> Option<String> {
    (!v.starts_with(b"\0")).then(|| String::from_utf8_lossy(v).into_owned())
}

type Opts = Vec<(Option<char>, Option<&'static str>, Option<Vec<u8>>)>;

/// Options and operands read without a spec: the table's file options take a value (attached
/// or the next word); any other word starting with `-` is a flag.
fn naive(rule: &FileRule, args: &[Vec<u8>]) -> (Opts, Vec<Vec<u8>>) {
    let mut opts = Opts::new();
    let mut operands = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == b"--" {
            operands.extend(it.by_ref().cloned());
            break;
        }
        if let Some(long) = a.strip_prefix(b"--") {
            let (name, val) = match long.iter().position(|&b| b == b'=') {
                Some(p) => (&long[..p], Some(long[p + 1..].to_vec())),
                None => (long, None),
            };
            let Some(&(known, _)) = rule.options.iter().find(|(o, _)| o.as_bytes() == name) else {
                continue;
            };
            let val = val.or_else(|| it.next().cloned());
            opts.push((None, Some(known), val));
        } else if a.len() > 1 && a[0] == b'-' {
            for (k, &c) in a.iter().enumerate().skip(1) {
                let takes = rule
                    .options
                    .iter()
                    .any(|(o, _)| o.len() == 1 && o.as_bytes()[0] == c);
                if takes {
                    let rest = &a[k + 1..];
                    let val = if rest.is_empty() {
                        it.next().cloned()
                    } else {
                        Some(rest.to_vec())
                    };
                    opts.push((Some(c as char), None, val));
                    break;
                }
                opts.push((Some(c as char), None, None));
            }
        } else {
            operands.push(a.clone());
        }
    }
    (opts, operands)
}
