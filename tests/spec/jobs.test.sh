## compare_shells: bash

#### background job and wait
{ sleep 0.05; echo bg; } &
wait
echo fg
## STDOUT:
bg
fg
## END

#### $! is set
sleep 0.01 &
[ -n "$!" ] && echo has-pid
wait
## stdout: has-pid

#### wait pid returns status
( exit 5 ) &
wait $!
echo "status $?"
## stdout: status 5

#### wait without args returns 0
( exit 3 ) &
wait
echo "status $?"
## stdout: status 0

#### wait -n returns status of next job
( exit 4 ) &
wait -n
echo "status $?"
## stdout: status 4

#### multiple background jobs outputs ordered by wait
( sleep 0.1; echo slow ) > slow.txt &
p1=$!
( echo fast ) > fast.txt &
p2=$!
wait $p1 $p2
cat fast.txt slow.txt
## STDOUT:
fast
slow
## END

#### background job variable isolation
x=1
{ x=2; } &
wait
echo $x
## stdout: 1

#### wait for unknown pid
wait 999999 2>/dev/null
echo "status $?"
## stdout: status 127

#### background pipeline
printf 'b\na\n' | sort > out &
wait
cat out
## STDOUT:
a
b
## END

#### background function
f() { echo "func $1"; }
f bg > out &
wait
cat out
## stdout: func bg

#### & followed by command on same line
echo one > a & echo two
wait
cat a
## STDOUT:
two
one
## END

#### background job status via wait in loop
for i in 1 2 3; do ( exit $i ) & pids+=($!); done
for p in "${pids[@]}"; do wait $p; echo $?; done
## STDOUT:
1
2
3
## END

#### kill background job
( while :; do sleep 0.1; done ) &
pid=$!
kill $pid
wait $pid
echo "status $?"
## stdout: status 143

#### wait -n reports bad ids and waits for the good ones
echo x &
wait -n $! bad 2>err.txt
echo status=$?
sed 's/^.*line [0-9]*: //' err.txt
wait -n zzz 2>/dev/null
echo status=$?
## STDOUT:
x
status=0
wait: bad: no such job
status=127
## END

#### wait with an invalid id is status 1, bad option status 2
wait zzz 2>/dev/null
echo status=$?
wait -- zzz 2>/dev/null
echo status=$?
wait -x 2>&1 | sed 's/^.*line [0-9]*: //'
echo status=${PIPESTATUS[0]}
## STDOUT:
status=1
status=1
wait: -x: invalid option
wait: usage: wait [-fn] [-p var] [id ...]
status=2
## END

#### wait -p names the job waited for
(exit 3) &
pid=$!
wait -p got $pid
echo status=$? same=$(( got == pid ))
wait -p none
echo status=$? ${none-unset}
## STDOUT:
status=3 same=1
status=0 unset
## END

#### wait reports a job killed by a signal
{ sleep 5 & kill -HUP $!; wait $!; } 2>err.txt
echo status=$?
grep -o 'Hangup *sleep 5' err.txt
{ sleep 5 & kill $!; wait $!; } 2>err.txt
echo status=$? lines=$(wc -l < err.txt)
## STDOUT:
status=129
Hangup                  sleep 5
status=143 lines=0
## END

#### background jobs ignore SIGINT
{ sleep 0.2; echo survived; } &
sleep 0.05
kill -INT $!
wait $!
echo status=$?
## STDOUT:
survived
status=0
## END

#### an endless writer still gets SIGPIPE from an exited reader
yes | true
echo ${PIPESTATUS[@]}
yes | head -n 1
echo ${PIPESTATUS[@]}
## STDOUT:
141 0
y
141 0
## END

#### signals ignored by default leave a background job running
trap 'echo SIGURG' URG
kill -URG $$
{ echo begin child; sleep 0.1; echo end child; } &
kill -URG $!
wait
echo "wait status $?"
## STDOUT:
SIGURG
begin child
end child
wait status 0
## END

#### a job inherits the signals the shell ignores
trap '' HUP
sleep 0.2 &
kill -HUP $!
wait $!
echo status=$?
trap - HUP
sleep 1 &
kill -HUP $!
wait $! 2>/dev/null
echo status=$?
## STDOUT:
status=0
status=129
## END
