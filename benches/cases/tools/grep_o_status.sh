# iterations: 1
# about: grep -o with a BRE and an interval; GNU: `grep -o '" [0-9]\{3\} ' FILE`
# input: log
# streaming: yes
# target: cold <= 1.5
grep -o '" [0-9]\{3\} ' @IN@
