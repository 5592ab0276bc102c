//! git's option parsing (parse-options): a table per subcommand, long options by unique
//! prefix, `--no-` negation, bundled short flags, values attached (`-mmsg`, `--message=m`) or
//! separate, options and operands in any order until `--`. What git says for an option it does
//! not know (`error: unknown option `x'` and the usage, status 129) is said here too; an
//! option git has that this git does not is refused by name, never ignored.

use crate::error::{Fail, Res};

/// What an option takes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    /// A switch (`--amend`), negatable.
    Flag,
    /// A required value (`-m MSG`, `--message=MSG`).
    Value,
    /// A value only when attached (`--abbrev=10`, `-U5`, `-uall`).
    Optional,
    /// git has it; sandsh's git does not. `true`: it takes a value.
    Unsupported(bool),
}

/// One row of a subcommand's option table.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Opt {
    pub short: Option<char>,
    pub long: &'static str,
    pub kind: Kind,
}

pub(crate) const fn flag(short: Option<char>, long: &'static str) -> Opt {
    Opt {
        short,
        long,
        kind: Kind::Flag,
    }
}

pub(crate) const fn value(short: Option<char>, long: &'static str) -> Opt {
    Opt {
        short,
        long,
        kind: Kind::Value,
    }
}

pub(crate) const fn optional(short: Option<char>, long: &'static str) -> Opt {
    Opt {
        short,
        long,
        kind: Kind::Optional,
    }
}

pub(crate) const fn no(short: Option<char>, long: &'static str, takes_value: bool) -> Opt {
    Opt {
        short,
        long,
        kind: Kind::Unsupported(takes_value),
    }
}

/// What was given for an option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Val {
    On,
    Off,
    Str(String),
}

/// The parsed command line: options in order, then the operands.
#[derive(Debug, Default)]
pub(crate) struct Parsed {
    pub opts: Vec<(&'static str, Val)>,
    pub args: Vec<String>,
    /// How many of `args` came before `--` (all of them when there was none).
    pub before_dashdash: usize,
    pub dashdash: bool,
}

impl Parsed {
    /// Whether the switch `long` is on (its last occurrence wins).
    pub fn on(&self, long: &str) -> bool {
        self.opts
            .iter()
            .rev()
            .find(|(n, _)| *n == long)
            .is_some_and(|(_, v)| *v != Val::Off)
    }

    /// Whether `long` was given at all (on or off).
    pub fn given(&self, long: &str) -> bool {
        self.opts.iter().any(|(n, _)| *n == long)
    }

    /// The last value given to `long`.
    pub fn value(&self, long: &str) -> Option<&str> {
        self.opts
            .iter()
            .rev()
            .find(|(n, _)| *n == long)
            .and_then(|(_, v)| match v {
                Val::Str(s) => Some(s.as_str()),
                _ => None,
            })
    }

    /// Every value given to `long`, in order.
    pub fn values(&self, long: &str) -> Vec<&str> {
        self.opts
            .iter()
            .filter(|(n, _)| *n == long)
            .filter_map(|(_, v)| match v {
                Val::Str(s) => Some(s.as_str()),
                _ => None,
            })
            .collect()
    }

    /// The operands after `--` (pathspecs).
    pub fn after_dashdash(&self) -> &[String] {
        &self.args[self.before_dashdash..]
    }
}

/// The usage error git prints: the message, then the command's usage line.
pub(crate) fn usage_error(msg: &str, usage: &str) -> Fail {
    Fail::Usage(format!("error: {msg}\nusage: {usage}\n"))
}

/// Parse `args` by `table`. `usage` is the subcommand's usage line (`git commit [<options>]…`).
/// With `stop_at_operand`, the first operand ends the options (as `git config` and
/// `git rev-parse` read their arguments).
pub(crate) fn parse(table: &[Opt], args: &[String], usage: &str) -> Res<Parsed> {
    let mut p = Parsed::default();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        i += 1;
        if a == "--" {
            p.before_dashdash = p.args.len();
            p.dashdash = true;
            p.args.extend(args[i..].iter().cloned());
            return Ok(p);
        }
        if let Some(long) = a.strip_prefix("--") {
            let (name, attached) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (long, None),
            };
            let (opt, negated) = find_long(table, name, usage)?;
            match opt.kind {
                Kind::Unsupported(_) => {
                    return Err(Fail::unsupported(&format!("the option `--{}'", opt.long)));
                }
                Kind::Flag => {
                    if attached.is_some() {
                        return Err(usage_error(
                            &format!("option `{}' takes no value", opt.long),
                            usage,
                        ));
                    }
                    p.opts
                        .push((opt.long, if negated { Val::Off } else { Val::On }));
                }
                _ if negated => p.opts.push((opt.long, Val::Off)),
                Kind::Value => {
                    let v = match attached {
                        Some(v) => v,
                        None if i < args.len() => {
                            i += 1;
                            args[i - 1].clone()
                        }
                        None => {
                            return Err(usage_error(
                                &format!("option `{}' requires a value", opt.long),
                                usage,
                            ));
                        }
                    };
                    p.opts.push((opt.long, Val::Str(v)));
                }
                Kind::Optional => {
                    p.opts.push((opt.long, attached.map_or(Val::On, Val::Str)));
                }
            }
            continue;
        }
        if a.len() > 1 && a.starts_with('-') {
            let chars: Vec<char> = a[1..].chars().collect();
            let mut j = 0;
            while j < chars.len() {
                let c = chars[j];
                j += 1;
                let Some(opt) = table.iter().find(|o| o.short == Some(c)) else {
                    return Err(usage_error(&format!("unknown switch `{c}'"), usage));
                };
                match opt.kind {
                    Kind::Unsupported(_) => {
                        return Err(Fail::unsupported(&format!("the option `-{c}'")));
                    }
                    Kind::Flag => p.opts.push((opt.long, Val::On)),
                    Kind::Value => {
                        let rest: String = chars[j..].iter().collect();
                        let v = if !rest.is_empty() {
                            rest
                        } else if i < args.len() {
                            i += 1;
                            args[i - 1].clone()
                        } else {
                            return Err(usage_error(
                                &format!("switch `{c}' requires a value"),
                                usage,
                            ));
                        };
                        p.opts.push((opt.long, Val::Str(v)));
                        j = chars.len();
                    }
                    Kind::Optional => {
                        let rest: String = chars[j..].iter().collect();
                        p.opts.push((
                            opt.long,
                            if rest.is_empty() {
                                Val::On
                            } else {
                                Val::Str(rest)
                            },
                        ));
                        j = chars.len();
                    }
                }
            }
            continue;
        }
        p.args.push(a.clone());
    }
    p.before_dashdash = p.args.len();
    Ok(p)
}

/// The row for `--name` (or `--no-name`), by exact name or unique prefix, as git allows.
fn find_long(table: &[Opt], name: &str, usage: &str) -> Res<(Opt, bool)> {
    if let Some(o) = table.iter().find(|o| o.long == name) {
        return Ok((*o, false));
    }
    if let Some(base) = name.strip_prefix("no-")
        && let Some(o) = table.iter().find(|o| o.long == base)
    {
        return Ok((*o, true));
    }
    // Options whose own name starts with `no-` (`--no-verify`) negate to the name without it.
    if let Some(o) = table.iter().find(|o| o.long == format!("no-{name}")) {
        return Ok((*o, true));
    }
    if !name.is_empty() {
        let hits: Vec<&Opt> = table.iter().filter(|o| o.long.starts_with(name)).collect();
        if hits.len() == 1 {
            return Ok((*hits[0], false));
        }
        if let Some(base) = name.strip_prefix("no-") {
            let hits: Vec<&Opt> = table.iter().filter(|o| o.long.starts_with(base)).collect();
            if hits.len() == 1 && !base.is_empty() {
                return Ok((*hits[0], true));
            }
        }
        if hits.len() > 1 {
            return Err(usage_error(
                &format!(
                    "ambiguous option: {name} (could be --{} or --{})",
                    hits[0].long, hits[1].long
                ),
                usage,
            ));
        }
    }
    Err(usage_error(&format!("unknown option `{name}'"), usage))
}

#[cfg(test)]
mod tests {
    use super::*;

    const T: &[Opt] = &[
        flag(Some('a'), "all"),
        value(Some('m'), "message"),
        flag(None, "amend"),
        optional(Some('u'), "untracked-files"),
        no(None, "fixup", true),
    ];

    fn s(v: &[&str]) -> Vec<String> {
        v.iter().map(|x| x.to_string()).collect()
    }

    #[test]
    fn bundles_prefixes_and_dashdash() {
        let p = parse(T, &s(&["-am", "msg", "--am", "x", "--", "-a"]), "u").unwrap();
        assert!(p.on("all"));
        assert_eq!(p.value("message"), Some("msg"));
        assert!(p.on("amend"));
        assert_eq!(p.args, ["x", "-a"]);
        assert_eq!(p.after_dashdash(), ["-a"]);
        let p = parse(T, &s(&["-mhi", "--no-all", "-uno"]), "u").unwrap();
        assert_eq!(p.value("message"), Some("hi"));
        assert!(!p.on("all"));
        assert_eq!(p.value("untracked-files"), Some("no"));
    }

    #[test]
    fn unknown_and_unsupported_are_usage_errors() {
        let e = parse(T, &s(&["--bogus"]), "u").unwrap_err();
        assert!(matches!(e.render(), (m, 129) if m.starts_with("error: unknown option `bogus'")));
        let e = parse(T, &s(&["-x"]), "u").unwrap_err();
        assert!(matches!(e.render(), (m, 129) if m.starts_with("error: unknown switch `x'")));
        let e = parse(T, &s(&["--fixup=x"]), "u").unwrap_err();
        assert_eq!(e.render().1, 129);
        let e = parse(T, &s(&["-m"]), "u").unwrap_err();
        assert!(
            matches!(e.render(), (m, 129) if m.starts_with("error: switch `m' requires a value"))
        );
    }
}
