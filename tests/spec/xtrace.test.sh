## compare_shells: bash

#### set -x marks each level of command substitution and quotes tabs as bash does
{
set -x
x=$(echo a)
echo $(echo $(echo deep)) $'t\tb'
: $'c\x01d'
set +x
} 2>&1
## STDOUT:
++ echo a
+ x=a
+++ echo deep
++ echo deep
+ echo deep 't	b'
deep t	b
+ : $'c\001d'
+ set +x
## END

#### set -x shows for and case with their words as written
x=5
{
set -x
for i in $x "a b"; do :; done
case $x in *) : ;; esac
set +x
} 2>&1
## STDOUT:
+ for i in $x "a b"
+ :
+ for i in $x "a b"
+ :
+ case $x in
+ :
+ set +x
## END

#### set -x traces each test [[ ]] evaluates, operands expanded
x=5 y="a b"
{
set -x
[[ $x == 5 ]]
[[ $y == a* && -n $y ]]
[[ ! -z $x || $x -gt 3 ]]
[[ $x == "5" ]]
[[ $y =~ "a". ]]
[[ "$y" ]]
set +x
} 2>&1
## STDOUT:
+ [[ 5 == 5 ]]
+ [[ a b == a* ]]
+ [[ -n a b ]]
+ [[ ! -z 5 ]]
+ [[ 5 == \5 ]]
+ [[ a b =~ a. ]]
+ [[ -n a b ]]
+ set +x
## END
