## compare_shells: bash

#### eval simple
eval 'echo hello'
## stdout: hello

#### eval concatenates args
eval echo a b
## stdout: a b

#### eval builds variable names
name=foo
eval "$name=bar"
echo $foo
## stdout: bar

#### eval double expansion
x='$y'
y=final
eval echo $x
## stdout: final

#### eval status
eval 'false'
echo $?
eval ''
echo $?
## STDOUT:
1
0
## END

#### eval syntax error status 2 and continues
eval 'if' 2>/dev/null
echo "status $?"
echo continues
## STDOUT:
status 2
continues
## END

#### eval defines function
eval 'f() { echo from-eval; }'
f
## stdout: from-eval

#### eval with quotes preserved
eval 'printf "[%s]\n" "a b"'
## stdout: [a b]

#### eval in function sees locals
f() { local v=loc; eval 'echo $v'; }
f
## stdout: loc

#### source a file
echo 'echo sourced; x=from-file' > lib.sh
source ./lib.sh
echo $x
## STDOUT:
sourced
from-file
## END

#### dot command
echo 'y=dotted' > lib.sh
. ./lib.sh
echo $y
## stdout: dotted

#### source with arguments
echo 'echo "args: $# $1 $2"' > lib.sh
source ./lib.sh p q
## stdout: args: 2 p q

#### source keeps caller positionals when no args
echo 'echo "$1"' > lib.sh
set -- outer
source ./lib.sh
## stdout: outer

#### return from sourced file
printf 'echo one\nreturn 3\necho two\n' > lib.sh
source ./lib.sh
echo "status $?"
## STDOUT:
one
status 3
## END

#### source missing file
source ./nope.sh 2>/dev/null
echo "status $?"
## stdout: status 1

#### sourced functions persist
echo 'greet() { echo "hi $1"; }' > lib.sh
. ./lib.sh
greet there
## stdout: hi there

#### source status is last command
echo 'false' > lib.sh
. ./lib.sh
echo $?
## stdout: 1

#### eval with semicolons and newlines
eval 'a=1; b=2
c=3'
echo $a$b$c
## stdout: 123

#### eval exit exits shell
eval 'exit 5'
echo no
## status: 5

#### source file sees local variables of caller
echo 'echo "v=$v"' > lib.sh
f() { local v=inner; . ./lib.sh; }
f
## stdout: v=inner

#### nested eval
eval 'eval "echo nested"'
## stdout: nested

#### eval with array assignment
eval 'arr=(x "y z")'
echo "${#arr[@]} ${arr[1]}"
## stdout: 2 y z

#### BASH_SOURCE in sourced file
echo 'echo "${BASH_SOURCE[0]}"' > lib.sh
. ./lib.sh
## stdout: ./lib.sh

#### an expansion error inside eval abandons only that command of the string
eval 'echo ${s:}; echo not-this'; echo "st1 $?"
eval $'echo ${s:}\necho next-line'; echo "st2 $?"
f() { eval 'x=$((1/0)); echo no'; echo "in f $?"; }
f
echo done
## STDOUT:
st1 1
next-line
st2 0
in f 1
done
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

#### BASH_SOURCE, FUNCNAME and BASH_LINENO follow functions and sourced files
cat > lib.sh <<'X'
echo "lib: FN=(${FUNCNAME[*]}) BS=(${BASH_SOURCE[*]}) BL=(${BASH_LINENO[*]})"
libf() { echo "libf: FN=(${FUNCNAME[*]}) BS=(${BASH_SOURCE[*]}) BL=(${BASH_LINENO[*]})"; }
X
cat > main.sh <<'X'
echo "main: FN=(${FUNCNAME[*]}) BS=(${BASH_SOURCE[*]}) n=${#BASH_SOURCE[@]}"
mf() { echo "mf: FN=(${FUNCNAME[*]}) BS=(${BASH_SOURCE[*]})"; libf; source ./lib.sh; }
source ./lib.sh
libf
mf
echo "end: BS=(${BASH_SOURCE[*]}) dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd | wc -l)"
X
bash main.sh
bash -c 'source ./lib.sh; libf; f() { echo "f: BS=(${BASH_SOURCE[*]})"; }; f; echo "c: n=${#BASH_SOURCE[@]}"'
## STDOUT:
main: FN=() BS=(main.sh) n=1
lib: FN=() BS=(./lib.sh main.sh) BL=(3 0)
libf: FN=(libf main) BS=(./lib.sh main.sh) BL=(4 0)
mf: FN=(mf main) BS=(main.sh main.sh)
libf: FN=(libf mf main) BS=(./lib.sh main.sh main.sh) BL=(2 5 0)
lib: FN=(source mf main) BS=(./lib.sh main.sh main.sh) BL=(2 5 0)
end: BS=(main.sh) dir=1
lib: FN=() BS=(./lib.sh) BL=(1)
libf: FN=(libf) BS=(./lib.sh) BL=(1)
f: BS=(environment)
c: n=0
## END
