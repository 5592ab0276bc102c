# iterations: 10000
# about: bit operations and bases
h=5381
for ((i = 0; i < 10000; i++)); do
  ((h = ((h << 5) + h + i) & 0xFFFFFF, h ^= h >> 3))
done
echo $h $((16#ff + 8#17 + 2#1010))
