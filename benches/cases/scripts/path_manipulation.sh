# iterations: 2000
# known-mismatch: unset 'out[${#out[@]}-1]' does not expand the subscript (sandsh: syntax error: invalid arithmetic operator)
# about: normalise and split paths (dirname/basename in pure shell)
norm() {
  local IFS=/ p parts=() out=()
  read -r -a parts <<< "$1"
  for p in "${parts[@]}"; do
    case $p in
      '' | .) ;;
      ..) ((${#out[@]})) && unset 'out[${#out[@]}-1]' ;;
      *) out+=("$p") ;;
    esac
  done
  REPLY="/${out[*]}"
}
for ((i = 0; i < 2000; i++)); do
  norm "/usr/./local/../share/$i/doc//x/../README"
done
echo "$REPLY ${REPLY%/*} ${REPLY##*/}"
