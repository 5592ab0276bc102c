## compare_shells: bash

#### compgen -W keeps the words that start with the word, in list order
compgen -W 'start stop status restart' -- st
echo "status $?"
compgen -W 'alpha beta' -- z
echo "status $?"
## STDOUT:
start
stop
status
status 0
status 1
## END

#### compgen -W expands each word: parameters, command substitution, arithmetic, braces, quotes
x="one two"
compgen -W '$x $(echo three) $((2+2)) {a,b}c "d e" f\ g ${u:-def}'
## STDOUT:
one
two
three
4
ac
bc
d e
f g
def
## END

#### compgen -W does no pathname expansion and keeps shell punctuation
touch afile
compgen -W '* a|b x;y'
## STDOUT:
*
a|b
x;y
## END

#### compgen -W splits the list at IFS characters
IFS=: compgen -W 'a:b c'
## STDOUT:
a
b c
## END

#### compgen -P and -S wrap each match; -X drops matches, -X '!…' keeps only them
compgen -W 'apple banana avocado' -P '<' -S '>' a
compgen -W 'apple banana avocado' -X 'a*'
compgen -W 'apple banana avocado' -X '!*o*'
compgen -W 'a&b ab' -X 'a\&b'
## STDOUT:
<apple>
<avocado>
banana
avocado
ab
## END

#### compgen -X & stands for the word being completed
compgen -W 'ab abc abd' -X '&c' ab
## STDOUT:
ab
abd
## END

#### compgen -A function, -v, -e, -a, -b, -k
f_one() { :; }; f_two() { :; }; g() { :; }
compgen -A function f_
my_var1=1 my_var2=2; export MY_EXP=1
compgen -v my_var
compgen -e MY_E
compgen -A export MY_E
alias zz_al=ls zz_bl=ls
compgen -a zz_
compgen -b ech
compgen -k fu
compgen -A keyword th
## STDOUT:
f_one
f_two
my_var1
my_var2
MY_EXP
MY_EXP
zz_al
zz_bl
echo
function
then
## END

#### compgen -A arrayvar, setopt, shopt, signal
declare -a arr_x=(1) ; declare -A arr_y=([k]=v); arr_z=scalar
compgen -A arrayvar arr_
compgen -A setopt err
compgen -A shopt extg
compgen -A signal SIGHU
## STDOUT:
arr_x
arr_y
errexit
errtrace
extglob
SIGHUP
## END

#### compgen -c offers aliases, keywords, functions and builtins before commands
alias ech_alias=echo
ech_func() { :; }
compgen -c ech_
compgen -c whil
compgen -c ech | head -3
## STDOUT:
ech_alias
ech_func
while
ech_alias
ech_func
echo
## END

#### compgen -f and -d complete file and directory names, hidden ones too
mkdir -p d1 d2/sub && touch f1 f2 .hid d1/x
compgen -f | sort
echo --
compgen -d | sort
echo --
compgen -f d1/
compgen -d d2/
compgen -A directory d | sort
compgen -f nosuch/
echo "status $?"
## STDOUT:
.hid
d1
d2
f1
f2
--
d1
d2
--
d1/x
d2/sub
d1
d2
status 1
## END

#### compgen -f with a leading dot offers . and ..
touch .hid
compgen -f . | sort
compgen -f ..
## STDOUT:
.
..
.hid
..
## END

#### compgen -G globs (not filtered by the word); -o plusdirs adds directories
mkdir -p dir && touch a.c b.c x.h
compgen -G '*.c' | sort
compgen -G '*.c' -X 'a*'
compgen -o plusdirs -W 'w'
compgen -o dirnames
echo "status $?"
## STDOUT:
a.c
b.c
b.c
w
dir
dir
status 0
## END

#### compgen -F runs the function and prints COMPREPLY (filtered by -X, wrapped by -P)
f() { echo "args: $# [$1] [$2] [$3] cword=$COMP_CWORD line=[$COMP_LINE]" >&2; COMPREPLY=(ab cd ae); }
compgen -F f -X 'a*' -P '<' a 2>&1 | sed 's/^.*line [0-9]*: //'
echo "status $?"
compgen -F f -W 'aw' a 2>/dev/null
declare -p COMPREPLY COMP_LINE 2>/dev/null || echo unset afterwards
## STDOUT:
compgen: warning: -F option may not work as you expect
args: 3 [compgen] [a] [] cword=-1 line=[]
<cd
status 0
aw
ab
cd
ae
unset afterwards
## END

#### compgen -F with an empty COMPREPLY or a missing function is status 1
g() { COMPREPLY=(); }
compgen -F g 2>/dev/null
echo "status $?"
r=$(compgen -F nosuch x 2>&1)
echo "status $?"
echo "$r" | sed 's/^.*line [0-9]*: //'
## STDOUT:
status 1
status 1
compgen: warning: -F option may not work as you expect
completion: function `nosuch' not found
## END

#### compgen -C runs the command with compgen and the word appended; each line is a match
compgen -C 'echo hi; echo ho' x 2>/dev/null
echo "status $?"
compgen -C 'exit 3' 2>/dev/null
echo "status $?"
## STDOUT:
hi
ho compgen x 
status 0
status 1
## END

#### compgen output captured in an array (the usual script idiom)
words="deploy destroy describe list"
mapfile -t m < <(compgen -W "$words" -- de)
echo "${#m[@]} ${m[*]}"
COMPREPLY=($(compgen -W "$words" -- l))
echo "${COMPREPLY[@]}"
## STDOUT:
3 deploy destroy describe
list
## END

#### compgen errors: invalid option, missing argument, invalid action and option names
compgen -Z 2>&1 | sed 's/^.*line [0-9]*: //'; echo "status ${PIPESTATUS[0]}"
compgen -W 2>&1 | sed 's/^.*line [0-9]*: //'; echo "status ${PIPESTATUS[0]}"
compgen -A bogus 2>&1 | sed 's/^.*line [0-9]*: //'; echo "status ${PIPESTATUS[0]}"
compgen -o bogus 2>&1 | sed 's/^.*line [0-9]*: //'; echo "status ${PIPESTATUS[0]}"
compgen; echo "status $?"
## STDOUT:
compgen: -Z: invalid option
compgen: usage: compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]
status 2
compgen: -W: option requires an argument
compgen: usage: compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]
status 2
compgen: bogus: invalid action name
status 2
compgen: bogus: invalid option name
status 2
status 0
## END

#### complete stores specs and complete -p lists them as bash prints them
complete -F _foo foo bar
complete -W 'a b' -o nospace -o default baz
complete -d -f -P pre -S suf -X '!*.c' -G '*.c' q
complete -A function -c -v z
complete -C 'cmd x' -A hostname w
complete -p foo baz q z w
complete -p | sort
## STDOUT:
complete -F _foo foo
complete -o default -o nospace -W 'a b' baz
complete -d -f -G '*.c' -P 'pre' -S 'suf' -X '!*.c' q
complete -c -v -A function z
complete -A hostname -C 'cmd x' w
complete -A hostname -C 'cmd x' w
complete -F _foo bar
complete -F _foo foo
complete -c -v -A function z
complete -d -f -G '*.c' -P 'pre' -S 'suf' -X '!*.c' q
complete -o default -o nospace -W 'a b' baz
## END

#### complete -r removes; a missing spec is status 1
complete -W x foo bar
complete -r foo
complete -p foo 2>&1 | sed 's/^.*line [0-9]*: //'; echo "status ${PIPESTATUS[0]}"
complete -r nosuch 2>&1 | sed 's/^.*line [0-9]*: //'; echo "status ${PIPESTATUS[0]}"
complete -r
complete -p; echo "status $?"
complete -F 2>&1 | sed 's/^.*line [0-9]*: //'; echo "status ${PIPESTATUS[0]}"
## STDOUT:
complete: foo: no completion specification
status 1
complete: nosuch: no completion specification
status 1
status 0
complete: -F: option requires an argument
complete: usage: complete [-abcdefgjksuv] [-pr] [-DEI] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [name ...]
status 2
## END

#### compopt changes a stored spec; outside completion it needs a name
complete -o nospace -W x foo
compopt foo
compopt +o nospace -o filenames foo
complete -p foo
compopt -o nospace 2>&1 | sed 's/^.*line [0-9]*: //'; echo "status ${PIPESTATUS[0]}"
compopt nosuch 2>&1 | sed 's/^.*line [0-9]*: //'; echo "status ${PIPESTATUS[0]}"
## STDOUT:
compopt +o bashdefault +o default +o dirnames +o filenames +o noquote +o nosort -o nospace +o plusdirs foo
complete -o filenames -W 'x' foo
compopt: not currently executing completion function
status 1
compopt: nosuch: no completion specification
status 1
## END

#### a completion file sourced by a script: complete -F with a function, then compgen
cat > comp.bash <<'XX'
_mytool() {
  local cur=${COMP_WORDS[COMP_CWORD]}
  COMPREPLY=($(compgen -W "build test deploy" -- "$cur"))
}
complete -F _mytool mytool
XX
source ./comp.bash
complete -p mytool
_mytool
echo "${COMPREPLY[*]}"
## STDOUT:
complete -F _mytool mytool
build test deploy
## END

#### compgen -F prints a sparse COMPREPLY in index order
_set_COMPREPLY() {
  COMPREPLY=({0..9})
  unset -v 'COMPREPLY[2]' 'COMPREPLY[4]' 'COMPREPLY[6]'
}
compgen -F _set_COMPREPLY 2>/dev/null | tr '\n' ' '; echo
## STDOUT:
0 1 3 5 7 8 9 
## END
