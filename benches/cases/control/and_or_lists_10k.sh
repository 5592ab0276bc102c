# iterations: 10000
# about: && / || lists and test
t=0 f=0
for ((i = 0; i < 10000; i++)); do
  [ $((i % 4)) -eq 0 ] && ((t++)) || ((f++))
done
echo "$t $f"
