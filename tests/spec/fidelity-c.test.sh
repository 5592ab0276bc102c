## compare_shells: bash

#### alias accepts -- and -p before definitions
shopt -s expand_aliases
alias -- say=echo
echo status=$?
say hi
alias -p -- greet='echo hello'
unalias -- say
say x 2>/dev/null
echo status=$?
## STDOUT:
status=0
hi
alias say='echo'
status=127
## END

#### alias and unalias usage errors
unalias 2>/dev/null
echo unalias=$?
alias -x 2>/dev/null
echo alias=$?
unalias -z 2>/dev/null
echo unalias-z=$?
alias 'a/b=x' 2>&1 | sed 's/^.*line [0-9]*: //'
alias '=x' 2>&1 | sed 's/^.*line [0-9]*: //'
## STDOUT:
unalias=2
alias=2
unalias-z=2
alias: `a/b': invalid alias name
alias: =x: not found
## END

#### unalias -a ignores its operands
shopt -s expand_aliases
alias a=b c=d
unalias -a nosuch
echo status=$?
alias | wc -l
## STDOUT:
status=0
0
## END

#### first word of an alias is itself checked for aliases
shopt -s expand_aliases
alias FOR='for '
alias v2='v1 '
alias v1='i '
alias IN='in '
FOR v2 IN 1 2; do echo "[$i]"; done
## STDOUT:
[1]
[2]
## END

#### no alias expansion right after for NAME
shopt -s expand_aliases
alias IN='in '
eval 'for i IN 1 2; do echo $i; done' 2>&1 | sed 's/^.*line [0-9]*: //' | head -1
## STDOUT:
syntax error near unexpected token `IN'
## END

#### wait -n reports bad ids and waits for the good ones
echo x &
wait -n $! bad 2>err.txt
echo status=$?
sed 's/^.*line [0-9]*: //' err.txt
wait -n zzz 2>/dev/null
echo status=$?
## STDOUT:
x
status=0
wait: bad: no such job
status=127
## END

#### wait with an invalid id is status 1, bad option status 2
wait zzz 2>/dev/null
echo status=$?
wait -- zzz 2>/dev/null
echo status=$?
wait -x 2>&1 | sed 's/^.*line [0-9]*: //'
echo status=${PIPESTATUS[0]}
## STDOUT:
status=1
status=1
wait: -x: invalid option
wait: usage: wait [-fn] [-p var] [id ...]
status=2
## END

#### wait -p names the job waited for
(exit 3) &
pid=$!
wait -p got $pid
echo status=$? same=$(( got == pid ))
wait -p none
echo status=$? ${none-unset}
## STDOUT:
status=3 same=1
status=0 unset
## END

#### wait reports a job killed by a signal
{ sleep 5 & kill -HUP $!; wait $!; } 2>err.txt
echo status=$?
grep -o 'Hangup *sleep 5' err.txt
{ sleep 5 & kill $!; wait $!; } 2>err.txt
echo status=$? lines=$(wc -l < err.txt)
## STDOUT:
status=129
Hangup                  sleep 5
status=143 lines=0
## END

#### background jobs ignore SIGINT
{ sleep 0.2; echo survived; } &
sleep 0.05
kill -INT $!
wait $!
echo status=$?
## STDOUT:
survived
status=0
## END

#### function name with an expansion or quotes is not a valid identifier
$foo-bar() { echo no; }
echo status=$?
'q'() { echo no; }
echo status=$?
{ foo-$(echo hi)() { echo no; }; } 2>&1 | sed 's/^.*line [0-9]*: //'
## STDOUT:
status=1
status=1
`foo-$(echo hi)': not a valid identifier
## END

#### PIPESTATUS starts empty
echo "[${PIPESTATUS[@]}]" "${#PIPESTATUS[@]}"
true | false
echo "[${PIPESTATUS[@]}]"
## STDOUT:
[] 0
[0 1]
## END

#### errexit does not apply to a compound command whose last list failed
set -e
{ test no = yes && echo hi; }
echo status=$?
if true; then false && true; fi
echo status=$?
for i in 1; do false && true; done
echo status=$?
f() { { false && true; }; }
f
echo not reached
## status: 1
## STDOUT:
status=1
status=1
status=1
## END

#### errexit applies to a failed redirection of a compound command
set -e
trap 'echo ERR' ERR
{ echo no; } > /nonexistent/dir/file 2>/dev/null
echo not reached
## status: 1
## STDOUT:
ERR
## END

#### command name too long
./$(printf '%0300d' 0) 2>/dev/null
echo status=$?
## stdout: status=126

#### 1>&word and >&word send stdout and stderr to a file
echo one 1>&f1
echo two >&f2
{ echo three; echo four >&2; } 1>&f3
cat f1 f2 f3
## STDOUT:
one
two
three
four
## END

#### 2>&word is an ambiguous redirect
{ echo x 2>&f4; } 2>&1 | sed 's/^.*line [0-9]*: //'
## stdout: f4: ambiguous redirect

#### >& with a glob naming a descriptor
touch 7
exec 7>&1
echo via-seven >& 7*
## stdout: via-seven

#### redirect target is brace-expanded
echo hi > a-{one,two} 2>/dev/null
echo status=$?
{ echo hi > b-{1..2}; } 2>&1 | sed 's/^.*line [0-9]*: //'
echo hi > c-{one}
cat c-{one}
## STDOUT:
status=1
b-{1..2}: ambiguous redirect
hi
## END

#### {var} descriptors stay open after the command
: {a}>f1
first=$a
: {b}>f2
echo $(( b - first ))
echo hi >&$a
echo status=$?
cat f1
## STDOUT:
1
status=0
hi
## END

#### output process substitution finishes after the script
seq 3 > >(tac)
## STDOUT:
3
2
1
## END

#### slices of a sparse array count from indices
a=(v{0..9})
unset -v 'a[2]' 'a[3]' 'a[4]' 'a[7]'
echo "[${a[@]:9}] [${a[@]:10}] [${a[*]:3:2}]"
echo "[${a[@]: -2}] [${a[@]: -5}] [${a[@]: -10}] [${a[@]: -11}]"
echo "[${a[@]:9:2}] [${a[@]:0:3}]"
## STDOUT:
[v9] [] [v5 v6]
[v8 v9] [v5 v6 v8 v9] [v0 v1 v5 v6 v8 v9] []
[v9] [v0 v1 v5]
## END

#### an endless writer still gets SIGPIPE from an exited reader
yes | true
echo ${PIPESTATUS[@]}
yes | head -n 1
echo ${PIPESTATUS[@]}
## STDOUT:
141 0
y
141 0
## END

#### trap -N is an invalid option
trap 'echo at-exit' EXIT
trap -1 EXIT 2>&1 | sed 's/^.*line [0-9]*: //'
trap -1 EXIT 2>/dev/null
echo status=$?
## STDOUT:
trap: -1: invalid option
trap: usage: trap [-lp] [[arg] signal_spec ...]
status=2
at-exit
## END

#### signals ignored by default leave a background job running
trap 'echo SIGURG' URG
kill -URG $$
{ echo begin child; sleep 0.1; echo end child; } &
kill -URG $!
wait
echo "wait status $?"
## STDOUT:
SIGURG
begin child
end child
wait status 0
## END

#### a nested shell signals its parent
trap 'echo USR1 trap status=$?; ( exit 42 )' USR1
bash -c "kill -USR1 $$"
echo after=$?
trap 'echo USR2 trap' USR2
bash -c "bash -c 'kill -USR2 $$'; echo mid"
echo end
## STDOUT:
USR1 trap status=0
after=0
mid
USR2 trap
end
## END

#### a nested shell has its own $$
outer=$$
inner=$(bash -c 'echo $$')
test "$outer" != "$inner" && echo differ
test "$(echo $$)" = "$outer" && echo same-in-subshell
## STDOUT:
differ
same-in-subshell
## END

#### moving a descriptor for a builtin leaves the source closed
exec 7> f.txt
: 6>&7 7>&-
echo hello >&7
: 6>&7-
echo world >&7 2>/dev/null
echo status=$?
exec 7> g.txt
cat /dev/null 6>&7-
echo still-open >&7
cat f.txt g.txt
## STDOUT:
status=1
hello
still-open
## END

#### ! ignores errexit only when set -e was on as it started
trap 'echo ERR' ERR
! { false; echo x; }
set -e
! { false; echo y; }
set +e
foo() { set -e; false; echo not reached; }
! foo
echo not reached either
## status: 1
## STDOUT:
ERR
x
y
## END

#### a syntax error inside backquotes is reported when it runs
echo before
echo "a`echo "`b" 2>/dev/null
echo status=$?
x=`for` 2>/dev/null
echo status=$?
{ y=`if`; } 2>&1 | sed 's/^.*line [0-9]*: //'
f() { echo `for`; }
declare -f f | sed -n 3p
## STDOUT:
before
ab
status=0
status=2
syntax error: unexpected end of file
    echo `for`
## END

#### a job inherits the signals the shell ignores
trap '' HUP
sleep 0.2 &
kill -HUP $!
wait $!
echo status=$?
trap - HUP
sleep 1 &
kill -HUP $!
wait $! 2>/dev/null
echo status=$?
## STDOUT:
status=0
status=129
## END

#### ! does not invert a compound command whose redirection failed
! { true; } > /nonexistent/x 2>/dev/null
echo brace=$?
! ( true ) > /nonexistent/x 2>/dev/null
echo subshell=$?
! true > /nonexistent/x 2>/dev/null
echo simple=$?
! { true; { false; } > /nonexistent/x 2>/dev/null; }
echo nested=$?
f() { { true; } > /nonexistent/x 2>/dev/null; }
! f
echo function=$?
if ! { true; } > /nonexistent/x 2>/dev/null; then echo then; else echo else; fi
## STDOUT:
brace=1
subshell=1
simple=0
nested=0
function=0
else
## END

#### set -u names a bare positional parameter with its dollar sign
( set -u; echo "$1" ) 2>&1 | sed 's/^.*line [0-9]*: //'
( set -u; echo "${2}" ) 2>&1 | sed 's/^.*line [0-9]*: //'
## STDOUT:
$1: unbound variable
2: unbound variable
## END

#### a shell started without PATH gets bash's default, unexported
env -i bash -c 'echo "$PATH"; env | grep "^PATH=" | wc -l'
## STDOUT:
/usr/local/bin:/usr/local/sbin:/usr/bin:/usr/sbin:/bin:/sbin:.
0
## END

#### set -x marks each level of command substitution and quotes tabs as bash does
{
set -x
x=$(echo a)
echo $(echo $(echo deep)) $'t\tb'
: $'c\x01d'
set +x
} 2>&1
## STDOUT:
++ echo a
+ x=a
+++ echo deep
++ echo deep
+ echo deep 't	b'
deep t	b
+ : $'c\001d'
+ set +x
## END

#### set -x shows for and case with their words as written
x=5
{
set -x
for i in $x "a b"; do :; done
case $x in *) : ;; esac
set +x
} 2>&1
## STDOUT:
+ for i in $x "a b"
+ :
+ for i in $x "a b"
+ :
+ case $x in
+ :
+ set +x
## END

#### set -x traces each test [[ ]] evaluates, operands expanded
x=5 y="a b"
{
set -x
[[ $x == 5 ]]
[[ $y == a* && -n $y ]]
[[ ! -z $x || $x -gt 3 ]]
[[ $x == "5" ]]
[[ $y =~ "a". ]]
[[ "$y" ]]
set +x
} 2>&1
## STDOUT:
+ [[ 5 == 5 ]]
+ [[ a b == a* ]]
+ [[ -n a b ]]
+ [[ ! -z 5 ]]
+ [[ 5 == \5 ]]
+ [[ a b =~ a. ]]
+ [[ -n a b ]]
+ set +x
## END
