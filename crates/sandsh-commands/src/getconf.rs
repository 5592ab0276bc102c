//! `getconf`: print system configuration values, as glibc's `getconf` does.
//!
//! The values are the sandbox's, not the host's: a fixed table of Linux x86-64 limits
//! (sysconf and limits.h names) and per-path limits for paths that exist in the VFS. The
//! processor counts are whatever `nproc` reports (it is called, so there is one source of
//! truth for how many processors a script may use).

use sandsh_api::OptSpec;
use sandsh_api::opt;
use sandsh_api::{
    Arg, ArgSpec, ArgType, CommandSpec, Example, ExitStatus, ParsedArgs, ParsedCommand, RiskLevel,
    ToolCtx,
};

use crate::common::{diag, output};

pub struct Getconf;

static SPEC: CommandSpec = CommandSpec {
    name: "getconf",
    group: "sys",
    summary: "query system configuration variables",
    usage: "getconf [-v specification] variable_name [pathname]\n       getconf -a [pathname]",
    description: "Print the value of a configuration variable: system limits (ARG_MAX, PAGE_SIZE, CLK_TCK, LONG_BIT, INT_MAX, ...), the processor counts (_NPROCESSORS_ONLN, _NPROCESSORS_CONF, as nproc reports them), PATH (the standard utility path), and per-file limits (PATH_MAX, NAME_MAX, PIPE_BUF, LINK_MAX, FILESIZEBITS) for a pathname. The values are the sandbox's, never the host's.",
    options: &[
        OptSpec::new("-a", "print all variables and their values"),
        OptSpec::new("-v SPEC", "the specification (accepted and ignored)"),
    ],
    operands: &[
        ArgSpec::optional("variable_name", ArgType::String, "the variable to print"),
        ArgSpec::optional(
            "pathname",
            ArgType::Path,
            "the file a per-path variable is asked about",
        ),
    ],
    returns: "the value, one line",
    examples: &[
        Example {
            description: "the page size",
            script: "getconf PAGE_SIZE",
            stdout: "4096\n",
        },
        Example {
            description: "longest file name in a directory",
            script: "getconf NAME_MAX /tmp",
            stdout: "255\n",
        },
    ],
    errors: "exit 2 for an unknown variable or a misuse (usage), 3 when the pathname does not exist",
    risk: RiskLevel::ReadOnly,
};

const USAGE: &str =
    "Usage: getconf [-v specification] variable_name [pathname]\n       getconf -a [pathname]\n";

/// System-wide values (sysconf, limits.h, confstr).
const SYSTEM: &[(&str, &str)] = &[
    ("ARG_MAX", "2097152"),
    ("_POSIX_ARG_MAX", "2097152"),
    ("CHAR_BIT", "8"),
    ("CHAR_MAX", "127"),
    ("CHAR_MIN", "-128"),
    ("CLK_TCK", "100"),
    ("HOST_NAME_MAX", "64"),
    ("_POSIX_HOST_NAME_MAX", "64"),
    ("INT_MAX", "2147483647"),
    ("INT_MIN", "-2147483648"),
    ("LINE_MAX", "2048"),
    ("LOGIN_NAME_MAX", "256"),
    ("LONG_BIT", "64"),
    ("NGROUPS_MAX", "65536"),
    ("OPEN_MAX", "1024"),
    ("PAGESIZE", "4096"),
    ("PAGE_SIZE", "4096"),
    ("PATH", "/bin:/usr/bin"),
    ("CS_PATH", "/bin:/usr/bin"),
    ("POSIX2_VERSION", "200809"),
    ("_POSIX_VERSION", "200809"),
    ("RE_DUP_MAX", "32767"),
    ("SCHAR_MAX", "127"),
    ("SCHAR_MIN", "-128"),
    ("SHRT_MAX", "32767"),
    ("SHRT_MIN", "-32768"),
    ("SSIZE_MAX", "32767"),
    ("TTY_NAME_MAX", "32"),
    ("UCHAR_MAX", "255"),
    ("UINT_MAX", "4294967295"),
    ("ULONG_MAX", "18446744073709551615"),
    ("USHRT_MAX", "65535"),
    ("WORD_BIT", "32"),
    ("BC_BASE_MAX", "99"),
    ("BC_DIM_MAX", "2048"),
    ("BC_SCALE_MAX", "99"),
    ("BC_STRING_MAX", "1000"),
    ("EXPR_NEST_MAX", "32"),
];

/// Per-path values (pathconf); they need a pathname.
const PER_PATH: &[(&str, &str)] = &[
    ("LINK_MAX", "65000"),
    ("_POSIX_LINK_MAX", "65000"),
    ("MAX_CANON", "255"),
    ("MAX_INPUT", "255"),
    ("NAME_MAX", "255"),
    ("_POSIX_NAME_MAX", "255"),
    ("PATH_MAX", "4096"),
    ("_POSIX_PATH_MAX", "4096"),
    ("PIPE_BUF", "4096"),
    ("_POSIX_PIPE_BUF", "4096"),
    ("FILESIZEBITS", "64"),
    ("SYMLINK_MAX", "255"),
];

/// Variables answered by `nproc` (and its arguments).
const PROCESSORS: &[(&str, &[&str])] = &[
    ("_NPROCESSORS_ONLN", &[]),
    ("_NPROCESSORS_CONF", &["--all"]),
];

fn lookup<'a>(table: &'a [(&'a str, &'a str)], name: &str) -> Option<&'a str> {
    table.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
}

fn usage(ctx: &mut dyn ToolCtx) -> ExitStatus {
    let _ = ctx.stderr().write_all(USAGE.as_bytes());
    2
}

/// Print `nproc`'s answer (its own output, so the count has one source).
fn processors(ctx: &mut dyn ToolCtx, args: &[&str]) -> ExitStatus {
    let args: Vec<Arg> = args.iter().map(|a| a.as_bytes().to_vec()).collect();
    ctx.call("nproc", &args)
}

fn path_exists(ctx: &dyn ToolCtx, path: &str) -> bool {
    ctx.backend().stat(&ctx.resolve_path(path)).is_ok()
}

impl ParsedCommand for Getconf {
    fn spec(&self) -> &CommandSpec {
        &SPEC
    }

    fn usage_status(&self) -> ExitStatus {
        2
    }

    fn run_parsed(&self, p: ParsedArgs, ctx: &mut dyn ToolCtx) -> ExitStatus {
        let ops: Vec<String> = p.operands.iter().map(|o| diag::lossy(o)).collect();
        if p.has(opt!(SPEC, "a")) {
            if ops.len() > 1 {
                return usage(ctx);
            }
            let path = ops.first().map_or("/", String::as_str).to_string();
            if !path_exists(ctx, &path) {
                diag::err(
                    ctx,
                    "getconf",
                    &format!("{path}: No such file or directory"),
                );
                return 3;
            }
            let mut out = String::new();
            for (n, v) in PER_PATH.iter().chain(SYSTEM) {
                out.push_str(&format!("{n:<35}{v}\n"));
            }
            if !output::out(ctx, out.as_bytes()) {
                return 141;
            }
            for (n, a) in PROCESSORS {
                let _ = output::out(ctx, format!("{n:<35}").as_bytes());
                let s = processors(ctx, a);
                if s != 0 {
                    return s;
                }
            }
            return 0;
        }
        let (name, path) = match ops.as_slice() {
            [n] => (n.as_str(), None),
            [n, p] => (n.as_str(), Some(p.as_str())),
            _ => return usage(ctx),
        };
        if let Some(v) = lookup(PER_PATH, name) {
            let Some(path) = path else {
                return usage(ctx);
            };
            if !path_exists(ctx, path) {
                let msg = format!("pathconf: {path}: No such file or directory");
                diag::err(ctx, "getconf", &msg);
                return 3;
            }
            return output::emit(ctx, format!("{v}\n").as_bytes(), 0);
        }
        let known = lookup(SYSTEM, name).is_some() || PROCESSORS.iter().any(|(n, _)| *n == name);
        if !known {
            diag::err(ctx, "getconf", &format!("Unrecognized variable `{name}'"));
            return 2;
        }
        if path.is_some() {
            return usage(ctx);
        }
        if let Some((_, a)) = PROCESSORS.iter().find(|(n, _)| *n == name) {
            return processors(ctx, a);
        }
        let v = lookup(SYSTEM, name).unwrap_or_default();
        output::emit(ctx, format!("{v}\n").as_bytes(), 0)
    }
}

#[cfg(test)]
mod tests {
    use super::Getconf;
    use crate::common::testing::{TestCtx, run};

    fn get(args: &[&str]) -> (i32, String, String) {
        let mut c = TestCtx::new();
        let s = run(&Getconf, args, &mut c);
        (s, c.out_str(), c.err_str())
    }

    #[test]
    fn values() {
        assert_eq!(get(&["ARG_MAX"]).1, "2097152\n");
        assert_eq!(get(&["LONG_BIT"]).1, "64\n");
        assert_eq!(get(&["PATH"]).1, "/bin:/usr/bin\n");
        assert_eq!(get(&["PATH_MAX", "/"]).1, "4096\n");
        assert_eq!(get(&["NAME_MAX", "/tmp"]).1, "255\n");
    }

    #[test]
    fn processors_come_from_nproc() {
        let mut c = TestCtx::new();
        c.env.push(("OMP_NUM_THREADS".into(), b"3".to_vec()));
        assert_eq!(run(&Getconf, &["_NPROCESSORS_ONLN"], &mut c), 0);
        assert_eq!(c.out_str(), "3\n");
    }

    #[test]
    fn errors() {
        let (s, _, e) = get(&["FOO"]);
        assert_eq!(
            (s, e.as_str()),
            (2, "getconf: Unrecognized variable `FOO'\n")
        );
        assert_eq!(get(&["PATH_MAX"]).0, 2);
        assert_eq!(get(&["ARG_MAX", "/"]).0, 2);
        assert_eq!(get(&[]).0, 2);
        let (s, _, e) = get(&["NAME_MAX", "/nope"]);
        assert_eq!(
            (s, e.as_str()),
            (3, "getconf: pathconf: /nope: No such file or directory\n")
        );
    }
}
