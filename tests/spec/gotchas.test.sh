## compare_shells: bash

#### spaces around = make a command
x = 1 2>/dev/null
echo "status $?"
## stdout: status 127

#### unquoted empty variable in [ ] comparison
x=
[ $x = y ] 2>/dev/null
echo "status $?"
[ "$x" = y ]
echo "status $?"
## STDOUT:
status 2
status 1
## END

#### unquoted variable with glob characters
touch a1 a2
v='a*'
echo $v
echo "$v"
## STDOUT:
a1 a2
a*
## END

#### variable value starting with dash passed to echo
v=-n
echo "$v" text
printf '%s\n' "$v"
## stdout: text-n

#### cd in pipeline does not affect shell
mkdir sub
cd sub | true
[ -d sub ] && echo still-in-parent
## stdout: still-in-parent

#### leading zero arithmetic error
x=08
( echo $(( x + 1 )) ) 2>/dev/null
echo "status $?"
echo $(( 10#$x + 1 ))
## STDOUT:
status 1
9
## END

#### string vs integer equality
[ 01 = 1 ] || echo strings-differ
[ 01 -eq 1 ] && echo numbers-equal
## STDOUT:
strings-differ
numbers-equal
## END

#### while read without -r eats backslashes
printf 'C:\\dir\\file\n' > f
while read line; do echo "$line"; done < f
while read -r line; do echo "$line"; done < f
## STDOUT:
C:dirfile
C:\dir\file
## END

#### read without IFS= trims spaces
printf '  indented\n' > f
while read -r line; do echo "[$line]"; done < f
while IFS= read -r line; do echo "[$line]"; done < f
## STDOUT:
[indented]
[  indented]
## END

#### for loop over filenames with spaces via glob
touch 'my file.txt' other.txt
for f in *.txt; do echo "[$f]"; done
## STDOUT:
[my file.txt]
[other.txt]
## END

#### for loop over command output splits on spaces
touch 'my file.txt'
for f in $(printf '%s\n' 'my file.txt'); do echo "[$f]"; done
## STDOUT:
[my]
[file.txt]
## END

#### exit status of assignment-only command
x=$(exit 3)
echo $?
x=1
echo $?
## STDOUT:
3
0
## END

#### && after pipeline applies to whole pipeline
is_b() { read -r l; [ "$l" = b ]; }
echo a | is_b && echo yes || echo no
echo b | is_b && echo yes || echo no
## STDOUT:
no
yes
## END

#### brace group on one line needs final semicolon
eval '{ echo a }' 2>/dev/null
echo "status $?"
## stdout: status 2

#### variables in single quotes are not expanded
name=x
echo 'Hello $name'
## stdout: Hello $name

#### arithmetic comparison with strings in [[ ]]
[[ 9 > 10 ]] && echo lexical-greater
(( 9 > 10 )) || echo numeric-not-greater
## STDOUT:
lexical-greater
numeric-not-greater
## END

#### globs in variable assignment and in echo
touch n1 n2
files=n*
echo $files
echo "$files"
## STDOUT:
n1 n2
n*
## END

#### unset vs empty in ${x+}
unset a; b=
echo "${a+a-set}|${b+b-set}"
## stdout: |b-set

#### numeric comparison with -eq on empty
x=
[ "$x" -eq 0 ] 2>/dev/null
echo "status $?"
## stdout: status 2

#### $? is reset by echo
false
echo "first $?"
echo "second $?"
## STDOUT:
first 1
second 0
## END

#### local in pipeline subshell
f() { local n=0; printf 'a\nb\n' | while read -r _; do n=$((n+1)); done; echo $n; }
f
## stdout: 0

#### arrays are not exported
arr=(1 2)
export arr
bash -c 'echo "[${arr-unset}]"'
## stdout: [unset]

#### quoting "$@" when forwarding args
wrap() { printf '<%s>' "$@"; echo; }
fwd_good() { wrap "$@"; }
fwd_bad() { wrap $*; }
fwd_good 'a b' c
fwd_bad 'a b' c
## STDOUT:
<a b><c>
<a><b><c>
## END

#### case patterns are not regex
case abc in a.c) echo regex;; *) echo glob-no-match;; esac
## stdout: glob-no-match

#### test -n with unquoted unset var is true
unset u
[ -n $u ] && echo "unexpectedly true"
## stdout: unexpectedly true

#### integer division
echo $(( 7 / 2 )) $(( 1 / 3 ))
## stdout: 3 0

#### trailing newline of file kept by cat but not $(<)
printf 'x\n\n' > f
cat f | wc -l
v=$(<f)
echo "${#v}"
## STDOUT:
2
1
## END

#### empty function body needs a command
f() { :; }
f && echo ok
## stdout: ok

#### tilde not expanded in quotes
[[ "~" == ~ ]] || echo differs
## stdout: differs

#### continue in subshell loop body
for i in 1 2 3; do ( [ $i = 2 ] && exit; echo $i ); done
## STDOUT:
1
3
## END
