# iterations: 2000
# about: fd duplication and /dev/null
for ((i = 0; i < 2000; i++)); do
  echo "err $i" >&2 2>/dev/null
  echo "out $i" 2>&1 >/dev/null
  { echo "grp"; } >/dev/null 2>&1
done
echo done
