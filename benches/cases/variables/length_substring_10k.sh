# iterations: 10000
# about: ${#v} and ${v:off:len}
s=abcdefghijklmnopqrstuvwxyz
acc=0
for ((i = 0; i < 10000; i++)); do
  t=${s:i%20:5}
  acc=$((acc + ${#t} + ${#s}))
done
echo "$acc $t"
