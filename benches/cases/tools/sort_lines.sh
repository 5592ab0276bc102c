# iterations: 1
# about: sort, whole-line byte order
# input: text
# target: cold <= 2.0
# check: sort @IN@ | cksum
sort @IN@ > /dev/null
