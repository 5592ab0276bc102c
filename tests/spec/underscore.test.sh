# Conformance: $_ after assignment-only commands and declarations (bash 5.2).

#### $_ after assignments and declare
: foo
echo "colon [$_]"
s=bar
echo "bare assign [$_]"
declare s=bar
echo "declare [$_]"
a=(1 2)
echo "array [$_]"
declare a=(1 2)
echo "declare array [$_]"
declare -g d=(1 2)
echo "declare flag [$_]"
x=1 y=2
echo "two [$_]"
local_fn() { local q=(3 4); echo "local [$_]"; }
local_fn
## STDOUT:
colon [foo]
bare assign []
declare [s=bar]
array []
declare array [a]
declare flag [d]
two []
local [q]
## END
