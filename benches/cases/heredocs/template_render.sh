# iterations: 200
# about: render a multi-line template with a here-doc into a variable
render() {
  local name=$1 n=$2
  cat_free=
  while IFS= read -r line; do cat_free+="$line"$'\n'; done <<TPL
Dear ${name},
You have ${n} new message$( ((n == 1)) || echo s).
Regards, ${USER_NAME:-the team}
TPL
}
t=0
for ((i = 0; i < 200; i++)); do render "user$i" $((i % 3)); t=$((t + ${#cat_free})); done
printf '%s' "$cat_free"
echo $t
