## compare_shells: bash

#### if elif else
for x in 1 2 3; do
  if [ $x = 1 ]; then echo one; elif [ $x = 2 ]; then echo two; else echo other; fi
done
## STDOUT:
one
two
other
## END

#### if status is 0 when no branch taken
if false; then :; fi
echo $?
## stdout: 0

#### if condition with list
if false; true; then echo last-wins; fi
## stdout: last-wins

#### while loop
i=0
while [ $i -lt 3 ]; do echo $i; i=$((i+1)); done
## STDOUT:
0
1
2
## END

#### until loop
i=0
until [ $i -ge 3 ]; do echo $i; i=$((i+1)); done
## STDOUT:
0
1
2
## END

#### for over words
for w in a 'b c' d; do echo "[$w]"; done
## STDOUT:
[a]
[b c]
[d]
## END

#### for without in uses positional params
set -- x 'y z'
for a; do echo "[$a]"; done
## STDOUT:
[x]
[y z]
## END

#### for with empty list
for x in; do echo never; done
echo done
## stdout: done

#### C-style for
for ((i=0; i<3; i++)); do echo $i; done
## STDOUT:
0
1
2
## END

#### C-style for with empty parts
i=0
for ((;;)); do (( i++ >= 2 )) && break; echo $i; done
## STDOUT:
1
2
## END

#### break
for i in 1 2 3 4; do [ $i = 3 ] && break; echo $i; done
## STDOUT:
1
2
## END

#### continue
for i in 1 2 3 4; do [ $i = 2 ] && continue; echo $i; done
## STDOUT:
1
3
4
## END

#### break N
for i in 1 2; do for j in a b; do [ $j = b ] && break 2; echo $i$j; done; done
echo after
## STDOUT:
1a
after
## END

#### continue N
for i in 1 2; do for j in a b; do [ $j = b ] && continue 2; echo $i$j; done; echo never; done
## STDOUT:
1a
2a
## END

#### break out of while true
n=0
while true; do n=$((n+1)); [ $n -ge 5 ] && break; done
echo $n
## stdout: 5

#### loop variable persists after loop
for v in a b c; do :; done
echo $v
## stdout: c

#### loop exit status
for i in 1 2; do false; done
echo $?
for i in; do false; done
echo $?
## STDOUT:
1
0
## END

#### while loop status when body never runs
while false; do :; done
echo $?
## stdout: 0

#### nested loops with output
for i in 1 2; do for j in 1 2; do printf '%s%s ' $i $j; done; done
echo
## STDOUT:
11 12 21 22 
## END

#### while read loop from here-string
while IFS=, read -r a b; do echo "$a|$b"; done <<< $'1,2\n3,4'
## STDOUT:
1|2
3|4
## END

#### until with break
until false; do echo once; break; done
## stdout: once

#### select-free menu via case in loop
for cmd in start stop bogus; do
  case $cmd in
    start) echo starting;;
    stop) echo stopping;;
    *) echo "unknown $cmd";;
  esac
done
## STDOUT:
starting
stopping
unknown bogus
## END

#### loop over command output
for f in $(printf 'x\ny\n'); do echo "<$f>"; done
## STDOUT:
<x>
<y>
## END

#### break with too large N breaks all
for i in 1 2; do for j in 1 2; do break 5; done; echo inner-after; done
echo out
## stdout: out

#### if with negation
if ! false; then echo negated; fi
## stdout: negated

#### arithmetic condition in while
i=3
while (( i-- )); do echo $i; done
## STDOUT:
2
1
0
## END

#### if on a compound command
if { false; true; }; then echo group-true; fi
## stdout: group-true

#### empty then is syntax error
eval 'if true; then fi' 2>/dev/null
echo "status $?"
## stdout: status 2

#### for loop with brace expansion and step
for i in {1..10..4}; do echo $i; done
## STDOUT:
1
5
9
## END

#### loop with continue in while
i=0
while (( i < 5 )); do (( i++ )); (( i % 2 )) && continue; echo $i; done
## STDOUT:
2
4
## END

#### one-line if else
x=5; if (( x > 3 )); then echo big; else echo small; fi
## stdout: big

#### nested if
a=1 b=2
if [ $a = 1 ]; then if [ $b = 2 ]; then echo both; fi; fi
## stdout: both

#### for C-style variable after loop
for ((k=0; k<4; k++)); do :; done
echo $k
## stdout: 4

#### while with multiple condition commands
i=0
while echo "check $i"; (( i < 2 )); do (( i++ )); done
## STDOUT:
check 0
check 1
check 2
## END

#### continue 2 and break 2 in nested loops
for i in 1 2 3; do
  for j in a b c; do
    [[ $j == b ]] && continue 2
    [[ $i == 3 ]] && break 2
    echo $i$j
  done
done
## STDOUT:
1a
2a
## END

#### for loop over filenames with spaces via glob
touch 'my file.txt' other.txt
for f in *.txt; do echo "[$f]"; done
## STDOUT:
[my file.txt]
[other.txt]
## END

#### for loop over command output splits on spaces
touch 'my file.txt'
for f in $(printf '%s\n' 'my file.txt'); do echo "[$f]"; done
## STDOUT:
[my]
[file.txt]
## END

#### continue in subshell loop body
for i in 1 2 3; do ( [ $i = 2 ] && exit; echo $i ); done
## STDOUT:
1
3
## END
