# iterations: 1
# about: uniq over sorted lines
# input: sorted
# streaming: yes
# target: cold <= 2.0
# check: uniq @IN@ | cksum
uniq @IN@ > /dev/null
