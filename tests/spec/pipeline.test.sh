## compare_shells: bash

#### simple pipeline
echo hello | tr a-z A-Z
## stdout: HELLO

#### multi-stage pipeline
printf '3\n1\n2\n1\n' | sort | uniq | wc -l
## stdout: 3

#### pipeline status is last command
false | true
echo $?
true | false
echo $?
## STDOUT:
0
1
## END

#### PIPESTATUS
true | false | true
echo "${PIPESTATUS[@]}"
## stdout: 0 1 0

#### PIPESTATUS is set by simple commands, subshells, [[ ]] and (( )), not by compound commands
p() { echo "${1}: [${PIPESTATUS[@]}]"; }
false; if false; then :; fi; p if-false
false; case a in b) ;; esac; p case-nomatch
true; while false; do :; done; p while
false; for i in; do :; done; p for-empty
false; for ((i=0;i<0;i++)); do :; done; p arithfor-empty
false; g() { :; }; p funcdef
false; { true; }; p brace
false; ( exit 3 ); p subshell
true; (( 0 )); p arith
false; [[ a ]]; p cond
false; x=1; p assign
## STDOUT:
if-false: [1]
case-nomatch: [1]
while: [1]
for-empty: [1]
arithfor-empty: [1]
funcdef: [1]
brace: [0]
subshell: [3]
arith: [1]
cond: [0]
assign: [0]
## END

#### PIPESTATUS with exit codes
(exit 3) | (exit 0) | (exit 5)
echo "${PIPESTATUS[0]} ${PIPESTATUS[1]} ${PIPESTATUS[2]}"
## stdout: 3 0 5

#### PIPESTATUS for single command
false
echo "${PIPESTATUS[@]}"
## stdout: 1

#### negation
! true
echo $?
! false
echo $?
## STDOUT:
1
0
## END

#### negated pipeline
! echo x | false
echo $?
## stdout: 0

#### pipefail
set -o pipefail
false | true
echo $?
## stdout: 1

#### pipefail reports rightmost failure
set -o pipefail
(exit 2) | (exit 3) | true
echo $?
## stdout: 3

#### |& pipes stderr too
{ echo out; echo err >&2; } |& sort
## STDOUT:
err
out
## END

#### yes | head terminates
yes | head -n 1
## stdout: y

#### large seq into head
seq 1 10000000 | head -n 2
## STDOUT:
1
2
## END

#### last pipeline element runs in subshell
x=before
echo after | read -r x
echo "$x"
## stdout: before

#### lastpipe runs last element in current shell
shopt -s lastpipe
echo after | read -r x
echo "$x"
## stdout: after

#### variable set in pipeline subshell is lost
n=0
printf 'a\nb\n' | while read -r l; do n=$((n+1)); done
echo $n
## stdout: 0

#### pipeline into while read with process substitution keeps vars
n=0
while read -r l; do n=$((n+1)); done < <(printf 'a\nb\n')
echo $n
## stdout: 2

#### pipeline with braces
{ echo b; echo a; } | sort
## STDOUT:
a
b
## END

#### pipeline with function
up() { tr a-z A-Z; }
echo abc | up
## stdout: ABC

#### pipe to head with early close status
seq 1 100000 | head -n 1 > /dev/null
echo "${PIPESTATUS[1]}"
## stdout: 0

#### cut and tr in pipeline
echo 'a:b:c' | cut -d: -f2 | tr b B
## stdout: B

#### wc counts
printf 'one two\nthree\n' | wc -w
## stdout: 3

#### tail of pipeline
seq 1 5 | tail -n 2
## STDOUT:
4
5
## END

#### pipeline newline after pipe
echo continued |
  tr a-z A-Z
## stdout: CONTINUED

#### exit in pipeline element does not exit shell
echo x | exit 3
echo "still running ${PIPESTATUS[1]}"
## stdout: still running 3

#### time keyword status passes through
time -p false 2>/dev/null
echo $?
## stdout: 1

#### && and || lists
true && echo and-yes
false && echo and-no
false || echo or-yes
true || echo or-no
## STDOUT:
and-yes
or-yes
## END

#### && || precedence left to right
false && echo a || echo b
true || echo c && echo d
## STDOUT:
b
d
## END

#### status of && list when first fails
false && true
echo $?
## stdout: 1

#### sort -n and uniq -c
printf '10\n9\n10\n' | sort -n | uniq -c
## STDOUT:
      1 9
      2 10
## END

#### yes stops when head is done
yes hello | head -n 2
seq 1 10000000 | head -n 2
## STDOUT:
hello
hello
1
2
## END

#### && after pipeline applies to whole pipeline
is_b() { read -r l; [ "$l" = b ]; }
echo a | is_b && echo yes || echo no
echo b | is_b && echo yes || echo no
## STDOUT:
no
yes
## END

#### a first stage that fills its pipe many times over
# Stages start in order on one thread and the rest start when one would block (issue 46):
# each case from here on makes a stage wait for one that has not started yet.
seq 1 100000 | sed -n '$p'
seq 1 200000 | awk '{print $1*2}' | tail -n 1
## STDOUT:
100000
400000
## END

#### early close in the middle of three stages
yes | cat | head -c 5; s="${PIPESTATUS[*]}"; echo
echo "$s"
## STDOUT:
y
y
y
141 141 0
## END

#### a background job keeps the pipe open after its stage ends
{ (sleep 0.2; echo late) & echo early; } | cat
## STDOUT:
early
late
## END

#### pipelines inside stages
{ seq 1 50000 | tail -n 1; seq 1 3; } | { cat | sort -n | head -n 2; }
## STDOUT:
1
2
## END

#### a read loop between a long producer and a consumer
seq 1 5000 | while read -r n; do echo $((n * 2)); done | tail -n 1
## stdout: 10000

#### a sleeping first stage does not hold the second back
sleep 0.2 | echo hi
echo "${PIPESTATUS[@]}"
## STDOUT:
hi
0 0
## END

#### a function recursing through pipelines
f() { if [ "$1" -gt 0 ]; then echo "$1"; f $(($1 - 1)) | cat; fi; }
f 4
## STDOUT:
4
3
2
1
## END

#### each stage changes only its own copy of the variables
x=1
f() { local x=5; echo "$x" | cat; x=6; echo "$x"; }
f
{ x=2; echo "$x"; } | cat
echo a | { read -r x; exit 3; } | cat
echo "${PIPESTATUS[@]} $x"
## STDOUT:
5
6
2
0 3 0 1
## END
