## compare_shells: bash

#### ^ uppercases first char
x=hello
echo "${x^}"
## stdout: Hello

#### ^^ uppercases all
x=hello
echo "${x^^}"
## stdout: HELLO

#### , lowercases first char
x=HELLO
echo "${x,}"
## stdout: hELLO

#### ,, lowercases all
x=HELLO
echo "${x,,}"
## stdout: hello

#### ~ toggles first char
x=hello
echo "${x~}"
## stdout: Hello

#### ~~ toggles all
x=HeLLo
echo "${x~~}"
## stdout: hEllO

#### ^^ with pattern
x=banana
echo "${x^^a}"
echo "${x^^[bn]}"
## STDOUT:
bAnAnA
BaNaNa
## END

#### case conversion on array
a=(one two)
echo "${a[@]^}"
## stdout: One Two

#### case conversion on non-letters
x='a1-b2'
echo "${x^^}"
## stdout: A1-B2

#### substring offset
x=abcdef
echo "${x:2}"
## stdout: cdef

#### substring offset and length
x=abcdef
echo "${x:1:3}"
## stdout: bcd

#### negative offset needs space
x=abcdef
echo "${x: -2}"
echo "${x:(-3):2}"
## STDOUT:
ef
de
## END

#### negative offset without space is default
x=abcdef
echo "${x:-2}"
## stdout: abcdef

#### negative length counts from end
x=abcdef
echo "${x:1:-2}"
## stdout: bcd

#### offset beyond end is empty
x=abc
echo "[${x:5}]"
## stdout: []

#### arithmetic in offset
x=abcdef
i=1
echo "${x:i+1:2}"
## stdout: cd

#### zero length
x=abc
echo "[${x:1:0}]"
## stdout: []

#### length of string
x=hello
echo "${#x}"
## stdout: 5

#### length of empty
x=
echo "${#x}"
## stdout: 0

#### length of multibyte string counts characters
x='héllo'
echo "${#x}"
## stdout: 5

#### length of array and element
a=(a bb ccc)
echo "${#a[@]}" "${#a[2]}"
## stdout: 3 3

#### length of positional params
set -- a b c
echo "${#@}" "$#"
## stdout: 3 3

#### substring of array
a=(a b c d e)
echo "${a[@]:1:3}"
echo "${a[@]: -2}"
## STDOUT:
b c d
d e
## END

#### substring of positional params starts at $1
set -- a b c
echo "${@:1:2}"
echo "${@:0:1}" | { read -r w; [ -n "$w" ] && echo has-zero; }
## STDOUT:
a b
has-zero
## END

#### substring of multibyte string
x='añb'
echo "${x:1:1}"
## stdout: ñ

#### ${#x} of number
x=12345
echo "${#x}"
## stdout: 5

#### substring with variable length
x=abcdef
n=2
echo "${x:0:n}"
## stdout: ab

#### negative length beyond start is an error
x=abc
( echo "${x:2:-3}" ) 2>/dev/null
echo "status $?"
## stdout: status 1

#### uppercase first of each array element
a=(foo bar)
printf '%s\n' "${a[@]^}"
## STDOUT:
Foo
Bar
## END

#### lowercase uppercase with multibyte
x='éa'
echo "${x^^}"
## stdout: ÉA

#### ${#s} counts bytes in the C locale and characters in a UTF-8 one
s=$(printf '\316\274')
LC_ALL=C.UTF-8
echo "len=${#s}"
LC_ALL=C
echo "len=${#s}"
LC_ALL=
LANG=C.UTF-8
echo "len=${#s}"
## STDOUT:
len=1
len=2
len=1
## END

#### the colons of a ternary in a slice offset belong to it
s=abcdef
echo ${s: 1 < 2 ? 2 : 0 : 3}
echo ${s: 1 > 2 ? 2 : 0 : 1}
a=(a b c d e)
echo ${a[@]: 0 ? 1 : 3 : 1}
## STDOUT:
cde
a
d
## END

#### empty slice offset before a length is zero
s=abcd
a=(a b c d e f)
echo "[${s::2}]" "[${s:: }]" "[${a[@]:: }]" "[${a[@]: : }]"
echo status=$?
## STDOUT:
[ab] [] [] []
status=0
## END

#### slices of a sparse array take indexes, also negative ones
a=([0]=a [1]=b [5]=f [6]=g [9]=j)
echo "[${a[@]:2}] [${a[@]:9}] [${a[@]:10}]"
echo "[${a[@]: -1}] [${a[@]: -5}] [${a[@]: -10}] [${a[@]: -11}]"
echo "[${a[@]:2:2}] [${a[*]: -4:1}]"
## STDOUT:
[f g j] [j] []
[j] [f g j] [a b f g j] []
[f g] [g]
## END

#### slices of a sparse array count from indices
a=(v{0..9})
unset -v 'a[2]' 'a[3]' 'a[4]' 'a[7]'
echo "[${a[@]:9}] [${a[@]:10}] [${a[*]:3:2}]"
echo "[${a[@]: -2}] [${a[@]: -5}] [${a[@]: -10}] [${a[@]: -11}]"
echo "[${a[@]:9:2}] [${a[@]:0:3}]"
## STDOUT:
[v9] [] [v5 v6]
[v8 v9] [v5 v6 v8 v9] [v0 v1 v5 v6 v8 v9] []
[v9] [v0 v1 v5]
## END
