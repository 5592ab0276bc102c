//! The shell builtins, one record each: name, spec (synopsis, summary, examples), whether POSIX
//! calls it special, and the function that runs it. Dispatch, `help`, `type`, `enable`, the
//! kernel's builtin list (REPL completion, the tool description) all read [`BUILTINS`], and the
//! examples run as tests, as commands' do.

use std::sync::LazyLock;

use sandsh_api::{CommandSpec, Example, RiskLevel};

use super::super::expand::ExpAssign;
use super::super::{Res, Shell};
use super::{
    Builtin, alias, bash, command, complete, declare, dirs, eval, fixed, flow, getopts, hash, help,
    jobs, options, output, read, set, test, text, timeout, ulimit, umask, wait,
};

/// One shell builtin.
pub struct BuiltinDef {
    /// Name, synopsis (`usage`), summary and examples; group `shell`.
    pub spec: CommandSpec,
    /// A POSIX special builtin: prefix assignments persist and errors are fatal.
    pub special: bool,
    pub run: Builtin,
}

const fn def(
    name: &'static str,
    usage: &'static str,
    summary: &'static str,
    special: bool,
    run: Builtin,
    examples: &'static [Example],
) -> BuiltinDef {
    BuiltinDef {
        spec: CommandSpec {
            name,
            group: "shell",
            summary,
            usage,
            description: summary,
            options: options::of(name),
            operands: &[],
            returns: "",
            examples,
            errors: "",
            risk: RiskLevel::LowRisk,
        },
        special,
        run,
    }
}

/// Every builtin, sorted by name (byte order), one record each.
pub static BUILTINS: &[BuiltinDef] = &[
    def(
        ".",
        ". filename [arguments]",
        "run a file in the current shell",
        true,
        eval::source,
        &[Example {
            description: "read definitions from a file",
            script: "echo 'x=5' > defs.sh; . ./defs.sh; echo $x",
            stdout: "5\n",
        }],
    ),
    def(
        ":",
        ": [arguments]",
        "do nothing; succeed",
        true,
        fixed::true_,
        &[Example {
            description: "a no-op that succeeds",
            script: ": ignored arguments && echo ok",
            stdout: "ok\n",
        }],
    ),
    def(
        "[",
        "[ arg... ]",
        "evaluate a conditional expression",
        false,
        test::bracket,
        &[Example {
            description: "compare numbers",
            script: "[ 3 -gt 2 ] && echo yes",
            stdout: "yes\n",
        }],
    ),
    def(
        "alias",
        "alias [-p] [name[=value] ...]",
        "define or show aliases",
        false,
        alias::alias,
        &[Example {
            description: "define and show an alias",
            script: "alias ll='ls -l'; alias ll",
            stdout: "alias ll='ls -l'\n",
        }],
    ),
    def(
        "bash",
        "bash [-euxo opt] [-c cmds [name [args]] | file [args]]",
        "run a nested shell over the same filesystem",
        false,
        bash::bash,
        &[Example {
            description: "run a command string",
            script: "bash -c 'echo $(( $1 * 2 ))' name 21",
            stdout: "42\n",
        }],
    ),
    def(
        "bg",
        "bg [job_spec ...]",
        "resume jobs in the background (needs job control: set -m)",
        false,
        jobs::bg,
        &[Example {
            description: "no job control in a script",
            script: "bg 2>/dev/null; echo $?",
            stdout: "1\n",
        }],
    ),
    def(
        "break",
        "break [n]",
        "exit from for, while or until loops",
        true,
        flow::break_,
        &[Example {
            description: "leave a loop early",
            script: "for i in 1 2 3; do [ $i = 2 ] && break; echo $i; done",
            stdout: "1\n",
        }],
    ),
    def(
        "builtin",
        "builtin name [args]",
        "run a shell builtin",
        false,
        command::builtin,
        &[Example {
            description: "bypass a function of the same name",
            script: "echo() { :; }; builtin echo hi",
            stdout: "hi\n",
        }],
    ),
    def(
        "caller",
        "caller [expr]",
        "print the context of the current function call",
        false,
        help::caller,
        &[Example {
            description: "outside any function caller fails",
            script: "caller || echo 'not in a function'",
            stdout: "not in a function\n",
        }],
    ),
    def(
        "cd",
        "cd [-L|-P] [dir]",
        "change the working directory",
        false,
        dirs::cd,
        &[Example {
            description: "change directory",
            script: "cd / && pwd",
            stdout: "/\n",
        }],
    ),
    def(
        "command",
        "command [-vV] name [args]",
        "run a command, bypassing functions",
        false,
        command::command,
        &[Example {
            description: "say how a name resolves",
            script: "command -v cd",
            stdout: "cd\n",
        }],
    ),
    def(
        "compgen",
        "compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]",
        "print the possible completions of a word",
        false,
        complete::compgen,
        &[Example {
            description: "the words of a list that start with a prefix",
            script: "compgen -W 'start stop status' -- st",
            stdout: "start\nstop\nstatus\n",
        }],
    ),
    def(
        "complete",
        "complete [-abcdefgjksuv] [-pr] [-DEI] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [name ...]",
        "store, list or remove completion specifications",
        false,
        complete::complete,
        &[Example {
            description: "store a completion and list it",
            script: "complete -W 'start stop' svc; complete -p svc",
            stdout: "complete -W 'start stop' svc\n",
        }],
    ),
    def(
        "compopt",
        "compopt [-o|+o option] [-DEI] [name ...]",
        "change the options of a completion specification",
        false,
        complete::compopt,
        &[Example {
            description: "turn an option on for a stored completion",
            script: "complete -W x cmd; compopt -o nospace cmd; complete -p cmd",
            stdout: "complete -o nospace -W 'x' cmd\n",
        }],
    ),
    def(
        "continue",
        "continue [n]",
        "resume the next iteration of a loop",
        true,
        flow::continue_,
        &[Example {
            description: "skip one iteration",
            script: "for i in 1 2 3; do [ $i = 2 ] && continue; echo $i; done",
            stdout: "1\n3\n",
        }],
    ),
    def(
        "declare",
        "declare [-aAfFgiIlnrtux] [-p] [name[=value] ...]",
        "set variable values and attributes",
        false,
        declare::declare,
        &[Example {
            description: "an integer variable",
            script: "declare -i n=2+3; echo $n",
            stdout: "5\n",
        }],
    ),
    def(
        "dirs",
        "dirs [-c]",
        "show the directory stack",
        false,
        dirs::dirs,
        &[Example {
            description: "the stack after pushd",
            script: "cd /; pushd /tmp >/dev/null; dirs",
            stdout: "/tmp /\n",
        }],
    ),
    def(
        "disown",
        "disown [-h] [-ar] [jobspec ... | pid ...]",
        "remove jobs from the job table",
        false,
        jobs::disown,
        &[Example {
            description: "a disowned job is no longer listed",
            script: "sleep 1 & disown; jobs; echo none",
            stdout: "none\n",
        }],
    ),
    def(
        "echo",
        "echo [-neE] [arg ...]",
        "write arguments to standard output",
        false,
        output::echo,
        &[Example {
            description: "with and without a newline",
            script: "echo -n a; echo b",
            stdout: "ab\n",
        }],
    ),
    def(
        "enable",
        "enable [-a] [-p] [name ...]",
        "list the shell builtins, or check that names are builtins",
        false,
        enable,
        &[Example {
            description: "check that a name is a builtin",
            script: "enable cd && echo cd is a builtin",
            stdout: "cd is a builtin\n",
        }],
    ),
    def(
        "eval",
        "eval [arg ...]",
        "run arguments as a shell command",
        true,
        eval::eval,
        &[Example {
            description: "run a command held in a variable",
            script: "cmd='echo hi'; eval \"$cmd\"",
            stdout: "hi\n",
        }],
    ),
    def(
        "exec",
        "exec [command [args]] [redirections]",
        "replace the shell with a command, or apply redirections",
        true,
        eval::exec,
        &[Example {
            description: "open a file descriptor for the rest of the script",
            script: "exec 3>&1; echo to-fd-3 >&3",
            stdout: "to-fd-3\n",
        }],
    ),
    def(
        "exit",
        "exit [n]",
        "exit the shell",
        true,
        flow::exit,
        &[Example {
            description: "a subshell's exit status",
            script: "(exit 3); echo $?",
            stdout: "3\n",
        }],
    ),
    def(
        "export",
        "export [-fn] [name[=value] ...]",
        "mark variables for export to commands",
        true,
        declare::export,
        &[Example {
            description: "commands see exported variables",
            script: "export GREETING=hi; env | grep '^GREETING='",
            stdout: "GREETING=hi\n",
        }],
    ),
    def(
        "false",
        "false",
        "do nothing, unsuccessfully",
        false,
        fixed::false_,
        &[Example {
            description: "fail",
            script: "false || echo failed",
            stdout: "failed\n",
        }],
    ),
    def(
        "fg",
        "fg [job_spec]",
        "wait for a job in the foreground (needs job control: set -m)",
        false,
        jobs::fg,
        &[Example {
            description: "no job control in a script",
            script: "fg 2>/dev/null; echo $?",
            stdout: "1\n",
        }],
    ),
    def(
        "getopts",
        "getopts optstring name [arg ...]",
        "parse option arguments",
        false,
        getopts::getopts,
        &[Example {
            description: "one option with an argument",
            script: "set -- -o out.txt; getopts o: opt; echo \"$opt $OPTARG\"",
            stdout: "o out.txt\n",
        }],
    ),
    def(
        "hash",
        "hash [-r] [name ...]",
        "remember command locations",
        false,
        hash::hash,
        &[Example {
            description: "forget remembered locations",
            script: "hash -r && echo cleared",
            stdout: "cleared\n",
        }],
    ),
    def(
        "help",
        "help [--json] [name | topic]",
        "show help for commands and topics",
        false,
        help::help,
        &[Example {
            description: "one builtin's synopsis and options",
            script: "help pwd",
            stdout: "pwd: pwd [-LP]\n    print the working directory.\n    \n    Options:\n      -L\tprint the value of $PWD if it names the current working directory\n      -P\tprint the physical directory, without any symbolic links\n",
        }],
    ),
    def(
        "jobs",
        "jobs [-lnprs] [jobspec ...]",
        "list background jobs",
        false,
        jobs::jobs,
        &[Example {
            description: "no jobs left after wait",
            script: "sleep 0 & wait; jobs; echo none",
            stdout: "none\n",
        }],
    ),
    def(
        "kill",
        "kill [-s sig | -n num | -sig] pid|jobspec ... | -l",
        "send a signal to jobs",
        false,
        jobs::kill,
        &[Example {
            description: "a signal's name from its number",
            script: "kill -l 9",
            stdout: "KILL\n",
        }],
    ),
    def(
        "let",
        "let arg [arg ...]",
        "evaluate arithmetic expressions",
        false,
        flow::let_,
        &[Example {
            description: "arithmetic assignment",
            script: "let x=2*3; echo $x",
            stdout: "6\n",
        }],
    ),
    def(
        "local",
        "local [option] name[=value] ...",
        "define function-local variables",
        false,
        declare::local,
        &[Example {
            description: "a variable local to a function",
            script: "f() { local x=in; echo $x; }; x=out; f; echo $x",
            stdout: "in\nout\n",
        }],
    ),
    def(
        "logout",
        "logout [n]",
        "exit a login shell (no shell here is one: use exit)",
        false,
        flow::logout,
        &[Example {
            description: "not a login shell",
            script: "logout 2>/dev/null; echo $?",
            stdout: "1\n",
        }],
    ),
    def(
        "mapfile",
        "mapfile [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [array]",
        "read lines into an array",
        false,
        read::mapfile,
        &[Example {
            description: "lines into an array",
            script: "mapfile -t lines <<< $'a\\nb'; echo ${#lines[@]} ${lines[1]}",
            stdout: "2 b\n",
        }],
    ),
    def(
        "popd",
        "popd",
        "remove a directory from the stack",
        false,
        dirs::popd,
        &[Example {
            description: "return to the previous directory",
            script: "cd /; pushd /tmp >/dev/null; popd >/dev/null; pwd",
            stdout: "/\n",
        }],
    ),
    def(
        "printf",
        "printf [-v var] format [arguments]",
        "format and print arguments",
        false,
        output::printf,
        &[Example {
            description: "pad a number",
            script: "printf '%03d\\n' 7",
            stdout: "007\n",
        }],
    ),
    def(
        "pushd",
        "pushd [dir]",
        "add a directory to the stack",
        false,
        dirs::pushd,
        &[Example {
            description: "push and print the stack",
            script: "cd /; pushd /tmp",
            stdout: "/tmp /\n",
        }],
    ),
    def(
        "pwd",
        "pwd [-LP]",
        "print the working directory",
        false,
        dirs::pwd,
        &[Example {
            description: "the current directory",
            script: "cd /; pwd",
            stdout: "/\n",
        }],
    ),
    def(
        "read",
        "read [-ers] [-a array] [-d delim] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]",
        "read a line from standard input",
        false,
        read::read,
        &[Example {
            description: "split a line into fields",
            script: "read first rest <<< 'one two three'; echo \"$rest\"",
            stdout: "two three\n",
        }],
    ),
    def(
        "readarray",
        "readarray [options] [array]",
        "read lines into an array (mapfile)",
        false,
        read::mapfile,
        &[Example {
            description: "lines into an array",
            script: "readarray -t a <<< $'x\\ny'; echo ${a[1]}",
            stdout: "y\n",
        }],
    ),
    def(
        "readonly",
        "readonly [-aAf] [name[=value] ...]",
        "mark variables read-only",
        true,
        declare::readonly,
        &[Example {
            description: "a constant",
            script: "readonly PI=3; readonly -p | grep ' PI='",
            stdout: "declare -r PI=\"3\"\n",
        }],
    ),
    def(
        "return",
        "return [n]",
        "return from a function",
        true,
        flow::return_,
        &[Example {
            description: "a function's status",
            script: "f() { return 3; }; f; echo $?",
            stdout: "3\n",
        }],
    ),
    def(
        "set",
        "set [-abefhkmnptuvxBCHP] [-o option] [--] [arg ...]",
        "set shell options and positional parameters",
        true,
        set::set,
        &[Example {
            description: "set the positional parameters",
            script: "set -- a b c; echo $# $2",
            stdout: "3 b\n",
        }],
    ),
    def(
        "sh",
        "sh [options] [-c cmds | file]",
        "run a nested shell",
        false,
        bash::bash,
        &[Example {
            description: "$0 of a command string",
            script: "sh -c 'echo $0' myname",
            stdout: "myname\n",
        }],
    ),
    def(
        "shift",
        "shift [n]",
        "shift positional parameters",
        true,
        flow::shift,
        &[Example {
            description: "drop the first argument",
            script: "set -- a b c; shift; echo $@",
            stdout: "b c\n",
        }],
    ),
    def(
        "shopt",
        "shopt [-pqsu] [-o] [optname ...]",
        "set and unset shell options",
        false,
        set::shopt,
        &[Example {
            description: "turn an option on and print it",
            script: "shopt -s nullglob; shopt -p nullglob",
            stdout: "shopt -s nullglob\n",
        }],
    ),
    def(
        "source",
        "source filename [arguments]",
        "run a file in the current shell",
        true,
        eval::source,
        &[Example {
            description: "run a file with arguments",
            script: "echo 'echo \"sourced with $1\"' > lib.sh; source ./lib.sh arg",
            stdout: "sourced with arg\n",
        }],
    ),
    def(
        "suspend",
        "suspend [-f]",
        "stop the shell until it is continued (no job control here: refused)",
        false,
        flow::suspend,
        &[Example {
            description: "no job control to resume it",
            script: "suspend 2>/dev/null; echo $?",
            stdout: "1\n",
        }],
    ),
    def(
        "test",
        "test [expr]",
        "evaluate a conditional expression",
        false,
        test::test,
        &[Example {
            description: "test for an empty string",
            script: "test -z '' && echo empty",
            stdout: "empty\n",
        }],
    ),
    def(
        "timeout",
        "timeout [-s sig] DURATION command [args]",
        "run a command with a time limit (status 124 on timeout)",
        false,
        timeout::timeout,
        &[Example {
            description: "a command that finishes in time",
            script: "timeout 5 echo done",
            stdout: "done\n",
        }],
    ),
    def(
        "times",
        "times",
        "print process times",
        true,
        fixed::times,
        &[Example {
            description: "always succeeds",
            script: "times >/dev/null && echo ok",
            stdout: "ok\n",
        }],
    ),
    def(
        "trap",
        "trap [-lp] [[action] signal ...]",
        "run commands on signals and shell events",
        true,
        jobs::trap,
        &[Example {
            description: "run a command at exit",
            script: "trap 'echo bye' EXIT; echo hi",
            stdout: "hi\nbye\n",
        }],
    ),
    def(
        "true",
        "true",
        "do nothing, successfully",
        false,
        fixed::true_,
        &[Example {
            description: "succeed",
            script: "true && echo ok",
            stdout: "ok\n",
        }],
    ),
    def(
        "type",
        "type [-aftpP] name ...",
        "describe how a name would be run",
        false,
        command::type_,
        &[Example {
            description: "what kind of name",
            script: "type -t cd; f() { :; }; type -t f",
            stdout: "builtin\nfunction\n",
        }],
    ),
    def(
        "typeset",
        "typeset [-aAfFgiIlnrtux] [-p] name[=value] ...",
        "set variable values and attributes",
        false,
        declare::declare,
        &[Example {
            description: "an upper-case variable",
            script: "typeset -u s=abc; echo $s",
            stdout: "ABC\n",
        }],
    ),
    def(
        "ulimit",
        "ulimit [-SHa] [-limit [value]]",
        "show or set resource limits",
        false,
        ulimit::ulimit,
        &[Example {
            description: "set and show the core file size",
            script: "ulimit -c 0; ulimit -c",
            stdout: "0\n",
        }],
    ),
    def(
        "umask",
        "umask [-p] [-S] [mode]",
        "show or set the file-creation mask",
        false,
        umask::umask,
        &[
            Example {
                description: "set and show the mask",
                script: "umask 027; umask; umask -S",
                stdout: "0027\nu=rwx,g=rx,o=\n",
            },
            Example {
                description: "set it symbolically",
                script: "umask u=rwx,g=rx,o=; umask -p",
                stdout: "umask 0027\n",
            },
        ],
    ),
    def(
        "unalias",
        "unalias [-a] name ...",
        "remove aliases",
        false,
        alias::unalias,
        &[Example {
            description: "remove an alias",
            script: "alias x=y; unalias x; alias x 2>/dev/null || echo gone",
            stdout: "gone\n",
        }],
    ),
    def(
        "unset",
        "unset [-f] [-v] [-n] name ...",
        "unset variables and functions",
        true,
        declare::unset,
        &[Example {
            description: "unset a variable",
            script: "x=1; unset x; echo \"${x-unset}\"",
            stdout: "unset\n",
        }],
    ),
    def(
        "wait",
        "wait [-fn] [-p var] [id ...]",
        "wait for jobs to finish",
        false,
        wait::wait,
        &[Example {
            description: "a background job's status",
            script: "(exit 4) & wait $!; echo $?",
            stdout: "4\n",
        }],
    ),
];

/// The builtin called `name`.
pub fn find(name: &str) -> Option<&'static BuiltinDef> {
    BUILTINS
        .binary_search_by(|b| b.spec.name.cmp(name))
        .ok()
        .map(|i| &BUILTINS[i])
}

/// Every builtin name, sorted.
pub fn names() -> &'static [&'static str] {
    static NAMES: LazyLock<Vec<&'static str>> =
        LazyLock::new(|| BUILTINS.iter().map(|b| b.spec.name).collect());
    &NAMES
}

/// Builtins here that are programs on a Debian system (`/usr/bin/bash`, `/usr/bin/sh`,
/// `/usr/bin/timeout`): they run in-process, but `type`, `command -v`, `builtin`, `enable`,
/// `hash` and `compgen -b` present them as the files they are there.
pub const PROGRAMS: &[&str] = &["bash", "sh", "timeout"];

/// The builtin called `name` as bash knows it: none for [`PROGRAMS`].
pub fn bash_builtin(name: &str) -> Option<&'static BuiltinDef> {
    find(name).filter(|b| !PROGRAMS.contains(&b.spec.name))
}

/// bash's builtin names, sorted: [`names`] without [`PROGRAMS`].
pub fn bash_names() -> &'static [&'static str] {
    static NAMES: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
        let mut v = names().to_vec();
        v.retain(|n| !PROGRAMS.contains(n));
        v
    });
    &NAMES
}

/// `enable [-a] [-p] [name ...]`: list the builtins (`enable NAME` per line), or succeed when
/// every NAME is one. Builtins cannot be disabled or loaded here.
pub fn enable(sh: &mut Shell, argv: &[Vec<u8>], _: &[ExpAssign], _: &[usize]) -> Res<i32> {
    let mut names = Vec::new();
    let mut args = argv[1..].iter();
    for a in args.by_ref() {
        match a.as_slice() {
            b"--" => break,
            [b'-', opts @ ..] if !opts.is_empty() => {
                for &c in opts {
                    match c {
                        b'a' | b'p' => {}
                        b'n' | b'f' | b'd' | b's' => {
                            sh.builtin_error("enable", &format!("-{}: not supported", c as char));
                            return Ok(2);
                        }
                        _ => {
                            super::usage::invalid_option(sh, "enable", &format!("-{}", c as char));
                            return Ok(2);
                        }
                    }
                }
            }
            _ => {
                names.push(a);
                break;
            }
        }
    }
    names.extend(args);
    if names.is_empty() {
        let mut out = String::new();
        for n in bash_names() {
            out.push_str("enable ");
            out.push_str(n);
            out.push('\n');
        }
        sh.out(out.as_bytes())?;
        return Ok(0);
    }
    let mut status = 0;
    for n in names {
        let n = text(n);
        if bash_builtin(&n).is_none() {
            sh.builtin_error("enable", &format!("{n}: not a shell builtin"));
            status = 1;
        }
    }
    Ok(status)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorted_and_unique() {
        for w in BUILTINS.windows(2) {
            assert!(
                w[0].spec.name < w[1].spec.name,
                "{} before {}",
                w[0].spec.name,
                w[1].spec.name
            );
        }
        for b in BUILTINS {
            assert!(std::ptr::eq(find(b.spec.name).expect("found"), b));
        }
        assert!(find("nosuch").is_none());
        assert_eq!(names().len(), BUILTINS.len());
    }
}
