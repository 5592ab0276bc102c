# iterations: 5
# about: five printf calls
for w in alpha beta gamma delta epsilon; do
  printf '%-8s|%3d\n' "$w" "${#w}"
done
