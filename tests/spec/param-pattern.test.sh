## compare_shells: bash

#### # removes shortest prefix
x=a/b/c
echo "${x#*/}"
## stdout: b/c

#### ## removes longest prefix
x=a/b/c
echo "${x##*/}"
## stdout: c

#### % removes shortest suffix
x=file.tar.gz
echo "${x%.*}"
## stdout: file.tar

#### %% removes longest suffix
x=file.tar.gz
echo "${x%%.*}"
## stdout: file

#### no match leaves value
x=abc
echo "${x#z}" "${x%z}"
## stdout: abc abc

#### pattern with quoted glob chars is literal
x='a*b*c'
echo "${x#"a*"}"
echo "${x#a*}"
## STDOUT:
b*c
*b*c
## END

#### pattern from variable is glob
x=abcabc
p='b*'
echo "${x%$p}"
echo "${x%"$p"}"
## STDOUT:
abca
abcabc
## END

#### pattern with character class
x=abc123
echo "${x##[a-z]*[a-z]}"
echo "${x%%[0-9]*}"
## STDOUT:
123
abc
## END

#### / replaces first
x=aaa
echo "${x/a/b}"
## stdout: baa

#### // replaces all
x=a.b.c
echo "${x//./-}"
## stdout: a-b-c

#### /# anchors at start
x=abab
echo "${x/#ab/X}"
echo "${x/#b/X}"
## STDOUT:
Xab
abab
## END

#### /% anchors at end
x=abab
echo "${x/%ab/X}"
echo "${x/%a/X}"
## STDOUT:
abX
abab
## END

#### replace with empty deletes
x='a b c'
echo "${x// /}"
## stdout: abc

#### replace without replacement part
x=hello
echo "${x/l}"
echo "${x//l}"
## STDOUT:
helo
heo
## END

#### replace with glob pattern longest match
x=aXbXc
echo "${x/X*X/-}"
## stdout: a-c

#### replace with star
x=abc
echo "${x/*/z}"
## stdout: z

#### pattern on array elements
a=(apple.txt banana.txt)
echo "${a[@]%.txt}"
echo "${a[@]/a/A}"
## STDOUT:
apple banana
Apple.txt bAnana.txt
## END

#### pattern on positional parameters
set -- x1 x2 y3
echo "${@#x}"
## stdout: 1 2 y3

#### replace with ampersand inserts the match (patsub_replacement)
x=abc
echo "${x/b/[&]}"
## stdout: a[b]c

#### replacement containing slash
x=a-b
echo "${x/-//}"
## stdout: a/b

#### pattern with question mark
x=abcd
echo "${x#??}"
echo "${x%?}"
## STDOUT:
cd
abc
## END

#### strip path components
p=/usr/local/bin/tool
echo "${p##*/}"
echo "${p%/*}"
## STDOUT:
tool
/usr/local/bin
## END

#### extension handling
f=archive.tar.gz
echo "${f#*.}" "${f##*.}"
## stdout: tar.gz gz

#### unset variable pattern ops are empty
unset x
echo "[${x#a}][${x//a/b}]"
## stdout: [][]

#### replacement string is expanded
x=abc
r=ZZ
echo "${x/b/$r}"
## stdout: aZZc

#### pattern matching newline
x=$'line1\nline2'
echo "${x%%$'\n'*}"
## stdout: line1

#### backslash escape in pattern
x='a*c'
echo "${x/\*/-}"
## stdout: a-c

#### replace all with anchored pattern
x=aaa
echo "${x//#a/b}"
## stdout: aaa

#### pattern bracket negation
x=abc1
echo "${x//[!0-9]/}"
## stdout: 1

#### case-sensitive pattern
x=ABC
echo "${x#a}"
## stdout: ABC

#### ${x/pat/rep} on each element of "$@"
set -- ab cb
printf '[%s]\n' "${@/b/X}"
## STDOUT:
[aX]
[cX]
## END

#### escaped ampersand in replacement is literal
x=abc
echo "${x/b/\&}"
## stdout: a&c

#### quoted ampersand in replacement is literal
x=abc
echo "${x/b/"&"}"
## stdout: a&c
