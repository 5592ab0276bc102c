# iterations: 1
# about: sed -n range between two regexes; GNU: `sed -n '/T1[0-1]:00:0/,/T1[0-1]:05:0/p' FILE`
# input: log
# streaming: yes
# target: cold <= 1.5
# check: sed -n '/T1[0-1]:00:0/,/T1[0-1]:05:0/p' @IN@ | cksum
sed -n '/T1[0-1]:00:0/,/T1[0-1]:05:0/p' @IN@ > /dev/null
