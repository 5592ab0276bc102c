# iterations: 1
# about: grep -oE extracting IPv4 addresses; GNU: `grep -oE '([0-9]{1,3}\.){3}[0-9]{1,3}' FILE`
# input: log
# streaming: yes
# target: cold <= 1.5
grep -oE '([0-9]{1,3}\.){3}[0-9]{1,3}' @IN@
