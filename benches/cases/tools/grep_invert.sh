# iterations: 1
# about: grep -v
# input: text
# streaming: yes
# target: cold <= 1.5
# check: grep -v ka @IN@ | cksum
grep -v ka @IN@ > /dev/null
