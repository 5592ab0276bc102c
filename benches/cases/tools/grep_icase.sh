# iterations: 1
# about: grep -i
# input: text
# streaming: yes
# target: cold <= 1.5
# check: grep -i mine @IN@ | cksum
grep -i mine @IN@ > /dev/null
