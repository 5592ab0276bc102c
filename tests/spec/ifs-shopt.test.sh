## compare_shells: bash

#### IFS tab only
IFS=$'\t'
x=$'a b\tc'
printf '[%s]\n' $x
## STDOUT:
[a b]
[c]
## END

#### IFS whitespace runs collapse but non-whitespace do not
IFS=' :'
x='a  ::  b'
printf '[%s]\n' $x
## STDOUT:
[a]
[]
[b]
## END

#### IFS changes affect "$*" only by first char
set -- a b
IFS='xy'
echo "$*"
## stdout: axb

#### IFS saved and restored
old=$IFS
IFS=,
x='1,2'
printf '[%s]\n' $x
IFS=$old
x='3 4'
printf '[%s]\n' $x
## STDOUT:
[1]
[2]
[3]
[4]
## END

#### IFS with read and leading delimiter
IFS=, read -r a b <<< ',x'
echo "[$a][$b]"
## stdout: [][x]

#### IFS whitespace leading in read trimmed
IFS=' ' read -r a b <<< '   x   y   '
echo "[$a][$b]"
## stdout: [x][y]

#### unset IFS in function with local
f() { local IFS; unset IFS; x='a b'; printf '[%s]' $x; echo; }
IFS=:
f
## stdout: [a][b]

#### splitting on IFS in for with custom IFS
IFS=';'
for p in $(echo 'a;b;c'); do echo "$p"; done
## STDOUT:
a
b
c
## END

#### nullglob affects unmatched in array
shopt -s nullglob
arr=(*.none)
echo "${#arr[@]}"
## stdout: 0

#### failglob in command substitution
shopt -s failglob
x=$(echo *.none 2>/dev/null)
echo "status $? [$x]"
## stdout: status 1 []

#### dotglob does not match . and ..
shopt -s dotglob
mkdir d; cd d
touch .a b
echo *
## stdout: .a b

#### nocaseglob with brackets
shopt -s nocaseglob
touch Foo.TXT
echo f*.txt
## stdout: Foo.TXT

#### extglob negation with multiple patterns
shopt -s extglob
touch a.c a.h a.o a.txt
echo !(*.o|*.txt)
## stdout: a.c a.h

#### extglob in parameter pattern
shopt -s extglob
x=aaabbb
echo "${x##+(a)}"
## stdout: bbb

#### globstar matches zero directories
shopt -s globstar
mkdir -p top/mid
touch top/x.md top/mid/y.md
echo top/**/*.md
## stdout: top/mid/y.md top/x.md

#### globstar ** alone lists recursively
shopt -s globstar
mkdir -p r/s
touch r/s/t
echo r/**
## stdout: r/ r/s r/s/t

#### shopt -s multiple
shopt -s nullglob dotglob
shopt -p nullglob dotglob
## STDOUT:
shopt -s nullglob
shopt -s dotglob
## END

#### nocasematch affects [[ =~ ]]
shopt -s nocasematch
[[ ABC =~ ^abc$ ]] && echo ci-regex
## stdout: ci-regex

#### shopt nocasematch off by default
[[ ABC == abc ]] || echo case-sensitive
## stdout: case-sensitive
