# iterations: 1
# about: head -n 500000 (no target)
# input: text
# streaming: yes
# check: head -n 500000 @IN@ | cksum
head -n 500000 @IN@ > /dev/null
