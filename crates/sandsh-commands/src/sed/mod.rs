//! `sed`: the stream editor, with GNU sed 4.9 semantics.
//!
//! Split by concept: [`parse`] compiles scripts exactly as GNU's `compile.c` does (same
//! lexing, same messages), [`exec`] runs them cycle by cycle as `execute.c` does (reading
//! records through [`reader`], building replacements in [`case`], annotating with [`debug`]
//! for `--debug`), and [`re`] is the single seam to the regular-expression engine. Options are parsed here by hand
//! because GNU's `-i[SUFFIX]` takes an optional attached value and `-e`/`-f` compile in the
//! order given (a later `-E` does not change an earlier `-e`).
//!
//! The `e` command and the `s///e` flag run their text with sandsh's own shell through
//! [`ToolCtx::call`], never on the host; output is captured through a temporary file in the
//! sandbox.

mod case;
mod debug;
mod exec;
mod parse;
mod re;
mod reader;
mod spec;

use sandsh_api::{Arg, Command, CommandSpec, ExitStatus, ToolCtx};

use crate::common::{diag, input};
use exec::{Exec, RunOpts};
use parse::{Compiler, Options};
use spec::SPEC;

pub struct Sed;

const USAGE: &str = "Usage: sed [OPTION]... {script-only-if-no-other-script} [input-file]...

  -n, --quiet, --silent
                 suppress automatic printing of pattern space
      --debug
                 annotate program execution
  -e script, --expression=script
                 add the script to the commands to be executed
  -f script-file, --file=script-file
                 add the contents of script-file to the commands to be executed
  --follow-symlinks
                 follow symlinks when processing in place
  -i[SUFFIX], --in-place[=SUFFIX]
                 edit files in place (makes backup if SUFFIX supplied)
  -l N, --line-length=N
                 specify the desired line-wrap length for the `l' command
  --posix
                 disable all GNU extensions.
  -E, -r, --regexp-extended
                 use extended regular expressions in the script
                 (for portability use POSIX -E).
  -s, --separate
                 consider files as separate rather than as a single,
                 continuous long stream.
      --sandbox
                 operate in sandbox mode (disable e/r/w commands).
  -u, --unbuffered
                 load minimal amounts of data from the input files and flush
                 the output buffers more often
  -z, --null-data
                 separate lines by NUL characters
      --help     display this help and exit
      --version  output version information and exit

If no -e, --expression, -f, or --file option is given, then the first
non-option argument is taken as the sed script to interpret.  All
remaining arguments are names of input files; if no input files are
specified, then the standard input is read.
";

const LONGS: &[(&str, u8)] = &[
    ("binary", b'b'),
    ("regexp-extended", b'r'),
    ("debug", 1),
    ("expression", b'e'),
    ("file", b'f'),
    ("in-place", b'i'),
    ("line-length", b'l'),
    ("null-data", b'z'),
    ("zero-terminated", b'z'),
    ("quiet", b'n'),
    ("posix", b'p'),
    ("silent", b'n'),
    ("sandbox", 2),
    ("separate", b's'),
    ("unbuffered", b'u'),
    ("version", b'v'),
    ("help", b'h'),
    ("follow-symlinks", b'F'),
];

/// GNU's `contact(errmsg)` lines, printed after the usage on errors.
const CONTACT: &str = "GNU sed home page: <https://www.gnu.org/software/sed/>.
General help using GNU software: <https://www.gnu.org/gethelp/>.
";

fn usage_err(ctx: &mut dyn ToolCtx, msg: &str) -> ExitStatus {
    let _ = write!(ctx.stderr(), "sed: {msg}\n{USAGE}\n{CONTACT}");
    1
}

/// The options in command-line order (GNU permutes operands to the end).
enum Opt {
    Flag(u8),
    Val(u8, Arg),
    InPlace(Option<Arg>),
}

fn parse_args(args: &[Arg]) -> Result<(Vec<Opt>, Vec<Arg>), String> {
    let mut opts = Vec::new();
    let mut operands = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        i += 1;
        if a == b"--" {
            operands.extend(args[i..].iter().cloned());
            break;
        }
        if a.len() > 2 && a.starts_with(b"--") {
            let body = &a[2..];
            let (name, val) = match body.iter().position(|&b| b == b'=') {
                Some(p) => (&body[..p], Some(body[p + 1..].to_vec())),
                None => (body, None),
            };
            let name = diag::lossy(name);
            let exact = LONGS.iter().find(|(n, _)| *n == name);
            let found = match exact {
                Some(x) => *x,
                None => {
                    let c: Vec<_> = LONGS.iter().filter(|(n, _)| n.starts_with(&name)).collect();
                    let distinct: std::collections::BTreeSet<u8> = c.iter().map(|x| x.1).collect();
                    match (c.first(), distinct.len()) {
                        (Some(x), 1) => **x,
                        (None, _) => return Err(format!("unrecognized option '--{name}'")),
                        _ => {
                            let all: Vec<String> =
                                c.iter().map(|(n, _)| format!("'--{n}'")).collect();
                            return Err(format!(
                                "option '--{name}' is ambiguous; possibilities: {}",
                                all.join(" ")
                            ));
                        }
                    }
                }
            };
            let (full, code) = found;
            match code {
                b'e' | b'f' | b'l' => {
                    let v = match val {
                        Some(v) => v,
                        None => match args.get(i) {
                            Some(v) => {
                                i += 1;
                                v.clone()
                            }
                            None => return Err(format!("option '--{full}' requires an argument")),
                        },
                    };
                    opts.push(Opt::Val(code, v));
                }
                b'i' => opts.push(Opt::InPlace(val)),
                _ => {
                    if val.is_some() {
                        return Err(format!("option '--{full}' doesn't allow an argument"));
                    }
                    opts.push(Opt::Flag(code));
                }
            }
            continue;
        }
        if a.len() > 1 && a[0] == b'-' {
            let mut k = 1;
            while k < a.len() {
                let c = a[k];
                k += 1;
                match c {
                    b'e' | b'f' | b'l' => {
                        let v = if k < a.len() {
                            a[k..].to_vec()
                        } else {
                            match args.get(i) {
                                Some(v) => {
                                    i += 1;
                                    v.clone()
                                }
                                None => {
                                    return Err(format!(
                                        "option requires an argument -- '{}'",
                                        char::from(c)
                                    ));
                                }
                            }
                        };
                        opts.push(Opt::Val(c, v));
                        break;
                    }
                    b'i' => {
                        let v = if k < a.len() {
                            Some(a[k..].to_vec())
                        } else {
                            None
                        };
                        opts.push(Opt::InPlace(v));
                        break;
                    }
                    b'b' | b's' | b'n' | b'r' | b'z' | b'u' | b'E' => opts.push(Opt::Flag(c)),
                    _ => {
                        let shown = String::from_utf8_lossy(&a[k - 1..k]).into_owned();
                        return Err(format!("invalid option -- '{shown}'"));
                    }
                }
            }
            continue;
        }
        operands.push(a.clone());
    }
    Ok((opts, operands))
}

impl Command for Sed {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let (opts, mut operands) = match parse_args(args) {
            Ok(x) => x,
            Err(m) => return usage_err(ctx, &m),
        };
        let mut copts = Options::default();
        let mut run = RunOpts {
            delim: b'\n',
            line_len: 70,
            ..RunOpts::default()
        };
        if let Some(v) = ctx.env_var("COLS") {
            let t = atoi(&v);
            if t > 1 {
                run.line_len = (t - 1) as u64;
            }
        }
        if ctx.env_var("POSIXLY_CORRECT").is_some() {
            copts.correct = true;
            run.not_extended = true;
        }
        let mut comp: Option<Compiler> = None;
        for o in opts {
            let r = match o {
                Opt::Flag(b'n') => {
                    run.quiet = true;
                    Ok(())
                }
                Opt::Flag(b'z') => {
                    run.delim = 0;
                    Ok(())
                }
                Opt::Flag(b'F') => {
                    run.follow_symlinks = true;
                    Ok(())
                }
                Opt::Flag(b'p') => {
                    copts.posix = true;
                    run.not_extended = true;
                    if let Some(c) = comp.as_mut() {
                        c.set_options(copts);
                    }
                    Ok(())
                }
                Opt::Flag(b'r') | Opt::Flag(b'E') => {
                    copts.ere = true;
                    if let Some(c) = comp.as_mut() {
                        c.set_options(copts);
                    }
                    Ok(())
                }
                Opt::Flag(b's') => {
                    run.separate = true;
                    Ok(())
                }
                Opt::Flag(2) => {
                    copts.sandbox = true;
                    if let Some(c) = comp.as_mut() {
                        c.set_options(copts);
                    }
                    Ok(())
                }
                Opt::Flag(1) => {
                    run.debug = true;
                    Ok(())
                }
                Opt::Flag(b'u') => {
                    run.unbuffered = true;
                    Ok(())
                }
                Opt::Flag(b'v') => {
                    let text = sandsh_api::version::text("sed").unwrap_or_default();
                    let _ = ctx.stdout().write_all(text.as_bytes());
                    return 0;
                }
                Opt::Flag(b'h') => {
                    let _ = ctx.stdout().write_all(USAGE.as_bytes());
                    return 0;
                }
                Opt::Flag(_) => Ok(()),
                Opt::InPlace(v) => {
                    run.separate = true;
                    run.in_place = Some(match v {
                        None => b"*".to_vec(),
                        Some(s) if s.contains(&b'*') => s,
                        Some(s) => {
                            let mut x = b"*".to_vec();
                            x.extend_from_slice(&s);
                            x
                        }
                    });
                    Ok(())
                }
                Opt::Val(b'l', v) => {
                    run.line_len = atoi(&v).max(0) as u64;
                    Ok(())
                }
                Opt::Val(b'e', v) => comp
                    .get_or_insert_with(|| Compiler::new(copts))
                    .add_expr(&v),
                Opt::Val(b'f', v) => {
                    let name = diag::lossy(&v);
                    let data = if v == b"-" {
                        let mut d = Vec::new();
                        let _ = ctx.stdin().read_to_end(&mut d);
                        Ok(d)
                    } else if input::is_dir(ctx, &name) {
                        Err("Is a directory".to_string())
                    } else {
                        input::read_input(ctx, &v).map_err(|e| diag::io_msg(&e))
                    };
                    match data {
                        Ok(d) => comp
                            .get_or_insert_with(|| Compiler::new(copts))
                            .add_file(&name, d),
                        Err(m) => {
                            let _ = writeln!(ctx.stderr(), "sed: couldn't open file {name}: {m}");
                            return 4;
                        }
                    }
                }
                Opt::Val(..) => Ok(()),
            };
            if let Err(e) = r {
                let _ = writeln!(ctx.stderr(), "sed: {}", e.msg);
                return e.status;
            }
        }
        let comp = match comp {
            Some(c) => c,
            None => {
                if operands.is_empty() {
                    let _ = write!(ctx.stderr(), "{USAGE}\n{CONTACT}");
                    return 1;
                }
                let script = operands.remove(0);
                let mut c = Compiler::new(copts);
                if let Err(e) = c.add_expr(&script) {
                    let _ = writeln!(ctx.stderr(), "sed: {}", e.msg);
                    return e.status;
                }
                c
            }
        };
        let prog = match comp.finish() {
            Ok(p) => p,
            Err(e) => {
                let _ = writeln!(ctx.stderr(), "sed: {}", e.msg);
                return e.status;
            }
        };
        if prog.quiet {
            run.quiet = true;
        }
        let mut ex = Exec::new(&prog, run, operands);
        if ex.open_wfiles(ctx).is_err() {
            return 4;
        }
        ex.run(ctx)
    }
}

/// C's `strtoimax(s, NULL, 10)` for small values: leading blanks, sign, digits.
fn atoi(v: &[u8]) -> i64 {
    let s = diag::lossy(v);
    let s = s.trim_start();
    let (neg, digits) = match s.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, s.strip_prefix('+').unwrap_or(s)),
    };
    let n: i64 = digits
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .fold(0i64, |a, c| {
            a.saturating_mul(10).saturating_add(c as i64 - '0' as i64)
        });
    if neg { -n } else { n }
}

#[cfg(test)]
mod tests;
