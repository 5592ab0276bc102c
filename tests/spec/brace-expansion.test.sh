## compare_shells: bash

#### comma list
echo a{b,c,d}e
## stdout: abe ace ade

#### numeric range
echo {1..5}
## stdout: 1 2 3 4 5

#### reverse range
echo {5..1}
## stdout: 5 4 3 2 1

#### range with step
echo {0..10..3}
## stdout: 0 3 6 9

#### letter range
echo {a..e}
## stdout: a b c d e

#### zero padded range
echo {01..10}
## stdout: 01 02 03 04 05 06 07 08 09 10

#### negative range
echo {-2..2}
## stdout: -2 -1 0 1 2

#### nested braces
echo {a,b{1,2}}
## stdout: a b1 b2

#### multiple braces cartesian product
echo {a,b}{1,2}
## stdout: a1 a2 b1 b2

#### single element is literal
echo {a}
## stdout: {a}

#### empty element
echo x{,y}
## stdout: x xy

#### quoted comma is literal
echo {a,'b,c'}
## stdout: a b,c

#### braces in quotes not expanded
echo "{a,b}"
## stdout: {a,b}

#### variable is not expanded before braces
n=3
echo {1..$n}
## stdout: {1..3}

#### brace expansion then variable expansion
x=V
echo {$x,y}
## stdout: V y

#### invalid range is literal
echo {1..b}
## stdout: {1..b}

#### brace expansion in assignment is not performed
x={a,b}
echo "$x"
## stdout: {a,b}

#### brace expansion creates multiple files
mkdir -p d/{x,y}
ls d
## STDOUT:
x
y
## END

#### escaped brace
echo \{a,b\}
## stdout: {a,b}

#### range step negative
echo {10..1..-3}
## stdout: 10 7 4 1

#### backwards letters
echo {e..a}
## stdout: e d c b a

#### prefix and suffix preserved
echo pre{A,B}post
## stdout: preApost preBpost

#### brace with empty list elements
echo {,}a
## stdout: a a

#### dollar brace is not brace expansion
x=1
echo ${x}{a,b}
## stdout: 1a 1b

#### brace expansion in for loop
for i in {1..3}; do echo "i=$i"; done
## STDOUT:
i=1
i=2
i=3
## END

#### set +B disables brace expansion
set +B
echo {a,b}
## stdout: {a,b}

#### tilde expansion after brace expansion
HOME=/home/bob
echo {foo~,~}/bar
echo ~{/src,root}
for x in {foo~,~}/bar; do echo -- $x; done
echo {"~",~}x ~{,}
## STDOUT:
foo~/bar /home/bob/bar
/home/bob/src /root
-- foo~/bar
-- /home/bob/bar
~x ~x /home/bob /home/bob
## END

#### brace expansion runs before a bare $name is read
a=A ab=X ac=Y a_c=Q
echo $a{b,c}
echo {$a,b}_{c,d}
echo {${a},b}_{c,d}
echo x{$a,b}-
## STDOUT:
X Y
Q b_c b_d
A_c A_d b_c b_d
xA- xb-
## END

#### [k]=v elements: no tilde for associative arrays, brace expansion for indexed ones
HOME=/h
declare -A a=([k]=~ [j]=x:~)
echo "${a[k]} ${a[j]}"
b=([1]=~ [2]=x:~)
echo "${b[1]} ${b[2]}"
c=([1]={x,y} [5]=z)
declare -p c
d=([3]=x{a,b}y [4]=~)
declare -p d
declare -A e=([k]={x,y})
declare -p e
## STDOUT:
~ x:~
/h x:/h
declare -a c=([0]="[1]=x" [1]="[1]=y" [5]="z")
declare -a d=([0]="[3]=xay" [1]="[3]=xby" [4]="/h")
declare -A e=([k]="{x,y}" )
## END
