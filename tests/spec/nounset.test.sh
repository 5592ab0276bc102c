## compare_shells: bash

#### set -u errors on unset variable
set -u
echo "$undefined_var"
echo not-reached
## status: 1

#### set -u error status
set -u
( echo "$nope" ) 2>/dev/null
echo "status $?"
## stdout: status 1

#### set -u allows set variables
set -u
x=1
echo $x
## stdout: 1

#### set -u allows empty variable
set -u
x=
echo "[$x]"
## stdout: []

#### set -u with default ok
set -u
echo "${nope:-fallback}"
echo "${nope-fallback2}"
## STDOUT:
fallback
fallback2
## END

#### set -u with ${x+} ok
set -u
echo "[${nope+set}]"
## stdout: []

#### set -u with $@ empty is ok
set -u
set --
echo "[$@]" "$#"
## stdout: [] 0

#### set -u with positional unset
set -u
set -- a
( echo "$2" ) 2>/dev/null
echo "status $?"
## stdout: status 1

#### set -u with empty array
set -u
a=()
echo "${#a[@]}"
echo "[${a[@]}]"
## STDOUT:
0
[]
## END

#### set -u with unset array element
set -u
a=(1)
( echo "${a[3]}" ) 2>/dev/null
echo "status $?"
## stdout: status 1

#### set -u in arithmetic
set -u
( echo $(( nope + 1 )) ) 2>/dev/null
echo "status $?"
## stdout: status 1

#### set +u disables
set -u
set +u
echo "[$nope]"
## stdout: []

#### set -o nounset
set -o nounset
[[ -o nounset ]] && echo on
## stdout: on

#### set -u with ${#x}
set -u
( echo ${#nope} ) 2>/dev/null
echo "status $?"
## stdout: status 1

#### set -u and [[ -v ]]
set -u
[[ -v nope ]] || echo not-set
## stdout: not-set

#### set -u: an unset array in arithmetic is named without its subscript
set -u
declare -A c
(( c[x]++ )) 2>/dev/null
echo not reached
## status: 1
