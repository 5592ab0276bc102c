//! Builtins and commands that run other code: `eval`, `source`, `bash -c`, `exec`,
//! `command`, the wrappers (`env`, `timeout`, `nice`, `nohup`, `stdbuf`, `xargs`), `find
//! -exec`, `trap`, and the builtins that take variable names. Literal code is analysed in
//! place; code assembled at run time is reported opaque.

use sandsh_syntax::ast::Word;

use super::report::{Access, OpaqueKind, Position};
use super::walk::Walker;

/// A wrapper: the command after its own options (and, for some, one operand) is run.
struct Wrapper {
    name: &'static str,
    /// Options that take a value (as a separate word).
    valued: &'static [&'static str],
    /// Operands before the command (`timeout DURATION`).
    leading: usize,
    /// `NAME=VALUE` words before the command are settings (`env`).
    settings: bool,
}

const WRAPPERS: &[Wrapper] = &[
    Wrapper {
        name: "env",
        valued: &["-u", "--unset", "-C", "--chdir", "-S"],
        leading: 0,
        settings: true,
    },
    Wrapper {
        name: "nice",
        valued: &["-n", "--adjustment"],
        leading: 0,
        settings: false,
    },
    Wrapper {
        name: "nohup",
        valued: &[],
        leading: 0,
        settings: false,
    },
    Wrapper {
        name: "stdbuf",
        valued: &["-i", "-o", "-e"],
        leading: 0,
        settings: false,
    },
    Wrapper {
        name: "timeout",
        valued: &["-s", "--signal", "-k", "--kill-after"],
        leading: 1,
        settings: false,
    },
    Wrapper {
        name: "xargs",
        valued: &[
            "-a",
            "-d",
            "-E",
            "-I",
            "-L",
            "-n",
            "-P",
            "-s",
            "--arg-file",
            "--delimiter",
        ],
        leading: 0,
        settings: false,
    },
    Wrapper {
        name: "command",
        valued: &[],
        leading: 0,
        settings: false,
    },
    Wrapper {
        name: "builtin",
        valued: &[],
        leading: 0,
        settings: false,
    },
    Wrapper {
        name: "exec",
        valued: &["-a"],
        leading: 0,
        settings: false,
    },
    Wrapper {
        name: "time",
        valued: &[],
        leading: 0,
        settings: false,
    },
];

/// Where the wrapped command starts in `args` (the wrapper's name at 0), if there is one.
fn wrapped_start(w: &Wrapper, args: &[Option<String>]) -> Option<usize> {
    let mut i = 1;
    let mut leading = w.leading;
    while i < args.len() {
        let a = args[i].as_deref()?;
        if a == "--" {
            i += 1;
            break;
        }
        if a.starts_with('-') && a.len() > 1 {
            i += if w.valued.contains(&a) { 2 } else { 1 };
            continue;
        }
        if w.settings && a.contains('=') {
            i += 1;
            continue;
        }
        if leading > 0 {
            leading -= 1;
            i += 1;
            continue;
        }
        break;
    }
    (i < args.len()).then_some(i)
}

/// Handle `name` if it is one of this module's builtins or commands.
pub(super) fn special(
    w: &mut Walker<'_>,
    name: &str,
    words: &[Word],
    args: &[Option<String>],
    line: u32,
    at: Position,
) {
    let lits = || args[1..].iter().cloned().collect::<Option<Vec<String>>>();
    match name {
        "eval" => match lits() {
            Some(code) => w.nested(&code.join(" "), at),
            None => w.opaque_at(OpaqueKind::Eval, "eval of an expanded word", at),
        },
        "source" | "." => {
            let file = args.get(1).cloned().flatten();
            w.file_at(file.clone(), Access::Read, name, at);
            let what = file.map_or("a file named by an expansion".to_string(), |f| f);
            w.opaque_at(
                OpaqueKind::Source,
                format!("{name} runs the commands of {what}, which are not analysed"),
                at,
            );
        }
        "bash" | "sh" => shell(w, name, args, at),
        "python3" | "python" => w.opaque_at(
            OpaqueKind::Program,
            format!(
                "{name} runs Python code, whose files, commands and network use are not analysed"
            ),
            at,
        ),
        "node" | "nodejs" => w.opaque_at(
            OpaqueKind::Program,
            format!(
                "{name} runs JavaScript code, whose files, commands and network use are not analysed"
            ),
            at,
        ),
        "trap" => trap(w, args, at),
        "find" => find(w, words, args, line, at),
        "let" => {
            for (word, a) in words.iter().zip(args).skip(1) {
                if a.as_deref()
                    .is_none_or(|t| t.contains("$(") || t.contains('`') || t.contains('['))
                {
                    w.opaque_at(
                        OpaqueKind::Evaluated,
                        "let evaluates text whose subscripts are expanded",
                        w.span_at(word, line),
                    );
                }
            }
        }
        "printf" => {
            if let Some(i) = args.iter().position(|a| a.as_deref() == Some("-v")) {
                w.name_operands(
                    &words[i + 1..(i + 2).min(words.len())],
                    &args[i + 1..(i + 2).min(args.len())],
                    line,
                );
            }
        }
        "test" | "[" => {
            for (i, a) in args.iter().enumerate() {
                if a.as_deref() == Some("-v") && i + 1 < args.len() {
                    w.name_operands(&words[i + 1..i + 2], &args[i + 1..i + 2], line);
                }
            }
        }
        "mapfile" | "readarray" if args.iter().any(|a| a.as_deref() == Some("-C")) => {
            w.opaque_at(
                OpaqueKind::Indirect,
                format!("{name} -C runs a callback"),
                at,
            );
        }
        "alias"
            if args
                .iter()
                .skip(1)
                .any(|a| a.as_deref().is_none_or(|a| a.contains('='))) =>
        {
            w.opaque_at(
                OpaqueKind::Resolution,
                "an alias changes how later lines parse (with expand_aliases)",
                at,
            );
        }
        "shopt"
            if args
                .iter()
                .any(|a| a.as_deref().is_none_or(|a| a == "expand_aliases")) =>
        {
            w.opaque_at(
                OpaqueKind::Resolution,
                "shopt may turn alias expansion on",
                at,
            );
        }
        "hash" if args.iter().any(|a| a.as_deref().is_none_or(|a| a == "-p")) => {
            w.opaque_at(
                OpaqueKind::Resolution,
                "hash -p sets where a name runs from",
                at,
            );
        }
        "enable" | "fc" | "complete" | "compgen" if args.len() > 1 => {
            w.opaque_at(
                OpaqueKind::Indirect,
                format!("{name} can run or load code"),
                at,
            );
        }
        _ => {}
    }
    if NAME_TAKERS_CHECK.contains(&name) {
        let skip_opts: Vec<usize> = (1..args.len())
            .filter(|&i| {
                !args[i]
                    .as_deref()
                    .is_some_and(|a| a.starts_with('-') || a.contains('='))
            })
            .collect();
        for i in skip_opts {
            // `declare x=1` arrives as an assignment word, analysed as one.
            if !matches!(
                words[i].parts.as_slice(),
                [sandsh_syntax::ast::WordPart::Assign(_)]
            ) {
                w.name_operands(&words[i..i + 1], &args[i..i + 1], line);
            }
        }
        if matches!(name, "declare" | "typeset" | "local")
            && args.iter().any(|a| {
                a.as_deref()
                    .is_some_and(|a| a.starts_with('-') && a.contains('n'))
            })
        {
            w.opaque_at(
                OpaqueKind::Evaluated,
                "a name reference: the variable it names is evaluated where it is used",
                at,
            );
        }
    }
    if let Some(wr) = WRAPPERS.iter().find(|x| x.name == name) {
        if matches!(name, "command")
            && args
                .iter()
                .any(|a| matches!(a.as_deref(), Some("-v" | "-V")))
        {
            return;
        }
        if name == "xargs" {
            w.opaque_at(
                OpaqueKind::Indirect,
                "xargs runs a command with arguments read from its input",
                at,
            );
        }
        match wrapped_start(wr, args) {
            Some(i) => w.sub_invocation(&words[i..], &args[i..], line),
            None if args[1..].iter().any(Option::is_none) => {
                let kind = if name == "exec" {
                    OpaqueKind::Exec
                } else {
                    OpaqueKind::DynamicCommand
                };
                w.opaque_at(
                    kind,
                    format!("{name} runs a command named by an expansion"),
                    at,
                );
            }
            None => {}
        }
    }
}

const NAME_TAKERS_CHECK: &[&str] = &[
    "read", "unset", "declare", "typeset", "local", "export", "readonly",
];

/// `bash -c CODE` / `sh -c CODE`: literal code is analysed; anything else is opaque.
fn shell(w: &mut Walker<'_>, name: &str, args: &[Option<String>], at: Position) {
    let mut i = 1;
    while i < args.len() {
        match args[i].as_deref() {
            Some("-c") => {
                match args.get(i + 1).cloned().flatten() {
                    Some(code) => w.nested(&code, at),
                    None => w.opaque_at(
                        OpaqueKind::ShellString,
                        format!("{name} -c of an expanded word"),
                        at,
                    ),
                }
                return;
            }
            Some(o) if o.starts_with('-') || o.starts_with('+') => i += 1,
            _ => break,
        }
    }
    let what = match args.get(i) {
        Some(Some(f)) => format!("runs the script {f}, whose commands are not analysed"),
        Some(None) => "runs a script named by an expansion".to_string(),
        None => "runs a script read from its input".to_string(),
    };
    w.opaque_at(OpaqueKind::ShellString, format!("{name} {what}"), at);
}

/// `trap CODE SIGNAL…`: the code runs later; literal code is analysed.
fn trap(w: &mut Walker<'_>, args: &[Option<String>], at: Position) {
    let mut i = 1;
    if args.get(i).is_some_and(|a| a.as_deref() == Some("--")) {
        i += 1;
    }
    match args.get(i) {
        None => {}
        Some(None) => w.opaque_at(OpaqueKind::Indirect, "trap of an expanded command", at),
        Some(Some(code)) => {
            let listing = matches!(code.as_str(), "-l" | "-p" | "-" | "");
            if !listing && i + 1 < args.len() {
                w.nested(code, at);
            }
        }
    }
}

/// `find … -exec CMD {} ;`: a literal command is a command of the script; others are opaque.
fn find(w: &mut Walker<'_>, words: &[Word], args: &[Option<String>], line: u32, at: Position) {
    let mut i = 1;
    while i < args.len() {
        match args[i].as_deref() {
            Some("-exec" | "-execdir" | "-ok" | "-okdir") => {
                let start = i + 1;
                let end = (start..args.len())
                    .find(|&j| matches!(args[j].as_deref(), Some(";" | "+")))
                    .unwrap_or(args.len());
                if start < end {
                    if args[start].is_none() {
                        w.opaque_at(
                            OpaqueKind::Indirect,
                            "find -exec of an expanded command",
                            at,
                        );
                    } else {
                        // `{}` stands for the files found.
                        let sub: Vec<Option<String>> = args[start..end]
                            .iter()
                            .map(|a| a.clone().filter(|t| !t.contains("{}")))
                            .collect();
                        w.sub_invocation(&words[start..end], &sub, line);
                    }
                }
                i = end + 1;
            }
            Some("-delete") => {
                w.file_at(None, Access::Delete, "find", at);
                i += 1;
            }
            Some("-fprint" | "-fprint0" | "-fprintf" | "-fls") => {
                w.file_at(
                    args.get(i + 1).cloned().flatten(),
                    Access::Write,
                    "find",
                    at,
                );
                i += 2;
            }
            _ => i += 1,
        }
    }
}
