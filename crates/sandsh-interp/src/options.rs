//! Shell options: one table, [`OPTIONS`], lists every `set -o` and `shopt` option bash 5.2
//! has, with its flag letter and default. It generates the [`Options`] struct (a field for each
//! option the interpreter acts on) and drives `set -o`/`set +o`/`shopt` printing, `$-`,
//! `SHELLOPTS`/`BASHOPTS` and the parsing of `set -o NAME`, `set -X`, `shopt NAME` and the
//! `bash`/CLI flags. Options bash has that change nothing here are still kept and printed, as
//! bash prints them.

use std::collections::BTreeSet;

/// Which builtin owns an option.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptKind {
    /// `set -o NAME` (and `shopt -o NAME`).
    SetO,
    /// `shopt NAME`.
    Shopt,
}

/// One row of the options table.
#[derive(Debug)]
pub struct OptDef {
    pub name: &'static str,
    pub kind: OptKind,
    /// `set -X` letter, shown in `$-` when on.
    pub flag: Option<char>,
    /// The value in a new non-interactive shell (`bash -c`).
    pub default: bool,
    /// False for options bash reports but will not change (`login_shell`).
    pub settable: bool,
}

macro_rules! options_table {
    ($( $name:literal $kind:ident [$($flag:literal)?] $default:literal $($fixed:ident)? $(=> $field:ident)?; )*) => {
        /// The shell's options. Options the interpreter acts on are fields; the others (bash's
        /// `emacs`, `cdspell`, …) are remembered by name in `other` while they differ from
        /// their default.
        #[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
        #[serde(default)]
        pub struct Options {
            $( $( pub $field: bool, )? )*
            /// Names of the options without a field that differ from their default.
            pub other: BTreeSet<String>,
        }

        impl Default for Options {
            fn default() -> Self {
                Options {
                    $( $( $field: $default, )? )*
                    other: BTreeSet::new(),
                }
            }
        }

        /// Every option: `set -o` ones, then `shopt` ones, each sorted by name as bash
        /// prints them.
        pub static OPTIONS: &[OptDef] = &[
            $(
                OptDef {
                    name: $name,
                    kind: OptKind::$kind,
                    flag: options_table!(@flag $($flag)?),
                    default: $default,
                    settable: options_table!(@settable $($fixed)?),
                },
            )*
        ];

        impl Options {
            fn field(&self, name: &str) -> Option<bool> {
                match name {
                    $( $( $name => Some(self.$field), )? )*
                    _ => None,
                }
            }

            fn field_mut(&mut self, name: &str) -> Option<&mut bool> {
                match name {
                    $( $( $name => Some(&mut self.$field), )? )*
                    _ => None,
                }
            }
        }
    };
    (@flag) => { None };
    (@flag $flag:literal) => { Some($flag) };
    (@settable) => { true };
    (@settable fixed) => { false };
}

options_table! {
    "allexport" SetO ['a'] false => allexport;
    "braceexpand" SetO ['B'] true => braceexpand;
    "emacs" SetO [] false;
    "errexit" SetO ['e'] false => errexit;
    "errtrace" SetO ['E'] false => errtrace;
    "functrace" SetO ['T'] false => functrace;
    "hashall" SetO ['h'] true => hashall;
    "histexpand" SetO ['H'] false;
    "history" SetO [] false;
    "ignoreeof" SetO [] false;
    "interactive-comments" SetO [] true;
    "keyword" SetO ['k'] false;
    "monitor" SetO ['m'] false => monitor;
    "noclobber" SetO ['C'] false => noclobber;
    "noexec" SetO ['n'] false => noexec;
    "noglob" SetO ['f'] false => noglob;
    "nolog" SetO [] false;
    "notify" SetO ['b'] false;
    "nounset" SetO ['u'] false => nounset;
    "onecmd" SetO ['t'] false;
    "physical" SetO ['P'] false;
    "pipefail" SetO [] false => pipefail;
    "posix" SetO [] false => posix;
    "privileged" SetO ['p'] false;
    "verbose" SetO ['v'] false => verbose;
    "vi" SetO [] false;
    "xtrace" SetO ['x'] false => xtrace;
    "autocd" Shopt [] false;
    "assoc_expand_once" Shopt [] false;
    "cdable_vars" Shopt [] false;
    "cdspell" Shopt [] false;
    "checkhash" Shopt [] false;
    "checkjobs" Shopt [] false;
    "checkwinsize" Shopt [] true;
    "cmdhist" Shopt [] true;
    "compat31" Shopt [] false;
    "compat32" Shopt [] false;
    "compat40" Shopt [] false;
    "compat41" Shopt [] false;
    "compat42" Shopt [] false;
    "compat43" Shopt [] false;
    "compat44" Shopt [] false;
    "complete_fullquote" Shopt [] true;
    "direxpand" Shopt [] false;
    "dirspell" Shopt [] false;
    "dotglob" Shopt [] false => dotglob;
    "execfail" Shopt [] false;
    "expand_aliases" Shopt [] false => expand_aliases;
    "extdebug" Shopt [] false => extdebug;
    "extglob" Shopt [] false => extglob;
    "extquote" Shopt [] true;
    "failglob" Shopt [] false => failglob;
    "force_fignore" Shopt [] true;
    "globasciiranges" Shopt [] true;
    "globskipdots" Shopt [] true => globskipdots;
    "globstar" Shopt [] false => globstar;
    "gnu_errfmt" Shopt [] false;
    "histappend" Shopt [] false;
    "histreedit" Shopt [] false;
    "histverify" Shopt [] false;
    "hostcomplete" Shopt [] true;
    "huponexit" Shopt [] false;
    "inherit_errexit" Shopt [] false => inherit_errexit;
    "interactive_comments" Shopt [] true;
    "lastpipe" Shopt [] false => lastpipe;
    "lithist" Shopt [] false;
    "localvar_inherit" Shopt [] false;
    "localvar_unset" Shopt [] false;
    "login_shell" Shopt [] false fixed;
    "mailwarn" Shopt [] false;
    "no_empty_cmd_completion" Shopt [] false;
    "nocaseglob" Shopt [] false => nocaseglob;
    "nocasematch" Shopt [] false => nocasematch;
    "noexpand_translation" Shopt [] false;
    "nullglob" Shopt [] false => nullglob;
    "patsub_replacement" Shopt [] true;
    "progcomp" Shopt [] true;
    "progcomp_alias" Shopt [] false;
    "promptvars" Shopt [] true;
    "restricted_shell" Shopt [] false fixed;
    "shift_verbose" Shopt [] false;
    "sourcepath" Shopt [] true => sourcepath;
    "varredir_close" Shopt [] false;
    "xpg_echo" Shopt [] false => xpg_echo;
}

/// The option called `name`.
pub fn find(name: &str) -> Option<&'static OptDef> {
    OPTIONS.iter().find(|d| d.name == name)
}

/// The options of one kind, in bash's order.
pub fn of_kind(kind: OptKind) -> impl Iterator<Item = &'static OptDef> {
    OPTIONS.iter().filter(move |d| d.kind == kind)
}

impl Options {
    /// An option's value; `None` when there is no such option of that kind.
    pub fn get(&self, kind: OptKind, name: &str) -> Option<bool> {
        let d = find(name).filter(|d| d.kind == kind)?;
        Some(self.value(d))
    }

    /// The value of a row of the table.
    pub fn value(&self, d: &OptDef) -> bool {
        match self.field(d.name) {
            Some(v) => v,
            None => d.default != self.other.contains(d.name),
        }
    }

    /// Set an option of `kind` by name; false when there is no such option. `vi` and `emacs`
    /// turn each other off, as in bash.
    pub fn set(&mut self, kind: OptKind, name: &str, on: bool) -> bool {
        let Some(d) = find(name).filter(|d| d.kind == kind) else {
            return false;
        };
        if !d.settable {
            return true;
        }
        match name {
            "vi" if on => self.set(kind, "emacs", false),
            "emacs" if on => self.set(kind, "vi", false),
            _ => true,
        };
        match self.field_mut(name) {
            Some(v) => *v = on,
            None if on == d.default => {
                self.other.remove(name);
            }
            None => {
                self.other.insert(name.to_string());
            }
        }
        true
    }

    /// `set -X` / `set +X`; false when no option has that letter.
    pub fn set_flag(&mut self, c: char, on: bool) -> bool {
        match OPTIONS.iter().find(|d| d.flag == Some(c)) {
            Some(d) => self.set(d.kind, d.name, on),
            None => false,
        }
    }

    /// `$-` without the input letter: the letters of the options that are on, lower case
    /// first, each case in alphabetical order (bash's `abefhkmnptuvxBCEHPT`).
    pub fn flags(&self) -> String {
        let mut letters: Vec<char> = OPTIONS
            .iter()
            .filter(|d| self.value(d))
            .filter_map(|d| d.flag)
            .collect();
        letters.sort_by_key(|c| (c.is_ascii_uppercase(), *c));
        letters.into_iter().collect()
    }

    /// `SHELLOPTS` (`OptKind::SetO`) or `BASHOPTS` (`OptKind::Shopt`): the names that are on,
    /// colon-separated.
    pub fn names_on(&self, kind: OptKind) -> String {
        let mut out = String::new();
        for d in of_kind(kind).filter(|d| self.value(d)) {
            if !out.is_empty() {
                out.push(':');
            }
            out.push_str(d.name);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_parses_and_prints() {
        for d in OPTIONS {
            let mut o = Options::default();
            assert_eq!(o.get(d.kind, d.name), Some(d.default), "{}", d.name);
            assert!(o.set(d.kind, d.name, !d.default), "{}", d.name);
            let want = if d.settable { !d.default } else { d.default };
            assert_eq!(o.value(d), want, "{}", d.name);
            assert_eq!(
                o.names_on(d.kind).split(':').any(|n| n == d.name),
                want,
                "{}",
                d.name
            );
            assert!(o.set(d.kind, d.name, d.default));
            assert!(o.other.is_empty(), "{} left a trace", d.name);
            let other = match d.kind {
                OptKind::SetO => OptKind::Shopt,
                OptKind::Shopt => OptKind::SetO,
            };
            assert!(!o.set(other, d.name, true), "{} is not a {other:?}", d.name);
            if let Some(c) = d.flag {
                assert!(o.set_flag(c, !d.default));
                assert_eq!(o.value(d), !d.default, "-{c}");
                assert_eq!(o.flags().contains(c), !d.default, "-{c}");
            }
        }
    }

    #[test]
    fn set_o_is_sorted_and_names_are_unique() {
        // `set -o` prints sorted; bash's shopt list is in its own order (autocd first).
        let names: Vec<&str> = of_kind(OptKind::SetO).map(|d| d.name).collect();
        assert!(names.windows(2).all(|w| w[0] < w[1]));
        for d in OPTIONS {
            assert_eq!(OPTIONS.iter().filter(|e| e.name == d.name).count(), 1);
            if let Some(c) = d.flag {
                assert_eq!(OPTIONS.iter().filter(|e| e.flag == Some(c)).count(), 1);
            }
        }
    }

    #[test]
    fn defaults_match_bash_dash_c() {
        let o = Options::default();
        assert_eq!(o.flags(), "hB");
        assert_eq!(
            o.names_on(OptKind::SetO),
            "braceexpand:hashall:interactive-comments"
        );
        assert!(o.hashall && o.braceexpand && o.sourcepath && !o.extglob);
    }
}
