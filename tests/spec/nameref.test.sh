# Conformance: namerefs (declare -n): validation of the name referred to, array elements as
# targets, loops, and ${!ref} of a nameref. Expectations are what /bin/bash prints.

#### a nameref to an array element reads and writes that element
list=(a b c d)
declare -n third='list[2]'
echo "$third"
third=C
echo "${list[*]}"
i=0
declare -n by_expr='list[i+3]'
echo "$by_expr"
## STDOUT:
c
a b C d
d
## END

#### ${!ref} of a nameref is the name it refers to
target=value
declare -n ref=target
echo "$ref ${!ref}"
plain=target
echo "${!plain}"
## STDOUT:
value target
value
## END

#### a nameref must name a variable
declare -n bad='1x'; echo "status=$?"
n='#'; declare -n n; echo "status=$? n=$n"
declare -p n
declare -n self=self; echo "status=$?"
declare -p self 2>/dev/null || echo "self: not declared"
f() { local -n r='a b'; echo "local status=$?"; }; f
declare -n fine='arr[@]'; echo "status=$?"
## STDOUT:
status=1
status=1 n=#
declare -- n="#"
status=1
self: not declared
local status=1
status=0
## END

#### namerefs that loop read as empty and fail to assign
declare -n one=two
declare -n two=one
echo "[$one]"
one=x
echo "status=$?"
## STDOUT:
[]
status=1
## END

#### an element of an element is not a name
arr=(x y z)
declare -n first='arr[0]'
first[1]=bad
echo "status=$? ${arr[*]}"
## STDOUT:
status=1 x y z
## END

#### nameref to a plain variable
declare -n ref=target
target=1
ref=2
echo $target
## stdout: 2

#### re-declaring a nameref keeps it a nameref
v=a
declare -n r=v
declare -n r=v
declare -p r v
r=b
echo $v
## STDOUT:
declare -n r="v"
declare -- v="a"
b
## END
