# iterations: 1
# about: sort -n over integers
# input: nums
# target: cold <= 2.0
# check: sort -n @IN@ | cksum
sort -n @IN@ > /dev/null
