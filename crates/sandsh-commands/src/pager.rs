//! `less`, `more` and `pager`. Output in sandsh is never a terminal, and there the real
//! pagers page nothing: they copy their input, as in `… | less` inside a script. `less` (and
//! Debian's `pager`, which is less) copies the files one after another; `more` puts each
//! file under a `::::::::::::::` header naming it (util-linux's copy mode). Their
//! interactive options are accepted and change nothing there. A file that cannot be read is
//! named (by less on standard output, by more on standard error) and the others are still
//! copied, with status 0, as both tools do.

use sandsh_api::{
    Arg, ArgSpec, ArgType, Command, CommandSpec, Example, ExitStatus, OptSpec, RiskLevel, ToolCtx,
};

use crate::common::input::{self, Halt};
use crate::common::{diag, output};

pub struct Less;
pub struct Pager;
pub struct More;

const LESS_OPTIONS: &[OptSpec] = &[
    OptSpec::new(
        "-R, --RAW-CONTROL-CHARS",
        "(no effect: the input is copied as it is)",
    ),
    OptSpec::new("-S, --chop-long-lines", "(no effect)"),
    OptSpec::new("-N, --LINE-NUMBERS", "(no effect when not paging)"),
    OptSpec::new("-F, --quit-if-one-screen", "(no effect)"),
    OptSpec::new("-X, --no-init", "(no effect)"),
    OptSpec::new("-i, --ignore-case", "(no effect)"),
    OptSpec::new("-s, --squeeze-blank-lines", "(no effect when not paging)"),
    OptSpec::new("-x, --tabs=N", "(no effect when not paging)"),
    OptSpec::new("-p, --pattern=PATTERN", "(no effect when not paging)"),
];

const MORE_OPTIONS: &[OptSpec] = &[
    OptSpec::new("-d, --silent", "(no effect when not paging)"),
    OptSpec::new("-f, --logical", "(no effect)"),
    OptSpec::new("-l, --no-pause", "(no effect)"),
    OptSpec::new("-c, --print-over", "(no effect)"),
    OptSpec::new("-p, --clean-print", "(no effect)"),
    OptSpec::new("-s, --squeeze", "(no effect when not paging)"),
    OptSpec::new("-u, --plain", "(no effect)"),
    OptSpec::new("-n, --lines=NUMBER", "(no effect when not paging)"),
];

const OPERANDS: &[ArgSpec] = &[ArgSpec::optional(
    "FILE",
    ArgType::Path,
    "files to show (standard input when none)",
)
.repeated()];

static LESS: CommandSpec = CommandSpec {
    name: "less",
    group: "text",
    summary: "pager: copies its input, since output is never a terminal",
    usage: "less [OPTION]... [FILE]...",
    description: "Show FILEs (standard input when none or -). Output in sandsh is never a terminal, so less pages nothing and copies the files one after another, as GNU less does when its output is not a terminal. Options and +commands are accepted and have no effect; an unknown option is named and ignored. A file that cannot be read is named in the output, as less does, and the others are still shown.",
    options: LESS_OPTIONS,
    operands: OPERANDS,
    returns: "the files' contents",
    examples: &[Example {
        description: "a pipe into less",
        script: "printf 'a\\nb\\n' | less",
        stdout: "a\nb\n",
    }],
    errors: "status 0 even when a file cannot be read, as less",
    risk: RiskLevel::ReadOnly,
};

static PAGER: CommandSpec = CommandSpec {
    name: "pager",
    summary: "Debian's default pager: less",
    usage: "pager [OPTION]... [FILE]...",
    ..LESS
};

static MORE: CommandSpec = CommandSpec {
    name: "more",
    group: "text",
    summary: "pager: copies its input under file headers, since output is never a terminal",
    usage: "more [OPTION]... FILE...",
    description: "Show FILEs (standard input when none). Output in sandsh is never a terminal, so more pages nothing: as util-linux more does then, each file is copied under a header of its name between lines of 14 colons. Options, -NUMBER and +NUMBER or +/PATTERN are accepted and have no effect. A file that cannot be opened is reported and the others are still shown.",
    options: MORE_OPTIONS,
    operands: OPERANDS,
    returns: "the files' contents, each under a header",
    examples: &[Example {
        description: "a file through more",
        script: "echo hi > f && more f",
        stdout: "::::::::::::::\nf\n::::::::::::::\nhi\n",
    }],
    errors: "status 1 for an invalid option; 0 even when a file cannot be opened, as util-linux more",
    risk: RiskLevel::ReadOnly,
};

impl Command for Less {
    fn spec(&self) -> &CommandSpec {
        &LESS
    }
    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        less(args, ctx)
    }
}

impl Command for Pager {
    fn spec(&self) -> &CommandSpec {
        &PAGER
    }
    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        less(args, ctx)
    }
}

impl Command for More {
    fn spec(&self) -> &CommandSpec {
        &MORE
    }
    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        more(args, ctx)
    }
}

/// less's one-letter options, and those that take a value (`-x4` or `-x 4`).
const LESS_LETTERS: &[u8] = b"aAbBcCdDeEfFgGhiIjJkKLmMnNoOpPqQrRsStTuUVwWxXyz~#\"";
const LESS_VALUED: &[u8] = b"bhjkoOpPtTxyz#";

fn less(args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
    let mut files = Vec::new();
    let mut i = 0;
    let mut options = true;
    while let Some(a) = args.get(i) {
        i += 1;
        if !options || a.len() < 2 || !matches!(a[0], b'-' | b'+') {
            files.push(a.clone());
            continue;
        }
        match a.as_slice() {
            b"--" => options = false,
            b"--help" | b"-?" => return print(ctx, &sandsh_api::doc::render_help(&LESS)),
            b"--version" | b"-V" => return print(ctx, "less 590 (sandsh: copies its input)\n"),
            // `+cmd` runs a command when paging; a long option may carry `=value`.
            _ if a[0] == b'+' || a.starts_with(b"--") => {}
            _ => {
                for (k, &c) in a.iter().enumerate().skip(1) {
                    if LESS_VALUED.contains(&c) {
                        // The value is the rest of the word or the next one.
                        i += usize::from(k + 1 == a.len());
                        break;
                    }
                    if !LESS_LETTERS.contains(&c) {
                        let m = format!(
                            "There is no -{} option (\"less --help\" for help)\n",
                            c as char
                        );
                        let _ = ctx.stderr().write_all(m.as_bytes());
                    }
                }
            }
        }
    }
    if files.is_empty() {
        files.push(b"-".to_vec());
    }
    for f in files {
        match copy(ctx, &f, None) {
            Ok(()) => {}
            Err(Some(s)) => return s,
            Err(None) => {
                // less says so on standard output.
                let name = diag::lossy(&f);
                let m = if input::is_dir(&*ctx, &name) {
                    format!("{name} is a directory\n")
                } else {
                    format!("{name}: No such file or directory\n")
                };
                if !output::out(ctx, m.as_bytes()) {
                    return 1;
                }
            }
        }
    }
    0
}

fn more(args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
    let mut files = Vec::new();
    let mut i = 0;
    let mut options = true;
    while let Some(a) = args.get(i) {
        i += 1;
        let is_opt = options && a.len() > 1 && matches!(a[0], b'-' | b'+');
        if !is_opt {
            files.push(a.clone());
            continue;
        }
        match a.as_slice() {
            b"--" => options = false,
            b"--help" | b"-h" => return print(ctx, &sandsh_api::doc::render_help(&MORE)),
            b"--version" | b"-V" => return print(ctx, "more from util-linux 2.38.1\n"),
            b"--lines" => i += 1,
            // `+NUMBER`, `+/PATTERN` and `-NUMBER` say where to start and how much to show.
            _ if a[0] == b'+' || a[1..].iter().all(u8::is_ascii_digit) => {}
            _ if a.starts_with(b"--") => {}
            _ => {
                for (k, &c) in a.iter().enumerate().skip(1) {
                    match c {
                        b'd' | b'f' | b'l' | b'c' | b'p' | b's' | b'u' | b'e' => {}
                        b'n' => {
                            i += usize::from(k + 1 == a.len());
                            break;
                        }
                        _ => {
                            let m = format!(
                                "more: invalid option -- '{}'\nTry 'more --help' for more information.\n",
                                c as char
                            );
                            let _ = ctx.stderr().write_all(m.as_bytes());
                            return 1;
                        }
                    }
                }
            }
        }
    }
    if files.is_empty() {
        return match copy(ctx, b"-", None) {
            Err(Some(s)) => s,
            _ => 0,
        };
    }
    for f in files {
        // util-linux opens `-` as a file name too.
        let name = diag::lossy(&f);
        let header = format!("::::::::::::::\n{name}\n::::::::::::::\n");
        let path: &[u8] = if f == b"-" { b"./-" } else { &f };
        match copy(ctx, path, Some(header.as_bytes())) {
            Ok(()) => {}
            Err(Some(s)) => return s,
            Err(None) if input::is_dir(&*ctx, &name) => {
                // util-linux's copy mode notes a directory in the output.
                let note = format!("\n*** {name}: directory ***\n\n");
                if !output::out(ctx, note.as_bytes()) {
                    return 1;
                }
            }
            Err(None) => {
                let m = format!("more: cannot open {name}: No such file or directory\n");
                let _ = ctx.stderr().write_all(m.as_bytes());
            }
        }
    }
    0
}

fn print(ctx: &mut dyn ToolCtx, text: &str) -> ExitStatus {
    if output::out(ctx, text.as_bytes()) {
        0
    } else {
        1
    }
}

/// Copy file `f` (`-`: standard input) to standard output, after `header` once it opened.
/// `Err(None)`: it could not be opened or read; `Err(Some(status))`: stop with that status
/// (the output went away, or the run was cancelled).
fn copy(ctx: &mut dyn ToolCtx, f: &[u8], header: Option<&[u8]>) -> Result<(), Option<ExitStatus>> {
    let mut src = input::open(ctx, f).map_err(|_| None)?;
    if let Some(h) = header
        && !output::out(ctx, h)
    {
        return Err(Some(1));
    }
    let mut buf = input::ChunkBuf::new(input::CHUNK);
    match input::for_each_chunk(ctx, &mut src, &mut buf, |ctx, chunk| {
        if output::out(ctx, chunk) {
            Ok(())
        } else {
            Err(Halt::Exit(1))
        }
    }) {
        Ok(()) => Ok(()),
        Err(Halt::Exit(s)) => Err(Some(s)),
        Err(_) if ctx.is_cancelled() => Err(Some(130)),
        Err(_) => Err(None),
    }
}
