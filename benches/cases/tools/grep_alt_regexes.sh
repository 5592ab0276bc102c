# iterations: 1
# about: grep -E alternation of regexes with .*; GNU: `grep -cE 'ERROR.*(timeout\|refused)\|WARN.*retry [5-9]' FILE`
# input: log
# streaming: yes
# target: cold <= 1.5
grep -cE 'ERROR.*(timeout|refused)|WARN.*retry [5-9]' @IN@
