# iterations: 1
# about: cut -d, -f2,4
# input: csv
# streaming: yes
# target: cold <= 2.0
# check: cut -d, -f2,4 @IN@ | cksum
cut -d, -f2,4 @IN@ > /dev/null
