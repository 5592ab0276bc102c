## compare_shells: bash

#### set -o lists every option with its state
set -o pipefail
set -o
## STDOUT:
allexport      	off
braceexpand    	on
emacs          	off
errexit        	off
errtrace       	off
functrace      	off
hashall        	on
histexpand     	off
history        	off
ignoreeof      	off
interactive-comments	on
keyword        	off
monitor        	off
noclobber      	off
noexec         	off
noglob         	off
nolog          	off
notify         	off
nounset        	off
onecmd         	off
physical       	off
pipefail       	on
posix          	off
privileged     	off
verbose        	off
vi             	off
xtrace         	off
## END

#### set +o prints commands that restore the options
set -u
set +o
## STDOUT:
set +o allexport
set -o braceexpand
set +o emacs
set +o errexit
set +o errtrace
set +o functrace
set -o hashall
set +o histexpand
set +o history
set +o ignoreeof
set -o interactive-comments
set +o keyword
set +o monitor
set +o noclobber
set +o noexec
set +o noglob
set +o nolog
set +o notify
set -o nounset
set +o onecmd
set +o physical
set +o pipefail
set +o posix
set +o privileged
set +o verbose
set +o vi
set +o xtrace
## END

#### shopt lists every shopt option and succeeds
shopt
echo "status $?"
## STDOUT:
autocd         	off
assoc_expand_once	off
cdable_vars    	off
cdspell        	off
checkhash      	off
checkjobs      	off
checkwinsize   	on
cmdhist        	on
compat31       	off
compat32       	off
compat40       	off
compat41       	off
compat42       	off
compat43       	off
compat44       	off
complete_fullquote	on
direxpand      	off
dirspell       	off
dotglob        	off
execfail       	off
expand_aliases 	off
extdebug       	off
extglob        	off
extquote       	on
failglob       	off
force_fignore  	on
globasciiranges	on
globskipdots   	on
globstar       	off
gnu_errfmt     	off
histappend     	off
histreedit     	off
histverify     	off
hostcomplete   	on
huponexit      	off
inherit_errexit	off
interactive_comments	on
lastpipe       	off
lithist        	off
localvar_inherit	off
localvar_unset 	off
login_shell    	off
mailwarn       	off
no_empty_cmd_completion	off
nocaseglob     	off
nocasematch    	off
noexpand_translation	off
nullglob       	off
patsub_replacement	on
progcomp       	on
progcomp_alias 	off
promptvars     	on
restricted_shell	off
shift_verbose  	off
sourcepath     	on
varredir_close 	off
xpg_echo       	off
status 0
## END

#### shopt -p prints shopt commands
shopt -s extglob nullglob
shopt -p
## STDOUT:
shopt -u autocd
shopt -u assoc_expand_once
shopt -u cdable_vars
shopt -u cdspell
shopt -u checkhash
shopt -u checkjobs
shopt -s checkwinsize
shopt -s cmdhist
shopt -u compat31
shopt -u compat32
shopt -u compat40
shopt -u compat41
shopt -u compat42
shopt -u compat43
shopt -u compat44
shopt -s complete_fullquote
shopt -u direxpand
shopt -u dirspell
shopt -u dotglob
shopt -u execfail
shopt -u expand_aliases
shopt -u extdebug
shopt -s extglob
shopt -s extquote
shopt -u failglob
shopt -s force_fignore
shopt -s globasciiranges
shopt -s globskipdots
shopt -u globstar
shopt -u gnu_errfmt
shopt -u histappend
shopt -u histreedit
shopt -u histverify
shopt -s hostcomplete
shopt -u huponexit
shopt -u inherit_errexit
shopt -s interactive_comments
shopt -u lastpipe
shopt -u lithist
shopt -u localvar_inherit
shopt -u localvar_unset
shopt -u login_shell
shopt -u mailwarn
shopt -u no_empty_cmd_completion
shopt -u nocaseglob
shopt -u nocasematch
shopt -u noexpand_translation
shopt -s nullglob
shopt -s patsub_replacement
shopt -s progcomp
shopt -u progcomp_alias
shopt -s promptvars
shopt -u restricted_shell
shopt -u shift_verbose
shopt -s sourcepath
shopt -u varredir_close
shopt -u xpg_echo
## END

#### shopt -o -p prints set commands
shopt -o -p
shopt -p -o pipefail
## STDOUT:
set +o allexport
set -o braceexpand
set +o emacs
set +o errexit
set +o errtrace
set +o functrace
set -o hashall
set +o histexpand
set +o history
set +o ignoreeof
set -o interactive-comments
set +o keyword
set +o monitor
set +o noclobber
set +o noexec
set +o noglob
set +o nolog
set +o notify
set +o nounset
set +o onecmd
set +o physical
set +o pipefail
set +o posix
set +o privileged
set +o verbose
set +o vi
set +o xtrace
set +o pipefail
## END
## status: 1

#### shopt NAME reports through its status
shopt -q cdspell; echo $?
shopt -s cdspell; shopt cdspell; echo $?
shopt -q sourcepath extglob; echo $?
## STDOUT:
1
cdspell        	on
0
1
## END

#### $- follows the flags, lower case first
echo $-
set -aCETHPbk
echo $-
set +hB
echo $-
## STDOUT:
hBs
abhkBCEHPTs
abkCEHPTs
## END

#### SHELLOPTS and BASHOPTS follow the options and are read-only
echo "$SHELLOPTS"
echo "$BASHOPTS"
set -o pipefail -o errexit
shopt -s globstar
echo "$SHELLOPTS"
echo "$BASHOPTS"
readonly -p | grep OPTS
( SHELLOPTS=x ) 2>/dev/null || echo readonly
## STDOUT:
braceexpand:hashall:interactive-comments
checkwinsize:cmdhist:complete_fullquote:extquote:force_fignore:globasciiranges:globskipdots:hostcomplete:interactive_comments:patsub_replacement:progcomp:promptvars:sourcepath
braceexpand:errexit:hashall:interactive-comments:pipefail
checkwinsize:cmdhist:complete_fullquote:extquote:force_fignore:globasciiranges:globskipdots:globstar:hostcomplete:interactive_comments:patsub_replacement:progcomp:promptvars:sourcepath
declare -r BASHOPTS="checkwinsize:cmdhist:complete_fullquote:extquote:force_fignore:globasciiranges:globskipdots:globstar:hostcomplete:interactive_comments:patsub_replacement:progcomp:promptvars:sourcepath"
declare -r SHELLOPTS="braceexpand:errexit:hashall:interactive-comments:pipefail"
readonly
## END

#### options bash keeps but sandsh does not act on still print
set -o vi
set -o | grep -E '^(vi|emacs)'
set -o emacs
set -o | grep -E '^(vi|emacs)'
shopt -s cdspell direxpand
shopt cdspell direxpand
## STDOUT:
emacs          	off
vi             	on
emacs          	on
vi             	off
cdspell        	on
direxpand      	on
## END

#### login_shell cannot be set
shopt -s login_shell; echo $?
shopt login_shell
## STDOUT:
0
login_shell    	off
## END
## status: 1

#### unknown names are errors
set -o nosuch 2>/dev/null; echo $?
shopt -s nosuch 2>/dev/null; echo $?
shopt -o nosuch 2>/dev/null; echo $?
## STDOUT:
2
1
1
## END

#### [[ -o NAME ]] reads the table
[[ -o vi ]]; echo $?
set -o vi
[[ -o vi ]]; echo $?
[[ -o nosuch ]]; echo $?
## STDOUT:
1
0
1
## END

#### a nested bash takes -o NAME and flags
bash -o pipefail -c 'echo "$SHELLOPTS"'
bash -eu -c 'echo $-'
## STDOUT:
braceexpand:hashall:interactive-comments:pipefail
ehuBc
## END
