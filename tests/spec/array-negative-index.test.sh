#### negative index counts from the end, a scalar being element 0
a=(1 2 3); a[-1]=z; a[-3]=x
s=abc; s[-1]=q
(( t=1, b[-1]=7 ))
x=abc; (( x[-1]=5 ))
declare -p a s x
## STDOUT:
declare -a a=([0]="x" [1]="2" [2]="z")
declare -a s=([0]="q")
declare -a x=([0]="5")
## END

#### a negative index before the start abandons the command line
d=(1 2); d[-3]=1; echo "not reached $?"
echo "next $?"
declare -p d
## STDOUT:
next 1
declare -a d=([0]="1" [1]="2")
## END

#### in arithmetic it is reported and the expression keeps its value
c=(1 2); (( c[-3]=1 )); echo "s=$?"
echo $(( c[-5]=0 )) "s=$?"
declare -p c
## STDOUT:
s=0
0 s=0
declare -a c=([0]="1" [1]="2")
## END

#### in a compound assignment the element is skipped
i=-5; v=hey
a=(1); a+=([$i]="$v" [1+1]=z [-1]=last); echo "s=$?"
declare -p a
## STDOUT:
s=0
declare -a a=([0]="1" [2]="last")
## END

#### unset of a negative index
a=(1 2 3); unset 'a[-1]'; unset 'a[-9]'; echo "s=$?"
declare -p a
## STDOUT:
s=1
declare -a a=([0]="1" [1]="2")
## END
