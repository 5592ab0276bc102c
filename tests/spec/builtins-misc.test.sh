## compare_shells: bash

#### shift
set -- a b c d
shift
echo "$@"
shift 2
echo "$@"
## STDOUT:
b c d
d
## END

#### shift too many fails
set -- a
shift 3
echo "status $? args=$#"
## stdout: status 1 args=1

#### shift 0
set -- a b
shift 0
echo $#
## stdout: 2

#### let multiple expressions
let 'a = 2' 'b = a * 3'
echo $a $b
## stdout: 2 6

#### let increments
i=0
let i++ i++
echo $i
## stdout: 2

#### colon builtin
: ignored args
echo $?
## stdout: 0

#### true and false
true; echo $?
false; echo $?
## STDOUT:
0
1
## END

#### type -t kinds
f() { :; }
alias al='echo'
type -t f
type -t echo
type -t if
type -t ls
type -t nosuch
echo "status $?"
## STDOUT:
function
builtin
keyword
file
status 1
## END

#### type for builtin
type echo
## stdout: echo is a shell builtin

#### type for function
f() { echo hi; }
type f | head -n 1
## stdout: f is a function

#### type for keyword
type while
## stdout: while is a shell keyword

#### command -v builtin and function
f() { :; }
command -v echo
command -v f
command -v nosuch || echo none
## STDOUT:
echo
f
none
## END

#### command bypasses function
echo() { builtin echo "wrapped $*"; }
echo a
command echo b
## STDOUT:
wrapped a
b
## END

#### builtin runs builtin
cd() { echo "fake cd"; }
builtin cd . && echo real-cd
## stdout: real-cd

#### builtin with non-builtin fails
builtin ls 2>/dev/null
echo "status $?"
## stdout: status 1

#### command -V
command -V true
## stdout: true is a shell builtin

#### hash basics
hash -r
echo "status $?"
## stdout: status 0

#### cd and PWD
mkdir -p sub/inner
cd sub
cd inner
basename "$PWD"
cd ..
basename "$PWD"
## STDOUT:
inner
sub
## END

#### cd - returns to previous
mkdir a b
cd a
cd ../b
cd - > /dev/null
basename "$PWD"
## stdout: a

#### cd to missing dir fails
cd /nonexistent-dir-xyz 2>/dev/null
echo "status $?"
## stdout: status 1

#### cd /tmp and pwd
cd /tmp && pwd
## stdout: /tmp

#### OLDPWD set
cd /tmp
cd /
echo "$OLDPWD"
## stdout: /tmp

#### pushd popd
mkdir -p x/y
pushd x > /dev/null
pushd y > /dev/null
basename "$PWD"
popd > /dev/null
basename "$PWD"
popd > /dev/null
dirs -c
## STDOUT:
y
x
## END

#### exit with no arg uses last status
( false; exit )
echo $?
## stdout: 1

#### umask set and print
umask 027
umask
umask -S
## STDOUT:
0027
u=rwx,g=rx,o=
## END

#### umask symbolic modes apply to the permissions the mask leaves
umask 022
umask u=rwx,g=rx,o=; umask
umask g-w,o+r; umask
umask =r; umask
umask a=; umask
umask ug=rw,o+x; umask -S
umask -p; umask -p -S
umask -S 077
## STDOUT:
0027
0023
0333
0777
u=rw,g=rw,o=x
umask 0116
umask -S u=rw,g=rw,o=x
u=rwx,g=,o=
## END

#### umask rejects bad modes and keeps the mask
umask 022
umask 999; echo "status $?"
umask g+X; echo "status $?"
umask u=g; echo "status $?"
umask 'u+w,'; echo "status $?"
umask -x; echo "status $?"
umask
## STDOUT:
status 1
status 1
status 1
status 1
status 2
0022
## END

#### times runs
times > /dev/null
echo $?
## stdout: 0

#### wait with no jobs
wait
echo $?
## stdout: 0

#### caller outside function
caller > /dev/null
echo "status $?"
## stdout: status 1

#### help exists
help echo > /dev/null
echo "status $?"
## stdout: status 0

#### printenv missing var
printenv NO_SUCH_VAR_X
echo "status $?"
## stdout: status 1

#### env runs command with modified environment
env A=1 B=2 printenv B
## stdout: 2

#### env -u removes variable
export ZZ=1
env -u ZZ printenv ZZ
echo "status $?"
## stdout: status 1

#### expr arithmetic and string
expr 3 + 4
expr 10 / 3
expr length hello
## STDOUT:
7
3
5
## END

#### expr status when zero
expr 0 + 0
echo "status $?"
## STDOUT:
0
status 1
## END

#### basename and dirname
basename /a/b/c.txt
basename /a/b/c.txt .txt
dirname /a/b/c.txt
dirname file
## STDOUT:
c.txt
c
/a/b
.
## END

#### hash a command then hash -t
hash ls
hash -t ls > /dev/null && echo hashed
## stdout: hashed

#### hash unknown command fails
hash no_such_cmd_q 2>/dev/null
echo "status $?"
## stdout: status 1

#### command with -p uses default path
command -p true && echo ok
## stdout: ok

#### type -a finds builtin and file
type -a true | head -n 1
## stdout: true is a shell builtin

#### type -P for a builtin-only name is empty
type -P cd
echo "status $?"
## stdout: status 1

#### cd through a missing directory and .. fails
cd /tmp
cd no_such_dir_q/.. 2>/dev/null
echo $?
pwd
mkdir -p /tmp/cdq
cd /tmp/cdq/../cdq/..
pwd
rmdir /tmp/cdq
## STDOUT:
1
/tmp
/tmp
## END

#### TIMEFORMAT shapes what the time keyword prints
TIMEFORMAT='[%%|%0R|%0lR|%P-ish]'
{ time true; } 2>&1 | sed 's/|[0-9.]*-ish/|P-ish/'
TIMEFORMAT=
{ time true; } 2>&1 | wc -c
TIMEFORMAT='%0U %0lS'
{ time true; } 2>&1
unset TIMEFORMAT
{ time true; } 2>&1 | sed 's/[0-9]/N/g'
## STDOUT:
[%|0|0m0s|P-ish]
0
0 0m0s

real	NmN.NNNs
user	NmN.NNNs
sys	NmN.NNNs
## END

#### time of a subshell reports through the subshell's own redirections
TIMEFORMAT=%0R
{ time ( true ) 2>/dev/null; } 2>&1 | wc -c
time ( echo x >&2; exit 3 ) 2>/tmp/timed.txt
echo "status $?"
cat /tmp/timed.txt
{ time { true; } 2>/dev/null; } 2>&1
{ time ( true ) >/dev/null; } 2>&1
## STDOUT:
0
status 3
x
0
0
0
## END

#### invalid options and bad names: bash's message, its usage line, the whole word
for c in 'unset -x' 'export -x' 'g() { local -z; }; g' 'readonly -z' 'cd -x' 'pwd -x' 'read -x' 'type -x' 'set -Q' 'shopt -x' 'mapfile -x' 'exec -x true' 'exec -a' 'kill'; do
  eval "$c" 2>&1 | sed 's/^[^:]*: line [0-9]*: //'
  echo "st=${PIPESTATUS[0]}"
done
f() { export 1abc=5; declare "3c=a b"; readonly 2b[1]=3; }
f 2>&1 | sed 's/^[^:]*: line [0-9]*: //'
help -s unset cd
## STDOUT:
unset: -x: invalid option
unset: usage: unset [-f] [-v] [-n] [name ...]
st=2
export: -x: invalid option
export: usage: export [-fn] [name[=value] ...] or export -p
st=2
local: -z: invalid option
local: usage: local [option] name[=value] ...
st=2
readonly: -z: invalid option
readonly: usage: readonly [-aAf] [name[=value] ...] or readonly -p
st=2
cd: -x: invalid option
cd: usage: cd [-L|[-P [-e]] [-@]] [dir]
st=2
pwd: -x: invalid option
pwd: usage: pwd [-LP]
st=2
read: -x: invalid option
read: usage: read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]
st=2
type: -x: invalid option
type: usage: type [-afptP] name [name ...]
st=2
set: -Q: invalid option
set: usage: set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [-] [arg ...]
st=2
shopt: -x: invalid option
shopt: usage: shopt [-pqsu] [-o] [optname ...]
st=2
mapfile: -x: invalid option
mapfile: usage: mapfile [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]
st=2
exec: -x: invalid option
exec: usage: exec [-cl] [-a name] [command [argument ...]] [redirection ...]
st=2
exec: -a: option requires an argument
exec: usage: exec [-cl] [-a name] [command [argument ...]] [redirection ...]
st=2
kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]
st=2
export: `1abc=5': not a valid identifier
declare: `3c=a b': not a valid identifier
readonly: `2b[1]=3': not a valid identifier
unset: unset [-f] [-v] [-n] [name ...]
cd: cd [-L|[-P [-e]] [-@]] [dir]
## END

#### an error inside a function is named after the function's file, as BASH_SOURCE
f() { nocmd_xyz; }
f 2>&1 | sed 's/line [0-9]*/line N/'
bash -c 'g() { nocmd_xyz; }; g; nocmd_xyz' 2>&1 | sed 's/line [0-9]*/line N/'
printf 'h() { nocmd_xyz; }\n' > lib.sh
bash -c 'source ./lib.sh; h' 2>&1 | sed 's/line [0-9]*/line N/'
## STDOUT:
main: line N: nocmd_xyz: command not found
environment: line N: nocmd_xyz: command not found
bash: line N: nocmd_xyz: command not found
./lib.sh: line N: nocmd_xyz: command not found
## END

#### ulimit -a lays out its rows as bash; kill -l translates each operand
ulimit -a | sed 's/ [^ ]*$//'
ulimit -c -s | sed 's/ [^ ]*$//'
kill -l 9 15 TERM sigint 137 0
kill -l 999 2>/dev/null; echo "st=$?"
## STDOUT:
real-time non-blocking time  (microseconds, -R)
core file size              (blocks, -c)
data seg size               (kbytes, -d)
scheduling priority                 (-e)
file size                   (blocks, -f)
pending signals                     (-i)
max locked memory           (kbytes, -l)
max memory size             (kbytes, -m)
open files                          (-n)
pipe size                (512 bytes, -p)
POSIX message queues         (bytes, -q)
real-time priority                  (-r)
stack size                  (kbytes, -s)
cpu time                   (seconds, -t)
max user processes                  (-u)
virtual memory              (kbytes, -v)
file locks                          (-x)
core file size              (blocks, -c)
stack size                  (kbytes, -s)
KILL
TERM
15
2
KILL
EXIT
st=1
## END

#### exported variables reach a program's environment in bash's order, with _ naming the program
export ZZ=1 AA=2 MM=3 C=3 B=2 A=1 foo=1 bar=2
env | grep -E '^(ZZ|AA|MM|A|B|C|foo|bar|_)='
echo --
AA=2 QQ=3 RR=1 env | grep -E '^(ZZ|AA|QQ|RR|MM)='
echo --
f() { local LL=1 KK=2; export LL KK; printenv | grep -E '^(LL|KK|ZZ|_)='; }
f
## STDOUT:
MM=3
C=3
B=2
A=1
foo=1
bar=2
AA=2
ZZ=1
_=/usr/bin/env
--
RR=1
QQ=3
AA=2
MM=3
ZZ=1
--
LL=1
KK=2
ZZ=1
_=/usr/bin/printenv
## END

#### a local shadowing an exported variable is exported; one not exported leaves the outer in the environment
export X=1
f() { local X=2; env | grep '^X='; declare -p X; }
f
k() { local X; env | grep '^X='; declare -p X; }
k
g() { local +x X=3; declare -p X; env | grep '^X='; }
g
h() { local X; unset X; env | grep '^X='; }
h
env -u X env | grep '^X=' || echo hidden
TZ=Asia/Tokyo; unset -v TZ; TZ=Asia/Tokyo
date -d @0 +%H
t() { export TZ; local TZ=America/New_York; date -d @0 +%H; }
t
## STDOUT:
X=2
declare -x X="2"
X=1
declare -x X
declare -- X="3"
X=1
X=1
hidden
00
19
## END

#### bash, sh and timeout are programs, not builtins; logout and suspend refuse
type bash; type -t bash sh timeout echo; command -v bash sh timeout; command -V sh
builtin bash -c 'echo x' 2>&1 | sed 's/^.*line [0-9]*: //'; echo "builtin: ${PIPESTATUS[0]}"
enable bash 2>&1 | sed 's/^.*line [0-9]*: //'; echo "enable: ${PIPESTATUS[0]}"
compgen -b | grep -cx 'bash\|sh\|timeout'
hash bash; hash -t bash
logout 2>&1 | sed 's/^.*line [0-9]*: //'; echo "logout: ${PIPESTATUS[0]}"
suspend 2>&1 | sed 's/^.*line [0-9]*: //'; echo "suspend: ${PIPESTATUS[0]}"
type -t logout suspend
bash -c 'echo nested'; timeout 5 echo timed
## STDOUT:
bash is /usr/bin/bash
file
file
file
builtin
/usr/bin/bash
/usr/bin/sh
/usr/bin/timeout
sh is /usr/bin/sh
builtin: bash: not a shell builtin
builtin: 1
enable: bash: not a shell builtin
enable: 1
0
/usr/bin/bash
logout: not login shell: use `exit'
logout: 1
suspend: cannot suspend: no job control
suspend: 1
builtin
builtin
nested
timed
## END
