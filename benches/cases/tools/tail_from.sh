# iterations: 1
# about: tail -n +1000 (no target)
# input: text
# streaming: yes
# check: tail -n +1000 @IN@ | cksum
tail -n +1000 @IN@ > /dev/null
