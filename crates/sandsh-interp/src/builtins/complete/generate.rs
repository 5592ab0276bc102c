//! What a compspec generates for a word, in bash's order (`gen_compspec_completions`): the
//! actions, the `-G` glob, the `-W` words, the `-F` function's `COMPREPLY`, the `-C` command's
//! lines; then the `-X` filter, the `-P`/`-S` prefix and suffix, and the `-o dirnames`,
//! `-o plusdirs` and `-o default` additions.

use sandsh_syntax::ast::{CommandKind, Word};

use super::CompSpec;
use crate::expand::Field;
use crate::options::{self, OptKind};
use crate::pat;
use crate::vars::{Attrs, Value};
use crate::{Flow, Res, Shell};

type Words = Vec<Vec<u8>>;

/// Actions generated through the name lists, in bash's order; `command`, `file`, `user`,
/// `group`, `service` and `directory` follow them (as in bash).
const LISTED: &[&str] = &[
    "alias",
    "arrayvar",
    "binding",
    "builtin",
    "disabled",
    "enabled",
    "export",
    "function",
    "helptopic",
    "hostname",
    "job",
    "keyword",
    "running",
    "setopt",
    "shopt",
    "signal",
    "stopped",
    "variable",
];

pub(super) fn generate(sh: &mut Shell, spec: &CompSpec, word: &str) -> Res<Words> {
    let w = word.as_bytes();
    let mut out: Words = Vec::new();
    let keep = |names: Vec<Vec<u8>>, out: &mut Words| {
        out.extend(names.into_iter().filter(|n| n.starts_with(w)));
    };
    for name in LISTED {
        if spec.has_action(name) {
            sh.check_cancel()?;
            let names = listed(sh, name);
            keep(names, &mut out);
        }
    }
    if spec.has_action("command") {
        let names = commands(sh, word);
        keep(names, &mut out);
    }
    if spec.has_action("file") {
        out.extend(files(sh, word, false));
    }
    for (action, file) in [
        ("user", "/etc/passwd"),
        ("group", "/etc/group"),
        ("service", "/etc/services"),
    ] {
        if spec.has_action(action) {
            let names = first_fields(sh, file, action == "service");
            keep(names, &mut out);
        }
    }
    if spec.has_action("directory") {
        out.extend(files(sh, word, true));
    }
    if let Some(g) = &spec.globpat {
        let f = Field {
            bytes: g.as_bytes().to_vec(),
            active: vec![true; g.len()],
        };
        out.extend(sh.glob_matches(&f)?);
    }
    if let Some(list) = &spec.words {
        let words = wordlist(sh, list)?;
        keep(words, &mut out);
    }
    if let Some(f) = &spec.funcname {
        out.extend(run_function(sh, f, word)?);
    }
    if let Some(c) = &spec.command {
        out.extend(run_command(sh, c, word)?);
    }
    if let Some(x) = &spec.filterpat {
        filter(sh, &mut out, x, word);
    }
    if spec.prefix.is_some() || spec.suffix.is_some() {
        let p = spec.prefix.as_deref().unwrap_or("").as_bytes();
        let s = spec.suffix.as_deref().unwrap_or("").as_bytes();
        for m in &mut out {
            *m = [p, m.as_slice(), s].concat();
        }
    }
    if (out.is_empty() && spec.has_option("dirnames")) || spec.has_option("plusdirs") {
        out.extend(files(sh, word, true));
    }
    if out.is_empty() && (spec.has_option("default") || spec.has_option("bashdefault")) {
        out.extend(files(sh, word, false));
    }
    Ok(out)
}

/// The names an action lists, before the prefix filter.
fn listed(sh: &Shell, action: &str) -> Words {
    let strings = |v: Vec<String>| v.into_iter().map(String::into_bytes).collect::<Words>();
    let statics = |v: &[&str]| v.iter().map(|s| s.as_bytes().to_vec()).collect::<Words>();
    match action {
        "alias" => {
            let mut v: Vec<String> = sh.aliases.keys().cloned().collect();
            v.sort();
            strings(v)
        }
        "function" => {
            let mut v: Vec<String> = sh.funcs.keys().cloned().collect();
            v.sort();
            strings(v)
        }
        "builtin" | "enabled" => statics(super::super::table::bash_names()),
        "helptopic" => statics(super::super::names()),
        "keyword" => statics(super::super::command::KEYWORDS),
        "variable" | "arrayvar" | "export" => {
            let v = sh
                .vars
                .names()
                .into_iter()
                .filter(|n| {
                    sh.vars.get(n).is_some_and(|var| match &var.value {
                        None => false,
                        Some(Value::Str(_)) => match action {
                            "arrayvar" => false,
                            "export" => var.attrs.has(Attrs::EXPORT),
                            _ => true,
                        },
                        Some(_) => action != "export",
                    })
                })
                .collect();
            strings(v)
        }
        "setopt" | "shopt" => {
            let kind = if action == "setopt" {
                OptKind::SetO
            } else {
                OptKind::Shopt
            };
            let mut v: Vec<&str> = options::of_kind(kind).map(|d| d.name).collect();
            v.sort();
            statics(&v)
        }
        "signal" => {
            let mut v = vec![b"EXIT".to_vec()];
            v.extend(
                super::super::super::signals::SIGNALS
                    .iter()
                    .map(|(n, _)| format!("SIG{n}").into_bytes()),
            );
            v
        }
        "hostname" => hostnames(sh),
        // No key bindings, disabled builtins or (outside job control) job names to offer.
        _ => Vec::new(),
    }
}

/// `-c`: aliases, keywords, functions and builtins, then the commands on `$PATH`; a word with a
/// `/` completes to executable files and directories, as bash's command completion does.
fn commands(sh: &Shell, word: &str) -> Words {
    if word.contains('/') {
        let mut v = files(sh, word, false);
        v.retain(|p| {
            let path = sh.resolve(&String::from_utf8_lossy(p));
            sh.env
                .backend
                .stat(&path)
                .is_ok_and(|m| m.is_dir() || m.mode & 0o111 != 0)
        });
        return v;
    }
    let mut out = listed(sh, "alias");
    out.extend(listed(sh, "keyword"));
    out.extend(listed(sh, "function"));
    out.extend(listed(sh, "builtin"));
    if !sh.env.command_entries {
        let mut names = sh.env.registry.names();
        names.sort();
        out.extend(names.into_iter().map(String::into_bytes));
        return out;
    }
    let path_var = sh.vars.get_str("PATH").unwrap_or_default().to_vec();
    for dir in path_var.split(|b| *b == b':') {
        let dir = if dir.is_empty() { &b"."[..] } else { dir };
        let p = sh.resolve(&String::from_utf8_lossy(dir));
        let Ok(mut entries) = sh.env.backend.list(&p) else {
            continue;
        };
        entries.sort_by(|a, b| a.name.cmp(&b.name));
        for e in entries {
            let full = p.join(&*String::from_utf8_lossy(&e.name));
            if sh
                .env
                .backend
                .stat(&full)
                .is_ok_and(|m| m.is_file() && m.mode & 0o111 != 0)
            {
                out.push(e.name);
            }
        }
    }
    out
}

/// Filename completion of `word` (readline's): the entries of its directory part that start
/// with its last component, hidden ones included; `.` and `..` only for a word naming them.
fn files(sh: &Shell, word: &str, dirs_only: bool) -> Words {
    let (dir, base) = match word.rfind('/') {
        Some(i) => (&word[..=i], &word[i + 1..]),
        None => ("", word),
    };
    let listed_dir = sh.resolve(if dir.is_empty() { "." } else { dir });
    let Ok(entries) = sh.env.backend.list(&listed_dir) else {
        return Vec::new();
    };
    let mut names: Vec<Vec<u8>> = entries.into_iter().map(|e| e.name).collect();
    if !base.is_empty() {
        names.push(b".".to_vec());
        names.push(b"..".to_vec());
    }
    names.sort();
    names
        .into_iter()
        .filter(|n| n.starts_with(base.as_bytes()))
        .filter(|n| {
            !dirs_only || {
                let full = listed_dir.join(&*String::from_utf8_lossy(n));
                sh.env.backend.stat(&full).is_ok_and(|m| m.is_dir())
            }
        })
        .map(|n| [dir.as_bytes(), n.as_slice()].concat())
        .collect()
}

/// The first `:`-separated fields of the sandbox's `/etc/passwd` or `/etc/group` (the first
/// blank-separated ones of `/etc/services`), comments skipped.
fn first_fields(sh: &Shell, file: &str, blank: bool) -> Words {
    let Ok(data) = sh.env.backend.read(std::path::Path::new(file), None) else {
        return Vec::new();
    };
    let mut out: Words = Vec::new();
    for line in data.split(|b| *b == b'\n') {
        if line.first() == Some(&b'#') || line.is_empty() {
            continue;
        }
        let end = line
            .iter()
            .position(|b| {
                if blank {
                    b.is_ascii_whitespace()
                } else {
                    *b == b':'
                }
            })
            .unwrap_or(line.len());
        if end > 0 && !out.iter().any(|o| o.as_slice() == &line[..end]) {
            out.push(line[..end].to_vec());
        }
    }
    out
}

/// The names in the sandbox's `/etc/hosts` (`$HOSTFILE` when set).
fn hostnames(sh: &Shell) -> Words {
    let file = sh
        .vars
        .get_str("HOSTFILE")
        .filter(|h| !h.is_empty())
        .map(|h| String::from_utf8_lossy(h).into_owned())
        .unwrap_or_else(|| "/etc/hosts".to_string());
    let Ok(data) = sh.env.backend.read(&sh.resolve(&file), None) else {
        return Vec::new();
    };
    let mut out: Words = Vec::new();
    for line in data.split(|b| *b == b'\n') {
        let line = line.split(|b| *b == b'#').next().unwrap_or_default();
        for name in line
            .split(|b| b.is_ascii_whitespace())
            .filter(|f| !f.is_empty())
            .skip(1)
        {
            out.push(name.to_vec());
        }
    }
    out
}

/// `-W`: the list split at `$IFS` characters outside quotes, each piece expanded as a word
/// (brace, tilde, parameter, command and arithmetic expansion, word splitting, quote removal;
/// no pathname expansion), as bash does.
fn wordlist(sh: &mut Shell, list: &str) -> Res<Words> {
    let ifs = sh.ifs();
    let mut out = Vec::new();
    for piece in split_at_ifs(list.as_bytes(), &ifs) {
        sh.check_cancel()?;
        let piece = String::from_utf8_lossy(&piece).into_owned();
        let Some(word) = parse_word(&piece) else {
            out.push(piece.into_bytes());
            continue;
        };
        let saved = sh.opts.noglob;
        sh.opts.noglob = true;
        let fields = sh.expand_word_fields(&word);
        sh.opts.noglob = saved;
        out.extend(fields?);
    }
    Ok(out)
}

/// Split at unquoted `ifs` bytes (`'…'`, `"…"`, `\x`, `$(…)`, `${…}` and `` `…` `` kept whole).
fn split_at_ifs(s: &[u8], ifs: &[u8]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut cur = Vec::new();
    let mut i = 0;
    let mut quote: Option<u8> = None;
    let mut depth = 0usize;
    while i < s.len() {
        let c = s[i];
        match quote {
            Some(q) => {
                if c == b'\\' && q != b'\'' && i + 1 < s.len() {
                    cur.push(c);
                    i += 1;
                    cur.push(s[i]);
                    i += 1;
                    continue;
                }
                if c == q {
                    quote = None;
                }
                cur.push(c);
            }
            None => {
                if c == b'\\' && i + 1 < s.len() {
                    cur.push(c);
                    i += 1;
                    cur.push(s[i]);
                    i += 1;
                    continue;
                }
                if matches!(c, b'\'' | b'"' | b'`') {
                    quote = Some(c);
                } else if c == b'$' && matches!(s.get(i + 1), Some(b'(' | b'{')) {
                    depth += 1;
                    cur.push(c);
                    cur.push(s[i + 1]);
                    i += 2;
                    continue;
                } else if depth > 0 && matches!(c, b')' | b'}') {
                    depth -= 1;
                } else if depth == 0 && ifs.contains(&c) {
                    if !cur.is_empty() {
                        out.push(std::mem::take(&mut cur));
                    }
                    i += 1;
                    continue;
                }
                cur.push(c);
            }
        }
        i += 1;
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// One shell word parsed from text, or None when the text is not a single plain word.
fn parse_word(text: &str) -> Option<Word> {
    if !text.contains(['$', '`', '"', '\'', '\\', '{', '~']) {
        return Some(Word::literal(text));
    }
    let list = sandsh_syntax::parse(&format!(": {text}")).ok()?;
    if list.items.len() != 1 {
        return None;
    }
    let item = list.items.into_iter().next()?;
    if item.background || !item.and_or.rest.is_empty() || item.and_or.first.commands.len() != 1 {
        return None;
    }
    let cmd = item.and_or.first.commands.into_iter().next()?.command;
    if !cmd.redirects.is_empty() {
        return None;
    }
    let CommandKind::Simple(sc) = cmd.kind else {
        return None;
    };
    if sc.words.len() != 2 || !sc.assigns.is_empty() {
        return None;
    }
    sc.words.into_iter().nth(1)
}

/// The variables a completion function sees; bash unsets them (and `COMPREPLY`) afterwards.
const COMP_VARS: &[&str] = &[
    "COMP_LINE",
    "COMP_POINT",
    "COMP_TYPE",
    "COMP_KEY",
    "COMP_WORDS",
    "COMP_CWORD",
];

/// `-F`: call the function with `compgen`, the word and an empty previous word; its
/// `COMPREPLY` are the matches (not filtered by the word, as in bash).
fn run_function(sh: &mut Shell, name: &str, word: &str) -> Res<Words> {
    let Some(body) = sh.funcs.get(name).cloned() else {
        sh.error(&format!("completion: function `{name}' not found"));
        return Ok(Vec::new());
    };
    let _ = sh.vars.set_str("COMP_LINE", Vec::new());
    let _ = sh.vars.set_str("COMP_POINT", b"0".to_vec());
    let _ = sh.vars.set_str("COMP_CWORD", b"-1".to_vec());
    let _ = sh.vars.set_str("COMP_TYPE", b"0".to_vec());
    let _ = sh.vars.set_str("COMP_KEY", b"0".to_vec());
    let _ = sh
        .vars
        .set_value("COMP_WORDS", Value::Indexed(Default::default()));
    let args = vec![b"compgen".to_vec(), word.as_bytes().to_vec(), Vec::new()];
    let run = sh.call_function(name.to_string(), &body, args);
    for v in COMP_VARS {
        sh.vars.unset_raw(v);
    }
    let reply = sh
        .vars
        .get("COMPREPLY")
        .and_then(|v| v.value.as_ref())
        .map(|v| v.values())
        .unwrap_or_default();
    sh.vars.unset_raw("COMPREPLY");
    match run {
        Ok(_) | Err(Flow::Return(_)) => Ok(reply),
        Err(e) => Err(e),
    }
}

/// `-C`: run the command with `compgen`, the word and an empty previous word appended, in a
/// subshell; each line it prints is a match.
fn run_command(sh: &mut Shell, cmd: &str, word: &str) -> Res<Words> {
    let q = |s: &str| {
        String::from_utf8_lossy(&sandsh_text::quote::single_quote(s.as_bytes())).into_owned()
    };
    let src = format!("{cmd} compgen {} ''", q(word));
    let Ok(list) = sandsh_syntax::parse(&src) else {
        return Ok(Vec::new());
    };
    let saved = sh.last_status;
    let out = sh.command_subst(&list)?;
    sh.last_status = saved;
    Ok(out
        .split(|b| *b == b'\n')
        .filter(|l| !l.is_empty())
        .map(<[u8]>::to_vec)
        .collect())
}

/// `-X`: drop the matches of the pattern (`&` stands for the word, `\&` is a literal `&`);
/// with a leading `!`, keep only them.
fn filter(sh: &Shell, out: &mut Words, x: &str, word: &str) {
    let (negate, x) = match x.strip_prefix('!') {
        // `!(…)` under extglob is a pattern, not the negation.
        Some(rest) if !(sh.opts.extglob && rest.starts_with('(')) => (true, rest),
        _ => (false, x),
    };
    let mut segs: Vec<(Vec<u8>, bool)> = Vec::new();
    let b = x.as_bytes();
    let mut i = 0;
    let mut lit = Vec::new();
    while i < b.len() {
        match b[i] {
            b'\\' if b.get(i + 1) == Some(&b'&') => {
                lit.push(b'&');
                i += 2;
                continue;
            }
            b'&' => {
                segs.push((std::mem::take(&mut lit), true));
                segs.push((word.as_bytes().to_vec(), false));
            }
            c => lit.push(c),
        }
        i += 1;
    }
    segs.push((lit, true));
    let p = pat::compile(&segs, sh.opts.extglob, false, false);
    out.retain(|m| p.matches(m) == negate);
}
