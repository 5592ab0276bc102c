# iterations: 1
# about: grep -o extracting durations; GNU: `grep -oE '[0-9]+ms$' FILE`
# input: log
# streaming: yes
# target: cold <= 1.5
grep -oE '[0-9]+ms$' @IN@
