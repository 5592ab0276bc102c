# iterations: 1
# about: grep -E with POSIX classes; GNU: `grep -cE '[[:upper:]][[:lower:]]+ [[:digit:]]{5}' FILE`
# input: text
# streaming: yes
# target: cold <= 1.5
grep -cE '[[:upper:]][[:lower:]]+ [[:digit:]]{5}' @IN@
