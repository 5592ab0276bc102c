# iterations: 2000
# about: quoted here-documents (no expansion)
c=0
for ((i = 0; i < 2000; i++)); do
  read -r l <<'END'
literal $i and $(cmd) stay as written
END
  c=$((c + ${#l}))
done
echo "$c $l"
