## compare_shells: bash

#### :- with unset
unset x
echo "${x:-def}"
## stdout: def

#### :- with empty
x=
echo "${x:-def}"
## stdout: def

#### :- with value
x=val
echo "${x:-def}"
## stdout: val

#### - with unset
unset x
echo "${x-def}"
## stdout: def

#### - with empty keeps empty
x=
echo "[${x-def}]"
## stdout: []

#### := assigns when unset
unset x
echo "${x:=new}"
echo "$x"
## STDOUT:
new
new
## END

#### := assigns when empty
x=
: "${x:=new}"
echo "$x"
## stdout: new

#### = does not assign when empty
x=
: "${x=new}"
echo "[$x]"
## stdout: []

#### = assigns when unset
unset x
: ${x=new}
echo "$x"
## stdout: new

#### :+ with value
x=v
echo "${x:+alt}"
## stdout: alt

#### :+ with empty
x=
echo "[${x:+alt}]"
## stdout: []

#### + with empty
x=
echo "[${x+alt}]"
## stdout: [alt]

#### + with unset
unset x
echo "[${x+alt}]"
## stdout: []

#### :? with unset errors
unset x
( echo "${x:?is missing}" ) 2>/dev/null
echo "status $?"
## stdout: status 1

#### :? error message
unset x
( : "${x:?custom msg}" ) 2>&1 | { read -r line; case $line in *"x: custom msg") echo ok;; *) echo "bad: $line";; esac; }
## stdout: ok

#### :? with value
x=1
echo "${x:?err}"
## stdout: 1

#### ? with empty is fine
x=
echo "[${x?err}]"
## stdout: []

#### :? in non-interactive shell exits
unset x
bash -c 'echo "${x:?}"; echo after' 2>/dev/null
echo "status $?"
## stdout: status 127

#### default value is expanded
unset x
y=hello
echo "${x:-$y world}"
## stdout: hello world

#### default with command substitution
unset x
echo "${x:-$(echo computed)}"
## stdout: computed

#### default not evaluated when set
x=set
echo "${x:-$(echo side >&2; echo no)}" 2>/dev/null
## stdout: set

#### default word splitting unquoted
unset x
printf '[%s]\n' ${x:-a b}
## STDOUT:
[a]
[b]
## END

#### default word quoted inside
unset x
printf '[%s]\n' ${x:-"a b"}
## stdout: [a b]

#### nested defaults
unset a b
echo "${a:-${b:-deep}}"
## stdout: deep

#### := on positional is an error
( : ${1:=x} ) 2>/dev/null
echo "status $?"
## stdout: status 1

#### default on positional parameter
set -- 
echo "${1:-none}"
set -- one
echo "${1:-none}"
## STDOUT:
none
one
## END

#### :+ with "$@"-like array
a=(x y)
printf '[%s]\n' "${a[@]:+set}"
## stdout: [set]

#### default for array element
a=(1)
echo "${a[5]:-missing}"
## stdout: missing

#### length of unset is zero
unset x
echo "${#x}"
## stdout: 0

#### default with special chars
unset x
echo "${x:-a}b}"
## stdout: ab}

#### default with quoted braces
unset x
echo "${x:-"}"}"
## stdout: }

#### := with arithmetic
unset n
echo $(( ${n:=5} + 1 ))
echo $n
## STDOUT:
6
5
## END

#### :+ with nested expansion
x=1
y=two
echo "${x:+[$y]}"
## stdout: [two]

#### default tilde expansion
unset x
[[ ${x:-~} == "$HOME" ]] && echo tilde-expanded
## stdout: tilde-expanded

#### set -u with default does not error
set -u
unset x
echo "${x:-ok}"
## stdout: ok

#### $@ default when no args
set --
echo "${@:-empty}"
## stdout: empty

#### inside double quotes the word of - = + follows double-quote rules
echo "${undef-\z}" "${undef-\(}" "${undef-\$}" "${undef-\\}" "${undef-\}}"
echo "${undef-'a'}" "${undef:-'b'}"
x=abc
echo "${x:+'c'}" "${x#'a'}"
u=
echo "${u:=\w}" "$u"
echo ${undef-\z}
## STDOUT:
\z \( $ \ }
'a' 'b'
'c' bc
\w \w
z
## END

#### the message of ? inside double quotes is read as unquoted
( echo "${u?\m}" ) 2>&1 | sed 's/^[^:]*: line [0-9]*: //'
## stdout: u: m

#### "${*:-x}" with an empty IFS tests the joined string
set -- "" ""
IFS=
echo "a=[${*:-m}] b=[${@:-m}] c=[${*:+p}] d=[${@:+p}]"
a=("" "")
echo "g=[${a[*]:-m}] h=[${a[@]:-m}]"
## STDOUT:
a=[m] b=[ ] c=[] d=[p]
g=[m] h=[ ]
## END

#### bad substitution abandons the command, the script goes on
s=abc
echo ${s:}
echo "after $?"
f() { echo ${s:}; echo not-reached; }
f
echo "after f $?"
## STDOUT:
after 1
after f 1
## END

#### tilde in ${x-word} and ${x/p/word} operands
HOME=/home/me
echo ${undef-~:~} ${undef:-~/x}
x=${undef-~:~}
echo $x
x=a:${undef-~/b:~}
echo $x
echo "${undef-~}"
y=q
echo ${y/q/~} ${y/q/~:~} ${y/#q/~/z}
## STDOUT:
/home/me:~ /home/me/x
/home/me:/home/me
a:/home/me/b:/home/me
~
/home/me /home/me:~ /home/me/z
## END

#### a single-quoted right brace in a double-quoted ${x-word}
echo "${var-'}'}"
echo "${var-'a b'}"
## STDOUT:
'}'
'a b'
## END

#### ${!name} of an array without element 0 is empty, not an error
declare -A A=([x]=y)
echo "1=${!A}" "2=${!A-d}"
declare -a B=([1]=y)
echo "3=${!B}"
echo status=$?
## STDOUT:
1= 2=d
3=
status=0
## END

#### @P applies to every element
set -- a b c
echo ${@@P}
declare -A A=([x]=y)
echo ${A[@]@P}
## STDOUT:
a b c
y
## END

#### ${!ref:-w} with ref=a[@] only tests for elements
ref='a[@]'
a=()
echo "[${!ref:-w}]"
a=("")
echo "[${!ref:-w}]" "[${a[@]:-w}]"
## STDOUT:
[w]
[] [w]
## END

#### splitting key=value pairs
str="key1=val1;key2=val2"
IFS=';' read -ra pairs <<< "$str"
for p in "${pairs[@]}"; do echo "${p%%=*} -> ${p#*=}"; done
## STDOUT:
key1 -> val1
key2 -> val2
## END

#### trim whitespace with nested parameter expansion
x="  padded  "
y="${x#"${x%%[! ]*}"}"
y="${y%"${y##*[! ]}"}"
echo "[$y]"
## stdout: [padded]

#### unset vs empty in ${x+}
unset a; b=
echo "${a+a-set}|${b+b-set}"
## stdout: |b-set

#### tilde not expanded in quotes
[[ "~" == ~ ]] || echo differs
## stdout: differs

#### ${!prefix*} lists the variables computed when read too
echo ${!RAN*} ${!DIR*} ${!EPOCH*} ${!SEC*} ${!LINE*} ${!SRAN*}
echo "[${!FUNC*}]"; f() { echo "[${!FUNC*}]"; }; f
echo "${!BASH_S*}"
## STDOUT:
RANDOM DIRSTACK EPOCHREALTIME EPOCHSECONDS SECONDS LINENO SRANDOM
[]
[FUNCNAME]
BASH_SOURCE BASH_SUBSHELL
## END
