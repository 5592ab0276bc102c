#### an arithmetic error in for (( )) ends the loop with status 1 and the line goes on
for ((i = '3'; i < 5; i++)); do echo "$i"; done; echo "s=$?"
for ((i = 0; i < 2; i + @)); do echo "body $i"; done; echo "s=$?"
## STDOUT:
s=1
body 0
s=1
## END

#### $"…" in arithmetic is a double-quoted string
echo $(( $"3" + 1 ))
for ((i = $"3"; i < $"5"; ++i)); do echo $i; done
## STDOUT:
4
3
4
## END

#### operand expected versus invalid arithmetic operator
for e in "1 + @" "1 @ 2" "(1 @ 2)" "1 ? @ : 2" "1 2 " ".5"; do
  ( echo $(( $e )) ) 2>&1 | sed 's/^[^:]*: line [0-9]*: //'
done
## STDOUT:
1 + @ : syntax error: operand expected (error token is "@ ")
1 @ 2 : syntax error: invalid arithmetic operator (error token is "@ 2 ")
(1 @ 2) : syntax error: invalid arithmetic operator (error token is "@ 2) ")
1 ? @ : 2 : syntax error: operand expected (error token is "@ : 2 ")
1 2  : syntax error in expression (error token is "2  ")
.5 : syntax error: operand expected (error token is ".5 ")
## END

#### unset of an element of a scalar or a declared variable
a=(x y z); key=2
unset -v 'a["key"]'; echo "s=$?"; declare -p a
declare undef
unset -v 'undef[1]' 2>/dev/null; echo "undef $?"
s=abc; unset 's[1]' 2>/dev/null; echo "s $?"; declare -p s
unset 's[0]'; echo "s $?"; declare -p s 2>/dev/null || echo gone
unset "nonexist[1]"; echo $?; declare -a arr; unset "arr[1]"; echo $?
## STDOUT:
s=0
declare -a a=([0]="x" [1]="y")
undef 1
s 1
declare -- s="abc"
s 0
gone
0
0
## END
