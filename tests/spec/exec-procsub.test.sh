## compare_shells: bash

#### exec redirect stdout to file
exec 3>&1
exec > out.txt
echo into-file
exec 1>&3 3>&-
cat out.txt
## stdout: into-file

#### exec fd to file and close
exec 3> f
echo x >&3
exec 3>&-
echo y >&3 2>/dev/null || echo closed
cat f
## STDOUT:
closed
x
## END

#### exec reading fd
printf 'l1\nl2\n' > f
exec 3< f
read -r a <&3
read -r b <&3
exec 3<&-
echo "$a $b"
## stdout: l1 l2

#### exec replaces shell in subshell
( exec echo replaced; echo not-here )
echo after
## STDOUT:
replaced
after
## END

#### exec command not found
( exec nosuchcmd_x ) 2>/dev/null
echo "status $?"
## stdout: status 127

#### exec with no command keeps running
exec 2>/dev/null
echo still
## stdout: still

#### fd duplication to stderr and back
exec 5>&1
echo to-5 >&5
exec 5>&-
## stdout: to-5

#### process substitution input
cat <(echo from-procsub)
## stdout: from-procsub

#### process substitution as file argument
diff_like() { while read -r l; do echo "got $l"; done < "$1"; }
diff_like <(printf 'a\nb\n')
## STDOUT:
got a
got b
## END

#### two process substitutions
paste_like() { exec 3< "$1" 4< "$2"; read -r x <&3; read -r y <&4; echo "$x $y"; }
paste_like <(echo left) <(echo right)
## stdout: left right

#### process substitution path looks like /dev/fd
echo <(true) | { read -r p; [[ $p == /dev/fd/* || $p == /proc/* ]] && echo fd-path; }
## stdout: fd-path

#### output process substitution
echo data > >(cat > out.txt)
wait $!
cat out.txt
## stdout: data

#### process substitution with while loop keeps variables
count=0
while read -r _; do (( count++ )); done < <(seq 1 4)
echo $count
## stdout: 4

#### process substitution sort
sort <(printf 'b\na\n')
## STDOUT:
a
b
## END

#### readarray from process substitution
mapfile -t arr < <(printf 'x\ny\n')
echo "${arr[*]}"
## stdout: x y

#### exec {var} and close
exec {myfd}>out.txt
echo hi >&$myfd
exec {myfd}>&-
cat out.txt
## stdout: hi

#### redirect stderr of group only
{ echo err >&2; echo out; } 2>/dev/null
## stdout: out

#### stdin from /dev/null
cat < /dev/null
echo "[done]"
## stdout: [done]

#### output process substitution finishes after the script
seq 3 > >(tac)
## STDOUT:
3
2
1
## END

#### sum a sequence read from process substitution
i=0
while read -r n; do i=$((i+n)); done < <(seq 1 100)
echo $i
## stdout: 5050

#### process substitutions take descriptors from 63 down, as bash's
echo <(:) <(:) <(:)
exec 62>/dev/null
echo <(:) <(:)
cmp <(echo ab) <(echo ac)
echo "status $?"
## STDOUT:
/dev/fd/63 /dev/fd/62 /dev/fd/61
/dev/fd/63 /dev/fd/61
/dev/fd/63 /dev/fd/61 differ: byte 2, line 1
status 1
## END

#### a process substitution's trace is one level deeper, as a command substitution's
exec 3>&2 2>trace.txt
set -x
read -r x < <(echo hi)
set +x
exec 2>&3
echo "$x"
grep -c '^++ echo hi$' trace.txt
grep -c '^+ read -r x$' trace.txt
## STDOUT:
hi
1
1
## END
