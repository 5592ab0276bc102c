//! `getopt` (util-linux): parse a script's command-line options and print them in a normal
//! form, quoted for the shell, so that `eval set -- "$(getopt -o ab: -l alpha -- "$@")"`
//! works as on Linux. Option grammar and messages are glibc's `getopt_long` (permuting
//! non-options after `--`, abbreviated long options, `-a` for long options with one dash);
//! checked against util-linux 2.38.

use sandsh_api::{Arg, Command, CommandSpec, Example, ExitStatus, RiskLevel, ToolCtx};

use crate::common::{diag, output};

pub struct Getopt;

static SPEC: CommandSpec = CommandSpec {
    name: "getopt",
    group: "shell",
    summary: "parse command options (enhanced)",
    usage: "getopt OPTSTRING PARAMETERS | getopt [OPTIONS] [--] OPTSTRING PARAMETERS | getopt [OPTIONS] -o|--options OPTSTRING [OPTIONS] [--] PARAMETERS",
    description: "Parse PARAMETERS by the short options of OPTSTRING (a letter, `:` after it for a required argument, `::` for an optional one) and the long options of -l (comma-separated, with the same suffixes), and print them as `-a -b 'x' --long 'y' -- 'rest'`: every option first, its argument quoted for the shell, then `--` and the non-option parameters. Options: -o/--options OPTSTRING, -l/--longoptions LONGOPTS, -n/--name NAME (for errors), -q/--quiet (no error messages), -Q/--quiet-output (no output), -a/--alternative (long options with one dash), -s/--shell sh|bash|csh|tcsh (quoting), -u/--unquoted, -T/--test (exit 4). An OPTSTRING starting with `+` stops at the first non-option, one starting with `-` keeps non-options in place. The old form `getopt OPTSTRING PARAMETERS` prints unquoted.",
    options: &[],
    operands: &[],
    returns: "the normalized parameters on one line",
    examples: &[Example {
        description: "normalize a script's options",
        script: "getopt -o ab: -l alpha,beta: -- -a -bx --beta=y file",
        stdout: " -a -b 'x' --beta 'y' -- 'file'\n",
    }],
    errors: "exit 1 when PARAMETERS hold an unknown option or miss an argument (the rest is still printed), 2 on a usage error of getopt itself, 4 for -T",
    risk: RiskLevel::ReadOnly,
};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Takes {
    No,
    Required,
    Optional,
}

/// How non-option parameters are handled (the optstring's first character).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Order {
    /// Collected after `--` (the default).
    Permute,
    /// `+`: the first non-option ends the options.
    Stop,
    /// `-`: printed where they are.
    InPlace,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Shell {
    Sh,
    Csh,
}

/// getopt's own settings.
struct Settings {
    short: Option<String>,
    long: Vec<(String, Takes)>,
    name: String,
    quiet: bool,
    quiet_output: bool,
    alternative: bool,
    shell: Shell,
    quote: bool,
    test: bool,
}

/// `NAME` followed by `:` (required argument) or `::` (optional).
fn takes_suffix(s: &str) -> (&str, Takes) {
    if let Some(n) = s.strip_suffix("::") {
        (n, Takes::Optional)
    } else if let Some(n) = s.strip_suffix(':') {
        (n, Takes::Required)
    } else {
        (s, Takes::No)
    }
}

/// The short options of an optstring and how non-options are handled.
fn short_options(optstring: &str) -> (Vec<(char, Takes)>, Order) {
    let (order, body) = match optstring.chars().next() {
        Some('+') => (Order::Stop, &optstring[1..]),
        Some('-') => (Order::InPlace, &optstring[1..]),
        _ => (Order::Permute, optstring),
    };
    let chars: Vec<char> = body.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        i += 1;
        if c == ':' {
            continue;
        }
        let takes = match (chars.get(i), chars.get(i + 1)) {
            (Some(':'), Some(':')) => {
                i += 2;
                Takes::Optional
            }
            (Some(':'), _) => {
                i += 1;
                Takes::Required
            }
            _ => Takes::No,
        };
        out.push((c, takes));
    }
    (out, order)
}

/// Quote `s` for the shell getopt's output is meant for.
fn quote(s: &str, set: &Settings) -> String {
    if !set.quote {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len() + 2);
    out.push('\'');
    for c in s.chars() {
        match c {
            '\'' => out.push_str("'\\''"),
            '!' if set.shell == Shell::Csh => out.push_str("'\\!'"),
            '\n' if set.shell == Shell::Csh => out.push_str("'\\\n'"),
            _ => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// glibc's long-option lookup: the option named exactly, else the only one `name`
/// abbreviates; otherwise every option it abbreviates (none: unknown, several: ambiguous).
fn lookup<'a>(names: impl Iterator<Item = &'a str>, name: &str) -> Result<usize, Vec<&'a str>> {
    let names: Vec<&str> = names.collect();
    if let Some(k) = names.iter().position(|n| *n == name) {
        return Ok(k);
    }
    let cands: Vec<usize> = (0..names.len())
        .filter(|&k| names[k].starts_with(name))
        .collect();
    match cands.as_slice() {
        [one] => Ok(*one),
        _ => Err(cands.iter().map(|&k| names[k]).collect()),
    }
}

/// The parse of the parameters: the printed words and whether an error was reported.
struct Parse<'s> {
    set: &'s Settings,
    short: Vec<(char, Takes)>,
    words: Vec<String>,
    errors: Vec<String>,
}

impl Parse<'_> {
    fn error(&mut self, msg: String) {
        self.errors.push(format!("{}: {msg}", self.set.name));
    }

    fn option(&mut self, name: String, arg: Option<&str>) {
        self.words.push(name);
        if let Some(a) = arg {
            self.words.push(quote(a, self.set));
        }
    }

    /// A long option `text` (after its dashes, `dashes` as given); `false` when it names none
    /// (the caller may then read it as short options, under `-a`).
    fn long(&mut self, dashes: &str, text: &str, params: &[String], i: &mut usize) -> bool {
        let (name, value) = match text.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (text, None),
        };
        let found = match lookup(self.set.long.iter().map(|(n, _)| n.as_str()), name) {
            Ok(k) => self.set.long[k].clone(),
            Err(many) if many.is_empty() => return false,
            Err(many) => {
                let list: Vec<String> = many.iter().map(|n| format!("'{dashes}{n}'")).collect();
                self.error(format!(
                    "option '{dashes}{name}' is ambiguous; possibilities: {}",
                    list.join(" ")
                ));
                return true;
            }
        };
        let (full, takes) = found;
        match (takes, value) {
            (Takes::No, Some(_)) => {
                self.error(format!("option '{dashes}{full}' doesn't allow an argument"))
            }
            (Takes::No, None) => self.option(format!("--{full}"), None),
            (Takes::Optional, v) => self.option(format!("--{full}"), Some(v.unwrap_or(""))),
            (Takes::Required, Some(v)) => self.option(format!("--{full}"), Some(v)),
            (Takes::Required, None) => match params.get(*i + 1) {
                Some(v) => {
                    *i += 1;
                    self.option(format!("--{full}"), Some(v));
                }
                None => self.error(format!("option '{dashes}{full}' requires an argument")),
            },
        }
        true
    }

    /// A cluster of short options `-abc` (without its dash).
    fn shorts(&mut self, cluster: &str, params: &[String], i: &mut usize) {
        for (k, c) in cluster.char_indices() {
            let rest = &cluster[k + c.len_utf8()..];
            match self.short.iter().find(|(s, _)| *s == c).map(|(_, t)| *t) {
                None => self.error(format!("invalid option -- '{c}'")),
                Some(Takes::No) => self.option(format!("-{c}"), None),
                Some(Takes::Optional) => {
                    self.option(format!("-{c}"), Some(rest));
                    return;
                }
                Some(Takes::Required) if !rest.is_empty() => {
                    self.option(format!("-{c}"), Some(rest));
                    return;
                }
                Some(Takes::Required) => {
                    match params.get(*i + 1) {
                        Some(v) => {
                            *i += 1;
                            self.option(format!("-{c}"), Some(v));
                        }
                        None => self.error(format!("option requires an argument -- '{c}'")),
                    }
                    return;
                }
            }
        }
    }

    /// Parse `params`: the words to print (options, `--`, non-options).
    fn run(&mut self, params: &[String], order: Order) {
        let mut nonopts: Vec<String> = Vec::new();
        let mut i = 0;
        while i < params.len() {
            let p = params[i].as_str();
            if p == "--" {
                nonopts.extend(params[i + 1..].iter().map(|a| quote(a, self.set)));
                break;
            }
            if let Some(text) = p.strip_prefix("--") {
                if !self.long("--", text, params, &mut i) {
                    let name = text.split('=').next().unwrap_or(text);
                    self.error(format!("unrecognized option '--{name}'"));
                }
            } else if p.len() > 1 && p.starts_with('-') {
                let text = &p[1..];
                let first = text.chars().next().unwrap_or('-');
                let is_short =
                    text.chars().count() == 1 && self.short.iter().any(|(s, _)| *s == first);
                // Under -a a one-dash word is a long option when it can be one (glibc's
                // getopt_long_only); otherwise short options.
                let as_long =
                    self.set.alternative && !is_short && self.long("-", text, params, &mut i);
                if !as_long {
                    if self.set.alternative && !self.short.iter().any(|(s, _)| *s == first) {
                        let name = text.split('=').next().unwrap_or(text);
                        self.error(format!("unrecognized option '-{name}'"));
                    } else {
                        self.shorts(text, params, &mut i);
                    }
                }
            } else {
                match order {
                    Order::Permute => nonopts.push(quote(p, self.set)),
                    Order::InPlace => self.words.push(quote(p, self.set)),
                    Order::Stop => {
                        nonopts.extend(params[i..].iter().map(|a| quote(a, self.set)));
                        break;
                    }
                }
            }
            i += 1;
        }
        self.words.push("--".into());
        self.words.extend(nonopts);
    }
}

/// Read getopt's own options (up to the first parameter): the settings and the parameters.
fn settings(args: &[String]) -> Result<(Settings, Vec<String>), String> {
    let mut set = Settings {
        short: None,
        long: Vec::new(),
        name: "getopt".into(),
        quiet: false,
        quiet_output: false,
        alternative: false,
        shell: Shell::Sh,
        quote: true,
        test: false,
    };
    // The old form: the optstring first, unquoted output.
    if args.first().is_some_and(|a| !a.starts_with('-')) {
        set.short = Some(args[0].clone());
        set.quote = false;
        return Ok((set, args[1..].to_vec()));
    }
    const LONG: &[(&str, char, bool)] = &[
        ("options", 'o', true),
        ("longoptions", 'l', true),
        ("name", 'n', true),
        ("quiet", 'q', false),
        ("quiet-output", 'Q', false),
        ("alternative", 'a', false),
        ("shell", 's', true),
        ("test", 'T', false),
        ("unquoted", 'u', false),
    ];
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        if a == "--" {
            i += 1;
            break;
        }
        // (letter, its value if it takes one)
        let mut given: Vec<(char, Option<String>)> = Vec::new();
        if let Some(text) = a.strip_prefix("--") {
            let (name, value) = match text.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (text, None),
            };
            let &(full, c, valued) = match lookup(LONG.iter().map(|(n, _, _)| *n), name) {
                Ok(k) => &LONG[k],
                Err(many) if many.is_empty() => {
                    return Err(format!("unrecognized option '--{name}'"));
                }
                Err(many) => {
                    let list: Vec<String> = many.iter().map(|n| format!("'--{n}'")).collect();
                    return Err(format!(
                        "option '--{name}' is ambiguous; possibilities: {}",
                        list.join(" ")
                    ));
                }
            };
            let value = match (valued, value) {
                (true, Some(v)) => Some(v),
                (true, None) => {
                    i += 1;
                    Some(
                        args.get(i)
                            .cloned()
                            .ok_or(format!("option '--{full}' requires an argument"))?,
                    )
                }
                (false, Some(_)) => {
                    return Err(format!("option '--{full}' doesn't allow an argument"));
                }
                (false, None) => None,
            };
            given.push((c, value));
        } else if a.len() > 1 && a.starts_with('-') {
            for (k, c) in a[1..].char_indices() {
                let Some(&(_, _, valued)) = LONG.iter().find(|(_, l, _)| *l == c) else {
                    return Err(format!("invalid option -- '{c}'"));
                };
                if !valued {
                    given.push((c, None));
                    continue;
                }
                let rest = &a[1 + k + c.len_utf8()..];
                let v = if rest.is_empty() {
                    i += 1;
                    args.get(i)
                        .cloned()
                        .ok_or(format!("option requires an argument -- '{c}'"))?
                } else {
                    rest.to_string()
                };
                given.push((c, Some(v)));
                break;
            }
        } else {
            break;
        }
        for (c, v) in given {
            let v = v.unwrap_or_default();
            match c {
                'o' => set.short = Some(v),
                'l' => set.long.extend(
                    v.split([',', ' ', '\t', '\n'])
                        .filter(|s| !s.is_empty())
                        .map(|s| {
                            let (n, t) = takes_suffix(s);
                            (n.to_string(), t)
                        }),
                ),
                'n' => set.name = v,
                'q' => set.quiet = true,
                'Q' => set.quiet_output = true,
                'a' => set.alternative = true,
                's' => {
                    set.shell = match v.as_str() {
                        "sh" | "bash" => Shell::Sh,
                        "csh" | "tcsh" => Shell::Csh,
                        _ => return Err("unknown shell after -s or --shell argument".into()),
                    }
                }
                'u' => set.quote = false,
                'T' => set.test = true,
                _ => {}
            }
        }
        i += 1;
    }
    Ok((set, args[i..].to_vec()))
}

impl Command for Getopt {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let args: Vec<String> = args.iter().map(|a| diag::lossy(a)).collect();
        let (mut set, mut params) = match settings(&args) {
            Ok(x) => x,
            Err(m) => return diag::usage(ctx, &SPEC, &format!("getopt: {m}"), 2),
        };
        // -T: this is the enhanced getopt.
        if set.test {
            return 4;
        }
        let optstring = match set.short.take() {
            Some(s) => s,
            None if params.is_empty() => {
                return diag::usage(ctx, &SPEC, "getopt: missing optstring argument", 2);
            }
            None => params.remove(0),
        };
        let (short, order) = short_options(&optstring);
        let mut p = Parse {
            set: &set,
            short,
            words: Vec::new(),
            errors: Vec::new(),
        };
        p.run(&params, order);
        let failed = !p.errors.is_empty();
        if !set.quiet {
            for e in &p.errors {
                let _ = writeln!(ctx.stderr(), "{e}");
            }
        }
        if !set.quiet_output {
            let mut line = String::new();
            for w in &p.words {
                line.push(' ');
                line.push_str(w);
            }
            line.push('\n');
            if !output::out(ctx, line.as_bytes()) {
                return 1;
            }
        }
        i32::from(failed)
    }
}
