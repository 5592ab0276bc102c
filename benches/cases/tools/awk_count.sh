# iterations: 1
# about: awk count by first field
# input: text
# target: cold <= 1.5
# check: awk '{c[$1]++} END{for(k in c) print k, c[k]}' @IN@ | cksum
awk '{c[$1]++} END{for(k in c) print k, c[k]}' @IN@ > /dev/null
