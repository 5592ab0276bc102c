# iterations: 10000
# about: let and $(( )) with operators and precedence
r=0
for ((i = 1; i <= 10000; i++)); do
  let "r = (r + i * 3 - (i << 1) + (i ** 2 % 11)) % 100003"
  x=$(( i > 5000 ? i / 3 : -i % 7 ))
done
echo "$r $x"
