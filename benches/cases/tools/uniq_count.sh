# iterations: 1
# about: uniq -c over sorted lines with duplicates
# input: sorted
# streaming: yes
# target: cold <= 2.0
# check: uniq -c @IN@ | cksum
uniq -c @IN@ > /dev/null
