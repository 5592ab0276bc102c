## compare_shells: bash

#### set -f disables globbing
touch a b
set -f
echo *
set +f
echo *
## STDOUT:
*
a b
## END

#### set -o noglob
touch x
set -o noglob
echo x*
## stdout: x*

#### set -C noclobber
echo 1 > f
set -C
echo 2 > f 2>/dev/null || echo refused
cat f
## STDOUT:
refused
1
## END

#### noclobber allows /dev/null
set -C
echo x > /dev/null && echo ok
## stdout: ok

#### set -o shows option state
set -o pipefail
set -o | while read -r name state; do [ "$name" = pipefail ] && echo "$name $state"; done; echo end
## STDOUT:
pipefail on
end
## END

#### set +o prints commands
set -o noglob
set +o | while read -r a b c; do [ "$c" = noglob ] && echo "$a $b $c"; done; echo end
## STDOUT:
set -o noglob
end
## END

#### set -- resets positionals
set -- a b c
echo $#
set --
echo $#
## STDOUT:
3
0
## END

#### set with args after options
set -- -x
echo "$1"
## stdout: -x

#### set - turns off -x and -v
set - a b
echo "$@"
## stdout: a b

#### shopt -s and -u
shopt -s nullglob
shopt nullglob
shopt -u nullglob
shopt nullglob
echo $?
## STDOUT:
nullglob       	on
nullglob       	off
1
## END

#### shopt -q
shopt -s extglob
shopt -q extglob && echo yes
shopt -u extglob
shopt -q extglob || echo no
## STDOUT:
yes
no
## END

#### shopt -p
shopt -s dotglob
shopt -p dotglob
## stdout: shopt -s dotglob

#### set -x output goes to stderr
set -x
echo visible 2>/dev/null
set +x
## stdout: visible

#### set -v output goes to stderr
set -v
echo verbose
set +v
## stdout: verbose

#### set -n does not execute
set -n
echo not-executed

#### set -e and $- letters
set -eu
case $- in *e*u*|*u*e*) echo both;; esac
## stdout: both

#### set -a exports all
set -a
AUTOX=1
set +a
printenv AUTOX
## stdout: 1

#### unknown option is error
set -o bogus 2>/dev/null
echo "status $?"
## stdout: status 2

#### shopt unknown option
shopt -s nosuchopt 2>/dev/null
echo "status $?"
## stdout: status 1

#### set -o posix is off by default
shopt -o -q posix || echo not-posix
## stdout: not-posix

#### set -b -h harmless
set -h
echo ok
## stdout: ok

#### set: a lone + is ignored, a lone - ends the options
show() { case $- in *x*) echo xtrace-on ;; esac; }
set +
echo "args: $#"
set -x + -v x y 2>/dev/null
show
set +xv 2>/dev/null
echo "args: $*"
set - +
echo "args: $*"
set + -
echo "args: $*"
## STDOUT:
args: 0
xtrace-on
args: x y
args: +
args: +
## END

#### set -u names a bare positional parameter with its dollar sign
( set -u; echo "$1" ) 2>&1 | sed 's/^.*line [0-9]*: //'
( set -u; echo "${2}" ) 2>&1 | sed 's/^.*line [0-9]*: //'
## STDOUT:
$1: unbound variable
2: unbound variable
## END
