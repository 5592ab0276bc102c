## compare_shells: bash

#### alias needs expand_aliases in scripts
alias hi='echo aliased'
hi 2>/dev/null
echo "status $?"
## stdout: status 127

#### alias with expand_aliases
shopt -s expand_aliases
alias hi='echo aliased'
hi
## stdout: aliased

#### alias takes effect on next line only
shopt -s expand_aliases
alias x='echo from-alias'; x 2>/dev/null || echo not-yet
x
## STDOUT:
not-yet
from-alias
## END

#### alias with arguments appended
shopt -s expand_aliases
alias say='echo said:'
say hello world
## stdout: said: hello world

#### alias listing
alias ll='ls -l'
alias ll
## stdout: alias ll='ls -l'

#### unalias
shopt -s expand_aliases
alias g='echo g'
unalias g
g 2>/dev/null
echo "status $?"
## stdout: status 127

#### alias trailing space expands next word
shopt -s expand_aliases
alias run='echo '
alias thing='expanded'
run thing
## stdout: expanded

#### quoted alias name not expanded
shopt -s expand_aliases
alias e='echo alias'
'e' 2>/dev/null
echo "status $?"
## stdout: status 127

#### alias -p prints all
alias a1='x' a2='y z'
alias -p
## STDOUT:
alias a1='x'
alias a2='y z'
## END

#### unalias -a
alias a='b'
unalias -a
alias 2>&1 | wc -l
## stdout: 0

#### alias missing is error
alias nosuch 2>/dev/null
echo "status $?"
## stdout: status 1

#### alias inside function body is expanded at definition
shopt -s expand_aliases
alias greet='echo hi'
f() { greet; }
alias greet='echo changed'
f
## stdout: hi

#### alias accepts -- and -p before definitions
shopt -s expand_aliases
alias -- say=echo
echo status=$?
say hi
alias -p -- greet='echo hello'
unalias -- say
say x 2>/dev/null
echo status=$?
## STDOUT:
status=0
hi
alias say='echo'
status=127
## END

#### alias and unalias usage errors
unalias 2>/dev/null
echo unalias=$?
alias -x 2>/dev/null
echo alias=$?
unalias -z 2>/dev/null
echo unalias-z=$?
alias 'a/b=x' 2>&1 | sed 's/^.*line [0-9]*: //'
alias '=x' 2>&1 | sed 's/^.*line [0-9]*: //'
## STDOUT:
unalias=2
alias=2
unalias-z=2
alias: `a/b': invalid alias name
alias: =x: not found
## END

#### unalias -a ignores its operands
shopt -s expand_aliases
alias a=b c=d
unalias -a nosuch
echo status=$?
alias | wc -l
## STDOUT:
status=0
0
## END

#### first word of an alias is itself checked for aliases
shopt -s expand_aliases
alias FOR='for '
alias v2='v1 '
alias v1='i '
alias IN='in '
FOR v2 IN 1 2; do echo "[$i]"; done
## STDOUT:
[1]
[2]
## END

#### no alias expansion right after for NAME
shopt -s expand_aliases
alias IN='in '
eval 'for i IN 1 2; do echo $i; done' 2>&1 | sed 's/^.*line [0-9]*: //' | head -1
## STDOUT:
syntax error near unexpected token `IN'
## END
