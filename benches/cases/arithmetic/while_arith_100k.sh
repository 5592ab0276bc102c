# iterations: 100000
# target: cold <= 0.7
# about: 100,000-iteration while loop with arithmetic
i=0 sum=0
while ((i < 100000)); do
  sum=$((sum + i * 2 % 7))
  i=$((i + 1))
done
echo "$sum"
