# iterations: 1000
# about: 1,000 $(...) capturing a builtin
s=0
for ((i = 0; i < 1000; i++)); do
  v=$(echo "$i")
  s=$((s + v))
done
echo $s
