//! `node`'s command line, read as Node reads it: its options up to the first operand (the
//! script, or with `-e`/`-p` the first argument), everything after that for the script.
//! Options are a table ([`OPTIONS`]); one Node has that changes nothing here is accepted and
//! ignored, one it does not have is `node: bad option: X` with status 9, as Node says.

use sandsh_api::{Arg, Command, CommandSpec, ExitStatus, ToolCtx};

use crate::engine::{Invocation, Mode};

/// What an option does here.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Opt {
    Eval,
    Print,
    Check,
    Version,
    Help,
    Require,
    InputType,
    /// Accepted, changes nothing here; `true`: takes a value.
    Ignored(bool),
    /// Node has it; the sandbox does not (`--inspect`, `-i`).
    Refused,
}

/// Node's options: name, what it does.
const OPTIONS: &[(&str, Opt)] = &[
    ("-e", Opt::Eval),
    ("--eval", Opt::Eval),
    ("-p", Opt::Print),
    ("--print", Opt::Print),
    ("-pe", Opt::Print),
    ("-c", Opt::Check),
    ("--check", Opt::Check),
    ("-v", Opt::Version),
    ("--version", Opt::Version),
    ("-h", Opt::Help),
    ("--help", Opt::Help),
    ("-r", Opt::Require),
    ("--require", Opt::Require),
    ("--no-warnings", Opt::Ignored(false)),
    ("--no-deprecation", Opt::Ignored(false)),
    ("--trace-warnings", Opt::Ignored(false)),
    ("--trace-uncaught", Opt::Ignored(false)),
    ("--enable-source-maps", Opt::Ignored(false)),
    ("--experimental-vm-modules", Opt::Ignored(false)),
    ("--experimental-modules", Opt::Ignored(false)),
    ("--unhandled-rejections", Opt::Ignored(true)),
    ("--max-old-space-size", Opt::Ignored(true)),
    ("--stack-size", Opt::Ignored(true)),
    ("--input-type", Opt::InputType),
    ("--title", Opt::Ignored(true)),
    ("--inspect", Opt::Refused),
    ("--inspect-brk", Opt::Refused),
    ("-i", Opt::Refused),
    ("--interactive", Opt::Refused),
    ("--test", Opt::Refused),
    ("--watch", Opt::Refused),
];

const HELP: &str = "Usage: node [options] [ script.js ] [arguments]

Options:
  -                           script read from stdin (the default)
  --                          indicate the end of node options
  -c, --check                 syntax check script without executing
  -e, --eval script           evaluate script
  -h, --help                  print node command line options
  --input-type=module         -e and stdin are ES modules
  -p, --print [...]           evaluate script and print result
  -r, --require module        CommonJS module to preload (option can
                              be repeated)
  -v, --version               print Node.js version

This is sandsh's node: JavaScript on QuickJS with Node.js 20's everyday API
(process, console, require and ES modules, fs, path, util, events, Buffer, os,
crypto, timers, child_process inside the session) over the session's files
and limits; fetch goes through the network allowlist. Not available: npm,
sockets and servers (net, http, https), worker threads.
";

enum Parsed {
    Run(Invocation),
    /// Print this on stdout, status 0.
    Say(String),
    /// `node: MESSAGE` on stderr, status 9.
    Bad(String),
}

fn parse(args: &[Arg]) -> Parsed {
    let args: Vec<String> = args
        .iter()
        .map(|a| String::from_utf8_lossy(a).into_owned())
        .collect();
    let mut i = 0;
    let mut code: Option<(String, bool)> = None;
    let mut check = false;
    let mut preload = Vec::new();
    let mut module = false;
    while i < args.len() {
        let a = &args[i];
        if a == "--" {
            i += 1;
            break;
        }
        if a == "-" || !a.starts_with('-') {
            break;
        }
        let (name, inline) = match a.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v.to_string())),
            _ => (a.as_str(), None),
        };
        let Some(&(_, opt)) = OPTIONS.iter().find(|(n, _)| *n == name) else {
            return Parsed::Bad(format!("bad option: {a}"));
        };
        let value = |i: &mut usize| -> Option<String> {
            if let Some(v) = &inline {
                return Some(v.clone());
            }
            *i += 1;
            args.get(*i).cloned()
        };
        match opt {
            Opt::Eval | Opt::Print => {
                let print = opt == Opt::Print;
                match value(&mut i) {
                    Some(v) => code = Some((v, print)),
                    // `-p` alone prints nothing useful; Node wants the argument for both.
                    None => return Parsed::Bad(format!("{a} requires an argument")),
                }
            }
            Opt::Check => check = true,
            Opt::Version => return Parsed::Say(format!("{}\n", crate::NODE_VERSION)),
            Opt::Help => return Parsed::Say(HELP.to_string()),
            Opt::Require => match value(&mut i) {
                Some(v) => preload.push(v),
                None => return Parsed::Bad(format!("{a} requires an argument")),
            },
            Opt::InputType => match value(&mut i).as_deref() {
                Some("module") => module = true,
                Some("commonjs") => module = false,
                Some(v) => {
                    return Parsed::Bad(format!(
                        "--input-type must be \"module\" or \"commonjs\", not {v:?}"
                    ));
                }
                None => return Parsed::Bad(format!("{a} requires an argument")),
            },
            Opt::Ignored(takes) => {
                if takes {
                    let _ = value(&mut i);
                }
            }
            Opt::Refused => {
                return Parsed::Bad(format!(
                    "{a} is not available in the sandbox (no debugger, REPL, watcher or test runner)"
                ));
            }
        }
        i += 1;
    }
    let rest = &args[i.min(args.len())..];
    let exec_args: Vec<String> = args[..i.min(args.len())]
        .iter()
        .filter(|a| *a != "--")
        .cloned()
        .collect();
    let mode = match code {
        Some((code, print)) => {
            return Parsed::Run(Invocation {
                mode: Mode::Eval { code, print },
                args: rest.to_vec(),
                preload,
                exec_args,
                module,
            });
        }
        None => match rest.first() {
            None => Mode::Stdin,
            Some(f) if f == "-" => Mode::Stdin,
            Some(f) if check => Mode::Check(f.clone()),
            Some(f) => Mode::File(f.clone()),
        },
    };
    Parsed::Run(Invocation {
        mode,
        args: rest.to_vec(),
        preload,
        exec_args,
        module,
    })
}

/// `node` or `nodejs`.
pub struct Node {
    spec: CommandSpec,
}

impl Node {
    pub fn named(name: &'static str) -> Node {
        Node {
            spec: crate::node_spec(name),
        }
    }
}

impl Command for Node {
    fn spec(&self) -> &CommandSpec {
        &self.spec
    }

    fn run(&self, args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        match parse(args) {
            Parsed::Say(text) => {
                let _ = ctx.stdout().write_all(text.as_bytes());
                0
            }
            Parsed::Bad(msg) => {
                let _ = writeln!(ctx.stderr(), "{}: {msg}", self.spec.name);
                9
            }
            Parsed::Run(inv) => crate::engine::run(ctx, inv),
        }
    }
}

const NO_NPM: &str =
    "installing packages is not available in the sandbox: node has its built-in modules only";

/// `npm` and `npx`: they say the sandbox installs nothing, and fail.
pub struct Npm {
    spec: CommandSpec,
}

impl Npm {
    pub fn named(name: &'static str) -> Npm {
        Npm {
            spec: crate::npm_spec(name),
        }
    }
}

impl Command for Npm {
    fn spec(&self) -> &CommandSpec {
        &self.spec
    }

    fn run(&self, _args: &[Arg], ctx: &mut dyn ToolCtx) -> ExitStatus {
        let _ = writeln!(ctx.stderr(), "{}: {NO_NPM}", self.spec.name);
        1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<Arg> {
        a.iter().map(|s| s.as_bytes().to_vec()).collect()
    }

    #[test]
    fn options_stop_at_the_first_operand() {
        let Parsed::Run(inv) = parse(&args(&["-e", "x", "a", "-x", "b"])) else {
            panic!("runs");
        };
        assert_eq!(inv.args, ["a", "-x", "b"]);
        let Parsed::Run(inv) = parse(&args(&["f.js", "-e", "x"])) else {
            panic!("runs");
        };
        assert!(matches!(inv.mode, Mode::File(ref f) if f == "f.js"));
        assert_eq!(inv.args, ["f.js", "-e", "x"]);
    }

    #[test]
    fn an_unknown_option_is_a_bad_option() {
        assert!(matches!(parse(&args(&["--bogus"])), Parsed::Bad(m) if m == "bad option: --bogus"));
        assert!(matches!(parse(&args(&["-e"])), Parsed::Bad(m) if m == "-e requires an argument"));
    }

    #[test]
    fn stdin_is_the_default() {
        let Parsed::Run(inv) = parse(&args(&["-", "a"])) else {
            panic!("runs");
        };
        assert!(matches!(inv.mode, Mode::Stdin));
        assert_eq!(inv.args, ["-", "a"]);
    }
}
