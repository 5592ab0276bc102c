## compare_shells: bash

#### EXIT trap runs at end
trap 'echo bye' EXIT
echo hello
## STDOUT:
hello
bye
## END

#### EXIT trap runs on exit with status preserved
trap 'echo cleanup' EXIT
exit 3
## stdout: cleanup
## status: 3

#### EXIT trap sees $?
trap 'echo "status was $?"' EXIT
false
## stdout: status was 1
## status: 1

#### EXIT trap can change exit status
trap 'exit 7' EXIT
true
## status: 7

#### trap reset with -
trap 'echo no' EXIT
trap - EXIT
echo done
## stdout: done

#### ERR trap on failing command
trap 'echo "err at $?"' ERR
false
echo continue
## STDOUT:
err at 1
continue
## END

#### ERR trap not triggered in condition
trap 'echo err' ERR
if false; then :; fi
false || true
echo done
## stdout: done

#### ERR trap not inherited by functions without -E
trap 'echo err-trap' ERR
f() { false; echo in-f; }
f
## stdout: in-f

#### ERR trap inherited with set -E
set -E
trap 'echo err-trap' ERR
f() { false; echo in-f; }
f
## STDOUT:
err-trap
in-f
## END

#### DEBUG trap runs before commands
trap 'echo "debug: $BASH_COMMAND"' DEBUG
echo a
trap - DEBUG
## STDOUT:
debug: echo a
a
debug: trap - DEBUG
## END

#### RETURN trap set outside is not inherited without set -T
f() { echo in-f; }
trap 'echo returned' RETURN
f
trap - RETURN
## stdout: in-f

#### signal trap with kill
trap 'echo got USR1' USR1
kill -s USR1 $$
echo after
## STDOUT:
got USR1
after
## END

#### trap with signal number
trap 'echo got TERM' 15
kill -TERM $$
echo continued
## STDOUT:
got TERM
continued
## END

#### trap -p prints trap
trap 'echo hi' EXIT
trap -p EXIT
trap - EXIT
## stdout: trap -- 'echo hi' EXIT

#### trap in subshell is reset
trap 'echo parent' EXIT
( echo sub )
trap - EXIT
## stdout: sub

#### ignored signal with empty trap
trap '' USR1
kill -USR1 $$
echo survived
## stdout: survived

#### EXIT trap in subshell runs at subshell exit
( trap 'echo sub-exit' EXIT; echo in-sub )
echo after
## STDOUT:
in-sub
sub-exit
after
## END

#### trap multiple signals
trap 'echo caught' USR1 USR2
kill -USR2 $$
kill -USR1 $$
## STDOUT:
caught
caught
## END

#### EXIT trap runs after set -e failure
set -e
trap 'echo "exiting with $?"' EXIT
false
echo no
## stdout: exiting with 1
## status: 1

#### trap command sees variables at run time
x=early
trap 'echo "x=$x"' EXIT
x=late
## stdout: x=late

#### EXIT trap in function context
f() { trap 'echo exit-from-f' EXIT; }
f
echo main-continues
## STDOUT:
main-continues
exit-from-f
## END

#### kill with unknown signal fails
kill -s NOSUCHSIG $$ 2>/dev/null
echo "status $?"
## stdout: status 1

#### trap -p for one signal uses SIG name
trap 'echo x' USR1
trap -p USR1
## stdout: trap -- 'echo x' SIGUSR1

#### signal exit status without trap
bash -c 'kill -TERM $$; echo no'
echo "status $?"
## stdout: status 143

#### RETURN trap set inside function
f() { trap 'echo returned; trap - RETURN' RETURN; echo in-f; }
f
echo after
## STDOUT:
in-f
returned
after
## END

#### RETURN trap with set -T
set -T
trap 'echo "returning from ${FUNCNAME[0]}"' RETURN
g() { echo in-g; }
g
trap - RETURN
## STDOUT:
in-g
returning from g
## END

#### trap -N is an invalid option
trap 'echo at-exit' EXIT
trap -1 EXIT 2>&1 | sed 's/^.*line [0-9]*: //'
trap -1 EXIT 2>/dev/null
echo status=$?
## STDOUT:
trap: -1: invalid option
trap: usage: trap [-lp] [[arg] signal_spec ...]
status=2
at-exit
## END
