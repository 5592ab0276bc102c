## compare_shells: bash

#### single quotes preserve everything
echo 'a $x `b` \n "q"'
## stdout: a $x `b` \n "q"

#### double quotes expand variables
x=world
echo "hello $x"
## stdout: hello world

#### double quotes keep spaces
x='a   b'
echo "$x"
echo $x
## STDOUT:
a   b
a b
## END

#### backslash escapes in double quotes
echo "a\$b \"c\" \\d \e"
## stdout: a$b "c" \d \e

#### backslash newline in double quotes is removed
echo "ab\
cd"
## stdout: abcd

#### backslash outside quotes
echo a\ b \$x \\ \'
## stdout: a b $x \ '

#### adjacent quoted pieces concatenate
echo 'a'"b"c'd'
## stdout: abcd

#### empty string argument is kept when quoted
set -- "" a ''
echo $#
## stdout: 3

#### unquoted empty variable disappears
e=
set -- $e a $e
echo $#
## stdout: 1

#### ANSI-C quoting
echo $'a\tb\nc'
## STDOUT:
a	b
c
## END

#### ANSI-C quoting hex and octal
echo $'\x41\102\u0043'
## stdout: ABC

#### ANSI-C quoting single quote escape
echo $'it\'s'
## stdout: it's

#### ANSI-C escape \e is ESC
printf '%s' $'\e' | od -An -tx1
## STDOUT:
 1b
## END

#### locale quoting $"..." behaves like double quotes
x=1
echo $"val $x"
## stdout: val 1

#### single quote inside double quotes
echo "it's"
## stdout: it's

#### double quote inside single quotes
echo 'say "hi"'
## stdout: say "hi"

#### quoted glob is not expanded
touch a.txt b.txt
echo "*.txt"
echo '*.txt'
echo *.txt
## STDOUT:
*.txt
*.txt
a.txt b.txt
## END

#### quoted tilde is not expanded
echo "~" '~'
## stdout: ~ ~

#### dollar at end of word is literal
echo a$ "b$"
## stdout: a$ b$

#### dollar before non-name characters
echo $- | { read -r x; [ -n "$x" ] && echo nonempty; }
echo "$%" "$," 
## STDOUT:
nonempty
$% $,
## END

#### backslash in single quotes is literal
echo 'a\nb'
## stdout: a\nb

#### quoted command substitution keeps newlines
x="$(printf 'a\nb')"
echo "$x"
## STDOUT:
a
b
## END

#### unquoted command substitution splits
echo $(printf 'a\nb')
## stdout: a b

#### nested quotes in command substitution
echo "$(echo "inner 'quoted'")"
## stdout: inner 'quoted'

#### backslash before ordinary char in double quotes stays
echo "\a\b"
## stdout: \a\b

#### quoting keyword makes it a command word
'if' 2>/dev/null
echo $?
## stdout: 127

#### escaped newline joins lines
echo a \
  b
## stdout: a b

#### comments after words
echo a # comment
echo b#notcomment
## STDOUT:
a
b#notcomment
## END

#### quoted hash is not a comment
echo '#x' "#y" \#z
## STDOUT:
#x #y #z
## END

#### printf with quoted percent
printf '%s%%\n' 50
## stdout: 50%

#### dollar single quote in double quotes is literal
echo "$'x'"
## stdout: $'x'

#### empty quotes produce empty argument for printf
printf '[%s]\n' "" ''
## STDOUT:
[]
[]
## END

#### mixing quotes across variable
a=foo
echo "${a}bar" "$a"bar '$a'bar
## stdout: foobar foobar $abar

#### brace not expanded inside quotes
echo "{a,b}" '{a,b}'
## stdout: {a,b} {a,b}

#### assignment value does not word split
x='1 2   3'
y=$x
echo "$y"
## stdout: 1 2   3

#### assignment value does not glob
touch q1 q2
y=q*
echo "$y"
## stdout: q*

#### quote removal in assignment
x="a"'b'\c
echo $x
## stdout: abc

#### backslash-escaped dollar in heredoc-free echo
v=1
echo \$v "\$v" '$v'
## stdout: $v $v $v

#### a line continuation inside $? and $name
x=ab
true
echo $\
? $\
x $a\
b
xy=7
echo $x\
y
## STDOUT:
0 ab
7
## END

#### \c before the closing quote of $'...'
printf '%s' $'a\c' | od -An -c
printf '%s' $'a\c\'' | od -An -tx1
## STDOUT:
   a   \   c
 61 1c 27
## END

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

#### variables in single quotes are not expanded
name=x
echo 'Hello $name'
## stdout: Hello $name

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
