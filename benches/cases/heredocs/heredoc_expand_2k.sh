# iterations: 2000
# about: here-documents with expansion, read back
n=0
for ((i = 0; i < 2000; i++)); do
  while read -r a b; do n=$((n + b)); done <<END
x $i
y $((i * 2))
END
done
echo $n
