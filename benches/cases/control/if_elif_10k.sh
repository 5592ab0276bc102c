# iterations: 10000
# about: if/elif/else chains with [[ ]]
a=0 b=0 c=0
for ((i = 0; i < 10000; i++)); do
  if [[ $((i % 3)) == 0 ]]; then
    ((a++))
  elif [[ $((i % 3)) == 1 ]]; then
    ((b++))
  else
    ((c++))
  fi
done
echo "$a $b $c"
