## compare_shells: bash

#### posix mode: unset with a prefix assignment still keeps the local
set -o posix
f() {
  local l=1
  l=X unset l
  echo "l=$l"
  l=X eval 'unset l'
  echo "l=$l"
}
f
## STDOUT:
l=1
l=1
## END

#### declare, local and typeset are not special: prefix assignments vanish in posix mode
set -o posix
p=1 declare q=2
echo "p=${p-unset} q=$q"
p=1 times > /dev/null
echo "p=${p-unset}"
## STDOUT:
p=unset q=2
p=1
## END

#### posix mode: a special builtin is found before a function of the same name
eval() { echo "function eval: $1"; }
eval 'echo before posix'
set -o posix
eval 'echo after posix'
type -t eval
## STDOUT:
function eval: echo before posix
after posix
function
## END

#### posix mode: defining a function named like a special builtin is fatal
set -o posix
echo hi
eval() { echo 'sh func'; } 2>&1
echo not reached
## status: 2
## STDOUT:
hi
## END

#### posix mode: the error names the special builtin
set -o posix
( source() { :; } ) 2>&1 | sed 's/^[^:]*: //'
( source() { :; } ) 2>/dev/null
echo "status=$?"
## STDOUT:
line 2: `source': is a special builtin
status=2
## END
