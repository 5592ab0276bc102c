//! `jq`: the JSON processor, jq 1.7's command line on the jaq engine.
//!
//! Filters are parsed, compiled and run by the jaq crates (no jq engine is written here);
//! this module supplies what jq users see around the engine: jq's CLI ([`cli`]), a streaming
//! reader of concatenated JSON texts with jq's error messages ([`input`]), jq's output format
//! byte for byte ([`output`]), and jq 1.7 definitions where jaq differs ([`compat`]).
//!
//! Everything goes through [`ToolCtx`]: files via `open_read`, stdin via `stdin`, `$ENV` via
//! `env`, `now` via `now`. The context sits in a `RefCell` for the run because the engine's
//! lazy `input`/`inputs` read stdin, and its loops check cancellation, while the output loop
//! writes to stdout; those uses never overlap in time.
//!
//! Cancellation: the output loop checks `is_cancelled` before every output, and filters that
//! can loop without producing output (`range`, `repeat`, `recurse`, `while`, `until`,
//! `inputs`) check it every 256 steps, stopping the engine with an uncatchable halt; status
//! 130. A write error (broken pipe) stops at the first failed write.

mod cli;
mod compat;
mod input;
mod output;
mod spec;

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::io::Read;
use std::time::UNIX_EPOCH;

use jaq_core::load::{Arena, File, Loader};
use jaq_core::{Compiler, Ctx, Vars};
use jaq_json::Val;
use jaq_std::input::RcIter;

use sandsh_api::{Arg, Command, CommandSpec, ExitStatus, ToolCtx};

use cli::{NamedArg, Options};
use compat::{CANCEL_HALT, Env, JqData, STACK_HALT};
use input::Parser;
use output::Format;

use spec::SPEC;

pub struct Jq;

const USAGE_HINT: &str = "Use jq --help for help with command-line options,\nor see the jq manpage, or online docs  at https://jqlang.github.io/jq";

type Cx<'c> = RefCell<&'c mut dyn ToolCtx>;

fn eprint(cx: &Cx<'_>, msg: &str) {
    if let Ok(mut c) = cx.try_borrow_mut() {
        let _ = c.stderr().write_all(msg.as_bytes());
    }
}

fn read_file(cx: &Cx<'_>, path: &str) -> Result<Vec<u8>, String> {
    let mut c = cx.try_borrow_mut().map_err(|e| e.to_string())?;
    let mut buf = Vec::new();
    let res = c.open_read(path).and_then(|mut r| r.read_to_end(&mut buf));
    res.map_err(|e| format!("Could not open {path}: {}", crate::common::diag::io_msg(&e)))?;
    Ok(buf)
}

impl Command for Jq {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let args: Vec<String> = args
            .iter()
            .map(|a| String::from_utf8_lossy(a).into_owned())
            .collect();
        let cx: Cx<'_> = RefCell::new(ctx);
        let opts = match cli::parse(&args) {
            Ok(o) => o,
            Err(cli::UsageErr(m)) => {
                eprint(&cx, &format!("jq: {m}\n{USAGE_HINT}\n"));
                return 2;
            }
        };
        if opts.help {
            let mut text = format!("Usage:\t{}\n\n{}\n\nOptions:\n", SPEC.usage, SPEC.summary);
            for o in SPEC.options {
                let name = match (o.short, o.long) {
                    (Some(s), Some(l)) => format!("-{s}, --{l}"),
                    (Some(s), None) => format!("-{s}"),
                    (None, Some(l)) => format!("    --{l}"),
                    (None, None) => String::new(),
                };
                let name = match o.value {
                    Some(v) => format!("{name} {v}"),
                    None => name,
                };
                text.push_str(&format!("  {name:<28}{}\n", o.help));
            }
            return match cx.borrow_mut().stdout().write_all(text.as_bytes()) {
                Ok(()) => 0,
                Err(_) => 141,
            };
        }
        if opts.version {
            let text = sandsh_api::version::text("jq").unwrap_or_default();
            let _ = cx.borrow_mut().stdout().write_all(text.as_bytes());
            return 0;
        }
        // THREAT DOS-STACK-2: jaq frees a value recursively, one frame per level of nesting,
        // and a loop (`reduce range(1e7) as $i (0; [.])`) nests a value deeper than any
        // recursion check allows. The evaluator keeps exactly the stack this command was
        // given; below it lies a spare in proportion to the memory budget (which bounds how
        // deep a value can be: a level is at least ~60 bytes of heap and takes at most ~8
        // times that of stack in a debug build) for those drops. Address space only.
        let budget = cx.borrow().memory().limit();
        let spare = usize::try_from(budget.saturating_mul(8))
            .unwrap_or(usize::MAX)
            .min(MAX_DROP_SPARE);
        sandsh_api::stack::run_with_spare(spare, || run_jq(&cx, opts))
    }
}

/// The most address space reserved below jq's stack for freeing deep values.
/// (256 MiB on 32-bit targets, the browser build, where 64 GiB does not fit in a `usize`.)
const MAX_DROP_SPARE: usize = if usize::BITS >= 64 {
    64 << 30
} else {
    256 << 20
};

/// `$__loc__` is not known to jaq: replace it by the object jq 1.7 gives.
fn replace_loc(code: &str) -> String {
    let mut out = String::new();
    let mut rest = code;
    while let Some(p) = rest.find("$__loc__") {
        out.push_str(&rest[..p]);
        let line = 1 + code[..code.len() - rest.len() + p].matches('\n').count();
        out.push_str(&format!("{{\"file\":\"<top-level>\",\"line\":{line}}}"));
        rest = &rest[p + "$__loc__".len()..];
    }
    out.push_str(rest);
    out
}

/// Where jq says an error is (its `locfile_locate`): `at <top-level>, line N:`, then the line
/// of the user's program that holds it, followed by as many spaces as the error's column.
/// `part` is a slice of `code`, whose user program starts at byte `user_start`; an empty
/// `part` at the very end is the end of file, which jq places at the start of the last token.
fn locate(code: &str, user_start: usize, part: &str) -> String {
    let user = &code[user_start.min(code.len())..];
    let mut at = (part.as_ptr() as usize)
        .saturating_sub(code.as_ptr() as usize)
        .saturating_sub(user_start)
        .min(user.len());
    if part.is_empty() && at == user.len() {
        let t = user.trim_end();
        let word = t.trim_end_matches(|c: char| c.is_ascii_alphanumeric() || c == '_');
        at = if word.len() < t.len() {
            word.strip_suffix(['.', '$']).unwrap_or(word).len()
        } else {
            t.char_indices().last().map_or(0, |(i, _)| i)
        };
    }
    let line_start = user[..at].rfind('\n').map_or(0, |p| p + 1);
    let line_end = user[at..].find('\n').map_or(user.len(), |p| at + p);
    let line = 1 + user[..at].matches('\n').count();
    format!(
        "at <top-level>, line {line}:\n{}{}",
        &user[line_start..line_end],
        " ".repeat(at - line_start)
    )
}

fn describe_token(tok: &str) -> String {
    if tok.is_empty() {
        "end of file".into()
    } else if tok.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
        format!("IDENT {tok}")
    } else if tok.starts_with(|c: char| c.is_ascii_digit()) {
        "LITERAL".into()
    } else {
        format!("'{tok}'")
    }
}

fn run_jq(cx: &Cx<'_>, opts: Options) -> ExitStatus {
    let code = match program_text(cx, &opts) {
        Ok(c) => c,
        Err(status) => return status,
    };
    // `$ENV` (and `env`, defined by it) can only be named in the text of the program or of a
    // module it loads: a program that names none of them is not given the environment.
    let needs_env = ["env", "ENV", "import", "include"]
        .iter()
        .any(|w| code.contains(w));
    let (global_names, global_vals) = match global_vars(cx, &opts, needs_env) {
        Ok(g) => g,
        Err(status) => return status,
    };
    let filter = match compiled(cx, code, global_names) {
        Ok(f) => f,
        Err(status) => return status,
    };
    run_inputs(cx, &opts, &filter, &global_vals)
}

/// Programs compiled on this thread, by their text and global names, most recently used last.
type Compiled =
    sandsh_api::recent::Recent<(String, Vec<String>), std::rc::Rc<jaq_core::Filter<JqData>>>;

/// How many compiled programs a thread keeps.
const KEEP_COMPILED: usize = 8;

thread_local! {
    /// Compiling jq's definitions with a program took about a millisecond of every call; an
    /// agent runs the same few programs again and again. A compiled filter depends on nothing
    /// but its text and the names of its globals (the session's data reaches it when it runs),
    /// so it is kept per thread: a session's calls come from one thread.
    static COMPILED: RefCell<Compiled> = const { RefCell::new(Compiled::new(KEEP_COMPILED)) };
}

/// [`compile`], or the filter compiled from the same text before.
fn compiled(
    cx: &Cx<'_>,
    code: String,
    global_names: Vec<String>,
) -> Result<std::rc::Rc<jaq_core::Filter<JqData>>, ExitStatus> {
    let key = (code, global_names);
    if let Some(f) = COMPILED.with_borrow_mut(|c| c.get(&key)) {
        return Ok(f);
    }
    let f = std::rc::Rc::new(compile(cx, key.0.clone(), &key.1)?);
    COMPILED.with_borrow_mut(|c| c.put(key, f.clone()));
    Ok(f)
}

/// The program: from `-f FILE`, the FILTER argument, or `.`; `$__loc__` replaced.
fn program_text(cx: &Cx<'_>, opts: &Options) -> Result<String, ExitStatus> {
    let code = match (&opts.filter_file, &opts.filter) {
        (Some(f), _) => match read_file(cx, f) {
            Ok(b) => String::from_utf8_lossy(&b).into_owned(),
            Err(m) => {
                eprint(cx, &format!("jq: error: {m}\n"));
                return Err(2);
            }
        },
        (None, Some(f)) => f.clone(),
        (None, None) => ".".to_string(),
    };
    Ok(replace_loc(&code))
}

/// The global variables' names and values: `$ENV` (empty unless `needs_env`), `$ARGS`, then
/// the named ones.
fn global_vars(
    cx: &Cx<'_>,
    opts: &Options,
    needs_env: bool,
) -> Result<(Vec<String>, Vec<Val>), ExitStatus> {
    let env_obj = if needs_env {
        env_object(cx)
    } else {
        Val::obj(jaq_json::Map::default())
    };
    let mut names: Vec<String> = vec!["$ENV".to_string(), "$ARGS".to_string()];
    let mut values: Vec<Val> = Vec::new();
    let mut named = jaq_json::Map::default();
    for a in &opts.named {
        let (name, val) = named_arg(cx, a)?;
        named.insert(Val::from(name.clone()), val.clone());
        names.push(format!("${name}"));
        values.push(val);
    }
    let positional = positional_args(cx, opts)?;
    let mut args_obj = jaq_json::Map::default();
    args_obj.insert(
        Val::from("positional".to_string()),
        Val::from_iter(positional),
    );
    args_obj.insert(Val::from("named".to_string()), Val::obj(named));
    let mut global_vals = vec![env_obj, Val::obj(args_obj)];
    global_vals.extend(values);
    Ok((names, global_vals))
}

/// `$ENV`: the session's environment as an object.
fn env_object(cx: &Cx<'_>) -> Val {
    let c = cx.borrow();
    let m: jaq_json::Map = c
        .env()
        .into_iter()
        .map(|(k, v)| {
            (
                Val::from(k),
                Val::from(String::from_utf8_lossy(&v).into_owned()),
            )
        })
        .collect();
    Val::obj(m)
}

/// The name and value of one `--arg`, `--argjson`, `--slurpfile` or `--rawfile`.
fn named_arg<'a>(cx: &Cx<'_>, a: &'a NamedArg) -> Result<(&'a String, Val), ExitStatus> {
    match a {
        NamedArg::Str(n, v) => Ok((n, Val::from(v.clone()))),
        NamedArg::Json(n, text) => match Parser::new(text.as_bytes()).next_value() {
            Ok(Some(v)) => Ok((n, v)),
            _ => {
                eprint(
                    cx,
                    &format!("jq: Invalid JSON text passed to --argjson\n{USAGE_HINT}\n"),
                );
                Err(2)
            }
        },
        NamedArg::SlurpFile(n, f) | NamedArg::RawFile(n, f) => {
            let data = match read_file(cx, f) {
                Ok(d) => d,
                Err(m) => {
                    eprint(cx, &format!("jq: error: {m}\n"));
                    return Err(2);
                }
            };
            if matches!(a, NamedArg::RawFile(..)) {
                return Ok((n, Val::from(String::from_utf8_lossy(&data).into_owned())));
            }
            let mut p = Parser::new(&data[..]);
            let mut items = Vec::new();
            loop {
                match p.next_value() {
                    Ok(Some(v)) => items.push(v),
                    Ok(None) => break,
                    Err(e) => {
                        eprint(
                            cx,
                            &format!("jq: Bad JSON in --slurpfile {n} {f}: {}\n", e.msg),
                        );
                        return Err(2);
                    }
                }
            }
            Ok((n, Val::from_iter(items)))
        }
    }
}

/// `$ARGS.positional`: the `--args` (strings) and `--jsonargs` (JSON texts).
fn positional_args(cx: &Cx<'_>, opts: &Options) -> Result<Vec<Val>, ExitStatus> {
    let mut positional = Vec::new();
    for (json, text) in &opts.positional {
        if *json {
            match Parser::new(text.as_bytes()).next_value() {
                Ok(Some(v)) => positional.push(v),
                _ => {
                    eprint(
                        cx,
                        &format!("jq: Invalid JSON text passed to --jsonargs\n{USAGE_HINT}\n"),
                    );
                    return Err(2);
                }
            }
        } else {
            positional.push(Val::from(text.clone()));
        }
    }
    Ok(positional)
}

/// Parses and compiles the program; reports compile errors as jq does (status 3).
///
/// The compat definitions go in front of the program (not in the prelude, where jaq lets the
/// first of two same-named definitions win); error lines are counted from the user's code.
fn compile(
    cx: &Cx<'_>,
    user_code: String,
    global_names: &[String],
) -> Result<jaq_core::Filter<JqData>, ExitStatus> {
    let defs = jaq_core::defs()
        .chain(jaq_std::defs())
        .chain(jaq_json::defs());
    if let Err(m) = compat::check_nesting(&user_code) {
        eprint(cx, &format!("jq: error: {m}\njq: 1 compile error\n"));
        return Err(3);
    }
    let code = format!("{}\n{}", compat::DEFS, user_code);
    let user_start = compat::DEFS.len() + 1;
    let loader = Loader::new(defs);
    let arena = Arena::default();
    let modules = match loader.load(
        &arena,
        File {
            code: &code,
            path: (),
        },
    ) {
        Ok(m) => m,
        Err(errs) => {
            let mut msg = String::new();
            let mut n = 0;
            for (_file, e) in errs {
                let found: Vec<&str> = match &e {
                    jaq_core::load::Error::Lex(v) => v.iter().map(|(_, s)| *s).collect(),
                    jaq_core::load::Error::Parse(v) => v.iter().map(|(_, s)| *s).collect(),
                    jaq_core::load::Error::Io(v) => v.iter().map(|(s, _)| *s).collect(),
                };
                for f in found {
                    n += 1;
                    msg.push_str(&format!(
                        "jq: error: syntax error, unexpected {} (Unix shell quoting issues?) {}\n",
                        describe_token(f),
                        locate(&code, user_start, f),
                    ));
                }
            }
            report_compile_errors(cx, &msg, n);
            return Err(3);
        }
    };
    let compiled = Compiler::default()
        .with_funs(compat::funs())
        .with_global_vars(global_names.iter().map(String::as_str))
        .compile(modules);
    compiled.map_err(|errs| {
        let mut msg = String::new();
        let mut n = 0;
        for (_file, list) in errs {
            for (name, undef) in list {
                n += 1;
                let what = match undef {
                    jaq_core::compile::Undefined::Filter(arity) => format!("{name}/{arity}"),
                    _ => name.to_string(),
                };
                msg.push_str(&format!(
                    "jq: error: {what} is not defined {}\n",
                    locate(&code, user_start, name),
                ));
            }
        }
        report_compile_errors(cx, &msg, n);
        3
    })
}

/// Prints the compile error messages and jq's count line.
fn report_compile_errors(cx: &Cx<'_>, msg: &str, n: usize) {
    let n = n.max(1);
    let plural = if n > 1 { "errors" } else { "error" };
    eprint(cx, &format!("{msg}jq: {n} compile {plural}\n"));
}

/// Runs the filter on each input (or once on `null` with `-n`) and works out the status.
fn run_inputs(
    cx: &Cx<'_>,
    opts: &Options,
    filter: &jaq_core::Filter<JqData>,
    global_vals: &[Val],
) -> ExitStatus {
    let position = RefCell::new((None::<String>, 0usize));
    let open_failed = Cell::new(false);
    let parse_failed = Cell::new(false);
    let queue = InputQueue {
        cx,
        files: opts.files.iter().cloned().collect(),
        stdin_only: opts.files.is_empty(),
        cur: None,
        raw: opts.raw_input,
        stream: opts.stream.then(input::StreamState::default),
        position: &position,
        open_failed: &open_failed,
        parse_failed: &parse_failed,
    };
    let items: Box<dyn Iterator<Item = Result<Val, String>> + '_> = if opts.slurp {
        Box::new(slurp(queue, opts.raw_input))
    } else {
        Box::new(queue)
    };
    let inputs = RcIter::new(items);
    let cancelled = || cx.try_borrow().map(|c| c.is_cancelled()).unwrap_or(false);
    let now = cx
        .borrow()
        .now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs_f64())
        .unwrap_or(0.0);
    let env = Env {
        lut: &filter.lut,
        inputs: &inputs,
        cancelled: &cancelled,
        now,
        position: &position,
        halt_msg: RefCell::new(None),
        calls: std::cell::Cell::new(0),
    };
    let mut run = Runner {
        cx,
        opts,
        filter,
        env: &env,
        global_vals,
        fmt: output_format(opts),
        buf: Vec::new(),
        status: 0,
        last: None,
    };
    if opts.null_input {
        if let Err(code) = run.run_one(Val::Null) {
            return code;
        }
    } else {
        loop {
            if cancelled() {
                return 130;
            }
            let next = { (&inputs).next() };
            match next {
                None => break,
                Some(Ok(v)) => {
                    if let Err(code) = run.run_one(v) {
                        return code;
                    }
                }
                Some(Err(m)) => {
                    eprint(cx, &format!("jq: parse error: {m}\n"));
                    break;
                }
            }
        }
    }
    // jq 1.7's main.c: a file that could not be read is a system error (2), even after a
    // parse error, which is otherwise an unknown error (5).
    if open_failed.get() {
        return 2;
    }
    if parse_failed.get() {
        return 5;
    }
    run.final_status()
}

/// How outputs are printed: `-c`, `--tab`, `--indent`, `-S`, `-a`, `-C`.
fn output_format(opts: &Options) -> Format {
    Format {
        indent: if opts.compact || opts.indent == Some(0) {
            None
        } else if opts.tab {
            Some("\t".to_string())
        } else {
            Some(" ".repeat(opts.indent.unwrap_or(2)))
        },
        sort_keys: opts.sort_keys,
        ascii: opts.ascii,
        color: opts.color.unwrap_or(false),
    }
}

/// The filter's run over the inputs: prints outputs, reports errors, keeps the status.
struct Runner<'r, 'd> {
    cx: &'r Cx<'d>,
    opts: &'r Options,
    filter: &'r jaq_core::Filter<JqData>,
    env: &'r Env<'r>,
    global_vals: &'r [Val],
    fmt: Format,
    /// One output's bytes, reused.
    buf: Vec<u8>,
    /// 5 once a runtime error was reported.
    status: ExitStatus,
    /// The last output, for `-e`.
    last: Option<Val>,
}

impl Runner<'_, '_> {
    /// Runs the filter on one input; `Err(status)` ends the whole run.
    fn run_one(&mut self, v: Val) -> Result<(), ExitStatus> {
        let ctx = Ctx::<JqData>::new(self.env, Vars::new(self.global_vals.iter().cloned()));
        for r in self.filter.id.run((ctx, v)) {
            if (self.env.cancelled)() {
                return Err(130);
            }
            match r {
                Ok(v) => {
                    self.print(&v)?;
                    self.last = Some(v);
                }
                // a runtime error ends this input's outputs
                Err(exn) => return self.exception(exn),
            }
        }
        Ok(())
    }

    /// Writes one output with its separator.
    fn print(&mut self, v: &Val) -> Result<(), ExitStatus> {
        let opts = self.opts;
        self.buf.clear();
        if opts.seq {
            self.buf.push(0x1e);
        }
        match v {
            Val::TStr(s) | Val::BStr(s) if opts.raw_output && !opts.ascii => {
                if opts.raw_output0 && s.contains(&0) {
                    eprint(
                        self.cx,
                        "jq: error (at <stdin>:0): Cannot dump a string containing NUL with --raw-output0 option\n",
                    );
                    return Err(5);
                }
                self.buf.extend_from_slice(s)
            }
            _ => {
                let cx = self.cx;
                let mut spill = |buf: &mut Vec<u8>| {
                    let written = cx.try_borrow_mut().map(|mut c| c.stdout().write_all(buf));
                    buf.clear();
                    matches!(written, Ok(Ok(())))
                };
                match output::dump_spilling(&mut self.buf, v, &self.fmt, &mut spill) {
                    Ok(()) => {}
                    Err(output::Stop::Stack) => return Err(self.stack_exceeded()),
                    Err(output::Stop::Sink) => return Err(141),
                }
            }
        }
        if opts.raw_output0 {
            self.buf.push(0);
        } else if !opts.join_output {
            self.buf.push(b'\n');
        }
        let written = self
            .cx
            .try_borrow_mut()
            .map(|mut c| c.stdout().write_all(&self.buf));
        if !matches!(written, Ok(Ok(()))) {
            return Err(141);
        }
        Ok(())
    }

    /// Report that the stack ran out (THREAT DOS-STACK-1); the status to end with.
    fn stack_exceeded(&self) -> ExitStatus {
        if let Ok(mut c) = self.cx.try_borrow_mut() {
            let _ = c.stderr().write_all(
                b"jq: error: limit exceeded: stack bytes (recursion too deep); raise with --max-stack-bytes\n",
            );
        }
        125
    }

    /// A halt stops the run with its code; an error is reported and sets status 5.
    fn exception(&mut self, exn: jaq_core::Exn<'_, Val>) -> Result<(), ExitStatus> {
        let exn = match exn.get_halt() {
            Ok(CANCEL_HALT) => return Err(130),
            Ok(STACK_HALT) => return Err(self.stack_exceeded()),
            Ok(code) => {
                if let Some(m) = self.env.halt_msg.borrow_mut().take() {
                    let text = match &m {
                        Val::TStr(s) | Val::BStr(s) => s.to_vec(),
                        other => {
                            let mut t = output::to_json(other).into_bytes();
                            t.push(b'\n');
                            t
                        }
                    };
                    if let Ok(mut c) = self.cx.try_borrow_mut() {
                        let _ = c.stderr().write_all(&text);
                    }
                }
                return Err(code);
            }
            Err(exn) => exn,
        };
        let msg = match exn.get_err() {
            Ok(e) => compat::describe_error(e),
            Err(_) => (true, "unexpected control flow".to_string()),
        };
        let position = self.env.position;
        let at =
            if self.opts.null_input && position.borrow().1 == 0 && position.borrow().0.is_none() {
                "<unknown>".to_string()
            } else {
                let p = position.borrow();
                format!("{}:{}", p.0.as_deref().unwrap_or("<stdin>"), p.1)
            };
        let line = match msg {
            (true, m) => format!("jq: error (at {at}): {m}\n"),
            (false, m) => format!("jq: error (at {at}) (not a string): {m}\n"),
        };
        eprint(self.cx, &line);
        self.status = 5;
        Ok(())
    }

    /// The status after all inputs: 5 after a runtime error, else `-e`'s verdict on the last
    /// output, else 0.
    fn final_status(&self) -> ExitStatus {
        if self.status != 0 {
            return self.status;
        }
        if self.opts.exit_status {
            return match self.last {
                None => 4,
                Some(Val::Null) | Some(Val::Bool(false)) => 1,
                Some(_) => 0,
            };
        }
        0
    }
}

/// Reads stdin through the shared context.
struct StdinReader<'c, 'd> {
    cx: &'c Cx<'d>,
}

impl Read for StdinReader<'_, '_> {
    /// One chunk of standard input; the parser reads chunk by chunk, so a token that never
    /// ends (`jq < /dev/zero`) stops here when the run is cancelled.
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match self.cx.try_borrow_mut() {
            Ok(c) if c.is_cancelled() => Err(sandsh_api::Cancelled::io()),
            Ok(mut c) => c.stdin().read(buf),
            Err(_) => Ok(0),
        }
    }
}

/// The queue of inputs: files in order (or stdin), each a stream of JSON texts or lines.
struct InputQueue<'c, 'd> {
    cx: &'c Cx<'d>,
    files: VecDeque<String>,
    stdin_only: bool,
    cur: Option<Parser<Box<dyn Read + 'c>>>,
    raw: bool,
    /// `--stream`: where the event parser is in the current file.
    stream: Option<input::StreamState>,
    position: &'c RefCell<(Option<String>, usize)>,
    open_failed: &'c Cell<bool>,
    parse_failed: &'c Cell<bool>,
}

impl<'c, 'd> Iterator for InputQueue<'c, 'd> {
    type Item = Result<Val, String>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.parse_failed.get() {
                return None;
            }
            if self.cur.is_none() {
                if self.stdin_only {
                    self.stdin_only = false;
                    let r: Box<dyn Read + 'c> = Box::new(StdinReader { cx: self.cx });
                    self.cur = Some(Parser::new(r));
                    *self.position.borrow_mut() = (None, 0);
                } else {
                    let f = self.files.pop_front()?;
                    if f == "-" {
                        let r: Box<dyn Read + 'c> = Box::new(StdinReader { cx: self.cx });
                        self.cur = Some(Parser::new(r));
                        *self.position.borrow_mut() = (None, 0);
                    } else {
                        match read_file(self.cx, &f) {
                            Ok(data) => {
                                let r: Box<dyn Read + 'c> = Box::new(std::io::Cursor::new(data));
                                self.cur = Some(Parser::new(r));
                                *self.position.borrow_mut() = (Some(f), 0);
                            }
                            Err(m) => {
                                eprint(self.cx, &format!("jq: error: {m}\n"));
                                self.open_failed.set(true);
                                continue;
                            }
                        }
                    }
                }
            }
            let p = self.cur.as_mut()?;
            let r = if self.raw {
                p.raw_line()
                    .map(|o| o.map(|l| Val::from(String::from_utf8_lossy(&l).into_owned())))
            } else if let Some(st) = self.stream.as_mut() {
                p.next_event(st)
            } else {
                p.next_value().and_then(|v| {
                    p.skip_line_ws()?;
                    Ok(v)
                })
            };
            self.position.borrow_mut().1 = p.lines;
            match r {
                Ok(Some(v)) => return Some(Ok(v)),
                Ok(None) => {
                    self.cur = None;
                    if let Some(st) = self.stream.as_mut() {
                        *st = input::StreamState::default();
                    }
                }
                Err(e) => {
                    self.parse_failed.set(true);
                    return Some(Err(e.msg));
                }
            }
        }
    }
}

/// `-s`: everything as one array, or with `-R` one string.
fn slurp<'c, 'd>(
    mut q: InputQueue<'c, 'd>,
    raw: bool,
) -> impl Iterator<Item = Result<Val, String>> + use<'c, 'd> {
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        done = true;
        if raw {
            // the whole text, newlines included
            let mut text = Vec::new();
            let mut first = true;
            q.raw = true;
            let mut last_had_newline = true;
            for r in q.by_ref() {
                match r {
                    Ok(Val::TStr(s)) => {
                        if !first {
                            text.push(b'\n');
                        }
                        first = false;
                        text.extend_from_slice(&s);
                        last_had_newline = true;
                    }
                    Ok(_) => {}
                    Err(e) => return Some(Err(e)),
                }
            }
            if !first && last_had_newline {
                text.push(b'\n');
            }
            return Some(Ok(Val::from(String::from_utf8_lossy(&text).into_owned())));
        }
        let mut items = Vec::new();
        for r in q.by_ref() {
            match r {
                Ok(v) => items.push(v),
                Err(e) => return Some(Err(e)),
            }
        }
        Some(Ok(Val::from_iter(items)))
    })
}
