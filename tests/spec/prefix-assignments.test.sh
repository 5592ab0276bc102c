## compare_shells: bash

#### prefix assignment before unset removes only the temporary variable
f() {
  local v=local
  v=tmp unset v
  echo "v=$v"
  v=tmp eval 'unset v'
  echo "v=$v"
}
f
g=global
g=tmp unset g
echo "g=$g"
tmp= unset g
echo "g=${g-unset}"
## STDOUT:
v=local
v=local
g=global
g=unset
## END

#### eval with a prefix assignment: unset shows the variable below
x=42
x=tmp eval 'unset x; echo "x=${x-unset}"'
echo "x=$x"
## STDOUT:
x=42
x=42
## END

#### prefix assignments before special builtins do not persist outside posix mode
a=1 :
echo "a=${a-unset}"
b=1 eval 'b=2; echo "in eval b=$b"'
echo "b=${b-unset}"
c=1 export d=2
echo "c=${c-unset} d=$d"
set -o posix
e=1 :
echo "e=${e-unset}"
f=1 eval 'f=2'
echo "f=${f-unset}"
## STDOUT:
a=unset
in eval b=2
b=unset
c=unset d=2
e=1
f=2
## END

#### local through eval and source with prefix assignments stays in the function
f() {
  tmp1= local x=x
  tmp2= eval 'local y=y'
  echo 'local z=z' > defz.sh
  tmp3= . ./defz.sh
  echo "x=$x y=$y z=$z"
}
f
echo "outside: x=${x-unset} y=${y-unset} z=${z-unset}"
## STDOUT:
x=x y=y z=z
outside: x=unset y=unset z=unset
## END

#### prefix assignments are exported to commands run by eval, command and builtin
FOO=one eval 'sh -c "echo \$FOO"'
FOO=two command sh -c 'echo $FOO'
FOO=three builtin eval 'sh -c "echo \$FOO"'
pre1=pre1 readonly x=x
pre2=pre2 exec sh -c 'echo "pre1=$pre1 x=$x pre2=$pre2"'
## STDOUT:
one
two
three
pre1= x= pre2=pre2
## END

#### a prefix assignment to a readonly variable: reported, and the command still runs
readonly r=1
r=2 echo "ran with r=$r" 2>/dev/null
echo "status=$?"
f() { echo "f sees r=$r"; }
r=3 f 2>/dev/null
## STDOUT:
ran with r=1
status=0
f sees r=1
## END

#### prefix assignments make plain temporary variables
declare -u u=x; u=abc printenv u
declare -i n=1; n=5+1 printenv n; echo "n=$n"
f() { echo "in f: $n $u"; n=2+2; echo "after: $n"; declare -p n; }
n=5+1 u=low f
echo "n=$n u=$u"; declare -p n u
a=(1 2); a=z printenv a; echo "${a[@]}"
## STDOUT:
abc
5+1
n=1
in f: 5+1 low
after: 2+2
declare -x n="2+2"
n=1 u=X
declare -i n="1"
declare -u u="X"
z
1 2
## END

#### prefix appends use the variable they hide
x=a; x+=b printenv x
a=(1 2); a+=z printenv a
declare -i n=3; n+=4 printenv n
g() { declare -p x; }; x+=q g
echo "$x ${a[*]} $n"
## STDOUT:
ab
1z
7
declare -x x="aq"
a 1 2 3
## END
