## compare_shells: bash
## Agent-task conformance: agent-errors

#### command not found status
no_such_command_xyz 2>/dev/null
echo "status=$?"
## stdout: status=127

#### permission denied executing non executable file
echo 'echo hi' > script.sh
./script.sh 2>/dev/null
echo "status=$?"
## stdout: status=126

#### cat missing file status and message to stderr
cat missing.txt 2>/dev/null; echo "status=$?"
cat missing.txt 2>&1 | sed 's/^.*: //'
## STDOUT:
status=1
No such file or directory
## END

#### grep exit statuses
echo hello > f
grep -q hello f; echo "match=$?"
grep -q nope f; echo "nomatch=$?"
grep -q hello nofile 2>/dev/null; echo "error=$?"
grep -s -q hello nofile; echo "silent error=$?"
## STDOUT:
match=0
nomatch=1
error=2
silent error=2
## END

#### stderr redirection variants
{ echo out; echo err >&2; } > out.txt 2> err.txt
cat out.txt err.txt
{ echo out; echo err >&2; } > both.txt 2>&1
sort both.txt
{ echo out; echo err >&2; } 2>&1 >/dev/null
## STDOUT:
out
err
err
out
err
## END

#### capture stderr into variable
err=$( { ls /definitely/not/here; } 2>&1 >/dev/null )
[ -n "$err" ] && echo "captured error"
out=$(echo visible; echo hidden >&2) 2>/dev/null
echo "$out"
## STDOUT:
captured error
visible
## END

#### set -e exits on failing command
bash -c 'set -e; echo one; false; echo two'; echo "status=$?"
## STDOUT:
one
status=1
## END

#### set -e with command substitution assignment
bash -c 'set -e; x=$(false); echo "not reached"'; echo "status=$?"
bash -c 'set -e; local_fail() { false; echo "in func"; }; local_fail || true; echo done'
## STDOUT:
status=1
in func
done
## END

#### errexit ignored in && list but status kept
bash -c 'set -e; false && echo no; echo "continued"'; echo "status=$?"
bash -c 'set -e; true && false; echo unreachable'; echo "status=$?"
## STDOUT:
continued
status=0
status=1
## END

#### pipefail with head closing early
set -o pipefail
seq 1 100000 | head -n 1
echo "status=$? pipestatus=${PIPESTATUS[*]}"
## STDOUT:
1
status=141 pipestatus=141 0
## END

#### exit code of last command in function
f() { false; true; }
f; echo "f=$?"
g() { true; false; }
g; echo "g=$?"
## STDOUT:
f=0
g=1
## END

#### exit code ranges and 128+signal
bash -c 'exit 256'; echo "256 -> $?"
bash -c 'exit 300'; echo "300 -> $?"
bash -c 'kill -9 $$'; echo "killed -> $?"
## STDOUT:
256 -> 0
300 -> 44
killed -> 137
## END

#### or-die pattern
cd /nonexistent/dir 2>/dev/null || echo "cd failed, staying in place"
mkdir -p work && cd work || exit 1
basename "$PWD"
## STDOUT:
cd failed, staying in place
work
## END

#### check prerequisites and report all missing
missing=()
for tool in sort jq no_tool_aaa no_tool_bbb; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then echo "missing: ${missing[*]}"; fi
## stdout: missing: no_tool_aaa no_tool_bbb

#### validate numeric input
is_int() { [[ $1 =~ ^-?[0-9]+$ ]]; }
for v in 42 -7 3.5 abc ""; do
  if is_int "$v"; then echo "'$v' ok"; else echo "'$v' invalid"; fi
done
## STDOUT:
'42' ok
'-7' ok
'3.5' invalid
'abc' invalid
'' invalid
## END

#### arithmetic errors
bash -c 'echo $((1/0))' 2>/dev/null; echo "div0=$?"
bash -c 'x=abc; echo $((x + 1))'
bash -c 'echo $(( 5 + ))' 2>/dev/null; echo "syntax=$?"
## STDOUT:
div0=1
1
syntax=1
## END

#### test command error on bad integer
[ "abc" -eq 1 ] 2>/dev/null; echo "status=$?"
[[ 5 -gt 3 ]]; echo "dbl=$?"
## STDOUT:
status=2
dbl=0
## END

#### trap ERR reports failing command
bash -c 'trap '\''echo "ERR trapped: $BASH_COMMAND"'\'' ERR; ls /nope 2>/dev/null; echo after'
## STDOUT:
ERR trapped: ls /nope 2> /dev/null
after
## END

#### nested function error propagation with set -e
cat > nest.sh <<'EOF'
set -euo pipefail
inner() { echo "inner start"; return 3; }
outer() { inner; echo "outer after inner"; }
outer
EOF
bash nest.sh; echo "status=$?"
## STDOUT:
inner start
status=3
## END

#### jq error statuses
echo '{"a":1}' | jq '.a.b' 2>/dev/null; echo "index error=$?"
echo '{"a":1}' | jq -e '.b' >/dev/null; echo "null with -e=$?"
echo '[]' | jq -e 'length > 0' >/dev/null; echo "false with -e=$?"
## STDOUT:
index error=5
null with -e=1
false with -e=1
## END

#### sed and awk syntax errors give nonzero status
echo x | sed 's/a' 2>/dev/null; echo "sed=$?"
echo x | awk '{print' 2>/dev/null; echo "awk=$?"
## STDOUT:
sed=1
awk=1
## END

#### awk exit code from script
printf '1\n2\n3\n' | awk '$1 > 2 {found=1} END {exit !found}'; echo "found=$?"
printf '1\n2\n' | awk '$1 > 2 {found=1} END {exit !found}'; echo "found=$?"
## STDOUT:
found=0
found=1
## END

#### timeout command exit status
timeout 5 true; echo "fast=$?"
timeout 0.1 sleep 5; echo "slow=$?"
## STDOUT:
fast=0
slow=124
## END

#### write into missing or non-directory path fails
echo data > no/such/dir/file 2>/dev/null; echo "status=$?"
touch plain; echo x > plain/child 2>/dev/null; echo "status=$?"
mkdir -p plain/sub 2>/dev/null; echo "mkdir=$?"
## STDOUT:
status=1
status=1
mkdir=1
## END

#### missing file in loop continues with warning count
warn=0
for f in a.txt b.txt c.txt; do
  [ "$f" = b.txt ] && touch b.txt
  if [ ! -f "$f" ]; then warn=$((warn+1)); continue; fi
  echo "processing $f"
done
echo "warnings=$warn"
## STDOUT:
processing b.txt
warnings=2
## END

#### error message to stderr function and status
log_error() { printf 'ERROR: %s\n' "$*" >&2; }
log_error "something broke" 2>&1 | tr a-z A-Z
log_error "quiet" 2>/dev/null; echo "rc=$?"
## STDOUT:
ERROR: SOMETHING BROKE
rc=0
## END

#### syntax error in sourced script
echo 'if then fi' > bad.sh
bash bad.sh 2>/dev/null; echo "status=$?"
bash -n bad.sh 2>/dev/null || echo "syntax check failed"
echo 'echo fine' > good.sh
bash -n good.sh && echo "good syntax"
## STDOUT:
status=2
syntax check failed
good syntax
## END

#### divide by zero in awk
echo 5 | awk '{print $1/0}' 2>/dev/null; echo "status=$?"
## stdout: status=1

#### exit in subshell does not exit parent
( exit 7 )
echo "parent continues after $?"
v=$(exit 9) || echo "cmdsub failed with $?"
## STDOUT:
parent continues after 7
cmdsub failed with 9
## END

#### return status of negated pipeline and if
if ! grep -q zzz <<< "abc"; then echo "not found branch"; fi
! true; echo "negated=$?"
## STDOUT:
not found branch
negated=1
## END

#### sort check detects unsorted
printf '1\n3\n2\n' | sort -c 2>/dev/null; echo "unsorted=$?"
printf '1\n2\n3\n' | sort -c; echo "sorted=$?"
## STDOUT:
unsorted=1
sorted=0
## END

#### diff exit statuses
echo a > x; echo a > y; echo b > z
diff -q x y >/dev/null; echo "same=$?"
diff -q x z >/dev/null; echo "differ=$?"
diff x missing 2>/dev/null; echo "trouble=$?"
## STDOUT:
same=0
differ=1
trouble=2
## END

#### test file operators on missing paths
[ -e nope ]; echo "e=$?"
[ -s empty ] ; echo "s=$?"
touch empty; [ -s empty ]; echo "s2=$?"
[ -z "" ] && [ -n "x" ] && echo "string tests ok"
## STDOUT:
e=1
s=1
s2=1
string tests ok
## END

#### read from missing file redirection error
while read -r l; do echo "$l"; done < no_such_file 2>/dev/null
echo "status=$?"
{ read -r l < no_such_file; } 2>/dev/null || echo "read failed"
## STDOUT:
status=1
read failed
## END

#### xargs exit status when command fails
printf 'a\nb\n' | xargs -n1 false; echo "xargs=$?"
printf 'a\nb\n' | xargs -n1 echo >/dev/null; echo "ok=$?"
## STDOUT:
xargs=123
ok=0
## END

#### find with missing start path
find nonexistent_dir -name '*.txt' 2>/dev/null; echo "status=$?"
mkdir real
find real nonexistent_dir -type d 2>/dev/null; echo "status=$?"
## STDOUT:
status=1
real
status=1
## END

#### cp mv rm errors
cp nofile dest 2>/dev/null; echo "cp=$?"
mv nofile dest 2>/dev/null; echo "mv=$?"
rm nofile 2>/dev/null; echo "rm=$?"
rm -f nofile; echo "rm -f=$?"
mkdir d; rm d 2>/dev/null; echo "rm dir=$?"
## STDOUT:
cp=1
mv=1
rm=1
rm -f=0
rm dir=1
## END

#### head of empty input and wc of nothing
: | head -n 5; echo "head=$?"
printf '' | wc -l
: | sort | uniq -c | wc -l
## STDOUT:
head=0
0
0
## END

#### fallback chain with ||
value=$(cat config.json 2>/dev/null || echo '{"default":true}')
echo "$value" | jq -c .
port=$(grep -s '^port=' app.conf | cut -d= -f2)
echo "port=${port:-8080}"
## STDOUT:
{"default":true}
port=8080
## END

#### unset variable in arithmetic is zero
unset n
echo $(( n + 1 ))
(( n++ )); echo "n=$n status=$?"
(( m = 0 )); echo "zero result status=$?"
## STDOUT:
1
n=1 status=1
zero result status=1
## END

#### tr invalid range and cut without delimiter field
echo abc | cut -d, -f2
echo 'a,b' | cut -d, -f3 | wc -c
echo abc | cut -c2-
## STDOUT:
abc
1
bc
## END

#### exit status of case with no match and empty loop
case x in y) echo y;; esac; echo "case=$?"
for i in; do :; done; echo "loop=$?"
## STDOUT:
case=0
loop=0
## END

#### running a missing script reports under the shell name
bash missing_script.sh 2>&1; echo "status=$?"
echo 'echo from script' > present.sh
bash present.sh 2>&1; echo "status=$?"
## STDOUT:
bash: missing_script.sh: No such file or directory
status=127
from script
status=0
## END

#### BASH_COMMAND keeps the redirections, as bash prints them
trap 'echo "[$BASH_COMMAND]"' ERR
false 2>/dev/null
false >&2 2>&1
false <<< "a b"
false &>/dev/null
false >> out.txt < /dev/null
false 3>&-
false <<EOF
hi
EOF
x=1 false > /dev/null
true
## STDOUT:
[false 2> /dev/null]
[false 1>&2 2>&1]
[false <<< "a b"]
[false &> /dev/null]
[false >> out.txt < /dev/null]
[false 3>&-]
[false <<EOF
hi
EOF
]
[x=1 false > /dev/null]
## END

#### rm names files with control characters as GNU quotes them
rm -- $'a\n' $'\nb' $'a\n\tb' $'\x01' 2>&1; echo "status=$?"
## STDOUT:
rm: cannot remove 'a'$'\n': No such file or directory
rm: cannot remove ''$'\n''b': No such file or directory
rm: cannot remove 'a'$'\n\t''b': No such file or directory
rm: cannot remove ''$'\001': No such file or directory
status=1
## END
