# iterations: 1
# about: wc -l
# input: text
# streaming: yes
# target: cold <= 1.5
# check: wc -l < @IN@
wc -l @IN@ > /dev/null
