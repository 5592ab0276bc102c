# iterations: 1
# about: grep -n with a regex, line numbers printed; GNU: `grep -nE '^[A-Z][a-z]+ [0-9]+ ' FILE`
# input: text
# streaming: yes
# target: cold <= 1.5
grep -nE '^[A-Z][a-z]+ [0-9]+ ' @IN@
