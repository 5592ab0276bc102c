## compare_shells: bash

#### prefix assignment before unset removes only the temporary variable
f() {
  local v=local
  v=tmp unset v
  echo "v=$v"
  v=tmp eval 'unset v'
  echo "v=$v"
}
f
g=global
g=tmp unset g
echo "g=$g"
tmp= unset g
echo "g=${g-unset}"
## STDOUT:
v=local
v=local
g=global
g=unset
## END

#### eval with a prefix assignment: unset shows the variable below
x=42
x=tmp eval 'unset x; echo "x=${x-unset}"'
echo "x=$x"
## STDOUT:
x=42
x=42
## END

#### prefix assignments before special builtins do not persist outside posix mode
a=1 :
echo "a=${a-unset}"
b=1 eval 'b=2; echo "in eval b=$b"'
echo "b=${b-unset}"
c=1 export d=2
echo "c=${c-unset} d=$d"
set -o posix
e=1 :
echo "e=${e-unset}"
f=1 eval 'f=2'
echo "f=${f-unset}"
## STDOUT:
a=unset
in eval b=2
b=unset
c=unset d=2
e=1
f=2
## END

#### posix mode: unset with a prefix assignment still keeps the local
set -o posix
f() {
  local l=1
  l=X unset l
  echo "l=$l"
  l=X eval 'unset l'
  echo "l=$l"
}
f
## STDOUT:
l=1
l=1
## END

#### local through eval and source with prefix assignments stays in the function
f() {
  tmp1= local x=x
  tmp2= eval 'local y=y'
  echo 'local z=z' > defz.sh
  tmp3= . ./defz.sh
  echo "x=$x y=$y z=$z"
}
f
echo "outside: x=${x-unset} y=${y-unset} z=${z-unset}"
## STDOUT:
x=x y=y z=z
outside: x=unset y=unset z=unset
## END

#### prefix assignments are exported to commands run by eval, command and builtin
FOO=one eval 'sh -c "echo \$FOO"'
FOO=two command sh -c 'echo $FOO'
FOO=three builtin eval 'sh -c "echo \$FOO"'
pre1=pre1 readonly x=x
pre2=pre2 exec sh -c 'echo "pre1=$pre1 x=$x pre2=$pre2"'
## STDOUT:
one
two
three
pre1= x= pre2=pre2
## END

#### declare, local and typeset are not special: prefix assignments vanish in posix mode
set -o posix
p=1 declare q=2
echo "p=${p-unset} q=$q"
p=1 times > /dev/null
echo "p=${p-unset}"
## STDOUT:
p=unset q=2
p=1
## END

#### posix mode: a special builtin is found before a function of the same name
eval() { echo "function eval: $1"; }
eval 'echo before posix'
set -o posix
eval 'echo after posix'
type -t eval
## STDOUT:
function eval: echo before posix
after posix
function
## END

#### posix mode: defining a function named like a special builtin is fatal
set -o posix
echo hi
eval() { echo 'sh func'; } 2>&1
echo not reached
## status: 2
## STDOUT:
hi
## END

#### posix mode: the error names the special builtin
set -o posix
( source() { :; } ) 2>&1 | sed 's/^[^:]*: //'
( source() { :; } ) 2>/dev/null
echo "status=$?"
## STDOUT:
line 2: `source': is a special builtin
status=2
## END

#### an assignment error inside eval abandons only that command of the string
readonly r=1
f() {
  eval 'r=2; echo not reached
  echo next line of eval'
  echo "eval status=$?"
}
f
echo top
## STDOUT:
next line of eval
eval status=0
top
## END

#### an assignment error in a sourced file goes on with the next line of the file
readonly r=1
printf 'r=2; echo no\necho next in file\n' > src.sh
f() { . ./src.sh; echo "source status=$?"; }
f
## STDOUT:
next in file
source status=0
## END

#### a readonly local made in a function: eval reports the assignment failure
f() {
  local x=local
  readonly x
  eval 'x=bar'
  echo "status=$?"
}
x=global
f
echo "$x"
## STDOUT:
status=1
global
## END

#### errexit: assigning to a readonly variable ends the shell, even after ||
set -e
readonly r=1
r=2 || echo caught
echo not reached
## status: 1
## STDOUT:
## END

#### errexit: declare on a readonly variable is an ordinary failure
set -e
readonly r=1
declare r=2 2>/dev/null || echo caught
echo after
## STDOUT:
caught
after
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

#### UID, EUID and PPID are read-only integers
declare -p UID EUID PPID | cut -d= -f1
UID=5
echo "status=$?"
## STDOUT:
declare -ir UID
declare -ir EUID
declare -ir PPID
status=1
## END

#### a prefix assignment to a readonly variable: reported, and the command still runs
readonly r=1
r=2 echo "ran with r=$r" 2>/dev/null
echo "status=$?"
f() { echo "f sees r=$r"; }
r=3 f 2>/dev/null
## STDOUT:
ran with r=1
status=0
f sees r=1
## END

#### export -n with a value assigns it and stops exporting
foo=old
export foo
export -n foo=new
echo "status=$? foo=$foo"
declare -p foo
sh -c 'echo "child sees: ${foo-nothing}"'
readonly r=1
export -n r=2 2>/dev/null
echo "readonly status=$?"
export -n 'a b' 2>/dev/null
echo "invalid status=$?"
## STDOUT:
status=0 foo=new
declare -- foo="new"
child sees: nothing
readonly status=1
invalid status=1
## END

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

#### set and declare without arguments list arrays and functions as bash does
declare -a __arr=(1 2 '3 4')
declare -A __map
__map['k e y']='v a l'
__map[a]=b
declare -n __ref=__arr
declare __unset_but_declared
__fn() { echo hi; }
set | grep -A3 '^__' | grep -v '^__fn'
echo ---
declare | grep '^__'
## STDOUT:
__arr=([0]="1" [1]="2" [2]="3 4")
__map=([a]="b" ["k e y"]="v a l" )
__ref=__arr
{ 
    echo hi
}
---
__arr=([0]="1" [1]="2" [2]="3 4")
__map=([a]="b" ["k e y"]="v a l" )
__ref=__arr
__fn () 
## END

#### type and command -v want an executable file for a path with a slash
mkdir -p d
touch d/plain d/prog
chmod +x d/prog
type d/plain d/prog 2>&1 | sed 's/^.*type: //'
echo "status=$?"
command -v d/plain
echo "status=$?"
type -t d/prog
## STDOUT:
d/plain: not found
d/prog is d/prog
status=0
status=1
file
## END

#### read: a backslash-escaped IFS character does not split
IFS=:
read a b c <<'END'
x\:y:z\:w:rest:more
END
echo "[$a|$b|$c]"
IFS=' '
read -a arr <<'END'
p\ q r\  
END
declare -p arr
## STDOUT:
[x:y|z:w|rest:more]
declare -a arr=([0]="p q" [1]="r ")
## END

#### bash -O and +O set shopt options for the new shell
bash +O nullglob -c 'echo foo *.nonexistent bar'
bash -O nullglob -c 'echo foo *.nonexistent bar'
bash -O extglob -c 'shopt extglob'
bash -O nosuchopt -c 'echo not run' 2>/dev/null
echo "status=$?"
## STDOUT:
foo *.nonexistent bar
foo bar
extglob        	on
status=2
## END

#### declare -F name under extdebug shows where the function was defined
shopt -s extdebug
printf 'g() {\n  :\n}\n' > lib.sh
. ./lib.sh
f() { :; }
declare -F f | cut -d' ' -f1,2
declare -F g
declare -F
## STDOUT:
f 4
g 1 ./lib.sh
declare -f f
declare -f g
## END

#### bash -i: $- has i, emacs editing and history are on, HISTFILE is set
bash -c 'echo $-'
bash --norc --rcfile /dev/null -i -c 'echo $-; test -o emacs; echo emacs=$?; test -o vi; echo vi=$?; echo histfile=${HISTFILE:+yes}' 2>/dev/null
bash -c 'echo histfile=${HISTFILE:+yes}'
## STDOUT:
hBc
hiBHc
emacs=0
vi=1
histfile=yes
histfile=
## END

#### bash -i: an unset variable under set -u abandons the line, not the shell
bash -i -c 'set -u; echo before; echo $x; echo after
echo line2
' 2>/dev/null
echo "status=$?"
bash -c 'set -u; echo before; echo $x; echo after
echo line2
' 2>/dev/null
echo "status=$?"
## STDOUT:
before
line2
status=0
before
status=127
## END
