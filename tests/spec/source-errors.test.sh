#### a syntax error in a sourced file ends that file; the script goes on
printf 'echo before\necho >\necho after\n' > bad.sh
. ./bad.sh
echo "status=$?"
source ./bad.sh 2>/dev/null; echo "again=$?"
## STDOUT:
before
status=2
before
again=2
## END

#### errors inside a sourced file name that file
printf 'cd /nonexistent-dir\n' > e1.sh
printf 'echo ${x\n' > e2.sh
. ./e1.sh 2>&1; . ./e2.sh 2>&1
echo "s=$?"
## STDOUT:
./e1.sh: line 1: cd: /nonexistent-dir: No such file or directory
./e2.sh: line 1: unexpected EOF while looking for matching `}'
s=2
## END

#### input ending inside a quote names the line the quote opened on
printf "echo a\necho 'b\n\nc\n" > q1.sh
printf 'echo a\necho `ls\n\n' > q2.sh
printf 'x=(a\nb\n' > q3.sh
printf 'echo a\necho $(ls\n\n' > q4.sh
for f in q1 q2 q3 q4; do bash ./$f.sh 2>&1; done
## STDOUT:
a
./q1.sh: line 2: unexpected EOF while looking for matching `''
a
./q2.sh: line 2: unexpected EOF while looking for matching ``'
./q3.sh: line 1: unexpected EOF while looking for matching `)'
a
./q4.sh: line 4: unexpected EOF while looking for matching `)'
## END
## status: 2

#### unquoted & < > end the regex of =~ outside parentheses
[[ 'a&b' =~ (a&b) ]] && echo paren-amp
[[ 'a<b' =~ (a<b) ]] && echo paren-lt
[[ a =~ a&&b ]] && echo and
printf 'false\n[[ "a&b" =~ a&b ]]\necho next\n' > amp.sh
printf '[[ "<>" =~ <> ]]\necho next\n' > angle.sh
bash ./amp.sh 2>&1
bash ./angle.sh 2>&1
true
## STDOUT:
paren-amp
paren-lt
and
./amp.sh: line 2: syntax error in conditional expression: unexpected token `&'
./angle.sh: line 1: syntax error in conditional expression: unexpected token `<>'
## END

#### a syntax error inside [[ ]] prints only its message and ends the script
printf 'false\n[[ a b ]]\necho next\n' > c1.sh
printf 'false\n[[ ]]\necho next\n' > c2.sh
printf 'true\n[[ a ; ]]\necho next\n' > c3.sh
printf 'false\nif then\necho next\n' > c4.sh
for f in c1 c2 c3 c4; do bash ./$f.sh 2>&1; done
true
## STDOUT:
./c1.sh: line 2: conditional binary operator expected
./c3.sh: line 2: unexpected token `;', conditional binary operator expected
./c4.sh: line 2: syntax error near unexpected token `then'
./c4.sh: line 2: `if then'
## END
