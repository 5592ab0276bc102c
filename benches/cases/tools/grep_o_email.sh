# iterations: 1
# about: grep -oE extracting email addresses; GNU: `grep -oE '[a-z0-9._]+@[a-z0-9.-]+\.[a-z]{2,}' FILE`
# input: log
# streaming: yes
# target: cold <= 1.5
grep -oE '[a-z0-9._]+@[a-z0-9.-]+\.[a-z]{2,}' @IN@
