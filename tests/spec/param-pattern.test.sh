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

#### a multibyte IFS character splits as a whole
x=çx IFS=ç
printf '<%s>\n' $x
IFS='é:'
y='aébéé:c'
printf '[%s]' $y
echo
## STDOUT:
<>
<x>
[a][b][][][c]
## END

#### ${x/p/r} matches only as many characters as bash counts in p
s=ab]
echo "${s//[!]]/z}" "${s//[!]x]/z}" "${s//[]]/z}" "${s//[]a]/z}" "${s//[!x]/z}"
s=ab
echo "${s#[!]]}" "${s/#[!]]/z}" "${s/%[!]]/z}" "${s//[^]]/z}"
s='héllo wörld'
echo "${s//[[:alpha:]]/x}" "${s//l?/Z}" "${s/#h?/Q}" "${s/%?d/E}" "${s//[éö]/_}"
## STDOUT:
ab] ab] abz zbz zzz
b ab ab ab
xxxxx xxxxx héZo wörZ Qllo wörld héllo wörE h_llo w_rld
## END

#### nocasematch applies to ${x/p/r} but not to # and %
s=aXbxc
shopt -s nocasematch
echo ${s//x/-} ${s%X*} ${s/#A/q} ${s/%C/q}
## stdout: a-b-c a qXbxc aXbxq

#### each byte of an incomplete UTF-8 sequence is one character
export LC_ALL=C.UTF-8
for s in $'ab\xce' $'ab\xce\xbc' $'\xe2\x82' $'x\xe2\x82y' $'\xf0\x9f\x98' $'\xce\xbc\xff'; do
  echo -n "${#s} "
done
echo
s=$'\xe2\x82y'
printf '%s' "${s:1}" | od -An -tx1
## STDOUT:
3 3 2 4 3 2 
 82 79
## END

#### in the C locale a pattern character is a byte
export LC_ALL=C
s='_μ_ and _μ_'
echo ${s//_?_/foo} / ${s//_??_/X}
[[ μ == ? ]] && echo one || echo two
case μ in ??) echo two-bytes;; esac
export LC_ALL=C.UTF-8
echo ${s//_?_/foo}
[[ μ == ? ]] && echo one
## STDOUT:
_μ_ and _μ_ / X and X
two
two-bytes
foo and foo
one
## END

#### a character range through ` and \ is read again as bash does
echo {Z..a}
echo x{Z..a}
echo -{z..A}-
echo "status $?"
echo -{a..c}-
## STDOUT:
Z [  ] ^ _ ` a
xZ x[ x x] x^ x_ x` xa
status 1
-a- -b- -c-
## END

#### case conversion maps one character to one, as glibc does (ß stays, İ lowers to i)
x=straße; echo "${x^^} ${x~~}"
declare -u u=straße; echo $u
y=İSTANBUL; echo "${y,,} ${y~~}"
declare -c c=ßa; echo $c
echo straße İX | sed 's/.*/\U&/; s/İX/\L&/'
## STDOUT:
STRAßE STRAßE
STRAßE
istanbul istanbul
ßa
STRAßE ix
## END
