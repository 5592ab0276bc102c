//! `bc`: the arbitrary-precision calculator language, as GNU bc 1.07.1 runs it.
//!
//! GNU bc compiles each input item (a line, or a function definition) to byte code and runs
//! it at once; so does this one (lexer → parser/code generator → machine), because the item
//! boundaries decide what gets printed when an error occurs, and the byte addresses appear in
//! runtime messages. Input is read a line at a time, so `yes 1 | bc` streams. Numbers are
//! exact (`num.rs`); `-l` compiles a bc-language math library (`mathlib.rs`) with GNU's
//! algorithms. Files named as operands are read first, then standard input, as in GNU.

mod lexer;
mod mathlib;
mod num;
mod parser;
mod program;
mod spec;
mod vm;

use sandsh_api::opt;
use sandsh_api::{Arg, Command, CommandSpec, ExitStatus, ToolCtx};

use crate::common::{diag, input};
use lexer::{Lexed, Lexer, Tok, Token};
use parser::{Item, Msg, Options, Parser, Stop};
use program::Program;
use vm::{Fault, Machine};

use spec::SPEC;

pub struct Bc;

const USAGE: &str = "usage: bc [options] [file ...]\n  -h  --help         print this usage and exit\n  -i  --interactive  force interactive mode\n  -l  --mathlib      use the predefined math routines\n  -q  --quiet        don't print initial banner\n  -s  --standard     non-standard bc constructs are errors\n  -w  --warn         warn about non-standard bc constructs\n  -v  --version      print version information and exit\n";

const VERSION: &str = "bc 1.07.1\nCopyright 1991-1994, 1997, 1998, 2000, 2004, 2006, 2008, 2012-2017 Free Software Foundation, Inc.\n";

/// C's atoi.
fn atoi(s: &[u8]) -> i64 {
    let s = s
        .iter()
        .skip_while(|b| b.is_ascii_whitespace())
        .copied()
        .collect::<Vec<u8>>();
    let (neg, rest) = match s.first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, &s[..]),
    };
    let mut v: i64 = 0;
    for &b in rest.iter().take_while(|b| b.is_ascii_digit()) {
        v = v.saturating_mul(10).saturating_add((b - b'0') as i64);
    }
    if neg { -v } else { v }
}

/// Where input comes from: the files in order, then stdin.
struct Inputs {
    names: Vec<String>,
    /// Index of the input being read (names.len() = stdin).
    cur: usize,
    src: Option<input::Source>,
    lines: input::Lines,
    /// Bytes of the current input not yet scanned.
    pending: Vec<u8>,
    done: bool,
}

enum Feed {
    More,
    Done,
    /// A file could not be opened: GNU's message, exit 1.
    Unavailable(String),
    /// A directory: GNU opens it and its scanner fails to read it.
    ReadFailed(String),
}

impl Inputs {
    /// Read the next line (or switch to the next input) and scan it into `toks`.
    fn feed(
        &mut self,
        ctx: &mut dyn ToolCtx,
        lx: &mut Lexer,
        toks: &mut Vec<Token>,
    ) -> std::io::Result<Feed> {
        if self.done {
            return Ok(Feed::Done);
        }
        if self.src.is_none() {
            lx.line = 1;
            lx.src = self.cur;
            if self.cur < self.names.len() {
                // A name is a file name, `-` included (GNU bc fopen()s it).
                let name = self.names[self.cur].clone();
                if input::is_dir(ctx, &name) {
                    return Ok(Feed::ReadFailed(name));
                }
                match ctx.open_read(&name) {
                    Ok(s) => self.src = Some(input::Source::File(s)),
                    Err(_) => return Ok(Feed::Unavailable(name)),
                }
            } else {
                self.src = Some(input::Source::Stdin);
            }
            self.lines = input::Lines::new(b'\n');
        }
        let Some(src) = self.src.as_mut() else {
            return Ok(Feed::Done);
        };
        match self.lines.next(ctx, src)? {
            Some(line) => {
                self.pending.extend_from_slice(&line);
                let Lexed::Used(n) = lx.lex(&self.pending, false, toks);
                self.pending.drain(..n);
            }
            None => {
                let Lexed::Used(_) = lx.lex(&self.pending, true, toks);
                self.pending.clear();
                self.src = None;
                if self.cur >= self.names.len() {
                    // GNU resets the line count before finding there is no more input.
                    toks.push(Token {
                        tok: Tok::Eof,
                        line: 1,
                        src: lx.src,
                    });
                    self.done = true;
                } else {
                    self.cur += 1;
                }
            }
        }
        Ok(Feed::More)
    }
}

/// Supplies more tokens when a parse attempt runs out.
type FeedFn<'a> = dyn FnMut(&mut dyn ToolCtx, &mut Vec<Token>) -> std::io::Result<Feed> + 'a;

/// How a session ended.
enum End {
    Status(i32),
}

struct Session {
    m: Machine,
    /// Tokens left in bison's quiet period after a syntax error.
    quiet: usize,
    opts: Options,
    names: Vec<String>,
}

impl Session {
    fn src_name(&self, src: usize) -> String {
        if src >= self.names.len() {
            "(standard_in)".to_string()
        } else {
            self.names[src].clone()
        }
    }

    fn print_msgs(&mut self, ctx: &mut dyn ToolCtx, msgs: Vec<Msg>) -> Result<(), Fault> {
        for m in msgs {
            match m {
                Msg::At { src, line, text } => {
                    self.m.flush(ctx)?;
                    let name = self.src_name(src);
                    let _ = writeln!(ctx.stderr(), "{name} {line}: {text}");
                }
                Msg::Plain(t) => {
                    self.m.flush(ctx)?;
                    let _ = writeln!(ctx.stderr(), "{t}");
                }
                Msg::Out(t) => self.m.write_raw(t.as_bytes()),
            }
        }
        Ok(())
    }

    /// Parse and run every item of `toks` (fed by `more`), until the end or a stop.
    fn run_items(
        &mut self,
        ctx: &mut dyn ToolCtx,
        toks: &mut Vec<Token>,
        more: &mut FeedFn<'_>,
    ) -> Result<Option<End>, Fault> {
        let mut charge = ctx.memory().charge();
        loop {
            if ctx.is_cancelled() {
                return Err(Fault::Cancelled);
            }
            let (res, used, msgs, quiet) = {
                let mut p = Parser::new(toks, &mut self.m.prog, &self.opts, self.quiet);
                let r = p.item();
                let used = p.used();
                (r, used, std::mem::take(&mut p.msgs), p.quiet_left())
            };
            match res {
                Err(Stop::NeedMore) => {
                    match more(ctx, toks).map_err(|e| {
                        if sandsh_api::is_cancelled(&e) {
                            Fault::Cancelled
                        } else {
                            Fault::Write
                        }
                    })? {
                        Feed::More => {
                            charge
                                .set(toks.len() * std::mem::size_of::<Token>())
                                .map_err(Fault::Memory)?;
                            continue;
                        }
                        Feed::Done => return Ok(None),
                        Feed::ReadFailed(name) => {
                            self.m.flush(ctx)?;
                            let _ =
                                writeln!(ctx.stderr(), "{name} 1: read() in flex scanner failed");
                            return Ok(Some(End::Status(1)));
                        }
                        Feed::Unavailable(name) => {
                            self.m.flush(ctx)?;
                            let _ = writeln!(ctx.stderr(), "File {name} is unavailable.");
                            return Ok(Some(End::Status(1)));
                        }
                    }
                }
                Err(_) => return Ok(None),
                Ok(item) => {
                    self.quiet = quiet;
                    toks.drain(..used.min(toks.len()));
                    self.print_msgs(ctx, msgs)?;
                    match item {
                        Item::Run { code, labels } => {
                            if !code.is_empty() {
                                self.m.run(ctx, code, labels)?;
                            }
                        }
                        Item::Nothing => {}
                        Item::Quit | Item::Eof | Item::Abort => {
                            return Ok(Some(End::Status(0)));
                        }
                        Item::TooBig => {
                            self.m.flush(ctx)?;
                            let _ = writeln!(ctx.stderr(), "Program too big.");
                            return Ok(Some(End::Status(1)));
                        }
                    }
                    self.m.flush(ctx)?;
                }
            }
        }
    }
}

impl Command for Bc {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        // BC_ENV_ARGS come first, as GNU parses them before the command line.
        let mut all: Vec<Arg> = Vec::new();
        if let Some(v) = env_get(ctx, "BC_ENV_ARGS") {
            for w in v.split(|b| *b == b' ').filter(|w| !w.is_empty()) {
                all.push(w.to_vec());
            }
        }
        all.extend(args.iter().cloned());
        let p = match sandsh_api::ArgParser::parse(&SPEC, &all) {
            Ok(p) => p,
            Err(e) => {
                let _ = writeln!(ctx.stderr(), "{}", e.message);
                let _ = ctx.stdout().write_all(USAGE.as_bytes());
                return 1;
            }
        };
        if p.has(opt!(SPEC, "h")) {
            let _ = ctx.stdout().write_all(USAGE.as_bytes());
            return 0;
        }
        if p.has(opt!(SPEC, "v")) {
            let _ = ctx.stdout().write_all(VERSION.as_bytes());
            return 0;
        }
        for (o, what) in [("i", "-i (interactive mode)"), ("c", "-c (compile only)")] {
            if p.has(SPEC.find(o)) {
                diag::err(ctx, "bc", &format!("{what} is not supported in sandsh"));
                return 1;
            }
        }
        let std_only = p.has(opt!(SPEC, "s")) || env_get(ctx, "POSIXLY_CORRECT").is_some();
        let warn = p.has(opt!(SPEC, "w"));
        let line_size = match env_get(ctx, "BC_LINE_LENGTH") {
            Some(v) => {
                let n = atoi(&v);
                if n < 3 && n != 0 {
                    70
                } else {
                    n.min(i32::MAX as i64) as usize
                }
            }
            None => 70,
        };
        let names: Vec<String> = p.operands.iter().map(|o| diag::lossy(o)).collect();
        let mut prog = Program::new();
        let use_math = p.has(opt!(SPEC, "l"));
        if use_math {
            for n in mathlib::ORDER {
                prog.func(n, false);
            }
        }
        let mut m = Machine::new(prog, ctx.memory().charge());
        m.line_size = line_size;
        m.std_only = std_only;
        m.warn = warn;
        let mut s = Session {
            m,
            quiet: 0,
            opts: Options { warn, std_only },
            names: names.clone(),
        };
        let r = self.session(ctx, &mut s, use_math);
        let status = match r {
            Ok(st) => st,
            Err(Fault::Halt) => 0,
            Err(Fault::Cancelled) => 130,
            Err(Fault::Write) => 141,
            Err(Fault::Memory(e)) => {
                let _ = s.m.flush(ctx);
                diag::err(ctx, "bc", &e.to_string());
                125
            }
            Err(Fault::TooBigDivision) => {
                let _ = s.m.flush(ctx);
                diag::err(
                    ctx,
                    "bc",
                    "division too large (a divisor of more than 630000 digits is not supported in sandsh)",
                );
                125
            }
            Err(Fault::TooBig(n)) => {
                let _ = s.m.flush(ctx);
                diag::err(
                    ctx,
                    "bc",
                    &format!(
                        "number too large ({n} bytes; sandsh allows 4 MiB, about 10 million digits, per number)"
                    ),
                );
                125
            }
        };
        let _ = s.m.flush(ctx);
        status
    }
}

/// NAME in the exported environment (bc reads getenv, not shell variables).
fn env_get(ctx: &dyn ToolCtx, name: &str) -> Option<Vec<u8>> {
    ctx.env_var(name)
}

impl Bc {
    fn session(
        &self,
        ctx: &mut dyn ToolCtx,
        s: &mut Session,
        use_math: bool,
    ) -> Result<i32, Fault> {
        if use_math {
            let mut lx = Lexer::new(false);
            lx.src = usize::MAX;
            let mut toks = Vec::new();
            let Lexed::Used(_) = lx.lex(mathlib::SOURCE.as_bytes(), true, &mut toks);
            toks.push(Token {
                tok: Tok::Eof,
                line: lx.line,
                src: lx.src,
            });
            let saved = std::mem::replace(
                &mut s.opts,
                Options {
                    warn: false,
                    std_only: false,
                },
            );
            let r = s.run_items(ctx, &mut toks, &mut |_, _| Ok(Feed::Done));
            s.opts = saved;
            r?;
            s.m.prog.use_math = true;
            s.m.prog.reset_vars();
        }
        let mut inputs = Inputs {
            names: s.names.clone(),
            cur: 0,
            src: None,
            lines: input::Lines::new(b'\n'),
            pending: Vec::new(),
            done: false,
        };
        let mut lx = Lexer::new(s.opts.std_only);
        let mut toks: Vec<Token> = Vec::new();
        let r = s.run_items(ctx, &mut toks, &mut |ctx, toks| {
            inputs.feed(ctx, &mut lx, toks)
        })?;
        Ok(match r {
            Some(End::Status(n)) => n,
            None => 0,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::testing::run_in;

    fn bc(args: &[&str], input: &str) -> (i32, String, String) {
        run_in(&Bc, args, input)
    }

    #[test]
    fn arithmetic_and_scale() {
        assert_eq!(bc(&[], "1+2\n").1, "3\n");
        assert_eq!(bc(&[], "scale=2; 10/3\n").1, "3.33\n");
        assert_eq!(bc(&[], "scale=2; 1.255*3\n").1, "3.765\n");
        assert_eq!(bc(&[], "-1/3\n.5\n-.5\n0.00\n").1, "0\n.5\n-.5\n0\n");
        assert_eq!(bc(&[], "(-0.1)^3\n").1, "-0\n");
        assert_eq!(bc(&[], "2^100\n").1, "1267650600228229401496703205376\n");
    }

    #[test]
    fn bases() {
        assert_eq!(bc(&[], "obase=16; 255.5; -10\n").1, "FF.8\n-A\n");
        assert_eq!(bc(&[], "obase=20; 25.3\n").1, " 01 05.06\n");
        assert_eq!(bc(&[], "ibase=2; 12\nAA\n").1, "3\n3\n");
        assert_eq!(bc(&[], "ibase=16; 1A.8\n").1, "26.5\n");
    }

    #[test]
    fn errors_have_gnu_wording() {
        let (s, out, err) = bc(&[], "1/0\n2\n");
        assert_eq!(s, 0);
        assert_eq!(out, "2\n");
        assert_eq!(err, "Runtime error (func=(main), adr=3): Divide by zero\n");
        let (_, _, err) = bc(&[], "1+\n");
        assert_eq!(err, "(standard_in) 2: syntax error\n");
        let (_, _, err) = bc(&[], "2^0.5\n");
        assert_eq!(
            err,
            "Runtime warning (func=(main), adr=8): non-zero scale in exponent\n"
        );
        let (_, _, err) = bc(&[], "f(1)\n");
        assert_eq!(
            err,
            "Runtime error (func=(main), adr=3): Function f not defined.\n"
        );
    }

    #[test]
    fn functions_and_control_flow() {
        let prog = "define f(n) {\n auto i, s\n for (i = 1; i <= n; i++) s += i\n return (s)\n}\nf(10)\nx = 0; while (x < 3) { x; x += 1 }\nif (x == 3) print \"yes\\n\" else print \"no\\n\"\n";
        assert_eq!(bc(&[], prog).1, "55\n0\n1\n2\nyes\n");
        assert_eq!(
            bc(&[], "define f(*a[]) { a[1] = 9; }\nf(x[]); x[1]\n").1,
            "0\n9\n"
        );
    }

    #[test]
    fn mathlib_digits() {
        assert_eq!(bc(&["-l"], "s(1)\n").1, ".84147098480789650665\n");
        assert_eq!(bc(&["-l"], "e(1)\n").1, "2.71828182845904523536\n");
        assert_eq!(bc(&["-l"], "l(2)\n").1, ".69314718055994530941\n");
    }

    #[test]
    fn quit_and_halt() {
        assert_eq!(bc(&[], "print 1; quit\n").1, "");
        assert_eq!(bc(&[], "1; halt; 2\n3\n").1, "1\n");
    }

    #[test]
    fn long_numbers_wrap() {
        let out = bc(&[], "2^300\n").1;
        let first = out.lines().next().unwrap_or("");
        assert_eq!(first.len(), 69);
        assert!(first.ends_with('\\'));
    }

    #[test]
    fn usage_errors() {
        let (s, out, err) = bc(&["-x"], "");
        assert_eq!(s, 1);
        assert!(out.starts_with("usage: bc [options] [file ...]\n"));
        assert_eq!(err, "bc: invalid option -- 'x'\n");
        let (s, _, err) = bc(&["/nonexistent"], "");
        assert_eq!(s, 1);
        assert_eq!(err, "File /nonexistent is unavailable.\n");
    }
}
