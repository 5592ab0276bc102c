# iterations: 1
# about: sort -u of whole lines; GNU: `sort -u FILE`
# input: prose
# target: cold <= 1.5
# check: sort -u @IN@ | cksum
sort -u @IN@ > /dev/null
