## compare_shells: bash

#### unterminated if in eval
eval 'if true; then echo x' 2>/dev/null
echo "status $?"
## stdout: status 2

#### unmatched paren in eval
eval 'echo (' 2>/dev/null
echo "status $?"
## stdout: status 2

#### unexpected token fi
eval 'fi' 2>/dev/null
echo "status $?"
## stdout: status 2

#### unterminated quote in eval
eval 'echo "abc' 2>/dev/null
echo "status $?"
## stdout: status 2

#### unterminated command substitution in eval
eval 'echo $(echo' 2>/dev/null
echo "status $?"
## stdout: status 2

#### bad substitution is runtime error status 1
( echo ${x:} ) 2>/dev/null
echo "status $?"
## stdout: status 1

#### ${!} is $! and not a syntax error
eval 'echo ${!}' 2>/dev/null
echo "status $?"
## STDOUT:

status 0
## END

#### syntax error in bash -c
bash -c 'for' 2>/dev/null
echo "status $?"
## stdout: status 2

#### eval syntax error after earlier output
echo first
eval 'done' 2>/dev/null
echo "status $?"
## STDOUT:
first
status 2
## END

#### missing done
eval 'while true; do echo x' 2>/dev/null
echo "status $?"
## stdout: status 2

#### case without esac
eval 'case a in a) echo' 2>/dev/null
echo "status $?"
## stdout: status 2

#### double semicolon outside case
eval 'echo a;;' 2>/dev/null
echo "status $?"
## stdout: status 2

#### empty pipeline element
eval 'echo a | | cat' 2>/dev/null
echo "status $?"
## stdout: status 2

#### bash -n checks syntax
printf 'if true; then\n' > bad.sh
bash -n bad.sh 2>/dev/null
echo "status $?"
printf 'echo ok\n' > good.sh
bash -n good.sh
echo "status $?"
## STDOUT:
status 2
status 0
## END

#### script syntax error exits with 2
printf 'echo before\nif\n' > s.sh
bash s.sh 2>/dev/null
echo "status $?"
## STDOUT:
before
status 2
## END

#### function with empty body is syntax error
eval 'f() { }' 2>/dev/null
echo "status $?"
## stdout: status 2

#### reserved word as function body needs braces
eval 'f() echo hi' 2>/dev/null
echo "status $?"
## stdout: status 2

#### arithmetic syntax error in $(( ))
( echo $(( 2 + * 3 )) ) 2>/dev/null
echo "status $?"
## stdout: status 1

#### invalid variable name in for
eval 'for 1x in a; do :; done' 2>/dev/null
echo "status $?"
## stdout: status 1

#### stray right brace
eval '}' 2>/dev/null
echo "status $?"
## stdout: status 2

#### redirect missing target
eval 'echo >' 2>/dev/null
echo "status $?"
## stdout: status 2

#### a syntax error inside backquotes is reported when it runs
echo before
echo "a`echo "`b" 2>/dev/null
echo status=$?
x=`for` 2>/dev/null
echo status=$?
{ y=`if`; } 2>&1 | sed 's/^.*line [0-9]*: //'
f() { echo `for`; }
declare -f f | sed -n 3p
## STDOUT:
before
ab
status=0
status=2
syntax error: unexpected end of file
    echo `for`
## END

#### spaces around = make a command
x = 1 2>/dev/null
echo "status $?"
## stdout: status 127

#### brace group on one line needs final semicolon
eval '{ echo a }' 2>/dev/null
echo "status $?"
## stdout: status 2
