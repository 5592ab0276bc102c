## compare_shells: bash

#### default IFS splits on space tab newline
x=$'a b\tc\nd'
printf '[%s]\n' $x
## STDOUT:
[a]
[b]
[c]
[d]
## END

#### leading and trailing whitespace trimmed
x='   a   b   '
printf '[%s]\n' $x
## STDOUT:
[a]
[b]
## END

#### quoted variable not split
x='a b'
printf '[%s]\n' "$x"
## stdout: [a b]

#### custom IFS single char
IFS=:
x='a:b::c'
printf '[%s]\n' $x
## STDOUT:
[a]
[b]
[]
[c]
## END

#### non-whitespace IFS keeps empty fields
IFS=,
x=',a,,b,'
printf '[%s]\n' $x
## STDOUT:
[]
[a]
[]
[b]
## END

#### IFS whitespace plus non-whitespace
IFS=' ,'
x='a , b,,c'
printf '[%s]\n' $x
## STDOUT:
[a]
[b]
[]
[c]
## END

#### empty IFS disables splitting
IFS=
x='a b c'
printf '[%s]\n' $x
## stdout: [a b c]

#### unset IFS behaves like default
unset IFS
x=$'a  b\tc'
printf '[%s]\n' $x
## STDOUT:
[a]
[b]
[c]
## END

#### "$@" preserves arguments
set -- 'a b' c ''
printf '[%s]\n' "$@"
## STDOUT:
[a b]
[c]
[]
## END

#### $@ unquoted splits arguments
set -- 'a b' c
printf '[%s]\n' $@
## STDOUT:
[a]
[b]
[c]
## END

#### "$*" joins with first IFS char
set -- a b c
IFS=-
echo "$*"
## stdout: a-b-c

#### "$*" with empty IFS joins without separator
set -- a b c
IFS=
echo "$*"
## stdout: abc

#### "$*" with unset IFS joins with space
set -- a b c
unset IFS
echo "$*"
## stdout: a b c

#### empty "$@" produces no words
set --
printf '[%s]\n' "$@"
echo count $#
## STDOUT:
[]
count 0
## END

#### "$@" with prefix and suffix
set -- a b
printf '[%s]\n' "x$@y"
## STDOUT:
[xa]
[by]
## END

#### word splitting of command substitution
printf '[%s]\n' $(echo '  one   two  ')
## STDOUT:
[one]
[two]
## END

#### splitting result of arithmetic
IFS=1
printf '[%s]\n' $((10+1))
## STDOUT:
[]
[]
## END

#### IFS applied to unquoted array expansion
a=('x y' z)
printf '[%s]\n' ${a[@]}
## STDOUT:
[x]
[y]
[z]
## END

#### quoted array expansion keeps elements
a=('x y' z)
printf '[%s]\n' "${a[@]}"
## STDOUT:
[x y]
[z]
## END

#### "${a[*]}" joins with IFS
a=(1 2 3)
IFS=+
echo "${a[*]}"
## stdout: 1+2+3

#### splitting does not happen in assignment
x='a  b'
y=$x
printf '[%s]\n' "$y"
## stdout: [a  b]

#### splitting happens in for list
x='1 2 3'
for i in $x; do echo $i; done
## STDOUT:
1
2
3
## END

#### no splitting in case word
x='a b'
case $x in 'a b') echo match;; *) echo no;; esac
## stdout: match

#### no splitting in [[ ]]
x='a b'
[[ $x == 'a b' ]] && echo yes
## stdout: yes

#### splitting in [ ] causes error
x='a b'
[ $x = 'a b' ] 2>/dev/null
echo $?
## stdout: 2

#### local IFS in function
f() { local IFS=:; x='1:2'; printf '[%s]\n' $x; }
f
x='3:4'
printf '[%s]\n' $x
## STDOUT:
[1]
[2]
[3:4]
## END

#### IFS prefix assignment does not affect expansion of same command
x='a:b'
IFS=: printf '[%s]\n' $x
## stdout: [a:b]

#### newline in IFS
IFS=$'\n'
x=$'a b\nc d'
printf '[%s]\n' $x
## STDOUT:
[a b]
[c d]
## END

#### empty string element vanishes when unquoted
a=('' x '')
printf '[%s]\n' ${a[@]}
echo "${#a[@]}"
## STDOUT:
[x]
3
## END

#### "$@" in middle of other args
set -- 1 2
printf '[%s]\n' a "$@" b
## STDOUT:
[a]
[1]
[2]
[b]
## END

#### "${@:2}" slicing positional params
set -- a b c d
printf '[%s]\n' "${@:2}"
printf '[%s]\n' "${@:2:2}"
## STDOUT:
[b]
[c]
[d]
[b]
[c]
## END

#### $* unquoted with IFS char inside args
set -- 'a:b' c
IFS=:
printf '[%s]\n' $*
## STDOUT:
[a]
[b]
[c]
## END

#### read splits on IFS
IFS=: read -r a b c <<< 'x:y:z:w'
printf '[%s]\n' "$a" "$b" "$c"
## STDOUT:
[x]
[y]
[z:w]
## END

#### IFS non-whitespace trailing delimiter
IFS=:
x='a:b:'
printf '[%s]\n' $x
## STDOUT:
[a]
[b]
## END

#### splitting expanded glob characters then globbing
touch f1 f2
x='f*'
echo $x
echo "$x"
## STDOUT:
f1 f2
f*
## END

#### set -f disables glob after splitting
touch g1 g2
x='g* h'
set -f
printf '[%s]\n' $x
## STDOUT:
[g*]
[h]
## END

#### concatenated quoted and unquoted parts
x='1 2'
printf '[%s]\n' a$x"b c"
## STDOUT:
[a1]
[2b c]
## END

#### IFS with backslash is ordinary char
IFS='\'
x='a\b'
printf '[%s]\n' $x
## STDOUT:
[a]
[b]
## END
