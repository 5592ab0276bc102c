# iterations: 10000
# about: associative lookups and membership tests
declare -A m=()
for ((i = 0; i < 500; i++)); do m[key$i]=$((i * i)); done
hits=0 s=0
for ((i = 0; i < 10000; i++)); do
  k=key$((i % 700))
  if [[ -v m[$k] ]]; then ((hits++)); s=$((s + m[$k])); fi
done
echo "$hits $s"
