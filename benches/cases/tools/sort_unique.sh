# iterations: 1
# about: sort -u on a key; GNU: `sort -u -k4,4 FILE`
# input: log
# target: cold <= 1.5
# check: sort -u -k4,4 @IN@ | cksum
sort -u -k4,4 @IN@ > /dev/null
