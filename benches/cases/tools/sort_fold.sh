# iterations: 1
# about: sort -f (fold case); GNU: `sort -f FILE`
# input: prose
# target: cold <= 1.5
# check: sort -f @IN@ | cksum
sort -f @IN@ > /dev/null
