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
