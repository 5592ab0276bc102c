//! The tool versions sandsh matches, in one table: what `CMD --version` prints.
//!
//! Scripts parse the first line of `--version` (`awk --version | head -1`, `tar --version |
//! grep -q 'GNU tar'`), so each command prints the first line of the GNU tool it follows, for
//! the version its behaviour is checked against (Debian 12's: coreutils 9.1, bash 5.2.15…),
//! then one line saying that this is sandsh's reimplementation. jq prints its one line only, as
//! jq does (`jq --version` is compared whole).

/// One row: the command names, and their first line (`{}` stands for the name).
struct Row {
    names: &'static [&'static str],
    first_line: &'static str,
}

const fn row(names: &'static [&'static str], first_line: &'static str) -> Row {
    Row { names, first_line }
}

/// The utilities that follow coreutils (a data list, kept dense).
#[rustfmt::skip]
const COREUTILS: &[&str] = &[
    "arch", "b2sum", "base32", "base64", "basename", "basenc", "cat", "chgrp", "chmod", "chown",
    "cksum", "comm", "cp", "csplit", "cut", "date", "df", "dirname", "du", "env", "expand",
    "expr", "factor", "fmt", "fold", "groups", "head", "id", "install", "join", "link", "ln",
    "logname", "ls", "md5sum", "mkdir", "mkfifo", "mktemp", "mv", "nice", "nl", "nohup",
    "nproc", "numfmt", "od", "paste", "pathchk", "printenv", "readlink", "realpath", "rm",
    "rmdir", "seq", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "shuf",
    "sleep", "sort", "split", "stat", "stdbuf", "sum", "sync", "tac", "tail", "tee", "touch",
    "tr", "truncate", "tsort", "tty", "uname", "unexpand", "uniq", "unlink", "wc", "whoami",
    "yes",
];

static TABLE: &[Row] = &[
    row(
        &["bash", "sh"],
        "GNU bash, version 5.2.15(1)-release (x86_64-pc-linux-gnu)",
    ),
    row(COREUTILS, "{} (GNU coreutils) 9.1"),
    row(&["dd"], "dd (coreutils) 9.1"),
    row(&["grep", "egrep", "fgrep"], "grep (GNU grep) 3.8"),
    row(&["sed"], "sed (GNU sed) 4.9"),
    row(&["awk", "gawk"], "GNU Awk 5.2.1, API 3.2"),
    row(&["tar"], "tar (GNU tar) 1.34"),
    row(&["diff", "cmp"], "{} (GNU diffutils) 3.8"),
    row(&["find", "xargs"], "{} (GNU findutils) 4.9.0"),
    row(&["gzip"], "gzip 1.12"),
    row(&["gunzip", "zcat"], "{} (gzip) 1.12"),
    row(&["envsubst"], "envsubst (GNU gettext-runtime) 0.21"),
    row(&["patch"], "GNU patch 2.7.6"),
    row(&["jq"], "jq-1.7.1"),
];

/// The first line of `name --version` for the tool version sandsh matches (`tar (GNU tar)
/// 1.34`); `None` for a command without a row.
pub fn first_line(name: &str) -> Option<String> {
    TABLE
        .iter()
        .find(|r| r.names.contains(&name))
        .map(|r| r.first_line.replace("{}", name))
}

/// The whole `name --version` text: the tool's first line, then one naming sandsh (jq: the
/// first line alone, as jq prints it).
pub fn text(name: &str) -> Option<String> {
    let first = first_line(name)?;
    if name == "jq" {
        return Some(format!("{first}\n"));
    }
    Some(format!(
        "{first}\nsandsh {}: a sandboxed reimplementation, not the GNU program\n",
        env!("CARGO_PKG_VERSION")
    ))
}

#[cfg(test)]
mod tests {
    use super::{first_line, text};

    #[test]
    fn first_lines_are_the_gnu_tools() {
        assert_eq!(first_line("tar").as_deref(), Some("tar (GNU tar) 1.34"));
        assert_eq!(first_line("ls").as_deref(), Some("ls (GNU coreutils) 9.1"));
        assert_eq!(
            first_line("cmp").as_deref(),
            Some("cmp (GNU diffutils) 3.8")
        );
        assert_eq!(first_line("egrep").as_deref(), Some("grep (GNU grep) 3.8"));
        assert_eq!(first_line("curl"), None);
    }

    #[test]
    fn second_line_names_sandsh_except_for_jq() {
        let t = text("awk").unwrap_or_default();
        assert!(t.starts_with("GNU Awk 5.2.1, API 3.2\nsandsh "), "{t}");
        assert_eq!(t.lines().count(), 2);
        assert_eq!(text("jq").as_deref(), Some("jq-1.7.1\n"));
    }
}
