## compare_shells: bash

#### mapfile lines
mapfile -t lines <<EOF
a
b c
d
EOF
echo "${#lines[@]}"
printf '[%s]\n' "${lines[@]}"
## STDOUT:
3
[a]
[b c]
[d]
## END

#### mapfile without -t keeps newlines
mapfile arr <<< 'x'
printf '%s' "${arr[0]}" | od -An -c
## STDOUT:
   x  \n
## END

#### readarray is synonym
readarray -t arr <<< $'1\n2'
echo "${arr[1]}"
## stdout: 2

#### mapfile default MAPFILE
mapfile -t <<< $'p\nq'
echo "${MAPFILE[@]}"
## stdout: p q

#### mapfile -n count
mapfile -t -n 2 arr < <(seq 1 10)
echo "${arr[@]}"
## stdout: 1 2

#### mapfile -s skip
mapfile -t -s 2 arr < <(seq 1 5)
echo "${arr[@]}"
## stdout: 3 4 5

#### mapfile -O origin
arr=(x y)
mapfile -t -O 2 arr <<< $'z\nw'
echo "${arr[@]}"
## stdout: x y z w

#### mapfile -d delimiter
mapfile -t -d , arr < <(printf 'a,b,c')
echo "${#arr[@]} ${arr[2]}"
## stdout: 3 c

#### mapfile from command output
mapfile -t arr < <(printf '%s\n' one two)
echo "${arr[0]}-${arr[1]}"
## stdout: one-two

#### mapfile of empty input
mapfile -t arr < /dev/null
echo "${#arr[@]}"
## stdout: 0

#### mapfile keeps empty lines
mapfile -t arr <<< $'a\n\nb'
echo "${#arr[@]}"
## stdout: 3

#### mapfile in pipeline is lost
printf 'a\n' | mapfile -t arr
echo "${#arr[@]}"
## stdout: 0

#### mapfile clears existing array
arr=(1 2 3 4)
mapfile -t arr <<< 'only'
echo "${#arr[@]}"
## stdout: 1

#### mapfile -u fd
exec 4< <(printf 'x\ny\n')
mapfile -t -u 4 arr
exec 4<&-
echo "${arr[*]}"
## stdout: x y

#### mapfile -d '' keeps no NUL in its elements, and an element ends at a NUL
mapfile -d '' a < <(printf 'a\0bc\0')
echo "${#a[0]} ${#a[1]} ${#a[@]}"
mapfile b < <(printf 'x\0y\nz\n')
declare -p b
## STDOUT:
1 2 2
declare -a b=([0]="x" [1]=$'z\n')
## END
