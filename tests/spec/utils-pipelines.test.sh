# Conformance: the GNU utilities inside scripts as a new user writes them (issues 11 and 12):
# sort | uniq -c | sort -rn, find -exec, find -print0 | xargs -0, date arithmetic,
# diff <(...) <(...), and grep/sed/awk mixed with sort/uniq/cut/tr/head/wc.
# Expectations are what /bin/bash with the GNU tools prints (LC_ALL=C.UTF-8).

#### word frequency: tr | sort | uniq -c | sort -rn | head
printf 'the cat and the dog\nthe end and more\n' > t.txt
tr -s ' ' '\n' < t.txt | sort | uniq -c | sort -rn | head -3
## STDOUT:
      3 the
      2 and
      1 more
## END

#### word frequency with ties broken by word
printf 'b a c\na b\nc\n' | tr ' ' '\n' | sort | uniq -c | sort -k1,1nr -k2
## STDOUT:
      2 a
      2 b
      2 c
## END

#### count distinct values of a CSV column
printf 'id,city\n1,Paris\n2,Oslo\n3,Paris\n4,Lima\n5,Oslo\n6,Paris\n' > c.csv
tail -n +2 c.csv | cut -d, -f2 | sort | uniq -c | sort -rn
## STDOUT:
      3 Paris
      2 Oslo
      1 Lima
## END

#### top IPs from an access log
cat > access.log <<'X'
10.0.0.1 - - [01/Jan/2024] "GET / HTTP/1.1" 200 512
10.0.0.2 - - [01/Jan/2024] "GET /a HTTP/1.1" 404 0
10.0.0.1 - - [01/Jan/2024] "POST /b HTTP/1.1" 200 128
10.0.0.3 - - [01/Jan/2024] "GET / HTTP/1.1" 200 512
10.0.0.1 - - [01/Jan/2024] "GET /c HTTP/1.1" 500 64
X
awk '{print $1}' access.log | sort | uniq -c | sort -rn | head -2
## STDOUT:
      3 10.0.0.1
      1 10.0.0.3
## END

#### status code histogram with awk and sort
printf '200\n404\n200\n500\n200\n404\n' | awk '{c[$1]++} END {for (k in c) print k, c[k]}' | sort
## STDOUT:
200 3
404 2
500 1
## END

#### sum of bytes per status with awk
printf 'a 200 10\nb 404 5\nc 200 7\nd 500 1\n' | awk '{s[$2]+=$3} END {for (k in s) printf "%s %d\n", k, s[k]}' | sort -k2,2nr
## STDOUT:
200 17
404 5
500 1
## END

#### grep -c vs grep | wc -l
printf 'error one\nok\nerror two\nwarning\n' > log
grep -c error log
grep error log | wc -l
grep -v error log | wc -l
## STDOUT:
2
2
2
## END

#### grep -o and sort -u to list matches
printf 'id=12 x id=7\nid=12 y\nnone\n' | grep -o 'id=[0-9]*' | sort -u
## STDOUT:
id=12
id=7
## END

#### grep -E alternation then cut
printf 'INFO a=1\nWARN b=2\nERROR c=3\nDEBUG d=4\n' | grep -E '^(WARN|ERROR)' | cut -d' ' -f2
## STDOUT:
b=2
c=3
## END

#### grep -n with context numbers through cut
printf 'a\nfoo\nb\nfoo bar\n' | grep -n foo | cut -d: -f1
## STDOUT:
2
4
## END

#### grep -l across files, sorted
printf 'x\nneedle\n' > a.txt; printf 'y\n' > b.txt; printf 'needle\n' > c.txt
grep -l needle a.txt b.txt c.txt | sort
grep -L needle a.txt b.txt c.txt
## STDOUT:
a.txt
c.txt
b.txt
## END

#### grep -q in an if
if printf 'alpha\nbeta\n' | grep -q '^be'; then echo found; else echo missing; fi
if printf 'alpha\n' | grep -q zzz; then echo found; else echo missing; fi
## STDOUT:
found
missing
## END

#### grep -w and -x
printf 'cat\ncatalog\nthe cat sat\n' | grep -w cat
printf 'cat\ncatalog\n' | grep -xc cat
## STDOUT:
cat
the cat sat
1
## END

#### grep -i then tr to lower
printf 'Hello World\nHELLO there\nbye\n' | grep -i hello | tr 'A-Z' 'a-z'
## STDOUT:
hello world
hello there
## END

#### sed substitution piped to sort
printf 'b=2\na=1\nc=3\n' | sed 's/=/ -> /' | sort
## STDOUT:
a -> 1
b -> 2
c -> 3
## END

#### sed -n range print
printf 'l1\nSTART\nl3\nl4\nEND\nl6\n' | sed -n '/START/,/END/p'
## STDOUT:
START
l3
l4
END
## END

#### sed delete blank lines and comments, count
printf '# c\nx=1\n\n# d\ny=2\n\n' | sed -e '/^#/d' -e '/^$/d' | wc -l
## STDOUT:
2
## END

#### sed capture groups swap columns
printf 'john smith\njane doe\n' | sed -E 's/([a-z]+) ([a-z]+)/\2, \1/'
## STDOUT:
smith, john
doe, jane
## END

#### sed in-place edit then cat
printf 'color=red\nsize=1\n' > conf
sed -i 's/red/blue/' conf
cat conf
## STDOUT:
color=blue
size=1
## END

#### sed with line numbers
printf 'a\nb\nc\nd\n' | sed -n '2,3p'
printf 'a\nb\nc\n' | sed '$d'
## STDOUT:
b
c
a
b
## END

#### awk field reorder with OFS
printf 'a b c\nd e f\n' | awk 'BEGIN{OFS=","} {print $3, $1}'
## STDOUT:
c,a
f,d
## END

#### awk -F: like /etc/passwd parsing
printf 'root:x:0:0:root:/root:/bin/bash\nbob:x:1000:1000::/home/bob:/bin/sh\n' | awk -F: '$3 >= 1000 {print $1, $7}'
## STDOUT:
bob /bin/sh
## END

#### awk NR and NF
printf 'a b\nc d e\n\nf\n' | awk '{print NR": "NF}'
## STDOUT:
1: 2
2: 3
3: 0
4: 1
## END

#### awk average of a column
printf '10\n20\n30\n40\n' | awk '{s+=$1} END {printf "%.2f\n", s/NR}'
## STDOUT:
25.00
## END

#### awk max and min
printf '5\n-3\n12\n7\n' | awk 'NR==1{mx=$1; mn=$1} {if ($1>mx) mx=$1; if ($1<mn) mn=$1} END{print mn, mx}'
## STDOUT:
-3 12
## END

#### awk length filter then sort by length
printf 'ccc\na\nbb\ndddd\n' | awk 'length($0) > 1' | awk '{print length($0), $0}' | sort -n | cut -d' ' -f2
## STDOUT:
bb
ccc
dddd
## END

#### awk printf table
printf 'apple 3 0.5\npear 10 0.25\n' | awk '{printf "%-6s|%4d|%6.2f\n", $1, $2, $2*$3}'
## STDOUT:
apple |   3|  1.50
pear  |  10|  2.50
## END

#### awk with getline from a command
awk 'BEGIN { "echo hi there" | getline line; print toupper(line) }'
## STDOUT:
HI THERE
## END

#### awk gsub and count
printf 'a-b-c\nd-e\n' | awk '{n=gsub(/-/, "+"); print n, $0}'
## STDOUT:
2 a+b+c
1 d+e
## END

#### sort -t -k numeric on second column
printf 'x,10\ny,9\nz,100\n' | sort -t, -k2,2n
## STDOUT:
y,9
x,10
z,100
## END

#### sort -k2,2 -k1,1r multi-key
printf 'b 1\na 1\nc 0\n' | sort -k2,2 -k1,1r
## STDOUT:
c 0
b 1
a 1
## END

#### sort -h human sizes from du-like output
printf '1.5K a\n2M b\n900 c\n1G d\n' | sort -h
## STDOUT:
900 c
1.5K a
2M b
1G d
## END

#### sort -V versions
printf 'v1.10\nv1.2\nv1.9\nv2.0\n' | sort -V
## STDOUT:
v1.2
v1.9
v1.10
v2.0
## END

#### sort -u vs uniq
printf 'b\na\nb\nc\na\n' | sort -u | tr '\n' ' '; echo
printf 'b\na\nb\nc\na\n' | sort | uniq -d
## STDOUT:
a b c 
a
b
## END

#### uniq -u and -c
printf 'a\na\nb\nc\nc\nc\n' | uniq -u
printf 'a\na\nb\nc\nc\nc\n' | uniq -c
## STDOUT:
b
      2 a
      1 b
      3 c
## END

#### uniq -i case-insensitive
printf 'A\na\nb\nB\nb\n' | uniq -ic
## STDOUT:
      2 A
      3 b
## END

#### sort -c on unsorted input
printf 'a\nc\nb\n' | sort -c; echo "status $?"
## STDOUT:
status 1
## END

#### sort -R with a random source groups duplicates
head -c 64 /dev/zero > rs
printf 'a\nb\na\nc\nb\na\n' | sort -R --random-source=rs | uniq -c | awk '{print $1}' | sort -n | tr '\n' ' '; echo
## STDOUT:
1 2 3 
## END

#### cut -c and -b on fixed width
printf '20240101ABC\n20231231XYZ\n' | cut -c1-4,9-
## STDOUT:
2024ABC
2023XYZ
## END

#### cut --complement and output delimiter
printf 'a:b:c:d\n' | cut -d: -f2,3 --complement
printf 'a:b:c:d\n' | cut -d: -f1,3 --output-delimiter=' | '
## STDOUT:
a:d
a | c
## END

#### cut -s skips lines without delimiter
printf 'a,b\nnodelim\nc,d\n' | cut -d, -f2 -s
## STDOUT:
b
d
## END

#### tr delete and squeeze
printf 'h e  l   l o\n' | tr -s ' '
printf 'phone: 555-123-4567\n' | tr -cd '0-9\n'
## STDOUT:
h e l l o
5551234567
## END

#### tr character classes to upper
echo 'Mixed Case 123' | tr '[:lower:]' '[:upper:]'
## STDOUT:
MIXED CASE 123
## END

#### tr to make CSV from tabs
printf 'a\tb\tc\n' | tr '\t' ','
## STDOUT:
a,b,c
## END

#### head and tail together to take a line range
seq 1 20 | head -n 12 | tail -n 3
seq 1 10 | tail -n +8
seq 1 10 | head -n -7
## STDOUT:
10
11
12
8
9
10
1
2
3
## END

#### wc variants
printf 'one two\nthree\n' > w.txt
wc -l < w.txt
wc -w < w.txt
wc -c < w.txt
wc -l w.txt
## STDOUT:
2
3
14
2 w.txt
## END

#### paste to join lines
seq 1 6 | paste -sd, -
seq 1 6 | paste - - -
## STDOUT:
1,2,3,4,5,6
1	2	3
4	5	6
## END

#### find -exec with sort
mkdir -p proj/src proj/doc
printf 'x\n' > proj/src/a.rs; printf 'yy\n' > proj/src/b.rs; printf 'z\n' > proj/doc/r.md
find proj -name '*.rs' -exec wc -c {} \; | sort -k2
## STDOUT:
2 proj/src/a.rs
3 proj/src/b.rs
## END

#### find -type f | wc -l and -type d
mkdir -p tree/a/b tree/c
touch tree/a/1 tree/a/b/2 tree/c/3 tree/4
find tree -type f | wc -l
find tree -type d | sort
## STDOUT:
4
tree
tree/a
tree/a/b
tree/c
## END

#### find -print0 | xargs -0 with spaces
mkdir -p sp
printf '1\n' > 'sp/with space.txt'; printf '2\n3\n' > sp/plain.txt
find sp -type f -print0 | sort -z | xargs -0 cat
## STDOUT:
2
3
1
## END

#### find -name | xargs grep -l
mkdir -p x
printf 'TODO fix\n' > x/a.c; printf 'done\n' > x/b.c; printf 'TODO later\n' > x/c.h
find x -name '*.c' | sort | xargs grep -l TODO
## STDOUT:
x/a.c
## END

#### find -exec + and grep -c
mkdir -p g
printf 'a\nb\na\n' > g/one; printf 'a\n' > g/two
find g -type f -exec grep -c a {} + | sort
## STDOUT:
g/one:2
g/two:1
## END

#### find -newer and -empty
mkdir -p n
touch -d '2020-01-01' n/old
touch n/new
: > n/empty
find n -newer n/old -type f | sort
find n -empty | sort
## STDOUT:
n/empty
n/new
n/empty
n/new
n/old
## END

#### xargs -n and -I
printf 'a b c d e\n' | xargs -n 2 echo
printf 'x\ny\n' | xargs -I{} echo 'item: {}'
## STDOUT:
a b
c d
e
item: x
item: y
## END

#### xargs -L and -r
printf 'a b\nc\n' | xargs -L 1 echo line:
printf '' | xargs -r echo never; echo done
## STDOUT:
line: a b
line: c
done
## END

#### xargs sh -c with placeholder
printf '1\n2\n3\n' | xargs -I N sh -c 'echo $((N * N))'
## STDOUT:
1
4
9
## END

#### date arithmetic: add days
TZ=UTC date -d '2024-01-30 +3 days' +%Y-%m-%d
TZ=UTC date -d '2024-03-01 -1 day' +%A
## STDOUT:
2024-02-02
Thursday
## END

#### date from epoch and back
TZ=UTC date -d @1700000000 '+%F %T'
TZ=UTC date -d '2023-11-14 22:13:20' +%s
## STDOUT:
2023-11-14 22:13:20
1700000000
## END

#### days between two dates
a=$(TZ=UTC date -d 2024-01-01 +%s); b=$(TZ=UTC date -d 2024-03-01 +%s)
echo $(( (b - a) / 86400 ))
## STDOUT:
60
## END

#### date formats
TZ=UTC date -d '2024-07-04 09:05:00' '+%Y/%m/%d %H:%M %j %u %b'
TZ=UTC date -u -d @0 -I
TZ=UTC date -u -d '2024-02-29 12:00' -Iseconds
## STDOUT:
2024/07/04 09:05 186 4 Jul
1970-01-01
2024-02-29T12:00:00+00:00
## END

#### date loop over a week
for i in 0 1 2; do TZ=UTC date -d "2024-12-30 +$i day" +%F; done
## STDOUT:
2024-12-30
2024-12-31
2025-01-01
## END

#### diff two process substitutions
diff <(printf 'a\nb\nc\n') <(printf 'a\nc\nd\n'); echo "rc=$?"
## STDOUT:
2d1
< b
3a3
> d
rc=1
## END

#### diff -u with sorted inputs
printf 'c\na\nb\n' > one; printf 'b\nc\nd\n' > two
diff -u --label one --label two <(sort one) <(sort two); echo "rc=$?"
## STDOUT:
--- one
+++ two
@@ -1,3 +1,3 @@
-a
 b
 c
+d
rc=1
## END

#### diff identical and -q
printf 'same\n' > s1; printf 'same\n' > s2; printf 'other\n' > s3
diff s1 s2; echo "rc=$?"
diff -q s1 s3; echo "rc=$?"
## STDOUT:
rc=0
Files s1 and s3 differ
rc=1
## END

#### comm on sorted lists
printf 'a\nb\nc\n' > l1; printf 'b\nc\nd\n' > l2
comm -12 l1 l2
comm -3 l1 l2
## STDOUT:
b
c
a
	d
## END

#### join two files on a key
printf '1 alice\n2 bob\n3 carol\n' > names; printf '1 90\n3 75\n' > scores
join names scores
join -a1 -e NA -o 1.2,2.2 names scores
## STDOUT:
1 alice 90
3 carol 75
alice 90
bob NA
carol 75
## END

#### seq piped through awk and paste
seq 5 | awk '{print $1 * $1}' | paste -sd+ -
seq 5 | awk '{s+=$1*$1} END{print s}'
## STDOUT:
1+4+9+16+25
55
## END

#### seq -w and -s
seq -w 8 11
seq -s, 1 5
## STDOUT:
08
09
10
11
1,2,3,4,5
## END

#### checksum pipeline
printf 'hello\n' | sha256sum | cut -d' ' -f1
printf 'hello\n' | md5sum
## STDOUT:
5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03
b1946ac92492d2347c6235b4d2611184  -
## END

#### base64 round trip
printf 'any data\x00\xff' | base64 | base64 -d | od -An -tx1
## STDOUT:
 61 6e 79 20 64 61 74 61 00 ff
## END

#### sort numbers then statistics with awk
printf '3\n1\n4\n1\n5\n9\n2\n6\n' | sort -n | awk '{a[NR]=$1} END {print "min", a[1], "max", a[NR], "median", (a[NR/2]+a[NR/2+1])/2}'
## STDOUT:
min 1 max 9 median 3.5
## END

#### nl and cat -n numbering
printf 'a\n\nb\n' | nl
printf 'a\n\nb\n' | cat -n
## STDOUT:
     1	a
       
     2	b
     1	a
     2	
     3	b
## END

#### column -t alignment
printf 'name age\nalice 30\nbob 4\n' | column -t
## STDOUT:
name   age
alice  30
bob    4
## END

#### rev and tac
printf 'abc\ndef\n' | rev
printf '1\n2\n3\n' | tac
## STDOUT:
cba
fed
3
2
1
## END

#### fold and fmt-like wrapping
echo 'the quick brown fox jumps over the lazy dog' | fold -w 12 -s
## STDOUT:
the quick 
brown fox 
jumps over 
the lazy dog
## END

#### split a file and count pieces
seq 1 25 > big
split -l 10 big part_
ls part_* | wc -l
cat part_ac
## STDOUT:
3
21
22
23
24
25
## END

#### tee to a file and count
seq 3 | tee copy.txt | wc -l
cat copy.txt
## STDOUT:
3
1
2
3
## END

#### pipeline status with pipefail
set -o pipefail
printf 'a\n' | grep zzz | sort; echo "rc=$?"
## STDOUT:
rc=1
## END

#### while read over sorted unique output
printf 'b\na\nb\n' | sort -u | while read -r w; do echo "word: $w"; done
## STDOUT:
word: a
word: b
## END

#### command substitution with wc and arithmetic
n=$(printf 'a\nb\nc\n' | wc -l)
echo $((n * 2))
## STDOUT:
6
## END

#### CRLF input cleaned with tr before sort
printf 'b\r\na\r\n' | tr -d '\r' | sort | od -c | head -1
## STDOUT:
0000000   a  \n   b  \n
## END

#### no trailing newline through sort, uniq and wc
printf 'b\na' | sort
printf 'x\nx' | uniq -c
printf 'a b' | wc -w
## STDOUT:
a
b
      2 x
2
## END

#### empty input through the pipeline
printf '' | sort | uniq -c | wc -l
printf '' | awk 'END{print NR}'
## STDOUT:
0
0
## END

#### awk CSV to JSON-ish lines
printf 'name,qty\npen,3\ncup,1\n' | awk -F, 'NR>1 {printf "{\"name\":\"%s\",\"qty\":%d}\n", $1, $2}'
## STDOUT:
{"name":"pen","qty":3}
{"name":"cup","qty":1}
## END

#### sed and awk for key=value config
printf 'a = 1\n# skip\nb=2\n' | sed -e 's/ *= */=/' -e '/^#/d' | awk -F= '{print $2 ":" $1}'
## STDOUT:
1:a
2:b
## END

#### expr and basename in a loop
for f in /x/y/report.txt /a/b.tar.gz; do b=$(basename "$f"); echo "$b $(expr length "$b")"; done
## STDOUT:
report.txt 10
b.tar.gz 8
## END

#### numbered top list with nl
printf 'x\ny\nx\nz\nx\ny\n' | sort | uniq -c | sort -rn | awk '{print $2}' | nl -w1 -s'. '
## STDOUT:
1. x
2. y
3. z
## END

#### printf with xargs
printf '3\n1\n2\n' | sort -n | xargs printf '<%s>'; echo
## STDOUT:
<1><2><3>
## END

#### CRLF lines through awk and cut keep the carriage return
printf 'a,1\r\nb,2\r\n' | cut -d, -f2 | od -c | head -2
printf 'a 1\r\n' | awk '{print length($2)}'
## STDOUT:
0000000   1  \r  \n   2  \r  \n
0000006
2
## END

#### non-UTF-8 bytes through sort, uniq, tr and wc
printf '\xff\n\xfe\n\xff\n' | sort | uniq -c | od -c | head -3
printf 'a\xffb\n' | tr -d '\377' | od -c | head -1
printf '\xe9t\xe9\n' | wc -c
## STDOUT:
0000000                           1     376  \n                        
0000020   2     377  \n
0000024
0000000   a   b  \n
4
## END

#### grep on non-UTF-8 input
printf 'caf\xe9\nplain\n' | grep -c caf
printf 'caf\xe9\nplain\n' | grep -a 'caf.' | od -c | head -1
## STDOUT:
1
0000000
## END

#### sort -k with -t and -b and -n reversed
printf 'a:  3\nb: 10\nc:2\n' | sort -t: -k2,2nr
printf 'x  b\ny a\n' | sort -k2b,2
## STDOUT:
b: 10
a:  3
c:2
y a
x  b
## END

#### sort -s keeps input order of equal keys
printf 'b 1\na 2\nb 0\na 1\n' | sort -s -k1,1
## STDOUT:
a 2
a 1
b 1
b 0
## END

#### uniq -f and -s combined with sort
printf '1 apple\n2 apple\n3 pear\n' | uniq -f1 -c
## STDOUT:
      2 1 apple
      1 3 pear
## END

#### long line through cut, wc -L and md5sum
head -c 200000 /dev/zero | tr '\0' 'x' > long; echo >> long
cut -c 199990- long
wc -L < long
tr -d '\n' < long | wc -c
## STDOUT:
xxxxxxxxxxx
200000
200000
## END

#### awk on a file without trailing newline
printf 'a 1\nb 2' > nt
awk '{s+=$2} END{print NR, s}' nt
sed 's/$/!/' nt
## stdout-json: "2 3\na 1!\nb 2!"

#### grep -r with --include and sort
mkdir -p r/s
printf 'key\n' > r/a.txt; printf 'key\n' > r/s/b.txt; printf 'key\n' > r/s/c.log
grep -r --include='*.txt' key r | sort
grep -rl key r --exclude='*.log' | sort
## STDOUT:
r/a.txt:key
r/s/b.txt:key
r/a.txt
r/s/b.txt
## END

#### sed -n with multiple -e and line count
seq 1 20 | sed -n -e '3p' -e '/^1[5-6]$/p' -e '$p'
## STDOUT:
3
15
16
20
## END

#### awk range patterns
seq 1 10 | awk 'NR==3, NR==5'
seq 1 10 | awk '/4/,/6/ {printf "%s ", $0} END {print ""}'
## STDOUT:
3
4
5
4 5 6 
## END

#### cut, sort, join pipeline over CSV
printf 'id,name\n2,bob\n1,ann\n' > people.csv
printf 'id,score\n1,90\n2,80\n' > scores.csv
join -t, <(tail -n +2 people.csv | sort) <(tail -n +2 scores.csv | sort)
## STDOUT:
1,ann,90
2,bob,80
## END

#### xargs -0 with find -name and wc -l
mkdir -p w
printf 'a\nb\n' > 'w/one file'; printf 'c\n' > w/two
find w -type f -print0 | xargs -0 wc -l | sort
## STDOUT:
1 w/two
2 w/one file
3 total
## END

#### date arithmetic across month and year ends
TZ=UTC date -d '2023-12-31 +1 day' +%F
TZ=UTC date -d '2024-01-31 +1 month' +%F
## STDOUT:
2024-01-01
2024-03-02
## END

#### date weekday names for a list of dates
for d in 2024-01-01 2024-02-29 2024-12-25; do TZ=UTC date -d $d '+%d %a'; done
## STDOUT:
01 Mon
29 Thu
25 Wed
## END

#### diff <(sort) <(sort) of two unordered lists
diff <(printf 'b\na\nc\n' | sort) <(printf 'c\nb\na\n' | sort) && echo same
## STDOUT:
same
## END

#### diff exit status 1 and output with -u and sed tweak
diff -u <(seq 1 4) <(seq 1 4 | sed 's/3/three/') | tail -n +3; echo "rc=${PIPESTATUS[0]}"
## STDOUT:
@@ -1,4 +1,4 @@
 1
 2
-3
+three
 4
rc=1
## END

#### tr ranges and rot13
echo 'Hello, World!' | tr 'A-Za-z' 'N-ZA-Mn-za-m'
## STDOUT:
Uryyb, Jbeyq!
## END

#### printf columns then sort numerically by column 2
printf '%s %d\n' a 3 b 1 c 2 | sort -k2n | awk '{printf "%s", $1} END {print ""}'
## STDOUT:
bca
## END

#### head -c and tail -c bytes
printf 'abcdefghij' | head -c 4; echo
printf 'abcdefghij' | tail -c 3; echo
## STDOUT:
abcd
hij
## END

#### stdin dash operand with cat and sort
printf 'b\n' > f1
printf 'a\n' | sort - f1
printf 'mid\n' | cat f1 - f1
## STDOUT:
a
b
b
mid
b
## END

#### date: a signed number right after a time is a zone offset (GNU quirk)
TZ=UTC date -d '2024-03-10 12:00 +3 hours' '+%F %H:%M'
TZ=UTC date -d '2024-03-10 12:00 +36 hours' '+%F %H'; echo "rc=$?"
## STDOUT:
2024-03-10 10:00
rc=1
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

#### jq extracts fields
echo '{"name":"ann","tags":["a","b"]}' | jq -r '.name, (.tags|length)'
## STDOUT:
ann
2
## END

#### jq builds objects compactly
echo '[{"a":1},{"a":2}]' | jq -c 'map(.a * 10)'
## stdout: [10,20]
