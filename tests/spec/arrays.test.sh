## compare_shells: bash

#### create and index
a=(one two three)
echo ${a[0]} ${a[2]}
## stdout: one three

#### $a is first element
a=(x y)
echo $a
## stdout: x

#### all elements and count
a=(1 2 3)
echo "${a[@]}" "${#a[@]}"
## stdout: 1 2 3 3

#### assign element extends array
a=()
a[3]=x
echo "${#a[@]}" "${!a[@]}"
## stdout: 1 3

#### append with +=
a=(1 2)
a+=(3 4)
echo "${a[@]}"
## stdout: 1 2 3 4

#### append to element string
a=(ab)
a[0]+=cd
echo "${a[0]}"
## stdout: abcd

#### negative index
a=(1 2 3)
echo "${a[-1]}" "${a[-2]}"
## stdout: 3 2

#### unset element leaves hole
a=(a b c)
unset 'a[1]'
echo "${a[@]}" "${#a[@]}" "${!a[@]}"
## stdout: a c 2 0 2

#### unset whole array
a=(1 2)
unset a
echo "[${a[@]}]" "${#a[@]}"
## stdout: [] 0

#### array from word splitting
s='x y z'
a=($s)
echo "${#a[@]}"
## stdout: 3

#### array from glob
touch b.1 b.2
a=(b.*)
echo "${a[@]}"
## stdout: b.1 b.2

#### quoted elements
a=('a b' "c d")
printf '[%s]\n' "${a[@]}"
## STDOUT:
[a b]
[c d]
## END

#### explicit indices in literal
a=([1]=x [0]=y)
echo "${a[@]}"
## stdout: y x

#### mixed indices continue after explicit
a=([5]=x y z)
echo "${!a[@]}"
## stdout: 5 6 7

#### "${a[*]}" joined
a=(a b c)
echo "${a[*]}"
## stdout: a b c

#### loop over array
a=('x 1' 'y 2')
for e in "${a[@]}"; do echo "<$e>"; done
## STDOUT:
<x 1>
<y 2>
## END

#### copy array
a=(1 '2 3')
b=("${a[@]}")
printf '[%s]\n' "${b[@]}"
## STDOUT:
[1]
[2 3]
## END

#### array slice
a=(a b c d e)
echo "${a[@]:2}"
## stdout: c d e

#### declare -a
declare -a arr
arr[0]=z
echo "${arr[0]}"
## stdout: z

#### index is arithmetic
a=(a b c d)
i=1
echo "${a[i*2]}"
## stdout: c

#### element default
a=()
echo "${a[0]:-none}"
## stdout: none

#### length of element
a=(hello)
echo "${#a[0]}"
## stdout: 5

#### array in arithmetic
a=(5 6)
echo $(( a[0] + a[1] ))
## stdout: 11

#### unset out of range negative index errors
a=(1)
( unset 'a[-5]' ) 2>/dev/null
echo "status $?"
## stdout: status 1

#### assigning scalar to array name sets index 0
a=(1 2 3)
a=z
echo "${a[@]}"
## stdout: z 2 3

#### read -a into array
read -ra words <<< 'one two three'
echo "${words[1]}" "${#words[@]}"
## stdout: two 3

#### array pattern replace all elements
a=(foo bar)
echo "${a[@]/o/0}"
## stdout: f0o bar

#### declare -p array
a=(1 'x y')
declare -p a
## stdout: declare -a a=([0]="1" [1]="x y")

#### sparse array iteration
a=([1]=a [10]=b)
for i in "${!a[@]}"; do echo "$i ${a[$i]}"; done
## STDOUT:
1 a
10 b
## END

#### empty array is unset-like for [@]
a=()
set -- "${a[@]}"
echo $#
## stdout: 0

#### array concatenation
a=(1 2) b=(3)
c=("${a[@]}" "${b[@]}")
echo "${c[@]}"
## stdout: 1 2 3

#### += on scalar makes string append
s=ab
s+=cd
echo $s
## stdout: abcd

#### array element with spaces in index expression
a=(1 2 3)
echo "${a[ 1 ]}"
## stdout: 2

#### element of array via indirect reference
a=(x y z)
n='a[@]'
echo "${!n}"
## stdout: x y z

#### unset array in loop
a=(1 2 3 4)
for i in "${!a[@]}"; do (( a[i] % 2 )) && unset 'a[i]'; done
echo "${a[@]}"
## stdout: 2 4

#### reverse iterate
a=(a b c)
for ((i=${#a[@]}-1; i>=0; i--)); do printf '%s' "${a[i]}"; done
echo
## stdout: cba

#### array assignment in local
f() { local -a l=(1 2); echo "${#l[@]}"; }
f
echo "[${l[@]}]"
## STDOUT:
2
[]
## END

#### "${a[@]}" with IFS irrelevant
IFS=,
a=('a b' c)
printf '[%s]\n' "${a[@]}"
echo "${a[*]}"
## STDOUT:
[a b]
[c]
a b,c
## END

#### empty array subscript is an error in assignment and expansion
a=(1 2 3)
a[]=42
echo status=$?
echo ${a[@]}
echo ${a[]}
echo status=$?
b=(x)
b[-5]=y
echo "still here $?"
## STDOUT:
status=1
1 2 3
status=1
still here 1
## END

#### quoted keys of an associative array in arithmetic
declare -A A=([spam]=42 [foo]=1)
(( x = A['spam'] ))
echo $x $(( A['foo'] + 1 ))
(( A['new'] = 7 ))
echo "${A[new]}"
## STDOUT:
42 2
7
## END

#### array default with @ when the array is empty or unset
a=()
echo "[${a[@]-x}]"
unset b
echo "[${b[@]-y}]"
c=("")
echo "[${c[@]-z}]" "[${c[@]:-w}]"
## STDOUT:
[x]
[y]
[] [w]
## END

#### nounset does not fire for empty or unset arrays with @
set -u
a=()
echo "[${a[@]}]"
unset b
echo "[${b[@]}]" ok
## STDOUT:
[]
[] ok
## END

#### counting words with an associative array
declare -A count
for w in apple banana apple cherry banana apple; do ((count[$w]++)); done
for k in apple banana cherry; do echo "$k ${count[$k]}"; done
## STDOUT:
apple 3
banana 2
cherry 1
## END

#### unset with an expanded subscript
a=(x y z)
unset 'a[${#a[@]}-1]'
echo "${a[*]}"
## stdout: x y

#### arrays are not exported
arr=(1 2)
export arr
bash -c 'echo "[${arr-unset}]"'
## stdout: [unset]
