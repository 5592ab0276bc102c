# iterations: 10000
# about: for-in over a brace expansion
s=0
for i in {1..10000}; do
  s=$((s + i))
done
echo $s
