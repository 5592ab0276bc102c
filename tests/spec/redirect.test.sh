## compare_shells: bash

#### > creates and truncates
echo one > f
echo two > f
cat f
## stdout: two

#### >> appends
echo one > f
echo two >> f
cat f
## STDOUT:
one
two
## END

#### < reads file
printf 'in\n' > f
cat < f
## stdout: in

#### 2> redirects stderr
echo err >&2 2> e
ls nonexistent-file 2> e
[ -s e ] && echo has-error
## stdout: has-error

#### 2>&1 order matters
{ echo out; echo err >&2; } > f 2>&1
sort f
echo --
{ echo err >&2; } 2>&1 > /dev/null
## STDOUT:
err
out
--
err
## END

#### &> redirects both
{ echo out; echo err >&2; } &> f
sort f
## STDOUT:
err
out
## END

#### &>> appends both
echo first > f
{ echo err >&2; } &>> f
cat f
## STDOUT:
first
err
## END

#### >&2 then capture
x=$( { echo to-err >&2; } 2>&1 )
echo "[$x]"
## stdout: [to-err]

#### redirect to /dev/null
echo hidden > /dev/null
echo shown
## stdout: shown

#### redirection before command
> f echo text
cat f
## stdout: text

#### redirect of compound command
{ echo a; echo b; } > f
cat f
## STDOUT:
a
b
## END

#### redirect of loop output
for i in 1 2; do echo $i; done > f
cat f
## STDOUT:
1
2
## END

#### input redirect of while loop
printf '1\n2\n3\n' > f
while read -r n; do echo "n=$n"; done < f
## STDOUT:
n=1
n=2
n=3
## END

#### <> opens read-write
echo data > f
exec 3<> f
read -r line <&3
echo "$line"
exec 3>&-
## stdout: data

#### exec redirection persists
exec 3> f
echo via3 >&3
echo more >&3
exec 3>&-
cat f
## STDOUT:
via3
more
## END

#### duplicate and close fds
exec 4>&1
echo to4 >&4
exec 4>&-
echo closed-ok
## STDOUT:
to4
closed-ok
## END

#### writing to closed fd fails
( echo x >&5 ) 2>/dev/null
echo "status $?"
## stdout: status 1

#### redirect to nonexistent directory fails
echo x > nodir/f 2>/dev/null
echo "status $?"
## stdout: status 1

#### input from missing file fails
cat < missing 2>/dev/null
echo "status $?"
## stdout: status 1

#### failed redirection skips command
echo run > nodir/f 2>/dev/null && echo not-here
echo after
## stdout: after

#### {var}> allocates fd
exec {fd}> f
echo "fd ok" >&$fd
[ "$fd" -ge 10 ] && echo "fd >= 10"
exec {fd}>&-
cat f
## STDOUT:
fd >= 10
fd ok
## END

#### {var}< reading
echo line1 > f
exec {rfd}< f
read -r l <&$rfd
exec {rfd}<&-
echo "$l"
## stdout: line1

#### noclobber prevents overwrite
echo a > f
set -C
echo b > f 2>/dev/null
echo "status $?"
cat f
## STDOUT:
status 1
a
## END

#### >| overrides noclobber
echo a > f
set -o noclobber
echo b >| f
cat f
## stdout: b

#### redirect stdout of function
f() { echo inside; }
f > out
cat out
## stdout: inside

#### multiple output redirects last wins
echo x > a > b
cat a; echo --; cat b
## STDOUT:
--
x
## END

#### redirect with variable filename
name=my.txt
echo content > "$name"
cat my.txt
## stdout: content

#### redirect filename with spaces
echo sp > 'a file'
cat 'a file'
## stdout: sp

#### here-string to read multiple vars
read -r a b <<< "1 2"
echo "$b $a"
## stdout: 2 1

#### fd swap stdout and stderr
x=$( { echo out; echo err >&2; } 3>&1 1>&2 2>&3 ) 2>/dev/null
echo "[$x]"
## stdout: [err]

#### redirect of subshell
( echo sub1; echo sub2 ) > f
wc -l < f
## stdout: 2

#### tee duplicates output
echo tee-data | tee f > /dev/null
cat f
## stdout: tee-data

#### cat with dash reads stdin
echo piped | cat -
## stdout: piped

#### redirect in middle of arguments
echo a > f b
cat f
## stdout: a b

#### 0< explicit stdin
echo zero > f
cat 0< f
## stdout: zero

#### append with noclobber allowed
set -C
echo a > f2
echo b >> f2
cat f2
## STDOUT:
a
b
## END

#### ambiguous redirect
x='a b'
echo hi > $x 2>/dev/null
echo "status $?"
## stdout: status 1

#### redirect with glob expanding to one file
touch single.log
echo data > *.log
cat single.log
## stdout: data

#### /dev/stdout and /dev/stderr
echo out > /dev/stdout
echo err > /dev/stderr 2>/dev/null
echo done
## STDOUT:
out
done
## END

#### 1>&word and >&word send stdout and stderr to a file
echo one 1>&f1
echo two >&f2
{ echo three; echo four >&2; } 1>&f3
cat f1 f2 f3
## STDOUT:
one
two
three
four
## END

#### 2>&word is an ambiguous redirect
{ echo x 2>&f4; } 2>&1 | sed 's/^.*line [0-9]*: //'
## stdout: f4: ambiguous redirect

#### >& with a glob naming a descriptor
touch 7
exec 7>&1
echo via-seven >& 7*
## stdout: via-seven

#### redirect target is brace-expanded
echo hi > a-{one,two} 2>/dev/null
echo status=$?
{ echo hi > b-{1..2}; } 2>&1 | sed 's/^.*line [0-9]*: //'
echo hi > c-{one}
cat c-{one}
## STDOUT:
status=1
b-{1..2}: ambiguous redirect
hi
## END

#### {var} descriptors stay open after the command
: {a}>f1
first=$a
: {b}>f2
echo $(( b - first ))
echo hi >&$a
echo status=$?
cat f1
## STDOUT:
1
status=0
hi
## END

#### moving a descriptor for a builtin leaves the source closed
exec 7> f.txt
: 6>&7 7>&-
echo hello >&7
: 6>&7-
echo world >&7 2>/dev/null
echo status=$?
exec 7> g.txt
cat /dev/null 6>&7-
echo still-open >&7
cat f.txt g.txt
## STDOUT:
status=1
hello
still-open
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

#### input redirection from a directory opens; reading it fails as bash reports
# bash opens `< dir` (open(2) allows it) and each read fails with EISDIR: read reports a read
# error, cat names its standard input, mapfile takes it as the end (status 0), and a while-read
# loop ends at once.
mkdir -p d
read x < d; echo "read=$? [$x]"
mapfile -t lines < ./d; echo "mapfile=$? ${#lines[@]}"
readarray lines2 < d; echo "readarray=$?"
cat < d; echo "cat=$?"
n=0; while read -r l; do n=$((n+1)); done < d; echo "loop=$? n=$n"
exec 3< d; read -u 3 y; echo "read-u=$?"; exec 3<&-
read -n 2 z < d; echo "read-n=$?"
## STDOUT:
read=1 []
mapfile=0 0
readarray=0
cat=1
loop=0 n=0
read-u=1
read-n=1
## END

#### a descriptor number past the open-files limit is refused after the target is opened
cd /tmp
rm -f fd-past-limit
echo hi 666666666>fd-past-limit
echo "status=$?"
test -e fd-past-limit && echo created
echo ok 1023>fd-past-limit
echo "status=$?"
## STDOUT:
status=1
created
ok
status=0
## END
