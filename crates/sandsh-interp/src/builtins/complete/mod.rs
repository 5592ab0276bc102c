//! Programmable completion builtins as bash 5.2 has them outside an interactive completion:
//! `compgen` generates the words a compspec would offer (`generate.rs`), `complete` stores and lists
//! compspecs (scripts source completion files; the REPL completes through the command specs, so
//! the stored specs are only listed), `compopt` changes the options of a stored spec.

mod generate;

use std::collections::BTreeMap;

use super::super::expand::ExpAssign;
use super::super::{Res, Shell};
use super::text;

type A<'a> = &'a [Vec<u8>];

/// One `-A` action: its name, its letter (`-a`…), in bash's listing order.
struct ActionDef {
    name: &'static str,
    letter: Option<u8>,
}

const fn act(name: &'static str, letter: Option<u8>) -> ActionDef {
    ActionDef { name, letter }
}

/// bash's actions, in the order `complete -p` prints them (lettered ones first).
static ACTIONS: &[ActionDef] = &[
    act("alias", Some(b'a')),
    act("builtin", Some(b'b')),
    act("command", Some(b'c')),
    act("directory", Some(b'd')),
    act("export", Some(b'e')),
    act("file", Some(b'f')),
    act("group", Some(b'g')),
    act("job", Some(b'j')),
    act("keyword", Some(b'k')),
    act("service", Some(b's')),
    act("user", Some(b'u')),
    act("variable", Some(b'v')),
    act("arrayvar", None),
    act("binding", None),
    act("disabled", None),
    act("enabled", None),
    act("function", None),
    act("helptopic", None),
    act("hostname", None),
    act("running", None),
    act("setopt", None),
    act("shopt", None),
    act("signal", None),
    act("stopped", None),
];

/// `-o` options, in the order `complete -p` prints them.
static COMP_OPTIONS: &[&str] = &[
    "bashdefault",
    "default",
    "dirnames",
    "filenames",
    "noquote",
    "nosort",
    "nospace",
    "plusdirs",
];

fn action_bit(name: &str) -> Option<u32> {
    ACTIONS.iter().position(|a| a.name == name).map(|i| 1 << i)
}

fn letter_bit(c: u8) -> Option<u32> {
    ACTIONS
        .iter()
        .position(|a| a.letter == Some(c))
        .map(|i| 1 << i)
}

fn option_bit(name: &str) -> Option<u16> {
    COMP_OPTIONS.iter().position(|o| *o == name).map(|i| 1 << i)
}

/// A compspec: what `complete` stores and `compgen` generates from.
#[derive(Debug, Clone, Default)]
pub struct CompSpec {
    /// Bits of [`ACTIONS`].
    actions: u32,
    /// Bits of [`COMP_OPTIONS`].
    options: u16,
    globpat: Option<String>,
    words: Option<String>,
    prefix: Option<String>,
    suffix: Option<String>,
    filterpat: Option<String>,
    funcname: Option<String>,
    command: Option<String>,
}

impl CompSpec {
    /// No action, option or argument at all.
    fn is_empty(&self) -> bool {
        self.actions == 0
            && self.options == 0
            && self.globpat.is_none()
            && self.words.is_none()
            && self.prefix.is_none()
            && self.suffix.is_none()
            && self.filterpat.is_none()
            && self.funcname.is_none()
            && self.command.is_none()
    }

    fn has_action(&self, name: &str) -> bool {
        action_bit(name).is_some_and(|b| self.actions & b != 0)
    }

    fn has_option(&self, name: &str) -> bool {
        option_bit(name).is_some_and(|b| self.options & b != 0)
    }

    /// The `complete …` line that recreates this spec for `name` (bash's
    /// `print_one_completion`).
    fn line(&self, name: &str) -> String {
        let mut s = String::from("complete ");
        for (i, o) in COMP_OPTIONS.iter().enumerate() {
            if self.options & (1 << i) != 0 {
                s.push_str(&format!("-o {o} "));
            }
        }
        for (i, a) in ACTIONS.iter().enumerate() {
            if self.actions & (1 << i) != 0 {
                match a.letter {
                    Some(c) => s.push_str(&format!("-{} ", c as char)),
                    None => s.push_str(&format!("-A {} ", a.name)),
                }
            }
        }
        for (flag, v) in [
            ("-G", &self.globpat),
            ("-W", &self.words),
            ("-P", &self.prefix),
            ("-S", &self.suffix),
            ("-X", &self.filterpat),
            ("-C", &self.command),
        ] {
            if let Some(v) = v {
                let q = sandsh_text::quote::single_quote(v.as_bytes());
                s.push_str(&format!("{flag} {} ", String::from_utf8_lossy(&q)));
            }
        }
        if let Some(f) = &self.funcname {
            s.push_str(&format!("-F {f} "));
        }
        s.push_str(name);
        s.push('\n');
        s
    }
}

/// The compspecs `complete` stored: by command name, plus the `-D`/`-E`/`-I` ones.
#[derive(Debug, Clone, Default)]
pub struct CompSpecs {
    named: BTreeMap<String, CompSpec>,
    /// `-D`, `-E`, `-I`, keyed by that flag.
    special: BTreeMap<u8, CompSpec>,
}

/// Which builtin is parsing: they accept different letters.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Who {
    Compgen,
    Complete,
    Compopt,
}

impl Who {
    fn name(self) -> &'static str {
        match self {
            Who::Compgen => "compgen",
            Who::Complete => "complete",
            Who::Compopt => "compopt",
        }
    }

    fn usage(self) -> &'static str {
        match self {
            Who::Compgen => {
                "compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]"
            }
            Who::Complete => {
                "complete [-abcdefgjksuv] [-pr] [-DEI] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [name ...]"
            }
            Who::Compopt => "compopt [-o|+o option] [-DEI] [name ...]",
        }
    }

    /// The letters taking no argument, and those taking one.
    fn letters(self) -> (&'static [u8], &'static [u8]) {
        match self {
            Who::Compgen => (&b"abcdefgjksuv"[..], &b"oAGWFCXPS"[..]),
            Who::Complete => (&b"abcdefgjksuvprDEI"[..], &b"oAGWFCXPS"[..]),
            Who::Compopt => (&b"DEI"[..], &b"o"[..]),
        }
    }
}

/// What the options of one call said.
#[derive(Default)]
struct Parsed {
    spec: CompSpec,
    /// `+o` options (compopt).
    off: u16,
    /// `p`, `r`, `D`, `E`, `I` as given.
    flags: Vec<u8>,
    operands: Vec<String>,
}

/// Parse bash's way: grouped letters, option arguments attached or next, `--` ends them;
/// `+o` only for compopt. `Err(status)` after printing the error.
fn parse(sh: &Shell, argv: A, who: Who) -> Result<Parsed, i32> {
    let name = who.name();
    let (plain, with_arg) = who.letters();
    let mut p = Parsed::default();
    let mut i = 1;
    let usage = |sh: &Shell| {
        sh.write_fd(2, format!("{name}: usage: {}\n", who.usage()).as_bytes());
    };
    while let Some(a) = argv.get(i) {
        if a.as_slice() == b"--" {
            i += 1;
            break;
        }
        let plus = a.first() == Some(&b'+') && who == Who::Compopt;
        if a.len() < 2 || (a[0] != b'-' && !plus) {
            break;
        }
        i += 1;
        let mut j = 1;
        while j < a.len() {
            let c = a[j];
            j += 1;
            if plus && c != b'o' {
                sh.builtin_error(name, &format!("+{}: invalid option", c as char));
                usage(sh);
                return Err(2);
            }
            if plain.contains(&c) {
                match letter_bit(c) {
                    Some(b) => p.spec.actions |= b,
                    None => p.flags.push(c),
                }
                continue;
            }
            if !with_arg.contains(&c) {
                sh.builtin_error(name, &format!("-{}: invalid option", c as char));
                usage(sh);
                return Err(2);
            }
            let arg = if j < a.len() {
                let v = text(&a[j..]);
                j = a.len();
                v
            } else if let Some(v) = argv.get(i) {
                i += 1;
                text(v)
            } else {
                let sign = if plus { '+' } else { '-' };
                sh.builtin_error(
                    name,
                    &format!("{sign}{}: option requires an argument", c as char),
                );
                usage(sh);
                return Err(2);
            };
            match c {
                b'o' => match option_bit(&arg) {
                    Some(b) if plus => p.off |= b,
                    Some(b) => p.spec.options |= b,
                    None => {
                        sh.builtin_error(name, &format!("{arg}: invalid option name"));
                        return Err(2);
                    }
                },
                b'A' => match action_bit(&arg) {
                    Some(b) => p.spec.actions |= b,
                    None => {
                        sh.builtin_error(name, &format!("{arg}: invalid action name"));
                        return Err(2);
                    }
                },
                b'G' => p.spec.globpat = Some(arg),
                b'W' => p.spec.words = Some(arg),
                b'F' => p.spec.funcname = Some(arg),
                b'C' => p.spec.command = Some(arg),
                b'X' => p.spec.filterpat = Some(arg),
                b'P' => p.spec.prefix = Some(arg),
                _ => p.spec.suffix = Some(arg),
            }
        }
    }
    p.operands = argv[i..].iter().map(|a| text(a)).collect();
    Ok(p)
}

/// `compgen [options] [word]`: print the matches of the word (status 1 when none).
pub fn compgen(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let p = match parse(sh, argv, Who::Compgen) {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    // Nothing asked for: success, whatever the word (bash).
    if p.spec.is_empty() {
        return Ok(0);
    }
    let word = p.operands.first().cloned().unwrap_or_default();
    if p.spec.funcname.is_some() {
        sh.builtin_error("compgen", "warning: -F option may not work as you expect");
    }
    if p.spec.command.is_some() {
        sh.builtin_error("compgen", "warning: -C option may not work as you expect");
    }
    let found = generate::generate(sh, &p.spec, &word)?;
    if found.is_empty() {
        return Ok(1);
    }
    let mut out = Vec::new();
    for w in found {
        out.extend_from_slice(&w);
        out.push(b'\n');
    }
    sh.out(&out)?;
    Ok(0)
}

/// `complete`: store (`complete [options] name…`), list (`-p`, or no arguments) or remove
/// (`-r`) compspecs.
pub fn complete(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let p = match parse(sh, argv, Who::Complete) {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let special: Vec<u8> = p
        .flags
        .iter()
        .copied()
        .filter(|c| matches!(c, b'D' | b'E' | b'I'))
        .collect();
    let print = p.flags.contains(&b'p');
    let remove = p.flags.contains(&b'r');
    let nothing_else = p.spec.is_empty();
    if remove {
        if p.operands.is_empty() && special.is_empty() {
            sh.completions = CompSpecs::default();
            return Ok(0);
        }
        for c in &special {
            sh.completions.special.remove(c);
        }
        let mut status = 0;
        for n in &p.operands {
            if sh.completions.named.remove(n).is_none() {
                sh.builtin_error("complete", &format!("{n}: no completion specification"));
                status = 1;
            }
        }
        return Ok(status);
    }
    if print || (nothing_else && p.operands.is_empty() && special.is_empty()) {
        let mut out = String::new();
        let mut status = 0;
        if p.operands.is_empty() && special.is_empty() {
            for (n, s) in &sh.completions.named {
                out.push_str(&s.line(n));
            }
            for (c, s) in &sh.completions.special {
                out.push_str(&s.line(&format!("-{}", *c as char)));
            }
        } else {
            for c in &special {
                if let Some(s) = sh.completions.special.get(c) {
                    out.push_str(&s.line(&format!("-{}", *c as char)));
                }
            }
            for n in &p.operands {
                match sh.completions.named.get(n) {
                    Some(s) => out.push_str(&s.line(n)),
                    None => {
                        sh.builtin_error("complete", &format!("{n}: no completion specification"));
                        status = 1;
                    }
                }
            }
        }
        sh.out(out.as_bytes())?;
        return Ok(status);
    }
    if p.operands.is_empty() && special.is_empty() {
        sh.write_fd(
            2,
            format!("complete: usage: {}\n", Who::Complete.usage()).as_bytes(),
        );
        return Ok(2);
    }
    for c in special {
        sh.completions.special.insert(c, p.spec.clone());
    }
    for n in p.operands {
        sh.completions.named.insert(n, p.spec.clone());
    }
    Ok(0)
}

/// `compopt [-o|+o option] [-DEI] [name…]`: change the options of stored compspecs; with no
/// name it would change the completion in progress, and there is none outside completion.
pub fn compopt(sh: &mut Shell, argv: A, _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let p = match parse(sh, argv, Who::Compopt) {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let special: Vec<u8> = p.flags.clone();
    if p.operands.is_empty() && special.is_empty() {
        sh.builtin_error("compopt", "not currently executing completion function");
        return Ok(1);
    }
    let (on, off) = (p.spec.options, p.off);
    let mut status = 0;
    let mut out = String::new();
    let show = on == 0 && off == 0;
    let mut apply = |s: &mut CompSpec, label: &str| {
        s.options = (s.options | on) & !off;
        if show {
            out.push_str(&option_line(s, label));
        }
    };
    for c in &special {
        match sh.completions.special.get_mut(c) {
            Some(s) => apply(s, &format!("-{}", *c as char)),
            None => {
                let key = match c {
                    b'D' => "_DefaultCmD_",
                    b'E' => "_EmptycmD_",
                    _ => "_InitialWorD_",
                };
                sh.builtin_error("compopt", &format!("{key}: no completion specification"));
                status = 1;
            }
        }
    }
    for n in &p.operands {
        match sh.completions.named.get_mut(n) {
            Some(s) => apply(s, n),
            None => {
                sh.builtin_error("compopt", &format!("{n}: no completion specification"));
                status = 1;
            }
        }
    }
    sh.out(out.as_bytes())?;
    Ok(status)
}

/// `compopt NAME`'s listing: every option, `-o` when on, `+o` when off.
fn option_line(s: &CompSpec, label: &str) -> String {
    let mut line = String::from("compopt ");
    for o in COMP_OPTIONS {
        let sign = if s.has_option(o) { '-' } else { '+' };
        line.push_str(&format!("{sign}o {o} "));
    }
    line.push_str(label);
    line.push('\n');
    line
}
