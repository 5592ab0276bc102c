# iterations: 20000
# about: loops with break and continue
found=0
for ((i = 0; i < 20000; i++)); do
  ((i % 2)) && continue
  ((i % 3 == 0)) && continue
  ((found++))
  if ((found == 3000)); then break; fi
done
echo "$i $found"
