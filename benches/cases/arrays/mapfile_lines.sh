# iterations: 3000
# about: mapfile from a here-string, then process
text=
for ((i = 0; i < 3000; i++)); do text+="line $i"$'\n'; done
mapfile -t lines <<< "$text"
c=0
for l in "${lines[@]}"; do [[ $l == *5* ]] && ((c++)); done
echo "${#lines[@]} $c"
