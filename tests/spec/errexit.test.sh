## compare_shells: bash

#### set -e exits on failure
set -e
echo before
false
echo after
## stdout: before
## status: 1

#### set -e exit status is failing command's
set -e
(exit 3)
echo no
## status: 3

#### set -e ignored in if condition
set -e
if false; then echo no; fi
echo survived
## stdout: survived

#### set -e ignored in && list except last
set -e
false && echo no
echo survived
## stdout: survived

#### set -e last command of && list failing exits
set -e
true && false
echo not-reached
## status: 1

#### set -e ignored in || list
set -e
false || echo recovered
echo survived
## STDOUT:
recovered
survived
## END

#### set -e ignored with negation
set -e
! true
echo survived
## stdout: survived

#### set -e in while condition
set -e
while false; do :; done
echo survived
## stdout: survived

#### set -e triggers in function
set -e
f() { false; echo in-f-after; }
f
echo after
## status: 1

#### set -e ignored inside function called from if
set -e
f() { false; echo in-f-continues; }
if f; then echo f-true; fi
## STDOUT:
in-f-continues
f-true
## END

#### set -e ignored inside function in && list
set -e
f() { false; echo continues; }
f && echo ok
## STDOUT:
continues
ok
## END

#### set -e and pipeline uses last status
set -e
false | true
echo survived
## stdout: survived

#### set -e with pipefail
set -eo pipefail
false | true
echo not-reached
## status: 1

#### set -e is ignored in a subshell on the left of ||
set -e
( false; echo no ) || echo "subshell failed"
echo survived
## STDOUT:
no
survived
## END

#### set -e exits when an assignment command substitution fails
set -e
x=$(false)
echo not-reached
## status: 1

#### set -e with local masking
set -e
f() { local x=$(false); echo masked; }
f
## stdout: masked

#### set -e ignored in command substitution by default
set -e
x=$(false; echo continued)
echo "$x"
## stdout: continued

#### inherit_errexit
set -e
shopt -s inherit_errexit
x=$(false; echo continued)
echo "[$x]"
## status: 1

#### set +e turns off
set -e
set +e
false
echo survived
## stdout: survived

#### $- contains e
set -e
case $- in *e*) echo has-e;; esac
set +e
case $- in *e*) echo still;; *) echo no-e;; esac
## STDOUT:
has-e
no-e
## END

#### set -o errexit same as -e
set -o errexit
false
echo not-reached
## status: 1

#### errexit with arithmetic zero
set -e
(( 0 ))
echo not-reached
## status: 1

#### errexit ignores (( )) in condition
set -e
if (( 0 )); then :; fi
echo survived
## stdout: survived

#### errexit in brace group
set -e
{ false; echo no; }
echo no2
## status: 1

#### errexit status from function
set -e
f() { return 4; }
f
echo no
## status: 4

#### ERR trap with errexit
set -e
trap 'echo trapped' ERR
false
echo no
## stdout: trapped
## status: 1

#### set -e failing subshell exits the shell
set -e
( false; echo no )
echo not-reached
## status: 1

#### set -e exit inside subshell status propagates
set -e
( exit 6 )
echo not-reached
## status: 6

#### errexit: assigning to a readonly variable ends the shell, even after ||
set -e
readonly r=1
r=2 || echo caught
echo not reached
## status: 1
## STDOUT:
## END

#### errexit: declare on a readonly variable is an ordinary failure
set -e
readonly r=1
declare r=2 2>/dev/null || echo caught
echo after
## STDOUT:
caught
after
## END

#### errexit does not apply to a compound command whose last list failed
set -e
{ test no = yes && echo hi; }
echo status=$?
if true; then false && true; fi
echo status=$?
for i in 1; do false && true; done
echo status=$?
f() { { false && true; }; }
f
echo not reached
## status: 1
## STDOUT:
status=1
status=1
status=1
## END

#### errexit applies to a failed redirection of a compound command
set -e
trap 'echo ERR' ERR
{ echo no; } > /nonexistent/dir/file 2>/dev/null
echo not reached
## status: 1
## STDOUT:
ERR
## END

#### ! ignores errexit only when set -e was on as it started
trap 'echo ERR' ERR
! { false; echo x; }
set -e
! { false; echo y; }
set +e
foo() { set -e; false; echo not reached; }
! foo
echo not reached either
## status: 1
## STDOUT:
ERR
x
y
## END

#### ! does not invert a compound command whose redirection failed
! { true; } > /nonexistent/x 2>/dev/null
echo brace=$?
! ( true ) > /nonexistent/x 2>/dev/null
echo subshell=$?
! true > /nonexistent/x 2>/dev/null
echo simple=$?
! { true; { false; } > /nonexistent/x 2>/dev/null; }
echo nested=$?
f() { { true; } > /nonexistent/x 2>/dev/null; }
! f
echo function=$?
if ! { true; } > /nonexistent/x 2>/dev/null; then echo then; else echo else; fi
## STDOUT:
brace=1
subshell=1
simple=0
nested=0
function=0
else
## END

#### ERR trap then errexit
set -e
trap 'echo "failed: $?"' ERR
f() { false; }
f
echo unreachable
## status: 1

#### set -e: a syntax error ends the shell with status 2, its message without the offending line
set -e
echo before
eval 'if then'
echo unreachable
## STDOUT:
before
## END
## status: 2

#### set -e: a syntax error inside [[ ]] ends the shell with status 2
set -e
[[ x =~ a) ]]
echo unreachable
## status: 2
## STDOUT:
## END

#### set -e: a syntax error in a subshell's eval ends the subshell and then the shell
set -e
(eval 'if then'; echo in-subshell)
echo unreachable
## status: 2
## STDOUT:
## END

#### set -e does not apply to a syntax error in a condition
set -e
if eval 'if then' 2>/dev/null; then echo yes; else echo "no $?"; fi
eval 'if then' 2>/dev/null || echo caught
echo after
## STDOUT:
no 2
caught
after
## END
