//! `sqlite3`: the SQLite shell over the real SQLite library, with the sandbox's files.
//!
//! SQLite is the C library compiled in (`rusqlite` 0.29 with `bundled`: SQLite 3.41.2, the
//! bundle nearest the 3.40.1 CLI of Debian 12 that the output is compared with; the shell
//! around it, whose formats are what scripts parse, follows the 3.40 CLI's `shell.c`). A
//! database file is read from the VFS into an in-memory database (`sqlite3_deserialize`) and
//! written back whole (`sqlite3_serialize`, one write) when the run ends if a statement may
//! have changed it; `-readonly` never writes. [`db`] keeps SQLite away from the host (no host
//! VFS, no extensions, its heap metered, a progress handler that stops at cancellation);
//! [`shell`] is the input loop and the statements' errors; [`render`] the output modes; [`meta`]
//! the dot-commands.
//!
//! Options are parsed by hand, as the CLI's single-dash long options (`-csv`, `-header`,
//! `-cmd X`; `--csv` is the same) do not fit the option table's GNU conventions; the table
//! documents them.

mod attach;
mod backing;
mod db;
mod functions;
mod meta;
mod render;
mod shell;

use std::cell::{Cell as StdCell, RefCell};

use sandsh_api::{
    Arg, ArgSpec, ArgType, Command, CommandSpec, Example, ExitStatus, OptSpec, RiskLevel, ToolCtx,
};

use shell::{Cx, Meta, Shell};

pub struct Sqlite3;

static SPEC: CommandSpec = CommandSpec {
    name: "sqlite3",
    group: "data",
    summary: "query and change SQLite databases (the real SQLite, over the sandbox's files)",
    usage: "sqlite3 [OPTIONS] [FILENAME [SQL...]]",
    description: "Open FILENAME (an in-memory database when it is missing or :memory:) and run each SQL argument, or else the SQL and dot-commands read from standard input, printing results as the sqlite3 3.40 shell does. Options take one dash or two (-csv, --csv). The file is read from the sandbox into memory and written back when the run ends if a statement may have changed it. Dot-commands: .mode csv|json|line|list|tabs|column|table|markdown|box|insert|quote|html|tcl|ascii, .headers on|off, .changes on|off, .separator COL [ROW], .nullvalue TEXT, .width N..., .bail on|off, .tables, .indexes, .databases, .schema, .dump, .import [--csv] [--skip N] FILE TABLE, .read FILE, .output [FILE], .once FILE, .print, .quit, .exit [CODE]. The CLI's REGEXP operator and regexpi() are there. ATTACH takes files of the sandbox (loaded into memory and written back like the main database) and :memory:, not URIs; .shell, .system and .load are refused.",
    options: &[
        OptSpec::new("--csv", "set output mode to 'csv'"),
        OptSpec::new("--json", "set output mode to 'json'"),
        OptSpec::new("--line", "set output mode to 'line'"),
        OptSpec::new("--list", "set output mode to 'list'"),
        OptSpec::new("--column", "set output mode to 'column'"),
        OptSpec::new("--table", "set output mode to 'table'"),
        OptSpec::new("--markdown", "set output mode to 'markdown'"),
        OptSpec::new("--box", "set output mode to 'box'"),
        OptSpec::new("--quote", "set output mode to 'quote'"),
        OptSpec::new("--html", "set output mode to HTML"),
        OptSpec::new("--ascii", "set output mode to 'ascii'"),
        OptSpec::new("--tabs", "set output mode to 'tabs'"),
        OptSpec::new("--header", "turn headers on"),
        OptSpec::new("--noheader", "turn headers off"),
        OptSpec::new(
            "--separator=SEP",
            "set output column separator (default '|')",
        ),
        OptSpec::new("--newline=SEP", "set output row separator (default '\\n')"),
        OptSpec::new(
            "--nullvalue=TEXT",
            "set text string for NULL values (default '')",
        ),
        OptSpec::new("--cmd=COMMAND", "run COMMAND before reading stdin"),
        OptSpec::new("--init=FILENAME", "read/process named file"),
        OptSpec::new("--bail", "stop after hitting an error"),
        OptSpec::new("--readonly", "open the database read-only"),
        OptSpec::new("--version", "show SQLite version"),
    ],
    operands: &[
        ArgSpec::optional(
            "FILENAME",
            ArgType::Path,
            "the database file (:memory: for none)",
        ),
        ArgSpec::optional(
            "SQL",
            ArgType::String,
            "SQL statements or dot-commands to run",
        )
        .repeated(),
    ],
    returns: "query results in the chosen mode",
    examples: &[
        Example {
            description: "query an in-memory database",
            script: "sqlite3 :memory: 'select 1+1, upper(\"x\")'",
            stdout: "2|X\n",
        },
        Example {
            description: "create a database file and read it back as JSON",
            script: "sqlite3 /tmp/d.db 'create table t(a,b); insert into t values(1,\"x\")'; sqlite3 -json /tmp/d.db 'select * from t'",
            stdout: "[{\"a\":1,\"b\":\"x\"}]\n",
        },
        Example {
            description: "SQL from standard input, as a table",
            script: "printf '.mode table\\nselect 7 as n;\\n' | sqlite3",
            stdout: "+---+\n| n |\n+---+\n| 7 |\n+---+\n",
        },
    ],
    errors: "exit 1 when a statement or dot-command fails (with SQL arguments: SQLite's result code), 130 when cancelled",
    risk: RiskLevel::MediumRisk,
};

const USE_HELP: &str = "Use -help for a list of options.";

/// The parsed command line.
#[derive(Default)]
struct Opts {
    file: Option<String>,
    sql: Vec<String>,
    cmds: Vec<String>,
    /// `-init FILE`: run before the setting options apply.
    init: Option<String>,
    /// The setting options in command-line order (`SETTING_OPTS`).
    set: Vec<(String, Option<Vec<u8>>)>,
    readonly: bool,
}

impl Command for Sqlite3 {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let args: Vec<String> = args
            .iter()
            .map(|a| String::from_utf8_lossy(a).into_owned())
            .collect();
        let mut o = Opts::default();
        let mut bail = false;
        let mut i = 0;
        while i < args.len() {
            let a = &args[i];
            i += 1;
            if !a.starts_with('-') || a == "-" {
                if o.file.is_none() {
                    o.file = Some(a.clone());
                } else {
                    o.sql.push(a.clone());
                }
                continue;
            }
            let z = a.strip_prefix("--").unwrap_or(&a[1..]);
            // `--separator=X`, as the option table spells it.
            let (z, inline) = match z.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (z, None),
            };
            let mut value = |name: &str| -> Result<String, ExitStatus> {
                if let Some(v) = &inline {
                    return Ok(v.clone());
                }
                match args.get(i) {
                    Some(v) => {
                        i += 1;
                        Ok(v.clone())
                    }
                    None => {
                        let _ =
                            writeln!(ctx.stderr(), "sqlite3: Error: missing argument to -{name}");
                        Err(1)
                    }
                }
            };
            let setting = SETTING_OPTS
                .iter()
                .copied()
                .chain(render::FLAG_MODES.iter().map(|m| (m.name, false)))
                .find(|(n, _)| *n == z);
            match z {
                "bail" => bail = true,
                "readonly" => o.readonly = true,
                "batch" | "safe" | "nofollow" | "no-rowid-in-view" | "memtrace" => {}
                "cmd" | "init" => {
                    let v = match value(z) {
                        Ok(v) => v,
                        Err(st) => return st,
                    };
                    if z == "cmd" {
                        o.cmds.push(v);
                    } else {
                        o.init = Some(v);
                    }
                }
                _ if setting.is_some() => {
                    let v = if setting.is_some_and(|(_, takes)| takes) {
                        match value(z) {
                            Ok(v) => Some(unescape_opt(&v)),
                            Err(st) => return st,
                        }
                    } else {
                        None
                    };
                    o.set.push((z.to_string(), v));
                }
                "version" => {
                    let _ = writeln!(ctx.stdout(), "{}", db::version_line());
                    return 0;
                }
                "help" => {
                    let page = sandsh_api::doc::render_help(&SPEC);
                    let _ = ctx.stderr().write_all(page.as_bytes());
                    return 0;
                }
                _ => {
                    let _ = writeln!(
                        ctx.stderr(),
                        "sqlite3: Error: unknown option: {a}\n{USE_HELP}"
                    );
                    return 1;
                }
            }
        }
        run(ctx, o, bail)
    }
}

/// The options that change output settings besides the mode flags (`render::FLAG_MODES`), and
/// whether each takes a value. They apply after `-init`'s file has run, as the CLI applies them.
const SETTING_OPTS: &[(&str, bool)] = &[
    ("header", false),
    ("noheader", false),
    ("separator", true),
    ("newline", true),
    ("nullvalue", true),
];

/// One setting option applied to the output settings.
fn apply(s: &mut render::Settings, name: &str, v: Option<&[u8]>) {
    if let Some(m) = render::FLAG_MODES.iter().find(|m| m.name == name) {
        m.apply(s);
        return;
    }
    let v = v.map(<[u8]>::to_vec).unwrap_or_default();
    match name {
        "header" => s.headers = true,
        "noheader" => s.headers = false,
        "separator" => s.col_sep = v,
        "newline" => s.row_sep = v,
        "nullvalue" => s.null = v,
        _ => {}
    }
}

/// The CLI's backslash escapes in option values (`-separator '\t'`).
fn unescape_opt(v: &str) -> Vec<u8> {
    v.replace("\\t", "\t")
        .replace("\\n", "\n")
        .replace("\\r", "\r")
        .replace("\\\\", "\\")
        .into_bytes()
}

fn run(ctx: &mut dyn ToolCtx, o: Opts, bail: bool) -> ExitStatus {
    let budget = ctx.memory();
    let limit = match budget.limit() {
        0 | u64::MAX => 1 << 30,
        l => l,
    };
    let path = o.file.clone().filter(|f| f != ":memory:" && !f.is_empty());
    let existing = match &path {
        Some(p) if ctx.backend().stat(&ctx.resolve_path(p)).is_ok() => {
            match crate::common::input::read_input(ctx, p.as_bytes()) {
                Ok(d) => Some(d),
                Err(e) => {
                    if ctx.is_cancelled() {
                        return 130;
                    }
                    let _ = writeln!(
                        ctx.stderr(),
                        "Error: unable to open database \"{p}\": {}",
                        crate::common::diag::io_msg(&e)
                    );
                    return 1;
                }
            }
        }
        _ => None,
    };
    if o.readonly && path.is_some() && existing.is_none() {
        let p = path.as_deref().unwrap_or_default();
        let _ = writeln!(
            ctx.stderr(),
            "Error: unable to open database \"{p}\": unable to open database file"
        );
        return 1;
    }
    let _heap = db::HeapLimit::set(limit);
    let cx: Cx<'_> = RefCell::new(ctx);
    let cancelled = {
        // The progress handler asks the run's context; it runs inside a step, when no other
        // borrow of the context is held.
        let p = &cx as *const Cx<'_> as usize;
        Box::new(move || {
            // SAFETY: the closure lives in the connection's guard, dropped before `cx` (the
            // shell, which owns the connection, is dropped at the end of this function).
            let cx = unsafe { &*(p as *const Cx<'_>) };
            cx.try_borrow().map(|c| c.is_cancelled()).unwrap_or(false)
        })
    };
    let guard = db::Guard {
        cancelled,
        internal: StdCell::new(false),
        refused: RefCell::new(None),
        attach: RefCell::new(None),
        detach: RefCell::new(None),
    };
    let conn = match db::Db::open(guard, limit) {
        Ok(d) => d,
        Err(m) => {
            let _ = writeln!(cx.borrow_mut().stderr(), "Error: {m}");
            return 1;
        }
    };
    if let Some(data) = &existing
        && !data.is_empty()
        && let Err(m) = conn.load("main", data, o.readonly, limit)
    {
        let p = path.as_deref().unwrap_or_default();
        let _ = writeln!(
            cx.borrow_mut().stderr(),
            "Error: unable to open database \"{p}\": {m}"
        );
        return 1;
    }
    let mut sh = Shell::new(&cx, conn);
    sh.bail = bail;
    sh.readonly = o.readonly;
    sh.limit = limit;
    if let Some(p) = &path {
        let written = existing.as_deref().and_then(backing::header_counter);
        sh.backed.push(backing::Backed::new(
            "main".into(),
            p.clone(),
            existing.is_none(),
            written,
        ));
    }
    let mut status = session(&mut sh, &o);
    sh.flush();
    // A transaction left open ends rolled back, as closing the CLI's connection does.
    // SAFETY: the connection is open.
    if unsafe { rusqlite::ffi::sqlite3_get_autocommit(sh.db.raw()) } == 0 {
        let _ = sh.db.conn.execute_batch("ROLLBACK");
    }
    sh.sync(true);
    if sh.write_failed {
        status = 1;
    }
    let cancelled = sh.cancelled();
    drop(sh);
    if cancelled {
        return 130;
    }
    status
}

/// `-init`'s file, the setting options, `-cmd` commands, then the SQL arguments or standard
/// input; the exit status.
fn session(sh: &mut Shell<'_, '_>, o: &Opts) -> ExitStatus {
    if let Some(f) = &o.init {
        let data = crate::common::input::read_input(&mut **sh.cx.borrow_mut(), f.as_bytes());
        match data {
            Ok(d) => {
                if sh.process(&d, true).1 {
                    return sh.exit;
                }
            }
            Err(_) if sh.cancelled() => return 130,
            Err(_) => sh.eprint(&format!("cannot open: \"{f}\"")),
        }
    }
    for (name, v) in &o.set {
        apply(&mut sh.s, name, v.as_deref());
    }
    for c in &o.cmds {
        if c.starts_with('.') {
            match sh.meta(c.as_bytes()) {
                Meta::Quit => return sh.exit,
                Meta::Err if sh.bail => return 1,
                _ => {}
            }
        } else if let Err((rc, m)) = sh.exec(c.as_bytes()) {
            sh.eprint(&format!("Error: {m}"));
            if sh.bail {
                return (rc & 0xff).max(1);
            }
        }
    }
    if !o.sql.is_empty() {
        for c in &o.sql {
            if sh.cancelled() {
                return 130;
            }
            if c.starts_with('.') {
                match sh.meta(c.as_bytes()) {
                    Meta::Quit => return sh.exit,
                    Meta::Err => return 1,
                    Meta::Ok => {}
                }
            } else if let Err((rc, m)) = sh.exec(c.as_bytes()) {
                sh.eprint(&format!("Error: {m}"));
                return (rc & 0xff).max(1);
            }
        }
        return 0;
    }
    let input = crate::common::input::read_input(&mut **sh.cx.borrow_mut(), b"-");
    let Ok(input) = input else {
        return if sh.cancelled() { 130 } else { 1 };
    };
    let (errs, quit) = sh.process(&input, false);
    if quit {
        return sh.exit;
    }
    i32::from(errs > 0)
}

#[cfg(test)]
mod tests {
    use super::Sqlite3;
    use crate::common::testing::run_in;

    #[test]
    fn list_mode_and_errors() {
        let (s, o, e) = run_in(&Sqlite3, &[":memory:", "select 1, 'a'; select null"], "");
        assert_eq!((s, o.as_str(), e.as_str()), (0, "1|a\n\n", ""));
        let (s, _, e) = run_in(&Sqlite3, &[], "select 1;\nselect * from t;\n");
        assert_eq!(s, 1);
        assert_eq!(e, "Parse error near line 2: no such table: t\n");
    }
}
