//! rg's options, read in order from the parsed table (a later flag overrides an earlier one,
//! as ripgrep's do: `-i … -s`, `-n … -N`, `--heading … --no-heading`).

use std::io::Write;

use ignore::overrides::{Override, OverrideBuilder};
use ignore::types::{Types, TypesBuilder};
use regex::bytes::{Regex, RegexBuilder};
use sandsh_api::{Arg, ArgParser, CommandSpec, ExitStatus, ToolCtx};

use super::matcher::Matcher;
use crate::common::diag::lossy;

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Case {
    Sensitive,
    Insensitive,
    Smart,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Lines,
    FilesWith,
    FilesWithout,
    Count,
    CountMatches,
    Files,
    Json,
    Quiet,
}

pub struct Config {
    pub re: Matcher,
    pub invert: bool,
    pub mode: Mode,
    pub only_matching: bool,
    pub line_number: bool,
    pub column: bool,
    pub vimgrep: bool,
    pub before: usize,
    pub after: usize,
    pub with_filename: Option<bool>,
    pub heading: bool,
    pub null: bool,
    /// `-z`: compressed files searched through their decompressors (`zip.rs`).
    pub search_zip: bool,
    pub replace: Option<Vec<u8>>,
    pub max_count: Option<u64>,
    pub max_depth: Option<usize>,
    pub hidden: bool,
    pub no_ignore: bool,
    pub text: bool,
    pub follow: bool,
    pub trim: bool,
    pub max_columns: Option<usize>,
    pub include_zero: bool,
    pub no_messages: bool,
    pub overrides: Override,
    pub types: Types,
    pub paths: Vec<Arg>,
    /// Whether the search roots were given (paths are then printed as given) or the
    /// working directory is searched implicitly (paths printed without `./`).
    pub explicit_paths: bool,
}

fn fail(ctx: &mut dyn ToolCtx, msg: &str) -> ExitStatus {
    let _ = writeln!(ctx.stderr(), "rg: {msg}");
    2
}

fn number(ctx: &mut dyn ToolCtx, v: &[u8], what: &str) -> Result<u64, ExitStatus> {
    lossy(v).parse::<u64>().map_err(|_| {
        fail(
            ctx,
            &format!("failed to parse {what} value: invalid digit found in string"),
        )
    })
}

/// Whether a pattern holds an uppercase letter outside an escape (ripgrep's smart case).
fn has_upper(p: &str) -> bool {
    let mut it = p.chars();
    while let Some(c) = it.next() {
        if c == '\\' {
            it.next();
        } else if c.is_uppercase() {
            return true;
        }
    }
    false
}

pub fn parse(
    spec: &CommandSpec,
    args: &[Arg],
    ctx: &mut dyn ToolCtx,
) -> Result<Config, ExitStatus> {
    let p = match ArgParser::parse(spec, args) {
        Ok(p) => p,
        Err(e) => {
            let _ = writeln!(ctx.stderr(), "{}", e.message);
            return Err(2);
        }
    };
    let mut patterns: Vec<String> = Vec::new();
    let mut have_pattern_flag = false;
    let mut case = Case::Sensitive;
    let (mut word, mut line, mut fixed, mut invert) = (false, false, false, false);
    let mut mode = Mode::Lines;
    let (mut only, mut line_number, mut column, mut vimgrep) = (false, false, false, false);
    let (mut before, mut after) = (0usize, 0usize);
    let mut with_filename = None;
    let mut heading = false;
    let mut null = false;
    let mut search_zip = false;
    let mut replace = None;
    let mut max_count = None;
    let mut max_depth = None;
    let (mut hidden, mut no_ignore, mut text, mut follow) = (false, false, false, false);
    let (mut trim, mut include_zero, mut no_messages) = (false, false, false);
    let mut max_columns = None;
    let mut unrestricted = 0;
    let mut type_list = false;
    let mut globs: Vec<(String, bool)> = Vec::new();
    let mut tsel: Vec<(String, bool)> = Vec::new();
    for (idx, val) in &p.opts {
        let o = &spec.options[*idx];
        let name = o.long.unwrap_or("");
        let v = val.as_deref().unwrap_or(b"");
        match name {
            "regexp" => {
                have_pattern_flag = true;
                patterns.push(lossy(v));
            }
            "file" => {
                have_pattern_flag = true;
                let data = match crate::common::input::read_input(ctx, v) {
                    Ok(d) => d,
                    Err(e) => {
                        return Err(fail(
                            ctx,
                            &format!("{}: {}", lossy(v), crate::common::diag::io_msg(&e)),
                        ));
                    }
                };
                for l in String::from_utf8_lossy(&data).lines() {
                    patterns.push(l.trim_end_matches('\r').to_string());
                }
            }
            "ignore-case" => case = Case::Insensitive,
            "smart-case" => case = Case::Smart,
            "case-sensitive" => case = Case::Sensitive,
            "word-regexp" => word = true,
            "line-regexp" => line = true,
            "fixed-strings" => fixed = true,
            "invert-match" => invert = true,
            "line-number" => line_number = true,
            "no-line-number" => line_number = false,
            "files-with-matches" => mode = Mode::FilesWith,
            "files-without-match" => mode = Mode::FilesWithout,
            "count" => mode = Mode::Count,
            "count-matches" => mode = Mode::CountMatches,
            "files" => mode = Mode::Files,
            "json" => mode = Mode::Json,
            "quiet" => mode = Mode::Quiet,
            "only-matching" => only = true,
            "after-context" => after = number(ctx, v, "-A/--after-context")? as usize,
            "before-context" => before = number(ctx, v, "-B/--before-context")? as usize,
            "context" => {
                let n = number(ctx, v, "-C/--context")? as usize;
                (before, after) = (n, n);
            }
            "glob" => globs.push((lossy(v), false)),
            "iglob" => globs.push((lossy(v), true)),
            "type" => tsel.push((lossy(v), true)),
            "type-not" => tsel.push((lossy(v), false)),
            "type-list" => type_list = true,
            "hidden" => hidden = true,
            "no-ignore" => no_ignore = true,
            "unrestricted" => unrestricted += 1,
            "text" => text = true,
            "follow" => follow = true,
            "replace" => replace = Some(v.to_vec()),
            "max-count" => max_count = Some(number(ctx, v, "-m/--max-count")?),
            "max-depth" => max_depth = Some(number(ctx, v, "--max-depth")? as usize),
            "search-zip" => search_zip = true,
            "multiline" => {
                return Err(fail(
                    ctx,
                    "-U/--multiline: multiline search is not supported in sandsh",
                ));
            }
            "null" => null = true,
            "with-filename" => with_filename = Some(true),
            "no-filename" => with_filename = Some(false),
            "heading" => heading = true,
            "no-heading" => heading = false,
            "column" => {
                column = true;
                line_number = true;
            }
            "vimgrep" => {
                vimgrep = true;
                column = true;
                line_number = true;
            }
            "color" | "colour" if v != b"never" && v != b"auto" => {
                return Err(fail(
                    ctx,
                    &format!(
                        "--color={}: only 'never' is supported (output is never a terminal)",
                        lossy(v)
                    ),
                ));
            }
            "sort" if v != b"path" && v != b"none" => {
                return Err(fail(
                    ctx,
                    &format!("--sort={}: only 'path' is supported", lossy(v)),
                ));
            }
            "trim" => trim = true,
            "max-columns" => {
                max_columns = Some(number(ctx, v, "-M/--max-columns")? as usize).filter(|n| *n > 0)
            }
            "include-zero" => include_zero = true,
            "no-messages" => no_messages = true,
            "version" => {
                let _ = ctx.stdout().write_all(b"ripgrep 13.0.0\nsandsh's rg (ripgrep's command line on the regex and ignore crates, over the VFS)\n");
                return Err(0);
            }
            _ => {}
        }
    }
    if unrestricted >= 1 {
        no_ignore = true;
    }
    if unrestricted >= 2 {
        hidden = true;
    }
    if unrestricted >= 3 {
        text = true;
    }
    let mut types = TypesBuilder::new();
    types.add_defaults();
    if type_list {
        let mut out = Vec::new();
        for d in types.definitions() {
            let _ = writeln!(out, "{}: {}", d.name(), d.globs().join(", "));
        }
        let _ = ctx.stdout().write_all(&out);
        return Err(0);
    }
    let mut operands = p.operands.into_iter();
    if !have_pattern_flag && mode != Mode::Files {
        match operands.next() {
            Some(pat) => patterns.push(lossy(&pat)),
            None => {
                let _ = writeln!(
                    ctx.stderr(),
                    "error: The following required arguments were not provided:\n    <PATTERN>\n\nUSAGE:\n    \n    rg [OPTIONS] PATTERN [PATH ...]\n    rg [OPTIONS] -e PATTERN ... [PATH ...]\n    rg [OPTIONS] -f PATTERNFILE ... [PATH ...]\n    rg [OPTIONS] --files [PATH ...]\n    rg [OPTIONS] --type-list\n    command | rg [OPTIONS] PATTERN\n    rg [OPTIONS] --help\n    rg [OPTIONS] --version\n\nFor more information try --help"
                );
                return Err(2);
            }
        }
    }
    let paths: Vec<Arg> = operands.collect();
    for (name, sel) in &tsel {
        if *sel {
            types.select(name);
        } else {
            types.negate(name);
        }
    }
    let types = match types.build() {
        Ok(t) => t,
        Err(e) => return Err(fail(ctx, &e.to_string())),
    };
    let root = ctx.cwd().to_path_buf();
    let mut ob = OverrideBuilder::new(&root);
    for (g, icase) in &globs {
        if let Err(e) = ob
            .case_insensitive(*icase)
            .and_then(|b| b.add(g).map(|_| ()))
        {
            return Err(fail(ctx, &e.to_string()));
        }
    }
    let overrides = match ob.build() {
        Ok(o) => o,
        Err(e) => return Err(fail(ctx, &e.to_string())),
    };
    let re = if mode == Mode::Files {
        Regex::new("").ok().map(|r| Matcher::new(r, None))
    } else {
        compile(ctx, &patterns, case, word, line, fixed)?
    };
    let Some(re) = re else {
        return Err(2);
    };
    Ok(Config {
        re,
        invert,
        mode,
        only_matching: only,
        line_number,
        column,
        vimgrep,
        before,
        after,
        with_filename,
        heading,
        null,
        search_zip,
        replace,
        max_count,
        max_depth,
        hidden,
        no_ignore,
        text,
        follow,
        trim,
        max_columns,
        include_zero,
        no_messages,
        overrides,
        types,
        explicit_paths: !paths.is_empty(),
        paths,
    })
}

/// One regex for all the patterns, with `-F`, `-w`, `-x` and the case rule applied.
fn compile(
    ctx: &mut dyn ToolCtx,
    patterns: &[String],
    case: Case,
    word: bool,
    line: bool,
    fixed: bool,
) -> Result<Option<Matcher>, ExitStatus> {
    let parts: Vec<String> = patterns
        .iter()
        .map(|p| if fixed { regex::escape(p) } else { p.clone() })
        .collect();
    let mut src = if parts.is_empty() {
        // `-f /dev/null`: nothing can match.
        "[^\\s\\S]".to_string()
    } else {
        parts
            .iter()
            .map(|p| format!("(?:{p})"))
            .collect::<Vec<_>>()
            .join("|")
    };
    if line {
        src = format!("^(?:{src})$");
    }
    let icase = match case {
        Case::Insensitive => true,
        Case::Sensitive => false,
        Case::Smart => !patterns.iter().any(|p| has_upper(p)),
    };
    let build = |src: &str| {
        RegexBuilder::new(src)
            .case_insensitive(icase)
            .size_limit(64 << 20)
            .dfa_size_limit(64 << 20)
            .build()
    };
    let built = build(&src).and_then(|re| {
        let word = (word && !line)
            .then(|| build(&format!("(?:^|\\W)({src})(?:$|\\W)")))
            .transpose()?;
        Ok(Matcher::new(re, word))
    });
    match built {
        Ok(m) => Ok(Some(m)),
        Err(e) => {
            // The regex crate words it as ripgrep prints it (with no "rg:" prefix).
            let _ = writeln!(ctx.stderr(), "{e}");
            Err(2)
        }
    }
}
