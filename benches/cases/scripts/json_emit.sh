# iterations: 300
# about: emit a JSON document with escaping
esc() {
  local s=$1
  s=${s//\\/\\\\}
  s=${s//\"/\\\"}
  s=${s//$'\t'/\\t}
  REPLY=$s
}
out='['
for ((i = 0; i < 300; i++)); do
  esc "name \"$i\""$'\t'"tab\\slash"
  ((i)) && out+=','
  out+="{\"id\":$i,\"name\":\"$REPLY\",\"ok\":$( ((i % 2)) && echo true || echo false)}"
done
out+=']'
echo "${#out}"
echo "${out:0:120}"
