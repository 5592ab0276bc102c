# iterations: 5000
# about: here-strings feeding read
s=0
for ((i = 0; i < 5000; i++)); do
  read -r a b c <<< "$i x $((i + 1))"
  s=$((s + a + c))
done
echo $s
