//! `diff`'s command line: the output style and the options that shape the comparison
//! (`-i`, `-b`, `-w`, `-B`, `-r`, `-N`, labels, context sizes, `-y`'s width…), parsed as GNU
//! diff reads them: a second, different output style is GNU's "conflicting output style
//! options", and a style sandsh lacks (`-e`, `-n`, `-f`, `-D`) is refused once the whole
//! command line has been read, so that a conflict is reported as GNU reports it.

use sandsh_api::{Arg, ToolCtx};

use super::SPEC;
use super::formats::Formats;
use crate::common::{diag, quote};

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Style {
    Normal,
    Context,
    Unified,
    /// `-y`: the two files side by side.
    Side,
}

/// An output style as GNU's `specify_style` tracks it, to refuse two different ones.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Given {
    Style(Style),
    /// The line and group formats (and `-D`).
    Ifdef,
    /// `-e`, `-f`, `-n`: styles sandsh does not print.
    Other(char),
}

/// `-y`'s layout options.
pub(super) struct SideOpts {
    /// `-W`: the whole line's width (default 130).
    pub(super) width: usize,
    /// `--left-column`: common lines as the left one alone.
    pub(super) left_column: bool,
    /// `--suppress-common-lines`.
    pub(super) suppress_common: bool,
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
    /// `-t`: expand tabs to spaces in the output.
    pub(super) expand_tabs: bool,
    /// `-T`: a tab, not a space, between a line's mark and its text.
    pub(super) initial_tab: bool,
    /// `--tabsize` (default 8).
    pub(super) tabsize: usize,
    pub(super) side: SideOpts,
    pub(super) labels: Vec<String>,
    /// The options as given, for the `diff -r ...` headers.
    pub(super) switches: String,
    /// `--old-line-format` and the other line and group formats, when any is given.
    pub(super) formats: Option<Formats>,
}

impl Opts {
    /// GNU's defaults (the width and tab size filled in after parsing).
    pub(super) fn new() -> Opts {
        Opts {
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
            expand_tabs: false,
            initial_tab: false,
            tabsize: 0,
            side: SideOpts {
                width: 0,
                left_column: false,
                suppress_common: false,
            },
            labels: Vec::new(),
            switches: String::new(),
            formats: None,
        }
    }
}

pub(super) fn usage(ctx: &mut dyn ToolCtx, m: &str) -> i32 {
    diag::usage(ctx, &SPEC, &format!("diff: {m}"), 2)
}

/// An option's value: the one attached to it, or else the next argument (which `i` then
/// moves past, and which joins the `switches` of the `diff -r` headers, as in GNU's);
/// GNU's `missing` message when there is none.
fn value(
    ctx: &mut dyn ToolCtx,
    (args, i, switches): (&[Arg], &mut usize, &mut Vec<String>),
    attached: Option<String>,
    missing: &str,
) -> Result<String, i32> {
    if let Some(v) = attached {
        return Ok(v);
    }
    *i += 1;
    match args.get(*i) {
        Some(v) => {
            switches.push(diag::lossy(v));
            Ok(diag::lossy(v))
        }
        None => Err(usage(ctx, missing)),
    }
}

/// GNU's `specify_style`: a second, different output style is an error.
fn specify(ctx: &mut dyn ToolCtx, given: &mut Option<Given>, style: Given) -> Result<(), i32> {
    match *given {
        Some(g) if g != style => Err(usage(ctx, "conflicting output style options")),
        _ => {
            *given = Some(style);
            Ok(())
        }
    }
}

/// A positive number as GNU's `strtoimax` check for `-W` and `--tabsize` reads it (leading
/// blanks and a `+` allowed, a value too big for the type saturating); None when invalid.
fn positive(v: &str) -> Option<usize> {
    let t = v.trim_start_matches([' ', '\t', '\n', '\x0b', '\x0c', '\r']);
    let t = t.strip_prefix('+').unwrap_or(t);
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n = t.parse::<usize>().unwrap_or(usize::MAX / 4);
    (n > 0).then_some(n.min(usize::MAX / 4))
}

/// Set a number option given once (`-W`, `--tabsize`): another value is GNU's fatal
/// "conflicting NAME options" (no "Try" line).
fn once(ctx: &mut dyn ToolCtx, slot: &mut usize, v: usize, name: &str) -> Result<(), i32> {
    if *slot != 0 && *slot != v {
        diag::err(ctx, "diff", &format!("conflicting {name} options"));
        return Err(2);
    }
    *slot = v;
    Ok(())
}

pub(super) fn parse(args: &[Arg], ctx: &mut dyn ToolCtx) -> Result<(Opts, Vec<String>), i32> {
    let mut o = Opts::new();
    // -c, -u, -y, --normal and the formats are output styles: GNU refuses two of them.
    let mut given: Option<Given> = None;
    // How the refused style was asked for, for the message.
    let mut refused = String::new();
    let mut ops = Vec::new();
    let mut switches: Vec<String> = Vec::new();
    let mut i = 0;
    let num = |ctx: &mut dyn ToolCtx, v: &str| -> Result<usize, i32> {
        v.parse::<usize>()
            .map_err(|_| usage(ctx, &format!("invalid context length {}", quote::quote(v))))
    };
    while i < args.len() {
        let a = diag::lossy(&args[i]);
        if a == "--" {
            ops.extend(args[i + 1..].iter().map(|x| diag::lossy(x)));
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
                "width",
                "left-column",
                "suppress-common-lines",
                "suppress-blank-empty",
                "expand-tabs",
                "initial-tab",
                "tabsize",
                "ed",
                "rcs",
                "forward-ed",
                "ifdef",
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
            let takes_value = matches!(
                full,
                "context" | "unified" | "label" | "color" | "width" | "tabsize" | "ifdef"
            ) || full.ends_with("-format");
            if val.is_some() && !takes_value {
                return Err(usage(
                    ctx,
                    &format!("option '--{full}' doesn't allow an argument"),
                ));
            }
            let missing = format!("option '--{full}' requires an argument");
            match full {
                "context" => specify(ctx, &mut given, Given::Style(Style::Context))?,
                "unified" => specify(ctx, &mut given, Given::Style(Style::Unified))?,
                "normal" => specify(ctx, &mut given, Given::Style(Style::Normal))?,
                "side-by-side" => specify(ctx, &mut given, Given::Style(Style::Side))?,
                "ed" | "rcs" | "forward-ed" => {
                    let c = match full {
                        "ed" => 'e',
                        "rcs" => 'n',
                        _ => 'f',
                    };
                    specify(ctx, &mut given, Given::Other(c))?;
                    refused = format!("--{full}");
                }
                "ifdef" => {
                    value(ctx, (args, &mut i, &mut switches), val.clone(), &missing)?;
                    specify(ctx, &mut given, Given::Other('D'))?;
                    refused = "--ifdef".into();
                }
                _ if full.ends_with("-format") => specify(ctx, &mut given, Given::Ifdef)?,
                _ => {}
            }
            if full.ends_with("-format") {
                let v = value(ctx, (args, &mut i, &mut switches), val, &missing)?;
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
                    let v = value(ctx, (args, &mut i, &mut switches), val, &missing)?;
                    o.labels.push(v);
                }
                "color" => {}
                "show-c-function" => o.show_function = true,
                "side-by-side" | "ed" | "rcs" | "forward-ed" | "ifdef" => {}
                "width" => {
                    let v = value(ctx, (args, &mut i, &mut switches), val, &missing)?;
                    width(ctx, &mut o, &v)?;
                }
                "tabsize" => {
                    let v = value(ctx, (args, &mut i, &mut switches), val, &missing)?;
                    tabsize(ctx, &mut o, &v)?;
                }
                "left-column" => o.side.left_column = true,
                "suppress-common-lines" => o.side.suppress_common = true,
                "expand-tabs" => o.expand_tabs = true,
                "initial-tab" => o.initial_tab = true,
                other => {
                    diag::err(ctx, "diff", &format!("--{other} is not supported"));
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
                        specify(ctx, &mut given, Given::Style(Style::Context))?;
                        o.style = Style::Context;
                    }
                    'u' => {
                        specify(ctx, &mut given, Given::Style(Style::Unified))?;
                        o.style = Style::Unified;
                    }
                    'y' => specify(ctx, &mut given, Given::Style(Style::Side))?,
                    't' => o.expand_tabs = true,
                    'T' => o.initial_tab = true,
                    'r' => o.recursive = true,
                    'N' => o.new_file = true,
                    'i' => o.icase = true,
                    'b' => o.space_change = true,
                    'w' => o.all_space = true,
                    'B' => o.blank = true,
                    'a' => o.text = true,
                    'd' => o.minimal = true,
                    'C' | 'U' | 'W' | 'D' => {
                        let rest: String = chars[k + 1..].iter().collect();
                        let missing = format!("option requires an argument -- '{c}'");
                        let v = value(
                            ctx,
                            (args, &mut i, &mut switches),
                            (!rest.is_empty()).then_some(rest),
                            &missing,
                        )?;
                        match c {
                            'W' => width(ctx, &mut o, &v)?,
                            'D' => {
                                specify(ctx, &mut given, Given::Other('D'))?;
                                refused = "option -D".into();
                            }
                            _ => {
                                o.context = num(ctx, &v)?;
                                let s = if c == 'C' {
                                    Style::Context
                                } else {
                                    Style::Unified
                                };
                                specify(ctx, &mut given, Given::Style(s))?;
                                o.style = s;
                            }
                        }
                        break;
                    }
                    'p' => o.show_function = true,
                    'e' | 'n' | 'f' => {
                        specify(ctx, &mut given, Given::Other(c))?;
                        refused = format!("option -{c}");
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
    match given {
        Some(Given::Other(_)) => {
            diag::err(ctx, "diff", &format!("{refused} is not supported"));
            return Err(2);
        }
        Some(Given::Style(s)) => o.style = s,
        // GNU: -p alone asks for the context format.
        None if o.show_function => o.style = Style::Context,
        _ => {}
    }
    if o.side.width == 0 {
        o.side.width = 130;
    }
    if o.tabsize == 0 {
        o.tabsize = 8;
    }
    Ok((o, ops))
}

fn width(ctx: &mut dyn ToolCtx, o: &mut Opts, v: &str) -> Result<(), i32> {
    match positive(v) {
        Some(n) => once(ctx, &mut o.side.width, n, "width"),
        None => Err(usage(ctx, &format!("invalid width '{v}'"))),
    }
}

fn tabsize(ctx: &mut dyn ToolCtx, o: &mut Opts, v: &str) -> Result<(), i32> {
    match positive(v) {
        Some(n) => once(ctx, &mut o.tabsize, n, "tabsize"),
        None => Err(usage(ctx, &format!("invalid tabsize '{v}'"))),
    }
}
