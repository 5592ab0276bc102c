## compare_shells: bash

#### tee to /dev/stderr, /dev/stdout and /dev/fd/N
echo to-err | tee /dev/stderr 2>&1 >/dev/null
echo twice | tee /dev/stdout
exec 3>fd3.txt
echo three | tee /dev/fd/3 >/dev/null
exec 3>&-
cat fd3.txt
echo x | tee /dev/fd/9 2>/dev/null
echo status=$?
## STDOUT:
to-err
twice
twice
three
x
status=1
## END

#### tee into a process substitution and a file at once
seq 3 | tee >(wc -l > count.txt) copy.txt >/dev/null
sleep 0.2
cat count.txt copy.txt
## STDOUT:
3
1
2
3
## END

#### sort -o, uniq and cp write to /dev/stdout
printf 'b\na\n' > in.txt
sort -o /dev/stdout in.txt
printf 'x\nx\ny\n' | uniq - /dev/stdout
cp in.txt /dev/stdout
## STDOUT:
a
b
x
y
b
a
## END

#### cp reads /dev/stdin and a process substitution
echo piped | cp /dev/stdin a.txt
cp <(echo substituted) b.txt
cat a.txt b.txt
## STDOUT:
piped
substituted
## END

#### awk and sed write to /dev/fd/N
awk 'BEGIN { print "awk-fd1" > "/dev/fd/1" }'
exec 4>fd4.txt 5>fd5.txt
awk 'BEGIN { print "awk-fd4" > "/dev/fd/4" }'
echo line | sed -n 'w /dev/fd/5'
exec 4>&- 5>&-
cat fd4.txt fd5.txt
echo x | sed -n 'w /dev/fd/1'
awk 'BEGIN { print "x" > "/dev/fd/8" }' 2>/dev/null
echo awk=$?
echo x | sed 'w /dev/fd/8' 2>/dev/null
echo sed=$?
## STDOUT:
awk-fd1
awk-fd4
line
x
awk=2
sed=4
## END

#### tar and gzip read archives from process substitutions
echo data > f.txt
tar cf - f.txt > a.tar
tar tf <(cat a.tar)
gzip -c f.txt > f.gz
gzip -dc <(cat f.gz)
zcat <(gzip -c f.txt)
## STDOUT:
f.txt
data
data
## END
