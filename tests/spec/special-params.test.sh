## compare_shells: bash

#### $# counts positionals
set -- a b 'c d'
echo $#
## stdout: 3

#### $1 through ${10}
set -- 1 2 3 4 5 6 7 8 9 ten eleven
echo $1 ${10} ${11}
echo $10
## STDOUT:
1 ten eleven
10
## END

#### $? after success and failure
true
echo $?
false
echo $?
echo $?
## STDOUT:
0
1
0
## END

#### $? of command not found
nosuchcmd_abc 2>/dev/null
echo $?
## stdout: 127

#### $_ last argument of previous command
echo a b c > /dev/null
echo "$_"
## stdout: c

#### $_ after simple command with no args
true
echo "[$_]"
## stdout: [true]

#### $- contains h and B by default
case $- in *h*) echo has-h;; esac
case $- in *B*) echo has-B;; esac
## STDOUT:
has-h
has-B
## END

#### $- reflects set -f and set -u
set -fu
case $- in *f*) echo f;; esac
case $- in *u*) echo u;; esac
## STDOUT:
f
u
## END

#### "$*" vs "$@" in loop
set -- 'a b' c
for x in "$*"; do echo "star[$x]"; done
for x in "$@"; do echo "at[$x]"; done
## STDOUT:
star[a b c]
at[a b]
at[c]
## END

#### $* unquoted vs $@ unquoted identical
set -- 'a b' c
printf '<%s>' $*; echo
printf '<%s>' $@; echo
## STDOUT:
<a><b><c>
<a><b><c>
## END

#### $@ in double quotes with empty positional
set -- a '' b
printf '<%s>' "$@"; echo
printf '<%s>' $@; echo
## STDOUT:
<a><><b>
<a><b>
## END

#### $! empty before background jobs
echo "[${!-none}]"
## stdout: [none]

#### LINENO
echo $LINENO
echo $LINENO
## STDOUT:
1
2
## END

#### LINENO in function
f() {
  echo "line $LINENO"
}
f
## stdout: line 2

#### SECONDS non-negative and increasing
(( SECONDS >= 0 )) && echo ok
s=$SECONDS
(( SECONDS >= s )) && echo monotonic
## STDOUT:
ok
monotonic
## END

#### SECONDS assignment
SECONDS=100
(( SECONDS >= 100 && SECONDS < 110 )) && echo reset-ok
## stdout: reset-ok

#### RANDOM range
ok=1
for i in 1 2 3 4 5 6 7 8 9 10; do r=$RANDOM; (( r >= 0 && r <= 32767 )) || ok=0; done
echo $ok
## stdout: 1

#### RANDOM changes
a=$RANDOM b=$RANDOM c=$RANDOM d=$RANDOM
[[ "$a$b" != "$c$d" ]] && echo differs
## stdout: differs

#### BASH_VERSION is set
[ -n "$BASH_VERSION" ] && echo has-version
## stdout: has-version

#### BASH_VERSINFO major
(( BASH_VERSINFO[0] >= 4 )) && echo modern
## stdout: modern

#### HOME matches tilde
[[ ~ == "$HOME" ]] && echo tilde-is-home
## stdout: tilde-is-home

#### tilde in assignment
x=~/sub
[[ $x == "$HOME/sub" ]] && echo expanded
## stdout: expanded

#### tilde after colon in assignment
x=a:~/b
[[ $x == "a:$HOME/b" ]] && echo colon-expanded
## stdout: colon-expanded

#### PWD is absolute
[[ $PWD == /* ]] && echo absolute
## stdout: absolute

#### IFS default value
printf '%s' "$IFS" | od -An -c
## STDOUT:
      \t  \n
## END

#### PPID is a number
[[ $PPID =~ ^[0-9]+$ ]] && echo numeric
## stdout: numeric

#### $$ is a number and same in subshell
[[ $$ =~ ^[0-9]+$ ]] && echo numeric
outer=$$
( [ "$$" = "$outer" ] && echo same-in-subshell )
## STDOUT:
numeric
same-in-subshell
## END

#### UID and EUID numeric
[[ $UID =~ ^[0-9]+$ && $EUID =~ ^[0-9]+$ ]] && echo numeric
## stdout: numeric

#### positional parameter beyond count is empty
set -- a
echo "[$2][${5}]"
## stdout: [][]

#### set -- with special values
set -- '*' '-n' ''
printf '<%s>' "$@"; echo
## stdout: <*><-n><>

#### $# in function is function's
set -- a b c
f() { echo $#; }
f x
## stdout: 1

#### $0 in bash -c is settable
bash -c 'echo $0' myname
## stdout: myname

#### OPTIND default 1
echo $OPTIND
## stdout: 1

#### BASH_LINENO inside function
f() { echo "${BASH_LINENO[0]}"; }
echo start
f
## STDOUT:
start
3
## END

#### LINENO inside eval counts from the line of the eval
echo first

eval $'echo $LINENO\necho $LINENO'
f() {
  eval 'echo $LINENO'
}
f
## STDOUT:
first
3
4
5
## END

#### LINENO in the condition of for (( )) is the loop's line
for (( i = 0; i < LINENO; i++ )); do
  echo $i
done
## STDOUT:
0
## END

#### PIPESTATUS starts empty
echo "[${PIPESTATUS[@]}]" "${#PIPESTATUS[@]}"
true | false
echo "[${PIPESTATUS[@]}]"
## STDOUT:
[] 0
[0 1]
## END

#### exit status of assignment-only command
x=$(exit 3)
echo $?
x=1
echo $?
## STDOUT:
3
0
## END

#### $? is reset by echo
false
echo "first $?"
echo "second $?"
## STDOUT:
first 1
second 0
## END

#### BASH_EXECUTION_STRING holds the commands of bash -c
bash -c 'echo "[$BASH_EXECUTION_STRING]"'
bash -c 'set | grep -c "^BASH_EXECUTION_STRING="'
echo "${BASH_EXECUTION_STRING-unset}"
## STDOUT:
[echo "[$BASH_EXECUTION_STRING]"]
1
unset
## END
