# iterations: 10000
# about: until loop with the [ builtin
i=0
until [ "$i" -ge 10000 ]; do
  i=$((i + 1))
done
echo $i
