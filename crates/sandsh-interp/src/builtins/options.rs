//! The builtins' option rows, as bash 5.2's `help` lists them (its "Options:" sections,
//! wording kept): `help NAME` prints them, `help --json` and the tool descriptions carry them,
//! and a test gives each to its builtin. The builtins parse their own arguments as bash's
//! `internal_getopt` does (`+x` to turn an attribute off, no long options, no permutation), so
//! these rows describe the options rather than drive the parsing. Only the options sandsh
//! accepts are listed: not `declare -I`, nor the `ulimit` letters Linux lacks (`-b -k -P -T`).

use sandsh_api::OptSpec;

/// The option rows of the builtin `name` (none for one that takes no options).
pub(super) const fn of(name: &str) -> &'static [OptSpec] {
    match name.as_bytes() {
        b"alias" => ALIAS,
        b"cd" => CD,
        b"command" => COMMAND,
        b"declare" | b"typeset" => DECLARE,
        b"dirs" => DIRS,
        b"disown" => DISOWN,
        b"echo" => ECHO,
        b"enable" => ENABLE,
        b"exec" => EXEC,
        b"export" => EXPORT,
        b"hash" => HASH,
        b"help" => HELP,
        b"jobs" => JOBS,
        b"kill" => KILL,
        b"mapfile" | b"readarray" => MAPFILE,
        b"popd" => POPD,
        b"printf" => PRINTF,
        b"pushd" => PUSHD,
        b"pwd" => PWD,
        b"read" => READ,
        b"readonly" => READONLY,
        b"set" => SET,
        b"shopt" => SHOPT,
        b"trap" => TRAP,
        b"type" => TYPE,
        b"ulimit" => ULIMIT,
        b"umask" => UMASK,
        b"unalias" => UNALIAS,
        b"unset" => UNSET,
        _ => &[],
    }
}

const ALIAS: &[OptSpec] = &[OptSpec::new(
    "-p",
    "print all defined aliases in a reusable format",
)];

const CD: &[OptSpec] = &[
    OptSpec::new(
        "-L",
        "force symbolic links to be followed: resolve symbolic links in DIR after processing instances of `..'",
    ),
    OptSpec::new(
        "-P",
        "use the physical directory structure without following symbolic links: resolve symbolic links in DIR before processing instances of `..'",
    ),
    OptSpec::new(
        "-e",
        "if the -P option is supplied, and the current working directory cannot be determined successfully, exit with a non-zero status",
    ),
];

const COMMAND: &[OptSpec] = &[
    OptSpec::new(
        "-p",
        "use a default value for PATH that is guaranteed to find all of the standard utilities",
    ),
    OptSpec::new(
        "-v",
        "print a description of COMMAND similar to the `type' builtin",
    ),
    OptSpec::new("-V", "print a more verbose description of each COMMAND"),
];

const DECLARE: &[OptSpec] = &[
    OptSpec::new(
        "-f",
        "restrict action or display to function names and definitions",
    ),
    OptSpec::new(
        "-F",
        "restrict display to function names only (plus line number and source file when debugging)",
    ),
    OptSpec::new(
        "-g",
        "create global variables when used in a shell function; otherwise ignored",
    ),
    OptSpec::new("-p", "display the attributes and value of each NAME"),
    OptSpec::new("-a", "to make NAMEs indexed arrays (if supported)"),
    OptSpec::new("-A", "to make NAMEs associative arrays (if supported)"),
    OptSpec::new("-i", "to make NAMEs have the `integer' attribute"),
    OptSpec::new(
        "-l",
        "to convert the value of each NAME to lower case on assignment",
    ),
    OptSpec::new(
        "-n",
        "make NAME a reference to the variable named by its value",
    ),
    OptSpec::new("-r", "to make NAMEs readonly"),
    OptSpec::new("-t", "to make NAMEs have the `trace' attribute"),
    OptSpec::new(
        "-u",
        "to convert the value of each NAME to upper case on assignment",
    ),
    OptSpec::new("-x", "to make NAMEs export"),
];

const DIRS: &[OptSpec] = &[
    OptSpec::new(
        "-c",
        "clear the directory stack by deleting all of the elements",
    ),
    OptSpec::new(
        "-l",
        "do not print tilde-prefixed versions of directories relative to your home directory",
    ),
    OptSpec::new("-p", "print the directory stack with one entry per line"),
    OptSpec::new(
        "-v",
        "print the directory stack with one entry per line prefixed with its position in the stack",
    ),
];

const DISOWN: &[OptSpec] = &[
    OptSpec::new("-a", "remove all jobs if JOBSPEC is not supplied"),
    OptSpec::new(
        "-h",
        "mark each JOBSPEC so that SIGHUP is not sent to the job if the shell receives a SIGHUP",
    ),
    OptSpec::new("-r", "remove only running jobs"),
];

const ECHO: &[OptSpec] = &[
    OptSpec::new("-n", "do not append a newline"),
    OptSpec::new(
        "-e",
        "enable interpretation of the following backslash escapes",
    ),
    OptSpec::new(
        "-E",
        "explicitly suppress interpretation of backslash escapes",
    ),
];

const ENABLE: &[OptSpec] = &[
    OptSpec::new(
        "-a",
        "print a list of builtins showing whether or not each is enabled",
    ),
    OptSpec::new(
        "-n",
        "disable each NAME or display a list of disabled builtins",
    ),
    OptSpec::new("-p", "print the list of builtins in a reusable format"),
    OptSpec::new("-s", "print only the names of Posix `special' builtins"),
    OptSpec::new("-f", "Load builtin NAME from shared object FILENAME"),
    OptSpec::new("-d", "Remove a builtin loaded with -f"),
];

const EXEC: &[OptSpec] = &[
    OptSpec::new("-a name", "pass NAME as the zeroth argument to COMMAND"),
    OptSpec::new("-c", "execute COMMAND with an empty environment"),
    OptSpec::new("-l", "place a dash in the zeroth argument to COMMAND"),
];

const EXPORT: &[OptSpec] = &[
    OptSpec::new("-f", "refer to shell functions"),
    OptSpec::new("-n", "remove the export property from each NAME"),
    OptSpec::new(
        "-p",
        "display a list of all exported variables and functions",
    ),
];

const HASH: &[OptSpec] = &[
    OptSpec::new("-d", "forget the remembered location of each NAME"),
    OptSpec::new("-l", "display in a format that may be reused as input"),
    OptSpec::new("-p pathname", "use PATHNAME as the full pathname of NAME"),
    OptSpec::new("-r", "forget all remembered locations"),
    OptSpec::new(
        "-t",
        "print the remembered location of each NAME, preceding each location with the corresponding NAME if multiple NAMEs are given",
    ),
];

const HELP: &[OptSpec] = &[
    OptSpec::new("-d", "output short description for each topic"),
    OptSpec::new("-m", "display usage in pseudo-manpage format"),
    OptSpec::new(
        "-s",
        "output only a short usage synopsis for each topic matching PATTERN",
    ),
];

const JOBS: &[OptSpec] = &[
    OptSpec::new(
        "-l",
        "lists process IDs in addition to the normal information",
    ),
    OptSpec::new(
        "-n",
        "lists only processes that have changed status since the last notification",
    ),
    OptSpec::new("-p", "lists process IDs only"),
    OptSpec::new("-r", "restrict output to running jobs"),
    OptSpec::new("-s", "restrict output to stopped jobs"),
];

const KILL: &[OptSpec] = &[
    OptSpec::new("-s sig", "SIG is a signal name"),
    OptSpec::new("-n sig", "SIG is a signal number"),
    OptSpec::new(
        "-l",
        "list the signal names; if arguments follow `-l' they are assumed to be signal numbers for which names should be listed",
    ),
    OptSpec::new("-L", "synonym for -l"),
];

const MAPFILE: &[OptSpec] = &[
    OptSpec::new(
        "-d delim",
        "Use DELIM to terminate lines, instead of newline",
    ),
    OptSpec::new(
        "-n count",
        "Copy at most COUNT lines. If COUNT is 0, all lines are copied",
    ),
    OptSpec::new(
        "-O origin",
        "Begin assigning to ARRAY at index ORIGIN. The default index is 0",
    ),
    OptSpec::new("-s count", "Discard the first COUNT lines read"),
    OptSpec::new(
        "-t",
        "Remove a trailing DELIM from each line read (default newline)",
    ),
    OptSpec::new(
        "-u fd",
        "Read lines from file descriptor FD instead of the standard input",
    ),
    OptSpec::new(
        "-C callback",
        "Evaluate CALLBACK each time QUANTUM lines are read",
    ),
    OptSpec::new(
        "-c quantum",
        "Specify the number of lines read between each call to CALLBACK",
    ),
];

const POPD: &[OptSpec] = &[OptSpec::new(
    "-n",
    "Suppresses the normal change of directory when removing directories from the stack, so only the stack is manipulated.",
)];

const PRINTF: &[OptSpec] = &[OptSpec::new(
    "-v var",
    "assign the output to shell variable VAR rather than display it on the standard output",
)];

const PUSHD: &[OptSpec] = &[OptSpec::new(
    "-n",
    "Suppresses the normal change of directory when adding directories to the stack, so only the stack is manipulated.",
)];

const PWD: &[OptSpec] = &[
    OptSpec::new(
        "-L",
        "print the value of $PWD if it names the current working directory",
    ),
    OptSpec::new(
        "-P",
        "print the physical directory, without any symbolic links",
    ),
];

const READ: &[OptSpec] = &[
    OptSpec::new(
        "-a array",
        "assign the words read to sequential indices of the array variable ARRAY, starting at zero",
    ),
    OptSpec::new(
        "-d delim",
        "continue until the first character of DELIM is read, rather than newline",
    ),
    OptSpec::new("-e", "use Readline to obtain the line"),
    OptSpec::new("-i text", "use TEXT as the initial text for Readline"),
    OptSpec::new(
        "-n nchars",
        "return after reading NCHARS characters rather than waiting for a newline, but honor a delimiter if fewer than NCHARS characters are read before the delimiter",
    ),
    OptSpec::new(
        "-N nchars",
        "return only after reading exactly NCHARS characters, unless EOF is encountered or read times out, ignoring any delimiter",
    ),
    OptSpec::new(
        "-p prompt",
        "output the string PROMPT without a trailing newline before attempting to read",
    ),
    OptSpec::new("-r", "do not allow backslashes to escape any characters"),
    OptSpec::new("-s", "do not echo input coming from a terminal"),
    OptSpec::new(
        "-t timeout",
        "time out and return failure if a complete line of input is not read within TIMEOUT seconds. The value of the TMOUT variable is the default timeout. TIMEOUT may be a fractional number. If TIMEOUT is 0, read returns immediately, without trying to read any data, returning success only if input is available on the specified file descriptor. The exit status is greater than 128 if the timeout is exceeded",
    ),
    OptSpec::new(
        "-u fd",
        "read from file descriptor FD instead of the standard input",
    ),
];

const READONLY: &[OptSpec] = &[
    OptSpec::new("-a", "refer to indexed array variables"),
    OptSpec::new("-A", "refer to associative array variables"),
    OptSpec::new("-f", "refer to shell functions"),
    OptSpec::new(
        "-p",
        "display a list of all readonly variables or functions, depending on whether or not the -f option is given",
    ),
];

const SET: &[OptSpec] = &[
    OptSpec::new(
        "-a",
        "Mark variables which are modified or created for export.",
    ),
    OptSpec::new("-b", "Notify of job termination immediately."),
    OptSpec::new(
        "-e",
        "Exit immediately if a command exits with a non-zero status.",
    ),
    OptSpec::new("-f", "Disable file name generation (globbing)."),
    OptSpec::new(
        "-h",
        "Remember the location of commands as they are looked up.",
    ),
    OptSpec::new(
        "-k",
        "All assignment arguments are placed in the environment for a command, not just those that precede the command name.",
    ),
    OptSpec::new("-m", "Job control is enabled."),
    OptSpec::new(
        "-n",
        "Read commands but do not execute them. Set the variable corresponding to option-name: allexport same as -a braceexpand same as -B emacs use an emacs-style line editing interface errexit same as -e errtrace same as -E functrace same as -T hashall same as -h histexpand same as -H history enable command history ignoreeof the shell will not exit upon reading EOF interactive-comments allow comments to appear in interactive commands keyword same as -k monitor same as -m noclobber same as -C noexec same as -n noglob same as -f nolog currently accepted but ignored notify same as -b nounset same as -u onecmd same as -t physical same as -P pipefail the return value of a pipeline is the status of the last command to exit with a non-zero status, or zero if no command exited with a non-zero status posix change the behavior of bash where the default operation differs from the Posix standard to match the standard privileged same as -p verbose same as -v vi use a vi-style line editing interface xtrace same as -x",
    ),
    OptSpec::new(
        "-p",
        "Turned on whenever the real and effective user ids do not match. Disables processing of the $ENV file and importing of shell functions. Turning this option off causes the effective uid and gid to be set to the real uid and gid.",
    ),
    OptSpec::new("-t", "Exit after reading and executing one command."),
    OptSpec::new("-u", "Treat unset variables as an error when substituting."),
    OptSpec::new("-v", "Print shell input lines as they are read."),
    OptSpec::new(
        "-x",
        "Print commands and their arguments as they are executed.",
    ),
    OptSpec::new(
        "-o option-name",
        "set the variable corresponding to option-name (see `set -o`)",
    ),
    OptSpec::new("-B", "the shell will perform brace expansion"),
    OptSpec::new(
        "-C",
        "If set, disallow existing regular files to be overwritten by redirection of output.",
    ),
    OptSpec::new(
        "-E",
        "If set, the ERR trap is inherited by shell functions.",
    ),
    OptSpec::new(
        "-H",
        "Enable ! style history substitution. This flag is on by default when the shell is interactive.",
    ),
    OptSpec::new(
        "-P",
        "If set, do not resolve symbolic links when executing commands such as cd which change the current directory.",
    ),
    OptSpec::new(
        "-T",
        "If set, the DEBUG and RETURN traps are inherited by shell functions. If there are no remaining arguments, the positional parameters are unset. The -x and -v options are turned off.",
    ),
];

const SHOPT: &[OptSpec] = &[
    OptSpec::new(
        "-o",
        "restrict OPTNAMEs to those defined for use with `set -o'",
    ),
    OptSpec::new(
        "-p",
        "print each shell option with an indication of its status",
    ),
    OptSpec::new("-q", "suppress output"),
    OptSpec::new("-s", "enable (set) each OPTNAME"),
    OptSpec::new("-u", "disable (unset) each OPTNAME"),
];

const TRAP: &[OptSpec] = &[
    OptSpec::new(
        "-l",
        "print a list of signal names and their corresponding numbers",
    ),
    OptSpec::new(
        "-p",
        "display the trap commands associated with each SIGNAL_SPEC",
    ),
];

const TYPE: &[OptSpec] = &[
    OptSpec::new(
        "-a",
        "display all locations containing an executable named NAME; includes aliases, builtins, and functions, if and only if the `-p' option is not also used",
    ),
    OptSpec::new("-f", "suppress shell function lookup"),
    OptSpec::new(
        "-P",
        "force a PATH search for each NAME, even if it is an alias, builtin, or function, and returns the name of the disk file that would be executed",
    ),
    OptSpec::new(
        "-p",
        "returns either the name of the disk file that would be executed, or nothing if `type -t NAME' would not return `file'",
    ),
    OptSpec::new(
        "-t",
        "output a single word which is one of `alias', `keyword', `function', `builtin', `file' or `', if NAME is an alias, shell reserved word, shell function, shell builtin, disk file, or not found, respectively",
    ),
];

const ULIMIT: &[OptSpec] = &[
    OptSpec::new("-S", "use the `soft' resource limit"),
    OptSpec::new("-H", "use the `hard' resource limit"),
    OptSpec::new("-a", "all current limits are reported"),
    OptSpec::new("-c", "the maximum size of core files created"),
    OptSpec::new("-d", "the maximum size of a process's data segment"),
    OptSpec::new("-e", "the maximum scheduling priority (`nice')"),
    OptSpec::new(
        "-f",
        "the maximum size of files written by the shell and its children",
    ),
    OptSpec::new("-i", "the maximum number of pending signals"),
    OptSpec::new("-l", "the maximum size a process may lock into memory"),
    OptSpec::new("-m", "the maximum resident set size"),
    OptSpec::new("-n", "the maximum number of open file descriptors"),
    OptSpec::new("-p", "the pipe buffer size"),
    OptSpec::new("-q", "the maximum number of bytes in POSIX message queues"),
    OptSpec::new("-r", "the maximum real-time scheduling priority"),
    OptSpec::new("-s", "the maximum stack size"),
    OptSpec::new("-t", "the maximum amount of cpu time in seconds"),
    OptSpec::new("-u", "the maximum number of user processes"),
    OptSpec::new("-v", "the size of virtual memory"),
    OptSpec::new("-x", "the maximum number of file locks"),
    OptSpec::new(
        "-R",
        "the maximum time a real-time process can run before blocking",
    ),
];

const UMASK: &[OptSpec] = &[
    OptSpec::new(
        "-p",
        "if MODE is omitted, output in a form that may be reused as input",
    ),
    OptSpec::new(
        "-S",
        "makes the output symbolic; otherwise an octal number is output",
    ),
];

const UNALIAS: &[OptSpec] = &[OptSpec::new("-a", "remove all alias definitions")];

const UNSET: &[OptSpec] = &[
    OptSpec::new("-f", "treat each NAME as a shell function"),
    OptSpec::new("-v", "treat each NAME as a shell variable"),
    OptSpec::new(
        "-n",
        "treat each NAME as a name reference and unset the variable itself rather than the variable it references",
    ),
];
