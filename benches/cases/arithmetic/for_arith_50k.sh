# iterations: 50000
# about: C-style for loop with compound assignment
s=0
for ((i = 0; i < 50000; i++)); do
  ((s += i & 255))
done
echo $s
