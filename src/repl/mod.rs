//! The interactive REPL: `sandsh` with no script on a terminal.
//!
//! One [`Kernel`] holds the session (variables, functions, cwd persist across lines); each
//! complete input runs through the public `execute_with`, its output streamed to the terminal as
//! produced. Completeness is decided by sandsh's own parser (`ParseError::incomplete`, an
//! unterminated here-document), so multi-line input follows exactly the grammar the kernel runs.
//! This module is only compiled into the binary and entered when stdin is a terminal and no
//! script was given, so `sandsh -c` pays nothing for the editor. It uses no private kernel API.

mod helper;
mod history;
mod prompt;
mod tty;

use std::collections::HashMap;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};

use rustyline::config::{CompletionType, Config};
use rustyline::error::ReadlineError;
use rustyline::history::FileHistory;
use rustyline::{EditMode, Editor};

use sandsh::kernel::ExecOptions;
use sandsh::syntax::{ParseError, Parser};
use sandsh::{Kernel, KernelConfig};

use helper::{ReplHelper, SessionView};

/// One line at start: what this is and the three keys a newcomer needs.
const GREETING: &str = concat!(
    "sandsh ",
    env!("CARGO_PKG_VERSION"),
    ", a sandboxed bash: `help` lists commands, Tab completes, Ctrl-D exits."
);

/// REPL options from the command line.
pub struct ReplOptions {
    /// `--init FILE`
    pub init: Option<PathBuf>,
    /// `--no-init`
    pub no_init: bool,
}

/// State the REPL adds to the kernel configuration (the `history` command).
pub struct ReplSetup {
    history: Arc<history::Shared>,
}

/// Whether the REPL should run: stdin (and stdout) are terminals.
pub fn wanted() -> bool {
    std::io::stdin().is_terminal()
}

/// Add what the REPL needs to the kernel configuration.
pub fn configure(config: KernelConfig) -> (KernelConfig, ReplSetup) {
    let shared = Arc::new(history::Shared::default());
    let config = config.command(Arc::new(history::History(shared.clone())));
    (config, ReplSetup { history: shared })
}

/// Colour unless `NO_COLOR` is set (non-empty), `TERM=dumb`, or stdout is not a terminal.
fn color_enabled() -> bool {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let dumb = std::env::var("TERM").is_ok_and(|t| t == "dumb");
    !no_color && !dumb && std::io::stdout().is_terminal()
}

/// How the input typed so far parses.
enum Parsed {
    Complete,
    Incomplete,
    Error(ParseError),
}

fn check(src: &str, aliases: &HashMap<String, String>) -> Parsed {
    // A line ending in an unquoted backslash continues on the next line (the parser sees the
    // input without its final newline, where a trailing backslash is literal).
    let trailing = src.len() - src.trim_end_matches('\\').len();
    if trailing % 2 == 1 {
        let in_comment = sandsh::syntax::highlight::highlight(src)
            .last()
            .is_some_and(|t| {
                t.end == src.len() && t.class == sandsh::syntax::highlight::TokenClass::Comment
            });
        if !in_comment {
            return Parsed::Incomplete;
        }
    }
    let mut p = Parser::new(src);
    loop {
        match p.next_command(Some(aliases)) {
            Ok(Some(_)) if p.heredoc_hit_eof() => return Parsed::Incomplete,
            Ok(Some(_)) => {}
            Ok(None) => return Parsed::Complete,
            Err(e) if e.incomplete => return Parsed::Incomplete,
            Err(e) => return Parsed::Error(e),
        }
    }
}

/// A parse error as a miette diagnostic pointing at its column.
fn render_parse_error(e: &ParseError, src: &str, color: bool) -> String {
    let theme = if color {
        miette::GraphicalTheme::unicode()
    } else {
        miette::GraphicalTheme::unicode_nocolor()
    };
    let handler = miette::GraphicalReportHandler::new_themed(theme);
    let report = miette::Report::new(e.clone())
        .with_source_code(miette::NamedSource::new("input", src.to_string()));
    let mut s = String::new();
    if handler.render_report(&mut s, report.as_ref()).is_err() {
        s = format!("sandsh: {e}\n");
    }
    s
}

/// Run the REPL until Ctrl-D or `exit`; returns the exit status.
pub fn run(kernel: &mut Kernel, setup: ReplSetup, opts: &ReplOptions) -> i32 {
    let color = color_enabled();
    let cancel = install_hooks(kernel);
    let mut status = 0;
    let out_state = Arc::new(OutState::default());
    // The init file runs inside the sandbox before the first prompt.
    if !opts.no_init
        && let Some(s) = run_init_file(kernel, opts, &cancel, &out_state, color)
    {
        status = s;
        if kernel.exit_requested() {
            return status;
        }
    }
    let Some((editor, history_file)) = new_editor(kernel, &setup, color) else {
        return 1;
    };
    if color {
        println!("{}", nu_ansi_term::Style::new().dimmed().paint(GREETING));
    } else {
        println!("{GREETING}");
    }
    let mut session = Session {
        kernel,
        editor,
        history_file,
        setup,
        cancel,
        out_state,
        color,
        status,
        pending: String::new(),
    };
    session.main_loop();
    session.status
}

/// Makes the kernel interactive, with the terminal's `-i` prompts and Ctrl-C handler;
/// returns the cancel handle.
fn install_hooks(kernel: &mut Kernel) -> sandsh::kernel::CancelToken {
    kernel.set_interactive(true);
    let cancel = kernel.cancel_handle();
    kernel.set_ask(Some(tty::ask_hook(cancel.clone())));
    let c = cancel.clone();
    // Ctrl-C while a command runs (the editor has the terminal in raw mode at the prompt,
    // where Ctrl-C is a key, not a signal).
    if let Err(e) = ctrlc::set_handler(move || c.cancel()) {
        eprintln!("sandsh: cannot handle Ctrl-C: {e}");
    }
    cancel
}

/// Runs the init file (`--init FILE`, else the default one if it exists); its status, if
/// it ran.
fn run_init_file(
    kernel: &mut Kernel,
    opts: &ReplOptions,
    cancel: &sandsh::kernel::CancelToken,
    out_state: &Arc<OutState>,
    color: bool,
) -> Option<i32> {
    let explicit = opts.init.is_some();
    let path = opts.init.clone().or_else(history::init_path)?;
    match std::fs::read(&path) {
        Ok(data) => {
            let script = String::from_utf8_lossy(&data).into_owned();
            Some(execute(kernel, &script, cancel, out_state, color))
        }
        Err(e) if explicit || e.kind() != std::io::ErrorKind::NotFound => {
            eprintln!("sandsh: {}: {e}", path.display());
            None
        }
        Err(_) => None,
    }
}

/// The line editor, with the history file loaded and the completing, highlighting helper;
/// and the history file's path.
fn new_editor(
    kernel: &Kernel,
    setup: &ReplSetup,
    color: bool,
) -> Option<(Editor<ReplHelper, FileHistory>, Option<PathBuf>)> {
    let config = Config::builder()
        .history_ignore_space(true)
        .history_ignore_dups(true)
        .and_then(|b| b.max_history_size(10_000))
        .map(|b| {
            b.completion_type(CompletionType::List)
                .edit_mode(EditMode::Emacs)
                .auto_add_history(false)
                .build()
        })
        .unwrap_or_default();
    let mut editor: Editor<ReplHelper, FileHistory> = match Editor::with_config(config) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("sandsh: cannot start the line editor: {e}");
            return None;
        }
    };
    let history_file = history::history_path();
    if let Some(path) = &history_file {
        if let Some(dir) = path.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        let _ = editor.load_history(path);
    }
    sync_shared(&editor, &setup.history);
    editor.set_helper(Some(ReplHelper::new(session_view(kernel), color)));
    Some((editor, history_file))
}

/// What completion and highlighting know of the session at start.
fn session_view(kernel: &Kernel) -> SessionView {
    let mut commands = HashMap::new();
    let names = kernel.completion_names();
    for n in &names.commands {
        if let Some(c) = kernel.command(n) {
            commands.insert(n.clone(), c);
        }
    }
    let mut view = SessionView {
        names: Default::default(),
        runnable: Default::default(),
        cwd: kernel.cwd(),
        home: kernel.var("HOME").unwrap_or_default(),
        commands,
        backend: kernel.backend(),
    };
    view.set_names(names);
    view
}

/// The interactive session between prompts.
struct Session<'k> {
    kernel: &'k mut Kernel,
    editor: Editor<ReplHelper, FileHistory>,
    history_file: Option<PathBuf>,
    setup: ReplSetup,
    cancel: sandsh::kernel::CancelToken,
    out_state: Arc<OutState>,
    color: bool,
    /// The last command's status (for the prompt and Ctrl-D's `exit`).
    status: i32,
    /// The lines of an incomplete command so far, each with its newline.
    pending: String,
}

impl Session<'_> {
    /// Reads and runs commands until `exit`, Ctrl-D or an editor error.
    fn main_loop(&mut self) {
        loop {
            let (prompt, aliases) = self.before_prompt();
            let go_on = match self.editor.readline(&prompt.plain) {
                Ok(line) => self.on_line(&line, &aliases),
                Err(ReadlineError::Interrupted) => {
                    // Ctrl-C at the prompt: drop the line (and any pending lines).
                    self.pending.clear();
                    self.status = 130;
                    let _ = self.kernel.execute("(exit 130)");
                    true
                }
                Err(ReadlineError::Eof) => self.on_eof(),
                Err(e) => {
                    eprintln!("sandsh: {e}");
                    false
                }
            };
            if !go_on {
                break;
            }
        }
    }

    /// Brings the helper up to date and shows what background jobs did; returns the prompt
    /// and the aliases to parse the next line with.
    fn before_prompt(&mut self) -> (prompt::Prompt, HashMap<String, String>) {
        let names = self.kernel.completion_names();
        let aliases: HashMap<String, String> = names.aliases.iter().cloned().collect();
        let prompt = if self.pending.is_empty() {
            prompt::primary(self.kernel, self.status, self.color)
        } else {
            prompt::secondary(self.kernel, self.color)
        };
        if let Some(h) = self.editor.helper_mut() {
            h.view.set_names(names);
            h.view.cwd = self.kernel.cwd();
            h.view.home = self.kernel.var("HOME").unwrap_or_default();
            h.pending = self.pending.clone();
            h.styled_prompt = prompt.styled.clone();
        }
        report_jobs(self.kernel, &self.out_state);
        self.out_state.ensure_newline(self.color);
        if self.pending.is_empty() {
            // As interactive bash does before its prompt: `[1]+  Done                    sleep 5`.
            let notices = self.kernel.job_notices();
            if !notices.is_empty() {
                let mut err = std::io::stderr().lock();
                let _ = err.write_all(notices.as_bytes());
                let _ = err.flush();
            }
        }
        (prompt, aliases)
    }

    /// A line typed: kept while the command is incomplete, else run. False to leave.
    fn on_line(&mut self, line: &str, aliases: &HashMap<String, String>) -> bool {
        let mut input = self.pending.clone();
        input.push_str(line);
        let parsed = check(&input, aliases);
        if let Parsed::Incomplete = parsed {
            self.pending = input;
            self.pending.push('\n');
            return true;
        }
        self.pending.clear();
        if input.trim().is_empty() {
            return true;
        }
        add_history(
            &mut self.editor,
            &input,
            self.history_file.as_ref(),
            &self.setup.history,
        );
        if let Parsed::Error(e) = parsed {
            eprint!("{}", render_parse_error(&e, &input, self.color));
            let _ = self.kernel.execute("(exit 2)");
            self.status = 2;
            return true;
        }
        self.status = execute(
            self.kernel,
            &input,
            &self.cancel,
            &self.out_state,
            self.color,
        );
        if self
            .setup
            .history
            .clear_requested
            .swap(false, Ordering::SeqCst)
        {
            let _ = self.editor.clear_history();
        }
        !self.kernel.exit_requested()
    }

    /// Ctrl-D: ends an incomplete command with an error, else leaves (running `exit` with
    /// the last status, so the EXIT trap runs). False to leave.
    fn on_eof(&mut self) -> bool {
        if !self.pending.is_empty() {
            let e = ParseError::new(
                "syntax error: unexpected end of file",
                sandsh::syntax::ast::Span::new(self.pending.len(), self.pending.len()),
                1,
                true,
            );
            eprint!("{}", render_parse_error(&e, &self.pending, self.color));
            self.pending.clear();
            return true;
        }
        println!("exit");
        self.status = execute(
            self.kernel,
            &format!("exit {}", self.status),
            &self.cancel,
            &self.out_state,
            self.color,
        );
        false
    }
}

/// Whether the last byte written to the terminal ended a line.
#[derive(Default)]
struct OutState {
    /// 0: nothing written since the prompt, 1: ended in newline, 2: ended mid-line.
    last: AtomicU8,
    wrote: AtomicBool,
}

impl OutState {
    fn note(&self, b: &[u8]) {
        if let Some(&last) = b.last() {
            self.wrote.store(true, Ordering::SeqCst);
            self.last
                .store(if last == b'\n' { 1 } else { 2 }, Ordering::SeqCst);
        }
    }

    /// Output that did not end in a newline gets a marked one, so the prompt starts a line.
    fn ensure_newline(&self, color: bool) {
        if self.last.swap(0, Ordering::SeqCst) == 2 {
            let mark = if color {
                nu_ansi_term::Style::new().reverse().paint("%").to_string()
            } else {
                "%".to_string()
            };
            let mut o = std::io::stdout().lock();
            let _ = writeln!(o, "{mark}");
            let _ = o.flush();
        }
        self.wrote.store(false, Ordering::SeqCst);
    }
}

/// Show what background jobs wrote since the last command ended (the terminal is their
/// stdout, as in bash).
fn report_jobs(kernel: &Kernel, out_state: &OutState) {
    let (out, err) = kernel.take_job_output();
    if !out.is_empty() {
        let mut o = std::io::stdout().lock();
        let _ = o.write_all(&out);
        let _ = o.flush();
        out_state.note(&out);
    }
    if !err.is_empty() {
        let mut e = std::io::stderr().lock();
        let _ = e.write_all(&err);
        let _ = e.flush();
        out_state.note(&err);
    }
}

fn execute(
    kernel: &mut Kernel,
    script: &str,
    cancel: &sandsh::kernel::CancelToken,
    out_state: &Arc<OutState>,
    _color: bool,
) -> i32 {
    let (o, e) = (out_state.clone(), out_state.clone());
    let opts = ExecOptions {
        stdin: Some(Box::new(tty::TtyStdin {
            cancel: cancel.clone(),
        })),
        on_stdout: Some(Arc::new(move |b: &[u8]| {
            let mut out = std::io::stdout().lock();
            let _ = out.write_all(b);
            let _ = out.flush();
            o.note(b);
        })),
        on_stderr: Some(Arc::new(move |b: &[u8]| {
            let mut err = std::io::stderr().lock();
            let _ = err.write_all(b);
            let _ = err.flush();
            e.note(b);
        })),
        stream_only: true,
        ..ExecOptions::default()
    };
    let r = kernel.execute_with(script, opts);
    if r.error == Some(sandsh::RunError::Cancelled) {
        // The terminal echoed ^C; finish its line.
        let mut err = std::io::stderr().lock();
        let _ = writeln!(err);
        out_state.last.store(0, Ordering::SeqCst);
    }
    r.exit_code
}

fn add_history(
    editor: &mut Editor<ReplHelper, FileHistory>,
    input: &str,
    file: Option<&PathBuf>,
    shared: &history::Shared,
) {
    let entry = input.trim_end_matches('\n');
    if matches!(editor.add_history_entry(entry), Ok(true))
        && let Some(path) = file
    {
        // Appends under a file lock, so two REPLs interleave whole entries.
        let _ = editor.append_history(path);
    }
    sync_shared(editor, shared);
}

fn sync_shared(editor: &Editor<ReplHelper, FileHistory>, shared: &history::Shared) {
    let h = editor.history();
    let entries: Vec<String> = h.iter().cloned().collect();
    if let Ok(mut e) = shared.entries.lock() {
        *e = entries;
    }
}
