# iterations: 5000
# about: ${v/pat/rep}, ${v//pat/rep}, ${v^^}, ${v,,}
s="The quick brown fox jumps over the lazy dog"
for ((i = 0; i < 5000; i++)); do
  a=${s/quick/slow}
  b=${s// /_}
  c=${s^^}
  d=${c,,}
  e=${s^}
done
echo "$a|$b|$c|$d|$e"
