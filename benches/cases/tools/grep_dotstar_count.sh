# iterations: 1
# about: grep -c with .* between literals; GNU: `grep -c 'ERROR.*timeout' FILE`
# input: log
# streaming: yes
# target: cold <= 1.5
grep -c 'ERROR.*timeout' @IN@
