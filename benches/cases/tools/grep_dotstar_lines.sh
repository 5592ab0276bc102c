# iterations: 1
# about: grep .* between two fields, matching lines printed; GNU: `grep '@example\.org.*" 5[0-9][0-9] ' FILE`
# input: log
# streaming: yes
# target: cold <= 1.5
grep '@example\.org.*" 5[0-9][0-9] ' @IN@
