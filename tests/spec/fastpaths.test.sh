## compare_shells: bash
# Cases that pin the interpreter's fast paths (plain-integer reads, in-place arithmetic
# assignment, literal arithmetic, one-at-a-time assignments) to bash's behaviour.

#### assignments in one command are made left to right
a=1 b=$a; echo "[$b]"
x=5; x=7 y=$x; echo "$y"
i=1 i=$((i+1)) j=$i; echo "$i $j"
## STDOUT:
[1]
7
2 2
## END

#### assignments left to right are traced one by one
set -x
p=1 q=$p
set +x
echo "$q"
## stdout: 1

#### arithmetic reads of plain and non-plain integer text
a=12 b=-3 c=010 d=0x1f e=' 7 ' f=+4 g=-0 h= k=b
echo $((a + b)) $((c)) $((d)) $((e)) $((f)) $((g)) $((h)) $((k * 2))
## stdout: 9 8 31 7 4 0 0 -6

#### arithmetic reads of values that are expressions
x='1+2' y='x*3'
echo $((y)) $((x * 2))
## stdout: 9 6

#### arithmetic on the biggest integers wraps as in bash
big=9223372036854775807 neg=-9223372036854775808
echo $((big + 1)) $((neg - 1)) $((big))
n=123456789012345678901
echo $((n))
## STDOUT:
-9223372036854775808 9223372036854775807 9223372036854775807
-5670419503621182411
## END

#### arithmetic assignment keeps attributes
declare -u up=abc
(( up = 5 )); echo "$up"
declare -l low=X
(( low += 2 )); echo "$low"
declare -i n=3
(( n *= 4 )); echo "$n"
## STDOUT:
5
2
12
## END

#### arithmetic assignment to a readonly variable fails
readonly r=1
(( r = 2 )) 2>/dev/null
echo "status $? r=$r"
## stdout: status 1 r=1

#### arithmetic through a nameref writes the target
v=1
declare -n ref=v
(( ref += 41 ))
echo "$v $ref"
## stdout: 42 42

#### arithmetic assignment to an array name sets element 0
arr=(5 6 7)
(( arr = 9 ))
echo "${arr[@]}"
(( arr[2] += 1 ))
echo "${arr[@]}"
## STDOUT:
9 6 7
9 6 8
## END

#### arithmetic assignment exports under allexport
set -a
(( ax = 3 ))
declare -p ax
## stdout: declare -x ax="3"

#### counting loop leaves the variable a plain string
i=0
while ((i < 5)); do i=$((i + 1)); done
s=$i; s+=x
echo "$i $s ${#i}"
## stdout: 5 5x 1

#### for arithmetic loop with blank and expanded parts
n=3
for ((i = 0; ; i++)); do ((i >= n)) && break; echo "i=$i"; done
lim=2
for ((j = 0; j < $lim; j++)); do echo "j=$j"; done
for ((;;)); do break; done; echo done
## STDOUT:
i=0
i=1
i=2
j=0
j=1
done
## END

#### dynamic variables in arithmetic
f() { echo $((LINENO > 0)) $((BASH_SUBSHELL)); }
f
(( SECONDS >= 0 )) && echo seconds
## STDOUT:
1 0
seconds
## END

#### negative zero and leading zeros in variables
z=-0 o=08
echo $((z + 1))
echo $((o)) 2>/dev/null || echo "octal error"
## stdout: 1
## status: 1

#### prefix assignments see the ones before them
a=1 b=$a printenv b
f() { echo "[$a][$b]"; }
a=2 b=$a f
echo "after: [$a][$b]"
x=5; x=7 echo $x
i=0; i=$((i+1)) j=$((i+10)) printenv j; echo $i
## STDOUT:
1
[2][2]
after: [][]
5
11
0
## END

#### xtrace shows prefix and plain assignments one per line, quoted
exec 2>&1
set -x
a="x y" g=$a true
d= e+=' z'
f="it's"
set +x
## STDOUT:
+ a='x y'
+ g='x y'
+ true
+ d=
+ e+=' z'
+ f='it'\''s'
+ set +x
## END

#### prefix and suffix removal with star-text and text-star patterns
p=/usr/local/share/doc/README.md
echo "${p##*/}|${p#*/}|${p%/*}|${p%%/*}|${p##*.}|${p%.*}"
s=aaa
echo "${s#*aa}|${s##*aa}|${s%aa*}|${s%%aa*}|${s#aa*}|${s##aa*}|${s%*aa}|${s%%*aa}"
n=none
echo "${n#*/}|${n%/*}|${n##x*}|${n%%*x}"
u='héllo wörld é.txt'
echo "${u##*é}|${u%é*}|${u#*ö}|${u%%ö*}|${u%.*}"
e=
echo "[${e#*/}][${e%/*}]"
## STDOUT:
README.md|usr/local/share/doc/README.md|/usr/local/share/doc||md|/usr/local/share/doc/README
a||a||a||a|
none|none|none|none
.txt|héllo wörld |rld é.txt|héllo w|héllo wörld é
[][]
## END

#### star-text patterns in replacement and with quoting
p='a*b*c'
echo "${p#*'*'}|${p%'*'*}|${p##*\*}"
shopt -s nocasematch
x=HELLO.TXT
echo "${x%.*}|${x##*.}"
## STDOUT:
b*c|a*b|c
HELLO|TXT
## END

