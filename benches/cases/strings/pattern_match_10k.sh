# iterations: 10000
# about: [[ == glob ]] and [[ =~ regex ]]
g=0 m=0
for ((i = 0; i < 10000; i++)); do
  s="item-$i.txt"
  [[ $s == item-*[05].txt ]] && ((g++))
  [[ $s =~ ^item-([0-9]+)7\.txt$ ]] && ((m++))
done
echo "$g $m ${BASH_REMATCH[1]}"
