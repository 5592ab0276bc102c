# iterations: 1
# about: sort -s -r on a field; GNU: `sort -s -r -k2,2 FILE`
# input: log
# target: cold <= 1.5
# check: sort -s -r -k2,2 @IN@ | cksum
sort -s -r -k2,2 @IN@ > /dev/null
