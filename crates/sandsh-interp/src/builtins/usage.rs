//! The usage line bash prints after a builtin's invalid option or missing operand
//! (`unset: usage: unset [-f] [-v] [-n] [name ...]`): bash 5.2's short synopsis of each
//! builtin, as `help -s` shows it, one table. (The builtin table's own synopses document what
//! sandsh accepts, which may be less.)

use super::super::Shell;

/// bash's usage line of each builtin, sorted by name.
const USAGES: &[(&str, &str)] = &[
    (".", ". filename [arguments]"),
    (":", ":"),
    ("[", "[ arg... ]"),
    ("alias", "alias [-p] [name[=value] ... ]"),
    ("bg", "bg [job_spec ...]"),
    ("break", "break [n]"),
    ("builtin", "builtin [shell-builtin [arg ...]]"),
    ("caller", "caller [expr]"),
    ("cd", "cd [-L|[-P [-e]] [-@]] [dir]"),
    ("command", "command [-pVv] command [arg ...]"),
    (
        "compgen",
        "compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]",
    ),
    (
        "complete",
        "complete [-abcdefgjksuv] [-pr] [-DEI] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [name ...]",
    ),
    ("compopt", "compopt [-o|+o option] [-DEI] [name ...]"),
    ("continue", "continue [n]"),
    (
        "declare",
        "declare [-aAfFgiIlnrtux] [name[=value] ...] or declare -p [-aAfFilnrtux] [name ...]",
    ),
    ("dirs", "dirs [-clpv] [+N] [-N]"),
    ("disown", "disown [-h] [-ar] [jobspec ... | pid ...]"),
    ("echo", "echo [-neE] [arg ...]"),
    ("enable", "enable [-a] [-dnps] [-f filename] [name ...]"),
    ("eval", "eval [arg ...]"),
    (
        "exec",
        "exec [-cl] [-a name] [command [argument ...]] [redirection ...]",
    ),
    ("exit", "exit [n]"),
    ("export", "export [-fn] [name[=value] ...] or export -p"),
    ("false", "false"),
    ("fg", "fg [job_spec]"),
    ("getopts", "getopts optstring name [arg ...]"),
    ("hash", "hash [-lr] [-p pathname] [-dt] [name ...]"),
    ("help", "help [-dms] [pattern ...]"),
    (
        "jobs",
        "jobs [-lnprs] [jobspec ...] or jobs -x command [args]",
    ),
    (
        "kill",
        "kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]",
    ),
    ("let", "let arg [arg ...]"),
    ("local", "local [option] name[=value] ..."),
    ("logout", "logout [n]"),
    (
        "mapfile",
        "mapfile [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]",
    ),
    ("popd", "popd [-n] [+N | -N]"),
    ("printf", "printf [-v var] format [arguments]"),
    ("pushd", "pushd [-n] [+N | -N | dir]"),
    ("pwd", "pwd [-LP]"),
    (
        "read",
        "read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]",
    ),
    (
        "readarray",
        "readarray [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]",
    ),
    (
        "readonly",
        "readonly [-aAf] [name[=value] ...] or readonly -p",
    ),
    ("return", "return [n]"),
    (
        "set",
        "set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [-] [arg ...]",
    ),
    ("shift", "shift [n]"),
    ("shopt", "shopt [-pqsu] [-o] [optname ...]"),
    ("source", "source filename [arguments]"),
    ("suspend", "suspend [-f]"),
    ("test", "test [expr]"),
    ("times", "times"),
    ("trap", "trap [-lp] [[arg] signal_spec ...]"),
    ("true", "true"),
    ("type", "type [-afptP] name [name ...]"),
    (
        "typeset",
        "typeset [-aAfFgiIlnrtux] name[=value] ... or typeset -p [-aAfFilnrtux] [name ...]",
    ),
    ("ulimit", "ulimit [-SHabcdefiklmnpqrstuvxPRT] [limit]"),
    ("umask", "umask [-p] [-S] [mode]"),
    ("unalias", "unalias [-a] name [name ...]"),
    ("unset", "unset [-f] [-v] [-n] [name ...]"),
    ("wait", "wait [-fn] [-p var] [id ...]"),
];

/// bash's usage line for builtin `name`.
pub(crate) fn of(name: &str) -> Option<&'static str> {
    USAGES
        .binary_search_by(|(n, _)| n.cmp(&name))
        .ok()
        .map(|i| USAGES[i].1)
}

/// `NAME: usage: …` on standard error, without the shell's `line N:` prefix (as bash).
pub(crate) fn print(sh: &Shell, name: &str) {
    if let Some(u) = of(name) {
        sh.write_fd(2, format!("{name}: usage: {u}\n").as_bytes());
    }
}

/// Leading options of `argv[1..]` (grouped letters, `--` ends them, `-` alone is an operand),
/// each letter checked against `allowed`: the letters seen, in order, and the index of the
/// first operand. An unknown letter prints bash's invalid-option message and usage line
/// (`None`: the builtin returns status 2).
pub(crate) fn flags(sh: &Shell, argv: &[Vec<u8>], allowed: &[u8]) -> Option<(Vec<u8>, usize)> {
    let (seen, i) = flags_valued(sh, argv, allowed, b"")?;
    Some((seen.into_iter().map(|(c, _)| c).collect(), i))
}

/// An option letter and its value, if it takes one.
pub(crate) type Flag = (u8, Option<Vec<u8>>);

/// [`flags`], where the letters in `valued` take a value: the rest of their word, or the
/// next word (missing: bash's "option requires an argument" and the usage line).
pub(crate) fn flags_valued(
    sh: &Shell,
    argv: &[Vec<u8>],
    allowed: &[u8],
    valued: &[u8],
) -> Option<(Vec<Flag>, usize)> {
    let name = String::from_utf8_lossy(&argv[0]);
    let mut seen = Vec::new();
    let mut i = 1;
    while let Some(a) = argv.get(i) {
        if a.as_slice() == b"--" {
            i += 1;
            break;
        }
        if a.len() < 2 || a[0] != b'-' {
            break;
        }
        for (k, &c) in a.iter().enumerate().skip(1) {
            if !allowed.contains(&c) {
                invalid_option(sh, &name, &format!("-{}", c as char));
                return None;
            }
            if !valued.contains(&c) {
                seen.push((c, None));
                continue;
            }
            let value = if k + 1 < a.len() {
                a[k + 1..].to_vec()
            } else {
                i += 1;
                let Some(v) = argv.get(i) else {
                    let m = format!("-{}: option requires an argument", c as char);
                    sh.builtin_error(&name, &m);
                    print(sh, &name);
                    return None;
                };
                v.clone()
            };
            seen.push((c, Some(value)));
            break;
        }
        i += 1;
    }
    Some((seen, i))
}

/// bash's complaint about an invalid option `opt` (`-x`) of builtin `name`, then its usage
/// line; the caller returns status 2.
pub(crate) fn invalid_option(sh: &Shell, name: &str, opt: &str) {
    sh.builtin_error(name, &format!("{opt}: invalid option"));
    print(sh, name);
}

#[cfg(test)]
mod tests {
    #[test]
    fn sorted_and_found() {
        assert!(super::USAGES.windows(2).all(|w| w[0].0 < w[1].0));
        assert_eq!(super::of("unset"), Some("unset [-f] [-v] [-n] [name ...]"));
        assert_eq!(super::of("nope"), None);
    }
}
