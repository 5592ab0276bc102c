# iterations: 10000
# about: case with glob patterns
words=(apple banana cherry date elderberry fig grape)
v=0 f=0 o=0
for ((i = 0; i < 10000; i++)); do
  w=${words[i % 7]}
  case $w in
    a* | e*) ((v++)) ;;
    [bcd]*) ((f++)) ;;
    *) ((o++)) ;;
  esac
done
echo "$v $f $o"
