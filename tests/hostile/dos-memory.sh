#### string doubling
x=x; while :; do x=$x$x; done
## expect: stop
## stderr: limit exceeded

#### array growth
a=(); i=0; while :; do a[i++]=$i$i$i$i$i$i$i$i; done
## expect: stop

#### assoc growth
declare -A m; i=0; while :; do m[k$i]=$i$i$i$i; ((i++)); done
## expect: stop

#### capture of yes
x=$(yes)
## expect: stop
## stderr: limit exceeded

#### capture of dev zero
x=$(cat /dev/zero)
## expect: stop

#### brace expansion of 10^8 words
echo {1..10}{1..10}{1..10}{1..10}{1..10}{1..10}{1..10}{1..10} | wc -c
## expect: stop
## stderr: limit exceeded

#### brace sequence of a billion
echo {0..1000000000} | wc -c
## expect: stop
## stderr: limit exceeded

#### nested brace alternatives
echo {a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b} | wc -c
## expect: stop
## stderr: limit exceeded

#### printf huge width
printf -v x '%*s' 2000000000 ''; echo $? ${#x}
## expect: any
## stderr: too large

#### printf huge precision
printf '%.2000000000f\n' 1
## expect: stop
## stderr: too large

#### sort buffering an endless pipe
cat /dev/zero | sort
## expect: stop

#### tac of an endless pipe
yes | tac
## expect: stop

#### jq collecting a range
jq -n '[range(1e9)]' | wc -c
## expect: stop

#### jq string doubling
jq -n 'def f: . + .; "x" | last(recurse(f))' | wc -c
## expect: stop

#### files filling the vfs
i=0; while :; do head -c 1000000 /dev/zero > /tmp/f$i; ((i++)); done
## expect: stop

#### one file growing
while :; do cat /tmp/g /tmp/g > /tmp/h 2>/dev/null || echo x > /tmp/h; mv /tmp/h /tmp/g; done
## expect: stop

#### many small files
i=0; while :; do : > /tmp/s$i; ((i++)); done
## expect: stop
## flags: --max-files=5000

#### here-doc of a huge variable
x=$(head -c 100000000 /dev/zero | tr '\0' a); cat <<EOF | wc -c
$x
EOF
## expect: stop

#### read -N huge
read -N 2000000000 x < /dev/zero; echo ${#x}
## expect: stop
## stderr: limit exceeded

#### variable over its limit
x=$(head -c 20000000 /dev/zero | tr '\0' a)
## expect: stop
## stderr: limit exceeded
## flags: --max-variable-bytes=10M

#### array entries limit
a=(); for ((i=0;;i++)); do a+=($i); done
## expect: stop
## stderr: limit exceeded
## flags: --max-array-entries=10000

#### tr repeat of a huge set
head -c 300000000 /dev/zero | tr '\0' 'x' | sort | wc -c
## expect: stop

#### uniq of one enormous line
head -c 500000000 /dev/zero | uniq | wc -c
## expect: stop

#### cut of one enormous line
head -c 500000000 /dev/zero | cut -c1 | wc -c
## expect: stop

#### wc of a big stream is fine
head -c 50000000 /dev/zero | wc -c
## expect: any

#### expansion of many fields
x=$(seq 1 2000000); set -- $x; echo $#
## expect: any

#### pipe buffer is bounded
yes | sleep 1; echo done
## expect: any

#### env of a huge value
export X=$(head -c 100000000 /dev/zero | tr '\0' a); env | wc -c
## expect: stop

#### many copies of a big value, each under the variable limit
printf -v x '%20000000s' ''; i=0; while :; do eval "v$((i++))=\$x"; done
## expect: stop
## stderr: --max-memory

#### many array elements of 64 KiB
x=$(printf '%65536s' ''); i=0; while :; do a[i++]=$x; done
## expect: stop
## stderr: --max-memory

#### assoc values under the variable limit, many keys
x=$(printf '%100000s' ''); declare -A m; i=0; while :; do m[$((i++))]=$x; done
## expect: stop
## stderr: --max-memory

#### appending in place past the budget with a raised variable limit
s=$(printf '%1000000s' ''); while :; do s+=$s; done
## expect: stop
## stderr: --max-memory
## flags: --max-variable-bytes=8G --timeout=6

#### an endless pipe through gzip into a file
yes | gzip | gunzip > /tmp/endless
## expect: stop

#### a gzip bomb unpacked into the filesystem
head -c 200000000 /dev/zero | gzip -1 > /tmp/bomb.gz; gunzip -c /tmp/bomb.gz > /tmp/out
## expect: stop

#### case conversion of a doubling string
x=$(printf 'ß%.0s' {1..100000}); for i in {1..30}; do x="${x^^}${x,,}"; done
## expect: stop

#### pattern substitution of a doubling string
x=$(printf 'a%.0s' {1..100000}); for i in {1..30}; do x="${x//a/aa}"; done
## expect: stop

#### awk doubling a string
awk 'BEGIN { s = "x"; while (1) s = s s }'
## expect: stop
## stderr: limit exceeded

#### sed doubling the pattern space
echo x | sed ':a; s/x*/&&/; ba'
## expect: stop

#### sqlite3 recursive CTE growing a string
sqlite3 :memory: "with recursive c(x) as (select 'x' union all select x||x from c) select length(x) from c"
## expect: stop

#### sqlite3 giant blob
sqlite3 :memory: 'select length(zeroblob(2000000000))'
## expect: stop

#### sqlite3 table filled by a recursive insert
sqlite3 /tmp/big.db 'create table t(a); with recursive c(x) as (select 1 union all select x+1 from c) insert into t select randomblob(1000) from c'
## expect: stop

#### html-to-markdown of a huge document
yes '<p>para <b>bold</b> <a href="x">link</a></p>' | head -c 400000000 | html-to-markdown
## expect: stop

#### diff side by side at a width of billions (GNU's -W has no bound: the budget is the bound)
printf 'a\nb\n' > /tmp/x; printf 'a\nc\n' > /tmp/y; diff -y -W 99999999999 /tmp/x /tmp/y | wc -c
## expect: stop
## stderr: --max-memory
