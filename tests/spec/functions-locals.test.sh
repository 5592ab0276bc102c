## compare_shells: bash

#### define and call
f() { echo "hello $1"; }
f world
## stdout: hello world

#### function keyword
function g { echo g-called; }
g
## stdout: g-called

#### function keyword with parens
function h() { echo h; }
h
## stdout: h

#### positional parameters in function
f() { echo "$# $1 $2"; }
f a 'b c'
## stdout: 2 a b c

#### positional params restored after call
set -- outer
f() { set -- inner; echo $1; }
f
echo $1
## STDOUT:
inner
outer
## END

#### return status
f() { return 3; }
f
echo $?
## stdout: 3

#### return without value uses last status
f() { false; return; }
f
echo $?
## stdout: 1

#### status of last command
f() { true; false; }
f
echo $?
## stdout: 1

#### local variable
x=global
f() { local x=local; echo $x; }
f
echo $x
## STDOUT:
local
global
## END

#### dynamic scoping
x=global
inner() { echo "inner sees $x"; }
outer() { local x=outer-local; inner; }
outer
inner
## STDOUT:
inner sees outer-local
inner sees global
## END

#### local modification visible to callee assignments
f() { local v=1; g; echo "f sees $v"; }
g() { v=2; }
f
echo "global [${v-unset}]"
## STDOUT:
f sees 2
global [unset]
## END

#### assignment without local is global
f() { y=set-in-f; }
f
echo $y
## stdout: set-in-f

#### local without value
x=5
f() { local x; echo "[${x-unset}]"; }
f
## stdout: [unset]

#### local shadowing then unset reveals outer
x=outer
f() { local x=inner; unset x; echo "[${x-unset}]"; }
f
## stdout: [unset]

#### recursion
fact() { if (( $1 <= 1 )); then echo 1; else echo $(( $1 * $(fact $(( $1 - 1 ))) )); fi; }
fact 10
## stdout: 3628800

#### recursion with locals
fib() {
  local n=$1
  if (( n < 2 )); then echo $n; return; fi
  local a b
  a=$(fib $((n-1)))
  b=$(fib $((n-2)))
  echo $((a+b))
}
fib 12
## stdout: 144

#### FUNCNAME
f() { echo "${FUNCNAME[0]} called by ${FUNCNAME[1]}"; }
g() { f; }
g
## stdout: f called by g

#### FUNCNAME array depth
a() { b; }
b() { echo "${#FUNCNAME[@]} ${FUNCNAME[*]}"; }
a
## stdout: 2 b a

#### $FUNCNAME outside function is empty
echo "[${FUNCNAME-unset}]"
## stdout: [unset]

#### function redefinition
f() { echo one; }
f() { echo two; }
f
## stdout: two

#### unset -f
f() { echo hi; }
unset -f f
f 2>/dev/null
echo $?
## stdout: 127

#### declare -f prints definition
f() { echo hi; }
declare -f f
## STDOUT:
f () 
{ 
    echo hi
}
## END

#### declare -F lists names
f1() { :; }
f2() { :; }
declare -F
## STDOUT:
declare -f f1
declare -f f2
## END

#### function with redirect in definition
f() { echo redirected; } > out
f
cat out
## stdout: redirected

#### function with subshell body
f() ( x=inner; echo $x )
x=outer
f
echo $x
## STDOUT:
inner
outer
## END

#### return from nested loop in function
f() { for i in 1 2 3; do for j in a b; do [ $i = 2 ] && return 5; echo $i$j; done; done; }
f
echo $?
## STDOUT:
1a
1b
5
## END

#### return outside function is error
return 2>/dev/null
echo "status $?"
## stdout: status 2

#### local -i integer
f() { local -i n=2+3; echo $n; }
f
## stdout: 5

#### local in nested function call chain
f() { local v=f; g; }
g() { local v=g; h; }
h() { echo $v; }
f
## stdout: g

#### function names with dashes and dots
my-func() { echo dash; }
my.func() { echo dot; }
my-func; my.func
## STDOUT:
dash
dot
## END

#### $@ inside function with quoted args
f() { printf '[%s]\n' "$@"; }
f 'a b' '' c
## STDOUT:
[a b]
[]
[c]
## END

#### function exit status used in if
is_even() { (( $1 % 2 == 0 )); }
if is_even 4; then echo even; fi
is_even 3 || echo odd
## STDOUT:
even
odd
## END

#### variables assigned before function call are temporary
f() { echo "v=$v"; }
v=temp f
echo "after [${v-unset}]"
## STDOUT:
v=temp
after [unset]
## END

#### local -a and local -n
f() { local -n ref=$1; ref=changed; }
target=orig
f target
echo $target
## stdout: changed

#### exit from function exits shell
f() { exit 4; echo no; }
f
echo not-reached
## status: 4

#### function definition status is 0
false
f() { :; }
echo $?
## stdout: 0

#### recursive depth counter
count() { (( $1 > 0 )) || { echo done; return; }; count $(( $1 - 1 )); }
count 200
## stdout: done

#### local at top level is an error
local x=1 2>/dev/null
echo "status $?"
## stdout: status 1

#### local returns status of assignment not subst
f() { local x=$(false); echo $?; }
f
g() { local x; x=$(false); echo $?; }
g
## STDOUT:
0
1
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

#### local in pipeline subshell
f() { local n=0; printf 'a\nb\n' | while read -r _; do n=$((n+1)); done; echo $n; }
f
## stdout: 0

#### empty function body needs a command
f() { :; }
f && echo ok
## stdout: ok

#### local -I starts from the shadowed variable's value and attributes, not a nameref's
x=5; declare -i n=3; declare -a arr=(1 2); export e=ex; declare -u U=hi
f() { local -I x n arr e U; declare -p x n arr e U; n+=1; x=7; U=abc; echo $n $x $U; }
f
echo $x $n $U
g() { local -I y; declare -p y; }
g
m() { local -I x=9; declare -p x; }
m
declare -n ref=x
h() { local -I ref; declare -p ref; }
h
o() { local x=1; i() { local +I x; declare -p x; }; i; }
o
## STDOUT:
declare -- x="5"
declare -i n="3"
declare -a arr=([0]="1" [1]="2")
declare -x e="ex"
declare -u U="HI"
4 7 ABC
5 3 HI
declare -- y
declare -- x="9"
declare -- ref="x"
declare -- x="1"
## END
