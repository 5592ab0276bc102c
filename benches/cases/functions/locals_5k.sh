# iterations: 5000
# about: local variables shadowing globals
x=global
f() {
  local x=local$1 y
  y=${x}_y
  g "$y"
}
g() { local z=$1; out=$z:$x; }
for ((i = 0; i < 5000; i++)); do f "$i"; done
echo "$out $x"
