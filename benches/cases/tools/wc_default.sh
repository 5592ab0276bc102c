# iterations: 1
# about: wc (lines, words, bytes)
# input: text
# streaming: yes
# target: cold <= 1.5
# check: wc @IN@
wc @IN@ > /dev/null
