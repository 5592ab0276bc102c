## compare_shells: bash

#### read single variable
read -r x <<< 'hello world'
echo "[$x]"
## stdout: [hello world]

#### read multiple variables
read -r a b c <<< 'one two three four'
echo "[$a][$b][$c]"
## stdout: [one][two][three four]

#### read fewer words than vars
read -r a b c <<< 'one'
echo "[$a][$b][$c]"
## stdout: [one][][]

#### read strips leading and trailing whitespace
read -r x <<< '   padded   '
echo "[$x]"
## stdout: [padded]

#### read with empty IFS keeps whitespace
IFS= read -r x <<< '   padded   '
echo "[$x]"
## stdout: [   padded   ]

#### read without -r handles backslash
read x <<< 'a\tb\\c'
echo "[$x]"
read -r y <<< 'a\tb\\c'
echo "[$y]"
## STDOUT:
[atb\c]
[a\tb\\c]
## END

#### read backslash line continuation
read x <<EOF
first \
second
EOF
echo "[$x]"
## stdout: [first second]

#### read into REPLY
read <<< 'default var'
echo "[$REPLY]"
## stdout: [default var]

#### REPLY keeps whitespace
read <<< '  spaced  '
echo "[$REPLY]"
## stdout: [  spaced  ]

#### read -a array
read -ra arr <<< 'x y z'
echo "${#arr[@]} ${arr[2]}"
## stdout: 3 z

#### read -d delimiter
read -r -d ';' x <<< 'part1;part2'
echo "[$x]"
## stdout: [part1]

#### read -d '' reads to end
read -r -d '' x <<'EOF'
line1
line2
EOF
echo "status $?"
echo "$x"
## STDOUT:
status 1
line1
line2
## END

#### read -n count
read -r -n 3 x <<< 'abcdef'
echo "[$x]"
## stdout: [abc]

#### read -N exact count including newline
read -r -N 4 x <<< $'ab\ncd'
echo "$x" | od -An -c
## STDOUT:
   a   b  \n   c  \n
## END

#### read -n stops at newline
read -r -n 10 x <<< $'ab\ncd'
echo "[$x]"
## stdout: [ab]

#### read status at EOF
read -r x < /dev/null
echo "status $? [$x]"
## stdout: status 1 []

#### read partial last line returns 1 but sets var
printf 'no-newline' > f
read -r x < f
echo "status $? [$x]"
## stdout: status 1 [no-newline]

#### while read handles last line without newline
printf 'a\nb' > f
while read -r l || [ -n "$l" ]; do echo "<$l>"; done < f
## STDOUT:
<a>
<b>
## END

#### read with custom IFS
IFS=: read -r u p h <<< 'user:x:1000'
echo "$u $h"
## stdout: user 1000

#### IFS on read is temporary
IFS=: read -r a b <<< '1:2'
x='3 4'
set -- $x
echo $#
## stdout: 2

#### read -p prompt goes to stderr
read -r -p 'prompt> ' x <<< 'val' 2>/dev/null
echo "[$x]"
## stdout: [val]

#### read -s silent works with non-tty
read -r -s x <<< 'secret'
echo "[$x]"
## stdout: [secret]

#### read -t 0 returns status
read -t 0 < /dev/null
echo "done"
## stdout: done

#### read -u fd
exec 3<<< 'from fd3'
read -r -u 3 x
echo "[$x]"
exec 3<&-
## stdout: [from fd3]

#### read loop from file
printf 'l1\nl2\nl3\n' > f
n=0
while read -r line; do n=$((n+1)); done < f
echo $n
## stdout: 3

#### read with tab separators
read -r a b <<< $'x\ty'
echo "[$a][$b]"
## stdout: [x][y]

#### read with non-whitespace IFS keeps empty fields
IFS=, read -r a b c <<< 'x,,z'
echo "[$a][$b][$c]"
## stdout: [x][][z]

#### last variable gets remaining with separators
IFS=, read -r a b <<< 'x,y,z,'
echo "[$a][$b]"
## stdout: [x][y,z,]

#### read -a with IFS
IFS=, read -ra parts <<< 'a,b,,c'
echo "${#parts[@]}"
printf '[%s]\n' "${parts[@]}"
## STDOUT:
4
[a]
[b]
[]
[c]
## END

#### read from pipe into brace group
echo 'piped value' | { read -r v; echo "[$v]"; }
## stdout: [piped value]

#### read empty line
read -r x <<< ''
echo "status $? [$x]"
## stdout: status 0 []

#### read multiple lines with separate reads
{ read -r a; read -r b; } <<EOF
first
second
EOF
echo "$a,$b"
## stdout: first,second

#### read: a backslash-escaped IFS character does not split
IFS=:
read a b c <<'END'
x\:y:z\:w:rest:more
END
echo "[$a|$b|$c]"
IFS=' '
read -a arr <<'END'
p\ q r\  
END
declare -p arr
## STDOUT:
[x:y|z:w|rest:more]
declare -a arr=([0]="p q" [1]="r ")
## END

#### NUL-delimited read loop
printf '%s\0' a 'b c' d | while IFS= read -r -d '' x; do echo "<$x>"; done
## STDOUT:
<a>
<b c>
<d>
## END

#### while read without -r eats backslashes
printf 'C:\\dir\\file\n' > f
while read line; do echo "$line"; done < f
while read -r line; do echo "$line"; done < f
## STDOUT:
C:dirfile
C:\dir\file
## END

#### read without IFS= trims spaces
printf '  indented\n' > f
while read -r line; do echo "[$line]"; done < f
while IFS= read -r line; do echo "[$line]"; done < f
## STDOUT:
[indented]
[  indented]
## END
