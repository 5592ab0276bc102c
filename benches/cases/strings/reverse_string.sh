# iterations: 1800
# about: reverse a string
s="abcdefghijklmnopqrstuvwxyz0123456789"
for ((k = 0; k < 50; k++)); do
  r=
  for ((i = ${#s} - 1; i >= 0; i--)); do r+=${s:i:1}; done
done
echo "$r"
