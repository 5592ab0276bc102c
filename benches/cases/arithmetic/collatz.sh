# iterations: 14167
# about: Collatz lengths for 1..300 with nested loops
max=0 arg=0
for ((n = 1; n <= 300; n++)); do
  c=0 m=$n
  while ((m != 1)); do
    if ((m % 2)); then ((m = 3 * m + 1)); else ((m /= 2)); fi
    ((c++))
  done
  if ((c > max)); then max=$c arg=$n; fi
done
echo "$arg $max"
