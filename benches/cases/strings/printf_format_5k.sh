# iterations: 5000
# about: printf with several formats
for ((i = 0; i < 5000; i++)); do
  printf -v line '%5d|%-6s|%x|%o|%.2f' "$i" "n$i" "$i" "$i" "3.14159"
done
echo "$line"
printf '%s\n' "$line" | { read -r l; echo "${l//|/ }"; }
