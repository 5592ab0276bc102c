//! `diff`'s command line: the output style and the options that shape the comparison
//! (`-i`, `-b`, `-w`, `-B`, `-r`, `-N`, labels, context sizes…), parsed as GNU diff reads them.

use sandsh_api::{Arg, ToolCtx};

use super::formats::Formats;
use super::{SPEC, util};

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Style {
    Normal,
    Context,
    Unified,
}

pub(super) struct Opts {
    pub(super) style: Style,
    pub(super) context: usize,
    pub(super) brief: bool,
    pub(super) report_same: bool,
    pub(super) recursive: bool,
    pub(super) new_file: bool,
    pub(super) icase: bool,
    pub(super) space_change: bool,
    pub(super) all_space: bool,
    pub(super) blank: bool,
    pub(super) text: bool,
    pub(super) minimal: bool,
    pub(super) strip_cr: bool,
    /// `-p`: show the C function (last line starting with a letter, `$` or `_`) per hunk.
    pub(super) show_function: bool,
    pub(super) labels: Vec<String>,
    /// The options as given, for the `diff -r ...` headers.
    pub(super) switches: String,
    /// `--old-line-format` and the other line and group formats, when any is given.
    pub(super) formats: Option<Formats>,
}

pub(super) fn usage(ctx: &mut dyn ToolCtx, m: &str) -> i32 {
    util::usage(ctx, &SPEC, &format!("diff: {m}"), 2)
}

/// An option's value: the one attached to it, or else the next argument (which `i` then
/// moves past); GNU's `missing` message when there is none.
fn value(
    ctx: &mut dyn ToolCtx,
    args: &[Arg],
    i: &mut usize,
    attached: Option<String>,
    missing: &str,
) -> Result<String, i32> {
    if let Some(v) = attached {
        return Ok(v);
    }
    *i += 1;
    match args.get(*i) {
        Some(v) => Ok(util::lossy(v)),
        None => Err(usage(ctx, missing)),
    }
}

pub(super) fn parse(args: &[Arg], ctx: &mut dyn ToolCtx) -> Result<(Opts, Vec<String>), i32> {
    let mut o = Opts {
        style: Style::Normal,
        context: 3,
        brief: false,
        report_same: false,
        recursive: false,
        new_file: false,
        icase: false,
        space_change: false,
        all_space: false,
        blank: false,
        text: false,
        minimal: false,
        strip_cr: false,
        show_function: false,
        labels: Vec::new(),
        switches: String::new(),
        formats: None,
    };
    // -c, -u, --normal and the formats are output styles: GNU refuses two of them.
    let mut style_given = false;
    let mut ops = Vec::new();
    let mut switches: Vec<String> = Vec::new();
    let mut i = 0;
    let num = |ctx: &mut dyn ToolCtx, v: &str| -> Result<usize, i32> {
        v.parse::<usize>()
            .map_err(|_| usage(ctx, &format!("invalid context length {}", util::quote(v))))
    };
    while i < args.len() {
        let a = util::lossy(&args[i]);
        if a == "--" {
            ops.extend(args[i + 1..].iter().map(|x| util::lossy(x)));
            break;
        }
        if let Some(long) = a.strip_prefix("--") {
            switches.push(a.clone());
            let (name, val) = match long.split_once('=') {
                Some((n, v)) => (n.to_string(), Some(v.to_string())),
                None => (long.to_string(), None),
            };
            let known = [
                "brief",
                "report-identical-files",
                "context",
                "unified",
                "normal",
                "recursive",
                "new-file",
                "ignore-case",
                "ignore-space-change",
                "ignore-all-space",
                "ignore-blank-lines",
                "text",
                "minimal",
                "strip-trailing-cr",
                "label",
                "color",
                "side-by-side",
                "ed",
                "show-c-function",
                "unidirectional-new-file",
                "old-line-format",
                "new-line-format",
                "unchanged-line-format",
                "line-format",
                "old-group-format",
                "new-group-format",
                "unchanged-group-format",
                "changed-group-format",
            ];
            let cands: Vec<&str> = known
                .iter()
                .copied()
                .filter(|k| k.starts_with(&name))
                .collect();
            let full = match cands.iter().find(|k| **k == name) {
                Some(k) => *k,
                None if cands.len() == 1 => cands[0],
                None if cands.is_empty() => {
                    return Err(usage(ctx, &format!("unrecognized option '--{name}'")));
                }
                None => return Err(usage(ctx, &format!("option '--{name}' is ambiguous"))),
            };
            if matches!(full, "context" | "unified" | "normal") {
                style_given = true;
            }
            if full.ends_with("-format") {
                let missing = format!("option '--{full}' requires an argument");
                let v = value(ctx, args, &mut i, val, &missing)?;
                o.formats.get_or_insert_with(Formats::default).set(full, &v);
                i += 1;
                continue;
            }
            match full {
                "brief" => o.brief = true,
                "report-identical-files" => o.report_same = true,
                "context" => {
                    o.style = Style::Context;
                    if let Some(v) = val {
                        o.context = num(ctx, &v)?;
                    }
                }
                "unified" => {
                    o.style = Style::Unified;
                    if let Some(v) = val {
                        o.context = num(ctx, &v)?;
                    }
                }
                "normal" => o.style = Style::Normal,
                "recursive" => o.recursive = true,
                "new-file" | "unidirectional-new-file" => o.new_file = true,
                "ignore-case" => o.icase = true,
                "ignore-space-change" => o.space_change = true,
                "ignore-all-space" => o.all_space = true,
                "ignore-blank-lines" => o.blank = true,
                "text" => o.text = true,
                "minimal" => o.minimal = true,
                "strip-trailing-cr" => o.strip_cr = true,
                "label" => {
                    let missing = "option '--label' requires an argument";
                    o.labels.push(value(ctx, args, &mut i, val, missing)?);
                }
                "color" => {}
                "show-c-function" => o.show_function = true,
                other => {
                    util::err(ctx, "diff", &format!("--{other} is not supported"));
                    return Err(2);
                }
            }
            i += 1;
            continue;
        }
        if a.len() > 1 && a.starts_with('-') {
            switches.push(a.clone());
            let chars: Vec<char> = a[1..].chars().collect();
            let mut k = 0;
            while k < chars.len() {
                let c = chars[k];
                match c {
                    'q' => o.brief = true,
                    's' => o.report_same = true,
                    'c' => {
                        style_given = true;
                        o.style = Style::Context;
                    }
                    'u' => {
                        style_given = true;
                        o.style = Style::Unified;
                    }
                    'r' => o.recursive = true,
                    'N' => o.new_file = true,
                    'i' => o.icase = true,
                    'b' => o.space_change = true,
                    'w' => o.all_space = true,
                    'B' => o.blank = true,
                    'a' => o.text = true,
                    'd' => o.minimal = true,
                    'C' | 'U' => {
                        let rest: String = chars[k + 1..].iter().collect();
                        let missing = format!("option requires an argument -- '{c}'");
                        let v = value(
                            ctx,
                            args,
                            &mut i,
                            (!rest.is_empty()).then_some(rest),
                            &missing,
                        )?;
                        o.context = num(ctx, &v)?;
                        style_given = true;
                        o.style = if c == 'C' {
                            Style::Context
                        } else {
                            Style::Unified
                        };
                        break;
                    }
                    'p' => o.show_function = true,
                    'y' | 'e' | 'n' | 'f' | 'D' => {
                        util::err(ctx, "diff", &format!("option -{c} is not supported"));
                        return Err(2);
                    }
                    _ => return Err(usage(ctx, &format!("invalid option -- '{c}'"))),
                }
                k += 1;
            }
            i += 1;
            continue;
        }
        ops.push(a);
        i += 1;
    }
    o.switches = switches.join(" ");
    if style_given && o.formats.is_some() {
        return Err(usage(ctx, "conflicting output style options"));
    }
    Ok((o, ops))
}
