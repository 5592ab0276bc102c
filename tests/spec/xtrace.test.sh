## compare_shells: bash

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

#### set -x quotes an empty operand of [[ ]] as ''
s=
{
set -x
[[ -z $s ]]
[[ $s == "" ]]
[[ $s ]]
set +x
} 2>&1
## STDOUT:
+ [[ -z '' ]]
+ [[ '' == '' ]]
+ [[ -n '' ]]
+ set +x
## END

#### set -x traces each (( )) step of an arithmetic for loop
n=1
{
set -x
for (( i=0 ; i<$n; i++ )); do :; done
for ((;;)); do break; done
set +x
} 2>&1
## STDOUT:
+ (( i=0  ))
+ (( i<1 ))
+ :
+ (( i++  ))
+ (( i<1 ))
+ (( 1 ))
+ (( 1 ))
+ break
+ set +x
## END

#### set -x shows array assignments and subscripts as written
x=v
{
set -x
A+=("$x" b)
M["$x"]=1
B[$x]="a b"
C=(
 1
 2 )
y=$x
set +x
} 2>&1
## STDOUT:
+ A+=("$x" b)
+ M["$x"]=1
+ B[$x]='a b'
+ C=(1 2)
+ y=v
+ set +x
## END

#### a set -x trace that hits a broken pipe ends the script, as SIGPIPE ends bash
# The loop traces ~700 KB, far more than a pipe holds, so the trace is still being written
# when head has gone, however the two are scheduled.
printf '%s\n' 'echo first' 'i=0' 'while [ $i -lt 20000 ]; do i=$((i+1)); done' 'echo after' 'touch w' > s.sh
bash -x s.sh 2>&1 | head -1
echo "status ${PIPESTATUS[*]}"
[ -e w ] && echo written || echo "not written"
## STDOUT:
+ echo first
status 141 0
not written
## END

#### PS4 prompt escapes are decoded before its expansions
exec 2>&1
PS4='+\v\\${x:-u} '; x=1; set -x; true; echo "$(true)"
PS4='[\V] '; : hi
## STDOUT:
+5.2${x:-u} true
++5.2${x:-u} true
+5.2${x:-u} echo ''

+5.2${x:-u} PS4='[\V] '
[5.2.15] : hi
## END

#### export and readonly trace the assignments they make
exec 2>&1
set -x; V=0; export V+=1 W="a b" X; readonly -a RA=(1 2); export -n Q=1; readonly R2
f() { export L=1; local M=2; declare -x D=3; }; f; export "Z=9"; k=K; export $k=2 E=
## STDOUT:
+ V=0
+ export V+=1 'W=a b' X
+ V+=1
+ W='a b'
+ RA=('1' '2')
+ readonly -a RA
+ export -n Q=1
+ Q=1
+ readonly R2
+ f
+ export L=1
+ L=1
+ local M=2
+ declare -x D=3
+ export Z=9
+ Z=9
+ k=K
+ export K=2 E=
+ K=2
+ E=
## END

#### a declaration builtin's compound assignment is traced before the command
exec 2>&1
set -x; declare -a A=(1 "b c"); local_f() { local -a L=(x); }; local_f; export -a E=(3); declare -A M=([k]=v); typeset -a T=(); readonly -a RA=(1 2)
A=(0); declare -a A+=(x "it's"); declare -A M2=([a b]=1 [c]=); declare -a N=([3]=z y)
## STDOUT:
+ A=('1' 'b c')
+ declare -a A
+ local_f
+ L=('x')
+ local -a L
+ E=('3')
+ export -a E
+ M=(['k']='v')
+ declare -A M
+ T=()
+ typeset -a T
+ RA=('1' '2')
+ readonly -a RA
+ A=(0)
+ A+=('x' 'it'\''s')
+ declare -a A
+ M2=(['a b']='1' ['c']='')
+ declare -A M2
+ N=(['3']='z' 'y')
+ declare -a N
## END
