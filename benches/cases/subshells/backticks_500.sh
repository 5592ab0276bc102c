# iterations: 500
# about: legacy backticks
for ((i = 0; i < 500; i++)); do
  r=`printf '%s-%s' a $i`
done
echo "$r"
