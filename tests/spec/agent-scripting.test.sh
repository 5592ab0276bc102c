## compare_shells: bash
## Agent-task conformance: agent-scripting

#### strict mode script with functions
cat > s.sh <<'EOF'
#!/usr/bin/env bash
set -euo pipefail
greet() { local name="${1:-world}"; echo "hello, $name"; }
greet
greet agent
EOF
bash s.sh
## STDOUT:
hello, world
hello, agent
## END

#### getopts option parsing
cat > opts.sh <<'EOF'
#!/bin/bash
verbose=0 output=out.txt
while getopts ":vo:h" opt; do
  case $opt in
    v) verbose=1 ;;
    o) output=$OPTARG ;;
    h) echo "usage"; exit 0 ;;
    \?) echo "unknown option -$OPTARG" >&2; exit 2 ;;
    :) echo "option -$OPTARG needs an argument" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
echo "verbose=$verbose output=$output rest=$*"
EOF
bash opts.sh -v -o res.txt a b
bash opts.sh x
bash opts.sh -z 2>&1; echo "status=$?"
bash opts.sh -o 2>&1; echo "status=$?"
## STDOUT:
verbose=1 output=res.txt rest=a b
verbose=0 output=out.txt rest=x
unknown option -z
status=2
option -o needs an argument
status=2
## END

#### long options with while case shift
parse() {
  local dry=0 name=""
  while [ $# -gt 0 ]; do
    case "$1" in
      --dry-run) dry=1; shift ;;
      --name=*) name="${1#*=}"; shift ;;
      --name) name="$2"; shift 2 ;;
      --) shift; break ;;
      -*) echo "bad flag $1"; return 2 ;;
      *) break ;;
    esac
  done
  echo "dry=$dry name=$name args=$#"
}
parse --dry-run --name=x a b
parse --name y -- -z
parse --bogus; echo "rc=$?"
## STDOUT:
dry=1 name=x args=2
dry=0 name=y args=1
bad flag --bogus
rc=2
## END

#### trap cleanup on exit
cat > t.sh <<'EOF'
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"; echo cleaned' EXIT
echo work > "$tmp/f"
echo "working"
EOF
bash t.sh
## STDOUT:
working
cleaned
## END

#### trap on error with line number
cat > e.sh <<'EOF'
set -e
trap 'echo "failed at line $LINENO"' ERR
echo start
false
echo never
EOF
bash e.sh; echo "status=$?"
## STDOUT:
start
failed at line 4
status=1
## END

#### arrays append iterate and length
files=()
for n in a b c; do files+=("$n.txt"); done
echo "${#files[@]}"
echo "${files[@]}"
echo "${files[-1]}"
echo "${files[@]:1}"
unset 'files[1]'
echo "${#files[@]} ${!files[*]}"
## STDOUT:
3
a.txt b.txt c.txt
c.txt
b.txt c.txt
2 0 2
## END

#### associative array counting words
declare -A count
for w in apple pear apple fig pear apple; do
  count[$w]=$(( ${count[$w]:-0} + 1 ))
done
for k in "${!count[@]}"; do echo "$k ${count[$k]}"; done | sort
## STDOUT:
apple 3
fig 1
pear 2
## END

#### associative array with arithmetic increment under set -u
set -u
declare -A hits=()
for p in /a /b /a; do (( hits[$p]++ )) || true; done
for k in "${!hits[@]}"; do echo "$k=${hits[$k]}"; done | sort
## STDOUT:
/a=2
/b=1
## END

#### empty associative array loop does not iterate
declare -A m=()
n=0
for k in "${!m[@]}"; do n=$((n+1)); done
echo "iterations=$n"
declare -a arr=()
echo "len=${#arr[@]}"
## STDOUT:
iterations=0
len=0
## END

#### retry loop with counter
attempt=0
until [ $attempt -ge 3 ]; do
  attempt=$((attempt+1))
  if [ $attempt -eq 3 ]; then echo "succeeded on attempt $attempt"; break; fi
  echo "attempt $attempt failed, retrying"
done
## STDOUT:
attempt 1 failed, retrying
attempt 2 failed, retrying
succeeded on attempt 3
## END

#### retry function with exit codes
flaky() { [ "$1" -ge 2 ]; }
retry() {
  local max=$1; shift
  local i
  for ((i=0; i<max; i++)); do
    if "$@" "$i"; then echo "ok after $((i+1))"; return 0; fi
  done
  echo "gave up"; return 1
}
retry 5 flaky
retry 2 flaky; echo "rc=$?"
## STDOUT:
ok after 3
gave up
rc=1
## END

#### pipefail catches failures in pipeline
set -o pipefail
false | cat; echo "status=$?"
true | cat; echo "status=$?"
set +o pipefail
false | cat; echo "status=$?"
## STDOUT:
status=1
status=0
status=0
## END

#### set -e does not trigger in conditions
set -e
if false; then echo no; fi
false || echo "handled"
! false
check() { return 1; }
check && echo no || echo "check failed ok"
echo "still running"
## STDOUT:
handled
check failed ok
still running
## END

#### set -u unbound variable error
bash -c 'set -u; echo "${UNDEFINED_VAR}"; echo after' 2>/dev/null; echo "status=$?"
bash -c 'set -u; echo "${UNDEFINED_VAR:-fallback}"'
## STDOUT:
status=127
fallback
## END

#### functions with local and return values
add() { local a=$1 b=$2; echo $((a + b)); }
result=$(add 3 4)
echo "result=$result"
is_even() { (( $1 % 2 == 0 )); }
for n in 1 2 3 4; do is_even $n && echo "$n even"; done
## STDOUT:
result=7
2 even
4 even
## END

#### recursive function factorial
fact() { if [ "$1" -le 1 ]; then echo 1; else echo $(( $1 * $(fact $(( $1 - 1 ))) )); fi; }
fact 5
fact 10
## STDOUT:
120
3628800
## END

#### string manipulation builtins
s="Hello, World"
echo "${#s}"
echo "${s,,}"
echo "${s^^}"
echo "${s/World/Agent}"
echo "${s:7}"
echo "${s:0:5}"
path="a/b/c.tar.gz"
echo "${path//\//_}"
## STDOUT:
12
hello, world
HELLO, WORLD
Hello, Agent
World
Hello
a_b_c.tar.gz
## END

#### case statement with patterns
classify() {
  case "$1" in
    *.tar.gz|*.tgz) echo "tarball" ;;
    *.zip) echo "zip" ;;
    [0-9]*) echo "starts with digit" ;;
    "") echo "empty" ;;
    *) echo "other" ;;
  esac
}
for x in a.tgz b.zip 9lives "" misc; do classify "$x"; done
## STDOUT:
tarball
zip
starts with digit
empty
other
## END

#### read lines preserving whitespace
printf '  leading\ttab\ntrailing  \n' > f
while IFS= read -r line; do echo "[$line]"; done < f
## STDOUT:
[  leading	tab]
[trailing  ]
## END

#### read file without trailing newline
printf 'a\nb' > f
while IFS= read -r line || [ -n "$line" ]; do echo "got $line"; done < f
## STDOUT:
got a
got b
## END

#### process substitution diff style compare
diff <(printf 'a\nb\n') <(printf 'a\nc\n'); echo "rc=$?"
## STDOUT:
2c2
< b
---
> c
rc=1
## END

#### command substitution trimming newlines
out=$(printf 'x\n\n\n')
echo "[${out}]"
lines=$(printf 'one\ntwo\n' | wc -l)
echo "lines=$lines"
## STDOUT:
[x]
lines=2
## END

#### arithmetic and numeric comparisons
a=7 b=3
echo $((a / b)) $((a % b)) $((a ** 2)) $(( (a + b) * 2 ))
(( a > b )) && echo "a>b"
[ "$a" -lt 10 ] && echo "a<10"
x=010; echo $((10#$x))
echo $((0x1F)) $((2#101))
## STDOUT:
2 1 49 20
a>b
a<10
10
31 5
## END

#### floating point with bc and awk
echo "scale=2; 10/3" | bc
awk 'BEGIN { printf "%.3f\n", 22/7 }'
echo "3.5 > 2.1" | bc
## STDOUT:
3.33
3.143
1
## END

#### mapfile and readarray usage
printf 'l1\nl2\nl3\n' > f
mapfile -t lines < f
echo "${#lines[@]}: ${lines[1]}"
readarray -t -s 1 rest < f
echo "${rest[@]}"
## STDOUT:
3: l2
l2 l3
## END

#### IFS splitting into array
csv="a,b,,d"
IFS=, read -r -a parts <<< "$csv"
echo "${#parts[@]}"
printf '[%s]\n' "${parts[@]}"
## STDOUT:
4
[a]
[b]
[]
[d]
## END

#### printf -v and string padding
printf -v padded '%-10s|' "name"
echo "$padded"
printf '%s\n' "${padded// /.}"
printf '%03d\n' 7 42
## STDOUT:
name      |
name......|
007
042
## END

#### exit status propagation from subshell
( exit 3 ); echo "subshell=$?"
f() { return 4; }; f; echo "func=$?"
bash -c 'exit 5'; echo "child=$?"
echo "$(exit 6)"; echo "cmdsub=$?"
## STDOUT:
subshell=3
func=4
child=5

cmdsub=0
## END

#### error handler function with die
die() { echo "ERROR: $*" >&2; exit 1; }
( [ -f nonexistent.cfg ] || die "config missing" ) 2>&1
echo "rc=$?"
## STDOUT:
ERROR: config missing
rc=1
## END

#### script arguments with shift and $@
cat > args.sh <<'EOF'
echo "count=$#"
first=$1; shift
echo "first=$first"
for a in "$@"; do echo "- $a"; done
echo "all: $*"
EOF
bash args.sh one "two words" three
## STDOUT:
count=3
first=one
- two words
- three
all: two words three
## END

#### here string to while loop with counters
count=0
while read -r n; do count=$((count + n)); done <<< "$(seq 1 10)"
echo "sum=$count"
## stdout: sum=55

#### pipeline subshell variable scope
n=0
printf 'a\nb\n' | while read -r _; do n=$((n+1)); done
echo "after pipe: $n"
shopt -s lastpipe; set +m
n=0
printf 'a\nb\n' | while read -r _; do n=$((n+1)); done
echo "with lastpipe: $n"
## STDOUT:
after pipe: 0
with lastpipe: 2
## END

#### indirect expansion and namerefs
var_name=GREETING
GREETING=hi
echo "${!var_name}"
setref() { local -n ref=$1; ref="set by ref"; }
setref target
echo "$target"
## STDOUT:
hi
set by ref
## END

#### declare -p and arrays output
declare -a a=(1 "two words" 3)
declare -p a
declare -A h=([k]=v)
declare -p h
## STDOUT:
declare -a a=([0]="1" [1]="two words" [2]="3")
declare -A h=([k]="v" )
## END

#### trap INT style signal handling via kill to self
trap 'echo "caught TERM"; exit 0' TERM
kill -TERM $$
echo "not reached"
## stdout: caught TERM

#### wait for background jobs and collect statuses
( exit 0 ) & p1=$!
( exit 3 ) & p2=$!
wait $p1; echo "job1=$?"
wait $p2; echo "job2=$?"
## STDOUT:
job1=0
job2=3
## END

#### background jobs writing results to files
for i in 1 2 3; do ( echo "result $i" > "out_$i.txt" ) & done
wait
cat out_*.txt
## STDOUT:
result 1
result 2
result 3
## END

#### select elements with regex in loop
for v in v1.2.3 1.0 v10.0.1-rc1 latest; do
  if [[ $v =~ ^v([0-9]+)\.([0-9]+)\.([0-9]+)$ ]]; then
    echo "$v -> major=${BASH_REMATCH[1]} minor=${BASH_REMATCH[2]}"
  else
    echo "$v -> not semver"
  fi
done
## STDOUT:
v1.2.3 -> major=1 minor=2
1.0 -> not semver
v10.0.1-rc1 -> not semver
latest -> not semver
## END

#### version comparison with sort -V
vercmp() { [ "$1" = "$2" ] && echo eq && return; [ "$(printf '%s\n' "$1" "$2" | sort -V | head -1)" = "$1" ] && echo lt || echo gt; }
vercmp 1.2.10 1.2.9
vercmp 2.0 2.0
vercmp 1.9 1.10
## STDOUT:
gt
eq
lt
## END

#### string contains and prefix checks
s="feature/login-page"
[[ $s == feature/* ]] && echo "feature branch"
[[ $s == *login* ]] && echo "mentions login"
[[ $s != hotfix/* ]] && echo "not hotfix"
case $s in *-page) echo "page suffix";; esac
## STDOUT:
feature branch
mentions login
not hotfix
page suffix
## END

#### seq loops and brace ranges
for i in {1..3}; do printf '%s ' "$i"; done; echo
for i in {01..03}; do printf '%s ' "$i"; done; echo
for ((i=10; i>0; i-=4)); do printf '%s ' "$i"; done; echo
seq -s, 5 5 20
## STDOUT:
1 2 3 
01 02 03 
10 6 2 
5,10,15,20
## END

#### xtrace output format
bash -c 'set -x; s=""; [[ -z $s ]] && echo empty' 2>&1
bash -c 'set -x; name="a b"; echo "$name"' 2>&1
## STDOUT:
+ s=
+ [[ -z '' ]]
+ echo empty
empty
+ name='a b'
+ echo 'a b'
a b
## END

#### local variable shadowing
x=global
f() { local x=local; g; }
g() { echo "g sees $x"; }
f
echo "outside $x"
## STDOUT:
g sees local
outside global
## END

#### eval and dynamic variable names
for i in 1 2; do eval "val_$i=$((i*10))"; done
echo "$val_1 $val_2"
name=val_2; echo "${!name}"
## STDOUT:
10 20
20
## END

#### check command exists
if command -v jq >/dev/null 2>&1; then echo "jq found"; fi
if ! command -v no_such_tool_xyz >/dev/null 2>&1; then echo "tool missing"; fi
type -t echo; type -t cd
## STDOUT:
jq found
tool missing
builtin
builtin
## END

#### parse semver parts with IFS
ver=3.14.159
IFS=. read -r major minor patch <<< "$ver"
echo "major=$major minor=$minor patch=$patch"
printf '%s\n' "${ver%%.*}" "${ver#*.}"
## STDOUT:
major=3 minor=14 patch=159
3
14.159
## END

#### sum of file sizes via loop
printf 'aaa' > a; printf 'bbbbb' > b
total=0
for f in a b; do s=$(wc -c < "$f"); total=$((total + s)); done
echo "total=$total"
## stdout: total=8

#### debug trace with custom PS4 showing line numbers
cat > dbg.sh <<'EOF'
PS4='+ line ${LINENO}: '
set -x
x=5
echo "x is $x"
EOF
bash dbg.sh 2>&1
## STDOUT:
+ line 3: x=5
+ line 4: echo 'x is 5'
x is 5
## END

#### select reads its choice from stdin; at end of input it ends the prompt line on stdout
printf '2\n' | { select x in alpha beta; do echo "chose $x ($REPLY)"; break; done; } 2>/dev/null
select y in a b; do break; done < /dev/null 2>/dev/null
echo "status $? [$y]"
## STDOUT:
chose beta (2)

status 1 []
## END
