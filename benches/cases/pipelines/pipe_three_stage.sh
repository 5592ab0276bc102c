# iterations: 100
# about: three-stage pipelines
c=0
for ((i = 0; i < 100; i++)); do
  r=$(printf '%s\n' a b c | while read -r l; do echo "$l$i"; done | { read -r x; read -r y; echo "$x$y"; })
  [[ -n $r ]] && ((c++))
done
echo "$c $r"
