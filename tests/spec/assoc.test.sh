## compare_shells: bash

#### declare and access
declare -A m
m[one]=1
m[two]=2
echo "${m[one]} ${m[two]}"
## stdout: 1 2

#### literal assignment
declare -A m=([a]=x [b]=y)
echo "${m[a]}${m[b]}"
## stdout: xy

#### count
declare -A m=([a]=1 [b]=2 [c]=3)
echo "${#m[@]}"
## stdout: 3

#### keys with spaces
declare -A m
m['key one']=v
echo "${m['key one']}"
k='key one'
echo "${m[$k]}"
## STDOUT:
v
v
## END

#### missing key is empty
declare -A m
echo "[${m[nope]}]"
## stdout: []

#### test key existence
declare -A m=([a]=1)
[[ -v m[a] ]] && echo has-a
[[ -v m[b] ]] || echo no-b
## STDOUT:
has-a
no-b
## END

#### ${m[k]+set} existence check
declare -A m=([a]=)
echo "${m[a]+set}" "${m[b]+set}"
## STDOUT:
set 
## END

#### unset key
declare -A m=([a]=1 [b]=2)
unset 'm[a]'
echo "${#m[@]}" "${!m[@]}"
## stdout: 1 b

#### iterate sorted keys
declare -A m=([z]=26 [a]=1 [m]=13)
for k in "${!m[@]}"; do echo "$k ${m[$k]}"; done | sort
## STDOUT:
a 1
m 13
z 26
## END

#### values sum
declare -A m=([x]=2 [y]=3)
s=0
for v in "${m[@]}"; do (( s += v )); done
echo $s
## stdout: 5

#### += appends to value
declare -A m=([k]=a)
m[k]+=b
echo "${m[k]}"
## stdout: ab

#### += adds pairs
declare -A m=([a]=1)
m+=([b]=2)
echo "${#m[@]}"
## stdout: 2

#### key is not arithmetic
declare -A m
m[1+1]=x
echo "${!m[@]}"
## stdout: 1+1

#### assoc counting words
declare -A c
for w in a b a c a b; do (( c[$w]++ )); done
for k in a b c; do echo "$k ${c[$k]}"; done
## STDOUT:
a 3
b 2
c 1
## END

#### without declare -A, string index is arithmetic
unset m
m[foo]=1
m[bar]=2
echo "${m[@]}" "${#m[@]}"
## stdout: 2 1

#### local -A in function
f() { local -A h=([k]=v); echo "${h[k]}"; }
f
## stdout: v

#### declare -p assoc single key
declare -A m=([key]=val)
declare -p m
## stdout: declare -A m=([key]="val" )

#### assoc key with special characters
declare -A m
m['a/b.c']=1
m['$x']=2
echo "${m['a/b.c']} ${m['$x']}"
## stdout: 1 2

#### empty key is an error
declare -A m
( m[""]=1 ) 2>/dev/null
echo "status $?"
## stdout: status 1

#### assoc with numeric string keys
declare -A m=([10]=a [9]=b)
echo "${m[10]}${m[9]}"
## stdout: ab

#### copy assoc via loop
declare -A a=([x]=1 [y]=2) b
for k in "${!a[@]}"; do b[$k]=${a[$k]}; done
echo "${b[x]}${b[y]}"
## stdout: 12

#### converting indexed to assoc fails
a=(1 2)
( declare -A a ) 2>/dev/null
echo "status $?"
## stdout: status 1

#### "${!m[@]}" of an empty array gives no word, like "${m[@]}"
declare -A m
for k in "${!m[@]}"; do echo "key=[$k]"; done
declare -A n=()
a=()
set -- "${!n[@]}"; echo "$#"
set -- "${!a[@]}" "${a[@]#x}" "${a[@]/x/y}" "${a[@]^^}" "${a[@]:0:1}"; echo "$#"
set -- "${!a[*]}"; echo "$#"
## STDOUT:
0
0
1
## END

#### set -u: a missing element of a set array is 0 in arithmetic
set -u
declare -A c=()
(( c[x]++ ))
(( c[y] += 2 ))
a=(1)
(( a[5]++ ))
echo "${c[x]} ${c[y]} ${a[5]} $(( a[7] ))"
## stdout: 1 2 1 0
