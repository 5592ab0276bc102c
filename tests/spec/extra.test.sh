#### declare -F with names prints bare names
f() { :; }; g() { :; }
declare -F f g
declare -F
## STDOUT:
f
g
declare -f f
declare -f g
## END

#### array default with @ when the array is empty or unset
a=()
echo "[${a[@]-x}]"
unset b
echo "[${b[@]-y}]"
c=("")
echo "[${c[@]-z}]" "[${c[@]:-w}]"
## STDOUT:
[x]
[y]
[] [w]
## END

#### nounset does not fire for empty or unset arrays with @
set -u
a=()
echo "[${a[@]}]"
unset b
echo "[${b[@]}]" ok
## STDOUT:
[]
[] ok
## END

#### here-doc with quoted delimiter keeps everything literal
x=1
cat <<'EOF'
$x $(echo no) \$
EOF
## stdout: $x $(echo no) \$

#### here-doc expands and <<- strips tabs
x=3
cat <<-EOF
	val=$x $((x*2)) \$x
	EOF
## stdout: val=3 6 $x

#### getopts loop with silent errors and shift
set -- -a -b val -x -c rest1 rest2
while getopts ":ab:c" opt; do
  case $opt in
    a) echo A;;
    b) echo "B=$OPTARG";;
    c) echo C;;
    \?) echo "bad $OPTARG";;
  esac
done
shift $((OPTIND-1))
echo "rest: $*"
## STDOUT:
A
B=val
bad x
C
rest: rest1 rest2
## END

#### counting words with an associative array
declare -A count
for w in apple banana apple cherry banana apple; do ((count[$w]++)); done
for k in apple banana cherry; do echo "$k ${count[$k]}"; done
## STDOUT:
apple 3
banana 2
cherry 1
## END

#### splitting key=value pairs
str="key1=val1;key2=val2"
IFS=';' read -ra pairs <<< "$str"
for p in "${pairs[@]}"; do echo "${p%%=*} -> ${p#*=}"; done
## STDOUT:
key1 -> val1
key2 -> val2
## END

#### ERR trap then errexit
set -e
trap 'echo "failed: $?"' ERR
f() { false; }
f
echo unreachable
## status: 1

#### trim whitespace with nested parameter expansion
x="  padded  "
y="${x#"${x%%[! ]*}"}"
y="${y%"${y##*[! ]}"}"
echo "[$y]"
## stdout: [padded]

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

#### sum a sequence read from process substitution
i=0
while read -r n; do i=$((i+n)); done < <(seq 1 100)
echo $i
## stdout: 5050

#### NUL-delimited read loop
printf '%s\0' a 'b c' d | while IFS= read -r -d '' x; do echo "<$x>"; done
## STDOUT:
<a>
<b c>
<d>
## END

#### fd duplication and reading back
exec 5>fd5.txt
echo hello >&5
exec 5>&-
exec 6<fd5.txt
read -r line <&6
echo "got $line"
## stdout: got hello

#### stderr only through a pipe
f() { echo "stdout"; echo "stderr" >&2; }
f 2>&1 >/dev/null | tr a-z A-Z
## stdout: STDERR

#### readonly in a subshell fails without killing the parent
readonly RO=1
(RO=2) 2>/dev/null
echo "sub=$?"
echo $RO
## STDOUT:
sub=1
1
## END

#### arithmetic wraps at 64 bits
echo $(( 2 ** 63 )) $(( 9223372036854775807 + 1 )) $(( -2 ** 2 ))
## stdout: -9223372036854775808 -9223372036854775808 4

#### nameref to a plain variable
declare -n ref=target
target=1
ref=2
echo $target
## stdout: 2

#### printf reuses the format for extra arguments
printf '%s=%s\n' a 1 b 2 c
## STDOUT:
a=1
b=2
c=
## END

#### sort, uniq and head in a pipeline
printf '%s\n' b a c b a | sort | uniq -c | sort -rn | head -n 2
## STDOUT:
      2 b
      2 a
## END

#### tr squeeze and delete
echo "aabbccdd" | tr -s 'a-c'
echo "hello world" | tr -d 'lo'
## STDOUT:
abcdd
he wrd
## END

#### cut fields and characters
echo "a:b:c:d" | cut -d: -f2,4
echo "abcdef" | cut -c2-4
## STDOUT:
b:d
bcd
## END

#### wc counts lines words and bytes
printf 'one two\nthree\n' | wc
printf 'one two\nthree\n' | wc -l
## STDOUT:
      2       3      14
2
## END

#### seq with step and width
seq -w 8 2 12
seq 5 -2 1 | tr '\n' ' '
echo
## STDOUT:
08
10
12
5 3 1 
## END

#### head and tail with counts
seq 10 | head -n 3 | tail -n 1
seq 10 | tail -n +8 | head -n -1
## STDOUT:
3
8
9
## END

#### expr arithmetic and matching
expr 3 + 4 \* 2
expr length "hello"
expr "abc123" : '[a-z]*'
## STDOUT:
11
5
3
## END

#### mkdir -p, ls and rm -r
mkdir -p d/e/f
touch d/x d/e/y
ls d
ls -R d | head -n 4
rm -r d
ls d 2>/dev/null || echo gone
## STDOUT:
e
x
d:
e
x

gone
## END

#### cp and mv keep contents
echo data > a.txt
cp a.txt b.txt
mv b.txt c.txt
cat c.txt
ls *.txt
## STDOUT:
data
a.txt
c.txt
## END

#### basename and dirname
basename /usr/local/bin/tool.sh .sh
dirname /usr/local/bin/tool.sh
basename -a x/y z/w
## STDOUT:
tool
/usr/local/bin
y
w
## END

#### od shows bytes
printf 'AB\n' | od -An -tx1
printf 'a\tb' | od -An -c
## STDOUT:
 41 42 0a
   a  \t   b
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

#### jq extracts fields
echo '{"name":"ann","tags":["a","b"]}' | jq -r '.name, (.tags|length)'
## STDOUT:
ann
2
## END

#### jq builds objects compactly
echo '[{"a":1},{"a":2}]' | jq -c 'map(.a * 10)'
## stdout: [10,20]

#### unset with an expanded subscript
a=(x y z)
unset 'a[${#a[@]}-1]'
echo "${a[*]}"
## stdout: x y

#### re-declaring a nameref keeps it a nameref
v=a
declare -n r=v
declare -n r=v
declare -p r v
r=b
echo $v
## STDOUT:
declare -n r="v"
declare -- v="a"
b
## END

#### regex match in a loop
n=0
for s in a1 b2 c3 dd e5; do [[ $s =~ ^[a-z][0-9]$ ]] && ((n++)); done
echo $n
## stdout: 4


#### prefix assignments make plain temporary variables
declare -u u=x; u=abc printenv u
declare -i n=1; n=5+1 printenv n; echo "n=$n"
f() { echo "in f: $n $u"; n=2+2; echo "after: $n"; declare -p n; }
n=5+1 u=low f
echo "n=$n u=$u"; declare -p n u
a=(1 2); a=z printenv a; echo "${a[@]}"
## STDOUT:
abc
5+1
n=1
in f: 5+1 low
after: 2+2
declare -x n="2+2"
n=1 u=X
declare -i n="1"
declare -u u="X"
z
1 2
## END

#### prefix appends use the variable they hide
x=a; x+=b printenv x
a=(1 2); a+=z printenv a
declare -i n=3; n+=4 printenv n
g() { declare -p x; }; x+=q g
echo "$x ${a[*]} $n"
## STDOUT:
ab
1z
7
declare -x x="aq"
a 1 2 3
## END

