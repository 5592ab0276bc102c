# iterations: 150
# about: nested command substitutions
for ((i = 0; i < 150; i++)); do
  r=$(echo "a$(echo "b$(echo "c$i")")")
done
echo "$r"
