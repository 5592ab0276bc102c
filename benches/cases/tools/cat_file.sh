# iterations: 1
# about: cat of one file
# input: text
# streaming: yes
# target: cold <= 1.5
# check: cat @IN@ | cksum
cat @IN@ > /dev/null
