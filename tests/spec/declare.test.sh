## compare_shells: bash

#### declare simple
declare x=5
echo $x
## stdout: 5

#### declare -p scalar
x='a b'
declare -p x
## stdout: declare -- x="a b"

#### declare -p with quotes and dollar
x='say "hi" $HOME'
declare -p x
## stdout: declare -- x="say \"hi\" \$HOME"

#### typeset is declare
typeset y=1
declare -p y
## stdout: declare -- y="1"

#### readonly variable cannot change
readonly r=1
r=2 2>/dev/null
echo "status $? r=$r"
## stdout: status 1 r=1

#### readonly assignment in subshell fails
readonly r=1
( r=2 ) 2>/dev/null
echo "status $?"
## stdout: status 1

#### readonly unset fails
readonly r=1
unset r 2>/dev/null
echo "status $? r=$r"
## stdout: status 1 r=1

#### readonly -p lists
readonly RO_X=1
readonly -p | while read -r line; do case $line in *RO_X*) echo "$line";; esac; done
## stdout: declare -r RO_X="1"

#### declare -r
declare -r c=const
declare -p c
## stdout: declare -r c="const"

#### export makes visible to child
export E1=v1
printenv E1
## stdout: v1

#### export after assignment
E2=v2
export E2
env | while IFS== read -r k v; do [ "$k" = E2 ] && echo "$k=$v"; done; true
## stdout: E2=v2

#### export -n removes export
export E3=v3
export -n E3
printenv E3
echo "status $?"
## stdout: status 1

#### declare -x
declare -x E4=v4
printenv E4
## stdout: v4

#### prefix assignment exports to command only
E5=temp printenv E5
echo "[${E5-unset}]"
## STDOUT:
temp
[unset]
## END

#### unset variable
x=1
unset x
echo "[${x-unset}]"
## stdout: [unset]

#### unset -v
x=1
unset -v x
echo "[${x-unset}]"
## stdout: [unset]

#### unset function and variable same name
f=var
f() { echo func; }
unset f
echo "[${f-unset}]"
f
## STDOUT:
[unset]
func
## END

#### unset nonexistent is fine
unset nothere
echo "status $?"
## stdout: status 0

#### declare -i
declare -i n=10
n=n*2
echo $n
## stdout: 20

#### declare -l and -u
declare -l lower=HeLLo
declare -u upper=HeLLo
echo "$lower $upper"
lower=ABC
echo $lower
## STDOUT:
hello HELLO
abc
## END

#### declare +x removes attribute
declare -x V=1
declare +x V
printenv V || echo not-exported
## stdout: not-exported

#### declare in function is local
f() { declare inner=1; }
f
echo "[${inner-unset}]"
## stdout: [unset]

#### declare -g in function is global
f() { declare -g gvar=global; }
f
echo $gvar
## stdout: global

#### local -r assignment error aborts the function
f() { local -r x=1; x=2 2>/dev/null; echo "x=$x"; }
f
echo "after $?"
## stdout: after 1

#### readonly assignment error skips the rest of the line
readonly y=1
y=2 2>/dev/null; echo "same line"
echo "next line"
## stdout: next line

#### declare without value
declare x
echo "[${x-unset}]"
declare -p x
## STDOUT:
[unset]
declare -- x
## END

#### declare -a -p
declare -a arr=(a 'b c')
declare -p arr
## stdout: declare -a arr=([0]="a" [1]="b c")

#### declare -p nonexistent
declare -p nosuchvar 2>/dev/null
echo "status $?"
## stdout: status 1

#### export -p format
export PX='va lue'
export -p | while read -r line; do case $line in *" PX="*) echo "$line";; esac; done
## stdout: declare -x PX="va lue"

#### declare -n nameref
x=1
declare -n ref=x
ref=2
echo $x
echo $ref
## STDOUT:
2
2
## END

#### nameref to array element
arr=(1 2 3)
declare -n r='arr[1]'
r=X
echo "${arr[@]}"
## stdout: 1 X 3

#### nameref in function modifies caller variable
setit() { local -n out=$1; out=result; }
setit myvar
echo $myvar
## stdout: result

#### nameref to array
fill() { local -n a=$1; a=(x y z); }
fill list
echo "${#list[@]}"
## stdout: 3

#### declare -i with invalid expression
declare -i n
( n='1 +' ) 2>/dev/null
echo "status $?"
## stdout: status 1

#### typeset -f lists function
f() { :; }
typeset -f f | head -n 1
## STDOUT:
f () 
## END

#### variable name validity
1abc=x 2>/dev/null
echo "status $?"
## stdout: status 127

#### declare -A after -a conversion error text to stderr
declare -a a=(1)
declare -A a 2>/dev/null
echo "status $?"
## stdout: status 1

#### readonly function
f() { echo f; }
readonly -f f
f() { echo g; } 2>/dev/null
f
## stdout: f

#### assignment with += on integer
declare -i n=5
n+=3
echo $n
## stdout: 8

#### declare -u on append
declare -u u=ab
u+=cd
echo $u
## stdout: ABCD

#### declare multiple
declare a=1 b=2 c
echo "$a $b [${c-unset}]"
## stdout: 1 2 [unset]

#### declare -f keeps braces around a parameter
f() { echo ${a}b $a ${1}0 $1 ${?} $?; }
declare -f f
## STDOUT:
f () 
{ 
    echo ${a}b $a ${1}0 $1 ${?} $?
}
## END

#### declare -p quotes associative keys as bash does
declare -A A=(["~a"]=1)
declare -p A
declare -A B=([a~]=1)
declare -p B
declare -A C=(["#x"]=1)
declare -p C
declare -A D=([x#]=1)
declare -p D
declare -A E=(["a|b"]=1)
declare -p E
declare -A F=(["@"]=1)
declare -p F
## STDOUT:
declare -A A=(["~a"]="1" )
declare -A B=([a~]="1" )
declare -A C=(["#x"]="1" )
declare -A D=([x#]="1" )
declare -A E=(["a|b"]="1" )
declare -A F=(["@"]="1" )
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

#### declare -F with names prints bare names
f() { :; }; g() { :; }
declare -F f g
declare -F
## STDOUT:
f
g
declare -f f
declare -f g
## END

#### readonly in a subshell fails without killing the parent
readonly RO=1
(RO=2) 2>/dev/null
echo "sub=$?"
echo $RO
## STDOUT:
sub=1
1
## END

#### declare -f prints redirections and here-documents as bash does
f() { false >&2 2>&1; cat <<EOF
hi $HOME
EOF
cat <<-"X"
	a
X
echo 3>&- 2>&-; echo <&0; echo 2<&-; echo <&-; echo 5<>f; echo >|g; echo 3<&4; echo >&$x; echo &>> g; echo 2>&1-; cat 3<<< "a"
cat <<A && cat <<B
a
A
b
B
cat <<E | grep x
x
E
echo done; }
declare -f f
## STDOUT:
f () 
{ 
    false 1>&2 2>&1;
    cat <<EOF
hi $HOME
EOF

    cat <<-'X'
a
X

    echo 3>&- 2>&-;
    echo 0<&0;
    echo 2>&-;
    echo 0>&-;
    echo 5<> f;
    echo >| g;
    echo 3<&4;
    echo >&$x;
    echo &>> g;
    echo 2>&1-;
    cat 3<<< "a";
    cat <<A && 
a
A
 cat <<B
b
B

    cat <<E |
x
E
  grep x
    echo done
}
## END

#### an arithmetic error in an integer declaration is named after the builtin and abandons the command
{ declare -i i="1+"; echo not reached; } 2>&1 | sed 's/^.*line [0-9]*: //'
f() { local -i n="2*"; echo not reached; }
{ f; echo not reached either; } 2>&1 | sed 's/^.*line [0-9]*: //'
{ declare -i a=(1 2+); echo not reached; } 2>&1 | sed 's/^.*line [0-9]*: //'
readonly r=1
declare r=2 2>/dev/null
echo "readonly is not fatal: $?"
## STDOUT:
declare: 1+: syntax error: operand expected (error token is "+")
local: 2*: syntax error: operand expected (error token is "*")
2+: syntax error: operand expected (error token is "+")
readonly is not fatal: 1
## END
