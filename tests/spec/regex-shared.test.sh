## compare_shells: bash

#### =~ alternation is leftmost-longest, as POSIX says
[[ abcd =~ (a|ab)(c|bcd) ]] && echo "${BASH_REMATCH[@]}"
[[ xyz =~ y* ]] && echo "[${BASH_REMATCH[0]}]"
## STDOUT:
abcd a bcd
[]
## END

#### =~ takes POSIX classes and back-references
[[ "foo  bar" =~ ^([[:alpha:]]+)[[:space:]]+(.*)$ ]] && echo "${BASH_REMATCH[2]}"
re='(ab)\1'
[[ xabab =~ $re ]] && echo "${BASH_REMATCH[0]}"
## STDOUT:
bar
abab
## END

#### =~ refuses what regcomp refuses, with status 2
re='a{1'; [[ 'a{1' =~ $re ]]; echo $?
re='{1}a'; [[ a =~ $re ]]; echo $?
re='(*a)'; [[ a =~ $re ]]; echo $?
re='('; [[ a =~ $re ]]; echo $?
re='a{1}b'; [[ ab =~ $re ]]; echo $?
## STDOUT:
2
2
2
2
0
## END

#### =~ quoted parts are literal
[[ a.b =~ "a.b" ]] && echo q1
[[ axb =~ "a.b" ]] || echo q2
[[ 'a[b' =~ a"["b ]] && echo q3
[[ 'a{b' =~ a"{"b ]] && echo q4
## STDOUT:
q1
q2
q3
q4
## END

#### =~ with nocasematch
shopt -s nocasematch
[[ ABC =~ ^a(b)c$ ]] && echo "${BASH_REMATCH[1]}"
## stdout: B

#### expr : is anchored and leftmost-longest
expr aaa : 'a*\|aa'
expr abcabc : '\(abc\)*'
expr xa : 'a'
expr abab : '\(ab\)\1'
expr ab : 'a\{1\}b'
expr aXb : 'a[[:upper:]]b'
## STDOUT:
3
abc
0
ab
2
3
## END

#### find -regex uses Emacs syntax by default
mkdir -p /tmp/rx/a && cd /tmp/rx
touch a/x.txt a/yy.c a/aab 'a/(p)' a/u
find . -regex '.*\.\(txt\|c\)' | sort
find . -regex '.*/a+b'
find . -regex '.*(p)'
find . -regex '.*/[[:upper:]]*'
find . -regextype posix-extended -regex '.*/(x|yy)\..*' | sort
cd /; rm -r /tmp/rx
## STDOUT:
./a/x.txt
./a/yy.c
./a/aab
./a/(p)
./a/u
./a/x.txt
./a/yy.c
## END

#### sed -E refuses an invalid interval, grep -E takes it literally
echo 'a{1' | sed -E 's/a{1/x/' 2>/dev/null; echo $?
echo 'a{1' | grep -E 'a{1'
## STDOUT:
1
a{1
## END
