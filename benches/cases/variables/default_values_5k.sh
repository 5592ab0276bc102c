# iterations: 5000
# about: ${v:-default}, ${v:=x}, ${v:+alt}
n=0
for ((i = 0; i < 5000; i++)); do
  unset u
  a=${u:-dflt}
  : "${u:=set$i}"
  b=${u:+alt}
  [[ $a == dflt && $b == alt ]] && n=$((n + 1))
done
echo "$n $u"
