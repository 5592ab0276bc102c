//! jq's command line, parsed as jq 1.7 parses it.
//!
//! The generic `ArgParser` cannot express jq: `--arg NAME VALUE` and friends take two values,
//! the first operand is the filter and later ones are files (or positional values after
//! `--args`/`--jsonargs`), and options may follow operands. So the `CommandSpec` option table
//! documents the options (help, completion) and this module parses them, in one pass.

/// A usage problem: printed as `jq: MSG` with exit status 2.
#[derive(Debug, Clone, PartialEq)]
pub struct UsageErr(pub String);

/// Where `--slurpfile`/`--rawfile` values come from (read later, through the context).
#[derive(Debug, Clone, PartialEq)]
pub enum NamedArg {
    /// `--arg`: a string.
    Str(String, String),
    /// `--argjson`: JSON text.
    Json(String, String),
    /// `--slurpfile`: all JSON texts of a file, as an array.
    SlurpFile(String, String),
    /// `--rawfile`: a file's text.
    RawFile(String, String),
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Options {
    pub filter: Option<String>,
    pub filter_file: Option<String>,
    pub files: Vec<String>,
    pub named: Vec<NamedArg>,
    /// `--args` / `--jsonargs` positional values (JSON text for the latter).
    pub positional: Vec<(bool, String)>,
    pub raw_output: bool,
    pub join_output: bool,
    pub raw_output0: bool,
    pub ascii: bool,
    pub compact: bool,
    pub null_input: bool,
    pub raw_input: bool,
    pub slurp: bool,
    pub exit_status: bool,
    pub sort_keys: bool,
    pub color: Option<bool>,
    pub tab: bool,
    pub indent: Option<usize>,
    pub seq: bool,
    /// `--stream`: inputs as path events.
    pub stream: bool,
    pub help: bool,
    pub version: bool,
}

fn need<'a>(args: &'a [String], i: usize, n: usize, what: &str) -> Result<&'a [String], UsageErr> {
    if i + n >= args.len() {
        return Err(UsageErr(what.to_string()));
    }
    Ok(&args[i + 1..=i + n])
}

/// Parse jq's arguments.
pub fn parse(args: &[String]) -> Result<Options, UsageErr> {
    let mut o = Options::default();
    let mut i = 0;
    let mut further_are_files = false;
    // None: operands are files; Some(json) after --args / --jsonargs
    let mut positional_mode: Option<bool> = None;
    while i < args.len() {
        let a = args[i].as_str();
        let is_opt = !further_are_files && a.starts_with('-') && a != "-";
        if !is_opt {
            if o.filter.is_none() && o.filter_file.is_none() {
                o.filter = Some(a.to_string());
            } else if let Some(json) = positional_mode {
                o.positional.push((json, a.to_string()));
            } else {
                o.files.push(a.to_string());
            }
            i += 1;
            continue;
        }
        if a == "--" {
            further_are_files = true;
            i += 1;
            continue;
        }
        if let Some(long) = a.strip_prefix("--") {
            match long {
                "raw-output" => o.raw_output = true,
                "join-output" => {
                    o.raw_output = true;
                    o.join_output = true;
                }
                "raw-output0" => {
                    o.raw_output = true;
                    o.raw_output0 = true;
                }
                "ascii-output" => o.ascii = true,
                "compact-output" => o.compact = true,
                "null-input" => o.null_input = true,
                "raw-input" => o.raw_input = true,
                "slurp" => o.slurp = true,
                "exit-status" => o.exit_status = true,
                "sort-keys" => o.sort_keys = true,
                "color-output" => o.color = Some(true),
                "monochrome-output" => o.color = Some(false),
                "tab" => o.tab = true,
                "seq" => o.seq = true,
                "help" => o.help = true,
                "version" => o.version = true,
                "args" => positional_mode = Some(false),
                "jsonargs" => positional_mode = Some(true),
                "unbuffered" | "stream-errors" => {}
                "indent" => {
                    let v = need(args, i, 1, "--indent takes one parameter")?;
                    let n: i64 = v[0]
                        .parse()
                        .map_err(|_| UsageErr("--indent takes a number".to_string()))?;
                    if n > 7 {
                        return Err(UsageErr("Cannot indent more than 7 characters".into()));
                    }
                    if n < 0 {
                        return Err(UsageErr("Cannot indent less than -1 characters".into()));
                    }
                    o.indent = Some(n as usize);
                    i += 1;
                }
                "from-file" => {
                    let v = need(args, i, 1, "-f takes a parameter: (e.g. -f filename)")?;
                    o.filter_file = Some(v[0].clone());
                    if let Some(f) = o.filter.take() {
                        o.files.push(f);
                    }
                    i += 1;
                }
                "arg" | "argjson" | "slurpfile" | "rawfile" => {
                    let msg = match long {
                        "arg" => "--arg takes two parameters (e.g. --arg varname value)",
                        "argjson" => "--argjson takes two parameters (e.g. --argjson varname text)",
                        "slurpfile" => {
                            "--slurpfile takes two parameters (e.g. --slurpfile varname filename)"
                        }
                        _ => "--rawfile takes two parameters (e.g. --rawfile varname filename)",
                    };
                    let v = need(args, i, 2, msg)?;
                    let (n, val) = (v[0].clone(), v[1].clone());
                    o.named.push(match long {
                        "arg" => NamedArg::Str(n, val),
                        "argjson" => NamedArg::Json(n, val),
                        "slurpfile" => NamedArg::SlurpFile(n, val),
                        _ => NamedArg::RawFile(n, val),
                    });
                    i += 2;
                }
                "stream" => o.stream = true,
                _ => return Err(UsageErr(format!("Unknown option: {a}"))),
            }
            i += 1;
            continue;
        }
        // a cluster of short options
        for c in a[1..].chars() {
            match c {
                'r' => o.raw_output = true,
                'j' => {
                    o.raw_output = true;
                    o.join_output = true;
                }
                'a' => o.ascii = true,
                'c' => o.compact = true,
                'n' => o.null_input = true,
                'R' => o.raw_input = true,
                's' => o.slurp = true,
                'e' => o.exit_status = true,
                'S' => o.sort_keys = true,
                'C' => o.color = Some(true),
                'M' => o.color = Some(false),
                'h' => o.help = true,
                'V' => o.version = true,
                'f' => {
                    let v = need(args, i, 1, "-f takes a parameter: (e.g. -f filename)")?;
                    o.filter_file = Some(v[0].clone());
                    if let Some(f) = o.filter.take() {
                        o.files.push(f);
                    }
                    i += 1;
                }
                'L' => {
                    need(args, i, 1, "-L takes a parameter: (e.g. -L /search/path)")?;
                    i += 1;
                }
                _ => return Err(UsageErr(format!("Unknown option: {a}"))),
            }
        }
        i += 1;
    }
    Ok(o)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(args: &[&str]) -> Result<Options, UsageErr> {
        parse(&args.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn filter_then_files_and_clusters() {
        let o = p(&["-nr", ".a", "f1", "-c", "f2"]).unwrap();
        assert!(o.null_input && o.raw_output && o.compact);
        assert_eq!(o.filter.as_deref(), Some(".a"));
        assert_eq!(o.files, ["f1", "f2"]);
    }

    #[test]
    fn two_valued_options_and_args() {
        let o = p(&["--arg", "x", "1", "-n", "$x", "--args", "a", "b"]).unwrap();
        assert_eq!(o.named, [NamedArg::Str("x".into(), "1".into())]);
        assert_eq!(o.positional, [(false, "a".into()), (false, "b".into())]);
        assert!(p(&["--arg", "x"]).is_err());
        assert_eq!(
            p(&["--indent", "9", "."]).unwrap_err(),
            UsageErr("Cannot indent more than 7 characters".into())
        );
        assert_eq!(
            p(&["-Z"]).unwrap_err(),
            UsageErr("Unknown option: -Z".into())
        );
    }
}
