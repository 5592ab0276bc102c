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
