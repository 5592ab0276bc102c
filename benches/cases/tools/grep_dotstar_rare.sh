# iterations: 1
# about: grep .* between two words (the issue's cliff shape); GNU: `grep -c 'kalo.*mine' FILE`
# input: text
# streaming: yes
# target: cold <= 1.5
grep -c 'kalo.*mine' @IN@
