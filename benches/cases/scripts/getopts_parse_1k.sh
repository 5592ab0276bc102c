# iterations: 1000
# about: argument parsing with getopts, 1,000 times
parse() {
  local OPTIND=1 opt
  verbose=0 out= level=1 files=()
  while getopts ":vo:l:h" opt; do
    case $opt in
      v) ((verbose++)) ;;
      o) out=$OPTARG ;;
      l) level=$OPTARG ;;
      h) return 2 ;;
      :) echo "missing arg for -$OPTARG"; return 1 ;;
      \?) echo "bad option -$OPTARG"; return 1 ;;
    esac
  done
  shift $((OPTIND - 1))
  files=("$@")
}
for ((i = 0; i < 1000; i++)); do
  parse -v -v -o "out$i.txt" -l 3 a.txt b.txt "c d.txt"
done
echo "$verbose $out $level ${#files[@]} ${files[2]}"
parse -x; parse -o
