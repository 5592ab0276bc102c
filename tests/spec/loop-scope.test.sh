# Conformance: break and continue outside their loops (functions, subshells, command
# substitutions), bad arguments to them, and the options of eval and source.

#### a function body is outside its caller's loop
f() { break; echo "in f $?"; }
for i in 1 2; do f; echo "x$i"; done
## STDOUT:
in f 0
x1
in f 0
x2
## END

#### ( continue ) has no loop; $(break) and a pipeline stage end only themselves
for i in 1 2; do ( continue; echo "sub $i" ); v=$(echo a; break; echo cs); echo "$v"; done
for i in 1 2 3; do echo "p$i"; true | break; done
## STDOUT:
sub 1
a
sub 2
a
p1
p2
p3
## END

#### too many arguments to continue abandons the loop with status 1
for i in a b c; do echo $i; continue 1 2; echo no; done
echo "after $?"
## STDOUT:
a
after 1
## END

#### a non-numeric count ends the shell with 128
for i in a b; do echo $i; break x; done
echo not-reached
## STDOUT:
a
## END
## status: 128

#### eval and source take -- and refuse options
eval -- echo hi
eval -z; echo "eval $?"
echo 'echo "sourced $#: $*"' > s.sh
source -- ./s.sh one two
source -q ./s.sh; echo "source $?"
## STDOUT:
hi
eval 2
sourced 2: one two
source 2
## END

#### source looks in PATH before the current directory (sourcepath)
mkdir -p dir; echo 'echo from-path' > dir/lib.sh; echo 'echo from-cwd' > lib.sh
PATH="$PWD/dir:$PATH"
. lib.sh
shopt -u sourcepath
. lib.sh
## STDOUT:
from-path
from-cwd
## END
