## compare_shells: bash

#### echo args joined by space
echo a   b    c
## stdout: a b c

#### echo -n
echo -n no-newline
echo
## stdout: no-newline

#### echo -e escapes
echo -e 'a\tb\nc'
## STDOUT:
a	b
c
## END

#### echo without -e keeps backslashes
echo 'a\tb'
## stdout: a\tb

#### echo -E disables escapes
echo -E 'x\ny'
## stdout: x\ny

#### echo combined flags
echo -ne 'a\n'
## stdout: a

#### echo -e \c stops output
echo -e 'before\cafter'
echo next
## stdout: beforenext

#### echo -e octal and hex
echo -e '\0101 \x41'
## stdout: A A

#### echo unknown option printed
echo -x hi
## stdout: -x hi

#### echo -- is printed
echo -- hi
## stdout: -- hi

#### echo empty
echo
echo ''
## STDOUT:


## END

#### echo -e backslash backslash
echo -e 'a\\b'
## stdout: a\b

#### echo -n with multiple args
echo -n a b; echo
## stdout: a b

#### echo flag-like argument later is literal
echo hi -n
## stdout: hi -n

#### echo -e with \e
echo -e '\e' | od -An -tx1
## STDOUT:
 1b 0a
## END

#### xpg_echo shopt
shopt -s xpg_echo
echo 'a\tb'
## stdout: a	b

#### echo -nn combined
echo -nn x; echo
## stdout: x

#### echo with -en after other text
echo x -en y
## stdout: x -en y
