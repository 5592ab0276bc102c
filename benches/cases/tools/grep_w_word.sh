# iterations: 1
# about: grep -w of a frequent word; GNU: `grep -cw ka FILE`
# input: text
# streaming: yes
# target: cold <= 1.5
grep -cw ka @IN@
